"""The Ixian and Tleilaxu rules played so far (modules/ixians_tleilaxu/ixians.py, tleilaxu.py), one
scenario or more per rule with seed 002's numbers, through the facade as a log's actions, and the
mutated logs issue #15 lists: a Face Dancer revealed in the wrong battle, a Suboid exchange
without surviving Suboids, a Cyborg revived at the Suboid price."""

import pytest
from dune_helpers import RULES, act, at, refused
from ixtl_helpers import battle_position, new_ixtl, place, to_tanks, until

from adjudicator.dune.content import HMS
from adjudicator.dune.forces import at as kind_at
from adjudicator.dune.invariants import problems

FLAT = "the-great-flat@14"


# --- the Tleilaxu revival bank (seed 002 paragraphs 39-42, 49) ------------------------------------------
def test_others_pay_their_revival_to_the_tleilaxu_who_earn_one_for_each_free_revival():
    state = new_ixtl("tleilaxu", "atreides")
    g = at(state, {"t": "decide", "kind": "revive", "player": "atreides"})
    to_tanks(g, "atreides", 5)
    out = act(state, "atreides", "revive", forces=3)  # 2 free, 1 at 2 spice
    assert g.p("atreides")["spice"] == 8 and g.p("tleilaxu")["spice"] == 5 + 2 + 1
    assert {"ixtl.tleilaxu-revival-income", "ixtl.tleilaxu-free-revival-income"} <= set(out.rulings)
    assert state["bank"] == 1000 - 8 - 8 and problems(state) == []


def test_the_emperors_payment_for_its_ally_goes_to_the_tleilaxu_too():
    state = new_ixtl("tleilaxu", "emperor", "atreides")
    g = at(state, {"t": "decide", "kind": "revive", "player": "atreides"})
    to_tanks(g, "atreides", 7)
    g.p("atreides")["ally"], g.p("emperor")["ally"] = "emperor", "atreides"
    act(state, "atreides", "revive", forces=6, sponsored=3)
    assert g.p("emperor")["spice"] == 4 and g.p("atreides")["spice"] == 8
    assert g.p("tleilaxu")["spice"] == 5 + 6 + 2 + 1 and problems(state) == []


def test_the_tleilaxu_revive_their_own_forces_without_limit_at_half_price():
    state = new_ixtl("tleilaxu", "atreides")
    g = at(state, {"t": "decide", "kind": "revive", "player": "tleilaxu"})
    to_tanks(g, "tleilaxu", 8)
    g.p("tleilaxu")["spice"] = 5
    # 8 forces: 2 free, 6 at 2 = 12, halved to 6: more than 5 spice; 7 forces: 10, halved to 5
    assert refused(state, "tleilaxu", "revive", forces=8).code == "dune.not-offered"
    act(state, "tleilaxu", "revive", forces=7)
    assert g.p("tleilaxu")["spice"] == 0 + 1 and g.p("tleilaxu")["tanks"] == 1  # their own free revival earns 1
    assert state["bank"] == 1000 - 15 + 5 - 1 and problems(state) == []  # paid to the bank, halved


def test_zoal_costs_three_not_halved():
    state = new_ixtl("tleilaxu", "atreides")
    g = at(state, {"t": "decide", "kind": "revive", "player": "tleilaxu"})
    for leader in g.p("tleilaxu")["leaders"]:
        g.p("tleilaxu")["leaders"][leader] = "tanks"
    to_tanks(g, "tleilaxu", 3)
    act(state, "tleilaxu", "revive", forces=3, leader="zoal")  # 1 paid force: 2, halved to 1; Zoal 3
    assert g.p("tleilaxu")["spice"] == 5 - 4 + 1 and g.p("tleilaxu")["leaders"]["zoal"] == "alive"
    assert problems(state) == []


# --- Ixian revival (seed 002 paragraph 8) ----------------------------------------------------------------
def test_a_cyborg_revived_costs_three_a_suboid_two_one_free():
    state = new_ixtl("ixians", "atreides")
    g = at(state, {"t": "decide", "kind": "revive", "player": "ixians"})
    to_tanks(g, "ixians", 5, cyborgs=3)
    act(state, "ixians", "revive", forces=3, kinds={"cyborgs": 3})  # one free, two at 3
    assert g.p("ixians")["spice"] == 10 - 6 and kind_at(g, "ixians", "cyborgs", "tanks") == 0
    assert g.p("ixians")["tanks"] == 2 and problems(state) == []


def test_mutated_a_cyborg_revived_at_the_suboid_price():
    """With 2 spice the Ixians may revive a free force and a Suboid, not a second Cyborg."""
    state = new_ixtl("ixians", "atreides")
    g = at(state, {"t": "decide", "kind": "revive", "player": "ixians"})
    to_tanks(g, "ixians", 4, cyborgs=2)
    g.pay("ixians", 8)  # 2 spice left
    assert refused(state, "ixians", "revive", forces=2, kinds={"cyborgs": 2}).code == "dune.not-offered"
    act(state, "ixians", "revive", forces=2, kinds={"cyborgs": 1})
    assert g.p("ixians")["spice"] == 0 and kind_at(g, "ixians", "cyborgs", "reserves") == 4 - 2 + 1  # 3 inside the HMS
    assert problems(state) == []


# --- Ixian battles: strengths and the Suboid exchange (seed 002 paragraphs 14-17) --------------------------
def test_suboids_count_half_cyborgs_two():
    """Ixians dial 4 (2 Cyborgs, 2 Suboids: 5) with a leader of 1: 6, against the Harkonnen's 6
    forces dialed (of 7) and a leader of 1: 7. Were Suboids whole, the Ixians would tie and win as aggressors."""
    state, g = battle_position("ixians", "harkonnen", forces=[("ixians", FLAT, 4, 2), ("harkonnen", FLAT, 7, 0)])
    act(state, "ixians", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "ixians", "plan", leader="cammar-pilru", dial=4, kinds={"cyborgs": 2})
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=6)
    until(state, None)
    assert g.forces(FLAT, "ixians") == 0 and g.forces(FLAT, "harkonnen") == 1  # the winner lost the 6 it dialed
    assert g.p("harkonnen")["tanks"] == 6 and g.p("ixians")["tanks"] == 4
    assert kind_at(g, "ixians", "cyborgs", "tanks") == 2 and problems(state) == []


def test_surviving_suboids_replace_lost_cyborgs():
    state, g = battle_position("ixians", "harkonnen", forces=[("ixians", FLAT, 5, 2), ("harkonnen", FLAT, 2, 0)])
    act(state, "ixians", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "ixians", "plan", leader="cammar-pilru", dial=2, kinds={"cyborgs": 2})  # 4 + 1 against 2 + 1
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=2)
    prompt = until(state, "exchange-suboids")
    assert prompt["by"] == "ixians"
    assert refused(state, "ixians", "exchange", count=3).code == "dune.not-offered"  # two Cyborgs were lost
    out = act(state, "ixians", "exchange", count=2)
    assert "ixtl.suboid-exchange" in out.rulings
    assert g.forces(FLAT, "ixians") == 3 and kind_at(g, "ixians", "cyborgs", FLAT) == 2
    assert g.p("ixians")["tanks"] == 2 and kind_at(g, "ixians", "cyborgs", "tanks") == 0
    assert problems(state) == []


def test_mutated_a_suboid_exchange_without_surviving_suboids():
    state, g = battle_position("ixians", "harkonnen", forces=[("ixians", FLAT, 2, 2), ("harkonnen", FLAT, 2, 0)])
    act(state, "ixians", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "ixians", "plan", leader="cammar-pilru", dial=2, kinds={"cyborgs": 2})
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=2)
    until(state, "exchange-suboids")
    assert kind_at(g, "ixians", "cyborgs", "tanks") == 2 and g.forces(FLAT, "ixians") == 0
    assert refused(state, "ixians", "exchange", count=1)
    assert problems(state) == []


# --- Ixian movement: a Cyborg takes its group two territories (paragraph 74; dune.cyborg-move-reading) -------
PLAIN = "funeral-plain@14"  # one territory from the Great Flat and from Wind Pass, two from the Greater Flat


def _movers(cyborgs=1, karama=False):
    """Three Suboids and `cyborgs` Cyborgs on the Funeral Plain; the Ixians' move pending."""
    state = new_ixtl("ixians", "emperor")
    state["hms"]["points_at"] = "polar-sink"
    g = at(state, {"t": "decide", "kind": "move", "player": "ixians"}, storm=5)
    place(g, "ixians", PLAIN, 3 + cyborgs, cyborgs)
    if karama:
        _karama(g, "emperor")
        out = act(state, "emperor", "play", card="karama", against="ixian-cyborg-move")
        assert "ixtl.karama-ixian-movement" in out.rulings
    return state, g


def test_a_group_with_a_cyborg_moves_two_territories_suboids_alone_one():
    state, g = _movers()
    groups = {(a.data["to"], a.data["count"], str(a.data.get("kinds"))) for a in RULES.legal_actions(state)
              if a.do == "move"}
    assert ("wind-pass@14", 1, "{'cyborgs': 1}") in groups and ("wind-pass@14", 1, "None") not in groups
    assert ("wind-pass@14", 4, "None") in groups  # all four: the Cyborg goes with them
    assert refused(state, "ixians", "move", **{"from": PLAIN}, to="wind-pass@14", count=3).code == "dune.out-of-range"
    out = act(state, "ixians", "move", **{"from": PLAIN}, to="wind-pass@14", count=3, kinds={"cyborgs": 1})
    assert g.forces("wind-pass@14", "ixians") == 3 and kind_at(g, "ixians", "cyborgs", "wind-pass@14") == 1
    assert "dune.cyborg-move-reading" in out.rulings and problems(state) == []


def test_mutated_suboids_moving_two_territories_without_a_cyborg():
    state, g = _movers(cyborgs=0)
    err = refused(state, "ixians", "move", **{"from": PLAIN}, to="the-greater-flat@15", count=2)
    assert err.code == "dune.out-of-range" and "more than 1 territories" in err.message


def test_a_karama_holds_the_cyborgs_to_one_territory_ornithopters_still_three():
    state, g = _movers(karama=True)
    assert refused(state, "ixians", "move", **{"from": PLAIN}, to="wind-pass@14", count=2,
                   kinds={"cyborgs": 1}).code == "dune.out-of-range"
    act(state, "ixians", "move", **{"from": PLAIN}, to=FLAT, count=2, kinds={"cyborgs": 1})
    state, g = _movers(karama=True)
    place(g, "ixians", "arrakeen@9", 1)  # ornithopters
    act(state, "ixians", "move", **{"from": PLAIN}, to="the-greater-flat@15", count=1, kinds={"cyborgs": 1})
    assert problems(state) == []


# --- Face Dancers (seed 002 paragraphs 31-36) and Zoal (paragraph 48) ------------------------------------
def _dancers(state, cards, revealed=()):
    state["players"]["tleilaxu"].update(face_dancers=sorted(cards), revealed=sorted(revealed))
    for c in cards:
        state["traitor_deck"].remove(c)


def _emperor_wins(state):
    act(state, "emperor", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "emperor", "plan", leader="bashar", dial=2)  # 2 + 2 against 1 + 1
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=1)


def test_a_face_dancer_revealed_after_a_battle_the_tleilaxu_did_not_fight():
    state, g = battle_position("emperor", "harkonnen", "tleilaxu",
                               forces=[("emperor", FLAT, 5, 0), ("harkonnen", FLAT, 2, 0)])
    _dancers(state, ["bashar", "blin", "wykk"])
    _emperor_wins(state)
    prompt = until(state, "face-dancer")
    assert prompt["by"] == "tleilaxu"
    spice = g.p("emperor")["spice"]
    assert refused(state, "tleilaxu", "reveal", leader="umman-kudu", place={}).code == "dune.not-a-face-dancer"
    assert refused(state, "tleilaxu", "reveal", leader="bashar", place={FLAT: 4}).code == "dune.bad-placement"
    out = act(state, "tleilaxu", "reveal", leader="bashar", place={FLAT: 2, "carthag@10": 1})
    assert "ixtl.face-dancer-replace" in out.rulings
    assert g.p("emperor")["leaders"]["bashar"] == "tanks" and g.p("emperor")["spice"] == spice  # no spice for it
    assert g.forces(FLAT, "emperor") == 0 and g.p("emperor")["reserves"] == 20 - 2  # 3 survivors went home
    assert g.forces(FLAT, "tleilaxu") == 2 and g.forces("carthag@10", "tleilaxu") == 1
    assert g.p("tleilaxu")["revealed"] == ["bashar"] and problems(state) == []


def test_a_face_dancer_reveal_places_forces_in_the_hidden_mobile_stronghold_within_its_limit():
    """"Anywhere on the planet" (seed 002 paragraph 34) takes in the Hidden Mobile Stronghold, a
    stronghold whose occupancy limit holds (paragraph 19; reading dune.face-dancer-placement-reading)."""
    state, g = battle_position("emperor", "harkonnen", "tleilaxu", "ixians",
                               forces=[("emperor", FLAT, 5, 0), ("harkonnen", FLAT, 2, 0)])
    state["hms"]["points_at"] = "the-great-flat@14"
    assert g.forces(HMS, "ixians") == 6
    _dancers(state, ["bashar", "blin", "wykk"])
    _emperor_wins(state)
    until(state, "face-dancer")
    out = act(state, "tleilaxu", "reveal", leader="bashar", place={HMS: 2, FLAT: 1})
    assert "dune.face-dancer-placement-reading" in out.rulings
    assert g.forces(HMS, "tleilaxu") == 2 and g.forces(FLAT, "tleilaxu") == 1 and problems(state) == []


def test_mutated_a_face_dancer_reveal_placing_a_third_faction_in_a_stronghold():
    state, g = battle_position("emperor", "harkonnen", "tleilaxu", "ixians",
                               forces=[("emperor", FLAT, 5, 0), ("harkonnen", FLAT, 2, 0)])
    state["hms"]["points_at"] = "the-great-flat@14"
    place(g, "harkonnen", HMS, 1)  # the Ixians and the Harkonnen inside: full for a third faction
    _dancers(state, ["bashar", "blin", "wykk"])
    _emperor_wins(state)
    until(state, "face-dancer")
    err = refused(state, "tleilaxu", "reveal", leader="bashar", place={HMS: 1})
    assert err.code == "dune.stronghold-full" and "dune.occupancy-limit" in err.rulings
    assert g.forces(HMS, "tleilaxu") == 0


def test_mutated_a_face_dancer_revealed_in_the_wrong_battle():
    """The winner's leader is not a Face Dancer: no reveal is pending, one in the log is refused."""
    state, g = battle_position("emperor", "harkonnen", "tleilaxu",
                               forces=[("emperor", FLAT, 5, 0), ("harkonnen", FLAT, 2, 0)])
    _dancers(state, ["blin", "wykk", "umman-kudu"])  # the loser's leader, not the winner's
    _emperor_wins(state)
    until(state, "face-dancer")
    assert RULES.prompt(state) is None or RULES.prompt(state)["kind"] != "face-dancer"
    assert refused(state, "tleilaxu", "reveal", leader="umman-kudu", place={})
    assert g.forces(FLAT, "emperor") == 3 and g.p("tleilaxu")["revealed"] == []


def test_all_three_revealed_go_back_and_three_are_drawn():
    state, g = battle_position("emperor", "harkonnen", "tleilaxu",
                               forces=[("emperor", FLAT, 5, 0), ("harkonnen", FLAT, 2, 0)])
    _dancers(state, ["bashar", "blin", "wykk"], revealed=["blin", "wykk"])
    _emperor_wins(state)
    until(state, "face-dancer")
    act(state, "tleilaxu", "reveal", leader="bashar", place={})
    tl = g.p("tleilaxu")
    assert tl["face_dancers"] == [] and {"bashar", "blin", "wykk"} <= set(state["traitor_deck"])
    assert RULES.prompt(state)["kind"] == "draw-face-dancers"
    act(state, "chance", "draw-face-dancers", player="tleilaxu", cards=["bashar", "blin", "caid"])
    assert tl["face_dancers"] == ["bashar", "blin", "caid"] and tl["revealed"] == [] and problems(state) == []


def test_zoal_is_worth_the_opposing_leaders_printed_strength():
    """Zoal against Feyd-Rautha (6): 5 forces + 6 = 11 beat 4 + 6 = 10."""
    state, g = battle_position("tleilaxu", "harkonnen", forces=[("tleilaxu", FLAT, 5, 0), ("harkonnen", FLAT, 4, 0)])
    act(state, "tleilaxu", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "tleilaxu", "plan", leader="zoal", dial=5)
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=4)
    until(state, None)
    assert g.forces(FLAT, "harkonnen") == 0 and g.p("harkonnen")["tanks"] == 4 and g.p("tleilaxu")["tanks"] == 5
    assert problems(state) == []


def test_one_hidden_face_dancer_exchanged_at_the_mentat_pause():
    """Seed 002 paragraph 37: back into the Traitor deck, a replacement drawn; a revealed one may
    not be exchanged."""
    state = new_ixtl("tleilaxu", "emperor", "harkonnen")
    state["turn"] = 1
    g = at(state, phase="mentat-pause")
    _dancers(state, ["bashar", "blin", "wykk"], revealed=["wykk"])
    RULES.settle(g)
    assert RULES.prompt(state)["kind"] == "exchange-face-dancer"
    assert refused(state, "tleilaxu", "exchange", card="wykk").code == "dune.not-offered"
    out = act(state, "tleilaxu", "exchange", card="bashar")
    assert "ixtl.face-dancer-exchange" in out.rulings and "bashar" in state["traitor_deck"]
    assert refused(state, "chance", "draw-face-dancers", player="tleilaxu", cards=["caid", "burseg"]).code \
        == "dune.traitor-count"  # one replacement only
    act(state, "chance", "draw-face-dancers", player="tleilaxu", cards=["caid"])
    assert g.p("tleilaxu")["face_dancers"] == ["blin", "caid", "wykk"] and g.p("tleilaxu")["revealed"] == ["wykk"]
    assert problems(state) == []


@pytest.mark.parametrize("plan, harkonnen, ixians_win", [
    # two unsupported Cyborgs count 1 each: 2 + 1 ties the Harkonnen's 2 supported + 1; aggressors win ties
    (dict(dial=2, kinds={"cyborgs": 2}), dict(dial=2, spice=2), True),
    # one Cyborg supported (2) and two Suboids (1/2 each): 3 spice raise no Suboid; 3 + 1 lose to 4 + 1
    (dict(dial=3, kinds={"cyborgs": 1}, spice=3), dict(dial=4, spice=4), False),
], ids=["unsupported-cyborgs", "spice-never-lifts-suboids"])
def test_advanced_cyborgs_count_one_or_two_with_support(plan, harkonnen, ixians_win):
    """Seed 002 paragraph 25."""
    state, g = battle_position("ixians", "harkonnen", forces=[("ixians", FLAT, 4, 2), ("harkonnen", FLAT, 5, 0)],
                               modules=["advanced", "ixians-tleilaxu"])
    act(state, "ixians", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "ixians", "plan", leader="cammar-pilru", **plan)
    act(state, "harkonnen", "plan", leader="umman-kudu", **harkonnen)
    until(state, None)
    assert (g.forces(FLAT, "harkonnen") == 0) is ixians_win and (g.forces(FLAT, "ixians") == 0) is not ixians_win
    assert problems(state) == []


def test_face_dancers_recorded_unknown_are_named_when_revealed():
    """A log that did not see the Face Dancers records them "?": the reveal names one, and is
    unverifiable (ruling dune.engine-hidden-cards), never illegal while the deck could have dealt it."""
    state = new_ixtl("emperor", "harkonnen", "tleilaxu")
    state["players"]["tleilaxu"].update(face_dancers=[], revealed=[])
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"},
                      {"t": "chance", "kind": "draw-face-dancers", "player": "tleilaxu"}]
    act(state, "chance", "draw-face-dancers", player="tleilaxu", cards=["?", "?", "blin"])
    assert state["traitor_hidden"] == 2 and problems(state) == []
    state["storm"], state["order"] = 0, ["emperor", "harkonnen", "tleilaxu"]
    g = at(state, {"t": "auto", "kind": "battles"})
    place(g, "emperor", FLAT, 5)
    place(g, "harkonnen", FLAT, 2)
    RULES.settle(g)
    _emperor_wins(state)
    assert until(state, "face-dancer")["by"] == "tleilaxu"
    out = act(state, "tleilaxu", "reveal", leader="bashar", place={})
    assert out.verdict == "unverifiable" and "dune.engine-hidden-cards" in out.rulings
    tl = g.p("tleilaxu")
    assert tl["face_dancers"] == ["?", "bashar", "blin"] and state["traitor_hidden"] == 1
    assert "bashar" not in state["traitor_deck"] and problems(state) == []


def test_the_tleilaxu_revive_a_leader_before_all_five_are_dead_at_half_price():
    state = new_ixtl("tleilaxu", "atreides")
    g = at(state, {"t": "decide", "kind": "revive", "player": "tleilaxu"})
    g.p("tleilaxu")["leaders"]["master-zaaf"] = "tanks"
    g.p("atreides")["leaders"]["duncan-idaho"] = "tanks"
    act(state, "tleilaxu", "revive", forces=0, leader="master-zaaf")  # 3, halved and rounded up: 2
    assert g.p("tleilaxu")["leaders"]["master-zaaf"] == "alive" and g.p("tleilaxu")["spice"] == 3
    g = at(state, {"t": "decide", "kind": "revive", "player": "atreides"})  # the others still wait
    assert refused(state, "atreides", "revive", forces=0, leader="duncan-idaho").code == "dune.not-offered"
    assert problems(state) == []


# --- Karama (seed 002 paragraphs 38, 75-78) ----------------------------------------------------------------
def _karama(g, pid):
    g.state["turn"] = max(g.state["turn"], 1)  # nothing is played out of turn during setup
    g.state["treachery"]["deck"].remove("karama")
    g.p(pid)["hand"].append("karama")


def test_a_karama_sends_one_revival_payment_to_the_bank_and_stops_the_income_separately():
    state = new_ixtl("tleilaxu", "atreides", "emperor")
    g = at(state, {"t": "decide", "kind": "revive", "player": "atreides"})
    to_tanks(g, "atreides", 5)
    _karama(g, "emperor")
    out = act(state, "emperor", "play", card="karama", against="tleilaxu-revival-payment")
    assert "ixtl.karama-tleilaxu-revival" in out.rulings
    act(state, "atreides", "revive", forces=3)
    assert g.p("tleilaxu")["spice"] == 5 + 1 and g.p("atreides")["spice"] == 8  # the income still came
    assert problems(state) == []


def test_a_karama_makes_the_tleilaxu_pay_full_price():
    state = new_ixtl("tleilaxu", "atreides")
    g = at(state, {"t": "decide", "kind": "revive", "player": "tleilaxu"})
    to_tanks(g, "tleilaxu", 3)
    _karama(g, "atreides")
    act(state, "atreides", "play", card="karama", against="tleilaxu-half-price")
    act(state, "tleilaxu", "revive", forces=3)  # 1 paid force: 2, not halved to 1
    assert g.p("tleilaxu")["spice"] == 5 - 2 + 1 and problems(state) == []


def test_no_karama_stops_a_face_dancer_reveal_but_one_stops_the_exchange():
    state = new_ixtl("emperor", "harkonnen", "tleilaxu")
    state["turn"] = 1
    g = at(state, phase="mentat-pause")
    _dancers(state, ["bashar", "blin", "wykk"])
    _karama(g, "emperor")
    RULES.settle(g)
    assert refused(state, "emperor", "play", card="karama", against="face-dancer").code == "dune.karama-cannot-stop"
    act(state, "emperor", "play", card="karama", against="face-dancer-exchange")
    assert refused(state, "tleilaxu", "exchange", card="bashar").code == "dune.not-offered"
    act(state, "tleilaxu", "pass")
    assert problems(state) == []


def test_a_karama_stops_the_suboid_exchange():
    state, g = battle_position("ixians", "harkonnen", forces=[("ixians", FLAT, 5, 2), ("harkonnen", FLAT, 2, 0)])
    _karama(g, "harkonnen")
    act(state, "ixians", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "ixians", "plan", leader="cammar-pilru", dial=2, kinds={"cyborgs": 2})
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=2)
    until(state, "exchange-suboids")
    act(state, "harkonnen", "play", card="karama", against="ixian-suboid-exchange")
    assert refused(state, "ixians", "exchange", count=1).code == "dune.not-offered"
    act(state, "ixians", "pass")
    assert kind_at(g, "ixians", "cyborgs", "tanks") == 2 and problems(state) == []


def test_the_tleilaxu_revive_several_leaders_in_one_phase():
    state = new_ixtl("tleilaxu", "atreides")
    g = at(state, {"t": "decide", "kind": "revive", "player": "tleilaxu"})
    for leader in ("master-zaaf", "wykk", "zoal"):
        g.p("tleilaxu")["leaders"][leader] = "tanks"
    act(state, "tleilaxu", "revive", forces=0, leader="master-zaaf")  # 2
    assert RULES.prompt(state)["kind"] == "revive-leader"
    act(state, "tleilaxu", "revive-leader", leader="wykk")  # 1
    assert RULES.prompt(state)["kind"] != "revive-leader"  # Zoal costs 3, more than the 2 spice left
    assert refused(state, "tleilaxu", "revive-leader", leader="zoal")
    tl = g.p("tleilaxu")
    assert tl["spice"] == 2 and [ld for ld, s in tl["leaders"].items() if s == "tanks"] == ["zoal"]
    assert problems(state) == []


@pytest.mark.parametrize("count, kinds, code", [("x", {"cyborgs": 1}, "dune.not-there"),
                                                (2, ["cyborgs"], "dune.bad-kinds"),
                                                (2, {"cyborgs": 5}, "dune.bad-kinds")])
def test_mutated_a_move_with_a_malformed_count_or_kinds_is_refused_not_crashed(count, kinds, code):
    state, g = _movers()
    assert refused(state, "ixians", "move", **{"from": PLAIN}, to=FLAT, count=count, kinds=kinds).code == code
