"""Card and board data of one edition, loaded from `data/<edition>/*.json`, with name indexes."""

from __future__ import annotations

import json
from functools import cache

from ..core.names import NameIndex
from ..resources import data_dir

FACTIONS = ("emperor", "guild", "bene-gesserit", "fremen")


def _load(edition: str, name: str) -> dict:
    path = data_dir() / edition / f"{name}.json"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


class Content:
    """Everything printed on the components of one edition."""

    def __init__(self, edition: str):
        self.edition = edition
        board = _load(edition, "board")
        self.rules = board["setup"]
        self.spaces = {s["id"]: s for s in board["spaces"]}
        self.posts = {p["id"]: p["spaces"] for p in board.get("posts", [])}
        self.space_posts = {s: sorted(p for p, spaces in self.posts.items() if s in spaces)
                            for s in self.spaces}
        self.factions = {f["id"]: f for f in board["factions"]}
        self.cards = {c["id"]: c for c in _load(edition, "imperium").get("cards", [])}
        self.intrigues = {c["id"]: c for c in _load(edition, "intrigue").get("cards", [])}
        self.conflicts = {c["id"]: c for c in _load(edition, "conflicts").get("conflicts", [])}
        self.leaders = {c["id"]: c for c in _load(edition, "leaders").get("leaders", [])}
        self.objectives = {c["id"]: c for c in _load(edition, "objectives").get("objectives", [])}
        self.contracts = {c["id"]: c for c in _load(edition, "contracts").get("contracts", [])}
        self.names = {
            "card": self._index("card", self.cards),
            "intrigue": self._index("intrigue card", self.intrigues),
            "conflict": self._index("conflict card", self.conflicts),
            "leader": self._index("leader", self.leaders),
            "space": self._index("board space", self.spaces),
            "faction": self._index("faction", self.factions),
            "objective": self._index("objective", self.objectives),
            "contract": self._index("contract", self.contracts),
            "post": self._index("observation post", {p: {} for p in self.posts}),
        }

    @staticmethod
    def _index(kind: str, things: dict) -> NameIndex:
        index = NameIndex(kind)
        for ident, thing in things.items():
            names = thing.get("name", {})
            index.add(ident, names.get("en", ""), names.get("ru", ""))
        return index

    def of_type(self, card_type: str) -> list[dict]:
        return [c for c in self.cards.values() if c.get("type") == card_type]


@cache
def content(edition: str) -> Content:
    return Content(edition)
