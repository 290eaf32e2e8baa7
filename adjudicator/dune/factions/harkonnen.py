"""Harkonnen (ruling dune.harkonnen): with each card bought the Harkonnen take another card from
the deck free, if their hand has room (eight cards). Their four traitors and two starting cards
are in setup.py, the hand limit in treachery.py. Their allies may call Harkonnen traitors
(ruling dune.alliances-harkonnen). In the advanced game they capture leaders
(modules/advanced/harkonnen.py)."""

from __future__ import annotations

from ..alliance import ally_of
from ..game import Game
from ..karama import stopped
from ..registry import hook
from ..treachery import HAND_LIMITS

FACTION = "harkonnen"


@hook("card-bought")
def extra_card(g: Game, buyer: str, auction: dict) -> None:
    # the bought card is still to be drawn: room for two means room for the free one
    if stopped(g, "harkonnen-free-card", auction):
        return
    if g.faction(buyer) == FACTION and len(g.p(buyer)["hand"]) + 2 <= HAND_LIMITS[FACTION]:
        g.push({"t": "chance", "kind": "draw-treachery", "player": buyer})
        g.rulings.append("dune.harkonnen")


@hook("traitors-of")
def allies_traitors(g: Game, pid: str) -> str | None:
    """The Harkonnen ally whose traitors `pid` may call."""
    friend = ally_of(g, pid)
    return friend if friend and g.faction(friend) == FACTION else None
