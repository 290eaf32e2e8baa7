"""The treachery.online converter (issue 31): the saved game in the shared reference folder becomes
our log with every unseen draw "?", and its later-expansion factions are refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.core.errors import UnknownName
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.treachery_online import convert

SAVED = Path("/work/shared/reference/treachery-online/issue-6-excerpt.json")
pytestmark = pytest.mark.skipif(not SAVED.exists(), reason="the shared reference file is not on this machine")


def saved() -> dict:
    return json.loads(SAVED.read_text(encoding="utf-8"))


def test_the_saved_game_names_its_seats_and_writes_every_draw_face_down():
    log = convert(saved())
    factions = [p["faction"] for p in log["game"]["players"]]
    assert factions == ["Atreides", "Harkonnen", "Fremen", "CHOAM", "Moritani", "Emperor"]
    draws = [a for a in log["actions"] if a["do"] == "draw-traitors"]
    assert len(draws) == 6 and all(a["cards"] == ["?"] * 4 for a in draws)
    kept = [a for a in log["actions"] if a["do"] == "keep-traitor"]
    # chosen at once, written in seating order; the Harkonnen keep all four
    assert [a["by"] for a in kept] == ["green", "yellow", "brown", "cyan", "red"] and {a["card"] for a in kept} == {"?"}
    assert log["meta"]["stopped_type"] == "PerformYellowSetup"  # territory numbers: not translated


def test_later_expansion_factions_are_refused_by_name():
    with pytest.raises(UnknownName) as err:
        parse_log(convert(saved()))
    assert err.value.code == "unsupported-faction" and "CHOAM" in err.value.message


def test_the_supported_seats_setup_replays_with_unseen_traitors():
    """The converted setup of the base factions alone (the program's unsupported seats and their
    events left out): every Traitor draw "?" and kept "?" is accepted, unverifiable."""
    log = convert(saved())
    keep = {"green", "black", "yellow", "red"}
    log["game"]["players"] = [p for p in log["game"]["players"] if p["id"] in keep]
    log["actions"] = [a for a in log["actions"] if a.get("player", a["by"]) in keep and a["do"] != "storm-dial"]
    report = Replay(parse_log(log), "strict", "none", deal_at_end=False).run()
    assert report["valid"], report["verdicts"][report["first_illegal"] or 0]
    assert {v["verdict"] for v in report["verdicts"]} <= {"legal", "unverifiable"}


def test_cli_convert_treachery():
    out = CliRunner().invoke(main, ["convert", "treachery", str(SAVED)])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["meta"]["converted_from"] == "treachery.online"
