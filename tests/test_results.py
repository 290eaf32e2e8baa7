"""One result shape for every rule system (issue 32; core/results.py, schemas/result.json): every
sample game's result reads the same way, whatever its rule system, and a database stored with the
older shapes is upgraded by migration 6."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.core.canonical import dumps
from adjudicator.core.replay import replay
from adjudicator.core.results import places
from adjudicator.core.schemas import validate
from adjudicator.samples import HERE as SAMPLES
from adjudicator.store import MIGRATIONS, open_db

SAMPLE_NAMES = sorted(p.stem for p in SAMPLES.glob("*.json"))


def _sample(name: str) -> dict:
    return json.loads((SAMPLES / f"{name}.json").read_text())


@pytest.fixture(scope="module", params=SAMPLE_NAMES)
def sample_report(request):
    return request.param, replay(_sample(request.param), "strict", "none")


def test_every_sample_result_has_the_one_shape(sample_report):
    name, report = sample_report
    result = report["result"]
    validate("result", result)
    seats = [p["id"] for p in report["game"]["players"]]
    ranked = [r["player"] for r in result["ranking"]]
    assert result["finished"] and result["how"], name
    assert set(result["winners"]) <= set(ranked) and sorted(ranked) == sorted(set(ranked)), name
    assert set(seats) <= set(ranked), name  # a Rival's seat is ranked too
    assert [r["place"] for r in result["ranking"]] == sorted(r["place"] for r in result["ranking"]), name
    assert all(r["place"] == 1 for r in result["ranking"] if r["player"] in result["winners"]), name


def test_a_game_in_progress_has_no_winners_and_no_ranking():
    log = _sample("uprising-3p-seed11")
    log["actions"] = log["actions"][:40]
    result = replay(log, "strict", "none")["result"]
    validate("result", result)
    assert result["finished"] is False and result["winners"] == [] and result["how"] is None
    assert result["ranking"] == [] and sorted(result["vp"]) == ["blue", "green", "red"]


def test_places_winners_first_and_ties_share_the_better_place():
    vp = {"a": 9, "b": 7, "c": 7, "d": 3}
    assert places(["a", "b", "c", "d"], ["a"], vp.get) == [
        {"player": "a", "place": 1}, {"player": "b", "place": 2}, {"player": "c", "place": 2},
        {"player": "d", "place": 4}]
    # two allies win together; classic Dune ranks nobody else
    assert places(["a", "b", "c"], ["c", "a"]) == [
        {"player": "a", "place": 1}, {"player": "c", "place": 1}, {"player": "b", "place": 3}]
    assert places(["a", "b"], []) == [{"player": "a", "place": 1}, {"player": "b", "place": 1}]


def test_migration_6_rewrites_stored_results_in_the_one_shape(tmp_path):
    """A game stored with the older result (`winner`, `shared`) reads, after `db upgrade`, with
    `winners`, `how` and `ranking`, and its listing names its winners."""
    path = tmp_path / "v5.db"
    old = open_db(path)
    for migration in MIGRATIONS[:5]:
        migration(old)
    old["meta"].insert({"key": "schema_version", "value": 5}, pk="key", replace=True)
    log = _sample("dune-4p-advanced-seed1")
    report = replay(log, "strict", "none")
    report["result"] = {"finished": True, "winners": report["result"]["winners"], "turn": 3, "how": "x",
                        "winner": None}  # the shape before
    old["games"].insert({"id": "g0", "created": "2026-01-01", "owner": "tok", "tournament": None, "system": "dune",
                         "edition": "basic", "players": "a", "leaders": "", "valid": 1, "first_illegal": None,
                         "winner": None, "engine": report["engine"], "actions": report["actions"],
                         "final_checksum": report["final_checksum"], "log": dumps(log).decode(),
                         "report": json.dumps(report)})
    old.conn.close()
    assert CliRunner().invoke(main, ["db", "upgrade", "--db", str(path)]).exit_code == 0
    row = next(open_db(path).query("select report, winner from games"))
    stored = json.loads(row["report"])["result"]
    validate("result", stored)
    assert stored == replay(log, "strict", "none")["result"]
    names = {p["id"]: p.get("name", p["id"]) for p in log["game"]["players"]}
    assert row["winner"] == (" & ".join(names[w] for w in stored["winners"]) or None)


def test_classic_dune_places_the_others_by_strongholds_then_spice():
    """The winners first; the rest by the strongholds their side holds, then spice, level seats
    sharing a place (ruling dune.placings, our reading: the rules name only winners)."""
    from adjudicator.dune.game import Game
    from adjudicator.dune.rules import SYSTEM
    from adjudicator.dune.victory import held
    from adjudicator.simulate import simulate

    rules, checked = SYSTEM.ruleset("basic"), 0
    for seed in range(1, 7):
        report = replay(simulate("dune", 5, seed), snapshots="final")
        state, ranking = report["final_state"], report["result"]["ranking"]
        g = Game(state, rules.content)
        others = [r for r in ranking if r["player"] not in report["result"]["winners"]]
        keys = [(len(held(g, r["player"])), state["players"][r["player"]]["spice"]) for r in others]
        assert keys == sorted(keys, reverse=True), (seed, keys)
        assert all((a["place"] == b["place"]) == (ka == kb)
                   for a, b, ka, kb in zip(others, others[1:], keys, keys[1:], strict=False))
        checked += len(set(keys)) > 1
    assert checked  # some game told its losers apart
