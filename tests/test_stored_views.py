"""Stored games answered for an observer, read from checkpoints (issue 28, findings 1, 2, 3, 7)."""

import json

import pytest
from conftest import SAMPLES

from adjudicator.core.canonical import checksum
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.service import checkpoints
from adjudicator.service.visibility import VEILED

UPRISING, DUNE = "uprising-4p-choam-seed7", "dune-5p-ixians-tleilaxu-tech-seed2"


def sample(name: str, cut: int | None = None) -> dict:
    doc = json.loads((SAMPLES / f"{name}.json").read_text())
    if cut is not None:
        doc["actions"] = doc["actions"][:cut]
    return doc


def upload(client, doc, alice) -> str:
    r = client.post("/v1/games", json=doc, headers=alice)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def whole_checksums(doc) -> set[str]:
    report = Replay(parse_log(doc), "strict", "none").run()
    return {v["checksum"] for v in report["verdicts"]} | {report["final_checksum"]}


def test_positions_of_an_unfinished_game_are_the_public_view(client, alice):
    """Finding 1: the position route cut the whole log for anyone."""
    doc = sample(UPRISING, 300)
    gid = upload(client, doc, alice)
    public = client.get(f"/v1/games/{gid}/positions/150").get_json()
    mine = client.get(f"/v1/games/{gid}/positions/150", headers=alice).get_json()
    hands = [p.get("hand") for p in mine["scenario"]["players"].values() if p.get("hand")]
    assert hands and any(set(h) != {"?"} for h in hands)
    for pid, pl in public["scenario"]["players"].items():
        revealed = any(a.get("by") == pid and a["do"] == "reveal" for a in public["scenario"].get("played", []))
        assert revealed or set(pl.get("hand", [])) <= {"?"}
        assert set(pl.get("intrigue", [])) <= {"?"}
    assert all(set(a.get("cards", ["?"])) == {"?"} for a in public["scenario"].get("played", []) if a["do"] == "draw")
    assert client.post("/v1/positions/check", json=mine).get_json()["legal"]


def test_classic_dune_secret_decisions_are_face_down_in_the_public_log_and_timeline(client, alice):
    """Finding 2: the Traitor kept, Face Dancers, the Ixians' supply cards were public."""
    doc = sample(DUNE, 200)
    gid = upload(client, doc, alice)
    secret = {"keep-traitor", "draw-traitors", "draw-face-dancers", "draw-supply", "keep-card", "return-card",
              "swap", "draw-treachery"}
    public = client.get(f"/v1/games/{gid}").get_json()["log"]["actions"]
    assert {a["do"] for a in public} >= secret
    for action in public:
        if action["do"] in secret:
            assert {*action.get("cards", []), action.get("card", "?")} == {"?"}, action
    kept = [a["card"] for a in doc["actions"] if a["do"] == "keep-traitor"]
    names = {c["id"]: c["name"]["en"] for c in client.get("/v1/cards?game=dune&modules=ixians-tleilaxu")
             .get_json()["cards"]}  # the expansion game: its leaders are Traitors too
    timeline = client.get(f"/v1/games/{gid}/views/10?timeline=true").get_json()["timeline"]
    labels = [e["label"] for e in timeline if doc["actions"][e["index"]]["do"] == "keep-traitor"]
    assert labels and not any(names.get(card, card) in label for card in kept for label in labels)
    mine = client.get(f"/v1/games/{gid}/views/10?timeline=true", headers=alice).get_json()["timeline"]
    assert any(names.get(card, card) in e["label"] for card in kept for e in mine)


def test_nothing_an_anonymous_caller_reads_carries_a_whole_state_checksum(client, alice):
    """Finding 7: a per-step checksum of the whole state let a caller test each guess of a hand."""
    doc = sample(UPRISING, 120)
    gid = upload(client, doc, alice)
    whole = whole_checksums(doc)
    answers = [client.get(f"/v1/games/{gid}/report"), client.get("/v1/games"), client.get(f"/v1/games/{gid}"),
               client.get(f"/v1/games/{gid}/states/60"), client.get(f"/v1/games/{gid}/views/60"),
               client.get(f"/v1/games/{gid}/views/60?timeline=true"), client.get(f"/v1/games/{gid}/reverify")]
    for answer in answers:
        assert answer.status_code == 200
        assert not any(c in answer.get_data(as_text=True) for c in whole), answer.request.path
    report = client.get(f"/v1/games/{gid}/report", headers=alice).get_json()
    assert report["final_checksum"] in whole and all("checksum" in v for v in report["verdicts"])


@pytest.mark.parametrize("name", [UPRISING, DUNE])
def test_reads_come_from_checkpoints_and_agree_with_a_whole_replay(client, alice, name):
    """Finding 3: every read replayed the log from its start. A read now re-applies at most
    checkpoints.EVERY actions, a position in classic Dune's long first turn too (a position starts
    at an earlier checkpoint with what was played since kept beside it, not re-applied)."""
    doc = sample(name)
    gid = upload(client, doc, alice)
    steps = Replay(parse_log(doc), "strict", "none").run()["verdicts"]
    worst = 0
    for index in [*range(0, len(steps), 23), len(steps)]:
        position = client.get(f"/v1/games/{gid}/positions/{index}", headers=alice)
        worst = max(worst, int(position.headers["X-Actions-Applied"]))
        if index < len(steps):  # the position after the last action has nothing to contest
            assert client.post("/v1/positions/check", json=position.get_json()).get_json()["legal"], index
            state = client.get(f"/v1/games/{gid}/states/{index}", headers=alice)
            assert state.get_json()["checksum"] == steps[index]["checksum"]
            worst = max(worst, int(state.headers["X-Actions-Applied"]))
    assert worst <= checkpoints.EVERY < len(steps) // 10


def test_a_new_engine_rebuilds_the_checkpoints_once(client, alice, app, monkeypatch):
    gid = upload(client, sample(UPRISING, 200), alice)
    db = app.config["_MEMORY_DB"]
    before = client.get(f"/v1/games/{gid}/states/150", headers=alice).get_json()
    monkeypatch.setattr(checkpoints, "ENGINE_VERSION", "next")
    assert not list(db.query("select 1 from checkpoints where engine = 'next'"))
    assert client.get(f"/v1/games/{gid}/states/150", headers=alice).get_json() == before
    assert list(db.query("select 1 from checkpoints where engine = 'next'"))
    assert not list(db.query("select 1 from checkpoints where engine != 'next'"))
    assert client.delete(f"/v1/games/{gid}", headers=alice).status_code == 204
    assert not list(db.query("select 1 from checkpoints"))


def test_the_public_checksum_is_of_the_public_view(client, alice, app):
    doc = sample(DUNE, 150)
    upload(client, doc, alice)
    run = Replay(parse_log(doc), "strict", "none")
    run.run()
    public = client.get("/v1/games").get_json()["games"][0]
    assert public["final_checksum"] == checksum(run.rules.public_view(run.state, None))
    assert client.get("/v1/games", headers=alice).get_json()["games"][0]["final_checksum"] == checksum(run.state)


def test_a_game_stored_by_an_older_version_finds_its_secrets_before_the_public_reads_it(client, alice, app):
    """Rows from before schema version 5 have no secrets: the first public read finds them."""
    doc = sample(DUNE, 120)
    gid = upload(client, doc, alice)
    db = app.config["_MEMORY_DB"]
    db.execute("update games set secrets = null, public_checksum = null where id = ?", [gid])
    db.execute("delete from checkpoints")
    assert client.get("/v1/games").get_json()["games"][0]["final_checksum"] is None
    public = client.get(f"/v1/games/{gid}").get_json()
    kept = [a for a in public["log"]["actions"] if a["do"] == "keep-traitor"]
    assert kept and all(a["card"] == "?" for a in kept)
    assert client.get("/v1/games").get_json()["games"][0]["final_checksum"] is not None


def test_standings_describe_a_secret_illegal_action_as_the_public_sees_it(client, alice):
    doc = sample(DUNE, 60)
    keep = next(i for i, a in enumerate(doc["actions"]) if a["do"] == "keep-traitor")
    keeper = doc["actions"][keep]["by"]
    drawn = next(a for a in doc["actions"][:keep] if a["do"] == "draw-traitors" and a["player"] == keeper)
    other = next(a["cards"][0] for a in doc["actions"][:keep] if a["do"] == "draw-traitors" and a is not drawn)
    doc["actions"][keep]["card"] = other  # a Traitor the player was not dealt: illegal, and secret
    cup = client.post("/v1/tournaments", json={"name": "League night"}, headers=alice).get_json()["id"]
    gid = client.post(f"/v1/games?tournament={cup}", json=doc, headers=alice).get_json()["id"]
    mine = client.get(f"/v1/games/{gid}/report", headers=alice).get_json()["verdicts"][keep]
    assert mine["verdict"] == "illegal" and mine["message"] != VEILED
    for standings in (client.get(f"/v1/tournaments/{cup}/standings").get_json(),
                      client.get(f"/v1/tournaments/{cup}/standings", headers=alice).get_json()):
        said = standings["invalid"][0]["message"]  # the refusal, with the Traitor card face down
        assert standings["invalid"][0]["first_illegal"] == keep and said.startswith("A card is not among") and \
            said != mine["message"]
    assert other not in client.get(f"/v1/tournaments/{cup}/standings?format=csv").get_data(as_text=True)
