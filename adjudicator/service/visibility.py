"""Who may see a stored game's hidden information (issue 28; the concept: core/observers.py).

Its uploader sees everything, and so does everyone once the game is finished; until then the
public sees the public view of every answer about it: the log without its seed and with the
secret values face down, states and positions without the other players' hidden cards, and no
checksum of a state it may not see (a checksum of the whole state lets a caller test a guess of
a hidden hand). The uploader may ask for one seat's view with `as=<seat>`.

Each function here takes what is stored and an observer, and answers what that observer may read.
"""

from __future__ import annotations

import json

from ..core.consequences import veiled
from ..core.errors import Forbidden, plain
from ..core.observers import HIDDEN, PUBLIC, REFEREE, Observer, face_down, log_view, unseen
from ..core.registry import rules_for
from ..core.sentences import UNSEEN, Reader, placeholders, seen_in, veil

VEILED = UNSEEN["en"]


def sees_everything(row: dict, token: str | None) -> bool:
    return bool(row["finished"]) or (token is not None and token == row["owner"])


SEAT = "seat:"  # the caller id of a live game's seat token: seat:<game>:<seat> (api/auth.py)


def seat_of(row: dict, token: str | None) -> str | None:
    """The seat of this game that the caller's seat token holds (issue 36), else None."""
    if token is None or not token.startswith(SEAT):
        return None
    game, _, seat = token[len(SEAT):].partition(":")
    return seat if game == row["id"] else None


def observer_of(row: dict, token: str | None, seat: str | None = None) -> Observer:
    """The observer a request about a stored game is answered for; a seat token reads its seat's view."""
    held = seat_of(row, token)
    if held is not None and not row["finished"]:
        if seat is not None and seat != held:
            raise Forbidden(f"a seat token reads its own seat's view ({held!r}), not another's", "?as")
        return Observer(held)
    if not sees_everything(row, token):
        if seat is not None:
            raise Forbidden("a player's view shows their hand: before the game is finished only the uploader's "
                            "token may ask for it", "?as")
        return PUBLIC
    return Observer(seat) if seat is not None else REFEREE


def secrets_of(row: dict) -> list[dict]:
    return json.loads(row.get("secrets") or "[]")


def verdict_view(verdict: dict, hidden: dict[int, list[str]], reader: Reader | None = None,
                 seat: str | None = None) -> dict:
    """A verdict as an observer who may not see `hidden` (index -> fields) reads it: no checksum
    of the whole state, its sentence and arguments as `reader` (that observer) reads them (without
    one: every card argument veiled), the steps the engine took for the log (`implied`: cards it
    dealt among them) face down, and the cards of its consequences that only another seat sees
    (`seat`: the observer's own, None for the public). A verdict stored before sentences were: no
    message about a secret action."""
    out = {k: v for k, v in verdict.items() if k != "checksum"}
    if reader is not None and "template" in out:
        out = reader.verdict(out)
    else:
        if "params" in out:
            out["params"] = veil(out["params"], out["index"], hidden, frozenset())
            if out.get("message") and out.get("template") and out["params"] != verdict["params"]:
                # the stored message (in ids) names what was veiled: written again from the veiled params
                out["message"] = out["template"].format_map({k: plain(out["params"].get(k, HIDDEN))
                                                             for k in placeholders(out["template"])})
        if verdict["index"] in hidden and out.get("message"):
            out["message"] = VEILED
    if "implied" in out:
        out["implied"] = [face_down(a, [k for k in a if k not in ("by", "do", "player", "from")])
                          for a in out["implied"]]
    if "consequences" in out:
        out["consequences"] = [veiled(c, seat) for c in out["consequences"]]
    return out


def report_view(report: dict, row: dict, observer: Observer, lang: str | None = None) -> dict:
    """The stored report as `observer` reads it, its sentences in `lang` (None: as stored, the
    legal verdicts' unrendered)."""
    reader = reader_of(report, row, observer, lang)
    if observer.referee:
        return report if reader is None else {**report, "verdicts": [reader.verdict(v) for v in report["verdicts"]]}
    hidden = unseen(secrets_of(row), observer)
    return {**report, "final_checksum": row.get("public_checksum"), "public_view": True,
            "verdicts": [verdict_view(v, hidden, reader, observer.seat) for v in report["verdicts"]]}


def reader_of(report: dict, row: dict, observer: Observer, lang: str | None) -> Reader | None:
    """Who reads a stored game's sentences: `observer`, having seen what its view of the log names
    (None: the referee reading them as stored)."""
    if observer.referee and lang is None:
        return None
    rules = rules_for(report["game"].get("system"), report["game"].get("edition"))
    if observer.referee:
        return Reader(rules, report["game"], lang)
    secrets = secrets_of(row)
    seen = seen_in(log_view(json.loads(row["log"]), secrets, observer).get("actions"))
    return Reader(rules, report["game"], lang or "en", seen, unseen(secrets, observer), every=lang is not None)
