"""What the expansions' position tests share (test_bloodlines_positions.py,
test_immortality_positions.py): the round trip of simulated games through compact positions,
every decision point written as a scenario, the audit over every state, and reading the
examples/<module>-*.json positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_positions import states_before

from adjudicator.core.actions import Action
from adjudicator.core.errors import InvalidPosition
from adjudicator.imperium.audit import audit
from adjudicator.imperium.combat import participants
from adjudicator.imperium.cut import anchor, comparable
from adjudicator.imperium.game import Game
from adjudicator.imperium.rules import ruleset
from adjudicator.positions import cuts, load
from adjudicator.simulate import simulate

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
EVERY = 25


def round_trip(game: str, modules: tuple, seeds: int) -> int:
    """Every 25th position of `seeds` simulated games, cut and built again, is the same state
    for every viewer, prompt and legal action; returns how many were cut at a decision point."""
    written = 0
    for seed in range(seeds):
        log = simulate(game, 3 + seed % 2, seed, modules)
        rules = ruleset(log["game"]["edition"])
        indexes = list(range(0, len(log["actions"]), EVERY))
        positions = cuts(log, indexes)
        originals = states_before(rules, log, set(indexes))
        for i in indexes:
            position = json.loads(json.dumps(positions[i]))
            written += position["scenario"]["decision"]["kind"] != "setup"
            built = load(position).state
            original = originals[i]
            assert comparable(built) == comparable(original), (game, seed, i)
            for viewer in (None, *original["game"]["seats"]):
                assert comparable(rules.public_view(built, viewer)) == \
                    comparable(rules.public_view(original, viewer)), (game, seed, i, viewer)
            assert rules.prompt(built) == rules.prompt(original), (game, seed, i)
            assert rules.legal_actions(built) == rules.legal_actions(original), (game, seed, i)
    return written


def states(game: str, modules: tuple, seeds: int):
    """(rules, state, index) before every action of `seeds` simulated games, then after the last."""
    for seed in range(seeds):
        log = simulate(game, 3 + seed % 2, seed, modules)
        rules = ruleset(log["game"]["edition"])
        state = rules.new_state(log["game"], log["setup"])
        for i, a in enumerate(log["actions"]):
            yield rules, state, (seed, i)
            rules.apply(state, Action(a))
        yield rules, state, (seed, len(log["actions"]))


def every_decision_point_is_a_scenario(game: str, modules: tuple, seeds: int = 3) -> None:
    """The cut stands at the last decision point, not at the game as dealt: every anchor state is
    written and built back. The one exception belongs to no module: a Combat window reopened
    after an Intrigue card, with a fighter who has left the Conflict since, is no opening."""
    for rules, state, at in states(game, modules, seeds):
        kind = anchor(state)
        reopened = kind == "combat" and state["stack"][-1]["order"] != participants(Game(state, rules.content))
        if kind and not reopened:
            doc = rules.scenario_of(state)
            assert doc is not None, (game, at)
            assert doc["decision"]["kind"] == kind


def audit_is_clean(game: str, modules: tuple, seeds: int) -> None:
    for rules, state, at in states(game, modules, seeds):
        assert audit(state, rules.content) == [], (game, at)


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
