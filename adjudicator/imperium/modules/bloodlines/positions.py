"""Bloodlines in positions (seed 000; docs/positions.md): the Sardaukar Commanders and their
Skills, the new leaders' own pieces and what a Bloodlines card leaves on a player, read from a
scenario, cut back from a state and audited (core/engine/positions.py).

What a person at the table sees is written; the rest is filled in as for cards: the Skill stack
is every copy not seen face up, with a player or trashed; the bank's Commander is the one
neither on the board nor with a player; Piter De Vries's Twisted Intrigue deck is his cards not
seen elsewhere. A piece of the module in a game that does not play it, or of a leader nobody
leads, is a problem with its pointer.

The audit (seed pp. 3-4): the seven Commanders are on the board's spaces, in the bank (one at
setup, taken only by Sardaukar Standard), in the box (those setup returns) or with a player,
none negative; each Skill copy is in one place (stack, face up, a player, trashed), a player
holds one copy of a Skill at most, and Fierce is no Skill of the original game.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

from ....core.engine.positions import Part, esc
from ....core.errors import UnknownName, problem
from ....core.names import NameIndex
from ....resources import data_dir
from ...content import Content, in_game
from ...deck import HIDDEN
from .stock import setup_variant, skill_copies

BLOODLINES = "bloodlines"
FACE_UP_SKILLS = 4  # seed p. 3, setup step 2
# a leader's own piece -> the state key its setup creates (only that leader has it)
LEADER_PIECES = {"tactics": "tactics", "navigation": "navigation", "navigation_played": "navigation",
                 "twisted_hidden": "twisted_deck"}


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


def commander_setup(cnt: Content, state: dict) -> tuple[int, int]:
    """(the Commanders in all, the bank's at setup)."""
    data = cnt.expansion_setup[BLOODLINES]["sardaukar_commanders"]
    return data["total"], data["placement"][setup_variant(state)]["bank"]


def _skill(r, value, pointer: str):
    try:
        ident = skill_names().resolve(value, pointer)
    except UnknownName as err:
        r.fail(pointer, err.code, err.message, **({"suggestions": err.suggestions} if err.suggestions else {}))
        return None
    if ident not in r.cnt.skills:  # both Fierce with the original game (seed p. 3)
        r.fail(pointer, "not-in-edition", f"{value!r} is left out of the Skill stack with {r.cnt.edition}: "
               "exclude the two Fierce Skills")
        return None
    return ident


def _skills(r, values, pointer: str) -> list[str]:
    found = [_skill(r, v, f"{pointer}/{i}") for i, v in enumerate(values or [])]
    r.lists[pointer] = found
    return [s for s in found if s]


class Bloodlines(Part):
    name = BLOODLINES
    table_keys = ("contracts_trashed", "skills", "skills_trashed", "commanders_box")
    player_keys = ("commanders", "skills", "skills_used")
    pointers = {"contracts/trashed": "/contracts_trashed", "commanders": "/board/commanders",
                "board/commanders": "/board/commanders", "skills/trashed": "/skills_trashed", "skills": "/skills"}

    def read_table(self, r, state: dict, doc: dict) -> None:
        self.unplayed(r, state, doc, self.table_keys)
        self.unplayed(r, state, doc.get("board", {}), ("commanders",), "/board")
        if "contracts_trashed" in doc:  # Coercive Negotiation trashes contracts (seed p. 8)
            state["contracts"]["trashed"] = sorted(r.names("contract", doc["contracts_trashed"], "/contracts_trashed"))
        if BLOODLINES not in state["game"]["modules"]:
            return
        if "commanders" in doc.get("board", {}):
            spaces = [r.name("space", s, f"/board/commanders/{i}") for i, s in enumerate(doc["board"]["commanders"])]
            state["board"]["commanders"] = sorted(s for s in spaces if s)
        if "commanders_box" in doc:  # beyond setup's: those a Rival sent there (custom/rivals_bloodlines.py)
            state["commanders"]["box"] = doc["commanders_box"]
        if "skills" in doc:
            state["skills"]["face_up"] = sorted(_skills(r, doc["skills"], "/skills"))
        state["skills"]["trashed"] = sorted(_skills(r, doc.get("skills_trashed"), "/skills_trashed"))

    def read_player(self, r, state: dict, pid: str, src: dict, ptr: str) -> None:
        pl = state["players"][pid]
        self.unplayed(r, state, src, self.player_keys, ptr)
        for key, state_key in LEADER_PIECES.items():
            if key in src and state_key not in pl:
                r.fail(f"{ptr}/{key}", "not-this-leader", f"{key!r} is a piece of another leader than {pid}'s")
        if BLOODLINES in state["game"]["modules"]:
            pl["commanders"].update({k: n for k, n in src.get("commanders", {}).items()})
            pl["skills"] = sorted(_skills(r, src.get("skills"), f"{ptr}/skills"))
            pl["skills_used"] = sorted(_skills(r, src.get("skills_used"), f"{ptr}/skills_used"))
        _leader_pieces(r, state, pid, src, ptr)

    def fill(self, r, state: dict, doc: dict) -> None:
        cnt, modules = r.cnt, state["game"]["modules"]
        players = [state["players"][q] for q in state["game"]["seats"]]
        if BLOODLINES in modules:
            _fill_skills(r, state, doc, players)
        for pid, pl in zip(state["game"]["seats"], players, strict=True):
            if "twisted_deck" in pl:
                seen = Counter(c for q in players for c in q["intrigue"]) + Counter(state["intrigue_discard"]) \
                    + Counter(state.get("intrigue_trashed", []))
                own = Counter({c: d.get("copies", 1) for c, d in cnt.twisted_intrigue.items() if in_game(d, modules)})
                pl["twisted_deck"] = sorted((own - seen).elements())
                _twisted_face_down(r, state, pid, pl)

    def describe_table(self, c, state: dict, doc: dict) -> None:
        if state["contracts"].get("trashed"):
            doc["contracts_trashed"] = list(state["contracts"]["trashed"])
        if BLOODLINES not in state["game"]["modules"]:
            return
        doc["skills"] = [_label(c, "skill", s) for s in state["skills"]["face_up"]]
        if state["skills"]["trashed"]:
            doc["skills_trashed"] = [_label(c, "skill", s) for s in state["skills"]["trashed"]]
        if state["board"]["commanders"] != c.default["board"]["commanders"]:
            doc.setdefault("board", {})["commanders"] = list(state["board"]["commanders"])
        if state["commanders"]["box"] != c.default["commanders"]["box"]:
            doc["commanders_box"] = state["commanders"]["box"]

    def describe_player(self, c, state: dict, pid: str, out: dict) -> None:
        pl, default = state["players"][pid], c.default["players"][pid]
        commanders = {k: n for k, n in sorted(pl.get("commanders", {}).items()) if n}
        if commanders:
            out["commanders"] = commanders
        for key in ("skills", "skills_used"):
            if pl.get(key):
                out[key] = [_label(c, "skill", s) for s in pl[key]]
        for key in ("agent_unit", "reveal_persuasion", "commander_discount"):
            if pl.get(key):
                out[key] = pl[key]
        if "tactics" in pl and pl["tactics"] != default.get("tactics"):
            out["tactics"] = pl["tactics"]
        if "navigation" in pl and pl["navigation"] != default.get("navigation"):
            out["navigation"] = [_label(c, "navigation", n) for n in pl["navigation"]]
        if pl.get("navigation_played"):
            out["navigation_played"] = [{"card": _label(c, "navigation", p["card"]),
                                         **({"faction": p["faction"]} if p.get("faction") else {})}
                                        for p in pl["navigation_played"]]
        if pl.get("bg_boost") is not None:
            out["bene_gesserit_boost"] = True if pl["bg_boost"] == state["round"] else pl["bg_boost"]
        if pl.get("combat_icon"):
            out["combat_icon"] = True
        if pl.get("twisted_hidden"):
            out["twisted_hidden"] = pl["twisted_hidden"]

    def misplaced(self, state: dict, out: list) -> None:
        self.pieces_in_play(state, ("commanders", "skills"), ("commanders", "skills"), out)

    def audit(self, state: dict, cnt: Content, out: list) -> None:
        if BLOODLINES in state["game"]["modules"]:
            _audit_commanders(state, cnt, out)
            _audit_skills(state, cnt, out)


def _twisted_face_down(r, state: dict, pid: str, pl: dict) -> None:
    """Piter's face-down Intrigue cards drawn from his own Twisted Intrigue deck (`twisted_hidden`) are not
    the Intrigue deck's: they stay counted in his deck until he plays one."""
    if not pl.get("twisted_hidden"):
        return
    if pl["twisted_hidden"] > min(pl["intrigue"].count(HIDDEN), len(pl["twisted_deck"])):
        r.fail(f"/players/{esc(pid)}/twisted_hidden", "beyond-supply", f"{pl['twisted_hidden']} face-down Twisted "
               "Intrigue cards, more than the face-down Intrigue cards held or the Twisted Intrigue cards unseen")
        return
    state["intrigue_deck"]["hidden"] -= pl["twisted_hidden"]


def _label(c, kind: str, ident: str) -> str:
    if kind == "skill":
        return c.name.written(skill_names(), c.cnt.skills, ident)
    return c.name.written(c.cnt.names[kind], c.cnt.navigation, ident)


def _leader_pieces(r, state: dict, pid: str, src: dict, ptr: str) -> None:
    """Chani's Tactics token, Y'rkoon's Navigation cards (slot order, then those played), and
    what a card leaves on a player until it is used: Duncan Idaho's Agent fighting as a unit, a
    standing Reveal Persuasion, Urgent Shigawire's boost, a Commander discount for the next turn,
    a Combat icon played before the turn."""
    pl = state["players"][pid]
    if "tactics" in src and "tactics" in pl:
        pl["tactics"] = src["tactics"]
    if src.get("twisted_hidden") and "twisted_deck" in pl:
        pl["twisted_hidden"] = src["twisted_hidden"]
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


def _fill_skills(r, state: dict, doc: dict, players: list[dict]) -> None:
    cnt, skills = r.cnt, state["skills"]
    held = Counter(skills["trashed"]) + sum((Counter(pl["skills"]) for pl in players), Counter())
    if "skills" not in doc:  # the Skills left, the first four in name order
        skills["face_up"] = sorted((skill_copies(cnt, state) - held).elements())[:FACE_UP_SKILLS]
    skills["stack"] = sorted((skill_copies(cnt, state) - held - Counter(skills["face_up"])).elements())
    total, _bank = commander_setup(cnt, state)
    out = len(state["board"]["commanders"]) + state["commanders"]["box"] + sum(
        sum(pl["commanders"].values()) for pl in players)
    state["commanders"]["bank"] = total - out
    if total - out < 0:
        r.fail("/board/commanders" if "commanders" in doc.get("board", {}) else "/players", "beyond-supply",
               f"{out} Sardaukar Commanders on the board, in the box and with the players; the game has {total}")


def _audit_commanders(state: dict, cnt: Content, out: list) -> None:
    total, bank = commander_setup(cnt, state)
    mine = {pid: state["players"][pid].get("commanders", {}) for pid in state["game"]["seats"]}
    for pid, zones in mine.items():
        for zone, n in sorted(zones.items()):
            if n < 0:
                out.append(problem(f"/players/{esc(pid)}/commanders/{esc(zone)}", "negative",
                                   f"{pid} has {n} Sardaukar Commanders in {zone}"))
    held = state["commanders"]
    if not 0 <= held["bank"] <= bank:
        out.append(problem("/commanders/bank", "beyond-supply", f"the bank holds {held['bank']} Sardaukar "
                           f"Commanders: {bank} at setup, taken only by Sardaukar Standard"))
    found = len(state["board"]["commanders"]) + held["bank"] + held["box"] + sum(
        sum(z.values()) for z in mine.values())
    if found != total:
        out.append(problem("/commanders", "beyond-supply" if found > total else "commanders-missing",
                           f"{found} Sardaukar Commanders on the board, in the bank, the box and with the "
                           f"players; the game has {total}"))


def _audit_skills(state: dict, cnt: Content, out: list) -> None:
    have, seen = skill_copies(cnt, state), Counter()
    zones = [("/skills/stack", state["skills"]["stack"]), ("/skills/face_up", state["skills"]["face_up"]),
             ("/skills/trashed", state["skills"]["trashed"])]
    zones += [(f"/players/{esc(pid)}/skills", state["players"][pid]["skills"]) for pid in state["game"]["seats"]]
    for ptr, skills in zones:
        for i, skill in enumerate(skills):
            if skill not in have:
                out.append(problem(f"{ptr}/{i}", "not-in-edition" if skill in expansion_skills() else "unknown-name",
                                   f"{skill!r} is no Sardaukar Commander Skill of {cnt.edition}"))
                continue
            seen[skill] += 1
            if seen[skill] > have[skill]:
                out.append(problem(f"{ptr}/{i}", "too-many-copies", f"{cnt.skills[skill]['name']['en']} is in more "
                                   f"places than the game has copies ({have[skill]})"))
            if ptr.startswith("/players/") and skills[:i].count(skill):
                out.append(problem(f"{ptr}/{i}", "too-many-copies", f"a player holds one copy of "
                                   f"{cnt.skills[skill]['name']['en']} at most"))


PART = Bloodlines()
