"""What the expansions' position tests share (test_bloodlines_positions.py,
test_immortality_positions.py): a simulated game's last state, the audit's codes, reading the
examples/<module>-*.json positions. (The round trip of simulated games, every decision point
written as a scenario and the audit over every state are the rule-system harness's:
tests/test_rule_systems.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.core.actions import Action
from adjudicator.core.errors import InvalidPosition
from adjudicator.imperium.audit import audit
from adjudicator.imperium.rules import ruleset
from adjudicator.positions import load
from adjudicator.simulate import simulate

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
EVERY = 25


def final_state(game: str, modules: tuple, seed: int = 1):
    """The rules and the last state of a simulated four-player game."""
    log = simulate(game, 4, seed, modules)
    rules = ruleset(log["game"]["edition"])
    state = rules.new_state(log["game"], log["setup"])
    for a in log["actions"]:
        rules.apply(state, Action(a))
    return rules, state


def codes_at(rules, state) -> set[tuple[str, str]]:
    return {(p["pointer"], p["code"]) for p in audit(state, rules.content)}


def example(module: str, name: str) -> dict:
    return json.loads((EXAMPLES / f"{module}-{name}.json").read_text(encoding="utf-8"))


def problems(position) -> set[tuple[str, str]]:
    with pytest.raises(InvalidPosition) as err:
        load(position)
    return {(p["pointer"], p["code"]) for p in err.value.problems}


def cited(verdict: dict) -> set[str]:
    return {c["ruling"] for c in verdict.get("citations", [])} | set(verdict.get("rulings", []))
