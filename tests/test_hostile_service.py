"""Issue 9, findings 4, 5, 6 (in process), 9 and 10: ownership, rate limits, bodies, start-up
under a writer, CSV, duplicates and retries, hidden information, `db upgrade`."""

import copy
import csv
import io
import itertools
import json
import multiprocessing
import time

import pytest
from click.testing import CliRunner
from hostile import app_on, auth, problem, sample, token

from adjudicator.cli import main
from adjudicator.service import checkpoints
from adjudicator.service import games as game_store
from adjudicator.store import open_db, prepare, transaction


@pytest.fixture()
def path(tmp_path):
    return tmp_path / "svc.db"


@pytest.fixture()
def client(path):
    return app_on(path).test_client()


@pytest.fixture()
def alice(path, client):
    return token(path, "alice")


@pytest.fixture()
def bob(path, client):
    return token(path, "bob")


def named(log, *names):
    log = copy.deepcopy(log)
    for player, name in zip(log["game"]["players"], names, strict=True):
        player["name"] = name
    return log


def tournament(client, secret, name="Cup"):
    return client.post("/v1/tournaments", json={"name": name}, headers=auth(secret)).get_json()["id"]


def rows(path, sql="select id, tournament from games"):
    return [dict(r) for r in open_db(path).query(sql)]


# --- finding 4: tournament authorisation ----------------------------------------------------------

def test_only_the_owner_uploads_into_a_tournament(client, path, alice, bob):
    cup = tournament(client, alice)
    problem(client.post(f"/v1/games?tournament={cup}", json=sample(), headers=auth(bob)), 403, "forbidden")
    assert rows(path) == []
    assert client.post(f"/v1/games?tournament={cup}", json=sample(), headers=auth(alice)).status_code == 201


def test_a_game_in_a_tournament_moves_only_by_its_uploader_or_that_owner(client, path, alice, bob):
    cup, bobs = tournament(client, alice), tournament(client, bob, "Bob's")
    gid = client.post(f"/v1/games?tournament={cup}", json=sample(), headers=auth(alice)).get_json()["id"]
    problem(client.post(f"/v1/tournaments/{bobs}/games", json={"game": gid}, headers=auth(bob)), 403, "forbidden")
    problem(client.delete(f"/v1/tournaments/{cup}/games/{gid}", headers=auth(bob)), 403, "forbidden")
    assert rows(path) == [{"id": gid, "tournament": cup}]
    assert len(client.get(f"/v1/tournaments/{cup}/standings").get_json()["games"]) == 1
    # bob's own upload, put in alice's cup by alice, may be taken out by bob, its uploader
    mine = client.post("/v1/games", json=named(sample(), "x", "y", "z"), headers=auth(bob)).get_json()["id"]
    problem(client.post(f"/v1/tournaments/{cup}/games", json={"game": mine}, headers=auth(bob)), 403)
    assert client.post(f"/v1/tournaments/{cup}/games", json={"game": mine}, headers=auth(alice)).status_code == 204
    assert client.delete(f"/v1/tournaments/{cup}/games/{mine}", headers=auth(bob)).status_code == 204
    assert client.delete(f"/v1/tournaments/{cup}/games/{gid}", headers=auth(alice)).status_code == 204
    assert client.get(f"/v1/tournaments/{cup}/standings").get_json()["games"] == []


def test_reverify_rewrites_only_for_the_uploader_and_reads_for_everyone(client, path, alice, bob):
    gid = client.post("/v1/games", json=sample(), headers=auth(alice)).get_json()["id"]
    db = open_db(path)
    with transaction(db):
        db.execute("update games set engine = 'old', report = json_set(report, '$.engine', 'old') where id = ?", [gid])
    problem(client.post(f"/v1/games/{gid}/reverify", headers=auth(bob)), 403, "forbidden")
    problem(client.post(f"/v1/games/{gid}/reverify"), 401)
    dry = client.get(f"/v1/games/{gid}/reverify").get_json()
    assert dry["stored"] is False and dry["engine_before"] == "old" and rows(path, "select engine from games") == [
        {"engine": "old"}]
    assert client.post(f"/v1/games/{gid}/reverify", headers=auth(alice)).get_json()["stored"] is True
    assert rows(path, "select engine from games") != [{"engine": "old"}]


def test_reverify_and_tournament_add_racing_a_delete_are_404(client, path, alice, monkeypatch):
    cup = tournament(client, alice)
    gid = client.post("/v1/games", json=sample(), headers=auth(alice)).get_json()["id"]
    real = checkpoints.replay_for_store

    def deleted_meanwhile(log, deadline=None):  # the DELETE lands while the replay runs
        stored = real(log, deadline)
        with transaction(db := open_db(path)):
            db.execute("delete from games where id = ?", [gid])
        return stored

    monkeypatch.setattr(checkpoints, "replay_for_store", deleted_meanwhile)
    problem(client.post(f"/v1/games/{gid}/reverify", headers=auth(alice)), 404, "not-found")
    problem(client.post(f"/v1/tournaments/{cup}/games", json={"game": gid}, headers=auth(alice)), 404, "not-found")


# --- finding 5: rate limits -----------------------------------------------------------------------

def test_a_new_bearer_per_request_is_limited_by_address(path):
    client = app_on(path, RATELIMIT_READ="5 per minute").test_client()
    codes = [client.get("/v1/rulings", headers=auth(f"random-{i}")).status_code for i in range(8)]
    assert codes == [200] * 5 + [429] * 3  # a read ignores the bearer; the limit does not
    writes = [client.post("/v1/tournaments", json={"name": "x"}, headers=auth(f"r{i}")).status_code for i in range(3)]
    assert writes == [401] * 3  # writes have their own budget, and a bad bearer is still refused


def test_the_limit_key_is_the_token_not_its_spelling(path):
    client = app_on(path, RATELIMIT_READ="3 per minute").test_client()
    secret = token(path, "alice")
    for header in (f"Bearer {secret}", f"Bearer  {secret}", f"Bearer {secret} "):
        assert client.get("/v1/rulings", headers={"Authorization": header}).status_code == 200
    assert client.get("/v1/rulings", headers=auth(secret)).status_code == 429
    assert client.get("/v1/rulings").status_code == 200  # the address has its own budget


def test_workers_share_one_budget_and_retry_after_comes_only_with_429(path):
    # the compute budget is CPU seconds (issue 28): a clock that reads one second more each time
    first, second = (app_on(path, BUDGET_COMPUTE="4 per minute", CPU_CLOCK=itertools.count().__next__).test_client()
                     for _ in range(2))
    answers = [(first if i % 2 else second).post("/v1/positions/legal-actions", json={"log": sample()})
               for i in range(5)]
    assert [r.status_code for r in answers] == [200, 200, 200, 200, 429]
    assert all("Retry-After" not in r.headers for r in answers[:4])
    limited = problem(answers[4], 429, "rate-limited")
    assert 1 <= int(answers[4].headers["Retry-After"]) <= 60 and "4 per 1 minute" in limited["detail"]
    assert first.get("/healthz").status_code == 200 and first.get("/v1/rulings").status_code == 200


# --- finding 6, in process: an over-long chunked body is a 413, never a truncated 200 -------------

def test_an_over_long_chunked_body_is_413_not_a_truncated_200(client):
    body = json.dumps(sample()).encode() + b" " * (2 * 1024 * 1024)
    for url in ("/v1/replays", "/v1/positions/legal-actions"):
        r = client.post(url, data=body, content_type="application/json",
                        headers={"Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})
        problem(r, 413, "limit-body-size")
    short = client.post("/v1/replays?snapshots=none", data=json.dumps(sample()).encode(),
                        content_type="application/json", headers={"Transfer-Encoding": "chunked"},
                        environ_overrides={"wsgi.input_terminated": True})
    assert short.status_code == 200 and short.get_json()["valid"]


# --- finding 9: "database is locked" at start-up ----------------------------------------------------

def _write_forever(path, stop):
    db = open_db(path)
    i = 0
    while not stop.is_set():
        with transaction(db):
            db.execute("insert or replace into samples (name, body) values (?, ?)", [f"w{i % 20}", "x" * 2000])
        i += 1
        # A writer with no gap at all starves any waiter (SQLite's busy handler polls, it does not
        # queue), which no request-driven writer does; a short gap keeps the test about waiting.
        time.sleep(0.005)


def test_start_up_waits_for_a_writer_instead_of_failing(path):
    prepare(open_db(path))
    stop = multiprocessing.Event()
    writer = multiprocessing.get_context("fork").Process(target=_write_forever, args=(path, stop))
    writer.start()
    try:
        time.sleep(0.3)
        for i in range(6):
            db = open_db(path)
            with transaction(db):  # make every start rewrite the rulings, the write that used to fail
                db.execute("update meta set value = 'stale' where key = 'content'")
            app_on(path)
            result = CliRunner().invoke(main, ["tokens", "create", f"t{i}", "--db", str(path)])
            assert result.exit_code == 0, result.output
    finally:
        stop.set()
        writer.join(timeout=10)


def test_an_ordinary_start_writes_nothing(path):
    prepare(open_db(path))
    db = open_db(path)
    before = db.execute("pragma data_version").fetchone()[0]
    prepare(open_db(path))
    assert db.execute("pragma data_version").fetchone()[0] == before


# --- finding 10: the smaller ones -----------------------------------------------------------------

def test_csv_cells_that_look_like_formulas_are_neutralised(client, alice):
    cup = tournament(client, alice)
    log = named(sample(), "=HYPERLINK(\"http://x\")", "+1+1", "@SUM(A1)")
    client.post(f"/v1/games?tournament={cup}", json=log, headers=auth(alice))
    table = list(csv.reader(io.StringIO(client.get(f"/v1/tournaments/{cup}/standings?format=csv").get_data(
        as_text=True))))
    players = sorted(row[1] for row in table[1:])
    assert players == ["'+1+1", "'=HYPERLINK(\"http://x\")", "'@SUM(A1)"]
    assert all(row[2].lstrip("-").isdigit() for row in table[1:])  # numbers stay numbers


def test_the_same_log_counts_once_in_a_tournament(client, path, alice):
    cup = tournament(client, alice)
    first = client.post(f"/v1/games?tournament={cup}", json=sample(), headers=auth(alice)).get_json()["id"]
    respaced = json.dumps(sample(), indent=3, sort_keys=True).encode()
    again = client.post(f"/v1/games?tournament={cup}", data=respaced, content_type="application/json",
                        headers=auth(alice))
    assert problem(again, 409, "duplicate-game")["game"] == first
    other = client.post("/v1/games", json=sample(), headers=auth(alice)).get_json()["id"]  # no tournament: fine
    problem(client.post(f"/v1/tournaments/{cup}/games", json={"game": other}, headers=auth(alice)), 409,
            "duplicate-game")
    standings = client.get(f"/v1/tournaments/{cup}/standings").get_json()
    assert len(standings["games"]) == 1 and sum(e["games"] for e in standings["standings"]) == 3


def test_a_retry_with_the_same_idempotency_key_stores_once(client, path, alice):
    key = {"Idempotency-Key": "5f0c7a4e-upload-1", **auth(alice)}
    first = client.post("/v1/games", json=sample(), headers=key)
    again = client.post("/v1/games", json=sample(), headers=key)
    assert first.status_code == 201 and again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json() and len(rows(path)) == 1
    problem(client.post("/v1/games", json=named(sample(), "a", "b", "c"), headers=key), 409, "idempotency-key-reused")
    problem(client.post("/v1/games", json=sample(), headers={"Idempotency-Key": "ü" * 3, **auth(alice)}), 400)
    assert client.post("/v1/games", json=sample(), headers={"Idempotency-Key": "other", **auth(alice)}).status_code \
        == 201


def test_tournament_points_must_be_finite(client, alice):
    for points in (b"[Infinity, 1]", b"[NaN]", b"[1e400]", b"[1e7]"):
        body = b'{"name": "x", "scoring": {"scheme": "points-per-place", "points": ' + points + b"}}"
        r = client.post("/v1/tournaments", data=body, content_type="application/json", headers=auth(alice))
        assert r.status_code == 400, points


def test_error_messages_quote_only_an_excerpt(client, alice):
    log = sample()
    log["game"]["players"][0]["leader"] = "x" * 1_000_000
    for r in (client.post("/v1/replays", json=log), client.get("/v1/games/" + "y" * 3000)):
        assert len(r.get_json()["detail"]) <= 700 and len(r.data) < 2000


def test_db_upgrade_refuses_what_is_not_our_database(tmp_path):
    run = CliRunner().invoke
    for target, setup in (("missing.db", None), ("text.db", lambda p: p.write_text("hello")),
                          ("other.db", lambda p: open_db(p).execute("create table t (x)"))):
        p = tmp_path / target
        if setup:
            setup(p)
        result = run(main, ["db", "upgrade", "--db", str(p)])
        assert result.exit_code == 2 and result.output.count("\n") == 1 and "Traceback" not in result.output
        assert result.output.startswith("error: ")
    assert not (tmp_path / "missing.db").exists()


def test_stored_games_show_hidden_information_only_to_the_uploader_until_finished(client, alice, bob):
    unfinished = sample()
    unfinished["actions"] = unfinished["actions"][:60]
    gid = client.post("/v1/games", json=unfinished, headers=auth(alice)).get_json()["id"]
    public = client.get(f"/v1/games/{gid}").get_json()
    assert public["public_view"] and "seed" not in public["log"]["setup"]
    draws = [a for a in public["log"]["actions"] if a["do"] == "draw"]
    assert draws and all(set(a["cards"]) == {"?"} for a in draws)
    assert client.get(f"/v1/games/{gid}", headers=auth(alice)).get_json()["log"] == unfinished
    assert client.get(f"/v1/games/{gid}", headers=auth(bob)).get_json()["public_view"]
    state = client.get(f"/v1/games/{gid}/states/50").get_json()
    assert state["public_view"] and "rng" not in state["state"]
    assert all(isinstance(p["hand"], int) for p in state["state"]["players"].values())
    problem(client.get(f"/v1/games/{gid}/states/50?as=red"), 403, "forbidden")
    mine = client.get(f"/v1/games/{gid}/states/50", headers=auth(alice)).get_json()
    assert not mine["public_view"] and isinstance(mine["state"]["players"]["red"]["hand"], list)
    assert isinstance(client.get(f"/v1/games/{gid}/states/50?as=red", headers=auth(alice)).get_json()["state"][
        "players"]["red"]["hand"], list)
    problem(client.get(f"/v1/games/{gid}", headers=auth("not-a-token")), 401)
    finished = client.post("/v1/games", json=sample(), headers=auth(alice)).get_json()["id"]
    assert client.get(f"/v1/games/{finished}").get_json()["log"] == sample()


def test_an_older_database_gets_checksums_and_counts_old_duplicates_once(tmp_path):
    """Games stored before migration 3 (two copies of one log in a tournament) get their
    canonical checksum and finished flag; the standings count the log once."""
    from adjudicator.core.canonical import dumps
    from adjudicator.core.replay import replay
    from adjudicator.store import MIGRATIONS

    path = tmp_path / "v2.db"
    old = open_db(path)
    for migration in MIGRATIONS[:2]:
        migration(old)
    old["meta"].insert({"key": "schema_version", "value": 2}, pk="key", replace=True)
    old["tournaments"].insert({"id": "cup", "name": "Cup", "scoring": json.dumps({"scheme": "wins"}),
                               "owner": "tok", "created": "2026-01-01"})
    log = sample()
    report = replay(log, "strict", "none")
    for n in range(2):
        old["games"].insert({"id": f"g{n}", "created": "2026-01-01", "owner": "tok", "tournament": "cup",
                             "system": "imperium", "edition": "uprising", "players": "a b c", "leaders": "x y z",
                             "valid": 1, "first_illegal": None, "winner": None, "engine": report["engine"],
                             "actions": report["actions"], "final_checksum": report["final_checksum"],
                             "log": dumps(log).decode(), "report": json.dumps(report)})
    old.conn.close()
    assert CliRunner().invoke(main, ["db", "upgrade", "--db", str(path)]).exit_code == 0
    rows = list(open_db(path).query("select log_checksum, finished from games"))
    assert rows[0] == rows[1] and rows[0]["finished"] == 1 and len(rows[0]["log_checksum"]) == 64
    standings = app_on(path).test_client().get("/v1/tournaments/cup/standings").get_json()
    assert len(standings["games"]) == 1 and [i["code"] for i in standings["invalid"]] == ["duplicate"]


def test_a_database_busy_beyond_the_timeout_is_503_not_a_traceback(client, monkeypatch):
    import sqlite3

    def locked(*args, **kwargs):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(game_store, "listing", locked)
    response = client.get("/v1/games")
    problem(response, 503, "busy")
    assert "Retry-After" not in response.headers  # only a 429 promises a time
