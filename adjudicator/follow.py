"""Following a live game from the command line (`adjudicator follow URL`, issue 36): a
Server-Sent Events client of `GET /v1/games/<id>/events` that resumes with Last-Event-ID
whenever the stream closes, until the game is no longer live."""

from __future__ import annotations

import http.client
import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

RETRY = 2.0  # seconds before reconnecting after a failed connection
MAX_WAIT = 60.0  # seconds a busy server's Retry-After may hold the follower back


def events_url(url: str) -> str:
    """The events URL of a game's URL (or the events URL itself, its query kept)."""
    path, mark, query = url.partition("?")
    path = path.rstrip("/")
    return (path if path.endswith("/events") else path + "/events") + mark + query


def parse(lines) -> Iterator[tuple[str, str | None, dict]]:
    """(event, id, data) of each event in a stream of text lines; comments are skipped."""
    fields: dict[str, str] = {}
    for raw in lines:
        line = raw.rstrip("\r\n")
        if not line:
            if "data" in fields:
                yield fields.get("event", "message"), fields.get("id"), json.loads(fields["data"])
            fields = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(":")
            fields[name] = value[1:] if value.startswith(" ") else value


def follow(url: str, token: str | None = None, last: int | None = None, once: bool = False,
           opener=urllib.request.urlopen, pause=time.sleep) -> Iterator[dict]:
    """Every followed action (the events' data), in order and each once, across reconnections: a
    stream that closes or breaks (an event cut in half is dropped and comes again), a server that
    cannot be reached, or one busy with other followers (429/503: after its Retry-After); `once`:
    stop when the first stream closes."""
    url = events_url(url)
    while True:
        headers = {"Accept": "text/event-stream"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if last is not None:
            headers["Last-Event-ID"] = str(last)
        try:
            with opener(urllib.request.Request(url, headers=headers), timeout=600) as stream:
                lines = (b.decode("utf-8") for b in stream)
                for event, ident, data in parse(lines):
                    if event == "end":
                        return
                    if event == "action" and ident is not None:
                        last = int(ident)
                        yield data
        except urllib.error.HTTPError as err:  # any other status is the answer (401, 403, 404)
            if once or err.code not in (429, 503):
                raise
            pause(retry_after(err.headers.get("Retry-After")))
        except (urllib.error.URLError, OSError, http.client.HTTPException):
            if once:
                raise
            pause(RETRY)
        if once:
            return


def retry_after(value: str | None) -> float:
    """Seconds to wait from a Retry-After header (in seconds; an HTTP date or none: RETRY), at most MAX_WAIT."""
    return min(float(value), MAX_WAIT) if value and value.isascii() and value.isdigit() else RETRY
