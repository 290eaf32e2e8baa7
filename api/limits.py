"""What one request may cost: its body, its time, its parameters and its answer (issue 9).

Each limit is a 4xx application/problem+json naming it; none is a truncated or partial 200."""

from __future__ import annotations

import re
import time

from flask import Response, current_app, g, request

from adjudicator.core.canonical import dumps
from adjudicator.core.catalog import LANGS
from adjudicator.core.errors import LimitExceeded, MalformedLog
from adjudicator.service.reading import read_json

MAX_BODY = 2 * 1024 * 1024
MAX_RESPONSE = 32 * 1024 * 1024
MAX_SNAPSHOT_ACTIONS = 2_000  # snapshots=all: a complete game (about 950 actions) and then some
MAX_LEGAL_ACTIONS = 5_000
MAX_TEXT = 80  # a name, a tag, a card or leader id (the schemas allow 80 characters for a name)
MAX_QUERY, MAX_WORDS = 200, 16


def started() -> None:
    """Called first for every request: the time budget starts when the request arrives, so it
    covers reading, parsing and validating the body, not only the replay."""
    g.deadline = time.monotonic() + current_app.config["REPLAY_SECONDS"]


def deadline() -> float:
    return g.get("deadline") or time.monotonic() + current_app.config["REPLAY_SECONDS"]


def ok(body, status: int = 200) -> Response:
    data = dumps(body)
    if len(data) > MAX_RESPONSE:  # the last line of defence; the limits above keep answers far smaller
        raise LimitExceeded(f"the answer would be {len(data) // 2**20} MiB, over this service's "
                            f"{MAX_RESPONSE // 2**20} MiB", "/", code="limit-response-size")
    return Response(data, status=status, mimetype="application/json")


def raw_body() -> bytes:
    """The body, at most MAX_BODY bytes. With a Content-Length Werkzeug refuses a larger body
    before reading it; a chunked body has none, and Werkzeug would silently cut it at the limit
    (a truncated log answered 200), so it is read here and one byte more means 413."""
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if request.content_length is not None:
        return request.get_data(cache=False)  # 413 from Werkzeug when over the limit
    if not request.environ.get("wsgi.input_terminated"):
        return b""
    data = request.environ["wsgi.input"].read(limit + 1)
    if len(data) > limit:
        raise LimitExceeded(f"the body is larger than {limit // 2**20} MiB", "/", code="limit-body-size")
    return data


def json_body():
    return read_json(raw_body())


def choice_arg(name: str, allowed, default: str) -> str:
    value = request.args.get(name, default)
    if value not in allowed:
        raise MalformedLog(f"{name} must be one of {list(allowed)}", f"?{name}", code="bad-parameter")
    return value


def text_arg(name: str, limit: int = MAX_TEXT) -> str:
    """A filter word: longer than any name it could match is a 400 (and never reaches LIKE,
    which refuses patterns over 50,000 bytes with an error)."""
    value = request.args.get(name, "")
    if len(value) > limit:
        raise MalformedLog(f"{name} may be at most {limit} characters, not {len(value)}", f"?{name}",
                           code="bad-parameter")
    return value


def query_words(name: str) -> str:
    value = text_arg(name, MAX_QUERY)
    if len(re.findall(r"\w+", value)) > MAX_WORDS:
        raise MalformedLog(f"{name} may hold at most {MAX_WORDS} words", f"?{name}", code="bad-parameter")
    return value


_DIGITS = re.compile(r"[0-9]{1,19}")  # ASCII digits only: str.isdigit() also accepts '¹' and '٣'


def int_arg(name: str, default: int, low: int, high: int) -> int:
    value = request.args.get(name, str(default))
    if not _DIGITS.fullmatch(value) or not low <= int(value) <= high:
        raise MalformedLog(f"{name} must be a whole number from {low} to {high}", f"?{name}", code="bad-parameter")
    return int(value)


def switch(name: str, default: bool = False) -> bool:
    """An on/off parameter: 1 or true, 0 or false (absent: `default`)."""
    value = request.args.get(name, "1" if default else "0")
    if value not in ("0", "1", "true", "false"):
        raise MalformedLog(f"{name} must be 0, 1, true or false", f"?{name}", code="bad-parameter")
    return value in ("1", "true")


def flag(name: str):
    value = request.args.get(name)
    if value is None:
        return None
    if value not in ("true", "false"):
        raise MalformedLog(f"{name} must be true or false", f"?{name}", code="bad-parameter")
    return value == "true"


def view_args() -> tuple[str | None, str, bool]:
    """The replay viewer's parameters: `as` (a player's view), `lang`, `timeline`."""
    viewer = text_arg("as", 32) if "as" in request.args else None
    return viewer, choice_arg("lang", ("en", "ru"), "en"), bool(flag("timeline"))


def lang_arg() -> str | None:
    """The language of the sentences asked for: `?lang=`, else the best of `Accept-Language`
    (core/sentences.py); None when neither asks (sentences as stored)."""
    if "lang" in request.args:
        return choice_arg("lang", LANGS, "en")
    if request.headers.get("Accept-Language"):
        return request.accept_languages.best_match(LANGS) or "en"
    return None
