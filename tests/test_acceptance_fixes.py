"""Rule errors found by acceptance testing, one scenario (or more) per fix; each docstring names
the rule it checks (seed, rulebook or FAQ, and page)."""

import pytest
from helpers import P, act, deal, drive, fresh, give_intrigue, top

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.combat import strength
from adjudicator.imperium.game import Game
from adjudicator.imperium.influence import change_influence
from adjudicator.imperium.rules import ruleset


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


# --- 2. The Combat Intrigue window (rulebook p. 12) -------------------------------------------------
BASE = ruleset("base")


def _rulebook_combat():
    """The original game, 3 players in seat order John (first player), Abby, Ned, stopped at the
    Combat Intrigue window of round 1 with Siege of Arrakeen as the Conflict: John 8 strength
    (four troops), Abby 6 (three troops, Ambush in hand), Ned no troop; John holds no Combat card."""
    game = {"system": "imperium", "edition": "base", "modules": [],
            "players": [{"id": "john", "leader": "earl-memnon-thorvald"},
                        {"id": "abby", "leader": "helena-richese"},
                        {"id": "ned", "leader": "countess-ariana-thorvald"}]}
    st = BASE.new_state(game, {"seed": 3})
    deal(BASE, st)
    board = st["board"]
    old = board["conflict"]
    board["conflict_pool"][str(BASE.content.conflicts[old]["level"])].append(old)
    board["conflict_pool"]["2"].remove("siege-of-arrakeen")
    board["conflict"] = "siege-of-arrakeen"
    for pid in ("john", "abby", "ned"):
        pl = P(st, pid)
        st["intrigue_deck"]["cards"] = sorted(st["intrigue_deck"]["cards"] + pl["intrigue"])
        pl["intrigue"] = []
    give_intrigue(st, "abby", ["ambush"])
    for pid, n in (("john", 4), ("abby", 3), ("ned", 0)):
        P(st, pid)["troops"] = {"supply": 12 - n, "garrison": 0, "conflict": n}
    drive(BASE, st, lambda s: s["phase"] != "player-turns")  # everyone reveals
    for pid in ("john", "abby", "ned"):
        P(st, pid)["swords"] = 0  # the strength of the example: troops only
    assert top(st)["t"] == "window" and top(st)["order"] == ["john", "abby"]
    return st


def test_rulebook_combat_example_is_loggable_as_written():
    """Dune: Imperium rulebook p. 12, the Phase 3 example: John (8 strength, first player) passes;
    Abby plays Ambush (+4, 10 strength); Ned has no troops and takes no part; it is back to John,
    who passes again although he passed before; Abby passes; Abby wins Siege of Arrakeen (1 VP and
    control of Arrakeen) and John takes the second reward, 4 Solari."""
    st = _rulebook_combat()
    assert strength(Game(st), "john") == 8 and strength(Game(st), "abby") == 6
    john_vp, abby_vp, john_solari, ned = P(st, "john")["vp"], P(st, "abby")["vp"], P(st, "john")["solari"], \
        dict(P(st, "ned"))
    log = [("john", "pass", {}), ("abby", "play-intrigue", {"card": "ambush"}), ("john", "pass", {}),
           ("abby", "pass", {})]
    prompts = []
    for by, do, args in log:
        prompts.append(BASE.prompt(st)["by"])
        out = BASE.apply(st, Action({"by": by, "do": do, **args}))
        assert out.verdict == "legal"
        if do == "play-intrigue":
            assert strength(Game(st), "abby") == 10
            assert "combat.intrigue-window-turns" in out.rulings
            assert [a.do for a in BASE.legal_actions(st)] == ["pass"]  # John has no Combat card
    assert prompts == ["john", "abby", "john", "abby"]
    deal(BASE, st)
    assert P(st, "abby")["vp"] == abby_vp + 1 and st["board"]["control"].get("arrakeen") == "abby"
    assert P(st, "john")["solari"] == john_solari + 4 and P(st, "john")["vp"] == john_vp
    assert P(st, "ned")["vp"] == ned["vp"] and P(st, "ned")["solari"] == ned["solari"]


def test_a_combat_intrigue_that_asks_a_choice_still_passes_the_decision_on():
    """Dune: Imperium rulebook p. 12 (Combat Intrigue cards and the example): the card's choice is
    answered by its player, then the next participant decides; the window closes only after
    every participant has passed in a row."""
    st = _rulebook_combat()
    P(st, "abby")["intrigue"] = []
    st["intrigue_deck"]["cards"].append("ambush")
    st["intrigue_deck"]["cards"].sort()
    give_intrigue(st, "abby", ["master-tactician"])
    act(BASE, st, "john", "pass")
    act(BASE, st, "abby", "play-intrigue", card="master-tactician")
    assert BASE.prompt(st)["by"] == "abby" and top(st)["kind"] == "option"
    act(BASE, st, "abby", "choose", option=0)  # 3 swords
    assert strength(Game(st), "abby") == 9
    assert BASE.prompt(st)["by"] == "john" and top(st)["t"] == "window"
    act(BASE, st, "john", "pass")
    assert BASE.prompt(st)["by"] == "abby" and top(st)["t"] == "window"  # one pass is not enough
    act(BASE, st, "abby", "pass")
    assert st["board"]["control"].get("arrakeen") == "abby"
