"""The Nexus and alliances (rulings dune.nexus, dune.alliances, dune.engine-nexus).

A Shai-Hulud turned after the first turn opens a Nexus once the Spice Blow is over. In the Nexus
each player is asked once, in storm order: it may break its alliance (and then still ally
again), name a player it wants as an ally (`ally {with}`), or pass. Two players who named each
other in the same Nexus are allied (our reading of a table's open talks: dune.engine-nexus).
Allies never battle each other; allied forces never share a territory other than the Polar Sink
(the player who ends its shipment and movement beside its ally loses its forces there); allies
win together with four strongholds."""

from __future__ import annotations

from .content import POLAR_SINK, territory
from .game import Game
from .registry import Decision, auto, decision

NEXUS = ("dune.nexus", "dune.alliances", "dune.engine-nexus")


def ally_of(g: Game, pid: str) -> str | None:
    return g.seen(pid).get("ally")


def allied(g: Game, a: str, b: str) -> bool:
    return a != b and ally_of(g, a) == b


def side(g: Game, pid: str) -> list[str]:
    """A player and its ally, in seat order."""
    return [q for q in g.seats if q == pid or allied(g, pid, q)]


# --- the Nexus --------------------------------------------------------------------------------------
def open_nexus(g: Game) -> None:
    """Called when a Shai-Hulud appears after turn 1: the Nexus follows the Spice Blow."""
    g.state["nexus"] = {"proposals": {}}


@auto("nexus")
def nexus(g: Game, task: dict) -> None:
    """Beneath the Spice Blow: opens the Nexus if a Shai-Hulud called one."""
    g.finish(task)
    if g.state.get("nexus") is None:
        return
    g.push(*({"t": "decide", "kind": "nexus", "player": q} for q in g.order), {"t": "auto", "kind": "nexus-end"})


@auto("nexus-end")
def nexus_end(g: Game, task: dict) -> None:
    g.state.pop("nexus", None)
    g.finish(task)


def _offers(g: Game, task: dict) -> list[dict]:
    pid = task["player"]
    if ally_of(g, pid):
        return [{"do": "break-alliance"}, {"do": "pass"}]
    return [{"do": "ally", "with": q} for q in g.seats if q != pid and not ally_of(g, q)] + [{"do": "pass"}]


def _nexus(g: Game, task: dict, args: dict) -> None:
    pid, proposals = task["player"], g.state["nexus"]["proposals"]
    if args["do"] == "break-alliance":
        g.p(ally_of(g, pid))["ally"] = None
        g.p(pid)["ally"] = None
        return  # the player may ally again at once
    if args["do"] == "ally":
        other = args["with"]
        if proposals.get(other) == pid:
            g.p(pid)["ally"], g.p(other)["ally"] = other, pid
            proposals.pop(other)
        else:
            proposals[pid] = other
    g.finish(task)


decision(Decision("nexus", ("ally", "break-alliance", "pass"), _offers, _nexus, NEXUS))


# --- allies never share a territory ------------------------------------------------------------------
def expel_beside_ally(g: Game, pid: str) -> None:
    """At the end of a player's shipment and movement its forces in a territory its ally occupies
    (the Polar Sink excepted) go to the Tanks (ruling dune.alliances); Bene Gesserit advisors
    coexist with their ally (dune.bene-gesserit-advisors)."""
    friend = ally_of(g, pid)
    if friend is None:
        return
    for loc in sorted(g.state["map"]):
        terr = territory(loc)
        if terr != POLAR_SINK and g.forces(loc, pid) and g.combatant(terr, pid) and g.combatant(terr, friend):
            g.to_tanks(loc, pid, g.forces(loc, pid))
            g.rulings.append("dune.alliances")
