"""The analyser's throughput: `--jobs 2` against a local Dask cluster of two one-thread worker
processes on the same machine, measured interleaved in one run (issue 34).

    python -m bench.analyse [--copies 6] [--rounds 3] [--json]

- the corpus: the sample logs (both rule systems, 1 to 6 players), `--copies` times each;
- per round: `analyse` in process (one core), with `--jobs 2`, and on the cluster (a
  LocalCluster of 2 worker processes x 1 thread on loopback TCP, started and warmed once, as a
  scheduler a user already runs); the three alternate, so all see the same machine load; the figures of the
  three are checked equal;
- the scheduler's overhead per log: no-op tasks of one chunk each, timed round trip, divided by
  the logs in a chunk;
- a projection to 100 workers, with its assumptions printed beside it.
Absolute numbers on a shared 2-core machine mean little; the ratio cluster / --jobs 2 is the figure.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time

from adjudicator.analysis import cluster
from adjudicator.analysis import run as analysis
from adjudicator.analysis.figures import figures
from adjudicator.samples import HERE as SAMPLES
from adjudicator.service import batch


def corpus(copies: int) -> list[tuple[str, str]]:
    items = list(batch.sources([str(SAMPLES)]))
    return [(f"{source}#{n}", text) for n in range(copies) for source, text in items]


def _noop(chunk):
    return len(chunk)


def overhead_per_task(client, items) -> float:
    """Seconds the scheduler adds per task: the round trip of no-op tasks, one per chunk of the
    run (the logs shipped as they are in the run)."""
    work = analysis.chunks(items, 2)
    start = time.perf_counter()
    client.gather([client.submit(_noop, chunk, pure=False) for chunk in work])
    return (time.perf_counter() - start) / len(work)


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(prog="python -m bench.analyse")
    parser.add_argument("--copies", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    distributed = importlib.import_module("dask.distributed")
    items = corpus(args.copies)
    times = {"in_process": [], "jobs2": [], "cluster": []}
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as local:
        client = cluster.connect(local.scheduler_address)
        cluster.analyse(client, items[:8])  # warm: the workers load the engine and its data once, as a
        # running cluster has (each --jobs run starts fresh processes: that is its real cost)
        expected = None
        for _ in range(args.rounds):
            for name, go in (("in_process", lambda: analysis.analyse(items, 1)),
                             ("jobs2", lambda: analysis.analyse(items, 2)),
                             ("cluster", lambda: cluster.analyse(client, items))):
                start = time.perf_counter()
                found = figures(go())
                times[name].append(time.perf_counter() - start)
                assert expected is None or found == expected, f"{name}: different figures"
                expected = found
        per_task = statistics.median(overhead_per_task(client, items) for _ in range(args.rounds))
        in_run = len(items) / len(analysis.chunks(items, 2))  # logs per task in this run
        client.close()
    rate = {name: len(items) / statistics.median(t) for name, t in times.items()}
    per_worker = rate["cluster"] / 2
    out = {
        "logs": len(items), "rounds": args.rounds,
        "logs_per_s": {k: round(v, 1) for k, v in rate.items()},
        "cluster_over_jobs2": round(rate["cluster"] / rate["jobs2"], 3),
        "ratios_per_round": [round(j / c, 3) for j, c in zip(times["jobs2"], times["cluster"], strict=True)],
        "scheduler_overhead_ms_per_task": round(per_task * 1000, 3),
        "scheduler_overhead_ms_per_log": round(per_task / in_run * 1000, 3),
        "scheduler_overhead_ms_per_log_large_batch": round(per_task / analysis.CHUNK * 1000, 3),
        "projection_100_workers_logs_per_s": round(min(100 * per_worker, analysis.CHUNK / per_task)),
        "projection_assumes": "each worker a core as fast as these, logs read by the workers or shipped faster than "
                              "they are replayed, the scheduler's per-task cost as measured here (one task per "
                              f"{analysis.CHUNK} logs in a large batch); the bound is the smaller of 100 x one "
                              "worker's rate and the scheduler's task rate x logs per task",
    }
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
