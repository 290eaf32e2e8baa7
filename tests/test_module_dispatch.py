"""Verbs and custom steps are dispatched by module, as listeners are (issue 29): registered for a
module (`Verb(module=...)`, `custom(name, module=...)`), they exist only in its games, so their
code tests no mode (tests/test_architecture.py counts the places that still ask)."""

import pytest
from helpers import fresh
from six_helpers import RULES as SIX_RULES
from six_helpers import new_game as six_game

from adjudicator.imperium.effects import op_custom
from adjudicator.imperium.game import Game
from adjudicator.imperium.registry import CUSTOM, VERBS, custom, custom_runs
from adjudicator.imperium.rules import ruleset, verbs

IMMORTALITY_VERBS = {"graft", "family-atomics", "return-specimens", "acquire-tleilaxu"}


def _table(rules, state) -> Game:
    return Game(state, rules.content)


def test_a_modules_verbs_exist_only_in_its_games():
    assert {VERBS[name].module for name in IMMORTALITY_VERBS} == {"immortality"}
    plain = _table(*fresh(3))
    assert plain.top["t"] == "turn"
    taken = {v.name for v in verbs(plain, plain.top)}
    assert "send-agent" in taken and not taken & IMMORTALITY_VERBS
    immortal = _table(*fresh(3, ("immortality",)))
    assert {"graft", "family-atomics", "return-specimens"} <= {v.name for v in verbs(immortal, immortal.top)}


def _base_with(*modules: str) -> Game:
    rules = ruleset("base")
    game = {"system": "imperium", "edition": "base", "modules": list(modules),
            "players": [{"id": p, "leader": lead} for p, lead in (("red", "paul-atreides"), ("blue", "glossu-rabban"),
                                                                   ("green", "duke-leto-atreides"))]}
    return _table(rules, rules.new_state(game, {"seed": 1}))


def test_a_modules_custom_step_runs_only_in_its_games():
    plain, six = _table(*fresh(3)), _table(SIX_RULES, six_game())
    tech, ix = _table(*fresh(3, ("bloodlines", "tech"))), _base_with("ix")
    assert custom_runs(plain, "the-voice") and custom_runs(six, "the-voice")  # every game's
    assert custom_runs(six, "six-throne-row") and not custom_runs(plain, "six-throne-row")
    # the Tech tiles' steps: registered for either module that has tiles
    assert custom_runs(tech, "acquire-tech") and custom_runs(ix, "acquire-tech")
    assert not custom_runs(plain, "acquire-tech") and not custom_runs(_base_with(), "acquire-tech")
    # elsewhere the step does nothing: no choice asked, nothing cited
    task = {"t": "steps", "player": "red", "src": "card:test", "steps": []}
    stack, rulings = list(plain.state["stack"]), list(plain.rulings)
    op_custom(plain, task, {"custom": "acquire-tech"})
    assert plain.state["stack"] == stack and plain.rulings == rulings


def test_a_custom_step_is_one_code():
    with pytest.raises(AssertionError, match="the-voice"):
        custom("the-voice")(lambda g, task, step: None)
    assert CUSTOM["the-voice"].__name__ != "<lambda>"
