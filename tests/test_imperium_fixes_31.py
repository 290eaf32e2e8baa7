"""Imperium-side rule fixes of issue 31, one scenario (or more) per fix; each docstring names the
rule it checks (rulebook, seed or FAQ, and page). The Combat Intrigue window (item 1) is in
test_acceptance_fixes.py beside the rulebook's example."""

import pytest
from helpers import P, act, deal, fresh, hand, top

from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.rules import ruleset

BASE = ruleset("base")


def illegal(rules, state, by, do, code, **args):
    with pytest.raises(IllegalAction) as err:
        act(rules, state, by, do, **args)
    assert err.value.code == code, err.value.message
    return err.value


def _base_game():
    game = {"system": "imperium", "edition": "base", "modules": [],
            "players": [{"id": p, "leader": lead} for p, lead in
                        (("red", "helena-richese"), ("blue", "countess-ariana-thorvald"),
                         ("green", "glossu-rabban"))]}
    state = BASE.new_state(game, {"seed": 1})
    deal(BASE, state)
    assert top(state) == {"t": "turn", "player": "red"}
    return state


# --- 2. High Council per edition ------------------------------------------------------------------
def test_uprising_high_council_may_be_visited_again_with_a_seat():
    """Uprising (reading high-council.uprising-seat; Russian rulebook p. 13): no once-a-game
    limit; a player who holds a seat pays 5 Solari again and gains 2 spice, an Intrigue card and
    3 troops. The verdict cites the Uprising record, never the original game's once-a-game one."""
    rules, st = fresh()
    red = P(st, "red")
    red["seat"], red["solari"], red["spice"] = True, 5, 0
    hand(st, "red", ["dagger"])
    intrigue, garrison = len(red["intrigue"]), red["troops"]["garrison"]
    out = act(rules, st, "red", "send-agent", card="dagger", space="high-council")
    assert out.verdict == "legal" and red["solari"] == 0
    out = act(rules, st, "red", "resolve", effect="space:high-council")
    assert "high-council.uprising-seat" in out.rulings and "high-council.seat" not in out.rulings
    assert red["spice"] == 2 and len(red["intrigue"]) == intrigue + 1
    assert red["troops"]["garrison"] == garrison + 3


def test_uprising_first_visit_takes_a_seat_and_cites_the_uprising_record():
    """Uprising: the first visit puts the councilor token on a seat (reading
    high-council.uprising-seat); the original game's record is not cited."""
    rules, st = fresh()
    red = P(st, "red")
    red["solari"] = 5
    hand(st, "red", ["dagger"])
    act(rules, st, "red", "send-agent", card="dagger", space="high-council")
    out = act(rules, st, "red", "resolve", effect="space:high-council")
    assert red["seat"] and "high-council.uprising-seat" in out.rulings
    assert "high-council.seat" not in out.rulings


def test_original_high_council_is_once_a_game():
    """Dune: Imperium rulebook p. 17 (Board Space Guide: High Council): once a game. Legal: the
    first visit, citing high-council.seat. Illegal: a second visit with a seat."""
    st = _base_game()
    red = P(st, "red")
    red["solari"] = 10
    hand(st, "red", ["dagger", "signet-ring"])
    act(BASE, st, "red", "send-agent", card="dagger", space="high-council")
    out = act(BASE, st, "red", "resolve", effect="space:high-council")
    assert red["seat"] and "high-council.seat" in out.rulings
    assert "high-council.uprising-seat" not in out.rulings
    st2 = _base_game()
    P(st2, "red")["seat"], P(st2, "red")["solari"] = True, 10
    hand(st2, "red", ["dagger"])
    illegal(BASE, st2, "red", "send-agent", "high-council.seat-taken", card="dagger", space="high-council")
