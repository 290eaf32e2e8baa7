"""Rise of Ix with two-player House Hagal (Rise of Ix p. 8; modules/rivals/ix.py, records
rivals-x.ix-*): the deck, the Rival's Freighter, Dividends, dreadnoughts and their control; the
solo game's Tech tiles: test_rivals_ix_solo.py."""

from __future__ import annotations

from collections import Counter

from adjudicator.core.replay import replay
from adjudicator.imperium import rules as imperium_rules  # first: the rules load the modules in their order
from adjudicator.imperium.game import Game
from adjudicator.imperium.modules.ix.ix import dividends
from adjudicator.imperium.modules.rivals.hagal import _fits, new_hagal
from adjudicator.imperium.modules.rivals.ix import _control_space, _rival_ix_choice
from adjudicator.imperium.modules.rivals.turn import _troops
from adjudicator.simulate import simulate

RULES = imperium_rules.ruleset("base")
IX_TWO = {"interstellar-shipping": 1, "foldspace-interstellar-shipping": 1, "smuggling-interstellar-shipping": 1,
          "dreadnought-2p": 2}


def two_players(seed: int = 1):
    log = simulate("imperium", 2, seed, modules=("ix",))
    state = RULES.new_state({**log["game"], "players": log["game"]["players"]}, log["setup"])
    hagal = next(q for q, pl in state["players"].items() if "rival" in pl)
    return state, hagal, Game(state, RULES.content)


def test_the_decks_take_rise_of_ixs_cards_without_the_four_they_replace():
    plain, duo, solo = (Counter(new_hagal(n, "base", mods)["deck"])
                        for n, mods in ((2, ()), (2, ("ix",)), (1, ("ix",))))
    assert duo - plain == Counter(IX_TWO)
    assert plain - duo == Counter({"rally-troops": 2, "hall-of-oratory": 2})
    assert sum(solo.values()) - sum(Counter(new_hagal(1, "base", ())["deck"]).values()) == 7 - 4
    assert solo["dreadnought-1p"] == 2 and solo["tech-negotiation"] == 2 and "dreadnought-2p" not in solo


def test_the_solo_and_two_player_games_with_rise_of_ix_are_accepted():
    assert RULES.check_modules(["ix"], "/game/modules", 1) == RULES.check_modules(["ix"], "/game/modules", 2) == ["ix"]


def test_a_dreadnought_card_is_passed_over_without_a_dreadnought_to_commission():
    state, hagal, g = two_players()
    assert _fits(g, hagal, "dreadnought-in-supply")
    state["players"][hagal]["dreadnoughts"].update(supply=0, garrison=2)
    assert not _fits(g, hagal, "dreadnought-in-supply") and "rivals-x.ix-cards" in g.rulings


def test_the_rivals_freighter_goes_up_to_the_second_space_then_is_recalled_for_dividends():
    state, hagal, g = two_players()
    pl = state["players"][hagal]
    freighter = {"kind": "freighter", "player": hagal}
    offers = [{"option": "advance"}, {"option": "recall"}, {"option": "skip"}]
    assert _rival_ix_choice(g, hagal, freighter, offers) == {"option": "advance"}
    pl["freighter"] = 2
    assert _rival_ix_choice(g, hagal, freighter, offers) == {"option": "recall"}
    first_space = {"kind": "option", "src": "shipping:1",
                   "options": [[{"gain": {"spice": 2}}], [{"custom": "dividends"}]]}
    assert _rival_ix_choice(g, hagal, first_space, [{"option": 0}, {"option": 1}]) == {"option": 1}
    assert _rival_ix_choice(g, hagal, {"kind": "dreadnought"}, [{"option": "commission"}, {"option": "skip"}]) \
        == {"option": "commission"}


def test_house_hagal_takes_no_dividends_of_its_own_but_its_opponents_gain_theirs():
    state, hagal, g = two_players()
    before = {q: pl["solari"] for q, pl in state["players"].items()}
    dividends(g, {"player": hagal, "src": "shipping:1"}, {"custom": "dividends"})
    assert {q: pl["solari"] - before[q] for q, pl in state["players"].items()} == \
        {q: 0 if q == hagal else 1 for q in state["players"]}


def test_the_rivals_dreadnoughts_deploy_before_troops():
    state, hagal, g = two_players()
    pl = state["players"][hagal]
    pl["dreadnoughts"].update(supply=1, garrison=1)
    pl["troops"]["garrison"] += 3
    pl["troops"]["supply"] -= 3
    troops = pl["troops"]["conflict"]
    _troops(g, hagal, 0, True)
    assert pl["dreadnoughts"]["conflict"] == 1 and pl["troops"]["conflict"] == troops + 1  # two from the garrison


def test_a_winning_dreadnought_covers_an_opponents_marker_then_prefers_imperial_basin():
    state, hagal, g = two_players()
    other = next(q for q in state["players"] if q != hagal)
    spaces = [{"space": s} for s in ("arrakeen", "carthag", "imperial-basin")]
    state["board"]["control"] = {}
    assert _control_space(g, hagal, spaces) == {"space": "imperial-basin"}
    state["board"]["control"] = {"carthag": other, "imperial-basin": hagal}
    assert _control_space(g, hagal, spaces) == {"space": "carthag"}
    state["board"]["control"] = {"arrakeen": hagal, "imperial-basin": hagal}
    assert _control_space(g, hagal, spaces) == {"space": "carthag"}  # never its own while another is free


def test_two_player_playouts_with_rise_of_ix_use_its_cards_and_end_with_a_winner():
    log = simulate("imperium", 2, 4, modules=("ix",))
    report = replay(log, snapshots="none")
    assert report["valid"] and {v["verdict"] for v in report["verdicts"]} == {"legal"}
    drawn = Counter(a["card"] for a in log["actions"] if a.get("do") == "draw-hagal")
    assert set(drawn) & set(IX_TWO) and not set(drawn) & {"rally-troops", "hall-of-oratory"}
    cited = {c["ruling"] for v in report["verdicts"] for c in v["citations"]}
    assert {"rivals-x.ix-cards", "rivals-x.ix-shipping", "rivals-x.ix-dreadnoughts"} <= cited
    assert report["result"]["winners"] and replay(log, snapshots="none")["final_checksum"] == report["final_checksum"]


RHOMBUR_RING = {"kind": "option", "src": "signet:prince-rhombur-vernius",
                "options": [[{"custom": "acquire-tech", "discount": 0}], [{"custom": "negotiator"}]]}
HUNDRO_RING = {"kind": "pay", "src": "signet:viscount-hundro-moritani", "cost": {"spice": 1},
               "then": [{"custom": "freighter"}]}


def marked_tile(g: Game, marked: bool = True) -> str:
    return next(t for t in sorted(g.content.tech) if bool(g.content.tech[t].get("rival")) == marked)


def test_a_rival_rhombur_acquires_a_marked_tile_he_can_pay_for_else_takes_a_negotiator():
    state, rival, g = two_players()
    pl, tile = state["players"][rival], marked_tile(g)
    cost = g.content.tech[tile]["cost"]
    state["tech"]["face_up"] = [tile, None, None]
    offers = [{"option": 0}, {"option": 1}]
    pl["spice"] = cost
    assert _rival_ix_choice(g, rival, RHOMBUR_RING, offers) == {"option": 0}
    assert "rivals-x.ix-solo-leaders" in g.rulings
    pl["spice"] = cost - 1
    assert _rival_ix_choice(g, rival, RHOMBUR_RING, offers) == {"option": 1}
    pl["troops"]["negotiators"] = 1  # a Negotiator on Ix takes the missing spice off
    pl["troops"]["supply"] -= 1
    assert _rival_ix_choice(g, rival, RHOMBUR_RING, offers) == {"option": 0}
    state["tech"]["face_up"] = [marked_tile(g, marked=False), None, None]  # no House Hagal mark
    pl["spice"] = 20
    assert _rival_ix_choice(g, rival, RHOMBUR_RING, offers) == {"option": 1}


def test_a_rival_hundro_pays_the_spice_for_his_freighter_whenever_he_has_it():
    state, rival, g = two_players()
    offers = [{"option": "pay"}, {"option": "skip"}]
    state["players"][rival]["spice"] = 1
    assert _rival_ix_choice(g, rival, HUNDRO_RING, offers) == {"option": "pay"}
    state["players"][rival]["spice"] = 0
    assert _rival_ix_choice(g, rival, HUNDRO_RING, offers) == {"option": "skip"}
