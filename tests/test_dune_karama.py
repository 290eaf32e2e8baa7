"""Karama against a faction advantage (adjudicator/dune/karama.py; rulings dune.karama,
dune.engine-karama-stops): played while the decision that would use the advantage is pending,
the decision is then taken without it; outside that window, by the advantage's own faction, or
against a traitor call, it is refused."""

from functools import partial

import pytest
from dune_helpers import ADVANCED, RULES, act, at, give, new, refused

from adjudicator.core.actions import Action
from adjudicator.dune.invariants import problems
from adjudicator.dune.karama import STOPPABLE
from adjudicator.dune.registry import INTERJECTIONS

at = partial(at, turn=2)


def karama(state, by, against):
    return act(state, by, "play", card="karama", against=against)


def offered(state):
    return [a.data for a in RULES.legal_actions(state)]


def test_guild_half_price_stopped_for_one_shipment():
    state = new("spacing-guild", "atreides")
    g = at(state, {"t": "decide", "kind": "ship", "player": "spacing-guild"}, phase="battle")
    give(g, "atreides", "karama")
    plays = INTERJECTIONS["play"].offers(g, "atreides")
    assert {"do": "play", "card": "karama", "against": "guild-half-price"} in plays
    out = karama(state, "atreides", "guild-half-price")
    assert "dune.engine-karama-stops" in out.rulings and state["stack"][-1]["stopped"] == ["guild-half-price"]
    assert refused(state, "spacing-guild", "ship", to="the-great-flat@14", count=3).code == "dune.cannot-afford"
    act(state, "spacing-guild", "ship", to="the-great-flat@14", count=2)  # the full rate: 4 spice of 5, not 2
    assert g.p("spacing-guild")["spice"] == 1 and problems(state) == []


def test_karama_outside_its_window_or_by_the_advantages_own_faction_is_refused():
    state = new("spacing-guild", "atreides")
    g = at(state, {"t": "decide", "kind": "move", "player": "spacing-guild"}, phase="battle")
    give(g, "atreides", "karama")
    give(g, "spacing-guild", "karama")
    err = refused(state, "atreides", "play", card="karama", against="guild-half-price")  # no shipment pending
    assert err.code == "dune.karama-window" and "dune.engine-karama-stops" in err.rulings
    at(state, {"t": "decide", "kind": "ship", "player": "spacing-guild"}, phase="battle")
    assert refused(state, "spacing-guild", "play", card="karama", against="guild-half-price").code == \
        "dune.karama-own-advantage"
    assert refused(state, "atreides", "play", card="karama", against="harkonnen-traitors").code == \
        "dune.karama-cannot-stop"
    assert "karama" in g.p("atreides")["hand"]


def test_guild_payment_stopped_goes_to_the_bank():
    state = new("spacing-guild", "atreides")
    g = at(state, {"t": "decide", "kind": "ship", "player": "atreides"}, phase="battle")
    give(g, "atreides", "karama")
    bank = state["bank"]
    karama(state, "atreides", "guild-payment")
    act(state, "atreides", "ship", to="arrakeen@9", count=3)
    assert g.p("spacing-guild")["spice"] == 5 and state["bank"] == bank + 3 and problems(state) == []


def test_guild_cross_ship_stopped():
    state = new("spacing-guild", "atreides")
    g = at(state, {"t": "decide", "kind": "ship", "player": "spacing-guild"}, phase="battle")
    give(g, "atreides", "karama")
    assert any("from" in a for a in offered(state))
    karama(state, "atreides", "guild-cross-ship")
    assert not any("from" in a for a in offered(state))
    assert refused(state, "spacing-guild", "ship", **{"from": "tueks-sietch@4", "to": "reserves", "count": 1}).code \
        == "dune.no-cross-ship"


def test_fremen_two_territory_move_stopped_but_never_their_free_shipment():
    """GF9 rulebook, Factions: Fremen: the free shipment (2.04.05) carries no Karama mark, the move
    (2.04.06) does; the GF9 Q&A: no Karama prevents the Fremen bringing their reserves in."""
    state = new("fremen", "atreides")
    g = at(state, {"t": "decide", "kind": "ship", "player": "fremen"}, phase="battle")
    give(g, "atreides", "karama", "karama")
    assert refused(state, "atreides", "play", card="karama", against="fremen-free-shipment").code == \
        "dune.karama-cannot-stop"
    act(state, "fremen", "ship", to="the-great-flat@14", count=2)
    at(state, {"t": "decide", "kind": "move", "player": "fremen"}, phase="battle")
    act(state, "fremen", "move", **{"from": "the-great-flat@14", "to": "funeral-plain@14", "count": 1})
    at(state, {"t": "decide", "kind": "move", "player": "fremen"}, phase="battle")
    karama(state, "atreides", "fremen-move")
    assert refused(state, "fremen", "move", **{"from": "the-great-flat@14", "to": "false-wall-west@15",
                                               "count": 1}).code == "dune.out-of-range"
    assert problems(state) == []


def test_harkonnen_free_card_and_emperor_payment_stopped_in_an_auction():
    state = new("harkonnen", "emperor", "atreides")
    state["order"] = ["harkonnen", "emperor", "atreides"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    give(g, "atreides", "karama", "karama")
    RULES.settle(g)
    karama(state, "atreides", "harkonnen-free-card")
    karama(state, "atreides", "emperor-payment")
    act(state, "harkonnen", "bid", amount=2)
    act(state, "emperor", "pass")
    bank = state["bank"]
    act(state, "atreides", "pass")
    assert g.p("emperor")["spice"] == 10 and state["bank"] == bank + 2
    assert [t["kind"] for t in state["stack"] if t["t"] == "chance"] == ["draw-treachery"]  # one card, not two


def test_atreides_auction_prescience_stopped_is_information_only():
    state = new("atreides", "emperor")
    state["order"] = ["atreides", "emperor"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    give(g, "emperor", "karama")
    RULES.settle(g)
    out = karama(state, "emperor", "atreides-auction-prescience")
    assert out.verdict == "legal" and state["stack"][-1]["stopped"] == ["atreides-auction-prescience"]


def test_spiritual_advisor_and_charity_stopped():
    state = new("bene-gesserit", "atreides", modules=ADVANCED)  # their charity whatever they hold: advanced
    g = at(state, {"t": "decide", "kind": "advisor", "player": "bene-gesserit"}, phase="battle")
    give(g, "atreides", "karama", "karama")
    karama(state, "atreides", "spiritual-advisor")
    assert offered(state) == [{"by": "bene-gesserit", "do": "pass"}]
    assert refused(state, "bene-gesserit", "send-advisor").code == "dune.not-offered"
    at(state, {"t": "decide", "kind": "charity", "player": "bene-gesserit"}, phase="bidding")
    karama(state, "atreides", "bene-gesserit-charity")  # they hold 5: no charity without the advantage
    assert offered(state) == [{"by": "bene-gesserit", "do": "pass"}]


def test_emperor_sponsored_revival_stopped():
    state = new("emperor", "atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "revive", "player": "atreides"}, phase="shipment-movement")
    g.p("emperor")["ally"], g.p("atreides")["ally"] = "atreides", "emperor"
    g.p("atreides")["reserves"] -= 6
    g.p("atreides")["tanks"] += 6
    give(g, "emperor", "karama")
    give(g, "harkonnen", "karama")
    assert any(a.get("sponsored") for a in offered(state))
    assert refused(state, "emperor", "play", card="karama", against="emperor-sponsored-revival").code == \
        "dune.karama-own-advantage"  # its own advantage
    g.p("emperor")["hand"].remove("karama")  # nor the ally it is used for (dune.engine-karama-not-own)
    g.p("atreides")["hand"].append("karama")
    assert refused(state, "atreides", "play", card="karama", against="emperor-sponsored-revival").code == \
        "dune.karama-own-advantage"
    karama(state, "harkonnen", "emperor-sponsored-revival")
    assert not any(a.get("sponsored") for a in offered(state))
    assert refused(state, "atreides", "revive", forces=5, sponsored=2).code == "dune.not-offered"
    act(state, "atreides", "revive", forces=3)
    assert problems(state) == []


def test_every_stoppable_advantage_names_a_faction_and_a_decision():
    from adjudicator.dune.content import content
    from adjudicator.dune.registry import DECISIONS
    cnt = content()
    for name, entry in STOPPABLE.items():
        assert entry.faction in cnt.factions and entry.kind in DECISIONS, name


def test_a_karama_played_outside_its_window_in_a_log_is_refused():
    """A mutated log: a Karama against the Guild's half price while nobody is shipping."""
    state = new("spacing-guild", "atreides")
    g = at(state, {"t": "decide", "kind": "charity", "player": "atreides"}, phase="bidding")
    give(g, "atreides", "karama")
    with pytest.raises(Exception) as err:
        RULES.apply(state, Action({"by": "atreides", "do": "play", "card": "karama", "against": "guild-half-price"}))
    assert err.value.code == "dune.karama-window"


def test_the_atreides_look_at_the_card_up_for_bid_is_no_action():
    """Ruling dune.engine-atreides-looks: the auction asks the same decisions with or without the
    Atreides, and the card is the chance outcome drawn by its buyer."""
    def auction(*factions):
        state = new(*factions)
        state["order"] = list(factions)
        g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
        RULES.settle(g)
        act(state, factions[0], "bid", amount=1)
        act(state, factions[1], "pass")
        return RULES.prompt(state)

    assert auction("atreides", "emperor") == {**auction("harkonnen", "emperor"), "player": "atreides"}
    assert auction("atreides", "emperor")["kind"] == "draw-treachery"


def test_a_karama_against_the_atreides_look_cites_its_reading():
    state = new("atreides", "emperor")
    state["order"] = ["atreides", "emperor"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    give(g, "emperor", "karama")
    RULES.settle(g)
    assert "dune.engine-atreides-looks" in karama(state, "emperor", "atreides-auction-prescience").rulings


# --- the advanced Bene Gesserit's worthless cards as Karama (cards.py; ruling
# dune.bene-gesserit-worthless-karama) ---------------------------------------------------------------------
def _bg_against_guild(modules):
    game = {"system": "dune", "modules": list(modules),
            "players": [{"id": f, "faction": f} for f in ("spacing-guild", "bene-gesserit")]}
    state = RULES.new_state(game, {})
    g = at(state, {"t": "decide", "kind": "ship", "player": "spacing-guild"}, phase="battle")
    give(g, "bene-gesserit", "kulon")
    return state, g


def test_the_advanced_bene_gesserit_play_a_worthless_card_as_a_karama():
    state, g = _bg_against_guild(["advanced"])
    plays = INTERJECTIONS["play"].offers(g, "bene-gesserit")
    assert {"do": "play", "card": "kulon", "against": "guild-half-price"} in plays
    out = act(state, "bene-gesserit", "play", card="kulon", against="guild-half-price")
    assert out.verdict == "legal" and "dune.bene-gesserit-worthless-karama" in out.rulings
    assert state["stack"][-1]["stopped"] == ["guild-half-price"] and "kulon" in state["treachery"]["discard"]
    act(state, "spacing-guild", "ship", to="the-great-flat@14", count=2)  # the full rate: 4 spice
    assert g.p("spacing-guild")["spice"] == 1 and problems(state) == []


def test_a_worthless_card_is_no_karama_in_the_basic_game_nor_outside_a_karama_window():
    state, g = _bg_against_guild([])
    assert not [p for p in INTERJECTIONS["play"].offers(g, "bene-gesserit") if p["card"] == "kulon"]
    err = refused(state, "bene-gesserit", "play", card="kulon", against="guild-half-price")
    assert err.code == "dune.card-not-playable"
    state, g = _bg_against_guild(["advanced"])
    err = refused(state, "bene-gesserit", "play", card="kulon", against="harkonnen-traitors")
    assert err.code == "dune.karama-cannot-stop" and "kulon" in g.p("bene-gesserit")["hand"]


def test_the_advanced_bene_gesserit_name_a_worthless_card_to_pay_a_karama_bid_or_shipment():
    game = {"system": "dune", "modules": ["advanced"],
            "players": [{"id": f, "faction": f} for f in ("bene-gesserit", "emperor")]}
    state = RULES.new_state(game, {})
    state["order"] = ["bene-gesserit", "emperor"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    give(g, "bene-gesserit", "kulon")
    RULES.settle(g)
    assert refused(state, "bene-gesserit", "bid", amount=20, karama=True, card="baliset").code == \
        "dune.card-not-in-hand"  # a worthless card they do not hold
    act(state, "bene-gesserit", "bid", amount=20, karama=True, card="kulon")
    out = act(state, "emperor", "pass")
    assert out.verdict == "legal" and "dune.bene-gesserit-worthless-karama" in out.rulings
    assert "kulon" in state["treachery"]["discard"] and g.p("emperor")["spice"] == 10 and problems(state) == []

    game["players"][1] = {"id": "spacing-guild", "faction": "spacing-guild"}
    state = RULES.new_state(game, {})
    g = at(state, {"t": "decide", "kind": "move", "player": "bene-gesserit"},
           {"t": "decide", "kind": "ship", "player": "bene-gesserit"}, phase="battle")
    give(g, "bene-gesserit", "kulon")
    bank = state["bank"]
    out = act(state, "bene-gesserit", "ship", to="the-great-flat@14", count=2, karama=True, card="kulon")
    assert out.verdict == "legal" and "dune.bene-gesserit-worthless-karama" in out.rulings
    assert state["bank"] == bank + 2 and g.p("spacing-guild")["spice"] == 5
    assert "kulon" in state["treachery"]["discard"] and problems(state) == []


def test_the_ally_an_advantage_serves_cannot_stop_it():
    """Ruling dune.engine-karama-not-own: the Fremen's ally cannot stop its own sparing from the
    worm, nor the Guild's ally the half price of its own shipment; a third player may."""
    state = new("fremen", "atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "spare-ally", "player": "fremen"}, phase="spice-blow")
    g.p("fremen")["ally"], g.p("atreides")["ally"] = "atreides", "fremen"
    give(g, "atreides", "karama")
    assert refused(state, "atreides", "play", card="karama", against="fremen-spare-ally").code == \
        "dune.karama-own-advantage"
    assert {"do": "play", "card": "karama", "against": "fremen-spare-ally"} not in \
        INTERJECTIONS["play"].offers(g, "atreides")
    give(g, "harkonnen", "karama")
    assert {"do": "play", "card": "karama", "against": "fremen-spare-ally"} in INTERJECTIONS["play"].offers(
        g, "harkonnen")
    state = new("spacing-guild", "atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "ship", "player": "atreides"}, phase="shipment-movement")
    g.p("spacing-guild")["ally"], g.p("atreides")["ally"] = "atreides", "spacing-guild"
    give(g, "atreides", "karama")
    assert refused(state, "atreides", "play", card="karama", against="guild-half-price").code == \
        "dune.karama-own-advantage"
