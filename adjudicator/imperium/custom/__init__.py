"""The rules that need code, loaded once in the family's fixed order: this package's own files
(cards, leaders and board rules of each edition) and every module's rule files
(`modules/<name>/`). Each registers its `{"custom": name}` handlers, the kinds of choice its
cards ask for, and the hooks by which its cards change general rules (registry.py).

common.py: both editions (maker harvest, Conflict control, the winner's Conflict card, Signet
Ring, Manipulate); uprising.py: CHOAM contracts, Uprising cards and leaders; base.py: the
original game's board (Mentat, Foldspace), Imperium cards and leaders; base_intrigue.py: its
Intrigue cards; triggers.py: leader abilities. The modules: CHOAM (`modules/choam/`), Bloodlines
(`modules/bloodlines/`), the Tech Module (`modules/tech/`), Immortality (`modules/immortality/`),
House Hagal Rivals (`modules/rivals/`), the six-player team game (`modules/six_players/`), Rise of
Ix (`modules/ix/`).
"""

from __future__ import annotations

# The order hooks fire in is declared (registry.HOOK_ORDER), not this import order (a test may
# import a module's file first); this list follows it. A new file goes in both.
# isort: off
from . import base, base_intrigue
from ..modules.choam import contracts
from . import triggers
from ..modules.bloodlines import cards as bloodlines, leaders as bloodlines_leaders, commanders
from . import common
from ..modules.bloodlines import hidden
from ..modules.immortality import immortality, cards as immortality_cards
from ..modules.rivals import hagal, base as rivals_base, bloodlines as rivals_bloodlines
from ..modules.rivals import immortality as rivals_immortality
from ..modules.tech import tech
from ..modules.rivals import tech as rivals_tech, turn as rivals_turn
from ..modules.six_players import teams, cards as six_cards, commanders as six_commanders
from ..modules.six_players import immortality as six_immortality, bloodlines as six_bloodlines
from ..modules.bloodlines import tuek
from . import uprising
from ..modules.immortality import graft
from ..modules.rivals import setup as rivals_setup  # registers nothing: what the facade calls at setup
from ..modules.ix import ix, cards as ix_cards
from ..modules.rivals import ix as rivals_ix
from ..modules.rivals import ix_tech as rivals_ix_tech
# isort: on

__all__ = ["base", "base_intrigue", "triggers", "bloodlines", "bloodlines_leaders", "commanders", "common",
           "hidden", "immortality", "immortality_cards", "hagal", "rivals_base", "rivals_bloodlines",
           "rivals_immortality", "tech", "rivals_tech", "rivals_turn", "teams", "six_cards", "six_commanders",
           "six_immortality", "six_bloodlines", "tuek", "uprising", "graft", "contracts", "rivals_setup", "ix",
           "ix_cards", "rivals_ix", "rivals_ix_tech"]
