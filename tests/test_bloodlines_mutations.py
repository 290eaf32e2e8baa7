"""Mutated Bloodlines logs: a legal playout changed in one place must be flagged at exactly that
action, with the module's code and the ruling that forbids it (the pattern of test_mutations).
Each test searches a few playouts for a place where the mutation applies and fails if none has
one, so it can never pass vacuously."""

import copy

from test_mutations import first_mutation as shared_first_mutation
from test_mutations import flagged

from adjudicator.imperium.content import content

SEEDS = range(12)
UPRISING = ("bloodlines", "choam", "tech")


def first_mutation(game, modules, mutate):
    return shared_first_mutation(game, modules, mutate, SEEDS)


def test_a_second_commander_from_the_supply_in_one_turn():
    def mutate(log, states, i, a):
        me = states[i + 1]["players"].get(a["by"], {}) if a["do"] == "recruit-commander" else {}
        if me and me["commanders"]["supply"] and me["solari"] >= 2:
            bad = copy.deepcopy(log)
            bad["actions"].insert(i + 1, {"by": a["by"], "do": "recruit-commander"})
            return bad
        return None
    # rare in random play (a Commander left in the supply after recruiting one): more games searched
    bad, i = shared_first_mutation("uprising", UPRISING, mutate, range(40))
    flagged(bad, i + 1, "commander.once-per-turn", "bloodlines.commander-recruit-supply")


def test_a_skill_the_player_already_holds():
    def mutate(log, states, i, a):
        held = states[i]["players"].get(a["by"], {}).get("skills", [])
        if a["do"] == "choose" and "skill" in a and held:
            bad = copy.deepcopy(log)
            bad["actions"][i] = dict(a, skill=held[0])
            return bad
        return None
    bad, i = first_mutation("uprising", UPRISING, mutate)
    flagged(bad, i, "skill.already-held", "bloodlines.skill-choice")


def test_a_commander_deployed_that_no_recruit_effect_could_give():
    """A recruit effect never recruits a Commander: deploying one the garrison lacks is flagged."""
    def mutate(log, states, i, a):
        me = states[i]["players"].get(a["by"], {})
        if a["do"] == "deploy" and me and me["commanders"]["garrison"] == 0:
            bad = copy.deepcopy(log)
            bad["actions"][i] = dict(a, commanders=1)
            return bad
        return None
    bad, i = first_mutation("imperium", ("bloodlines",), mutate)
    flagged(bad, i, "deploy.no-commander", "bloodlines.commander-recruit-supply")


def test_three_units_from_the_garrison_with_a_commander():
    """Commanders count among the two units from the garrison, however the turn may deploy."""
    def mutate(log, states, i, a):
        me, turn = states[i]["players"].get(a["by"], {}), states[i].get("turn") or {}
        if (a["do"] == "deploy" and me and me["commanders"]["garrison"] >= 1
                and me["troops"]["garrison"] - turn.get("recruited", 0) >= 2):
            bad = copy.deepcopy(log)
            bad["actions"][i] = dict(a, recruited=turn.get("recruited", 0), garrison=2, commanders=1)
            return bad
        return None
    bad, i = first_mutation("uprising", UPRISING, mutate)
    flagged(bad, i, "deploy.limits", "bloodlines.commander-garrison")


def test_a_tech_tile_without_enough_spice():
    cnt = content("uprising")

    def mutate(log, states, i, a):
        me = states[i]["players"].get(a["by"], {})
        if a["do"] != "choose" or "tile" not in a or not me:
            return None
        dear = [t for t in states[i]["tech"]["face_up"] if t and cnt.tech[t]["cost"] > me["spice"] + 3]
        if dear:
            bad = copy.deepcopy(log)
            bad["actions"][i] = dict(a, tile=dear[0])
            return bad
        return None
    bad, i = first_mutation("uprising", UPRISING, mutate)
    flagged(bad, i, "tech.cost", "tech.acquire-tile")


def test_a_fierce_skill_dealt_in_an_original_game():
    fierce = sorted(s for s, d in content("uprising").skills.items() if "fierce" in s)
    assert fierce  # the two Skills left out with the original game (p. 3)

    def mutate(log, states, i, a):
        if a["do"] == "deal-skill":
            bad = copy.deepcopy(log)
            bad["actions"][i] = dict(a, skill=fierce[0])
            return bad
        return None
    bad, i = first_mutation("imperium", ("bloodlines",), mutate)
    flagged(bad, i, "chance.card-not-available", "bloodlines.setup-imperium-no-fierce")
