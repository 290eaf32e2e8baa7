"""Name resolution: ids, English names and Russian names, case and punctuation folded."""

from __future__ import annotations

import re
import unicodedata

from .errors import UnknownName

_NON_WORD = re.compile(r"[^0-9a-zа-я]+")


def fold(name: str) -> str:
    """`"Dune, the Desert Planet"` and `"dune-the-desert-planet"` fold to the same key."""
    text = unicodedata.normalize("NFKD", name.lower().replace("ё", "е").replace("й", "и"))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return _NON_WORD.sub("", text)


class NameIndex:
    """Maps every folded alias of a thing to its id."""

    def __init__(self, kind: str):
        self.kind = kind
        self._ids: dict[str, str] = {}

    def add(self, ident: str, *aliases: str) -> None:
        for alias in (ident, *aliases):
            if alias:
                self._ids.setdefault(fold(alias), ident)

    def resolve(self, name, pointer: str = "") -> str:
        if isinstance(name, str):
            found = self._ids.get(fold(name))
            if found:
                return found
        raise UnknownName(f"unknown {self.kind} {name!r}", pointer)

    def __contains__(self, name: str) -> bool:
        return isinstance(name, str) and fold(name) in self._ids
