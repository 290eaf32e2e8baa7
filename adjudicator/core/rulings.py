"""Ruling records: our own statement of each rule, with its source and page.

Records live in `rulings/*.toml`, one file per source document. Every check in the engine
cites ruling ids; `citations()` turns them into what a verdict carries.
"""

from __future__ import annotations

import tomllib
from functools import cache, lru_cache
from pathlib import Path

from ..resources import resource_dir


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


def citation(ruling_id: str) -> dict:
    record = all_rulings().get(ruling_id)
    if record is None:
        # A missing record is a bug the test suite catches; the verdict still names the id.
        return {"ruling": ruling_id, "source": "unknown", "page": ""}
    source = record["sources"][0]
    return {"ruling": ruling_id, "source": source["document"], "page": str(source.get("page", ""))}


def citations(ruling_ids) -> list[dict]:
    return list(_citations(tuple(ruling_ids)))


@lru_cache(maxsize=4096)
def _citations(ruling_ids: tuple[str, ...]) -> tuple[dict, ...]:
    return tuple(citation(r) for r in dict.fromkeys(ruling_ids))
