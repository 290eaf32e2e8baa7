"""Traitor cards recorded as unknown (ruling dune.engine-hidden-cards): a log written by someone
who did not see a player's Traitor cards records them as "?" when drawn and kept. Such a card
stays counted in the Traitor deck's multiset (`traitor_hidden` counts them) and is named when it
is revealed: a traitor call names the opposing leader, which makes that action `unverifiable`
(the log could not show the card was drawn), never illegal while the deck could have dealt it."""

from __future__ import annotations

from .game import Game
from .treachery import HIDDEN, HIDDEN_RULINGS


def hidden(g: Game) -> int:
    return g.state.get("traitor_hidden", 0)


def could_betray(g: Game, cards: list[str], leader: str) -> bool:
    """The leader's card is among these traitors, or one of their unknown cards may be it."""
    return leader in cards or (HIDDEN in cards and hidden(g) > 0 and leader in g.state["traitor_deck"])


def reveal(g: Game, owner: str, leader: str) -> None:
    """Name an unknown Traitor card of `owner` as `leader` (could_betray first)."""
    cards = g.p(owner)["traitors"]
    if leader not in cards:
        name_unknown(g, cards, owner, leader)


def name_unknown(g: Game, cards: list, owner: str, leader: str) -> None:
    """Take one of `owner`'s unknown Traitor cards in `cards` (kept or drawn) to be `leader`'s."""
    cards.remove(HIDDEN)
    cards.append(leader)
    cards.sort()
    g.state["traitor_deck"].remove(leader)
    g.state["traitor_hidden"] -= 1
    g.hidden.append(f"{owner}'s unknown Traitor card is taken to be {leader}")
    g.rulings += HIDDEN_RULINGS
