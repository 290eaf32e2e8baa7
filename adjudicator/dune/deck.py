"""Decks as multisets (sorted lists). A draw is a chance outcome: the dealer picks uniformly
from what is left, a recorded draw is checked against it (ruling engine.offered-actions)."""

from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.rng import below

CARD_MISSING = ("dune.engine-chance-outcomes",)
UNSEEN = "?"  # a card the log's writer could not see (supply.HIDDEN, which imports this module)


def named_face_up(value, what: str) -> None:
    """What every player sees when it comes (a Spice card, a storm dial, a Storm card) is named in a log:
    "?" stands only for what the writer could not see (ruling dune.engine-hidden-cards)."""
    if value == UNSEEN:
        raise IllegalAction("dune.engine-hidden-cards", f"{what} is shown to every player when it comes, so a log "
                            "names it: \"?\" stands only for a card its writer could not see",
                            ("dune.engine-hidden-cards", "dune.engine-chance-outcomes"))


def draw(state: dict, deck: list, n: int = 1) -> list[str]:
    """n cards drawn at random without replacement (the deck is left unchanged)."""
    left = list(deck)
    return sorted(left.pop(below(state, len(left))) for _ in range(min(n, len(left))))


def take(deck: list, cards: list[str], what: str) -> None:
    """Remove cards from a deck, refusing any it does not hold (before changing anything)."""
    left = list(deck)
    for card in cards:
        if card not in left:
            raise IllegalAction("dune.card-not-available", f"{card} is not in the {what}", CARD_MISSING)
        left.remove(card)
    deck[:] = left


def put(deck: list, cards: list[str]) -> None:
    deck.extend(cards)
    deck.sort()
