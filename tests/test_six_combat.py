"""Ties between Allies in the Uprising six-player team game (seed 004, the Russian booklet for
6 players, p. 5; issue #13): two players of one team tied on strength may let one take the
higher reward, the other the next one (nothing after the third). The player count is refused
until complete: these tests lift the gate (`unlocked`)."""

import copy

import pytest
from helpers import start_of
from six_helpers import RULES, apply, new_game

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import replay
from adjudicator.imperium import combat
from adjudicator.imperium.effects import advance_steps
from adjudicator.imperium.game import Game
from adjudicator.imperium.modules.six_players import teams as six
from adjudicator.simulate import simulate


def _fight(strengths: dict, higher: str | None = None, first: str = "m"):
    """A Conflict where each named player has that strength (troops of 2, one sword for odd
    totals); `higher`: the tied Ally who took the higher reward."""
    state = new_game()
    state["first"] = first
    for pid, value in strengths.items():
        pl = state["players"][pid]
        pl["troops"]["conflict"], pl["swords"] = value // 2, value % 2
    if higher is not None:
        g = Game(state)
        pair, position = six.tied_allies(g)
        state["six"]["tie"] = {"pair": pair, "position": position, "higher": higher}
    return Game(state)


def test_allies_tied_for_first_one_takes_the_first_reward():
    strengths = {"m1": 6, "m2": 6, "s1": 4}
    g = _fight(strengths)
    assert six.tied_allies(g) == (["m1", "m2"], 1)
    assert combat.placements(g) == [("m1", "second"), ("m2", "second"), ("s1", "third")]
    g = _fight(strengths, higher="m2")
    assert combat.placements(g) == [("m2", "first"), ("m1", "second"), ("s1", "third")]


def test_allies_tied_for_second():
    g = _fight({"s1": 8, "m1": 5, "m2": 5}, higher="m2")
    assert combat.placements(g) == [("s1", "first"), ("m2", "second"), ("m1", "third")]


def test_allies_tied_for_third_the_one_who_yields_gets_nothing():
    strengths = {"s1": 8, "s2": 6, "m1": 4, "m2": 4}
    assert combat.placements(_fight(strengths)) == [("s1", "first"), ("s2", "second")]
    assert combat.placements(_fight(strengths, higher="m1")) == [("s1", "first"), ("s2", "second"),
                                                                 ("m1", "third")]


def test_players_of_different_teams_tied_follow_the_ordinary_rule():
    g = _fight({"m1": 6, "s1": 6, "m2": 2})
    assert six.tied_allies(g) is None
    assert combat.placements(g) == [("s1", "second"), ("m1", "second"), ("m2", "third")]  # seat order


def test_skip_keeps_the_ordinary_tie():
    g = _fight({"m1": 6, "m2": 6})
    g.state["six"]["tie"] = {"pair": ["m1", "m2"], "position": 1, "higher": None}
    assert combat.placements(g) == [("m1", "second"), ("m2", "second")]


def _tie_in_a_playout():
    for seed in range(12):
        log = simulate("uprising", 6, seed, ("choam",))
        report = replay(log, snapshots="final")
        for index, verdict in enumerate(report["verdicts"]):
            if "six.ally-tie-choice" in [c["ruling"] for c in verdict["citations"]] \
                    and log["actions"][index]["do"] == "choose":
                return log, index
    raise AssertionError("no playout met tied Allies")


def test_the_choice_is_asked_before_the_rewards_and_checked():
    log, index = _tie_in_a_playout()
    answer = log["actions"][index]
    teams = replay(log, snapshots="final")["final_state"]["six"]["teams"]
    mutated = copy.deepcopy(log)
    pair_team = next(t for t, side in teams.items() if answer["by"] in side["allies"])
    other = teams["shaddam" if pair_team == "muad-dib" else "muad-dib"]["allies"][0]
    mutated["actions"][index] = {"by": answer["by"], "do": "choose", "player": other}
    report = replay(mutated, snapshots="final")
    assert report["first_illegal"] == index


# --- a Commander's Combat Intrigue cards (booklet p. 5; six.combat-intrigue-for) --------------------------
def _combat_window(seed=1):
    """A random playout's first combat window."""
    log = simulate("uprising", 6, seed, ("choam",))
    state = start_of(RULES, log)
    for action in log["actions"]:
        top = state["stack"][-1]
        if top["t"] == "window" and top["kind"] == "combat":
            return state
        RULES.apply(state, Action(action))
    raise AssertionError("no combat window")


def _resolve(state):
    g = Game(state)
    while state["stack"][-1]["t"] == "steps":
        advance_steps(g, g.top)


def test_a_commander_plays_a_combat_intrigue_card_for_one_fighting_ally():
    state = _combat_window()
    g = Game(state)
    side = six.teams(g)["muad-dib"]
    boss, (ally, idle) = side["commander"], side["allies"]
    for pid in g.order:
        state["players"][pid]["troops"]["conflict"] = state["players"][pid]["worms"] = 0
    state["players"][ally]["troops"]["conflict"] = 1
    state["players"][boss]["intrigue"] = ["weirding-combat"]
    assert combat.participants(g) == [q for q in g.clockwise_from(g.first) if q in (boss, ally)]
    window = state["stack"][-1]
    window.update(order=combat.participants(g), idx=combat.participants(g).index(boss), passes=0)
    offers = [a.to_json() for a in RULES.legal_actions(state) if a.do == "play-intrigue"]
    assert offers == [{"by": boss, "do": "play-intrigue", "card": "weirding-combat", "for": ally}]
    for bad in ({}, {"for": idle}, {"for": six.teams(g)["shaddam"]["allies"][0]}):
        with pytest.raises(IllegalAction) as err:
            apply(copy.deepcopy(state), by=boss, do="play-intrigue", card="weirding-combat", **bad)
        assert err.value.code == "six.intrigue-for", bad
    swords = state["players"][ally]["swords"]
    outcome = apply(state, by=boss, do="play-intrigue", card="weirding-combat", **{"for": ally})
    _resolve(state)
    assert state["players"][ally]["swords"] == swords + 3 and state["players"][boss]["swords"] == 0
    assert state["players"][boss]["intrigue"] == [] and "six.combat-intrigue-for" in outcome.rulings


def test_only_a_commander_names_whom_a_combat_card_is_for():
    state = _combat_window()
    g = Game(state)
    window = state["stack"][-1]
    ally = next(q for q in g.order if not six.is_commander(g, q))
    state["players"][ally]["troops"]["conflict"] = 1
    state["players"][ally]["intrigue"] = ["weirding-combat"]
    window.update(order=combat.participants(g), passes=0)
    window["idx"] = window["order"].index(ally)
    offers = [a.to_json() for a in RULES.legal_actions(state) if a.do == "play-intrigue"]
    assert offers == [{"by": ally, "do": "play-intrigue", "card": "weirding-combat"}]
    with pytest.raises(IllegalAction) as err:
        apply(state, by=ally, do="play-intrigue", card="weirding-combat", **{"for": ally})
    assert err.value.code == "six.no-intrigue-for"
