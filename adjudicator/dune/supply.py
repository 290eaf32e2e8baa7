"""Treachery cards set aside face down, and the deck's known top and bottom (the Ixians: seed 002
paragraphs 7, 9-11; rulings ixtl.ixian-starting-cards, ixtl.ixian-auction-prep, our readings in
dune.engine-ixtl-auction). The one place that moves a card between the deck, the supply and a hand.

The Treachery state (`state["treachery"]`) may hold, besides `deck`, `discard` and `hidden`:
- `up`: the supply, cards drawn face down and not yet in a hand (the Ixians' setup deal, the
  auction supply). An entry may be `"?"` when the log's writer did not see it: like an unknown
  card in a hand it is counted in `hidden` and its card stays in the deck's multiset.
- `offered`: the card up for bid that the Ixians' Technology put there (at most one).
- `top` / `bottom`: named cards the Ixians returned to the top (the last is drawn first) or the
  bottom of the deck (the first is drawn first, once the rest is gone); both stay in `deck`.

A card taken from the supply by a writer who names it where the supply only holds `"?"` is
checked like a draw from the deck (the unknown cards came from it); a `"?"` taken from a supply
whose cards are all named makes them all unknown again (who got which is no longer known)."""

from __future__ import annotations

from collections import Counter

from ..core.errors import IllegalAction
from .deck import draw, put, shown, take

HIDDEN = "?"
MISSING = ("dune.engine-chance-outcomes",)


def _t(state: dict) -> dict:
    return state["treachery"]


def visible(state: dict) -> int:
    """Cards truly left in the deck: its multiset also counts the unknown cards drawn."""
    t = _t(state)
    return len(t["deck"]) - t.get("hidden", 0)


def refill(state: dict) -> None:
    """An empty deck is made again from the discard pile (a multiset: shuffling is drawing)."""
    t = _t(state)
    if visible(state) == 0:
        put(t["deck"], t["discard"])
        t["discard"] = []


def _rest(t: dict) -> list[str]:
    """The shuffled part of the deck: neither its known top nor its known bottom."""
    return sorted((Counter(t["deck"]) - Counter(t.get("bottom", []))).elements())


def drawable(state: dict) -> list[str]:
    """What the next draw from the deck may be (after a refill)."""
    t = _t(state)
    if t.get("top"):
        return [t["top"][-1]]
    rest = _rest(t)
    if len(rest) > t.get("hidden", 0) or not t.get("bottom"):
        return rest
    return [t["bottom"][0]]


def deal(state: dict) -> str:
    refill(state)
    return draw(state, drawable(state))[0]


def check_draw(state: dict, card) -> None:
    t = _t(state)
    if card == HIDDEN and (visible(state) or t["discard"]):
        return
    pool = drawable(state) if visible(state) else t["deck"] + t["discard"]
    if card not in pool:
        raise IllegalAction("dune.card-not-available", "{card} is not on top of the Treachery deck."
                            if t.get("top") else "{card} is not in the Treachery deck.", MISSING,
                            params={"card": shown(card)})


def take_from_deck(state: dict, card: str) -> str:
    """The deck's side of a draw (checked first): the card leaves it, or an unknown one is counted."""
    refill(state)
    t = _t(state)
    from_bottom = not t.get("top") and t.get("bottom") and drawable(state) == t["bottom"][:1]
    known = "top" if t.get("top") else "bottom" if from_bottom else None
    if known:  # an emptied pile is no pile, as in take_from (a cut's scenario writes none)
        t[known].pop(-1 if known == "top" else 0)
        if not t[known]:
            del t[known]
    if card == HIDDEN:  # the card stays in the deck's multiset until it is named
        t["hidden"] = t.get("hidden", 0) + 1
    else:
        take(t["deck"], [card], "Treachery deck")
    return card


def _name(t: dict, pile: list, card: str) -> None:
    """An unknown card in `pile` is taken to be `card` (still in the deck's multiset)."""
    pile.remove(HIDDEN)
    take(t["deck"], [card], "Treachery deck")
    t["hidden"] -= 1
    pile.append(card)
    pile.sort()


# --- the supply -----------------------------------------------------------------------------------
def check_from(state: dict, pile: str, card) -> None:
    t = _t(state)
    cards = t.get(pile, [])
    if not cards:
        raise IllegalAction("dune.card-not-available", "No card is set aside to take.", MISSING)
    if card in cards or card == HIDDEN or (HIDDEN in cards and card in t["deck"]):
        return
    raise IllegalAction("dune.card-not-available", "{card} is not among the cards set aside: {cards}.",
                        ("dune.engine-chance-outcomes", "ixtl.ixian-auction-knowledge"),
                        params={"card": shown(card), "cards": list(cards)})


def take_from(state: dict, pile: str, card: str) -> str:
    """A card leaves the supply (checked first); see the module's note on unknown cards."""
    t = _t(state)
    cards = t[pile]
    if card == HIDDEN and HIDDEN not in cards:  # who got which is no longer known
        put(t["deck"], cards)
        t["hidden"] = t.get("hidden", 0) + len(cards)
        cards[:] = [HIDDEN] * len(cards)
    elif card != HIDDEN and card not in cards:
        _name(t, cards, card)
    cards.remove(card)
    if not cards:
        del t[pile]
    return card


def set_aside(state: dict, pile: str, card: str) -> None:
    cards = _t(state).setdefault(pile, [])
    cards.append(card)
    cards.sort()


def back_to_deck(state: dict, card: str, where: str | None = None) -> None:
    """A card from the supply (already taken) goes back into the deck, on its `top` or `bottom`
    if named and placed there; an unknown one simply rejoins the deck it never left."""
    t = _t(state)
    if card == HIDDEN:
        t["hidden"] -= 1
        return
    put(t["deck"], [card])
    if where is not None:
        t.setdefault(where, []).append(card)


def empty(state: dict, pile: str) -> None:
    """Cards left aside go back on the deck, in no known order (dune.engine-ixtl-auction)."""
    t = _t(state)
    for card in t.get(pile, []):
        back_to_deck(state, card)
    t.pop(pile, None)


def public(t: dict, sees: bool) -> None:
    """A viewer's copy of the Treachery state: what was set aside and the deck's known top and
    bottom are counts unless the viewer is the faction that saw them (`sees`: the Ixians); which
    card was just bought stays its buyer's."""
    for key in ("up", "offered", "top", "bottom"):
        if key in t and not sees:
            t[key] = len(t[key])
    t.pop("bought", None)
