"""Name resolution: ids, English names and Russian names, case and punctuation folded."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .errors import UnknownName

_NON_WORD = re.compile(r"[^0-9a-zа-я]+")


@lru_cache(maxsize=8192)
def fold(name: str) -> str:
    """`"Dune, the Desert Planet"` and `"dune-the-desert-planet"` fold to the same key."""
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

    def add(self, ident: str, *aliases: str) -> None:
        self._ids[fold(ident)] = ident
        for alias in filter(None, aliases):
            owners = self._aliases.setdefault(fold(alias), [])
            if ident not in owners:
                owners.append(ident)
                owners.sort()

    def resolve(self, name, pointer: str = "") -> str:
        if isinstance(name, str):
            key = fold(name)
            if key in self._ids:
                return self._ids[key]
            owners = self._aliases.get(key, [])
            if len(owners) == 1:
                return owners[0]
            if owners:
                raise UnknownName(f"{self.kind} {name!r} is ambiguous: say one of {owners}", pointer,
                                  code="ambiguous-name")
        raise UnknownName(f"unknown {self.kind} {name!r}", pointer)

    def __contains__(self, name: str) -> bool:
        return isinstance(name, str) and (fold(name) in self._ids or fold(name) in self._aliases)
