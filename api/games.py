"""Stored games: upload, list, read, states, reverify, delete."""

from __future__ import annotations

import re

from flask import Blueprint, Response, request

from adjudicator.core.errors import MalformedLog
from adjudicator.service import games, judging, live, views

from .auth import caller, require_token
from .db import get_db
from .limits import deadline, flag, int_arg, json_body, lang_arg, ok, switch, text_arg, view_args

bp = Blueprint("games", __name__)
_KEY = re.compile(r"[!-~]{1,200}")  # visible ASCII: what any client library can send as a header


def idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not _KEY.fullmatch(key):
        raise MalformedLog("Idempotency-Key must be 1 to 200 visible ASCII characters (a UUID will do)",
                           "/headers/Idempotency-Key", code="bad-header")
    return key


@bp.post("/v1/games")
def upload():
    token = require_token()
    key = idempotency_key()
    tournament = text_arg("tournament", 200) or None
    args = request.args
    round_no = int_arg("round", 1, 1, 1000) if "round" in args else None
    table_no = int_arg("table", 1, 1, 1000) if "table" in args else None
    stored, new = games.store(get_db(), json_body(), token, tournament, deadline(), key, round_no, table_no)
    response = ok(stored, 201 if new else 200)
    if not new:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@bp.get("/v1/games")
def listing():
    args = request.args
    cursor = int_arg("cursor", 0, 0, 2**62) if "cursor" in args else None
    return ok(games.listing(get_db(), text_arg("tournament", 200), text_arg("player"), text_arg("leader"),
                            flag("valid"), cursor, int_arg("limit", games.PAGE, 1, 200), caller()))


@bp.get("/v1/games/<game_id>")
def one(game_id: str):
    """The game; a live one with its entity tag (`ETag`), which an append may send as If-Match.
    The tag is read first, so it is never newer than the body (at worst a 412, never a lost update)."""
    tag = live.etag(row) if (row := live.light_row(get_db(), game_id))["live"] else None
    response = ok(games.get(get_db(), game_id, caller(), deadline()))
    if tag is not None:
        response.headers["ETag"] = tag
    return response


@bp.get("/v1/games/<game_id>/report")
def report(game_id: str):
    """The stored report; `?explain=1` adds what was expected instead of its illegal action,
    `?consequences=0` leaves out what each action changed."""
    explain, consequences = switch("explain"), switch("consequences", default=True)
    return ok(games.report(get_db(), game_id, explain, caller(), deadline(), consequences, lang_arg()))


@bp.get("/v1/games/<game_id>/states/<int:index>")
def state(game_id: str, index: int):
    viewer = text_arg("as", 32) if "as" in request.args else None
    found, applied = games.state_at(get_db(), game_id, index, viewer, caller(), deadline())
    return applied_header(ok(found), applied)


@bp.get("/v1/games/<game_id>/views/<int:step>")
def view(game_id: str, step: int):
    """What the replay viewer draws at one step (the public view unless the caller may see all)."""
    viewer, lang, timeline = view_args()
    return ok(views.of_stored(get_db(), game_id, step, viewer, caller(), lang, timeline, deadline()))


@bp.get("/v1/games/<game_id>/reverify")
def reverify_check(game_id: str):
    """Read-only: what would change with the current engine (public; nothing is written)."""
    return ok(games.reverify(get_db(), game_id, None, deadline()))


@bp.get("/v1/games/<game_id>/positions/<int:index>")
def position(game_id: str, index: int):
    """The compact scenario before logged action `index`, ready to edit and post to /v1/positions/check
    (the public view before the game is finished, unless the caller uploaded it; `as`: one seat's
    view, for the uploader, a finished game or that seat's own token)."""
    viewer = text_arg("as", 32) if "as" in request.args else None
    found, applied = games.position(get_db(), game_id, index, caller(), deadline(), viewer)
    return applied_header(ok(found), applied)


def applied_header(response: Response, applied: int) -> Response:
    """The work of a read from a checkpoint: the logged actions the engine re-applied for it."""
    response.headers["X-Actions-Applied"] = str(applied)
    return response


@bp.post("/v1/games/<game_id>/reverify")
def reverify(game_id: str):
    """Rewrites the stored report: the uploader's token only."""
    return ok(games.reverify(get_db(), game_id, require_token(), deadline()))


@bp.delete("/v1/games/<game_id>")
def delete(game_id: str):
    games.delete(get_db(), game_id, require_token())
    return Response(status=204)


@bp.post("/v1/games/<game_id>/rulings")
def record_ruling(game_id: str):
    """A judge's ruling on a tournament game (the tournament owner's token)."""
    token = require_token()
    return ok(judging.record_ruling(get_db(), game_id, json_body(), token), 201)


@bp.get("/v1/games/<game_id>/rulings")
def rulings(game_id: str):
    games.get_row(get_db(), game_id)
    return ok({"rulings": judging.rulings_of(get_db(), game_id)})


@bp.post("/v1/games/<game_id>/ending")
def record_ending(game_id: str):
    """How a tournament game ended off the board (the tournament owner's token)."""
    token = require_token()
    return ok(judging.record_ending(get_db(), game_id, json_body(), token), 201)
