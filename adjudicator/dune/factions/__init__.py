"""Each faction's basic-game advantages, one module per faction (rulings dune.<faction>): they
answer the hooks the general rule modules ask (registry.HOOKS) and own their own decisions.
Importing this package registers them, in this fixed (alphabetical) order."""

from . import (  # noqa: F401  (registrations)
    atreides,
    bene_gesserit,
    bene_gesserit_advisors,
    emperor,
    fremen,
    harkonnen,
    ixian_bidding,
    ixians,
    ixians_hms,
    spacing_guild,
    tleilaxu,
    tleilaxu_revival,
)
