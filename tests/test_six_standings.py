"""Tournament standings understand the six-player team game (issue #13): the winning team's
three players share first place, the other team the place after them, each placing names its
team. The player count is refused until complete: these tests lift the gate (`unlocked`)."""

import pytest
from six_helpers import new_game

from adjudicator.imperium.game import Game
from adjudicator.imperium.registry import first
from adjudicator.imperium.rules import ruleset
from adjudicator.service import tokens
from adjudicator.service.tournaments import placings
from adjudicator.simulate import simulate
from adjudicator.store import open_db, prepare

NAMES = {"m": "Ann", "s1": "Bo", "m1": "Cy", "s": "Di", "m2": "Ed", "s2": "Flo"}


def _report(**vp):
    state = new_game()
    for pid, score in vp.items():
        state["players"][pid].update(vp=score, spice=0, solari=0, water=0)
        state["players"][pid]["troops"]["garrison"] = 0
    state["result"] = first("game-result", Game(state))
    result = ruleset("uprising").result(state)  # the one result shape a report carries
    players = [{"id": pid, "name": NAMES[pid], "leader": state["players"][pid]["leader"]}
               for pid in state["game"]["seats"]]
    return {"game": {"players": players}, "result": result}


def test_the_winning_team_shares_first_place():
    """Team Shaddam 4+5+5 = 14 against Team Muad'Dib 9+1+1 = 11: Ann, with the most VP, places
    fourth with her team."""
    report = _report(m=9, m1=1, m2=1, s=4, s1=5, s2=5)
    places = {p["player"]: (p["place"], p["team"], p["vp"]) for p in placings(report)}
    assert places == {"Di": (1, "shaddam", 4), "Bo": (1, "shaddam", 5), "Flo": (1, "shaddam", 5),
                      "Ann": (4, "muad-dib", 9), "Cy": (4, "muad-dib", 1), "Ed": (4, "muad-dib", 1)}


def test_teams_tied_after_every_tiebreaker_all_share_first():
    report = _report(m=4, m1=4, m2=4, s=4, s1=4, s2=4)
    assert {p["place"] for p in placings(report)} == {1}


@pytest.fixture()
def client(tmp_path):
    from api import create_app

    path = tmp_path / "service.db"
    prepare(open_db(path))
    app = create_app({"DATABASE": str(path), "TESTING": True})
    return app.test_client(), tokens.create(open_db(path), "alice")[1]


def test_standings_of_a_six_player_game(client):
    client, secret = client
    headers = {"Authorization": f"Bearer {secret}"}
    tid = client.post("/v1/tournaments", json={"name": "Teams", "scoring": {"scheme": "wins"}},
                      headers=headers).get_json()["id"]
    log = simulate("uprising", 6, 0, ("choam",))
    assert client.post(f"/v1/games?tournament={tid}", json=log, headers=headers).status_code == 201
    data = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    assert data["invalid"] == []
    placed = data["games"][0]["placings"]
    report_teams = {p["team"] for p in placed}
    assert report_teams == {"muad-dib", "shaddam"}
    winners = sorted(e["player"] for e in data["standings"] if e["wins"] == 1)
    assert len(winners) == 3 and len({p["team"] for p in placed if p["place"] == 1}) == 1
