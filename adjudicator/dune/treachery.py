"""Treachery cards in hands: the draw (a chance outcome: who draws is public, which card only its
player sees) and the hand limits (ruling dune.bidding-declare)."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .deck import draw, put, take
from .game import Game
from .registry import ChanceKind, chance_kind

HAND_LIMITS = {"harkonnen": 8}
HAND_LIMIT = 4


def hand_limit(g: Game, pid: str) -> int:
    return HAND_LIMITS.get(g.faction(pid), HAND_LIMIT)


def has_room(g: Game, pid: str) -> bool:
    return len(g.p(pid)["hand"]) < hand_limit(g, pid)


def _refill(g: Game) -> None:
    """An empty deck is made again from the discard pile (a multiset: shuffling is drawing)."""
    t = g.state["treachery"]
    if not t["deck"]:
        put(t["deck"], t["discard"])
        t["discard"] = []


def _deal(g: Game, task: dict) -> dict:
    _refill(g)
    return {"do": "draw-treachery", "player": task["player"], "card": draw(g.state, g.state["treachery"]["deck"])[0]}


def _check(g: Game, task: dict, data: dict) -> None:
    t = g.state["treachery"]
    deck = t["deck"] or t["discard"]
    if data.get("card") not in deck:
        raise IllegalAction("dune.card-not-available", f"{data.get('card')} is not in the Treachery deck",
                            ("dune.engine-chance-outcomes",))


def _apply(g: Game, task: dict, data: dict) -> None:
    _refill(g)
    take(g.state["treachery"]["deck"], [data["card"]], "Treachery deck")
    put(g.p(task["player"])["hand"], [data["card"]])


chance_kind(ChanceKind("draw-treachery", _deal, _check, _apply, ("dune.setup-treachery",)))


def discard(g: Game, pid: str, cards: list[str]) -> None:
    take(g.p(pid)["hand"], cards, "hand")
    put(g.state["treachery"]["discard"], cards)
