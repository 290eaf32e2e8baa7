"""Shared by the classic Dune rule tests: a game of some factions, a position with tasks pending,
an action or chance outcome applied or refused, forces and cards placed by a position edit."""

from __future__ import annotations

import pytest

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import Driver, replay
from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.rules import DuneRules

RULES = DuneRules()


ADVANCED = ("advanced",)


def new(*factions, seed=None, modules=()):
    game = {"system": "dune", "modules": list(modules), "players": [{"id": f, "faction": f} for f in factions]}
    return RULES.new_state(game, {"seed": seed} if seed is not None else {})


def at(state, *tasks, phase="collection", turn=None, storm=None):
    """The position with these tasks pending (the last one first) above the flow, on this turn
    and with the storm at this sector when given."""
    if turn is not None:
        state["turn"] = turn
    if storm is not None:
        state["storm"] = storm
    state["stack"] = [{"t": "flow", "phase": phase}, *tasks]
    return Game(state)


def act(state, by, do, **args):
    return RULES.apply(state, Action({"by": by, "do": do, **args}))


def chance(state, do, **data):
    return RULES.apply(state, Action({"by": "chance", "do": do, **data}))


def refused(state, by, do, **args):
    with pytest.raises(IllegalAction) as err:
        act(state, by, do, **args)
    return err.value


def move_forces(g, pid, loc, n):
    """Forces from reserves to a place (a position edit that conserves forces)."""
    g.p(pid)["reserves"] -= n
    g.add_forces(loc, pid, n)


def give(g, pid, *cards):
    """Treachery cards from the deck into a hand (kept sorted, as the engine keeps it)."""
    for card in cards:
        g.state["treachery"]["deck"].remove(card)
        g.p(pid)["hand"].append(card)
    g.p(pid)["hand"].sort()


def replayed(log: dict, seed=None) -> tuple[list[str], dict]:
    """A playout's log replayed (from its recorded chance outcomes, or from `seed`): the checksum
    after every action, the invariants checked each time, and the final state."""
    driver = Driver(RULES, RULES.new_state(log["game"], {"seed": seed} if seed is not None else {}))
    sums = []
    for data in log["actions"]:
        driver.apply(Action(data))
        assert problems(driver.state) == []
        sums.append(driver.checkpoint())
    return sums, driver.state


def judged_by_played_rules(log: dict) -> None:
    """A playout's log replayed through the service's replay: valid, and each action legal or
    unverifiable only for hidden information (nothing rests on a rule the engine does not play)."""
    report = replay({k: v for k, v in log.items() if k != "result"})  # the playout adds its result
    assert report["valid"]
    assert {(v["verdict"], v["code"]) for v in report["verdicts"]} <= {("legal", "ok"),
                                                                       ("unverifiable", "hidden-information")}
