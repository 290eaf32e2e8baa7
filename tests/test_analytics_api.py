"""GET /v1/analytics (issue 34): the figures of stored games from the facts their storing replay
took, the same JSON as `adjudicator analyse`; filters; problem+json errors; the migration that
fills the facts of games stored before it."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.core import schemas
from adjudicator.samples import HERE as SAMPLES
from adjudicator.service import tokens
from adjudicator.store import MIGRATIONS, _v10, migrate, open_db, schema_version

PROBLEM = "application/problem+json"
GAMES = ("uprising-3p-seed11", "imperium-4p-seed5", "dune-5p-ixians-tleilaxu-tech-seed2")


@pytest.fixture()
def client(db_path):
    from api import create_app

    return create_app({"DATABASE": str(db_path), "TESTING": True}).test_client()


@pytest.fixture()
def auth(db_path):
    return {"Authorization": f"Bearer {tokens.create(open_db(db_path), 'alice')[1]}"}


def _logs():
    docs = [json.loads((SAMPLES / f"{name}.json").read_text()) for name in GAMES]
    broken = json.loads(json.dumps(docs[0]))
    i = next(i for i, a in enumerate(broken["actions"]) if a["do"] == "send-agent")
    broken["actions"][i]["by"] = "chance"
    return [*docs, broken]


def _without_sources(figures: dict) -> dict:
    """The CLI names a log by its file, the API by its stored game's id: the rest is the same."""
    return {**figures, "problems": [{k: v for k, v in p.items() if k != "source"} for p in figures["problems"]]}


def test_the_api_answers_what_the_cli_prints_for_the_same_games(client, auth, tmp_path):
    logs = _logs()
    for n, doc in enumerate(logs):
        assert client.post("/v1/games", json=doc, headers=auth).status_code == 201
        (tmp_path / f"{n}.json").write_text(json.dumps(doc))
    answer = client.get("/v1/analytics?min_sample=1")
    assert answer.status_code == 200
    body = answer.get_json()
    assert schemas.errors("analytics", body) == []
    cli = CliRunner().invoke(main, ["analyse", str(tmp_path), "--json", "--min-sample", "1"])
    assert cli.exit_code == 0, cli.output
    printed = json.loads(cli.output)
    assert schemas.errors("analytics", printed) == []
    assert _without_sources(body) == _without_sources(printed)
    assert body["games"] == 3 and body["logs"]["invalid"] == 1 and body["illegal_by_rule"]


def test_filters_and_errors(client, auth):
    logs = _logs()
    logs[0]["game"]["players"][0]["name"] = "Alia"
    created = client.post("/v1/tournaments", json={"name": "club"}, headers=auth).get_json()
    client.post(f"/v1/games?tournament={created['id']}", json=logs[0], headers=auth)
    client.post("/v1/games", json=logs[2], headers=auth)
    assert client.get(f"/v1/analytics?tournament={created['id']}").get_json()["games"] == 1
    dune = client.get("/v1/analytics?game=dune").get_json()
    assert dune["games"] == 1 and dune["how"] == {"no-winner": 1}  # the sample ends after turn 10, nobody won
    assert client.get("/v1/analytics?player=alia").get_json()["games"] == 1
    for query, status, code in (("tournament=nope", 404, None), ("game=chess", 400, "unknown-game"),
                                ("game=", 400, "unknown-game"), ("min_sample=0", 400, "bad-parameter")):
        response = client.get(f"/v1/analytics?{query}")
        assert response.status_code == status and response.content_type == PROBLEM, query
        body = response.get_json(force=True)
        assert schemas.errors("problem", body) == [] and (code is None or body["code"] == code)


def test_a_deleted_game_leaves_the_figures(client, auth):
    stored = client.post("/v1/games", json=_logs()[0], headers=auth).get_json()
    assert client.get("/v1/analytics").get_json()["games"] == 1
    assert client.delete(f"/v1/games/{stored['id']}", headers=auth).status_code == 204
    assert client.get("/v1/analytics").get_json()["logs"]["read"] == 0


def test_the_openapi_entry(client):
    doc = client.get("/openapi.json").get_json()
    op = doc["paths"]["/v1/analytics"]["get"]
    assert op["operationId"] == "getAnalytics" and op["tags"] == ["analytics"]
    assert op["responses"]["200"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/analytics"}
    assert {p["name"] for p in op["parameters"]} == {"tournament", "player", "game", "min_sample"}


def test_the_migration_fills_the_facts_of_games_stored_before_it(tmp_path, client, auth, db_path):
    stored = client.post("/v1/games", json=_logs()[1], headers=auth).get_json()
    db = open_db(db_path)
    facts = json.loads(next(db.query("select facts from facts"))["facts"])
    schemas.validate("facts", facts)
    db.execute("drop table facts")  # as a database from before the migration
    db.execute("update meta set value = ? where key = 'schema_version'", [MIGRATIONS.index(_v10)])
    db.conn.commit()
    assert migrate(db) == (MIGRATIONS.index(_v10), len(MIGRATIONS)) and schema_version(db) == len(MIGRATIONS)
    rows = list(db.query("select game, facts from facts"))
    assert [r["game"] for r in rows] == [stored["id"]] and json.loads(rows[0]["facts"]) == facts


def test_the_stored_facts_exported(client, auth, db_path, tmp_path):
    for doc in _logs()[:2]:
        client.post("/v1/games", json=doc, headers=auth)
    out = CliRunner().invoke(main, ["db", "export-facts", str(tmp_path / "facts.csv"), "--db", str(db_path)])
    assert out.exit_code == 0, out.output
    assert "7 row(s) of 2 game(s)" in out.output  # 3 + 4 seats
    assert (tmp_path / "facts.csv").read_text().startswith("source,system,edition,")
    missing = CliRunner().invoke(main, ["db", "export-facts", str(tmp_path / "x.csv"), "--db", str(tmp_path / "no.db")])
    assert missing.exit_code == 2


def test_a_tournaments_win_rates_are_the_analytics_tables_with_names(client, auth):
    created = client.post("/v1/tournaments", json={"name": "club"}, headers=auth).get_json()
    logs = _logs()
    for doc in (logs[0], logs[2], logs[3]):  # Uprising, classic Dune, an invalid game
        assert client.post(f"/v1/games?tournament={created['id']}", json=doc, headers=auth).status_code == 201
    answer = client.get(f"/v1/tournaments/{created['id']}/win-rates")
    assert answer.status_code == 200
    body = answer.get_json()
    assert schemas.errors("win-rates", body) == []
    figures = client.get(f"/v1/analytics?tournament={created['id']}").get_json()
    assert body["by_seat"] == figures["by_seat"] and body["invalid"] == 1 and body["games"] == figures["games"]
    assert [{k: v for k, v in r.items() if k != "name"} for r in body["by_leader"]] == figures["by_leader"]
    names = {r["leader"]: r["name"] for r in body["by_leader"]}
    assert names["fremen"] == "Fremen" and names["gurney-halleck"] == "Gurney Halleck", names
    assert all(n != i for i, n in names.items()), names  # both rule systems' leaders are named
    ru = {r["leader"]: r["name"] for r in client.get(f"/v1/tournaments/{created['id']}/win-rates?lang=ru")
          .get_json()["by_leader"]}
    assert ru["gurney-halleck"] == "Гурни Халлек" and ru["fremen"] != "Fremen", ru
    for url, status in (("/v1/tournaments/nope/win-rates", 404),
                        (f"/v1/tournaments/{created['id']}/win-rates?lang=fr", 400)):
        response = client.get(url)
        assert response.status_code == status and response.content_type == PROBLEM, url
