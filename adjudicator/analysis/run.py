"""Driving the map/merge on one machine: in process, on `--jobs` processes, one `--shard i/n`
slice of the logs; and the partial aggregates a shard writes, read back and merged."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from ..core.errors import AdjudicatorError
from .aggregate import empty, merge

__all__ = ["analyse", "as_partial", "chunks", "empty", "merge", "read_partial", "shard"]
from .mapping import partial

CHUNK = 16  # logs per task at most: a task's overhead (a millisecond) is noise against 16 replays
SPREAD = 4  # tasks per worker at least, when the batch is small: no worker idles while one finishes
PARTIAL_FORMAT = "dune-adjudicator/analytics-partial"


def chunks(items: list, workers: int = 1) -> list[list]:
    """The logs cut into tasks: CHUNK at most, smaller for a small batch so that `workers` share it."""
    size = max(1, min(CHUNK, -(-len(items) // (SPREAD * workers))))
    return [items[i:i + size] for i in range(0, len(items), size)]


def shard(items: list, spec: str) -> list:
    """The slice `i/n` (1 <= i <= n) of the logs: every n-th, starting at the i-th. The slices of
    1/n ... n/n hold every log once, whatever machine runs each."""
    try:
        i, n = (int(x) for x in spec.split("/"))
    except ValueError:
        raise AdjudicatorError(f"--shard {spec!r}: write it i/n, e.g. 2/8", "/shard", code="bad-shard") from None
    if not 1 <= i <= n:
        raise AdjudicatorError(f"--shard {spec!r}: i must be between 1 and n", "/shard", code="bad-shard")
    return items[i - 1::n]


def analyse(items: list, jobs: int = 1, game: tuple[str, str] | None = None,
            progress: Callable[[int], None] | None = None, keep: bool = False) -> dict:
    """The merged aggregate of `items` ((source, text) pairs), on `jobs` processes (0: every core).
    `game`: only games of this (system, edition) count (others are counted as `skipped`); `keep`:
    with the facts themselves (mapping.partial)."""
    jobs = jobs or os.cpu_count() or 1
    out = empty()
    work = [(c, game, keep) for c in chunks(items, jobs)]
    if jobs == 1:
        done = map(_partial, work)
        for part, (chunk, *_) in zip(done, work, strict=True):
            out = merge(out, part)
            if progress:
                progress(len(chunk))
        return out
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for part, (chunk, *_) in zip(pool.map(_partial, work), work, strict=True):
            out = merge(out, part)
            if progress:
                progress(len(chunk))
    return out


def _partial(work: tuple) -> dict:
    return partial(*work)


def as_partial(agg: dict, spec: str | None) -> dict:
    """What `--shard` writes: the aggregate itself, for a later `analyse --merge`."""
    return {"format": PARTIAL_FORMAT, "version": 1, "shard": spec, "aggregate": agg}


def read_partial(doc, source: str) -> dict:
    if not isinstance(doc, dict) or doc.get("format") != PARTIAL_FORMAT or not isinstance(doc.get("aggregate"), dict):
        raise AdjudicatorError(f"{source}: not a partial aggregate written by `analyse --shard`", "/",
                               code="not-a-partial")
    return doc["aggregate"]
