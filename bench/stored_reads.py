"""What reading a stored game costs, against a full replay of the same log (issue 28).

    python -m bench.stored_reads [--reads 40] [--json]

For each sample log, stored whole in an in-memory service: positions and states at random
indexes, read anonymously and by the uploader, each timed right after a full replay of the same
log (interleaved, so both see the same machine load). Prints, per sample, the median ratio of
a read's time to a full replay's, and the most actions a read re-applied (`X-Actions-Applied`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.core.rng import Random
from adjudicator.samples import HERE
from adjudicator.service import tokens
from api import create_app


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def measure(reads: int) -> list[dict]:
    app = create_app({"DATABASE": ":memory:", "TESTING": True, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    owner = {"Authorization": f"Bearer {tokens.create(app.config['_MEMORY_DB'], 'bench')[1]}"}
    rnd = Random(28)
    rows = []
    for path in sorted(HERE.glob("*.json")):
        doc = json.loads(path.read_text())
        gid = client.post("/v1/games", json=doc, headers=owner).get_json()["id"]
        n = len(doc["actions"])
        ratios = {"position": [], "state": []}
        applied = {"position": 0, "state": 0}
        for i in range(reads):
            replay, _ = timed(lambda d=doc: Replay(parse_log(d), "strict", "none").run())
            index = rnd.below(n)
            headers = owner if i % 2 else {}
            for kind, url in (("position", f"/v1/games/{gid}/positions/{index}"),
                              ("state", f"/v1/games/{gid}/states/{index}")):
                took, answer = timed(lambda u=url, h=headers: client.get(u, headers=h))
                assert answer.status_code == 200, (path.stem, url, answer.get_json())
                ratios[kind].append(took / replay)
                applied[kind] = max(applied[kind], int(answer.headers["X-Actions-Applied"]))
        rows.append({"sample": path.stem, "actions": n,
                     **{f"{k}_ratio": round(statistics.median(v), 3) for k, v in ratios.items()},
                     **{f"{k}_applied_max": v for k, v in applied.items()}})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = measure(args.reads)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'sample':42} {'actions':>7} {'position/replay':>15} {'state/replay':>12} {'applied (pos, state)':>21}")
    for r in rows:
        print(f"{r['sample']:42} {r['actions']:>7} {r['position_ratio']:>15} {r['state_ratio']:>12} "
              f"{r['position_applied_max']:>12}, {r['state_applied_max']}")


if __name__ == "__main__":
    main()
