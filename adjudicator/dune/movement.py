"""The Shipment and Movement phase: in storm order each player ships once from reserves (ruling
dune.shipment) and then moves one group once (dune.movement). Neither may enter a sector in storm
(dune.storm-blocks) nor a stronghold held by two other players (dune.occupancy-limit). Moving
counts the territories entered: one, or three with forces in Arrakeen or Carthag at the start of
the move (ornithopters); sectors of the territory one starts in are free.

`ship_error` / `move_error` answer both "is this legal?" and, by filtering candidates, "which
are?", so the offers and the check are the same code."""

from __future__ import annotations

from functools import cache

import networkx as nx

from ..core.errors import IllegalAction
from .alliance import expel_beside_ally
from .content import HMS, POLAR_SINK, Content, content, sector, territory
from .forces import going, kinds_error, kinds_offers, shift
from .game import Game
from .karama import pay_with, payment_error, stopped
from .registry import Decision, ask, decision, fire, first

STRONGHOLD_PRICE, PRICE = 1, 2
RANGE, ORNITHOPTER_RANGE = 1, 3
OCCUPANCY = 2  # other players a stronghold may hold for a player to enter it
KARAMA = "karama"
# refusals shared with the other ways forces go (the Guild's, the Fremen's, the Tleilaxu's, the HMS)
FULL = "{place} is full: two other factions already hold it."
NOT_THERE = "{player} has {forces} forces in {place}: 1 to {forces} of them may go."
OUT_OF_RANGE = "{place} is more than {most} territories away from {origin}."


def start_shipment(g: Game) -> None:
    """Each player ships then moves, in storm order, unless an advantage reorders the turns
    (hook `shipment-turns`: the Spacing Guild goes when it chooses)."""
    tasks = first("shipment-turns", g, g.order, default=None)
    before = [t for own in ask("before-shipment", g) for t in own]  # the Bene Gesserit's Wartime
    g.push(*before, *(tasks or [task for q in g.order for task in ({"t": "decide", "kind": "ship", "player": q},
                                                          {"t": "decide", "kind": "move", "player": q})]))


def places(g: Game) -> list[str]:
    """Where forces may go: the board's locations, and the Hidden Mobile Stronghold once pointed."""
    return g.c.locations + ([HMS] if g.is_place(HMS) else [])


def full(g: Game, pid: str, loc: str) -> bool:
    terr = territory(loc)
    return terr in g.strongholds and len([q for q in g.occupants(terr) if q != pid]) >= OCCUPANCY


def price(g: Game, loc: str) -> int:
    return STRONGHOLD_PRICE if territory(loc) in g.strongholds else PRICE


def ship_cost(g: Game, pid: str, to: str, count: int, karama: bool = False) -> int:
    """The rulebook's rate, unless an advantage changes it (hook `ship-cost`: Guild, Fremen), or
    a Karama's Guild rate (half, rounded up: ruling dune.karama)."""
    if karama:
        return (count * price(g, to) + 1) // 2
    return first("ship-cost", g, pid, to, count, default=count * price(g, to))


def ship_error(g: Game, pid: str, to: str, count: int, karama: bool = False) -> IllegalAction | None:
    if not g.is_place(to):
        return IllegalAction("dune.unknown-location", "A shipment goes to a place on the map.", ("dune.shipment",))
    if not isinstance(count, int) or isinstance(count, bool) or count < 1 or count > g.p(pid)["reserves"]:
        return IllegalAction("dune.not-in-reserves", "{player} has {reserves} forces in reserves: a shipment "
                             "brings 1 to {reserves} of them.", ("dune.shipment",),
                             params={"player": pid, "reserves": g.p(pid)["reserves"]})
    if (err := first("ship-check", g, pid, to, count)) is not None:
        return err
    if stopped(g, "off-planet-shipment"):  # the Guild's special Karama power (modules/advanced/karama_powers.py)
        return IllegalAction("dune.advantage-stopped", "The Guild's Karama stopped {player}'s shipment this turn.",
                             ("dune.karama", "dune.engine-karama-powers"), params={"player": pid})
    if g.in_storm(to) and not first("storm-entry", g, pid, default=False):  # advanced Fremen migrate
        return IllegalAction("dune.ship-into-storm", "{place} lies under the storm (in sector {storm}): no "
                             "shipment lands there.", ("dune.storm-blocks",),
                             params={"place": to, "storm": g.state["storm"]})
    if full(g, pid, to):
        return IllegalAction("dune.stronghold-full", FULL, ("dune.occupancy-limit",), params={"place": to})
    if karama and (err := payment_error(g, pid, None)) is not None:  # which card: _ship_check
        return err
    if (cost := ship_cost(g, pid, to, count, karama)) > g.p(pid)["spice"]:
        return IllegalAction("dune.cannot-afford", "Shipping {count} forces to {place} costs {cost} spice, and "
                             "{player} has {spice}.", ("dune.shipment",),
                             params={"count": count, "place": to, "cost": cost, "player": pid,
                                     "spice": g.p(pid)["spice"]})
    return None


def accepted(refuses, most: int) -> range:
    """The counts 1 to `most` that a check accepts, when a count it refuses means it refuses
    every larger one (`refuses(n)`: an IllegalAction or None): 1 to the largest accepted count,
    searched by halving (a few checks, not one for every count)."""
    ok, refused = 0, most + 1  # 0 stands for accepted, most + 1 for refused
    while refused - ok > 1:
        mid = (ok + refused) // 2
        ok, refused = (mid, refused) if refuses(mid) is None else (ok, mid)
    return range(1, ok + 1)


def shippable(g: Game, pid: str, loc: str, karama: bool) -> range:
    """The counts `ship_error` accepts at `loc`. Only its cost depends on the count, and a cost
    never falls as the count grows (the `ship-check` listeners judge the place, the `ship-cost`
    ones charge 0, half or all: tests/test_dune_offers.py holds them to it), so a refused count
    refuses every larger one."""
    return accepted(lambda n: ship_error(g, pid, loc, n, karama), g.p(pid)["reserves"])


def _ship_offers(g: Game, task: dict) -> list[dict]:
    pid = task["player"]
    karama = [{"karama": True}] if KARAMA in g.p(pid)["hand"] else []  # a known Karama only
    counts = {(loc, bool(k)): shippable(g, pid, loc, bool(k)) for loc in places(g) for k in [{}, *karama]}
    kinds = {n: kinds_offers(g, pid, "reserves", n) for n in range(1, g.p(pid)["reserves"] + 1)}  # any place's
    return [{"do": "pass"}] + [{"do": "ship", "to": loc, "count": n, **k, **e} for loc in places(g)
                               for n in kinds for k in [{}, *karama] if n in counts[loc, bool(k)]
                               for e in kinds[n]] + [
        o for offers in ask("ship-offers", g, task) for o in offers]


def _ship_check(g: Game, task: dict, args: dict) -> None:
    if args.get("do") == "ship" and "from" in args:  # another kind of shipment (the Guild's cross-ship)
        # a listener of hook `ship-other` answers an IllegalAction, or False when the shipment is legal
        refusal = IllegalAction("dune.no-cross-ship", "{player} ships forces only from its reserves.",
                                ("dune.shipment",), params={"player": task["player"]})
        if (err := first("ship-other", g, task["player"], args, default=refusal)):
            raise err
        return
    if args.get("karama") not in (None, True):
        raise IllegalAction("dune.bad-card-play", "A shipment paid with a Karama says so with \"karama\": true.",
                            ("dune.karama",))
    if args.get("do") == "ship" and (err := ship_error(g, task["player"], args.get("to"), args.get("count"),
                                                       bool(args.get("karama")))):
        raise err
    if args.get("karama") and args.get("card") is not None and (
            err := payment_error(g, task["player"], args["card"])):
        raise err
    if args.get("do") == "ship" and (err := kinds_error(g, task["player"], "reserves", args["count"],
                                                        args.get("kinds"))):
        raise err


def _ship(g: Game, task: dict, args: dict) -> None:
    if args["do"] == "ship" and "from" in args:
        fire("ship-other-apply", g, task["player"], args)
        g.finish(task)
        return
    if args["do"] == "ship":
        pid, to, n = task["player"], args["to"], args["count"]
        guild = g.player_of("spacing-guild")
        if args.get("karama"):  # the Guild rate, paid to the bank
            pay_with(g, pid, args.get("card"))
            g.pay(pid, ship_cost(g, pid, to, n, karama=True))
        else:
            paid_to = guild if guild and guild != pid and not stopped(g, "guild-payment") else None
            g.pay(pid, ship_cost(g, pid, to, n), paid_to)
        shift(g, pid, "reserves", to, n, args.get("kinds"))
        g.p(pid)["reserves"] -= n
        g.add_forces(to, pid, n)
        g.finish(task)
        fire("shipped", g, pid, to, n)  # e.g. the Bene Gesserit's spiritual advisor
        return
    g.finish(task)


decision(Decision("ship", ("ship", "pass"), _ship_offers, _ship, ("dune.shipment", "dune.spacing-guild"), _ship_check))


# --- movement --------------------------------------------------------------------------------
@cache
def _territory_graph(cnt: Content) -> nx.DiGraph:
    """Entering another territory costs 1, moving between sectors of one territory 0."""
    graph = nx.DiGraph()
    for a, b in cnt.graph.edges:
        w = 0 if territory(a) == territory(b) else 1
        graph.add_edge(a, b, weight=w)
        graph.add_edge(b, a, weight=w)
    return graph


@cache
def _storm_graph(cnt: Content, storm: int | None) -> nx.DiGraph:
    """`_territory_graph` without the sector in storm (a graph of its own: searching a filtered
    view costs several times more)."""
    graph = _territory_graph(cnt)
    return graph if storm is None else graph.subgraph([n for n in graph if sector(n) != storm]).copy()


@cache
def _distance_row(cnt: Content, start: str, storm: int | None) -> dict[str, int]:
    """One row of the distance table of a storm sector, searched the first time a process asks
    for it: a replay then looks distances up, it does not search the graph per action."""
    return nx.single_source_dijkstra_path_length(_storm_graph(cnt, storm), start)


def distances(cnt: Content, start: str, storm: int | None) -> dict[str, int]:
    """Territories entered to reach each location, never passing a sector in storm (None: ignore
    the storm). Shared, read-only: copy before changing it."""
    return _distance_row(cnt, start, storm)


def reachable(g: Game, start: str, storm: int | None) -> dict[str, int]:
    """`distances` on this game's places: the Hidden Mobile Stronghold is one territory beyond the
    sector it points at (hook `distances`, modules/ixians_tleilaxu/ixians_hms.py)."""
    return first("distances", g, start, storm) or distances(g.c, start, storm)


def reach(g: Game, pid: str, group: dict[str, int] | None = None) -> int:
    """How many territories a group of `pid`'s forces may move (`group`: the special forces in it,
    {kind: n}; the Ixians' Cyborgs take their Suboids two, hook `move-range`)."""
    ornithopters = any(g.combatant(t, pid) for t in g.c.ornithopters)  # advisors grant none
    base = ORNITHOPTER_RANGE if ornithopters else RANGE
    return first("move-range", g, pid, ornithopters, group or {}, default=base)


def move_error(g: Game, pid: str, frm: str, to: str, count: int, dist=None, kinds=None,
               far: int | None = None) -> IllegalAction | None:
    """`kinds`: the special forces among them ({kind: n}, checked here); `far`: the territories the
    group may move, if not those of `count` forces with `kinds`."""
    if not (g.is_place(frm) and g.is_place(to)) or frm == to:
        return IllegalAction("dune.unknown-location", "A move goes from one place on the map to another.",
                             ("dune.movement",))
    if not isinstance(count, int) or isinstance(count, bool) or count < 1 or count > g.forces(frm, pid):
        return IllegalAction("dune.not-there", NOT_THERE, ("dune.movement",),
                             params={"player": pid, "forces": g.forces(frm, pid), "place": frm})
    if (err := kinds_error(g, pid, frm, count, kinds)) is not None:
        return err
    if g.in_storm(frm) or g.in_storm(to):
        return IllegalAction("dune.move-through-storm", "The storm is in sector {storm}: no force moves out of "
                             "it or into it.", ("dune.storm-blocks",), params={"storm": g.state["storm"]})
    dist = dist if dist is not None else reachable(g, frm, g.state["storm"])
    far = far if far is not None else reach(g, pid, going(g, pid, frm, count, kinds))
    if dist.get(to, 99) > far:
        if reachable(g, frm, None).get(to, 99) <= far:
            return IllegalAction("dune.move-through-storm", "The way from {origin} to {place} passes through the "
                                 "storm (in sector {storm}).", ("dune.storm-blocks",),
                                 params={"origin": frm, "place": to, "storm": g.state["storm"]})
        return IllegalAction("dune.out-of-range", OUT_OF_RANGE, ("dune.movement",),
                             params={"place": to, "most": far, "origin": frm})
    if full(g, pid, to) and not first("enters-as-advisors", g, pid, frm, to):  # advanced BG advisors
        return IllegalAction("dune.stronghold-full", FULL, ("dune.occupancy-limit",), params={"place": to})
    return None


def _move_offers(g: Game, task: dict) -> list[dict]:
    return move_offers(g, task["player"])


def move_offers(g: Game, pid: str) -> list[dict]:
    out = [{"do": "pass"}]
    for frm in sorted(loc for loc in g.state["map"] if g.forces(loc, pid) and not g.in_storm(loc)):
        dist = reachable(g, frm, g.state["storm"])
        groups = [({"count": n, **e}, reach(g, pid, going(g, pid, frm, n, e.get("kinds"))))
                  for n in range(1, g.forces(frm, pid) + 1) for e in kinds_offers(g, pid, frm, n)]
        farthest = max(far for _, far in groups)
        for to in sorted(dist):
            if move_error(g, pid, frm, to, 1, dist, far=farthest) is None:
                out += [{"do": "move", "from": frm, "to": to, **group} for group, far in groups if dist[to] <= far]
    return out


def _move_check(g: Game, task: dict, args: dict) -> None:
    if args.get("do") == "move" and (err := move_error(g, task["player"], args.get("from"), args.get("to"),
                                                       args.get("count"), kinds=args.get("kinds"))):
        raise err


def _move(g: Game, task: dict, args: dict) -> None:
    if args["do"] == "move":
        fire("moving", g, task["player"], args["from"], args["to"])  # the type advanced BG forces take there
        shift(g, task["player"], args["from"], args["to"], args["count"], args.get("kinds"))
        g.add_forces(args["from"], task["player"], -args["count"])
        g.add_forces(args["to"], task["player"], args["count"])
        fire("moved", g, task["player"], args["to"])  # e.g. the advanced Bene Gesserit's Intrusion
    expel_beside_ally(g, task["player"])  # the end of this player's shipment and movement
    g.finish(task)


decision(Decision("move", ("move", "pass"), _move_offers, _move, ("dune.movement",), _move_check))

assert POLAR_SINK in content().graph
