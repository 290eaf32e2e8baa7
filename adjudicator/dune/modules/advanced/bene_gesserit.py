"""The Bene Gesserit's worthless cards as Karama, the advanced game (ruling
dune.bene-gesserit-worthless-karama; how a log plays it: dune.engine-advanced-game, karama.py and
cards.py ask the hook `karama-stand-in`), and their CHOAM Charity whatever they hold (ruling
dune.bene-gesserit-advanced: the rulebook lists it among the advanced advantages). Their advisors
are bene_gesserit_advisors.py's; their basic advantages factions/bene_gesserit.py's."""

from __future__ import annotations

from ...game import Game
from ...karama import stopped
from ...registry import hook
from ...treachery import HIDDEN, could_hold

MODULE = "advanced"  # every listener here runs only in its games
FACTION = "bene-gesserit"


# --- a worthless card as a Karama (advanced, not played yet) -------------------------------------------------
@hook("karama-stand-in", module=MODULE)
def worthless_as_karama(g: Game, pid: str, card: str | None) -> bool | None:
    """Advanced: the Bene Gesserit may use a worthless card (`card`, or any they hold) as a Karama."""
    if pid != g.player_of(FACTION):
        return None
    cards = [card] if card is not None else [c for c in g.p(pid)["hand"] if c != HIDDEN]
    return any(g.c.treachery.get(c, {}).get("kind") == "worthless" and could_hold(g, pid, c) for c in cards) or None


# --- CHOAM Charity whatever they hold (advanced) --------------------------------------------------------
CHARITY = 2


@hook("charity", module=MODULE)
def charity(g: Game, pid: str) -> int | None:
    """They may claim it holding any spice, and receive 2 (our reading of the amount, ruling
    dune.engine-faction-readings; of its being advanced, dune.engine-advanced-advantages)."""
    if g.faction(pid) != FACTION or stopped(g, "bene-gesserit-charity"):
        return None
    g.rulings.extend(("dune.bene-gesserit-advanced", "dune.engine-advanced-advantages"))
    return CHARITY
