"""What the consequences cost (issues 32, 36): each sample log replayed with and without them.

    python -m bench.consequences [--repeat 5] [--json]

For each sample log, replays with `consequences=True` and `False` alternately (so both see the
same machine load), `--repeat` times; prints the fastest of each and their ratio, and the time
per action the consequences add. Absolute times on a shared machine mean little; the ratio is
the figure (docs/performance.md, "Consequences").
"""

from __future__ import annotations

import argparse
import json
import time

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.samples import HERE


def replay_time(doc: dict, consequences: bool) -> float:
    log = parse_log(doc)
    start = time.perf_counter()
    Replay(log, "strict", "none", consequences=consequences).run()
    return time.perf_counter() - start


def measure(repeat: int) -> list[dict]:
    rows = []
    for path in sorted(HERE.glob("*.json")):
        doc = json.loads(path.read_text())
        replay_time(doc, False)  # warm: content, tables
        times = {True: [], False: []}
        for _ in range(repeat):
            for on in (False, True):
                times[on].append(replay_time(doc, on))
        off, on = min(times[False]), min(times[True])
        actions = len(doc["actions"])
        rows.append({"sample": path.stem, "actions": actions, "off_s": round(off, 4), "on_s": round(on, 4),
                     "ratio": round(on / off, 2), "added_us_per_action": round((on - off) / actions * 1e6, 1)})
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = measure(args.repeat)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("| sample | actions | off (s) | on (s) | on / off | added per action (µs) |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        cells = (r["sample"], r["actions"], r["off_s"], r["on_s"], r["ratio"], r["added_us_per_action"])
        print("| " + " | ".join(str(c) for c in cells) + " |")


if __name__ == "__main__":
    main()
