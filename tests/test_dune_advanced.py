"""The advanced game of classic Dune (`modules: ["advanced"]`): the setup option, and each advanced
rule the engine plays, each a position answered by the facade as a log's action would be
(rulings dune.harkonnen-capture, dune.engine-capture)."""

from functools import partial

import pytest
from dune_helpers import ADVANCED, RULES, act, chance, move_forces, new, refused

from adjudicator.core.errors import IllegalAction, MalformedLog
from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems

new = partial(new, modules=ADVANCED)


def battle(state, a, d, where="the-great-flat@14", turn=2):
    """A battle in `where`, 5 of `a`'s forces against 4 of `d`'s, plans still to set."""
    g = Game(state)
    state["storm"], state["order"], state["turn"] = 0, [a, d], turn
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
    move_forces(g, a, where, 5)
    move_forces(g, d, where, 4)
    RULES.settle(g)
    act(state, a, "battle", territory=where.split("@")[0], opponent=d)
    return g


def fight(state, a_plan, d_plan, a="harkonnen", d="emperor"):
    act(state, a, "plan", **a_plan)
    act(state, d, "plan", **d_plan)
    act(state, a, "pass")
    act(state, d, "pass")


def test_the_advanced_module_is_a_setup_option_and_others_are_refused():
    assert new("harkonnen", "emperor")["game"]["modules"] == ["advanced"]
    assert new("harkonnen", "emperor", modules=())["game"]["modules"] == []
    with pytest.raises(MalformedLog) as err:
        new("harkonnen", "emperor", modules=("richese",))  # an expansion we do not have
    assert err.value.code == "unsupported-module"
    assert RULES.cards("traitor", ["advanced"]) == RULES.cards("traitor")


def test_harkonnen_win_draws_a_leader_of_the_loser_and_may_kill_it_for_two_spice():
    state = new("harkonnen", "emperor")
    g = battle(state, "harkonnen", "emperor")
    fight(state, {"leader": "feyd-rautha", "dial": 3}, {"leader": "bashar", "dial": 2})
    assert RULES.prompt(state)["kind"] == "capture"  # a chance outcome among the loser's active leaders
    with pytest.raises(IllegalAction) as err:
        chance(state, "capture", player="harkonnen", leader="feyd-rautha")
    assert err.value.code == "dune.not-capturable" and "dune.harkonnen-capture" in err.value.rulings
    chance(state, "capture", player="harkonnen", leader="bashar")  # the leader that fought is one of them
    spice = g.p("harkonnen")["spice"]
    out = act(state, "harkonnen", "kill")
    assert "dune.engine-capture" in out.rulings
    # 2 for the kill, then 2 more at collection for Carthag (advanced spice flow)
    assert g.p("emperor")["leaders"]["bashar"] == "tanks" and g.p("harkonnen")["spice"] == spice + 2 + 2
    assert problems(state) == []


def test_a_kept_leader_fights_once_for_the_harkonnen_then_goes_home():
    state = new("harkonnen", "emperor")
    g = battle(state, "harkonnen", "emperor")
    fight(state, {"leader": "feyd-rautha", "dial": 3}, {"leader": "bashar", "dial": 2})
    chance(state, "capture", player="harkonnen", leader="caid")
    act(state, "harkonnen", "keep")
    assert g.p("emperor")["leaders"]["caid"] == "captured" and g.p("harkonnen")["captured"] == {"caid": "emperor"}
    assert problems(state) == []
    g.p("harkonnen")["fought"] = {}  # the next turn
    battle(state, "harkonnen", "emperor", turn=3)
    act(state, "harkonnen", "plan", leader="caid", dial=1)
    assert refused(state, "emperor", "plan", leader="caid", dial=0).code == "dune.leader-not-available"
    act(state, "emperor", "plan", leader="burseg", dial=0)
    act(state, "harkonnen", "pass")
    act(state, "emperor", "pass")
    assert g.p("emperor")["leaders"]["caid"] == "alive" and "captured" not in g.p("harkonnen")
    assert problems(state) == []


def test_the_basic_game_captures_nobody():
    state = new("harkonnen", "emperor", modules=())
    battle(state, "harkonnen", "emperor")
    fight(state, {"leader": "feyd-rautha", "dial": 3}, {"leader": "bashar", "dial": 2})
    assert RULES.prompt(state)["kind"] != "capture"


def test_prison_break_when_the_harkonnen_leaders_are_all_dead():
    state = new("harkonnen", "emperor")
    g = battle(state, "harkonnen", "emperor")
    fight(state, {"leader": "feyd-rautha", "dial": 3}, {"leader": "bashar", "dial": 2})
    chance(state, "capture", player="harkonnen", leader="caid")
    act(state, "harkonnen", "keep")
    for ld in ("beast-rabban", "piter-de-vries", "captain-iakin-nefud", "umman-kudu"):
        g.p("harkonnen")["leaders"][ld] = "tanks"
    g.p("harkonnen")["fought"] = {}
    battle(state, "harkonnen", "emperor", turn=3)
    # Feyd-Rautha dies to a poison weapon: the Harkonnen have no leader left, the captive goes home
    g.p("emperor")["hand"].append("chaumas")
    state["treachery"]["deck"].remove("chaumas")
    fight(state, {"leader": "feyd-rautha", "dial": 4}, {"leader": "burseg", "dial": 0, "weapon": "chaumas"})
    assert g.p("harkonnen")["leaders"]["feyd-rautha"] == "tanks"
    assert g.p("emperor")["leaders"]["caid"] == "alive" and "captured" not in g.p("harkonnen")
    assert problems(state) == []


def test_a_karama_stops_a_capture_while_the_choice_is_pending():
    state = new("harkonnen", "emperor")
    g = battle(state, "harkonnen", "emperor")
    g.p("emperor")["hand"].append("karama")
    state["treachery"]["deck"].remove("karama")
    fight(state, {"leader": "feyd-rautha", "dial": 3}, {"leader": "bashar", "dial": 2})
    chance(state, "capture", player="harkonnen", leader="caid")
    act(state, "emperor", "play", card="karama", against="harkonnen-capture")
    assert refused(state, "harkonnen", "keep").code == "dune.not-offered"
    act(state, "harkonnen", "pass")
    assert g.p("emperor")["leaders"]["caid"] == "alive" and problems(state) == []


# --- spice support (support.py; rulings dune.advanced-spice-support, dune.engine-spice-support) --------------
def test_unsupported_forces_count_half_and_the_support_goes_to_the_bank():
    state = new("harkonnen", "bene-gesserit")
    g = battle(state, "harkonnen", "bene-gesserit")
    act(state, "bene-gesserit", "pass")  # no Voice
    # Harkonnen: Feyd-Rautha 6 + 4 unsupported forces (2) = 8; Bene Gesserit: 5 + 4 supported forces = 9
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=4)
    assert refused(state, "bene-gesserit", "plan", leader="wanna-yueh", dial=2, spice=3).code == "dune.bad-support"
    bank, bg = state["bank"], g.p("bene-gesserit")["spice"]
    act(state, "bene-gesserit", "plan", leader="wanna-yueh", dial=4, spice=4)
    assert g.p("bene-gesserit")["spice"] == bg - 4 and problems(state) == []  # on the wheel
    act(state, "harkonnen", "pass")
    out = act(state, "bene-gesserit", "pass")
    assert "dune.engine-spice-support" in out.rulings
    assert g.forces_in("the-great-flat", "harkonnen") == 0 and g.forces_in("the-great-flat", "bene-gesserit") == 0
    assert state["bank"] == bank + 4 - 2 and problems(state) == []  # less Carthag's 2 to the Harkonnen


def test_without_support_the_same_dials_lose_the_battle():
    state = new("harkonnen", "bene-gesserit")
    battle(state, "harkonnen", "bene-gesserit")
    act(state, "bene-gesserit", "pass")
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=4)  # 6 + 2
    act(state, "bene-gesserit", "plan", leader="wanna-yueh", dial=4)  # 5 + 2
    act(state, "harkonnen", "pass")
    act(state, "bene-gesserit", "pass")
    assert Game(state).forces_in("the-great-flat", "bene-gesserit") == 0


def test_fremen_need_no_support_and_the_basic_game_knows_none():
    state = new("harkonnen", "fremen")
    battle(state, "harkonnen", "fremen")
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=4, spice=4)  # 1 + 4
    assert refused(state, "fremen", "plan", leader="chani", dial=3, spice=1).code == "dune.bad-support"
    act(state, "fremen", "plan", leader="chani", dial=4)  # 2 + 4 at full strength: 6 > 5
    act(state, "harkonnen", "pass")
    act(state, "fremen", "pass")
    assert Game(state).forces_in("the-great-flat", "harkonnen") == 0
    basic = new("harkonnen", "emperor", modules=())
    battle(basic, "harkonnen", "emperor")
    assert refused(basic, "harkonnen", "plan", leader="umman-kudu", dial=2, spice=1).code == "dune.no-spice-support"


def test_a_winner_by_treachery_keeps_its_support():
    state = new("harkonnen", "emperor")
    g = battle(state, "harkonnen", "emperor")
    g.p("harkonnen")["traitors"] = ["bashar"]
    state["traitor_deck"].remove("bashar")
    spice = g.p("harkonnen")["spice"]
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=2, spice=2)
    act(state, "emperor", "plan", leader="bashar", dial=1, spice=1)
    act(state, "harkonnen", "call-traitor")
    act(state, "emperor", "pass")
    assert g.p("harkonnen")["spice"] == spice + 2  # its own 2 back, and the traitor's strength
    assert problems(state) == []


# --- the double spice blow (spice.py; rulings dune.advanced-double-blow, dune.engine-double-blow) ----------
def _blow(state, turn=2):
    state["turn"], state["storm"] = turn, 0
    state["stack"] = [{"t": "flow", "phase": "charity"}]
    from adjudicator.dune.spice import start_blow
    g = Game(state)
    start_blow(g)
    return g


def test_two_cards_are_turned_each_on_its_own_pile():
    state = new("harkonnen", "emperor")
    g = _blow(state)
    assert RULES.prompt(state) == {"by": "chance", "kind": "spice-card", "pile": "a"}
    out = chance(state, "spice-card", card="the-great-flat")
    assert "dune.engine-double-blow" in out.rulings
    assert RULES.prompt(state)["pile"] == "b"
    chance(state, "spice-card", card="cielago-north")
    d = state["spice_deck"]
    assert d["discard"] == ["the-great-flat"] and d["discard_b"] == ["cielago-north"]
    assert g.state["spice"] and problems(state) == []


def test_a_worm_devours_the_territory_of_its_own_pile():
    state = new("harkonnen", "emperor")
    g = _blow(state)
    d = state["spice_deck"]
    for card, pile in (("the-great-flat", "discard"), ("cielago-north", "discard_b")):
        d["deck"].remove(card)
        d[pile].append(card)
    worm = next(c for c in d["deck"] if g.c.spice_cards[c]["kind"] != "territory")
    move_forces(g, "emperor", "the-great-flat@14", 3)
    move_forces(g, "harkonnen", "cielago-north@1", 3)
    chance(state, "spice-card", card=next(c for c in d["deck"] if g.c.spice_cards[c]["kind"] == "territory"
                                           and c not in ("the-great-flat", "cielago-north")))
    chance(state, "spice-card", card=worm)  # pile B: Cielago North, not the Great Flat
    assert g.forces_in("cielago-north", "harkonnen") == 0 and g.forces_in("the-great-flat", "emperor") == 3
    assert problems(state) == []


def test_the_basic_game_turns_one_card():
    state = new("harkonnen", "emperor", modules=())
    _blow(state)
    assert RULES.prompt(state) == {"by": "chance", "kind": "spice-card"} and "discard_b" not in state["spice_deck"]


# --- force kinds (forces.py; ruling dune.engine-force-kinds) ------------------------------------------------
def test_sardaukar_start_in_reserves_and_are_shipped_by_name():
    state = new("emperor", "harkonnen")
    g = Game(state)
    assert g.p("emperor")["elite"] == {"sardaukar": {"reserves": 5, "tanks": 0, "map": {}}}
    assert "elite" not in new("emperor", "harkonnen", modules=())["players"]["emperor"]  # basic: all ordinary
    state["turn"] = 2
    state["stack"] = [{"t": "flow", "phase": "battle"}, {"t": "decide", "kind": "ship", "player": "emperor"}]
    err = refused(state, "emperor", "ship", to="arrakeen@9", count=3, kinds={"sardaukar": 4})
    assert err.code == "dune.bad-kinds" and err.rulings == ("dune.engine-force-kinds",)
    assert refused(state, "emperor", "ship", to="arrakeen@9", count=3, kinds={"fedaykin": 1}).code == "dune.bad-kinds"
    act(state, "emperor", "ship", to="arrakeen@9", count=3, kinds={"sardaukar": 2})
    assert g.p("emperor")["elite"]["sardaukar"] == {"reserves": 3, "tanks": 0, "map": {"arrakeen@9": 2}}
    assert problems(state) == []


def _with_sardaukar(state, g, where, n, elite):
    move_forces(g, "emperor", where, n)
    e = g.p("emperor")["elite"]["sardaukar"]
    e["reserves"] -= elite
    e["map"][where] = elite


def test_sardaukar_count_double_but_single_against_the_fremen():
    for enemy, leader, emperor_wins in (("harkonnen", "piter-de-vries", True), ("fremen", "shadout-mapes", False)):
        state = new("emperor", enemy)
        g = Game(state)
        state["storm"], state["order"], state["turn"] = 0, ["emperor", enemy], 2
        state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
        _with_sardaukar(state, g, "the-great-flat@14", 3, 3)
        move_forces(g, enemy, "the-great-flat@14", 5)
        RULES.settle(g)
        act(state, "emperor", "battle", territory="the-great-flat", opponent=enemy)
        # Emperor: Bashar 2 + 3 supported Sardaukar (6, or 3 against the Fremen) = 8 or 5
        act(state, "emperor", "plan", leader="bashar", dial=3, spice=3, kinds={"sardaukar": 3})
        # the enemy: 3 + 4 forces (supported, or Fremen at full strength) = 7
        act(state, enemy, "plan", leader=leader, dial=4, **({} if enemy == "fremen" else {"spice": 4}))
        act(state, "emperor", "pass")
        act(state, enemy, "pass")
        emperor_left = g.forces_in("the-great-flat", "emperor")
        assert (emperor_left == 0 and g.p("emperor")["elite"]["sardaukar"]["tanks"] == 3) and (
            g.forces_in("the-great-flat", enemy) == (0 if emperor_wins else 1)), enemy
        assert problems(state) == []


def test_one_fedaykin_is_revived_a_turn():
    state = new("fremen", "harkonnen")
    g = Game(state)
    e = g.p("fremen")["elite"]["fedaykin"]
    assert e["reserves"] == 3
    g.p("fremen")["reserves"] -= 6  # three Fedaykin and three others in the Tanks
    g.p("fremen")["tanks"] += 6
    e["reserves"], e["tanks"] = 0, 3
    state["turn"] = 2
    state["stack"] = [{"t": "flow", "phase": "shipment-movement"}, {"t": "decide", "kind": "revive",
                                                                      "player": "fremen"}]
    offers = [a.data for a in RULES.legal_actions(state)]
    assert {"by": "fremen", "do": "revive", "forces": 2, "kinds": {"fedaykin": 1}} in offers
    assert not any(a.get("kinds", {}).get("fedaykin", 0) > 1 for a in offers)
    assert refused(state, "fremen", "revive", forces=2, kinds={"fedaykin": 2}).code == "dune.not-offered"
    act(state, "fremen", "revive", forces=1, kinds={"fedaykin": 1})
    assert e == {"reserves": 1, "tanks": 2, "map": {}} and problems(state) == []


def test_the_audit_reads_and_counts_special_forces():
    state = new("emperor", "harkonnen")
    assert RULES.audit(state) == []
    state["players"]["emperor"]["elite"]["sardaukar"]["reserves"] = 4  # one Sardaukar lost
    assert [(p["pointer"], p["code"]) for p in RULES.audit(state)] == [("/players/emperor", "not-conserved")]
    state["players"]["emperor"]["elite"]["fedaykin"] = {"reserves": 0, "tanks": 0, "map": {}}
    assert RULES.audit(state)[0]["pointer"] == "/players/emperor/elite/fedaykin"


# --- the Kwisatz Haderach (factions/atreides.py; rulings dune.atreides-kwisatz, dune.engine-kwisatz) --------
def _atreides_battle(state, where="the-great-flat@14", turn=2):
    g = battle(state, "atreides", "harkonnen", where=where, turn=turn)
    act(state, "atreides", "pass")  # no prescience
    return g


def test_the_kwisatz_haderach_wakes_after_seven_forces_lost_in_battle():
    state = new("atreides", "harkonnen")
    g = _atreides_battle(state)
    assert g.p("atreides")["kwisatz"] == {"lost": 0, "awake": False, "used": None, "dead": False}
    err = refused(state, "atreides", "plan", leader="duncan-idaho", dial=0, kwisatz=True)
    assert err.code == "dune.no-kwisatz" and "dune.engine-kwisatz" in err.rulings
    act(state, "atreides", "plan", leader="duncan-idaho", dial=0)
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=4, spice=4)
    act(state, "atreides", "pass")
    act(state, "harkonnen", "pass")  # the Atreides lose their 5 forces there
    assert g.p("atreides")["kwisatz"]["lost"] == 5 and not g.p("atreides")["kwisatz"]["awake"]
    g.p("atreides")["kwisatz"]["lost"] = 6
    g.p("harkonnen")["fought"] = {}
    _atreides_battle(state, turn=3)
    act(state, "atreides", "plan", leader="gurney-halleck", dial=0)
    act(state, "harkonnen", "plan", leader="beast-rabban", dial=1)
    act(state, "atreides", "pass")
    act(state, "harkonnen", "pass")
    assert g.p("atreides")["kwisatz"]["awake"] and problems(state) == []


def test_the_kwisatz_haderach_adds_two_keeps_its_leader_loyal_and_fights_in_one_territory_a_turn():
    state = new("atreides", "harkonnen")
    g = _atreides_battle(state)
    g.p("atreides")["kwisatz"].update(lost=7, awake=True)
    g.p("harkonnen")["traitors"] = ["duncan-idaho"]
    state["traitor_deck"].remove("duncan-idaho")
    # Atreides: Duncan 2 + 2 + 2 supported forces = 6; Harkonnen: Rabban 4 + 1 supported = 5
    act(state, "atreides", "plan", leader="duncan-idaho", dial=2, spice=2, kwisatz=True)
    act(state, "harkonnen", "plan", leader="beast-rabban", dial=1, spice=1)
    act(state, "atreides", "pass")
    assert refused(state, "harkonnen", "call-traitor").code == "dune.not-offered"  # loyal beside the Kwisatz
    act(state, "harkonnen", "pass")
    assert g.forces_in("the-great-flat", "harkonnen") == 0 and g.forces_in("the-great-flat", "atreides") == 3
    assert g.p("atreides")["kwisatz"]["used"] == [2, "the-great-flat"]
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
    state["turn"] = 2  # still the same Battle phase
    move_forces(g, "harkonnen", "arrakeen@9", 2)
    RULES.settle(g)
    act(state, "atreides", "battle", territory="arrakeen", opponent="harkonnen")
    act(state, "atreides", "pass")
    err = refused(state, "atreides", "plan", leader="gurney-halleck", dial=1, kwisatz=True)
    assert err.code == "dune.no-kwisatz" and "one territory a turn" in str(err)
    assert problems(state) == []


def test_the_cities_and_tueks_sietch_pay_their_occupants_at_collection():
    state = new("atreides", "harkonnen", "spacing-guild")
    g = Game(state)
    move_forces(g, "atreides", "carthag@10", 1)  # Carthag: the Harkonnen and the Atreides
    spice = {q: g.p(q)["spice"] for q in g.seats}
    state["stack"] = [{"t": "flow", "phase": "mentat-pause"}, {"t": "auto", "kind": "collect"}]
    state["turn"] = 2
    RULES.settle(g)
    gained = {q: g.p(q)["spice"] - spice[q] for q in g.seats}
    assert gained == {"atreides": 4, "harkonnen": 2, "spacing-guild": 1} and problems(state) == []
    basic = new("atreides", "harkonnen", modules=())
    g = Game(basic)
    spice = g.p("atreides")["spice"]
    basic["stack"] = [{"t": "flow", "phase": "mentat-pause"}, {"t": "auto", "kind": "collect"}]
    RULES.settle(g)
    assert g.p("atreides")["spice"] == spice


# --- the Storm deck (storm.py; ruling dune.engine-storm-deck) ------------------------------------------------
def _storm_phase(state, turn=2):
    from adjudicator.dune.storm import start_storm
    state["turn"], state["storm"] = turn, 0
    state["stack"] = [{"t": "flow", "phase": "spice-blow"}]
    g = Game(state)
    start_storm(g)
    return g


def test_with_the_fremen_a_storm_card_moves_the_storm_from_turn_two():
    state = new("fremen", "harkonnen")
    _storm_phase(state)
    assert RULES.prompt(state) == {"by": "chance", "kind": "storm-card"}
    with pytest.raises(IllegalAction) as err:
        chance(state, "storm-card", value=7)
    assert err.value.code == "dune.storm-dial-out-of-range" and "dune.engine-storm-deck" in err.value.rulings
    with pytest.raises(IllegalAction):
        chance(state, "storm-dial", player="fremen", value=2)  # no dials
    chance(state, "storm-card", value=5)
    act(state, state["order"][0], "pass")
    act(state, state["order"][1], "pass")
    assert state["storm"] == 5


def test_without_the_fremen_or_in_the_basic_game_the_dials_move_it():
    for state in (new("atreides", "harkonnen"), new("fremen", "harkonnen", modules=())):
        _storm_phase(state)
        assert RULES.prompt(state)["kind"] == "storm-dial"


# --- special Karama powers (modules/advanced/karama_powers.py; ruling dune.engine-karama-powers) ---------------
def _give(g, pid, card):
    g.state["treachery"]["deck"].remove(card)
    g.p(pid)["hand"].append(card)
    g.p(pid)["hand"].sort()


def test_the_emperor_revives_free_once_a_game():
    state = new("emperor", "harkonnen")
    g = Game(state)
    state["turn"] = 2
    state["stack"] = [{"t": "flow", "phase": "battle"}, {"t": "decide", "kind": "move", "player": "harkonnen"}]
    g.p("emperor")["reserves"] -= 4
    g.p("emperor")["tanks"] += 4
    _give(g, "emperor", "karama")
    # GF9 rulebook, Advanced Game: Faction Karama Power (1.14.02): in the Revival phase only
    assert refused(state, "emperor", "play", card="karama", power=True, forces=3).code == "dune.karama-window"
    state["phase"] = "revival"
    state["stack"] = [{"t": "flow", "phase": "shipment-movement"},
                      {"t": "decide", "kind": "revive", "player": "emperor"}]
    assert refused(state, "emperor", "play", card="karama", power=True, forces=4).code == "dune.karama-window"
    spice = g.p("emperor")["spice"]
    out = act(state, "emperor", "play", card="karama", power=True, forces=3)
    assert "dune.engine-karama-powers" in out.rulings and g.p("emperor")["tanks"] == 1
    assert g.p("emperor")["spice"] == spice and g.p("emperor")["karama_power"] and problems(state) == []
    _give(g, "emperor", "karama")
    assert refused(state, "emperor", "play", card="karama", power=True, forces=1).code == "dune.no-karama-power"
    basic = new("emperor", "harkonnen", modules=())
    gb = Game(basic)
    basic["turn"] = 2
    basic["stack"] = [{"t": "flow", "phase": "battle"}, {"t": "decide", "kind": "move", "player": "harkonnen"}]
    gb.p("emperor")["reserves"] -= 1
    gb.p("emperor")["tanks"] += 1
    _give(gb, "emperor", "karama")
    assert refused(basic, "emperor", "play", card="karama", power=True, forces=1).code == "dune.no-karama-power"


def test_the_guild_stops_one_shipment_from_off_planet():
    state = new("spacing-guild", "atreides")
    g = Game(state)
    state["turn"] = 2
    state["stack"] = [{"t": "flow", "phase": "battle"}, {"t": "decide", "kind": "ship", "player": "atreides"}]
    _give(g, "spacing-guild", "karama")
    act(state, "spacing-guild", "play", card="karama", power=True)
    assert refused(state, "atreides", "ship", to="arrakeen@9", count=1).code == "dune.advantage-stopped"
    assert [a.data for a in RULES.legal_actions(state) if a.do == "ship"] == []
    act(state, "atreides", "pass")
    assert problems(state) == []


def test_the_atreides_see_the_whole_plan_of_their_opponent():
    state = new("atreides", "harkonnen")
    g = battle(state, "harkonnen", "atreides")
    _give(g, "atreides", "karama")
    assert RULES.prompt(state)["kind"] == "prescience"
    act(state, "atreides", "play", card="karama", power=True)
    assert state["battle"]["plan_seen"] == "harkonnen"
    act(state, "atreides", "pass")  # no prescience on top
    assert RULES.prompt(state) == {"by": "harkonnen", "kind": "plan", "verbs": ["plan"]}  # the opponent first
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1)
    assert RULES.prompt(state)["by"] == "atreides"


# --- the Fremen place a later Shai-Hulud (factions/fremen.py; rulings dune.fremen-worm-placement,
# dune.engine-worm-placement) -----------------------------------------------------------------------------
def _two_worms(state):
    g = _blow(state)
    d = state["spice_deck"]
    d["deck"].remove("the-great-flat")
    d["discard"].append("the-great-flat")
    return g, [c for c in d["deck"] if g.c.spice_cards[c]["kind"] == "shai-hulud"]


def test_the_fremen_place_a_later_shai_hulud_in_a_sand_territory():
    state = new("fremen", "harkonnen")
    g, worms = _two_worms(state)
    move_forces(g, "harkonnen", "the-great-flat@14", 2)
    move_forces(g, "harkonnen", "funeral-plain@14", 3)
    move_forces(g, "harkonnen", "old-gap@9", 4)
    chance(state, "spice-card", card=worms[0])  # the first goes where the basic rule says
    assert g.forces_in("the-great-flat", "harkonnen") == 0 and RULES.prompt(state)["kind"] != "place-worm"
    chance(state, "spice-card", card=worms[1])
    assert RULES.prompt(state)["kind"] == "place-worm" and RULES.prompt(state)["by"] == "fremen"
    assert g.forces_in("funeral-plain", "harkonnen") == 3  # nothing devoured before the choice
    err = refused(state, "fremen", "place-worm", territory="arrakeen")  # a city: no worm there
    assert err.code == "dune.not-offered"
    out = act(state, "fremen", "place-worm", territory="funeral-plain")
    assert "dune.engine-worm-placement" in out.rulings and out.verdict == "legal"
    assert g.forces_in("funeral-plain", "harkonnen") == 0 and g.forces_in("old-gap", "harkonnen") == 4
    assert problems(state) == []


def test_a_fremen_pass_or_a_karama_leaves_the_later_worm_where_the_basic_rule_puts_it():
    state = new("fremen", "harkonnen")
    g, worms = _two_worms(state)
    chance(state, "spice-card", card=worms[0])
    move_forces(g, "harkonnen", "the-great-flat@14", 2)
    chance(state, "spice-card", card=worms[1])
    act(state, "fremen", "pass")
    assert g.forces_in("the-great-flat", "harkonnen") == 0 and problems(state) == []
    state = new("fremen", "harkonnen")
    g, worms = _two_worms(state)
    g.p("harkonnen")["hand"].append("karama")
    state["treachery"]["deck"].remove("karama")
    chance(state, "spice-card", card=worms[0])
    chance(state, "spice-card", card=worms[1])
    act(state, "harkonnen", "play", card="karama", against="fremen-worm-placement")
    assert [a.data["do"] for a in RULES.legal_actions(state)] == ["pass"]


def test_no_placement_in_the_basic_game_nor_without_the_fremen():
    for factions, modules in ((("fremen", "harkonnen"), ()), (("atreides", "harkonnen"), ("advanced",))):
        state = new(*factions, modules=modules)
        g, worms = _two_worms(state)
        chance(state, "spice-card", card=worms[0])
        move_forces(g, "harkonnen", "the-great-flat@14", 2)
        chance(state, "spice-card", card=worms[1])
        assert RULES.prompt(state)["kind"] != "place-worm"
        assert g.forces_in("the-great-flat", "harkonnen") == 0 and problems(state) == []


# --- the Kwisatz Haderach's revival (factions/atreides.py; ruling dune.engine-kwisatz-revival) -------------
def _atreides_revival(state, leaders_dead):
    state["turn"], state["storm"] = 3, 0
    state["stack"] = [{"t": "flow", "phase": "revival"}, {"t": "decide", "kind": "revive", "player": "atreides"}]
    g = Game(state)
    pl = g.p("atreides")
    pl["reserves"] -= 2
    pl["tanks"] += 2
    for leader in sorted(pl["leaders"])[:leaders_dead]:
        pl["leaders"][leader] = "tanks"
    pl["kwisatz"].update(awake=True, dead=True, lost=9)
    return g


def test_the_dead_kwisatz_haderach_is_revived_as_a_leader_once_all_leaders_are_dead():
    state = new("atreides", "harkonnen")
    g = _atreides_revival(state, 5)
    offers = [a.data for a in RULES.legal_actions(state)]
    assert {"by": "atreides", "do": "revive", "forces": 2, "leader": "kwisatz-haderach"} in offers
    spice = g.p("atreides")["spice"]
    out = act(state, "atreides", "revive", forces=2, leader="kwisatz-haderach")  # 2 forces free, 2 for it
    assert "dune.engine-kwisatz-revival" in out.rulings and out.verdict == "legal"
    assert g.p("atreides")["spice"] == spice - 2
    assert g.p("atreides")["kwisatz"] == {"lost": 9, "awake": True, "used": None, "dead": False}
    assert all(s == "tanks" for s in g.p("atreides")["leaders"].values())  # one leader a turn: the others wait
    assert "kwisatz-haderach" not in g.p("atreides")["leaders"] and problems(state) == []
    action = {"by": "atreides", "do": "revive", "forces": 1, "leader": "Kwisatz Haderach"}  # a log may spell it
    assert RULES.normalize(action, "/actions/0", ["atreides", "harkonnen"])["leader"] == "kwisatz-haderach"


def test_the_kwisatz_haderach_stays_dead_while_a_leader_lives_and_the_revival_is_judged():
    state = new("atreides", "harkonnen")
    g = _atreides_revival(state, 4)
    assert refused(state, "atreides", "revive", forces=2, leader="kwisatz-haderach").code == "dune.not-offered"
    out = act(state, "atreides", "revive", forces=2)
    assert out.verdict == "legal" and out.code == "ok" and g.p("atreides")["kwisatz"]["dead"]
    basic = new("atreides", "harkonnen", modules=())
    state = basic
    state["turn"], state["stack"] = 3, [{"t": "flow", "phase": "revival"},
                                        {"t": "decide", "kind": "revive", "player": "atreides"}]
    g = Game(state)
    for leader in g.p("atreides")["leaders"]:
        g.p("atreides")["leaders"][leader] = "tanks"
    assert not any(a.data.get("leader") == "kwisatz-haderach" for a in RULES.legal_actions(state))


# --- Fremen storm migration (factions/fremen.py; rulings dune.fremen-storm-migration,
# dune.engine-storm-migration) ------------------------------------------------------------------------------
def _fremen_ship(state, faction="fremen", storm=14):
    state["turn"], state["storm"] = 2, storm
    state["stack"] = [{"t": "flow", "phase": "shipment-movement"}, {"t": "decide", "kind": "ship", "player": faction}]
    return Game(state)


def test_fremen_bring_reserves_into_the_storm_and_lose_half_rounded_up():
    state = new("fremen", "harkonnen")
    g = _fremen_ship(state)
    e = g.p("fremen")["elite"]["fedaykin"]
    tanks = g.p("fremen")["tanks"]
    out = act(state, "fremen", "ship", to="the-great-flat@14", count=5, kinds={"fedaykin": 2})
    assert out.verdict == "legal" and "dune.engine-storm-migration" in out.rulings
    assert g.forces("the-great-flat@14", "fremen") == 2 and g.p("fremen")["tanks"] == tanks + 3
    assert e["map"] == {"the-great-flat@14": 2} and e["tanks"] == 0  # ordinary forces go first
    assert problems(state) == []


def test_outside_the_storm_or_in_the_basic_game_or_for_others_no_migration():
    state = new("fremen", "harkonnen")
    g = _fremen_ship(state, storm=0)
    act(state, "fremen", "ship", to="the-great-flat@14", count=5)
    assert g.forces("the-great-flat@14", "fremen") == 5
    basic = new("fremen", "harkonnen", modules=())
    _fremen_ship(basic)
    assert refused(basic, "fremen", "ship", to="the-great-flat@14", count=4).code == "dune.ship-into-storm"
    other = new("harkonnen", "fremen")
    _fremen_ship(other, "harkonnen")
    assert refused(other, "harkonnen", "ship", to="the-great-flat@14", count=1).code == "dune.ship-into-storm"


def test_four_dead_and_one_captured_revive_normally_without_the_expansion():
    """Seed 002 paragraph 44's clarification holds in every game (reading dune.engine-capture): a
    faction whose leaders are all dead or held captive revives a dead one normally."""
    state = new("atreides", "harkonnen")
    g = _atreides_revival(state, 4)
    alive = next(ld for ld, s in g.p("atreides")["leaders"].items() if s == "alive")
    g.p("atreides")["leaders"][alive] = "captured"
    g.p("harkonnen")["captured"] = {alive: "atreides"}
    dead = sorted(ld for ld, s in g.p("atreides")["leaders"].items() if s == "tanks")
    offers = [a.data for a in RULES.legal_actions(state)]
    assert {"by": "atreides", "do": "revive", "forces": 0, "leader": dead[0]} in offers
    assert {"by": "atreides", "do": "revive", "forces": 0, "leader": alive} not in offers  # held, not dead
    out = act(state, "atreides", "revive", forces=2, leader=dead[0])
    assert "dune.revival-leaders" in out.rulings and g.p("atreides")["leaders"][dead[0]] == "alive"
    assert g.p("atreides")["leaders"][alive] == "captured" and problems(state) == []
