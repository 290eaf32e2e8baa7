"""The Fremen's advanced advantages, which the rulebook lists for the advanced game only (ruling
dune.fremen-advanced): half losses to the storm, full strength in battle without spice support,
storm migration and placing a later Shai-Hulud (rulings dune.fremen-storm-migration,
dune.fremen-worm-placement; our readings in dune.engine-storm-migration, dune.engine-worm-placement).
The Fremen's basic advantages are factions/fremen.py's."""

from __future__ import annotations

from ...game import Game
from ...karama import stopped
from ...registry import Decision, decision, hook
from ...spice import devour, sand_territories

MODULE = "advanced"  # every listener here runs only in its games
FACTION = "fremen"


# --- half storm losses and full strength (advanced; ruling dune.fremen-advanced) --------------------------
@hook("storm-losses", module=MODULE)
def half_losses(g: Game, pid: str, n: int) -> int | None:
    """Half the forces the storm reaches, rounded up; the basic game's Fremen lose them all."""
    if g.faction(pid) != FACTION or stopped(g, "fremen-storm-losses"):  # the storm-move step's stop
        return None
    g.rulings.append("dune.fremen-advanced")
    return (n + 1) // 2


@hook("full-strength", module=MODULE)
def battle_hardened(g: Game, pid: str) -> bool | None:
    """Their forces count full strength without spice support (support.py)."""
    return True if g.faction(pid) == FACTION else None


# --- storm migration (advanced; rulings dune.fremen-storm-migration, dune.engine-storm-migration) ------
@hook("storm-entry", module=MODULE)
def storm_migration(g: Game, pid: str) -> bool | None:
    """Advanced: the Fremen may bring reserves into a sector in storm."""
    return True if g.faction(pid) == FACTION else None


@hook("shipped", module=MODULE)
def migrated(g: Game, pid: str, to: str, count: int) -> None:
    """Half of them (rounded up, as their storm losses) go to the Tanks at once, ordinary ones first."""
    if g.faction(pid) == FACTION and g.in_storm(to):
        g.to_tanks(to, pid, (count + 1) // 2)
        g.rulings.extend(("dune.fremen-storm-migration", "dune.engine-storm-migration"))


# --- placing a later Shai-Hulud (advanced) ----------------------------------------------------------------
@hook("worm-placement", module=MODULE)
def offer_placement(g: Game, again: bool, where: str | None) -> bool | None:
    """Advanced: a Shai-Hulud turned right after another in one blow waits for the Fremen's choice
    (`place-worm {territory}`, or `pass`: where the basic rule puts it), above the Nexus it opened."""
    fremen = g.player_of(FACTION)
    if not (again and fremen):
        return None
    g.push({"t": "decide", "kind": "place-worm", "player": fremen, "territory": where})
    return True


def _place_offers(g: Game, task: dict) -> list[dict]:
    pass_ = [{"do": "pass"}]
    if stopped(g, "fremen-worm-placement", task):
        return pass_
    return [{"do": "place-worm", "territory": t} for t in sand_territories(g)] + pass_


def _place(g: Game, task: dict, args: dict) -> None:
    g.finish(task)
    where = args["territory"] if args["do"] == "place-worm" else task["territory"]
    if where:
        devour(g, where)


decision(Decision("place-worm", ("place-worm", "pass"), _place_offers, _place,
                  ("dune.fremen-worm-placement", "dune.engine-worm-placement")))
