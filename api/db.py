"""The database of the request: opened lazily, once per request (Flask's tutorial pattern)."""

from __future__ import annotations

from flask import current_app, g

from adjudicator.store import open_db


def get_db():
    if "db" not in g:
        g.db = current_app.config.get("_MEMORY_DB") or open_db(current_app.config["DATABASE"])
    return g.db
