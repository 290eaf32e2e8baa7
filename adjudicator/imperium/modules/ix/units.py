"""Rise of Ix's pieces as data of the state (rulebook pp. 3-6): each player's dreadnoughts and
Freighter, the Negotiators on Ix, and the dreadnoughts controlling a space. The rules that act on
them are in `modules/ix/ix.py`; this file is what the general rules read (strength, units,
deploying, who controls a space). It names no card.

player["dreadnoughts"] = {"supply": n, "garrison": n, "conflict": n} (two in all: the ones on
the board are counted in board["dreadnoughts"]); player["freighter"] = the Shipping track space
(0 = bottom); player["troops"]["negotiators"] = troops on Ix (a zone of the troops, so they stay conserved);
board["dreadnoughts"] = {space: {"player": pid, "round": the round it came}};
player["dreadnought_strength"] = a Leader's strength for each dreadnought (Rhombur Vernius: 4).
Only a game with Rise of Ix holds these keys: every reader takes their absence as none.
"""

from __future__ import annotations

from ...content import Content
from ...game import Game

MODULE = "ix"
DREADNOUGHT = 3  # strength of a dreadnought in the Conflict (p. 6)
NONE = {"supply": 0, "garrison": 0, "conflict": 0}


def dreadnoughts(pl: dict) -> dict:
    return pl.get("dreadnoughts") or NONE


def dreadnoughts_in(pl: dict, zone: str) -> int:
    return dreadnoughts(pl)[zone]


def dreadnought_strength(pl: dict) -> int:
    """3 each, or what a Leader makes it (Rhombur Vernius: `dreadnought_strength`)."""
    return pl.get("dreadnought_strength", DREADNOUGHT) * dreadnoughts(pl)["conflict"]


def move_dreadnoughts(g: Game, pid: str, src: str, dst: str, n: int) -> None:
    """Move `n` of `pid`'s dreadnoughts between supply, garrison and Conflict (checked by the caller)."""
    if n:
        mine = g.p(pid)["dreadnoughts"]
        mine[src] -= n
        mine[dst] += n


def controller(g: Game, space: str, marker: str | None) -> str | None:
    """Who controls a space: a dreadnought there covers the Control marker (p. 6)."""
    held = g.state["board"].get("dreadnoughts", {}).get(space)
    return held["player"] if held else marker


def board(cnt: Content) -> dict:
    return cnt.expansion_boards[MODULE]


def conservation(state: dict) -> list[str]:
    """Two dreadnoughts per player, wherever they are (supply, garrison, Conflict, a space)."""
    if MODULE not in state["game"]["modules"]:
        return []
    on_board: dict[str, int] = {}
    for held in state["board"].get("dreadnoughts", {}).values():
        on_board[held["player"]] = on_board.get(held["player"], 0) + 1
    return [f"{pid} has {n} dreadnoughts, not 2" for pid, pl in sorted(state["players"].items())
            if (n := sum(dreadnoughts(pl).values()) + on_board.get(pid, 0)) != 2 and "dreadnoughts" in pl]
