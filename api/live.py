"""Live games (issue 36): appends, seat tokens, closing, and the followers' event stream."""

from __future__ import annotations

import time

from flask import Blueprint, Response, request, stream_with_context

from adjudicator.core.canonical import dumps
from adjudicator.core.errors import MalformedLog
from adjudicator.service import games, live

from .auth import caller, require_token
from .db import get_db
from .games import idempotency_key
from .limits import choice_arg, deadline, int_arg, json_body, ok

bp = Blueprint("live", __name__)
POLL = 0.25  # seconds between two looks for new actions while a follower waits
HEARTBEAT = 15.0  # a comment line this often keeps proxies from closing a quiet stream
MAX_FOLLOW = 300  # seconds one stream stays open; the client reconnects with Last-Event-ID


@bp.post("/v1/games/<game_id>/actions")
def append(game_id: str):
    token = require_token(seat=True)
    key = idempotency_key()
    mode = choice_arg("mode", ("strict", "continue"), "strict")
    lang = choice_arg("lang", ("en", "ru"), "en")
    answer, new = live.append(get_db(), game_id, json_body(), token, mode, key, deadline(), lang)
    response = ok(answer)
    if not new:
        response.headers["Idempotent-Replayed"] = "true"
    return response


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
    longer live; the stream closes after `?timeout=` seconds, and the client resumes."""
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
    db = get_db()

    def stream():
        until, beat = time.monotonic() + timeout, time.monotonic() + HEARTBEAT
        last = after
        while True:
            found, going = live.events(db, game_id, last, token)
            for event in found:
                last = event["index"]
                yield f"id: {last}\nevent: action\ndata: {dumps(event).decode()}\n\n"
            if found:
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

    return Response(stream_with_context(stream()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
