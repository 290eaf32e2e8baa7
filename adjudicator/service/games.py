"""Stored games: a log with its report (engine version, per-step checksums), written in one
transaction, so a game is either stored whole or not at all."""

from __future__ import annotations

import json
import secrets

from ..core.canonical import dumps
from ..core.errors import Forbidden, MalformedLog, NotFound
from ..core.logs import parse_log
from ..core.replay import Replay
from ..store import has_word
from .tokens import now

PAGE = 50


def summary(row: dict) -> dict:
    return {"id": row["id"], "created": row["created"], "tournament": row["tournament"],
            "system": row["system"], "edition": row["edition"], "players": row["players"].split(),
            "leaders": row["leaders"].split(), "valid": bool(row["valid"]), "first_illegal": row["first_illegal"],
            "winner": row["winner"], "engine": row["engine"], "actions": row["actions"],
            "final_checksum": row["final_checksum"]}


def replay_for_store(log_doc: dict, deadline: float | None = None) -> dict:
    return Replay(parse_log(log_doc), "strict", "none", deadline=deadline).run()


def store(db, log_doc: dict, owner: str, tournament: str | None = None, deadline: float | None = None) -> dict:
    log = parse_log(log_doc)  # a bad body is a 400 before anything else is looked up
    if tournament is not None:
        get_tournament_row(db, tournament)
    report = Replay(log, "strict", "none", deadline=deadline).run()
    game = report["game"]
    row = {
        "id": secrets.token_hex(8), "created": now(), "owner": owner, "tournament": tournament,
        "system": game["system"], "edition": game["edition"],
        "players": " ".join(p.get("name", p["id"]) for p in game["players"]),
        "leaders": " ".join(p["leader"] for p in game["players"]),
        "valid": int(report["valid"]), "first_illegal": report["first_illegal"],
        "winner": _winner_name(report), "engine": report["engine"], "actions": report["actions"],
        "final_checksum": report["final_checksum"],
        "log": dumps(log_doc).decode(), "report": dumps(report).decode(),
    }
    with db.conn:
        db["games"].insert(row)
    return summary(row)


def _winner_name(report: dict) -> str | None:
    winner = report["result"].get("winner")
    names = {p["id"]: p.get("name", p["id"]) for p in report["game"]["players"]}
    return names.get(winner) if winner else None


def get_row(db, game_id: str) -> dict:
    rows = list(db.query("select * from games where id = ?", [game_id]))
    if not rows:
        raise NotFound(f"no stored game {game_id!r}", "/id")
    return rows[0]


def get(db, game_id: str) -> dict:
    row = get_row(db, game_id)
    return {**summary(row), "log": json.loads(row["log"])}


def report(db, game_id: str) -> dict:
    return json.loads(get_row(db, game_id)["report"])


def delete(db, game_id: str, token_id: str) -> None:
    row = get_row(db, game_id)
    if row["owner"] != token_id:
        raise Forbidden("a token may delete only the games it uploaded", "/id")
    with db.conn:
        db["games"].delete_where("id = ?", [game_id])


def listing(db, tournament=None, player=None, leader=None, valid=None, cursor=None, limit=PAGE) -> dict:
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
    return {"games": [summary(r) for r in rows], "next_cursor": rows[-1]["seq"] if more else None}


def state_at(db, game_id: str, index: int, viewer: str | None = None) -> dict:
    """The state after logged action `index` (replayed from the stored log)."""
    row = get_row(db, game_id)
    log = parse_log(json.loads(row["log"]))
    if not 0 <= index < len(log.actions):
        raise NotFound(f"the game has actions 0..{len(log.actions) - 1}, not {index}", "/index")
    log.actions, log.pointers = log.actions[: index + 1], log.pointers[: index + 1]
    run = Replay(log, "strict", "none", deal_at_end=False)  # the state right after that action
    result = run.run()
    if not result["valid"]:
        raise NotFound(f"action {result['first_illegal']} is illegal: there is no state after it", "/index")
    state = run.state
    if viewer is not None:
        if viewer not in state["game"]["seats"]:
            raise MalformedLog(f"'as' names no player of this game: {viewer!r}", "?as", code="unknown-name")
        state = log.rules.public_view(state, viewer)
    return {"index": index, "checksum": result["verdicts"][-1]["checksum"], "state": state}


def reverify(db, game_id: str) -> dict:
    """Replay a stored game with the current engine; store and return what changed."""
    row = get_row(db, game_id)
    old = json.loads(row["report"])
    new = replay_for_store(json.loads(row["log"]))
    changes = []
    for key in ("valid", "first_illegal", "final_checksum"):
        if old.get(key) != new.get(key):
            changes.append({"field": key, "before": old.get(key), "after": new.get(key)})
    for before, after in zip(old["verdicts"], new["verdicts"], strict=False):
        if (before["verdict"], before["code"], before.get("checksum")) != (after["verdict"], after["code"],
                                                                         after.get("checksum")):
            changes.append({"field": f"verdicts/{before['index']}", "before": before["code"], "after": after["code"]})
            break  # the first diverging step says enough; later steps follow from it
    with db.conn:
        db["games"].update(row["seq"], {"report": dumps(new).decode(), "engine": new["engine"],
                                         "valid": int(new["valid"]), "first_illegal": new["first_illegal"],
                                         "final_checksum": new["final_checksum"], "winner": _winner_name(new)})
    return {"id": game_id, "engine_before": old["engine"], "engine_after": new["engine"],
            "changed": bool(changes), "changes": changes}


def get_tournament_row(db, tournament_id: str) -> dict:
    rows = list(db.query("select * from tournaments where id = ?", [tournament_id]))
    if not rows:
        raise NotFound(f"no tournament {tournament_id!r}", "/tournament")
    return rows[0]
