"""What a classic Dune game's facts add to the common ones (core/facts.py): its length in turns
and the first player (first in storm order once the first storm has moved). The win type is the
result's `how` (strongholds, prediction, fremen-default, guild-default,
most-strongholds, no-winner), common to all."""

from __future__ import annotations

from ..core.actions import Action
from ..core.verdicts import Verdict

BEFORE_ORDER = ("setup", "storm")  # phases before the first storm has set the order


class DuneTally:
    def __init__(self):
        self.first_player: str | None = None

    def start(self, state: dict) -> None:
        self.step(state, None, None)

    def step(self, state: dict, action: Action | None, verdict: Verdict | None) -> None:
        if self.first_player is None and state["turn"] >= 1 and state["phase"] not in BEFORE_ORDER:
            self.first_player = state["order"][0]

    def facts(self, state: dict) -> dict:
        return {"length": state["turn"], "length_unit": "turns", "first_player": self.first_player}
