"""Live games (issue 36): appends, seat tokens, closing, and the followers' event stream."""

from __future__ import annotations

import re
import time

from flask import Blueprint, Response, current_app, request

from adjudicator.core.canonical import dumps
from adjudicator.core.errors import MalformedLog, Overloaded
from adjudicator.service import games, live
from adjudicator.store import open_db

from .auth import caller, require_token
from .db import get_db
from .games import idempotency_key
from .limits import choice_arg, deadline, int_arg, json_body, lang_arg, ok
from .throttle import InFlight

bp = Blueprint("live", __name__)
POLL = 0.25  # seconds between two looks for new actions while a follower waits
HEARTBEAT = 15.0  # a comment line this often keeps proxies from closing a quiet stream
MAX_FOLLOW = 300  # seconds one stream stays open; the client reconnects with Last-Event-ID


@bp.post("/v1/games/<game_id>/actions")
def append(game_id: str):
    token = require_token(seat=True)
    key = idempotency_key()
    mode = choice_arg("mode", ("strict", "continue"), "strict")
    lang = lang_arg()  # the sentences' (None: as a whole replay's report holds them) and, or English, the offers
    answer, new = live.append(get_db(), game_id, json_body(), token, mode, key, deadline(), lang, if_match())
    response = ok(answer)
    if "etag" in answer:
        response.headers["ETag"] = answer["etag"]
    if not new:
        response.headers["Idempotent-Replayed"] = "true"
    return response


_TAG = re.compile(r'(W/)?"[!#-~]{0,200}"')  # RFC 9110 8.8.3 entity-tag


def if_match() -> tuple[str, ...] | None:
    """The entity tags of an If-Match header (`*`: any), None without one."""
    value = request.headers.get("If-Match")
    if value is None:
        return None
    tags = tuple(t.strip() for t in value.split(","))
    if value.strip() != "*" and (len(tags) > 20 or not all(_TAG.fullmatch(t) for t in tags)):
        raise MalformedLog('If-Match must be "*" or entity tags as the ETag header gives them', "/headers/If-Match",
                           code="bad-header")
    return ("*",) if value.strip() == "*" else tags


@bp.post("/v1/games/<game_id>/seats")
def seat(game_id: str):
    token = require_token()
    return ok(live.seat_token(get_db(), games.get_row(get_db(), game_id), token, json_body()), 201)


@bp.post("/v1/games/<game_id>/close")
def close(game_id: str):
    token = require_token()
    return ok(games.summary(live.close(get_db(), live.light_row(get_db(), game_id), token, json_body())))


@bp.get("/v1/games/<game_id>/events")
def events(game_id: str):
    """Server-Sent Events: each logged action (`event: action`, `id:` its index) as the caller may
    see it, from the one after Last-Event-ID (or `?after=`); `event: end` once the game is no
    longer live; the stream closes after `?timeout=` seconds without news, and the client resumes."""
    token = caller()
    live.light_row(get_db(), game_id)  # a 404 before the stream starts
    resume = request.headers.get("Last-Event-ID")
    if resume is not None:
        if not resume.isascii() or not resume.isdigit() or len(resume) > 6:
            raise MalformedLog("Last-Event-ID must be an action index", "/headers/Last-Event-ID", code="bad-header")
        after = int(resume)
    else:
        after = int_arg("after", 0, 0, 10_000) - 1 if "after" in request.args else -1
    timeout = int_arg("timeout", 30, 0, MAX_FOLLOW)
    # a stream holds one of the server's threads while it is open: at most FOLLOWERS at once
    slots = current_app.extensions.setdefault("followers", InFlight())
    if not slots.enter(current_app.config["FOLLOWERS"]):
        raise Overloaded("the server is streaming to as many followers as it allows; retry shortly", 5)
    # the stream outlives the request's own connection (closed at its teardown): one of its own
    shared, path = current_app.config.get("_MEMORY_DB"), current_app.config["DATABASE"]

    def stream():
        db = shared or open_db(path)
        try:
            yield from _stream(db, game_id, token, after, timeout)
        finally:
            if db is not shared:
                db.conn.close()

    response = Response(stream(), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(slots.leave)
    return response


def _stream(db, game_id: str, token: str | None, last: int, timeout: int):
    until = beat = time.monotonic()
    until += timeout
    beat += HEARTBEAT
    while True:
        found, going = live.events(db, game_id, last, token)
        for event in found:
            last = event["index"]
            yield f"id: {last}\nevent: action\ndata: {dumps(event).decode()}\n\n"
        if found:
            until = time.monotonic() + timeout
            continue
        if not going:
            yield "event: end\ndata: {}\n\n"
            return
        if time.monotonic() >= until:
            return
        if time.monotonic() >= beat:
            beat = time.monotonic() + HEARTBEAT
            yield ": waiting\n\n"
        time.sleep(POLL)
