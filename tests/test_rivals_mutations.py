"""House Hagal Rivals in mutated logs: a random playout's Rival action changed (sent elsewhere than
its card, a reward its rules refuse) is flagged at exactly that action; a log may leave the Rival's
forced actions out. (The Rival playouts themselves, their replays, invariants and the decisions they
reach are the rule-system harness's: tests/test_rule_systems*.py.)"""

import copy

import pytest
from helpers import start_of

from adjudicator.core.actions import Action
from adjudicator.core.replay import replay
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate


@pytest.mark.parametrize(("edition", "players"), [("uprising", 1), ("uprising", 2), ("base", 1), ("base", 2)])
def test_a_rival_sent_to_the_wrong_space_is_flagged(edition, players):
    log = simulate(edition, players, 4)
    index = next(i for i, a in enumerate(log["actions"]) if a["do"] == "rival-agent")
    mutated = copy.deepcopy(log)
    wrong = "secrets" if log["actions"][index]["space"] != "secrets" else "fremkit"
    mutated["actions"][index]["space"] = wrong
    report = replay(mutated)
    assert report["first_illegal"] == index
    verdict = report["verdicts"][index]
    assert verdict["code"] == "rival.wrong-space"
    assert "rivals.agent-placement" in [c["ruling"] for c in verdict["citations"]]


def test_a_log_may_leave_the_rivals_forced_actions_out():
    """The Rival's action is the one legal action: a log that omits it replays the same."""
    log = simulate("uprising", 1, 2)
    short = dict(log, actions=[a for a in log["actions"] if a["do"] != "rival-agent"])
    full, left_out = replay(log, snapshots="final"), replay(short, snapshots="final")
    assert left_out["valid"] and left_out["final_checksum"] == full["final_checksum"]


def _other_answer(action: dict) -> dict | None:
    """Another answer for a Rival's narrowed choice: what a player might have chosen."""
    if action.get("option") in ("pay", "skip"):
        return dict(action, option="skip" if action["option"] == "pay" else "pay")
    if "faction" in action:
        others = [f for f in ("emperor", "guild", "bene-gesserit", "fremen") if f != action["faction"]]
        return dict(action, faction=others[0])
    return None


@pytest.mark.parametrize("players", [1, 2])
def test_a_rival_taking_a_reward_its_rules_refuse_is_flagged(players):
    """A Rival's reward choice is made by its rules (p. 3): a log that records it taking another
    one (skipping a VP it can pay, influence elsewhere) is flagged at that action."""
    for seed in range(40):
        log = simulate("uprising", players, seed)
        rivals = {r["id"] for r in log["setup"]["rivals"]}
        found = [(i, alt) for i, a in enumerate(log["actions"])
                 if a["by"] in rivals and a["do"] == "choose" and (alt := _other_answer(a)) is not None]
        if found:
            break
    else:
        pytest.fail("no Rival reward choice in 40 playouts")
    index, alt = found[0]
    mutated = copy.deepcopy(log)
    mutated["actions"][index] = alt
    report = replay(mutated)
    assert report["first_illegal"] == index
    assert report["verdicts"][index]["code"] == "choice.not-offered"


def test_the_original_house_hagal_taking_a_reward_is_flagged():
    """Rulebook PDF p. 19: House Hagal earns no Conflict reward. A log that records it choosing a
    reward (Influence where a player would choose one) is flagged at that action."""
    for seed in range(40):
        log = simulate("base", 2, seed)
        hagal = log["setup"]["rivals"][0]["id"]
        found = [i for i, a in enumerate(log["actions"]) if a["do"] == "choose" and "faction" in a
                 and a["by"] != hagal]
        if found:
            break
    else:
        pytest.fail("no Influence reward choice in 40 playouts")
    index = found[0]
    mutated = copy.deepcopy(log)
    mutated["actions"].insert(index, dict(log["actions"][index], by=hagal))
    report = replay(mutated)
    assert report["first_illegal"] == index
    assert report["verdicts"][index]["verdict"] == "illegal"


def test_an_original_solo_rival_taking_influence_where_it_has_more_is_flagged():
    """Rulebook PDF p. 20: a solo Rival gains Influence where it has least (a tie is the player's
    call). A log recording it choosing a Faction where it has more is flagged at that action."""
    rules = ruleset("base")
    for seed in range(40):
        log = simulate("base", 1, seed)
        rivals = {r["id"] for r in log["setup"]["rivals"]}
        state = start_of(rules, log)
        for index, action in enumerate(log["actions"]):
            if action["by"] in rivals and action["do"] == "choose" and "faction" in action:
                legal = {a.to_json().get("faction") for a in rules.legal_actions(state)}
                refused = sorted({"emperor", "guild", "bene-gesserit", "fremen"} - legal)
                if refused:
                    mutated = copy.deepcopy(log)
                    mutated["actions"][index] = dict(action, faction=refused[0])
                    report = replay(mutated)
                    assert report["first_illegal"] == index
                    assert report["verdicts"][index]["code"] == "choice.not-offered"
                    return
            rules.apply(state, Action(action))
    pytest.fail("no solo Rival Influence choice in 40 playouts")
