"""Mutated logs: a legal log changed in one place must be flagged at exactly that action,
with the right code and a citation (Rally the Troops' patch-and-replay check)."""

import copy

import pytest

from adjudicator.core.replay import replay
from adjudicator.imperium.content import content
from adjudicator.simulate import simulate

CNT = content("uprising")
SEEDS = range(6)


def states_before(log):
    """The state before each action (index i -> state before action i)."""
    report = replay(log, snapshots="all")
    first = replay(dict(log, actions=[]), snapshots="final")["final_state"]
    return [first] + report["snapshots"][:-1]


def first_mutation(game, modules, mutate, seeds=SEEDS):
    """The first (log, index) of simulated games where `mutate(log, states, i, action)` returns a
    bad log; fails if no playout offers a place, so a mutation test never passes vacuously."""
    for seed in seeds:
        log = simulate(game, 3 + seed % 2, seed, modules)
        states = states_before(log)
        for i, action in enumerate(log["actions"]):
            bad = mutate(log, states, i, action)
            if bad is not None:
                return bad, i
    raise AssertionError("no playout offered a place for this mutation")


def flagged(log, index, code, ruling):
    report = replay(log, snapshots="none")
    assert report["valid"] is False
    assert report["first_illegal"] == index
    verdict = report["verdicts"][index]
    assert verdict["verdict"] == "illegal"
    assert verdict["code"] == code, verdict
    assert ruling in [c["ruling"] for c in verdict["citations"]], verdict
    assert verdict["pointer"] == f"/actions/{index}"
    return verdict


@pytest.mark.parametrize("seed", SEEDS)
def test_agent_sent_to_an_occupied_space(seed):
    log = simulate("uprising", 4, seed)
    states = states_before(log)
    for i, a in enumerate(log["actions"]):
        if a["do"] != "send-agent" or "infiltrate" in a:
            continue
        occupied = states[i]["board"]["occupied"]
        icons = CNT.cards[a["card"]]["icons"]
        target = next((s for s, who in sorted(occupied.items()) if who != a["by"]
                       and CNT.spaces[s]["icon"] in icons), None)
        if target:
            bad = copy.deepcopy(log)
            bad["actions"][i] = dict(a, space=target)
            bad["actions"][i].pop("gather", None)
            flagged(bad, i, "agent.space-occupied", "agent.space-occupied")
            return
    pytest.skip("no occupied space reachable in this game")


@pytest.mark.parametrize("seed", SEEDS)
def test_card_acquired_without_enough_persuasion(seed):
    log = simulate("uprising", 4, seed)
    states = states_before(log)
    for i, a in enumerate(log["actions"]):
        if a["do"] != "acquire":
            continue
        st = states[i]
        persuasion = st["players"][a["by"]]["persuasion"]
        dear = [c for c in st["row"] if CNT.cards[c]["cost"] > persuasion]
        if dear:
            bad = copy.deepcopy(log)
            bad["actions"][i] = dict(a, card=dear[0])
            v = flagged(bad, i, "acquire.cost", "acquire.cost")
            # the message names the card and the player as printed (issue #10), never their ids
            name, player = CNT.cards[dear[0]]["name"]["en"], a["by"].title()
            assert name in v["message"] and player in v["message"] and str(persuasion) in v["message"]
            assert dear[0] not in v["message"]
            return
    pytest.skip("no unaffordable card in the Row at any purchase")


def combat_only(card):
    timings = CNT.intrigues[card]
    return "combat" in timings and "plot" not in timings


@pytest.mark.parametrize("seed", SEEDS)
def test_combat_intrigue_played_in_a_plot_window(seed):
    log = simulate("uprising", 4, seed)
    states = states_before(log)
    for i, a in enumerate(log["actions"]):
        if a["do"] not in ("send-agent", "reveal"):
            continue
        held = [c for c in states[i]["players"][a["by"]]["intrigue"] if c != "?" and combat_only(c)]
        if held:
            bad = copy.deepcopy(log)
            bad["actions"].insert(i, {"by": a["by"], "do": "play-intrigue", "card": held[0]})
            v = flagged(bad, i, "intrigue.wrong-window", "intrigue.combat-timing")
            assert v["path"] == ["agent-turn.place"]
            return
    pytest.skip("nobody held a combat-only intrigue card at a turn start")


@pytest.mark.parametrize("seed", SEEDS)
def test_deploy_recorded_before_the_recruiting_effect(seed):
    log = simulate("uprising", 4, seed)
    for i, a in enumerate(log["actions"]):
        prev = log["actions"][i - 1]
        if a["do"] == "deploy" and prev["do"] == "resolve" and prev["effect"].startswith("space:"):
            bad = copy.deepcopy(log)
            bad["actions"][i - 1], bad["actions"][i] = a, prev
            v = flagged(bad, i - 1, "timing.out-of-order", "timing.recruit-before-deploy")
            assert v["path"] == [prev["effect"], "deploy"]
            return
    pytest.skip("no deploy right after a space effect")


def test_continue_mode_keeps_checking_after_an_illegal_action():
    log = simulate("uprising", 3, 3)
    i = next(i for i, a in enumerate(log["actions"]) if a["do"] == "end-turn")
    bad = copy.deepcopy(log)
    bad["actions"].insert(i, {"by": "chance", "do": "refill-row", "card": "dagger"})
    report = replay(bad, mode="continue", snapshots="none")
    assert report["first_illegal"] == i
    assert len(report["verdicts"]) == len(bad["actions"])
    assert all(v.get("conditional") for v in report["verdicts"][i + 1:])
    assert not any(v.get("conditional") for v in report["verdicts"][:i + 1])


def test_wrong_player_acting_is_flagged():
    log = simulate("uprising", 3, 4)
    i = next(i for i, a in enumerate(log["actions"]) if a["do"] == "send-agent")
    bad = copy.deepcopy(log)
    other = next(p["id"] for p in log["game"]["players"] if p["id"] != log["actions"][i]["by"])
    bad["actions"][i] = dict(bad["actions"][i], by=other)
    flagged(bad, i, "turn.not-your-turn", "turn.order")
