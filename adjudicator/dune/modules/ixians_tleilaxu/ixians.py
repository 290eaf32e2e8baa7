"""Ixians (expansion, seed 002; rulings ixtl.*, our readings in dune.engine-ixtl-readings): Cyborgs
and Suboids as force kinds in every game (forces.py's mechanism: the Suboids are the ordinary
forces, the Cyborgs the special kind), their battle strengths, the Cyborgs' two-territory move,
their revival prices and the exchange of surviving Suboids for lost Cyborgs after a battle won.

The Hidden Mobile Stronghold is ixians_hms.py; the Ixians' Treachery advantages (the setup deal,
the extra draw before bidding, the ally's replacement, Technology) are ixian_bidding.py."""

from __future__ import annotations

from ...forces import Kind, at, shift
from ...game import Game
from ...karama import BATTLE_USERS, IN_BATTLE, STOPPABLE, Stoppable, stopped
from ...registry import Decision, decision, hook
from ...revival import free_revival

MODULE = "ixians-tleilaxu"  # the expansion: its listeners run only in its games
FACTION = "ixians"
CYBORGS = "cyborgs"
CYBORG_PRICE = 3  # paid Cyborg revival, each (seed 002 paragraph 8)
CYBORG_RANGE = 2  # territories a group with a Cyborg moves (reading dune.cyborg-move-reading)
MOVE_RULINGS = ("dune.cyborg-move-reading",)
READINGS = ("dune.engine-ixtl-module", "dune.engine-ixtl-readings")
STRENGTH_RULINGS = ("ixtl.suboid-roles", "ixtl.cyborg-strength-changes", "ixtl.cyborg-advanced-strength")
REVIVAL_RULINGS = ("ixtl.ixian-revival", "dune.engine-ixtl-readings")
EXCHANGE_RULINGS = ("ixtl.suboid-exchange", "ixtl.suboid-exchange-limits", "dune.engine-ixtl-readings")

# A Karama stops one exchange (seed 002 paragraphs 75-76; karama.py's table).
STOPPABLE["ixian-suboid-exchange"] = Stoppable(FACTION, "exchange-suboids", lambda g, t, o: t["player"] == o,
                                               "the Ixians' Suboid exchange", ("ixtl.karama-cyborg-strength",))


# A Karama holds the Cyborgs and the Suboids with them to one territory for one move, ornithopters
# still theirs (paragraph 74; reading dune.cyborg-move-reading).
STOPPABLE["ixian-cyborg-move"] = Stoppable(
    FACTION, "move", lambda g, t, o: t["player"] == o and bool(g.p(o).get("elite", {}).get(CYBORGS, {}).get("map")),
    "the Cyborgs' two-territory move", ("ixtl.karama-ixian-movement", "dune.cyborg-move-reading"))


def cite(g: Game, rulings: tuple[str, ...]) -> None:
    g.rulings.extend(r for r in rulings if r not in g.rulings)


@hook("force-kinds", module=MODULE)
def kinds(g: Game, faction: str) -> dict | None:
    if faction != FACTION:
        return None
    spec = g.c.factions[FACTION]["special"][CYBORGS]
    return {CYBORGS: Kind(CYBORGS, FACTION, spec["count"], spec["strength_basic"], (), None)}


@hook("move-range", module=MODULE)
def cyborgs_move_two(g: Game, pid: str, ornithopters: bool, group: dict) -> int | None:
    """A group with a Cyborg in it moves two territories, its Suboids too; ornithopters still give
    three (reading dune.cyborg-move-reading)."""
    if g.faction(pid) != FACTION or ornithopters or not group.get(CYBORGS) or stopped(g, "ixian-cyborg-move"):
        return None
    cite(g, MOVE_RULINGS)
    return CYBORG_RANGE


# A Karama stops the Cyborgs' double strength for one battle, before plans are revealed (seed 002
# paragraphs 75, 76): the battle record carries it until then and cards.py strikes it.
CYBORG_KARAMA = "cyborgs"
IN_BATTLE[CYBORG_KARAMA] = "the Cyborgs' double strength"
BATTLE_USERS[CYBORG_KARAMA] = lambda g, b: (g.player_of(FACTION),)


@hook("battle-opened", module=MODULE)
def cyborgs_fight(g: Game, battle: dict) -> None:
    if FACTION in (g.faction(battle["aggressor"]), g.faction(battle["defender"])):
        battle[CYBORG_KARAMA] = True


@hook("forces-strength2", module=MODULE)
def strength2(g: Game, pid: str, plan: dict) -> int | None:
    """Twice the dialed forces' strength: a Suboid counts 1/2 always; a Cyborg 2 in the basic game,
    in the advanced game 2 with one spice of support and 1 without (seed 002 paragraphs 14, 15, 25).
    Spice beyond the Cyborgs raises nothing."""
    if g.faction(pid) != FACTION:
        return None
    cite(g, STRENGTH_RULINGS)
    cyborgs = plan.get("kinds", {}).get(CYBORGS, 0)
    suboids = plan["dial"] - cyborgs
    supported = cyborgs if not g.advanced else min(cyborgs, plan.get("spice", 0))
    b = g.state["battle"]
    b = getattr(g, "resolved", None) if b is None else b  # battle.py: the record of the battle resolved
    if b is not None and CYBORG_KARAMA not in b:  # a Karama struck it: ordinary forces this battle
        cite(g, ("ixtl.karama-cyborg-strength",))
        return 2 * supported + (cyborgs - supported) + suboids
    return 4 * supported + 2 * (cyborgs - supported) + suboids


@hook("revival-cost", module=MODULE)
def revival_cost(g: Game, pid: str, forces: int, leader: str | None, kinds: dict) -> int | None:
    """One force free, a Cyborg or a Suboid; then 3 a Cyborg and 2 a Suboid (seed 002 paragraph 8).
    The free one is a Cyborg when one comes back (our reading: the player would choose so)."""
    if g.faction(pid) != FACTION:
        return None
    cite(g, REVIVAL_RULINGS)
    free = free_revival(g, pid)
    cyborgs = min(kinds.get(CYBORGS, 0), forces)
    paid_cyborgs = max(0, cyborgs - free)
    paid_suboids = max(0, forces - cyborgs - max(0, free - cyborgs))
    return CYBORG_PRICE * paid_cyborgs + 2 * paid_suboids + (g.c.leaders[leader]["strength"] if leader else 0)


# --- the Suboid exchange after a battle ------------------------------------------------------------
def suboids(g: Game, pid: str, locs: list[str]) -> dict[str, int]:
    return {loc: g.forces(loc, pid) - at(g, pid, CYBORGS, loc) for loc in locs
            if g.forces(loc, pid) > at(g, pid, CYBORGS, loc)}


@hook("battle-decided", module=MODULE)
def offer_exchange(g: Game, winner: str, locs: list[str], plans: dict, lost: bool) -> None:
    """Only a winner that lost Cyborgs and kept Suboids there may exchange (seed 002 paragraphs 16, 17)."""
    cyborgs = plans[winner].get("kinds", {}).get(CYBORGS, 0) if lost else 0
    if g.faction(winner) == FACTION and cyborgs and suboids(g, winner, locs):
        g.push({"t": "decide", "kind": "exchange-suboids", "player": winner, "locs": locs, "cyborgs": cyborgs})


def _most(g: Game, task: dict) -> int:
    return min(task["cyborgs"], at(g, task["player"], CYBORGS, "tanks"),
               sum(suboids(g, task["player"], task["locs"]).values()))


def _exchange_offers(g: Game, task: dict) -> list[dict]:
    if stopped(g, "ixian-suboid-exchange", task):
        return [{"do": "pass"}]
    return [{"do": "pass"}] + [{"do": "exchange", "count": n} for n in range(1, _most(g, task) + 1)]


def _exchange(g: Game, task: dict, args: dict) -> None:
    """Each Suboid goes to the Tanks and a lost Cyborg takes its place: the counts stay, only the
    kinds change (forces.shift moves the Cyborgs' count)."""
    if args["do"] == "exchange":
        left = args["count"]
        for loc, n in sorted(suboids(g, task["player"], task["locs"]).items()):
            m = min(n, left)
            shift(g, task["player"], "tanks", loc, m, {CYBORGS: m})
            left -= m
    g.finish(task)


decision(Decision("exchange-suboids", ("exchange", "pass"), _exchange_offers, _exchange, EXCHANGE_RULINGS))
