"""The Ixians & Tleilaxu expansion's 14 Treachery cards and Sandtrout (seed 002 paragraphs 4 and
61-71; rulings/dune-ixtl-cards.toml): in the decks of a game with the module only, each battle
card's effect in the role it is played in, the Voice's names, Poison Tooth held back, Sandtrout's
doubling, Thumper's, Harvester's and Amal's windows, the timing graph."""

import functools
from collections import Counter

import pytest
from dune_helpers import RULES, act, new, refused
from ixtl_helpers import bg_battle, new_ixtl

from adjudicator.core.actions import Action
from adjudicator.core.replay import Driver
from adjudicator.dune.content import content
from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.timing import static_graph

NEW = ["amal", "artillery-strike", "basilia-weapon", "chemistry", "harvester", "hunter-seeker", "kull-wahad",
       "poison-blade", "poison-tooth", "shield-snooper", "thumper", "weirding-way", "shield-ixians-tleilaxu",
       "snooper-ixians-tleilaxu"]


# --- the decks -------------------------------------------------------------------------------------------
def test_the_decks_hold_the_expansion_cards_only_with_the_module():
    base, ixtl = new("emperor", "harkonnen"), new_ixtl("emperor", "harkonnen")
    assert len(base["treachery"]["deck"]) == 33 and len(ixtl["treachery"]["deck"]) == 47
    assert Counter(ixtl["treachery"]["deck"]) - Counter(base["treachery"]["deck"]) == Counter(NEW)
    assert "sandtrout" in ixtl["spice_deck"]["deck"] and "sandtrout" not in base["spice_deck"]["deck"]
    assert len(ixtl["spice_deck"]["deck"]) == 22 and problems(ixtl) == [] and problems(base) == []


def test_a_lost_expansion_card_breaks_conservation():
    state = new_ixtl("emperor", "harkonnen")
    state["treachery"]["deck"].remove("poison-tooth")
    assert "Treachery cards not conserved" in problems(state)


# --- battles -------------------------------------------------------------------------------------------
def battle(emperor=(), harkonnen=(), factions=("emperor", "harkonnen"), where="the-great-flat@14"):
    """Emperor (aggressor, 5 forces) against Harkonnen (4) with these cards in hand."""
    state = new_ixtl(*factions)
    state["storm"], state["order"] = 0, list(factions)
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
    g = Game(state)
    for pid, n in (("emperor", 5), ("harkonnen", 4)):
        g.p(pid)["reserves"] -= n
        g.add_forces(where, pid, n)
    for pid, cards in (("emperor", emperor), ("harkonnen", harkonnen)):
        for card in cards:
            state["treachery"]["deck"].remove(card)
            g.p(pid)["hand"].append(card)
    RULES.settle(g)
    act(state, "emperor", "battle", territory=where.split("@")[0], opponent="harkonnen")
    return state, g


def fight(state, emperor, harkonnen):
    """Both plans, no traitor called; returns the outcome of the last action."""
    if RULES.prompt(state)["kind"] == "voice":
        act(state, "bene-gesserit", "pass")
    act(state, "emperor", "plan", **emperor)
    act(state, "harkonnen", "plan", **harkonnen)
    act(state, "emperor", "pass")
    return act(state, "harkonnen", "pass")


def tanks(g, pid):
    return sorted(ld for ld, s in g.p(pid)["leaders"].items() if s == "tanks")


def test_hunter_seeker_and_basilia_weapon_are_ordinary_weapons():
    state, g = battle(["hunter-seeker"], ["basilia-weapon", "shield"])
    fight(state, {"leader": "caid", "dial": 1, "weapon": "hunter-seeker"},
          {"leader": "feyd-rautha", "dial": 1, "weapon": "basilia-weapon", "defense": "shield"})
    assert tanks(g, "emperor") == ["caid"] and tanks(g, "harkonnen") == []  # the Shield stopped the projectile


def test_poison_blade_is_stopped_by_neither_a_shield_nor_a_snooper_alone():
    state, g = battle(["poison-blade"], ["snooper"])
    out = fight(state, {"leader": "caid", "dial": 1, "weapon": "poison-blade"},
                {"leader": "feyd-rautha", "dial": 1, "defense": "snooper"})
    assert tanks(g, "harkonnen") == ["feyd-rautha"] and "ixcards.battle-cards" in out.rulings


def test_a_shield_snooper_stops_a_poison_blade():
    state, g = battle(["poison-blade"], ["shield-snooper"])
    fight(state, {"leader": "caid", "dial": 1, "weapon": "poison-blade"},
          {"leader": "feyd-rautha", "dial": 1, "defense": "shield-snooper"})
    assert tanks(g, "harkonnen") == [] and g.p("harkonnen")["spice"] == 10  # Feyd (6) + 1 beat Caid (3) + 1


def test_a_shield_snooper_beside_a_lasgun_explodes():
    state, g = battle(["lasgun"], ["shield-snooper"])
    out = fight(state, {"leader": "caid", "dial": 1, "weapon": "lasgun"},
                {"leader": "feyd-rautha", "dial": 1, "defense": "shield-snooper"})
    assert "dune.lasgun-shield" in out.rulings and "ixcards.shield-snooper" in out.rulings
    assert g.forces_in("the-great-flat", "emperor") == 0 and g.forces_in("the-great-flat", "harkonnen") == 0


def test_weirding_way_as_a_defense_needs_another_weapon_and_stops_a_projectile():
    state, g = battle(["crysknife"], ["weirding-way", "chaumas"])
    act(state, "emperor", "plan", leader="caid", dial=1, weapon="crysknife")
    err = refused(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, defense="weirding-way")
    assert err.code == "dune.card-not-playable"
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, weapon="chaumas", defense="weirding-way")
    act(state, "emperor", "pass")
    out = act(state, "harkonnen", "pass")
    assert tanks(g, "harkonnen") == [] and tanks(g, "emperor") == ["caid"]
    assert "ixcards.dual-roles" in out.rulings and "ixtl.card-roles" in out.rulings


def test_weirding_way_as_a_weapon_is_a_projectile_weapon():
    state, g = battle(["weirding-way"], ["snooper"])
    fight(state, {"leader": "caid", "dial": 1, "weapon": "weirding-way"},
          {"leader": "feyd-rautha", "dial": 1, "defense": "snooper"})
    assert tanks(g, "harkonnen") == ["feyd-rautha"]


def test_chemistry_as_a_weapon_needs_another_defense_and_is_poison():
    state, g = battle(["chemistry", "shield"], ["snooper"])
    err = refused(state, "emperor", "plan", leader="caid", dial=1, weapon="chemistry")
    assert err.code == "dune.card-not-playable"
    act(state, "emperor", "plan", leader="caid", dial=1, weapon="chemistry", defense="shield")
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, defense="snooper")
    act(state, "emperor", "pass")
    act(state, "harkonnen", "pass")
    assert tanks(g, "harkonnen") == []  # the Snooper stopped it


def test_chemistry_as_a_defense_stops_poison():
    state, g = battle(["chaumas"], ["chemistry"])
    fight(state, {"leader": "caid", "dial": 1, "weapon": "chaumas"},
          {"leader": "feyd-rautha", "dial": 1, "defense": "chemistry"})
    assert tanks(g, "harkonnen") == []


def test_artillery_strike_kills_both_unshielded_leaders_pays_nothing_and_is_discarded():
    state, g = battle(["artillery-strike", "shield"], [])
    fight(state, {"leader": "caid", "dial": 3, "weapon": "artillery-strike"},
          {"leader": "feyd-rautha", "dial": 1})
    assert tanks(g, "harkonnen") == ["feyd-rautha"] and tanks(g, "emperor") == ["caid"]
    assert g.p("emperor")["spice"] == 10  # no spice for Feyd-Rautha (6): none after an Artillery Strike
    assert "artillery-strike" in state["treachery"]["discard"] and problems(state) == []


def test_a_shielded_leader_survives_artillery_and_adds_its_strength():
    state, g = battle(["artillery-strike"], ["shield"])
    fight(state, {"leader": "caid", "dial": 4, "weapon": "artillery-strike"},
          {"leader": "feyd-rautha", "dial": 0, "defense": "shield"})
    # Caid dies (no Shield): 4; Feyd lives: 0 + 6 wins
    assert tanks(g, "emperor") == ["caid"] and tanks(g, "harkonnen") == []
    assert g.forces_in("the-great-flat", "emperor") == 0 and g.forces_in("the-great-flat", "harkonnen") == 4


def test_poison_tooth_used_kills_both_leaders_through_a_snooper():
    state, g = battle(["poison-tooth"], ["snooper"])
    act(state, "emperor", "plan", leader="caid", dial=3, weapon="poison-tooth")
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, defense="snooper")
    act(state, "emperor", "pass")
    act(state, "harkonnen", "pass")
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["emperor", "poison-tooth"]
    out = act(state, "emperor", "pass")
    assert "ixcards.poison-tooth" in out.rulings
    assert tanks(g, "emperor") == ["caid"] and tanks(g, "harkonnen") == ["feyd-rautha"]
    assert "poison-tooth" in state["treachery"]["discard"]  # used: not kept, though the Emperor won


def test_poison_tooth_held_back_does_nothing_and_may_be_kept():
    state, g = battle(["poison-tooth"], [])
    act(state, "emperor", "plan", leader="caid", dial=3, weapon="poison-tooth")
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=0)
    act(state, "emperor", "pass")
    act(state, "harkonnen", "pass")
    act(state, "emperor", "keep")
    assert tanks(g, "emperor") == [] and tanks(g, "harkonnen") == []
    assert RULES.prompt(state)["kind"] == "winner-cards"  # 3 + 3 beat 0 + 6 (the aggressor wins ties)
    act(state, "emperor", "pass")
    assert "poison-tooth" in g.p("emperor")["hand"] and problems(state) == []


def test_kull_wahad_is_worthless():
    state, g = battle(["kull-wahad"], [])
    fight(state, {"leader": "caid", "dial": 1, "defense": "kull-wahad"}, {"leader": "feyd-rautha", "dial": 1})
    assert "kull-wahad" in state["treachery"]["discard"]


# --- the Voice ------------------------------------------------------------------------------------------


def test_the_voice_may_name_special_cards_one_by_one_but_not_all():
    state, g = bg_battle([])
    names = {a.data["card"] for a in RULES.legal_actions(state) if a.data["do"] == "voice"}
    assert {"artillery-strike", "lasgun", "poison-blade", "weirding-way", "chemistry"} <= names
    assert "special" not in names
    assert refused(state, "bene-gesserit", "voice", command="not-play", card="special").code == "dune.not-offered"


def test_the_base_game_voice_names_are_unchanged():
    state = new("bene-gesserit", "harkonnen")
    from adjudicator.dune.factions.bene_gesserit import voice_names
    assert voice_names(Game(state)) == ["poison-weapon", "projectile-weapon", "poison-defense", "projectile-defense",
                                        "lasgun", "worthless", "cheap-hero"]


def test_forbidding_a_projectile_defense_forbids_weirding_way_played_as_one():
    state, g = bg_battle(["weirding-way", "chaumas"])
    act(state, "bene-gesserit", "voice", command="not-play", card="projectile-defense")
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    err = refused(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, weapon="chaumas", defense="weirding-way")
    assert err.code == "dune.voice-disobeyed" and "ixtl.voice-roles" in err.rulings
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, weapon="weirding-way")  # as a weapon: allowed


def test_the_voice_compels_weirding_way_as_a_weapon_but_not_as_a_defense():
    state, g = bg_battle(["weirding-way", "chaumas"])
    act(state, "bene-gesserit", "voice", command="play", card="projectile-defense")
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1)  # not able: its default role is a weapon
    state, g = bg_battle(["weirding-way"])
    act(state, "bene-gesserit", "voice", command="play", card="projectile-weapon")
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    assert refused(state, "harkonnen", "plan", leader="feyd-rautha", dial=1).code == "dune.voice-disobeyed"


def test_chemistry_cannot_be_compelled_into_a_weapon():
    state, g = bg_battle(["chemistry", "shield"])
    act(state, "bene-gesserit", "voice", command="play", card="poison-weapon")
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, defense="chemistry")


def test_a_named_special_card_is_forbidden_by_name():
    state, g = bg_battle(["artillery-strike", "poison-blade"])
    act(state, "bene-gesserit", "voice", command="not-play", card="artillery-strike")
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    err = refused(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, weapon="artillery-strike")
    assert err.code == "dune.voice-disobeyed" and "ixtl.voice-named" in err.rulings
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, weapon="poison-blade")


def test_a_poison_weapon_command_reaches_poison_blade_by_its_type():
    state, g = bg_battle(["poison-blade"])
    act(state, "bene-gesserit", "voice", command="not-play", card="poison-weapon")
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    err = refused(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, weapon="poison-blade")
    assert "ixtl.voice-types" in err.rulings


# --- Sandtrout and Thumper --------------------------------------------------------------------------------
def blow(state, turn=2):
    state["turn"], state["phase"] = turn, "spice-blow"
    state["stack"] = [{"t": "flow", "phase": "charity"}]
    g = Game(state)
    from adjudicator.dune.spice import start_blow
    start_blow(g)
    return g


def pass_windows(state):
    while (p := RULES.prompt(state)) and p.get("kind") == "blow-window":
        act(state, p["by"], "pass")


def test_sandtrout_waits_for_the_next_shai_hulud_then_doubles_the_blow():
    state = new_ixtl("emperor", "harkonnen")
    state["storm"] = 0
    blow(state)
    pass_windows(state)
    act(state, "chance", "spice-card", card="sandtrout")
    act(state, "chance", "spice-card", card="south-mesa")  # not doubled merely for following Sandtrout
    assert state["spice"]["south-mesa@4"] == 10 and state["spice_deck"]["sandtrout"]
    blow(state, turn=3)
    pass_windows(state)
    act(state, "chance", "spice-card", card="shai-hulud")
    while (p := RULES.prompt(state))["by"] != "chance":  # the Nexus
        act(state, p["by"], "pass")
    out = act(state, "chance", "spice-card", card="red-chasm")
    assert state["spice"]["red-chasm@6"] == 16 and "ixcards.sandtrout" in out.rulings
    assert "south-mesa@4" not in state["spice"]  # the worm ate the earlier blow
    assert problems(state) == []


def test_thumper_is_played_in_its_window_and_calls_a_worm():
    state = new_ixtl("emperor", "harkonnen")
    state["storm"] = 0
    g = Game(state)
    state["treachery"]["deck"].remove("thumper")
    g.p("emperor")["hand"].append("thumper")
    state["spice_deck"]["deck"].remove("south-mesa")
    state["spice_deck"]["discard"].append("south-mesa")
    state["spice"]["south-mesa@4"] = 10
    state["bank"] -= 10
    g.p("harkonnen")["reserves"] -= 3
    g.add_forces("south-mesa@4", "harkonnen", 3)
    g = blow(state)
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["emperor", "blow-window"]
    assert refused(state, "harkonnen", "play", card="thumper").code in ("dune.card-not-in-hand",
                                                                           "dune.card-window-closed")
    out = act(state, "emperor", "play", card="thumper")
    assert "ixtl.thumper" in out.rulings and "thumper" in state["treachery"]["discard"]
    assert "south-mesa@4" not in state["spice"] and g.forces_in("south-mesa", "harkonnen") == 0
    assert problems(state) == []


def test_thumper_outside_its_window_is_refused():
    state = new_ixtl("emperor", "harkonnen")
    g = Game(state)
    state["treachery"]["deck"].remove("thumper")
    g.p("emperor")["hand"].append("thumper")
    blow(state)
    act(state, "emperor", "pass")  # its own window is closed; the Harkonnen's is open
    err = refused(state, "emperor", "play", card="thumper")
    assert err.code == "dune.card-window-closed" and "ixcards.thumper" in err.rulings


def test_no_blow_window_without_the_module():
    state = new("emperor", "harkonnen")
    blow(state)
    assert RULES.prompt(state)["kind"] == "spice-card"


# --- not implemented --------------------------------------------------------------------------------------
def test_amal_halves_every_players_spice_at_the_start_of_a_phase_only():
    state = new_ixtl("emperor", "harkonnen")
    g = Game(state)
    state["treachery"]["deck"].remove("amal")
    g.p("emperor")["hand"].append("amal")
    state["stack"] = [{"t": "flow", "phase": "charity"}]  # the Spice Blow's phase starts
    state["turn"] = 2
    RULES.settle(g)
    assert state.get("amal_open") and {"by": "emperor", "do": "play", "card": "amal"} in [
        a.data for a in RULES.legal_actions(state)]
    spice = {q: g.p(q)["spice"] for q in g.seats}  # 10 each
    out = act(state, "emperor", "play", card="amal")
    assert {q: g.p(q)["spice"] for q in g.seats} == {q: n - (n + 1) // 2 for q, n in spice.items()}
    assert "ixcards.amal" in out.rulings and "amal" in state["treachery"]["discard"] and problems(state) == []


def test_amal_after_the_first_decision_of_a_phase_is_refused():
    state = new_ixtl("emperor", "harkonnen")
    g = Game(state)
    state["treachery"]["deck"].remove("amal")
    g.p("emperor")["hand"].append("amal")
    state["stack"] = [{"t": "flow", "phase": "charity"}]
    state["turn"] = 2
    RULES.settle(g)
    act(state, RULES.prompt(state)["by"], "pass")
    err = refused(state, "emperor", "play", card="amal")
    assert err.code == "dune.card-window-closed" and "ixcards.amal" in err.rulings


def test_harvester_doubles_the_blow_just_turned():
    state = new_ixtl("emperor", "harkonnen")
    state["storm"] = 0
    g = Game(state)
    state["treachery"]["deck"].remove("harvester")
    g.p("harkonnen")["hand"].append("harvester")
    blow(state)
    pass_windows(state)
    act(state, "chance", "spice-card", card="south-mesa")
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["emperor", "harvest-window"]
    assert refused(state, "harkonnen", "play", card="harvester").code == "dune.card-window-closed"
    act(state, "emperor", "pass")
    assert {"by": "harkonnen", "do": "play", "card": "harvester"} in [a.data for a in RULES.legal_actions(state)]
    out = act(state, "harkonnen", "play", card="harvester")
    assert state["spice"]["south-mesa@4"] == 20 and "ixcards.harvester" in out.rulings
    act(state, "harkonnen", "pass")
    assert problems(state) == []
    blow(state, turn=3)  # the card is in the discard pile: no window is asked any more
    pass_windows(state)
    act(state, "chance", "spice-card", card="red-chasm")
    assert RULES.prompt(state).get("kind") != "harvest-window"


# --- the timing graph ---------------------------------------------------------------------------------------
def test_the_timing_graph_lists_each_expansion_card_in_its_window():
    nodes = dict(static_graph().nodes(data=True))
    plan = nodes["battle.plan"]["expansion_cards"]["ixians-tleilaxu"]
    assert {"artillery-strike", "chemistry", "weirding-way", "poison-tooth", "kull-wahad"} <= set(plan)
    assert {"thumper", "harvester"} <= set(nodes["spice-blow"]["expansion_cards"]["ixians-tleilaxu"])
    assert "amal" in nodes["bidding"]["expansion_cards"]["ixians-tleilaxu"]
    assert "thumper" not in nodes["battle.plan"]["cards"]  # the base game's list is untouched
    every = {c for _, d in static_graph().nodes(data=True) for cs in d["expansion_cards"].values() for c in cs}
    assert every == {c for c, d in content().treachery.items() if d["set"] == "ixians-tleilaxu"
                     and "same_as" not in d}


# --- random play ----------------------------------------------------------------------------------------------
def _plays_the_new_cards(log) -> bool:
    plans = {c for a in log["actions"] if a["do"] == "plan" for c in (a.get("weapon"), a.get("defense")) if c}
    played = {a["card"] for a in log["actions"] if a["do"] == "play"}
    return bool(plans & set(NEW)) and {"thumper", "harvester"} <= played


@functools.cache
def _new_cards_game() -> dict:
    """The first random four-player game that plays new cards in a plan and both Thumper and
    Harvester: searched for, so that a change to random play does not make the test vacuous."""
    from adjudicator.dune.playout import playout
    for seed in range(12):
        log = playout(4, seed, lambda state: None, ("ixians-tleilaxu",))
        if _plays_the_new_cards(log):
            return log
    raise AssertionError("no random game played the new cards")


def test_a_random_playout_plays_the_new_cards_and_replays():
    log = _new_cards_game()
    driver = Driver(RULES, RULES.new_state(log["game"], {}))
    for data in log["actions"]:  # from the recorded chance outcomes
        driver.apply(Action(data))
    assert driver.state["result"] == log["result"] and problems(driver.state) == []


def test_a_mutated_log_playing_thumper_outside_its_window_is_refused():
    """The Thumper of a random playout moved earlier, to a moment its player holds it but its
    window is closed: the replay refuses exactly that action."""
    from adjudicator.core.errors import IllegalAction
    log = _new_cards_game()
    at_play = next(i for i, a in enumerate(log["actions"]) if a["do"] == "play" and a["card"] == "thumper")
    holder = log["actions"][at_play]["by"]
    driver = Driver(RULES, RULES.new_state(log["game"], {}))
    states = []
    for data in log["actions"][:at_play]:
        states.append((driver.prompt(), "thumper" in driver.state["players"][holder]["hand"]))
        driver.apply(Action(data))
    moved = max(i for i, (prompt, holds) in enumerate(states) if holds and prompt.get("kind") != "blow-window")
    driver = Driver(RULES, RULES.new_state(log["game"], {}))
    for data in log["actions"][:moved]:
        driver.apply(Action(data))
    with pytest.raises(IllegalAction) as err:
        driver.apply(Action(log["actions"][at_play]))
    assert err.value.code == "dune.card-window-closed" and "ixcards.thumper" in err.value.rulings


def test_the_card_catalogue_lists_the_expansion_cards_with_the_module():
    base = RULES.cards("treachery")
    ixtl = RULES.cards("treachery", ["ixians-tleilaxu"])
    assert sum(c["copies"] for c in base) == 33 and sum(c["copies"] for c in ixtl) == 47
    assert "sandtrout" in {c["id"] for c in RULES.cards("spice", ["ixians-tleilaxu"])}


# --- issue 31 item 14: Ixians & Tleilaxu paragraphs 63-66, the cards in the roles they are played in ---
def test_weirding_way_as_a_defense_does_not_stop_an_artillery_strike_only_a_shield_does():
    """Ruling ixcards.weirding-way-artillery: the Strike spares only a Shield's leader."""
    state, g = battle(["artillery-strike"], ["weirding-way", "chaumas"])
    out = fight(state, {"leader": "caid", "dial": 4, "weapon": "artillery-strike"},
                {"leader": "feyd-rautha", "dial": 0, "weapon": "chaumas", "defense": "weirding-way"})
    assert tanks(g, "harkonnen") == ["feyd-rautha"] and tanks(g, "emperor") == ["caid"]  # no Shield: both die
    assert "ixcards.weirding-way-artillery" in out.rulings
    state, g = battle(["artillery-strike"], ["shield-snooper"])
    fight(state, {"leader": "caid", "dial": 4, "weapon": "artillery-strike"},
          {"leader": "feyd-rautha", "dial": 0, "defense": "shield-snooper"})
    assert tanks(g, "harkonnen") == [] and tanks(g, "emperor") == ["caid"]  # a Shield Snooper is a Shield


def test_chemistry_as_a_poison_defense_stops_a_poison_tooth_a_snooper_does_not():
    """Our reading ixcards.chemistry-poison-tooth-reading (the card excepts the Snooper only)."""
    state, g = battle(["poison-tooth"], ["chemistry"])
    fight(state, {"leader": "caid", "dial": 3, "weapon": "poison-tooth"},
          {"leader": "feyd-rautha", "dial": 1, "defense": "chemistry"})
    out = act(state, "emperor", "pass")  # the Tooth used
    assert tanks(g, "harkonnen") == [] and tanks(g, "emperor") == ["caid"]  # Chemistry saved Feyd-Rautha
    assert "ixcards.chemistry-poison-tooth-reading" in out.rulings and problems(state) == []
    state, g = battle(["poison-tooth"], ["shield-snooper"])
    act(state, "emperor", "plan", leader="caid", dial=3, weapon="poison-tooth")
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, defense="shield-snooper")
    act(state, "emperor", "pass")
    act(state, "harkonnen", "pass")
    act(state, "emperor", "pass")
    assert tanks(g, "harkonnen") == ["feyd-rautha"]  # a Shield Snooper is a Snooper: no help
