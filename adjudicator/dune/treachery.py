"""Treachery cards in hands: the draw (a chance outcome: who draws is public, which card only its
player sees) and the hand limits (ruling dune.bidding-declare).

A log written by someone who did not see a card records its draw as "?" (ruling
dune.engine-hidden-cards): the hand holds "?", the card stays counted in the deck (`hidden`
counts such cards) and is named when it is played (`identify`), which makes that action
`unverifiable` rather than legal: the log could not show the card was drawn."""

from __future__ import annotations

from ..core.observers import Hidden
from . import supply
from .deck import draw, put, take
from .game import Game
from .registry import ChanceKind, chance_kind

HAND_LIMITS = {"harkonnen": 8}
HAND_LIMIT = 4
HIDDEN = supply.HIDDEN
HIDDEN_RULINGS = ("dune.engine-hidden-cards",)
FAMILY_ATOMICS = "family-atomics"  # set aside out of the game after play (cards.py)


def hand_limit(g: Game, pid: str) -> int:
    return HAND_LIMITS.get(g.faction(pid), HAND_LIMIT)


def has_room(g: Game, pid: str) -> bool:
    return len(g.p(pid)["hand"]) < hand_limit(g, pid)


def visible(g: Game) -> int:
    """Cards truly left in the deck: its multiset also counts the unknown cards in hands."""
    return supply.visible(g.state)


# A draw comes from the deck (its known top first: supply.py) or, with `from` on the task, from
# the cards set aside face down (the Ixians' setup deal and auction supply).
def _deal(g: Game, task: dict) -> dict:
    pile = task.get("from")
    card = draw(g.state, g.state["treachery"][pile])[0] if pile else supply.deal(g.state)
    return {"do": "draw-treachery", "player": task["player"], "card": card}


def _check(g: Game, task: dict, data: dict) -> None:
    if task.get("from"):
        supply.check_from(g.state, task["from"], data.get("card"))
    else:
        supply.check_draw(g.state, data.get("card"))


def _apply(g: Game, task: dict, data: dict) -> None:
    card = data["card"]
    if task.get("from"):
        supply.take_from(g.state, task["from"], card)
    else:
        supply.take_from_deck(g.state, card)
    put(g.p(task["player"])["hand"], [card])
    if task.get("bought"):  # which card was bought, for the Ixian ally's replacement
        g.state["treachery"]["bought"] = card


chance_kind(ChanceKind("draw-treachery", _deal, _check, _apply, ("dune.setup-treachery",), Hidden(("card", "cards"))))


def could_hold(g: Game, pid: str, card: str, hand: list | None = None) -> bool:
    """The card is in the hand, or one of its unknown cards may be it."""
    hand = g.p(pid)["hand"] if hand is None else hand
    t = g.state["treachery"]
    return card in hand or (HIDDEN in hand and t.get("hidden", 0) > 0 and card in t["deck"])


def identify(g: Game, pid: str, card: str) -> None:
    """Make sure the card is in the hand, naming an unknown card if need be (could_hold first)."""
    hand, t = g.p(pid)["hand"], g.state["treachery"]
    if card in hand:
        return
    hand.remove(HIDDEN)
    t["deck"].remove(card)
    t["hidden"] -= 1
    put(hand, [card])
    g.hidden.append(f"{pid}'s unknown Treachery card is taken to be {card}")
    g.rulings += HIDDEN_RULINGS


def discard(g: Game, pid: str, cards: list[str], pile: str = "discard") -> None:
    """From the hand to the discard pile, or with pile="removed" out of the game (Family Atomics:
    a pile made when first used, so a game without one keeps its state's shape)."""
    for card in cards:
        identify(g, pid, card)
    take(g.p(pid)["hand"], cards, "hand")
    put(g.state["treachery"].setdefault(pile, []), cards)
