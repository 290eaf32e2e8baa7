"""Rate limits counted in the database, so every worker process and every server sharing the
file counts against the same budget (a per-process counter gives N workers N times the limit).

Fixed windows: a key's hits in the current window are one row, incremented by one statement
that returns the new count. The counters live in their own connection per thread with
`synchronous = normal`: losing a few hits in a power cut is harmless, and an fsync per read
request is not.
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
        window = int(now // limit.seconds) * limit.seconds
        db = self._db()
        with transaction(db):
            # one statement: two workers incrementing at once both see their own increment
            hits = db.execute("insert into rate_limits (key, window, hits) values (?, ?, 1) "
                              "on conflict (key, window) do update set hits = hits + 1 returning hits",
                              [f"{key}|{limit.seconds}", window]).fetchone()[0]
            if now - self.swept > 60:  # old windows are dead weight; sweep now and then
                self.swept = now
                db.execute("delete from rate_limits where window < ?", [window - 86400])
        count = Count(limit, hits, window + limit.seconds)
        if hits > limit.hits:
            wait = max(1, math.ceil(count.reset - now))
            raise RateLimited(f"too many requests: the limit is {limit.text}; retry in {wait} s", wait)
        return count
