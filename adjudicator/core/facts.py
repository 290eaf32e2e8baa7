"""One game's facts (schemas/facts.json), taken during the replay that validates it: no second pass.

The replay driver (`Replay(..., tally=True)`) asks the rule system for a `Tally`
(`RuleSet.tally()`), shows it the state before the first action and after every step, and the
finished report gives the rest: who played what, the result in the one result shape
(core/results.py) and the first illegal action with its rulings. A rule system's tally adds
what only its state knows (VP by source, rounds or turns, cards acquired, ...).

Winners and ranking are read from the result only, so every rule system is counted alike."""

from __future__ import annotations

from typing import Protocol

from .actions import Action
from .verdicts import Verdict

FACTS_FORMAT = "dune-adjudicator/facts"


class Tally(Protocol):
    """What a rule system notes of one game while it is replayed."""

    def start(self, state: dict) -> None:
        """The state after setup, before the first logged action."""

    def step(self, state: dict, action: Action | None, verdict: Verdict | None) -> None:
        """The state after one step (an illegal action leaves it as it was before); `action` None:
        after the steps the engine takes on its own once the log ends."""

    def facts(self, state: dict) -> dict:
        """The rule system's part of the facts: `length` (rounds or turns), `first_player`,
        and as it has them `seats` (when the game seats more than the log's players: Rivals),
        `vp`, `vp_sources` (per player: source -> VP), `vp_by_round` (per round: player -> VP
        after it), `cards_acquired` and `contracts` (per player)."""


def game_facts(report: dict, own: dict) -> dict:
    """The facts of a replayed game: `report` (core/replay.py) and its tally's `own` facts."""
    game, result = report["game"], report["result"]
    players = game["players"]
    out = {
        "format": FACTS_FORMAT, "version": 1,
        "system": game["system"], "edition": game["edition"], "modules": sorted(game.get("modules", [])),
        "players": len(players),
        "seats": [{"player": p["id"], "seat": i + 1, "plays": p.get("leader") or p.get("faction")}
                  for i, p in enumerate(players)],
        "valid": report["valid"], "actions": report["actions"],
        "finished": bool(result["finished"]), "winners": list(result["winners"]), "how": result["how"],
        "ranking": list(result["ranking"]),
        "first_illegal": None,
    }
    if report["first_illegal"] is not None:
        bad = report["verdicts"][report["first_illegal"]]
        out["first_illegal"] = {"index": bad["index"], "code": bad["code"],
                                "rulings": [c["ruling"] for c in bad["citations"]]}
    return {**out, **own}
