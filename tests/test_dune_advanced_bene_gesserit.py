"""The advanced Bene Gesserit around the Guild's shipment and the Karama (rulings
dune.bene-gesserit-advisors, dune.bene-gesserit-worthless-karama, dune.engine-advanced-game): their
shipment from the planet as the Guild's ally lands fighters, never onto their advisors; a Karama
bid or shipment paid with a worthless card that the log does not name discards the one kind they
hold, or, holding several, the first by name with the verdict unverifiable; the basic game's same
actions judged as the basic rules say. The other advanced advantages: test_dune_advanced.py,
test_dune_advisors.py, test_dune_karama*.py."""

from functools import partial

import pytest
from dune_helpers import ADVANCED, RULES, act, at, give, new, refused

from adjudicator.dune.invariants import problems

BASIC = ()
new = partial(new, modules=ADVANCED)
at = partial(at, phase="shipment-movement", turn=2, storm=0)


# --- Bene Gesserit: their own shipment from the planet as the Guild's ally (played: fighters land) ---------
def _cross_shipping(modules, advisors_at_old_gap=False):
    state = new("bene-gesserit", "spacing-guild", modules=modules)
    g = at(state, {"t": "decide", "kind": "move", "player": "bene-gesserit"},
           {"t": "decide", "kind": "ship", "player": "bene-gesserit"})
    g.p("bene-gesserit")["ally"], g.p("spacing-guild")["ally"] = "spacing-guild", "bene-gesserit"
    g.p("bene-gesserit")["reserves"] -= 2
    g.add_forces("the-great-flat@14", "bene-gesserit", 2)
    if advisors_at_old_gap:
        g.p("bene-gesserit")["reserves"] -= 1
        g.add_forces("old-gap@9", "bene-gesserit", 1)
        g.p("bene-gesserit")["advisors"] = ["old-gap", "the-great-flat"]
    return state, g


@pytest.mark.parametrize("modules", [ADVANCED, BASIC])
def test_bene_gesserit_cross_ship_as_the_guild_ally_lands_fighters(modules):
    state, g = _cross_shipping(modules)
    if modules:
        g.p("bene-gesserit")["advisors"] = ["the-great-flat"]  # advisors shipped on land as fighters
    out = act(state, "bene-gesserit", "ship", **{"from": "the-great-flat@14", "to": "old-gap@9", "count": 1})
    assert out.verdict == "legal" and out.code == "ok"
    assert g.forces("old-gap@9", "bene-gesserit") == 1 and g.combatant("old-gap", "bene-gesserit")
    assert problems(state) == []


def test_bene_gesserit_cross_ship_onto_their_advisors_is_refused():
    state, g = _cross_shipping(ADVANCED, advisors_at_old_gap=True)
    out = refused(state, "bene-gesserit", "ship", **{"from": "the-great-flat@14", "to": "old-gap@9", "count": 1})
    assert out.code == "dune.fighters-onto-advisors"


# --- Bene Gesserit: a worthless card as a Karama -------------------------------------------------------------
# Played from hand or named (`card`), it is played (cards.py; test_dune_karama.py); here the log names none.
BG = "bene-gesserit"


def _bid_with_worthless(*hand, modules=ADVANCED):
    state = new(BG, "emperor", modules=modules)
    state["order"] = [BG, "emperor"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    assert g.p(BG)["hand"] == []
    give(g, BG, *hand)
    RULES.settle(g)
    return state, g


def test_a_karama_bid_naming_no_card_pays_with_the_one_worthless_kind_held():
    state, g = _bid_with_worthless("kulon", "shield")
    act(state, BG, "bid", amount=20, karama=True)
    out = act(state, "emperor", "pass")
    assert out.verdict == "legal" and "dune.engine-advanced-game" in out.rulings
    assert state["treachery"]["discard"] == ["kulon"] and "kulon" not in g.p(BG)["hand"]
    assert g.p("emperor")["spice"] == 10 and problems(state) == []  # nothing paid for the card


def test_holding_several_worthless_kinds_the_first_by_name_goes_and_the_verdict_is_unverifiable():
    state, g = _bid_with_worthless("la-la-la", "kulon")
    act(state, BG, "bid", amount=20, karama=True)
    out = act(state, "emperor", "pass")
    assert out.verdict == "unverifiable" and out.code == "hidden-information" and "kulon, la-la-la" in out.message
    assert "kulon" in state["treachery"]["discard"] and "la-la-la" in g.p(BG)["hand"]
    assert problems(state) == []


def test_in_the_basic_game_a_worthless_card_is_no_karama():
    state, _ = _bid_with_worthless("kulon", modules=BASIC)
    assert refused(state, BG, "bid", amount=20, karama=True).code == "dune.card-not-in-hand"


@pytest.mark.parametrize("modules", [ADVANCED, BASIC])
def test_bene_gesserit_karama_shipment_with_a_worthless_card(modules):
    state = new(BG, "spacing-guild", modules=modules)
    g = at(state, {"t": "decide", "kind": "move", "player": BG}, {"t": "decide", "kind": "ship", "player": BG})
    give(g, BG, "kulon")
    if not modules:
        err = refused(state, BG, "ship", to="the-great-flat@14", count=2, karama=True)
        assert err.code == "dune.card-not-in-hand"
        return
    bank = state["bank"]
    out = act(state, BG, "ship", to="the-great-flat@14", count=2, karama=True)
    assert out.verdict == "legal" and state["treachery"]["discard"] == ["kulon"]
    assert state["bank"] == bank + 2 and g.p("spacing-guild")["spice"] == 5  # the Guild rate, to the bank
    assert problems(state) == []


def test_a_karama_bid_by_another_faction_holding_a_worthless_card_is_refused():
    state = new("atreides", "bene-gesserit")
    state["order"] = ["atreides", "bene-gesserit"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    give(g, "atreides", "kulon")
    RULES.settle(g)
    assert refused(state, "atreides", "bid", amount=20, karama=True).code == "dune.card-not-in-hand"
