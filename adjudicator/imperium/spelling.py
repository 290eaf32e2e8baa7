"""Actions written back in a log's own words, for `replay --explain` (core/explain.py): the names
a log writes (cards, spaces, factions, contracts, Objective cards), and an action's ids spelled
as English or Russian names. A name is used only where it reads back to the same id (three
Conflict cards are all "Skirmish": those stay ids); a thing with no Russian name is written in
English, one with no name at all (an observation post, a face-down "?") as its id.

Mixed into the ruleset (rules.py), whose `NAME_FIELDS`, `_index_for` and `_resolve` are the
name reading this inverts.
"""

from __future__ import annotations

from ..core.errors import UnknownName
from .deck import HIDDEN

LANGUAGES = {"ru": ("ru", "en"), "en": ("en",), "id": ()}  # a vocabulary and its fallbacks, before the id
CARD_TABLES = ("cards", "intrigues", "conflicts", "navigation", "tleilaxu")  # tleilaxu: Reclaimed Forces
TABLES = {"space": ("spaces",), "faction": ("factions",), "contract": ("contracts",), "post": (),
          "objective": ("objectives",), "tech": ("tech",), "skill": ("skills",)}
FIRST_TABLE = {"play-intrigue": "intrigues", "steal-intrigue": "intrigues", "draw-intrigue": "intrigues",
               "draw-twisted": "intrigues", "draw-navigation": "navigation", "reveal-conflict": "conflicts"}


class Spelling:
    """The spelling methods of a ruleset (see core/rulesystem.py)."""

    def written_names(self, data: dict) -> list[tuple[str, bool]]:
        """The names an action (or a shorthand choice) holds, as written, each with whether the
        thing it names has both an English and a Russian name."""
        out = []
        for _key, _place, name, tables, resolve in self._names(data):
            try:
                thing = self._thing(resolve(name), tables)
            except UnknownName:
                thing = {}
            out.append((name, all(thing.get("name", {}).get(lang) for lang in ("en", "ru"))))
        return out

    def spell(self, data: dict, words: str) -> dict:
        """The action `data` (ids) with its names in `words`: "ru", "en" or "id"."""
        out = dict(data)
        if words not in LANGUAGES:
            return out
        for key, place, ident, tables, resolve in self._names(data):
            if key == "objectives":
                out[key] = {**out[key], place: self._spelled(ident, tables, words, resolve)}
            elif key == "cards":
                out[key] = [*out[key][:place], self._spelled(ident, tables, words, resolve), *out[key][place + 1:]]
            else:
                out[key] = self._spelled(ident, tables, words, resolve)
        return out

    def _names(self, data: dict):
        """(field, kind or place, name, tables, resolve) for every name the action holds, in a
        fixed order; `resolve` reads a name as `normalize` does."""
        first = FIRST_TABLE.get(data.get("do"))
        cards = ((first,) if first else ()) + tuple(t for t in CARD_TABLES if t != first)
        for key, kind in self.NAME_FIELDS.items():
            if isinstance(data.get(key), str) and data[key] != HIDDEN:
                index = self._index_for(data, kind)
                yield (key, kind, data[key], cards if kind == "card" else TABLES[kind],
                       lambda name, i=index, k=kind: self._resolve(i, k, name, ""))
        if isinstance(data.get("objectives"), dict):
            index = self.content.names["objective"]
            for pid, name in sorted(data["objectives"].items()):
                if isinstance(name, str):
                    yield "objectives", pid, name, TABLES["objective"], index.resolve
        if isinstance(data.get("cards"), list):
            index = self.content.names[self.DRAWN_KINDS.get(data.get("do"), "card")]
            for place, name in enumerate(data["cards"]):
                if isinstance(name, str) and name != HIDDEN:
                    yield "cards", place, name, cards, lambda n, i=index: self._resolve(i, "card", n, "")

    def _thing(self, ident: str, tables: tuple[str, ...]) -> dict:
        return next((getattr(self.content, t)[ident] for t in tables if ident in getattr(self.content, t)), {})

    def _spelled(self, ident: str, tables: tuple[str, ...], words: str, resolve) -> str:
        thing = self._thing(ident, tables)
        for language in LANGUAGES[words]:
            name = thing.get("name", {}).get(language)
            if not name:
                continue
            try:
                if resolve(name) == ident:
                    return name
            except UnknownName:
                continue
        return ident
