"""Bearer tokens for the write endpoints, and the rate-limit key (per token, else per address)."""

from __future__ import annotations

import hashlib

from flask import request

from adjudicator.service.tokens import authenticate

from .db import get_db


def require_token() -> str:
    """The token id of this request, or a 401 problem."""
    return authenticate(get_db(), request.headers.get("Authorization"))


def rate_key() -> str:
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return "token:" + hashlib.sha256(header.encode()).hexdigest()[:24]
    return "addr:" + (request.remote_addr or "unknown")
