"""The Tech Module of Bloodlines (seed 000 pp. 6-7): the tiles in the state (`tiles.py`: which a
game uses, the three stacks, conservation) and its rules (`tech.py`: revealing, acquiring and
flipping tiles, the tiles' abilities, the Ixian Embassy, Kota Odax of Ix). Played only with
Bloodlines (`rules.MODULE_NEEDS`)."""

from ....core.engine import Module, peek
from ...registry import MODULES
from .tiles import conservation, price, requirement_met, tile_data

TECH = MODULES.add(Module(
    "tech", "Tech Module (Bloodlines)", lambda state: "tech" in peek(state, "game")["modules"],
    editions=("uprising", "base"),
    sources=("seed 000: Dune: Imperium – Bloodlines rules manual pp. 6-7", "rulings/seed-000-bloodlines.toml")))

__all__ = ["TECH", "conservation", "price", "requirement_met", "tile_data"]
