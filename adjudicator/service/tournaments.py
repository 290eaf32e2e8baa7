"""Tournaments: standings from stored games, by a fixed points-per-place table or by wins.

A game's placings come from its report: VP, then the official tiebreakers (spice, Solari,
water, garrisoned troops). Players are identified across games by their name in the log.
Players who stay tied after every tiebreaker share the better place. A House Hagal Rival (a
seat of the game's setup, not of its players) is ranked among a game's placings, marked `rival`,
and takes a place from the players below it, but it is never a tournament player: it has no
standings entry, and the CSV lists it on a `rival` row of its own. Invalid games score
nothing and are listed with their first illegal action and its citation; a log held twice
(stored before duplicates were refused) counts once.

Only a tournament's owner adds games to it; a game belongs to one tournament at a time, and
only its uploader or that tournament's owner may move it out (issue 9).
"""

from __future__ import annotations

import csv
import io
import json
import math
import secrets

from ..core.errors import Forbidden, MalformedLog, NotFound
from ..core.observers import PUBLIC
from ..store import transaction
from . import live
from .games import get_row, get_tournament_row, not_a_duplicate, viewed
from .tokens import now
from .visibility import report_view

SCHEMES = ("points-per-place", "wins")


def create(db, name: str, scoring: dict, owner: str) -> dict:
    check_scoring(scoring)
    row = {"id": secrets.token_hex(6), "name": name, "scoring": json.dumps(scoring, sort_keys=True),
           "owner": owner, "created": now()}
    with transaction(db):
        db["tournaments"].insert(row)
    return describe(row)


def check_scoring(scoring) -> None:
    if not isinstance(scoring, dict) or scoring.get("scheme") not in SCHEMES:
        raise MalformedLog(f"scoring.scheme must be one of {list(SCHEMES)}", "/scoring/scheme")
    if scoring["scheme"] == "points-per-place":
        points = scoring.get("points")
        if not (isinstance(points, list) and points
                and all(isinstance(p, int | float) and not isinstance(p, bool) and math.isfinite(p) for p in points)):
            raise MalformedLog("points-per-place needs 'points': a list of numbers, first place first",
                               "/scoring/points")


def describe(row: dict) -> dict:
    return {"id": row["id"], "name": row["name"], "scoring": json.loads(row["scoring"]), "created": row["created"]}


def get(db, tournament_id: str) -> dict:
    return describe(get_tournament_row(db, tournament_id))


def add_game(db, tournament_id: str, game_id: str, token_id: str) -> None:
    """Put a stored game into the tournament (moving it out of another one). All checks and the
    move happen under the write lock, so a DELETE in between is a 404, never a 500."""
    with transaction(db):
        tournament = get_tournament_row(db, tournament_id)
        if tournament["owner"] != token_id:
            raise Forbidden("only the token that created the tournament may add games to it", "/id")
        row = get_row(db, game_id, "/game")
        if row["tournament"] == tournament_id:
            return
        if row["tournament"] is not None:
            _may_take_out(db, row, token_id)
        not_a_duplicate(db, tournament_id, row["log_checksum"])
        db.execute("update games set tournament = ? where seq = ?", [tournament_id, row["seq"]])


def remove_game(db, tournament_id: str, game_id: str, token_id: str) -> None:
    """Take a game out of the tournament (it stays stored): its uploader or the tournament's owner."""
    with transaction(db):
        get_tournament_row(db, tournament_id)
        row = get_row(db, game_id, "/game")
        if row["tournament"] != tournament_id:
            raise NotFound(f"game {game_id!r} is not in tournament {tournament_id!r}", "/game")
        _may_take_out(db, row, token_id)
        db.execute("update games set tournament = null where seq = ?", [row["seq"]])


def _may_take_out(db, row: dict, token_id: str) -> None:
    current = get_tournament_row(db, row["tournament"])
    if token_id not in (row["owner"], current["owner"]):
        raise Forbidden(f"game {row['id']} belongs to tournament {row['tournament']}: only its uploader or that "
                        "tournament's owner may take it out", "/game")


def placings(report: dict) -> list[dict]:
    """Each seat's place in one game (1 = best; tied seats share the better place), read from the
    one result shape (core/results.py). A seat the log's players do not name is a House Hagal
    Rival: it is placed under its id, marked `rival`; a team game names each player's team."""
    result, names = report["result"], {p["id"]: p.get("name", p["id"]) for p in report["game"]["players"]}
    team_of = {pid: team for team, side in sorted(result.get("teams", {}).items()) for pid in side["members"]}
    return [{"player": names.get(r["player"], r["player"]), "place": r["place"],
             "vp": result.get("vp", {}).get(r["player"], 0)}
            | ({"team": team_of[r["player"]]} if r["player"] in team_of else {})
            | ({} if r["player"] in names else {"rival": True}) for r in result["ranking"]]


def standings(db, tournament_id: str, deadline: float | None = None) -> dict:
    """The standings, public to all: an invalid game's first illegal action is described as the
    public sees it (a secret action's message names what only some players saw)."""
    tournament = describe(get_tournament_row(db, tournament_id))
    scoring = tournament["scoring"]
    table: dict[str, dict] = {}
    games, invalid, seen = [], [], {}
    for stored in list(db.query("select * from games where tournament = ? order by seq", [tournament_id])):
        row = live.merged(db, stored)  # a live game with what was appended
        if row["log_checksum"] in seen:
            invalid.append({"game": row["id"], "first_illegal": None, "code": "duplicate",
                            "message": f"the same log as game {seen[row['log_checksum']]}: counted once",
                            "citations": []})
            continue
        seen[row["log_checksum"]] = row["id"]
        report = json.loads(row["report"])
        if not report["valid"]:
            bad = report_view(report, viewed(db, row, PUBLIC, deadline), PUBLIC)["verdicts"][report["first_illegal"]]
            invalid.append({"game": row["id"], "first_illegal": report["first_illegal"], "code": bad["code"],
                            "message": bad["message"], "citations": bad["citations"]})
            continue
        if not report["result"].get("finished"):
            invalid.append({"game": row["id"], "first_illegal": None, "code": "unfinished",
                            "message": "the log stops before the end of the game", "citations": []})
            continue
        places = placings(report)
        games.append({"game": row["id"], "placings": places})
        for p in places:
            if p.get("rival"):
                continue
            entry = table.setdefault(p["player"], {"player": p["player"], "points": 0, "wins": 0, "vp": 0,
                                                   "games": 0})
            entry["games"] += 1
            entry["vp"] += p["vp"]
            entry["wins"] += int(p["place"] == 1)
            if scoring["scheme"] == "points-per-place":
                points = scoring["points"]
                entry["points"] += points[p["place"] - 1] if p["place"] <= len(points) else 0
            else:
                entry["points"] = entry["wins"]
    ranked = sorted(table.values(), key=lambda e: (-e["points"], -e["vp"], e["player"]))
    for i, entry in enumerate(ranked):
        entry["rank"] = i + 1
    return {"tournament": tournament, "standings": ranked, "games": games, "invalid": invalid}


RIVAL_NOTE = "a House Hagal Rival: placed in the game, never a tournament player"
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def cell(value):
    """A CSV cell a spreadsheet will not run: text starting like a formula gets a leading
    apostrophe (a player named '=HYPERLINK(...)' is shown, not evaluated). Numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA):
        return "'" + value
    return value


def standings_csv(data: dict) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "player", "points", "wins", "vp", "games"])
    for e in data["standings"]:
        writer.writerow([cell(v) for v in (e["rank"], e["player"], e["points"], e["wins"], e["vp"], e["games"])])
    for bad in data["invalid"]:
        cite = "; ".join(f"{c['ruling']} ({c['source']} p. {c['page']})" for c in bad["citations"])
        writer.writerow([cell(v) for v in ("invalid", bad["game"], bad["first_illegal"], bad["code"], bad["message"],
                                           cite)])
    for game in data["games"]:
        for p in game["placings"]:
            if p.get("rival"):
                row = ("rival", game["game"], p["player"], p["place"], p["vp"], RIVAL_NOTE)
                writer.writerow([cell(v) for v in row])
    return out.getvalue()
