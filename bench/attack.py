"""Hostile clients against the real server, on loopback only, each attack bounded in time.

    python -m bench.attack [--scenario all|slow|body|spray|positions|compute|keys] [--seconds 10]
                           [--connections 150] [--requests 1500] [--workers 0] [--json]

Starts the server as the README does (`adjudicator serve`, waitress; `--workers N`: gunicorn
with N processes, for the rate-limit sharing) on a fresh database with the production rate
limits, and for each scenario probes `/healthz` every 0.2 s from a separate client, printing
whether it always answered within 1 s:

- slow: `--connections` clients send request headers one line every 2 s for `--seconds`
  (slowloris); waitress's default of 100 connections used to be exhausted by 110;
- body: a 64 MiB chunked body (waitress used to buffer up to 1 GiB before the app's 2 MiB check;
  gunicorn truncated it and answered 200), a declared 1 GiB Content-Length, and a 3 MiB chunked
  body that must be the app's problem+json 413;
- spray: `--requests` reads, each with a new random bearer (which used to get a fresh budget
  each); the production read limit is 1,200 a minute per address;
- positions: ten anonymous readers loop over the positions and states of a stored, finished
  6-player classic Dune game (each used to replay the whole log: 1-3 s of CPU per read);
- compute: eight anonymous clients loop a 10,000-action continue-mode replay (each within the
  old request budget, together every worker thread);
- keys: `--requests` (at most 1,000) reads with a different 60,000-character `?game=` each, and
  the server's memory (RSS) before and after (a cache of folded names used to keep them all).
"""

from __future__ import annotations

import argparse
import json
import secrets
import socket
import tempfile
import threading
import time
from pathlib import Path

import requests

from adjudicator.service.tokens import create as create_token
from adjudicator.simulate import simulate
from adjudicator.store import open_db

from .serverproc import Server

PROBE_EVERY, HEALTHY = 0.2, 1.0
SCENARIOS = ("slow", "body", "spray", "positions", "compute", "keys")


class Probe:
    """Times /healthz from its own thread while an attack runs."""

    def __init__(self, url: str):
        self.url, self.worst, self.failures, self.count = url, 0.0, 0, 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stop.is_set():
            start = time.monotonic()
            try:
                ok = requests.get(self.url + "/healthz", timeout=5).status_code == 200
            except requests.RequestException:
                ok = False
            took = time.monotonic() - start
            self.count += 1
            self.worst = max(self.worst, took)
            self.failures += not ok
            self.stop.wait(PROBE_EVERY)

    def __enter__(self) -> Probe:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(timeout=10)

    def result(self) -> dict:
        return {"healthz_probes": self.count, "healthz_worst_ms": round(self.worst * 1000),
                "healthz_failures": self.failures,
                "healthz_under_1s": self.failures == 0 and self.worst < HEALTHY and self.count > 0}


def _connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.settimeout(5)
    return sock


def slow(server: Server, seconds: float, connections: int) -> dict:
    socks, refused = [], 0
    with Probe(server.url) as probe:
        for _ in range(connections):
            try:
                sock = _connect(server.port)
                sock.sendall(b"POST /v1/replays HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                socks.append(sock)
            except OSError:
                refused += 1
        end, line = time.monotonic() + seconds, 0
        while time.monotonic() < end:
            time.sleep(min(2.0, max(0.0, end - time.monotonic())))
            line += 1
            for sock in socks:
                try:
                    sock.sendall(f"X-Slow-{line}: 1\r\n".encode())
                except OSError:
                    pass  # the server closed it: what it should do sooner or later
    closed = sum(_closed(sock) for sock in socks)
    for sock in socks:
        sock.close()
    return {"scenario": "slow", "connections": connections, "refused": refused, "closed_by_server": closed,
            **probe.result()}


def _closed(sock: socket.socket) -> bool:
    try:
        sock.setblocking(False)
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def _chunked(port: int, total: int) -> tuple[str, int]:
    """Send a chunked body of `total` bytes; the status line answered and the bytes sent."""
    sent = 0
    with _connect(port) as sock:
        sock.sendall(b"POST /v1/replays HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"10000\r\n" + b" " * 0x10000 + b"\r\n"
        try:
            while sent < total:
                sock.sendall(chunk)
                sent += 0x10000
            sock.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # refused mid-body: the status line says why
        return _status(sock), sent


def _status(sock: socket.socket) -> str:
    try:
        data = sock.recv(4096)
    except OSError:
        return "connection closed"
    return data.split(b"\r\n", 1)[0].decode(errors="replace") or "connection closed"


def body(server: Server) -> dict:
    with Probe(server.url) as probe:
        huge_status, huge_sent = _chunked(server.port, 64 * 2**20)
        with _connect(server.port) as sock:
            sock.sendall(b"POST /v1/replays HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 1073741824\r\n\r\n")
            declared = _status(sock)
        over = requests.post(server.url + "/v1/replays", data=iter([b" " * (3 * 2**20)]),
                             headers={"Content-Type": "application/json"}, timeout=30)
    return {"scenario": "body", "chunked_64MiB": huge_status, "chunked_bytes_sent_MiB": round(huge_sent / 2**20, 1),
            "declared_1GiB": declared, "chunked_3MiB": f"{over.status_code} {over.headers.get('Content-Type')}",
            "chunked_3MiB_code": (over.json().get("code") if over.headers.get("Content-Type", "").endswith("json")
                                  else None), **probe.result()}


def spray(server: Server, count: int) -> dict:
    statuses: dict[int, int] = {}
    first_429 = None
    with Probe(server.url) as probe:
        session = requests.Session()
        for i in range(count):
            r = session.get(server.url + "/v1/rulings?q=spy", timeout=30,
                            headers={"Authorization": f"Bearer {secrets.token_hex(16)}"})
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
            if r.status_code == 429 and first_429 is None:
                first_429 = i + 1
                retry_after = r.headers.get("Retry-After")
    return {"scenario": "spray", "requests": count, "statuses": statuses, "first_429_at": first_429,
            "retry_after": retry_after if first_429 else None, **probe.result()}


def _stored_dune_game(server: Server) -> tuple[str, int]:
    """A finished 6-player classic Dune game (advanced rules) uploaded with a token: its id and
    number of actions."""
    log = simulate(game="dune", players=6, seed=1, modules=("advanced",))
    _, secret = create_token(open_db(server.db), "attack")
    answer = requests.post(server.url + "/v1/games", json=log, timeout=120,
                           headers={"Authorization": f"Bearer {secret}"})
    answer.raise_for_status()
    return answer.json()["id"], len(log["actions"])


class Clients:
    """`count` threads calling `request(n, i)` (client n, its i-th request) until `seconds` pass;
    the statuses answered and the slowest answer."""

    def __init__(self, count: int, seconds: float, request):
        self.count, self.seconds, self.request = count, seconds, request
        self.statuses: dict[int | str, int] = {}
        self.codes: dict[str, int] = {}
        self.worst, self.lock = 0.0, threading.Lock()

    def run(self) -> None:
        end = time.monotonic() + self.seconds
        threads = [threading.Thread(target=self.client, args=(n, end), daemon=True) for n in range(self.count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=self.seconds + 120)

    def client(self, n: int, end: float) -> None:
        session, i = requests.Session(), 0
        while time.monotonic() < end:
            start = time.monotonic()
            try:
                answer = self.request(session, n, i)
                status, code = answer.status_code, (answer.json().get("code") if answer.status_code >= 400 else None)
            except (requests.RequestException, ValueError):
                status, code = "error", None
            with self.lock:
                self.worst = max(self.worst, time.monotonic() - start)
                self.statuses[status] = self.statuses.get(status, 0) + 1
                if code:
                    self.codes[code] = self.codes.get(code, 0) + 1
            i += 1
            if status in (429, 503):  # the server said when to come back; a hostile client would not wait long
                time.sleep(0.2)

    def result(self) -> dict:
        return {"statuses": dict(sorted(self.statuses.items(), key=str)), "problem_codes": self.codes,
                "slowest_answer_ms": round(self.worst * 1000)}


def positions(server: Server, seconds: float, readers: int = 10) -> dict:
    game, actions = _stored_dune_game(server)

    def read(session, n, i):
        index = (n * 97 + i * 389) % actions  # spread over the game, the same in every run
        route = "positions" if i % 2 == 0 else "states"
        return session.get(f"{server.url}/v1/games/{game}/{route}/{index}", timeout=60)

    clients = Clients(readers, seconds, read)
    with Probe(server.url) as probe:
        clients.run()
    return {"scenario": "positions", "readers": readers, "actions": actions, **clients.result(), **probe.result()}


def compute(server: Server, seconds: float, count: int = 8, actions: int = 10_000) -> dict:
    log = simulate(game="dune", players=6, seed=1, modules=("advanced",))
    body = json.dumps(dict(log, actions=(log["actions"] * (actions // len(log["actions"]) + 1))[:actions]))

    def replay(session, n, i):  # without consequences: the replay's cost as the budget figures were measured
        return session.post(server.url + "/v1/replays?mode=continue&snapshots=none&consequences=0", data=body,
                            timeout=120,
                            headers={"Content-Type": "application/json"})

    clients = Clients(count, seconds, replay)
    with Probe(server.url) as probe:
        clients.run()
    return {"scenario": "compute", "clients": count, "actions": actions, **clients.result(), **probe.result()}


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def keys(server: Server, count: int, length: int = 60_000) -> dict:
    """Long `?game=` values, each different, against the two routes that fold a game name."""
    session, statuses = requests.Session(), {}
    for route in ("/v1/cards?game=dune", "/v1/timing-graph?game=dune"):  # what any first request loads
        session.get(server.url + route, timeout=30)
    before = _rss_mb(server.proc.pid)
    for i in range(count):
        value = f"{i:06d}" + "x" * (length - 6)
        route = "/v1/cards" if i % 2 == 0 else "/v1/timing-graph"
        answer = session.get(f"{server.url}{route}?game={value}", timeout=30)
        key = f"{answer.status_code} {answer.json().get('code')}" if answer.status_code >= 400 else answer.status_code
        statuses[key] = statuses.get(key, 0) + 1
    after = _rss_mb(server.proc.pid)
    return {"scenario": "keys", "requests": count, "key_length": length, "statuses": statuses,
            "rss_before_mb": round(before, 1), "rss_after_mb": round(after, 1),
            "rss_growth_mb": round(after - before, 1)}


def run(scenarios: list[str], seconds: float, connections: int, count: int, workers: int = 0,
        env: dict | None = None, server_args: tuple[str, ...] = ()) -> list[dict]:
    """Each scenario against a fresh server (8 threads, as `adjudicator serve` starts), so that one
    does not spend another's budget. `env` (rate limits) and `server_args` (for `adjudicator serve`)
    let the tests scale it down."""
    attacks = {"slow": lambda server: slow(server, seconds, connections), "body": body,
               "spray": lambda server: spray(server, count),
               "positions": lambda server: positions(server, seconds),
               "compute": lambda server: compute(server, seconds),
               "keys": lambda server: keys(server, min(count, 1000))}
    results = []
    for name in scenarios:
        db = str(Path(tempfile.mkdtemp()) / "attack.db")
        server = Server(db, threads=8, workers=workers, env={} if env is None else env, args=server_args).start()
        try:
            results.append(attacks[name](server))
        finally:
            server.stop()
    return results


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.attack", description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", choices=["all", *SCENARIOS], default="all")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--connections", type=int, default=150)
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument("--workers", type=int, default=0, help="gunicorn processes instead of waitress")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    scenarios = list(SCENARIOS) if args.scenario == "all" else [args.scenario]
    results = run(scenarios, min(args.seconds, 120), min(args.connections, 900), min(args.requests, 20_000),
                  args.workers)
    for result in results:
        if "healthz_probes" in result:
            print(f"{result['scenario']:<9} /healthz stayed under 1 s: {'yes' if result['healthz_under_1s'] else 'NO'} "
                  f"(worst {result['healthz_worst_ms']} ms over {result['healthz_probes']} probes)")
        else:
            print(result["scenario"])
        for key, value in result.items():
            if key != "scenario" and not key.startswith("healthz"):
                print(f"       {key:<24} {value}")
    if args.json:
        print(json.dumps(results, sort_keys=True))


if __name__ == "__main__":
    main()
