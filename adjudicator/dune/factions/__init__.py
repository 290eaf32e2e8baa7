"""Each base-game faction's advantages, one module per faction (rulings dune.<faction>): they
answer the hooks the general rule modules ask (registry.HOOKS) and own their own decisions.
Importing this package registers them, in this fixed (alphabetical) order; modules/__init__.py
loads it between the advanced game and the Ixians & Tleilaxu expansion (whose two factions live in
modules/ixians_tleilaxu/)."""

from . import (  # noqa: F401  (registrations)
    atreides,
    bene_gesserit,
    emperor,
    fremen,
    harkonnen,
    spacing_guild,
)
