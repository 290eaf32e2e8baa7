"""Budgets per authenticated token (else per address), counted in the database so every worker
shares them. Reads and writes are counted in requests. Compute (whatever replays a log: replays,
position checks, a stored game's step view with its timeline, reverify, uploads, a stored report
with `?explain`) is counted in CPU seconds, measured around each request (issue 28: a request count let
eight clients within it keep every worker busy), and at most `COMPUTE_IN_FLIGHT` compute requests
run at once in a process, so `/healthz` and cheap reads always find a thread. `/healthz`,
`/openapi.json` and the viewer's static page are never limited. `Retry-After` is sent only with a
429 and with the 503 of a full process."""

from __future__ import annotations

import sqlite3
import threading

from flask import Flask, current_app, g, request

from adjudicator.core.errors import Overloaded
from adjudicator.service.ratelimit import Counter, Limit

from .auth import rate_key

# What is compute is decided here only. A stored game's state, position and step (without the
# timeline) are reads: they start from a checkpoint and re-apply at most 32 actions (issue 28).
# A live game's append (issue 36) is counted in CPU seconds only: a table plays more than the
# write budget's requests a minute, and what an append costs is the engine work of its actions.
COMPUTE = {"v1.post_replay", "v1.post_check", "v1.post_legal_actions", "v1.post_view", "games.reverify_check",
           "live.append"}
# writes that replay: writes and CPU seconds (closing a live game, by its owner or by a judge's
# off-board ending, replays its whole log for its facts)
COMPUTE_WRITES = {"games.upload", "games.reverify", "live.close", "games.record_ending"}
EXPLAINED = {"games.report"}  # compute when asked to explain (it replays the stored log)
TIMELINE = {"games.view"}  # compute with the timeline (it names every action, so replays the whole log)
DEFAULT_IN_FLIGHT = 6  # waitress's 8 threads less two; `adjudicator serve` sets its own (api/server.py)


def classify() -> tuple[str | None, bool]:
    """The request-count budget of this request (None: not counted) and whether it is compute."""
    endpoint = request.endpoint or ""
    if endpoint.startswith(("meta.", "web.")) or request.method == "OPTIONS":  # web.: the page's static files
        return None, False
    if (endpoint in COMPUTE or (endpoint in EXPLAINED and request.args.get("explain") in ("1", "true"))
            or (endpoint in TIMELINE and request.args.get("timeline") == "true")):
        return None, True
    write = request.method in ("POST", "PUT", "PATCH", "DELETE")
    return ("write" if write else "read"), endpoint in COMPUTE_WRITES


class InFlight:
    """Compute requests running in this process, at most `cap` at once."""

    def __init__(self):
        self.lock, self.running = threading.Lock(), 0

    def enter(self, cap: int) -> bool:
        with self.lock:
            if self.running >= cap:
                return False
            self.running += 1
            return True

    def leave(self) -> None:
        with self.lock:
            self.running -= 1


def install(app: Flask, counter: Counter) -> None:
    limits = {name: Limit.parse(app.config[f"RATELIMIT_{name.upper()}"]) for name in ("read", "write")}
    cpu = Limit.parse(app.config["BUDGET_COMPUTE"])  # CPU seconds per window
    in_flight = app.extensions["compute_in_flight"] = InFlight()

    @app.before_request
    def count():
        config = current_app.config
        name, compute = classify()
        if compute:
            if config["RATELIMIT_ENABLED"]:
                g.spent = counter.check(f"compute:{rate_key()}", cpu, config["WALL_CLOCK"]())  # raises RateLimited
            if not in_flight.enter(config["COMPUTE_IN_FLIGHT"] or DEFAULT_IN_FLIGHT):
                raise Overloaded("the server is running as many compute requests as it allows; retry shortly", 2)
            g.in_flight = True
        if name is not None and config["RATELIMIT_ENABLED"]:
            g.rate = counter.hit(f"{name}:{rate_key()}", limits[name], config["WALL_CLOCK"]())  # raises RateLimited
        if compute:
            g.cpu_started = config["CPU_CLOCK"]()  # last: the checks above are not the request's work

    @app.after_request
    def charge(response):
        started = g.pop("cpu_started", None)
        if started is not None and current_app.config["RATELIMIT_ENABLED"]:
            seconds = current_app.config["CPU_CLOCK"]() - started
            try:
                g.spent = counter.spend(f"compute:{rate_key()}", cpu, seconds, current_app.config["WALL_CLOCK"]())
            except sqlite3.OperationalError:  # the work is done: answer it; a lost charge is the lesser harm
                current_app.logger.warning("the compute budget could not be charged: the database is busy")
            response.headers["X-Compute-Seconds"] = f"{seconds:.3f}"
        rate = g.get("rate")
        if rate is not None:
            response.headers["X-RateLimit-Limit"] = str(rate.limit.hits)
            response.headers["X-RateLimit-Remaining"] = str(rate.remaining)
            response.headers["X-RateLimit-Reset"] = str(rate.reset)
        spent = g.get("spent")
        if spent is not None:
            response.headers["X-Compute-Limit"] = str(spent.budget.hits)
            response.headers["X-Compute-Remaining"] = f"{spent.remaining:.3f}"
            response.headers["X-Compute-Reset"] = str(spent.reset)
        return response

    @app.teardown_request
    def leave(_exc):
        if g.pop("in_flight", False):
            in_flight.leave()
