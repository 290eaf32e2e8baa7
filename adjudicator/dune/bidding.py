"""The Bidding phase (rulings dune.bidding-declare, dune.bidding-rounds): one card per player
with room in hand is auctioned, one at a time. Bids rise or players pass, in storm order from a
first bidder who moves one seat on with each card; the last bid standing pays (to the Emperor
when in play, else the bank) and its player draws the card (a chance outcome). When everyone
passes on a card, bidding ends and the cards left go back on the deck.

A bid may carry a Karama (`"karama": true`, ruling dune.karama): it may then exceed the bidder's
spice, and if it wins the card is bought free (nothing paid, the Karama discarded)."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .game import Game
from .karama import pay_with, payment_error, stopped
from .registry import Decision, ask, auto, decision, fire, first
from .treachery import has_room

KARAMA = "karama"


def start_bidding(g: Game) -> None:
    cards = sum(1 for q in g.order if has_room(g, q))
    g.push({"t": "auto", "kind": "auction", "left": cards, "first": 0})
    fire("bidding-started", g, cards)  # the Ixians prepare the auction supply first


@auto("auction")
def auction(g: Game, task: dict) -> None:
    order = g.order
    bidders = [order[(task["first"] + i) % len(order)] for i in range(len(order))]
    bidders = [q for q in bidders if has_room(g, q)]
    if task["left"] == 0 or not bidders:
        g.finish(task)
        fire("auction-over", g)  # cards set aside go back on the deck (supply.py)
        return
    task["left"] -= 1
    task["first"] = (task["first"] + 1) % len(order)
    g.push({"t": "decide", "kind": "bid", "player": bidders[0], "bidders": bidders, "high": 0,
            "leader": None, "passes": 0, "auction": task["left"]})
    fire("card-up", g, g.top)  # before bidding on it: the Ixians' Technology


def _offers(g: Game, task: dict) -> list[dict]:
    pid = task["player"]
    spice = g.p(pid)["spice"]
    out = [{"do": "bid", "amount": n} for n in range(task["high"] + 1, spice + 1)] + [{"do": "pass"}]
    if KARAMA in g.p(pid)["hand"]:  # listed up to one more than any other bidder could pay
        most = max(g.p(q)["spice"] for q in task["bidders"] if q != pid) if len(task["bidders"]) > 1 else 0
        out += [{"do": "bid", "amount": n, "karama": True} for n in range(task["high"] + 1, max(spice, most + 1) + 1)]
    return out


def _check(g: Game, task: dict, args: dict) -> None:
    if not args.get("karama"):
        if isinstance(args.get("amount"), bool) or args not in _offers(g, task):
            raise IllegalAction("dune.not-offered", "{player} may bid {low} to {spice} spice, or pass.",
                                ("dune.bidding-rounds",), params={"player": task["player"], "low": task["high"] + 1,
                                                                  "spice": g.p(task["player"])["spice"]})
        return
    amount = args.get("amount")
    if args.get("do") != "bid" or args["karama"] is not True or not isinstance(amount, int) or isinstance(
            amount, bool) or amount <= task["high"]:
        raise IllegalAction("dune.bad-bid", "A bid with a Karama must be more than {high} spice.", ("dune.karama",),
                            params={"high": task["high"]})
    if (err := payment_error(g, task["player"], args.get("card"))) is not None:
        raise err


def _next(task: dict) -> None:
    bidders = task["bidders"]
    i = (bidders.index(task["player"]) + 1) % len(bidders)
    if bidders[i] == task["leader"]:  # the high bidder is not asked to top its own bid
        i = (i + 1) % len(bidders)
    task["player"] = bidders[i]


def _bid(g: Game, task: dict, args: dict) -> None:
    if args["do"] == "bid":
        task["high"], task["leader"], task["passes"] = args["amount"], task["player"], 0
        task["karama"] = bool(args.get("karama"))
        if args.get("karama") and args.get("card") is not None:  # the worthless card that will pay
            task["karama_card"] = args["card"]
        else:
            task.pop("karama_card", None)
        if len(task["bidders"]) > 1:
            _next(task)
            return
    else:
        task["passes"] += 1
    if task["leader"] is None and task["passes"] == len(task["bidders"]):
        g.finish(task)  # nobody wants this card: bidding is over
        auction_task = next(t for t in reversed(g.state["stack"]) if t.get("kind") == "auction")
        auction_task["left"] = 0
        return
    if task["leader"] is not None and task["passes"] >= len(task["bidders"]) - 1:
        winner = task["leader"]
        emperor = g.player_of("emperor")
        if task.get("karama"):  # bought free with a Karama (or a worthless card standing in)
            pay_with(g, winner, task.get("karama_card"))
        else:
            paid_to = emperor if emperor and emperor != winner and not stopped(g, "emperor-payment") else None
            g.pay(winner, task["high"], paid_to)
        g.finish(task)
        fire("card-bought", g, winner, task)  # the Harkonnen's extra card (unless a Karama stopped it)
        # the card bought: drawn from the supply or the deck, or the one the Ixians put up (hook)
        drawn = []
        if first("give-card-up", g, winner) is None:
            pile = {"from": "up"} if g.state["treachery"].get("up") else {}
            drawn = [{"t": "chance", "kind": "draw-treachery", "player": winner, **pile}]
        g.push(*drawn, *ask("after-purchase", g, winner, drawn))  # then the Ixian ally's swap
        return
    _next(task)


decision(Decision("bid", ("bid", "pass"), _offers, _bid,
                  ("dune.bidding-rounds", "dune.bidding-declare", "dune.emperor"), _check))
