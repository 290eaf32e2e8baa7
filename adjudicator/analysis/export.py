"""Facts for archives: one row per seat of every game, as CSV or (with pyarrow) Parquet.

`adjudicator analyse PATH... --facts-out FILE` writes the facts its own replays took;
`adjudicator db export-facts OUT` writes the stored games' facts. The columns are fixed, so files
of different runs stack; what varies in shape (VP by source) is a JSON column."""

from __future__ import annotations

import csv
import importlib
import json
from pathlib import Path

from ..core.errors import AdjudicatorError

COLUMNS = ("source", "system", "edition", "modules", "players", "seat", "player", "plays", "valid", "finished",
           "won", "place", "how", "length", "length_unit", "first_player", "vp", "vp_sources", "cards_acquired",
           "contracts", "first_illegal_index", "first_illegal_code", "first_illegal_rulings")


def seat_rows(source: str, facts: dict) -> list[dict]:
    """The facts of one game, one row per seat (`won`: the share of the win, 1/k of k winners)."""
    places = {r["player"]: r["place"] for r in facts["ranking"]}
    bad = facts["first_illegal"] or {}
    out = []
    for seat in facts["seats"]:
        pid = seat["player"]
        won = 1 / len(facts["winners"]) if pid in facts["winners"] else 0.0
        out.append({
            "source": source, "system": facts["system"], "edition": facts["edition"],
            "modules": " ".join(facts["modules"]), "players": facts["players"], "seat": seat["seat"],
            "player": pid, "plays": seat["plays"], "valid": facts["valid"], "finished": facts["finished"],
            "won": won, "place": places.get(pid), "how": facts["how"], "length": facts["length"],
            "length_unit": facts["length_unit"], "first_player": facts["first_player"] == pid,
            "vp": (facts.get("vp") or {}).get(pid),
            "vp_sources": json.dumps((facts.get("vp_sources") or {}).get(pid, {}), sort_keys=True),
            "cards_acquired": " ".join((facts.get("cards_acquired") or {}).get(pid, [])),
            "contracts": (facts.get("contracts") or {}).get(pid),
            "first_illegal_index": bad.get("index"), "first_illegal_code": bad.get("code"),
            "first_illegal_rulings": " ".join(bad.get("rulings", [])),
        })
    return out


def write(path: str, games: list[tuple[str, dict]]) -> int:
    """Write the seat rows of (source, facts) pairs, sorted by source, to a .csv or .parquet
    file; returns the rows written."""
    rows = [row for source, facts in sorted(games, key=lambda g: g[0]) for row in seat_rows(source, facts)]
    suffix = Path(path).suffix.lower()
    if suffix == ".csv":
        with open(path, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, COLUMNS)
            writer.writeheader()
            writer.writerows(rows)
    elif suffix == ".parquet":
        try:
            arrow = importlib.import_module("pyarrow")  # optional: only for Parquet
            parquet = importlib.import_module("pyarrow.parquet")
        except ImportError:
            raise AdjudicatorError("Parquet needs pyarrow: pip install 'dune-adjudicator[export]' (or write .csv)",
                                   "/facts-out", code="no-pyarrow") from None
        parquet.write_table(arrow.Table.from_pylist(rows, schema=_schema(arrow)), path)
    else:
        raise AdjudicatorError(f"{path}: write facts to a .csv or .parquet file", "/facts-out", code="bad-suffix")
    return len(rows)


def _schema(arrow):
    text, number, flag = arrow.string(), arrow.int64(), arrow.bool_()
    types = {"players": number, "seat": number, "valid": flag, "finished": flag, "won": arrow.float64(),
             "place": number, "length": number, "first_player": flag, "vp": number, "contracts": number,
             "first_illegal_index": number}
    return arrow.schema([(c, types.get(c, text)) for c in COLUMNS])
