"""Bearer tokens, and who a request is for the rate limits.

The token is looked up once per request (`caller`). The rate-limit key is the *authenticated*
token; a missing, malformed or unknown bearer counts against the client's address, so inventing
a new bearer per request buys nothing (issue 9)."""

from __future__ import annotations

from flask import g, request

from adjudicator.core.errors import Forbidden, Unauthorized
from adjudicator.service.tokens import SEAT_PREFIX, authenticate, authenticate_seat
from adjudicator.service.visibility import SEAT

from .db import get_db


def caller() -> str | None:
    """The token id of this request, None without an Authorization header; a wrong token is a
    401 wherever it is used (a client that sends one wants to know it is wrong)."""
    if "auth" not in g:
        header = request.headers.get("Authorization")
        if header is None:
            g.auth = (None, None)
        else:
            try:
                seat = header.startswith("Bearer " + SEAT_PREFIX)
                g.auth = ((authenticate_seat if seat else authenticate)(get_db(), header), None)
            except Unauthorized as err:
                g.auth = (None, err)
    token, error = g.auth
    if error is not None:
        raise error
    return token


def require_token(seat: bool = False) -> str:
    """The token id of this request, or a 401 problem; a live game's seat token (issue 36) only
    where `seat` allows it (appending that seat's decisions), else a 403."""
    token = caller()
    if token is None:
        raise Unauthorized("this request needs an API token: Authorization: Bearer <token>", "/headers/Authorization")
    if not seat and token.startswith(SEAT):
        raise Forbidden("a seat token may only append its seat's decisions and read its game", "/headers/Authorization")
    return token


def rate_key() -> str:
    try:
        token = caller()
    except Unauthorized:
        token = None
    return f"token:{token}" if token else "addr:" + (request.remote_addr or "unknown")
