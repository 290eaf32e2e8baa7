"""A tournament's rounds and tables: the service proposes the next round's tables (Swiss,
service/pairing.py), the organiser may edit them, and each uploaded game joins a round's table.

A table's players are listed in seat order, the first player first."""

from __future__ import annotations

import json

from ..core.errors import Conflict, Forbidden, NotFound, Unprocessable
from ..core.logs import check_shape
from ..core.schemas import validate
from ..store import transaction
from . import pairing
from .players import active, index, resolve
from .players import rows as player_rows
from .records import get_tournament_row
from .tokens import now

DEFAULT_SIZE = 4


def _owned(db, tournament_id: str, token: str) -> dict:
    tournament = get_tournament_row(db, tournament_id)
    if tournament["owner"] != token:
        raise Forbidden("only the token that created the tournament may arrange its rounds", "/id")
    return tournament


def all_tables(db, tournament_id: str) -> list[list[dict]]:
    return [json.loads(r["tables"]) for r in db.query(
        "select tables from rounds where tournament = ? order by round", [tournament_id])]


def get(db, tournament_id: str, number: int) -> dict:
    get_tournament_row(db, tournament_id)
    found = list(db.query("select * from rounds where tournament = ? and round = ?", [tournament_id, number]))
    if not found:
        raise NotFound(f"tournament {tournament_id!r} has no round {number}", "/round")
    return _describe(db, found[0])


def listing(db, tournament_id: str) -> list[dict]:
    get_tournament_row(db, tournament_id)
    return [_describe(db, r) for r in db.query("select * from rounds where tournament = ? order by round",
                                               [tournament_id])]


def _describe(db, row: dict) -> dict:
    played = {r["table_no"]: r["id"] for r in db.query(
        "select id, table_no from games where tournament = ? and round_no = ? order by seq",
        [row["tournament"], row["round"]])}
    return {"round": row["round"], "created": row["created"],
            "tables": [t | ({"game": played[t["table"]]} if t["table"] in played else {})
                       for t in json.loads(row["tables"])]}


def create(db, tournament_id: str, body, token: str, standings_order) -> dict:
    """The next round with proposed tables. `standings_order(db, tournament_id)` gives the
    registered players, best first, after the rounds so far."""
    check_shape(body, "round request")
    validate("round-request", body)
    size = body.get("table_size", DEFAULT_SIZE)
    tournament = _owned(db, tournament_id, token)
    registered = active(db, tournament_id)
    if not registered:
        raise Unprocessable("register the tournament's players before its first round (none is "
                            "registered, or every one has withdrawn)", "/players", code="no-players")
    # the standings may replay an older stored game: worked out before the write lock is taken
    earlier = all_tables(db, tournament_id)
    if earlier:
        order = [p for p in standings_order(db, tournament_id) if p in registered]
    else:
        order = pairing.first_round_order(registered, tournament["id"])
    met, seats = pairing.history([[t["players"] for t in r] for r in earlier])
    tables = pairing.propose(order, met, seats, size)
    number = len(earlier) + 1
    row = {"tournament": tournament_id, "round": number,
           "tables": json.dumps([{"table": i + 1, "players": t} for i, t in enumerate(tables)],
                                ensure_ascii=False), "created": now()}
    with transaction(db):
        if all_tables(db, tournament_id) != earlier or active(db, tournament_id) != registered:
            raise Conflict("the tournament's rounds or players changed while this round was drawn; ask again",
                           "/", code="changed-meanwhile")
        db.execute("insert into rounds (tournament, round, tables, created) values (?, ?, ?, ?)",
                   [row["tournament"], row["round"], row["tables"], row["created"]])
    return _describe(db, row)


def edit(db, tournament_id: str, number: int, body, token: str) -> dict:
    """The organiser's tables for a round: every name a registered player (or an alias), each
    player at one table at most. A table that already has its game keeps its players."""
    check_shape(body, "round")
    validate("round-tables", body)
    with transaction(db):
        _owned(db, tournament_id, token)
        current = get(db, tournament_id, number)
        known = index(player_rows(db, tournament_id))
        tables, seen, numbers = [], {}, set()
        for i, t in enumerate(body["tables"]):
            if t["table"] in numbers:
                raise Unprocessable(f"table {t['table']} is listed twice", f"/tables/{i}/table", code="table-twice")
            numbers.add(t["table"])
            names = []
            for j, name in enumerate(t["players"]):
                player = resolve(known, name, f"/tables/{i}/players/{j}")
                if player in seen:
                    raise Unprocessable(f"{player!r} sits at tables {seen[player]} and {t['table']}",
                                        f"/tables/{i}/players/{j}", code="player-seated-twice")
                seen[player] = t["table"]
                names.append(player)
            tables.append({"table": t["table"], "players": names})
        new = {t["table"]: t["players"] for t in tables}
        for t in current["tables"]:
            if "game" in t and sorted(new.get(t["table"], [])) != sorted(t["players"]):
                raise Conflict(f"table {t['table']} already has its game {t['game']}: its players stay",
                               "/tables", code="table-played", game=t["game"])
        db.execute("update rounds set tables = ? where tournament = ? and round = ?",
                   [json.dumps(tables, ensure_ascii=False), tournament_id, number])
    return get(db, tournament_id, number)


def check_table(db, tournament_id: str, number: int, table: int, seated: dict[str, str] | None) -> None:
    """A game joining a round's table: the round and table exist, nothing is stored there yet,
    and the game's players are the table's."""
    if seated is None:
        raise Unprocessable("rounds seat registered players: register this tournament's players first", "?round",
                            code="no-players")
    tables = {t["table"]: t for t in get(db, tournament_id, number)["tables"]}
    if table not in tables:
        raise NotFound(f"round {number} has no table {table}", "?table")
    if "game" in tables[table]:
        raise Conflict(f"table {table} of round {number} already has its game {tables[table]['game']}", "?table",
                       code="table-played", game=tables[table]["game"])
    expected = set(tables[table]["players"])
    for seat, player in seated.items():
        if player not in expected:
            raise Unprocessable(f"seat {seat!r} is {player!r}, who does not sit at table {table} of round {number} "
                                f"({', '.join(tables[table]['players'])})", f"/seats/{seat}", code="not-at-table")
    missing = sorted(expected - set(seated.values()))
    if missing:
        raise Unprocessable(f"{', '.join(missing)} of table {table} has no seat in this log", "/game/players",
                            code="missing-at-table")
