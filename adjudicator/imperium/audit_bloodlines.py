"""The Bloodlines part of the audit (audit.py): is the state's count of Sardaukar Commanders,
Skills and Tech tiles one a game can reach? Each problem points at its place in the state.

- Commanders (seed p. 3): the seven are on the board's spaces, in the bank (one at setup, taken
  only by Sardaukar Standard), in the box (those setup returns) or with a player; none negative.
- Skills (pp. 3-4): each copy in one place (stack, face up, a player, trashed); a player holds
  one copy of a Skill at most; Fierce is no Skill of the original game.
- Tech tiles (p. 6): each of the game's tiles in one place (unseen, a known bottom, face up,
  a player's, set aside by Kota Odax, trashed); the stacks' counts agree with the unseen tiles.
- A module's pieces only in a game that plays the module.
"""

from __future__ import annotations

from collections import Counter

from ..core.errors import problem
from .content import Content
from .modules.tech.tiles import tiles_in_game
from .scenario import esc
from .scenario_bloodlines import BLOODLINES, TECH, commander_setup, expansion_skills, skill_copies

PLAYER_PIECES = {"commanders": BLOODLINES, "skills": BLOODLINES, "skills_used": BLOODLINES, "tech": TECH,
                 "secret_project": TECH}


def audit_bloodlines(state: dict, cnt: Content, out: list) -> None:
    modules, seats = state["game"]["modules"], state["game"]["seats"]
    for key, module in (("commanders", BLOODLINES), ("skills", BLOODLINES), ("tech", TECH)):
        if key in state and module not in modules:
            out.append(problem(f"/{key}", "needs-module", f"{key!r} is a piece of the {module} module, which "
                               "this game does not play"))
        elif key not in state and module in modules:
            out.append(problem(f"/{key}", "schema", f"a game with the {module} module has {key!r}"))
    if out:
        return
    for pid in seats:
        for key, module in PLAYER_PIECES.items():
            if key in state["players"][pid] and module not in modules:
                out.append(problem(f"/players/{esc(pid)}/{key}", "needs-module",
                                   f"{key!r} is a piece of the {module} module, which this game does not play"))
    if BLOODLINES in modules:
        _commanders(state, cnt, out)
        _skills(state, cnt, out)
    if TECH in modules:
        _tiles(state, cnt, out)


def _commanders(state: dict, cnt: Content, out: list) -> None:
    total, bank = commander_setup(cnt, state["game"]["edition"])
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


def _skills(state: dict, cnt: Content, out: list) -> None:
    have, seen = skill_copies(cnt), Counter()
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


def _tiles(state: dict, cnt: Content, out: list) -> None:
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
