"""The Flask service: `create_app()` is the app factory; one blueprint per resource."""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask, current_app, g, request
from flask_limiter import Limiter

from adjudicator.store import open_db, prepare

from .auth import rate_key
from .db import get_db
from .errors import register_errors
from .games import bp as games_bp
from .routes import bp as core_bp
from .routes import meta
from .tournaments import bp as tournaments_bp

__all__ = ["create_app", "get_db"]

MAX_BODY = 2 * 1024 * 1024


def create_app(config: dict | None = None) -> Flask:
    """Build the app. `DATABASE` (a path) selects the SQLite file; it is prepared at start.

    >>> app = create_app({"DATABASE": ":memory:", "TESTING": True})
    """
    app = Flask(__name__)
    app.config.update(
        DATABASE=os.environ.get("ADJUDICATOR_DB", str(Path("instance") / "adjudicator.db")),
        MAX_CONTENT_LENGTH=MAX_BODY,
        REPLAY_SECONDS=10,
        RATELIMIT_READ="1200 per minute",  # per token, or per address without one
        RATELIMIT_WRITE="120 per minute",
        RATELIMIT_STORAGE_URI="memory://",
        RATELIMIT_HEADERS_ENABLED=True,
    )
    app.config.update(config or {})
    db_path = app.config["DATABASE"]
    if db_path != ":memory:":
        Path(db_path).parent.mkdir(parents=True, exist_ok=True)
    prepare(open_db(db_path))
    if db_path == ":memory:":
        # one shared in-memory database for the whole app (tests)
        shared = open_db(":memory:")
        prepare(shared)
        app.config["_MEMORY_DB"] = shared

    @app.teardown_appcontext
    def close_db(_exc):
        db = g.pop("db", None)
        if db is not None and db is not app.config.get("_MEMORY_DB"):
            db.conn.close()

    register_errors(app)

    limiter = Limiter(rate_key, app=app)
    reads = limiter.shared_limit(lambda: current_app.config["RATELIMIT_READ"], scope="read",
                                 exempt_when=lambda: _is_write())
    writes = limiter.shared_limit(lambda: current_app.config["RATELIMIT_WRITE"], scope="write",
                                  exempt_when=lambda: not _is_write())

    app.register_blueprint(meta)
    for blueprint in (core_bp, games_bp, tournaments_bp):
        reads(blueprint)
        writes(blueprint)
        app.register_blueprint(blueprint)
    return app


def _is_write() -> bool:
    return request.method in ("POST", "DELETE", "PUT", "PATCH") and not request.path.startswith(
        ("/v1/replays", "/v1/positions"))

