"""Every error leaves as application/problem+json; no traceback or path ever reaches a client."""

from __future__ import annotations

import json

from flask import Flask, Response
from werkzeug.exceptions import HTTPException

from adjudicator.core.errors import AdjudicatorError

PROBLEM = "application/problem+json"


def problem(status: int, title: str, detail: str, code: str, pointer: str = "") -> Response:
    body = {"type": f"https://dune-adjudicator.example/problems/{code}", "title": title,
            "status": status, "detail": detail, "code": code}
    if pointer:
        body["pointer"] = pointer
    return Response(json.dumps(body, sort_keys=True), status=status, mimetype=PROBLEM)


def register_errors(app: Flask) -> None:
    @app.errorhandler(AdjudicatorError)
    def adjudicator_error(err: AdjudicatorError):
        return problem(err.status, err.title, err.message, err.code, err.pointer or "/")

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        code = {413: "limit-body-size", 404: "not-found", 405: "method-not-allowed"}.get(err.code, "http")
        detail = "the body is larger than 2 MiB" if err.code == 413 else err.description
        return problem(err.code, err.name, detail, code)

    @app.errorhandler(Exception)
    def internal(err: Exception):
        app.logger.exception("unexpected error")
        return problem(500, "Internal Server Error", "the server failed to answer; it has been logged",
                       "internal")
