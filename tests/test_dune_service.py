"""Classic Dune through the service (issue #15): the rule system found through its entry point,
with the Ixians & Tleilaxu expansion and its Tech Tokens as modules, and the whole path: simulate, replay
(names read in English and Russian, spelled back by --explain), cards, rulings by game, the timing
graph, positions (a state, a log prefix; the audit), stored games and tournaments, and the replay
viewer's step view."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hostile import app_on, auth, token

from adjudicator.cli import main
from adjudicator.core import schemas
from adjudicator.core.canonical import checksum
from adjudicator.core.errors import InvalidPosition, MalformedLog
from adjudicator.core.logs import parse_log
from adjudicator.core.registry import resolve_game, rules_for, systems
from adjudicator.core.replay import Replay
from adjudicator.positions import check_position, cut
from adjudicator.simulate import simulate


@pytest.fixture(scope="module")
def game():
    log = simulate("dune", 3, 1)
    report = Replay(parse_log(log), "strict", "all").run()
    return log, report


@pytest.fixture()
def service(tmp_path):
    app = app_on(tmp_path / "db.sqlite")
    return app.test_client(), token(tmp_path / "db.sqlite", "alice")


# --- served, with the expansion --------------------------------------------------------------------
def test_dune_is_served_with_its_expansion(client):
    assert "dune" in systems() and resolve_game("Classic Dune") == ("dune", "basic")
    game = {"system": "dune", "edition": "basic", "players": [{"id": "a", "faction": "atreides"},
                                                              {"id": "b", "faction": "fremen"}]}
    assert rules_for("dune", "basic").new_state(game, {"seed": 1})["game"]["system"] == "dune"
    r = client.post("/v1/replays", json={"format": "dune-adjudicator/log", "version": 1, "game": game, "setup": {},
                                         "actions": []})
    assert r.status_code == 200, r.get_json()
    out = CliRunner().invoke(main, ["simulate", "--game", "dune", "--players", "3", "--modules", "advanced"])
    assert out.exit_code == 0 and json.loads(out.output)["game"]["modules"] == ["advanced"]
    seated = {**game, "modules": ["ixians-tleilaxu", "tech-tokens"],
              "players": [{"id": "a", "faction": "ixians"}, {"id": "b", "faction": "tleilaxu"}]}
    r = client.post("/v1/replays", json={"format": "dune-adjudicator/log", "version": 1, "game": seated, "setup": {},
                                         "actions": []})
    assert r.status_code == 200, r.get_json()
    out = CliRunner().invoke(main, ["simulate", "--game", "dune", "--players", "3", "--modules",
                                    "ixians-tleilaxu,tech-tokens,advanced"])
    assert out.exit_code == 0 and {"ixians", "tleilaxu"} <= {p["faction"] for p in json.loads(out.output)["game"]
                                                              ["players"]}
    out = CliRunner().invoke(main, ["simulate", "--game", "dune", "--players", "3", "--modules", "tech-tokens"])
    assert out.exit_code == 2 and "unsupported-module" in out.output  # only beside the expansion
    with pytest.raises(MalformedLog) as err:
        rules_for("dune", "basic").new_state({**game, "players": seated["players"]}, {"seed": 1})
    assert err.value.code == "unsupported-faction"  # its factions only with it


def test_a_posted_dune_state_is_judged_with_or_without_the_expansion(game):
    log, report = game
    state = report["snapshots"][9]  # after action 9: action 10 comes next
    answer = check_position({"state": state, "action": log["actions"][10]})
    assert answer["verdict"]["verdict"] == "legal"
    log = simulate("dune", 4, 2, modules=("ixians-tleilaxu", "tech-tokens"))
    report = Replay(parse_log(log), "strict", "all").run()
    state = report["snapshots"][40]
    answer = check_position({"state": state, "action": log["actions"][41]})
    assert answer["verdict"]["verdict"] in ("legal", "unverifiable") and "hms" in state


# --- simulate and replay ---------------------------------------------------------------------------
def test_simulate_and_replay_on_the_command_line(tmp_path):
    out = CliRunner().invoke(main, ["simulate", "--game", "dune", "--players", "2", "--seed", "4"])
    assert out.exit_code == 0, out.output
    log = json.loads(out.output)
    assert log["game"]["system"] == "dune" and len(log["game"]["players"]) == 2 and "result" not in log
    path = tmp_path / "game.json"
    path.write_text(out.output)
    replayed = CliRunner().invoke(main, ["replay", str(path), "--json"])
    assert replayed.exit_code == 0, replayed.output
    report = json.loads(replayed.output)
    assert report["valid"] and report["result"]["finished"]


def test_a_log_written_in_names_replays_as_the_log_of_ids(game):
    log, report = game
    rules = rules_for("dune", "basic")
    for words in ("en", "ru"):
        named = dict(log, game=dict(log["game"], players=[
            {**p, "faction": rules.name_of("faction", p["faction"], words)} for p in log["game"]["players"]]),
            actions=[rules.spell(a, words) for a in log["actions"]])
        assert named["actions"] != log["actions"]
        again = Replay(parse_log(named), "strict", "final").run()
        assert again["valid"] and again["final_checksum"] == report["final_checksum"]


def test_places_are_read_by_sector_or_by_part():
    rules = rules_for("dune", "basic")
    assert rules.place("Imperial Basin (center)") == rules.place("imperial basin@9") == "imperial-basin@9"
    assert rules.place("Арракин") == "arrakeen@9" and rules.place("Polar Sink") == "polar-sink"
    for bad in ("Imperial Basin", "Imperial Basin@3", "Imperial Basin (north)"):
        with pytest.raises(Exception) as err:
            rules.place(bad)
        assert getattr(err.value, "code", "") == "unknown-name"


def test_explain_writes_the_expected_actions_in_the_logs_names(game):
    log, _ = game
    rules = rules_for("dune", "basic")
    i = next(i for i, a in enumerate(log["actions"]) if a["do"] == "ship")
    bad = dict(log, actions=[rules.spell(a, "en") for a in log["actions"][:i]]
               + [dict(rules.spell(log["actions"][i], "en"), count=99)])
    report = Replay(parse_log(bad), "strict", "none", explain=True).run()
    verdict = report["verdicts"][report["first_illegal"]]
    assert report["first_illegal"] == i and verdict["verdict"] == "illegal"
    ships = [a for a in verdict["expected"]["actions"] if a["do"] == "ship"]
    assert ships and all("@" in a["to"] and not a["to"].islower() for a in ships)  # "Arrakeen@9", not an id


# --- cards, rulings, timing ------------------------------------------------------------------------
def test_cards_rulings_and_timing_graph_of_dune(client):
    cards = client.get("/v1/cards?game=dune&type=treachery").get_json()["cards"]
    assert sum(c["copies"] for c in cards) == 33 and all(c["name"]["en"] for c in cards)
    more = client.get("/v1/cards?game=dune&type=treachery&modules=ixians-tleilaxu").get_json()["cards"]
    assert sum(c["copies"] for c in more) == 33 + 14 and {"amal", "harvester"} <= {c["id"] for c in more}
    assert client.get("/v1/cards?game=dune&modules=tleilaxu").status_code == 400
    found = client.get("/v1/rulings?game=dune&q=storm").get_json()["rulings"]
    assert found and all("dune" in r["games"] for r in found)
    imperium = client.get("/v1/rulings?game=uprising&q=storm").get_json()["rulings"]
    assert imperium and not any(r["games"] == ["dune"] for r in imperium)
    graph = client.get("/v1/timing-graph?game=dune").get_json()
    nodes = {n["id"]: n for n in graph["nodes"]}
    assert {"lasgun", "shield", "cheap-hero"} <= set(nodes["battle.plan"]["cards"])
    assert "weather-control" in nodes["storm.before-move"]["cards"] and "hajr" in nodes["movement"]["cards"]
    assert "buy-without-paying" in nodes["bidding"]["karama"] and "karama" in nodes["shipment"]["cards"]
    assert {"source": "mentat-pause", "target": "storm.dial", "next_turn": True} in graph["edges"]
    dot = client.get("/v1/timing-graph?game=dune&format=dot").get_data(as_text=True)
    assert dot.startswith('digraph "dune"') and '"mentat-pause" -> "storm.dial" [style=dashed];' in dot
    out = CliRunner().invoke(main, ["rulings", "search", "--game", "dune", "--json", "traitor"])
    assert out.exit_code == 0 and all("dune" in r["games"] for r in json.loads(out.output))


# --- positions ----------------------------------------------------------------------------------------
def test_a_state_and_a_log_prefix_are_positions(game):
    log, report = game
    i = next(i for i, a in enumerate(log["actions"]) if a["do"] == "move")
    state, action = report["snapshots"][i - 1], log["actions"][i]
    assert schemas.errors("state", state) == []
    by_state = check_position({"state": state, "action": action})
    by_log = check_position({"log": dict(log, actions=log["actions"][:i]), "action": action})
    assert by_state["legal"] and by_log["legal"] and by_state["checksum"] == by_log["checksum"]
    assert by_state["checksum"] == checksum(report["snapshots"][i])
    through = dict(action, count=action["count"] + 50)
    assert not check_position({"state": state, "action": through})["legal"]
    hidden = check_position({"state": state, "action": action, "as": "red"})["state"]
    assert all(isinstance(hidden["players"][q]["hand"], int) for q in hidden["players"] if q != "red")


@pytest.mark.parametrize("edit, pointer", [
    (lambda s: s.update(bank=s["bank"] + 3), "/state/bank"),
    (lambda s: s["players"]["red"].update(reserves=s["players"]["red"]["reserves"] + 1), "/state/players/red"),
    (lambda s: s["treachery"]["deck"].append("lasgun"), "/state/treachery"),
    (lambda s: s["map"].update({"nowhere@3": {"red": 1}}), "/state/map/nowhere@3"),
    (lambda s: s["players"]["blue"]["hand"].append("no-such-card"), "/state/players/blue/hand/"),
])
def test_the_audit_points_at_what_is_not_conserved(game, edit, pointer):
    _, report = game
    state = json.loads(json.dumps(report["snapshots"][40]))
    edit(state)
    with pytest.raises(InvalidPosition) as err:
        check_position({"state": state, "action": {"by": "red", "do": "pass"}})
    assert any(p["pointer"].startswith(pointer) for p in err.value.problems), err.value.problems


def test_a_cut_is_a_compact_scenario_and_the_cli_writes_it(game, tmp_path):
    log, report = game
    # an action from 20 on that no chance outcome follows: a position deals the next outcome from
    # its own seed, so the state after a last pass before a draw is not the log's
    at = next(i for i in range(20, len(log["actions"])) if log["actions"][i + 1]["by"] != "chance")
    position = cut(log, at)
    assert position["scenario"]["game"]["system"] == "dune" and position["action"] == log["actions"][at]
    assert check_position(position)["checksum"] == checksum(report["snapshots"][at])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    out = CliRunner().invoke(main, ["position", str(path), "--at", str(at)])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["scenario"] == position["scenario"]


# --- stored games, tournaments, the viewer --------------------------------------------------------
def test_stored_dune_games_and_a_tournament(game, service):
    log, report = game
    client, secret = service
    tid = client.post("/v1/tournaments", json={"name": "Arrakis Open", "scoring": {"scheme": "wins"}},
                      headers=auth(secret)).get_json()["id"]
    r = client.post(f"/v1/games?tournament={tid}", json=log, headers=auth(secret))
    assert r.status_code == 201, r.get_json()
    stored = r.get_json()
    names = {p["id"]: p.get("name", p["id"]) for p in log["game"]["players"]}
    winners = " & ".join(names[w] for w in report["result"]["winners"]) or None
    assert stored["system"] == "dune" and stored["valid"] and stored["winner"] == winners
    standings = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    assert schemas.errors("standings", standings) == []
    places = standings["games"][0]["placings"]
    assert sorted(p["place"] for p in places) == sorted(r["place"] for r in report["result"]["ranking"])
    public = client.get(f"/v1/games/{stored['id']}").get_json()
    assert public["valid"]


@pytest.mark.parametrize("viewer", [None, "blue"])
def test_the_view_of_a_dune_step_validates_and_draws_the_state(game, client, viewer):
    log, report = game
    step = 120
    query = f"step={step}" + (f"&as={viewer}" if viewer else "")
    r = client.post(f"/v1/views?{query}&timeline=true", json=log)
    assert r.status_code == 200, r.get_json()
    doc = r.get_json()
    assert schemas.errors("view", doc) == []
    state = report["snapshots"][step]
    drawn = {(t["id"], f["sector"], f["player"]): f["count"] for t in doc["board"]["territories"] for f in t["forces"]}
    on_map = {(loc.split("@")[0], int(loc.split("@")[1]) if "@" in loc else None, q): n
              for loc, here in state["map"].items() for q, n in here.items()}
    assert drawn == on_map and doc["board"]["storm"] == state["storm"]
    for p in doc["players"]:
        mine = state["players"][p["id"]]
        assert (p["spice"], p["reserves"], p["tanks"]) == (mine["spice"], mine["reserves"], mine["tanks"])
        if viewer is None or p["id"] == viewer:
            assert [c["id"] for c in p["hand"]] == mine["hand"]
        else:
            assert p["hand"] == len(mine["hand"]) and p["traitors"] == len(mine["traitors"])
    assert doc["moment"]["round"] == state["turn"]
    group = doc["groups"][doc["timeline"][step]["group"]]
    assert group["label"].startswith(f"Turn {doc['moment']['round']} ·"), group  # the game's own word
    assert [c["id"] for c in doc["board"]["treachery_discard"]] == state["treachery"]["discard"]


def test_verdict_messages_name_single_word_ids_and_leave_english_alone():
    """A message spells every id it holds, a one-word territory, faction or card as much as a
    hyphenated one, and never touches an ordinary word."""
    rules = rules_for("dune", "basic")
    said = rules.humanize("arrakeen already holds forces of two other players; atreides lost the "
                          "lasgun in the storm at the shield-wall")
    assert said == ("Arrakeen already holds forces of two other players; Atreides lost the "
                    "Lasgun in the storm at the Shield Wall")
