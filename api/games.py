"""Stored games: upload, list, read, states, reverify, delete."""

from __future__ import annotations

import json
import time

from flask import Blueprint, Response, current_app, request

from adjudicator.core.errors import MalformedLog
from adjudicator.positions import cut
from adjudicator.service import games

from .auth import require_token
from .db import get_db
from .routes import json_body, ok

bp = Blueprint("games", __name__)


def deadline() -> float:
    return time.monotonic() + current_app.config["REPLAY_SECONDS"]


def _flag(name: str):
    value = request.args.get(name)
    if value is None:
        return None
    if value not in ("true", "false"):
        raise MalformedLog(f"{name} must be true or false", f"?{name}", code="bad-parameter")
    return value == "true"


def _int_arg(name: str, default: int, low: int, high: int) -> int:
    value = request.args.get(name, str(default))
    if not value.isdigit() or not low <= int(value) <= high:
        raise MalformedLog(f"{name} must be a whole number from {low} to {high}", f"?{name}", code="bad-parameter")
    return int(value)


@bp.post("/v1/games")
def upload():
    token = require_token()
    stored = games.store(get_db(), json_body(), token, request.args.get("tournament"), deadline())
    return ok(stored, 201)


@bp.get("/v1/games")
def listing():
    args = request.args
    cursor = _int_arg("cursor", 0, 0, 2**62) if "cursor" in args else None
    return ok(games.listing(get_db(), args.get("tournament"), args.get("player"), args.get("leader"),
                            _flag("valid"), cursor, _int_arg("limit", games.PAGE, 1, 200)))


@bp.get("/v1/games/<game_id>")
def one(game_id: str):
    return ok(games.get(get_db(), game_id))


@bp.get("/v1/games/<game_id>/report")
def report(game_id: str):
    return ok(games.report(get_db(), game_id))


@bp.get("/v1/games/<game_id>/states/<int:index>")
def state(game_id: str, index: int):
    return ok(games.state_at(get_db(), game_id, index, request.args.get("as")))


@bp.get("/v1/games/<game_id>/positions/<int:index>")
def position(game_id: str, index: int):
    """The compact scenario before logged action `index`, ready to edit and post to /v1/positions/check."""
    return ok(cut(json.loads(games.get_row(get_db(), game_id)["log"]), index))


@bp.post("/v1/games/<game_id>/reverify")
def reverify(game_id: str):
    require_token()
    return ok(games.reverify(get_db(), game_id))


@bp.delete("/v1/games/<game_id>")
def delete(game_id: str):
    games.delete(get_db(), game_id, require_token())
    return Response(status=204)
