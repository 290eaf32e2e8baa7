"""Where the packaged data lives: `schemas/` and `rulings/` travel with the wheel."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def resource_dir(name: str) -> Path:
    """The directory `name` (schemas, rulings): installed copy first, then the source tree."""
    for candidate in (_PACKAGE / "_resources" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"resource directory {name!r} not found")


def data_dir() -> Path:
    return _PACKAGE / "imperium" / "data"
