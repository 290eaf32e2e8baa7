"""Tournaments: standings from stored games, by the tournament's format (service/formats.py:
points per place, wins, WBC heats, classic Dune wins, each with its tiebreaks).

A game's placings come from its result in the one shape (its own, or the organiser's
off-board ending: service/judging.py); the game's own tiebreakers have already ordered it.
Players are the tournament's registered players (service/players.py), each seat mapped at
upload; a tournament that registers nobody names players by their names in the logs. Players
who stay tied after every criterion share a rank. A House Hagal Rival (a
seat of the game's setup, not of its players) is ranked among a game's placings, marked `rival`,
and takes a place from the players below it, but it is never a tournament player: it has no
standings entry, and the CSV lists it on a `rival` row of its own. Invalid games score
nothing and are listed with their first illegal action and its citation; a log held twice
(stored before duplicates were refused) counts once.

Only a tournament's owner adds games to it; a game belongs to one tournament at a time, and
only its uploader or that tournament's owner may move it out (issue 9).
"""

from __future__ import annotations

import json
import math
import secrets

from ..core.errors import Forbidden, MalformedLog, NotFound
from ..core.observers import PUBLIC
from ..store import transaction
from . import formats, judging, live, pairing
from .games import get_row, get_tournament_row, not_a_duplicate, viewed
from .players import map_seats
from .players import rows as player_rows
from .tokens import now
from .visibility import report_view

SCHEMES = tuple(formats.SCHEMES)


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
    chosen = scoring.get("tiebreaks", [])
    if not isinstance(chosen, list) or len(set(map(str, chosen))) != len(chosen) or any(
            c not in formats.CRITERIA for c in chosen):
        raise MalformedLog(f"scoring.tiebreaks: each of {list(formats.CRITERIA)} at most once", "/scoring/tiebreaks")


def describe(row: dict) -> dict:
    return {"id": row["id"], "name": row["name"], "scoring": json.loads(row["scoring"]), "created": row["created"]}


def get(db, tournament_id: str) -> dict:
    return describe(get_tournament_row(db, tournament_id))


def add_game(db, tournament_id: str, game_id: str, token_id: str) -> None:
    """Put a stored game into the tournament (moving it out of another one). All checks and the
    move happen under the write lock, so a DELETE in between is a 404, never a 500. Its seats
    are mapped to this tournament's registered players by the log's names (a 422 naming the seat
    otherwise); it joins no round (an upload with ?round= and ?table= does)."""
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
        seated = map_seats(db, tournament_id, json.loads(row["log"]), None)
        db.execute("update games set tournament = ?, seats = ?, round_no = null, table_no = null where seq = ?",
                   [tournament_id, json.dumps(seated, sort_keys=True) if seated is not None else None, row["seq"]])


def remove_game(db, tournament_id: str, game_id: str, token_id: str) -> None:
    """Take a game out of the tournament (it stays stored): its uploader or the tournament's owner."""
    with transaction(db):
        get_tournament_row(db, tournament_id)
        row = get_row(db, game_id, "/game")
        if row["tournament"] != tournament_id:
            raise NotFound(f"game {game_id!r} is not in tournament {tournament_id!r}", "/game")
        _may_take_out(db, row, token_id)
        db.execute("update games set tournament = null, seats = null, round_no = null, table_no = null "
                   "where seq = ?", [row["seq"]])


def _may_take_out(db, row: dict, token_id: str) -> None:
    current = get_tournament_row(db, row["tournament"])
    if token_id not in (row["owner"], current["owner"]):
        raise Forbidden(f"game {row['id']} belongs to tournament {row['tournament']}: only its uploader or that "
                        "tournament's owner may take it out", "/game")


def placings(report: dict, result: dict | None = None, seats: dict | None = None) -> list[dict]:
    """Each seat's place in one game (1 = best; tied seats share the better place), read from the
    one result shape (core/results.py): the log's own, or an off-board ending's `result`. A seat is
    named by its registered player (`seats`), else by its name in the log. A seat the log's players
    do not name is a House Hagal Rival: it is placed under its id, marked `rival`; a team game
    names each player's team. `vp` is shown where the rule system keeps it; it never ranks."""
    result = result or report["result"]
    own = report["result"]
    names = {p["id"]: p.get("name", p["id"]) for p in report["game"]["players"]} | (seats or {})
    team_of = {pid: team for team, side in sorted(own.get("teams", {}).items()) for pid in side["members"]}
    return [{"player": names.get(r["player"], r["player"]), "place": r["place"],
             "vp": own.get("vp", {}).get(r["player"], 0)}
            | ({"team": team_of[r["player"]]} if r["player"] in team_of else {})
            | ({} if r["player"] in names else {"rival": True}) for r in result["ranking"]]


def standings(db, tournament_id: str, deadline: float | None = None, upto: int | None = None) -> dict:
    """The standings, public to all (after round `upto` when given: the games of rounds 1..upto).
    Ranked by the tournament's format (service/formats.py), each entry saying which criterion
    separated it from the next one. An invalid game's first illegal action is described as the
    public sees it (a secret action's message names what only some players saw); a game with an
    off-board ending counts as its ending says."""
    tournament = describe(get_tournament_row(db, tournament_id))
    scoring = tournament["scoring"]
    registered = [r["name"] for r in player_rows(db, tournament_id)]
    games, invalid, seen, scored, rulings, adjust = [], [], {}, [], [], {}
    where = "tournament = ?" + (" and round_no <= ?" if upto is not None else "")
    params = [tournament_id] + ([upto] if upto is not None else [])
    for stored in list(db.query(f"select * from games where {where} order by round_no, table_no, seq", params)):
        row = live.merged(db, stored)  # a live game with what was appended
        if row["log_checksum"] in seen:
            invalid.append({"game": row["id"], "first_illegal": None, "code": "duplicate",
                            "message": f"the same log as game {seen[row['log_checksum']]}: counted once",
                            "citations": []})
            continue
        seen[row["log_checksum"]] = row["id"]
        report = json.loads(row["report"])
        ending = json.loads(row["ending"]) if row.get("ending") else None
        if ending is None and not report["valid"]:
            invalid.append(_illegal(db, row, report, deadline))
            continue
        if ending is None and not report["result"].get("finished"):
            invalid.append({"game": row["id"], "first_illegal": None, "code": "unfinished",
                            "message": "the log stops before the end of the game", "citations": []})
            continue
        result = judging.result(ending) if ending else report["result"]
        seats = json.loads(row["seats"]) if row.get("seats") else None
        places = placings(report, result, seats)
        entry = {"game": row["id"], "placings": places}
        for key, column in (("round", "round_no"), ("table", "table_no")):
            if row.get(column) is not None:
                entry[key] = row[column]
        if ending:
            entry["ending"] = {"how": ending["how"], "reason": ending["reason"]}
            if not report["valid"]:  # the log is verifiable up to its first illegal action
                entry["ending"]["first_illegal"] = report["first_illegal"]
            if ending["disqualified"]:
                entry["ending"]["disqualified"] = [(seats or {}).get(s, s) for s in ending["disqualified"]]
        games.append(entry)
        scored.append(_scored(report, result, places, ending))
        for ruling in judging.rulings_of(db, row["id"]):
            rulings.append({"game": row["id"], **ruling})
            for name, delta in ruling.get("effect", {}).get("points", {}).items():
                adjust[name] = adjust.get(name, 0) + delta
    ranked = formats.compute(scoring, scored, registered, adjust)
    vp: dict[str, int] = {}
    for game in games:
        for p in game["placings"]:
            vp[p["player"]] = vp.get(p["player"], 0) + p["vp"]
    withdrawn = {r["name"] for r in player_rows(db, tournament_id) if r.get("withdrawn")}
    for e in ranked:
        e["vp"] = vp.get(e["player"], 0)
        if e["player"] in withdrawn:
            e["withdrawn"] = True
    return {"tournament": tournament, "round": upto, "standings": ranked, "order": formats.rules_cited(scoring),
            "games": games, "invalid": invalid, "rulings": rulings}


def _illegal(db, row: dict, report: dict, deadline: float | None) -> dict:
    bad = report_view(report, viewed(db, row, PUBLIC, deadline), PUBLIC)["verdicts"][report["first_illegal"]]
    return {"game": row["id"], "first_illegal": report["first_illegal"], "code": bad["code"],
            "message": bad["message"], "citations": bad["citations"]}


def _scored(report: dict, result: dict, places: list[dict], ending: dict | None) -> dict:
    """A game as formats.compute reads it: the players' places (None: disqualified) and winners."""
    out = [p for p in places if not p.get("rival")]
    names = [p["player"] for p in places]
    by_seat = dict(zip([r["player"] for r in result["ranking"]], names, strict=True))
    disqualified = {by_seat[s] for s in (ending or {}).get("disqualified", [])}
    winners = [by_seat[w] for w in result["winners"] if w in by_seat]
    return {"seats": [{"player": p["player"], "place": None if p["player"] in disqualified else p["place"]}
                      for p in out],
            "winners": [w for w in winners if w not in disqualified and any(p["player"] == w for p in out)]}


def standings_order(db, tournament_id: str) -> list[str]:
    """The registered players, best standing first: the order the next round is paired in.
    Players sharing a rank keep the first round's seeded draw among them, not their names."""
    registered = [r["name"] for r in player_rows(db, tournament_id)]
    drawn = {p: i for i, p in enumerate(pairing.first_round_order(registered, tournament_id))}
    entries = [e for e in standings(db, tournament_id)["standings"] if e["player"] in drawn]
    return [e["player"] for e in sorted(entries, key=lambda e: (e["rank"], drawn[e["player"]]))]
