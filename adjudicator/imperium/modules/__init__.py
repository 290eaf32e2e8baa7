"""The Dune: Imperium family's expansions and modes, each a `Module` in a folder of its own:
`choam`, `bloodlines`, `tech` (Bloodlines' Tech Module), `immortality`, `ix` (Rise of Ix), `rivals` (House Hagal
seats) and `six_players` (the Uprising team game). A folder's `__init__.py` defines its `Module`
and adds it to `registry.MODULES`; it imports none of its rule files, so a general rule may read
a module's state helpers (re-exported there) without loading its rules. The rule files are loaded
once, in the family's fixed order, by `custom/__init__.py`."""

from . import bloodlines, choam, immortality, ix, rivals, six_players, tech

# The family's modules, in `registry.MODULES` (added as each package above is imported).
__all__ = ["bloodlines", "choam", "immortality", "ix", "rivals", "six_players", "tech"]
