"""The Tech Module in positions (Bloodlines pp. 6-7; docs/positions.md): the Tech tiles face up,
in the stacks, with the players, set aside by Kota Odax or trashed, read from a scenario, cut
back from a state and audited (core/engine/positions.py).

The tiles nobody has seen are the game's tiles not seen anywhere else; a stack's count, left
out, shares them as evenly as possible. The audit: each of the game's tiles in one place
(unseen, a known bottom, face up, a player's, set aside, trashed), and the stacks' counts agree
with the unseen tiles.
"""

from __future__ import annotations

from collections import Counter

from ....core.engine.positions import Part, esc
from ....core.errors import problem
from ...content import Content
from ...game import Game
from ...leaders import passive_step
from .tiles import MODULE, STACKS, face_up_again, plays_tiles, tiles_in_game


def _tile(r, value, pointer: str, modules):
    ident = r.name("tech", value, pointer)
    if ident and ident not in tiles_in_game(r.cnt, modules):  # CHOAM Transports without CHOAM
        r.fail(pointer, "needs-module", f"{r.cnt.tech[ident]['name']['en']} is used only with "
               f"{r.cnt.tech[ident].get('module')}")
        return None
    return ident


def _tiles(r, values, pointer: str, modules, empty: bool = False) -> list:
    return [None if (v is None and empty) else _tile(r, v, f"{pointer}/{i}", modules)
            for i, v in enumerate(values or [])]


def _row(r, values, pointer: str, modules) -> list:
    """A row of the three stacks (a tile or None each), filled up with None."""
    return (_tiles(r, values, pointer, modules, empty=True) + [None] * STACKS)[:STACKS]


def default_stacks(tech: dict) -> list[int]:
    """The face-down tiles per stack when the scenario does not say: a stack showing no tile is
    empty, the others share the unseen tiles as evenly as possible (first stacks first), and a
    known bottom tile is one of its stack's."""
    unseen = len(tech["pool"]) + sum(1 for b in tech["bottoms"] if b)
    shown = [i for i in range(STACKS) if tech["face_up"][i] or tech["bottoms"][i]]
    sizes = [0] * STACKS
    for k, i in enumerate(shown):
        sizes[i] = unseen // len(shown) + (1 if k < unseen % len(shown) else 0)
    return sizes


class Tech(Part):
    name = MODULE
    table_keys = ("tech", "tech_stacks", "tech_trashed", "tech_bottoms")
    player_keys = ("tech", "secret_project", "spies_trashed")
    pointers = {"tech/trashed": "/tech_trashed", "tech/bottoms": "/tech_bottoms", "tech/stacks": "/tech_stacks",
                "tech": "/tech"}

    def read_table(self, r, state: dict, doc: dict) -> None:
        modules = state["game"]["modules"]
        self.unplayed(r, state, doc, self.table_keys)
        if not plays_tiles(modules):
            return
        tech = state["tech"]
        if "tech" in doc:
            tech["face_up"] = _row(r, doc["tech"], "/tech", modules)
        if "tech_bottoms" in doc:
            tech["bottoms"] = _row(r, doc["tech_bottoms"], "/tech_bottoms", modules)
        tech["trashed"] = sorted(t for t in _tiles(r, doc.get("tech_trashed"), "/tech_trashed", modules) if t)

    def read_player(self, r, state: dict, pid: str, src: dict, ptr: str) -> None:
        modules, pl = state["game"]["modules"], state["players"][pid]
        self.unplayed(r, state, src, self.player_keys, ptr)
        if not plays_tiles(modules):
            return
        pl["tech"] = sorted(_owned(r, src.get("tech"), f"{ptr}/tech", modules), key=lambda e: e["id"])
        if "secret_project" in src:
            if passive_step(Game(state, r.cnt), pid, "secret-project-tech") is None:
                r.fail(f"{ptr}/secret_project", "not-this-leader", "only Kota Odax of Ix sets a Tech tile aside")
            else:
                pl["secret_project"] = _tile(r, src["secret_project"], f"{ptr}/secret_project", modules)
        if src.get("spies_trashed"):  # Advanced Data Analysis: a spy gone to the box (seed p. 7)
            pl["spies_trashed"] = src["spies_trashed"]
            pl["spies"] -= src["spies_trashed"]

    def fill(self, r, state: dict, doc: dict) -> None:
        if not plays_tiles(state["game"]["modules"]):
            return
        tech, players = state["tech"], [state["players"][q] for q in state["game"]["seats"]]
        tiles = Counter(tiles_in_game(r.cnt, state["game"]["modules"]))
        if "tech" not in doc:  # as a Row left out: the first tiles nobody has seen, in name order
            owned = sum((Counter(t["id"] for t in pl["tech"]) for pl in players), Counter())
            tech["face_up"] = (sorted((tiles - owned - Counter(tech["trashed"])).elements())[:STACKS]
                               + [None] * STACKS)[:STACKS]
        seen = Counter(t for t in tech["face_up"] + tech["bottoms"] if t) + Counter(tech["trashed"])
        for pl in players:
            seen += Counter(t["id"] for t in pl["tech"]) + Counter([pl["secret_project"]] if pl.get("secret_project")
                                                                  else [])
        tech["pool"] = sorted((tiles - seen).elements())
        tech["stacks"] = list(doc["tech_stacks"]) if "tech_stacks" in doc else default_stacks(tech)

    def read_decision(self, r, state: dict, kind: str, decision: dict) -> None:
        """A round-start position stands after Phase 1 began: a tile written face down was used
        last round and is face up again (Bloodlines p. 7), as in a replayed game."""
        if kind == "round-start":
            face_up_again(state)

    def describe_table(self, c, state: dict, doc: dict) -> None:
        if not plays_tiles(state["game"]["modules"]):
            return
        tech = state["tech"]
        doc["tech"] = [_label(c, t) if t else None for t in tech["face_up"]]
        if tech["stacks"] != default_stacks(tech):
            doc["tech_stacks"] = list(tech["stacks"])
        if tech["trashed"]:
            doc["tech_trashed"] = [_label(c, t) for t in tech["trashed"]]
        if any(tech["bottoms"]):
            doc["tech_bottoms"] = [_label(c, t) if t else None for t in tech["bottoms"]]

    def describe_player(self, c, state: dict, pid: str, out: dict) -> None:
        pl = state["players"][pid]
        if pl.get("tech"):
            out["tech"] = [{"tile": _label(c, t["id"]), "flipped": True} if t["flipped"] else _label(c, t["id"])
                           for t in pl["tech"]]
        if pl.get("secret_project"):
            out["secret_project"] = _label(c, pl["secret_project"])
        if pl.get("spies_trashed"):
            out["spies_trashed"] = pl["spies_trashed"]

    def unplayed(self, r, state: dict, src: dict, keys, ptr: str = "") -> None:
        if not plays_tiles(state["game"]["modules"]):  # Rise of Ix plays the tiles too
            super().unplayed(r, state, src, keys, ptr)

    def misplaced(self, state: dict, out: list) -> None:
        if not plays_tiles(state["game"]["modules"]) or MODULE in state["game"]["modules"]:
            self.pieces_in_play(state, ("tech",), ("tech", "secret_project"), out)
        elif "tech" not in state:
            out.append(problem("/tech", "schema", "a game with Tech tiles has 'tech'"))

    def audit(self, state: dict, cnt: Content, out: list) -> None:
        if plays_tiles(state["game"]["modules"]):
            _audit_tiles(state, cnt, out)


def _label(c, ident: str) -> str:
    return c.name.written(c.cnt.names["tech"], c.cnt.tech, ident)


def _owned(r, values, pointer: str, modules) -> list[dict]:
    out = []
    for i, v in enumerate(values or []):
        tile, flipped = (v, False) if isinstance(v, str) else (v["tile"], v.get("flipped", False))
        ident = _tile(r, tile, f"{pointer}/{i}" if isinstance(v, str) else f"{pointer}/{i}/tile", modules)
        if ident:
            out.append({"id": ident, "flipped": flipped})
    return out


def _audit_tiles(state: dict, cnt: Content, out: list) -> None:
    tech, have, seen = state["tech"], Counter(tiles_in_game(cnt, state["game"]["modules"])), Counter()
    zones = [("/tech/pool", tech["pool"]), ("/tech/bottoms", tech["bottoms"]), ("/tech/face_up", tech["face_up"]),
             ("/tech/trashed", tech["trashed"])]
    for pid in state["game"]["seats"]:
        pl = state["players"][pid]
        zones.append((f"/players/{esc(pid)}/tech", [t["id"] for t in pl.get("tech", [])]))
        if pl.get("secret_project"):
            zones.append((f"/players/{esc(pid)}/secret_project", [pl["secret_project"]]))
    for ptr, tiles in zones:
        for i, tile in enumerate(tiles):
            if tile is None:
                continue
            at = ptr if ptr.endswith("secret_project") else f"{ptr}/{i}"
            if tile not in have:
                code = "needs-module" if tile in cnt.tech else "unknown-name"
                out.append(problem(at, code, f"{tile!r} is no Tech tile of this game"))
                continue
            seen[tile] += 1
            if seen[tile] > 1:
                out.append(problem(at, "too-many-copies", f"{cnt.tech[tile]['name']['en']} is in more than one place: "
                                   "the game has one of each Tech tile"))
    missing = sorted((have - seen).elements())
    if missing:
        out.append(problem("/tech/pool", "tiles-missing", f"Tech tiles nowhere in the game: {missing}"))
    hidden = len(tech["pool"]) + sum(1 for b in tech["bottoms"] if b)
    if any(n < 0 for n in tech["stacks"]) or sum(tech["stacks"]) != hidden:
        out.append(problem("/tech/stacks", "beyond-supply", f"the stacks hold {tech['stacks']} face-down tiles, "
                           f"but {hidden} tiles are unseen"))


PART = Tech()
