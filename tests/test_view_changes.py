"""The outcome line's facts (issue 33): what a step changed of each player's counts, read off the
states before and after it as the engine replays them, and nothing after an illegal action."""

from __future__ import annotations

from viewer_logs import OCCUPIED_AT, illegal_log, sample

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.service.views import of_body

KEYS = ("vp", "solari", "spice", "water")


def test_the_changes_are_the_engines_differences_between_two_states():
    log = sample()
    states = Replay(parse_log(log), "strict", "all").run()["snapshots"]
    # steps where a count moved: among them a Conflict's rewards (VP) and a purchase (spice or solari)
    moved = [i for i in range(1, len(states)) if any(
        states[i]["players"][p][k] != states[i - 1]["players"][p][k] for p in states[i]["players"] for k in KEYS)]
    vp_step = next(i for i in moved if any(states[i]["players"][p]["vp"] != states[i - 1]["players"][p]["vp"]
                                           for p in states[i]["players"]))
    for step in (moved[0], vp_step, moved[len(moved) // 2]):
        view = of_body(log, step, None, "en", False, None)
        shown = {c["player"]: c["delta"] for c in view["changes"]}
        for pid, pl in states[step]["players"].items():
            for k in KEYS:
                delta = pl[k] - states[step - 1]["players"][pid][k]
                assert shown.get(pid, {}).get(k, 0) == delta, (step, pid, k)


def test_an_illegal_action_changes_nothing():
    view = of_body(illegal_log(), OCCUPIED_AT, None, "en", False, None)
    assert view["verdict"]["verdict"] == "illegal" and view["changes"] == []


def test_the_vp_chart_follows_the_rounds_to_the_result():
    log = sample()
    states = Replay(parse_log(log), "strict", "all").run()["snapshots"]
    view = of_body(log, 0, None, "en", True, None)
    scores = view["scores"]
    assert scores[-1]["end"] and scores[-1]["vp"] == view["final"]["result"]["vp"]
    rounds = [s["round"] for s in scores[:-1]]
    assert rounds == sorted(set(rounds)) and rounds[-1] == states[-1]["round"]
    # as each round began: the VP of the state after that round's first action
    first = next(i for i, s in enumerate(states) if s["round"] == rounds[-1])
    assert scores[-2]["vp"] == {p: pl["vp"] for p, pl in states[first]["players"].items()}
