"""Tournaments: standings from stored games, by a fixed points-per-place table or by wins.

A game's placings come from its report: VP, then the official tiebreakers (spice, Solari,
water, garrisoned troops). Players are identified across games by their name in the log.
Players who stay tied after every tiebreaker share the better place. Invalid games score
nothing and are listed with their first illegal action and its citation.
"""

from __future__ import annotations

import csv
import io
import json
import secrets

from ..core.errors import Forbidden, MalformedLog
from .games import get_row, get_tournament_row
from .tokens import now

SCHEMES = ("points-per-place", "wins")


def create(db, name: str, scoring: dict, owner: str) -> dict:
    check_scoring(scoring)
    row = {"id": secrets.token_hex(6), "name": name, "scoring": json.dumps(scoring, sort_keys=True),
           "owner": owner, "created": now()}
    with db.conn:
        db["tournaments"].insert(row)
    return describe(row)


def check_scoring(scoring) -> None:
    if not isinstance(scoring, dict) or scoring.get("scheme") not in SCHEMES:
        raise MalformedLog(f"scoring.scheme must be one of {list(SCHEMES)}", "/scoring/scheme")
    if scoring["scheme"] == "points-per-place":
        points = scoring.get("points")
        if not (isinstance(points, list) and points and all(isinstance(p, int | float) for p in points)):
            raise MalformedLog("points-per-place needs 'points': a list of numbers, first place first",
                               "/scoring/points")


def describe(row: dict) -> dict:
    return {"id": row["id"], "name": row["name"], "scoring": json.loads(row["scoring"]), "created": row["created"]}


def get(db, tournament_id: str) -> dict:
    return describe(get_tournament_row(db, tournament_id))


def add_game(db, tournament_id: str, game_id: str, token_id: str) -> None:
    tournament = get_tournament_row(db, tournament_id)
    if tournament["owner"] != token_id:
        raise Forbidden("only the token that created the tournament may add games to it", "/id")
    row = get_row(db, game_id)
    with db.conn:
        db["games"].update(row["seq"], {"tournament": tournament_id})


def placings(report: dict) -> list[dict]:
    """Each player's place in one game (1 = best); tied players share the better place."""
    result, names = report["result"], {p["id"]: p.get("name", p["id"]) for p in report["game"]["players"]}
    tiebreak = result.get("tiebreakers", {})

    def key(pid):
        t = tiebreak.get(pid, {})
        return (result["vp"][pid], t.get("spice", 0), t.get("solari", 0), t.get("water", 0), t.get("garrison", 0))

    order = sorted(result["vp"], key=key, reverse=True)
    out = []
    for i, pid in enumerate(order):
        place = out[i - 1]["place"] if i and key(order[i - 1]) == key(pid) else i + 1
        out.append({"player": names[pid], "place": place, "vp": result["vp"][pid]})
    return out


def standings(db, tournament_id: str) -> dict:
    tournament = describe(get_tournament_row(db, tournament_id))
    scoring = tournament["scoring"]
    table: dict[str, dict] = {}
    games, invalid = [], []
    for row in db.query("select id, report from games where tournament = ? order by seq", [tournament_id]):
        report = json.loads(row["report"])
        if not report["valid"]:
            bad = report["verdicts"][report["first_illegal"]]
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


def standings_csv(data: dict) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "player", "points", "wins", "vp", "games"])
    for e in data["standings"]:
        writer.writerow([e["rank"], e["player"], e["points"], e["wins"], e["vp"], e["games"]])
    for bad in data["invalid"]:
        cite = "; ".join(f"{c['ruling']} ({c['source']} p. {c['page']})" for c in bad["citations"])
        writer.writerow(["invalid", bad["game"], bad["first_illegal"], bad["code"], bad["message"], cite])
    return out.getvalue()
