"""The Ixians' Hidden Mobile Stronghold (modules/ixians_tleilaxu/ixians_hms.py; seed 002 paragraphs 6, 18-24, 74;
rulings ixtl.hms-*, dune.engine-hms, dune.hms-move-reading, dune.hms-collection-reading): one
scenario per rule with the seed's numbers, through the facade as a log's actions, and the mutated
logs: a move through the storm, a four-territory move, a non-Ixian shipping directly inside, a
fourth faction over the occupancy limit inside."""

from dune_helpers import RULES, act, at, refused
from ixtl_helpers import battle_position, new_ixtl, place

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Driver, Replay
from adjudicator.dune import scenario, view
from adjudicator.dune.battle import battles_of
from adjudicator.dune.content import HMS, content
from adjudicator.dune.forces import at as kind_at
from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.victory import held, mentat_pause
from adjudicator.simulate import simulate

FLAT = "the-great-flat@14"  # one sector; the Polar Sink is two territories away


def aimed(*factions, aim=FLAT, storm=5):
    """A game with the stronghold pointed at `aim`, the storm at `storm`."""
    state = new_ixtl(*factions)
    state["hms"]["points_at"], state["storm"] = aim, storm
    return state, Game(state)


def turn_two(*factions, aim=FLAT, storm=5):
    """The Storm phase of turn 2 about to start: the stronghold's move comes first."""
    state, g = aimed(*factions, aim=aim, storm=storm)
    state["turn"], state["order"] = 1, list(g.seats)
    state["stack"] = [{"t": "flow", "phase": "storm"}]
    RULES.settle(g)
    return state, g


# --- setup (paragraph 6) ------------------------------------------------------------------------------
def test_six_start_inside_and_the_ixians_point_it_after_the_first_storm_movement():
    state = new_ixtl("ixians", "atreides", seed=3)
    assert state["map"][HMS] == {"ixians": 6} and kind_at(Game(state), "ixians", "cyborgs", HMS) == 3
    driver = Driver(RULES, state)
    while (prompt := RULES.prompt(state)) is None or prompt["kind"] != "point-hms":
        if (dealt := RULES.deal(state)) is not None:
            RULES.apply(state, dealt, dealt=True)
        else:
            driver.apply(driver.legal_actions()[0])
    # the storm has moved (its dials spent) and the Spice Blow waits beneath the pointing
    assert "dials" not in state and state["phase"] == "storm" and state["stack"][0] == {"t": "flow",
                                                                                          "phase": "spice-blow"}
    offered = {a.data["to"] for a in RULES.legal_actions(state)}
    assert "polar-sink" in offered and FLAT in offered and not any(o.startswith("arrakeen") for o in offered)
    assert refused(state, "ixians", "point", to="arrakeen@9").code == "dune.hms-bad-aim"
    out = act(state, "ixians", "point", to="polar-sink")  # the Polar Sink is allowed
    assert state["hms"] == {"points_at": "polar-sink"} and "ixtl.ixian-setup" in out.rulings
    assert problems(state) == []


def test_the_stronghold_stays_apart_from_the_polar_sink_it_points_at():
    """Forces in the Polar Sink never fight; those inside the stronghold pointed at it do (paragraph 20)."""
    state, g = battle_position("ixians", "emperor", forces=[("emperor", HMS, 3, 0), ("emperor", "polar-sink", 2, 0),
                                                            ("ixians", "polar-sink", 2, 0)])
    state["hms"]["points_at"] = "polar-sink"
    assert battles_of(g, "emperor") == [{"do": "battle", "territory": HMS, "opponent": "ixians"}]


# --- shipping and entering (paragraphs 18, 19) -------------------------------------------------------
def test_the_ixians_ship_directly_inside_at_the_stronghold_rate():
    state, g = aimed("ixians", "emperor")
    at(state, {"t": "decide", "kind": "ship", "player": "ixians"})
    act(state, "ixians", "ship", to=HMS, count=4, kinds={"cyborgs": 2})
    assert g.p("ixians")["spice"] == 10 - 4 and g.forces(HMS, "ixians") == 10
    assert kind_at(g, "ixians", "cyborgs", HMS) == 5 and problems(state) == []


def test_mutated_a_non_ixian_ships_directly_inside():
    state, g = aimed("ixians", "emperor")
    at(state, {"t": "decide", "kind": "ship", "player": "emperor"})
    assert HMS not in {a.data.get("to") for a in RULES.legal_actions(state)}
    err = refused(state, "emperor", "ship", to=HMS, count=1)
    assert err.code == "dune.hms-no-direct-shipment" and "ixtl.hms-entry" in err.rulings
    act(state, "emperor", "ship", to=FLAT, count=1)  # the territory it points at: 2 spice
    assert g.forces(FLAT, "emperor") == 1 and g.p("emperor")["spice"] == 10 - 2


def test_others_enter_with_one_territory_of_movement_from_the_territory_it_points_at():
    state, g = aimed("ixians", "emperor")
    place(g, "emperor", FLAT, 2)
    place(g, "emperor", "funeral-plain@14", 2)
    at(state, {"t": "decide", "kind": "move", "player": "emperor"})
    moves = {(a.data["from"], a.data["to"]) for a in RULES.legal_actions(state) if a.do == "move"}
    assert (FLAT, HMS) in moves and ("funeral-plain@14", HMS) not in moves
    # one territory to the Great Flat, one more to enter: two, without ornithopters only one
    assert refused(state, "emperor", "move", **{"from": "funeral-plain@14"}, to=HMS, count=2).code == \
        "dune.out-of-range"
    act(state, "emperor", "move", **{"from": FLAT}, to=HMS, count=2)
    assert state["map"][HMS] == {"emperor": 2, "ixians": 6} and problems(state) == []


def test_with_ornithopters_one_move_reaches_the_territory_and_enters():
    state, g = aimed("ixians", "atreides")  # the Atreides hold Arrakeen
    place(g, "atreides", "funeral-plain@14", 2)
    at(state, {"t": "decide", "kind": "move", "player": "atreides"})
    act(state, "atreides", "move", **{"from": "funeral-plain@14"}, to=HMS, count=2)
    assert g.forces(HMS, "atreides") == 2


def test_leaving_costs_one_territory_to_the_territory_it_points_at():
    state, g = aimed("ixians", "emperor")
    at(state, {"t": "decide", "kind": "move", "player": "ixians"})
    assert refused(state, "ixians", "move", **{"from": HMS}, to="funeral-plain@14", count=1).code == \
        "dune.out-of-range"
    act(state, "ixians", "move", **{"from": HMS}, to=FLAT, count=2, kinds={"cyborgs": 1})
    assert g.forces(HMS, "ixians") == 4 and kind_at(g, "ixians", "cyborgs", FLAT) == 1 and problems(state) == []


def test_a_storm_on_the_sector_it_points_at_bars_entering_but_spares_those_inside():
    state, g = aimed("ixians", "emperor", aim="wind-pass@14", storm=14)
    place(g, "emperor", "wind-pass@15", 2)
    at(state, {"t": "decide", "kind": "move", "player": "emperor"})
    assert refused(state, "emperor", "move", **{"from": "wind-pass@15"}, to=HMS, count=1).code == \
        "dune.move-through-storm"
    # the storm passing over the sector it points at leaves those inside where they are (paragraph 22)
    state, g = aimed("ixians", "emperor", aim="wind-pass@14", storm=12)
    place(g, "emperor", "wind-pass@14", 2)
    state["dials"] = [1, 2]
    at(state, {"t": "auto", "kind": "storm-move"}, phase="spice-blow")
    RULES.settle(g)
    assert state["storm"] == 15 and g.forces("wind-pass@14", "emperor") == 0 and state["map"][HMS] == {"ixians": 6}


def test_mutated_a_third_faction_enters_the_stronghold_two_others_hold():
    state, g = aimed("ixians", "emperor", "harkonnen")
    place(g, "emperor", HMS, 1)
    place(g, "harkonnen", FLAT, 3)
    at(state, {"t": "decide", "kind": "move", "player": "harkonnen"})
    err = refused(state, "harkonnen", "move", **{"from": FLAT}, to=HMS, count=3)
    assert err.code == "dune.stronghold-full" and "dune.occupancy-limit" in err.rulings
    # nor by a worm ride (paragraph 19: the normal occupancy limit)
    fremen_state, fg = aimed("ixians", "emperor", "fremen")
    place(fg, "emperor", HMS, 1)
    place(fg, "fremen", "funeral-plain@14", 3)
    at(fremen_state, {"t": "decide", "kind": "worm-ride", "player": "fremen", "territory": "funeral-plain"})
    assert refused(fremen_state, "fremen", "ride", to=HMS, count=3).code == "dune.stronghold-full"


def test_a_fremen_worm_ride_may_end_inside():
    state, g = aimed("ixians", "fremen")
    place(g, "fremen", "funeral-plain@14", 3)
    at(state, {"t": "decide", "kind": "worm-ride", "player": "fremen", "territory": "funeral-plain"})
    act(state, "fremen", "ride", to=HMS, count=3)
    assert g.forces(HMS, "fremen") == 3 and problems(state) == []


def test_a_battle_is_fought_inside_and_the_stronghold_counts_for_victory():
    state, g = battle_position("ixians", "emperor", forces=[("emperor", HMS, 2, 0)])
    state["hms"]["points_at"] = FLAT
    assert battles_of(g, "ixians") == [{"do": "battle", "territory": HMS, "opponent": "emperor"}]
    assert RULES.prompt(state)["kind"] == "choose-battle"
    assert {"territory": HMS}.items() <= RULES.legal_actions(state)[0].data.items()
    state, g = aimed("ixians", "emperor")
    assert held(g, "ixians") == [HMS]  # alone inside: one stronghold of the three it needs


# --- moving it before the storm (paragraphs 21-23) ----------------------------------------------------
def test_from_turn_two_the_move_comes_before_the_storm_is_dialed():
    state, g = turn_two("ixians", "emperor")
    assert state["turn"] == 2 and RULES.prompt(state)["kind"] == "move-hms" and state["dials"] == []
    act(state, "ixians", "point", to="polar-sink")  # two territories
    assert state["hms"]["points_at"] == "polar-sink" and RULES.prompt(state)["kind"] == "storm-dial"
    assert problems(state) == []


def test_no_move_on_turn_one_nor_for_a_captor_alone_inside():
    state, g = aimed("ixians", "emperor")
    state["stack"] = [{"t": "flow", "phase": "storm"}]
    RULES.settle(g)  # turn 1: the first storm, no move
    assert state["turn"] == 1 and all(t.get("kind") != "move-hms" for t in state["stack"])
    state, g = aimed("ixians", "emperor")
    place(g, "emperor", HMS, 2)
    g.add_forces(HMS, "ixians", -6)
    g.p("ixians")["tanks"] += 6
    g.p("ixians")["elite"]["cyborgs"] = {"reserves": 4, "tanks": 3, "map": {}}
    state["turn"], state["order"], state["stack"] = 1, list(g.seats), [{"t": "flow", "phase": "storm"}]
    RULES.settle(g)
    assert problems(state) == [] and all(t.get("kind") != "move-hms" for t in state["stack"])


def test_a_move_of_three_territories_and_mutated_four():
    state, g = turn_two("ixians", "emperor")
    assert refused(state, "ixians", "point", to="cielago-east@2").code == "dune.out-of-range"  # four
    assert refused(state, "ixians", "point", to="sietch-tabr@13").code == "dune.hms-bad-aim"  # a stronghold
    assert refused(state, "ixians", "point", to=FLAT).code == "dune.hms-bad-aim"  # no move: pass
    act(state, "ixians", "point", to="cielago-north@0")  # three
    assert state["hms"]["points_at"] == "cielago-north@0"


def test_mutated_a_move_through_the_storm():
    state, g = turn_two("ixians", "emperor", storm=16)
    err = refused(state, "ixians", "point", to="cielago-west@0")  # two territories, but across sector 16
    assert err.code == "dune.move-through-storm" and "ixtl.hms-storm" in err.rulings
    assert refused(state, "ixians", "point", to="wind-pass@16").code == "dune.move-through-storm"  # into it
    state, g = turn_two("ixians", "emperor", aim="wind-pass@14", storm=14)
    assert [a.do for a in RULES.legal_actions(state)] == ["pass"]  # out of it


def test_forces_it_passes_do_not_board_and_those_inside_collect_two_each():
    """Six forces inside (3 Cyborgs): 12 spice of the 15 where it ends, Cyborgs at 2 like the
    Suboids; the spice and forces of the territories it passes stay (paragraphs 22, 23)."""
    state, g = turn_two("ixians", "emperor")
    place(g, "emperor", "wind-pass@15", 2)
    state["spice"]["wind-pass@15"] = 6
    state["spice"]["cielago-north@1"] = 15
    state["bank"] -= 21
    out = act(state, "ixians", "point", to="cielago-north@0")
    assert g.p("ixians")["spice"] == 10 + 12 and state["spice"]["cielago-north@1"] == 3
    assert state["spice"]["wind-pass@15"] == 6 and g.forces("wind-pass@15", "emperor") == 2
    assert state["map"][HMS] == {"ixians": 6} and "ixtl.hms-collection" in out.rulings and problems(state) == []


def _karama(g, pid):
    g.state["treachery"]["deck"].remove("karama")
    g.p(pid)["hand"].append("karama")


def test_a_karama_stops_one_move():
    state, g = turn_two("ixians", "emperor")
    _karama(g, "emperor")
    out = act(state, "emperor", "play", card="karama", against="hms-movement")
    assert "ixtl.karama-ixian-movement" in out.rulings
    assert refused(state, "ixians", "point", to="polar-sink").code == "dune.advantage-stopped"
    act(state, "ixians", "pass")
    assert state["hms"]["points_at"] == FLAT and problems(state) == []


def test_a_karama_stops_only_the_movement_collection():
    state, g = turn_two("ixians", "emperor")
    state["spice"]["cielago-north@1"] = 8
    state["bank"] -= 8
    _karama(g, "emperor")
    act(state, "emperor", "play", card="karama", against="hms-collection")
    act(state, "ixians", "point", to="cielago-north@0")
    assert state["hms"]["points_at"] == "cielago-north@0" and g.p("ixians")["spice"] == 10
    assert state["spice"]["cielago-north@1"] == 8 and problems(state) == []


# --- the advanced Ixians' special Karama power: one more move in their own turn (paragraphs 24, 27) -------
def advanced_turn(kind="ship", by="ixians", storm=5):
    """The advanced game, the stronghold pointed at the Great Flat, `by`'s `kind` pending."""
    state = new_ixtl("ixians", "emperor", modules=["ixians-tleilaxu", "advanced"])
    state["hms"]["points_at"] = FLAT
    g = at(state, {"t": "decide", "kind": kind, "player": by}, phase="battle", turn=2, storm=storm)
    _karama(g, "ixians")
    return state, g


def test_the_special_karama_power_moves_it_two_territories_with_its_collection_and_the_turn_goes_on():
    state, g = advanced_turn()
    state["spice"]["wind-pass@15"] = 10
    state["bank"] -= 10
    offered = {a.data.get("to") for a in RULES.legal_actions(state) if a.data.get("power")}
    assert "polar-sink" in offered and "wind-pass@15" in offered and "cielago-north@0" not in offered
    out = act(state, "ixians", "play", card="karama", power=True, to="wind-pass@15")
    assert state["hms"]["points_at"] == "wind-pass@15" and g.p("ixians")["karama_power"] is True
    assert g.p("ixians")["spice"] == 10 + 10 and "wind-pass@15" not in state["spice"]  # 12 due, 10 there
    assert {"ixtl.hms-advanced-move", "dune.ixian-karama-reading", "ixtl.hms-collection"} <= set(out.rulings)
    assert RULES.prompt(state)["kind"] == "ship" and "karama" not in g.p("ixians")["hand"]  # still to ship
    act(state, "ixians", "ship", to=HMS, count=1)
    _karama(g, "ixians")  # once a game
    assert refused(state, "ixians", "play", card="karama", power=True, to="polar-sink").code == "dune.no-karama-power"
    assert problems(state) == []


def test_mutated_the_special_karama_move_three_territories_or_through_the_storm():
    state, g = advanced_turn(kind="move")
    assert refused(state, "ixians", "play", card="karama", power=True, to="cielago-north@0").code == \
        "dune.out-of-range"
    state, g = advanced_turn(kind="move", storm=16)
    err = refused(state, "ixians", "play", card="karama", power=True, to="cielago-west@0")  # across sector 16
    assert err.code == "dune.move-through-storm" and "ixtl.hms-storm" in err.rulings


def test_the_special_karama_move_only_in_their_own_turn_of_the_advanced_game():
    state, g = advanced_turn(by="emperor")
    assert refused(state, "ixians", "play", card="karama", power=True, to="polar-sink").code == "dune.karama-window"
    state = new_ixtl("ixians", "emperor")  # the basic game: no special power
    state["hms"]["points_at"] = FLAT
    g = at(state, {"t": "decide", "kind": "ship", "player": "ixians"}, phase="battle", turn=2)
    _karama(g, "ixians")
    assert refused(state, "ixians", "play", card="karama", power=True, to="polar-sink").code == "dune.no-karama-power"


# --- what shows it -------------------------------------------------------------------------------------
def test_the_view_the_scenario_and_the_audit_know_where_it_is_and_who_is_inside():
    state, g = aimed("ixians", "emperor")
    place(g, "emperor", HMS, 2)
    shown = view.board(content(), state, "en")["hms"]
    assert shown["points_at"] == FLAT and shown["forces"] == [{"player": "ixians", "count": 6},
                                                              {"player": "emperor", "count": 2}]
    state["phase"], state["turn"] = "bidding", 2
    doc = scenario.write(state)
    assert doc["hms"] == FLAT and doc["players"]["emperor"]["forces"][HMS] == 2
    assert RULES.place("Hidden Mobile Stronghold") == HMS
    # the audit refuses the expansion's factions in positions, never the stronghold as a place
    assert not [p for p in RULES._readable(state) if "hidden-mobile-stronghold" in p["pointer"]]
    assert problems(state) == []


def test_the_guild_ships_its_forces_out_of_the_stronghold_never_into_it():
    state, g = aimed("ixians", "spacing-guild")
    place(g, "spacing-guild", HMS, 2)
    place(g, "spacing-guild", "polar-sink", 1)
    at(state, {"t": "decide", "kind": "ship", "player": "spacing-guild"})
    assert refused(state, "spacing-guild", "ship", **{"from": "polar-sink"}, to=HMS, count=1).code == \
        "dune.unknown-location"
    act(state, "spacing-guild", "ship", **{"from": HMS}, to="reserves", count=2)
    assert g.forces(HMS, "spacing-guild") == 0 and problems(state) == []


def test_the_invariants_know_where_it_points_and_who_is_inside():
    state, g = aimed("ixians", "emperor")
    g.add_forces(HMS, "ixians", -1)  # a force lost from inside
    assert any(p.startswith("forces of ixians") for p in problems(state))
    state, g = aimed("ixians", "emperor", aim="arrakeen@9")
    assert any("Hidden Mobile Stronghold" in p for p in problems(state))


def test_the_stronghold_and_two_others_win():
    """Three strongholds alone win (dune.victory): the Hidden Mobile Stronghold is one of them."""
    state, g = aimed("ixians", "emperor")
    place(g, "ixians", "arrakeen@9", 1)
    state["order"] = list(g.seats)
    assert mentat_pause(g) is None
    place(g, "ixians", "carthag@10", 1)
    assert mentat_pause(g)["winners"] == ["ixians"]
    place(g, "emperor", HMS, 1)  # an enemy inside: no longer theirs alone
    assert mentat_pause(g) is None


def test_a_battle_inside_is_read_and_written_by_the_strongholds_name():
    """A log names the battle's territory as the stronghold, by id or by name, and reads back
    (a logged battle inside it was refused as an unknown territory: the place reader knew it, the
    territory reader did not)."""
    log = simulate("dune", 4, 3, ("advanced", "ixians-tleilaxu", "tech-tokens"))  # it fights inside
    index = next(i for i, a in enumerate(log["actions"]) if a.get("territory") == HMS)
    assert Replay(parse_log(log), "strict", "none").run()["valid"]
    written = RULES.spell(log["actions"][index], "en")
    assert written["territory"] == "Hidden Mobile Stronghold"
    log["actions"][index] = written  # the log as a program writing names sends it
    assert Replay(parse_log(log), "strict", "none").run()["valid"]
