"""`Table`: a state held for the length of one action, with its task stack.

The state is plain JSON data; what the game waits for is the stack `state["stack"]` of tasks
(top last). An action's notes (the rulings it cites, what it could not see, what the engine
does not implement) become its `Outcome`."""

from __future__ import annotations

from ..actions import Action
from ..errors import IllegalAction
from ..verdicts import LEGAL, UNVERIFIABLE, Outcome
from .awaited import bring_up


class Table:
    def __init__(self, state: dict):
        self.state = state
        self.rulings: list[str] = []
        self.hidden: list[str] = []  # what the action's legality depends on that no one recorded
        self.unimplemented: list[str] = []  # rules the action met that the engine does not know yet
        self.events: list[dict] = []  # consequences the state does not keep (a battle's winner; core/consequences.py)

    # --- the task stack -------------------------------------------------------------------
    @property
    def top(self) -> dict | None:
        stack = self.state["stack"]
        return stack[-1] if stack else None

    def push(self, *tasks: dict) -> None:
        """Push tasks so that the first one given is the first one done."""
        self.state["stack"].extend(reversed(tasks))

    def finish(self, task: dict) -> None:
        """Take `task` off the stack. It need not be on top (it may have pushed work); equal
        tasks may wait lower, so this very object goes, else (a copy was kept) the topmost
        equal one; a task already taken off leaves the stack as it is."""
        stack = self.state["stack"]
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is task:
                del stack[i]
                return
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] == task:
                del stack[i]
                return

    def answered(self, action: Action, keys: tuple[str, ...], rules: dict[str, str]) -> dict | None:
        """The task `action` answers: a decision's is the top; a chance outcome's is the awaited
        chance task it answers, brought to the top (else the top one: its kind refuses it, or with
        `rules["unexpected"]` refused here). Nothing pending (`rules["over"]`), or a decision
        where chance is awaited (`rules["missing"]`), is refused: the rulings to cite."""
        task = self.top
        if task is None:
            raise IllegalAction("game.over", "the game is over: no action can follow", (rules["over"],))
        if task["t"] != "chance":
            return task
        if not action.is_chance:
            raise IllegalAction("log.missing-chance", f"the game waits for a chance outcome ({task['kind']}) "
                                f"before {action.by} can act", (rules["missing"],))
        found = bring_up(self.state["stack"], action, keys)
        if found is None and "unexpected" in rules:
            raise IllegalAction("log.unexpected-chance", f"the game waits for {task['kind']}, not {action.do}",
                                (rules["unexpected"],))
        return found or task

    def note_unimplemented(self, what: str) -> None:
        self.unimplemented.append(what)

    # --- the verdict ------------------------------------------------------------------------
    def outcome(self, hidden_first: bool = False, hidden_ruling: str | None = None) -> Outcome:
        """Legal, or unverifiable with the reason: a rule not implemented, an outcome no one
        recorded (`hidden_ruling` cited with it). `hidden_first`: which reason a rule system
        names when both hold."""
        reasons = [("not-implemented", self.unimplemented), ("hidden-information", self.hidden)]
        for code, notes in reversed(reasons) if hidden_first else reasons:
            if not notes:
                continue
            if code == "not-implemented":
                return Outcome(UNVERIFIABLE, code, "not implemented: " + "; ".join(notes), self.rulings,
                               events=self.events)
            return Outcome(UNVERIFIABLE, code, "; ".join(notes),
                           self.rulings + ([hidden_ruling] if hidden_ruling else []), events=self.events)
        return Outcome(LEGAL, "ok", "", self.rulings, events=self.events)
