"""Bloodlines: Sardaukar Commanders and their Skills (rules manual pp. 3-5), played through the
ruleset: the setup per edition and player count, the manual's worked examples with their
numbers (Amani's Commanders and Skills, Brennen's two Commanders, p. 4), the refusals with the
ruling each cites, the Combat icon (p. 5) and the custom steps of the cards and leaders that act
on Commanders."""

from __future__ import annotations

import pytest
from helpers import act, deal, drive, fresh

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.combat import cleanup
from adjudicator.imperium.conditions import strength, units_in_conflict
from adjudicator.imperium.game import Game
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.rules import ruleset
from adjudicator.imperium.steps import run

BL = ("bloodlines",)


def refused(rules, state, by, do, code, ruling, **args):
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, Action({"by": by, "do": do, **args}))
    assert err.value.code == code, err.value
    assert ruling in err.value.rulings, err.value.rulings
    return err.value


def hand(state, pid, cards):
    """Give `pid` exactly these cards in hand (from their hand and deck: cards stay conserved)."""
    pl = state["players"][pid]
    pool = pl["hand"] + pl["deck"]["cards"]
    for card in cards:
        pool.remove(card)
    pl["hand"], pl["deck"]["cards"] = sorted(cards), sorted(pool)
    pl["deck"].pop("top", None)


def from_imperium_deck(state, pid, card, zone="hand"):
    state["imperium_deck"]["cards"].remove(card)
    state["players"][pid][zone] = sorted(state["players"][pid][zone] + [card])


def intrigue_card(state, pid, card):
    state["intrigue_deck"]["cards"].remove(card)
    state["players"][pid]["intrigue"] = sorted(state["players"][pid]["intrigue"] + [card])


def face_up(state, skills):
    """These Skills face up (the others back in the stack)."""
    row = state["skills"]
    pool = row["stack"] + row["face_up"]
    for s in skills:
        pool.remove(s)
    row["face_up"], row["stack"] = sorted(skills), sorted(pool)


def from_box(state, pid, zone, n=1):
    """Commanders for a hand-built position, taken from the box then the bank."""
    for _ in range(n):
        where = "box" if state["commanders"]["box"] else "bank"
        state["commanders"][where] -= 1
        state["players"][pid]["commanders"][zone] += 1


def finish_effects(rules, state, pid):
    """Resolve what is left of `pid`'s turn but deploying and ending it (first answers)."""
    for _ in range(50):
        deal(rules, state)
        legal = [a for a in rules.legal_actions(state) if a.by == pid and a.do in ("resolve", "choose")]
        if not legal:
            return
        rules.apply(state, legal[0])
    raise AssertionError("effects did not settle")


def end_turn(rules, state, pid):
    finish_effects(rules, state, pid)
    act(rules, state, pid, "end-turn")


def until_turn_of(rules, state, pid):
    drive(rules, state, lambda s: s["stack"][-1]["t"] == "turn" and s["stack"][-1]["player"] == pid)


def clean(state):
    assert violations(state) == []


# --- setup (p. 3) ----------------------------------------------------------------------------------
SETUP = {
    ("uprising", 3): ["deliver-supplies", "dutiful-service", "gather-support", "high-council", "sardaukar"],
    ("uprising", 4): ["assembly-hall", "deliver-supplies", "dutiful-service", "gather-support", "high-council",
                      "sardaukar"],
    ("base", 3): ["conspire", "foldspace", "high-council", "rally-troops", "wealth"],
    ("base", 4): ["conspire", "foldspace", "hall-of-oratory", "high-council", "rally-troops", "wealth"],
}
BASE_LEADERS = ["duke-leto-atreides", "paul-atreides", "glossu-rabban", "helena-richese"]


def new_game(edition, players, seed=None):
    rules = ruleset(edition)
    leaders = BASE_LEADERS if edition == "base" else ["gurney-halleck", "lady-amber-metulli", "muad-dib",
                                                      "princess-irulan"]
    game = {"system": "imperium", "edition": edition, "modules": list(BL),
            "players": [{"id": p, "leader": lead} for p, lead in zip("abcd"[:players], leaders[:players], strict=True)]}
    return rules, rules.new_state(game, {} if seed is None else {"seed": seed})


@pytest.mark.parametrize(("edition", "players"), sorted(SETUP))
def test_setup_per_edition_and_player_count(edition, players):
    rules, state = new_game(edition, players, seed=11)
    deal(rules, state)
    assert state["board"]["commanders"] == SETUP[edition, players]
    assert state["commanders"] == {"bank": 1, "box": 1 if players == 3 else 0}
    skills = state["skills"]
    assert len(skills["face_up"]) == 4 and skills["trashed"] == []
    total = 12 if edition == "base" else 14  # both Fierce are left out with the original game
    assert len(skills["stack"]) + 4 == total
    assert ("skill-fierce" in skills["stack"] + skills["face_up"]) is (edition == "uprising")
    for pid in state["game"]["seats"]:
        assert state["players"][pid]["commanders"] == {"supply": 0, "garrison": 0, "conflict": 0}
        assert state["players"][pid]["skills"] == []
    clean(state)


def test_the_face_up_skills_are_chance_outcomes_a_log_may_record():
    rules, state = new_game("uprising", 3)
    top = [t["kind"] for t in state["stack"] if t["t"] == "chance"]
    assert top.count("deal-skill") == 4
    rules.apply(state, Action({"by": "chance", "do": "deal-skill", "skill": "skill-driven"}))
    assert state["skills"]["face_up"] == ["skill-driven"] and state["skills"]["stack"].count("skill-driven") == 1


def test_a_fierce_skill_in_an_original_game_setup_is_refused():
    rules, state = new_game("base", 3)
    refused(rules, state, "chance", "deal-skill", "chance.card-not-available", "bloodlines.setup-imperium-no-fierce",
            skill="skill-fierce")
    rules.apply(state, Action({"by": "chance", "do": "deal-skill", "skill": "skill-loyal"}))  # any other is fine


def test_plain_games_hold_no_commander_keys():
    _, state = fresh(3)
    assert "commanders" not in state and "skills" not in state and "commanders" not in state["board"]
    assert all("commanders" not in pl for pl in state["players"].values())


# --- Amani's example (p. 4) ------------------------------------------------------------------------
def amani(seed=4):
    """Red plays Amani: three Agents (a Swordmaster's), 10 Solari, the cards of the example."""
    rules, state = fresh(3, BL, seed=seed)
    pl = state["players"]["red"]
    pl["solari"], pl["agents"], pl["swordmaster"] = 10, 3, True
    hand(state, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    face_up(state, ["skill-canny", "skill-charismatic", "skill-driven", "skill-hardy"])
    return rules, state


def acquire_here(rules, state, space, skill):
    act(rules, state, "red", "resolve", effect=f"commander:{space}")
    before = state["players"]["red"]["solari"]
    act(rules, state, "red", "choose", option="pay")
    assert state["players"]["red"]["solari"] == before - 2
    act(rules, state, "red", "choose", skill=skill)


def amani_in_the_conflict():
    rules, state = amani()
    red = state["players"]["red"]
    # Agent turn 1: Dutiful Service, a Commander for 2 Solari, Driven, into the garrison
    act(rules, state, "red", "send-agent", card="diplomacy", space="dutiful-service")
    assert "commander:dutiful-service" in state["turn"]["nodes"]
    acquire_here(rules, state, "dutiful-service", "skill-driven")
    assert red["skills"] == ["skill-driven"] and red["commanders"] == {"supply": 0, "garrison": 1, "conflict": 0}
    assert "dutiful-service" not in state["board"]["commanders"] and len(state["skills"]["face_up"]) == 4
    end_turn(rules, state, "red")
    clean(state)
    until_turn_of(rules, state, "red")
    # Agent turn 2: Gather Support; a second Driven is refused, so Canny
    face_up(state, ["skill-canny", "skill-charismatic", "skill-driven", "skill-hardy"])
    act(rules, state, "red", "send-agent", card="dagger", space="gather-support")
    act(rules, state, "red", "resolve", effect="commander:gather-support")
    act(rules, state, "red", "choose", option="pay")
    offered = [a.data for a in rules.legal_actions(state)]
    assert {"by": "red", "do": "choose", "skill": "skill-canny"} in offered
    assert {"by": "red", "do": "choose", "skill": "skill-driven"} not in offered
    refused(rules, state, "red", "choose", "skill.already-held", "bloodlines.skill-choice", skill="skill-driven")
    act(rules, state, "red", "choose", skill="skill-canny")
    assert red["skills"] == ["skill-canny", "skill-driven"] and red["commanders"]["garrison"] == 2
    end_turn(rules, state, "red")
    until_turn_of(rules, state, "red")
    # a later Agent turn: Arrakeen; the troop it recruits plus both Commanders from the garrison
    act(rules, state, "red", "send-agent", card="reconnaissance", space="arrakeen")
    finish_effects(rules, state, "red")
    refused(rules, state, "red", "deploy", "deploy.limits", "bloodlines.commander-garrison",
            recruited=1, garrison=1, commanders=2)
    act(rules, state, "red", "deploy", recruited=1, garrison=0, commanders=2)
    assert red["troops"]["conflict"] == 1 and red["commanders"] == {"supply": 0, "garrison": 0, "conflict": 2}
    act(rules, state, "red", "end-turn")
    clean(state)
    # the Reveal turn: Driven gives 1 spice, not 2 (two Commanders in the Conflict)
    until_turn_of(rules, state, "red")
    act(rules, state, "red", "reveal")
    skill_nodes = [n for n in state["turn"]["nodes"] if n.startswith("skill:")]
    assert skill_nodes == ["skill:skill-driven"]  # Canny is a combat Skill
    spice = red["spice"]
    outcome = act(rules, state, "red", "resolve", effect="skill:skill-driven")
    assert red["spice"] == spice + 1 and "bloodlines.skill-driven" in outcome.rulings
    refused(rules, state, "red", "resolve", "resolve.already-resolved", "card.agent-or-reveal",
            effect="skill:skill-driven")
    end_turn(rules, state, "red")
    deal(rules, state)
    assert state["stack"][-1]["t"] == "window" and state["stack"][-1]["kind"] == "combat"
    return rules, state


def test_amani_acquires_two_commanders_and_deploys_them_with_driven_once():
    rules, state = amani_in_the_conflict()
    red = state["players"]["red"]
    assert red["skills_used"] == ["skill-driven"]
    # combat: Canny adds 2 (an Agent on Gather Support, a Landsraad space); then the Commanders go
    # back to the supply, not the garrison
    g = Game(state, rules.content)
    # a troop (2) and two Commanders (2 each) besides the swords revealed; Canny adds 2 at resolution
    assert strength(g, "red") == 2 + 2 * 2 + red["swords"]
    before = strength(g, "red")
    outcome = act(rules, state, "red", "pass")  # combat is resolved (a reward choice may wait)
    assert strength(Game(state, rules.content), "red") == before + 2
    assert "skill-canny" in red["skills_used"] and "bloodlines.skill-canny" in outcome.rulings
    assert "bloodlines.commander-strength" in outcome.rulings
    drive(rules, state, lambda s: s["phase"] != "combat")
    assert red["commanders"] == {"supply": 2, "garrison": 0, "conflict": 0}
    clean(state)


def test_canny_gives_nothing_once_go_to_ground_retreats_both_commanders():
    rules, state = amani_in_the_conflict()
    red = state["players"]["red"]
    intrigue_card(state, "red", "go-to-ground")
    act(rules, state, "red", "play-intrigue", card="go-to-ground")
    counts = [a.data for a in rules.legal_actions(state)]
    assert {"by": "red", "do": "choose", "count": 0, "commanders": 2} in counts  # Commanders are troops
    act(rules, state, "red", "choose", count=0, commanders=2)
    assert red["commanders"] == {"supply": 0, "garrison": 2, "conflict": 0} and red["troops"]["conflict"] == 1
    drive(rules, state, lambda s: s["phase"] != "combat")
    assert "skill-canny" not in red["skills_used"]
    assert red["commanders"] == {"supply": 0, "garrison": 2, "conflict": 0}  # retreated ones stay
    clean(state)


def test_skills_work_once_a_round_and_again_the_next():
    rules, state = amani_in_the_conflict()
    act(rules, state, "red", "pass")
    drive(rules, state, lambda s: s["round"] == 2 and s["phase"] == "player-turns")
    assert state["players"]["red"]["skills_used"] == []


# --- Brennen's example (p. 4) ----------------------------------------------------------------------
def test_brennen_recruits_one_commander_from_his_supply_a_turn():
    rules, state = fresh(3, BL, seed=2)
    red = state["players"]["red"]
    red["solari"] = 10
    from_box(state, "red", "supply", 2)
    hand(state, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    act(rules, state, "red", "send-agent", card="diplomacy", space="deliver-supplies")
    act(rules, state, "red", "resolve", effect="commander:deliver-supplies")
    act(rules, state, "red", "choose", option="pay")
    skill = state["skills"]["face_up"][0]
    act(rules, state, "red", "choose", skill=skill)
    assert red["solari"] == 8 and red["skills"] == [skill]
    outcome = act(rules, state, "red", "recruit-commander")
    assert "bloodlines.commander-recruit-supply" in outcome.rulings
    assert red["solari"] == 6 and red["commanders"] == {"supply": 1, "garrison": 2, "conflict": 0}
    assert red["skills"] == [skill]  # no Skill: the Commander was not acquired
    err = refused(rules, state, "red", "recruit-commander", "commander.once-per-turn",
                  "bloodlines.commander-recruit-supply")
    assert "one a turn" in str(err)
    assert not [a for a in rules.legal_actions(state) if a.do == "recruit-commander"]
    clean(state)


def test_a_commander_goes_to_the_conflict_only_in_a_turn_that_may_deploy():
    rules, state = fresh(3, BL, seed=2)
    from_box(state, "red", "supply", 1)
    state["players"]["red"]["solari"] = 5
    hand(state, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    act(rules, state, "red", "send-agent", card="dagger", space="gather-support")
    refused(rules, state, "red", "recruit-commander", "deploy.not-combat-space", "bloodlines.commander-deploy",
            to="conflict")
    act(rules, state, "red", "recruit-commander")
    assert state["players"]["red"]["commanders"]["garrison"] == 1


def test_an_ordinary_recruit_effect_never_recruits_a_commander():
    rules, state = fresh(3, BL, seed=2)
    from_box(state, "red", "supply", 1)  # one in the supply: only 2 Solari once a turn recruits it
    hand(state, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    act(rules, state, "red", "send-agent", card="reconnaissance", space="arrakeen")
    finish_effects(rules, state, "red")
    assert state["turn"]["recruited"] == 1
    refused(rules, state, "red", "deploy", "deploy.no-commander", "bloodlines.commander-recruit-supply",
            recruited=1, garrison=0, commanders=1)
    act(rules, state, "red", "deploy", recruited=1, garrison=0)


# --- the Combat icon (p. 5) -------------------------------------------------------------------------
def test_two_combat_icons_still_deploy_two_units_from_the_garrison():
    rules, state = fresh(3, BL, seed=2)
    red = state["players"]["red"]
    red["spice"] = 2
    from_box(state, "red", "garrison", 1)
    hand(state, "red", ["dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    from_imperium_deck(state, "red", "disruption-tactics")
    intrigue_card(state, "red", "adaptive-tactics")
    act(rules, state, "red", "reveal")
    assert "deploy" not in state["turn"]["nodes"]
    act(rules, state, "red", "resolve", effect="reveal:disruption-tactics")
    act(rules, state, "red", "choose", option="pay")  # trash it: the first Combat icon
    assert "deploy" in state["turn"]["nodes"] and "disruption-tactics" in red["trashed"]
    # playing it pays 1 spice: recruit 1, and a second Combat icon
    outcome = act(rules, state, "red", "play-intrigue", card="adaptive-tactics")
    assert red["spice"] == 1 and state["turn"]["recruited"] == 1 and state["turn"]["nodes"].count("deploy") == 1
    assert "bloodlines.combat-icon-garrison-limit" in outcome.rulings
    finish_effects(rules, state, "red")
    refused(rules, state, "red", "deploy", "deploy.limits", "bloodlines.combat-icon-garrison-limit",
            recruited=1, garrison=2, commanders=1)
    refused(rules, state, "red", "deploy", "deploy.limits", "deploy.limits", recruited=1, garrison=3)
    act(rules, state, "red", "deploy", recruited=1, garrison=1, commanders=1)
    assert red["troops"]["conflict"] == 2 and red["commanders"]["conflict"] == 1
    clean(state)


# --- custom steps --------------------------------------------------------------------------------
def in_turn(seed=2):
    """Red's Agent turn at Gather Support (a Landsraad space), nothing resolved yet."""
    rules, state = fresh(3, BL, seed=seed)
    hand(state, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    act(rules, state, "red", "send-agent", card="dagger", space="gather-support")
    return rules, state


def steps(rules, state, pid, effects, src="card:test"):
    g = Game(state, rules.content)
    run(g, pid, effects, src)
    rules.settle(g)
    deal(rules, state)
    return g


def test_conditions_on_commanders_worms_and_landsraad_agents():
    rules, state = in_turn()
    red, blue = state["players"]["red"], state["players"]["blue"]
    gain = [{"gain": {"solari": 1}}]
    for name, extra in (("if-commander-in-conflict", {}), ("if-opponent-worm-in-conflict", {}),
                        ("if-agent-on-space-icon", {"icon": "city"})):
        before = red["solari"]
        steps(rules, state, "red", [{"custom": name, "then": gain, **extra}])
        assert red["solari"] == before, name
    from_box(state, "red", "conflict", 1)
    blue["worms"] = 1
    for name, extra in (("if-commander-in-conflict", {}), ("if-opponent-worm-in-conflict", {}),
                        ("if-agent-on-space-icon", {"icon": "landsraad"})):
        before = red["solari"]
        steps(rules, state, "red", [{"custom": name, "then": gain, **extra}])
        assert red["solari"] == before + 1, name


def test_solari_per_kind_of_unit_in_the_conflict():
    rules, state = in_turn()
    red = state["players"]["red"]
    red["troops"]["garrison"] -= 2
    red["troops"]["conflict"] += 2
    from_box(state, "red", "conflict", 2)
    before = red["solari"]
    steps(rules, state, "red", [{"custom": "solari-per-unit-type-in-conflict"}])
    assert red["solari"] == before + 2  # troops and Commanders: two kinds, whatever their numbers
    red["worms"] = 1
    steps(rules, state, "red", [{"custom": "solari-per-unit-type-in-conflict"}])
    assert red["solari"] == before + 5


def test_the_bank_commander_comes_with_a_skill():
    rules, state = in_turn()
    red = state["players"]["red"]
    steps(rules, state, "red", [{"custom": "acquire-bank-commander"}])
    assert state["commanders"]["bank"] == 0 and red["commanders"]["garrison"] == 1
    assert state["stack"][-1]["kind"] == "skill"
    act(rules, state, "red", "choose", skill=state["skills"]["face_up"][0])
    assert len(red["skills"]) == 1 and len(state["skills"]["face_up"]) == 4
    steps(rules, state, "red", [{"custom": "acquire-bank-commander"}])  # the bank is empty now
    assert red["commanders"]["garrison"] == 1
    clean(state)


def test_gain_skill_and_trash_this_skill():
    rules, state = in_turn()
    red = state["players"]["red"]
    face_up(state, ["skill-canny", "skill-desperate", "skill-driven", "skill-hardy"])
    steps(rules, state, "red", [{"custom": "gain-skill"}])
    act(rules, state, "red", "choose", skill="skill-desperate")
    assert red["skills"] == ["skill-desperate"]
    swords = red["swords"]
    steps(rules, state, "red", [{"custom": "trash-this-skill", "then": [{"gain": {"swords": 3}}]}],
          src="skill:skill-desperate")
    act(rules, state, "red", "choose", option="pay")
    assert red["swords"] == swords + 3 and red["skills"] == [] and state["skills"]["trashed"] == ["skill-desperate"]
    clean(state)


def test_commander_discounts():
    rules, state = fresh(3, BL, seed=2)
    red = state["players"]["red"]
    red["solari"] = 1
    hand(state, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    g = Game(state, rules.content)
    run(g, "red", [{"custom": "commander-discount-this-turn", "amount": 1}], "plot:honor-guard")
    rules.settle(g)
    act(rules, state, "red", "send-agent", card="diplomacy", space="dutiful-service")
    act(rules, state, "red", "resolve", effect="commander:dutiful-service")
    act(rules, state, "red", "choose", option="pay")
    assert red["solari"] == 0 and red["commanders"]["garrison"] == 1
    # the standing discount (Sardaukar High Command): test_bloodlines_tech.py


def test_into_the_fray():
    rules, state = fresh(3, BL, seed=2)
    red = state["players"]["red"]
    hand(state, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    act(rules, state, "red", "send-agent", card="dagger", space="gather-support")
    agents = red["agents"]
    steps(rules, state, "red", [{"custom": "into-the-fray", "strength": 2, "strength_with_swordmaster": 3}])
    act(rules, state, "red", "choose", space="gather-support")
    assert red["agent_unit"] == 2 and red["agents"] == agents - 1 and "gather-support" not in red["placed"]
    assert "gather-support" not in state["board"]["occupied"]  # the space is free again
    g = Game(state, rules.content)
    assert units_in_conflict(red) == 1 and strength(g, "red") == 2
    steps(rules, state, "red", [{"custom": "solari-per-unit-type-in-conflict"}])
    cleanup(g)
    assert "agent_unit" not in red and red["agents"] == agents


def test_a_combat_icon_played_before_the_agent_goes_out_opens_that_turns_deploy():
    rules, state = fresh(3, BL, seed=2)
    red = state["players"]["red"]
    red["spice"] = 1
    from_box(state, "red", "garrison", 1)
    hand(state, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    intrigue_card(state, "red", "adaptive-tactics")
    act(rules, state, "red", "play-intrigue", card="adaptive-tactics")  # 1 spice: recruit 1, the Combat icon
    assert red["spice"] == 0 and red["combat_icon"] is True
    act(rules, state, "red", "send-agent", card="dagger", space="gather-support")  # no Combat space
    assert "deploy" in state["turn"]["nodes"] and "combat_icon" not in red
    finish_effects(rules, state, "red")
    garrison = red["troops"]["garrison"]
    refused(rules, state, "red", "deploy", "deploy.limits", "bloodlines.combat-icon-garrison-limit",
            recruited=state["turn"]["recruited"], garrison=2, commanders=1)
    act(rules, state, "red", "deploy", recruited=state["turn"]["recruited"], garrison=1, commanders=1)
    assert red["troops"]["garrison"] == garrison - state["turn"]["recruited"] - 1 and red["commanders"]["conflict"] == 1
    clean(state)
