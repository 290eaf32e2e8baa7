"""Positions: "was that legal?" for one contested action, and the legal actions of a position.

A position is a full state (as a replay returns it) or a log prefix that is replayed up to the
contested point, which is what a person writes by hand.
"""

from __future__ import annotations

from .core.actions import Action
from .core.canonical import checksum
from .core.errors import AdjudicatorError, IllegalAction, MalformedLog
from .core.logs import check_shape, parse_log
from .core.registry import rules_for
from .core.replay import Driver, Replay
from .core.schemas import validate
from .core.verdicts import ILLEGAL, Verdict


class IllegalPosition(AdjudicatorError):
    code = "illegal-position"
    status = 422


def load(doc, deadline: float | None = None) -> Driver:
    """The position as a driver: a state posted as it is, or a log prefix replayed up to the
    contested point (no chance outcome is dealt past its last action: the contested action
    may be one). `deadline` (time.monotonic()) bounds the work."""
    check_shape(doc, "position")
    validate("position", doc)
    if "log" in doc:
        try:
            replay = Replay(parse_log(doc["log"], deadline), "strict", "none", deadline=deadline, deal_at_end=False)
        except AdjudicatorError as err:  # point into the request, where the log sits under /log
            err.pointer = "/log" + err.pointer
            raise
        report = replay.run()
        if not report["valid"]:
            bad = report["verdicts"][report["first_illegal"]]
            raise IllegalPosition(f"the position's log is illegal before the contested point: "
                                  f"{bad['message']}", "/log" + bad["pointer"])
        return replay.driver
    state = doc["state"]
    game = state["game"]
    rules = rules_for(game["system"], game["edition"], "/state/game")
    guarded(lambda: rules.prompt(state))
    return Driver(rules, state)


def guarded(fn):
    """Run engine code on a hand-written state: an inconsistent state is the client's error."""
    try:
        return fn()
    except (AdjudicatorError, IllegalAction):
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise MalformedLog(f"the state is inconsistent ({type(err).__name__}: {err})", "/state",
                           code="inconsistent-state") from None


def check_position(doc, deadline: float | None = None) -> dict:
    driver = load(doc, deadline)
    rules = driver.rules
    if "action" not in doc:
        raise MalformedLog("a position check needs the contested 'action'", "/action")
    seats = driver.state["game"]["seats"]
    action = Action.from_json(rules.normalize(doc["action"], "/action", seats), "/action")
    guarded(lambda: driver.deal(action))
    try:
        outcome = guarded(lambda: driver.apply(action))
        verdict = Verdict(0, outcome.verdict, outcome.code, outcome.message, tuple(outcome.rulings), "/action")
    except IllegalAction as err:  # the driver has restored the state to before the action
        verdict = Verdict(0, ILLEGAL, err.code, err.message, err.rulings, "/action", err.path)
    guarded(driver.deal)
    state = driver.state
    return {"legal": verdict.verdict != ILLEGAL, "verdict": verdict.to_json(rules.edition),
            "state": guarded(lambda: _view(rules, state, doc)), "checksum": checksum(state),
            "pending": guarded(lambda: rules.prompt(state))}


def _view(rules, state: dict, doc: dict) -> dict:
    """The whole state, or with `"as": player` what that player may see of it."""
    viewer = doc.get("as")
    if viewer is None:
        return state
    if viewer not in state["game"]["seats"]:
        raise MalformedLog(f"'as' names no player of this game: {viewer!r}", "/as", code="unknown-name")
    return rules.public_view(state, viewer)


def legal_actions(doc, deadline: float | None = None) -> dict:
    driver = load(doc, deadline)
    guarded(driver.deal)
    actions = guarded(driver.legal_actions)
    return {"pending": guarded(driver.prompt), "actions": [a.to_json() for a in actions],
            "checksum": checksum(driver.state)}
