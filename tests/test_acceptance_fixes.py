"""Rule errors found by acceptance testing, one scenario (or more) per fix; each docstring names
the rule it checks (seed, rulebook or FAQ, and page)."""

import pytest
from helpers import P, act, fresh, top

from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.game import Game
from adjudicator.imperium.influence import change_influence


def illegal(rules, state, by, do, code, **args):
    with pytest.raises(IllegalAction) as err:
        act(rules, state, by, do, **args)
    assert err.value.code == code, err.value.message
    return err.value


# --- 1. Alliance tokens (FAQ 2022, p. 1, 'Alliance') ------------------------------------------------
def test_alliance_returns_to_the_board_when_the_holder_falls_to_three_and_nobody_has_four():
    """FAQ 2022 p. 1 'Alliance': a holder who falls to 3 Influence or lower loses the token; with
    no player at 4 or higher to take it, it goes back to the board (and its VP with it)."""
    rules, st = fresh()
    game = Game(st)
    change_influence(game, "red", "fremen", 4)
    change_influence(game, "blue", "fremen", 3)
    assert st["alliances"]["fremen"] == "red" and P(st, "red")["vp"] == 2
    change_influence(game, "red", "fremen", -1)
    assert st["alliances"]["fremen"] is None
    assert P(st, "red")["vp"] == 1  # still 1 for the second step, none for the Alliance
    assert "influence.alliance-loss" in game.rulings
    change_influence(game, "blue", "fremen", 1)  # the first to reach 4 again claims it
    assert st["alliances"]["fremen"] == "blue" and P(st, "blue")["vp"] == 2


def test_alliance_holder_chooses_who_takes_it_among_several_tied_players():
    """FAQ 2022 p. 1 'Alliance': a holder tied with other players who loses Influence loses the
    token; tied with more than one other player, the holder chooses which of them takes it."""
    rules, st = fresh()
    game = Game(st)
    change_influence(game, "red", "fremen", 5)
    change_influence(game, "blue", "fremen", 5)
    change_influence(game, "green", "fremen", 5)
    assert st["alliances"]["fremen"] == "red"  # ties do not take it
    change_influence(game, "red", "fremen", -1)
    prompt = rules.prompt(st)
    assert prompt["by"] == "red" and prompt["kind"] == "alliance"
    assert [a.data["player"] for a in rules.legal_actions(st)] == ["blue", "green"]
    out = act(rules, st, "red", "choose", player="green")
    assert "influence.alliance-loss" in out.rulings
    assert st["alliances"]["fremen"] == "green"
    assert P(st, "red")["vp"] == 1 and P(st, "green")["vp"] == 2 and P(st, "blue")["vp"] == 1
    assert rules.prompt(st)["kind"] == "turn"


def test_alliance_falling_to_three_goes_to_a_player_at_four():
    """FAQ 2022 p. 1 'Alliance': fallen to 3 or lower, the token goes to the player who has 4
    Influence or more; with several of them at the same level, the holder chooses."""
    rules, st = fresh()
    game = Game(st)
    change_influence(game, "red", "emperor", 5)
    change_influence(game, "blue", "emperor", 4)
    change_influence(game, "green", "emperor", 4)
    change_influence(game, "red", "emperor", -2)  # 5 -> 3, tied with nobody before
    assert top(st)["kind"] == "alliance" and top(st)["players"] == ["blue", "green"]
    act(rules, st, "red", "choose", player="blue")
    assert st["alliances"]["emperor"] == "blue"
    assert P(st, "red")["vp"] == 1 and P(st, "blue")["vp"] == 2
