"""One error hierarchy. Each error has a stable code, a message and the place it concerns
(a JSON pointer into the input), so the API and CLI can say exactly what is wrong."""

from __future__ import annotations


class AdjudicatorError(Exception):
    code = "error"
    status = 400

    def __init__(self, message: str, pointer: str = "", code: str | None = None):
        super().__init__(message)
        self.message = message
        self.pointer = pointer
        if code:
            self.code = code

    def to_problem(self) -> dict:
        return {
            "type": f"https://dune-adjudicator.example/problems/{self.code}",
            "title": self.title,
            "status": self.status,
            "detail": self.message,
            "code": self.code,
            "pointer": self.pointer,
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
    """A card, leader, space or player name that matches nothing."""

    code = "unknown-name"


class LimitExceeded(AdjudicatorError):
    code = "limit-exceeded"
    status = 413


class NotFound(AdjudicatorError):
    code = "not-found"
    status = 404


class Unauthorized(AdjudicatorError):
    """No API token, or one that is wrong or revoked."""

    code = "unauthorized"
    status = 401


class Forbidden(AdjudicatorError):
    """A valid token asking for what belongs to another token."""

    code = "forbidden"
    status = 403


class IllegalAction(AdjudicatorError):
    """Raised by checked application of an action (the replay turns it into a verdict)."""

    code = "illegal"
    status = 422

    def __init__(self, code: str, message: str, rulings: tuple[str, ...] = (), path=None):
        super().__init__(message, code=code)
        self.rulings = tuple(rulings)
        self.path = path


class Conflict(AdjudicatorError):
    """The request contradicts what is stored: a duplicate, a reused Idempotency-Key, a game
    deleted while it was being worked on. `extra` holds members added to the problem answer."""

    code = "conflict"
    status = 409

    def __init__(self, message: str, pointer: str = "", code: str | None = None, **extra):
        super().__init__(message, pointer, code)
        self.extra = extra


class RateLimited(AdjudicatorError):
    """Too many requests for one token (or address); `retry_after` seconds until the window ends."""

    code = "rate-limited"
    status = 429

    def __init__(self, message: str, retry_after: int):
        super().__init__(message, "/")
        self.retry_after = retry_after
