"""The basic-game advantages of the six factions (adjudicator/dune/factions/), one scenario or
more per advantage, each checked through the facade as a log's action would be."""

from dune_helpers import ADVANCED, RULES, act, at, give, move_forces, new, refused

from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems


def battle(*factions, a, d, where="the-great-flat@14"):
    state = new(*factions)
    state["storm"], state["order"] = 0, list(factions)
    g = at(state, {"t": "auto", "kind": "battles"})
    move_forces(g, a, where, 5)
    move_forces(g, d, where, 4)
    RULES.settle(g)
    act(state, a, "battle", territory=where.split("@")[0], opponent=d)
    return state, g


# --- Harkonnen ----------------------------------------------------------------------------------------
def test_harkonnen_take_a_free_card_with_each_card_bought():
    state = new("harkonnen", "atreides")
    state["order"] = ["harkonnen", "atreides"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    RULES.settle(g)
    act(state, "harkonnen", "bid", amount=2)
    out = act(state, "atreides", "pass")
    assert "dune.harkonnen" in out.rulings and g.p("harkonnen")["spice"] == 8
    act(state, "chance", "draw-treachery", player="harkonnen", card="lasgun")
    act(state, "chance", "draw-treachery", player="harkonnen", card="shield")
    assert g.p("harkonnen")["hand"] == ["lasgun", "shield"] and problems(state) == []


def test_harkonnen_with_a_full_hand_but_one_take_no_free_card():
    state = new("harkonnen", "atreides")
    state["order"] = ["harkonnen", "atreides"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    give(g, "harkonnen", "baliset", "kulon", "la-la-la", "jubba-cloak", "trip-to-gamont", "shield", "snooper")
    RULES.settle(g)
    act(state, "harkonnen", "bid", amount=2)
    act(state, "atreides", "pass")
    assert [t["kind"] for t in state["stack"][-1:]] == ["draw-treachery"] and len(
        [t for t in state["stack"] if t.get("kind") == "draw-treachery"]) == 1


def test_an_ally_of_the_harkonnen_may_call_their_traitor():
    state, g = battle("emperor", "atreides", "harkonnen", a="emperor", d="atreides")
    g.p("emperor")["ally"], g.p("harkonnen")["ally"] = "harkonnen", "emperor"
    g.p("harkonnen")["traitors"] = ["duncan-idaho"]
    act(state, "atreides", "pass")  # prescience
    act(state, "emperor", "plan", leader="bashar", dial=1)
    act(state, "atreides", "plan", leader="duncan-idaho", dial=4)
    assert [a.do for a in RULES.legal_actions(state)] == ["call-traitor", "pass"]
    act(state, "emperor", "call-traitor")
    act(state, "atreides", "pass")
    assert g.p("atreides")["tanks"] == 4 and g.p("atreides")["leaders"]["duncan-idaho"] == "tanks"


# --- Fremen ---------------------------------------------------------------------------------------------
def test_fremen_bring_forces_free_near_the_great_flat_only():
    state = new("fremen", "spacing-guild")
    state["storm"] = 0
    g = at(state, {"t": "decide", "kind": "ship", "player": "fremen"})
    err = refused(state, "fremen", "ship", to="arrakeen@9", count=2)
    assert err.code == "dune.fremen-ship-range" and "dune.fremen" in err.rulings
    act(state, "fremen", "ship", to="the-great-flat@14", count=5)
    assert g.p("fremen")["spice"] == 3 and g.p("spacing-guild")["spice"] == 5  # free: nothing paid
    assert g.forces("the-great-flat@14", "fremen") == 5


def test_fremen_move_two_territories():
    state = new("fremen", "atreides")
    state["storm"] = 0
    g = at(state, {"t": "decide", "kind": "move", "player": "fremen"})
    move_forces(g, "fremen", "false-wall-south@4", 2)
    act(state, "fremen", "move", **{"from": "false-wall-south@4", "to": "false-wall-east@5", "count": 2})
    assert g.forces("false-wall-east@5", "fremen") == 2
    g = at(state, {"t": "decide", "kind": "move", "player": "atreides"})
    move_forces(g, "atreides", "false-wall-south@4", 2)
    g.to_tanks("arrakeen@9", "atreides", 10)  # no ornithopters
    err = refused(state, "atreides", "move", **{"from": "false-wall-south@4", "to": "false-wall-east@5", "count": 2})
    assert err.code == "dune.out-of-range"


def test_advanced_fremen_lose_half_to_the_storm_rounded_up():
    state = new("fremen", "atreides", modules=ADVANCED)
    state["turn"], state["storm"], state["dials"] = 2, 0, [2]
    g = at(state, {"t": "auto", "kind": "storm-move"}, phase="spice-blow")
    move_forces(g, "fremen", "cielago-north@1", 5)
    RULES.settle(g)
    assert g.forces("cielago-north@1", "fremen") == 2 and g.p("fremen")["tanks"] == 3


def test_shai_hulud_spares_the_fremen():
    state = new("fremen", "atreides")
    state["turn"], state["storm"] = 2, 0
    g = at(state, {"t": "chance", "kind": "spice-card"}, phase="charity")
    act(state, "chance", "spice-card", card="red-chasm")
    move_forces(g, "fremen", "red-chasm@6", 4)
    move_forces(g, "atreides", "red-chasm@6", 2)
    g.state["stack"].append({"t": "chance", "kind": "spice-card"})
    act(state, "chance", "spice-card", card="shai-hulud")
    assert g.forces("red-chasm@6", "fremen") == 4 and g.p("atreides")["tanks"] == 2


# --- Spacing Guild --------------------------------------------------------------------------------------
def test_the_guild_and_its_ally_ship_at_half_price():
    state = new("spacing-guild", "atreides", "emperor")
    state["storm"] = 0
    g = at(state, {"t": "decide", "kind": "ship", "player": "spacing-guild"})
    act(state, "spacing-guild", "ship", to="carthag@10", count=3)  # 3, halved and rounded up
    assert g.p("spacing-guild")["spice"] == 5 - 2 and state["bank"] > 0
    g.p("atreides")["ally"], g.p("spacing-guild")["ally"] = "spacing-guild", "atreides"
    at(state, {"t": "decide", "kind": "ship", "player": "atreides"})
    act(state, "atreides", "ship", to="the-great-flat@14", count=3)  # 6, halved
    assert g.p("atreides")["spice"] == 7 and g.p("spacing-guild")["spice"] == 6
    at(state, {"t": "decide", "kind": "ship", "player": "emperor"})
    act(state, "emperor", "ship", to="the-great-flat@14", count=3)  # full rate
    assert g.p("emperor")["spice"] == 4


def test_the_advanced_guild_chooses_when_to_take_its_turn():
    state = new("atreides", "spacing-guild", "emperor", modules=ADVANCED)
    state["order"] = ["atreides", "spacing-guild", "emperor"]
    g = at(state, phase="shipment-movement")
    RULES.settle(g)
    assert RULES.prompt(state) == {"by": "spacing-guild", "kind": "guild-timing", "verbs": ["go-now", "wait"]}
    act(state, "spacing-guild", "wait")
    assert RULES.prompt(state)["by"] == "atreides" and RULES.prompt(state)["kind"] == "ship"
    act(state, "atreides", "pass")
    act(state, "atreides", "pass")
    act(state, "spacing-guild", "go-now")
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["spacing-guild", "ship"]
    act(state, "spacing-guild", "pass")
    act(state, "spacing-guild", "pass")
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["emperor", "ship"]
    act(state, "emperor", "pass")
    act(state, "emperor", "pass")
    assert state["phase"] != "shipment-movement" and not any(t.get("player") == "spacing-guild"
                                                             for t in state["stack"] if t["t"] == "decide")


def test_a_waiting_advanced_guild_goes_last():
    state = new("atreides", "spacing-guild", modules=ADVANCED)
    state["order"] = ["atreides", "spacing-guild"]
    g = at(state, phase="shipment-movement")
    RULES.settle(g)
    act(state, "spacing-guild", "wait")
    act(state, "atreides", "pass")
    act(state, "atreides", "pass")
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["spacing-guild", "ship"]


# --- Atreides -------------------------------------------------------------------------------------------
def test_atreides_prescience_makes_the_opponent_plan_first():
    state, g = battle("atreides", "harkonnen", a="atreides", d="harkonnen")
    assert RULES.prompt(state)["kind"] == "prescience"
    out = act(state, "atreides", "prescience", element="weapon")
    assert "dune.atreides" in out.rulings
    assert state["battle"]["prescience"] == {"of": "harkonnen", "element": "weapon"}
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["harkonnen", "plan"]
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=4)
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["atreides", "plan"]


def test_atreides_prescience_serves_an_ally():
    state, g = battle("emperor", "harkonnen", "atreides", a="emperor", d="harkonnen")
    assert RULES.prompt(state)["kind"] == "plan"  # not allied: no prescience
    state, g = battle("emperor", "harkonnen", "atreides", a="emperor", d="harkonnen")
    state["stack"] = [t for t in state["stack"] if t.get("kind") != "plan"] + [
        {"t": "decide", "kind": "plan", "player": "harkonnen"}, {"t": "decide", "kind": "plan", "player": "emperor"}]
    g.p("emperor")["ally"], g.p("atreides")["ally"] = "atreides", "emperor"
    RULES.settle(g)
    from adjudicator.dune.factions.atreides import offer_prescience
    offer_prescience(g, state["battle"])
    act(state, "atreides", "prescience", element="dial")
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["harkonnen", "plan"]


# --- Bene Gesserit --------------------------------------------------------------------------------------
def test_the_voice_binds_the_opponents_plan():
    state, g = battle("bene-gesserit", "harkonnen", a="bene-gesserit", d="harkonnen", where="the-great-flat@14")
    give(g, "harkonnen", "crysknife", "shield")
    assert RULES.prompt(state)["kind"] == "voice"
    act(state, "bene-gesserit", "voice", command="play", card="projectile-weapon")
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    err = refused(state, "harkonnen", "plan", leader="feyd-rautha", dial=1)
    assert err.code == "dune.voice-disobeyed" and "dune.bene-gesserit" in err.rulings
    assert all(a.get("weapon") == "crysknife" for a in RULES.legal_actions(state))
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, weapon="crysknife")


def test_the_voice_forbids_a_kind_of_card():
    state, g = battle("bene-gesserit", "harkonnen", a="bene-gesserit", d="harkonnen")
    give(g, "harkonnen", "shield")
    act(state, "bene-gesserit", "voice", command="not-play", card="projectile-defense")
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    err = refused(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, defense="shield")
    assert err.code == "dune.voice-disobeyed"


def no_leaders(g, pid):
    for ld in g.p(pid)["leaders"]:
        g.p(pid)["leaders"][ld] = "tanks"


def test_a_voice_command_that_cannot_be_obeyed_binds_nothing():
    # no leader nor Cheap Hero: the crysknife cannot be played, so the command leaves a plan (the dead end
    # of playout(6, 2) before the merge of dune-engine3: no plan was legal)
    state, g = battle("bene-gesserit", "harkonnen", a="bene-gesserit", d="harkonnen")
    give(g, "harkonnen", "crysknife")
    no_leaders(g, "harkonnen")
    act(state, "bene-gesserit", "voice", command="play", card="projectile-weapon")
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    legal = RULES.legal_actions(state)
    assert legal and all("leader" not in a.data and "weapon" not in a.data for a in legal)
    out = act(state, "harkonnen", "plan", dial=1)
    assert "dune.engine-voice-impossible" in out.rulings


def test_a_voice_command_binds_a_side_whose_leader_is_a_cheap_hero():
    state, g = battle("bene-gesserit", "harkonnen", a="bene-gesserit", d="harkonnen")
    give(g, "harkonnen", "crysknife", "cheap-hero")
    no_leaders(g, "harkonnen")
    act(state, "bene-gesserit", "voice", command="play", card="projectile-weapon")
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    assert refused(state, "harkonnen", "plan", leader="cheap-hero", dial=1).code == "dune.voice-disobeyed"
    assert all(a.get("weapon") == "crysknife" for a in RULES.legal_actions(state))
    act(state, "harkonnen", "plan", leader="cheap-hero", dial=1, weapon="crysknife")


def test_a_side_forbidden_its_only_cheap_hero_fights_without_a_leader():
    state, g = battle("bene-gesserit", "harkonnen", a="bene-gesserit", d="harkonnen")
    give(g, "harkonnen", "cheap-hero", "crysknife")
    no_leaders(g, "harkonnen")
    act(state, "bene-gesserit", "voice", command="not-play", card="cheap-hero")
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    assert refused(state, "harkonnen", "plan", leader="cheap-hero", dial=1).code == "dune.voice-disobeyed"
    assert refused(state, "harkonnen", "plan", dial=1, weapon="crysknife").code == "dune.cards-without-leader"
    legal = RULES.legal_actions(state)
    assert legal and all(set(a.data) == {"by", "do", "dial"} for a in legal)
    act(state, "harkonnen", "plan", dial=1)


def test_a_spiritual_advisor_follows_another_players_shipment():
    state = new("bene-gesserit", "atreides")
    state["storm"] = 0
    g = at(state, {"t": "decide", "kind": "move", "player": "atreides"}, {"t": "decide", "kind": "ship",
                                                                          "player": "atreides"})
    act(state, "atreides", "ship", to="carthag@10", count=1)
    assert RULES.prompt(state)["kind"] == "advisor"
    act(state, "bene-gesserit", "send-advisor")
    assert g.forces("polar-sink", "bene-gesserit") == 2 and g.p("bene-gesserit")["reserves"] == 18
    assert RULES.prompt(state)["kind"] == "move" and problems(state) == []


def test_a_prediction_that_comes_true_wins_for_the_bene_gesserit():
    state = new("bene-gesserit", "atreides")
    assert [t["kind"] for t in state["stack"] if t.get("kind") == "predict"] == ["predict"]
    g = at(state, {"t": "decide", "kind": "predict", "player": "bene-gesserit"}, phase="mentat-pause")
    err = refused(state, "bene-gesserit", "predict", faction="fremen", turn=3)  # not in play
    assert err.code == "dune.bad-prediction"
    act(state, "bene-gesserit", "predict", faction="atreides", turn=3)
    assert RULES.public_view(state, "atreides")["players"]["bene-gesserit"]["prediction"] == "hidden"
    state["turn"] = 3
    at(state, phase="mentat-pause")
    move_forces(g, "atreides", "sietch-tabr@13", 1)
    move_forces(g, "atreides", "habbanya-sietch@16", 1)
    move_forces(g, "atreides", "carthag@10", 1)
    RULES.settle(g)
    assert state["result"]["winners"] == ["bene-gesserit"] and state["result"]["how"] == "prediction"


def test_an_unknown_prediction_leaves_a_victory_unverifiable():
    state = new("bene-gesserit", "atreides")
    g = at(state, {"t": "decide", "kind": "predict", "player": "bene-gesserit"}, phase="collection")
    act(state, "bene-gesserit", "predict", faction="?", turn="?")
    state["turn"] = 3
    move_forces(g, "atreides", "sietch-tabr@13", 1)
    move_forces(g, "atreides", "habbanya-sietch@16", 1)
    move_forces(g, "atreides", "carthag@10", 1)
    at(state, {"t": "decide", "kind": "charity", "player": "atreides"}, phase="mentat-pause")
    out = act(state, "atreides", "pass")
    assert out.verdict == "unverifiable" and "prediction" in out.message
    assert state["result"]["winners"] == ["atreides"]


# --- the remaining basic advantages ----------------------------------------------------------------------
def test_guild_ships_cross_planet_and_back_to_reserves():
    state = new("spacing-guild", "atreides")
    g = at(state, {"t": "decide", "kind": "ship", "player": "spacing-guild"})
    state["storm"] = 0
    move_forces(g, "spacing-guild", "the-great-flat@14", 5)
    bank = state["bank"]
    out = act(state, "spacing-guild", "ship", **{"from": "the-great-flat@14", "to": "arrakeen@9", "count": 2})
    assert "dune.spacing-guild" in out.rulings and g.forces("arrakeen@9", "spacing-guild") == 2
    assert g.p("spacing-guild")["spice"] == 4 and state["bank"] == bank + 1 and problems(state) == []
    g = at(state, {"t": "decide", "kind": "ship", "player": "spacing-guild"})
    assert {"by": "spacing-guild", "do": "ship", "from": "the-great-flat@14", "to": "reserves", "count": 3} in [
        a.data for a in RULES.legal_actions(state)]
    act(state, "spacing-guild", "ship", **{"from": "the-great-flat@14", "to": "reserves", "count": 3})
    assert g.p("spacing-guild")["reserves"] == 13 and g.p("spacing-guild")["spice"] == 2 and problems(state) == []


def test_only_the_guild_and_its_ally_ship_cross_planet():
    state = new("spacing-guild", "atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "ship", "player": "atreides"})
    state["storm"] = 0
    err = refused(state, "atreides", "ship", **{"from": "arrakeen@9", "to": "old-gap@9", "count": 2})
    assert err.code == "dune.no-cross-ship"
    g.p("atreides")["ally"], g.p("spacing-guild")["ally"] = "spacing-guild", "atreides"
    act(state, "atreides", "ship", **{"from": "arrakeen@9", "to": "old-gap@9", "count": 2})  # half of 4, to the Guild
    assert g.p("atreides")["spice"] == 8 and g.p("spacing-guild")["spice"] == 7 and problems(state) == []


def test_advanced_bene_gesserit_claim_charity_whatever_they_hold():
    state = new("bene-gesserit", "atreides", modules=ADVANCED)
    state["order"] = ["bene-gesserit", "atreides"]
    g = at(state, phase="charity")
    RULES.settle(g)
    assert g.top["kind"] == "charity" and g.top["player"] == "bene-gesserit"  # 5 spice, asked all the same
    out = act(state, "bene-gesserit", "claim-charity")
    assert g.p("bene-gesserit")["spice"] == 7 and "dune.bene-gesserit-advanced" in out.rulings and problems(state) == []


def test_the_emperor_gives_spice_to_its_ally_out_of_turn():
    state = new("emperor", "atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "move", "player": "harkonnen"}, phase="battle")
    state["turn"] = 2
    assert refused(state, "emperor", "give-spice", to="atreides", amount=3).code == "dune.not-allied"
    g.p("atreides")["ally"], g.p("emperor")["ally"] = "emperor", "atreides"
    out = act(state, "emperor", "give-spice", to="atreides", amount=3)
    assert "dune.emperor" in out.rulings and g.p("atreides")["spice"] == 13 and g.p("emperor")["spice"] == 7
    assert refused(state, "atreides", "give-spice", to="emperor", amount=1).code == "dune.not-allied"
    assert g.top["player"] == "harkonnen" and problems(state) == []


def test_the_emperor_pays_for_three_more_revivals_of_its_ally():
    state = new("emperor", "atreides")
    g = at(state, {"t": "decide", "kind": "revive", "player": "atreides"})
    g.to_tanks("arrakeen@9", "atreides", 7)
    assert refused(state, "atreides", "revive", forces=6, sponsored=3).code == "dune.not-offered"
    g.p("atreides")["ally"], g.p("emperor")["ally"] = "emperor", "atreides"
    act(state, "atreides", "revive", forces=6, sponsored=3)
    assert g.p("atreides")["spice"] == 8 and g.p("emperor")["spice"] == 4 and g.p("atreides")["tanks"] == 1
    assert problems(state) == []


def _worm(state, g, territory="red-chasm"):
    state["turn"], state["storm"] = 2, 0
    state["stack"] = [{"t": "flow", "phase": "charity"}, {"t": "auto", "kind": "nexus"},
                      {"t": "chance", "kind": "spice-card"}, {"t": "chance", "kind": "spice-card"}]
    act(state, "chance", "spice-card", card=territory)
    return act(state, "chance", "spice-card", card="shai-hulud")


def test_fremen_ride_the_worm_after_the_nexus():
    state = new("fremen", "atreides")
    g = Game(state)
    move_forces(g, "fremen", "red-chasm@6", 3)
    move_forces(g, "atreides", "red-chasm@6", 2)
    _worm(state, g)
    assert g.forces("red-chasm@6", "fremen") == 3 and g.forces("red-chasm@6", "atreides") == 0
    act(state, "chance", "spice-card", card="old-gap")
    assert [t["kind"] for t in state["stack"][-4:]] == ["worm-ride", "nexus-end", "nexus", "nexus"]
    act(state, state["order"][0], "pass")
    act(state, state["order"][1], "pass")
    assert g.top["kind"] == "worm-ride"
    assert refused(state, "fremen", "ride", to="red-chasm@6", count=3).code == "dune.unknown-location"
    out = act(state, "fremen", "ride", to="carthag@10", count=3)
    assert "dune.fremen" in out.rulings and g.forces("carthag@10", "fremen") == 3 and problems(state) == []


def test_fremen_spare_or_abandon_their_ally_to_the_worm():
    for choice, lost in (("spare", 0), ("pass", 2)):
        state = new("fremen", "atreides")
        g = Game(state)
        g.p("atreides")["ally"], g.p("fremen")["ally"] = "fremen", "atreides"
        move_forces(g, "atreides", "red-chasm@6", 2)
        _worm(state, g)
        assert g.top["kind"] == "spare-ally" and g.forces("red-chasm@6", "atreides") == 2
        act(state, "fremen", choice)
        assert g.p("atreides")["tanks"] == lost and g.top["kind"] == "spice-card" and problems(state) == []
