"""Bloodlines in compact positions (seed 000; docs/positions.md): the Sardaukar Commanders and
their Skills, the Tech Module's tiles and the new leaders' own pieces, read from a scenario into
the state that scenario.py builds.

What a person at the table sees is written; the rest is filled in as for cards: the Skill stack
is every copy not seen face up, with a player or trashed; the Tech tiles nobody has seen are the
game's tiles not seen anywhere else; the bank's Commander is the one neither on the board nor
with a player; Piter De Vries's Twisted Intrigue deck is his cards not seen elsewhere. A piece of
a module the game does not play, or of a leader nobody leads, is a problem with its pointer.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

from ..core.errors import UnknownName
from ..core.names import NameIndex
from ..resources import data_dir
from .content import Content, in_game
from .game import Game
from .leaders import passive_step
from .modules.tech.tiles import STACKS, tiles_in_game

BLOODLINES, TECH = "bloodlines", "tech"
FACE_UP_SKILLS = 4  # seed p. 3, setup step 2
# scenario field -> the module it needs (top level, `board`, and per player)
TOP = {"contracts_trashed": BLOODLINES, "skills": BLOODLINES, "skills_trashed": BLOODLINES, "tech": TECH,
       "commanders_box": BLOODLINES,
       "tech_stacks": TECH, "tech_trashed": TECH, "tech_bottoms": TECH}
BOARD = {"commanders": BLOODLINES}
PLAYER = {"commanders": BLOODLINES, "skills": BLOODLINES, "skills_used": BLOODLINES, "tech": TECH,
          "secret_project": TECH, "spies_trashed": TECH}
# a leader's own piece -> the state key its setup creates (only that leader has it)
LEADER_PIECES = {"tactics": "tactics", "navigation": "navigation", "navigation_played": "navigation"}


@cache
def _skill_data() -> tuple[dict, ...]:
    with (data_dir() / BLOODLINES / "skills.json").open(encoding="utf-8") as fh:
        return tuple(json.load(fh)["skills"])


def expansion_skills() -> set[str]:
    return {s["id"] for s in _skill_data()}


@cache
def skill_names() -> NameIndex:
    """Every Skill of the expansion, those an edition leaves out too (so that Fierce in an
    original game is named for what it is, not as an unknown name)."""
    index = NameIndex("Sardaukar Commander Skill")
    for s in _skill_data():
        index.add(s["id"], s["name"].get("en", ""), s["name"].get("ru", ""))
    return index


def skill_copies(cnt: Content) -> Counter:
    return Counter({s: d.get("copies", 1) for s, d in cnt.skills.items()})


def commander_setup(cnt: Content, edition: str) -> tuple[int, int]:
    """(the Commanders in all, the bank's at setup)."""
    data = cnt.expansion_setup[BLOODLINES]["sardaukar_commanders"]
    return data["total"], data["placement"][edition]["bank"]


def _modules_ok(r, modules, src: dict, fields: dict, ptr: str) -> None:
    for key, module in fields.items():
        if key in src and module not in modules:
            r.fail(f"{ptr}/{key}", "needs-module", f"{key!r} is a piece of the {module} module, which this game "
                   f"does not play (modules {list(modules)})")


class Pieces:
    """Resolves the Bloodlines names of one scenario through the scenario's Reader."""

    def __init__(self, r):
        self.r, self.cnt = r, r.cnt

    def skill(self, value, pointer: str):
        try:
            ident = skill_names().resolve(value, pointer)
        except UnknownName as err:
            self.r.fail(pointer, err.code, err.message, **({"suggestions": err.suggestions} if err.suggestions else {}))
            return None
        if ident not in self.cnt.skills:  # both Fierce with the original game (seed p. 3)
            self.r.fail(pointer, "not-in-edition", f"{value!r} is left out of the Skill stack with "
                        f"{self.cnt.edition}: exclude the two Fierce Skills")
            return None
        return ident

    def skills(self, values, pointer: str) -> list[str]:
        found = [self.skill(v, f"{pointer}/{i}") for i, v in enumerate(values or [])]
        self.r.lists[pointer] = found
        return [s for s in found if s]

    def tile(self, value, pointer: str, modules):
        ident = self.r.name("tech", value, pointer)
        if ident and ident not in tiles_in_game(self.cnt, modules):  # CHOAM Transports without CHOAM
            self.r.fail(pointer, "needs-module", f"{self.cnt.tech[ident]['name']['en']} is used only with "
                        f"{self.cnt.tech[ident].get('module')}")
            return None
        return ident

    def tiles(self, values, pointer: str, modules, empty: bool = False) -> list:
        found = []
        for i, v in enumerate(values or []):
            found.append(None if (v is None and empty) else self.tile(v, f"{pointer}/{i}", modules))
        return found


# --- the table ---------------------------------------------------------------------------------
def read_table(r, state: dict, doc: dict) -> None:
    modules = state["game"]["modules"]
    _modules_ok(r, modules, doc, TOP, "")
    _modules_ok(r, modules, doc.get("board", {}), BOARD, "/board")
    p = Pieces(r)
    if "contracts_trashed" in doc:  # Coercive Negotiation trashes contracts (seed p. 8)
        state["contracts"]["trashed"] = sorted(r.names("contract", doc["contracts_trashed"], "/contracts_trashed"))
    if BLOODLINES in modules:
        if "commanders" in doc.get("board", {}):
            spaces = [r.name("space", s, f"/board/commanders/{i}") for i, s in enumerate(doc["board"]["commanders"])]
            state["board"]["commanders"] = sorted(s for s in spaces if s)
        if "commanders_box" in doc:  # beyond setup's: those a Rival sent there (custom/rivals_bloodlines.py)
            state["commanders"]["box"] = doc["commanders_box"]
        if "skills" in doc:
            state["skills"]["face_up"] = sorted(p.skills(doc["skills"], "/skills"))
        state["skills"]["trashed"] = sorted(p.skills(doc.get("skills_trashed"), "/skills_trashed"))
    if TECH in modules:
        tech = state["tech"]
        if "tech" in doc:
            tech["face_up"] = (p.tiles(doc["tech"], "/tech", modules, empty=True) + [None] * STACKS)[:STACKS]
        if "tech_bottoms" in doc:
            tech["bottoms"] = (p.tiles(doc["tech_bottoms"], "/tech_bottoms", modules, empty=True)
                               + [None] * STACKS)[:STACKS]
        tech["trashed"] = sorted(t for t in p.tiles(doc.get("tech_trashed"), "/tech_trashed", modules) if t)


# --- a player ----------------------------------------------------------------------------------
def read_player(r, state: dict, pid: str, src: dict, ptr: str) -> None:
    modules, pl, p = state["game"]["modules"], state["players"][pid], Pieces(r)
    _modules_ok(r, modules, src, PLAYER, ptr)
    for key, state_key in LEADER_PIECES.items():
        if key in src and state_key not in pl:
            r.fail(f"{ptr}/{key}", "not-this-leader", f"{key!r} is a piece of another leader than {pid}'s")
    if BLOODLINES in modules:
        pl["commanders"].update({k: n for k, n in src.get("commanders", {}).items()})
        pl["skills"] = sorted(p.skills(src.get("skills"), f"{ptr}/skills"))
        pl["skills_used"] = sorted(p.skills(src.get("skills_used"), f"{ptr}/skills_used"))
    if TECH in modules:
        pl["tech"] = sorted(_owned_tiles(p, src.get("tech"), f"{ptr}/tech", modules), key=lambda e: e["id"])
        if "secret_project" in src:
            if passive_step(Game(state, r.cnt), pid, "secret-project-tech") is None:
                r.fail(f"{ptr}/secret_project", "not-this-leader", "only Kota Odax of Ix sets a Tech tile aside")
            else:
                pl["secret_project"] = p.tile(src["secret_project"], f"{ptr}/secret_project", modules)
        if src.get("spies_trashed"):  # Advanced Data Analysis: a spy gone to the box (seed p. 7)
            pl["spies_trashed"] = src["spies_trashed"]
            pl["spies"] -= src["spies_trashed"]
    _leader_pieces(r, state, pid, src, ptr)


def _owned_tiles(p: Pieces, values, pointer: str, modules) -> list[dict]:
    out = []
    for i, v in enumerate(values or []):
        tile, flipped = (v, False) if isinstance(v, str) else (v["tile"], v.get("flipped", False))
        ident = p.tile(tile, f"{pointer}/{i}" if isinstance(v, str) else f"{pointer}/{i}/tile", modules)
        if ident:
            out.append({"id": ident, "flipped": flipped})
    return out


def _leader_pieces(r, state: dict, pid: str, src: dict, ptr: str) -> None:
    """Chani's Tactics token, Y'rkoon's Navigation cards (slot order, then those played), and
    what a card leaves on a player until it is used: Duncan Idaho's Agent fighting as a unit, a
    standing Reveal Persuasion, Urgent Shigawire's boost, a Commander discount for the next turn,
    a Combat icon played before the turn."""
    pl = state["players"][pid]
    if "tactics" in src and "tactics" in pl:
        pl["tactics"] = src["tactics"]
    if "navigation" in pl:
        pl["navigation"] = [c for c in (r.name("navigation", v, f"{ptr}/navigation/{i}")
                                        for i, v in enumerate(src.get("navigation", pl["navigation"]))) if c]
        played = []
        for i, v in enumerate(src.get("navigation_played", [])):
            card, faction = (v, None) if isinstance(v, str) else (v["card"], v.get("faction"))
            ident = r.name("navigation", card, f"{ptr}/navigation_played/{i}")
            if faction is not None:
                faction = r.name("faction", faction, f"{ptr}/navigation_played/{i}/faction")
            if ident:
                played.append({"card": ident, "slot": len(played) + 1, "faction": faction})
        if played:
            pl["navigation_played"] = played
    if src.get("agent_unit"):
        pl["agent_unit"] = src["agent_unit"]
        pl["agents"] -= 1
    for key in ("reveal_persuasion", "commander_discount"):
        if src.get(key):
            pl[key] = src[key]
    if src.get("bene_gesserit_boost"):  # true: this round; a number: an earlier round's, spent (kept by the engine)
        boost = src["bene_gesserit_boost"]
        pl["bg_boost"] = state["round"] if boost is True else boost
    if src.get("combat_icon"):
        pl["combat_icon"] = True


# --- every copy not seen elsewhere ---------------------------------------------------------------
def fill(r, state: dict, doc: dict) -> None:
    cnt, modules = r.cnt, state["game"]["modules"]
    players = [state["players"][q] for q in state["game"]["seats"]]
    if BLOODLINES in modules:
        skills = state["skills"]
        held = Counter(skills["trashed"]) + sum((Counter(pl["skills"]) for pl in players), Counter())
        if "skills" not in doc:  # the Skills left, the first four in name order
            skills["face_up"] = sorted((skill_copies(cnt) - held).elements())[:FACE_UP_SKILLS]
        skills["stack"] = sorted((skill_copies(cnt) - held - Counter(skills["face_up"])).elements())
        total, bank = commander_setup(cnt, state["game"]["edition"])
        out = len(state["board"]["commanders"]) + state["commanders"]["box"] + sum(
            sum(pl["commanders"].values()) for pl in players)
        state["commanders"]["bank"] = total - out
        if total - out < 0:
            r.fail("/board/commanders" if "commanders" in doc.get("board", {}) else "/players", "beyond-supply",
                   f"{out} Sardaukar Commanders on the board, in the box and with the players; the game has {total}")
    if TECH in modules:
        _fill_tech(state, cnt, doc)
    for pl in players:
        if "twisted_deck" in pl:
            seen = Counter(c for q in players for c in q["intrigue"]) + Counter(state["intrigue_discard"]) \
                + Counter(state.get("intrigue_trashed", []))
            own = Counter({c: d.get("copies", 1) for c, d in cnt.twisted_intrigue.items() if in_game(d, modules)})
            pl["twisted_deck"] = sorted((own - seen).elements())


def _fill_tech(state: dict, cnt: Content, doc: dict) -> None:
    tech, players = state["tech"], [state["players"][q] for q in state["game"]["seats"]]
    tiles = Counter(tiles_in_game(cnt, state["game"]["modules"]))
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
