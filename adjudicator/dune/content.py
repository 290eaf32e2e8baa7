"""The classic game's content, read once from data/ (docs/dune-data.md): factions, the map as a
graph of sector locations, the decks. Locations are `territory@sector` (the Polar Sink, in no
sector, is `polar-sink`): the storm, shipment and movement are all decided sector by sector."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import networkx as nx

DATA = Path(__file__).resolve().parent / "data"
BASE_FACTIONS = ("atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "spacing-guild")
SECTORS = 18
POLAR_SINK = "polar-sink"
# The Ixians' Hidden Mobile Stronghold (expansion, modules/ixians_tleilaxu/ixians_hms.py): a place of its own, on
# no sector and in no territory of the board, present once the Ixians sit.
HMS = "hidden-mobile-stronghold"


def _load(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def territory(loc: str) -> str:
    return loc.split("@", 1)[0]


def sector(loc: str) -> int | None:
    return int(loc.split("@", 1)[1]) if "@" in loc else None


class Content:
    """Everything a game reads but never changes."""

    def __init__(self):
        self.factions = {f["id"]: f for f in _load("factions")["factions"]}
        board = _load("map")
        self.map = board
        self.territories = {t["id"]: t for t in board["territories"]}
        self.strongholds = tuple(board["strongholds"])
        self.ornithopters = tuple(board["ornithopter_strongholds"])
        self.sheltered = tuple(board["shield_wall"]["shelters"])
        self.locations = sorted(f"{t}@{s}" for t, d in self.territories.items() for s in d["sectors"]) + [POLAR_SINK]
        self.sites: dict[str, list[str]] = {HMS: [HMS]}  # each territory's locations, sorted
        for loc in sorted(self.locations):
            self.sites.setdefault(territory(loc), []).append(loc)
        self.graph = nx.Graph()
        self.graph.add_nodes_from(self.locations)
        self.graph.add_edges_from(tuple(pair) for pair in board["sector_adjacency"])
        self.treachery = {c["id"]: c for c in _load("treachery")["cards"]}
        self.tech_tokens = {t["id"]: t for t in _load("expansion")["tech_tokens"]}
        self.spice_cards = {c["id"]: c for c in _load("spice")["cards"]}
        traitors = _load("traitors")
        self.traitor_deal = traitors["deal"]
        self.traitors = {c["id"]: c for c in traitors["cards"]}
        # the sets of components a module brings (data `set`, named as the module is)
        self.component_sets = frozenset(d["set"] for items in (self.factions, self.treachery, self.spice_cards,
                                                                self.traitors) for d in items.values()) - {"base"}
        self.leaders = {ld["id"]: {**ld, "faction": f} for f, d in self.factions.items() for ld in d["leaders"]}

    def kind(self, loc: str) -> str:
        return self.territories[territory(loc)]["kind"]

    def in_set(self, item: dict, modules) -> bool:
        return item.get("set", "base") == "base" or item["set"] in modules


def sets(modules) -> tuple[str, ...]:
    """The component sets a game with these modules uses (data/*.json `set`): the base game's and
    those of the modules that bring components (the Ixians & Tleilaxu expansion)."""
    return ("base", *sorted(set(modules) & content().component_sets))


def expansion_factions(modules) -> tuple[str, ...]:
    """The factions a game with these modules may seat besides the base six, in data order."""
    return tuple(f for f, d in content().factions.items() if d.get("set", "base") != "base" and d["set"] in modules)


@cache
def content() -> Content:
    return Content()
