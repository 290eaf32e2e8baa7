"""One error hierarchy. Each error has a stable code, a message and the place it concerns
(a JSON pointer into the input), so the API and CLI can say exactly what is wrong."""

from __future__ import annotations


class AdjudicatorError(Exception):
    code, status = "error", 400

    def __init__(self, message: str, pointer: str = "", code: str | None = None):
        super().__init__(message)
        self.message = message
        self.pointer = pointer
        if code:
            self.code = code

    @property
    def extra(self) -> dict:
        """Members the problem document carries besides the standard ones."""
        return {}

    def to_problem(self) -> dict:
        return {
            "type": f"https://dune-adjudicator.example/problems/{self.code}",
            "title": self.title,
            "status": self.status,
            "detail": self.message,
            "code": self.code,
            "pointer": self.pointer,
            **self.extra,
        }

    @property
    def title(self) -> str:
        return type(self).__name__


class MalformedLog(AdjudicatorError):
    """The input is not a readable log, state or position."""

    code = "malformed"


class UnsupportedVersion(MalformedLog):
    code = "unsupported-version"


class UnknownName(MalformedLog):
    """A card, leader, space or player name that matches nothing (with the closest names)."""

    code = "unknown-name"

    def __init__(self, message: str, pointer: str = "", code: str | None = None, suggestions=()):
        super().__init__(message, pointer, code)
        self.suggestions = list(suggestions)

    def as_problem(self) -> dict:
        """The name as one problem of a position (`problem`), with the closest names if any."""
        return problem(self.pointer, self.code, self.message,
                       **({"suggestions": self.suggestions} if self.suggestions else {}))


class LimitExceeded(AdjudicatorError):
    code, status = "limit-exceeded", 413


class NotFound(AdjudicatorError):
    code, status = "not-found", 404


class Unauthorized(AdjudicatorError):
    """No API token, or one that is wrong or revoked."""

    code, status = "unauthorized", 401


class Forbidden(AdjudicatorError):
    """A valid token asking for what belongs to another token."""

    code, status = "forbidden", 403


class IllegalAction(AdjudicatorError):
    """Raised by checked application of an action (the replay turns it into a verdict)."""

    code, status = "illegal", 422

    def __init__(self, code: str, message: str, rulings: tuple[str, ...] = (), path=None, params: dict | None = None):
        """`message` is an English sentence; with `params` it is a template whose `{placeholders}`
        name the typed arguments (ids of cards, spaces, seats, factions; numbers; lists of them),
        so that a reader can have it in display names, in its language, seeing only what it may."""
        self.template, self.params = message, dict(params or {})
        super().__init__(message.format_map({k: plain(v) for k, v in self.params.items()}) if params else message,
                         code=code)
        self.rulings = tuple(rulings)
        self.path = path


def plain(value) -> str:
    """An argument in ids, as the English message holds it before display names replace them."""
    if isinstance(value, (list, tuple)):
        return ", ".join(plain(v) for v in value)
    if isinstance(value, dict) and isinstance(value.get("said"), dict):  # a phrase (core/sentences.py `said`)
        return str(value["said"].get("en", ""))
    if isinstance(value, dict) and "term" in value:  # a word of a catalog (`term`): its id
        return str(value.get("id"))
    if isinstance(value, dict) and "clause" in value:  # a part of a sentence (`clause`)
        return str(value["clause"]).format_map({k: plain(v) for k, v in value.get("params", {}).items()})
    if isinstance(value, dict) and "answer" in value:  # a decision's fields (`answer`)
        return ", ".join(f"{k} {plain(v)}" for k, v in value["answer"].items()) or "nothing"
    return str(value)


# the refusal of an action by a seat whose decision it is not (both rule systems use it)
NOT_YOUR_TURN = "turn.not-your-turn"


class Unprocessable(AdjudicatorError):
    """Well-formed input that names what cannot be used here: a seat no registered player answers
    to, a player at two tables (answered 422; the pointer names the place)."""

    code, status = "unprocessable", 422


class Conflict(AdjudicatorError):
    """The request contradicts what is stored: a duplicate, a reused Idempotency-Key, a game
    deleted while it was being worked on. `extra` holds members added to the problem answer."""

    code, status = "conflict", 409

    def __init__(self, message: str, pointer: str = "", code: str | None = None, **extra):
        super().__init__(message, pointer, code)
        self._extra = extra

    @property
    def extra(self) -> dict:
        return self._extra


class PreconditionFailed(Conflict):
    """A conditional request whose condition no longer holds (RFC 9110 13.1.1: an `If-Match`
    naming a version the resource has moved on from is answered 412, the method not performed)."""

    code, status = "precondition-failed", 412


class RateLimited(AdjudicatorError):
    """Too many requests for one token (or address); `retry_after` seconds until the window ends."""

    code, status = "rate-limited", 429

    def __init__(self, message: str, retry_after: int):
        super().__init__(message, "/")
        self.retry_after = retry_after


class Overloaded(RateLimited):
    """The process runs as many compute requests as it allows (any client's): 503 with `Retry-After`."""

    code, status = "overloaded", 503


MAX_PROBLEMS = 100


def problem(pointer: str, code: str, detail: str, **extra) -> dict:
    """One thing wrong with a position: where (a JSON pointer into the input), what, in words."""
    return {"pointer": pointer or "/", "code": code, "detail": detail, **extra}


def seated(rules, players: list[dict], field: str, prefix: str) -> list[dict]:
    """A scenario's players as a rule system's new_state takes them, `field` (the leader, the
    faction) resolved; InvalidPosition lists every unknown one with its pointer."""
    seats, found = [], []
    for i, p in enumerate(players):
        try:
            seats.append({"id": p["id"], "name": p.get("name", p["id"]),
                          field: rules.resolve_leader(p[field], f"{prefix}/game/players/{i}/{field}")})
        except UnknownName as err:
            found.append(err.as_problem())
    if found:
        raise InvalidPosition(found)
    return seats


class InvalidPosition(AdjudicatorError):
    """A position the engine will not rule on: every problem found, each with its pointer
    (answered 422 with the list in `problems`; a document that breaks its JSON Schema is a 400
    `schema`, as everywhere)."""

    code, status = "invalid-position", 422

    def __init__(self, problems: list[dict], code: str | None = None):
        problems = list(problems)[:MAX_PROBLEMS]
        first = problems[0]
        if all(p["code"] == "schema" for p in problems):
            self.status, code = 400, code or "schema"
        if len(problems) == 1:
            message = first["detail"]
        else:
            shown = "; ".join(f"{p['pointer']}: {p['detail']}" for p in problems[:3])
            message = f"{len(problems)} problems with the position: {shown}" + ("; ..." if len(problems) > 3 else "")
        super().__init__(message, first["pointer"], code)
        self.problems = problems

    @property
    def extra(self) -> dict:
        return {"problems": self.problems}

    @classmethod
    def of(cls, err: AdjudicatorError, prefix: str = "", code: str | None = None) -> InvalidPosition:
        """One error as a one-problem position error, its pointer under `prefix`."""
        extra = {"suggestions": err.suggestions} if getattr(err, "suggestions", None) else {}
        return cls([problem(prefix + (err.pointer if err.pointer != "/" else ""), err.code, err.message, **extra)],
                   code)
