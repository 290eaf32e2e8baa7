"""Canonical JSON: sorted keys, no whitespace. The checksum of a state is taken over it."""

from __future__ import annotations

from typing import Any

import orjson
import xxhash

_OPTS = orjson.OPT_SORT_KEYS


def dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=_OPTS)


def copied(value: Any) -> Any:
    """A deep copy of JSON data, dict key order kept: what copy.deepcopy makes of a state, about
    seven times faster (a public view is taken of every state a live game's append reaches)."""
    return orjson.loads(orjson.dumps(value))


def pretty(value: Any) -> str:
    return orjson.dumps(value, option=_OPTS | orjson.OPT_INDENT_2).decode()


def loads(data: bytes | str) -> Any:
    return orjson.loads(data)


def checksum(state: dict) -> str:
    """A 64-bit hash (xxh3) of the canonical state, excluding the dealer's RNG: it tells states
    apart, it is not a signature, and it is cheap enough to take after every action.

    The RNG is left out so a log that records every chance outcome and a log that gives the
    seed and lets the engine deal produce the same checksums step by step.
    """
    return snapshot(state)[1]


def snapshot(state: dict) -> tuple[bytes, str]:
    """The canonical bytes of the state without its RNG, and their checksum."""
    if "rng" not in state:  # a public view has none
        data = dumps(state)
        return data, digest(data)
    rng = state.pop("rng")
    try:
        data = dumps(state)
    finally:
        state["rng"] = rng
    return data, digest(data)


def digest(data: bytes) -> str:
    """The checksum of a state's canonical bytes (`snapshot`)."""
    return xxhash.xxh3_64_hexdigest(data)


def restore(data: bytes, rng) -> dict:
    state = loads(data)
    state["rng"] = rng
    return state
