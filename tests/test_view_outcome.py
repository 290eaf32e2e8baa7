"""What a step decided, in the step view (issue 33): `outcome` (rules.outcome) after a Dune:
Imperium Conflict is resolved names who placed and the reward each takes, the Conflict panel
shows the rewards and each unit's place as the engine counts it, and a classic Dune battle
shows both plans side by side with the winner the engine's resolution chose. Rise of Ix's
pieces (dreadnoughts, Freighters, Negotiators, Tech tiles for sale) are on the board."""

from __future__ import annotations

import json
from functools import cache

import pytest
from matrix import by_id, log_of
from viewer_logs import sample

import adjudicator.dune.battle as battle_module
from adjudicator.core import schemas
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.imperium import combat
from adjudicator.imperium.game import Game
from adjudicator.service.views import of_body

DUNE_SAMPLES = ("dune-4p-advanced-seed1", "dune-5p-ixians-tleilaxu-tech-seed2")


@cache
def _snapshots(name: str) -> tuple:
    return tuple(Replay(parse_log(sample(name)), "strict", "all").run()["snapshots"])


def _resolving_steps(snaps, key: str) -> list[int]:
    """The steps after which the Conflict card (`conflict`) or the battle in progress is gone."""
    def held(state):
        return state["board"].get("conflict") if key == "conflict" else (state.get("battle") or {}).get("territory")
    return [i for i in range(1, len(snaps)) if held(snaps[i - 1]) and held(snaps[i]) != held(snaps[i - 1])]


def test_the_conflict_resolved_names_who_placed_and_the_rewards():
    name = "uprising-4p-choam-seed7"
    snaps = _snapshots(name)
    steps = [i for i in _resolving_steps(snaps, "conflict") if snaps[i - 1]["phase"] == "combat"]
    assert len(steps) >= 5
    rules = parse_log(sample(name)).rules
    for step in steps[:3]:
        view = of_body(sample(name), step, None, "en", False, None)
        assert schemas.errors("view", view) == []
        before = snaps[step - 1]
        g = Game(json.loads(json.dumps(before)), rules.content)
        placed = combat.placements(g)
        lines = view["outcome"]["lines"]
        assert len(lines) == len(placed) > 0
        card = rules.content.conflicts[before["board"]["conflict"]]
        winners = [pid for pid, r in placed if r == "first"]
        if winners:
            assert lines[0].startswith(before["game"]["players"][winners[0]]["name"] + " wins ")
        # the first place's reward in words is the card's own (effect_words)
        assert all(": " in line for line in lines)
        assert len(card["rewards"]) == len(view_before(name, step)["board"]["conflict"]["rewards"])
    quiet = of_body(sample(name), steps[0] - 1, None, "en", False, None)
    assert quiet["outcome"] == {}, "a step that resolved nothing decided nothing"


def view_before(name: str, step: int) -> dict:
    return of_body(sample(name), step - 1, None, "en", False, None)


def test_the_conflict_panel_shows_each_units_place_as_the_engine_counts_it():
    name = "uprising-4p-choam-seed7"
    snaps = _snapshots(name)
    step = next(i for i in _resolving_steps(snaps, "conflict") if snaps[i - 1]["phase"] == "combat") - 1
    rules = parse_log(sample(name)).rules
    placed = dict(combat.placements(Game(json.loads(json.dumps(snaps[step])), rules.content)))
    for lang in ("en", "ru"):
        conflict = of_body(sample(name), step, None, lang, False, None)["board"]["conflict"]
        assert {u["player"]: u["place"] for u in conflict["units"] if u["place"]} == placed
        assert [r["place"] for r in conflict["rewards"]] == ["first", "second", "third"]
        assert all(r["words"] for r in conflict["rewards"])


@pytest.mark.parametrize("name", [*DUNE_SAMPLES, "dune-4p-basic", "dune-6p-basic", "dune-4p-advanced-ixtl-tech"])
def test_each_battle_resolved_names_the_winner_the_engine_chose(name, monkeypatch):
    """The engine's own winners, recorded where it announces them (`battle-won`), against the
    winner the step view reads off the states around each resolving step."""
    won: list[str] = []
    real = battle_module.fire

    def spy(event, g, *args):
        if event == "battle-won":
            won.append(args[0])
        return real(event, g, *args)

    doc = sample(name) if name in DUNE_SAMPLES else log_of(by_id(name))  # the samples, and the matrix's playouts
    monkeypatch.setattr(battle_module, "fire", spy)
    log = parse_log(doc)
    snaps = tuple(Replay(log, "strict", "all").run()["snapshots"])
    monkeypatch.undo()
    steps = _resolving_steps(snaps, "battle")
    assert len(steps) >= 1
    read = []
    for step in steps:
        out = log.rules.outcome(snaps[step - 1], snaps[step], log.actions[step].to_json(), "en")
        fought = out["battle"]
        assert [s["plan"] is not None for s in fought["sides"]] == [True, True], "both plans shown once resolved"
        if fought["winner"]:
            read.append(fought["winner"])
        assert out["lines"][0].endswith(fought["name"]) or "(" in out["lines"][0]
    assert read == won


def test_a_battle_step_in_the_view_shows_both_plans_and_the_outcome():
    name = DUNE_SAMPLES[0]
    snaps = _snapshots(name)
    step = _resolving_steps(snaps, "battle")[0]
    for lang in ("en", "ru"):
        view = of_body(sample(name), step, None, lang, False, None)
        assert schemas.errors("view", view) == []
        assert [s["role"] for s in view["outcome"]["battle"]["sides"]] == ["aggressor", "defender"]
        assert view["outcome"]["lines"]
    # while the plans are being made, the other side's plan is face down for a player
    plan_step = next(i for i in range(step, 0, -1) if sample(name)["actions"][i]["do"] == "plan"
                     and snaps[i].get("battle") and len(snaps[i]["battle"]["plans"]) == 1)
    first = snaps[plan_step]["battle"]["plans"]
    (planner,) = first
    other = next(s for s in (snaps[plan_step]["battle"]["aggressor"], snaps[plan_step]["battle"]["defender"])
                 if s != planner)
    seen = of_body(sample(name), plan_step, other, "en", False, None)["board"]["battle"]
    assert {s["player"]: s["plan"] for s in seen["sides"]}[planner] is None


def test_rise_of_ix_on_the_board():
    log = log_of(by_id("imperium-4p-ix"))
    last = len(log["actions"]) - 1
    view = of_body(log, last, None, "en", False, None)
    assert schemas.errors("view", view) == []
    ix = view["board"]["ix"]
    state = Replay(parse_log(log), "strict", "all").run()["snapshots"][last]
    assert ix["shipping"]["freighters"] == {p: state["players"][p]["freighter"] for p in state["game"]["seats"]}
    assert ix["negotiators"] == {p: state["players"][p]["troops"]["negotiators"] for p in state["game"]["seats"]}
    assert [d["space"] for d in ix["dreadnoughts"]] == sorted(state["board"]["dreadnoughts"])
    assert all(p["dreadnoughts"] == state["players"][p["id"]]["dreadnoughts"] for p in view["players"])
    assert "ix" not in of_body(sample("imperium-4p-seed5"), 0, None, "en", False, None)["board"]


@pytest.mark.parametrize("name", ["uprising-4p-choam-seed7", *DUNE_SAMPLES])
def test_the_timeline_says_what_each_step_decided_as_the_step_does(name):
    """The timeline's `decided` lines are the step view's own outcome lines, at exactly the steps
    that resolved a Conflict or a battle (the timeline keeps a copy only where may_decide)."""
    snaps = _snapshots(name)
    key = "battle" if name.startswith("dune") else "conflict"
    steps = [i for i in _resolving_steps(snaps, key) if key == "battle" or snaps[i - 1]["phase"] == "combat"]
    timeline = of_body(sample(name), 0, None, "ru", True, None)["timeline"]
    assert [e["index"] for e in timeline if "decided" in e] == steps
    for step in steps[:2]:
        assert timeline[step]["decided"] == of_body(sample(name), step, None, "ru", False, None)["outcome"]["lines"]
