"""Fremen (ruling dune.fremen; our readings in dune.engine-faction-readings): instead of shipping
from off-planet they bring reserves free onto the Great Flat or a territory at most two
territories from it (counted across the map whatever the storm; the storm and occupancy limit
still bar the place itself), move two territories (three with ornithopters) and are not
devoured by Shai-Hulud.

Worm riding: when Shai-Hulud appears where Fremen forces are, once the Nexus is over the Fremen
may ride it (`ride {to, count}`), moving some or all of those forces to any one place on the
map outside the storm and not into a full stronghold. Their ally's forces there are spared
until the Fremen decide (`spare` / `pass`, right after the worm): passing lets the worm devour
them (ruling dune.fremen; our reading of the ride's order in dune.engine-faction-readings).

The ally's free revival (ruling dune.fremen-ally-revival): at the Fremen's discretion their ally
revives 3 forces free. Just before the ally's revival, when it has more forces in the Tanks than
its own free revival, the Fremen decide (`grant` / `pass`); a grant rides on the ally's revival
task (`fremen_grant`) and a Karama may cancel it there, as it may the Emperor's sponsored forces.

Their advanced advantages (half storm losses, full strength without spice, placing a later
Shai-Hulud, storm migration) are modules/advanced/fremen.py's: the rulebook lists them for the
advanced game only (ruling dune.fremen-advanced)."""

from __future__ import annotations

from ...core.errors import IllegalAction
from ..alliance import allied
from ..content import territory
from ..forces import shift
from ..game import Game
from ..karama import ask_before, asks, stopped
from ..movement import FULL, distances, full, places
from ..registry import Decision, decision, fire, hook
from ..revival import pending_revival

FACTION = "fremen"
HOME = "the-great-flat"
SHIP_RANGE = 2
MOVE_RANGE, ORNITHOPTER_RANGE = 2, 3
RULINGS = ("dune.fremen", "dune.engine-faction-readings")
ALLY_FREE_REVIVAL = 3
ALLY_REVIVAL = ("dune.fremen-ally-revival",)


def placement_range(g: Game) -> set[str]:
    """The territories within two of the Great Flat."""
    starts = [f"{HOME}@{s}" for s in g.c.territories[HOME]["sectors"]]
    return {territory(loc) for start in starts for loc, d in distances(g.c, start, None).items()
            if d <= SHIP_RANGE}


@hook("ship-check")
def ship_check(g: Game, pid: str, to: str, count: int) -> IllegalAction | None:
    if g.faction(pid) == FACTION and territory(to) not in placement_range(g):
        return IllegalAction("dune.fremen-ship-range", "The Fremen bring forces only to the Great Flat or within "
                             "two territories of it, not to {place}.", RULINGS, params={"place": to})
    return None


@hook("ship-cost")
def free(g: Game, pid: str, to: str, count: int) -> int | None:
    return 0 if g.faction(pid) == FACTION else None


@hook("move-range")
def move_range(g: Game, pid: str, ornithopters: bool, group: dict) -> int | None:
    if g.faction(pid) != FACTION or stopped(g, "fremen-move"):
        return None
    return ORNITHOPTER_RANGE if ornithopters else MOVE_RANGE


@hook("worm-window")
def immunity_window(g: Game, terr: str) -> bool | None:
    """Their forces are in the worm's territory and another may hold a Karama: ask first (karama.py)."""
    fremen = g.player_of(FACTION)
    if fremen is None or not g.forces_in(terr, fremen) or not asks(g, "fremen-worm-immunity"):
        return None
    ask_before(g, "fremen-worm-immunity", {"t": "auto", "kind": "devour", "territory": terr})
    return True


@hook("spared-by-worm")
def worm_riders(g: Game, pid: str, loc: str) -> bool | None:
    if g.faction(pid) == FACTION:
        if stopped(g, "fremen-worm-immunity"):  # the devour step's stop: devoured as any other
            return None
        g.rulings.append("dune.fremen")
        return True
    fremen = g.player_of(FACTION)
    if fremen and allied(g, pid, fremen):  # the Fremen decide next (spare / pass)
        task = {"t": "decide", "kind": "spare-ally", "player": fremen, "territory": territory(loc)}
        if task not in g.state["stack"]:
            g.push(task)
        return True
    return None


def _spare(g: Game, task: dict, args: dict) -> None:
    g.finish(task)
    if args["do"] == "spare":
        return
    friend = g.p(task["player"])["ally"]
    for loc in g.locations_of(task["territory"]):
        g.to_tanks(loc, friend, g.forces(loc, friend))


def _spare_offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "pass"}] if stopped(g, "fremen-spare-ally", task) else [{"do": "spare"}, {"do": "pass"}]


decision(Decision("spare-ally", ("spare", "pass"), _spare_offers, _spare,
                  ("dune.fremen", "dune.alliances")))


# --- riding the worm --------------------------------------------------------------------------------------
@hook("devoured")
def offer_ride(g: Game, terr: str) -> None:
    """The ride waits beneath the Nexus (which waits beneath the Spice Blow's further cards)."""
    fremen = g.player_of(FACTION)
    if fremen is None or not g.forces_in(terr, fremen):
        return
    stack = g.state["stack"]
    i = next((i for i in range(len(stack) - 1, -1, -1) if stack[i].get("kind") == "nexus"), len(stack))
    stack.insert(i, {"t": "decide", "kind": "worm-ride", "player": fremen, "territory": terr})


def ride_error(g: Game, task: dict, to, count) -> IllegalAction | None:
    here = g.forces_in(task["territory"], task["player"])
    if not g.is_place(to) or territory(to) == task["territory"]:  # the HMS too (seed 002 paragraph 19)
        return IllegalAction("dune.unknown-location", "The worm carries the Fremen to another place on the map, "
                             "outside {territory}.", RULINGS, params={"territory": task["territory"]})
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= here:
        return IllegalAction("dune.not-there", "The Fremen have {forces} forces in {territory}: 1 to {forces} of "
                             "them ride the worm.", RULINGS, params={"forces": here, "territory": task["territory"]})
    if g.in_storm(to):
        return IllegalAction("dune.move-through-storm", "{place} lies under the storm: the worm does not go "
                             "there.", ("dune.storm-blocks",), params={"place": to})
    if full(g, task["player"], to):
        return IllegalAction("dune.stronghold-full", FULL, ("dune.occupancy-limit",), params={"place": to})
    return None


def _ride_offers(g: Game, task: dict) -> list[dict]:
    here = g.forces_in(task["territory"], task["player"])
    return [{"do": "pass"}] + [{"do": "ride", "to": to, "count": n} for to in places(g)
                               for n in range(1, here + 1) if ride_error(g, task, to, n) is None]


def _ride_check(g: Game, task: dict, args: dict) -> None:
    if args.get("do") == "ride" and (err := ride_error(g, task, args.get("to"), args.get("count"))):
        raise err


def _ride(g: Game, task: dict, args: dict) -> None:
    g.finish(task)
    if args["do"] != "ride":
        return
    pid, n = task["player"], args["count"]
    for loc in g.locations_of(task["territory"]):
        k = min(n, g.forces(loc, pid))
        shift(g, pid, loc, args["to"], k)  # ordinary forces first (forces.py)
        g.add_forces(loc, pid, -k)
        n -= k
    g.add_forces(args["to"], pid, args["count"])
    fire("moved", g, pid, args["to"])  # they enter a territory (the advanced Bene Gesserit's Intrusion)


decision(Decision("worm-ride", ("ride", "pass"), _ride_offers, _ride, RULINGS, _ride_check))


# --- the ally's free revival (2.04.11) ---------------------------------------------------------------------
@hook("revival-tasks")
def ask_ally_revival(g: Game, pid: str) -> list[dict] | None:
    """Asked only where the grant would change the ally's revival: forces in the Tanks beyond its own."""
    fremen = g.player_of(FACTION)
    if fremen is None or pid == fremen or not allied(g, pid, fremen):
        return None
    if g.p(pid)["tanks"] <= g.c.factions[g.faction(pid)]["free_revival"]:
        return None
    return [{"t": "decide", "kind": "ally-revival", "player": fremen, "for": pid}]


def _grant(g: Game, task: dict, args: dict) -> None:
    g.finish(task)
    g.rulings.extend(ALLY_REVIVAL)
    if args["do"] == "grant":
        pending_revival(g, task["for"])["fremen_grant"] = True


# logs written before session 17 never record it: moving on is `pass`, the engine's old reading
decision(Decision("ally-revival", ("grant", "pass"), lambda g, task: [{"do": "grant"}, {"do": "pass"}], _grant,
                  ALLY_REVIVAL, left_out="pass"))


@hook("free-revival-given")
def ally_free_revival(g: Game, pid: str) -> int | None:
    revive = pending_revival(g, pid)
    if revive is None or not revive.get("fremen_grant") or stopped(g, "fremen-ally-revival", revive):
        return None
    g.rulings.extend(r for r in ALLY_REVIVAL if r not in g.rulings)
    return ALLY_FREE_REVIVAL
