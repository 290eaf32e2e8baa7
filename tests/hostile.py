"""Shared by the issue-9 tests: a service on a database file, tokens, states to tamper with, and a
check that a request stayed within time and memory."""

from __future__ import annotations

import copy
import json
import resource
import time
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from adjudicator.core import schemas
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.service import tokens
from adjudicator.store import open_db, prepare

SAMPLES = Path(__file__).resolve().parent.parent / "adjudicator" / "samples"
PROBLEM = "application/problem+json"


MID_WINDOW = 1_800_000_030.0  # 30 s into a minute and into an hour: a test's requests never straddle a window


def app_on(path, **config):
    from api import create_app

    prepare(open_db(path))
    return create_app({"DATABASE": str(path), "TESTING": True, "WALL_CLOCK": lambda: MID_WINDOW, **config})


def token(path, name: str) -> str:
    return tokens.create(open_db(path), name)[1]


def auth(secret: str) -> dict:
    return {"Authorization": f"Bearer {secret}"}


@cache
def _sample(name: str) -> str:
    return (SAMPLES / f"{name}.json").read_text()


def sample(name: str = "uprising-3p-seed11") -> dict:
    return json.loads(_sample(name))


@cache
def _snapshots() -> str:
    return json.dumps(Replay(parse_log(sample()), "strict", "all").run()["snapshots"])


def snapshots() -> list[dict]:
    """The state after each action of the 3-player sample (a fresh copy each call)."""
    return json.loads(_snapshots())


def agent_turn_state() -> dict:
    """A state in the middle of an Agent turn, its effects still pending."""
    for state in snapshots():
        turn = state.get("turn")
        if turn and turn["kind"] == "agent" and state["stack"][-1]["t"] == "agent" and len(turn["done"]) == 2:
            return state
    raise AssertionError("no such state in the sample")


def problem(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, response.data[:500]
    assert response.content_type == PROBLEM
    body = response.get_json(force=True)
    assert schemas.errors("problem", body) == []
    if code:
        assert body["code"] == code, body
    return body


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@contextmanager
def bounded(seconds: float, megabytes: float = 200):
    """The block takes under `seconds` and raises this process's peak memory by under `megabytes`
    (a peak that only grows: a request that allocated more would have pushed it up)."""
    rss, start = peak_rss_mb(), time.monotonic()
    yield
    took = time.monotonic() - start
    assert took < seconds, f"took {took:.1f} s"
    assert peak_rss_mb() - rss < megabytes, f"peak memory rose by {peak_rss_mb() - rss:.0f} MB"


def with_log(log: dict, **changes) -> dict:
    log = copy.deepcopy(log)
    log.update(changes)
    return log
