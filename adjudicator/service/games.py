"""Stored games: a log with its report (engine version, per-step checksums), written in one
transaction, so a game is either stored whole or not at all.

Uploads are idempotent on request: a client that sends an `Idempotency-Key` and retries after
a lost answer gets the game it already stored, not a second copy. A log is identified by the
sha256 of its canonical JSON; a tournament holds each log once."""

from __future__ import annotations

import hashlib
import json
import secrets

from ..core.canonical import checksum as state_checksum
from ..core.canonical import dumps
from ..core.errors import Conflict, Forbidden, MalformedLog, NotFound
from ..core.logs import parse_log
from ..core.observers import REFEREE, Observer, log_view, unseen
from ..core.replay import Replay
from ..core.results import winners_named
from ..positions import Cutter
from ..store import has_word, log_checksum_of, transaction
from . import checkpoints, live, players, rounds
from .records import get_tournament_row, rulings_of
from .tokens import now
from .visibility import observer_of, report_view, secrets_of, sees_everything

PAGE = 50
COLUMNS = ("id", "created", "owner", "tournament", "system", "edition", "players", "leaders", "valid",
           "first_illegal", "winner", "engine", "actions", "final_checksum", "log", "report", "log_checksum",
           "finished", "round_no", "table_no", "seats", "live", "dealt_live", "live_report")


def summary(row: dict, observer: Observer = REFEREE) -> dict:
    """A stored game in a listing; its final checksum is of the state as `observer` may see it."""
    return {"id": row["id"], "created": row["created"], "tournament": row["tournament"],
            "system": row["system"], "edition": row["edition"], "players": row["players"].split(),
            "leaders": row["leaders"].split(), "valid": bool(row["valid"]), "first_illegal": row["first_illegal"],
            "winner": row["winner"], "engine": row["engine"], "actions": row["actions"],
            "final_checksum": row["final_checksum"] if observer.referee else row.get("public_checksum"),
            "live": bool(row.get("live")), **({"closed": row["closed"]} if row.get("closed") else {})} | _placed(row)


def _placed(row: dict) -> dict:
    """Where a tournament game was played and who sat in each seat (issue 37)."""
    out = {key: row[column] for key, column in (("round", "round_no"), ("table", "table_no"))
           if row.get(column) is not None}
    if row.get("seats"):
        out["seats"] = json.loads(row["seats"])
    return out


def store(db, log_doc: dict, owner: str, tournament: str | None = None, deadline: float | None = None,
          key: str | None = None, round_no: int | None = None, table_no: int | None = None) -> tuple[dict, bool]:
    """Store a log; returns (its summary, whether it is new). With an Idempotency-Key `key`, the
    same request again answers the game stored the first time. In a tournament, the body may
    carry `"seats": {seat id: player}` beside the log; every seat is mapped to a registered player
    (service/players.py) and, with `round_no` and `table_no`, must be that round's table."""
    seats = _seats(log_doc)
    log = parse_log(log_doc, deadline)  # a bad body is a 400 before anything else is looked up
    canonical = dumps(log_doc)
    checksum = log_checksum_of(canonical)
    placed = {"seats": seats, "round": round_no, "table": table_no}
    where = f"\0{dumps(placed).decode()}" if any(v is not None for v in placed.values()) else ""  # as before issue 37
    fingerprint = hashlib.sha256(f"{checksum}\0{tournament or ''}{where}".encode()).hexdigest()
    if key is not None and (earlier := _earlier(db, owner, key, fingerprint)) is not None:
        return earlier, False
    if tournament is None and (seats or round_no is not None or table_no is not None):
        raise MalformedLog("seats, round and table place a game in a tournament: add ?tournament=<id>", "?tournament")
    if (round_no is None) != (table_no is None):
        raise MalformedLog("a game joins a round's table: give both round and table", "?round" if round_no is None
                           else "?table", code="bad-parameter")
    seated = None
    if tournament is not None:
        _check_owner(get_tournament_row(db, tournament), owner)
        seated = players.map_seats(db, tournament, log_doc, seats)
        if round_no is not None:
            rounds.check_table(db, tournament, round_no, table_no, seated)
    run, report, kept = checkpoints.replay_for_store(log, deadline, whole=True)
    row = {"id": secrets.token_hex(8), "created": now(), "owner": owner, "tournament": tournament,
           "log": canonical.decode(), "log_checksum": checksum, **_from_report(report),
           "round_no": round_no, "table_no": table_no,
           "seats": dumps(seated).decode() if seated is not None else None,
           "live": int(live.is_live(report)), "dealt_live": report["dealt"] - sum(a.is_chance for a in run.settled),
           "live_report": live.opened(report, len(log.written)) if live.is_live(report) else None}
    with transaction(db):  # the checks again, now under the write lock: no race between two uploads
        if key is not None and (earlier := _earlier(db, owner, key, fingerprint)) is not None:
            return earlier, False
        if tournament is not None:
            not_a_duplicate(db, tournament, checksum)
            if round_no is not None:
                rounds.check_table(db, tournament, round_no, table_no, seated)
        db.execute(f"insert into games ({', '.join(COLUMNS)}) values ({', '.join('?' * len(COLUMNS))})",
                   [row[c] for c in COLUMNS])
        checkpoints.save(db, row["id"], kept)
        if row["live"]:  # its followers' stream starts with what was uploaded
            live.save_events(db, row["id"], live.events_of(run, 0, kept["secrets"]))
        if key is not None:
            db.execute("insert into idempotency (token, key, fingerprint, game, created) values (?, ?, ?, ?, ?)",
                       [owner, key, fingerprint, row["id"], row["created"]])
    return summary(row), True


MAX_SEATS = 12


def _seats(log_doc) -> dict | None:
    """The optional `seats` map beside a log (taken out of it: it is no part of the log)."""
    if not isinstance(log_doc, dict) or "seats" not in log_doc:
        return None
    seats = log_doc.pop("seats")
    if not (isinstance(seats, dict) and len(seats) <= MAX_SEATS and all(
            isinstance(k, str) and isinstance(v, str) and 0 < len(k) <= 32 and 0 < len(v) <= 80
            for k, v in seats.items())):
        raise MalformedLog(f"seats maps seat ids (at most 32 characters) to player names (at most 80), at most "
                           f"{MAX_SEATS} of them", "/seats")
    return seats


def _from_report(report: dict) -> dict:
    game = report["game"]
    return {"system": game["system"], "edition": game["edition"],
            "players": " ".join(p.get("name", p["id"]) for p in game["players"]),
            "leaders": " ".join(p.get("leader") or p.get("faction", "") for p in game["players"]),
            "valid": int(report["valid"]), "first_illegal": report["first_illegal"],
            "winner": winners_named(report), "engine": report["engine"], "actions": report["actions"],
            "final_checksum": report["final_checksum"], "report": dumps(report).decode(),
            "finished": int(bool(report["result"].get("finished")))}


def _earlier(db, owner: str, key: str, fingerprint: str) -> dict | None:
    rows = list(db.query("select fingerprint, game from idempotency where token = ? and key = ?", [owner, key]))
    if not rows:
        return None
    if rows[0]["fingerprint"] != fingerprint:
        raise Conflict("this Idempotency-Key was used for a different upload; use a new key for a new request",
                       "/headers/Idempotency-Key", code="idempotency-key-reused")
    games = list(db.query("select * from games where id = ?", [rows[0]["game"]]))
    if not games:
        raise Conflict("the game stored under this Idempotency-Key has been deleted since",
                       "/headers/Idempotency-Key", code="idempotent-game-deleted", game=rows[0]["game"])
    return summary(games[0])


def _check_owner(tournament: dict, token: str) -> None:
    if tournament["owner"] != token:
        raise Forbidden("only the token that created the tournament may add games to it", "?tournament")


def not_a_duplicate(db, tournament: str, checksum: str) -> None:
    same = list(db.query("select id from games where tournament = ? and log_checksum = ?", [tournament, checksum]))
    if same:
        raise Conflict(f"the tournament already holds this log as game {same[0]['id']}; it counts once",
                       "/", code="duplicate-game", game=same[0]["id"])


def get_row(db, game_id: str, pointer: str = "/id") -> dict:
    """The stored game (a live one with what was appended: live.merged)."""
    rows = list(db.query("select * from games where id = ?", [game_id]))
    if not rows:
        raise NotFound(f"no stored game {game_id!r}", pointer)
    return live.merged(db, rows[0])


def viewed(db, row: dict, observer: Observer, deadline: float | None = None) -> dict:
    """The row, with its secrets found first if an older version stored it and `observer` may
    not see everything (one replay, once: checkpoints.current)."""
    if observer.referee or row.get("secrets") is not None:
        return row
    return checkpoints.current(db, row, parse_log(json.loads(row["log"]), deadline), deadline)


def get(db, game_id: str, token: str | None = None, deadline: float | None = None) -> dict:
    """The game and its log: the whole log for its uploader or once the game is finished, else
    the public view (no seed, secret values face down)."""
    row = get_row(db, game_id)
    observer = observer_of(row, token)
    row = viewed(db, row, observer, deadline)
    out = {**summary(row, observer), "log": log_view(json.loads(row["log"]), secrets_of(row), observer),
           "public_view": observer.public}
    if row.get("ending"):
        out["ending"] = json.loads(row["ending"])
    if row["tournament"] is not None:
        out["rulings"] = rulings_of(db, game_id)
    return out


def report(db, game_id: str, explain: bool = False, token: str | None = None, deadline: float | None = None,
           consequences: bool = True, lang: str | None = None) -> dict:
    """The stored report; with `explain`, its illegal verdict also says what was expected
    instead (core/explain.py); without `consequences`, its verdicts without them; with `lang`,
    every verdict's sentence in that language."""
    row = get_row(db, game_id)
    stored = json.loads(row["report"])
    if not consequences:
        for verdict in stored["verdicts"]:
            verdict.pop("consequences", None)
    if explain and row["first_illegal"] is not None:
        _explain(row, stored, token, deadline)
    observer = observer_of(row, token)
    return report_view(stored, viewed(db, row, observer, deadline), observer, lang)


def _explain(row: dict, stored: dict, token: str | None, deadline: float | None) -> None:
    """Replays the stored log up to its first illegal action with explain and adds `expected`
    to the stored verdict, when the current engine still judges that action illegal for the same
    reason (otherwise the engine has changed since: reverify says how). The legal actions name
    the acting player's hand, so before the game is finished only its uploader may ask."""
    if not sees_everything(row, token):
        raise Forbidden("what was expected instead names the acting player's hand: before the game is finished "
                        "only the uploader's token may ask for it", "?explain")
    index = row["first_illegal"]
    log = parse_log(json.loads(row["log"]), deadline)
    whole = log.actions
    log.actions, log.pointers = log.actions[: index + 1], log.pointers[: index + 1]
    run = Replay(log, "strict", "none", deadline=deadline, deal_at_end=False, explain=True)
    run.ahead = whole  # read on past the cut, as the stored replay did
    fresh = run.run()["verdicts"][-1]
    for verdict in stored["verdicts"]:
        if (verdict["index"], verdict["code"]) == (fresh["index"], fresh["code"]) and "expected" in fresh:
            verdict["expected"] = fresh["expected"]


def delete(db, game_id: str, token_id: str) -> None:
    with transaction(db):
        row = get_row(db, game_id)
        if row["owner"] != token_id:
            raise Forbidden("a token may delete only the games it uploaded", "/id")
        db.execute("delete from games where seq = ?", [row["seq"]])
        for table in ("checkpoints", "facts", "live_events", "live_requests", "seat_tokens"):
            db.execute(f"delete from {table} where game = ?", [row["id"]])


def listing(db, tournament=None, player=None, leader=None, valid=None, cursor=None, limit=PAGE,
            token: str | None = None) -> dict:
    where, params = [], []
    if tournament:
        where.append("tournament = ?")
        params.append(tournament)
    for column, word in (("players", player), ("leaders", leader)):
        if word:
            clause, param = has_word(column, word)
            where.append(clause)
            params.append(param)
    if valid is not None:
        where.append("valid = ?")
        params.append(int(valid))
    if cursor is not None:
        where.append("seq > ?")
        params.append(cursor)
    sql = ("select * from games" + (" where " + " and ".join(where) if where else "")
           + " order by seq limit ?")
    rows = list(db.query(sql, params + [limit + 1]))
    more = len(rows) > limit
    rows = rows[:limit]
    # the cursor is the position of the last game of this page: stable under inserts and deletes
    return {"games": [summary(r, observer_of(r, token)) for r in rows],
            "next_cursor": rows[-1]["seq"] if more else None}


def stored_log(db, row: dict, deadline: float | None = None):
    """The parsed log of a stored game, and the row with checkpoints made by this engine."""
    log = parse_log(json.loads(row["log"]), deadline)
    return log, checkpoints.current(db, row, log, deadline)


def replayed_to(db, row: dict, log, index: int, deadline: float | None = None) -> Replay:
    """A replay of logged actions up to `index` (legal ones) from the nearest checkpoint, run."""
    start, driver = checkpoints.nearest(db, row["id"], log.rules, index)
    whole = log.actions
    log.actions, log.pointers = whole[: index + 1], log.pointers[: index + 1]
    run = Replay(log, "strict", "none", deadline=deadline, deal_at_end=False, driver=driver, start=start + 1)
    run.ahead = whole  # read on past the cut, as the stored replay did
    run.run()
    log.actions = whole
    return run


def state_at(db, game_id: str, index: int, viewer: str | None = None, token: str | None = None,
             deadline: float | None = None) -> tuple[dict, int]:
    """The state after logged action `index`: whole for the uploader or a finished game, else
    the public view; `viewer` asks for one player's view, which shows that player's hand, so only
    those who may see everything may ask for it. Its checksum is of the state as shown. With it,
    the number of logged actions re-applied from the nearest checkpoint."""
    row = get_row(db, game_id)
    observer = observer_of(row, token, viewer)
    if not 0 <= index < row["actions"]:
        raise NotFound(f"the game has actions 0..{row['actions'] - 1}, not {index}", "/index")
    if row["first_illegal"] is not None and index >= row["first_illegal"]:
        raise NotFound(f"action {row['first_illegal']} is illegal: there is no state after it", "/index")
    log, row = stored_log(db, row, deadline)
    run = replayed_to(db, row, log, index, deadline)
    state, applied = run.state, len(run.verdicts)
    if viewer is not None and viewer not in state["game"]["seats"]:
        raise MalformedLog(f"'as' names no player of this game: {viewer!r}", "?as", code="unknown-name")
    if not observer.referee:
        state = log.rules.public_view(state, observer.seat)
    return {"index": index, "checksum": state_checksum(state), "state": state, "public_view": observer.public}, applied


def position(db, game_id: str, index: int, token: str | None = None,
             deadline: float | None = None, viewer: str | None = None) -> tuple[dict, int]:
    """The compact position before logged action `index`, ready to edit and post to
    /v1/positions/check, as the caller may see it (`viewer`: as that seat sees it, which only a
    caller who may see everything, or that seat's own token, may ask); from the nearest
    checkpoint, or an earlier one when no decision point since can be written as a scenario. With
    it, the number of logged actions the engine re-applied for it."""
    row = get_row(db, game_id)
    observer = observer_of(row, token, viewer)
    if not 0 <= index <= row["actions"]:
        raise NotFound(f"a position stands before one of the actions 0..{row['actions'] - 1} or after the last "
                       f"({row['actions']}), not at {index}", "/index")
    if row["first_illegal"] is not None and index > row["first_illegal"]:
        raise NotFound(f"action {row['first_illegal']} is illegal: there is no position after it", "/index")
    log, row = stored_log(db, row, deadline)
    hidden = unseen(secrets_of(row), observer)
    after, driver = checkpoints.nearest(db, row["id"], log.rules, index - 1)
    if viewer is not None and viewer not in driver.state["game"]["seats"]:  # a House Hagal Rival's too
        raise MalformedLog(f"'as' names no player of this game: {viewer!r}", "?as", code="unknown-name")
    cutter = Cutter(log, driver, after, observer, hidden, deadline, checkpoints.earlier(db, row["id"], after))
    found = cutter.run([index]).get(index)
    if found is None:  # the game as dealt is always a scenario
        raise NotFound("no decision point before this action can be written as a scenario", "/index")
    return found, cutter.applied


def reverify(db, game_id: str, token: str | None = None, deadline: float | None = None) -> dict:
    """Replay a stored game with the current engine and say what changed. With `token` (which
    must be the uploader's) the new report is stored; without, nothing is written."""
    row = get_row(db, game_id)
    if token is not None and row["owner"] != token:
        raise Forbidden("only the token that uploaded a game may rewrite its report; "
                        "GET the same URL for a read-only check", "/id")
    if token is not None and row["live"]:
        raise Conflict("a live game's report grows with its appends: reverify it once it has ended or is closed",
                       "/id", code="live-game")
    old = json.loads(row["report"])
    new, kept = checkpoints.replay_for_store(parse_log(json.loads(row["log"]), deadline), deadline)
    changes = _changes(old, new, observer_of(row, token))
    if token is not None:
        with transaction(db):
            fields = _from_report(new)
            done = db.execute(
                "update games set report = ?, engine = ?, valid = ?, first_illegal = ?, final_checksum = ?, "
                "winner = ?, finished = ? where seq = ? and owner = ?",
                [fields["report"], fields["engine"], fields["valid"], fields["first_illegal"],
                 fields["final_checksum"], fields["winner"], fields["finished"], row["seq"], token]).rowcount
            if done:
                checkpoints.save(db, game_id, kept)
        if not done:  # deleted while it was being replayed
            raise NotFound(f"no stored game {game_id!r} (it was deleted meanwhile)", "/id")
    return {"id": game_id, "engine_before": old["engine"], "engine_after": new["engine"],
            "changed": bool(changes), "changes": changes, "stored": token is not None}


def _changes(old: dict, new: dict, observer: Observer) -> list[dict]:
    changes = []
    for key in ("valid", "first_illegal", "final_checksum"):
        if old.get(key) != new.get(key):
            seen = observer.referee or key != "final_checksum"  # a whole state's checksum is the uploader's
            changes.append({"field": key, "before": old.get(key) if seen else None,
                            "after": new.get(key) if seen else None})
    for before, after in zip(old["verdicts"], new["verdicts"], strict=False):
        if (before["verdict"], before["code"], before.get("checksum")) != (after["verdict"], after["code"],
                                                                         after.get("checksum")):
            changes.append({"field": f"verdicts/{before['index']}", "before": before["code"], "after": after["code"]})
            break  # the first diverging step says enough; later steps follow from it
    return changes
