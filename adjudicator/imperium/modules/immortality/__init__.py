"""Immortality (seed 003, the Immortality rulebook): the Bene Tleilax board's pieces in the state
(`board.py`), the board, specimens, Tleilaxu cards and Family Atomics (`immortality.py`), the
cards whose steps need code (`cards.py`) and Graft (`graft.py`)."""

from ....core.engine import Module, peek
from ...registry import MODULES
from .board import MODULE, conservation, markers, reclaimed_forces, research_spaces
from .board import board as tleilax_board  # (a name other than the file board.py)

IMMORTALITY = MODULES.add(Module(
    "immortality", "Immortality", lambda state: "immortality" in peek(state, "game")["modules"],
    editions=("uprising", "base"),
    sources=("seed 003: Dune: Imperium – Immortality rulebook", "rulings/seed-003-immortality.toml")))

__all__ = ["IMMORTALITY", "MODULE", "conservation", "markers", "reclaimed_forces", "research_spaces", "tleilax_board"]
