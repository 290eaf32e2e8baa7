"""A tournament's registered players and how a game's seats are mapped to them.

Players are people: a name, the organiser's own id and club if any, and aliases (the names a
log may use: `Ann`, `ann `, `Анна`). Names and aliases are folded (core/names.fold) and each
folded form belongs to one player of the tournament, so a look-up is never ambiguous; a seat
that names nobody is a 422 naming the seat, never a new player (ruling `tournament.players`)."""

from __future__ import annotations

import json

from ..core.errors import Conflict, Forbidden, Unprocessable
from ..core.logs import check_shape
from ..core.names import fold
from ..core.schemas import validate
from ..store import transaction
from .records import get_tournament_row
from .tokens import now

PLAYER_RULINGS = ("tournament.players",)


def describe(row: dict) -> dict:
    out = {"name": row["name"], "aliases": json.loads(row["aliases"])}
    if row["ref"] is not None:
        out["id"] = row["ref"]
    if row["club"] is not None:
        out["club"] = row["club"]
    if row.get("withdrawn"):
        out["withdrawn"] = row["withdrawn"]
    return out


def rows(db, tournament_id: str) -> list[dict]:
    return list(db.query("select * from tournament_players where tournament = ? order by seq", [tournament_id]))


def listing(db, tournament_id: str) -> list[dict]:
    get_tournament_row(db, tournament_id)
    return [describe(r) for r in rows(db, tournament_id)]


def register(db, tournament_id: str, body, token: str) -> dict:
    check_shape(body, "player")
    validate("tournament-player", body)
    names = [body["name"], *body.get("aliases", [])]
    folded = [fold(n) for n in names]
    for i, key in enumerate(folded):
        if not key:
            raise Unprocessable("a name or alias needs a letter or digit", "/name" if i == 0 else f"/aliases/{i - 1}",
                                code="empty-name")
    with transaction(db):
        tournament = get_tournament_row(db, tournament_id)
        if tournament["owner"] != token:
            raise Forbidden("only the token that created the tournament may register its players", "/id")
        taken = index(rows(db, tournament_id))
        for i, key in enumerate(folded):
            if key in taken:
                where = "/name" if i == 0 else f"/aliases/{i - 1}"
                raise Conflict(f"{names[i]!r} already names registered player {taken[key]!r}", where,
                               code="name-taken", player=taken[key])
        seq = db.execute("select coalesce(max(seq), 0) + 1 from tournament_players where tournament = ?",
                         [tournament_id]).fetchone()[0]
        row = {"tournament": tournament_id, "seq": seq, "name": body["name"], "folded": folded[0],
               "ref": body.get("id"), "club": body.get("club"),
               "aliases": json.dumps(body.get("aliases", []), ensure_ascii=False), "created": now()}
        db.execute(f"insert into tournament_players ({', '.join(row)}) values ({', '.join('?' * len(row))})",
                   list(row.values()))
    return describe(row)


def withdraw(db, tournament_id: str, name: str, body, token: str) -> dict:
    """A player leaves (`{"withdrawn": true}`) or comes back (false): their games and standing
    stay; a withdrawn player is seated in no later round."""
    check_shape(body, "player change")
    validate("player-change", body)
    with transaction(db):
        if get_tournament_row(db, tournament_id)["owner"] != token:
            raise Forbidden("only the token that created the tournament may change its players", "/id")
        player = resolve(index(rows(db, tournament_id)), name, "/name")
        db.execute("update tournament_players set withdrawn = ? where tournament = ? and name = ?",
                   [now() if body["withdrawn"] else None, tournament_id, player])
        found = [r for r in rows(db, tournament_id) if r["name"] == player]
    return describe(found[0])


def active(db, tournament_id: str) -> list[str]:
    """The registered players still in the tournament, in registration order."""
    return [r["name"] for r in rows(db, tournament_id) if not r.get("withdrawn")]


def index(players: list[dict]) -> dict[str, str]:
    """Every folded name and alias -> the registered name it belongs to."""
    out = {}
    for row in players:
        for name in [row["name"], *json.loads(row["aliases"])]:
            out[fold(name)] = row["name"]
    return out


def resolve(known: dict[str, str], name: str, pointer: str) -> str:
    found = known.get(fold(name))
    if found is None:
        raise Unprocessable(f"{name!r} names no registered player of this tournament (register them or add an "
                            "alias first)", pointer, code="unknown-player")
    return found


def map_seats(db, tournament_id: str, log_doc: dict, seats) -> dict[str, str] | None:
    """{seat id: registered player} for every player seat of a log: the request's `seats` map
    first, else the seat's name, else its id. None when the tournament registers nobody (its
    players are then the names in the logs, as before issue 37)."""
    players = rows(db, tournament_id)
    if not players:
        if seats:
            raise Unprocessable("this tournament has no registered players to map seats to", "/seats",
                                code="no-players")
        return None
    known = index(players)
    logged = log_doc["game"]["players"]
    ids = [p["id"] for p in logged]
    for seat in sorted(seats or {}):
        if seat not in ids:
            raise Unprocessable(f"seats names {seat!r}, which is no seat of this log ({', '.join(ids)})",
                                f"/seats/{seat}", code="unknown-seat")
    out, taken = {}, {}
    for i, p in enumerate(logged):
        if seats and p["id"] in seats:
            player = resolve(known, seats[p["id"]], f"/seats/{p['id']}")
        else:
            player = resolve(known, p.get("name", p["id"]), f"/game/players/{i}/name")
        if player in taken:
            raise Unprocessable(f"seats {taken[player]!r} and {p['id']!r} are both {player!r}",
                                f"/game/players/{i}", code="player-seated-twice")
        taken[player] = p["id"]
        out[p["id"]] = player
    return out
