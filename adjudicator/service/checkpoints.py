"""Checkpoints of stored games (issue 28): reading a state, a viewer's step (without its timeline)
or a position of a stored game re-applies at most EVERY actions, never the whole log (a step past
an invalid game's first illegal action: from the last checkpoint before it).

The replay that stores a game keeps the state as set up (index -1) and a state at least every
EVERY logged actions (`Recorder`), each with what was played since the one before, with what the
log keeps secret from whom and the public checksum of its end. They are keyed by engine version:
the first read with a new engine rebuilds them (one replay, under the caller's deadline), so they
never disagree with the engine that reads them.
"""

from __future__ import annotations

import json
import zlib

from .. import ENGINE_VERSION
from ..core.canonical import checksum, dumps, restore
from ..core.logs import Log
from ..core.replay import Driver, Replay
from ..positions import stream_entries
from ..store import save_facts, transaction

EVERY = 32


class Recorder:
    """The `observe` hook of the replay that stores a game: a checkpoint at the first decision
    point a scenario can name once half of EVERY actions have passed, and after EVERY actions in
    any case. Each keeps what was played since the one before (positions.stream_entries), so that
    a position can start at an earlier checkpoint without re-applying what lies between."""

    def __init__(self, run: Replay, last: int = -1):
        """`last`: the checkpoint the replay starts from (a live game resumed: service/live.py)."""
        self.run, self.rules, self.last, self.entries = run, run.rules, last, []
        self.rows = [(-1, *run.driver.frozen(), True, [])] if last == -1 else []  # the game as dealt: a scenario

    def __call__(self, verdict, driver: Driver) -> None:
        index = verdict.index
        self.entries += stream_entries(self.run.dealt_now, verdict.implied, index, self.run.log.actions[index])
        since = index - self.last
        if since < EVERY // 2:
            return
        anchor = bool(self.rules.anchor(driver.state))
        if anchor or since >= EVERY:
            self.rows.append((index, *driver.frozen(), anchor, self.entries))
            self.last, self.entries = index, []


def replay_for_store(log: Log, deadline: float | None = None, whole: bool = False):
    """The stored report, and what is kept beside it: `secrets`, `public_checksum`, `checkpoints`
    and the game's `facts` (core/facts.py), all from this one replay (`whole`: the replay before
    them, whose verdicts a live game's followers read)."""
    run = Replay(log, "strict", "none", deadline=deadline, secrets=True, tally=True, consequences=True)
    recorder = run.observe = Recorder(run)
    report = run.run()
    kept = {"secrets": run.secrets, "public_checksum": checksum(log.rules.public_view(run.state, None)),
            "checkpoints": recorder.rows, "facts": run.facts}
    return (run, report, kept) if whole else (report, kept)


def save(db, game_id: str, kept: dict) -> None:
    """Inside the caller's transaction: the secrets, the public checksum, the checkpoints and the
    game's facts (what GET /v1/analytics reads)."""
    if not db.execute("update games set secrets = ?, public_checksum = ? where id = ?",
                      [json.dumps(kept["secrets"]), kept["public_checksum"], game_id]).rowcount:
        return  # deleted meanwhile: no checkpoints for a game that is gone
    db.execute("delete from checkpoints where game = ?", [game_id])
    save_facts(db, game_id, kept["facts"])
    db.conn.executemany("insert into checkpoints (game, engine, idx, state, rng, anchor, played) "
                        "values (?, ?, ?, ?, ?, ?, ?)",
                        [(game_id, ENGINE_VERSION, i, zlib.compress(data), json.dumps(rng), int(anchor),
                          zlib.compress(dumps(entries))) for i, data, rng, anchor, entries in kept["checkpoints"]])


def add(db, game_id: str, rows: list) -> None:
    """Inside the caller's transaction: checkpoints a live game's append made (service/live.py)."""
    db.conn.executemany("insert or replace into checkpoints (game, engine, idx, state, rng, anchor, played) "
                        "values (?, ?, ?, ?, ?, ?, ?)",
                        [(game_id, ENGINE_VERSION, i, zlib.compress(data), json.dumps(rng), int(anchor),
                          zlib.compress(dumps(entries))) for i, data, rng, anchor, entries in rows])


def current(db, row: dict, log: Log, deadline: float | None) -> dict:
    """The row with its secrets and checkpoints made by this engine (rebuilt once if missing)."""
    made = list(db.query("select 1 from checkpoints where game = ? and engine = ? limit 1",
                         [row["id"], ENGINE_VERSION]))
    if made and row.get("secrets") is not None:
        return row
    _, kept = replay_for_store(log, deadline)
    with transaction(db):
        save(db, row["id"], kept)
    return {**row, "secrets": json.dumps(kept["secrets"]), "public_checksum": kept["public_checksum"]}


def nearest(db, game_id: str, rules, index: int) -> tuple[int, Driver]:
    """The latest checkpoint at or before logged action `index` (-1: the game as set up), as a
    driver standing right after that action."""
    found = next(iter(db.query("select idx, state, rng from checkpoints where game = ? and engine = ? and idx <= ? "
                               "order by idx desc limit 1", [game_id, ENGINE_VERSION, index])))
    return found["idx"], Driver(rules, restore(zlib.decompress(found["state"]), json.loads(found["rng"])))


def earlier(db, game_id: str, after: int):
    """The checkpoints before `after` a scenario can name, latest first, each with what was
    played from it up to `after` (Cutter's `earlier`); read lazily, as a position needs them."""
    entries: list[dict] = []
    for row in db.query("select idx, state, rng, anchor, played from checkpoints where game = ? and engine = ? "
                        "and idx <= ? order by idx desc", [game_id, ENGINE_VERSION, after]):
        if row["idx"] < after and row["anchor"]:
            yield entries, zlib.decompress(row["state"]), json.loads(row["rng"]), row["idx"] == -1
        entries = [*json.loads(zlib.decompress(row["played"])), *entries]
