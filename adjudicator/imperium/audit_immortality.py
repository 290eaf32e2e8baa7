"""The Immortality part of the audit (audit.py): is the Bene Tleilax board one a game can reach?
Each problem points at its place in the state.

- The research token on a space of the research track, the Tleilaxu token on its track (p. 6-7).
- Tleilaxu cards (p. 9): each once, in the Tleilaxu deck, the Row or a player's cards; the Row
  holds two of them at most (Reclaimed Forces, beside it, is never one of them).
- The spice on the Victory Point space (p. 7): there until a token reaches the space, then taken.
- Specimens are troops: the troop count (audit.py) holds them, so a specimen conjured is a troop
  beyond the supply.
- A module's pieces only in a game that plays the module.

A research token moved backwards along its track is no state a single snapshot can show (no piece
records the spaces passed): the replay's invariants catch it between two states
(invariants.py; the rule-system harness, tests/test_rule_systems.py `step_checks`).
"""

from __future__ import annotations

from collections import Counter

from ..core.errors import problem
from .content import Content
from .modules.immortality.board import MODULE, ROW, board, research_spaces, tleilaxu_cards
from .scenario import esc
from .scenario_immortality import setup_spice, vp_space

PLAYER_PIECES = ("research", "tleilaxu", "atomics")
ZONES = (("deck", lambda pl: pl["deck"]["cards"]), ("hand", lambda pl: pl["hand"]),
         ("discard", lambda pl: pl["discard"]), ("play", lambda pl: pl["play"]),
         ("trashed", lambda pl: pl["trashed"]))


def audit_immortality(state: dict, cnt: Content, out: list) -> None:
    modules, seats = state["game"]["modules"], state["game"]["seats"]
    playing = MODULE in modules
    if ("tleilaxu" in state) != playing:
        out.append(problem("/tleilaxu", "needs-module" if not playing else "schema",
                           f"the Bene Tleilax board is a piece of the {MODULE} module, which this game "
                           + ("plays: it has 'tleilaxu'" if playing else "does not play")))
        return
    for pid in seats:
        pl = state["players"][pid]
        for key in PLAYER_PIECES:
            if (key in pl) != playing:
                out.append(problem(f"/players/{esc(pid)}/{key}", "needs-module" if not playing else "schema",
                                   f"{key!r} is a piece of the {MODULE} module"))
        if "tanks" in pl["troops"] and not playing:
            out.append(problem(f"/players/{esc(pid)}/troops/tanks", "needs-module",
                               f"specimens are kept only with the {MODULE} module"))
    if not playing or out:
        return
    _tracks(state, cnt, out)
    _cards(state, cnt, out)


def _tracks(state: dict, cnt: Content, out: list) -> None:
    spaces, last = research_spaces(cnt), len(board(cnt)["tleilaxu_track"]["spaces"]) - 1
    reached = []
    for pid in state["game"]["seats"]:
        pl, ptr = state["players"][pid], f"/players/{esc(pid)}"
        if pl["research"] not in spaces:
            out.append(problem(f"{ptr}/research", "unknown-name", f"{pl['research']!r} is no space of the "
                               "research track"))
        if not isinstance(pl["tleilaxu"], int) or not 0 <= pl["tleilaxu"] <= last:
            out.append(problem(f"{ptr}/tleilaxu", "off-track", f"the Tleilaxu track has spaces 0 to {last}, "
                               f"not {pl['tleilaxu']!r}"))
        elif pl["tleilaxu"] >= vp_space(cnt):
            reached.append(pid)
    spice, full = state["tleilaxu"]["spice"], setup_spice(cnt)
    if spice not in (0, full):
        out.append(problem("/tleilaxu/spice", "tleilaxu-spice", f"{spice} spice on the Tleilaxu track: {full} "
                           "are placed at setup and taken all at once"))
    elif spice and reached:
        out.append(problem("/tleilaxu/spice", "tleilaxu-spice", f"{reached[0]} has reached the Victory Point "
                           f"space, yet its {spice} spice are still there: the first to reach it takes them"))
    elif not spice and full and not reached:
        out.append(problem("/tleilaxu/spice", "tleilaxu-spice", "the spice of the Victory Point space is gone, "
                           "yet no Tleilaxu token has reached it"))


def _cards(state: dict, cnt: Content, out: list) -> None:
    t, total, seen = state["tleilaxu"], Counter(tleilaxu_cards(cnt)), Counter()
    if len(t["row"]) > ROW:
        out.append(problem("/tleilaxu/row", "row-size", f"the Tleilaxu Row holds {ROW} cards, not {len(t['row'])}"))
    zones = [("/tleilaxu/deck", t["deck"]), ("/tleilaxu/row", t["row"]),
             ("/tleilaxu/removed", t.get("removed", []))]  # out of the game by a solo Rival's card
    for pid in state["game"]["seats"]:
        pl = state["players"][pid]
        zones += [(f"/players/{esc(pid)}/{key}" + ("/cards" if key == "deck" else ""), get(pl)) for key, get in ZONES]
    for ptr, cards in zones:
        for i, card in enumerate(cards):
            if card not in cnt.tleilaxu:
                continue
            if card not in total:
                if ptr.startswith("/tleilaxu"):
                    out.append(problem(f"{ptr}/{i}", "not-a-row-card", f"{card} is never in the Tleilaxu deck "
                                       "nor Row"))
                continue
            seen[card] += 1
            if seen[card] > total[card]:
                out.append(problem(f"{ptr}/{i}", "too-many-copies", f"{cnt.tleilaxu[card]['name']['en']} is in "
                                   "more than one place: the game has one copy of each Tleilaxu card"))
    missing = sorted((total - seen).elements())
    if missing:
        out.append(problem("/tleilaxu/deck", "cards-missing", f"Tleilaxu cards nowhere in the game: {missing}"))
