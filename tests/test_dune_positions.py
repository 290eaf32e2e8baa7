"""Classic Dune's compact scenario (adjudicator/dune/scenario.py, schemas/dune-scenario.json,
docs/positions.md): hand-written positions checked by the positions service (legal, and one
illegal action each), everything unsaid filled in, every problem pointed into the scenario, and
a face-down log's cuts. (Every phase's start of simulated games building back the very same state is
the rule-system harness's: tests/test_rule_systems.py.)"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

from adjudicator.core import schemas
from adjudicator.core.canonical import checksum
from adjudicator.core.errors import InvalidPosition
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.dune.content import content
from adjudicator.dune.game import SPICE_TOTAL
from adjudicator.dune.rules import DuneRules
from adjudicator.positions import check_position, cut, legal_actions
from adjudicator.simulate import simulate

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RULES = DuneRules()
GAME = {"system": "dune", "edition": "basic",
        "players": [{"id": "paul", "faction": "Atreides"}, {"id": "vlad", "faction": "Harkonnen"},
                    {"id": "anna", "faction": "Bene Gesserit"}]}


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module", params=[(4, 5), (6, 3)], ids=["4p", "6p"])
def played(request):
    return simulate("dune", *request.param)


# --- the examples -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name, edit, code, ruling", [
    ("dune-move-through-storm", lambda d: d["actions"][1].update(to="Imperial Basin@9"),
     "dune.move-through-storm", "dune.storm-blocks"),
    ("dune-occupancy-limit", lambda d: d["actions"][0].update(to="Arrakeen"),
     "dune.stronghold-full", "dune.occupancy-limit"),
])
def test_the_examples_legal_and_one_illegal_action_each(name, edit, code, ruling):
    position = example(name)
    answer = check_position(position)
    assert answer["legal"] and all(v["verdict"] == "legal" for v in answer["verdicts"])
    bad = copy.deepcopy(position)
    edit(bad)
    answer = check_position(bad)
    assert not answer["legal"] and answer["verdict"]["code"] == code
    assert ruling in [c["ruling"] for c in answer["verdict"]["citations"]]


def test_the_storm_example_moves_the_forces_and_the_limit_example_ships_and_pays():
    state = check_position(example("dune-move-through-storm"))["state"]
    assert state["map"]["hagga-basin@12"] == {"paul": 5} and "tsimpo@11" not in state["map"]
    state = check_position(example("dune-occupancy-limit"))["state"]
    assert state["map"]["tueks-sietch@4"] == {"paul": 5}
    assert state["players"]["paul"]["spice"] == 10 - 5 and state["players"]["paul"]["reserves"] == 20 - 4 - 2 - 5


def test_a_position_through_the_service(client):
    r = client.post("/v1/positions/check", json=example("dune-occupancy-limit"))
    assert r.status_code == 200 and r.get_json()["legal"], r.get_json()
    r = client.post("/v1/positions/legal-actions", json={"scenario": example("dune-occupancy-limit")["scenario"]})
    assert r.status_code == 200 and {"by": "paul", "do": "pass", "label": "passes"} in r.get_json()["actions"]


# --- what is left out ---------------------------------------------------------------------------------
def test_everything_unsaid_is_filled_in():
    cnt = content()
    state = RULES.from_scenario({"game": GAME, "turn": 3, "phase": "bidding", "storm": 5,
                                 "players": {"paul": {"hand": ["Lasgun", "?"], "forces": {"Arrakeen": 7}}}})
    paul, vlad, anna = (state["players"][q] for q in ("paul", "vlad", "anna"))
    assert state["turn"] == 3 and state["phase"] == "bidding" and state["storm"] == 5
    assert state["map"]["arrakeen@9"] == {"paul": 7} and state["map"]["carthag@10"] == {"vlad": 10}  # setup
    assert (paul["reserves"], paul["spice"], vlad["reserves"]) == (13, 10, 10)
    assert paul["traitors"] == ["?"] and vlad["traitors"] == ["?"] * 4 and state["traitor_hidden"] == 6
    assert anna["prediction"] == {"faction": "?", "turn": "?"}  # made, unseen
    base = Counter({c: d["copies"] for c, d in cnt.treachery.items() if d["set"] == "base"})
    assert Counter(state["treachery"]["deck"]) == base - Counter(["lasgun"]) and state["treachery"]["hidden"] == 1
    assert state["bank"] == SPICE_TOTAL - 10 - 10 - 5
    assert all(s == "alive" for pl in state["players"].values() for s in pl["leaders"].values())
    assert RULES.prompt(state)["kind"] == "bid"  # the phase has begun


def test_the_game_as_dealt():
    state = RULES.from_scenario({"game": GAME, "phase": "setup", "seed": 9})
    fresh = RULES.new_state({"system": "dune", "players": [{"id": "paul", "faction": "atreides"},
                                                           {"id": "vlad", "faction": "harkonnen"},
                                                           {"id": "anna", "faction": "bene-gesserit"}]},
                            {"seed": 9})
    assert state == fresh and RULES.prompt(state) == {"by": "chance", "kind": "draw-traitors", "player": "paul"}


# --- problems, each pointed at ------------------------------------------------------------------------
BAD = {
    "game": GAME, "turn": 2, "phase": "shipment-movement",
    "spice": {"Nowhere@3": 4},
    "treachery": {"discard": ["Lasgun"]},
    "players": {
        "paul": {"forces": {"Arrakeen": 15}, "reserves": 9, "hand": ["Lasgun", "Shield"], "ally": "vlad",
                 "leaders": {"Feyd-Rautha": "tanks"}, "prediction": {"faction": "Harkonnen", "turn": 3}},
        "vlad": {"forces": {"Arrakeen": 2, "Carthag": 8}},
        "anna": {"hand": ["Shield", "Shield", "Snooper", "Snooper", "Chaumas"], "traitors": ["Duke Vidal"],
                 "forces": {"Arrakeen": 1},
                 "prediction": {"faction": "Bene Gesserit", "turn": 4}},
        "ghost": {"spice": 3},
    },
}
EXPECTED = [
    ("/scenario/spice/Nowhere@3", "unknown-name"),
    ("/scenario/players/paul/reserves", "beyond-supply"),
    ("/scenario/players/paul/leaders/Feyd-Rautha", "not-this-faction"),
    ("/scenario/players/paul/prediction", "not-this-faction"),
    ("/scenario/players/paul/ally", "alliance"),
    ("/scenario/players/anna/hand", "hand-limit"),
    ("/scenario/players/anna/traitors/0", "unknown-name"),
    ("/scenario/players/anna/prediction/faction", "not-in-game"),
    ("/scenario/players/ghost", "seats"),
    ("/scenario/players/anna/forces", "occupancy"),
    ("/scenario/treachery/discard", "too-many-copies"),
]


def test_every_problem_is_pointed_into_the_scenario():
    with pytest.raises(InvalidPosition) as err:
        check_position({"scenario": BAD, "action": {"by": "paul", "do": "pass"}})
    found = {(p["pointer"], p["code"]) for p in err.value.problems}
    assert set(EXPECTED) <= found, sorted(found)


@pytest.mark.parametrize("edit, pointer", [
    (lambda sc: sc.update(storm=18), "/scenario/storm"),
    (lambda sc: sc["players"]["paul"].update(hand="Lasgun"), "/scenario/players/paul/hand"),
    (lambda sc: sc.update(phase="collection"), "/scenario/phase"),
    (lambda sc: sc["game"]["players"][0].update(leader="Paul"), "/scenario/game/players/0"),
])
def test_the_schema_points_at_a_field_of_the_wrong_shape(edit, pointer):
    sc = {"game": copy.deepcopy(GAME), "players": {"paul": {}}}
    edit(sc)
    with pytest.raises(InvalidPosition) as err:
        check_position({"scenario": sc, "action": {"by": "paul", "do": "pass"}})
    assert err.value.problems[0]["code"] == "schema" and err.value.problems[0]["pointer"].startswith(pointer)


def test_a_setup_position_takes_no_table():
    with pytest.raises(InvalidPosition) as err:
        RULES.from_scenario({"game": GAME, "phase": "setup", "storm": 3})
    assert [(p["pointer"], p["code"]) for p in err.value.problems] == [("/storm", "setup-takes-no-table")]


def face_down(log: dict) -> dict:
    """The log as a player who saw no other hand writes it: every Treachery and Traitor card drawn
    and every traitor kept is "?" (ruling dune.engine-hidden-cards)."""
    log = copy.deepcopy(log)
    for a in log["actions"]:
        if a["do"] in ("draw-treachery", "draw-traitors", "keep-traitor"):
            a.update({"cards": ["?"] * len(a["cards"])} if "cards" in a else {"card": "?"})
    return log


def test_a_face_down_cut_replays_to_the_logged_state(played):
    """As a player who saw no other hand writes the log (an open log's cuts: the rule-system harness)."""
    log = face_down(played)
    snapshots = Replay(parse_log(log), "strict", "all").run()["snapshots"]
    total = len(log["actions"])
    for target in (total // 5, total // 2, total - 3):
        # a decision next: the check deals no chance outcome after the contested action
        index = next(i for i in range(target, total) if (RULES.prompt(snapshots[i]) or {}).get("by") != "chance")
        position = cut(log, index)
        sc = position["scenario"]
        assert sc["phase"] != "setup" and len(sc.get("played", [])) < index  # a phase's start, not the setup
        assert schemas.errors("position", position) == []
        answer = check_position(position)
        assert answer["legal"], answer["verdict"]
        assert answer["checksum"] == checksum(snapshots[index])
    assert "?" in json.dumps(cut(log, total // 2)["scenario"]["players"])


def test_a_scenario_that_does_not_build_back_is_not_written():
    """Within a battle no phase's start stands: no scenario is written for it."""
    state = RULES.from_scenario(example("dune-occupancy-limit")["scenario"])
    state["battle"] = {"territory": "arrakeen"}
    assert RULES.anchor(state) is None
    state = RULES.from_scenario(example("dune-occupancy-limit")["scenario"])
    state["players"]["paul"]["spice"] += 1  # the bank no longer balances: the audit refuses it
    assert RULES.scenario_of(state) is None
    assert legal_actions(example("dune-occupancy-limit"))["pending"]["kind"] == "ship"


def test_a_hajr_play_names_its_places_in_a_valid_action():
    """Classic Dune's `play` of Hajr moves forces `from` a place `to` another (docs/dune-engine.md):
    the action schema took every `to` of a verb it did not list for an Imperium zone, so a
    simulated game that played Hajr (dune, 2 players, seed 7) was not a valid log."""
    hajr = {"by": "blue", "do": "play", "card": "hajr", "from": "false-wall-east@4", "to": "cielago-depression@2",
            "count": 4}
    assert schemas.errors("action", hajr) == []
    assert schemas.errors("action", {"by": "a", "do": "deploy", "to": "Arrakeen"}) != []  # Imperium's zones still
