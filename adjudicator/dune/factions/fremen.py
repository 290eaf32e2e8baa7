"""Fremen (ruling dune.fremen; our readings in dune.engine-faction-readings): instead of shipping
from off-planet they bring reserves free onto the Great Flat or a territory at most two
territories from it (counted across the map whatever the storm; the storm and occupancy limit
still bar the place itself), move two territories (three with ornithopters), lose half their
forces (rounded up) to the storm and are not devoured by Shai-Hulud."""

from __future__ import annotations

from ...core.errors import IllegalAction
from ..content import territory
from ..game import Game
from ..movement import distances
from ..registry import hook

FACTION = "fremen"
HOME = "the-great-flat"
SHIP_RANGE = 2
MOVE_RANGE, ORNITHOPTER_RANGE = 2, 3
RULINGS = ("dune.fremen", "dune.engine-faction-readings")


def placement_range(g: Game) -> set[str]:
    """The territories within two of the Great Flat."""
    starts = [f"{HOME}@{s}" for s in g.c.territories[HOME]["sectors"]]
    return {territory(loc) for start in starts for loc, d in distances(g.c, start, None).items()
            if d <= SHIP_RANGE}


@hook("ship-check")
def ship_check(g: Game, pid: str, to: str, count: int) -> IllegalAction | None:
    if g.faction(pid) == FACTION and territory(to) not in placement_range(g):
        return IllegalAction("dune.fremen-ship-range", f"the Fremen bring forces only to the Great Flat or "
                             f"within two territories of it, not to {to}", RULINGS)
    return None


@hook("ship-cost")
def free(g: Game, pid: str, to: str, count: int) -> int | None:
    return 0 if g.faction(pid) == FACTION else None


@hook("move-range")
def move_range(g: Game, pid: str, ornithopters: bool) -> int | None:
    if g.faction(pid) != FACTION:
        return None
    return ORNITHOPTER_RANGE if ornithopters else MOVE_RANGE


@hook("storm-losses")
def half_losses(g: Game, pid: str, n: int) -> int | None:
    if g.faction(pid) != FACTION:
        return None
    g.rulings.append("dune.fremen")
    return (n + 1) // 2


@hook("spared-by-worm")
def worm_riders(g: Game, pid: str, loc: str) -> bool | None:
    if g.faction(pid) == FACTION:
        g.rulings.append("dune.fremen")
        return True
    return None
