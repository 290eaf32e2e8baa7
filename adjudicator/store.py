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
from functools import cache
from pathlib import Path

import sqlite_utils

from . import ENGINE_VERSION
from . import words as words_module
from .core.canonical import dumps
from .core.errors import AdjudicatorError
from .core.logs import parse_log
from .core.registry import systems
from .core.replay import Replay
from .core.results import winners_named
from .core.rulings import all_rulings
from .glossary import GLOSSARY
from .samples import HERE as SAMPLES
from .words import FIELDS, WORDS_TOKENIZER, index_fields, query_groups


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


def _v7(db) -> None:
    """Version 7 (issue 32): ruling search as a player expects. The index `rulings_index` has a
    field per kind of word, weighted in the ranking (titles English and Russian, tags, the
    components' names, the text), Snowball-stemmed English and Russian; it replaces
    `rulings_words`. The rulings get their Russian title (`title_ru`). The refresh that follows
    every migration (prepare) fills it, as it does on every start whose rulings changed."""
    _search_tables(db)
    db.execute("delete from meta where key = 'content'")  # so the refresh rebuilds the index


def _search_tables(db) -> None:
    """Version 7's tables, idempotent. A refresh (prepare) makes sure of them too: main numbered
    the tournaments' migration 7 for a while (before this one was merged ahead of it as 8), and a
    file written then says version 7 without them."""
    db.execute("drop table if exists rulings_words")
    db.execute(f"create virtual table if not exists rulings_index using fts5(id unindexed, "
               f"{', '.join(FIELDS)}, tokenize = '{WORDS_TOKENIZER}')")
    if "title_ru" not in db["rulings"].columns_dict:
        db["rulings"].add_column("title_ru", str)


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



def _v9(db) -> None:
    """Version 9 (issue 36): live games (service/live.py).

    - `games.live`: 1 while the game takes appended actions; `games.closed`: why its owner closed
      it unfinished; `games.dealt_live`: the chance outcomes dealt from the seed for its logged
      actions (the report's `dealt` also counts those dealt after the last one);
      `games.live_report`: the report's fields an append changes (and `forced_ahead`, the forced
      decisions the last append's settle took, service/live.py). While a game is live its
      `log`, `report` and `secrets` hold what was uploaded; what was appended is in its events.
    - `live_events`: every logged action of a live game with its verdict, what it keeps secret
      from whom and, for an appended one, its log entry as written (the followers' stream,
      `GET /v1/games/<id>/events`).
    - `live_requests`: the first answer of each append sent with an Idempotency-Key.
    - `seat_tokens`: the seat tokens of a live game (their sha256 only)."""
    games = db["games"]
    if "live" not in games.columns_dict:
        games.add_column("live", int, not_null_default=0)
        games.add_column("closed", str)
        games.add_column("dealt_live", int, not_null_default=0)
        games.add_column("live_report", str)
    db.execute("create table if not exists live_events (game text not null, idx integer not null, "
               "action text not null, verdict text not null, secret text, entry text, created text not null, "
               "primary key (game, idx)) without rowid")
    db.execute("create table if not exists live_requests (game text not null, token text not null, "
               "key text not null, fingerprint text not null, answer text not null, created text not null, "
               "primary key (game, token, key)) without rowid")
    db.execute("create table if not exists seat_tokens (game text not null, seat text not null, hash text not null, "
               "created text not null, primary key (game, seat)) without rowid")
    db.execute("create unique index if not exists seat_tokens_hash on seat_tokens (hash)")



def _v10(db) -> None:
    """Version 10 (issue 34): a stored game's facts
    (core/facts.py, schemas/facts.json), one row per game, what GET /v1/analytics aggregates. A
    game stored from now on gets them from the replay that stores it (service/checkpoints.py); the
    games stored before are replayed here once. It depends on no migration after 6."""
    db.execute("create table if not exists facts (game text primary key, engine text not null, "
               "facts text not null) without rowid")
    for row in list(db.query("select id, log from games where id not in (select game from facts)")):
        try:
            run = Replay(parse_log(json.loads(row["log"])), "strict", "none", tally=True)
            run.run()
        except AdjudicatorError:  # a log this engine no longer reads: no facts until it is reverified
            continue
        save_facts(db, row["id"], run.facts)


def save_facts(db, game_id: str, facts: dict) -> None:
    """Inside the caller's transaction: the facts of a stored game, taken by the engine now."""
    db.execute("insert or replace into facts (game, engine, facts) values (?, ?, ?)",
               [game_id, ENGINE_VERSION, dumps(facts).decode()])


# _v10 after _v9: a file main's _v9 already brought to version 9 gains the facts as version 10
MIGRATIONS = [_v1, _v2, _v3, _v4, _v5, _v6, _v7, _v8, _v9, _v10]
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
    made_of = [rows, samples, all_rulings(), component_names(), Path(words_module.__file__).read_text(encoding="utf-8"),
               GLOSSARY]  # the search index: the rulings, the names and the code that reads them
    content = hashlib.sha256(json.dumps(made_of, sort_keys=True, default=str).encode()).hexdigest()
    if _meta(db, "content") == content:
        return  # an ordinary start writes nothing, so it never waits for a writer
    index = _index_rows()  # stemming every ruling takes a second: only when something changed
    with transaction(db):  # everything computed before: the write lock is held briefly
        _search_tables(db)
        db["rulings"].delete_where()
        db["rulings"].insert_all(rows, pk="id", replace=True)
        db["samples"].insert_all(samples, pk="name", replace=True)
        db["rulings"].rebuild_fts()
        _index_rulings(db, index)
        db.execute("insert or replace into meta (key, value) values ('content', ?)", [content])


@cache
def _index_rows() -> list[list[str]]:
    """Every ruling's search fields (the package's rulings do not change while it runs)."""
    names = component_names()
    out = []
    for r in all_rulings().values():
        fields = index_fields(r, names)
        out.append([r["id"], *(fields[f] for f in FIELDS)])
    return out


def _index_rulings(db, index: list[list[str]]) -> None:
    db.execute("delete from rulings_index")
    db.conn.executemany(f"insert into rulings_index (id, {', '.join(FIELDS)}) values "
                        f"({', '.join('?' for _ in range(len(FIELDS) + 1))})", index)


def _meta(db, key: str):
    rows = list(db.query("select value from meta where key = ?", [key]))
    return rows[0]["value"] if rows else None


def _ruling_rows() -> list[dict]:
    return [{
        "id": r["id"], "title": r["title"], "title_ru": r.get("title_ru", ""), "statement": r["statement"],
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
    out = {"id": row["id"], "title": row["title"], "title_ru": row["title_ru"], "statement": row["statement"],
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
# bm25 weights of the index fields (words.FIELDS): a word in a title or a tag says more about what
# a ruling is about than the same word in its text
FIELD_WEIGHTS = {"title": 8.0, "tags": 4.0, "names": 3.0, "body": 1.0}
HEAD_FIELDS = ("title", "tags", "names")
# what a player asking a question wants first: an official answer (the FAQ, errata) over a rule,
# a rule over our reading, and how this program records play last
KIND_BOOST = {"clarification": 1.5, "rule": 1.0, "reading": 0.9, "engine": 0.6}


def search_rulings(db, q: str = "", tag: str = "", card: str = "", limit: int = 50, game: str = "") -> list[dict]:
    """Rulings by what a person remembers, in English or Russian: words are stemmed, each finds
    its glossary alternatives (words.py), card and space names in either language find the
    rulings that concern them. Ranked by how many of the query's words a ruling has, then by
    relevance (bm25 over weighted fields, official answers boosted): all words preferred, any
    word enough. `tag`, `card` and `game` (a record's `games` value: a ruleset's `ruling_game`)
    narrow the list."""
    where, params = [], []
    for column, word in (("tags", tag), ("cards", card), ("games", game)):
        if word:
            clause, param = has_word(column, word)
            where.append(clause)
            params.append(param)
    ranked: list[str] | None = None
    groups = query_groups(q)[:MAX_TERMS]
    if q and not groups:
        return []
    if groups:
        ranked = _ranked(db, groups)
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


def _ranked(db, groups: list[tuple[str, ...]]) -> list[str]:
    """Ruling ids matching any query word (a group: the word and its alternatives): most words
    matched first, then by weighted bm25 times the kind's boost. Each stem is one quoted FTS
    string, so nothing a client types is query syntax."""
    ors = ["(" + " OR ".join(f'"{s}"' for s in group) + ")" for group in groups]
    weights = ", ".join(str(FIELD_WEIGHTS[f]) for f in FIELDS)
    relevance = {r["id"]: r["score"] * _boost(r["id"]) for r in db.query(
        f"select id, bm25(rulings_index, 0.0, {weights}) as score from rulings_index where rulings_index match ?",
        [" OR ".join(ors)])}
    matched, named, titled = Counter(), Counter(), Counter()  # words anywhere; in what names it; in its title
    found = "select id from rulings_index where rulings_index match ?"
    for expression in ors:
        matched.update(r["id"] for r in db.query(found, [expression]))
        named.update(r["id"] for r in db.query(found, [f"{{{' '.join(HEAD_FIELDS)}}} : {expression}"]))
        titled.update(r["id"] for r in db.query(found, [f"title : {expression}"]))
    return sorted(relevance, key=lambda rid: (-matched[rid], -named[rid], -titled[rid], relevance[rid], rid))


def _boost(ruling_id: str) -> float:
    record = all_rulings().get(ruling_id, {})
    faq = any("FAQ" in s.get("document", "") for s in record.get("sources", []))
    return max(KIND_BOOST[record.get("kind", "rule")], KIND_BOOST["clarification"] if faq else 0.0)


def get_ruling(db, ruling_id: str) -> dict | None:
    rows = list(db.query("select * from rulings where id = ?", [ruling_id]))
    return _ruling(rows[0]) if rows else None


def samples(db) -> list[dict]:
    return [{"name": r["name"]} for r in db.query("select name from samples order by name")]


def sample(db, name: str) -> dict | None:
    rows = list(db.query("select body from samples where name = ?", [name]))
    return json.loads(rows[0]["body"]) if rows else None
