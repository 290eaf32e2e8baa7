"""Shared by the classic Dune rule tests: a game of some factions, a position with tasks pending,
an action applied or refused, forces placed by a position edit."""

from __future__ import annotations

import pytest

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.dune.game import Game
from adjudicator.dune.rules import DuneRules

RULES = DuneRules()


def new(*factions, seed=None):
    game = {"system": "dune", "players": [{"id": f, "faction": f} for f in factions]}
    return RULES.new_state(game, {"seed": seed} if seed is not None else {})


def at(state, *tasks, phase="collection"):
    """The position with these tasks pending (the last one first) above the flow."""
    state["stack"] = [{"t": "flow", "phase": phase}, *tasks]
    return Game(state)


def act(state, by, do, **args):
    return RULES.apply(state, Action({"by": by, "do": do, **args}))


def refused(state, by, do, **args):
    with pytest.raises(IllegalAction) as err:
        act(state, by, do, **args)
    return err.value


def move_forces(g, pid, loc, n):
    """Forces from reserves to a place (a position edit that conserves forces)."""
    g.p(pid)["reserves"] -= n
    g.add_forces(loc, pid, n)
