"""Persistence with sqlite-utils: one SQLite file (WAL mode) holding the ruling records with a
full-text index, the sample logs, and the stored games, tournaments and API tokens.

The schema is versioned (`meta.schema_version`); `prepare()` applies the migrations an older
file lacks, each in its own transaction, so `adjudicator db upgrade` never loses rows.

Every write takes the write lock up front (`transaction`: BEGIN IMMEDIATE). A deferred
transaction that reads first and writes later cannot wait for the lock: when another process
commits meanwhile its snapshot is stale and SQLite answers "database is locked" at once,
whatever the busy timeout."""

from __future__ import annotations

import fcntl
import hashlib
import json
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import sqlite_utils

from .core.canonical import dumps
from .core.logs import parse_log
from .core.registry import systems
from .core.replay import Replay
from .core.results import winners_named
from .core.rulings import all_rulings
from .samples import HERE as SAMPLES
from .words import WORDS_TOKENIZER, index_text, query_terms


def open_db(path: str | Path) -> sqlite_utils.Database:
    db = sqlite_utils.Database(path)
    db.execute("pragma busy_timeout = 10000")  # several workers may start or write at once
    if str(path) != ":memory:":
        db.enable_wal()
        db.execute("pragma synchronous = full")  # an answered 201 survives a crash of the machine
    return db


@contextmanager
def transaction(db):
    """One write transaction holding the write lock from its first statement (BEGIN IMMEDIATE),
    so the busy timeout applies; sqlite-utils' own writes inside it nest as savepoints."""
    db.conn.execute("begin immediate")
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.conn.rollback()
        raise
    if db.conn.in_transaction:  # an executescript() inside (sqlite-utils' FTS set-up) commits early
        db.conn.commit()


class NotOurDatabase(Exception):
    """A path that is missing or is not an adjudicator database (`adjudicator db upgrade`)."""


def check_existing(path: str | Path) -> None:
    """Refuse, with a one-line reason, a path that is not an existing database of ours: a typo
    must not silently create a new empty database."""
    path = Path(path)
    if not path.is_file():
        raise NotOurDatabase(f"{path}: no such database file")
    with open(path, "rb") as f:
        if f.read(16) != b"SQLite format 3\x00":
            raise NotOurDatabase(f"{path}: not an SQLite database")
    db = sqlite_utils.Database(path)
    try:
        if not db["meta"].exists() or not list(db.query("select 1 from meta where key = 'schema_version'")):
            raise NotOurDatabase(f"{path}: an SQLite database, but not one of Dune Adjudicator (no schema version)")
    finally:
        db.conn.close()


def schema_version(db) -> int:
    if not db["meta"].exists():
        return 0
    rows = list(db.query("select value from meta where key = 'schema_version'"))
    return int(rows[0]["value"]) if rows else 0


def _v1(db) -> None:
    """Version 1 (the first release): rulings, their FTS index, samples, meta."""
    db["rulings"].create({"id": str, "title": str, "statement": str, "sources": str, "games": str,
                          "modules": str, "tags": str, "cards": str, "spaces": str, "informational": int,
                          "file": str}, pk="id", if_not_exists=True)
    if not db["rulings_fts"].exists():
        db["rulings"].enable_fts(["id", "title", "statement", "tags", "cards", "spaces"], create_triggers=True)
    db["samples"].create({"name": str, "body": str}, pk="name", if_not_exists=True)
    db["meta"].create({"key": str, "value": int}, pk="key", if_not_exists=True)


def _v2(db) -> None:
    """Version 2: stored games, tournaments and API tokens."""
    db["tokens"].create({"id": str, "name": str, "hash": str, "created": str, "revoked": str},
                        pk="id", not_null={"name", "hash", "created"}, if_not_exists=True)
    db["tokens"].create_index(["hash"], unique=True, if_not_exists=True)
    db["games"].create({"seq": int, "id": str, "created": str, "owner": str, "tournament": str, "system": str,
                        "edition": str, "players": str, "leaders": str, "valid": int, "first_illegal": int,
                        "winner": str, "engine": str, "actions": int, "final_checksum": str, "log": str,
                        "report": str}, pk="seq", not_null={"id", "log", "report"}, if_not_exists=True)
    db["games"].create_index(["id"], unique=True, if_not_exists=True)
    db["games"].create_index(["tournament"], if_not_exists=True)
    db["tournaments"].create({"id": str, "name": str, "scoring": str, "owner": str, "created": str},
                             pk="id", if_not_exists=True)


def _v3(db) -> None:
    """Version 3 (issue 9): a game's canonical checksum (a log counted once per tournament),
    whether it finished (its hidden information becomes public), Idempotency-Keys, and the rate
    limit counters shared by every worker process."""
    games = db["games"]
    if "log_checksum" not in games.columns_dict:
        games.add_column("log_checksum", str)
        games.add_column("finished", int)
    for row in list(db.query("select seq, log, report from games where log_checksum is null")):
        finished = bool(json.loads(row["report"])["result"].get("finished"))
        db.execute("update games set log_checksum = ?, finished = ? where seq = ?",
                   [log_checksum_of(row["log"].encode()), int(finished), row["seq"]])
    games.create_index(["tournament", "log_checksum"], if_not_exists=True)
    db.execute("create table if not exists idempotency (token text not null, key text not null, "
               "fingerprint text not null, game text not null, created text not null, "
               "primary key (token, key)) without rowid")
    db.execute("create table if not exists rate_limits (key text not null, window integer not null, "
               "hits integer not null, primary key (key, window)) without rowid")


def log_checksum_of(canonical: bytes) -> str:
    """sha256 of a log's canonical JSON (sorted keys, no whitespace): the same log however it was
    spaced or ordered. Not xxh3: a collision must not be constructible by a client."""
    return hashlib.sha256(canonical).hexdigest()


def _v4(db) -> None:
    """Version 4: ruling search with stemming and ranking (an FTS5 table of each ruling's words,
    with the English and Russian names of the cards and spaces it concerns)."""
    db.execute(f"create virtual table if not exists rulings_words using fts5(id unindexed, words, "
               f"tokenize = '{WORDS_TOKENIZER}')")
    db.execute("delete from meta where key = 'content'")  # the next start fills it


def _v5(db) -> None:
    """Version 5 (issue 28): what a stored game keeps from whom, and its checkpoints.

    - `games.secrets`: the secrets of the log (core/observers.py), found by the replay that
      stored it; `games.public_checksum`: the checksum of the final state as the public sees it.
      An older row gets both on its first read that needs them (one replay: checkpoints.current).
    - `checkpoints`: states a read starts from (service/checkpoints.py), keyed by game and engine
      version, each marked when a scenario can name it (`anchor`), with what was played since the
      one before (`played`); a new engine rebuilds them on the first read. Keyed by the game's id,
      not its row, so that a game that grows move by move (issue 36) appends to them; the
      per-game facts table (issue 34) is a table of its own too."""
    games = db["games"]
    if "secrets" not in games.columns_dict:
        games.add_column("secrets", str)
        games.add_column("public_checksum", str)
    db.execute("create table if not exists checkpoints (game text not null, engine text not null, "
               "idx integer not null, state blob not null, rng text not null, anchor integer not null, "
               "played blob not null, "
               "primary key (game, engine, idx)) without rowid")


def _v6(db) -> None:
    """Version 6 (issue 32): one result shape for every rule system (core/results.py). A stored
    report's `result` and the row's `winner` are rewritten from the game's final state, which
    one replay of the stored log gives (reports keep no state)."""
    for row in list(db.query("select id, log, report from games")):
        run = Replay(parse_log(json.loads(row["log"])), "strict", "none")
        run.run()
        report = json.loads(row["report"])
        report["result"] = run.rules.result(run.state)
        db.execute("update games set report = ?, winner = ? where id = ?",
                   [dumps(report).decode(), winners_named(report), row["id"]])


def _v8(db) -> None:
    """Version 8 (issue 37): tournaments an organiser can run. Independent of version 7 (the
    rulings index), which the merge puts before it.

    - `tournament_players`: a tournament's registered people (name, the organiser's own id, club,
      aliases as a JSON list, when they withdrew), in registration order (`seq`);
    - `rounds`: a round's tables (JSON, each table's players in seat order, first player first);
    - `games.round_no`, `games.table_no`: where a game was played; `games.seats`: its seats mapped
      to registered players (JSON {seat: name}); `games.ending`: how a game that stops off the
      board ended (JSON, service/judging.py). Plain nullable columns, so that a later migration
      for live games adds its own beside them;
    - `game_rulings`: judges' rulings recorded on a game (who, when, the step, the ruling cited,
      the decision and its effect on the standings);
    - `tournament_judges`: the token names (`adjudicator tokens create NAME`) besides the owner's
      that may record rulings and endings on the tournament's games."""
    games = db["games"]
    for column, kind in (("round_no", int), ("table_no", int), ("seats", str), ("ending", str)):
        if column not in games.columns_dict:
            games.add_column(column, kind)
    db.execute("create table if not exists tournament_players (tournament text not null, seq integer not null, "
               "name text not null, folded text not null, ref text, club text, aliases text not null, "
               "withdrawn text, created text not null, primary key (tournament, seq)) without rowid")
    db.execute("create unique index if not exists tournament_players_name on tournament_players (tournament, folded)")
    db.execute("create table if not exists rounds (tournament text not null, round integer not null, "
               "tables text not null, created text not null, primary key (tournament, round)) without rowid")
    db.execute("create index if not exists games_round on games (tournament, round_no, table_no)")
    db.execute("create table if not exists game_rulings (game text not null, seq integer not null, "
               "who text not null, created text not null, body text not null, "
               "primary key (game, seq)) without rowid")
    db.execute("create table if not exists tournament_judges (tournament text not null, name text not null, "
               "created text not null, primary key (tournament, name)) without rowid")


MIGRATIONS = [_v1, _v2, _v3, _v4, _v5, _v6, _v8]
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(db) -> tuple[int, int]:
    """Bring the file to SCHEMA_VERSION. Returns (version before, version after)."""
    before = schema_version(db)
    if before > SCHEMA_VERSION:
        raise RuntimeError(f"the database is at schema version {before}, newer than this engine ({SCHEMA_VERSION})")
    for version in range(before + 1, SCHEMA_VERSION + 1):
        with transaction(db):
            if schema_version(db) >= version:  # another process got there first
                continue
            MIGRATIONS[version - 1](db)
            db.execute("insert or replace into meta (key, value) values ('schema_version', ?)", [version])
    return before, SCHEMA_VERSION


@contextmanager
def _exclusive(db):
    """One process at a time prepares a database file (several server workers start at once)."""
    path = db.execute("pragma database_list").fetchone()[2]
    if not path:  # in memory
        yield
        return
    with open(path + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def prepare(db: sqlite_utils.Database) -> None:
    """Migrate, then refresh the rulings and samples from the package. Safe on every start."""
    with _exclusive(db):
        _prepare(db)


def _prepare(db) -> None:
    migrate(db)
    rows = _ruling_rows()
    samples = [{"name": p.stem, "body": p.read_text(encoding="utf-8")} for p in sorted(SAMPLES.glob("*.json"))]
    names = component_names()
    words = [(r["id"], index_text(r, names)) for r in all_rulings().values()]
    content = hashlib.sha256(json.dumps([rows, samples, words], sort_keys=True).encode()).hexdigest()
    if _meta(db, "content") == content:
        return  # an ordinary start writes nothing, so it never waits for a writer
    with transaction(db):  # everything computed before: the write lock is held briefly
        db["rulings"].delete_where()
        db["rulings"].insert_all(rows, pk="id", replace=True)
        db["samples"].insert_all(samples, pk="name", replace=True)
        db["rulings"].rebuild_fts()
        db.execute("delete from rulings_words")
        db.conn.executemany("insert into rulings_words (id, words) values (?, ?)", words)
        db.execute("insert or replace into meta (key, value) values ('content', ?)", [content])


def _meta(db, key: str):
    rows = list(db.query("select value from meta where key = ?", [key]))
    return rows[0]["value"] if rows else None


def _ruling_rows() -> list[dict]:
    return [{
        "id": r["id"], "title": r["title"], "statement": r["statement"],
        "sources": json.dumps(r["sources"], ensure_ascii=False),
        "games": " ".join(r.get("games", [])), "modules": " ".join(r.get("modules", [])),
        "tags": " ".join(r.get("tags", [])), "cards": " ".join(r.get("cards", [])),
        "spaces": " ".join(r.get("spaces", [])), "informational": int(r.get("informational", False)),
        "file": r["file"],
    } for r in all_rulings().values()]


def component_names() -> dict[str, list[str]]:
    """Every component id of every installed rule system -> its English and Russian names."""
    names: dict[str, list[str]] = {}
    for system in systems().values():
        for edition in sorted(set(system.games.values())):
            for card in system.ruleset(edition).cards(None):
                found = names.setdefault(card["id"], [])
                for name in (card.get("name") or {}).values():
                    if isinstance(name, str) and name not in found:
                        found.append(name)
    return names


def _ruling(row: dict) -> dict:
    out = {"id": row["id"], "title": row["title"], "statement": row["statement"],
           "sources": json.loads(row["sources"]), "games": row["games"].split(),
           "modules": row["modules"].split(), "tags": row["tags"].split(),
           "cards": row["cards"].split(), "spaces": row["spaces"].split(),
           "informational": bool(row["informational"])}
    # The table is a search index refreshed from the package on every start (prepare); the
    # fields it has no column for (kind, basis) are read from the package's records.
    record = all_rulings().get(row["id"], {})
    out["kind"] = record.get("kind", "engine")
    if record.get("basis"):
        out["basis"] = record["basis"]
    return out


def has_word(column: str, word: str) -> tuple[str, str]:
    """A where-clause and its parameter: `word` is one of the space-separated words of `column`.
    LIKE's wildcards in the word are escaped, so `_` or `%` match only themselves."""
    escaped = word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"(' ' || {column} || ' ') like ? escape '\\'", f"% {escaped} %"


MAX_TERMS = 12


def search_rulings(db, q: str = "", tag: str = "", card: str = "", limit: int = 50, game: str = "") -> list[dict]:
    """Rulings by what a person remembers: words are stemmed (English; Russian endings dropped),
    card and space names in English or Russian find the rulings that concern them, and results are
    ranked by how many of the words they have, then by relevance (bm25): all words preferred, any
    word enough. `tag`, `card` and `game` (a record's `games` value: a ruleset's `ruling_game`) narrow
    the list."""
    where, params = [], []
    for column, word in (("tags", tag), ("cards", card), ("games", game)):
        if word:
            clause, param = has_word(column, word)
            where.append(clause)
            params.append(param)
    ranked: list[str] | None = None
    terms = query_terms(q)[:MAX_TERMS]
    if q and not terms:
        return []
    if terms:
        ranked = _ranked(db, terms)
        if not ranked:
            return []
        where.append(f"id in ({', '.join('?' for _ in ranked)})")
        params += ranked
    sql = "select * from rulings" + (" where " + " and ".join(where) if where else "") + " order by id"
    rows = [_ruling(r) for r in db.query(sql, params)]
    if ranked is not None:
        order = {rid: i for i, rid in enumerate(ranked)}
        rows.sort(key=lambda r: order[r["id"]])
    return rows[:limit]


def _ranked(db, terms: list[str]) -> list[str]:
    """Ruling ids matching any term: most terms matched first, then by bm25 over all of them.
    Each term is one quoted FTS string, so nothing a client types is query syntax."""
    quoted = [f'"{t}"' for t in terms]
    relevance = {r["id"]: r["score"] for r in db.query(
        "select id, bm25(rulings_words) as score from rulings_words where rulings_words match ?",
        [" OR ".join(quoted)])}
    matched = Counter()
    for term in quoted:
        matched.update(r["id"] for r in db.query("select id from rulings_words where rulings_words match ?", [term]))
    return sorted(relevance, key=lambda rid: (-matched[rid], relevance[rid], rid))


def get_ruling(db, ruling_id: str) -> dict | None:
    rows = list(db.query("select * from rulings where id = ?", [ruling_id]))
    return _ruling(rows[0]) if rows else None


def samples(db) -> list[dict]:
    return [{"name": r["name"]} for r in db.query("select name from samples order by name")]


def sample(db, name: str) -> dict | None:
    rows = list(db.query("select body from samples where name = ?", [name]))
    return json.loads(rows[0]["body"]) if rows else None
