"""The chance outcomes a game awaits at once (setup's deals, a round's draws) are independent:
a log may record them in any order. `keys` tell apart two awaited outcomes of one kind."""

from __future__ import annotations

from ..actions import Action


def awaited_index(stack: list, action: Action, keys: tuple[str, ...]) -> int | None:
    """Where, among the chance tasks on top of the stack, the first one `action` answers is."""
    for i in range(len(stack) - 1, -1, -1):
        task = stack[i]
        if task["t"] != "chance":
            return None
        if task["kind"] == action.do and all(task[k] == action.get(k) for k in keys if k in task):
            return i
    return None


def bring_up(stack: list, action: Action, keys: tuple[str, ...]) -> dict | None:
    """The awaited chance task `action` answers, moved to the top of the stack (None: none)."""
    i = awaited_index(stack, action, keys)
    if i is None:
        return None
    stack.append(stack.pop(i))
    return stack[-1]
