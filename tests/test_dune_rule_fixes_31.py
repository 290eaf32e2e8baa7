"""Classic Dune rule fixes of issue 31, one test per item, each naming the rule's section: the
legal side and the illegal side, from the rulebooks' words."""

from __future__ import annotations

import pytest
from dune_helpers import ADVANCED, RULES, act, at, chance, give, move_forces, new, refused
from hostile import app_on
from ixtl_helpers import bg_battle

from adjudicator.core.errors import MalformedLog
from adjudicator.core.logs import parse_log
from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.storm import start_storm


def _log(*factions, modules=()):
    return {"format": "dune-adjudicator/log", "version": 1, "setup": {}, "actions": [],
            "game": {"system": "dune", "edition": "basic", "modules": list(modules),
                     "players": [{"id": f"p{i}", "faction": f} for i, f in enumerate(factions)]}}


# --- item 16: the GF9 rulebook, Setup (the six base factions); the Ixians & Tleilaxu excerpt,
# paragraph 1 (its two factions added), paragraphs 12, 20, 58 (Richese, Moritani, Ecaz: factions
# of other expansions) -------------------------------------------------------------------------------
@pytest.mark.parametrize("faction, named", [("CHOAM", "CHOAM"), ("richese", "Richese"), ("House Ecaz", "Ecaz"),
                                            ("moritani", "Moritani")])
def test_setup_factions_of_later_expansions_are_unsupported_by_name(faction, named, tmp_path):
    # legal: the base factions, and the expansion's with its module
    parse_log(_log("atreides", "fremen"))
    parse_log(_log("ixians", "tleilaxu", modules=["ixians-tleilaxu"]))
    # illegal: a later expansion's faction, refused by name, not as a name nobody knows
    with pytest.raises(MalformedLog) as err:
        parse_log(_log("atreides", faction))
    assert err.value.code == "unsupported-faction" and named in err.value.message
    assert err.value.pointer == "/game/players/1/faction" and err.value.status == 400
    with pytest.raises(MalformedLog) as err:
        parse_log(_log("atreides", "Atreidez"))
    assert err.value.code == "unknown-name"  # a misspelling stays an unknown name
    client = app_on(tmp_path / "db.sqlite").test_client()
    r = client.post("/v1/replays", json=_log("atreides", faction))
    assert r.status_code == 400 and r.get_json()["code"] == "unsupported-faction" and named in r.get_json()["detail"]


# --- item 13: the Ixians & Tleilaxu excerpt, paragraphs 68-70 (the Voice compels Weirding Way in its
# default role, a projectile weapon; ruling ixcards.voice) ------------------------------------------------


@pytest.mark.parametrize("card, default, other, alternate", [("weirding-way", "weapon", "chaumas", "defense"),
                                                            ("chemistry", "defense", "shield", "weapon")])
def test_voice_compels_a_named_dual_card_in_its_default_role_paragraph_70(card, default, other, alternate):
    state, _ = bg_battle([card, other])
    act(state, "bene-gesserit", "voice", command="play", card=card)
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    # illegal: the named card in its alternate role, beside another card in its default slot
    err = refused(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, **{alternate: card, default: other})
    assert err.code == "dune.voice-disobeyed" and "ixcards.voice" in err.rulings
    # legal: the named card in its default role
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, **{default: card})
    assert problems(state) == []


# --- item 11: the GF9 rulebook, Factions (each faction's advantages, and those it adds in the
# Advanced Game): the Fremen's half storm losses, the Bene Gesserit's charity whatever they hold and
# the Guild's choice of when to ship are advanced advantages (rulings dune.fremen-advanced,
# dune.bene-gesserit-advanced, dune.spacing-guild-advanced; our reading dune.engine-advanced-advantages)
def _storm_over_fremen(modules):
    """Turn 2: the storm moves 3 sectors from sector 0 (two dials in the basic game, a Storm card in
    the advanced) over 5 Fremen forces in Cielago North, sector 2."""
    state = new("fremen", "atreides", modules=modules)
    state["turn"], state["storm"], state["order"] = 2, 0, ["fremen", "atreides"]
    g = at(state, phase="spice-blow")
    move_forces(g, "fremen", "cielago-north@2", 5)
    start_storm(g)
    RULES.settle(g)
    if modules:
        chance(state, "storm-card", value=3)
    else:
        for q, v in zip(state["dialers"], (1, 2), strict=True):
            chance(state, "storm-dial", player=q, value=v)
    return state, g


def test_fremen_half_storm_losses_are_advanced_only_factions_fremen_advanced_game():
    state, g = _storm_over_fremen(())
    give(g, "atreides", "karama")
    # illegal: a Karama against an advantage the basic game's Fremen do not have
    assert refused(state, "atreides", "play", card="karama", against="fremen-storm-losses").code == \
        "dune.karama-window"
    act(state, "fremen", "pass")
    act(state, "atreides", "pass")
    assert g.forces("cielago-north@2", "fremen") == 0 and g.p("fremen")["tanks"] == 5  # basic: all of them
    state, g = _storm_over_fremen(ADVANCED)
    act(state, "fremen", "pass")
    act(state, "atreides", "pass")
    assert g.forces("cielago-north@2", "fremen") == 2 and g.p("fremen")["tanks"] == 3  # advanced: half, rounded up
    assert problems(state) == []


def test_bene_gesserit_charity_whatever_they_hold_is_advanced_only_factions_bene_gesserit_advanced_game():
    state = new("bene-gesserit", "atreides")
    state["order"] = ["bene-gesserit", "atreides"]
    g = at(state, phase="charity")
    RULES.settle(g)  # basic: 5 spice, not asked
    assert refused(state, "bene-gesserit", "claim-charity").code == "turn.unexpected-action"
    state = new("bene-gesserit", "atreides")
    g = Game(state)
    g.p("bene-gesserit")["spice"] = 1
    at(state, {"t": "decide", "kind": "charity", "player": "bene-gesserit"}, phase="bidding")
    act(state, "bene-gesserit", "claim-charity")  # basic, with 1 spice: brought to 2 like anyone
    assert g.p("bene-gesserit")["spice"] == 2
    state = new("bene-gesserit", "atreides", modules=ADVANCED)
    state["order"] = ["bene-gesserit", "atreides"]
    g = at(state, phase="charity")
    RULES.settle(g)
    out = act(state, "bene-gesserit", "claim-charity")  # advanced: 5 spice, 2 more
    assert g.p("bene-gesserit")["spice"] == 7 and "dune.bene-gesserit-advanced" in out.rulings


def test_the_guild_chooses_when_to_ship_in_the_advanced_game_only_factions_spacing_guild_advanced_game():
    state = new("atreides", "spacing-guild", "emperor")
    state["order"] = ["atreides", "spacing-guild", "emperor"]
    g = at(state, phase="shipment-movement")
    RULES.settle(g)
    # basic: storm order, the Atreides first; the Guild may neither go now nor wait
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["atreides", "ship"]
    assert refused(state, "spacing-guild", "go-now").code == "turn.not-your-turn"
    act(state, "atreides", "pass")
    act(state, "atreides", "pass")
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["spacing-guild", "ship"]
    assert not any(t.get("kind") == "guild-timing" for t in g.state["stack"])
    state = new("atreides", "spacing-guild", "emperor", modules=ADVANCED)
    state["order"] = ["atreides", "spacing-guild", "emperor"]
    g = at(state, phase="shipment-movement")
    RULES.settle(g)
    assert RULES.prompt(state)["kind"] == "guild-timing"  # advanced: asked before the Atreides' turn
    act(state, "spacing-guild", "go-now")
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["spacing-guild", "ship"]


# --- item 12: the GF9 rulebook, Spice Collection Phase (forces in a sector where spice lies collect
# it; ruling dune.spice-collection, our reading dune.spice-collection-sector-reading) ----------------
def test_spice_is_collected_only_in_its_own_sector_spice_collection_phase():
    state = new("atreides", "harkonnen", "emperor")
    state["storm"], state["order"] = 0, ["atreides", "harkonnen", "emperor"]
    g = at(state, phase="collection")  # Spice Collection starts
    state["spice"], state["bank"] = {"south-mesa@4": 10}, state["bank"] - 10  # a blow of 10 there
    move_forces(g, "emperor", "south-mesa@3", 3)  # illegal side: same territory, another sector
    move_forces(g, "atreides", "south-mesa@5", 2)  # the same, the other way
    move_forces(g, "harkonnen", "south-mesa@4", 2)  # legal side: the spice's own sector
    before = {q: g.p(q)["spice"] for q in state["order"]}
    RULES.settle(g)
    got = {q: g.p(q)["spice"] - before[q] for q in state["order"]}
    # Harkonnen hold Carthag (their start): 3 a force; the others take nothing from another sector
    assert got == {"atreides": 0, "harkonnen": 6, "emperor": 0} and state["spice"] == {"south-mesa@4": 4}
    assert problems(state) == []


# --- item 15: decisions made at once, accepted in either order (our reading dune.engine-simultaneous;
# the GF9 rulebook, Setup: Traitors, the Bene Gesserit's prediction, Battle Phase: Battle Plan, Traitors)
def test_setup_prediction_and_kept_traitors_in_any_order_setup_traitors():
    state = new("bene-gesserit", "fremen", "atreides")
    # legal: the prediction before anything else of setup (the Traitor draws still to come)
    out = act(state, "bene-gesserit", "predict", faction="atreides", turn=3)
    assert out.verdict == "legal" and "dune.engine-simultaneous" in out.rulings
    # illegal: the others do not predict
    assert refused(state, "atreides", "predict", faction="fremen", turn=2).code == "log.missing-chance"
    deck = sorted(state["traitor_deck"])
    for n in range(3):
        player = RULES.prompt(state)["player"]
        chance(state, "draw-traitors", player=player, cards=deck[4 * n:4 * n + 4])
    assert RULES.prompt(state)["by"] == "bene-gesserit"  # asked first
    # illegal: a Traitor not drawn; the questions keep their order
    asked = [dict(t) for t in state["stack"]]
    assert refused(state, "atreides", "keep-traitor", card=deck[0]).code == "dune.not-offered"
    assert [dict(t) for t in state["stack"]] == asked
    # legal: the Atreides keep theirs before the Bene Gesserit and the Fremen
    mine = state["players"]["atreides"]["drawn_traitors"][0]
    out = act(state, "atreides", "keep-traitor", card=mine)
    assert "dune.engine-simultaneous" in out.rulings and problems(state) == []
    assert RULES.prompt(state)["by"] == "bene-gesserit"


def test_battle_plans_and_traitor_calls_in_either_order_battle_plan_traitors():
    state = new("emperor", "harkonnen", "atreides")
    state["storm"], state["order"] = 0, ["emperor", "harkonnen", "atreides"]
    g = at(state, {"t": "auto", "kind": "battles"}, phase="collection")
    move_forces(g, "emperor", "the-great-flat@14", 5)
    move_forces(g, "harkonnen", "the-great-flat@14", 4)
    RULES.settle(g)
    act(state, "emperor", "battle", territory="the-great-flat", opponent="harkonnen")
    while RULES.prompt(state)["kind"] == "prescience":  # the Atreides are no side here: pass
        act(state, "atreides", "pass")
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["emperor", "plan"]
    # illegal: a player outside the battle sets no plan
    assert refused(state, "atreides", "plan", leader="duncan-idaho", dial=1).code == "turn.not-your-turn"
    # legal: the defender's plan first
    out = act(state, "harkonnen", "plan", leader="feyd-rautha", dial=2)
    assert "dune.engine-simultaneous" in out.rulings
    act(state, "emperor", "plan", leader="caid", dial=3)
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["emperor", "traitor"]
    out = act(state, "harkonnen", "pass")  # the defender's Traitor call (none) before the aggressor's
    assert "dune.engine-simultaneous" in out.rulings
    act(state, "emperor", "pass")
    # resolved as if asked in that order: Feyd-Rautha (6) and 2 beat the Emperor's 3 and Caid
    assert g.forces_in("the-great-flat", "emperor") == 0 and g.forces_in("the-great-flat", "harkonnen") == 2
    assert problems(state) == []
