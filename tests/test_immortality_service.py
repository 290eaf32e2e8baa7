"""Immortality everywhere a user meets a game (issue #12): the CLI's simulate, replay and cards,
the API's replays, stored games with their positions, tournaments, the card catalogue and the
viewer's step view; `--explain` in the log's own names; docs/log-format.md naming every verb,
choice and chance kind the module registers."""

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_service import auth, token  # noqa: F401  (fixtures of the stored-games service; db_path is in conftest)

from adjudicator.cli import main
from adjudicator.core import schemas
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Driver, Replay
from adjudicator.imperium.registry import CHANCES, CHOICES, VERBS
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate

LOG_FORMAT = Path(__file__).resolve().parent.parent / "docs" / "log-format.md"
COMBOS = [("imperium", "immortality"), ("uprising", "immortality"), ("uprising", "bloodlines,choam,immortality")]


@pytest.fixture()
def app(db_path):  # noqa: F811  (the service's app over a real SQLite file)
    from api import create_app

    return create_app({"DATABASE": str(db_path), "TESTING": True})


def cli(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.mark.parametrize(("game", "modules"), COMBOS)
def test_cli_simulates_and_replays_an_immortality_game(tmp_path, game, modules):
    made = cli("simulate", "--game", game, "--players", "3", "--seed", "4", "--modules", modules)
    assert made.exit_code == 0, made.output
    log = json.loads(made.output)
    assert set(log["game"]["modules"]) == set(modules.split(","))
    assert any(a["do"] == "refill-tleilaxu-row" for a in log["actions"])
    path = tmp_path / "game.json"
    path.write_text(made.output)
    replayed = cli("replay", str(path), "--snapshots", "final", "--json")
    assert replayed.exit_code == 0, replayed.output
    report = json.loads(replayed.output)
    assert report["valid"] and report["result"]["finished"]
    assert all(v["verdict"] == "legal" for v in report["verdicts"])


def test_cli_cards_lists_the_immortality_components_only_when_named():
    plain = json.loads(cli("cards", "--game", "imperium").output)
    grown = json.loads(cli("cards", "--game", "imperium", "--modules", "immortality").output)
    assert not any(c.get("expansion") == "immortality" for c in plain)
    tleilaxu = {c["id"] for c in grown if c["type"] == "tleilaxu"}
    assert len(tleilaxu) == 19 and {"ghola", "chairdog", "reclaimed-forces"} <= tleilaxu  # 18 and Reclaimed Forces
    assert "experimentation" in {c["id"] for c in grown if c["type"] == "starting"}
    only = json.loads(cli("cards", "--game", "imperium", "--modules", "immortality", "--type", "tleilaxu").output)
    assert {c["id"] for c in only} == tleilaxu


def test_the_api_replays_stores_ranks_and_cuts_immortality_games(client, token):  # noqa: F811
    t = client.post("/v1/tournaments", json={"name": "Axolotl Cup"}, headers=auth(token)).get_json()["id"]
    for game, modules in COMBOS:
        log = simulate(game, 3, 8, tuple(modules.split(",")))
        replayed = client.post("/v1/replays?snapshots=none", json=log)
        assert replayed.status_code == 200 and replayed.get_json()["valid"]
        stored = client.post(f"/v1/games?tournament={t}", json=log, headers=auth(token))
        assert stored.status_code == 201, stored.get_json()
        gid = stored.get_json()["id"]
        report = client.get(f"/v1/games/{gid}/report").get_json()
        assert report["valid"] and report["final_checksum"] == replayed.get_json()["final_checksum"]
        at = len(log["actions"]) // 2
        position = client.get(f"/v1/games/{gid}/positions/{at}")
        assert position.status_code == 200, position.get_json()
        doc = position.get_json()
        assert "tleilaxu_row" in doc["scenario"] or doc["scenario"]["decision"]["kind"] == "setup"
        checked = client.post("/v1/positions/check", json=doc)
        assert checked.status_code == 200 and checked.get_json()["legal"], checked.get_json()
    standings = client.get(f"/v1/tournaments/{t}/standings").get_json()
    assert len(standings["games"]) == len(COMBOS) and not standings["invalid"]


def test_the_api_card_catalogue_takes_immortality(client):
    cards = client.get("/v1/cards?game=imperium&type=tleilaxu&modules=immortality").get_json()["cards"]
    assert len(cards) == 19 and {c["type"] for c in cards} == {"tleilaxu"}
    assert client.get("/v1/cards?game=imperium&type=tleilaxu").get_json()["cards"] == []


def test_the_view_of_an_immortality_game_validates_and_carries_the_board(client):
    log = simulate("uprising", 3, 5, ("bloodlines", "immortality"))
    states = Replay(parse_log(log), "strict", "all").run()["snapshots"]
    for step in (0, len(states) // 2, len(states) - 1):
        r = client.post(f"/v1/views?step={step}", json=log)
        assert r.status_code == 200, r.get_json()
        doc = r.get_json()
        assert schemas.errors("view", doc) == []
        state, board = states[step], doc["board"]["bene_tleilax"]
        assert [c["id"] for c in board["row"]] == state["tleilaxu"]["row"]
        assert board["tanks"] == {pid: pl["troops"]["tanks"] for pid, pl in state["players"].items()}
        for p in doc["players"]:
            assert p["research"] == state["players"][p["id"]]["research"]
            assert p["specimens"] == state["players"][p["id"]]["troops"]["tanks"]
        tokens = {pid for s in board["research"]["spaces"] for pid in s["tokens"]}
        assert tokens == set(state["players"])
    plain = client.post("/v1/views?step=5", json=simulate("uprising", 3, 5, ())).get_json()
    assert "bene_tleilax" not in plain["board"] and all("specimens" not in p for p in plain["players"])


# --- --explain in the log's own names ----------------------------------------------------------------
@pytest.mark.parametrize(("game", "modules"), COMBOS)
def test_every_legal_action_of_an_immortality_game_spelled_reads_back_to_itself(game, modules):
    """Tleilaxu cards, Reclaimed Forces, Experimentation, research spaces and the graft's pair
    written in English or Russian names (English where the data has no Russian one) read back as
    the very action."""
    doc = simulate(game, 3, 1, tuple(modules.split(",")))
    log = parse_log(doc)
    rules, players = log.rules, [p["id"] for p in log.game["players"]]
    driver = Driver(rules, rules.new_state(log.game, log.setup))
    seen = set()
    for action in log.actions:
        driver.deal(action)
        for legal in rules.legal_actions(driver.state):
            for words in ("en", "ru"):
                written = rules.spell(legal.data, words)
                assert rules.normalize(written, "", players) == legal.data, (words, legal, written)
            seen.add(legal.do)
        driver.apply(action)
        driver.checkpoint()
    assert {"graft", "refill-tleilaxu-row", "family-atomics"} <= seen


def test_explain_names_the_tleilaxu_cards_as_the_log_writes_them(tmp_path):
    """A log written in English names with Reclaimed Forces dealt into the Tleilaxu Row (it never
    is one of its cards): the expected outcomes are the Tleilaxu deck's cards, in English."""
    log = simulate("imperium", 3, 2, ("immortality",))
    rules = ruleset("base")
    log["actions"] = [rules.spell(a, "en") for a in log["actions"]]
    at = next(i for i, a in enumerate(log["actions"]) if a["do"] == "refill-tleilaxu-row")
    names = {c: d["name"]["en"] for c, d in rules.content.tleilaxu.items()}
    log["actions"][at] = dict(log["actions"][at], card="Reclaimed Forces")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(log))
    out = cli("replay", str(path), "--explain", "--snapshots", "none", "--json")
    report = json.loads(out.output)
    verdict = report["verdicts"][report["first_illegal"]]
    assert verdict["index"] == at
    expected = [a["card"] for a in verdict["expected"]["actions"]]
    assert expected and all(c in names.values() for c in expected) and "Reclaimed Forces" not in expected


# --- docs/log-format.md ------------------------------------------------------------------------------
def test_the_log_format_names_every_immortality_verb_choice_and_chance_kind():
    text = LOG_FORMAT.read_text(encoding="utf-8")
    modules = ("modules.immortality.immortality", "modules.immortality.graft", "modules.immortality.cards")
    verbs = {name for name, v in VERBS.items() if v.apply.__module__.endswith(modules)}
    choices = {name for name, c in CHOICES.items() if c.apply.__module__.endswith(modules)}
    chances = set(CHANCES.keys())  # every chance kind (the Tleilaxu Row's is made by chance.face_up_kind)
    assert {"graft", "acquire-tleilaxu", "family-atomics", "return-specimens"} <= verbs
    assert "research" in choices and "refill-tleilaxu-row" in chances
    for name in sorted(verbs | choices | chances):
        assert re.search(rf"^\| `{re.escape(name)}` \|", text, re.M), f"docs/log-format.md has no row for {name}"


def test_reclaimed_forces_is_spelled_by_its_name():
    """Reclaimed Forces is no Imperium deck card (it lies beside the Tleilaxu Row): --explain and
    the log writers still name it, not its id."""
    rules = ruleset("base")
    action = {"by": "red", "do": "acquire-tleilaxu", "card": "reclaimed-forces"}
    for words in ("en", "ru"):
        written = rules.spell(action, words)
        assert written["card"] == "Reclaimed Forces"
        assert rules.normalize(written, "", ["red"]) == action
