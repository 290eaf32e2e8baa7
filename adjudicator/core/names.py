"""Name resolution: ids, English names and Russian names, case and punctuation folded."""

from __future__ import annotations

import difflib
import re
import unicodedata
from functools import lru_cache

from .errors import UnknownName

_NON_WORD = re.compile(r"[^0-9a-zа-я]+")


# A name longer than this is folded but never cached: the cache holds at most 8,192 keys of at
# most 100 characters (a few MB), however long the names a client sends (issue 28: 1,000 query
# values of 60,000 characters grew the server by 130-150 MB).
MAX_CACHED_NAME = 100


def fold(name: str) -> str:
    """`"Dune, the Desert Planet"` and `"dune-the-desert-planet"` fold to the same key."""
    return _cached_fold(name) if len(name) <= MAX_CACHED_NAME else _fold(name)


@lru_cache(maxsize=8192)
def _cached_fold(name: str) -> str:
    return _fold(name)


def _fold(name: str) -> str:
    text = unicodedata.normalize("NFKD", name.lower().replace("ё", "е").replace("й", "и"))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return _NON_WORD.sub("", text)


class NameIndex:
    """Maps every folded alias of a thing to its id. An id always names itself; a name that
    several things share (three Conflict cards are all "Skirmish") is ambiguous."""

    def __init__(self, kind: str):
        self.kind = kind
        self._ids: dict[str, str] = {}
        self._aliases: dict[str, list[str]] = {}
        self._spelled: dict[str, str] = {}  # folded key -> the name as printed (for suggestions)

    def add(self, ident: str, *aliases: str) -> None:
        self._ids[fold(ident)] = ident
        for alias in filter(None, aliases):
            self._spelled.setdefault(fold(alias), alias)
        self._spelled.setdefault(fold(ident), ident)  # the printed name first: "Dagger", not "dagger"
        for alias in filter(None, aliases):
            owners = self._aliases.setdefault(fold(alias), [])
            if ident not in owners:
                owners.append(ident)
                owners.sort()

    def resolve(self, name, pointer: str = "") -> str:
        found = self.lookup(name, pointer)
        if found is not None:
            return found
        close = self.suggest(name) if isinstance(name, str) else []
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        raise UnknownName(f"unknown {self.kind} {name!r}{hint}", pointer, suggestions=close)

    def lookup(self, name, pointer: str = "") -> str | None:
        """The id a name resolves to exactly, None for an unknown one (no suggestions searched: a
        caller trying several indexes asks `resolve` for the error only when all fail). A name
        several things share raises `ambiguous-name`."""
        if not isinstance(name, str):
            return None
        key = fold(name)
        if key in self._ids:
            return self._ids[key]
        owners = self._aliases.get(key, [])
        if len(owners) > 1:
            raise UnknownName(f"{self.kind} {name!r} is ambiguous: say one of {owners}", pointer,
                              code="ambiguous-name", suggestions=owners)
        return owners[0] if owners else None

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The closest known names (as printed), for a misspelled one. Bounded: a name longer
        than any card's is not compared at all."""
        key = fold(name[:120])
        if not key:
            return []
        found = difflib.get_close_matches(key, list(self._spelled), n=n, cutoff=0.6)
        return list(dict.fromkeys(self._spelled[k] for k in found))

    def __contains__(self, name: str) -> bool:
        return isinstance(name, str) and (fold(name) in self._ids or fold(name) in self._aliases)
