"""The Ixians & Tleilaxu expansion (seed 002, the expansion's English rules excerpt; rulings
rulings/seed-002-ixians-tleilaxu.toml, dune-ixians-tleilaxu.toml, dune-ixtl-*.toml): the Ixians
(`ixians.py`: Cyborgs and Suboids; `ixians_hms.py`: the Hidden Mobile Stronghold;
`ixian_bidding.py`: their auction), the Tleilaxu (`tleilaxu.py`: Face Dancers; `tleilaxu_revival.py`:
the Axlotl Tanks) and its special Treachery cards played from hand (`ixcards.py`). Its components
are data (`set: ixians-tleilaxu`, read by `content.sets`); its battle cards are weapons.py's.
With the advanced game it adds the two factions' advanced abilities (a listener registered for
both, `module=("advanced", "ixians-tleilaxu")`, or a rule reading `Game.advanced`) and their
special Karama powers (added to the advanced module's `POWERS`)."""

from ....core.engine import Module, peek
from ...registry import MODULES

IXIANS_TLEILAXU = MODULES.add(Module(
    "ixians-tleilaxu", "Ixians & Tleilaxu", lambda state: "ixians-tleilaxu" in peek(state, "game")["modules"],
    combines={"advanced": "the Ixians' Technology and Cyborg support, the Tleilaxu's gholas, both "
                          "factions' special Karama powers"},
    sources=("seed 002: Dune: Ixians & Tleilaxu rules (excerpt)", "rulings/seed-002-ixians-tleilaxu.toml",
             "rulings/dune-ixians-tleilaxu.toml", "rulings/dune-ixtl-bidding.toml", "rulings/dune-ixtl-cards.toml",
             "rulings/dune-ixtl-hms.toml", "rulings/dune-ixtl-tleilaxu.toml")))

from . import ixcards, ixian_bidding, ixians, ixians_hms, tleilaxu, tleilaxu_revival  # noqa: E402, F401, I001
from .tleilaxu import FACE_DANCERS  # noqa: E402  (positions read the Face Dancer piles)

__all__ = ["FACE_DANCERS", "IXIANS_TLEILAXU"]
