"""API tokens: random secrets shown once, stored only as their sha256."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime

from ..core.errors import NotFound, Unauthorized
from ..store import transaction


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create(db, name: str) -> tuple[str, str]:
    """A new token for `name`. Returns (token id, the secret token itself)."""
    token_id = secrets.token_hex(4)
    secret = f"da_{token_id}_{secrets.token_urlsafe(24)}"
    with transaction(db):
        db["tokens"].insert({"id": token_id, "name": name, "hash": digest(secret), "created": now(),
                             "revoked": None})
    return token_id, secret


def revoke(db, name_or_id: str) -> int:
    """Revoke every live token with that id or name; returns how many."""
    rows = list(db.query("select id from tokens where (id = ? or name = ?) and revoked is null",
                         [name_or_id, name_or_id]))
    if not rows:
        raise NotFound(f"no live token {name_or_id!r}")
    with transaction(db):
        for row in rows:
            db["tokens"].update(row["id"], {"revoked": now()})
    return len(rows)


def authenticate(db, header: str | None) -> str:
    """The id of the token in an `Authorization: Bearer ...` header, or Unauthorized."""
    if not header or not header.startswith("Bearer "):
        raise Unauthorized("this request needs an API token: Authorization: Bearer <token>", "/headers/Authorization")
    rows = list(db.query("select id, revoked from tokens where hash = ?", [digest(header[7:].strip())]))
    if not rows:
        raise Unauthorized("the API token is not valid", "/headers/Authorization")
    if rows[0]["revoked"]:
        raise Unauthorized("the API token was revoked", "/headers/Authorization")
    return rows[0]["id"]


SEAT_PREFIX = "ds_"  # a live game's seat token (service/live.py): never an API token


def authenticate_seat(db, header: str) -> str:
    """The caller id of a seat token (`seat:<game>:<seat>`), or Unauthorized."""
    rows = list(db.query("select game, seat from seat_tokens where hash = ?", [digest(header[7:].strip())]))
    if not rows:
        raise Unauthorized("the seat token is not valid (a newer token for its seat replaces it)",
                           "/headers/Authorization")
    return f"seat:{rows[0]['game']}:{rows[0]['seat']}"
