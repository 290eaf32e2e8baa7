"""Every error leaves as application/problem+json; no traceback or path ever reaches a client."""

from __future__ import annotations

import json

from flask import Flask, Response
from werkzeug.exceptions import HTTPException

from adjudicator.core.errors import AdjudicatorError

PROBLEM = "application/problem+json"


def problem(status: int, title: str, detail: str, code: str, pointer: str = "", **extra) -> Response:
    body = {"type": f"https://dune-adjudicator.example/problems/{code}", "title": title,
            "status": status, "detail": detail, "code": code, **extra}
    if pointer:
        body["pointer"] = pointer
    return Response(json.dumps(body, sort_keys=True), status=status, mimetype=PROBLEM)


def register_errors(app: Flask) -> None:
    @app.errorhandler(AdjudicatorError)
    def adjudicator_error(err: AdjudicatorError):
        response = problem(err.status, err.title, err.message, err.code, err.pointer or "/", **err.extra)
        if err.status == 401:
            response.headers["WWW-Authenticate"] = 'Bearer realm="dune-adjudicator"'
        return response

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        code = {413: "limit-body-size", 404: "not-found", 405: "method-not-allowed", 429: "rate-limited"}.get(
            err.code, "http")
        detail = {413: "the body is larger than 2 MiB",
                  429: f"too many requests: the limit is {err.description}"}.get(err.code, err.description)
        response = problem(err.code, err.name, detail, code)
        original = err.response if err.response is not None else err.get_response()
        for header in ("Allow", "Retry-After", "WWW-Authenticate"):  # keep what the status code promises
            if header in original.headers:
                response.headers[header] = original.headers[header]
        return response

    @app.errorhandler(Exception)
    def internal(err: Exception):
        app.logger.exception("unexpected error")
        return problem(500, "Internal Server Error", "the server failed to answer; it has been logged",
                       "internal")
