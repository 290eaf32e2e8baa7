"""What appending to a live game costs, against replaying its log (issue 36).

    python -m bench.live [--rounds 3] [--games 16] [--appends 40] [--served uprising-4p-choam-seed7,...] [--json]

- engine time per appended action: a sample game opened live after its first actions (an
  in-memory database) and appended one action at a time through the Python path the route
  takes (`service.live.append`: the action judged on the kept replay, the next decision and its
  legal actions with labels, the forced steps and the public checksum for the entity tag, the
  rows written to SQLite in memory, no fsync), each append timed alone; of that, the engine's
  part (the step, `Replay.advance`, and the next decision, `live._judged`) and the next
  decision's alone. Interleaved with it, round by round, the same steps of
  a whole replay (`Replay.advance`, the log read ahead) timed alone, and a whole replay divided
  by its actions, so that all see the same machine load. Times are the thread's CPU time
  (`time.thread_time`): on a shared machine a wall-clock p99 measures the other processes'
  time slices (4 ms steps), not this code; the append's wall-clock p99 is given beside it.
  Per sample: p50/p99 in ms, and what reposting the log after every action would cost instead
  (a replay of the prefix: on average half the game) per action;
- end-to-end append latency: `adjudicator serve` on loopback, `--games` clients each playing a
  live game of its own one action per request, p50/p99 of the answered appends (verdicts,
  next legal actions, stored under the write lock with a full sync), and the server process's
  CPU time per append (user + system, read from /proc where there is one): the wall-clock
  figures measure the machine's load as much as the server; per sample of `--served`.
Absolute times on a shared machine mean little; the ratios are the figures to compare.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.samples import HERE
from adjudicator.service import games as stored
from adjudicator.service import live, tokens
from adjudicator.store import open_db, prepare

from .__main__ import percentile

SAMPLES = ("uprising-4p-choam-seed7", "dune-4p-advanced-seed1")
OPENED_AT = 10  # actions in the upload that opens the live game


def ms(values: list[float], p: float) -> float:
    return round(percentile(values, p) * 1e3, 3)


def appended(doc: dict) -> tuple[list[float], list[float], list[float], list[float]]:
    """A live game opened at OPENED_AT and appended to the end: each append's CPU and wall time,
    the CPU time of its next-decision part, and of its engine part (the step and the next decision)."""
    db = open_db(":memory:")
    prepare(db)
    token = tokens.create(db, "bench")[1]
    game = stored.store(db, {**doc, "actions": doc["actions"][:OPENED_AT]}, token)[0]["id"]
    cpu, wall, judged, engine_part, spent = [], [], [], [], [0.0]
    real_judged, real_advance = live._judged, Replay.advance

    def timed_judged(*args):
        begun = time.thread_time()
        try:
            return real_judged(*args)
        finally:
            judged.append(time.thread_time() - begun)
            spent[0] += judged[-1]

    def timed_advance(*args):
        begun = time.thread_time()
        try:
            return real_advance(*args)
        finally:
            spent[0] += time.thread_time() - begun

    live._judged, Replay.advance = timed_judged, timed_advance
    try:
        for index in range(OPENED_AT, len(doc["actions"])):
            spent[0] = 0.0
            begun, clock = time.thread_time(), time.perf_counter()
            answer = live.append(db, game, {"index": index, "actions": [doc["actions"][index]]}, token)[0]
            cpu.append(time.thread_time() - begun)
            wall.append(time.perf_counter() - clock)
            engine_part.append(spent[0])
            if index == OPENED_AT or not answer["live"]:  # the first resumes the game from its checkpoint;
                cpu.pop(), wall.pop(), judged.pop(), engine_part.pop()  # the last stores it whole (one replay)
            if not answer["live"]:
                break
    finally:
        live._judged, Replay.advance = real_judged, real_advance
        live.TABLE.clear()
    return cpu, wall, judged, engine_part


def engine(rounds: int) -> list[dict]:
    rows = []
    for name in SAMPLES:
        doc = json.loads((HERE / f"{name}.json").read_text())
        cpu, wall, judged, engine_part, steps, replayed = [], [], [], [], [], []
        for _ in range(rounds):
            got = appended(doc)
            cpu += got[0]
            wall += got[1]
            judged += got[2]
            engine_part += got[3]
            log = parse_log(doc)
            run = Replay(log, "strict", "none")
            for index in range(len(log.actions)):
                begun = time.thread_time()
                run.advance(index)
                steps.append(time.thread_time() - begun)
            begun = time.thread_time()
            Replay(parse_log(doc), "strict", "none").run()
            replayed.append((time.thread_time() - begun) / len(log.actions))
        per_action = statistics.median(replayed)
        n = len(doc["actions"])
        rows.append({"sample": name, "actions": n,
                     "append_p50_ms": ms(cpu, 50), "append_p99_ms": ms(cpu, 99),
                     "append_wall_p99_ms": ms(wall, 99),
                     "engine_p50_ms": ms(engine_part, 50), "engine_p99_ms": ms(engine_part, 99),
                     "next_p50_ms": ms(judged, 50), "next_p99_ms": ms(judged, 99),
                     "replay_step_p50_ms": ms(steps, 50), "replay_step_p99_ms": ms(steps, 99),
                     "replay_per_action_ms": round(per_action * 1e3, 3),
                     "repost_per_action_ms": round(per_action * n / 2 * 1e3, 1),
                     "repost_over_append": round(per_action * n / 2 / statistics.median(cpu), 1)})
    return rows


def cpu_seconds(pid: int) -> float | None:
    """A process's user + system CPU time so far (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def end_to_end(games: int, appends: int, sample: str = SAMPLES[0]) -> dict:
    import requests

    from .serverproc import Server

    folder = Path(tempfile.mkdtemp())
    db = str(folder / "live.db")
    prepare(open_db(db))
    headers = {"Authorization": f"Bearer {tokens.create(open_db(db), 'bench')[1]}"}
    doc = json.loads((HERE / f"{sample}.json").read_text())
    start_at = 40
    server = Server(db, threads=games + 2).start()
    latencies, later, errors, lock = [], [], [], threading.Lock()
    go, spent = threading.Barrier(games), [None, None]

    def player(n: int) -> None:
        session = requests.Session()
        log = {**doc, "actions": doc["actions"][:start_at], "game": {**doc["game"], "players": [
            {**p, "name": f"bench{n}-{i}"} for i, p in enumerate(doc["game"]["players"])]}}
        game = session.post(server.url + "/v1/games", json=log, headers=headers, timeout=60).json()["id"]
        go.wait()
        if n == 0:
            spent[0] = cpu_seconds(server.proc.pid)
        for index in range(start_at, start_at + appends):
            begun = time.perf_counter()
            r = session.post(f"{server.url}/v1/games/{game}/actions", headers=headers, timeout=60,
                             json={"index": index, "actions": [doc["actions"][index]]})
            took = time.perf_counter() - begun
            with lock:
                if r.status_code != 200:
                    errors.append(r.text)
                    continue
                latencies.append(took)
                if index > start_at:  # the first resumes the game from its checkpoint
                    later.append(took)

    try:
        threads = [threading.Thread(target=player, args=(n,)) for n in range(games)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        spent[1] = cpu_seconds(server.proc.pid)
    finally:
        server.stop()
    cpu = None if None in spent else round((spent[1] - spent[0]) / max(1, len(latencies)) * 1e3, 2)
    return {"sample": sample, "games": games, "server_cpu_ms_per_append": cpu, "appends": len(latencies),
            "errors": len(errors),
            "latency_p50_ms": round(percentile(latencies, 50) * 1e3, 1),
            "latency_p99_ms": round(percentile(latencies, 99) * 1e3, 1),
            "later_p50_ms": round(percentile(later, 50) * 1e3, 1),
            "later_p99_ms": round(percentile(later, 99) * 1e3, 1)}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.live")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--appends", type=int, default=40)
    parser.add_argument("--served", default=",".join(SAMPLES), help="the samples served end to end (comma-separated)")
    parser.add_argument("--engine", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = {"engine": engine(args.rounds) if args.engine else [],
              "served": [end_to_end(args.games, args.appends, s) for s in args.served.split(",") if s]}
    if args.json:
        print(json.dumps(result))
        return
    for row in result["engine"]:
        print(f"{row['sample']} ({row['actions']} actions), CPU ms: append p50 {row['append_p50_ms']}, "
              f"p99 {row['append_p99_ms']} (wall p99 {row['append_wall_p99_ms']}), of which the engine (the step "
              f"and the next decision) p50 {row['engine_p50_ms']}, p99 {row['engine_p99_ms']} and the next decision "
              f"p50 {row['next_p50_ms']}, p99 {row['next_p99_ms']}; a replay's step p50 {row['replay_step_p50_ms']}, "
              f"p99 {row['replay_step_p99_ms']}, {row['replay_per_action_ms']} per action in all; "
              f"reposting the log after each action {row['repost_per_action_ms']} "
              f"({row['repost_over_append']}x the append)")
    for served in result["served"]:
        print(f"{served['sample']}: {served['games']} live games served at once: {served['appends']} appends, "
              f"p50 {served['latency_p50_ms']} ms, p99 {served['latency_p99_ms']} ms (after each game's first: "
              f"p50 {served['later_p50_ms']} ms, p99 {served['later_p99_ms']} ms), server CPU "
              f"{served['server_cpu_ms_per_append']} ms per append, {served['errors']} errors")


if __name__ == "__main__":
    main()
