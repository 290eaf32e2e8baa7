"""The log format: names in any language or case, the `choices` shorthand and its pointers,
versions, and refusals that name the place."""

import copy
import json
from pathlib import Path

import pytest

from adjudicator.core.errors import LimitExceeded, MalformedLog, UnknownName, UnsupportedVersion
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import replay

EXAMPLE = json.loads((Path(__file__).parent.parent / "examples" / "hypothetical-arrakeen.json").read_text())["log"]


def with_actions(*extra):
    log = copy.deepcopy(EXAMPLE)
    log["actions"] += list(extra)
    return log


def test_names_are_read_in_english_russian_and_any_case():
    log = parse_log(EXAMPLE)
    send = next(a for a in log.actions if a.do == "send-agent")
    assert [a.do for a in log.actions[6:11]] == ["reveal-conflict", "draw", "draw", "draw", "send-agent"]
    assert send.get("space") == "arrakeen" and send.get("card") == "reconnaissance"
    assert log.game["players"][0]["leader"] == "feyd-rautha-harkonnen"
    shouted = copy.deepcopy(EXAMPLE)
    shouted["actions"][10]["space"] = "ARRAKEEN!"
    assert parse_log(shouted).actions[10].get("space") == "arrakeen"


def test_the_choices_shorthand_expands_with_pointers():
    log = with_actions(
        {"by": "john", "do": "send-agent", "card": "Dune, the Desert Planet", "space": "Imperial Basin"},
        {"by": "john", "do": "resolve", "effect": "space:imperial-basin"},
        {"by": "john", "do": "deploy", "recruited": 0, "garrison": 2},
        {"by": "john", "do": "end-turn"},
        {"by": "ned", "do": "send-agent", "card": "Diplomacy", "space": "Война в пустыне"},
        {"by": "ned", "do": "resolve", "effect": "space:desert-tactics", "choices": [{"option": "skip"}]},
    )
    parsed = parse_log(log)
    assert parsed.pointers[-1] == f"/actions/{len(log['actions']) - 1}/choices/0"
    assert parsed.actions[-1].data == {"by": "ned", "do": "choose", "option": "skip"}
    report = replay(log, snapshots="final")
    # Ned's five cards were drawn face down: naming the card he plays is unverifiable, not illegal
    assert report["valid"], report["verdicts"][report["first_illegal"]]
    ned = [v for v in report["verdicts"] if v["pointer"].startswith(f"/actions/{len(log['actions']) - 2}")][0]
    assert ned["verdict"] == "unverifiable" and ned["code"] == "hidden-information"
    ned = report["final_state"]["players"]["ned"]
    assert ned["influence"]["fremen"] == 1 and ned["trashed"] == []  # the trash was skipped


def test_a_choice_in_the_wrong_place_is_flagged_at_its_pointer():
    log = with_actions({"by": "john", "do": "reveal", "choices": [{"option": 0}]})
    report = replay(log, snapshots="none")
    bad = report["verdicts"][report["first_illegal"]]
    assert bad["pointer"] == f"/actions/{len(log['actions']) - 1}/choices/0"


@pytest.mark.parametrize("change, error, pointer", [
    (lambda d: d.update(version=3), UnsupportedVersion, "/version"),
    (lambda d: d.update(version="1"), MalformedLog, "/version"),
    (lambda d: d.update(format="something"), MalformedLog, "/format"),
    (lambda d: d["game"]["players"][1].update(leader="Duncan"), UnknownName, "/game/players/1/leader"),
    (lambda d: d["actions"][1].update(card="Skirmish"), UnknownName, "/actions/1/card"),
    (lambda d: d["actions"][7]["cards"].__setitem__(2, "Sword"), UnknownName, "/actions/7/cards/2"),
    (lambda d: d["actions"][10].update(by="paul"), UnknownName, "/actions/10/by"),
    (lambda d: d["game"].update(modules=["ix"]), MalformedLog, "/game/modules/0"),
    (lambda d: d["game"].update(edition="Bloodlines"), MalformedLog, "/game"),
    (lambda d: d.update(actions=[{"by": "abby", "do": "end-turn"}] * 10_001), LimitExceeded, "/actions"),
])
def test_unreadable_logs_name_the_place(change, error, pointer):
    log = copy.deepcopy(EXAMPLE)
    change(log)
    with pytest.raises(error) as err:
        replay(log)  # reading the log, then setting up the game
    assert err.value.pointer == pointer, err.value.message


def test_a_refused_name_that_several_cards_share_says_so():
    conflict = copy.deepcopy(EXAMPLE)
    conflict["actions"][6]["card"] = "Skirmish"
    with pytest.raises(UnknownName) as err:
        parse_log(conflict)
    assert err.value.code == "ambiguous-name" and "skirmish-crysknife" in err.value.message
