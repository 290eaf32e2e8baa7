"""Emperor (ruling dune.emperor; receiving the spice paid for Treachery cards is in bidding.py).
Alliance: the Emperor may give spice to its ally at any time, out of turn (`give-spice {to,
amount}`: straight behind the ally's shield, unlike a bribe), and may pay for up to three of its
ally's forces revived beyond the ally's own three (hook `revival-sponsor`, at 2 spice each)."""

from __future__ import annotations

from ...core.errors import IllegalAction
from ..alliance import ally_of
from ..game import Game
from ..karama import stopped
from ..registry import Interjection, hook, interjection

FACTION = "emperor"
RULINGS = ("dune.emperor", "dune.engine-card-plays")
SPONSORED = 3


def _check(g: Game, pid: str, args: dict) -> None:
    to, amount = args.get("to"), args.get("amount")
    if g.faction(pid) != FACTION or to is None or ally_of(g, pid) != to:
        raise IllegalAction("dune.not-allied", "Only the Emperor gives spice, and only to its ally.", RULINGS)
    if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= g.p(pid)["spice"]:
        raise IllegalAction("dune.cannot-afford", "{player} has {spice} spice: a gift is of 1 to {spice}.",
                            RULINGS, params={"player": pid, "spice": g.p(pid)["spice"]})


def _give(g: Game, pid: str, args: dict) -> None:
    g.pay(pid, args["amount"], to=args["to"])


def _offers(g: Game, pid: str) -> list[dict]:
    """Listed as one spice at a time: any amount is checked (bribes.py lists none at all)."""
    friend = ally_of(g, pid)
    if g.faction(pid) != FACTION or friend is None or not g.p(pid)["spice"]:
        return []
    return [{"do": "give-spice", "to": friend, "amount": 1}]


interjection(Interjection("give-spice", _offers, _check, _give, RULINGS))


@hook("revival-sponsor")
def sponsor(g: Game, pid: str) -> tuple[str, int] | None:
    friend = ally_of(g, pid)
    if stopped(g, "emperor-sponsored-revival"):
        return None
    return (friend, SPONSORED) if friend and g.faction(friend) == FACTION else None
