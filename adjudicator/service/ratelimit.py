"""Rate limits counted in the database, so every worker process and every server sharing the
file counts against the same budget (a per-process counter gives N workers N times the limit).

Fixed windows: a key's hits in the current window are one row, incremented by one statement
that returns the new count. The compute budget is CPU time, not requests (issue 28): its rows
sit in the same table and count milliseconds (`spend`), checked before a request starts
(`check`). The counters live in their own connection per thread with `synchronous = normal`:
losing a few hits in a power cut is harmless, and an fsync per read request is not.
"""

from __future__ import annotations

import math
import re
import threading
import time
from dataclasses import dataclass

from ..core.errors import RateLimited
from ..store import open_db, transaction

PERIODS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_LIMIT = re.compile(r"^\s*(\d+)\s*(?:/|per)\s*(?:(\d+)\s*)?(second|minute|hour|day)s?\s*$")


@dataclass(frozen=True)
class Limit:
    hits: int
    seconds: int
    text: str

    @classmethod
    def parse(cls, text: str) -> Limit:
        """'120 per minute', '10/second', '1000 per 2 hours'."""
        match = _LIMIT.match(text)
        if not match:
            raise ValueError(f"not a rate limit: {text!r} (say '120 per minute')")
        hits, every, unit = match.groups()
        seconds = int(every or 1) * PERIODS[unit]
        return cls(int(hits), seconds, f"{hits} per {every or 1} {unit}")


@dataclass
class Count:
    limit: Limit
    hits: int
    reset: int  # unix time the window ends

    @property
    def remaining(self) -> int:
        return max(0, self.limit.hits - self.hits)


class Counter:
    """hit(key, limit) counts one request; over the limit it raises RateLimited."""

    def __init__(self, path: str, shared=None):
        self.path, self.shared = path, shared  # `shared`: the one in-memory database of tests
        self.local = threading.local()
        self.swept = 0.0

    def _db(self):
        if self.shared is not None:
            return self.shared
        db = getattr(self.local, "db", None)
        if db is None:
            db = self.local.db = open_db(self.path)
            db.execute("pragma synchronous = normal")
        return db

    def hit(self, key: str, limit: Limit, now: float | None = None) -> Count:
        now = time.time() if now is None else now
        count = Count(limit, self._add(key, limit, 1, now), _window(now, limit) + limit.seconds)
        if count.hits > limit.hits:
            wait = max(1, math.ceil(count.reset - now))
            raise RateLimited(f"too many requests: the limit is {limit.text}; retry in {wait} s", wait)
        return count

    def check(self, key: str, budget: Limit, now: float | None = None) -> Spent:
        """What `key` has spent of a CPU-seconds budget in this window; RateLimited once it is all spent."""
        now = time.time() if now is None else now
        window = _window(now, budget)
        row = self._db().execute("select hits from rate_limits where key = ? and window = ?",
                                 [f"{CPU}{key}|{budget.seconds}", window]).fetchone()
        spent = Spent(budget, row[0] if row else 0, window + budget.seconds)
        if spent.ms >= budget.hits * 1000:
            wait = max(1, math.ceil(spent.reset - now))
            raise RateLimited(f"the compute budget is spent: {budget.text} CPU seconds; retry in {wait} s", wait)
        return spent

    def spend(self, key: str, budget: Limit, seconds: float, now: float | None = None) -> Spent:
        """Charge `seconds` of CPU to `key` (at least a millisecond: no request is free)."""
        now = time.time() if now is None else now
        ms = self._add(CPU + key, budget, max(1, round(seconds * 1000)), now)
        return Spent(budget, ms, _window(now, budget) + budget.seconds)

    def _add(self, key: str, limit: Limit, amount: int, now: float) -> int:
        window = _window(now, limit)
        db = self._db()
        with transaction(db):
            # one statement: two workers incrementing at once both see their own increment
            total = db.execute("insert into rate_limits (key, window, hits) values (?, ?, ?) "
                               "on conflict (key, window) do update set hits = hits + excluded.hits returning hits",
                               [f"{key}|{limit.seconds}", window, amount]).fetchone()[0]
            if now - self.swept > 60:  # old windows are dead weight; sweep now and then
                self.swept = now
                db.execute("delete from rate_limits where window < ?", [window - 86400])
        return total


CPU = "cpu:"  # the compute budget's rows: milliseconds of CPU, not hits


def _window(now: float, limit: Limit) -> int:
    return int(now // limit.seconds) * limit.seconds


@dataclass
class Spent:
    budget: Limit  # `hits` CPU seconds every `seconds`
    ms: int  # milliseconds spent in this window
    reset: int

    @property
    def remaining(self) -> float:
        return max(0.0, self.budget.hits - self.ms / 1000)
