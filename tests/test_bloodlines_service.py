"""Bloodlines everywhere a user meets a game (issue #11): the CLI's simulate, replay and cards,
the API's replays, stored games, tournaments and card catalogue; and the combinations that stay
refused (Rise of Ix, the 1-2 and 6 player additions)."""

import json

import pytest
from click.testing import CliRunner
from hostile import sample as small_sample
from test_service import auth, token  # noqa: F401  (fixtures of the stored-games service; db_path is in conftest)

from adjudicator.cli import main
from adjudicator.core import schemas
from adjudicator.core.errors import MalformedLog
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate


@pytest.fixture()
def app(db_path):  # noqa: F811  (the service's app over a real SQLite file)
    from api import create_app

    return create_app({"DATABASE": str(db_path), "TESTING": True})


def cli(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.mark.parametrize(("game", "modules"), [("uprising", "bloodlines,tech,choam"), ("imperium", "bloodlines")])
def test_cli_simulates_and_replays_a_bloodlines_game(tmp_path, game, modules):
    made = cli("simulate", "--game", game, "--players", "3", "--seed", "4", "--modules", modules)
    assert made.exit_code == 0, made.output
    log = json.loads(made.output)
    assert set(log["game"]["modules"]) == set(modules.split(","))
    path = tmp_path / "game.json"
    path.write_text(made.output)
    replayed = cli("replay", str(path), "--snapshots", "none", "--json")
    assert replayed.exit_code == 0, replayed.output
    report = json.loads(replayed.output)
    assert report["valid"] and report["result"]["finished"]


def test_cli_cards_lists_a_module_only_when_named():
    plain = {c["id"] for c in json.loads(cli("cards", "--game", "uprising").output)}
    grown = json.loads(cli("cards", "--game", "uprising", "--modules", "bloodlines,tech").output)
    kinds = {c["type"] for c in grown}
    assert {"skill", "tech"} <= kinds and not any(c.get("module") == "choam" and c.get("expansion") for c in grown)
    everything = json.loads(cli("cards", "--game", "uprising", "--modules", "bloodlines,tech,choam").output)
    assert plain < {c["id"] for c in everything} and {c["id"] for c in grown} < {c["id"] for c in everything}
    refused = cli("cards", "--game", "uprising", "--modules", "ix")
    assert refused.exit_code != 0 and "unsupported-module" in refused.output


def test_the_api_replays_stores_and_ranks_bloodlines_games(client, token):  # noqa: F811
    log = simulate("uprising", 3, 8, ("bloodlines", "tech"))
    replayed = client.post("/v1/replays?snapshots=none", json=log)
    assert replayed.status_code == 200 and replayed.get_json()["valid"]
    t = client.post("/v1/tournaments", json={"name": "Bloodlines Cup"}, headers=auth(token)).get_json()["id"]
    stored = client.post(f"/v1/games?tournament={t}", json=log, headers=auth(token))
    assert stored.status_code == 201, stored.get_json()
    report = client.get(f"/v1/games/{stored.get_json()['id']}/report").get_json()
    assert report["valid"] and report["final_checksum"] == replayed.get_json()["final_checksum"]
    standings = client.get(f"/v1/tournaments/{t}/standings").get_json()
    assert len(standings["games"]) == 1 and not standings["invalid"]


def test_the_api_card_catalogue_takes_modules(client):
    cards = client.get("/v1/cards?game=uprising&type=skill&modules=bloodlines").get_json()["cards"]
    assert cards and {c["type"] for c in cards} == {"skill"}
    assert client.get("/v1/cards?game=uprising&type=skill").get_json()["cards"] == []
    bad = client.get("/v1/cards?game=uprising&modules=bloodlines,ix")
    assert bad.status_code == 400 and bad.get_json()["code"] == "unsupported-module"
    assert bad.get_json()["pointer"] == "/modules/1"


@pytest.mark.parametrize("modules", [("bloodlines", "ix"), ("bloodlines", "rivals"), ("bloodlines", "six-player")])
def test_rise_of_ix_and_the_rivals_and_six_player_additions_stay_refused(modules):
    rules = ruleset("uprising")
    game = {"system": "imperium", "edition": "uprising", "modules": list(modules),
            "players": [{"id": p, "leader": lead} for p, lead in
                        zip(("a", "b", "c"), rules.leader_ids(())[:3], strict=True)]}
    with pytest.raises(MalformedLog) as err:
        rules.new_state(game, {})
    assert err.value.code == "unsupported-module" and err.value.pointer == "/game/modules/1"


# one and two players (Rivals): tests/test_rivals_expansions.py
def test_bloodlines_with_six_players_is_admitted():
    """Six players: the Bloodlines manual's p. 10 (tests/test_six_bloodlines.py)."""
    rules = ruleset("uprising")
    named = ["tech", "bloodlines", "choam"]
    assert rules.check_modules(named, "/game/modules", 6) == sorted(named)


def test_what_the_other_players_cannot_see():
    """A player's public view hides Kota's face-down tile and the bottoms only she saw, and
    Piter's own Twisted Intrigue deck; her own view shows them."""
    from helpers import act, deal
    from test_bloodlines_tech import new_game

    from adjudicator.core.actions import Action

    rules, state = new_game(leaders=("kota-odax-of-ix-leader", "piter-de-vries-leader", "muad-dib"))
    bottoms = ("tech-planetary-array", "tech-gene-locked-vault", "tech-navigation-chamber")
    for i, tile in enumerate(bottoms):
        rules.apply(state, Action({"by": "chance", "do": "reveal-tech", "stack": i + 1, "player": "red",
                                   "tile": tile}))
    deal(rules, state)
    act(rules, state, "red", "choose", tile="tech-navigation-chamber")
    theirs, hers = rules.public_view(state, "blue"), rules.public_view(state, "red")
    assert hers["players"]["red"]["secret_project"] == "tech-navigation-chamber"
    assert hers["tech"]["bottoms"] == ["tech-planetary-array", "tech-gene-locked-vault", None]
    assert theirs["players"]["red"]["secret_project"] == "?"
    assert theirs["tech"]["bottoms"] == ["?", "?", None]
    assert sorted(theirs["tech"]["pool"]) == sorted([*state["tech"]["pool"], *bottoms[:2]])
    assert theirs["players"]["blue"]["twisted_deck"] == state["players"]["blue"]["twisted_deck"]
    assert hers["players"]["blue"]["twisted_deck"] == len(state["players"]["blue"]["twisted_deck"]) > 0


def test_the_viewer_draws_commanders_skills_and_tech(client):
    """The replay viewer's step view (schemas/view.json) carries each player's Commanders by zone,
    Skills and Tech tiles, and the Commanders in the Conflict, as the engine's state holds them."""
    log = simulate("uprising", 3, 8, ("bloodlines", "tech"))
    states = Replay(parse_log(log), "strict", "all").run()["snapshots"]
    fighting = next(i for i, s in enumerate(states) if any(p["commanders"]["conflict"] for p in s["players"].values()))
    teched = next(i for i, s in enumerate(states) if any(p["tech"] for p in s["players"].values()))
    for step in (fighting, teched, len(states) - 1):
        r = client.post(f"/v1/views?step={step}", json=log)
        assert r.status_code == 200, r.get_json()
        doc = r.get_json()
        assert schemas.errors("view", doc) == []
        state = states[step]
        for p in doc["players"]:
            mine = state["players"][p["id"]]
            assert p["commanders"] == mine["commanders"]
            assert [c["id"] for c in p["skills"]] == mine["skills"]
            assert [(t["id"], t["flipped"]) for t in p["tech"]] == [(t["id"], t["flipped"]) for t in mine["tech"]]
            assert all(t["name"] and t["name"] != t["id"] for t in p["tech"])
        if doc["board"]["conflict"]:
            units = {u["player"]: u["commanders"] for u in doc["board"]["conflict"]["units"]}
            assert units == {pid: pl["commanders"]["conflict"] for pid, pl in state["players"].items()}
    plain = client.post("/v1/views?step=5", json=small_sample()).get_json()
    assert all("commanders" not in p and "tech" not in p for p in plain["players"])
