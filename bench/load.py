"""Load benchmark: concurrent clients on loopback POST full 4-player logs to /v1/replays.

    python -m bench.load [--seconds 10] [--clients 16] [--workers 0] [--json]

Closed loop: each client sends its next request as soon as the last one is answered, so the
figures show the server saturated. `--workers N` runs gunicorn with N processes instead of
waitress. Requests go to 127.0.0.1 only and stop after `--seconds`.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import threading
import time
from pathlib import Path

import requests

from adjudicator.simulate import simulate

from .__main__ import percentile
from .serverproc import Server


def run(seconds: float, clients: int, workers: int = 0) -> dict:
    logs = [json.dumps(simulate("uprising", 4, seed, ("choam",))).encode() for seed in range(clients)]
    db = str(Path(tempfile.mkdtemp()) / "load.db")
    server = Server(db, workers=workers).start()
    latencies, errors, lock = [], [], threading.Lock()
    end = time.monotonic() + seconds

    def client(n: int) -> None:
        session = requests.Session()
        while time.monotonic() < end:
            start = time.perf_counter()
            try:
                r = session.post(server.url + "/v1/replays?snapshots=none", data=logs[n], timeout=60,
                                 headers={"Content-Type": "application/json"})
                ok = r.status_code == 200 and r.json()["valid"]
            except requests.RequestException:
                ok = False
            with lock:
                (latencies if ok else errors).append(time.perf_counter() - start)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    started = time.perf_counter()
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        server.stop()
    elapsed = time.perf_counter() - started
    server_name = f"gunicorn x{workers}" if workers else "waitress"
    return {"clients": clients, "seconds": round(elapsed, 2), "server": server_name,
            "requests": len(latencies) + len(errors), "errors": len(errors),
            "requests_per_s": round(len(latencies) / elapsed, 1),
            "p50_ms": round(percentile(latencies, 50) * 1000, 1) if latencies else None,
            "p99_ms": round(percentile(latencies, 99) * 1000, 1) if latencies else None}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = run(args.seconds, args.clients, args.workers)
    for key, value in result.items():
        print(f"{key:<16} {value}")
    if args.json:
        print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
