"""The driver: one game in progress, action by action. Replays, position checks, legal actions
and the simulator all go through it (`Driver`, and `deal` for code that holds a bare state).

A replay checks every logged action against the rules and answers it with a verdict; a checksum
of the state follows every step. Strict mode stops at the first illegal action. Continue mode
skips it (the state is restored to before it) and goes on, marking every later verdict
`conditional`. Replay never invents a decision: only chance outcomes are dealt, and only when
the log gives a seed.
"""

from __future__ import annotations

import time

from .. import ENGINE_VERSION
from .actions import Action
from .canonical import checksum, restore, snapshot
from .errors import IllegalAction, LimitExceeded
from .logs import Log, parse_log
from .rulings import citations
from .verdicts import ILLEGAL, Outcome, Verdict

SNAPSHOTS = ("none", "final", "all")
MODES = ("strict", "continue")


def deal(rules, state: dict, upcoming: Action | None = None) -> list[Action]:
    """With a seed in the state, deal every chance outcome the game waits for, up to the next
    decision, and return them. Nothing is dealt when `upcoming` is a chance outcome: the log
    records it (and applying it advances the RNG as dealing it would).

    Each outcome is dealt once: `rules.deal` draws it and advances the state's RNG, and it is
    applied as dealt (`dealt=True`), without drawing it again."""
    out: list[Action] = []
    if upcoming is not None and upcoming.is_chance:
        return out
    while (action := rules.deal(state)) is not None:
        rules.apply(state, action, dealt=True)
        out.append(action)
    return out


class Driver:
    """One game in progress: the ruleset, the state, the seeded dealer and the rollback.

    - `deal(upcoming)`: deal from the seed up to the next decision (see `deal`).
    - `apply(action)`: check and apply one action. An illegal action raises IllegalAction and
      leaves no trace: the state is restored from the canonical snapshot taken before it (so
      `driver.state` may be a new object afterwards). With `rollback=False` (the simulator,
      which applies only offered actions) no snapshot is taken and nothing is restored.
    - `checkpoint()`: the checksum of the state now; the canonical bytes it is taken over are
      also the rollback point of the next action (one dump per action serves both).
    """

    def __init__(self, rules, state: dict, rollback: bool = True):
        self.rules, self.state, self.rollback = rules, state, rollback
        self.dealt = 0  # chance outcomes dealt from the seed
        self._saved: bytes | None = None  # the canonical bytes of the state (RNG aside), while current

    def deal(self, upcoming: Action | None = None) -> list[Action]:
        dealt = deal(self.rules, self.state, upcoming)
        if dealt:
            self.dealt += len(dealt)
            self._saved = None
        return dealt

    def apply(self, action: Action) -> Outcome:
        if self.rollback and self._saved is None:
            self._saved = snapshot(self.state)[0]
        rng = self.state.get("rng")
        try:
            outcome = self.rules.apply(self.state, action)
        except IllegalAction:
            if self.rollback:
                self.state = restore(self._saved, rng)
            raise
        self._saved = None
        return outcome

    def checkpoint(self) -> str:
        self._saved, digest = snapshot(self.state)
        return digest

    def copy_state(self) -> dict:
        """A copy of the state as it stands (read back from its canonical bytes)."""
        if self._saved is None:
            self.checkpoint()
        return restore(self._saved, self.state.get("rng"))

    def prompt(self) -> dict | None:
        return self.rules.prompt(self.state)

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)


class Replay:
    """Replays one log. `run()` returns the report (see schemas/report.json)."""

    def __init__(self, log: Log, mode: str = "strict", snapshots: str = "final", deadline: float | None = None,
                 deal_at_end: bool = True, driver: Driver | None = None, observe=None):
        """`deadline` (time.monotonic() value) bounds the replay time of a service request.
        `deal_at_end=False` stops right after the last logged action (a position's log prefix,
        a stored game's state after one action) instead of dealing up to the next decision.
        `driver`: start from this game in progress (a position) instead of the log's setup.
        `observe(verdict, driver)` is called after every step, its checksum taken (the viewer)."""
        self.log, self.mode, self.snapshots, self.deadline = log, mode, snapshots, deadline
        self.deal_at_end, self.observe = deal_at_end, observe
        self.rules = log.rules
        self.driver = driver or Driver(self.rules, self.rules.new_state(log.game, log.setup))
        self.verdicts: list[Verdict] = []
        self.snapshot_list: list[dict] = []
        self.first_illegal: int | None = None

    @property
    def state(self) -> dict:
        return self.driver.state

    @property
    def dealt(self) -> int:
        return self.driver.dealt

    def step(self, index: int, action: Action) -> Verdict:
        pointer = self.log.pointers[index]
        try:
            outcome = self.driver.apply(action)
        except IllegalAction as err:
            return Verdict(index, ILLEGAL, err.code, self.words(err.message), err.rulings, pointer, err.path)
        return Verdict(index, outcome.verdict, outcome.code, self.words(outcome.message),
                       tuple(outcome.rulings), pointer)

    def words(self, message: str) -> str:
        """The message in display names (a rule system without `humanize` keeps its ids)."""
        humanize = getattr(self.rules, "humanize", None)
        return humanize(message, self.state) if humanize and message else message

    def run(self) -> dict:
        driver = self.driver
        for index, action in enumerate(self.log.actions):
            if self.deadline is not None and index % 256 == 0 and time.monotonic() > self.deadline:
                raise LimitExceeded("the replay took longer than this service allows", "/actions",
                                    code="limit-replay-time")
            driver.deal(action)
            verdict = self.step(index, action)
            verdict.conditional = self.first_illegal is not None
            self.verdicts.append(verdict)
            if verdict.verdict == ILLEGAL and self.first_illegal is None:
                self.first_illegal = index
                if self.mode == "strict":
                    break
            verdict.checksum = driver.checkpoint()
            if self.snapshots == "all":
                self.snapshot_list.append(driver.copy_state())
            if self.observe is not None:
                self.observe(verdict, driver)
        if self.first_illegal is None and self.deal_at_end:
            driver.deal()
        return self.report()

    def report(self) -> dict:
        out = {
            "format": "dune-adjudicator/report",
            "version": 1,
            "engine": ENGINE_VERSION,
            "game": self.log.game,
            "mode": self.mode,
            "valid": self.first_illegal is None,
            "first_illegal": self.first_illegal,
            "actions": len(self.log.actions),
            "dealt": self.dealt,
            "verdicts": [v.to_json(self.rules.edition) for v in self.verdicts],
            "final_checksum": checksum(self.state),
            "setup_citations": citations(self.rules.setup_rulings, self.rules.edition),
            "result": self.rules.result(self.state),
            "pending": self.rules.prompt(self.state),
        }
        if self.snapshots in ("final", "all"):
            out["final_state"] = self.state
        if self.snapshots == "all":
            out["snapshots"] = self.snapshot_list
        return out


def replay(doc, mode: str = "strict", snapshots: str = "final") -> dict:
    return Replay(parse_log(doc), mode, snapshots).run()
