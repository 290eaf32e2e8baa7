"""Decks as multisets (sorted lists). A draw is a chance outcome: the dealer picks uniformly
from what is left, a recorded draw is checked against it (ruling engine.offered-actions)."""

from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.rng import below

CARD_MISSING = ("dune.engine-chance-outcomes",)
UNSEEN = "?"  # a card the log's writer could not see (supply.HIDDEN, which imports this module)


# what every player sees when it comes, each kind in its sentence (a template takes no words as params)
SPICE_CARD_SHOWN = ("A Spice card is shown to every player when it comes, so a log names it: \"?\" stands only "
                    "for a card its writer could not see.")
STORM_DIAL_SHOWN = ("A storm dial is shown to every player when it comes, so a log names it: \"?\" stands only "
                    "for a card its writer could not see.")
STORM_CARD_SHOWN = ("A Storm card is shown to every player when it comes, so a log names it: \"?\" stands only "
                    "for a card its writer could not see.")


def named_face_up(value, kind: str) -> None:
    """What every player sees when it comes (`kind`: a "spice" card, a "storm-dial", a "storm-card") is
    named in a log: "?" stands only for what the writer could not see (ruling dune.engine-hidden-cards)."""
    if value == UNSEEN:
        raise IllegalAction("dune.engine-hidden-cards", SPICE_CARD_SHOWN if kind == "spice" else
                            STORM_CARD_SHOWN if kind == "storm-card" else STORM_DIAL_SHOWN,
                            ("dune.engine-hidden-cards", "dune.engine-chance-outcomes"))


def shown(card) -> str:
    """A card (or leader) a log names, as a refusal names it: a value that is no name (a number, a
    list) as "?", so that no Python value reaches a sentence."""
    return card if isinstance(card, str) else UNSEEN


def draw(state: dict, deck: list, n: int = 1) -> list[str]:
    """n cards drawn at random without replacement (the deck is left unchanged)."""
    left = list(deck)
    return sorted(left.pop(below(state, len(left))) for _ in range(min(n, len(left))))


def take(deck: list, cards: list[str], what: str) -> None:
    """Remove cards from a deck, refusing any it does not hold (before changing anything)."""
    left = list(deck)
    for card in cards:
        if card not in left:
            raise IllegalAction("dune.card-not-available", "{card} is not in the hand it is taken from."
                                if what == "hand" else "{card} is not in the Traitor deck."
                                if what == "Traitor deck" else "{card} is not in the Treachery deck.",
                                CARD_MISSING, params={"card": shown(card)})
        left.remove(card)
    deck[:] = left


def put(deck: list, cards: list[str]) -> None:
    deck.extend(cards)
    deck.sort()
