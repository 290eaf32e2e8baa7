"""Ruling records: our own statement of each rule, with the published pages it rests on.

Records live in `rulings/*.toml`. Every check in the engine cites ruling ids; `citations()`
turns them into what a verdict carries.

Each record has a `kind`:

- `rule`: a published rulebook states it; its `sources` name the document and the page,
  best first (the English rulebook page where one exists);
- `clarification`: an official FAQ or errata entry states it (the FAQ by its date and page);
- `reading`: our interpretation where the published texts are silent or ambiguous; its
  `basis` says what it rests on and its `sources` list the pages it reads;
- `engine`: how this program records or checks play (logs, hidden information); no page.

A citation never shows a `reading` or an `engine` record as a page of a book: its `source`
says whose words they are and its `page` is empty; the pages a reading rests on travel in
`rests_on`.
"""

from __future__ import annotations

import tomllib
from functools import cache, lru_cache
from pathlib import Path

from ..resources import resource_dir

KINDS = ("rule", "clarification", "reading", "engine")
PUBLISHED = ("rule", "clarification")  # kinds whose citation is a page of a published document

# What a citation of a reading or an engine policy shows instead of a document.
SHOWN_AS = {
    "reading": "Dune Adjudicator reading (our interpretation, not printed rules)",
    "engine": "Dune Adjudicator engine policy (how this program records or checks play, not a game rule)",
}

# Which edition's players a document serves first, for ordering a record's sources.
DOCUMENT_EDITION = {
    "Dune: Imperium rulebook": "base",
    "Dune: Imperium FAQ 2022-02-14": "base",
    "Rise of Ix rulebook": "base",
    "Immortality rulebook": "base",
    "Dune: Imperium – Uprising rulebook": "uprising",
}

# The verdict of an action no narrower ruling is attached to (see Verdict.to_json).
NO_SPECIFIC_RULING = "engine.offered-actions"


@cache
def all_rulings() -> dict[str, dict]:
    records: dict[str, dict] = {}
    for path in sorted(Path(resource_dir("rulings")).glob("*.toml")):
        with path.open("rb") as fh:
            for record in tomllib.load(fh).get("ruling", []):
                record = dict(record, file=path.name)
                if record["id"] in records:
                    raise ValueError(f"duplicate ruling id {record['id']!r} in {path.name}")
                records[record["id"]] = record
    return dict(sorted(records.items()))


def _shown(source: dict, edition: bool = False) -> dict:
    """One published source as a citation shows it: the document, its page, the heading the
    passage sits under (and, for the citation's own source, the edition or date)."""
    out = {"source": source["document"], "page": str(source.get("page", ""))}
    for key in ("section", "edition") if edition else ("section",):
        if source.get(key):
            out[key] = source[key]
    return out


def _ordered(sources: list[dict], edition: str | None) -> list[dict]:
    """The record's order (best first), except that a replay of a known edition shows the
    documents of that edition first (a stable sort keeps the record's order otherwise)."""
    if edition is None:
        return list(sources)
    wanted = "uprising" if edition == "uprising" else "base"
    return sorted(sources, key=lambda s: DOCUMENT_EDITION.get(s["document"], wanted) != wanted)


def citation(ruling_id: str, edition: str | None = None) -> dict:
    record = all_rulings().get(ruling_id)
    if record is None:
        # A missing record is a bug the test suite catches; the verdict still names the id.
        return {"ruling": ruling_id, "source": "unknown", "page": ""}
    kind = record["kind"]
    ordered = _ordered(record.get("sources", []), edition)
    sources = [_shown(s) for s in ordered]
    if kind in PUBLISHED:
        rest = sources[1:]
        out = {"ruling": ruling_id, "kind": kind, **_shown(ordered[0], edition=True)}
        if rest:
            out["also"] = rest
        return out
    out = {"ruling": ruling_id, "kind": kind, "source": SHOWN_AS[kind], "page": ""}
    if record.get("basis"):
        out["basis"] = record["basis"]
    if sources:
        out["rests_on"] = sources
    return out


def where(source: dict) -> str:
    """Where in its document a source is read: `p. N`, else its section (the classic Dune rulebook
    is cited by section)."""
    return f"p. {source['page']}" if source.get("page") else source.get("section", "")


def citation_text(c: dict) -> str:
    """One line for people: `id (document, p. N)`, or the reading / engine policy named as such."""
    if c.get("kind") in SHOWN_AS:
        return f"{c['ruling']} ({c['source']})"
    return f"{c['ruling']} ({c['source']}{', ' + where(c) if where(c) else ''})"


def citations(ruling_ids, edition: str | None = None) -> list[dict]:
    return list(_citations(tuple(ruling_ids), edition))


@lru_cache(maxsize=4096)
def _citations(ruling_ids: tuple[str, ...], edition: str | None = None) -> tuple[dict, ...]:
    return tuple(citation(r, edition) for r in dict.fromkeys(ruling_ids))
