"""Decks and hidden cards: a deck is a multiset whose order is unknown, except for a known top
(cards put on top or seen there) and a known bottom (cards put under it); a card an observer
could not see is "?" and is identified when it shows up (`identify`)."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .game import Game, ms_add, ms_remove
from .registry import first

HIDDEN = "?"



def visible(pool: dict) -> int:
    return len(pool["cards"]) - pool["hidden"]


# --- a deck's known top ---------------------------------------------------------------------------
# A deck is a multiset, but a card put on top of it (Bypass Protocol, Recruitment Mission) or seen
# there (Paul Atreides' Prescience, Poison Snooper) is known: deck["top"] lists those cards, the top
# one first, and they are the next ones drawn. The key is absent when nothing is known.
def known_top(pool: dict) -> list:
    return pool.get("top", [])


def put_on_top(pool: dict, card: str) -> None:
    ms_add(pool["cards"], card)
    pool["top"] = [card, *known_top(pool)]


def take_from_deck(pool: dict, card: str) -> None:
    """A named card leaves the deck (looked at, then moved): the top one if it is known."""
    top = known_top(pool)
    if top and top[0] == card:
        set_top(pool, top[1:])
    if not ms_remove(pool["cards"], card):
        raise AssertionError(card)
    trim_top(pool)


def forget_top(pool: dict) -> None:
    """A shuffle: nothing about the order is known any more."""
    pool.pop("top", None)
    pool.pop("bottom", None)


def set_top(pool: dict, top: list) -> None:
    if top:
        pool["top"] = list(top)
    else:
        pool.pop("top", None)


def trim_top(pool: dict) -> None:
    """Keep the known top and bottom within the deck's contents (a face-down card named later
    may have been one of them)."""
    top, left = known_top(pool), list(pool["cards"])
    keep = []
    for card in top:
        if not ms_remove(left, card):
            break
        keep.append(card)
    set_top(pool, keep)
    under: list = []
    for card in reversed(known_bottom(pool)):
        if card != HIDDEN and not ms_remove(left, card):
            break
        under.insert(0, card)
    _set_bottom(pool, under)


# --- a deck's known bottom --------------------------------------------------------------------------
# A card put under a deck (Court Intrigue, Sonic Snoopers) is drawn only once every other card of
# the deck has been: deck["bottom"] lists those cards, the bottom one last ("?": one its observer
# did not see). Absent when nothing is known; a shuffle forgets it.
def known_bottom(pool: dict) -> list:
    return pool.get("bottom", [])


def _set_bottom(pool: dict, bottom: list) -> None:
    if bottom:
        pool["bottom"] = list(bottom)
    else:
        pool.pop("bottom", None)


def put_on_bottom(pool: dict, card: str) -> None:
    """`card` goes under the deck. A face-down one ("?", drawn from this deck unseen) was still
    counted among the deck's cards: it simply stops being held."""
    if card == HIDDEN:
        pool["hidden"] -= 1
    else:
        ms_add(pool["cards"], card)
    pool["bottom"] = [*known_bottom(pool), card]


def bottom_reached(pool: dict, n: int) -> tuple[list, list]:
    """The known bottom cards a draw of `n` must take (the deck's other cards are all drawn
    first) and the named ones it cannot take."""
    under = known_bottom(pool)
    middle = max(0, visible(pool) - len(known_top(pool)) - len(under))
    reached = max(0, n - len(known_top(pool)) - middle)
    return under[:reached], [c for c in under[reached:] if c != HIDDEN]


def after_bottom_drawn(pool: dict, taken: int) -> None:
    _set_bottom(pool, known_bottom(pool)[taken:])


def keep_one_looked_at(g: Game, pid: str, card: str) -> None:
    """Of the Intrigue cards `pid` looked at on top of the Intrigue deck, `card` goes to their
    hand; the others stay on top, known (Imperium Ceremony, Hundro Moritani's Intelligence)."""
    pool, pl = g.state["intrigue_deck"], g.p(pid)
    rest = list(pl.pop("looking"))
    rest.remove(card)
    beyond = known_top(pool)[len(rest) + 1:]  # the looked-at cards were the deck's top ones
    take_from_deck(pool, card)
    ms_add(pl["intrigue"], card)
    set_top(pool, [*sorted(rest), *beyond])


def refill_from(pool: dict, discard: list) -> None:
    for c in discard:
        ms_add(pool["cards"], c)
    discard.clear()



def identify(g: Game, pid: str, zone: str, card: str, another: bool = False) -> bool:
    """Make sure `card` is in the zone, naming a face-down card if it could be that one
    (`another`: one more copy than the zone's named ones, as a reveal naming two of a card does).

    Returns True when the card had to be assumed (the verdict is then 'unverifiable').
    """
    pl = g.p(pid)
    held = pl[zone]
    if card in held and not another:
        return False
    pool = pl["deck"] if zone == "hand" else g.state["intrigue_deck"]
    if HIDDEN in held:
        if pool["hidden"] > 0 and card in pool["cards"]:
            ms_remove(pool["cards"], card)
            pool["hidden"] -= 1
            trim_top(pool)
            taken = True
        else:  # from a pile of the player's own (Piter's Twisted Intrigue deck)
            taken = first("face-down-drawn", g, pid, zone, card)
        if taken:
            held.remove(HIDDEN)
            ms_add(held, card)
            g.hidden.append(f"{pid}'s face-down card taken to be {card}")
            return True
    raise IllegalAction("card.not-held", "{seat} holds no {card}.",
                        ("agent.card-required",) if zone == "hand" else ("intrigue.hidden",),
                        params={"seat": pid, "card": card})
