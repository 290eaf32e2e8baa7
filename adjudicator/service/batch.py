"""Validating many logs at once: files, folders, globs and JSONL streams, on several cores."""

from __future__ import annotations

import functools
import glob
import os
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ..core.errors import AdjudicatorError
from ..core.replay import replay
from .reading import read_json

LOG_SUFFIXES = (".json", ".jsonl", ".ndjson")
NOTHING = "\0"  # files(): a path that names no file
IN_FLIGHT = 4  # stream(): logs submitted ahead per process


def sources(paths: list[str], stdin=None) -> Iterator[tuple[str, str]]:
    """(source name, JSON text) for every log the paths name, in a stable order."""
    for path in paths:
        if path == "-":
            for n, line in enumerate(stdin, 1):
                if line.strip():
                    yield f"<stdin>:{n}", line
            continue
        for found in _files(path):
            if found is None:
                yield path, ""  # reported as unreadable
            else:
                yield from _read(found)


def files(paths: list[str]) -> Iterator[str]:
    """The files the paths name, unread, in the order `sources` reads them, for workers that read
    the logs themselves (a glob that matches nothing comes back marked, NOTHING + the glob)."""
    for path in paths:
        if path == "-":
            raise AdjudicatorError("logs on stdin cannot be read by the workers: name files", "/paths",
                                   code="stdin-not-shared")
        for found in _files(path):
            yield NOTHING + path if found is None else str(found)


def read_file(path: str) -> list[tuple[str, str]]:
    """The logs of one file (a JSONL file holds several), as `sources` reads them."""
    return [(path[1:], "")] if path.startswith(NOTHING) else list(_read(Path(path)))


def _files(path: str) -> Iterator[Path | None]:
    """The files a path, folder or glob names, sorted; None when it names nothing."""
    matches = sorted(glob.glob(path, recursive=True)) if glob.has_magic(path) else [path]
    if not matches:
        yield None
    for match in matches:
        p = Path(match)
        if p.is_dir():
            yield from sorted(f for f in p.rglob("*") if f.suffix in LOG_SUFFIXES and f.is_file())
        else:
            yield p


def _read(path: Path) -> Iterator[tuple[str, str]]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        yield str(path), f"\0{err}"
        return
    if path.suffix in (".jsonl", ".ndjson"):
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip():
                yield f"{path}:{n}", line
    else:
        yield str(path), text


def check(item: tuple[str, str], keep_log: bool = True) -> dict:
    """Replay one log; never raises (a worker's answer is always a row). `keep_log`: the row
    carries the parsed log (`log`), for storing it."""
    source, text = item
    row = {"source": source}
    if not text or text.startswith("\0"):
        return {**row, "status": "unreadable", "code": "not-readable", "message": text[1:] or "no such file"}
    try:
        doc = read_json(text)  # what the service refuses (NaN, lone surrogates) is refused here too
        report = replay(doc, "strict", "none")
    except AdjudicatorError as err:
        return {**row, "status": "unreadable", "code": err.code, "message": f"{err.pointer or '/'}: {err.message}"}
    row.update(status="valid" if report["valid"] else "invalid", actions=report["actions"],
               winners=report["result"]["winners"], final_checksum=report["final_checksum"])
    if not report["valid"]:
        bad = report["verdicts"][report["first_illegal"]]
        row.update(first_illegal=report["first_illegal"], code=bad["code"], message=bad["message"],
                   citations=bad["citations"])
    if keep_log:
        row["log"] = doc
    return row


def run(items: list[tuple[str, str]], jobs: int = 1, progress=None) -> list[dict]:
    """Check every item, in input order, on `jobs` processes (0: every core)."""
    results = []
    for row in stream(items, jobs):
        results.append(row)
        if progress:
            progress()
    return results


def stream(items: Iterable[tuple[str, str]], jobs: int = 1, keep_log: bool = True) -> Iterator[dict]:
    """The rows of `check`, in input order, as they come: the items are read as they are needed
    and a row is handed on before the next log is parsed (issue 30: memory flat in the number of
    logs). With several processes, at most IN_FLIGHT logs a process wait at once."""
    jobs = jobs or os.cpu_count() or 1
    one = functools.partial(check, keep_log=keep_log)
    if jobs == 1:
        yield from map(one, items)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        waiting: deque = deque()
        for item in items:
            waiting.append(pool.submit(one, item))
            if len(waiting) >= IN_FLIGHT * jobs:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()
