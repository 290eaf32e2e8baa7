"""Decisions the rules let players make at once (our reading, ruling dune.engine-simultaneous):
the engine asks them one after another, so that every prompt has one player, but a log may record
them in any order. An action by a player whose decision of such a group waits lower on the stack
is answered there: that task is brought to the top before the action is checked.

- `TOGETHER`: kinds all players of a run decide at once: each player's Traitor kept at setup
  (`keep-traitor`), the two battle plans (`plan`; not once the Atreides' prescience has ordered
  them: the opponent then plans first, ruling dune.engine-faction-readings) and both sides'
  Traitor calls (`traitor`).
- `ANY_TIME_IN_SETUP`: a secret choice that waits on nothing, made whenever during setup (the
  Bene Gesserit's prediction, `predict`)."""

from __future__ import annotations

from ..core.actions import Action
from .game import Game

TOGETHER = ("keep-traitor", "plan", "traitor")
ANY_TIME_IN_SETUP = ("predict",)
RULING = "dune.engine-simultaneous"


def _ordered(g: Game, kind: str) -> bool:
    """Plans set in an order the rules impose (the Atreides' prescience)."""
    return kind == "plan" and bool((g.state.get("battle") or {}).get("prescience"))


def _run(stack: list[dict], kind: str) -> list[int]:
    """The indices of the decisions of `kind` at the top of the stack, topmost first."""
    out = []
    for i in range(len(stack) - 1, -1, -1):
        if stack[i]["t"] != "decide" or stack[i].get("kind") != kind:
            break
        out.append(i)
    return out


def bring_up(g: Game, action: Action) -> bool:
    """Bring to the top the decision of `action.by` that `action` may answer out of the asked
    order; True when one was moved (the verdict then cites RULING)."""
    stack, top = g.state["stack"], g.top
    if action.is_chance or top is None or (top["t"] == "decide" and top.get("player") == action.by):
        return False
    if top["t"] == "decide" and top.get("kind") in TOGETHER and not _ordered(g, top["kind"]):
        candidates = _run(stack, top["kind"])
    elif g.state["turn"] < 1 and action.do in ANY_TIME_IN_SETUP:
        candidates = [i for i in range(len(stack) - 1, -1, -1) if stack[i].get("kind") in ANY_TIME_IN_SETUP]
    else:
        return False
    i = next((i for i in candidates if stack[i].get("player") == action.by), None)
    if i is None:
        return False
    stack.append(stack.pop(i))
    return True
