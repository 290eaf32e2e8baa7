"""The advanced advantages the engine does not play yet (advanced.PENDING, ruling
dune.engine-advanced-game; only the Bene Gesserit's worthless Karama is left; their shipment from
the planet as the Guild's ally, played, is tested here too): an action one could change is
answered unverifiable / not-implemented in an advanced game, and the same action in a basic game
is judged as the basic rules say (issue #15: no verdict rests on a rule the engine does not know).
The advanced advantages played are tested in test_dune_advanced.py and test_dune_karama.py."""

from functools import partial

import pytest
from dune_helpers import ADVANCED, RULES, act, at, give, new, refused

from adjudicator.dune.advanced import PENDING
from adjudicator.dune.invariants import problems

pytestmark = pytest.mark.usefixtures("dune_unlocked")  # the rule system is refused to users yet
BASIC = ()
new = partial(new, modules=ADVANCED)
at = partial(at, phase="shipment-movement", turn=2, storm=0)


def flagged(out, part):
    """The outcome names the pending rule `part` and rests on no basic reading in its place."""
    return (out.verdict == "unverifiable" and out.code == "not-implemented" and f"({part})" in out.message
            and "dune.engine-advanced-game" in out.rulings)


def test_only_one_bene_gesserit_rule_is_pending():
    # the others are played (the advisors: test_dune_advisors.py)
    assert set(PENDING) == {"worthless-karama"}


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
# Played from hand it is played (cards.py; test_dune_karama.py); a Karama bid or shipment names no
# card, so one paid with a worthless card stays flagged.
@pytest.mark.parametrize("modules", [ADVANCED, BASIC])
def test_bene_gesserit_karama_bid_with_a_worthless_card(modules):
    state = new("bene-gesserit", "emperor", modules=modules)
    state["order"] = ["bene-gesserit", "emperor"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    give(g, "bene-gesserit", "kulon")
    RULES.settle(g)
    if not modules:
        assert refused(state, "bene-gesserit", "bid", amount=20, karama=True).code == "dune.card-not-in-hand"
        return
    act(state, "bene-gesserit", "bid", amount=20, karama=True)
    out = act(state, "emperor", "pass")
    assert flagged(out, "worthless-karama") and g.p("emperor")["spice"] == 10  # nothing paid for the card
    assert problems(state) == []


@pytest.mark.parametrize("modules", [ADVANCED, BASIC])
def test_bene_gesserit_karama_shipment_with_a_worthless_card(modules):
    state = new("bene-gesserit", "spacing-guild", modules=modules)
    g = at(state, {"t": "decide", "kind": "move", "player": "bene-gesserit"},
           {"t": "decide", "kind": "ship", "player": "bene-gesserit"})
    give(g, "bene-gesserit", "kulon")
    if not modules:
        err = refused(state, "bene-gesserit", "ship", to="the-great-flat@14", count=2, karama=True)
        assert err.code == "dune.card-not-in-hand"
        return
    bank = state["bank"]
    out = act(state, "bene-gesserit", "ship", to="the-great-flat@14", count=2, karama=True)
    assert flagged(out, "worthless-karama") and state["bank"] == bank + 2 and g.p("spacing-guild")["spice"] == 5
    assert problems(state) == []


def test_a_karama_bid_by_another_faction_holding_a_worthless_card_is_refused():
    state = new("atreides", "bene-gesserit")
    state["order"] = ["atreides", "bene-gesserit"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    give(g, "atreides", "kulon")
    RULES.settle(g)
    assert refused(state, "atreides", "bid", amount=20, karama=True).code == "dune.card-not-in-hand"
