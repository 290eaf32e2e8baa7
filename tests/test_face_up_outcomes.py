"""What every player sees when it comes cannot be unseen by a log's writer (issue 31, "Logs written by
other programs"): a Spice card (GF9 rulebook, Spice Blow: turned face up), a storm dial (dialed in
secret, revealed together before the storm moves) and a Storm card are named in a log, and "?" there is
refused with the reason (ruling dune.engine-hidden-cards), at the action that wrote it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import adjudicator

SAMPLES = Path(__file__).resolve().parent.parent / "adjudicator" / "samples"


@pytest.mark.parametrize("sample, do, field, what", [
    ("dune-4p-advanced-seed1", "spice-card", "card", "a Spice card"),
    ("dune-4p-advanced-seed1", "storm-dial", "value", "a storm dial"),
    ("dune-5p-ixians-tleilaxu-tech-seed2", "storm-card", "value", "a Storm card"),
])
def test_a_face_up_outcome_written_unseen_is_refused_with_the_reason(sample, do, field, what):
    log = json.loads((SAMPLES / f"{sample}.json").read_text(encoding="utf-8"))
    at = next(i for i, a in enumerate(log["actions"]) if a["do"] == do)
    assert adjudicator.replay(log)["valid"]
    log["actions"][at][field] = "?"
    report = adjudicator.replay(log)
    verdict = report["verdicts"][-1]
    assert (report["first_illegal"], verdict["code"]) == (at, "dune.engine-hidden-cards")
    assert verdict["message"].startswith(f"{what[0].upper()}{what[1:]} is shown to every player when it comes")
    assert verdict["citations"][0]["ruling"] == "dune.engine-hidden-cards"
