"""Bloodlines (seed 000, the Bloodlines rules manual): its cards (`cards.py`), leaders
(`leaders.py`), Sardaukar Commanders and Skills (`commanders.py`; as units in the Conflict:
`units.py`, which the general rules read), Esmar Tuek's Sietch (`tuek.py`) and what its pieces
hide in a public view (`hidden.py`). The Tech Module is a module of its own (`modules/tech/`)."""

from ....core.engine import Module
from ...registry import MODULES
from .stock import setup_variant, skill_copies
from .units import COMMANDER, commanders_in, extra_strength, extra_units, move_commanders, return_to_supply

BLOODLINES = MODULES.add(Module(
    "bloodlines", "Bloodlines", lambda state: "bloodlines" in state["game"]["modules"],
    editions=("uprising", "base"),
    sources=("seed 000: Dune: Imperium – Bloodlines rules manual", "rulings/seed-000-bloodlines.toml",
             "rulings/bloodlines-cards.toml")))

__all__ = ["BLOODLINES", "COMMANDER", "commanders_in", "extra_strength", "extra_units", "move_commanders",
           "return_to_supply", "setup_variant", "skill_copies"]
