"""Consequences (issues 32 and 36): what each action changed that a player cares about."""

import copy
import json

import pytest
from click.testing import CliRunner
from conftest import SAMPLES
from test_log_forms import minimal_log, with_actions

from adjudicator.cli import main
from adjudicator.core.consequences import AMOUNT, HOLDER, diff, veiled
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay, replay
from adjudicator.core.schemas import documents, errors
from adjudicator.dune import consequences as dune
from adjudicator.imperium import consequences as imperium
from adjudicator.simulate import simulate
from api import create_app

UPRISING, DUNE = "uprising-3p-seed11", "dune-4p-advanced-seed1"


def sample(name: str) -> dict:
    return json.loads((SAMPLES / f"{name}.json").read_text())


def replayed(doc: dict, snapshots: str = "none") -> dict:
    return Replay(parse_log(doc), "continue", snapshots, consequences=True).run()


@pytest.fixture(scope="module")
def uprising() -> dict:
    return replayed(sample(UPRISING), "all")


@pytest.fixture(scope="module")
def classic() -> dict:
    return replayed(sample(DUNE), "all")


def found(report: dict, kind: str) -> list[tuple[int, dict]]:
    return [(v["index"], c) for v in report["verdicts"] for c in v["consequences"] if c["kind"] == kind]


def test_every_kind_is_declared_in_the_schema_and_every_report_validates(uprising, classic):
    declared = set(documents()["https://dune-adjudicator.example/schemas/consequence.json"]
                   ["properties"]["kind"]["enum"])
    for system in (imperium, dune):
        assert {*system.KINDS, *system.EVENTS} <= declared, system.__name__
    for report in (uprising, classic):
        small = {k: v for k, v in report.items() if k not in ("final_state", "snapshots")}
        assert not errors("report", small)


def test_an_amount_says_the_change_and_the_total_the_state_then_holds(uprising):
    states = uprising["snapshots"]
    checked = 0
    for verdict in uprising["verdicts"]:
        players = states[verdict["index"]]["players"]
        for c in verdict["consequences"]:
            if c["kind"] in ("vp", "spice", "solari", "water"):
                assert players[c["seat"]][c["kind"]] == c["now"], (verdict["index"], c)
                checked += 1
            elif c["kind"] == "influence":
                assert players[c["seat"]]["influence"][c["faction"]] == c["now"]
                checked += 1
    assert checked > 100


def test_the_alliance_changing_hands_is_said_with_its_old_and_new_holder(uprising):
    states = uprising["snapshots"]
    changes = found(uprising, "alliance")
    assert changes
    for index, c in changes:
        assert states[index]["alliances"][c["faction"]] == c["to"]
        earlier = states[index - 1]["alliances"][c["faction"]] if index else None
        assert c["from"] == earlier and c["from"] != c["to"]
    # the influence step that made it rides on the same verdict
    index, c = changes[0]
    kinds = {(x["kind"], x.get("seat")) for x in uprising["verdicts"][index]["consequences"]}
    assert ("influence", c["to"]) in kinds


def test_a_conflict_won_names_its_card_its_winner_and_the_rewards(uprising):
    won = found(uprising, "conflict-won")
    assert len(won) >= 5
    for index, c in won:
        verdict = uprising["verdicts"][index]["consequences"]
        assert {"kind": "conflict", "from": c["conflict"], "to": None} in verdict
        assert {"kind": "conflicts", "seat": c["seat"], "gained": [c["conflict"]]} in verdict  # Uprising keeps it
    # a Conflict's VP reward: the winner's VP rise in the verdict that resolved it
    assert any(x["kind"] == "vp" and x["seat"] == c["seat"] and x["change"] > 0
               for index, c in won for x in uprising["verdicts"][index]["consequences"])


def test_the_last_action_names_the_winners(uprising, classic):
    for report in (uprising, classic):
        (index, c), = found(report, "winners")
        assert c["to"] == report["result"]["winners"] and c["from"] is None


def test_classic_dune_battles_leaders_alliances_and_strongholds(classic):
    battles = found(classic, "battle-won")
    assert battles
    for _, c in battles:
        assert c["seat"] != c["against"] and c["territory"]
    killed = [c for _, c in found(classic, "leader") if c["to"] == "tanks"]
    assert killed
    allies = found(classic, "ally")
    assert allies and all(c["to"] is None or c["to"] != c["seat"] for _, c in allies)
    states = classic["snapshots"]
    for index, c in found(classic, "forces"):
        on_map = sum(n for loc, here in states[index]["map"].items()
                     if loc.split("@")[0] == c["territory"] for q, n in here.items() if q == c["seat"])
        assert on_map == c["now"], (index, c)
    assert found(classic, "strongholds") and found(classic, "storm")


def test_an_illegal_action_changed_nothing():
    doc = sample(UPRISING)
    bad = copy.deepcopy(doc)
    bad["actions"].insert(30, dict(doc["actions"][30], by="green" if doc["actions"][30]["by"] != "green" else "red"))
    report = replayed(bad)
    verdict = report["verdicts"][30]
    assert verdict["verdict"] == "illegal" and verdict["consequences"] == []


def test_kinds_are_shaped_by_their_declaration():
    kinds = {**imperium.KINDS}
    before = {("vp", "red"): 1, ("alliance", "emperor"): None, ("intrigue", "red"): ("a", "b")}
    after = {("vp", "red"): 3, ("alliance", "emperor"): "red", ("intrigue", "red"): ("b", "c", "?")}
    out = diff(kinds, before, after)
    assert out == [{"kind": "alliance", "faction": "emperor", "from": None, "to": "red"},
                   {"kind": "intrigue", "seat": "red", "gained": ["c"], "lost": ["a"], "seen_by": ["red"]},
                   {"kind": "vp", "seat": "red", "change": 2, "now": 3}]
    assert kinds["vp"].shape == AMOUNT and kinds["alliance"].shape == HOLDER
    assert veiled(out[1], None) == {"kind": "intrigue", "seat": "red", "gained": ["?"], "lost": ["?"],
                                    "seen_by": ["red"]}
    assert veiled(out[1], "red") == out[1]
    # the same cards in another order are no consequence
    assert diff(kinds, {("cards", "red"): ("a", "b")}, {("cards", "red"): ("b", "a")}) == []


# --- the service: hidden cards, the switch, live games, positions ------------------------------------------
@pytest.fixture()
def app():
    return create_app({"DATABASE": ":memory:", "TESTING": True, "RATELIMIT_ENABLED": False})


def intrigue_of(report: dict) -> list[dict]:
    return [c for v in report["verdicts"] for c in v.get("consequences", ()) if c["kind"] == "intrigue"]


def test_a_hidden_card_is_not_named_for_the_public_nor_another_seat(client, alice):
    doc = sample(UPRISING)
    r = client.post("/v1/games", json={**doc, "actions": doc["actions"][:120]}, headers=alice)
    game = r.get_json()["id"]
    mine = client.get(f"/v1/games/{game}/report", headers=alice).get_json()
    public = client.get(f"/v1/games/{game}/report").get_json()
    named = intrigue_of(mine)
    assert named and all(c["seen_by"] == [c["seat"]] for c in named)
    assert any(x != "?" for c in named for x in c.get("gained", ()))
    shown = intrigue_of(public)
    assert len(shown) == len(named)
    assert all(x == "?" for c in shown for x in (*c.get("gained", ()), *c.get("lost", ())))
    # what everyone sees stays: VP, influence, the Conflict
    assert [c for v in public["verdicts"] for c in v["consequences"] if c["kind"] == "influence"] == \
        [c for v in mine["verdicts"] for c in v["consequences"] if c["kind"] == "influence"]
    # one seat's view names its own cards only
    seat = named[0]["seat"]
    token = client.post(f"/v1/games/{game}/seats", json={"seat": seat}, headers=alice).get_json()["token"]
    as_seat = client.get(f"/v1/games/{game}/report", headers={"Authorization": f"Bearer {token}"}).get_json()
    for c in intrigue_of(as_seat):
        cards = (*c.get("gained", ()), *c.get("lost", ()))
        assert all(x != "?" for x in cards) if c["seat"] == seat else all(x == "?" for x in cards)
    # ?consequences=0 leaves them out
    bare = client.get(f"/v1/games/{game}/report", query_string={"consequences": "0"}, headers=alice).get_json()
    assert all("consequences" not in v for v in bare["verdicts"])


def test_a_live_append_and_its_followers_carry_the_consequences_face_down(client, alice):
    doc = sample(UPRISING)
    game = client.post("/v1/games", json={**doc, "actions": doc["actions"][:36]}, headers=alice).get_json()["id"]
    answer = client.post(f"/v1/games/{game}/actions", json={"index": 36, "actions": doc["actions"][36:38]},
                         headers=alice).get_json()
    assert not errors("live-answer", answer)
    whole = replayed({**doc, "actions": doc["actions"][:38]})
    assert [v["consequences"] for v in answer["verdicts"]] == [v["consequences"] for v in whole["verdicts"][36:38]]
    r = client.get(f"/v1/games/{game}/events", query_string={"timeout": 0}, headers={"Last-Event-ID": "35"})
    text = r.get_data(as_text=True)
    r.close()
    data = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
    followed = [c for d in data for c in d["verdict"]["consequences"] if c["kind"] == "intrigue"]
    assert followed and all(x == "?" for c in followed for x in (*c.get("gained", ()), *c.get("lost", ())))


def test_the_replay_route_has_them_unless_asked_not_to(client):
    doc = sample(UPRISING)
    doc["actions"] = doc["actions"][:40]
    on = client.post("/v1/replays", json=doc, query_string={"snapshots": "none"}).get_json()
    off = client.post("/v1/replays", json=doc, query_string={"snapshots": "none", "consequences": "0"}).get_json()
    assert all("consequences" in v for v in on["verdicts"]) and any(v["consequences"] for v in on["verdicts"])
    assert all("consequences" not in v for v in off["verdicts"])
    assert [{k: v for k, v in x.items() if k != "consequences"} for x in on["verdicts"]] == off["verdicts"]
    bad = client.post("/v1/replays", json=doc, query_string={"consequences": "maybe"})
    assert bad.status_code == 400 and bad.get_json()["pointer"] == "?consequences"
    spec = client.get("/openapi.json").get_json()
    assert "consequences" in [p["name"] for p in spec["paths"]["/v1/replays"]["post"]["parameters"]]


def test_a_position_check_says_what_the_contested_action_changed(client):
    doc = sample(UPRISING)
    index = next(v["index"] for v in replayed({**doc, "actions": doc["actions"][:60]})["verdicts"]
                 if any(c["kind"] == "solari" for c in v["consequences"]))
    answer = client.post("/v1/positions/check", json={"log": {**doc, "actions": doc["actions"][:index]},
                                                      "action": doc["actions"][index]}).get_json()
    assert answer["legal"] and any(c["kind"] == "solari" for c in answer["verdict"]["consequences"])


def test_the_cli_prints_them_in_json_unless_told_not_to(tmp_path):
    doc = sample(DUNE)
    doc["actions"] = doc["actions"][:30]
    path = tmp_path / "log.json"
    path.write_text(json.dumps(doc))
    on = json.loads(CliRunner().invoke(main, ["replay", str(path), "--json", "--snapshots", "none"]).output)
    off = json.loads(CliRunner().invoke(main, ["replay", str(path), "--json", "--snapshots", "none",
                                               "--no-consequences"]).output)
    assert any(v["consequences"] for v in on["verdicts"])
    assert all("consequences" not in v for v in off["verdicts"])


def test_a_conflict_won_in_steps_the_log_left_out_is_still_said():
    """The steps the engine takes for a log that leaves forced steps out note what they did too
    (`Driver.noted`): the same Conflicts won as the whole log says. (What `settle` takes after the
    last logged action is no action's consequence, so the VP totals may differ by the last steps.)"""
    log = simulate("uprising", 3, 1, ())
    kept, forced, _ = minimal_log(log)
    assert forced

    def won(report):
        return sorted((c["seat"], c["conflict"]) for _, c in found(report, "conflict-won"))

    whole = replay(log, snapshots="none", consequences=True)
    short = replay(with_actions(log, kept), snapshots="none", consequences=True)
    assert short["valid"] and won(short) == won(whole) and len(won(whole)) >= 5
