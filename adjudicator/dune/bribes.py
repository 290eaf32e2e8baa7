"""Bribes (ruling dune.bribes): a player may pay spice to another at any time, out of turn, as a
bribe; the receiver keeps it in front of its shield and adds it to its spice only at the start of
the Mentat Pause, so it cannot spend it before. The deal that goes with a bribe is table talk: the
log records only the payment `bribe {to, amount}`.

Bribes are checked, never listed: any amount to any player is a legal action, too many to offer
(the playout makes some of its own)."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .game import Game
from .registry import Interjection, interjection

RULINGS = ("dune.bribes", "dune.engine-card-plays")


def _check(g: Game, pid: str, args: dict) -> None:
    to, amount = args.get("to"), args.get("amount")
    if to not in g.seats or to == pid:
        raise IllegalAction("dune.bad-bribe", "A bribe goes to another player at the table.", RULINGS)
    if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= g.p(pid)["spice"]:
        raise IllegalAction("dune.bad-bribe", "{player} has {spice} spice: a bribe is of 1 to {spice}.",
                            RULINGS, params={"player": pid, "spice": g.p(pid)["spice"]})


def _apply(g: Game, pid: str, args: dict) -> None:
    g.p(pid)["spice"] -= args["amount"]
    pl = g.p(args["to"])
    pl["bribes"] = pl.get("bribes", 0) + args["amount"]


interjection(Interjection("bribe", lambda g, pid: [], _check, _apply, RULINGS))


def collect_bribes(g: Game) -> None:
    """The start of the Mentat Pause: spice in front of each shield goes behind it."""
    for q in g.seats:
        pl = g.p(q)
        if pl.get("bribes"):
            pl["spice"] += pl.pop("bribes")
            g.rulings.append("dune.bribes")
