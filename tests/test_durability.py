"""Durability: 16 clients upload at once, the server is killed with SIGKILL mid-batch and
restarted; every upload that was answered 201 is there, whole, and its report and checksums
match a fresh replay; no half-written game exists."""

import copy
import json
import threading
import time

import requests

from adjudicator.core.replay import replay
from adjudicator.service import tokens
from adjudicator.store import open_db, prepare
from bench.serverproc import Server

CLIENTS = 16


def test_uploads_answered_201_survive_a_sigkill(tmp_path, sample_log):
    db = str(tmp_path / "durable.db")
    prepare(open_db(db))
    secret = tokens.create(open_db(db), "loader")[1]
    server = Server(db).start()
    answered: dict[str, dict] = {}
    lock, stop = threading.Lock(), threading.Event()

    def client(n: int) -> None:
        session = requests.Session()
        i = 0
        while not stop.is_set():
            log = copy.deepcopy(sample_log)
            log["game"]["players"][0]["name"] = f"client{n}-upload{i}"
            i += 1
            try:
                r = session.post(server.url + "/v1/games", json=log, timeout=30,
                                 headers={"Authorization": f"Bearer {secret}"})
            except requests.RequestException:
                return  # the server is gone
            if r.status_code == 201:
                with lock:
                    answered[r.json()["id"]] = log

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 60
    while len(answered) < 2 * CLIENTS and time.monotonic() < deadline:
        time.sleep(0.05)
    server.kill()  # mid-batch: requests are in flight
    stop.set()
    for t in threads:
        t.join(timeout=30)
    assert len(answered) >= CLIENTS

    server = Server(db).start()
    try:
        for game_id, log in answered.items():
            stored = requests.get(f"{server.url}/v1/games/{game_id}", timeout=30).json()
            assert stored["log"] == log
            report = requests.get(f"{server.url}/v1/games/{game_id}/report", timeout=30).json()
            fresh = replay(log, "strict", "none")
            assert report["final_checksum"] == fresh["final_checksum"]
            assert [v["checksum"] for v in report["verdicts"]] == [v["checksum"] for v in fresh["verdicts"]]
        rows = list(open_db(db).query("select id, log, report, final_checksum from games"))
        assert len(rows) >= len(answered)
        for row in rows:  # nothing half-written, answered or not
            report = json.loads(row["report"])
            assert report["final_checksum"] == row["final_checksum"]
            assert replay(json.loads(row["log"]), "strict", "none")["final_checksum"] == row["final_checksum"]
    finally:
        server.stop()


def test_appends_acknowledged_survive_a_sigkill_and_the_games_go_on(tmp_path, sample_log):
    """Issue 36: live games appended to one action at a time by 8 clients; after a SIGKILL every
    acknowledged action is stored, the stored game is its log's replay, and appending resumes
    (from the checkpoints: the server's memory of the games is gone)."""
    db = str(tmp_path / "live.db")
    prepare(open_db(db))
    headers = {"Authorization": f"Bearer {tokens.create(open_db(db), 'loader')[1]}"}
    server = Server(db).start()
    start, acked = 40, {}
    lock, stop = threading.Lock(), threading.Event()

    def client(n: int) -> None:
        session = requests.Session()
        log = {**copy.deepcopy(sample_log), "actions": sample_log["actions"][:start]}
        log["game"]["players"][0]["name"] = f"live{n}"
        game = session.post(server.url + "/v1/games", json=log, headers=headers, timeout=30).json()["id"]
        index = start
        while not stop.is_set() and index < len(sample_log["actions"]):
            try:
                r = session.post(f"{server.url}/v1/games/{game}/actions", headers=headers, timeout=30,
                                 json={"index": index, "actions": [sample_log["actions"][index]]})
            except requests.RequestException:
                return  # the server is gone
            assert r.status_code == 200, r.text
            index = r.json()["index"]
            with lock:
                acked[game] = index

    threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 60
    while sum(acked.values()) < 8 * (start + 30) and time.monotonic() < deadline:
        time.sleep(0.05)
    server.kill()
    stop.set()
    for t in threads:
        t.join(timeout=30)
    assert len(acked) == 8 and min(acked.values()) > start

    server = Server(db).start()
    try:
        for game, index in acked.items():
            stored = requests.get(f"{server.url}/v1/games/{game}", headers=headers, timeout=30).json()
            assert stored["actions"] >= index and stored["live"] is True  # the last one may be in, unanswered
            log = stored["log"]
            assert log["actions"] == sample_log["actions"][:stored["actions"]]
            report = requests.get(f"{server.url}/v1/games/{game}/report", headers=headers, timeout=30).json()
            fresh = replay(log, "strict", "none")
            assert report["final_checksum"] == fresh["final_checksum"]
            assert [v["checksum"] for v in report["verdicts"]] == [v["checksum"] for v in fresh["verdicts"]]
            n = stored["actions"]
            r = requests.post(f"{server.url}/v1/games/{game}/actions", headers=headers, timeout=30,
                              json={"index": n, "actions": [sample_log["actions"][n]]})
            assert r.status_code == 200 and r.json()["verdicts"][0]["checksum"] == replay(
                {**log, "actions": sample_log["actions"][:n + 1]}, "strict", "none")["verdicts"][n]["checksum"]
    finally:
        server.stop()
