"""`replay --explain` / `?explain=1`: an illegal verdict says what the engine expected instead, in
the log's own vocabulary, and every action it lists is accepted in place of the refused one."""

import copy
import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.core import explain, schemas
from adjudicator.core.actions import Action
from adjudicator.core.canonical import dumps
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Driver, Replay
from adjudicator.service import tokens
from adjudicator.store import open_db

PROBLEM = "application/problem+json"
GAME = {"system": "imperium", "edition": "Uprising",
        "players": [{"id": "abby", "name": "Abby", "leader": "Feyd-Rautha Harkonnen"},
                    {"id": "john", "name": "John", "leader": "Gurney Halleck"},
                    {"id": "ned", "name": "Ned", "leader": "Lady Margot Fenring"}]}

# Abby's first Agent turn, written by hand with every chance outcome recorded: English names.
ENGLISH = {"format": "dune-adjudicator/log", "version": 1, "game": GAME, "actions": [
    {"by": "chance", "do": "deal-objectives", "objectives": {
        "abby": "Desert Mouse (first player)", "john": "Crysknife", "ned": "Ornithopter (1-3 players)"}},
    {"by": "chance", "do": "refill-row", "card": "Maula Pistol"},
    {"by": "chance", "do": "refill-row", "card": "Leadership"},
    {"by": "chance", "do": "refill-row", "card": "Overthrow"},
    {"by": "chance", "do": "refill-row", "card": "Spacing Guild's Favor"},
    {"by": "chance", "do": "refill-row", "card": "Unswerving Loyalty"},
    {"by": "chance", "do": "reveal-conflict", "card": "skirmish-crysknife"},
    {"by": "chance", "do": "draw", "player": "abby",
     "cards": ["Reconnaissance", "Dagger", "Dagger", "Convincing Argument", "Diplomacy"]},
    {"by": "chance", "do": "draw", "player": "john",
     "cards": ["Reconnaissance", "Dagger", "Seek Allies", "Convincing Argument", "Dune, the Desert Planet"]},
    {"by": "chance", "do": "draw", "player": "ned", "cards": ["?", "?", "?", "?", "?"]},
    {"by": "abby", "do": "send-agent", "card": "Reconnaissance", "space": "Arrakeen"},
    {"by": "abby", "do": "resolve", "effect": "space:arrakeen"},
    {"by": "chance", "do": "draw", "player": "abby", "cards": ["Signet Ring"]},
    {"by": "abby", "do": "deploy", "recruited": 1, "garrison": 2},
    {"by": "abby", "do": "end-turn"}]}

# The same game as a Russian player writes it: Russian names wherever the components have them
# (the starting cards, most leaders and Objective cards have none in the data: English there).
RUSSIAN = {"format": "dune-adjudicator/log", "version": 1, "game": {
    "system": "imperium", "edition": "Восстание",
    "players": [{"id": "abby", "name": "Abby", "leader": "Feyd-Rautha Harkonnen"},
                {"id": "john", "name": "John", "leader": "Гурни Халлек"},
                {"id": "ned", "name": "Ned", "leader": "Lady Margot Fenring"}]}, "actions": [
    {"by": "chance", "do": "deal-objectives", "objectives": {
        "abby": "Desert Mouse (first player)", "john": "Crysknife", "ned": "Орнитоптер"}},
    {"by": "chance", "do": "refill-row", "card": "Пистолет Маула"},
    {"by": "chance", "do": "refill-row", "card": "Лидерство"},
    {"by": "chance", "do": "refill-row", "card": "Свержение"},
    {"by": "chance", "do": "refill-row", "card": "Покровительство Гильдии"},
    {"by": "chance", "do": "refill-row", "card": "Неизменная преданность"},
    {"by": "chance", "do": "reveal-conflict", "card": "skirmish-crysknife"},
    {"by": "chance", "do": "draw", "player": "abby",
     "cards": ["Reconnaissance", "Dagger", "Dagger", "Convincing Argument", "Diplomacy"]},
    {"by": "chance", "do": "draw", "player": "john",
     "cards": ["Reconnaissance", "Dagger", "Seek Allies", "Convincing Argument", "Dune, the Desert Planet"]},
    {"by": "chance", "do": "draw", "player": "ned", "cards": ["?", "?", "?", "?", "?"]},
    {"by": "abby", "do": "send-agent", "card": "Reconnaissance", "space": "Арракин"},
    {"by": "abby", "do": "resolve", "effect": "space:arrakeen"},
    {"by": "chance", "do": "draw", "player": "abby", "cards": ["Кольцо с печаткой"]},
    {"by": "abby", "do": "deploy", "recruited": 1, "garrison": 2},
    {"by": "abby", "do": "end-turn"}]}

LOGS = {"en": ENGLISH, "ru": RUSSIAN}
SPACE = {"en": {"hagga": "Hagga Basin", "assembly": "Assembly Hall", "gather": "Gather Support",
                "tactics": "Desert Tactics"},
         "ru": {"hagga": "Котловина Хагга", "assembly": "Зал собраний", "gather": "Поиск поддержки",
                "tactics": "Война в пустыне"}}


def with_actions(log, actions):
    out = copy.deepcopy(log)
    out["actions"] = actions
    return out


def report(log, mode="strict", explain_it=True):
    """The report as the CLI and the service give it (each verdict's consequences too)."""
    return Replay(parse_log(copy.deepcopy(log)), mode, "none", explain=explain_it, consequences=True).run()


def refused(log, mode="strict"):
    rep = report(log, mode)
    assert rep["first_illegal"] is not None, "the log was meant to hold a mistake"
    return rep["verdicts"][rep["first_illegal"]]


def replaced(log, pointer, action):
    """The log with the action at `pointer` (an action, or a shorthand choice) replaced by `action`;
    returns it and the pointer of the new action."""
    out = copy.deepcopy(log)
    parts = pointer.strip("/").split("/")
    i = int(parts[1])
    if len(parts) == 4:  # a shorthand choice: keep the choices before it, write the new action after
        j = int(parts[3])
        out["actions"][i]["choices"] = out["actions"][i]["choices"][:j]
        out["actions"].insert(i + 1, action)
        return out, f"/actions/{i + 1}"
    out["actions"][i] = action
    return out, pointer


def assert_each_expected_is_accepted(log, verdict):
    assert verdict["expected"]["actions"], "nothing listed"
    for action in verdict["expected"]["actions"]:
        assert schemas.is_valid("action", action), action
        fixed, pointer = replaced(log, verdict["pointer"], action)
        rep = report(fixed, explain_it=False)
        judged = next(v for v in rep["verdicts"] if v["pointer"] == pointer)
        assert judged["verdict"] != "illegal", (action, judged["code"], judged["message"])


# --- the mistakes people make ----------------------------------------------------------------------
@pytest.mark.parametrize("words", ["en", "ru"])
def test_wrong_space_for_the_cards_icon(words):
    log = LOGS[words]
    bad = with_actions(log, log["actions"] + [
        {"by": "john", "do": "send-agent", "card": "Dagger", "space": SPACE[words]["hagga"]}])
    verdict = refused(bad)
    assert verdict["code"] == "agent.icon-mismatch" and verdict["index"] == 15
    expected = verdict["expected"]
    assert expected["prompt"] == {"by": "john", "kind": "turn", "window": "agent-turn.place",
                                  "verbs": ["send-agent", "reveal", "play-intrigue"]}
    # closest first: the same card to the spaces its Landsraad icon allows, then the same space
    assert expected["actions"][:3] == [
        {"by": "john", "card": "Dagger", "do": "send-agent", "space": SPACE[words]["assembly"]},
        {"by": "john", "card": "Dagger", "do": "send-agent", "space": SPACE[words]["gather"]},
        {"by": "john", "card": "Dune, The Desert Planet", "do": "send-agent", "space": SPACE[words]["hagga"]}]
    assert {"by": "john", "do": "reveal"} in expected["actions"]
    assert expected["total"] == len(expected["actions"]) == 12 and expected["truncated"] is False
    assert_each_expected_is_accepted(bad, verdict)


@pytest.mark.parametrize("words", ["en", "ru"])
def test_wrong_players_turn(words):
    log = LOGS[words]
    bad = with_actions(log, log["actions"] + [
        {"by": "ned", "do": "send-agent", "card": "Dagger", "space": SPACE[words]["assembly"]}])
    verdict = refused(bad)
    assert verdict["code"] == "turn.not-your-turn"
    actions = verdict["expected"]["actions"]
    assert {a["by"] for a in actions} == {"john"}
    assert actions[0] == {"by": "john", "card": "Dagger", "do": "send-agent", "space": SPACE[words]["assembly"]}
    assert_each_expected_is_accepted(bad, verdict)


@pytest.mark.parametrize("words", ["en", "ru"])
def test_a_missing_draw_is_named_by_the_prompt(words):
    log = LOGS[words]
    bad = with_actions(log, log["actions"][:12] + log["actions"][13:])  # the Signet Ring draw left out
    verdict = refused(bad)
    assert verdict["code"] == "log.missing-chance" and verdict["index"] == 12
    # a draw's outcomes are any cards the deck could hold: the prompt says what is awaited
    assert verdict["expected"] == {"prompt": {"by": "chance", "kind": "draw", "player": "abby", "n": 1},
                                   "actions": [], "total": None, "truncated": False}
    assert schemas.errors("report", report(bad)) == []


@pytest.mark.parametrize("words", ["en", "ru"])
def test_a_missing_row_card_lists_the_candidates_in_the_logs_words(words):
    log = LOGS[words]
    bad = with_actions(log, log["actions"][:5] + log["actions"][6:])  # four row cards, then the Conflict
    verdict = refused(bad)
    assert verdict["code"] == "chance.unexpected"
    expected = verdict["expected"]
    assert expected["prompt"] == {"by": "chance", "kind": "refill-row"}
    assert {a["do"] for a in expected["actions"]} == {"refill-row"}
    cards = [a["card"] for a in expected["actions"]]
    assert expected["total"] == len(cards) and not expected["truncated"]
    if words == "en":
        assert "Chani, Clever Tactician" in cards and "Unswerving Loyalty" in cards
    else:
        assert "Неизменная преданность" in cards and "Unswerving Loyalty" not in cards
        # the cards the data names only in English are written in English
        assert all(any("а" <= ch <= "я" for ch in c.lower()) or c.isascii() for c in cards)
    assert len(set(cards)) == len(cards)  # each card once, however many copies the deck holds
    assert_each_expected_is_accepted(bad, verdict)


def test_a_missing_conflict_lists_ambiguous_names_as_ids():
    bad = with_actions(ENGLISH, ENGLISH["actions"][:6] + ENGLISH["actions"][7:])
    verdict = refused(bad)
    # the three level-1 Conflict cards are all "Skirmish": only their ids say which
    assert [a["card"] for a in verdict["expected"]["actions"]] == [
        "skirmish-crysknife", "skirmish-desert-mouse", "skirmish-ornithopter"]
    assert_each_expected_is_accepted(bad, verdict)


@pytest.mark.parametrize("words", ["en", "ru"])
@pytest.mark.parametrize("shorthand", [False, True])
def test_a_choice_not_offered(words, shorthand):
    log = LOGS[words]
    resolve = {"by": "john", "do": "resolve", "effect": "space:desert-tactics"}
    wrong = {"card": "Diplomacy", "zone": "hand"}  # Abby holds Diplomacy; John does not
    tail = [{**resolve, "choices": [wrong]}] if shorthand else [resolve, {"by": "john", "do": "choose", **wrong}]
    bad = with_actions(log, log["actions"] + [
        {"by": "john", "do": "send-agent", "card": "Seek Allies", "space": SPACE[words]["tactics"]}, *tail])
    verdict = refused(bad)
    assert verdict["code"] == "choice.not-offered"
    assert verdict["pointer"] == ("/actions/16/choices/0" if shorthand else "/actions/17")
    assert verdict["expected"]["prompt"]["kind"] == "trash"
    assert verdict["expected"]["actions"] == [
        {"by": "john", "card": "Convincing Argument", "do": "choose", "zone": "hand"},
        {"by": "john", "card": "Dagger", "do": "choose", "zone": "hand"},
        {"by": "john", "card": "Dune, The Desert Planet", "do": "choose", "zone": "hand"},
        {"by": "john", "card": "Reconnaissance", "do": "choose", "zone": "hand"},
        {"by": "john", "card": "Seek Allies", "do": "choose", "zone": "play"},
        {"by": "john", "do": "choose", "option": "skip"}]
    assert_each_expected_is_accepted(bad, verdict)


def test_a_log_written_in_ids_gets_ids(sample_log):
    bad = copy.deepcopy(sample_log)
    i = next(i for i, a in enumerate(bad["actions"]) if a["do"] == "send-agent")
    bad["actions"][i]["space"] = "high-council"  # needs a seat and a card with its icon: not at the start
    bad["actions"] = bad["actions"][: i + 1]
    verdict = refused(bad)
    actions = verdict["expected"]["actions"]
    assert actions and all(explain.vocabulary_of(a[k]) == "id" for a in actions for k in ("card", "space") if k in a)
    assert_each_expected_is_accepted(bad, verdict)


def test_too_many_legal_actions_are_cut_and_counted(sample_log):
    i = next(i for i, a in enumerate(sample_log["actions"]) if a["do"] == "refill-row")
    bad = with_actions(sample_log, sample_log["actions"][:i] + [{"by": "chance", "do": "refill-row", "card": "dagger"}])
    verdict = refused(bad)
    expected = verdict["expected"]
    assert verdict["code"] == "chance.card-not-available"
    # the Imperium deck with the CHOAM cards: more distinct cards than are listed
    assert expected["total"] == 54 and expected["truncated"] is True
    assert len(expected["actions"]) == explain.MAX_LISTED
    assert len({dumps(a) for a in expected["actions"]}) == explain.MAX_LISTED
    assert_each_expected_is_accepted(bad, verdict)


def test_the_game_over_expects_nothing(sample_log):
    bad = copy.deepcopy(sample_log)
    bad["actions"].append({"by": bad["game"]["players"][0]["id"], "do": "pass"})
    verdict = refused(bad)
    assert verdict["code"] == "game.over"
    assert verdict["expected"] == {"prompt": None, "actions": [], "total": 0, "truncated": False}


# --- the vocabulary -----------------------------------------------------------------------------------
def test_names_are_classified_by_how_they_are_written():
    assert [explain.vocabulary_of(n) for n in ("Арракин", "arrakeen", "Arrakeen", "Spacing Guild's Favor",
                                               "objective-ornithopter-1-3", "Dune, the Desert Planet")] == [
        "ru", "id", "en", "en", "id", "en"]


def test_the_vocabulary_is_found_once_per_log(sample_log):
    rules = parse_log(ENGLISH).rules
    assert explain.vocabulary(rules, ENGLISH["actions"]) == "en"
    # English starting cards outnumber the Russian names, but only names that could be written
    # either way vote: the Russian log is Russian
    assert explain.vocabulary(rules, RUSSIAN["actions"]) == "ru"
    assert explain.vocabulary(rules, sample_log["actions"]) == "id"
    assert explain.vocabulary(rules, []) == "id"
    # the README's mixed example: one Russian space among English names is English
    mixed = copy.deepcopy(ENGLISH["actions"])
    mixed[10]["space"] = "Арракин"
    assert explain.vocabulary(rules, mixed) == "en"
    # shorthand choices count too
    factions = [{"by": "abby", "do": "resolve", "effect": "x", "choices": [{"faction": "Император"}] * 3}]
    assert explain.vocabulary(rules, factions) == "ru"


# --- the report ---------------------------------------------------------------------------------------
def test_continue_mode_explains_each_illegal_verdict_up_to_the_bound(monkeypatch):
    bad = with_actions(ENGLISH, ENGLISH["actions"] + [
        {"by": "ned", "do": "send-agent", "card": "Dagger", "space": "Assembly Hall"},
        {"by": "john", "do": "send-agent", "card": "Dagger", "space": "Hagga Basin"},
        {"by": "john", "do": "send-agent", "card": "Dagger", "space": "Assembly Hall"},
        {"by": "john", "do": "resolve", "effect": "space:assembly-hall"}])
    verdicts = report(bad, "continue")["verdicts"]
    assert [v["verdict"] for v in verdicts[15:]] == ["illegal", "illegal", "legal", "legal"]
    assert ["expected" in v for v in verdicts] == [False] * 15 + [True, True, False, False]
    assert verdicts[16]["expected"]["actions"][0]["space"] == "Assembly Hall"
    monkeypatch.setattr(explain, "MAX_EXPLAINED", 1)
    verdicts = report(bad, "continue")["verdicts"]
    assert ["expected" in v for v in verdicts[15:]] == [True, False, False, False]


def test_without_explain_the_report_is_unchanged(sample_log):
    bad = with_actions(ENGLISH, ENGLISH["actions"] + [
        {"by": "john", "do": "send-agent", "card": "Dagger", "space": "Hagga Basin"}])
    plain = Replay(parse_log(copy.deepcopy(bad)), "continue", "final").run()
    assert all("expected" not in v for v in plain["verdicts"])
    assert dumps(plain) == dumps(Replay(parse_log(copy.deepcopy(bad)), "continue", "final", explain=False).run())
    explained = Replay(parse_log(copy.deepcopy(bad)), "continue", "final", explain=True).run()
    for v in explained["verdicts"]:
        v.pop("expected", None)
    assert dumps(explained) == dumps(plain)  # explain adds `expected` and changes nothing else
    # a legal log: explain changes nothing at all
    assert dumps(report(sample_log)) == dumps(report(sample_log, explain_it=False))


def test_explained_reports_are_deterministic_and_match_the_schema():
    bad = with_actions(RUSSIAN, RUSSIAN["actions"] + [
        {"by": "john", "do": "send-agent", "card": "Dagger", "space": "Котловина Хагга"}])
    first = report(bad, "continue")
    assert dumps(first) == dumps(report(bad, "continue"))
    assert schemas.errors("report", first) == []
    broken = copy.deepcopy(first)
    broken["verdicts"][15]["expected"]["actions"].append({"by": "john"})
    assert schemas.errors("report", broken) != []  # each listed action is a log action
    broken = copy.deepcopy(first)
    broken["verdicts"][15]["expected"]["extra"] = 1
    assert schemas.errors("report", broken) != []


# --- the command line and the service -------------------------------------------------------------------
MISTAKE = with_actions(ENGLISH, ENGLISH["actions"] + [
    {"by": "john", "do": "send-agent", "card": "Dagger", "space": "Hagga Basin"}])


def test_cli_replay_explain(tmp_path):
    path = tmp_path / "log.json"
    path.write_text(json.dumps(MISTAKE, ensure_ascii=False), encoding="utf-8")
    out = CliRunner().invoke(main, ["replay", str(path), "--explain", "--snapshots", "none", "--json"])
    assert out.exit_code == 1
    assert json.loads(out.output) == json.loads(dumps(report(MISTAKE)))
    plain = CliRunner().invoke(main, ["replay", str(path), "--snapshots", "none", "--json"])
    assert plain.exit_code == 1 and "expected" not in json.loads(plain.output)["verdicts"][15]


@pytest.fixture()
def service(db_path):
    from api import create_app

    return create_app({"DATABASE": str(db_path), "TESTING": True}).test_client()


def problem(response, status, pointer):
    assert response.status_code == status and response.content_type == PROBLEM, response.data[:300]
    body = response.get_json(force=True)
    assert body["pointer"] == pointer and "Traceback" not in response.get_data(as_text=True)
    return body


def test_api_explain(service):
    answer = service.post("/v1/replays?snapshots=none&explain=1", json=MISTAKE)
    assert answer.status_code == 200
    assert answer.get_json() == json.loads(dumps(report(MISTAKE)))
    assert service.post("/v1/replays?snapshots=none&explain=true", json=MISTAKE).data == answer.data
    plain = service.post("/v1/replays?snapshots=none", json=MISTAKE)
    assert "expected" not in plain.get_json()["verdicts"][15]
    assert service.post("/v1/replays?snapshots=none&explain=0", json=MISTAKE).data == plain.data
    assert service.post("/v1/replays?snapshots=none&explain=false", json=MISTAKE).data == plain.data
    for value in ("maybe", "2", "yes", "TRUE", ""):
        body = problem(service.post(f"/v1/replays?explain={value}", json=MISTAKE), 400, "?explain")
        assert body["code"] == "bad-parameter"
    doc = service.get("/openapi.json").get_json()
    for path, method in (("/v1/replays", "post"), ("/v1/games/{id}/report", "get")):
        params = {p["name"]: p for p in doc["paths"][path][method]["parameters"]}
        assert params["explain"]["schema"]["enum"] == ["0", "1", "true", "false"]


def test_stored_game_report_explain(service, db_path):
    alice = tokens.create(open_db(db_path), "alice")[1]
    bob = tokens.create(open_db(db_path), "bob")[1]
    stored = service.post("/v1/games", json=MISTAKE, headers={"Authorization": f"Bearer {alice}"})
    assert stored.status_code == 201
    url = f"/v1/games/{stored.get_json()['id']}/report"
    plain = service.get(url)
    assert plain.status_code == 200 and "expected" not in plain.get_json()["verdicts"][15]
    assert service.get(url + "?explain=0").data == plain.data
    explained = service.get(url + "?explain=1", headers={"Authorization": f"Bearer {alice}"}).get_json()
    assert explained["verdicts"][15]["expected"] == report(MISTAKE)["verdicts"][15]["expected"]
    explained["verdicts"][15].pop("expected")
    assert explained == service.get(url, headers={"Authorization": f"Bearer {alice}"}).get_json()
    assert plain.get_json()["public_view"]  # the public reads the unfinished game's public report
    # the listed actions name John's hand: before the game is finished, only the uploader may ask
    problem(service.get(url + "?explain=1"), 403, "?explain")
    problem(service.get(url + "?explain=1", headers={"Authorization": f"Bearer {bob}"}), 403, "?explain")
    problem(service.get(url + "?explain=maybe"), 400, "?explain")


def test_the_documented_example_is_current():
    """docs/log-format.md shows real output: the engine still answers exactly that (trimmed)."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "log-format.md").read_text(encoding="utf-8")
    log = json.loads(re.search(r"## A short, complete example.*?```json\n(.*?)\n```", doc, re.S).group(1))
    section = doc[doc.index("## When a log is refused: --explain"):]
    added, shown = re.findall(r"```(?:json)?\n(\{.*?\})\n```", section, re.S)[:2]
    log["actions"].append(json.loads(added))
    verdict = refused(log)
    shown = json.loads(shown)
    listed = shown["expected"].pop("actions")
    assert verdict["expected"]["actions"][: len(listed)] == listed
    assert verdict["expected"]["actions"][-1] == {"by": "john", "do": "reveal"}
    assert {k: (verdict[k] if k != "expected" else {x: verdict[k][x] for x in shown[k]}) for k in shown} == shown


# --- properties over whole games ------------------------------------------------------------------------
SAMPLES = Path(__file__).resolve().parent.parent / "adjudicator" / "samples"


def _games():
    for path in sorted(SAMPLES.glob("*.json")):
        yield path.stem, json.loads(path.read_text(encoding="utf-8"))


def test_every_legal_action_spelled_reads_back_to_itself():
    """At every decision of the sample games (both editions), every legal action written in
    English or Russian names is read by the log reader as that very action."""
    spelled = dict.fromkeys(("en", "ru"), 0)
    for _, doc in _games():
        log = parse_log(doc)
        rules = log.rules
        players = [p["id"] for p in log.game["players"]] + [r["id"] for r in log.setup.get("rivals", [])]
        driver = Driver(rules, rules.new_state(log.game, log.setup))
        for action in log.actions:
            driver.deal(action)
            for legal in rules.legal_actions(driver.state):
                for words in spelled:
                    written = rules.spell(legal.data, words)
                    assert rules.normalize(written, "", players) == legal.data, (words, legal, written)
                    spelled[words] += written != legal.data
            driver.apply(action)
            driver.checkpoint()
    assert spelled["en"] > 1000 and spelled["ru"] > 1000


@pytest.mark.parametrize("name", [stem for stem, _ in _games()])
def test_mutated_games_get_expected_actions_the_engine_accepts(name):
    """Mistakes an exporter makes (an action by the wrong player, an action left out, two actions
    swapped), seeded: every listed action is legal in place of the refused one."""
    doc = dict(_games())[name]
    rng = random.Random(name)
    players = [p["id"] for p in doc["game"]["players"]] + [r["id"] for r in doc["setup"].get("rivals", [])]
    checked = 0
    for _ in range(12):
        actions = copy.deepcopy(doc["actions"])
        i = rng.randrange(10, len(actions) - 1)
        kind = rng.choice(["player", "drop", "swap"])
        if kind == "player" and actions[i]["by"] != "chance":
            actions[i]["by"] = rng.choice([p for p in players if p != actions[i]["by"]])
        elif kind == "drop":
            del actions[i]
        else:
            actions[i], actions[i + 1] = actions[i + 1], actions[i]
        log = parse_log(with_actions(doc, actions[: i + 2]))
        run = Replay(log, "strict", "none", explain=True)
        rep = run.run()
        if rep["first_illegal"] is None:
            continue
        before = run.state  # strict mode stops at the illegal action, restored to before it
        for written in rep["verdicts"][-1]["expected"]["actions"]:
            state = copy.deepcopy(before)
            outcome = log.rules.apply(state, Action.from_json(log.rules.normalize(written, "", players)))
            assert outcome.verdict != "illegal", written
            checked += 1
    assert checked > 12
