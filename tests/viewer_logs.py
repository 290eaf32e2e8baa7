"""Games for the viewer's tests: a sample, the same game with an illegal action, and one with an
action out of its turn's timing order."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path

from adjudicator.core.replay import replay

SAMPLES = Path(__file__).resolve().parent.parent / "adjudicator" / "samples"
SAMPLE = "uprising-4p-choam-seed7"
OCCUPIED_AT = 31  # Green sends an Agent to the Assembly Hall, where Blue's Agent stands
OUT_OF_ORDER_AT = 22  # Red deploys before resolving Arrakeen


@cache
def _sample(name: str) -> str:
    return (SAMPLES / f"{name}.json").read_text(encoding="utf-8")


def sample(name: str = SAMPLE) -> dict:
    return json.loads(_sample(name))


STEPS = len(json.loads((SAMPLES / f"{SAMPLE}.json").read_text(encoding="utf-8"))["actions"])


@cache
def winner() -> str:
    """Who wins the sample game (alone), as the engine replays it."""
    (won,) = replay(sample(), snapshots="none")["result"]["winners"]
    return won


def illegal_log() -> dict:
    log = sample()
    log["actions"][OCCUPIED_AT]["space"] = "assembly-hall"
    return log


def out_of_order_log() -> dict:
    log = sample()
    actions = log["actions"]
    actions[22], actions[24] = copy.deepcopy(actions[24]), copy.deepcopy(actions[22])
    return log
