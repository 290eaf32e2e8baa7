"""The replay driver: every logged action is checked against the rules and answered with a
verdict; a checksum of the state follows every step.

Strict mode stops at the first illegal action. Continue mode skips it (the state is restored
to before it) and goes on, marking every later verdict `conditional`. Replay never invents a
decision: only chance outcomes are dealt, and only when the log gives a seed.
"""

from __future__ import annotations

import time

from .. import ENGINE_VERSION
from .actions import Action
from .canonical import checksum, restore, snapshot
from .errors import IllegalAction, LimitExceeded
from .logs import Log, parse_log
from .rulings import citations
from .verdicts import ILLEGAL, Verdict

SNAPSHOTS = ("none", "final", "all")
MODES = ("strict", "continue")


class Replay:
    """Replays one log. `run()` returns the report (see schemas/report.json)."""

    def __init__(self, log: Log, mode: str = "strict", snapshots: str = "final", deadline: float | None = None):
        """`deadline` (time.monotonic() value) bounds the replay time of a service request."""
        self.log, self.mode, self.snapshots, self.deadline = log, mode, snapshots, deadline
        self.rules = log.rules
        self.state = self.rules.new_state(log.game, log.setup)
        self.verdicts: list[Verdict] = []
        self.snapshot_list: list[dict] = []
        self.dealt = 0
        self.first_illegal: int | None = None

    def deal_pending(self, upcoming: Action | None) -> bool:
        """With a seed, deal chance outcomes the log does not record. True if any was dealt."""
        if self.state.get("rng") is None:
            return False
        before = self.dealt
        while (upcoming is None or not upcoming.is_chance) and (action := self.rules.deal(self.state)):
            self.rules.apply(self.state, action)
            self.dealt += 1
        return self.dealt > before

    def step(self, index: int, action: Action) -> Verdict:
        pointer = self.log.pointers[index]
        rng = self.state.get("rng")
        try:
            outcome = self.rules.apply(self.state, action)
        except IllegalAction as err:
            self.state = restore(self.saved, rng)
            return Verdict(index, ILLEGAL, err.code, err.message, err.rulings, pointer, err.path)
        return Verdict(index, outcome.verdict, outcome.code, outcome.message,
                       tuple(outcome.rulings), pointer)

    def run(self) -> dict:
        self.saved = snapshot(self.state)[0]  # what an illegal action is rolled back to
        for index, action in enumerate(self.log.actions):
            if self.deadline is not None and index % 256 == 0 and time.monotonic() > self.deadline:
                raise LimitExceeded("the replay took longer than this service allows", "/actions",
                                    code="limit-replay-time")
            if self.deal_pending(action):
                self.saved = snapshot(self.state)[0]
            verdict = self.step(index, action)
            verdict.conditional = self.first_illegal is not None
            self.verdicts.append(verdict)
            if verdict.verdict == ILLEGAL and self.first_illegal is None:
                self.first_illegal = index
                if self.mode == "strict":
                    break
            self.saved, verdict.checksum = snapshot(self.state)
            if self.snapshots == "all":
                self.snapshot_list.append(restore(self.saved, self.state.get("rng")))
        if self.first_illegal is None:
            self.deal_pending(None)
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
            "verdicts": [v.to_json() for v in self.verdicts],
            "final_checksum": checksum(self.state),
            "setup_citations": citations(self.rules.setup_rulings),
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
