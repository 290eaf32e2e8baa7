"""The Storm phase (rulings dune.storm-first-turn, dune.storm-later-turns, dune.storm-damage,
dune.storm-order): two players dial (chance outcomes: the log records the numbers revealed),
the storm moves counterclockwise by the sum, destroys forces and spice in the sand it passes
over or stops in, and fixes the storm order for the turn."""

from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.rng import below
from .content import SECTORS, sector
from .game import Game, storm_key
from .registry import ChanceKind, auto, chance_kind, first


def first_dialers(g: Game) -> list[str]:
    """The players whose markers are nearest the Storm Start on either side of it."""
    start = g.c.map["storm_start_sector"]
    after = min(g.seats, key=lambda q: (g.p(q)["marker"] - start) % SECTORS)
    before = min((q for q in g.seats if q != after), key=lambda q: (start - g.p(q)["marker"]) % SECTORS)
    return [after, before]


def dial_range(g: Game) -> tuple[int, int]:
    lo, hi = g.c.map["storm"]["first_turn_dial" if g.state["turn"] == 1 else "basic_dial"]
    return lo, hi


def start_storm(g: Game) -> None:
    state = g.state
    dialers = state["dialers"] if state["turn"] > 1 and state["dialers"] else first_dialers(g)
    state["dialers"] = dialers
    state["dials"] = []
    g.push(*({"t": "chance", "kind": "storm-dial", "player": q} for q in dialers), {"t": "auto", "kind": "storm-move"})


def _deal(g: Game, task: dict) -> dict:
    lo, hi = dial_range(g)
    return {"do": "storm-dial", "player": task["player"], "value": lo + below(g.state, hi - lo + 1)}


def _check(g: Game, task: dict, data: dict) -> None:
    lo, hi = dial_range(g)
    value = data.get("value")
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        rule = "dune.storm-first-turn" if g.state["turn"] == 1 else "dune.storm-later-turns"
        raise IllegalAction("dune.storm-dial-out-of-range", f"a storm dial is {lo} to {hi} this turn, not {value!r}",
                            (rule,))


def _apply(g: Game, task: dict, data: dict) -> None:
    g.state["dials"].append(data["value"])


chance_kind(ChanceKind("storm-dial", _deal, _check, _apply, ("dune.storm-first-turn", "dune.storm-later-turns")))


@auto("storm-move")
def storm_move(g: Game, task: dict) -> None:
    state = g.state
    moved = sum(state.pop("dials"))
    passed = {(state["storm"] + i) % SECTORS for i in range(1, min(moved, SECTORS) + 1)}
    state["storm"] = (state["storm"] + moved) % SECTORS
    for loc in sorted(set(state["map"]) | set(state["spice"])):
        if sector(loc) in passed and exposed(g, loc):
            for q in sorted(state["map"].get(loc, {})):
                n = g.forces(loc, q)
                g.to_tanks(loc, q, first("storm-losses", g, q, n, default=n))  # the Fremen lose half
            g.remove_spice(loc)
    state["order"] = sorted(g.seats, key=lambda q: storm_key(state, q))
    g.rulings += ["dune.storm-damage", "dune.storm-order"]
    g.finish(task)


def exposed(g: Game, loc: str) -> bool:
    """Sand outside the Shield Wall's shelter (rock, strongholds and the Polar Sink never are)."""
    terr = loc.split("@", 1)[0]
    return g.c.kind(loc) == "sand" and terr not in g.c.sheltered
