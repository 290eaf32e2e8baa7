"""The log analyser (issue 34): facts taken during the replay, the map/merge, the figures against
hand-computed values, and the CLI (in process, in slices, on a Dask cluster)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from adjudicator.analysis.aggregate import WIN, empty, merge, one
from adjudicator.analysis.figures import figures, quantile, wilson
from adjudicator.analysis.mapping import facts_row, partial
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.core.schemas import validate
from adjudicator.samples import HERE as SAMPLES
from adjudicator.service import batch

SAMPLE_FILES = sorted(SAMPLES.glob("*.json"))


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.stem)
def test_facts_are_taken_by_the_replay_that_validates(path):
    doc = json.loads(path.read_text())
    run = Replay(parse_log(doc), "strict", "none", tally=True)
    report = run.run()
    facts = run.facts
    validate("facts", facts)
    assert report == Replay(parse_log(doc), "strict", "none").run()  # the tally changes nothing
    assert facts["winners"] == report["result"]["winners"] and facts["ranking"] == report["result"]["ranking"]
    assert {s["player"] for s in facts["seats"]} >= set(facts["winners"])
    if "vp" in facts:  # every VP is put down to one source
        assert facts["vp"] == report["result"]["vp"]
        assert {q: sum(s.values()) for q, s in facts["vp_sources"].items()} == facts["vp"]
        assert facts["vp_by_round"][-1] == facts["vp"] and len(facts["vp_by_round"]) == facts["length"]


def _facts_of(name):
    run = Replay(parse_log(json.loads((SAMPLES / f"{name}.json").read_text())), "strict", "none", tally=True)
    run.run()
    return run.facts


def test_vp_sources_name_what_scored():
    """Steps read in the logs: green's one Intrigue VP in seed 7 is an Intrigue card played, beside
    the starting VP; the solo Immortality game's Rival reaches the Tleilaxu track's VP space: the
    track scored, not a card (the samples as the simulator writes them since issue 31)."""
    green = _facts_of("uprising-4p-choam-seed7")["vp_sources"]["green"]
    assert green["intrigue"] == 1 and green["start"] == 1
    rival = _facts_of("uprising-1p-rivals-immortality-seed3")["vp_sources"]["rival-1"]
    assert rival["tleilaxu"] == 1 and "cards" not in rival


def _facts(players, winners, *, plays, first, length, vp_sources=None, cards=None, by_round=None, left=None):
    """A hand-made game's facts (only what the aggregate reads)."""
    return {"resources": left, "players": len(players), "seats": [{"player": p, "seat": i + 1, "plays": plays[i]}
                                               for i, p in enumerate(players)],
            "valid": True, "finished": True, "winners": winners, "how": "tie" if len(winners) > 1 else "vp",
            "first_illegal": None, "length": length, "length_unit": "rounds", "first_player": first,
            "vp_sources": vp_sources, "cards_acquired": cards, "vp_by_round": by_round}


# Four hand-made games (leaders A, B, C): the figures below are worked out by hand.
HAND = [
    {"source": "g1", "status": "valid", "facts": _facts(
        ["p", "q"], ["p"], plays=["A", "B"], first="p", length=8,
        vp_sources={"p": {"conflict": 6, "influence": 4}, "q": {"conflict": 2}},
        cards={"p": ["x", "x", "y"], "q": ["y"]},
        by_round=[{"p": 1, "q": 0}, {"p": 1, "q": 2}, {"p": 10, "q": 2}],
        left={"p": {"spice": 3, "water": 1}, "q": {"spice": 0, "water": 0}})},
    {"source": "g2", "status": "valid", "facts": _facts(
        ["p", "q"], ["p", "q"], plays=["A", "B"], first="q", length=10,
        vp_sources={"p": {"conflict": 4}, "q": {"intrigue": 4}},
        cards={"p": ["x"], "q": []},
        by_round=[{"p": 1, "q": 1}, {"p": 4, "q": 4}])},
    {"source": "g3", "status": "valid", "facts": _facts(
        ["p", "q", "r"], ["r"], plays=["B", "C", "A"], first="p", length=9,
        vp_sources={"p": {}, "q": {"conflict": 3}, "r": {"conflict": 9}},
        cards={"p": [], "q": ["x"], "r": ["y"]},
        by_round=[{"p": 2, "q": 0, "r": 0}, {"p": 2, "q": 3, "r": 9}])},
    {"source": "g4", "status": "invalid", "facts": {
        "players": 2, "valid": False, "finished": False, "winners": [],
        "first_illegal": {"index": 7, "code": "agent.space-occupied", "rulings": ["agent.occupied", "agent.icons"]}}},
    {"source": "bad.json", "status": "unreadable", "code": "not-json", "message": "/: not JSON"},
]


def _hand_figures(min_sample=2):
    agg = empty()
    for row in HAND:
        agg = merge(agg, one(row))
    return figures(agg, min_sample)


def test_wilson_and_quartiles_by_hand():
    # 1 win in 2: p = .5, z = 1.96: (0.5 + 0.9604 -+ 1.96 sqrt(0.125 + 0.2401)) / 2.9208
    low, high = wilson(1, 2)
    assert (round(low, 4), round(high, 4)) == (0.0945, 0.9055)
    # 0 wins in 3: (0 + 0.6403 - 1.96 sqrt(0 + 0.1067)) / 2.2805 = 0; high = 2 * 0.6403 / 2.2805
    assert tuple(round(x, 4) for x in wilson(0, 3)) == (0.0, 0.5615)
    assert quantile({"8": 1, "9": 1, "10": 1}, 0.25) == 8.5 and quantile({"8": 1, "9": 1, "10": 1}, 0.5) == 9
    assert quantile({"8": 1, "10": 3}, 0.5) == 10 and quantile({"8": 1, "10": 3}, 0.25) == 9.5


def test_figures_of_a_hand_made_set():
    f = _hand_figures()
    assert f["logs"] == {"read": 5, "valid": 3, "invalid": 1, "unreadable": 1, "skipped": 0}
    assert [p["source"] for p in f["problems"]] == ["bad.json", "g4"]
    assert f["games"] == 3 and f["invalid"] == 1
    # A: p won g1, p tied g2 (half a win), r won g3 -> 2.5 of 3; B: q lost g1, q tied g2, p lost
    # g3 -> 0.5 of 3; C: q lost g3 -> 0 of 1
    leaders = {r["leader"]: r for r in f["by_leader"]}
    assert {k: (r["games"], r["wins"]) for k, r in leaders.items()} == {"A": (3, 2.5), "B": (3, 0.5), "C": (1, 0)}
    # Wilson of 2.5 in 3: p = 5/6: (0.8333 + 0.6403 -+ 1.96 sqrt(0.0463 + 0.1067)) / 2.2805
    assert (leaders["A"]["ci_low"], leaders["A"]["ci_high"]) == (0.31, 0.9823)
    # seat 1 (p everywhere): 1 + .5 + 0; seat 2: .5; seat 3 (r in g3): 1 of 1
    seats = {r["seat"]: (r["games"], r["wins"]) for r in f["by_seat"]}
    assert seats == {"1": (3, 1.5), "2": (3, 0.5), "3": (1, 1.0)}
    # the first player won g1, shared g2 (q first), lost g3 (p first, r won)
    assert (f["first_player"]["games"], f["first_player"]["wins"]) == (3, 1.5)
    assert f["length"]["rounds"] == {"games": 3, "min": 8, "q1": 8.5, "median": 9, "q3": 9.5, "max": 10}
    # VP: conflict 6+2+4+3+9 = 24 over 3 games and 7 player-games; influence 4; intrigue 4
    assert f["vp_sources"]["conflict"] == {"total": 24, "per_game": 8.0, "per_player": round(24 / 7, 4)}
    assert f["vp_sources"]["influence"]["per_game"] == round(4 / 3, 4)
    # resources left, only g1 records them: spice 3 + 0 over 2 players, water 1 + 0
    assert f["resources_left"] == {"spice": 1.5, "water": 0.5}
    # cards, once per player and game: x by p (g1 won), p (g2 half), q (g3 lost) -> 1.5 of 3;
    # y by p (g1 won), q (g1 lost), r (g3 won) -> 2 of 3. Baseline: 3 wins in 7 player-games.
    lift = {r["card"]: r for r in f["card_win_lift"]}
    assert (lift["y"]["games"], lift["y"]["wins"]) == (3, 2.0) and (lift["x"]["games"], lift["x"]["wins"]) == (3, 1.5)
    assert lift["y"]["lift"] == round((2 / 3) / (3 / 7), 4) and lift["x"]["lift"] == round(0.5 / (3 / 7), 4)
    assert [r["card"] for r in f["card_win_lift"]] == ["y", "x"]
    assert _hand_figures(min_sample=4)["card_win_lift"] == []  # below the minimum sample
    # comebacks: after round 1 the sole leaders were p (g1, won) and p (g3, lost); g2 tied at
    # the top throughout. After round 2 of g1 q led and lost. The lead changed in g1 (p, q, p)
    # and in g3 (p, r), never in g2.
    after = {r["round"]: (r["games"], r["wins"]) for r in f["comebacks"]["after_round"]}
    assert after == {1: (2, 1.0), 2: (1, 0.0)}
    assert (f["comebacks"]["games"], f["comebacks"]["without_lead_change"]) == (3, 1)
    assert f["illegal_by_rule"] == [{"ruling": "agent.icons", "count": 1}, {"ruling": "agent.occupied", "count": 1}]
    # by player count: the 2-player games and the 3-player game apart
    assert f["by_players"]["2"]["games"] == 2 and f["by_players"]["2"]["invalid"] == 1
    assert {r["leader"]: r["wins"] for r in f["by_players"]["3"]["by_leader"]} == {"A": 1.0, "B": 0, "C": 0}


def test_partial_aggregates_merge_in_any_order_and_grouping():
    parts = [one(row) for row in HAND]
    expected = figures(_merge_all(parts))
    for order in itertools.permutations(parts):
        assert figures(_merge_all(order)) == expected
    nested = merge(merge(parts[0], parts[1]), merge(parts[2], merge(parts[3], parts[4])))
    assert figures(nested) == expected
    assert WIN % 6 == WIN % 5 == WIN % 4 == 0


def _merge_all(parts):
    out = empty()
    for p in parts:
        out = merge(out, p)
    return out


def test_an_unreadable_or_invalid_log_is_counted_not_fatal(tmp_path):
    good = SAMPLE_FILES[0].read_text()
    broken = json.loads(good)
    broken["actions"][3] = {"by": broken["game"]["players"][0]["id"], "do": "fly-to-the-moon"}
    (tmp_path / "a.json").write_text(good)
    (tmp_path / "b.json").write_text(json.dumps(broken))
    (tmp_path / "c.json").write_text("{not json")
    f = figures(partial(list(batch.sources([str(tmp_path)]))))
    assert f["logs"]["read"] == 3 and f["logs"]["valid"] == 1
    assert f["logs"]["invalid"] + f["logs"]["unreadable"] == 2
    assert [Path(p["source"]).name for p in f["problems"]] == ["b.json", "c.json"]


def test_a_missing_file_is_a_row():
    assert facts_row(("nope.json", ""))["status"] == "unreadable"


def test_workers_read_the_files_as_the_client_would(tmp_path):
    """--shared-storage: the files listed unread and read on a worker give the very items the
    client's reader gives, a glob that matches nothing and a missing file included."""
    (tmp_path / "a.json").write_text("{}")
    (tmp_path / "b.jsonl").write_text('{"x": 1}\n\n{"x": 2}\n')
    paths = [str(tmp_path), str(tmp_path / "none-*.json"), str(tmp_path / "missing.json")]
    read = [item for path in batch.files(paths) for item in batch.read_file(path)]
    assert read == list(batch.sources(paths)) and len(read) == 5
