"""Classic Dune's expansions and options, each a `Module` in a folder of its own: `advanced`
(the advanced game), `ixians_tleilaxu` (the Ixians & Tleilaxu expansion) and `tech_tokens` (its
optional Tech Tokens). A folder's `__init__.py` defines its `Module`, adds it to
`registry.MODULES` and imports its rule files, whose listeners are registered for it
(`hook(event, module=...)`), so they run only in its games.

Importing this package is the rule system's plugin loading (rules.py imports it): the advanced
game, the base game's factions, then the expansion and its Tech Tokens, the order the hooks run in,
which `registry.HOOK_ORDER` declares (whatever a test imports first) with its reasons."""

from . import advanced  # noqa: I001  (the order of registry.HOOK_ORDER)
from .. import factions  # noqa: F401  (registrations)
from . import ixians_tleilaxu, tech_tokens

__all__ = ["advanced", "ixians_tleilaxu", "tech_tokens"]
