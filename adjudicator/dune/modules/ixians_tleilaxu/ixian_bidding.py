"""The Ixians' Treachery advantages (seed 002 paragraphs 7, 9-11, 26, 73; rulings in
seed-002-ixians-tleilaxu.toml, our readings in dune-ixtl-bidding.toml). The cards move through
supply.py, which keeps the hidden ones unknown until named:

- setup: the Ixians draw one card per faction (chance `draw-supply`), keep one (`keep-card`), and
  the rest are dealt one to each other faction (`draw-treachery` from the supply); the Harkonnen
  then draw their extra card from the deck;
- before bidding: `ixian-draw` (`draw`, or `pass` once a Karama stopped it), one card more than the
  auction drawn into the supply, one returned (`return-card {card, on: top | bottom}`); each card
  bought comes from the supply;
- the Ixians' ally, after each purchase: `replace {card}` (the bought card discarded, the deck's
  top card drawn) or `pass`;
- advanced, once per Bidding round before bidding on a card: `technology` (`swap {card}`: the card
  up for bid drawn by the Ixians, one from their hand put up in its place, `treachery.offered`) or
  `pass`.
A Karama stops each of them while its decision is pending (karama.STOPPABLE)."""

from __future__ import annotations

from ....core.errors import IllegalAction
from ....core.observers import Hidden
from ... import supply
from ...deck import put
from ...game import Game
from ...karama import STOPPABLE, Stoppable, served, stopped
from ...registry import ChanceKind, Decision, chance_kind, decision, hook
from ...treachery import could_hold, discard, identify

MODULE = "ixians-tleilaxu"  # the expansion: its listeners run only in its games
FACTION = "ixians"
HIDDEN = supply.HIDDEN
DEAL = ("ixtl.ixian-starting-cards", "dune.engine-ixtl-auction")
PREP = ("ixtl.ixian-auction-prep", "ixtl.ixian-auction-knowledge", "dune.engine-ixtl-auction")
REPLACE = ("ixtl.ixian-alliance-replace", "dune.engine-ixtl-auction")
TECHNOLOGY = ("ixtl.technology-karama", "dune.engine-ixtl-technology")
PLACES = ("top", "bottom")

# A Karama stops one use of each (seed 002 paragraph 73).
KARAMA = ("ixtl.karama-ixian-bidding",)
STOPPABLE["ixian-auction-draw"] = Stoppable(FACTION, "ixian-draw", lambda g, t, o: t["player"] == o,
                                            "the Ixians' extra draw and look at the auction", KARAMA)
STOPPABLE["ixian-ally-replacement"] = Stoppable(FACTION, "replace-card", lambda g, t, o: True,
                                                "the Ixians' ally replacing the card it bought", KARAMA,
                                                users=served)
STOPPABLE["ixian-technology"] = Stoppable(FACTION, "technology", lambda g, t, o: t["player"] == o,
                                          "the Ixians' Technology swap", KARAMA)


def _cite(g: Game, rulings: tuple[str, ...]) -> None:
    g.rulings.extend(r for r in rulings if r not in g.rulings)


def _up(g: Game) -> list[str]:
    return g.state["treachery"].get("up", [])


def _take_up(g: Game, card) -> None:
    supply.check_from(g.state, "up", card)
    supply.take_from(g.state, "up", card)


# --- the Ixians draw into the supply (a chance outcome) ------------------------------------------------
def _deal(g: Game, task: dict) -> dict:
    return {"do": "draw-supply", "player": task["player"], "card": supply.deal(g.state)}


def _check(g: Game, task: dict, data: dict) -> None:
    supply.check_draw(g.state, data.get("card"))


def _apply(g: Game, task: dict, data: dict) -> None:
    supply.set_aside(g.state, "up", supply.take_from_deck(g.state, data["card"]))


chance_kind(ChanceKind("draw-supply", _deal, _check, _apply, ("ixtl.ixian-auction-prep", "dune.engine-ixtl-auction"),
                       Hidden(("card", "cards"))))


def _drawn(g: Game, pid: str, n: int) -> list[dict]:
    t = g.state["treachery"]
    n = min(n, supply.visible(g.state) + len(t["discard"]))  # never more than the cards there are
    return [{"t": "chance", "kind": "draw-supply", "player": pid} for _ in range(n)]


# --- setup: one card per faction, one kept, the rest dealt -----------------------------------------------
@hook("setup-treachery", module=MODULE)
def setup_deal(g: Game) -> list[dict] | None:
    me = g.player_of(FACTION)
    if me is None:
        return None
    others = [q for q in g.seats if q != me]
    harkonnen = [q for q in others if g.faction(q) == "harkonnen"]
    return [*_drawn(g, me, len(g.seats)), {"t": "decide", "kind": "keep-card", "player": me},
            *({"t": "chance", "kind": "draw-treachery", "player": q, "from": "up"} for q in others),
            *({"t": "chance", "kind": "draw-treachery", "player": q} for q in harkonnen)]


def _keep_offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "keep-card", "card": c} for c in sorted(set(_up(g)))]


def _keep_check(g: Game, task: dict, args: dict) -> None:
    if set(args) != {"do", "card"}:
        raise IllegalAction("dune.not-offered", "The Ixians keep one card they drew.", DEAL)
    supply.check_from(g.state, "up", args["card"])


def _keep(g: Game, task: dict, args: dict) -> None:
    _take_up(g, args["card"])
    put(g.p(task["player"])["hand"], [args["card"]])
    g.finish(task)


SEEN = Hidden(("card",), ("by",))  # the supply set aside is the Ixians' to see
decision(Decision("keep-card", ("keep-card",), _keep_offers, _keep, DEAL, _keep_check, SEEN))


# --- before bidding: the extra draw, one card returned ----------------------------------------------------
@hook("bidding-started", module=MODULE)
def offer_draw(g: Game, cards: int) -> None:
    me = g.player_of(FACTION)
    if me is not None and cards:
        g.push({"t": "decide", "kind": "ixian-draw", "player": me, "cards": cards})


def _draw_offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "pass"}] if stopped(g, "ixian-auction-draw", task) else [{"do": "draw"}]


def _draw(g: Game, task: dict, args: dict) -> None:
    g.finish(task)
    if args["do"] == "draw":
        g.push(*_drawn(g, task["player"], task["cards"] + 1), {"t": "decide", "kind": "return-card",
                                                                 "player": task["player"]})


decision(Decision("ixian-draw", ("draw", "pass"), _draw_offers, _draw, PREP))


def _return_offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "return-card", "card": c, "on": w} for c in sorted(set(_up(g))) for w in PLACES]


def _return_check(g: Game, task: dict, args: dict) -> None:
    if set(args) != {"do", "card", "on"} or args["on"] not in PLACES:
        raise IllegalAction("dune.not-offered", "The Ixians return one drawn card to the top or the bottom of the "
                            "deck.", PREP)
    supply.check_from(g.state, "up", args["card"])


def _return(g: Game, task: dict, args: dict) -> None:
    _take_up(g, args["card"])
    supply.back_to_deck(g.state, args["card"], args["on"])
    g.finish(task)


decision(Decision("return-card", ("return-card",), _return_offers, _return, PREP, _return_check, SEEN))


@hook("auction-over", module=MODULE)
def cards_back(g: Game) -> None:
    supply.empty(g.state, "up")
    supply.empty(g.state, "offered")
    g.state["treachery"].pop("bought", None)


@hook("give-card-up", module=MODULE)
def give_offered(g: Game, winner: str) -> bool | None:
    """The card the Technology put up is known: its buyer takes it, no draw."""
    if not g.state["treachery"].get("offered"):
        return None
    card = g.state["treachery"]["offered"][0]
    supply.take_from(g.state, "offered", card)
    put(g.p(winner)["hand"], [card])
    g.state["treachery"]["bought"] = card
    return True


# --- the ally's replacement -----------------------------------------------------------------------------
@hook("after-purchase", module=MODULE)
def offer_replacement(g: Game, winner: str, drawn: list[dict]) -> dict | None:
    ally = g.p(winner)["ally"]
    if ally is None or g.faction(ally) != FACTION:
        return None
    for task in drawn:  # its draw notes the card (treachery.py): a card played since is no longer there
        task["bought"] = True
    return {"t": "decide", "kind": "replace-card", "player": winner}


def _bought(g: Game, task: dict) -> str | None:
    card = g.state["treachery"].get("bought")
    return card if card is not None and card in g.p(task["player"])["hand"] else None


def _replace_offers(g: Game, task: dict) -> list[dict]:
    card = _bought(g, task)
    if stopped(g, "ixian-ally-replacement", task) or card in (HIDDEN, None):  # an unknown card is named
        return [{"do": "pass"}]
    return [{"do": "replace", "card": card}, {"do": "pass"}]


def _replace_check(g: Game, task: dict, args: dict) -> None:
    if args in _replace_offers(g, task):
        return
    card, bought = args.get("card"), _bought(g, task)
    if args.get("do") == "replace" and not stopped(g, "ixian-ally-replacement", task) and set(args) == {
            "do", "card"} and bought == HIDDEN and isinstance(card, str) and card != HIDDEN and could_hold(
            g, task["player"], card):
        return  # the unknown card bought is named as it is discarded face up
    raise IllegalAction("dune.not-offered", "{player} may only discard the card just bought for the top card of "
                        "the deck, or pass.", REPLACE, params={"player": task["player"]})


def _replace(g: Game, task: dict, args: dict) -> None:
    g.finish(task)
    g.state["treachery"].pop("bought", None)
    if args["do"] == "replace":
        discard(g, task["player"], [args["card"]])
        g.push({"t": "chance", "kind": "draw-treachery", "player": task["player"]})  # the top card


decision(Decision("replace-card", ("replace", "pass"), _replace_offers, _replace, REPLACE, _replace_check, SEEN))


# --- Technology (advanced): once per Bidding round ---------------------------------------------------------
def _auction(g: Game) -> dict | None:
    return next((t for t in reversed(g.state["stack"]) if t.get("kind") == "auction"), None)


@hook("card-up", module=("advanced", MODULE))  # the cross-product with the advanced game
def offer_technology(g: Game, bid: dict) -> None:
    me = g.player_of(FACTION)
    auction = _auction(g)
    if me and g.p(me)["hand"] and auction is not None and not auction.get("technology"):
        g.push({"t": "decide", "kind": "technology", "player": me})


def _tech_offers(g: Game, task: dict) -> list[dict]:
    if stopped(g, "ixian-technology", task):
        return [{"do": "pass"}]
    return [{"do": "swap", "card": c} for c in sorted(set(g.p(task["player"])["hand"]))] + [{"do": "pass"}]


def _tech_check(g: Game, task: dict, args: dict) -> None:
    card = args.get("card")
    if args in _tech_offers(g, task) or (
            args.get("do") == "swap" and set(args) == {"do", "card"} and not stopped(g, "ixian-technology", task)
            and isinstance(card, str) and could_hold(g, task["player"], card)):
        return
    raise IllegalAction("dune.not-offered", "The Ixians may swap a card from their hand for the card up for bid, "
                        "or pass.", TECHNOLOGY)


def _technology(g: Game, task: dict, args: dict) -> None:
    g.finish(task)
    if args["do"] != "swap":
        return
    pid, card = task["player"], args["card"]
    _auction(g)["technology"] = True  # once per Bidding round (the auction task ends with it)
    if card != HIDDEN:
        identify(g, pid, card)
    g.p(pid)["hand"].remove(card)
    pile = {"from": "up"} if _up(g) else {}  # the card up for bid, seen by the Ixians
    g.push({"t": "chance", "kind": "draw-treachery", "player": pid, **pile})
    supply.set_aside(g.state, "offered", card)  # after the draw is pushed: it is not among the drawn


decision(Decision("technology", ("swap", "pass"), _tech_offers, _technology, TECHNOLOGY, _tech_check, SEEN))
