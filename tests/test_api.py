"""The HTTP API: every endpoint answers with its declared schema; bad input gets a clear 4xx
problem+json naming the place, never a 500, and nothing is stored."""

import copy
import json

import pytest

from adjudicator.core import schemas
from adjudicator.core.actions import Action
from adjudicator.core.canonical import checksum
from adjudicator.imperium.effects import step_op
from adjudicator.imperium.rules import ruleset

PROBLEM = "application/problem+json"


def problem(response, status, code=None):
    assert response.status_code == status, response.data[:500]
    assert response.content_type == PROBLEM
    body = response.get_json(force=True)
    assert schemas.errors("problem", body) == []
    assert "Traceback" not in response.get_data(as_text=True)
    if code:
        assert body["code"] == code, body
    return body


def test_every_operation_has_a_unique_operation_id_and_a_declared_tag(client):
    """What a generated client names its methods by (issue 32)."""
    doc = client.get("/openapi.json").get_json()
    operations = [op for item in doc["paths"].values() for op in item.values()]
    ids = [op.get("operationId") for op in operations]
    assert None not in ids and len(set(ids)) == len(ids)
    declared = {t["name"] for t in doc["tags"]}
    assert all(len(op["tags"]) == 1 and op["tags"][0] in declared for op in operations)
    assert declared == {op["tags"][0] for op in operations}


def test_healthz_and_openapi(client):
    assert client.get("/healthz").get_json()["status"] == "ok"
    doc = client.get("/openapi.json").get_json()
    assert doc["openapi"] == "3.1.0"
    for path in ("/v1/replays", "/v1/positions/check", "/v1/positions/legal-actions", "/v1/rulings",
                 "/v1/rulings/{id}", "/v1/cards", "/v1/timing-graph", "/healthz", "/openapi.json"):
        assert path in doc["paths"]
    assert doc["paths"]["/v1/replays"]["post"]["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/log"}
    assert set(doc["components"]["schemas"]) >= {"log", "action", "state", "position", "verdict", "report", "ruling"}


def test_replay_report_matches_its_schema(client, sample_log):
    r = client.post("/v1/replays?snapshots=final", json=sample_log)
    assert r.status_code == 200
    report = r.get_json()
    assert schemas.errors("report", report) == []
    assert report["valid"] and report["result"]["finished"]
    assert r.data == client.post("/v1/replays?snapshots=final", json=sample_log).data  # byte-identical


def test_replay_of_an_illegal_log_names_the_action(client, sample_log):
    bad = copy.deepcopy(sample_log)
    i = next(i for i, a in enumerate(bad["actions"]) if a["do"] == "send-agent")
    bad["actions"][i]["by"] = next(p["id"] for p in bad["game"]["players"] if p["id"] != bad["actions"][i]["by"])
    report = client.post("/v1/replays?snapshots=none", json=bad).get_json()
    assert report["valid"] is False and report["first_illegal"] == i
    v = report["verdicts"][i]
    assert v["pointer"] == f"/actions/{i}" and v["code"] == "turn.not-your-turn"
    assert v["citations"][0]["ruling"] == "turn.order" and v["citations"][0]["page"]


@pytest.mark.parametrize("body, status, code", [
    (b"{not json", 400, "not-json"),
    (b"[]", 400, "malformed"),
    (json.dumps({"format": "something-else", "version": 1}).encode(), 400, "malformed"),
    (json.dumps({"format": "dune-adjudicator/log", "version": 99, "game": {}, "actions": []}).encode(), 400,
     "unsupported-version"),
    (json.dumps({"format": "dune-adjudicator/log", "version": 1, "game": {"system": "imperium"},
                 "actions": []}).encode(), 400, "schema"),
])
def test_unreadable_bodies(client, body, status, code):
    problem(client.post("/v1/replays", data=body, content_type="application/json"), status, code)


def test_unknown_names_are_pointed_at(client, sample_log):
    bad = copy.deepcopy(sample_log)
    bad["game"]["players"][1]["leader"] = "Paul of Caladan"
    body = problem(client.post("/v1/replays", json=bad), 400, "unknown-name")
    assert body["pointer"] == "/game/players/1/leader"
    bad = copy.deepcopy(sample_log)
    i = next(i for i, a in enumerate(bad["actions"]) if a["do"] == "send-agent")
    bad["actions"][i]["space"] = "Caladan"
    assert problem(client.post("/v1/replays", json=bad), 400, "unknown-name")["pointer"] == f"/actions/{i}/space"


def test_limits(client, sample_log):
    big = dict(sample_log, actions=[{"by": "red", "do": "pass"}] * 10_001)
    problem(client.post("/v1/replays", json=big), 413, "limit-actions")
    deep = {"format": "dune-adjudicator/log", "version": 1}
    node = deep
    for _ in range(40):
        node["meta"] = {}
        node = node["meta"]
    problem(client.post("/v1/replays", json=deep), 413, "limit-nesting")
    for deep in (b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 100_000 + b"1" + b"}" * 100_000):
        problem(client.post("/v1/replays", data=deep, content_type="application/json"), 413, "limit-nesting")
    huge = b'{"format": "dune-adjudicator/log", "pad": "' + b"x" * (2 * 1024 * 1024) + b'"}'
    problem(client.post("/v1/replays", data=huge, content_type="application/json"), 413, "limit-body-size")


def test_bad_parameters_and_unknown_routes(client, sample_log):
    problem(client.post("/v1/replays?mode=lenient", json=sample_log), 400, "bad-parameter")
    problem(client.get("/v1/nothing-here"), 404, "not-found")
    problem(client.get("/v1/replays"), 405)
    problem(client.get("/v1/cards?game=monopoly"), 400, "unknown-game")


def test_position_check_from_a_log_prefix_and_from_a_state(client, sample_log):
    i = next(i for i, a in enumerate(sample_log["actions"]) if a["do"] == "send-agent" and i > 40)
    prefix = dict(sample_log, actions=sample_log["actions"][:i])
    r = client.post("/v1/positions/check", json={"log": prefix, "action": sample_log["actions"][i]})
    body = r.get_json()
    assert r.status_code == 200 and body["legal"] is True
    assert schemas.errors("verdict", body["verdict"]) == [] and schemas.errors("state", body["state"]) == []
    state = client.post("/v1/replays", json=prefix).get_json()["final_state"]
    again = client.post("/v1/positions/check", json={"state": state, "action": sample_log["actions"][i]}).get_json()
    assert again["checksum"] == body["checksum"]
    wrong = dict(sample_log["actions"][i], by="chance")
    verdict = client.post("/v1/positions/check", json={"state": state, "action": wrong}).get_json()
    assert verdict["legal"] is False and verdict["verdict"]["citations"]


def test_position_check_rejects_an_illegal_prefix_and_broken_states(client, sample_log):
    i = next(i for i, a in enumerate(sample_log["actions"]) if a["do"] == "send-agent")
    prefix = copy.deepcopy(dict(sample_log, actions=sample_log["actions"][: i + 1]))
    prefix["actions"][i]["by"] = "chance"
    problem(client.post("/v1/positions/check", json={"log": prefix, "action": {"by": "red", "do": "pass"}}),
            422, "illegal-position")
    prefix = dict(sample_log, actions=sample_log["actions"][:i])
    state = client.post("/v1/replays", json=prefix).get_json()["final_state"]
    broken = dict(state, players={})
    answer = client.post("/v1/positions/check", json={"state": broken, "action": sample_log["actions"][i]})
    problem(answer, 422, "invalid-position")  # seats that do not match the players (issue #10)
    assert {p["pointer"] for p in answer.get_json()["problems"]} == {"/state/players"}
    problem(client.post("/v1/positions/check", json={"state": state}), 400)


def offered(body: dict) -> list[dict]:
    """legal-actions' offers as a log writes them: without the words (label, a choice's value)."""
    return [{k: v for k, v in a.items() if k != "label" and not (k == "value" and a["do"] == "choose")}
            for a in body["actions"]]


def test_legal_actions(client, sample_log):
    i = next(i for i, a in enumerate(sample_log["actions"]) if a["do"] == "send-agent" and i > 20)
    prefix = dict(sample_log, actions=sample_log["actions"][:i])
    body = client.post("/v1/positions/legal-actions", json={"log": prefix}).get_json()
    assert sample_log["actions"][i] in offered(body)
    for a in body["actions"]:
        assert schemas.errors("action", a) == [] and a["label"]


def test_rulings_search_by_words_tag_and_card(client):
    found = client.get("/v1/rulings?q=spy").get_json()["rulings"]
    assert "spy.infiltrate" in [r["id"] for r in found]
    for r in found:
        assert schemas.errors("ruling", r) == []
    russian = client.get("/v1/rulings?q=альянс").get_json()["rulings"]  # the Russian edition says «союз»
    assert russian[0]["id"].startswith("influence.alliance") and "союз" in russian[0]["title_ru"]
    tagged = client.get("/v1/rulings?tag=combat").get_json()["rulings"]
    assert tagged and all("combat" in r["tags"] for r in tagged)
    assert client.get("/v1/rulings/agent.space-occupied").get_json()["sources"]
    problem(client.get("/v1/rulings/no.such-ruling"), 404)
    assert client.get("/v1/rulings?q=%22%20OR%201%3D1%20--").status_code == 200  # SQL-like text is harmless


def test_cards_and_timing_graph(client):
    cards = client.get("/v1/cards?game=uprising&type=conflict").get_json()["cards"]
    assert len(cards) == 16 and all({"id", "name", "type", "copies"} <= set(c) for c in cards)
    graph = client.get("/v1/timing-graph?game=uprising").get_json()
    assert {"nodes", "edges"} <= set(graph)
    dot = client.get("/v1/timing-graph?format=dot")
    assert dot.content_type.startswith("text/vnd.graphviz") and dot.data.startswith(b"digraph")


def test_samples_are_ready(client):
    names = [s["name"] for s in client.get("/v1/samples").get_json()["samples"]]
    assert names
    log = client.get(f"/v1/samples/{names[0]}").get_json()
    assert client.post("/v1/replays?snapshots=none", json=log).get_json()["valid"]


def test_bad_input_stores_nothing(app, client, sample_log):
    from api import get_db

    def counts():  # the rate-limit counters do count these requests: that is their job
        with app.app_context():
            return {t: get_db()[t].count for t in get_db().table_names() if t != "rate_limits"}

    before = counts()
    client.post("/v1/replays", data=b"{", content_type="application/json")
    client.post("/v1/positions/check", json={"state": {}})
    assert counts() == before


def test_position_check_as_a_player_hides_what_they_cannot_see(client, sample_log):
    i = next(i for i, a in enumerate(sample_log["actions"]) if a["do"] == "send-agent" and i > 40)
    prefix = dict(sample_log, actions=sample_log["actions"][:i])
    body = client.post("/v1/positions/check", json={"log": prefix, "action": sample_log["actions"][i],
                                                     "as": "red"}).get_json()
    players = body["state"]["players"]
    assert isinstance(players["red"]["hand"], list)
    assert all(isinstance(players[p]["hand"], int) and isinstance(players[p]["intrigue"], int)
               for p in players if p != "red")
    assert "rng" not in body["state"] and schemas.errors("state", body["state"]) == []
    problem(client.post("/v1/positions/check", json={"log": prefix, "action": sample_log["actions"][i],
                                                      "as": "nobody"}), 400, "unknown-name")


# --- states round-trip -------------------------------------------------------------------------------
def trash_prompt_with_steps_left(log: dict) -> tuple[int, str]:
    """The first trash prompt of the log while the effect that asked for it still has a step to
    resolve whose op is not its first key in sorted order (such as {"influence": 1, "faction":
    "fremen"})."""
    rules = ruleset(log["game"]["edition"])
    state = rules.new_state(log["game"], {})
    for i, action in enumerate(log["actions"]):
        prompt = rules.prompt(state)
        below = state["stack"][-2] if len(state["stack"]) > 1 else {}
        if prompt and prompt["kind"] == "trash" and any(min(step) != step_op(step) for step in below.get("steps", [])):
            return i, prompt["by"]
        rules.apply(state, Action(action))
    raise AssertionError("the log has no such trash prompt")


def through_chance(actions: list, k: int) -> int:
    """The last index of the chance outcomes that follow action k (k itself if none)."""
    while k + 1 < len(actions) and actions[k + 1]["by"] == "chance":
        k += 1
    return k


def test_continue_mode_rolls_back_an_illegal_end_turn_at_a_trash_prompt(client, sample_log):
    """Continue mode restores the state from its canonical (sorted) snapshot after an illegal
    action. An end-turn recorded while a trash prompt is pending, inside an effect with a step of
    several keys still to resolve, used to be answered 500; it is skipped and the game goes on
    exactly as without it."""
    i, player = trash_prompt_with_steps_left(sample_log)
    bad = copy.deepcopy(sample_log)
    bad["actions"].insert(i, {"by": player, "do": "end-turn"})
    r = client.post("/v1/replays?mode=continue&snapshots=none", json=bad)
    assert r.status_code == 200, r.data[:500]
    report = r.get_json()
    assert schemas.errors("report", report) == []
    original = client.post("/v1/replays?snapshots=none", json=sample_log).get_json()
    assert report["first_illegal"] == i and report["verdicts"][i]["code"] == "timing.choice-pending"
    later = report["verdicts"][i + 1:]
    assert all(v["conditional"] and v["verdict"] == "legal" for v in later)
    assert [v["checksum"] for v in later] == [v["checksum"] for v in original["verdicts"][i:]]
    assert report["final_checksum"] == original["final_checksum"]
    assert report["result"] == original["result"]


def test_states_the_service_returns_continue_when_posted_back(client, sample_log):
    """A replay's snapshots and final state and a position check's state, posted back as the
    service wrote them (sorted keys), continue exactly as the original game: also when paused
    inside an effect whose next step has several keys."""
    actions = sample_log["actions"]
    i, _ = trash_prompt_with_steps_left(sample_log)
    report = client.post("/v1/replays?snapshots=all", json=sample_log).get_json()
    checksums = [v["checksum"] for v in report["verdicts"]]
    chance = next(k for k in range(i, len(actions)) if actions[k]["by"] == "chance")
    for k in (i, i + 1, chance, len(actions) - 1):
        state = report["snapshots"][k - 1]
        assert checksum(state) == checksums[k - 1]
        body = client.post("/v1/positions/check", json={"state": state, "action": actions[k]}).get_json()
        assert body["legal"] and body["verdict"]["verdict"] == "legal", (k, body["verdict"])
        j = through_chance(actions, k)  # the seed in the state deals the outcomes that follow
        assert body["checksum"] == checksums[j] == checksum(body["state"])
        if j + 1 < len(actions):  # the position check's own state goes on as well
            body = client.post("/v1/positions/check", json={"state": body["state"], "action": actions[j + 1]})
            assert body.get_json()["checksum"] == checksums[through_chance(actions, j + 1)]
        legal = client.post("/v1/positions/legal-actions", json={"state": state}).get_json()
        if actions[k]["by"] != "chance":
            assert actions[k] in offered(legal)
    final = client.post("/v1/replays", json=dict(sample_log, actions=actions[:i])).get_json()
    body = client.post("/v1/positions/check", json={"state": final["final_state"], "action": actions[i]})
    assert body.get_json()["checksum"] == checksums[through_chance(actions, i)]


def test_position_check_of_a_recorded_chance_outcome_after_a_log_prefix(client, sample_log):
    """The log prefix of a position is replayed up to its last action, not dealt beyond it: the
    contested action may be the chance outcome the game waits for."""
    actions = sample_log["actions"]
    k = next(k for k in range(40, len(actions)) if actions[k]["by"] == "chance" and actions[k - 1]["by"] != "chance")
    report = client.post("/v1/replays?snapshots=none", json=sample_log).get_json()
    prefix = dict(sample_log, actions=actions[:k])
    body = client.post("/v1/positions/check", json={"log": prefix, "action": actions[k]}).get_json()
    assert body["legal"], body["verdict"]
    assert body["checksum"] == report["verdicts"][through_chance(actions, k)]["checksum"]
    wrong = copy.deepcopy(actions[k])
    wrong["do"] = "steal-intrigue"
    body = client.post("/v1/positions/check", json={"log": prefix, "action": wrong}).get_json()
    assert body["legal"] is False and body["verdict"]["code"] == "chance.unexpected"
