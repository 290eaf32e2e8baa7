"""The Ixians' Treachery advantages (modules/ixians_tleilaxu/ixian_bidding.py, supply.py) and Karama against them
and against the Cyborgs' strength (seed 002 paragraphs 7, 9-11, 26, 73, 75-76): a scenario per
rule through the facade as a log's actions, and the mutated logs: an auction card the Ixians did
not draw, a replacement by a non-ally, Technology twice in a round, a Karama outside its window."""

import pytest
from dune_helpers import RULES, act, at, refused
from ixtl_helpers import battle_position, new_ixtl, until

from adjudicator.dune.forces import at as kind_at
from adjudicator.dune.invariants import problems
from adjudicator.dune.playout import playout
from adjudicator.dune.support import forces_strength2

ADVANCED = ["advanced", "ixians-tleilaxu"]
FLAT = "the-great-flat@14"


def _give(g, pid, *cards):
    for card in cards:
        g.state["treachery"]["deck"].remove(card)
        g.p(pid)["hand"].append(card)
    g.p(pid)["hand"].sort()


def _setup_deal(state):
    """Play the setup (seeded) up to the Ixians' first Treachery draw."""
    while (p := RULES.prompt(state))["kind"] != "draw-supply":
        if p["by"] == "chance":
            RULES.apply(state, RULES.deal(state), dealt=True)
        else:
            act(state, p["by"], "keep-traitor", card=state["players"][p["by"]]["drawn_traitors"][0])


def _bidding(*factions, modules=None, ally=None, hands=None):
    """Bidding about to start on turn 1 (hands empty but for `hands`: a card each for the others)."""
    state = new_ixtl(*factions, **({"modules": modules} if modules else {}))
    state["turn"] = 1
    g = at(state, phase="bidding")
    for pid, cards in (hands or {}).items():
        _give(g, pid, *cards)
    if ally:
        g.p("ixians")["ally"], g.p(ally)["ally"] = ally, "ixians"
    RULES.settle(g)
    return state, g


def _draw_supply(state, *cards):
    act(state, "ixians", "draw")
    for card in cards:
        act(state, "chance", "draw-supply", player="ixians", card=card)


def _win(state, winner):
    """`winner` bids 1 on the card up for bid and the others pass until it is bought."""
    bid = False
    while (p := RULES.prompt(state))["kind"] == "bid" and not (bid and state["stack"][-1]["leader"] is None):
        if p["by"] == winner and not bid:
            act(state, winner, "bid", amount=1)
            bid = True
        else:
            act(state, p["by"], "pass")


# --- the setup deal (paragraph 7) ------------------------------------------------------------------------
def test_the_ixians_draw_one_per_faction_keep_one_and_deal_the_rest_then_the_harkonnen_draw():
    state = new_ixtl("ixians", "atreides", "harkonnen", seed=3)
    _setup_deal(state)
    for card in ("lasgun", "shield", "snooper"):
        act(state, "chance", "draw-supply", player="ixians", card=card)
    assert RULES.prompt(state)["kind"] == "keep-card"
    out = act(state, "ixians", "keep-card", card="lasgun")
    assert "ixtl.ixian-starting-cards" in out.rulings and state["players"]["ixians"]["hand"] == ["lasgun"]
    # mutated: a card the Ixians did not draw
    assert refused(state, "chance", "draw-treachery", player="atreides", card="karama").code == \
        "dune.card-not-available"
    act(state, "chance", "draw-treachery", player="atreides", card="snooper")
    act(state, "chance", "draw-treachery", player="harkonnen", card="shield")
    assert RULES.prompt(state) == {"by": "chance", "kind": "draw-treachery", "player": "harkonnen"}
    act(state, "chance", "draw-treachery", player="harkonnen", card="karama")  # the extra card, from the deck
    assert state["players"]["harkonnen"]["hand"] == ["karama", "shield"]
    assert not state["treachery"].get("up") and problems(state) == []


def test_a_setup_deal_recorded_unknown_is_named_by_the_others():
    state = new_ixtl("ixians", "atreides", seed=3)
    _setup_deal(state)
    for _ in range(2):
        act(state, "chance", "draw-supply", player="ixians", card="?")
    act(state, "ixians", "keep-card", card="?")
    act(state, "chance", "draw-treachery", player="atreides", card="lasgun")  # seen by its player
    assert state["players"]["ixians"]["hand"] == ["?"] and state["treachery"]["hidden"] == 1
    assert problems(state) == []


# --- the extra draw before bidding (paragraphs 9, 10) ---------------------------------------------------
def test_the_ixians_draw_one_more_than_the_auction_and_return_one_to_the_top():
    state, g = _bidding("ixians", "atreides", "harkonnen")
    assert RULES.prompt(state)["kind"] == "ixian-draw"
    _draw_supply(state, "lasgun", "shield", "snooper", "karama")  # three to auction, one more
    assert refused(state, "ixians", "return-card", card="baliset", on="top").code == "dune.card-not-available"
    out = act(state, "ixians", "return-card", card="karama", on="top")
    assert "ixtl.ixian-auction-prep" in out.rulings
    t = state["treachery"]
    assert t["up"] == ["lasgun", "shield", "snooper"] and t["top"] == ["karama"] and "karama" in t["deck"]
    _win(state, "atreides")
    # mutated: an auction card the Ixians did not draw
    assert refused(state, "chance", "draw-treachery", player="atreides", card="baliset").code == \
        "dune.card-not-available"
    act(state, "chance", "draw-treachery", player="atreides", card="shield")
    for pid in ("atreides", "harkonnen", "ixians"):  # nobody wants the second card: bidding ends
        act(state, pid, "pass")
    assert "up" not in t and "lasgun" in t["deck"] and t["top"] == ["karama"]
    # the next card drawn from the deck is the one on top
    at(state, {"t": "chance", "kind": "draw-treachery", "player": "harkonnen"})
    assert refused(state, "chance", "draw-treachery", player="harkonnen", card="lasgun").code == \
        "dune.card-not-available"
    act(state, "chance", "draw-treachery", player="harkonnen", card="karama")
    assert "top" not in t and problems(state) == []  # an emptied pile is no pile


def test_only_the_ixians_see_the_supply_and_the_card_on_top():
    state, g = _bidding("ixians", "atreides")
    _draw_supply(state, "lasgun", "shield", "karama")
    act(state, "ixians", "return-card", card="karama", on="top")
    mine, theirs = RULES.public_view(state, "ixians")["treachery"], RULES.public_view(state, "atreides")["treachery"]
    assert (mine["up"], mine["top"]) == (["lasgun", "shield"], ["karama"])
    assert (theirs["up"], theirs["top"]) == (2, 1)


def test_a_card_returned_to_the_bottom_is_drawn_last():
    state, g = _bidding("ixians", "atreides")
    _draw_supply(state, "lasgun", "shield", "karama")
    act(state, "ixians", "return-card", card="karama", on="bottom")
    t = state["treachery"]
    t["deck"].remove("karama")  # the deck's other Karama is elsewhere: only the bottom card is one
    t["discard"].append("karama")
    at(state, {"t": "chance", "kind": "draw-treachery", "player": "atreides"})
    assert refused(state, "chance", "draw-treachery", player="atreides", card="karama").code == \
        "dune.card-not-available"
    act(state, "chance", "draw-treachery", player="atreides", card="baliset")
    t["discard"] += [c for c in t["deck"] if c != "karama"]
    t["deck"][:] = ["karama"]  # now only the bottom card is left
    at(state, {"t": "chance", "kind": "draw-treachery", "player": "atreides"})
    act(state, "chance", "draw-treachery", player="atreides", card="karama")
    assert "bottom" not in t


def test_an_auction_supply_recorded_unknown_checks_the_cards_bought_against_the_deck():
    state, g = _bidding("ixians", "atreides")
    _draw_supply(state, "?", "?", "?")
    act(state, "ixians", "return-card", card="?", on="top")
    assert state["treachery"]["up"] == ["?", "?"] and "top" not in state["treachery"]
    _win(state, "atreides")
    act(state, "chance", "draw-treachery", player="atreides", card="lasgun")  # seen by the buyer
    assert state["treachery"]["up"] == ["?"] and state["treachery"]["hidden"] == 1
    assert problems(state) == []


def test_a_karama_prevents_the_extra_draw_and_the_auction_comes_from_the_deck():
    state, g = _bidding("ixians", "atreides", "harkonnen")
    _give(g, "atreides", "karama")
    out = act(state, "atreides", "play", card="karama", against="ixian-auction-draw")
    assert "ixtl.karama-ixian-bidding" in out.rulings
    assert refused(state, "ixians", "draw").code == "dune.not-offered"
    act(state, "ixians", "pass")
    _win(state, "harkonnen")
    assert RULES.prompt(state) == {"by": "chance", "kind": "draw-treachery", "player": "harkonnen"}
    assert problems(state) == []


def test_mutated_a_karama_played_outside_its_window():
    state, g = _bidding("ixians", "atreides", "harkonnen")
    _give(g, "atreides", "karama")
    _draw_supply(state, "lasgun", "shield", "snooper", "baliset")
    act(state, "ixians", "return-card", card="baliset", on="bottom")
    # the draw is over: no Karama stops it now, nor a replacement or Technology not being tried
    for against in ("ixian-auction-draw", "ixian-ally-replacement", "ixian-technology"):
        assert refused(state, "atreides", "play", card="karama", against=against).code == "dune.karama-window"


# --- the ally's replacement (paragraph 11) --------------------------------------------------------------
def test_the_ally_replaces_a_bought_card_with_the_top_of_the_deck():
    state, g = _bidding("ixians", "atreides", "harkonnen", ally="atreides")
    _draw_supply(state, "lasgun", "shield", "snooper", "karama")
    act(state, "ixians", "return-card", card="karama", on="top")
    _win(state, "atreides")
    act(state, "chance", "draw-treachery", player="atreides", card="snooper")
    assert RULES.prompt(state)["kind"] == "replace-card"
    assert refused(state, "atreides", "replace", card="lasgun").code == "dune.not-offered"  # not the card bought
    out = act(state, "atreides", "replace", card="snooper")
    assert "ixtl.ixian-alliance-replace" in out.rulings and state["treachery"]["discard"] == ["snooper"]
    act(state, "chance", "draw-treachery", player="atreides", card="karama")  # the card the Ixians put on top
    assert g.p("atreides")["hand"] == ["karama"]
    # each purchase is decided anew: the next one is kept
    _win(state, "atreides")
    act(state, "chance", "draw-treachery", player="atreides", card="shield")
    act(state, "atreides", "pass")
    assert g.p("atreides")["hand"] == ["karama", "shield"] and problems(state) == []


def test_mutated_a_replacement_by_a_player_not_allied_with_the_ixians():
    state, g = _bidding("ixians", "atreides", "harkonnen", ally="atreides")
    _draw_supply(state, "lasgun", "shield", "snooper", "karama")
    act(state, "ixians", "return-card", card="karama", on="top")
    _win(state, "harkonnen")
    act(state, "chance", "draw-treachery", player="harkonnen", card="shield")
    act(state, "chance", "draw-treachery", player="harkonnen", card="karama")  # their own free card
    assert RULES.prompt(state)["kind"] == "bid"
    assert refused(state, "harkonnen", "replace", card="shield").code in ("turn.not-your-turn",
                                                                          "turn.unexpected-action")


def test_a_karama_prevents_one_replacement():
    state, g = _bidding("ixians", "atreides", "harkonnen", ally="atreides")
    _give(g, "harkonnen", "karama")
    _draw_supply(state, "lasgun", "shield", "snooper", "baliset")
    act(state, "ixians", "return-card", card="baliset", on="top")
    _win(state, "atreides")
    act(state, "chance", "draw-treachery", player="atreides", card="snooper")
    act(state, "harkonnen", "play", card="karama", against="ixian-ally-replacement")
    assert refused(state, "atreides", "replace", card="snooper").code == "dune.not-offered"
    act(state, "atreides", "pass")
    assert g.p("atreides")["hand"] == ["snooper"] and problems(state) == []


# --- Technology, advanced (paragraph 26) ----------------------------------------------------------------
def test_technology_swaps_the_card_up_for_bid_once_a_round_even_with_a_full_hand():
    full = ("baliset", "kulon", "la-la-la", "trip-to-gamont")
    state, g = _bidding("ixians", "atreides", "harkonnen", modules=ADVANCED, hands={"ixians": full})
    _draw_supply(state, "lasgun", "shield", "snooper")  # two to auction (the Ixians have no room), one more
    act(state, "ixians", "return-card", card="snooper", on="bottom")
    assert RULES.prompt(state)["kind"] == "technology"
    out = act(state, "ixians", "swap", card="kulon")
    assert "ixtl.technology-karama" in out.rulings
    act(state, "chance", "draw-treachery", player="ixians", card="shield")  # the card up for bid, from the supply
    assert state["treachery"]["offered"] == ["kulon"] and len(g.p("ixians")["hand"]) == 4
    _win(state, "atreides")
    assert g.p("atreides")["hand"] == ["kulon"] and "offered" not in state["treachery"]  # no draw: it was known
    assert RULES.prompt(state)["kind"] == "bid"  # the second card: no Technology twice a round
    assert refused(state, "ixians", "swap", card="baliset").code in ("turn.not-your-turn", "turn.unexpected-action")
    assert problems(state) == []


def test_no_technology_in_the_basic_game_and_a_karama_prevents_it_in_the_advanced():
    state, g = _bidding("ixians", "atreides", ally=None)
    _give(g, "ixians", "baliset")
    _draw_supply(state, "lasgun", "shield", "snooper")
    act(state, "ixians", "return-card", card="snooper", on="top")
    assert RULES.prompt(state)["kind"] == "bid"
    state, g = _bidding("ixians", "atreides", modules=ADVANCED)
    _give(g, "ixians", "baliset")
    _give(g, "atreides", "karama")
    _draw_supply(state, "lasgun", "shield", "snooper")
    act(state, "ixians", "return-card", card="snooper", on="top")
    act(state, "atreides", "play", card="karama", against="ixian-technology")
    assert refused(state, "ixians", "swap", card="baliset").code == "dune.not-offered"
    act(state, "ixians", "pass")
    assert RULES.prompt(state)["kind"] == "bid" and problems(state) == []


# --- Karama against the Cyborgs' strength (paragraphs 75, 76) -------------------------------------------
def _cyborg_battle(harkonnen_dial, karama):
    """Ixians dial 2 Cyborgs (4, or 2 once stopped) and a leader of 1, with 3 Suboids behind."""
    state, g = battle_position("ixians", "harkonnen", forces=[("ixians", FLAT, 5, 2), ("harkonnen", FLAT, 4, 0)])
    g.state["turn"] = 1
    _give(g, "harkonnen", "karama")
    act(state, "ixians", "battle", territory="the-great-flat", opponent="harkonnen")
    if karama:
        out = act(state, "harkonnen", "play", card="karama", against="cyborgs")
        assert "cyborgs" not in state["battle"] and "dune.karama" in out.rulings
    act(state, "ixians", "plan", leader="cammar-pilru", dial=2, kinds={"cyborgs": 2})
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=harkonnen_dial)
    return state, g


@pytest.mark.parametrize("karama", [False, True], ids=["doubled", "stopped"])
def test_a_karama_stops_the_cyborgs_double_strength_for_one_battle(karama):
    """5 against 4, or once stopped 3 against 4: the Cyborgs count as ordinary forces."""
    state, g = _cyborg_battle(3, karama)
    until(state, None)
    assert (g.forces(FLAT, "harkonnen") == 0) is not karama and (g.forces(FLAT, "ixians") == 0) is karama
    assert problems(state) == []


def test_stopping_the_cyborgs_strength_leaves_the_suboid_exchange():
    """3 against 2: the Ixians win, lose their two Cyborgs and may still exchange Suboids for them."""
    state, g = _cyborg_battle(1, True)
    assert until(state, "exchange-suboids")["by"] == "ixians"
    act(state, "ixians", "exchange", count=2)
    assert kind_at(g, "ixians", "cyborgs", FLAT) == 2 and problems(state) == []


def test_mutated_a_karama_against_ones_own_advantage():
    """A Karama stops another faction's advantage (seed 002 paragraph 72): the Ixians cannot stop
    their own Cyborgs, nor their ally its own replacement (ruling dune.engine-karama-not-own)."""
    state, g = battle_position("ixians", "harkonnen", forces=[("ixians", FLAT, 5, 2), ("harkonnen", FLAT, 4, 0)])
    g.state["turn"] = 1
    _give(g, "ixians", "karama")
    act(state, "ixians", "battle", territory="the-great-flat", opponent="harkonnen")
    err = refused(state, "ixians", "play", card="karama", against="cyborgs")
    assert err.code == "dune.karama-own-advantage" and "dune.engine-karama-not-own" in err.rulings
    assert state["battle"]["cyborgs"] is True
    state, g = _bidding("ixians", "atreides", "harkonnen", ally="atreides")
    _give(g, "atreides", "karama")
    _draw_supply(state, "lasgun", "shield", "snooper", "baliset")
    act(state, "ixians", "return-card", card="baliset", on="top")
    _win(state, "atreides")
    act(state, "chance", "draw-treachery", player="atreides", card="snooper")
    assert refused(state, "atreides", "play", card="karama", against="ixian-ally-replacement").code == \
        "dune.karama-own-advantage"
    act(state, "atreides", "replace", card="snooper")
    assert problems(state) == []


def test_mutated_a_karama_against_the_cyborgs_after_the_plans():
    state, g = _cyborg_battle(3, False)
    assert refused(state, "harkonnen", "play", card="karama", against="cyborgs").code == "dune.karama-too-late"


@pytest.mark.parametrize("modules, battle, doubled", [
    (["ixians-tleilaxu"], {"cyborgs": True}, 2 * 4 + 1),  # 2 Cyborgs at 2, a Suboid at 1/2
    (["ixians-tleilaxu"], {}, 2 * 2 + 1),  # stopped: Cyborgs at 1
    (ADVANCED, {"cyborgs": True}, 4 + 2 + 1),  # one supported: 2, one not: 1
    (ADVANCED, {}, 2 + 1 + 1),  # stopped: 1 supported, 1/2 not; the Suboid still 1/2
], ids=["basic", "basic-stopped", "advanced", "advanced-stopped"])
def test_stopped_cyborgs_use_ordinary_values(modules, battle, doubled):
    state = new_ixtl("ixians", "atreides", modules=modules)
    state["battle"] = battle
    g = at(state)
    assert forces_strength2(g, "ixians", {"dial": 3, "kinds": {"cyborgs": 2}, "spice": 1}, "atreides") == doubled


def test_the_random_playout_makes_these_decisions():
    """An ally's replacement needs an alliance with the Ixians and a purchase: rarer, so a few games."""
    done = set()
    for players, seed, extra in ((4, 1, ("advanced",)), (4, 3, ("advanced",)), (4, 1, ()), (6, 4, ())):
        log = playout(players, seed, problems_free, ("ixians-tleilaxu", *extra))
        done |= {a["do"] for a in log["actions"]}
        if {"draw-supply", "keep-card", "draw", "return-card", "swap", "replace"} <= done:
            return
    raise AssertionError(f"not all of the Ixians' Treachery decisions were made: {sorted(done)}")


def problems_free(state):
    assert problems(state) == []
