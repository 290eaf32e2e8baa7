"""What a tournament's organiser records on a game: judges' rulings and off-board endings.

- A ruling (ruling `tournament.judge-ruling`): at a step of the game, the question, the referee's
  verdict and the ruling record it cites, the decision taken and its effect on the standings
  (points given or taken); who recorded it and when. It is shown with the game and in the
  tournament's standings, so a disputed call is documented once.
- An ending (ruling `tournament.off-board`): how a game the log does not carry to its end was
  decided (the round's time limit, a concession, a disqualification, the organiser's ruling),
  with the reason and every seat's place as the format says; the log stays verifiable up to
  where it stops. Its result has the one result shape (core/results.py)."""

from __future__ import annotations

import json

from ..core.errors import Conflict, Forbidden, Unprocessable
from ..core.logs import check_shape
from ..core.rulings import all_rulings
from ..core.schemas import validate
from ..store import transaction
from . import live
from .formats import SCHEMES
from .games import get_row
from .records import get_tournament_row, rulings_of
from .tokens import now

JUDGING_RULINGS = ("tournament.judge-ruling", "tournament.off-board")
ENDINGS = ("time", "concession", "disqualification", "ruling")
__all__ = ["add_judge", "judges", "record_ending", "record_ruling", "result", "rulings_of"]


def _judged(db, game_id: str, token: str) -> tuple[dict, dict]:
    """The game and its tournament, for the tournament's owner or one of its judges only."""
    row = get_row(db, game_id)
    if row["tournament"] is None:
        raise Unprocessable(f"game {game_id} is in no tournament: rulings and endings are a tournament's",
                            "/id", code="no-tournament")
    tournament = get_tournament_row(db, row["tournament"])
    if tournament["owner"] != token and _who(db, token) not in judges(db, tournament["id"]):
        raise Forbidden("only the tournament's owner or one of its judges may record rulings on its games", "/id")
    return row, tournament


def judges(db, tournament_id: str) -> list[str]:
    return [r["name"] for r in db.query("select name from tournament_judges where tournament = ? order by name",
                                        [tournament_id])]


def add_judge(db, tournament_id: str, body, token: str) -> dict:
    """The owner names a token (by its name) that may record rulings and endings too."""
    check_shape(body, "judge")
    validate("tournament-judge", body)
    with transaction(db):
        if get_tournament_row(db, tournament_id)["owner"] != token:
            raise Forbidden("only the token that created the tournament may name its judges", "/id")
        if not list(db.query("select 1 from tokens where name = ? and revoked is null", [body["name"]])):
            raise Unprocessable(f"no live API token is named {body['name']!r} (adjudicator tokens create NAME)",
                                "/name", code="unknown-token")
        db.execute("insert or ignore into tournament_judges (tournament, name, created) values (?, ?, ?)",
                   [tournament_id, body["name"], now()])
    return {"judges": judges(db, tournament_id)}


def _players(row: dict) -> dict[str, str]:
    """{seat id: the player's name in the standings} of a stored game."""
    if row.get("seats"):
        return json.loads(row["seats"])
    return {p["id"]: p.get("name", p["id"]) for p in json.loads(row["log"])["game"]["players"]}


def _who(db, token: str) -> str:
    found = list(db.query("select name from tokens where id = ?", [token]))
    return found[0]["name"] if found else token


def record_ruling(db, game_id: str, body, token: str) -> dict:
    check_shape(body, "ruling")
    validate("game-ruling", body)
    if body["ruling"] not in all_rulings():
        raise Unprocessable(f"no ruling record {body['ruling']!r} (GET /v1/rulings finds them)", "/ruling",
                            code="unknown-ruling")
    with transaction(db):
        row, tournament = _judged(db, game_id, token)
        if body["step"] > row["actions"]:
            raise Unprocessable(f"the game has steps 0..{row['actions']}, not {body['step']}", "/step",
                                code="no-such-step")
        names = set(_players(row).values())
        scheme = json.loads(tournament["scoring"])["scheme"]
        if body.get("effect", {}).get("points") and SCHEMES[scheme]["primary"] != "points":
            raise Unprocessable(f"this tournament ranks by {SCHEMES[scheme]['primary']} ({scheme}): tournament "
                                "points would change nothing", "/effect/points", code="no-points")
        for name in sorted(body.get("effect", {}).get("points", {})):
            if name not in names:
                raise Unprocessable(f"{name!r} is no player of this game ({', '.join(sorted(names))})",
                                    f"/effect/points/{name}", code="unknown-player")
        seq = db.execute("select coalesce(max(seq), 0) + 1 from game_rulings where game = ?", [game_id]).fetchone()[0]
        record = {"seq": seq, "who": _who(db, token), "when": now(), **body}
        db.execute("insert into game_rulings (game, seq, who, created, body) values (?, ?, ?, ?, ?)",
                   [game_id, seq, record["who"], record["when"], json.dumps(record, ensure_ascii=False)])
    return record


def record_ending(db, game_id: str, body, token: str) -> dict:
    check_shape(body, "ending")
    validate("game-ending", body)
    with transaction(db):
        row, _ = _judged(db, game_id, token)
        if row["finished"] and row["valid"] and body["how"] != "ruling":
            raise Conflict("the log plays this game to its end; only an organiser's ruling (how: ruling) may "
                           "replace its result", "/how", code="finished-on-the-board")
        seats = list(_players(row))
        ranking = check_ranking(body["ranking"], seats)
        for i, seat in enumerate(body.get("disqualified", [])):
            if seat not in seats:
                raise Unprocessable(f"{seat!r} is no seat of this game", f"/disqualified/{i}", code="unknown-seat")
        ending = {"how": body["how"], "reason": body["reason"], "ranking": ranking,
                  "disqualified": sorted(set(body.get("disqualified", []))), "who": _who(db, token), "when": now()}
        db.execute("update games set ending = ? where seq = ?", [json.dumps(ending, ensure_ascii=False), row["seq"]])
    if row["live"]:  # decided off the board: no more actions will be appended (issue 36)
        live.end(db, game_id, f"ended off the board ({body['how']}): {body['reason']}")
    return {"game": game_id, "ending": ending, "result": result(ending)}


def check_ranking(ranking: list[dict], seats: list[str]) -> list[dict]:
    """Every seat once, places as shared places go (1, 1, 3, 4: tied seats share the better one)."""
    listed = []
    for i, entry in enumerate(ranking):
        if entry["player"] not in seats:
            raise Unprocessable(f"{entry['player']!r} is no seat of this game ({', '.join(seats)})",
                                f"/ranking/{i}/player", code="unknown-seat")
        if entry["player"] in listed:
            raise Unprocessable(f"{entry['player']!r} is ranked twice", f"/ranking/{i}/player", code="ranked-twice")
        listed.append(entry["player"])
        shared = i and entry["place"] == ranking[i - 1]["place"]
        if not shared and entry["place"] != i + 1:
            raise Unprocessable(f"place {entry['place']} at position {i + 1}: places go 1, 2, … with tied seats "
                                "sharing the better place", f"/ranking/{i}/place", code="bad-place")
    missing = [s for s in seats if s not in listed]
    if missing:
        raise Unprocessable(f"the ranking leaves out {', '.join(missing)}", "/ranking", code="seat-unranked")
    return [{"player": e["player"], "place": e["place"]} for e in ranking]


def result(ending: dict) -> dict:
    """An ending as the one result shape: finished, the place-1 seats not disqualified as winners."""
    out = [e for e in ending["ranking"]]
    winners = [e["player"] for e in out if e["place"] == 1 and e["player"] not in ending["disqualified"]]
    return {"finished": True, "winners": winners, "how": ending["how"], "ranking": out}
