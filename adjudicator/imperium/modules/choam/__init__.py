"""CHOAM (Uprising): contracts taken from the face-up contracts and completed by their
conditions (`contracts.py`: completion, the `contract:<id>` node, its listeners). Elsewhere:
the `contract` effect op (`effects.py`: without CHOAM, the icon gives Solari), the
`reveal-contract` chance (`chance.py`) and the contract choice (`custom/uprising.py`)."""

from ....core.engine import Module, peek
from ...registry import MODULES

CHOAM = MODULES.add(Module(
    "choam", "CHOAM", lambda state: "choam" in peek(state, "game")["modules"], editions=("uprising",),
    sources=("Dune: Imperium – Uprising rulebook (the CHOAM module)", "rulings/seed-004-uprising.toml")))
