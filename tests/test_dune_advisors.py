"""The advanced Bene Gesserit's advisors (modules/advanced/bene_gesserit_advisors.py; rulings
dune.bene-gesserit-advisors, dune.engine-advisors): one scenario per ability, legal and illegal,
through the facade as a log's actions. `Game.combatant` is the one question the other rules ask."""

from functools import partial

from dune_helpers import ADVANCED, RULES, act, at, move_forces, new, refused

from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.movement import reach
from adjudicator.dune.victory import held

BG = "bene-gesserit"
new = partial(new, modules=ADVANCED)
at = partial(at, phase="shipment-movement", turn=2, storm=0)


def advisors(g, loc, n):
    """BG advisors placed by a position edit (forces from reserves, the territory marked)."""
    move_forces(g, BG, loc, n)
    mine = g.p(BG).setdefault("advisors", [])
    mine.append(loc.split("@")[0])
    mine.sort()


def decide(state, pid, kind, **extra):
    return {"t": "decide", "kind": kind, "player": pid, **extra}


def offers(state):
    return [{k: v for k, v in a.data.items() if k != "by"} for a in RULES.legal_actions(state)]


# --- setup: the advanced starting force -------------------------------------------------------------
def test_the_starting_force_waits_for_the_fremen_then_goes_anywhere_a_fighter_if_alone():
    state = new(BG, "fremen", "atreides")
    kinds = [t.get("kind") for t in reversed(state["stack"])]
    assert kinds.index("bg-start") > kinds.index("place-fremen")  # after the Fremen place theirs
    g = Game(state)
    assert g.p(BG)["reserves"] == 20 and not any(BG in here for here in state["map"].values())
    assert g.p(BG)["advisors"] == [] and "advisors" not in g.p("atreides")
    at(state, decide(state, BG, "bg-start"), phase="storm", turn=0)
    act(state, BG, "place", to="arrakeen@9", count=1)  # the Atreides start there: an advisor
    assert g.p(BG)["advisors"] == ["arrakeen"] and not g.combatant("arrakeen", BG)
    at(state, decide(state, BG, "bg-start"), phase="storm", turn=0)
    act(state, BG, "place", to="the-great-flat@14", count=1)  # alone: a fighter
    assert g.p(BG)["advisors"] == ["arrakeen"] and g.combatant("the-great-flat", BG)
    assert problems(state) == []


def test_the_basic_game_starts_one_force_in_the_polar_sink():
    state = new(BG, "atreides", modules=())
    assert state["map"]["polar-sink"][BG] == 1 and "bg-start" not in [t.get("kind") for t in state["stack"]]
    assert "advisors" not in state["players"][BG]


# --- Advisors: the spiritual advisor goes with another's shipment ---------------------------------------
def test_an_advisor_goes_where_another_faction_shipped_and_coexists():
    state = new(BG, "atreides")
    g = at(state, decide(state, "atreides", "move"), decide(state, "atreides", "ship"))
    act(state, "atreides", "ship", to="carthag@10", count=2)
    assert {"do": "send-advisor", "to": "carthag@10"} in offers(state)
    act(state, BG, "send-advisor", to="carthag@10")
    assert g.forces("carthag@10", BG) == 1 and g.p(BG)["advisors"] == ["carthag"]
    assert g.occupants("carthag") == ["atreides"] and "carthag" in held(g, "atreides")  # control untouched
    assert problems(state) == []


def test_no_advisor_where_they_have_fighters_nor_elsewhere_than_the_shipment():
    state = new(BG, "atreides")
    g = at(state, decide(state, "atreides", "move"), decide(state, "atreides", "ship"))
    move_forces(g, BG, "carthag@10", 1)  # fighters
    act(state, "atreides", "ship", to="carthag@10", count=2)
    assert offers(state) == [{"do": "send-advisor"}, {"do": "pass"}]
    assert refused(state, BG, "send-advisor", to="carthag@10").code == "dune.not-offered"
    assert refused(state, BG, "send-advisor", to="arrakeen@9").code == "dune.not-offered"


def test_the_basic_game_sends_the_advisor_to_the_polar_sink_only():
    state = new(BG, "atreides", modules=())
    at(state, decide(state, "atreides", "move"), decide(state, "atreides", "ship"))
    act(state, "atreides", "ship", to="carthag@10", count=2)
    assert offers(state) == [{"do": "send-advisor"}, {"do": "pass"}]


# --- Coexistence ---------------------------------------------------------------------------------------
def _battle_phase(state):
    g = at(state, phase="battle")
    state["order"] = [BG, *[q for q in g.seats if q != BG]]
    return g


def test_advisors_never_battle_and_fighters_do():
    state = new(BG, "harkonnen")
    g = _battle_phase(state)
    advisors(g, "the-great-flat@14", 3)
    move_forces(g, "harkonnen", "the-great-flat@14", 3)
    RULES.settle(g)
    assert RULES.prompt(state) is None or RULES.prompt(state).get("kind") != "choose-battle"
    assert g.forces("the-great-flat@14", BG) == 3  # no battle was fought
    state = new(BG, "harkonnen")
    g = _battle_phase(state)
    move_forces(g, BG, "the-great-flat@14", 3)  # fighters
    move_forces(g, "harkonnen", "the-great-flat@14", 3)
    RULES.settle(g)
    assert RULES.prompt(state)["kind"] == "choose-battle"


def test_advisors_collect_no_spice_and_give_no_city_spice():
    state = new(BG, "atreides")
    g = at(state, phase="collection")
    state["spice"]["the-great-flat@14"] = 6
    advisors(g, "the-great-flat@14", 2)
    advisors(g, "tueks-sietch@4", 1)
    spice = g.p(BG)["spice"]
    RULES.settle(g)
    assert g.p(BG)["spice"] == spice and state["spice"]["the-great-flat@14"] == 6


def test_advisors_neither_fill_a_stronghold_nor_grant_ornithopters_nor_are_expelled_beside_an_ally():
    state = new(BG, "atreides", "harkonnen", "emperor")
    g = at(state, decide(state, "emperor", "move"))
    advisors(g, "carthag@10", 1)  # beside the Harkonnen, who start there: two factions on the map
    move_forces(g, "emperor", "tsimpo@10", 1)
    entry = {"do": "move", "from": "tsimpo@10", "to": "carthag@10", "count": 1}
    assert entry in offers(state)  # the advisors do not count for the occupancy limit
    move_forces(g, "atreides", "carthag@10", 1)
    assert entry not in offers(state)  # a second faction that counts: full
    assert reach(g, BG) == 1 and not g.combatant("carthag", BG)  # advisors in Carthag give no ornithopters
    g.p(BG)["ally"], g.p("harkonnen")["ally"] = "harkonnen", BG
    state["stack"] = [{"t": "flow", "phase": "battle"}, decide(state, BG, "move")]
    act(state, BG, "pass")  # the end of their movement: advisors stay beside their ally
    assert g.forces("carthag@10", BG) == 1 and problems(state) == []


def test_a_lasgun_shield_explosion_kills_the_advisors_there_too():
    state = new(BG, "harkonnen", "emperor")
    g = Game(state)
    state["storm"], state["order"], state["turn"] = 0, ["harkonnen", "emperor", BG], 2
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
    advisors(g, "the-great-flat@14", 2)
    move_forces(g, "harkonnen", "the-great-flat@14", 3)
    move_forces(g, "emperor", "the-great-flat@14", 3)
    for pid, card in (("harkonnen", "lasgun"), ("emperor", "shield")):
        state["treachery"]["deck"].remove(card)
        g.p(pid)["hand"].append(card)
    RULES.settle(g)
    assert refused(state, "harkonnen", "battle", territory="the-great-flat", opponent=BG).code == "dune.not-offered"
    act(state, "harkonnen", "battle", territory="the-great-flat", opponent="emperor")
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, weapon="lasgun")
    act(state, "emperor", "plan", leader="bashar", dial=1, defense="shield")
    act(state, "harkonnen", "pass")
    out = act(state, "emperor", "pass")
    assert "dune.lasgun-shield" in out.rulings
    assert g.present("the-great-flat") == [] and g.p(BG)["tanks"] == 2 and g.p(BG)["advisors"] == []
    assert problems(state) == []


def test_the_last_advisor_gone_the_territory_is_no_longer_theirs():
    state = new(BG, "atreides")
    g = at(state)
    advisors(g, "the-great-flat@14", 2)
    assert g.present("the-great-flat") == [BG] and g.occupants("the-great-flat") == []
    g.to_tanks("the-great-flat@14", BG, 1)
    assert g.p(BG)["advisors"] == ["the-great-flat"]
    g.to_tanks("the-great-flat@14", BG, 1)  # as the storm, a worm or atomics remove them
    assert g.p(BG)["advisors"] == [] and problems(state) == []


def test_advisors_cannot_play_family_atomics():
    from adjudicator.dune.cards import near_wall
    state = new(BG, "atreides")
    g = at(state)
    advisors(g, "shield-wall@8", 1)
    assert not near_wall(g, BG)
    g.p(BG)["advisors"] = []
    assert near_wall(g, BG)


# --- Fighters: their own shipment ------------------------------------------------------------------
def test_their_shipment_lands_fighters_and_never_onto_their_advisors():
    state = new(BG, "atreides")
    g = at(state, decide(state, BG, "move"), decide(state, BG, "ship"))
    advisors(g, "arrakeen@9", 1)
    err = refused(state, BG, "ship", to="arrakeen@9", count=1)
    assert err.code == "dune.fighters-onto-advisors" and "dune.bene-gesserit-advisors" in err.rulings
    act(state, BG, "ship", to="carthag@10", count=1)  # fighters beside nobody's advisors
    assert g.combatant("carthag", BG)


# --- a move: Enlistment, Adaptive Force, Take Up Arms -------------------------------------------------
def test_advisors_moved_where_nobody_is_enlist_as_fighters():
    state = new(BG, "atreides")
    g = at(state, decide(state, BG, "move"))
    advisors(g, "the-great-flat@14", 2)
    move_forces(g, "atreides", "the-great-flat@14", 1)  # not alone: they stay advisors there
    act(state, BG, "move", **{"from": "the-great-flat@14", "to": "funeral-plain@14", "count": 1})
    assert g.p(BG)["advisors"] == ["the-great-flat"] and g.combatant("funeral-plain", BG)


def test_forces_moved_where_theirs_are_take_the_kind_found_there():
    state = new(BG, "atreides")
    g = at(state, decide(state, BG, "move"))
    move_forces(g, BG, "the-great-flat@14", 2)  # fighters
    advisors(g, "funeral-plain@14", 1)
    move_forces(g, "atreides", "funeral-plain@14", 1)
    act(state, BG, "move", **{"from": "the-great-flat@14", "to": "funeral-plain@14", "count": 2})
    assert g.p(BG)["advisors"] == ["funeral-plain"] and g.forces("funeral-plain@14", BG) == 3
    assert problems(state) == []


def test_advisors_entering_an_occupied_territory_may_take_up_arms():
    state = new(BG, "atreides")
    g = at(state, decide(state, BG, "move"))
    advisors(g, "the-great-flat@14", 2)
    move_forces(g, "atreides", "funeral-plain@14", 1)
    act(state, BG, "move", **{"from": "the-great-flat@14", "to": "funeral-plain@14", "count": 2})
    assert g.p(BG)["advisors"] == ["funeral-plain"]
    assert offers(state) == [{"do": "flip", "territory": "funeral-plain"}, {"do": "pass"}]
    assert refused(state, BG, "flip", territory="the-great-flat").code == "dune.not-offered"
    act(state, BG, "flip", territory="funeral-plain")
    assert g.p(BG)["advisors"] == [] and g.occupants("funeral-plain") == [BG, "atreides"]


def test_no_arms_in_a_full_stronghold_nor_beside_an_ally():
    state = new(BG, "atreides", "harkonnen", "emperor")
    g = at(state, decide(state, BG, "move"))
    advisors(g, "imperial-basin@9", 2)
    move_forces(g, "emperor", "imperial-basin@9", 1)  # not alone
    move_forces(g, "atreides", "arrakeen@9", 1)  # with the Harkonnen: two other factions
    move_forces(g, "harkonnen", "arrakeen@9", 1)
    act(state, BG, "move", **{"from": "imperial-basin@9", "to": "arrakeen@9", "count": 1})
    assert g.top.get("territory") != "arrakeen"  # advisors may enter, not take up arms there
    assert g.p(BG)["advisors"] == ["arrakeen", "imperial-basin"]
    g.p(BG)["ally"], g.p("emperor")["ally"] = "emperor", BG
    move_forces(g, "emperor", "old-gap@9", 1)
    g = at(state, decide(state, BG, "flip", territory="old-gap", why="take-up-arms"))
    advisors(g, "old-gap@9", 1)
    assert offers(state) == [{"do": "pass"}]
    assert refused(state, BG, "flip", territory="old-gap").code == "dune.advisors-peacetime"  # Peacetime


# --- Intrusion ------------------------------------------------------------------------------------------
def test_another_faction_entering_their_fighters_may_turn_them_advisors():
    state = new(BG, "atreides")
    g = at(state, decide(state, "atreides", "move"))
    move_forces(g, BG, "funeral-plain@14", 2)
    move_forces(g, "atreides", "the-great-flat@14", 1)
    act(state, "atreides", "move", **{"from": "the-great-flat@14", "to": "funeral-plain@14", "count": 1})
    assert g.top == {"t": "decide", "kind": "flip", "player": BG, "territory": "funeral-plain", "why": "intrusion"}
    act(state, BG, "flip", territory="funeral-plain")
    assert g.p(BG)["advisors"] == ["funeral-plain"] and g.occupants("funeral-plain") == ["atreides"]


def test_a_worm_ride_and_a_guild_cross_shipment_intrude_too():
    state = new(BG, "fremen", "spacing-guild")
    g = at(state, decide(state, "fremen", "worm-ride", territory="the-great-flat"), phase="spice-blow")
    move_forces(g, BG, "funeral-plain@14", 2)
    move_forces(g, "fremen", "the-great-flat@14", 2)
    act(state, "fremen", "ride", to="funeral-plain@14", count=1)
    assert g.top["kind"] == "flip" and g.top["territory"] == "funeral-plain"
    g = at(state, decide(state, "spacing-guild", "move"), decide(state, "spacing-guild", "ship"))
    move_forces(g, "spacing-guild", "old-gap@9", 1)
    act(state, "spacing-guild", "ship", **{"from": "old-gap@9", "to": "funeral-plain@14", "count": 1})
    assert g.top["kind"] == "flip" and g.top["why"] == "intrusion"


def test_a_hajr_move_is_a_move_for_advisors_and_intrusion():
    state = new(BG, "atreides")
    g = at(state, decide(state, BG, "move"))
    advisors(g, "the-great-flat@14", 2)
    move_forces(g, "atreides", "the-great-flat@14", 1)
    state["treachery"]["deck"].remove("hajr")
    g.p(BG)["hand"].append("hajr")
    act(state, BG, "play", card="hajr", **{"from": "the-great-flat@14", "to": "funeral-plain@14", "count": 1})
    assert g.p(BG)["advisors"] == ["the-great-flat"] and g.combatant("funeral-plain", BG)  # Enlistment
    g = at(state, decide(state, "atreides", "move"))
    state["treachery"]["discard"].remove("hajr")  # played once: the one copy, given again
    g.p("atreides")["hand"].append("hajr")
    move_forces(g, "atreides", "the-great-flat@14", 1)
    act(state, "atreides", "play", card="hajr", **{"from": "the-great-flat@14", "to": "funeral-plain@14", "count": 1})
    assert g.top == {"t": "decide", "kind": "flip", "player": BG, "territory": "funeral-plain", "why": "intrusion"}


def test_no_intrusion_by_an_ally_and_a_karama_stops_it():
    state = new(BG, "atreides", "harkonnen")
    g = at(state, decide(state, "atreides", "move"))
    g.p(BG)["ally"], g.p("atreides")["ally"] = "atreides", BG
    move_forces(g, BG, "funeral-plain@14", 2)
    move_forces(g, "atreides", "the-great-flat@14", 1)
    act(state, "atreides", "move", **{"from": "the-great-flat@14", "to": "funeral-plain@14", "count": 1})
    assert (RULES.prompt(state) or {}).get("kind") != "flip"
    g = at(state, decide(state, BG, "flip", territory="funeral-plain", why="intrusion"))
    g.p("harkonnen")["hand"].append("karama")
    state["treachery"]["deck"].remove("karama")
    act(state, "harkonnen", "play", card="karama", against="bene-gesserit-intrusion")
    assert offers(state) == [{"do": "pass"}]
    assert refused(state, BG, "flip", territory="funeral-plain").code == "dune.not-offered"


# --- Wartime, Peacetime, Stormed In --------------------------------------------------------------------
def test_wartime_asks_each_territory_of_advisors_before_shipment():
    state = new(BG, "atreides", "harkonnen")
    g = at(state, storm=4)
    advisors(g, "the-great-flat@14", 1)
    move_forces(g, "atreides", "the-great-flat@14", 1)
    advisors(g, "false-wall-south@4", 1)  # under the storm: Stormed In
    advisors(g, "carthag@10", 1)
    move_forces(g, "harkonnen", "carthag@10", 1)
    g.p(BG)["ally"], g.p("harkonnen")["ally"] = "harkonnen", BG  # Peacetime in Carthag
    RULES.settle(g)
    assert g.top["kind"] == "flip" and g.top["territory"] == "the-great-flat"
    act(state, BG, "flip", territory="the-great-flat")
    assert RULES.prompt(state)["kind"] == "ship"  # no other territory was asked
    assert g.p(BG)["advisors"] == ["carthag", "false-wall-south"]


# --- Universal Stewards -----------------------------------------------------------------------------
def test_advisors_alone_before_the_battle_phase_become_fighters_unless_stormed_in():
    state = new(BG, "atreides")
    g = _battle_phase(state)
    state["storm"] = 4
    advisors(g, "the-great-flat@14", 1)  # alone
    advisors(g, "false-wall-south@4", 1)  # alone but under the storm
    advisors(g, "funeral-plain@14", 1)
    move_forces(g, "atreides", "funeral-plain@14", 1)  # not alone
    RULES.settle(g)
    assert g.p(BG)["advisors"] == ["false-wall-south", "funeral-plain"] and g.combatant("the-great-flat", BG)
    assert problems(state) == []


def test_the_view_marks_advisors_on_the_map():
    from adjudicator.dune.view import board
    state = new(BG, "atreides")
    g = at(state)
    advisors(g, "arrakeen@9", 1)
    move_forces(g, BG, "the-great-flat@14", 1)
    rows = {t["id"]: t["forces"] for t in board(g.c, state, "en")["territories"]}
    assert {"player": BG, "sector": 9, "count": 1, "advisors": True} in rows["arrakeen"]
    assert {"player": BG, "sector": 14, "count": 1} in rows["the-great-flat"]


def test_advisors_left_alone_in_shipment_turn_fighters_at_once_but_not_after_the_battles():
    state = new(BG, "atreides", "harkonnen")
    g = at(state, decide(state, "harkonnen", "move"), decide(state, "atreides", "move"))
    advisors(g, "funeral-plain@14", 1)
    move_forces(g, "atreides", "funeral-plain@14", 1)
    act(state, "atreides", "move", **{"from": "funeral-plain@14", "to": "the-great-flat@14", "count": 1})
    assert g.p(BG)["advisors"] == [] and g.combatant("funeral-plain", BG)  # alone: fighters now
    move_forces(g, "harkonnen", "the-great-flat@14", 1)
    act(state, "harkonnen", "move", **{"from": "the-great-flat@14", "to": "funeral-plain@14", "count": 1})
    assert g.top["kind"] == "flip" and g.top["why"] == "intrusion"  # the Harkonnen met fighters
    state = new(BG, "atreides")
    g = at(state, decide(state, "atreides", "move"), phase="mentat-pause")
    state["phase"] = "collection"
    advisors(g, "funeral-plain@14", 1)
    RULES.settle(g)
    assert g.p(BG)["advisors"] == ["funeral-plain"]  # after the battles they wait for the next turn


def test_a_face_dancers_forces_placed_among_their_fighters_intrude():
    from ixtl_helpers import battle_position, until
    flat = "the-great-flat@14"
    state, g = battle_position("emperor", "harkonnen", "tleilaxu", BG, forces=[
        ("emperor", flat, 5, 0), ("harkonnen", flat, 2, 0), (BG, "funeral-plain@14", 2, 0)],
        modules=["advanced", "ixians-tleilaxu"])
    state["players"]["tleilaxu"].update(face_dancers=["bashar", "blin", "wykk"], revealed=[])
    for c in ("bashar", "blin", "wykk"):
        state["traitor_deck"].remove(c)
    act(state, "emperor", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "emperor", "plan", leader="bashar", dial=2)  # 2 + 1 against 1 + 0.5 (no support)
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=1)
    until(state, "face-dancer")
    act(state, "tleilaxu", "reveal", leader="bashar", place={"funeral-plain@14": 1})
    assert g.top == {"t": "decide", "kind": "flip", "player": BG, "territory": "funeral-plain", "why": "intrusion"}
    act(state, BG, "flip", territory="funeral-plain")
    assert g.p(BG)["advisors"] == ["funeral-plain"] and problems(state) == []
