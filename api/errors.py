"""Every error leaves as application/problem+json; no traceback or path ever reaches a client,
and no detail longer than a short excerpt (a message may quote a client's value)."""

from __future__ import annotations

import json
import sqlite3

from flask import Flask, Response
from werkzeug.exceptions import HTTPException

from adjudicator.core.errors import AdjudicatorError, RateLimited
from adjudicator.core.schemas import excerpt

PROBLEM = "application/problem+json"
DETAIL = 600  # characters


def problem(status: int, title: str, detail: str, code: str, pointer: str = "", **extra) -> Response:
    body = {"type": f"https://dune-adjudicator.example/problems/{code}", "title": title,
            "status": status, "detail": excerpt(detail, DETAIL), "code": code, **extra}
    if pointer:
        body["pointer"] = excerpt(pointer, 300)
    # ensure_ascii: a value quoted in the detail can never make the answer unwritable
    return Response(json.dumps(body, sort_keys=True), status=status, mimetype=PROBLEM)


def register_errors(app: Flask) -> None:
    @app.errorhandler(AdjudicatorError)
    def adjudicator_error(err: AdjudicatorError):
        response = problem(err.status, err.title, err.message, err.code, err.pointer or "/",
                           **getattr(err, "extra", {}))
        if err.status == 401:
            response.headers["WWW-Authenticate"] = 'Bearer realm="dune-adjudicator"'
        if isinstance(err, RateLimited):
            response.headers["Retry-After"] = str(err.retry_after)
        return response

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        code = {413: "limit-body-size", 404: "not-found", 405: "method-not-allowed"}.get(err.code, "http")
        detail = {413: "the body is larger than 2 MiB"}.get(err.code, err.description)
        response = problem(err.code, err.name, detail, code)
        original = err.response if err.response is not None else err.get_response()
        for header in ("Allow", "WWW-Authenticate"):  # keep what the status code promises
            if header in original.headers:
                response.headers[header] = original.headers[header]
        return response

    @app.errorhandler(sqlite3.OperationalError)
    def busy(err: sqlite3.OperationalError):
        if "locked" not in str(err) and "busy" not in str(err):
            return internal(err)
        # another process held the write lock for longer than the busy timeout (10 s)
        return problem(503, "Service Unavailable", "the database is busy; try again shortly", "busy")

    @app.errorhandler(Exception)
    def internal(err: Exception):
        app.logger.exception("unexpected error")
        return problem(500, "Internal Server Error", "the server failed to answer; it has been logged",
                       "internal")
