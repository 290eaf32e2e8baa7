"""Immortality in compact positions (issue #12): the Bene Tleilax board, specimens, the Tleilaxu
Row, Family Atomics and what a played card leaves waiting, written in a scenario, cut back from a
real game and audited (imperium/modules/immortality/positions.py); the rulebook's worked examples
as compact positions in examples/immortality-*.json, each with its numbers and one illegal
variant."""

from __future__ import annotations

import copy
import json

from module_positions import cited, codes_at, problems
from module_positions import example as module_example
from module_positions import final_state as shared_final_state

from adjudicator.imperium.rules import ruleset
from adjudicator.positions import check_position, cuts, load
from adjudicator.simulate import simulate


def test_the_cut_writes_the_immortality_pieces():
    log = simulate("imperium", 4, 1, ("immortality",))
    last = len(log["actions"]) - 1
    scenario = cuts(log, [last])[last]["scenario"]
    assert len(scenario["tleilaxu_row"]) == 2
    players = scenario["players"].values()
    assert any("research" in p for p in players) and any("tleilaxu" in p for p in players)
    assert any(p.get("atomics") is False for p in players)  # the state's names (issue 32)
    assert not any("specimens" in p or "atomics_used" in p for p in players)


def test_a_game_without_the_module_writes_no_immortality_piece():
    log = simulate("uprising", 3, 2, ("bloodlines",))
    last = len(log["actions"]) - 1
    text = json.dumps(cuts(log, [last])[last]["scenario"])
    assert not any(k in text for k in ("tleilaxu", "research", "specimens", "atomics"))


def final_state(game="imperium", modules=("immortality",), seed=1):
    return shared_final_state(game, modules, seed)


def test_a_tampered_immortality_state_is_caught():
    rules, state = final_state()
    pid = state["game"]["seats"][0]
    conjured = copy.deepcopy(state)
    conjured["players"][pid]["troops"]["tanks"] += 1  # a specimen from nowhere
    assert (f"/players/{pid}/troops", "beyond-supply") in codes_at(rules, conjured)
    off = copy.deepcopy(state)
    off["players"][pid]["research"] = "research-9-9"
    assert (f"/players/{pid}/research", "unknown-name") in codes_at(rules, off)
    back = copy.deepcopy(state)  # every token moved back before the Victory Point space: its spice is gone
    for pl in back["players"].values():
        pl["tleilaxu"] = min(pl["tleilaxu"], 1)
    if back["tleilaxu"]["spice"] == 0:
        assert ("/tleilaxu/spice", "tleilaxu-spice") in codes_at(rules, back)
    twice = copy.deepcopy(state)
    twice["tleilaxu"]["row"].append(twice["tleilaxu"]["deck"][0])
    assert any(code == "too-many-copies" for _, code in codes_at(rules, twice))
    assert ("/tleilaxu/row", "row-size") in codes_at(rules, twice)
    lost = copy.deepcopy(state)
    lost["tleilaxu"]["deck"].pop()
    assert ("/tleilaxu/deck", "cards-missing") in codes_at(rules, lost)
    plain = copy.deepcopy(state)
    plain["game"]["modules"] = []
    assert ("/tleilaxu", "needs-module") in codes_at(rules, plain)


def test_spice_left_on_a_reached_victory_point_space_is_caught():
    rules, state = final_state()
    pid = state["game"]["seats"][0]
    state["players"][pid]["tleilaxu"] = 5
    state["tleilaxu"]["spice"] = 2
    assert ("/tleilaxu/spice", "tleilaxu-spice") in codes_at(rules, state)


# --- bad scenarios: each problem with its pointer -------------------------------------------------------
def example(name: str) -> dict:
    return module_example("immortality", name)


def edited(name: str, fn) -> dict:
    position = example(name)
    fn(position["scenario"])
    return position


def test_bad_immortality_scenarios_are_refused_with_their_pointers():
    players = lambda sc: sc["players"]  # noqa: E731
    nowhere = edited("ghola-corrino-genes", lambda sc: players(sc)["carmen"].update(research="research-3-2"))
    assert ("/scenario/players/carmen/research", "unknown-name") in problems(nowhere)
    tanks = edited("ghola-corrino-genes", lambda sc: players(sc)["carmen"].update(troops={"tanks": 13}))
    assert ("/scenario/players/carmen/troops/tanks", "beyond-supply") in problems(tanks)
    old = edited("ghola-corrino-genes", lambda sc: (players(sc)["carmen"].pop("troops"),
                                                    players(sc)["carmen"].update(specimens=13)))
    assert ("/scenario/players/carmen/specimens", "beyond-supply") in problems(old)  # the alias, where written
    twice = edited("ghola-corrino-genes", lambda sc: sc.update(tleilaxu_row=["Ghola", "Chairdog"]))
    assert ("/scenario/tleilaxu_row", "too-many-copies") in problems(twice)
    forces = edited("ghola-corrino-genes", lambda sc: sc.update(tleilaxu_row=["Reclaimed Forces", "Chairdog"]))
    assert ("/scenario/tleilaxu_row/0", "not-a-row-card") in problems(forces)
    track = edited("ghola-corrino-genes", lambda sc: players(sc)["carmen"].update(tleilaxu=8))
    assert ("/scenario/players/carmen/tleilaxu", "off-track") in problems(track)
    plain = edited("ghola-corrino-genes", lambda sc: (sc["game"].update(modules=[]),
                                                      players(sc)["carmen"].update(hand=["Dagger"])))
    found = problems(plain)
    assert ("/scenario/tleilaxu_row", "needs-module") in found
    assert ("/scenario/players/carmen/research", "needs-module") in found
    assert ("/scenario/players/carmen/troops/tanks", "needs-module") in found
    combat = edited("ghola-corrino-genes", lambda sc: sc["decision"].update(played_by=["carmen"]))
    assert ("/scenario/decision/played_by", "phase") in problems(combat)


def test_specimens_come_out_of_the_supply():
    position = example("ghola-corrino-genes")
    position["scenario"]["players"]["carmen"]["troops"] = {"tanks": 3}
    troops = load(position).state["players"]["carmen"]["troops"]
    assert troops["tanks"] == 3 and sum(troops.values()) == 12


def test_the_old_names_are_aliases_and_must_agree_with_the_states_names():
    """Issue 32: a scenario's names are the state's (`troops.tanks`, `atomics`); `specimens` and
    `atomics_used` are still read, and a scenario that writes both with different values is refused."""
    def carmen(position):
        return load(position).state["players"]["carmen"]

    new = example("ghola-corrino-genes")
    old = copy.deepcopy(new)
    pl = old["scenario"]["players"]["carmen"]
    pl["specimens"] = pl.pop("troops")["tanks"]
    pl["atomics_used"] = True
    new["scenario"]["players"]["carmen"]["atomics"] = False
    assert carmen(old) == carmen(new) and carmen(new)["troops"]["tanks"] == 1 and carmen(new)["atomics"] is False
    both = copy.deepcopy(new)
    both["scenario"]["players"]["carmen"].update(specimens=1, atomics_used=True)  # the same thing twice: fine
    assert carmen(both) == carmen(new)
    differ = copy.deepcopy(new)
    differ["scenario"]["players"]["carmen"].update(specimens=2, atomics_used=False)
    found = problems(differ)
    assert ("/scenario/players/carmen/specimens", "alias-disagrees") in found
    assert ("/scenario/players/carmen/atomics_used", "alias-disagrees") in found


# --- the rulebook's worked examples -----------------------------------------------------------------
def code_of(position) -> str:
    answer = check_position(position)
    assert not answer["legal"]
    return answer["verdict"]["code"]


def test_carmens_ghola_and_corrino_genes_at_wealth_p11():
    """Rulebook p. 11: Ghola (city) and Corrino Genes (Emperor) grafted send the Agent to Wealth:
    2 Solari, 1 Emperor Influence, and two Tleilaxu steps (Corrino Genes' own, if grafted, and
    Ghola's copy of that Agent box). Neither card shows the spice icon of Imperial Basin."""
    answer = check_position(example("ghola-corrino-genes"))
    carmen = answer["state"]["players"]["carmen"]
    assert answer["legal"] and carmen["solari"] == 1 + 2 and carmen["influence"]["emperor"] == 1
    assert carmen["tleilaxu"] == 2 and sorted(carmen["play"]) == ["corrino-genes", "ghola"]
    assert "graft.two-cards" in cited(answer["verdicts"][0])
    position = example("ghola-corrino-genes")
    position["actions"] = [{"by": "carmen", "do": "graft", "cards": ["Ghola", "Corrino Genes"],
                            "space": "Imperial Basin"}]
    assert code_of(position) == "agent.icon-mismatch"


def test_carmens_research_up_and_right_researches_again_p6():
    """Rulebook p. 6: from the second column's upper space, up and right is another research
    icon, which carries the token on to the first genetic marker's column (a Tleilaxu step there);
    never back to the left."""
    answer = check_position(example("carmen-research"))
    carmen = answer["state"]["players"]["carmen"]
    assert answer["legal"] and carmen["research"] == "research-4-2" and carmen["tleilaxu"] == 1
    assert "research.advance" in cited(answer["verdict"])
    position = example("carmen-research")
    position["actions"][-1] = {"by": "carmen", "do": "choose", "research": "research-1-3"}
    assert code_of(position) == "research.not-forward"


def test_kris_unnatural_reflexes_and_from_the_tanks_p10():
    """Rulebook p. 10: at Imperial Basin, spice; two cards drawn (the first genetic marker is
    reached); two troops recruited and deployed with two from the garrison: four in the Conflict.
    A third troop from the garrison is beyond what the combat space allows."""
    answer = check_position(example("kris-unnatural-reflexes"))
    kris = answer["state"]["players"]["kris"]
    assert answer["legal"] and kris["troops"] == {"supply": 7, "garrison": 1, "conflict": 4, "tanks": 0}
    assert "convincing-argument" in kris["hand"] and kris["spice"] == 1 + 1
    position = example("kris-unnatural-reflexes")
    position["actions"][-1] = {"by": "kris", "do": "deploy", "recruited": 2, "garrison": 3}
    assert code_of(position) == "deploy.limits"


def test_candices_chairdog_keeps_the_other_card_for_her_reveal_p11():
    """Rulebook p. 11: the card grafted to Chairdog comes back at the start of the Reveal turn and
    is revealed. As in the example, Chairdog (Landsraad: reading card.chairdog-landsraad) grafted
    to Arrakis Liaison (City) goes to the Mentat. Chairdog alone is refused."""
    answer = check_position(example("candice-chairdog"))
    assert answer["legal"] and answer["state"]["players"]["candice"]["chairdog"] == ["arrakis-liaison"]
    reveal = check_position(example("candice-chairdog-reveal"))
    assert reveal["legal"] and "chairdog" not in reveal["state"]["players"]["candice"]  # its Reveal box resolved
    again = example("candice-chairdog-reveal")
    again["scenario"]["players"]["candice"].pop("chairdog")
    assert not check_position(again)["legal"]  # without Chairdog's return Arrakis Liaison is not revealed
    position = example("candice-chairdog")
    position["actions"] = [{"by": "candice", "do": "send-agent", "card": "Chairdog", "space": "Hall of Oratory"}]
    assert code_of(position) == "graft.alone"


def test_a_tleilaxu_card_is_bought_with_specimens_not_spice():
    answer = check_position(example("tleilaxu-purchase"))
    carmen = answer["state"]["players"]["carmen"]
    assert answer["legal"] and "ghola" in carmen["discard"] and carmen["troops"]["tanks"] == 0
    assert carmen["spice"] == 5 and "ghola" not in answer["state"]["tleilaxu"]["row"]
    position = example("tleilaxu-purchase")
    position["scenario"]["players"]["carmen"]["troops"] = {"tanks": 2}
    assert code_of(position) == "tleilaxu.specimen-cost"


def test_family_atomics_replaces_the_imperium_row_once():
    answer = check_position(example("family-atomics"))
    state = answer["state"]
    assert answer["legal"] and not state["players"]["kris"]["atomics"]
    assert sorted(state["row"]) == sorted(["arrakis-recruiter", "carryall", "gurney-halleck", "thufir-hawat", "chani"])
    position = example("family-atomics")
    position["actions"] = [{"by": "kris", "do": "family-atomics"}]
    position["scenario"]["players"]["kris"]["atomics_used"] = True
    assert code_of(position) == "atomics.once"


def test_counterattack_reads_who_played_in_the_combat_window():
    """Kris played a Combat Intrigue card earlier in this window (`played_by`): Carmen's
    Counterattack gives 4 swords; without it, none."""
    answer = check_position(example("counterattack"))
    assert answer["legal"] and answer["state"]["players"]["carmen"]["swords"] == 4
    position = example("counterattack")
    del position["scenario"]["decision"]["played_by"]
    assert check_position(position)["state"]["players"]["carmen"]["swords"] == 0


def test_what_a_card_leaves_waiting_is_written_and_cut_back():
    """Tleilaxu Puppet's Persuasion for the Reveal turn, Harvest Cells' trigger at the Conflict's
    end, the card Chairdog returns: read into the state as the engine keeps them, and cut back."""
    position = example("ghola-corrino-genes")
    carmen = position["scenario"]["players"]["carmen"]
    carmen.update(puppet=2, harvest_cells=["Harvest Cells"], chairdog=["Dagger"], atomics=False)
    rules = ruleset("base")
    state = load(position).state
    pl = state["players"]["carmen"]
    assert pl["puppet"] == 2 and pl["chairdog"] == ["dagger"] and pl["atomics"] is False
    then = rules.content.intrigues["harvest-cells"]["combat"][0]["then"]
    assert pl["harvest_cells"] == [{"at_least": 3, "then": then, "src": "intrigue:harvest-cells"}]
    doc = rules.scenario_of(state)
    assert doc is not None
    written = doc["players"]["carmen"]
    assert written["puppet"] == 2 and written["harvest_cells"] == ["Harvest Cells"]
    assert written["chairdog"] == ["Dagger"] and written["atomics"] is False
    carmen["harvest_cells"] = ["Ambush"]
    assert ("/scenario/players/carmen/harvest_cells/0", "not-armed") in problems(position)


def test_usurp_names_the_imperium_rows_copy():
    """Usurp grafted to the Row's Arrakis Recruiter while Carmen holds the other copy (`row`): the
    held copy stays in her hand, the Row's is the one the turn uses (trashed as the turn ends).
    Without `row` the held copy is played; `row` with no copy in the Row is refused."""
    answer = check_position(example("usurp-row-copy"))
    carmen, state = answer["state"]["players"]["carmen"], answer["state"]
    assert answer["legal"] and "arrakis-recruiter" in carmen["hand"] and "arrakis-recruiter" in state["row"]
    assert "arrakis-recruiter" not in carmen["play"]
    held = example("usurp-row-copy")
    del held["actions"][0]["row"]
    played = check_position(held)["state"]["players"]["carmen"]
    assert "arrakis-recruiter" in played["play"] and "arrakis-recruiter" not in played["hand"]
    nowhere = example("usurp-row-copy")
    nowhere["scenario"]["row"][0] = "Bene Gesserit Initiate"
    assert code_of(nowhere) == "graft.not-row-card"


def test_reclaimed_forces_gives_one_effect_and_stays_beside_the_row():
    """Rulebook p. 9: 3 specimens for one of Reclaimed Forces' effects (here a Tleilaxu step); it
    never leaves the Row, and no card of the Row is taken. Two specimens are not enough."""
    answer = check_position(example("reclaimed-forces"))
    carmen, state = answer["state"]["players"]["carmen"], answer["state"]
    assert answer["legal"] and carmen["tleilaxu"] == 1 and carmen["troops"]["tanks"] == 0
    assert sorted(state["tleilaxu"]["row"]) == ["ghola", "slig-farmer"] and "reclaimed-forces" not in carmen["discard"]
    position = example("reclaimed-forces")
    position["scenario"]["players"]["carmen"]["troops"] = {"tanks": 2}
    assert code_of(position) == "tleilaxu.specimen-cost"


def test_tleilaxu_master_with_two_genetic_markers_acquires_to_the_hand():
    """Tleilaxu Master: with the research token past both genetic markers, a Row card costing 6
    or less, free, into the hand (CHOAM Directorship, 8, is beyond it)."""
    answer = check_position(example("tleilaxu-master"))
    kris = answer["state"]["players"]["kris"]
    assert answer["legal"] and "gun-thopter" in kris["hand"] and kris["solari"] == 1 + 3
    assert "card.tleilaxu-master" in cited(answer["verdicts"][3])
    position = example("tleilaxu-master")
    position["actions"][3] = {"by": "kris", "do": "choose", "card": "CHOAM Directorship"}
    assert not check_position(position)["legal"]


def test_harvest_cells_turns_the_troops_lost_into_specimens():
    """Harvest Cells: Carmen's three troops lost at the Conflict's end become two specimens, which
    buy Slig Farmer from the Tleilaxu Row (Ghola, 3 specimens, is beyond them); with two troops
    in the Conflict nothing triggers."""
    answer = check_position(example("harvest-cells"))
    carmen, state = answer["state"]["players"]["carmen"], answer["state"]
    assert answer["legal"] and "slig-farmer" in carmen["discard"] and carmen["troops"]["tanks"] == 0
    assert "card.harvest-cells" in json.dumps(answer["verdicts"])
    assert sorted(state["tleilaxu"]["row"]) == ["chairdog", "ghola"]
    position = example("harvest-cells")
    position["actions"][3] = {"by": "carmen", "do": "choose", "card": "Ghola"}
    assert code_of(position) == "choice.not-offered"
    fewer = example("harvest-cells")
    fewer["scenario"]["players"]["carmen"]["troops"]["conflict"] = 2
    fewer["actions"] = fewer["actions"][:3]
    answer = check_position(fewer)
    assert answer["legal"] and answer["state"]["players"]["carmen"]["troops"]["tanks"] == 0
    assert "card.harvest-cells" not in json.dumps(answer["verdicts"][-1])
