"""Tournaments: create, players, rounds and tables, add and remove games, standings (JSON, CSV or
a printable page), per round too."""

from __future__ import annotations

from flask import Blueprint, Response, request

from adjudicator.core.errors import MalformedLog
from adjudicator.core.schemas import validate
from adjudicator.service import analytics, exports, judging, players, rounds, tournaments
from adjudicator.service.reading import read_json

from .auth import require_token
from .db import get_db
from .limits import choice_arg, deadline, int_arg, json_body, ok, raw_body

bp = Blueprint("tournaments", __name__)


@bp.post("/v1/tournaments")
def create():
    token = require_token()
    body = json_body()
    validate("tournament", body)
    scoring = body.get("scoring", {"scheme": "points-per-place", "points": [5, 3, 2, 1]})
    return ok(tournaments.create(get_db(), body["name"], scoring, token), 201)


@bp.get("/v1/tournaments/<tournament_id>")
def one(tournament_id: str):
    return ok(tournaments.get(get_db(), tournament_id))


@bp.post("/v1/tournaments/<tournament_id>/games")
def add_game(tournament_id: str):
    token = require_token()
    body = json_body()
    if not isinstance(body, dict) or not isinstance(body.get("game"), str) or len(body["game"]) > 200:
        raise MalformedLog("send {\"game\": \"<stored game id>\"}", "/game")
    tournaments.add_game(get_db(), tournament_id, body["game"], token)
    return Response(status=204)


@bp.delete("/v1/tournaments/<tournament_id>/games/<game_id>")
def remove_game(tournament_id: str, game_id: str):
    tournaments.remove_game(get_db(), tournament_id, game_id, require_token())
    return Response(status=204)


FORMATS = ("json", "csv", "html")
MAX_ROUND = 1000


@bp.get("/v1/tournaments/<tournament_id>/standings")
def standings(tournament_id: str):
    """Overall, or after round `round` (the games of rounds 1..round)."""
    shape = choice_arg("format", FORMATS, "json")
    part = choice_arg("part", exports.CSV_PARTS, "ranking")  # which table a CSV holds
    upto = int_arg("round", 1, 1, MAX_ROUND) if "round" in request.args else None
    data = tournaments.standings(get_db(), tournament_id, deadline(), upto)
    if shape == "csv":
        return Response(exports.standings_csv(data, part), mimetype="text/csv")
    if shape == "html":
        return Response(exports.standings_html(data), mimetype="text/html")
    return ok(data)


@bp.get("/v1/tournaments/<tournament_id>/win-rates")
def win_rates(tournament_id: str):
    """Win rates by leader and by seat, from the stored games' facts (the analytics' tables)."""
    return ok(analytics.win_rates(get_db(), tournament_id, choice_arg("lang", ("en", "ru"), "en")))


@bp.post("/v1/tournaments/<tournament_id>/players")
def register_player(tournament_id: str):
    token = require_token()
    return ok(players.register(get_db(), tournament_id, json_body(), token), 201)


@bp.patch("/v1/tournaments/<tournament_id>/players/<name>")
def change_player(tournament_id: str, name: str):
    token = require_token()
    return ok(players.withdraw(get_db(), tournament_id, name[:200], json_body(), token))


@bp.get("/v1/tournaments/<tournament_id>/players")
def list_players(tournament_id: str):
    return ok({"players": players.listing(get_db(), tournament_id)})


@bp.post("/v1/tournaments/<tournament_id>/rounds")
def new_round(tournament_id: str):
    token = require_token()
    data = raw_body()
    body = read_json(data) if data.strip() else {}  # no body: the default table size
    return ok(rounds.create(get_db(), tournament_id, body, token, tournaments.standings_order), 201)


@bp.get("/v1/tournaments/<tournament_id>/rounds")
def list_rounds(tournament_id: str):
    return ok({"rounds": rounds.listing(get_db(), tournament_id)})


@bp.get("/v1/tournaments/<tournament_id>/rounds/<int:number>")
def one_round(tournament_id: str, number: int):
    shape = choice_arg("format", FORMATS, "json")
    db = get_db()
    data = rounds.get(db, tournament_id, number)
    if shape == "csv":
        return Response(exports.round_csv(data), mimetype="text/csv")
    if shape == "html":
        return Response(exports.round_html(tournaments.get(db, tournament_id), data), mimetype="text/html")
    return ok(data)


@bp.put("/v1/tournaments/<tournament_id>/rounds/<int:number>")
def edit_round(tournament_id: str, number: int):
    token = require_token()
    return ok(rounds.edit(get_db(), tournament_id, number, json_body(), token))


@bp.post("/v1/tournaments/<tournament_id>/judges")
def add_judge(tournament_id: str):
    token = require_token()
    return ok(judging.add_judge(get_db(), tournament_id, json_body(), token), 201)
