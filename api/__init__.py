"""The Flask service: `create_app()` is the app factory; one blueprint per resource."""

from __future__ import annotations

import os
import time
from pathlib import Path

from flask import Flask, g
from werkzeug.middleware.proxy_fix import ProxyFix

from adjudicator.service import live as live_games
from adjudicator.service.ratelimit import Counter
from adjudicator.store import open_db, prepare

from . import throttle
from .analytics import bp as analytics_bp
from .db import get_db
from .errors import register_errors
from .games import bp as games_bp
from .limits import MAX_BODY, started
from .live import bp as live_bp
from .routes import bp as core_bp
from .routes import meta
from .tournaments import bp as tournaments_bp
from .web import bp as web_bp

__all__ = ["create_app", "get_db"]


def _env(name: str, default: str) -> str:
    return os.environ.get(f"ADJUDICATOR_{name}", default)


def create_app(config: dict | None = None) -> Flask:
    """Build the app. `DATABASE` (a path) selects the SQLite file; it is prepared at start.
    Every setting can also come from the environment (`ADJUDICATOR_DB`, `ADJUDICATOR_PROXIES`,
    `ADJUDICATOR_RATELIMIT_READ`, ...), which is how gunicorn's workers get them.

    >>> app = create_app({"DATABASE": ":memory:", "TESTING": True})
    """
    app = Flask(__name__)
    app.config.update(
        DATABASE=_env("DB", str(Path("instance") / "adjudicator.db")),
        MAX_CONTENT_LENGTH=MAX_BODY,
        REPLAY_SECONDS=float(_env("REQUEST_SECONDS", "10")),  # the work budget of one request, from its arrival
        RATELIMIT_ENABLED=True,
        RATELIMIT_READ=_env("RATELIMIT_READ", "1200 per minute"),  # per token, or per address without one
        RATELIMIT_WRITE=_env("RATELIMIT_WRITE", "120 per minute"),
        # CPU seconds of compute (replays) per token or address: half of what one process can give
        # (its replays share one GIL), so that one client cannot take all of it
        BUDGET_COMPUTE=_env("BUDGET_COMPUTE", "30 per minute"),
        # compute requests running at once in one process (None: `adjudicator serve` sets threads - 2)
        COMPUTE_IN_FLIGHT=int(_env("COMPUTE_IN_FLIGHT", "0")) or None,
        # followers' event streams open at once in one process: each holds a thread (issue 36)
        FOLLOWERS=int(_env("FOLLOWERS", "2")),
        # seconds a live game's replay stays in this process's memory without an append (issue 36)
        LIVE_IDLE_SECONDS=float(_env("LIVE_IDLE_SECONDS", "900")),
        CPU_CLOCK=time.thread_time,  # the CPU of the thread serving the request (tests inject their own)
        WALL_CLOCK=time.time,  # what the budgets' windows count in (tests fix it inside one window)
        # how many reverse proxies stand in front (X-Forwarded-For): 0 when clients connect directly
        PROXIES=int(_env("PROXIES", "0")),
    )
    app.config.update(config or {})
    live_games.TABLE.idle = app.config["LIVE_IDLE_SECONDS"]  # the table is the process's, as the setting is
    db_path = app.config["DATABASE"]
    shared = None
    if db_path == ":memory:":
        shared = app.config["_MEMORY_DB"] = open_db(":memory:")  # one database for the whole app (tests)
        prepare(shared)
    else:
        Path(db_path).parent.mkdir(parents=True, exist_ok=True)
        prepare(open_db(db_path))
    if app.config["PROXIES"]:
        # the address a rate limit counts is the client's, as the trusted proxies saw it
        hops = app.config["PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)

    @app.teardown_appcontext
    def close_db(_exc):
        db = g.pop("db", None)
        if db is not None and db is not shared:
            db.conn.close()

    app.before_request(started)
    register_errors(app)
    throttle.install(app, Counter(db_path, shared))
    for blueprint in (meta, core_bp, games_bp, live_bp, tournaments_bp, analytics_bp, web_bp):
        app.register_blueprint(blueprint)
    return app
