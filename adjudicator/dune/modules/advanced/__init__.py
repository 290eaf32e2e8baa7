"""The advanced game (the Gale Force Nine rulebook's Advanced Game; rulings `dune.*` with
`modules = ["advanced"]` in rulings/dune-base.toml, our readings in rulings/dune-engine.toml): the
factions' advanced advantages, each beside its faction's basic ones in factions/: the Atreides'
Kwisatz Haderach (`atreides.py`), the Bene Gesserit's worthless cards as Karama
(`bene_gesserit.py`) and advisors (`bene_gesserit_advisors.py`), the Fremen's storm migration and
worm placement (`fremen.py`), the Harkonnen's captured leaders (`harkonnen.py`); and every
faction's special Karama power (`karama_powers.py`; the Ixians' and the Tleilaxu's are added by
the expansion's module, which combines with this one); the double Spice Blow's second pile and
the spice flow (`spice.py`), the Storm deck (`storm.py`). Spice support in battle and the special
forces stay branches of the general rules that read `Game.advanced` (support.py, forces.py;
docs/ARCHITECTURE.md)."""

from ....core.engine import Module, peek
from ...registry import MODULES

ADVANCED = MODULES.add(Module(
    "advanced", "the advanced game", lambda state: "advanced" in peek(state, "game")["modules"],
    sources=("Dune rulebook (Gale Force Nine, 2019), the Advanced Game", "rulings/dune-base.toml",
             "rulings/dune-engine.toml")))

# registrations, after the Module, in this fixed (alphabetical) order
from . import (  # noqa: E402, F401, I001
    atreides,
    bene_gesserit,
    bene_gesserit_advisors,
    fremen,
    harkonnen,
    karama_powers,
    spice,
    storm,
)
from .atreides import AWAKENS_AFTER  # noqa: E402  (positions check the Kwisatz Haderach's waking)
from .karama_powers import POWERS, Power  # noqa: E402  (another module's faction adds its power)

__all__ = ["ADVANCED", "AWAKENS_AFTER", "POWERS", "Power"]
