"""A live answer's `next.actions` lists classic Dune's shipments and moves with ranges of counts
(positions.ranged, docs/live-games.md): read back count by count it is exactly the list
`/v1/positions/legal-actions` gives, at every decision of both Dune samples; every other action
(and every Imperium action) stands as listed."""

from __future__ import annotations

import json

import pytest

from adjudicator.core.canonical import dumps
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Driver, Replay
from adjudicator.core.results import ongoing
from adjudicator.core.schemas import problems
from adjudicator.positions import offer, ranged
from adjudicator.samples import HERE


def rules_of(name: str):
    return parse_log(json.loads((HERE / name).read_text(encoding="utf-8"))).rules


def expanded(actions: list[dict]) -> list[dict]:
    """What a client reads a ranged listing as: one action per count, without labels."""
    out = []
    for a in actions:
        a = {k: v for k, v in a.items() if k != "label"}
        n = a.get("count")
        counts = range(n["min"], n["max"] + 1) if isinstance(n, dict) else [n]
        out += [{**a, "count": c} if isinstance(n, dict) else a for c in counts]
    return sorted(out, key=dumps)


def test_runs_of_counts_become_ranges_in_place():
    dune, imperium = (rules_of(f"{name}.json") for name in ("dune-4p-advanced-seed1", "uprising-4p-choam-seed7"))
    listed = [{"by": "g", "do": "pass"},
              *({"by": "g", "do": "ship", "to": "x", "count": n} for n in (1, 2, 3, 5)),
              {"by": "g", "do": "ship", "to": "y", "count": 1, "karama": True},
              {"by": "g", "do": "ship", "to": "x", "count": 6},
              {"by": "g", "do": "plan", "dial": 1}, {"by": "g", "do": "plan", "dial": 2}]
    assert ranged(dune, listed) == [
        {"by": "g", "do": "pass"},
        {"by": "g", "do": "ship", "to": "x", "count": {"min": 1, "max": 3}},
        {"by": "g", "do": "ship", "to": "x", "count": {"min": 5, "max": 6}},
        {"by": "g", "do": "ship", "to": "y", "count": 1, "karama": True},
        {"by": "g", "do": "plan", "dial": 1}, {"by": "g", "do": "plan", "dial": 2}]
    counts = [{"by": "r", "do": "choose", "count": n} for n in range(3)]
    assert ranged(imperium, counts) == counts  # only the verbs a rule set names


@pytest.mark.parametrize("name", ["dune-4p-advanced-seed1", "dune-5p-ixians-tleilaxu-tech-seed2"])
def test_a_ranged_listing_reads_back_as_every_legal_action(name):
    log = parse_log(json.loads((HERE / f"{name}.json").read_text(encoding="utf-8")))
    run, busiest, labelled_ranges = Replay(log, "strict", "none"), (0, 0), 0
    for index in range(len(log.actions)):
        run.advance(index)
        driver = Driver(run.rules, run.driver.copy_state())
        driver.deal()
        every = [a.to_json() for a in driver.legal_actions()]
        shown = ranged(run.rules, every)
        assert expanded(shown) == sorted(every, key=dumps), index
        busiest = max(busiest, (len(every), len(shown)))
        if len(every) > 100 and any(a["do"] in ("ship", "move") for a in every):  # not a battle plan's
            labelled = [offer(driver, a, "en") for a in shown]
            ranges = [a for a in labelled if isinstance(a.get("count"), dict)]
            assert all(f"{a['count']['min']}–{a['count']['max']}" in a["label"] for a in ranges)
            labelled_ranges += len(ranges)
            assert not problems("live-answer", {"index": 0, "verdicts": [], "result": ongoing(),
                                                "live": True, "next": {"pending": None, "actions": labelled}})
    assert busiest[1] * 3 < busiest[0] and labelled_ranges >= 100  # the busiest decision shrinks to a fraction
