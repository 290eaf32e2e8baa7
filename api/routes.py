"""The v1 resources: replays, positions, rulings, cards, the timing graph, samples."""

from __future__ import annotations

from flask import Blueprint, Response, request

from adjudicator import ENGINE_VERSION
from adjudicator.core.errors import LimitExceeded, NotFound
from adjudicator.core.logs import parse_log
from adjudicator.core.registry import card_types, resolve_game, rules_for
from adjudicator.core.replay import MODES, SNAPSHOTS, Replay
from adjudicator.positions import check_position, cut, legal_actions
from adjudicator.service import views
from adjudicator.store import get_ruling, sample, samples, search_rulings

from .db import get_db
from .limits import (
    MAX_LEGAL_ACTIONS,
    MAX_SNAPSHOT_ACTIONS,
    choice_arg,
    deadline,
    int_arg,
    json_body,
    lang_arg,
    ok,
    query_words,
    switch,
    text_arg,
    view_args,
)
from .openapi import openapi

bp = Blueprint("v1", __name__)
meta = Blueprint("meta", __name__)  # liveness and the API description: never rate limited


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
    explain = switch("explain")
    consequences = switch("consequences", default=True)
    until = deadline()
    log = parse_log(json_body(), until)
    if snapshots == "all" and len(log.actions) > MAX_SNAPSHOT_ACTIONS:
        # a state after every action: about 8 KB each, and several times that in memory
        raise LimitExceeded(f"snapshots=all is answered for logs of at most {MAX_SNAPSHOT_ACTIONS} actions, "
                            f"not {len(log.actions)}: ask for 'final' or replay a shorter prefix",
                            "?snapshots", code="limit-snapshots")
    return ok(Replay(log, mode, snapshots, deadline=until, explain=explain, consequences=consequences,
                     lang=lang_arg()).run())


@bp.post("/v1/positions/check")
def post_check():
    until = deadline()
    return ok(check_position(json_body(), deadline=until, lang=lang_arg()))


@bp.post("/v1/positions/legal-actions")
def post_legal_actions():
    until = deadline()
    answer = legal_actions(json_body(), deadline=until, lang=choice_arg("lang", ("en", "ru"), "en"))
    if len(answer["actions"]) > MAX_LEGAL_ACTIONS:
        raise LimitExceeded(f"the position has more than {MAX_LEGAL_ACTIONS} legal actions", "/state",
                            code="limit-legal-actions")
    return ok(answer)


@bp.post("/v1/positions/cut")
def post_cut():
    """The compact scenario before logged action `?at=` of a posted log, with that action as the
    contested one: what the viewer's position editor opens (a stored game: its positions route)."""
    at = int_arg("at", 0, 0, 2**31)
    try:
        return ok(cut(json_body(), at, deadline()))
    except NotFound as err:  # no such action: the parameter is the place to point at
        raise NotFound(err.message, "?at") from None


@bp.post("/v1/views")
def post_view():
    """The replay viewer's step `?step=` of a posted log or position (its sender sees everything)."""
    step = int_arg("step", 0, 0, 2**31)
    viewer, lang, timeline = view_args()
    until = deadline()
    return ok(views.of_body(json_body(), step, viewer, lang, timeline, until))


@bp.get("/v1/rulings")
def list_rulings():
    q = query_words("q")
    game = rules_for(*resolve_game(text_arg("game"), "?game")).ruling_game if "game" in request.args else ""
    return ok({"rulings": search_rulings(get_db(), q, text_arg("tag"), text_arg("card"), game=game)})


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
    modules = [m for m in text_arg("modules", 80).split(",") if m] if "modules" in request.args else None
    return ok({"cards": rules.cards(card_type, modules)})


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
