"""The OpenAPI 3.1 document. Request and response bodies reference the JSON Schemas of
`schemas/`, embedded under components/schemas with their `$id`s intact."""

from __future__ import annotations

import json
from functools import cache

from adjudicator import __version__
from adjudicator.resources import resource_dir


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str = "OK") -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


PROBLEMS = {str(code): {"description": text, "content": {"application/problem+json": {"schema": _ref("problem")}}}
            for code, text in ((400, "Malformed input"), (404, "Not found"), (413, "Too large"),
                               (422, "Not a legal position"))}

OBJECT = {"type": "object"}


def _op(summary: str, response: dict, body: str | None = None, params=(), problems=("400",)) -> dict:
    op = {"summary": summary, "responses": {"200": response, **{c: PROBLEMS[c] for c in problems}}}
    if body:
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": _ref(body)}}}
    if params:
        op["parameters"] = list(params)
    return op


def _q(name: str, description: str, enum=None) -> dict:
    schema = {"type": "string"}
    if enum:
        schema["enum"] = list(enum)
    return {"name": name, "in": "query", "required": False, "description": description, "schema": schema}


@cache
def openapi() -> dict:
    schemas = {}
    for path in sorted(resource_dir("schemas").glob("*.json")):
        schemas[path.stem] = json.loads(path.read_text(encoding="utf-8"))
    game = _q("game", "uprising (imperium follows)", None)
    paths = {
        "/healthz": {"get": _op("Liveness and engine version", _json(OBJECT), problems=())},
        "/openapi.json": {"get": _op("This document", _json(OBJECT), problems=())},
        "/v1/replays": {"post": _op(
            "Replay a log and judge every action", _json(_ref("report")), "log",
            [_q("mode", "strict stops at the first illegal action", ["strict", "continue"]),
             _q("snapshots", "states in the report", ["none", "final", "all"])], ("400", "413"))},
        "/v1/positions/check": {"post": _op(
            "Is one contested action legal in a position?", _json({
                "type": "object", "required": ["legal", "verdict", "state", "checksum"],
                "properties": {"legal": {"type": "boolean"}, "verdict": _ref("verdict"),
                               "state": _ref("state"), "checksum": {"type": "string"},
                               "pending": {"type": ["object", "null"]}}}),
            "position", problems=("400", "413", "422"))},
        "/v1/positions/legal-actions": {"post": _op(
            "The legal actions for whoever must decide", _json({
                "type": "object", "required": ["actions"],
                "properties": {"actions": {"type": "array", "items": _ref("action")},
                               "pending": {"type": ["object", "null"]}, "checksum": {"type": "string"}}}),
            "position", problems=("400", "413", "422"))},
        "/v1/rulings": {"get": _op("Search rulings by words, tag and card", _json({
            "type": "object", "properties": {"rulings": {"type": "array", "items": _ref("ruling")}}}),
            params=[_q("q", "words"), _q("tag", "a tag"), _q("card", "a card or space id")], problems=())},
        "/v1/rulings/{id}": {"get": {**_op("One ruling", _json(_ref("ruling")), problems=("404",)),
                                     "parameters": [{"name": "id", "in": "path", "required": True,
                                                     "schema": {"type": "string"}}]}},
        "/v1/cards": {"get": _op("Card and board data", _json({
            "type": "object", "properties": {"cards": {"type": "array", "items": OBJECT}}}),
            params=[game, _q("type", "card type", ["imperium", "intrigue", "conflict", "leader", "objective",
                                                   "reserve", "starting", "space", "contract"])])},
        "/v1/timing-graph": {"get": _op("The static timing graph (node-link JSON or DOT)", {
            "description": "OK", "content": {"application/json": {"schema": OBJECT},
                                             "text/vnd.graphviz": {"schema": {"type": "string"}}}},
            params=[game, _q("format", "output format", ["node-link", "dot"])])},
        "/v1/samples": {"get": _op("Sample logs ready to send", _json(OBJECT), problems=())},
        "/v1/samples/{name}": {"get": {**_op("One sample log", _json(_ref("log")), problems=("404",)),
                                       "parameters": [{"name": "name", "in": "path", "required": True,
                                                       "schema": {"type": "string"}}]}},
    }
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {"title": "Dune Adjudicator", "version": __version__,
                 "description": "Replays Dune board-game logs, judges positions and cites the rulebook."},
        "paths": paths,
        "components": {"schemas": schemas},
    }
