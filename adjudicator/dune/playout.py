"""Seeded random playouts for the tests (playing.py plays them): the log with the game's result."""

from __future__ import annotations

from .playing import play
from .rules import DuneRules


def playout(players: int = 4, seed: int = 0, check=None, modules=()) -> dict:
    """A whole game as a log, with `result`; `check(state)` runs after every action (invariants)."""
    log, state = play(DuneRules(), players, seed, check, modules)
    return {**log, "result": state["result"]}
