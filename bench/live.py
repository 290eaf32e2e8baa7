"""What appending to a live game costs, against replaying its log (issue 36).

    python -m bench.live [--rounds 3] [--games 16] [--appends 40] [--json]

- engine time per appended action: a sample game opened live at its setup and appended one
  action at a time (`Replay.advance` with nothing logged after it, as an append has), each
  action's time taken alone; interleaved with it, round by round, the same steps of a whole
  replay (with the log read ahead) timed alone, and a whole replay divided by its actions (so
  all see the same machine load). Per sample: the append's p50/p99 in ms, the replay step's,
  the replay's mean per action, and what reposting the log after every action would cost
  instead (a replay of the prefix: on average half the game) per action;
- end-to-end append latency: `adjudicator serve` on loopback, `--games` clients each playing a
  live game of its own one action per request, p50/p99 of the answered appends (verdicts,
  next legal actions, stored under the write lock).
Absolute times on a shared machine mean little; the ratios are the figures to compare.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import threading
import time
from pathlib import Path

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.samples import HERE
from adjudicator.service import tokens
from adjudicator.store import open_db, prepare

from .__main__ import percentile

SAMPLES = ("uprising-4p-choam-seed7", "dune-4p-advanced-seed1")


def engine(rounds: int) -> list[dict]:
    rows = []
    for name in SAMPLES:
        doc = json.loads((HERE / f"{name}.json").read_text())
        appended, replayed, steps = [], [], []
        for _ in range(rounds):
            for times, ahead in ((appended, False), (steps, True)):
                log = parse_log(doc)
                run = Replay(log, "strict", "none")
                if not ahead:
                    run.ahead = []  # an append knows nothing logged after it
                for index in range(len(log.actions)):
                    start = time.perf_counter()
                    run.advance(index)
                    times.append(time.perf_counter() - start)
            start = time.perf_counter()
            Replay(parse_log(doc), "strict", "none").run()
            replayed.append((time.perf_counter() - start) / len(log.actions))
        per_action = statistics.median(replayed)
        n = len(doc["actions"])
        rows.append({"sample": name, "actions": n,
                     "append_p50_ms": round(percentile(appended, 50) * 1e3, 3),
                     "append_p99_ms": round(percentile(appended, 99) * 1e3, 3),
                     "replay_step_p50_ms": round(percentile(steps, 50) * 1e3, 3),
                     "replay_step_p99_ms": round(percentile(steps, 99) * 1e3, 3),
                     "replay_per_action_ms": round(per_action * 1e3, 3),
                     "repost_per_action_ms": round(per_action * n / 2 * 1e3, 1),
                     "repost_over_append": round(per_action * n / 2 / statistics.median(appended), 1)})
    return rows


def end_to_end(games: int, appends: int) -> dict:
    import requests

    from .serverproc import Server

    folder = Path(tempfile.mkdtemp())
    db = str(folder / "live.db")
    prepare(open_db(db))
    headers = {"Authorization": f"Bearer {tokens.create(open_db(db), 'bench')[1]}"}
    doc = json.loads((HERE / f"{SAMPLES[0]}.json").read_text())
    start_at = 40
    server = Server(db, threads=games + 2).start()
    latencies, later, errors, lock = [], [], [], threading.Lock()
    go = threading.Barrier(games)

    def player(n: int) -> None:
        session = requests.Session()
        log = {**doc, "actions": doc["actions"][:start_at], "game": {**doc["game"], "players": [
            {**p, "name": f"bench{n}-{i}"} for i, p in enumerate(doc["game"]["players"])]}}
        game = session.post(server.url + "/v1/games", json=log, headers=headers, timeout=60).json()["id"]
        go.wait()
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
    finally:
        server.stop()
    return {"games": games, "appends": len(latencies), "errors": len(errors),
            "latency_p50_ms": round(percentile(latencies, 50) * 1e3, 1),
            "latency_p99_ms": round(percentile(latencies, 99) * 1e3, 1),
            "later_p50_ms": round(percentile(later, 50) * 1e3, 1),
            "later_p99_ms": round(percentile(later, 99) * 1e3, 1)}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.live")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--appends", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = {"engine": engine(args.rounds), "served": end_to_end(args.games, args.appends)}
    if args.json:
        print(json.dumps(result))
        return
    for row in result["engine"]:
        print(f"{row['sample']} ({row['actions']} actions): append p50 {row['append_p50_ms']} ms, "
              f"p99 {row['append_p99_ms']} ms; a replay's step p50 {row['replay_step_p50_ms']} ms, "
              f"p99 {row['replay_step_p99_ms']} ms, {row['replay_per_action_ms']} ms per action in all; "
              f"reposting the log after each action {row['repost_per_action_ms']} ms "
              f"({row['repost_over_append']}x the append)")
    served = result["served"]
    print(f"{served['games']} live games served at once: {served['appends']} appends, "
          f"p50 {served['latency_p50_ms']} ms, p99 {served['latency_p99_ms']} ms (after each game's first: "
          f"p50 {served['later_p50_ms']} ms, p99 {served['later_p99_ms']} ms), {served['errors']} errors")


if __name__ == "__main__":
    main()
