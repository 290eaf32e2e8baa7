"""CHOAM (Uprising): contracts taken from the face-up contracts and completed by their
conditions. Its rules: the `contract` effect op (`effects.py`), the `reveal-contract` chance
(`chance.py`), the contract choice (`custom/uprising.py`) and the contracts' completion
(`custom/triggers.py`); the contract choice is registered by `custom/uprising.py`."""

from ....core.engine import Module
from ...registry import MODULES

CHOAM = MODULES.add(Module(
    "choam", "CHOAM", lambda state: "choam" in state["game"]["modules"], editions=("uprising",),
    sources=("Dune: Imperium – Uprising rulebook (the CHOAM module)", "rulings/seed-004-uprising.toml")))
