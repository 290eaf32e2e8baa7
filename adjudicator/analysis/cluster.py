"""The Dask adapter: the same map/merge (and `validate`'s check), run on a Dask distributed
cluster's workers. A thin layer on purpose: each task replays a chunk of whole logs with the very
code the in-process run uses (mapping.partial, service.batch.check), and the partial aggregates
are merged here as they come back, so the figures are identical to the in-process run's.

Dask is an optional extra (`pip install '.[scale]'`); it is loaded by name only when a scheduler
is given (`connect`), so without `--scheduler` nothing of it is imported."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..service import batch
from .aggregate import empty, merge
from .mapping import partial, partial_of_files
from .run import chunks

TIMEOUT = 10  # seconds to reach the scheduler


class Unreachable(Exception):
    """The scheduler cannot be reached (or Dask is not installed): one line for the user."""


def connect(address: str, timeout: float | None = None):
    """A client of the scheduler at `address` (tcp://host:port)."""
    timeout = TIMEOUT if timeout is None else timeout
    try:
        distributed = importlib.import_module("dask.distributed")  # the optional extra, only now
    except ImportError:
        raise Unreachable("--scheduler needs Dask: pip install 'dune-adjudicator[scale]'") from None
    try:
        return distributed.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        raise Unreachable(f"cannot reach the Dask scheduler at {address}: {err}") from None


def _workers(client) -> int:
    """The threads the cluster's workers run tasks on (each replays one chunk at a time)."""
    return max(1, sum(client.nthreads().values()))


def _completed(client, futures):
    """(future, its result) as each task finishes. Our tasks never raise (a bad log is a row), so a
    failure here is the cluster's: a worker or scheduler without this package (or another version
    of it), a lost worker; it is one line for the user, not a remote traceback."""
    try:
        for future in importlib.import_module("dask.distributed").as_completed(futures, loop=client.loop):
            yield future, future.result()
    except Exception as err:  # noqa: BLE001 - whatever the cluster raises, said in one line
        first = str(err).strip().splitlines()[0] if str(err).strip() else ""
        raise Unreachable(f"the Dask cluster could not run the batch ({type(err).__name__}: {first}); "
                          "the scheduler and every worker need this package installed, the same version") from None


def analyse(client, items: list, game: tuple[str, str] | None = None,
            progress: Callable[[int], None] | None = None, keep: bool = False, shared: bool = False) -> dict:
    """The merged aggregate of `items`, mapped over the cluster's workers chunk by chunk.
    `shared`: `items` are file paths (service.batch.files) that the workers read themselves from
    storage they share with the client, so no log text goes through the client."""
    work = chunks(items, _workers(client))
    sizes = {}
    futures = []
    for chunk in work:
        future = client.submit(partial_of_files if shared else partial, chunk, game, keep, pure=False)
        sizes[future.key] = len(chunk)
        futures.append(future)
    out = empty()
    for future, part in _completed(client, futures):  # any order: the merge does not care
        out = merge(out, part)
        if progress:
            progress(sizes[future.key])
    return out


def _check(chunk: list, keep_log: bool) -> list[dict]:
    rows = [batch.check(item) for item in chunk]
    if not keep_log:
        for row in rows:
            row.pop("log", None)
    return rows


def validate(client, items: list, keep_log: bool = False, progress: Callable[[], None] | None = None) -> list[dict]:
    """`validate`'s rows, in input order, each log checked on a worker."""
    work = chunks(items, _workers(client))
    futures = [client.submit(_check, chunk, keep_log, pure=False) for chunk in work]
    index = {f.key: i for i, f in enumerate(futures)}
    done: list = [None] * len(futures)
    for future, rows in _completed(client, futures):
        done[index[future.key]] = rows
        if progress:
            for _ in rows:
                progress()
    return [row for rows in done for row in rows]
