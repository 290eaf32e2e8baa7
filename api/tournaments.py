"""Tournaments: create, add and remove games, standings (JSON or CSV)."""

from __future__ import annotations

from flask import Blueprint, Response

from adjudicator.core.errors import MalformedLog
from adjudicator.core.schemas import validate
from adjudicator.service import tournaments

from .auth import require_token
from .db import get_db
from .limits import choice_arg, deadline, json_body, ok

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


@bp.get("/v1/tournaments/<tournament_id>/standings")
def standings(tournament_id: str):
    data = tournaments.standings(get_db(), tournament_id, deadline())
    if choice_arg("format", ("json", "csv"), "json") == "csv":
        return Response(tournaments.standings_csv(data), mimetype="text/csv")
    return ok(data)
