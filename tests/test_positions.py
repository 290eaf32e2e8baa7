"""Compact positions (issue #10): a scenario written in the game's own terms becomes a state; a
real game cut at any action becomes a scenario again; every position is validated (422, every
problem with its pointer, nothing stored); verdicts name cards, spaces and players as printed.

The round trip of simulated games through positions (every rule system, every mode) is the
rule-system harness's: tests/test_rule_systems.py.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from adjudicator.core.errors import InvalidPosition
from adjudicator.imperium.audit import audit
from adjudicator.positions import check_position, cuts, load
from adjudicator.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
EDITIONS = {"uprising": ("choam",), "base": ()}


def game_log(edition: str, seed: int) -> dict:
    return simulate(edition, 3 + seed % 2, seed, EDITIONS[edition] if seed % 2 else ())


def test_a_cut_inside_a_turn_is_the_turn_start_and_the_actions_played_since():
    log = game_log("uprising", 3)
    i = next(i for i, a in enumerate(log["actions"]) if a["do"] == "deploy")
    scenario = cuts(log, [i])[i]["scenario"]
    assert scenario["decision"]["kind"] == "turn"
    played = scenario["played"]
    assert played[0]["do"] == "send-agent" and played[-1] == log["actions"][i - 1]
    assert len(json.dumps(scenario, indent=1).splitlines()) < 400


# --- the examples (docs/positions.md) ---------------------------------------------------------------
def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_is_a_legal_position(path, request):
    position = json.loads(path.read_text(encoding="utf-8"))
    answer = check_position(position)
    if "scenario" in position:  # the README's log prefix is the illegal action shown there
        assert answer["legal"], answer["verdict"]
        assert len(path.read_text(encoding="utf-8").splitlines()) < 40  # "in under 40 lines"


def test_seed_001_agent_turns_as_a_compact_position():
    """Seed 001 p. 10: John harvests at Imperial Basin and deploys 2 of his 3 garrisoned troops;
    Abby at Carthag pays John 1 Solari of control, recruits 1 + 1 (Duncan Idaho's water), draws
    an Intrigue card and a card and deploys both recruits and her one garrisoned troop; Ned pays
    4 Solari at Rally Troops and keeps 4 recruits in his garrison."""
    answer = check_position(example("base-agent-turns"))
    players = answer["state"]["players"]
    assert answer["legal"] and len(answer["verdicts"]) == 17
    assert players["john"]["spice"] == 1 and players["john"]["troops"] == {"supply": 9, "garrison": 1, "conflict": 2}
    assert players["john"]["solari"] == 1  # Abby's Agent on Carthag, under John's Control marker
    assert players["abby"]["troops"] == {"supply": 9, "garrison": 0, "conflict": 3} and players["abby"]["water"] == 0
    assert players["abby"]["intrigue"] == ["ambush"]
    assert players["ned"]["solari"] == 0 and players["ned"]["troops"] == {"supply": 5, "garrison": 7, "conflict": 0}


def test_seed_001_combat_as_a_compact_position():
    """Seed 001 p. 12: John 8, Abby 6 (+4 with Ambush), Ned without troops takes no part; Abby
    wins Siege of Arrakeen (1 VP and control of Arrakeen), John second takes 4 Solari."""
    answer = check_position(example("base-combat"))
    state = answer["state"]
    assert answer["legal"] and [v["verdict"] for v in answer["verdicts"]] == ["legal"] * 4
    assert state["players"]["abby"]["vp"] == 1 and state["board"]["control"]["arrakeen"] == "abby"
    assert state["players"]["john"]["solari"] == 4 and state["players"]["ned"]["solari"] == 0
    position = example("base-combat")
    position["actions"] = [{"by": "ned", "do": "pass"}]  # Ned has no unit in the Conflict
    assert check_position(position)["verdict"]["code"] == "turn.not-your-turn"


def test_seed_001_reveal_turn_as_a_compact_position():
    """Seed 001 p. 11: John reveals Imperial Spy, Smuggler's Thopter and Stilgar: 1 spice, 4
    Persuasion, buys Space Travel for 3 and cannot spend the last 1; his strength is 8."""
    answer = check_position(example("base-reveal-turn"))
    john = answer["state"]["players"]["john"]
    assert answer["legal"] and john["spice"] == 1 and "space-travel" in john["discard"]
    assert john["swords"] == 4 and john["troops"]["conflict"] == 2


def test_seed_004_two_spies_one_infiltrates_one_gathers():
    """Seed 004 'Шпионы' p. 11: two spies by one space may both be recalled, one to infiltrate
    and one to gather intelligence, never both for the same effect."""
    position = example("uprising-two-spies")
    assert check_position(position)["legal"]
    position["action"] = dict(position["action"], gather="post-refinery-arrakeen")
    verdict = check_position(position)["verdict"]
    assert verdict["code"] == "spy.two-spies"


def test_seed_004_a_sandworm_doubles_the_reward():
    """Seed 004 'Удвоение награды' p. 10: Abby (1 troop, 1 sandworm: strength 5) beats John (4);
    Skirmish's 2 Solari are doubled to 4; John's second place pays 3."""
    state = check_position(example("uprising-sandworm-doubles"))["state"]
    assert state["players"]["abby"]["solari"] == 4 and state["players"]["john"]["solari"] == 3


def test_verdicts_name_spaces_and_players_as_printed():
    answer = check_position(example("hypothetical-arrakeen"))
    assert answer["verdict"]["code"] == "agent.space-occupied"
    assert answer["verdict"]["message"] == "Arrakeen is occupied by Abby's Agent."


# --- bad positions: one per validation rule (422, the pointer, nothing stored) ----------------------
def spy_position() -> dict:
    return copy.deepcopy(example("uprising-two-spies"))


def edit(fn):
    position = spy_position()
    fn(position["scenario"])
    return position


def _players(sc):
    return sc["players"]


BAD = {
    "unknown-name": (lambda sc: _players(sc)["abby"]["hand"].__setitem__(1, "Dagerr"),
                     "/scenario/players/abby/hand/1", "unknown-name"),
    "card-copies": (lambda sc: _players(sc)["abby"]["hand"].append("Dagger"),
                    "/scenario/players/abby/hand/5", "too-many-copies"),
    "row-copies": (lambda sc: sc["row"].__setitem__(0, "Leadership"), "/scenario/row/1", "too-many-copies"),
    "troops": (lambda sc: _players(sc)["john"].update(troops={"garrison": 10, "conflict": 5}),
               "/scenario/players/john/troops", "beyond-supply"),
    "spies": (lambda sc: sc["board"]["spies"].update({"post-emperor": "abby", "post-guild": "abby"}),
              "/scenario/board/spies", "beyond-supply"),
    "agents": (lambda sc: sc["board"]["agents"].update({"Arrakeen": "ned", "Deep Desert": "ned"}),
               "/scenario/board/agents", "beyond-supply"),
    "negative": (lambda sc: _players(sc)["abby"].update(spice=-2), "/scenario/players/abby/spice", "negative"),
    "vp": (lambda sc: _players(sc)["abby"].update(influence={"Emperor": 2, "Fremen": 3}, vp=1),
           "/scenario/players/abby/vp", "victory-points"),
    "alliance": (lambda sc: (_players(sc)["abby"].update(influence={"guild": 4}, alliances=["guild"], vp=2),
                             _players(sc)["john"].update(influence={"guild": 5}, vp=1)),
                 "/scenario/players/abby/alliances", "alliance"),
    "conflict-level": (lambda sc: sc.update(round=1, discarded_conflicts=[]), "/scenario/conflict", "conflict-level"),
    "seats": (lambda sc: _players(sc).update(zed={"vp": 3}), "/scenario/players/zed", "seats"),
    "phase-round-start": (lambda sc: sc.update(decision={"kind": "round-start"}, conflict=None),
                          "/scenario/board/agents", "phase"),
    "phase-revealed": (lambda sc: _players(sc)["abby"].update(revealed=True), "/scenario/decision/player", "phase"),
    "phase-word": (lambda sc: sc.update(phase="combat"), "/scenario/phase", "phase"),
}


@pytest.mark.parametrize("rule", sorted(BAD))
def test_a_bad_position_is_refused_with_its_pointer_and_nothing_stored(app, client, rule):
    from api import get_db

    change, pointer, code = BAD[rule]
    position = edit(change)
    if position["scenario"].get("conflict", "") is None:
        del position["scenario"]["conflict"]
    with app.app_context():
        before = {t: get_db()[t].count for t in get_db().table_names() if t != "rate_limits"}
    for path in ("/v1/positions/check", "/v1/positions/legal-actions"):
        r = client.post(path, json=position)
        assert r.status_code == 422 and r.content_type == "application/problem+json", r.data[:400]
        problems = r.get_json()["problems"]
        assert any(p["pointer"] == pointer and p["code"] == code for p in problems), problems
    with app.app_context():
        assert {t: get_db()[t].count for t in get_db().table_names() if t != "rate_limits"} == before


def test_an_unknown_name_comes_with_the_closest_names():
    with pytest.raises(InvalidPosition) as err:
        load(edit(BAD["unknown-name"][0]))
    assert "Dagger" in err.value.problems[0]["suggestions"]


def test_every_problem_is_listed_at_once():
    def many(sc):
        _players(sc)["abby"]["hand"][0] = "Reconaissance"
        _players(sc)["john"]["spice"] = -1
        sc["board"]["agents"]["Hagga Basn"] = "john"
    with pytest.raises(InvalidPosition) as err:
        load(edit(many))
    pointers = {p["pointer"] for p in err.value.problems}
    assert {"/scenario/players/abby/hand/0", "/scenario/board/agents/Hagga Basn"} <= pointers


def test_bad_full_states_and_log_prefixes_are_refused_with_every_problem(client, sample_log):
    i = next(i for i, a in enumerate(sample_log["actions"]) if a["do"] == "send-agent" and i > 40)
    prefix = dict(sample_log, actions=sample_log["actions"][:i])
    state = client.post("/v1/replays", json=prefix).get_json()["final_state"]
    bad = copy.deepcopy(state)
    bad["players"]["red"]["hand"] = "dagger"  # a hand written as a string
    r = client.post("/v1/positions/check", json={"state": bad, "action": sample_log["actions"][i]})
    # a schema error is a 400 everywhere (issue 31 item 3), with the problems listed as for a 422
    assert r.status_code == 400 and "/state/players/red/hand" in {p["pointer"] for p in r.get_json()["problems"]}
    bad = copy.deepcopy(state)
    bad["players"]["blue"]["troops"]["garrison"] = -3
    bad["players"]["red"]["hand"].append("not-a-card")
    r = client.post("/v1/positions/check", json={"state": bad, "action": sample_log["actions"][i]})
    pointers = {p["pointer"] for p in r.get_json()["problems"]}
    assert r.status_code == 422 and {"/state/players/blue/troops/garrison",
                                     f"/state/players/red/hand/{len(bad['players']['red']['hand']) - 1}"} <= pointers
    prefix = copy.deepcopy(dict(sample_log, actions=sample_log["actions"][:i]))
    prefix["actions"][30] = dict(prefix["actions"][30], **({"card": "Dagerr"} if "card" in prefix["actions"][30]
                                                            else {"player": "nobody"}))
    prefix["actions"][31] = dict(prefix["actions"][31], by="nobody")
    r = client.post("/v1/positions/check", json={"log": prefix, "action": sample_log["actions"][i]})
    pointers = {p["pointer"] for p in r.get_json()["problems"]}
    assert r.status_code == 422 and {"/log/actions/31/by"} <= pointers and any(
        p.startswith("/log/actions/30/") for p in pointers)


# --- cutting a stored game, by API and CLI ------------------------------------------------------------
def test_a_stored_game_cut_at_an_action_checks_as_the_replay_judged_it(client, sample_log):
    from adjudicator.service import tokens

    with client.application.app_context():
        from api import get_db
        _, secret = tokens.create(get_db(), "t")
    stored = client.post("/v1/games", json=sample_log, headers={"Authorization": f"Bearer {secret}"}).get_json()
    report = client.get(f"/v1/games/{stored['id']}/report").get_json()
    for i in (0, 57, 300):
        position = client.get(f"/v1/games/{stored['id']}/positions/{i}").get_json()
        answer = client.post("/v1/positions/check", json=position).get_json()
        assert answer["verdict"]["code"] == report["verdicts"][i]["code"]
    r = client.get(f"/v1/games/{stored['id']}/positions/99999")
    assert r.status_code == 404 and r.content_type == "application/problem+json"


def test_cli_position_and_check(tmp_path, sample_log):
    from click.testing import CliRunner

    from adjudicator.cli import main

    log = tmp_path / "game.json"
    log.write_text(json.dumps(sample_log))
    runner = CliRunner()
    cut = runner.invoke(main, ["position", str(log), "--at", "120"])
    assert cut.exit_code == 0, cut.output
    position = tmp_path / "position.json"
    position.write_text(cut.output)
    words = runner.invoke(main, ["check", str(position)])
    assert words.exit_code == 0 and "LEGAL" in words.output and "Next:" in words.output
    assert json.loads(runner.invoke(main, ["check", "--json", str(position)]).output)["legal"] is True
    bad = json.loads(cut.output)
    bad["scenario"]["players"] = {"red": {"spice": -1}}
    position.write_text(json.dumps(bad))
    refused = runner.invoke(main, ["check", str(position)])
    assert refused.exit_code == 2 and "/scenario/players/red/spice" in refused.output


# --- finding rulings ----------------------------------------------------------------------------------
@pytest.mark.parametrize("words", ["sandworm double", "worms doubled", "Песчаные черви удвоение"])
def test_rulings_found_by_what_a_person_remembers(client, words):
    found = [r["id"] for r in client.get("/v1/rulings", query_string={"q": words}).get_json()["rulings"]]
    # English words find the rule itself; the Russian words find the doubling rules that cite the
    # Russian edition's section on it (the statements are in English)
    assert found[0] == "worm.doubling" or (words[0] == "П" and found[0].startswith("worm.doubling")), found[:5]


@pytest.mark.parametrize("name", ["Arrakeen", "Арракин", "арракине"])
def test_card_and_space_names_in_either_language_find_their_rulings(client, name):
    found = [r["id"] for r in client.get("/v1/rulings", query_string={"q": name}).get_json()["rulings"]]
    assert "control.bonus" in found


def test_the_least_a_scenario_needs_is_the_game_and_the_conflict():
    """Everything left out takes its setup value or is filled in: the Row with remaining cards,
    the decks with the starting cards not seen elsewhere (here: all of them, and no hand)."""
    players = [{"id": "a", "leader": "Gurney Halleck"}, {"id": "b", "leader": "Muad'Dib"},
               {"id": "c", "leader": "Princess Irulan"}]
    position = {"scenario": {"game": {"system": "imperium", "edition": "uprising", "players": players},
                             "conflict": "skirmish-crysknife"}}
    driver = load(position)
    assert len(driver.state["row"]) == 5 and len(driver.state["players"]["a"]["deck"]["cards"]) == 10
    assert rules_prompt(driver)["by"] == "a" and audit(driver.state, driver.rules.content) == []


def rules_prompt(driver):
    return driver.rules.prompt(driver.state)


def test_cli_position_at_the_illegal_action_is_the_position_before_it(tmp_path, sample_log):
    """An organiser asks for the position before the disputed action, legal or not (issue 32)."""
    from click.testing import CliRunner

    from adjudicator.cli import main

    bad = copy.deepcopy(sample_log)
    actions = bad["actions"]
    i = next(i for i in range(120, len(actions)) if actions[i].get("do") == "send-agent")
    players = sorted({a["by"] for a in actions if "by" in a})
    actions[i]["by"] = next(p for p in players if p != actions[i]["by"])  # out of turn
    log = tmp_path / "game.json"
    log.write_text(json.dumps(bad))
    runner = CliRunner()
    report = json.loads(runner.invoke(main, ["replay", "--json", str(log)]).output)
    assert report["first_illegal"] == i
    cut = runner.invoke(main, ["position", str(log), "--at", str(i)])
    assert cut.exit_code == 0, cut.output
    position = tmp_path / "position.json"
    position.write_text(cut.output)
    answer = json.loads(runner.invoke(main, ["check", "--json", str(position)]).output)
    assert answer["legal"] is False and answer["verdict"]["code"] == report["verdicts"][i]["code"]
    after = runner.invoke(main, ["position", str(log), "--at", str(i + 1)])
    assert after.exit_code != 0 and "illegal" in after.output


def test_a_malformed_action_is_a_400_on_every_route(client, sample_log):
    """A list where the action schema allows one value: 400 `schema` at its place, in a position
    as in a log (issue 31 item 3: one rule for schema errors)."""
    i = next(i for i, a in enumerate(sample_log["actions"]) if a["do"] == "send-agent" and i > 20)
    bad = dict(sample_log["actions"][i], card=["dagger", "reconnaissance"])
    prefix = dict(sample_log, actions=sample_log["actions"][:i])
    for route, body, place in (("/v1/positions/check", {"log": prefix, "action": bad}, "/action/card"),
                               ("/v1/positions/legal-actions", {"log": dict(prefix, actions=[*prefix["actions"], bad])},
                                f"/log/actions/{i}/card"),
                               ("/v1/replays", dict(prefix, actions=[*prefix["actions"], bad]), f"/actions/{i}/card")):
        r = client.post(route, json=body)
        assert r.status_code == 400 and r.get_json()["code"] == "schema" and r.get_json()["pointer"] == place, route
