"""Classic Dune's expansions and options, each a `Module` in a folder of its own: `advanced`
(the advanced game), `ixians_tleilaxu` (the Ixians & Tleilaxu expansion) and `tech_tokens` (its
optional Tech Tokens). A folder's `__init__.py` defines its `Module`, adds it to
`registry.MODULES` and imports its rule files, whose listeners are registered for it
(`hook(event, module=...)`), so they run only in its games.

Importing this package is the rule system's plugin loading (rules.py imports it), in the one
fixed order the hooks run in: the advanced game first, for its rules come before the factions'
own (the advanced Bene Gesserit's starting force is asked before their prediction, their advisors'
shipment check before the Fremen's), then the base game's factions, then the expansion and its
Tech Tokens (a token is taken before a Face Dancer is revealed)."""

from . import advanced  # noqa: I001  (the load order is the order the hooks run in)
from .. import factions  # noqa: F401  (registrations)
from . import ixians_tleilaxu, tech_tokens

__all__ = ["advanced", "ixians_tleilaxu", "tech_tokens"]
