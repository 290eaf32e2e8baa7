"""Canonical JSON: sorted keys, no whitespace. The checksum of a state is taken over it."""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

_OPTS = orjson.OPT_SORT_KEYS


def dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=_OPTS)


def pretty(value: Any) -> str:
    return orjson.dumps(value, option=_OPTS | orjson.OPT_INDENT_2).decode()


def loads(data: bytes | str) -> Any:
    return orjson.loads(data)


def checksum(state: dict) -> str:
    """sha256 of the canonical state, excluding the dealer's RNG.

    The RNG is left out so a log that records every chance outcome and a log that gives the
    seed and lets the engine deal produce the same checksums step by step.
    """
    game_only = {k: v for k, v in state.items() if k != "rng"}
    return hashlib.sha256(dumps(game_only)).hexdigest()[:16]
