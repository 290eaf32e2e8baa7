"""The Storm phase (rulings dune.storm-first-turn, dune.storm-later-turns, dune.storm-damage,
dune.storm-order): two players dial (chance outcomes: the log records the numbers revealed),
the storm moves counterclockwise by the sum, destroys forces and spice in the sand it passes
over or stops in, and fixes the storm order for the turn.

From the second turn, once the dials are known and before the storm moves, each player in
storm order is asked whether to play a storm card (Weather Control, Family Atomics: cards.py),
everyone alike so that the question reveals no hand (ruling dune.engine-card-plays)."""

from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.rng import below
from .content import SECTORS, sector
from .deck import named_face_up
from .game import Game, storm_key
from .registry import ChanceKind, Decision, ask, auto, chance_kind, decision, first


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
    windows = [{"t": "decide", "kind": "storm-window", "player": q} for q in state["order"] if state["turn"] > 1]
    # a faction's own steps before the dials and after the storm moves (the Hidden Mobile Stronghold)
    before = [t for own in ask("before-storm", g) for t in own]
    after = [t for own in ask("after-storm", g) for t in own]
    # the dials, or what decides in their place (the advanced game's Storm deck: modules/advanced/storm.py)
    dials = first("storm-decided-by", g) or [{"t": "chance", "kind": "storm-dial", "player": q} for q in dialers]
    g.push(*before, *dials, *windows, {"t": "auto", "kind": "storm-move"}, *after)


# Only `pass` is this decision's own verb: a storm card is played with `play` (cards.py).
decision(Decision("storm-window", ("pass",), lambda g, task: [{"do": "pass"}], lambda g, task, args: g.finish(task),
                  ("dune.engine-card-plays",)))


def _deal(g: Game, task: dict) -> dict:
    lo, hi = dial_range(g)
    return {"do": "storm-dial", "player": task["player"], "value": lo + below(g.state, hi - lo + 1)}


def _check(g: Game, task: dict, data: dict) -> None:
    lo, hi = dial_range(g)
    value = data.get("value")
    named_face_up(value, "storm-dial")  # dialed in secret, revealed together before the storm moves
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        rule = "dune.storm-first-turn" if g.state["turn"] == 1 else "dune.storm-later-turns"
        raise IllegalAction("dune.storm-dial-out-of-range", "A storm dial reads {low} to {high} this turn.",
                            (rule,), params={"low": lo, "high": hi})


def add_dial(g: Game, task: dict, data: dict) -> None:
    """A dial, or what stands for the dials (a Storm card), adds to the storm's move."""
    g.state["dials"].append(data["value"])


chance_kind(ChanceKind("storm-dial", _deal, _check, add_dial, ("dune.storm-first-turn", "dune.storm-later-turns")))


@auto("storm-move")
def storm_move(g: Game, task: dict) -> None:
    state = g.state
    dials = state.pop("dials")
    control = state.pop("storm_control", None)  # Weather Control sets the move instead of the dials
    moved = sum(dials) if control is None else control
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
    if terr in g.c.sheltered:  # sheltered while the Shield Wall stands (Family Atomics destroys it)
        return bool(g.state.get("shield_wall_destroyed"))
    return g.c.kind(loc) == "sand"
