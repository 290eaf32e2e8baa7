"""Spacing Guild (ruling dune.spacing-guild): the Guild and its ally ship at half price (rounded
up). Receiving others' payments is in movement.py; the end-of-game default in victory.py. Its
choice of when to take its shipment and movement is an advanced advantage
(modules/advanced/spacing_guild.py, ruling dune.spacing-guild-advanced): in the basic game it
takes its turn in storm order like everyone.

Cross-planet shipment (hooks `ship-offers`, `ship-other`): as its shipment the Guild, or its
ally, may instead ship forces from one place on the planet to another (`ship {from, to, count}`),
at the Guild rate of the destination, or back to reserves (`to: "reserves"`) at 1 spice per 2
forces, rounded up (our reading of the rate, ruling dune.engine-faction-readings). Neither may
start or end in the storm, nor enter a full stronghold; payment goes as for any shipment."""

from __future__ import annotations

from ...core.errors import IllegalAction
from ..alliance import allied
from ..forces import kinds_error, shift
from ..game import Game
from ..karama import stopped
from ..movement import FULL, NOT_THERE, accepted, full, price
from ..registry import hook

FACTION = "spacing-guild"
RULINGS = ("dune.spacing-guild", "dune.engine-faction-readings")
RESERVES = "reserves"


def _guild(g: Game) -> str | None:
    return g.player_of(FACTION)


@hook("ship-cost")
def half_price(g: Game, pid: str, to: str, count: int) -> int | None:
    guild = _guild(g)
    if guild is None or not (pid == guild or allied(g, pid, guild)) or stopped(g, "guild-half-price"):
        return None
    g.rulings.append("dune.spacing-guild")
    return (count * price(g, to) + 1) // 2


# --- cross-planet shipment ---------------------------------------------------------------------------
def _may_cross(g: Game, pid: str) -> bool:
    guild = _guild(g)
    return guild is not None and (pid == guild or allied(g, pid, guild)) and not stopped(g, "guild-cross-ship")


def cross_cost(g: Game, to: str, count: int) -> int:
    return (count + 1) // 2 if to == RESERVES else (count * price(g, to) + 1) // 2


def cross_error(g: Game, pid: str, frm, to, count) -> IllegalAction | None:
    if not _may_cross(g, pid):
        return IllegalAction("dune.no-cross-ship", "Only the Guild and its ally ship forces from the planet, and "
                             "{player} is neither.", ("dune.spacing-guild",), params={"player": pid})
    # from the Hidden Mobile Stronghold too, never into it: only the Ixians ship inside (seed 002 paragraph 18)
    if not g.is_place(frm) or (to != RESERVES and to not in g.c.graph) or frm == to:
        return IllegalAction("dune.unknown-location", "A shipment from the planet goes from a place on the map to "
                             "another, or to the reserves.", RULINGS)
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= g.forces(frm, pid):
        return IllegalAction("dune.not-there", NOT_THERE, RULINGS,
                             params={"player": pid, "forces": g.forces(frm, pid), "place": frm})
    if g.in_storm(frm) or (to != RESERVES and g.in_storm(to)):
        return IllegalAction("dune.ship-into-storm", "The storm is in sector {storm}: no force is shipped out of "
                             "it or into it.", ("dune.storm-blocks",), params={"storm": g.state["storm"]})
    if to != RESERVES and full(g, pid, to):
        return IllegalAction("dune.stronghold-full", FULL, ("dune.occupancy-limit",), params={"place": to})
    if cross_cost(g, to, count) > g.p(pid)["spice"]:
        return IllegalAction("dune.cannot-afford", "This shipment costs {cost} spice, and {player} has {spice}.",
                             ("dune.shipment",),
                             params={"cost": cross_cost(g, to, count), "player": pid, "spice": g.p(pid)["spice"]})
    return None


@hook("ship-offers")
def cross_offers(g: Game, task: dict) -> list[dict] | None:
    pid = task["player"]
    if not _may_cross(g, pid):
        return None
    sources = sorted(loc for loc in g.state["map"] if g.forces(loc, pid) and not g.in_storm(loc))
    # only the cost depends on the count, and it never falls as the count grows: the accepted
    # counts are 1 to some m (movement.accepted; tests/test_dune_offers.py checks every count)
    return [{"do": "ship", "from": frm, "to": to, "count": n} for frm in sources for to in [*g.c.locations, RESERVES]
            for n in accepted(lambda n, frm=frm, to=to: cross_error(g, pid, frm, to, n), g.forces(frm, pid))]


@hook("ship-other")
def cross_check(g: Game, pid: str, args: dict) -> IllegalAction | bool:
    return cross_error(g, pid, args.get("from"), args.get("to"), args.get("count")) or kinds_error(
        g, pid, args.get("from"), args.get("count"), args.get("kinds")) or False


@hook("ship-other-apply")
def cross_ship(g: Game, pid: str, args: dict) -> None:
    frm, to, n = args["from"], args["to"], args["count"]
    guild = _guild(g)
    paid_to = guild if pid != guild and not stopped(g, "guild-payment") else None
    g.pay(pid, cross_cost(g, to, n), paid_to)
    shift(g, pid, frm, to, n, args.get("kinds"))
    g.add_forces(frm, pid, -n)
    if to == RESERVES:
        g.p(pid)["reserves"] += n
    else:
        g.add_forces(to, pid, n)
    g.rulings += list(RULINGS)
