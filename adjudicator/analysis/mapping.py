"""The map: one log (a source name and its JSON text, as service/batch.py reads them) -> one row
with its facts, taken by the replay that validates it. Never raises: an unreadable or invalid
log is a row that says so."""

from __future__ import annotations

from ..core.errors import AdjudicatorError
from ..core.logs import parse_log
from ..core.replay import Replay
from ..service.batch import read_file
from ..service.reading import read_json
from .aggregate import empty, merge, one


def facts_row(item: tuple[str, str]) -> dict:
    """{"source", "status": valid | invalid | unreadable, "facts"} or, unreadable, "code" and "message"."""
    source, text = item
    if not text or text.startswith("\0"):
        return {"source": source, "status": "unreadable", "code": "not-readable",
                "message": text[1:] or "no such file"}
    try:
        run = Replay(parse_log(read_json(text)), "strict", "none", tally=True)
        report = run.run()
    except AdjudicatorError as err:
        return {"source": source, "status": "unreadable", "code": err.code,
                "message": f"{err.pointer or '/'}: {err.message}"}
    return {"source": source, "status": "valid" if report["valid"] else "invalid", "facts": run.facts}


def partial(items: list[tuple[str, str]], game: tuple[str, str] | None = None, keep: bool = False) -> dict:
    """The map and the first merge of a slice of logs: what one worker sends back. `game`: only
    games of this (system, edition) count; the others are counted as `skipped`. `keep`: the facts
    themselves ride along (`facts`: [source, facts] pairs) for an export."""
    out = empty()
    for item in items:
        row = facts_row(item)
        facts = row.get("facts")
        if game is not None and facts is not None and (facts["system"], facts["edition"]) != game:
            out = merge(out, {"logs": {"skipped": 1}})
            continue
        out = merge(out, one(row))
        if keep and facts is not None:
            out = merge(out, {"facts": [[row["source"], facts]]})
    return out


def partial_of_files(paths: list[str], game: tuple[str, str] | None = None, keep: bool = False) -> dict:
    """`partial` of the logs in these files, read here (a worker on shared storage)."""
    return partial([item for path in paths for item in read_file(path)], game, keep)
