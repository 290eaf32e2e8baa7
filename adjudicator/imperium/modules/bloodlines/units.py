"""Sardaukar Commanders as units (Bloodlines rules manual, seed 000 p. 4): where a player's
Commanders are (supply, garrison, Conflict), what they add to the units and the strength in the
Conflict, and their return to the supply after combat.

Only a game with the Bloodlines module holds these keys (`player["commanders"]`,
`board["commanders"]`): every reader here takes their absence as "no Commander", so a plain
game's states are unchanged. The module's setup, verbs, choices and Skills are registered in
`modules/bloodlines/commanders.py`; this module is what the general rules (`conditions`, `turns`, `choices`,
`combat`) read. It names no card.
"""

from __future__ import annotations

from ...game import Game

COMMANDER = 2  # a Commander is a troop worth 2 strength (p. 4)
ZONES = ("supply", "garrison", "conflict")
NONE = {"supply": 0, "garrison": 0, "conflict": 0}


def held(pl: dict) -> dict:
    """The player's Commanders per zone (all zero outside a Bloodlines game)."""
    return pl.get("commanders") or NONE


def commanders_in(pl: dict, zone: str) -> int:
    return held(pl)[zone]


def extra_units(pl: dict) -> int:
    """Units in the Conflict besides troops and sandworms: Commanders, and a leader's Agent
    deployed as a unit (`agent_unit`: its strength)."""
    return held(pl)["conflict"] + (1 if pl.get("agent_unit") else 0)


def extra_strength(pl: dict) -> int:
    return COMMANDER * held(pl)["conflict"] + pl.get("agent_unit", 0)


def move_commanders(g: Game, pid: str, src: str, dst: str, n: int) -> None:
    """Move `n` of `pid`'s Commanders between their zones (checked by the caller)."""
    if not n:
        return
    mine = g.p(pid)["commanders"]
    mine[src] -= n
    mine[dst] += n
    g.rulings.append("bloodlines.commander-retreat" if src == "conflict" and dst == "garrison"
                     else "bloodlines.commander-garrison")


def return_to_supply(g: Game) -> None:
    """After combat and its rewards every Commander in the Conflict goes back to its owner's
    supply, not to the garrison (p. 4)."""
    for pid in g.order:
        mine = g.p(pid).get("commanders")
        if mine and mine["conflict"]:
            mine["supply"] += mine["conflict"]
            mine["conflict"] = 0
            g.rulings.append("bloodlines.commander-returns")
