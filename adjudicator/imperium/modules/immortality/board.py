"""Immortality's pieces as data of the state (rulebook pp. 4-9): the Bene Tleilax board's two
tracks, the Axolotl tanks, the Tleilaxu deck and Row, the Family Atomics tokens. The rules that
act on them are in `modules/immortality/immortality.py` (board, Tleilaxu cards, Family Atomics) and
`modules/immortality/graft.py` (Graft).

state["tleilaxu"] = {"deck": [...] (an unordered multiset, as every deck), "row": [...] (the two
dealt cards; Reclaimed Forces is always beside them and never listed), "spice": n (left on the
Tleilaxu track's Victory Point space)}
player["research"] = the research track space of the token; player["tleilaxu"] = the Tleilaxu
track space (0 = start); player["atomics"] = the Family Atomics token still held;
player["troops"]["tanks"] = specimens: troops of the player kept in the Axolotl tanks, so the
troop count stays conserved with them (p. 8).
"""

from __future__ import annotations

from collections import Counter

from ...content import Content

MODULE = "immortality"
ROW = 2  # the Tleilaxu Row's dealt cards, beside Reclaimed Forces (p. 9)
PLAYED = "played_by"  # on the Combat window task: who played an Intrigue card in it (Counterattack)
HARVEST = "harvest_cells"  # on a player: the `when-lose-troops-at-conflict-end` triggers waiting


def board(cnt: Content) -> dict:
    return cnt.expansion_boards[MODULE]


def research_spaces(cnt: Content) -> dict[str, dict]:
    return {s["id"]: s for s in board(cnt)["research_track"]["spaces"]}


def markers(cnt: Content, pl: dict) -> int:
    """The genetic markers the player's research token has reached (a column with one, for good)."""
    column = research_spaces(cnt)[pl["research"]]["column"]
    return sum(1 for col in board(cnt)["research_track"]["genetic_markers"].values() if column >= col)


def tleilaxu_cards(cnt: Content) -> list[str]:
    """The Tleilaxu deck of a game: every Tleilaxu card once (Reclaimed Forces is no deck card)."""
    return sorted(c for c, d in cnt.tleilaxu.items() if d["type"] == "tleilaxu" for _ in range(d["copies"]))


def reclaimed_forces(cnt: Content) -> str:
    return next(c for c, d in sorted(cnt.tleilaxu.items()) if d.get("never_leaves_row"))


def new_board_state(cnt: Content) -> dict:
    spice = sum(s.get("setup_spice", 0) for s in board(cnt)["tleilaxu_track"]["spaces"])
    return {"deck": tleilaxu_cards(cnt), "row": [], "spice": spice}


def owned_tleilaxu(state: dict, cnt: Content) -> Counter:
    """Tleilaxu cards in the players' zones (deck, hand, discard, play, trashed)."""
    found = Counter()
    for pl in state["players"].values():
        for zone in (pl["deck"]["cards"], pl["hand"], pl["discard"], pl["play"], pl["trashed"]):
            found += Counter(c for c in zone if c in cnt.tleilaxu)
    return found


def conservation(state: dict, cnt: Content) -> list[str]:
    """The invariants: every Tleilaxu card once (deck, Row, players), the Row never over two
    cards, every research token on a track space, specimens never negative."""
    if "tleilaxu" not in state:
        return []
    out = []
    t = state["tleilaxu"]
    # "removed": Row cards a solo Rival's House Hagal card took out of the game
    seen = Counter(t["deck"]) + Counter(t["row"]) + Counter(t.get("removed", ())) + owned_tleilaxu(state, cnt)
    total = Counter(tleilaxu_cards(cnt))
    if seen != total:
        out.append(f"Tleilaxu cards not conserved: {dict((seen - total) + (total - seen))}")
    if len(t["row"]) > ROW or (len(t["row"]) < ROW and t["deck"] and not _refill_pending(state)):
        out.append(f"Tleilaxu Row holds {len(t['row'])} cards")
    spaces = research_spaces(cnt)
    last = len(board(cnt)["tleilaxu_track"]["spaces"]) - 1
    for pid, pl in sorted(state["players"].items()):
        if pl["research"] not in spaces:
            out.append(f"{pid}'s research token is off the track")
        if not 0 <= pl["tleilaxu"] <= last:
            out.append(f"{pid}'s Tleilaxu token is off the track")
    return out


def _refill_pending(state: dict) -> bool:
    return any(task.get("kind") == "refill-tleilaxu-row" for task in state["stack"])
