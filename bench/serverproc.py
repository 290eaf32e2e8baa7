"""Running the real server process on loopback for tests and the load benchmark."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import requests


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`adjudicator serve` in its own process, on 127.0.0.1 only."""

    # benchmarks and durability runs send thousands of requests from one address on purpose
    GENEROUS = {"ADJUDICATOR_RATELIMIT_READ": "1000000 per minute", "ADJUDICATOR_RATELIMIT_WRITE": "1000000 per minute",
                "ADJUDICATOR_BUDGET_COMPUTE": "1000000 per minute", "ADJUDICATOR_COMPUTE_IN_FLIGHT": "1000"}

    def __init__(self, db: str, port: int | None = None, threads: int = 16, workers: int = 0,
                 env: dict | None = None, args: tuple[str, ...] = ()):
        """`workers` > 0 runs gunicorn with that many processes instead of waitress. `env` replaces
        the generous rate limits (bench/attack.py runs with the real ones); `args` go to serve."""
        self.db, self.port, self.threads, self.workers = db, port or free_port(), threads, workers
        self.env = self.GENEROUS if env is None else env
        self.args = args
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> Server:
        if self.workers:
            command = [sys.executable, "-m", "gunicorn", "-w", str(self.workers), "-b", f"127.0.0.1:{self.port}",
                       "api:create_app()"]
        else:
            command = [sys.executable, "-m", "adjudicator.cli", "serve", "--host", "127.0.0.1", "--port",
                       str(self.port), "--db", self.db, "--threads", str(self.threads), *self.args]
        env = {**os.environ, **self.env, "ADJUDICATOR_DB": self.db}
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if requests.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except requests.RequestException:  # not listening yet, or a worker still booting
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        self.proc.kill()  # SIGKILL: no clean shutdown
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
