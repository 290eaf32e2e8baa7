"""Bloodlines in compact positions (issue #11): Sardaukar Commanders, Skills, Tech tiles and the
new leaders' pieces written in a scenario, cut back from a real game and audited (the parts of
imperium/modules/bloodlines/ and modules/tech/, positions.py); the seed's worked examples (seed 000
pp. 4-5) as compact positions in examples/bloodlines-*.json, each with its numbers and one
illegal variant flagged with its ruling code."""

from __future__ import annotations

import copy
import json

from module_positions import codes_at, problems
from module_positions import example as module_example
from module_positions import final_state as shared_final_state

from adjudicator.positions import check_position, cuts, load
from adjudicator.simulate import simulate


def test_the_cut_writes_the_bloodlines_pieces():
    log = simulate("uprising", 4, 1, ("bloodlines", "choam", "tech"))
    last = len(log["actions"]) - 1
    scenario = cuts(log, [last])[last]["scenario"]
    assert len(scenario["skills"]) <= 4 and len(scenario["tech"]) == 3
    players = scenario["players"].values()
    assert any("skills" in p for p in players) and any("tech" in p for p in players)


def final_state(game="uprising", modules=("bloodlines", "choam", "tech"), seed=1):
    return shared_final_state(game, modules, seed)


def test_a_tampered_state_is_caught():
    rules, state = final_state()
    pid = state["game"]["seats"][0]
    commander = copy.deepcopy(state)
    commander["players"][pid]["commanders"]["supply"] += 1
    assert ("/commanders", "beyond-supply") in codes_at(rules, commander)
    skill = copy.deepcopy(state)
    skill["skills"]["face_up"].append(skill["skills"]["face_up"][0])
    assert any(code == "too-many-copies" for _, code in codes_at(rules, skill))
    twice = copy.deepcopy(state)
    twice["players"][pid]["skills"] = ["skill-hardy", "skill-hardy"]
    assert (f"/players/{pid}/skills/1", "too-many-copies") in codes_at(rules, twice)
    tile = copy.deepcopy(state)
    tile["tech"]["trashed"].append(tile["tech"]["pool"][0] if tile["tech"]["pool"] else tile["tech"]["face_up"][0])
    assert any(code == "too-many-copies" for _, code in codes_at(rules, tile))
    stacks = copy.deepcopy(state)
    stacks["tech"]["stacks"][0] += 1
    assert ("/tech/stacks", "beyond-supply") in codes_at(rules, stacks)


def test_a_fierce_skill_in_an_original_game_state_is_caught():
    rules, state = final_state("imperium", ("bloodlines",), 2)
    state["skills"]["face_up"].append("skill-fierce")
    assert ("/skills/face_up/" + str(len(state["skills"]["face_up"]) - 1), "not-in-edition") in codes_at(rules, state)


# --- the seed's worked examples ---------------------------------------------------------------------
def example(name: str) -> dict:
    return module_example("bloodlines", name)


def test_amani_takes_canny_since_she_already_has_driven():
    """Seed p. 4: at Gather Support Amani pays 2 Solari for the Commander there; she cannot take a
    second Driven, so she takes Canny; the Commander joins the first in her garrison."""
    answer = check_position(example("amani-skills"))
    amani = answer["state"]["players"]["amani"]
    assert answer["legal"] and amani["solari"] == 6
    assert amani["skills"] == ["skill-canny", "skill-driven"]
    assert amani["commanders"] == {"supply": 0, "garrison": 2, "conflict": 0}
    assert "gather-support" not in answer["state"]["board"]["commanders"]
    position = example("amani-skills")
    position["actions"][-1] = {"by": "amani", "do": "choose", "skill": "skill-driven"}
    assert check_position(position)["verdict"]["code"] == "skill.already-held"


def test_amani_go_to_ground_retreats_both_commanders_and_canny_is_lost():
    """Seed p. 4: Amani's troop and two Commanders (2 + 2 x 2) with Canny (+2, an Agent on a
    Landsraad space) beat Brennen's three troops (6); retreating both Commanders with Go to
    Ground leaves her 2 and no Canny: Brennen wins."""
    answer = check_position(example("amani-go-to-ground"))
    verdicts = answer["verdicts"]
    assert answer["legal"] and answer["state"]["players"]["amani"]["commanders"]["garrison"] == 2
    assert "bloodlines.skill-canny" not in json.dumps(verdicts[-1])
    assert answer["state"]["players"]["brennen"]["spice"] == 2  # Secure Imperial Basin's first reward
    fight = example("amani-go-to-ground")
    fight["actions"] = [{"by": "amani", "do": "pass"}, {"by": "brennen", "do": "pass"}]
    won = check_position(fight)
    assert won["legal"] and "bloodlines.skill-canny" in json.dumps(won["verdicts"][-1])
    assert won["state"]["players"]["amani"]["spice"] == 2 and won["state"]["players"]["brennen"]["spice"] == 0
    assert won["state"]["players"]["amani"]["commanders"]["supply"] == 2  # back to the supply after combat
    bad = example("amani-go-to-ground")
    bad["actions"][1] = {"by": "amani", "do": "choose", "count": 0, "commanders": 3}
    assert not check_position(bad)["legal"]


def test_brennen_recruits_one_commander_from_his_supply_a_turn():
    """Seed p. 4: Brennen pays 2 for the Commander of Deliver Supplies (a Skill with it) and 2
    more for one of the two in his supply (no Skill); not 4 for both."""
    answer = check_position(example("brennen-commanders"))
    brennen = answer["state"]["players"]["brennen"]
    assert answer["legal"] and brennen["solari"] == 6
    assert brennen["commanders"] == {"supply": 1, "garrison": 2, "conflict": 0}
    assert brennen["skills"] == ["skill-desperate", "skill-driven", "skill-hardy"]
    position = example("brennen-commanders")
    position["actions"].append({"by": "brennen", "do": "recruit-commander"})
    assert check_position(position)["verdict"]["code"] == "commander.once-per-turn"


def test_arrakis_observer_places_a_deep_cover_spy_beside_an_opponents():
    """Seed p. 5: discarding a card, Red places a Spy on the post Blue's Spy holds (never on her
    own); Corrupt Bureaucrat discarded gives 2 spice and 3 Solari."""
    answer = check_position(example("arrakis-observer"))
    spies = answer["state"]["board"]["spies"]
    assert answer["legal"] and sorted(spies.values()).count("red") == 2
    assert any(k.startswith("post-refinery-arrakeen#") for k in spies)
    assert answer["state"]["players"]["red"]["spice"] == 2 and answer["state"]["players"]["red"]["solari"] == 3
    position = example("arrakis-observer")
    position["actions"][-1] = {"by": "red", "do": "choose", "post": "post-emperor"}
    assert not check_position(position)["legal"]


def test_i_believe_with_command_recruits_two_troops_to_the_garrison():
    """Seed p. 5: I Believe (1) and 5 more Persuasion: Command recruits two troops; without a
    means to deploy them they go to the garrison."""
    answer = check_position(example("i-believe"))
    red = answer["state"]["players"]["red"]
    assert answer["legal"] and red["persuasion"] == 6 and red["troops"]["garrison"] == 5
    assert "bloodlines.command" in json.dumps(answer["verdicts"][-1])
    position = example("i-believe")
    position["actions"].append({"by": "red", "do": "deploy", "recruited": 2, "garrison": 0})
    assert not check_position(position)["legal"]


def test_disruption_tactics_combat_icon_deploys_two_from_the_garrison_and_the_recruits():
    """Seed p. 5: Disruption Tactics trashed gives the Combat icon: up to two units from the
    garrison and the two troops I Believe recruits this Reveal turn go to the Conflict."""
    answer = check_position(example("disruption-tactics"))
    red = answer["state"]["players"]["red"]
    assert answer["legal"] and red["troops"] == {"supply": 7, "garrison": 1, "conflict": 4}
    assert "disruption-tactics" in red["trashed"]
    position = example("disruption-tactics")
    position["actions"][-1] = {"by": "red", "do": "deploy", "recruited": 2, "garrison": 3}
    assert check_position(position)["verdict"]["code"] == "deploy.limits"


def test_steve_pairs_each_wild_icon_with_a_standard_one():
    """Seed p. 5: Propaganda and Storms in the South each pair with a standard icon in Steve's
    supply (Crysknife, Desert Mouse) at the Endgame: 2 VP, not the 1 of pairing them together."""
    answer = check_position(example("steve-wild-icons"))
    steve = answer["state"]["players"]["steve"]
    assert answer["legal"] and steve["vp"] == 10 and all(c["flipped"] for c in steve["conflicts"])
    assert answer["state"]["result"]["winner"] == "steve"
    position = example("steve-wild-icons")
    position["actions"] = [{"by": "steve", "do": "pass"}, {"by": "steve", "do": "pass"}]  # Amani's go
    assert check_position(position)["verdict"]["code"] == "turn.not-your-turn"


# --- bad scenarios: each problem with its pointer -------------------------------------------------------
def edited(name: str, fn) -> dict:
    position = example(name)
    fn(position["scenario"])
    return position


def test_bad_bloodlines_scenarios_are_refused_with_their_pointers():
    players = lambda sc: sc["players"]  # noqa: E731
    three_canny = edited("amani-skills", lambda sc: (players(sc)["brennen"].update(skills=["Canny"]),
                                                     players(sc)["steve"].update(skills=["Canny"])))
    assert any(code == "too-many-copies" for _, code in problems(three_canny))
    twice = edited("amani-skills", lambda sc: players(sc)["amani"].update(skills=["Driven", "Driven"]))
    assert ("/scenario/players/amani/skills/1", "too-many-copies") in problems(twice)
    commanders = edited("brennen-commanders", lambda sc: players(sc)["amani"].update(commanders={"supply": 3}))
    assert ("/scenario/board/commanders", "beyond-supply") in problems(commanders)
    fierce = edited("amani-skills", lambda sc: (sc["game"].update(edition="Dune: Imperium", players=[
        {"id": "amani", "leader": "Duke Leto Atreides"}, {"id": "brennen", "leader": "Glossu Rabban"},
        {"id": "steve", "leader": "Helena Richese"}]), sc.update(skills=["Fierce", "Canny", "Driven", "Hardy"]),
        sc.pop("conflict"), sc.pop("discarded_conflicts"), sc.pop("board")))
    assert ("/scenario/skills/0", "not-in-edition") in problems(fierce)
    no_tech = edited("amani-skills", lambda sc: players(sc)["amani"].update(tech=["Glowglobes"]))
    assert ("/scenario/players/amani/tech", "needs-module") in problems(no_tech)
    plain = edited("arrakis-observer", lambda sc: (sc["game"].update(modules=[]), sc.update(skills=["Canny"])))
    assert ("/scenario/skills", "needs-module") in problems(plain)
    tactics = edited("amani-skills", lambda sc: players(sc)["amani"].update(tactics=4))
    assert ("/scenario/players/amani/tactics", "not-this-leader") in problems(tactics)


def test_tech_tiles_in_a_scenario():
    """Face-up tiles by stack, a player's (one flipped), trashed; the stacks share the unseen
    ones; a tile in two places is refused."""
    position = example("i-believe")
    sc = position["scenario"]
    sc["game"]["modules"] = ["bloodlines", "tech"]
    sc["tech"] = ["Glowglobes", None, "Spy Drones"]
    sc["players"]["red"]["tech"] = ["Training Depot", {"tile": "Plasteel Blades", "flipped": True}]
    state = load(position).state
    tech = state["tech"]
    assert tech["face_up"] == ["tech-glowglobes", None, "tech-spy-drones"] and tech["stacks"][1] == 0
    assert sum(tech["stacks"]) == len(tech["pool"]) == 17 - 4
    assert {"id": "tech-plasteel-blades", "flipped": True} in state["players"]["red"]["tech"]
    sc["tech_trashed"] = ["Glowglobes"]
    assert any(code == "too-many-copies" for _, code in problems(position))


def test_trashed_contracts_leave_the_pile():
    """Coercive Negotiation trashes contracts: a scenario names them, the pile is the rest."""
    position = example("i-believe")
    position["scenario"]["game"]["modules"] = ["bloodlines", "choam"]
    pile = load(copy.deepcopy(position)).state["contracts"]["pile"]
    position["scenario"]["contracts_trashed"] = [pile[0]]
    state = load(position).state
    assert state["contracts"]["trashed"] == [pile[0]] and len(state["contracts"]["pile"]) == len(pile) - 1
