"""The v1 resources: replays, positions, rulings, cards, the timing graph, samples."""

from __future__ import annotations

import json

from flask import Blueprint, Response, request

from adjudicator import ENGINE_VERSION
from adjudicator.core.canonical import dumps
from adjudicator.core.errors import LimitExceeded, MalformedLog, NotFound
from adjudicator.core.registry import card_types, resolve_game, rules_for
from adjudicator.core.replay import MODES, SNAPSHOTS, replay
from adjudicator.positions import check_position, legal_actions
from adjudicator.store import get_ruling, sample, samples, search_rulings

from .db import get_db
from .openapi import openapi

bp = Blueprint("v1", __name__)
meta = Blueprint("meta", __name__)  # liveness and the API description: never rate limited


def ok(body, status: int = 200) -> Response:
    return Response(dumps(body), status=status, mimetype="application/json")


def json_body():
    # the standard library's parser, on purpose: it refuses absurd nesting with RecursionError,
    # where a C parser without a depth limit can crash the whole process on a hostile body
    data = request.get_data(cache=False)
    try:
        return json.loads(data)
    except (ValueError, UnicodeDecodeError) as err:
        raise MalformedLog(f"the body is not JSON: {err}", "/", code="not-json") from None
    except RecursionError:
        raise LimitExceeded("the body is nested too deeply to read", "/", code="limit-nesting") from None


def choice_arg(name: str, allowed, default: str) -> str:
    value = request.args.get(name, default)
    if value not in allowed:
        raise MalformedLog(f"{name} must be one of {list(allowed)}", f"?{name}", code="bad-parameter")
    return value


@meta.get("/healthz")
def healthz():
    get_db().execute("select 1")
    return ok({"status": "ok", "engine": ENGINE_VERSION})


@meta.get("/openapi.json")
def openapi_doc():
    return ok(openapi())


@bp.post("/v1/replays")
def post_replay():
    mode = choice_arg("mode", MODES, "strict")
    snapshots = choice_arg("snapshots", SNAPSHOTS, "final")
    return ok(replay(json_body(), mode, snapshots))


@bp.post("/v1/positions/check")
def post_check():
    return ok(check_position(json_body()))


@bp.post("/v1/positions/legal-actions")
def post_legal_actions():
    return ok(legal_actions(json_body()))


@bp.get("/v1/rulings")
def list_rulings():
    args = request.args
    return ok({"rulings": search_rulings(get_db(), args.get("q", ""), args.get("tag", ""), args.get("card", ""))})


@bp.get("/v1/rulings/<ruling_id>")
def one_ruling(ruling_id: str):
    found = get_ruling(get_db(), ruling_id)
    if found is None:
        raise NotFound(f"no ruling {ruling_id!r}", "/id")
    return ok(found)


@bp.get("/v1/cards")
def list_cards():
    system, edition = resolve_game(request.args.get("game", "uprising"), "?game")
    rules = rules_for(system, edition)
    card_type = choice_arg("type", card_types(), "") if "type" in request.args else None
    return ok({"cards": rules.cards(card_type)})


@bp.get("/v1/timing-graph")
def get_timing_graph():
    rules = rules_for(*resolve_game(request.args.get("game", "uprising"), "?game"))
    fmt = choice_arg("format", ("node-link", "dot"), "node-link")
    graph = rules.timing_graph(fmt)
    if fmt == "dot":
        return Response(graph, mimetype="text/vnd.graphviz")
    return ok(graph)


@bp.get("/v1/samples")
def list_samples():
    return ok({"samples": samples(get_db())})


@bp.get("/v1/samples/<name>")
def one_sample(name: str):
    found = sample(get_db(), name)
    if found is None:
        raise NotFound(f"no sample {name!r}", "/name")
    return ok(found)
