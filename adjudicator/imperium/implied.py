"""What a log may leave out, and what the engine then does in its place (docs/log-format.md,
'What a log may leave out'). Called by the driver only when a logged action is refused where
it stands (core/replay.py): a log that records every step never comes here.

- A **forced decision**: the game waits for a decision with exactly one legal action.
- **The end of a go of Combat Intrigue plays**: a player who played cards in the Combat Intrigue
  window keeps the decision until they pass (rulebook p. 12); another player's action shows that
  the go ended.
- **A decision older logs never recorded** (a choice kind's `left_out`: a Negotiator's troop,
  Rise of Ix p. 4, sent): a logged action that does not answer it reads it as that answer.
- **Order-free effects**: the effects of a turn not yet resolved, when each resolves with
  nothing to decide or draw and resolving them first-to-last and last-to-first gives the same
  state. One effect alone is order-free, whatever it asks for next.

Where the order of a turn's effects can matter, the log must say it: the refusal says why
(`timing.order-matters`).
"""

from __future__ import annotations

from itertools import islice

from ..core.actions import Action
from ..core.canonical import restore, snapshot
from ..core.errors import IllegalAction
from ..core.sentences import clause, term
from .registry import CHOICES
from .timing import blocking_edge
from .turns import pending_effects

TURN_TASKS = ("agent", "reveal")  # a turn whose effects are being resolved
RULINGS = ("log.forced-steps", "timing.effects-any-order")
MAX_STEPS = 200  # steps of one turn's effects followed on a copy; far above any real turn


def forced(rules, state: dict, offers: list[Action] | None = None) -> Action | None:
    """The one legal action of a decision that has no other, else None (`offers`: the state's
    legal actions, when listed already)."""
    top = state["stack"][-1] if state["stack"] else None
    if top is None or top["t"] == "chance":
        return None
    offers = list(islice(rules.offered(state), 2)) if offers is None else offers  # two tell it
    return offers[0] if len(offers) == 1 else None


def steps_before(rules, state: dict, action: Action, later=()) -> list[Action]:
    """The steps the engine takes before `action`, which was refused where it stands: a forced
    decision, or a turn's order-free effects (with the forced decisions between them). Empty
    when neither applies, or when the log resolves one of those effects itself in this turn
    (`later`: the actions it records next; then the effects were not left out, and `action`
    stands refused where the log put it). IllegalAction (`timing.order-matters`) when the log
    had to say the order of the effects it left out."""
    top = state["stack"][-1] if state["stack"] else None
    if top is not None and top["t"] == "window" and top.get("played") and action.by != top["order"][top["idx"]]:
        return [Action({"by": top["order"][top["idx"]], "do": "pass"})]
    step = forced(rules, state)
    if step is not None:  # unless it is an effect the log resolves itself, later in the turn
        return [] if step.do == "resolve" and resolved_later(step.by, [step.get("effect")], later) else [step]
    if top is not None and top["t"] == "choice" and not (action.do == "choose" and action.by == top["player"]):
        answer = CHOICES[top["kind"]].left_out
        if answer is not None:
            return [Action({"by": top["player"], "do": "choose", **answer})]
    if top is None or top["t"] not in TURN_TASKS:
        return []
    pid = top["player"]
    pending = pending_effects(state["turn"])
    if not pending or resolved_later(pid, pending, later):
        return []
    if len(pending) == 1:
        return [Action({"by": pid, "do": "resolve", "effect": pending[0]})]
    ahead = _resolve_all(rules, state, pid, latest=False)
    behind = _resolve_all(rules, state, pid, latest=True)
    for run in (ahead, behind):
        if run[1] is not None:
            raise _order_matters(pending, run[1])
    if ahead[2] != behind[2]:
        raise _order_matters(pending, clause("resolving them first-to-last and last-to-first gives different results"))
    return ahead[0]


TURN_STARTS = ("send-agent", "reveal")


def resolved_later(pid: str, pending: list[str], later) -> bool:
    """Does the log resolve one of these effects itself before this turn ends?"""
    for a in later:
        if a.do in TURN_STARTS or (a.by == pid and a.do == "end-turn"):
            return False
        if a.by == pid and a.do == "resolve" and a.get("effect") in pending:
            return True
    return False


def _resolve_all(rules, state: dict, pid: str, latest: bool) -> tuple[list[Action], dict | None, str]:
    """Resolve the turn's pending effects on a copy, always the first (or the last) one the
    timing graph allows, taking forced decisions between them. Returns the steps taken, what
    stopped them (a decision with a choice, or chance), and the checksum of the result."""
    copy = restore(snapshot(state)[0], None)
    steps: list[Action] = []
    while len(steps) < MAX_STEPS:
        top = copy["stack"][-1] if copy["stack"] else None
        if top is not None and top["t"] in TURN_TASKS and top["player"] == pid:
            turn = copy["turn"]
            ready = [n for n in pending_effects(turn) if blocking_edge(turn, n) is None]
            if not ready:
                break
            step = Action({"by": pid, "do": "resolve", "effect": ready[-1] if latest else ready[0]})
        else:
            step = forced(rules, copy)
            if step is None:
                return steps, _asks(copy, top), ""
        rules.apply(copy, step)
        steps.append(step)
    else:
        return steps, clause("the effects go on past what the engine follows"), ""
    return steps, None, snapshot(copy)[1]


def _asks(state: dict, top: dict | None) -> dict:
    """What stopped the effects resolving on their own (a `clause`: the refusal's reason)."""
    if top is None:
        return clause("the game ends")
    source = top.get("src") or clause("an effect")
    if top["t"] == "chance":
        return clause("{source} needs a chance outcome ({kind}) first", source=source,
                      kind=term("actions", top["kind"]))
    kind = term("choices", top.get("kind", top["t"]))
    if "player" not in top:
        return clause("{source} asks a player for a decision ({choice})", source=source, choice=kind)
    return clause("{source} asks {seat} for a decision ({choice})", source=source, seat=top["player"], choice=kind)


def _order_matters(pending: list[str], why: dict) -> IllegalAction:
    return IllegalAction("timing.order-matters", "The effects {effects} are not resolved, and their order can "
                         "matter here ({why}): the log must record each resolve in the order played.", RULINGS,
                         params={"effects": list(pending), "why": why})

