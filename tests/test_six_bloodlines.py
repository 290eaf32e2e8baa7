"""Six-player Uprising with Bloodlines and its Tech Module (Bloodlines rules manual p. 10; issue #31
item 10): the Sardaukar Commanders' six-player setup, Muad'Dib's team boxing a Commander for an
Intrigue card, Shaddam's Commanders recruited for his activated Ally, the clarifications (a
Commander's Alliance, the Tech tiles) and our readings six.bloodlines-shaddam-no-ally and
six.bloodlines-acquirer-tiles. Each case from the page's words, legal and illegal sides."""

import copy

import pytest
from six_helpers import RULES, apply, game_doc, give, step, turn_of

from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import replay
from adjudicator.imperium.effects import advance_steps
from adjudicator.imperium.game import Game
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.modules.bloodlines.commanders import recruit_error
from adjudicator.imperium.modules.six_players import teams as six
from adjudicator.imperium.steps import run
from adjudicator.simulate import simulate

BL = ("choam", "bloodlines")
TECH = ("choam", "bloodlines", "tech")
FIVE = ["assembly-hall", "deliver-supplies", "gather-support", "high-council", "military-support"]


def new_game(modules=BL, seed=1):
    return RULES.new_state(game_doc(modules=modules), {"seed": seed})


def steps_now(state, pid, steps, src):
    g = Game(state)
    run(g, pid, steps, src)
    advance_steps(g, g.top)
    RULES.settle(g)
    return g


def refused(state, code, ruling, **action):
    with pytest.raises(IllegalAction) as err:
        apply(copy.deepcopy(state), **action)
    assert err.value.code == code, err.value
    assert ruling in err.value.rulings, err.value.rulings
    return err.value


# --- setup (p. 10) -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("modules", [BL, TECH])
def test_six_player_bloodlines_is_accepted_p10(modules):
    state = new_game(modules)
    assert state["game"]["modules"] == sorted(modules)


def test_setup_five_board_spaces_the_sardaukar_space_and_the_bank_p10():
    """Five Commanders on Military Support, Deliver Supplies, High Council, Assembly Hall and
    Gather Support, the sixth on the Sardaukar space of the Emperor board, the last in the bank."""
    state = new_game()
    assert state["board"]["commanders"] == sorted([*FIVE, "sardaukar"])
    assert state["commanders"] == {"bank": 1, "box": 0}
    assert Game(state).space("sardaukar")["commander"] == "shaddam"  # on Shaddam's own board


def test_setup_leaves_out_both_fierce_skills_p10():
    state = RULES.new_state(game_doc(modules=BL), {})  # no seed: the Skills wait to be recorded
    skills = state["skills"]
    assert "skill-fierce" not in skills["stack"] + skills["face_up"]
    state = new_game()
    assert "skill-fierce" not in state["skills"]["stack"] + state["skills"]["face_up"]


def test_a_fierce_skill_recorded_in_the_six_player_game_is_refused_p10():
    state = RULES.new_state(game_doc(modules=BL), {})
    while state["stack"][-1].get("kind") != "deal-skill":
        step(state)
    refused(state, "chance.card-not-available", "six.bloodlines-setup", by="chance", do="deal-skill",
            skill="skill-fierce")


# --- Muad'Dib's team: 2 spice, an Intrigue card, the Commander to the box (p. 10) ---------------------------
def _muaddib_ally_at_military_support(spice):
    state = new_game()
    ally = turn_of(state, lambda g, q: six.team_of(g, q) == "muad-dib" and not six.is_commander(g, q))
    state["players"][ally]["spice"] = spice
    give(state, ally, "seek-allies", "military-support")
    apply(state, by=ally, do="send-agent", card="seek-allies", space="military-support")
    return state, ally


def test_muaddib_team_pays_2_spice_for_an_intrigue_card_and_boxes_the_commander_p10():
    state, ally = _muaddib_ally_at_military_support(spice=4)  # 2 for the space, 2 for the Commander
    pl = state["players"][ally]
    solari, intrigue = pl["solari"], len(pl["intrigue"])
    apply(state, by=ally, do="resolve", effect="commander:military-support")
    task = state["stack"][-1]
    assert task["kind"] == "commander-to-box"  # never the Solari purchase of the other players
    out = apply(state, by=ally, do="choose", option="pay")
    while state["stack"][-1]["t"] == "chance":
        step(state)
    assert pl["spice"] == 0 and pl["solari"] == solari and len(pl["intrigue"]) == intrigue + 1
    assert "military-support" not in state["board"]["commanders"] and state["commanders"]["box"] == 1
    assert pl["commanders"] == {"supply": 0, "garrison": 0, "conflict": 0} and pl["skills"] == []
    assert "six.bloodlines-muaddib-commanders" in out.rulings
    assert [v for v in violations(state) if "ommander" in v] == []  # the seven conserved


def test_muaddib_team_without_2_spice_leaves_the_commander_p10():
    state, ally = _muaddib_ally_at_military_support(spice=2)  # the space takes both
    apply(state, by=ally, do="resolve", effect="commander:military-support")
    assert "military-support" in state["board"]["commanders"]
    assert state["players"][ally]["commanders"]["garrison"] == 0


def test_muaddib_team_never_recruits_a_commander_p10():
    state, ally = _muaddib_ally_at_military_support(spice=4)
    state["players"][ally]["commanders"]["supply"] = 1  # even one in the supply (a hand-made position)
    state["players"][ally]["solari"] = 5
    err = recruit_error(Game(state), ally, {})
    assert err.code == "six.bloodlines-no-commanders" and "six.bloodlines-muaddib-commanders" in err.rulings
    refused(state, "six.bloodlines-no-commanders", "six.bloodlines-muaddib-commanders", by=ally,
            do="recruit-commander")


def test_muaddib_team_gains_nothing_from_sardaukar_standard_p10():
    state = new_game()
    muaddib = six.teams(Game(state))["muad-dib"]["commander"]
    g = steps_now(state, muaddib, [{"custom": "acquire-bank-commander"}], "trashed:sardaukar-standard")
    assert state["commanders"]["bank"] == 1 and "six.bloodlines-muaddib-commanders" in g.rulings
    assert all(sum(pl["commanders"].values()) == 0 for pl in state["players"].values())


# --- Shaddam: recruited for his activated Ally (p. 10) --------------------------------------------------------
def _shaddam_at_sardaukar(solari=2, tile=None):
    state = new_game(TECH if tile else BL)
    shaddam = turn_of(state, lambda g, q: q == "s")
    pl = state["players"][shaddam]
    pl["spice"], pl["solari"] = 3, solari
    if tile:
        tech = state["tech"]
        where = tech["face_up"].index(tile) if tile in tech["face_up"] else None
        if where is not None:
            tech["face_up"][where] = None
        else:
            tech["pool"].remove(tile)
            i = max(range(3), key=lambda k: tech["stacks"][k])
            tech["stacks"][i] -= 1
        pl["tech"] = [{"id": tile, "flipped": False}]
    give(state, shaddam, "seek-allies", "sardaukar")
    apply(state, by=shaddam, do="send-agent", card="seek-allies", space="sardaukar", token="left")
    return state, shaddam, state["turn"]["activated"]


def test_shaddams_commander_goes_to_his_activated_ally_who_chooses_the_skill_p10():
    state, shaddam, ally = _shaddam_at_sardaukar()
    apply(state, by=shaddam, do="resolve", effect="commander:sardaukar")
    out = apply(state, by=shaddam, do="choose", option="pay")
    assert state["players"][shaddam]["solari"] == 0  # Shaddam pays
    task = state["stack"][-1]
    assert task["kind"] == "skill" and task["player"] == ally  # the Ally chooses, for his supply
    skill = RULES.legal_actions(state)[0].data["skill"]
    apply(state, by=ally, do="choose", skill=skill)
    assert state["players"][ally]["skills"] == [skill] and state["players"][shaddam]["skills"] == []
    assert state["players"][ally]["commanders"]["garrison"] == 1
    assert sum(state["players"][shaddam]["commanders"].values()) == 0
    assert "six.bloodlines-shaddam-commanders" in out.rulings
    assert [v for v in violations(state) if "ommander" in v] == []  # the seven conserved


def test_shaddam_never_pays_to_recruit_one_from_a_supply_p10():
    state, shaddam, ally = _shaddam_at_sardaukar()
    state["players"][ally]["commanders"]["supply"] = 1
    state["players"][shaddam]["solari"] = 5
    refused(state, "six.bloodlines-shaddam-cannot-recruit", "six.bloodlines-shaddam-commanders", by=shaddam,
            do="recruit-commander")


def test_shaddams_ally_recruits_his_own_commander_in_his_own_turn_p10():
    state = new_game()
    ally = turn_of(state, lambda g, q: six.team_of(g, q) == "shaddam" and not six.is_commander(g, q))
    state["players"][ally]["commanders"]["supply"] = 1
    state["players"][ally]["solari"] = 2
    give(state, ally, "seek-allies", "economic-support")
    apply(state, by=ally, do="send-agent", card="seek-allies", space="economic-support")
    apply(state, by=ally, do="recruit-commander")
    assert state["players"][ally]["commanders"] == {"supply": 0, "garrison": 1, "conflict": 0}


def test_shaddam_with_no_activated_ally_acquires_nothing_reading():
    """Sardaukar Standard trashed outside Shaddam's turn (reading six.bloodlines-shaddam-no-ally):
    the bank's Commander stays; in his turn it goes to the activated Ally."""
    state = new_game()
    shaddam = six.teams(Game(state))["shaddam"]["commander"]
    g = steps_now(state, shaddam, [{"custom": "acquire-bank-commander"}], "trashed:sardaukar-standard")
    assert state["commanders"]["bank"] == 1 and "six.bloodlines-shaddam-no-ally" in g.rulings
    state, shaddam, ally = _shaddam_at_sardaukar()
    steps_now(state, shaddam, [{"custom": "acquire-bank-commander"}], "trashed:sardaukar-standard")
    assert state["commanders"]["bank"] == 0 and state["players"][ally]["commanders"]["garrison"] == 1
    assert state["stack"][-1]["kind"] == "skill" and state["stack"][-1]["player"] == ally


def test_a_commander_in_the_conflict_is_read_from_the_activated_ally():
    """A card of Shaddam's asking for a Commander in the Conflict reads his activated Ally's units
    (a Commander has none: six.shared-units)."""
    state, shaddam, ally = _shaddam_at_sardaukar()
    step_ = {"custom": "if-commander-in-conflict", "then": [{"gain": {"spice": 2}}]}
    spice = state["players"][shaddam]["spice"]
    steps_now(state, shaddam, [step_], "reveal:test")
    assert state["players"][shaddam]["spice"] == spice
    state["players"][ally]["commanders"]["conflict"] = 1
    steps_now(state, shaddam, [step_], "reveal:test")
    assert state["players"][shaddam]["spice"] == spice + 2


# --- the clarifications (p. 10) --------------------------------------------------------------------------------
def test_a_commander_takes_an_alliance_only_from_his_own_board_p10():
    """Emperor Influence raised in Shaddam's turn on the main board moves his Ally's cube; his own
    board's track is the one Alliance he can take (and so complete Earn any Alliance with)."""
    from adjudicator.imperium.influence import change_influence
    state = new_game()
    g = Game(state)
    shaddam = six.teams(g)["shaddam"]["commander"]
    change_influence(g, shaddam, "emperor", 4)
    assert state["alliances"]["emperor"] == shaddam and "six.bloodlines-earn-any-alliance" in g.rulings
    assert all(state["alliances"][f] != shaddam for f in ("great-houses", "guild", "bene-gesserit"))


def test_shaddams_high_command_lowers_his_price_reading():
    state, shaddam, ally = _shaddam_at_sardaukar(solari=1, tile="tech-sardaukar-high-command")
    apply(state, by=shaddam, do="resolve", effect="commander:sardaukar")
    out = apply(state, by=shaddam, do="choose", option="pay")
    assert state["players"][shaddam]["solari"] == 0 and state["players"][ally]["commanders"]["garrison"] == 1
    assert "six.bloodlines-acquirer-tiles" in out.rulings and "tech.acquire-effect" in out.rulings


def test_shaddams_plasteel_blades_gives_the_ally_a_second_skill_reading():
    state, shaddam, ally = _shaddam_at_sardaukar(tile="tech-plasteel-blades")
    apply(state, by=shaddam, do="resolve", effect="commander:sardaukar")
    apply(state, by=shaddam, do="choose", option="pay")
    asked = []
    while state["stack"][-1]["t"] == "choice" and state["stack"][-1]["kind"] != "turn":
        task = state["stack"][-1]
        asked.append((task["kind"], task["player"]))
        if task["kind"] == "skill":
            apply(state, by=task["player"], do="choose", skill=RULES.legal_actions(state)[0].data["skill"])
        else:
            apply(state, by=task["player"], do="choose", option=0)  # trash the tile
        while state["stack"][-1]["t"] == "chance":
            step(state)
    assert ("skill", ally) in asked and (asked.count(("skill", ally)) == 2)
    assert len(state["players"][ally]["skills"]) == 2 and state["players"][shaddam]["tech"] == []


def test_muaddib_team_may_acquire_high_command_for_its_acquire_effect_p10():
    from adjudicator.imperium.modules.tech.tech import acquire
    state = new_game(TECH)
    g = Game(state)
    muaddib = six.teams(g)["muad-dib"]["commander"]
    tile = "tech-sardaukar-high-command"
    tech = state["tech"]
    if tile not in tech["face_up"]:
        tech["pool"].remove(tile)
        tech["pool"].append(tech["face_up"][0])
        tech["face_up"][0] = tile
    state["players"][muaddib]["spice"] = 7
    vp = state["players"][muaddib]["vp"]
    acquire(g, muaddib, tile, 0)
    advance_steps(g, next(t for t in reversed(state["stack"]) if "steps" in t))
    RULES.settle(g)
    assert state["players"][muaddib]["vp"] == vp + 1 and "six.bloodlines-plasteel-high-command" in g.rulings


# --- the whole game ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("modules", [BL, TECH])
def test_a_random_six_player_bloodlines_game_replays(modules):
    log = simulate("uprising", 6, 1, modules)
    report = replay(log, snapshots="none")
    assert report["valid"] and report["result"]["finished"]
    cited = {c if isinstance(c, str) else c.get("ruling") for v in report["verdicts"] for c in v["citations"]}
    assert "six.bloodlines-muaddib-commanders" in cited
