"""Scenario tests of the classic Dune engine's rules (adjudicator/dune/), one or more per rule,
each built as a position (a state edited as data, forces and cards conserved) and answered by
the facade exactly as a log's action would be."""

import re
from pathlib import Path

import pytest
from dune_helpers import RULES, act, at, move_forces, new, refused

from adjudicator.core.errors import MalformedLog
from adjudicator.core.rulings import all_rulings
from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.not_implemented import NOT_IMPLEMENTED
from adjudicator.dune.registry import CHANCES, DECISIONS, INTERJECTIONS

ROOT = Path(__file__).resolve().parent.parent












# --- setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("factions", [("atreides", "harkonnen"), ("emperor", "fremen", "spacing-guild", "atreides"),
                                      ("atreides", "bene-gesserit", "emperor", "fremen", "harkonnen",
                                       "spacing-guild")])
def test_setup_places_forces_and_spice_per_faction_sheet(factions):
    state = new(*factions, seed=1)
    g = Game(state)
    assert problems(state) == []
    expect = {"atreides": ("arrakeen@9", 10, 10), "harkonnen": ("carthag@10", 10, 10),
              "spacing-guild": ("tueks-sietch@4", 5, 5), "bene-gesserit": ("polar-sink", 1, 5),
              "emperor": (None, 0, 10), "fremen": (None, 0, 3)}
    for f in factions:
        loc, n, spice = expect[f]
        assert g.p(f)["spice"] == spice
        if loc:
            assert g.forces(loc, f) == n
    assert RULES.prompt(state)["kind"] == "draw-traitors"  # setup's chance outcomes come first
    assert state["traitor_deck"] == sorted(ld for f in factions for ld in g.p(f)["leaders"])


def test_setup_deals_traitors_keeps_one_and_harkonnen_keep_four():
    state = new("atreides", "harkonnen", seed=3)
    while (deal := RULES.deal(state)) is not None:
        RULES.apply(state, deal, dealt=True)
    g = Game(state)
    assert len(g.p("harkonnen")["traitors"]) == 4 and len(g.p("atreides")["drawn_traitors"]) == 4
    card = g.p("atreides")["drawn_traitors"][0]
    assert refused(state, "atreides", "keep-traitor", card="nobody").code == "dune.not-offered"
    act(state, "atreides", "keep-traitor", card=card)
    assert g.p("atreides")["traitors"] == [card] and len(state["traitor_deck"]) == 10 - 4 - 1
    while (deal := RULES.deal(state)) is not None:
        RULES.apply(state, deal, dealt=True)
    assert len(g.p("harkonnen")["hand"]) == 2 and len(g.p("atreides")["hand"]) == 1  # dune.setup-treachery
    assert problems(state) == []


@pytest.mark.parametrize("players, code", [(["atreides"], "unsupported-player-count"),
                                           (["atreides", "ixians"], "unsupported-faction"),
                                           (["atreides", "atreides"], "malformed")])
def test_setup_refusals(players, code):
    with pytest.raises(MalformedLog) as err:
        new(*players)
    assert err.value.code == code


def test_fremen_place_their_ten_among_their_three_territories():
    state = new("fremen", "atreides", seed=2)
    g = at(state, {"t": "decide", "kind": "place-fremen", "player": "fremen", "left": 10}, phase="storm")
    assert refused(state, "fremen", "place", to="arrakeen@9", count=10).code == "dune.not-offered"
    act(state, "fremen", "place", to="sietch-tabr@13", count=6)
    act(state, "fremen", "place", to="false-wall-west@16", count=4)
    assert g.forces("sietch-tabr@13", "fremen") == 6 and g.p("fremen")["reserves"] == 10


# --- storm ------------------------------------------------------------------------------------------
def storm_position():
    state = new("atreides", "harkonnen", "fremen")
    state["turn"], state["storm"], state["dials"] = 2, 0, []
    g = at(state, {"t": "auto", "kind": "storm-move"}, {"t": "chance", "kind": "storm-dial", "player": "harkonnen"},
           {"t": "chance", "kind": "storm-dial", "player": "atreides"}, phase="spice-blow")
    move_forces(g, "atreides", "cielago-north@1", 3)  # sand, passed over
    move_forces(g, "harkonnen", "false-wall-south@3", 2)  # rock, stopped in
    move_forces(g, "fremen", "the-minor-erg@4", 2)  # sand beyond the storm
    state["bank"] -= 5
    state["spice"]["cielago-south@1"] = 5
    return state, g


def test_storm_destroys_forces_and_spice_in_the_sand_it_passes():
    state, g = storm_position()
    assert refused(state, "chance", "storm-dial", player="atreides", value=4).rulings == ("dune.storm-later-turns",)
    act(state, "chance", "storm-dial", player="atreides", value=2)
    out = act(state, "chance", "storm-dial", player="harkonnen", value=1)
    assert state["storm"] == 3 and "dune.storm-damage" in out.rulings
    assert g.forces("cielago-north@1", "atreides") == 0 and g.p("atreides")["tanks"] == 3
    assert g.forces("false-wall-south@3", "harkonnen") == 2 and g.forces("the-minor-erg@4", "fremen") == 2
    assert "cielago-south@1" not in state["spice"] and problems(state) == []
    # storm order: the marker the storm reaches next first (markers 1, 4, 7; storm in 3)
    assert state["order"] == ["harkonnen", "fremen", "atreides"]


def test_first_turn_dialers_sit_beside_the_storm_start():
    state = new("atreides", "harkonnen", "fremen", "emperor", "spacing-guild", "bene-gesserit", seed=4)
    while Game(state).top["kind"] != "storm-dial":
        top = Game(state).top
        action = RULES.deal(state) if top["t"] == "chance" else RULES.legal_actions(state)[0]
        RULES.apply(state, action, dealt=top["t"] == "chance")
    assert state["dialers"] == ["atreides", "bene-gesserit"]  # markers in sectors 1 and 16


# --- spice blow ----------------------------------------------------------------------------------------
def test_spice_blow_and_shai_hulud():
    state = new("atreides", "harkonnen")
    state["turn"], state["storm"] = 2, 0
    g = at(state, {"t": "chance", "kind": "spice-card"}, phase="charity")
    bank = state["bank"]
    act(state, "chance", "spice-card", card="red-chasm")
    assert state["spice"] == {"red-chasm@6": 8} and state["bank"] == bank - 8
    move_forces(g, "atreides", "red-chasm@6", 4)
    g.state["stack"].append({"t": "chance", "kind": "spice-card"})
    out = act(state, "chance", "spice-card", card="shai-hulud")
    assert out.verdict == "legal" and "dune.nexus" in out.rulings and state["nexus"] == {"proposals": {}}
    assert g.p("atreides")["tanks"] == 4 and state["spice"] == {}
    assert Game(state).top["kind"] == "spice-card"  # another card is turned
    assert problems(state) == []


def test_spice_blown_into_the_storm_is_lost():
    state = new("atreides", "harkonnen")
    state["turn"], state["storm"] = 2, 6
    at(state, {"t": "chance", "kind": "spice-card"}, phase="charity")
    act(state, "chance", "spice-card", card="red-chasm")
    assert state["spice"] == {}


# --- charity, bidding, revival -------------------------------------------------------------------------
def test_charity_tops_up_to_two():
    state = new("atreides", "fremen")
    g = at(state, {"t": "decide", "kind": "charity", "player": "fremen"})
    g.pay("fremen", 2)
    act(state, "fremen", "claim-charity")
    assert g.p("fremen")["spice"] == 2


def test_bidding_pays_the_emperor_and_all_passing_ends_it():
    state = new("atreides", "emperor")
    state["order"] = ["atreides", "emperor"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 2, "first": 0}, phase="revival")
    RULES.settle(g)
    assert refused(state, "atreides", "bid", amount=11).code == "dune.not-offered"  # more than it has
    act(state, "atreides", "bid", amount=3)
    act(state, "emperor", "pass")
    assert g.p("atreides")["spice"] == 7 and g.p("emperor")["spice"] == 13
    assert Game(state).top == {"t": "chance", "kind": "draw-treachery", "player": "atreides"}
    act(state, "chance", "draw-treachery", player="atreides", card="lasgun")
    act(state, "emperor", "pass")  # the second card: the starter moved on
    act(state, "atreides", "pass")
    stack = state["stack"]  # nobody wanted the second card: bidding is over, the flow went on
    assert not any(t.get("kind") in ("auction", "bid") for t in stack) and Game(state).top["kind"] == "ship"
    assert sorted(g.p("atreides")["hand"]) == ["lasgun"] and g.p("emperor")["hand"] == []


def test_full_hand_cannot_bid():
    state = new("atreides", "emperor")
    state["order"] = ["atreides", "emperor"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    g.p("atreides")["hand"] = sorted(state["treachery"]["deck"][:4])
    for c in g.p("atreides")["hand"]:
        state["treachery"]["deck"].remove(c)
    RULES.settle(g)
    assert Game(state).top["player"] == "emperor" and Game(state).top["bidders"] == ["emperor"]


def test_revival_three_forces_free_ones_first():
    state = new("atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "revive", "player": "atreides"})
    g.to_tanks("arrakeen@9", "atreides", 5)
    assert refused(state, "atreides", "revive", forces=4).code == "dune.not-offered"
    act(state, "atreides", "revive", forces=3)
    assert g.p("atreides")["spice"] == 8 and g.p("atreides")["tanks"] == 2 and g.p("atreides")["reserves"] == 13


# --- shipment and movement ----------------------------------------------------------------------------
def test_shipment_costs_and_pays_the_guild():
    state = new("atreides", "spacing-guild")
    g = at(state, {"t": "decide", "kind": "ship", "player": "atreides"})
    state["storm"] = 0
    act(state, "atreides", "ship", to="carthag@10", count=3)
    assert g.p("atreides")["spice"] == 7 and g.p("spacing-guild")["spice"] == 8


def test_shipment_into_the_storm_is_refused():
    state = new("atreides", "harkonnen")
    at(state, {"t": "decide", "kind": "ship", "player": "atreides"})
    state["storm"] = 14
    err = refused(state, "atreides", "ship", to="the-great-flat@14", count=1)
    assert err.code == "dune.ship-into-storm" and err.rulings == ("dune.storm-blocks",)


def test_movement_range_one_without_ornithopters_three_with():
    state = new("atreides", "fremen")
    state["storm"] = 0
    g = at(state, {"t": "decide", "kind": "move", "player": "fremen"})
    move_forces(g, "fremen", "false-wall-south@4", 2)
    err = refused(state, "fremen", "move", **{"from": "false-wall-south@4", "to": "the-great-flat@14", "count": 1})
    assert err.code == "dune.out-of-range" and err.rulings == ("dune.movement",)
    act(state, "fremen", "move", **{"from": "false-wall-south@4", "to": "harg-pass@4", "count": 2})
    at(state, {"t": "decide", "kind": "move", "player": "atreides"})
    act(state, "atreides", "move", **{"from": "arrakeen@9", "to": "hagga-basin@12", "count": 5})  # 3 territories
    assert g.forces("hagga-basin@12", "atreides") == 5


def test_movement_through_the_storm_is_refused():
    state = new("atreides", "fremen")
    state["storm"] = 10  # between Arrakeen (9) and Broken Land's sector 11
    at(state, {"t": "decide", "kind": "move", "player": "atreides"})
    err = refused(state, "atreides", "move", **{"from": "arrakeen@9", "to": "broken-land@11", "count": 1})
    assert err.code == "dune.move-through-storm" and err.rulings == ("dune.storm-blocks",)


# --- battles ----------------------------------------------------------------------------------------------
def battle_position(atreides_hand=(), harkonnen_hand=()):
    state = new("atreides", "harkonnen")
    state["storm"], state["order"] = 0, ["atreides", "harkonnen"]
    g = at(state, {"t": "auto", "kind": "battles"})
    move_forces(g, "atreides", "the-great-flat@14", 5)
    move_forces(g, "harkonnen", "the-great-flat@14", 4)
    for pid, hand in (("atreides", atreides_hand), ("harkonnen", harkonnen_hand)):
        for card in hand:
            state["treachery"]["deck"].remove(card)
            g.p(pid)["hand"].append(card)
    RULES.settle(g)
    act(state, "atreides", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "atreides", "pass")  # no prescience (tests/test_dune_factions.py)
    return state, g


def test_weapon_kills_an_undefended_leader_and_the_loser_loses_everything():
    state, g = battle_position(["crysknife"], ["snooper"])
    assert refused(state, "atreides", "plan", dial=3).code == "dune.plan-needs-leader"
    assert refused(state, "atreides", "plan", leader="thufir-hawat", dial=6).code == "dune.dial-out-of-range"
    act(state, "atreides", "plan", leader="thufir-hawat", dial=3, weapon="crysknife")
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=4, defense="snooper")  # poison defense: no help
    act(state, "atreides", "pass")
    out = act(state, "harkonnen", "pass")
    assert "dune.battle-resolution" in out.rulings
    assert g.p("harkonnen")["leaders"]["feyd-rautha"] == "tanks" and g.p("harkonnen")["tanks"] == 4
    assert g.forces("the-great-flat@14", "atreides") == 2 and g.p("atreides")["spice"] == 10 + 6
    assert g.p("atreides")["hand"] == ["crysknife"] and state["treachery"]["discard"] == ["snooper"]
    assert problems(state) == []


def test_a_shield_stops_a_projectile_and_the_aggressor_wins_ties():
    state, g = battle_position(["crysknife"], ["shield"])
    act(state, "atreides", "plan", leader="duncan-idaho", dial=4, weapon="crysknife")
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=0, defense="shield")
    act(state, "atreides", "pass")
    act(state, "harkonnen", "pass")
    assert g.p("harkonnen")["leaders"]["feyd-rautha"] == "alive"  # 4 + 2 = 6 against 0 + 6: a tie
    assert g.p("harkonnen")["tanks"] == 4 and g.forces("the-great-flat@14", "atreides") == 1


def test_a_traitor_call_wins_outright():
    state, g = battle_position()
    g.p("harkonnen")["traitors"] = ["thufir-hawat"]
    act(state, "atreides", "plan", leader="thufir-hawat", dial=5)
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=0)
    act(state, "atreides", "pass")
    assert [a.do for a in RULES.legal_actions(state)] == ["call-traitor", "pass"]
    out = act(state, "harkonnen", "call-traitor")
    assert "dune.traitor-call" in out.rulings
    assert g.p("atreides")["tanks"] == 5 and g.forces("the-great-flat@14", "harkonnen") == 4
    assert g.p("atreides")["leaders"]["thufir-hawat"] == "tanks" and g.p("harkonnen")["spice"] == 15


def test_lasgun_and_shield_destroy_everything():
    state, g = battle_position(["lasgun"], ["shield"])
    act(state, "atreides", "plan", leader="thufir-hawat", dial=5, weapon="lasgun")
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=4, defense="shield")
    act(state, "atreides", "pass")
    out = act(state, "harkonnen", "pass")
    assert "dune.lasgun-shield" in out.rulings
    assert g.p("atreides")["tanks"] == 5 and g.p("harkonnen")["tanks"] == 4
    assert g.p("atreides")["spice"] == 10 and sorted(state["treachery"]["discard"]) == ["lasgun", "shield"]


def test_a_leader_fights_again_only_in_the_same_territory():
    state, g = battle_position()
    g.p("atreides")["fought"] = {"thufir-hawat": "arrakeen"}
    err = refused(state, "atreides", "plan", leader="thufir-hawat", dial=1)
    assert err.code == "dune.leader-not-available" and err.rulings == ("dune.battle-leader-once",)


# --- victory ----------------------------------------------------------------------------------------------
def test_three_strongholds_alone_win_at_the_mentat_pause():
    state = new("atreides", "harkonnen")
    state["turn"] = 3
    g = at(state, phase="mentat-pause")
    move_forces(g, "atreides", "sietch-tabr@13", 1)
    move_forces(g, "atreides", "habbanya-sietch@16", 1)
    RULES.settle(g)
    assert state["result"] == {"finished": True, "winners": ["atreides"], "turn": 3, "how": "strongholds"}
    assert RULES.prompt(state) is None
    assert refused(state, "atreides", "pass").code == "game.over"


def test_a_shared_stronghold_is_held_by_no_one():
    state = new("atreides", "harkonnen")
    state["turn"] = 3
    g = at(state, phase="mentat-pause")
    move_forces(g, "atreides", "sietch-tabr@13", 1)
    move_forces(g, "atreides", "habbanya-sietch@16", 1)
    move_forces(g, "harkonnen", "habbanya-sietch@16", 1)
    RULES.settle(g)
    assert state["result"] is None and state["turn"] == 4


# --- the engine's shape ------------------------------------------------------------------------------------
def test_every_ruling_the_engine_names_exists_and_is_in_force():
    records = all_rulings()
    named = set()
    for path in sorted((ROOT / "adjudicator" / "dune").rglob("*.py")):
        if path.name != "not_implemented.py":
            named |= set(re.findall(r'"(dune\.(?:[a-z]+-)*[a-z]+)"', path.read_text())) & set(records) | {
                r for kind in [*DECISIONS.values(), *CHANCES.values(), *INTERJECTIONS.values()] for r in kind.rulings}
    assert named and all(not records[r]["informational"] for r in named), sorted(named - set(records))
    for kind in [*DECISIONS.values(), *CHANCES.values(), *INTERJECTIONS.values()]:
        assert kind.rulings and set(kind.rulings) <= set(records), kind


NOT_YET: set[str] = set()


def test_not_implemented_is_pinned_and_documented():
    """What the engine does not know yet: this list changes only with the engine and its docs."""
    assert set(NOT_IMPLEMENTED) == NOT_YET
    records = all_rulings()
    doc = (ROOT / "docs" / "dune-engine.md").read_text()
    assert NOT_IMPLEMENTED or "Nothing is left not implemented" in doc
    for key, value in NOT_IMPLEMENTED.items():
        text, ruling = value if isinstance(value, tuple) else (value, None)
        assert ruling is None or ruling in records, key
        assert f"`{key}`" in doc, key
