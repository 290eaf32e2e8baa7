"""Effect steps as tasks on the stack: queue steps (`run`), splice steps into the task being
resolved, push `choice` tasks, and name the card an effect comes from.

Every effect module builds on these; this module imports none of them (no import cycles).
"""

from __future__ import annotations

from .game import Game


def run(g: Game, pid: str, steps: list, src: str) -> None:
    """Queue `steps` for `pid`; they run when the stack reaches them (right away if on top)."""
    if steps:
        g.push({"t": "steps", "player": pid, "src": src, "steps": list(steps)})


def prepend(task: dict, steps: list) -> None:
    """`steps` resolve next in the running steps `task`, before the rest of it."""
    task["steps"][:0] = steps


def push_choice(g: Game, task: dict, kind: str, **fields) -> None:
    """The player of the running steps `task` decides: a `choice` task (see choices.py)."""
    g.push(choice_task(task["player"], kind, task["src"], **fields))


def choice_task(pid: str, kind: str, src: str, **fields) -> dict:
    return {"t": "choice", "player": pid, "kind": kind, "src": src, **fields}


def source_card(src: str) -> str:
    """The card an effect comes from: "reveal:x#2" -> "x" (empty when not a card)."""
    return src.split(":", 1)[-1].split("#")[0] if ":" in src else ""


def others(cards: list, own: str) -> list:
    """`cards` without one copy of `own` (the card whose effect is resolving)."""
    out = list(cards)
    if own in out:
        out.remove(own)
    return out


def custom_steps(steps) -> list[dict]:
    """Every `{"custom": ...}` step anywhere inside `steps` (a card's boxes, nested branches)."""
    if isinstance(steps, dict):
        found = [steps] if "custom" in steps else []
        for value in steps.values():
            if isinstance(value, (list, dict)):
                found += custom_steps(value)
        return found
    if isinstance(steps, list):
        return [s for item in steps for s in custom_steps(item)]
    return []
