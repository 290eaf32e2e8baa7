"""Card, leader and board rules that need code, one module per edition: each registers its
`{"custom": name}` handlers, the kinds of choice its cards ask for, and the hooks by which its
cards change general rules (registry.py). Importing this package loads them all.

common.py: both editions (maker harvest, Conflict control, the winner's Conflict card, Signet
Ring, Manipulate); uprising.py: CHOAM contracts, Uprising cards and leaders; base.py: the
original game's board (Mentat, Foldspace), Imperium cards and leaders; base_intrigue.py: its
Intrigue cards; bloodlines*.py, commanders.py: the Bloodlines cards, leaders and Sardaukar
Commanders; tuek.py: Esmar Tuek's Sietch; tech.py: the Tech Module and Kota Odax of Ix;
hidden.py: what the public view hides; triggers.py: leader abilities and CHOAM contracts;
rivals.py, rivals_turn.py: House Hagal Rivals (1-2 players, Uprising); rivals_base.py: the
original game's two-player House Hagal; rivals_bloodlines.py, rivals_immortality.py, rivals_tech.py:
the expansions' Rival rules (rivals_tech: solo Rivals and the Tech Module); six.py,
six_cards.py, six_commanders.py: the six-player team game (Uprising); six_immortality.py: that game
with Immortality.
"""

from __future__ import annotations

# Hooks fire in registration order, which is this (alphabetical) import order: the same log
# always resolves triggers the same way.
from . import (
               base,
               base_intrigue,
               bloodlines,
               bloodlines_leaders,
               commanders,
               common,
               hidden,
               immortality,
               immortality_cards,
               rivals,
               rivals_base,
               rivals_bloodlines,
               rivals_immortality,
               rivals_tech,
               rivals_turn,
               six,
               six_cards,
               six_commanders,
               six_immortality,
               tech,
               triggers,
               tuek,
               uprising,
)

__all__ = ["base", "base_intrigue", "bloodlines", "bloodlines_leaders", "commanders", "common", "hidden",
           "immortality", "immortality_cards", "rivals", "rivals_base", "rivals_bloodlines", "rivals_immortality",
           "rivals_tech", "rivals_turn", "six", "six_cards", "six_commanders", "six_immortality", "tech", "triggers",
           "tuek", "uprising"]
