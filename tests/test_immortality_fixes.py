"""Two bugs of Immortality's Agent turns (issue #12), each reproduced:

(a) a card that moves an Agent (Kwisatz Haderach's agent-sources) asks which Agent goes; the
    spies' use written with the send-agent action (`infiltrate`, `gather`) was dropped from the
    choice's action, so the spy stayed on its post. Kwisatz Haderach exists only in the original
    game, which has no spies: the tests give an Uprising card its Agent box.
(b) Usurp grafts an Imperium Row card; when the hand held a copy of the same card, the graft
    always played the held copy. `"row": true` names the Row's copy.
"""

from __future__ import annotations

import pytest
from test_immortality_rules import act, fresh, give, refused

from adjudicator.core.actions import Action
from adjudicator.imperium.rules import ruleset
from adjudicator.positions import load


# --- (a) the spies' use waits with the agent-source choice --------------------------------------------
def _moving_agent_position(monkeypatch):
    rules = ruleset("uprising")
    monkeypatch.setitem(rules.content.cards["reconnaissance"], "agent", [{"custom": "kwisatz-haderach"}])
    doc = {"scenario": {
        "game": {"system": "imperium", "edition": "uprising", "modules": ["immortality"],
                 "players": [{"id": "red", "leader": "Muad'Dib"}, {"id": "blue", "leader": "Gurney Halleck"},
                             {"id": "green", "leader": "Princess Irulan"}]},
        "round": 1, "first": "red", "conflict": "skirmish-crysknife", "decision": {"kind": "turn", "player": "red"},
        "board": {"agents": {"Spice Refinery": "blue", "Arrakeen": "red"}, "spies": {"post-station-refinery": "red"}},
        "players": {"red": {"hand": ["Reconnaissance", "Dagger", "Diplomacy"]}}}}
    return rules, load(doc).state


@pytest.mark.parametrize("use", ["infiltrate", "gather"])
def test_a_spy_used_by_an_agent_that_asks_which_agent_goes_leaves_its_post(monkeypatch, use):
    rules, state = _moving_agent_position(monkeypatch)
    send = {"by": "red", "do": "send-agent", "card": "reconnaissance", "space": "spice-refinery",
            use: "post-station-refinery"}
    assert send in [a.data for a in rules.legal_actions(state)]
    rules.apply(state, Action(send))
    assert state["stack"][-1]["kind"] == "agent-source"
    rules.apply(state, Action({"by": "red", "do": "choose", "option": "skip"}))  # an Agent from the Leader
    assert "post-station-refinery" not in state["board"]["spies"]
    assert state["players"]["red"]["spies"] == 3  # back in the supply
    assert sorted(state["players"]["red"]["placed"]) == ["arrakeen", "spice-refinery"]
    if use == "gather":
        assert "gather" in state["turn"]["done"]


def test_a_moved_agent_infiltrating_recalls_the_spy_too(monkeypatch):
    rules, state = _moving_agent_position(monkeypatch)
    rules.apply(state, Action({"by": "red", "do": "send-agent", "card": "reconnaissance", "space": "spice-refinery",
                               "infiltrate": "post-station-refinery"}))
    rules.apply(state, Action({"by": "red", "do": "choose", "space": "arrakeen"}))  # the Agent on Arrakeen moves
    assert state["players"]["red"]["placed"] == ["spice-refinery"] and state["board"]["spies"] == {}


# --- (b) Usurp names the Row's copy --------------------------------------------------------------------
def _usurp_with_a_held_copy():
    """Red holds Usurp and one copy of an Imperium card whose other copy lies in the Row."""
    rules, state = fresh()
    red, cards = state["players"]["red"], rules.content.cards
    card, space = next((c, s) for c in sorted(state["imperium_deck"]["cards"])
                       for s in ("wealth", "secure-contract", "hall-of-oratory")
                       if cards[c].get("copies", 1) >= 2 and state["imperium_deck"]["cards"].count(c) >= 2
                       and cards[c].get("agent") and rules.content.spaces[s]["icon"] in cards[c].get("icons", []))
    deck = state["imperium_deck"]["cards"]
    out = state["row"].pop()  # the Row shows one copy, the hand holds the other
    deck.remove(card)
    deck.remove(card)
    deck.append(out)
    deck.sort()
    state["row"] = sorted([*state["row"], card])
    give(state, "red", "usurp")
    spare = next(c for c in red["hand"] if c != "usurp")
    red["hand"].remove(spare)
    red["hand"] = sorted([*red["hand"], card])
    red["deck"]["cards"] = sorted([*red["deck"]["cards"], spare])
    return rules, state, card, space


def test_usurp_grafts_the_row_copy_when_the_hand_holds_one_too():
    rules, state, card, space = _usurp_with_a_held_copy()
    red = state["players"]["red"]
    offers = [a.data for a in rules.legal_actions(state) if a.do == "graft" and card in a.get("cards", [])
              and a.get("space") == space]
    assert any(a.get("row") for a in offers) and any(not a.get("row") for a in offers)
    act(rules, state, "red", "graft", cards=["usurp", card], space=space, row=True)
    assert card in red["hand"] and card in state["row"] and state["turn"]["usurped"] == card


def test_usurp_without_row_plays_the_held_copy():
    rules, state, card, space = _usurp_with_a_held_copy()
    red = state["players"]["red"]
    act(rules, state, "red", "graft", cards=["usurp", card], space=space)
    assert card not in red["hand"] and card in red["play"] and "usurped" not in state["turn"]


def test_row_names_only_a_row_card_grafted_to_usurp():
    rules, state, card, space = _usurp_with_a_held_copy()
    state["row"].remove(card)
    state["imperium_deck"]["cards"].append(card)
    err = refused(rules, state, "red", "graft", cards=["usurp", card], space=space, row=True)
    assert err.code == "graft.not-row-card" and "graft.usurp-hand" in err.rulings
