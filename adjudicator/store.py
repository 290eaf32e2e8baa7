"""Persistence with sqlite-utils: one SQLite file (WAL mode) holding the ruling records with a
full-text index, and the sample logs the service offers out of the box."""

from __future__ import annotations

import json
from pathlib import Path

import sqlite_utils

from .core.rulings import all_rulings
from .samples import HERE as SAMPLES

SCHEMA_VERSION = 1


def open_db(path: str | Path) -> sqlite_utils.Database:
    db = sqlite_utils.Database(path)
    if str(path) != ":memory:":
        db.enable_wal()
    return db


def prepare(db: sqlite_utils.Database) -> None:
    """Create or refresh the tables. Safe to run on every start."""
    rows = [{
        "id": r["id"], "title": r["title"], "statement": r["statement"],
        "sources": json.dumps(r["sources"], ensure_ascii=False),
        "games": " ".join(r.get("games", [])), "modules": " ".join(r.get("modules", [])),
        "tags": " ".join(r.get("tags", [])), "cards": " ".join(r.get("cards", [])),
        "spaces": " ".join(r.get("spaces", [])), "informational": int(r.get("informational", False)),
        "file": r["file"],
    } for r in all_rulings().values()]
    with db.conn:
        db["rulings"].delete_where()
        db["rulings"].insert_all(rows, pk="id", replace=True)
        if not db["rulings_fts"].exists():
            db["rulings"].enable_fts(["id", "title", "statement", "tags", "cards", "spaces"],
                                     create_triggers=True)
        db["samples"].insert_all(
            ({"name": p.stem, "body": p.read_text(encoding="utf-8")} for p in sorted(SAMPLES.glob("*.json"))),
            pk="name", replace=True)
        db["meta"].insert({"key": "schema_version", "value": SCHEMA_VERSION}, pk="key", replace=True)
    db["rulings"].rebuild_fts()


def _ruling(row: dict) -> dict:
    return {"id": row["id"], "title": row["title"], "statement": row["statement"],
            "sources": json.loads(row["sources"]), "games": row["games"].split(),
            "modules": row["modules"].split(), "tags": row["tags"].split(),
            "cards": row["cards"].split(), "spaces": row["spaces"].split(),
            "informational": bool(row["informational"])}


def search_rulings(db, q: str = "", tag: str = "", card: str = "", limit: int = 50) -> list[dict]:
    where, params = [], []
    if tag:
        where.append("(' ' || tags || ' ') like ?")
        params.append(f"% {tag} %")
    if card:
        where.append("(' ' || cards || ' ') like ?")
        params.append(f"% {card} %")
    if q:
        terms = " ".join('"' + t.replace('"', "") + '"' for t in q.split() if t.replace('"', ""))
        if terms:
            where.append("rowid in (select rowid from rulings_fts where rulings_fts match ?)")
            params.append(terms)
    sql = "select * from rulings" + (" where " + " and ".join(where) if where else "") + " order by id limit ?"
    return [_ruling(r) for r in db.query(sql, params + [limit])]


def get_ruling(db, ruling_id: str) -> dict | None:
    rows = list(db.query("select * from rulings where id = ?", [ruling_id]))
    return _ruling(rows[0]) if rows else None


def samples(db) -> list[dict]:
    return [{"name": r["name"]} for r in db.query("select name from samples order by name")]


def sample(db, name: str) -> dict | None:
    rows = list(db.query("select body from samples where name = ?", [name]))
    return json.loads(rows[0]["body"]) if rows else None
