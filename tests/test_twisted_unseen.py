"""Piter De Vries's Twisted Intrigue draws written "?" (issue 31: every unseen Intrigue draw may be
"?"; Bloodlines rulebook p. 8, Piter's own deck): the cards stay counted in his deck until he plays one,
which is then unverifiable when his deck could still hold it and illegal when it cannot; a position cut
while he holds such a card names how many (`twisted_hidden`) and builds back to the same state."""

from __future__ import annotations

import copy

from matrix import by_id, log_of
from unseen import unseen

import adjudicator
from adjudicator.core.canonical import snapshot
from adjudicator.imperium.content import content
from adjudicator.positions import cuts, load

CONFIG = by_id("imperium-4p-bloodlines-tech")  # Piter draws Twisted Intrigue in its playout
TWISTED = set(content("base").twisted_intrigue)


def unseen_twisted() -> dict:
    return unseen(log_of(CONFIG), ("draw-twisted",))


def test_a_twisted_card_drawn_face_down_and_played_later_is_unverifiable():
    log = unseen_twisted()
    assert any(a["do"] == "draw-twisted" and "?" in a["cards"] for a in log["actions"])
    report = adjudicator.replay(log)
    plays = [i for i, a in enumerate(log["actions"]) if a["by"] != "chance" and a.get("card") in TWISTED]
    assert report["valid"] and plays
    assert {report["verdicts"][i]["verdict"] for i in plays} == {"unverifiable"}


def test_a_twisted_card_his_deck_no_longer_holds_is_illegal():
    log = unseen_twisted()
    played = [i for i, a in enumerate(log["actions"]) if a["by"] != "chance" and a.get("card") in TWISTED]
    first, second = played[0], next(i for i in played[1:] if log["actions"][i]["by"] == log["actions"][played[0]]["by"])
    doubled = copy.deepcopy(log)
    doubled["actions"][second] = dict(doubled["actions"][second], card=log["actions"][first]["card"])
    report = adjudicator.replay(doubled)
    assert not report["valid"] and report["first_illegal"] <= second


def test_a_position_cut_while_he_holds_one_builds_back_to_the_same_state():
    log = unseen_twisted()
    draws = [i for i, a in enumerate(log["actions"]) if a["do"] == "draw-twisted"]
    positions = cuts(log, [i + 2 for i in draws])
    written = [p for p in positions.values()
               if any("twisted_hidden" in pl for pl in p["scenario"].get("players", {}).values())]
    assert written, "no cut while Piter held a face-down Twisted Intrigue card"
    for position in written:
        scenario_only = {"scenario": {k: v for k, v in position["scenario"].items() if k != "played"}}
        load(scenario_only)  # a consistent position
        again = load({"scenario": position["scenario"]})
        assert snapshot(again.state)[1] == snapshot(load(position).state)[1]
