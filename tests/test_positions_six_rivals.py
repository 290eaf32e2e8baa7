"""Positions of six-player and Rival games (issue 28, finding 8): the cut writes the Rival setup and
the six-player pieces, stored games' positions are ready to post, bad pieces are pointed at. Before,
a six-player cut was refused ("played by (3, 4) players, not 6") and a Rival game had no position
at all (404). That every such cut builds back and is judged as the replay judged it, reaching the
same checksum, is the rule-system harness's (tests/test_rule_systems*.py, every row)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.core.errors import InvalidPosition
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.positions import cuts, load
from adjudicator.service import tokens

SAMPLES = Path(__file__).resolve().parents[1] / "adjudicator" / "samples"


def sample(name: str) -> dict:
    return json.loads((SAMPLES / f"{name}.json").read_text())


def test_the_rival_setup_is_written():
    log = sample("uprising-1p-rivals-immortality-seed3")
    last = len(log["actions"]) - 1
    scenario = cuts(log, [last])[last]["scenario"]
    assert [p["id"] for p in scenario["game"]["players"]] == ["red"]  # the Rivals are no players
    assert [r["id"] for r in scenario["rivals"]] == ["rival-1", "rival-2"]
    assert scenario["difficulty"] == "sardaukar"
    assert scenario["hagal_discard"]
    assert set(scenario["players"]) <= {"red", "rival-1", "rival-2"}


def test_six_player_pieces_are_written():
    log = sample("uprising-6p-choam-seed1")
    written = cuts(log, range(0, len(log["actions"]), 5))
    seen = {key for p in written.values() for key in p["scenario"]}
    assert {"agent_tokens", "swordmaster_taken"} <= seen
    commanders = {p["scenario"].get("players", {}).get("red", {}).get("swordmaster") for p in written.values()}
    assert False in commanders  # the Commander's Swordmaster, gone after the first round, is written as lost


def test_a_rival_scenario_names_its_rivals():
    """Without its Rivals a solo position is no game: the problem points at the scenario."""
    log = sample("uprising-2p-rival-choam-seed4")
    position = cuts(log, [40])[40]
    del position["scenario"]["rivals"]
    position["scenario"].pop("players", None)
    with pytest.raises(InvalidPosition) as err:
        load(position)
    assert {p["pointer"] for p in err.value.problems} == {"/scenario/rivals"}


@pytest.mark.parametrize("name", ["uprising-6p-choam-seed1", "uprising-1p-rivals-immortality-seed3",
                                  "uprising-2p-rival-choam-seed4"])
def test_stored_positions_are_ready_to_post(app, client, name):
    """The route promises a position to edit and post back: for a finished game, to anyone."""
    alice = {"Authorization": f"Bearer {tokens.create(app.config['_MEMORY_DB'], 'alice')[1]}"}
    log = sample(name)
    answer = client.post("/v1/games", json=log, headers=alice)
    assert answer.status_code == 201, answer.get_json()
    gid = answer.get_json()["id"]
    report = Replay(parse_log(log), "strict", "none").run()
    for index in range(1, len(log["actions"]), len(log["actions"]) // 6):
        position = client.get(f"/v1/games/{gid}/positions/{index}")
        assert position.status_code == 200, (index, position.get_json())
        checked = client.post("/v1/positions/check", json=position.get_json())
        assert checked.status_code == 200, (index, checked.get_json())
        assert checked.get_json()["verdict"]["verdict"] == report["verdicts"][index]["verdict"], index


def problems_of(position: dict) -> set[tuple[str, str]]:
    with pytest.raises(InvalidPosition) as err:
        load(position)
    return {(p["pointer"], p["code"]) for p in err.value.problems}


def test_bad_six_player_and_rival_pieces_are_pointed_at():
    six = sample("uprising-6p-choam-seed1")
    position = cuts(six, [60])[60]
    position["scenario"]["agent_tokens"] = {"blue": ["left"]}  # blue is an Ally
    assert problems_of(position) == {("/scenario/agent_tokens/blue", "not-a-commander")}
    position["scenario"]["agent_tokens"] = {"red": ["middle"]}
    assert problems_of(position) == {("/scenario/agent_tokens/red/0", "schema")}
    duo = sample("uprising-2p-rival-choam-seed4")
    position = cuts(duo, [60])[60]
    position["scenario"]["hagal_discard"] = ["no-such-card"]
    assert problems_of(position) == {("/scenario/hagal_discard/0", "unknown-name")}
    four = sample("uprising-4p-choam-seed7")
    position = cuts(four, [60])[60]
    position["scenario"]["hagal_discard"] = []
    position["scenario"]["throne_row"] = []
    assert problems_of(position) == {("/scenario/hagal_discard", "not-in-game"),
                                     ("/scenario/throne_row", "not-in-game")}
