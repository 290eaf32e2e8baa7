"""Rise of Ix leftovers (issue #35). Court Intrigue and Sonic Snoopers (p. 10): Intrigue cards go
under the Intrigue deck unrevealed, then as many are drawn; the deck keeps a known bottom
(ix.intrigue-bottom) that a draw takes only once every other card is gone, and positions write it
as `intrigue_bottom`. Desert Ambush (ix.desert-ambush): an opponent's unit retreats for each troop
deployed in that Agent turn."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import deal

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.effects import advance_steps
from adjudicator.imperium.game import Game
from adjudicator.imperium.rules import ruleset
from adjudicator.imperium.steps import run
from adjudicator.imperium.zones import count_deployed, move_troops

IDS = ["red", "blue", "green"]
COURT = {"custom": "swap-intrigue", "count": 1, "optional": True}
SNOOPERS = {"custom": "swap-intrigue", "count": "any"}


def fresh():
    rules = ruleset("base")
    leaders = [lead for lead in rules.leader_ids(()) if "setup" not in rules.content.leaders[lead]]
    game = {"system": "imperium", "edition": "base", "modules": ["ix"],
            "players": [{"id": p, "leader": leaders[i]} for i, p in enumerate(IDS)]}
    state = rules.new_state(game, {"seed": 5})
    deal(rules, state)
    return rules, state


def singles(state) -> list[str]:
    """Intrigue cards of which the deck holds one copy (so a draw naming one is that very card)."""
    return sorted(c for c, n in Counter(state["intrigue_deck"]["cards"]).items() if n == 1)


def holding(cards):
    """A fresh game in which red holds `cards` (taken from the Intrigue deck) and resolves `step`."""
    rules, state = fresh()
    pool, red = state["intrigue_deck"], state["players"]["red"]
    for c in cards:
        pool["cards"].remove(c)
        red["intrigue"].append(c)
    red["intrigue"].sort()
    return rules, state


def resolve(rules, state, step, src="agent:court-intrigue"):
    g = Game(state, rules.content)
    run(g, "red", [step], src)
    while state["stack"][-1]["t"] == "steps":
        advance_steps(g, state["stack"][-1])


def offers(rules, state):
    return [{k: v for k, v in a.to_json().items() if k not in ("by", "do")} for a in rules.legal_actions(state)]


def apply(rules, state, by, do, **args):
    return rules.apply(state, Action({"by": by, "do": do, **args}))


def test_court_intrigue_puts_one_card_under_and_the_draw_cannot_take_it():
    rules, state = fresh()
    a, b, c = singles(state)[:3]
    rules, state = holding([a, b])
    resolve(rules, state, COURT)
    assert offers(rules, state) == [{"card": a}, {"card": b}, {"option": "skip"}]
    apply(rules, state, "red", "choose", card=a)
    pool = state["intrigue_deck"]
    assert pool["bottom"] == [a] and a in pool["cards"] and state["players"]["red"]["intrigue"] == [b]
    with pytest.raises(IllegalAction) as err:
        apply(rules, state, "chance", "draw-intrigue", player="red", cards=[a])
    assert "ix.intrigue-bottom" in err.value.rulings
    apply(rules, state, "chance", "draw-intrigue", player="red", cards=[c])
    assert sorted(state["players"]["red"]["intrigue"]) == sorted([b, c]) and pool["bottom"] == [a]


def test_court_intrigue_may_be_declined_and_does_nothing_without_intrigue_cards():
    rules, state = fresh()
    a = singles(state)[0]
    rules, state = holding([a])
    resolve(rules, state, COURT)
    apply(rules, state, "red", "choose", option="skip")
    assert state["players"]["red"]["intrigue"] == [a] and "bottom" not in state["intrigue_deck"]
    assert state["stack"][-1]["t"] != "chance"
    rules, state = fresh()
    depth = len(state["stack"])
    resolve(rules, state, COURT)
    assert len(state["stack"]) == depth


def test_sonic_snoopers_put_any_number_under_then_draw_as_many():
    rules, state = fresh()
    a, b, c = singles(state)[:3]
    rules, state = holding([a, b, c])
    resolve(rules, state, SNOOPERS)
    apply(rules, state, "red", "choose", card=b)
    assert {"option": "skip"} in offers(rules, state)
    apply(rules, state, "red", "choose", card=a)
    apply(rules, state, "red", "choose", option="skip")
    assert state["intrigue_deck"]["bottom"] == [b, a]
    task = state["stack"][-1]
    assert (task["kind"], task["n"]) == ("draw-intrigue", 2)
    deal(rules, state)  # the seeded dealer never reaches the bottom either
    held = state["players"]["red"]["intrigue"]
    assert len(held) == 3 and c in held and a not in held and b not in held


def test_a_draw_that_empties_the_deck_takes_the_bottom_cards_last_and_in_order():
    rules, state = fresh()
    x, a, b = singles(state)[:3]
    pool = state["intrigue_deck"]
    state["intrigue_discard"] = sorted(c for c in pool["cards"] if c not in (x, a, b))
    pool["cards"], pool["bottom"] = sorted([x, a, b]), [a, b]
    state["stack"].append({"t": "chance", "kind": "draw-intrigue", "player": "red", "n": 2})
    with pytest.raises(IllegalAction):
        apply(rules, state, "chance", "draw-intrigue", player="red", cards=[a, b])  # x comes first
    apply(rules, state, "chance", "draw-intrigue", player="red", cards=["?", x])
    assert state["players"]["red"]["intrigue"] == sorted([a, x]) and pool["bottom"] == [b]


def test_a_face_down_card_goes_under_as_one_the_opponents_cannot_name():
    """An opponent's log writes red's card "?": it leaves red's face-down cards and lies under the deck."""
    rules, state = fresh()
    pool, red = state["intrigue_deck"], state["players"]["red"]
    red["intrigue"], pool["hidden"] = ["?"], 1
    resolve(rules, state, COURT)
    assert {"card": "?"} in offers(rules, state)
    apply(rules, state, "red", "choose", card="?")
    assert pool["bottom"] == ["?"] and pool["hidden"] == 0 and red["intrigue"] == []


def test_the_known_bottom_round_trips_in_a_position_and_is_face_down_for_the_others():
    rules, state = fresh()
    a, b = singles(state)[:2]
    rules, state = holding([a, b])
    resolve(rules, state, SNOOPERS)
    apply(rules, state, "red", "choose", card=a)
    apply(rules, state, "red", "choose", option="skip")
    deal(rules, state)
    doc = rules.scenario_of(state)
    assert doc is not None and doc["intrigue_bottom"] == [rules.content.intrigues[a]["name"]["en"]]
    assert rules.from_scenario(doc)["intrigue_deck"]["bottom"] == [a]
    assert rules.public_scenario(doc, "blue", state)["intrigue_bottom"] == ["?"]
    assert rules.from_scenario({**doc, "intrigue_bottom": ["?"]})["intrigue_deck"]["bottom"] == ["?"]


def test_a_position_cannot_put_under_the_deck_a_card_not_in_it():
    rules, state = fresh()
    a = singles(state)[0]
    rules, state = holding([a])
    doc = rules.scenario_of(state)
    held_name = rules.content.intrigues[a]["name"]["en"]
    with pytest.raises(Exception) as err:
        rules.from_scenario({**doc, "intrigue_bottom": [held_name]})
    assert [p["pointer"] for p in err.value.problems] == ["/intrigue_bottom"]



# --- Desert Ambush (ix.desert-ambush): an opponent's unit retreats for each troop deployed ---------------
def ambushing():
    """Red's Agent turn with Desert Ambush's Agent box resolved; blue has 2 troops and a dreadnought
    in the Conflict, green nothing there."""
    rules, state = fresh()
    state["turn"] = {"player": "red", "kind": "agent", "nodes": [], "edges": [], "done": []}
    blue = state["players"]["blue"]
    blue["troops"]["garrison"] -= 2
    blue["troops"]["conflict"] += 2
    blue["dreadnoughts"].update(supply=1, conflict=1)
    resolve(rules, state, {"custom": "opponent-unit-retreat-per-troop-deployed"}, "agent:desert-ambush")
    assert state["turn"]["ambush"] == "agent:desert-ambush"
    return rules, state, Game(state, rules.content)


def test_desert_ambush_retreats_one_opponent_unit_per_troop_deployed_to_the_garrison():
    rules, state, g = ambushing()
    blue = state["players"]["blue"]
    garrison = blue["troops"]["garrison"]
    move_troops(g, "red", "deploy", 2)
    assert offers(rules, state) == [{"player": "blue", "unit": "troop"}, {"player": "blue", "unit": "dreadnought"},
                                    {"option": "skip"}]
    apply(rules, state, "red", "choose", player="blue", unit="dreadnought")
    apply(rules, state, "red", "choose", player="blue", unit="troop")
    assert blue["dreadnoughts"] == {"supply": 1, "garrison": 1, "conflict": 0}
    assert (blue["troops"]["conflict"], blue["troops"]["garrison"]) == (1, garrison + 1)
    assert state["stack"][-1]["t"] != "choice"  # two troops: two retreats, no more


def test_desert_ambush_retreats_are_optional_and_dreadnoughts_deployed_do_not_count():
    rules, state, g = ambushing()
    count_deployed(g, "red", 1)  # a dreadnought deployed: not a troop
    assert state["stack"][-1]["t"] != "choice"
    move_troops(g, "red", "deploy", 2)
    apply(rules, state, "red", "choose", option="skip")
    assert state["players"]["blue"]["troops"]["conflict"] == 2 and state["stack"][-1]["t"] != "choice"


def test_desert_ambush_offers_nothing_without_opponent_units_and_lapses_with_its_turn():
    rules, state, g = ambushing()
    blue = state["players"]["blue"]
    blue["troops"]["garrison"] += 2
    blue["troops"]["conflict"] = 0
    blue["dreadnoughts"].update(garrison=1, conflict=0)
    move_troops(g, "red", "deploy", 1)
    assert state["stack"][-1]["t"] != "choice"
    state["turn"] = {"player": "red", "kind": "agent", "nodes": [], "edges": [], "done": []}  # a later turn
    blue["troops"]["conflict"], blue["troops"]["garrison"] = 1, blue["troops"]["garrison"] - 1
    move_troops(g, "red", "deploy", 1)
    assert state["stack"][-1]["t"] != "choice"
