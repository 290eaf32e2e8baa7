"""Spice on Arrakis: the Spice Blow with Shai-Hulud (rulings dune.spice-blow, dune.shai-hulud),
CHOAM Charity (dune.choam-charity) and Spice Collection (dune.spice-collection)."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .alliance import open_nexus
from .content import content, territory
from .deck import draw, named_face_up, put, shown
from .game import Game
from .registry import ChanceKind, Decision, auto, chance_kind, decision, fire, first

CHARITY_LEVEL = 2
RATE, CITY_RATE = 2, 3


# --- Spice Blow ------------------------------------------------------------------------------
# The advanced game turns two cards a turn, each on its own discard pile (`discard`, `discard_b`:
# rulings dune.advanced-double-blow, dune.engine-double-blow); a Nexus follows each. The state
# holds the second pile from setup in such a game (modules/advanced/spice.py).
PILES = {"a": "discard", "b": "discard_b"}


def start_blow(g: Game) -> None:
    if "discard_b" in g.state["spice_deck"]:
        g.push({"t": "chance", "kind": "spice-card", "pile": "a"}, {"t": "auto", "kind": "nexus"},
               {"t": "chance", "kind": "spice-card", "pile": "b"}, {"t": "auto", "kind": "nexus"})
    else:
        g.push({"t": "chance", "kind": "spice-card"}, {"t": "auto", "kind": "nexus"})
    fire("blow-starts", g)  # asked before the cards: the Thumper window (modules/ixians_tleilaxu/ixcards.py)


def _reshuffled(d: dict) -> tuple[list[str], list[str]]:
    """What an empty deck is made of again, and what stays on pile A: everything, or with two piles
    pile A's topmost territory card and what lies on it stay (dune.engine-double-blow)."""
    if "discard_b" not in d:
        return list(d["discard"]), []
    a = d["discard"]
    top = max((i for i, c in enumerate(a) if content().spice_cards[c]["kind"] == "territory"), default=len(a))
    return a[:top] + d["discard_b"], a[top:]


def _refill(g: Game) -> None:
    d = g.state["spice_deck"]
    if not d["deck"]:
        back, d["discard"] = _reshuffled(d)
        put(d["deck"], back)
        if "discard_b" in d:
            d["discard_b"] = []


def _deal(g: Game, task: dict) -> dict:
    _refill(g)
    return {"do": "spice-card", "card": draw(g.state, g.state["spice_deck"]["deck"])[0]}


def _check(g: Game, task: dict, data: dict) -> None:
    d = g.state["spice_deck"]
    named_face_up(data.get("card"), "spice")
    if data.get("card") not in (d["deck"] or _reshuffled(d)[0]):
        raise IllegalAction("dune.card-not-available", "{card} is not in the Spice deck.",
                            ("dune.engine-chance-outcomes",), params={"card": shown(data.get("card"))})


def _apply(g: Game, task: dict, data: dict) -> None:
    _refill(g)
    d = g.state["spice_deck"]
    pile = d[PILES[task.get("pile", "a")]]
    if "pile" in task:
        g.rulings.extend(("dune.advanced-double-blow", "dune.engine-double-blow"))
    card = data["card"]
    d["deck"].remove(card)
    info = g.c.spice_cards[card]
    if info["kind"] == "territory":
        loc = f"{info['territory']}@{info['sector']}"
        doubled = d.pop("doubled", False)  # the first blow after a Shai-Hulud that followed Sandtrout
        if not g.in_storm(loc):  # spice blown into the storm is lost at once
            amount = min(info["amount"] * (2 if doubled else 1), g.state["bank"])  # out of the bank
            g.state["bank"] -= amount
            g.state["spice"][loc] = g.state["spice"].get(loc, 0) + amount
            fire("blow-placed", g, loc, amount)  # the expansion's Harvester window (modules/ixians_tleilaxu/ixcards.py)
        if doubled:
            g.rulings += ["ixcards.sandtrout", "ixtl.sandtrout"]
        pile.append(card)  # a pile: Shai-Hulud reads the last territory card on it
        if d["aside"]:  # turn 1: the set-aside Shai-Hulud go back into the deck
            put(d["deck"], d["aside"])
            d["aside"] = []
        g.rulings.append("dune.spice-blow")
        return
    # another card is turned on the same pile (after what the worm asks)
    g.push({"t": "chance", "kind": "spice-card", **({"pile": task["pile"]} if "pile" in task else {})})
    if info["kind"] == "sandtrout":  # no worm: the next Shai-Hulud's blow will be doubled (ixcards.sandtrout)
        d["sandtrout"] = True
        pile.append(card)
        g.rulings += ["ixcards.sandtrout", "ixtl.sandtrout"]
        return
    if g.state["turn"] == 1:
        d["aside"].append(card)
        g.rulings.append("dune.shai-hulud")
    else:
        pile.append(card)
        shai_hulud(g, pile[:-1])


def shai_hulud(g: Game, pile: list[str]) -> None:
    """A Shai-Hulud appears over the pile's last territory card (drawn, or a Thumper:
    modules/ixians_tleilaxu/ixcards.py)."""
    last = next((c for c in reversed(pile) if g.c.spice_cards[c]["kind"] == "territory"), None)
    where = g.c.spice_cards[last]["territory"] if last else None
    # a blow ends on a territory card: a worm above the last one was turned in this very blow
    again = any(g.c.spice_cards[c]["kind"] == "shai-hulud" for c in pile[pile.index(last) + 1 if last else 0:])
    open_nexus(g)
    if not first("worm-placement", g, again, where, default=False) and where:  # advanced Fremen
        devour(g, where)
    _woken(g)


def worm_placed(g: Game, terr: str) -> None:
    """A Shai-Hulud a faction's power puts in a territory (the Fremen's special Karama power,
    modules/advanced/karama_powers.py): a normal worm there, with its Nexus (ruling dune.engine-karama-powers)."""
    open_nexus(g)
    devour(g, terr)
    _woken(g)


def _woken(g: Game) -> None:
    """What follows any Shai-Hulud: the Nexus, and Sandtrout's doubled blow if it waited."""
    if g.state["spice_deck"].pop("sandtrout", False):  # Sandtrout waited for this worm (seed 002 paragraph 61)
        g.state["spice_deck"]["doubled"] = True
        g.rulings += ["ixcards.sandtrout", "ixtl.sandtrout"]
    g.rulings.append("dune.nexus")


def sand_territories(g: Game) -> list[str]:
    return sorted(t for t, info in g.c.territories.items() if info["kind"] == "sand")


def devour(g: Game, terr: str) -> None:
    """Shai-Hulud takes every force and all spice in the territory, but those a faction's
    advantage spares (hook `spared-by-worm`: the Fremen, and their ally until they decide);
    hook `devoured` then lets an advantage act (the Fremen ride the worm). Hook `worm-window` may
    first ask whether a Karama stops the sparing (karama.py): the worm then waits in a step."""
    if first("worm-window", g, terr):
        return
    devoured(g, terr)


@auto("devour")
def _devour_step(g: Game, task: dict) -> None:
    devoured(g, task["territory"])  # the task stays on top while it runs: a Karama's stop is on it
    g.finish(task)


def devoured(g: Game, terr: str) -> None:
    for loc in g.locations_of(terr):
        for q in sorted(g.state["map"].get(loc, {})):
            if not first("spared-by-worm", g, q, loc, default=False):
                g.to_tanks(loc, q, g.forces(loc, q))
    for loc in sorted(g.state["spice"]):
        if territory(loc) == terr:
            g.remove_spice(loc)
    fire("devoured", g, terr)
    g.rulings.append("dune.shai-hulud")


chance_kind(ChanceKind("spice-card", _deal, _check, _apply, ("dune.spice-blow", "dune.shai-hulud")))


# --- CHOAM Charity --------------------------------------------------------------------------------
def start_charity(g: Game) -> None:
    """Those below the level are asked, and those an advantage lets claim whatever they hold
    (hook `charity`: the Bene Gesserit), which also says how much they receive."""
    g.push(*({"t": "decide", "kind": "charity", "player": q} for q in g.order
             if g.p(q)["spice"] < CHARITY_LEVEL or first("charity", g, q) is not None))


def _charity_offers(g: Game, task: dict) -> list[dict]:
    """A Karama may have stopped the advantage that let this player ask (karama.py)."""
    pid = task["player"]
    may = g.p(pid)["spice"] < CHARITY_LEVEL or first("charity", g, pid) is not None
    return [{"do": "claim-charity"}, {"do": "pass"}] if may else [{"do": "pass"}]


def _charity(g: Game, task: dict, args: dict) -> None:
    if args["do"] == "claim-charity":
        pid = task["player"]
        g.gain(pid, first("charity", g, pid, default=CHARITY_LEVEL - g.p(pid)["spice"]))
        fire("charity-claimed", g, pid)  # Tech Tokens (modules/tech_tokens/tokens.py)
    g.finish(task)


decision(Decision("charity", ("claim-charity", "pass"), _charity_offers, _charity, ("dune.choam-charity",)))


# --- Spice Collection --------------------------------------------------------------------------
def start_collection(g: Game) -> None:
    g.push({"t": "auto", "kind": "collect"})


@auto("collect")
def ask(g: Game, task: dict) -> None:
    fire("collecting", g)  # paid first: the advanced game's spice flow (modules/advanced/spice.py)
    for loc in sorted(g.state["spice"]):
        terr = territory(loc)
        for q in g.order:
            # only forces in the very sector where the spice lies, outside the storm (ruling
            # dune.spice-collection-sector-reading); advisors collect none
            n = g.forces(loc, q) if g.combatant(terr, q) and not g.in_storm(loc) else 0
            if n and g.state["spice"].get(loc):
                rate = CITY_RATE if any(g.combatant(t, q) for t in g.c.ornithopters) else RATE
                got = min(n * rate, g.state["spice"][loc])
                g.state["spice"][loc] -= got
                g.p(q)["spice"] += got
        if not g.state["spice"].get(loc):
            g.state["spice"].pop(loc, None)
    g.rulings.extend(("dune.spice-collection", "dune.spice-collection-sector-reading"))
    g.finish(task)
