"""Rise of Ix (the rulebook in shared/rulebooks), for the original Dune: Imperium: its pieces in
the state (`units.py`: dreadnoughts, Freighters, Negotiators, dreadnought control) and its rules
(`ix.py`: setup, the overlay's and the Ix board's spaces, the Shipping track, dreadnoughts, what
is not implemented yet). Its Tech tiles use the Tech tile rules of `modules/tech/tech.py`, shared
with Bloodlines' Tech Module (the Bloodlines manual calls that module Rise of Ix's Tech system)."""

from ....core.engine import Module
from ...registry import MODULES
from .units import (
    DREADNOUGHT,
    MODULE,
    board,
    conservation,
    controller,
    dreadnought_strength,
    dreadnoughts,
    dreadnoughts_in,
    move_dreadnoughts,
)

# The steps of Rise of Ix's cards, tiles and leaders with no code yet (docs/ix-data.md): reaching one
# is answered unverifiable / not-implemented (a standing one: each turn of its owner), never ignored.
# tests/test_ix_rules.py pins this list.
NOT_IMPLEMENTED = ("one-step-ahead",)

IX = MODULES.add(Module(
    "ix", "Rise of Ix", lambda state: MODULE in state["game"]["modules"],
    editions=("base",),
    combines={"immortality": "Epic Game Mode with Immortality: Control the Spice starts in the discard pile"},
    sources=("Dune: Imperium – Rise of Ix rulebook", "rulings/rise-of-ix.toml")))

__all__ = ["DREADNOUGHT", "IX", "MODULE", "NOT_IMPLEMENTED", "board", "conservation", "controller",
           "dreadnought_strength", "dreadnoughts", "dreadnoughts_in", "move_dreadnoughts"]
