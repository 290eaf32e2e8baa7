"""Tournament standings with House Hagal Rival seats (issue 28, finding 6): a Rival is placed in
its game, taking a place from the players below it, but never becomes a tournament player (no
standings entry); the JSON marks its placing `rival`, the CSV lists it on a `rival` row."""

import csv
import io
import json
from pathlib import Path

import pytest

from adjudicator.core.schemas import validate
from adjudicator.service import tokens
from adjudicator.simulate import simulate
from adjudicator.store import open_db, prepare

SAMPLES = Path(__file__).resolve().parents[1] / "adjudicator" / "samples"


@pytest.fixture()
def client(tmp_path):
    from api import create_app

    path = tmp_path / "service.db"
    prepare(open_db(path))
    app = create_app({"DATABASE": str(path), "TESTING": True})
    return app.test_client(), {"Authorization": f"Bearer {tokens.create(open_db(path), 'alice')[1]}"}


def _tournament(client, headers, scoring, *logs):
    tid = client.post("/v1/tournaments", json={"name": "Hagal", "scoring": scoring}, headers=headers).get_json()["id"]
    for log in logs:
        assert client.post(f"/v1/games?tournament={tid}", json=log, headers=headers).status_code == 201
    return tid


def _sample(name):
    return json.loads((SAMPLES / name).read_text())


def test_rival_games_are_placed_but_rivals_never_stand(client):
    """The 2-player sample: rival-1 wins on 10 VP; Blue (1 VP) and Red (0 VP) take second and
    third and score those places' points."""
    client, headers = client
    tid = _tournament(client, headers, {"scheme": "points-per-place", "points": [5, 3, 1]},
                      _sample("uprising-2p-rival-choam-seed4.json"),
                      _sample("uprising-1p-rivals-immortality-seed3.json"))
    answer = client.get(f"/v1/tournaments/{tid}/standings")
    assert answer.status_code == 200
    data = answer.get_json()
    validate("standings", data)
    assert data["invalid"] == []
    duo, solo = (game["placings"] for game in data["games"])
    assert duo == [{"player": "rival-1", "place": 1, "vp": 10, "rival": True},
                   {"player": "Blue", "place": 2, "vp": 1}, {"player": "Red", "place": 3, "vp": 0}]
    assert [p.get("rival", False) for p in solo] == [True, True, False]
    table = {e["player"]: (e["points"], e["wins"], e["games"]) for e in data["standings"]}
    assert table == {"Red": (1 + 1, 0, 2), "Blue": (3, 0, 1)}


def test_the_csv_notes_each_rival_on_its_own_row(client):
    client, headers = client
    tid = _tournament(client, headers, {"scheme": "wins"}, _sample("uprising-2p-rival-choam-seed4.json"))
    answer = client.get(f"/v1/tournaments/{tid}/standings?format=csv")
    assert answer.status_code == 200
    rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True))))
    assert sorted(r[1] for r in rows[1:]) == ["Blue", "Red"], "the ranking table alone"
    game = client.get(f"/v1/tournaments/{tid}/standings").get_json()["games"][0]["game"]
    rivals = list(csv.reader(io.StringIO(client.get(f"/v1/tournaments/{tid}/standings?format=csv&part=rivals")
                                         .get_data(as_text=True))))
    assert rivals[0] == ["game", "seat", "place", "vp", "note"]
    assert rivals[1][:4] == [game, "rival-1", "1", "10"] and "never a tournament player" in rivals[1][4]
    assert len(rivals) == 2


@pytest.mark.parametrize("players", [1, 2])
def test_original_edition_rival_games(client, players):
    client, headers = client
    log = simulate("imperium", players, 3, rival_leaders=())
    tid = _tournament(client, headers, {"scheme": "wins"}, log)
    data = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    validate("standings", data)
    rivals = [p for p in data["games"][0]["placings"] if p.get("rival")]
    assert len(rivals) == 3 - players
    assert sorted(e["player"] for e in data["standings"]) == sorted(p["name"] for p in log["game"]["players"])
