"""Each faction's once-per-game special Karama power, advanced game (ruling dune.karama; our
readings in dune.engine-karama-powers): `play {card: karama, power: ...}`, the card discarded and
the power marked used (`karama_power` on the player); cards.py's Karama asks the hooks
`karama-power-offers`, `karama-power-error` and `karama-power-used`. `POWERS` is the one table: for
each faction its `power` value, its window, its arguments and its effect (the Tleilaxu's and the
Ixians' added by the expansion's module, modules/ixians_tleilaxu/).

A power whose window may hold no decision of its faction (the Fremen's in the Spice Blow, the
Harkonnen's in the Bidding) gets one: a `karama-window` decision (`pass`) asked of that faction
when the window opens, only if the power is unused and its player may hold a Karama, so that a
log has a place for it and random play is not flooded. The Harkonnen's taken hand is given back
card by card (`give-card {card}`, `"?"` for a card the log's writer did not see)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ....core.errors import IllegalAction
from ....core.observers import Hidden
from ...alliance import side
from ...deck import put, shown, take
from ...forces import shift
from ...game import Game
from ...karama import NO_POWER, WINDOW
from ...registry import Decision, decision, hook
from ...spice import sand_territories, worm_placed
from ...treachery import HIDDEN, HIDDEN_RULINGS, could_hold, identify

MODULE = "advanced"  # every listener here runs only in its games
RULINGS = ("dune.karama", "dune.engine-karama-powers")
KARAMA = "karama"
REVIVE_FORCES = 3
SHIPMENT_STOPPED = "off-planet-shipment"


@dataclass(frozen=True)
class Power:
    faction: str
    window: Callable  # (g, pid) -> bool
    options: Callable  # (g, pid) -> [args]
    effect: Callable  # (g, pid, args)
    error: Callable | None = None  # (g, pid, args) -> IllegalAction | None: why these args are not offered


# --- Emperor: up to three forces or one leader revived free, in the Revival phase (1.14.02) -----------
def _emperor_options(g: Game, pid: str) -> list[dict]:
    pl = g.p(pid)
    return ([{"leader": ld} for ld, s in sorted(pl["leaders"].items()) if s == "tanks"]
            + [{"forces": n} for n in range(1, min(REVIVE_FORCES, pl["tanks"]) + 1)])


def _emperor(g: Game, pid: str, args: dict) -> None:
    pl = g.p(pid)
    if "leader" in args:
        pl["leaders"][args["leader"]] = "alive"
    else:
        from_tanks(g, pid, args["forces"])


def from_tanks(g: Game, pid: str, n: int) -> None:
    shift(g, pid, "tanks", "reserves", n)  # ordinary forces first (forces.py)
    g.p(pid)["tanks"] -= n
    g.p(pid)["reserves"] += n


# --- Spacing Guild: one shipment from off-planet stopped ----------------------------------------------
def _guild_window(g: Game, pid: str) -> bool:
    """Another player's shipment from off-planet (the Fremen's reserves are on the planet)."""
    task = g.top
    return bool(task and task.get("kind") == "ship" and task["player"] != pid and g.p(task["player"])["reserves"]
                and g.faction(task["player"]) != "fremen")


def _guild(g: Game, pid: str, args: dict) -> None:
    g.top.setdefault("stopped", []).append(SHIPMENT_STOPPED)  # movement.py: no shipment from reserves now


# --- Atreides: the opponent's whole battle plan seen --------------------------------------------------
def _atreides_window(g: Game, pid: str) -> bool:
    b = g.state["battle"]
    return bool(b and len(b["plans"]) == 0 and any(q in side(g, pid) for q in (b["aggressor"], b["defender"])))


def _atreides(g: Game, pid: str, args: dict) -> None:
    """Like the prescience with every element: the opponent sets its plan first, in the open."""
    b = g.state["battle"]
    fighter = b["aggressor"] if b["aggressor"] in side(g, pid) else b["defender"]
    opponent = b["defender"] if fighter == b["aggressor"] else b["aggressor"]
    b["plan_seen"] = opponent  # not the prescience: no Karama stops a special power
    stack = g.state["stack"]
    mine = next(i for i, t in enumerate(stack) if t.get("kind") == "plan" and t["player"] == fighter)
    theirs = next(i for i, t in enumerate(stack) if t.get("kind") == "plan" and t["player"] == opponent)
    if theirs < mine:
        stack[mine], stack[theirs] = stack[theirs], stack[mine]


# --- Fremen: a Shai-Hulud put in any sand territory, in the Spice Blow after turn 1 -----------------
def _auto(g: Game, kind: str) -> list[int]:
    return [i for i, t in enumerate(g.state["stack"]) if t["t"] == "auto" and t.get("kind") == kind]


def _fremen_window(g: Game, pid: str) -> bool:
    """While the phase's Nexus is still to come (none is under way): the worm's Nexus is that one."""
    return (g.state.get("phase") == "spice-blow" and g.state["turn"] > 1 and bool(_auto(g, "nexus"))
            and not _auto(g, "nexus-end"))


def _fremen(g: Game, pid: str, args: dict) -> None:
    worm_placed(g, args["territory"])  # devours as any worm (the Fremen spared), then the Nexus


# --- Harkonnen: another player's whole hand taken, as many cards given back, in the Bidding --------------
def _harkonnen_options(g: Game, pid: str) -> list[dict]:
    return [{"takes": q} for q in g.seats if q != pid and g.p(q)["hand"]]


def _harkonnen(g: Game, pid: str, args: dict) -> None:
    """Every card moves as the log knows it (an unknown card stays "?"); the hand limit holds
    again once as many cards are given back (`give-card`, asked before anything else)."""
    victim = g.p(args["takes"])
    put(g.p(pid)["hand"], victim["hand"])
    g.push({"t": "decide", "kind": "give-card", "player": pid, "to": args["takes"], "left": len(victim["hand"])})
    victim["hand"] = []


def _give_offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "give-card", "card": c} for c in sorted(set(g.p(task["player"])["hand"]))]


def _give_check(g: Game, task: dict, args: dict) -> None:
    card, pid = args.get("card"), task["player"]
    if not (card == HIDDEN or isinstance(card, str) and could_hold(g, pid, card)):
        raise IllegalAction("dune.card-not-in-hand", "{player} holds no {card} to give back.", RULINGS,
                            params={"player": pid, "card": shown(card)})


def _give(g: Game, task: dict, args: dict) -> None:
    hand, card = g.p(task["player"])["hand"], args["card"]
    if card == HIDDEN and HIDDEN not in hand:  # which card went back is unknown: so is the whole hand
        t = g.state["treachery"]
        put(t["deck"], hand)
        t["hidden"] = t.get("hidden", 0) + len(hand)
        hand[:] = [HIDDEN] * len(hand)
        g.rulings += HIDDEN_RULINGS
    elif card != HIDDEN:
        identify(g, task["player"], card)
    take(hand, [card], "hand")
    put(g.p(task["to"])["hand"], [card])
    task["left"] -= 1
    if task["left"] == 0:
        g.finish(task)


decision(Decision("give-card", ("give-card",), _give_offers, _give, RULINGS, _give_check, Hidden(("card",), ("by",))))


POWERS = {
    "emperor": Power("emperor", lambda g, pid: g.state.get("phase") == "revival", _emperor_options, _emperor),
    "spacing-guild": Power("spacing-guild", _guild_window, lambda g, pid: [{}], _guild),
    "atreides": Power("atreides", _atreides_window, lambda g, pid: [{}], _atreides),
    "fremen": Power("fremen", _fremen_window, lambda g, pid: [{"territory": t} for t in sand_territories(g)],
                    _fremen),
    "harkonnen": Power("harkonnen", lambda g, pid: g.state.get("phase") == "bidding", _harkonnen_options, _harkonnen),
}


def _power(g: Game, pid: str) -> Power | None:
    power = POWERS.get(g.faction(pid))
    return power if power and not g.p(pid).get("karama_power") else None


@hook("karama-power-offers", module=MODULE)
def options(g: Game, pid: str) -> list[dict]:
    power = _power(g, pid)
    if power is None or not power.window(g, pid):
        return []
    return [{"power": True, **o} for o in power.options(g, pid)]


@hook("karama-power-error", module=MODULE)
def error(g: Game, pid: str, args: dict) -> IllegalAction | bool:
    """Why `args` are no use of `pid`'s power now, else False (an answer: cards.py reads no answer
    as the basic game's "no power")."""
    if g.faction(pid) not in POWERS:
        return IllegalAction("dune.no-karama-power", NO_POWER, RULINGS, params={"player": pid})
    if g.p(pid).get("karama_power"):
        return IllegalAction("dune.no-karama-power", "{player} has used its special Karama power already.",
                             RULINGS, params={"player": pid})
    chosen = {k: v for k, v in args.items() if k != "power"}
    power = POWERS[g.faction(pid)]
    if args.get("power") is True and power.error and power.window(g, pid) and (err := power.error(g, pid, chosen)):
        return err
    if args.get("power") is not True or {"power": True, **chosen} not in options(g, pid):
        return IllegalAction("dune.karama-window", "The special Karama power of {faction} cannot be used so now.",
                             RULINGS, params={"faction": g.faction(pid)})
    return False


@hook("karama-power-used", module=MODULE)
def use(g: Game, pid: str, args: dict) -> None:
    g.p(pid)["karama_power"] = True
    POWERS[g.faction(pid)].effect(g, pid, {k: v for k, v in args.items() if k != "power"})
    g.rulings.extend(r for r in RULINGS if r not in g.rulings)


# --- the window decision ---------------------------------------------------------------------------------
def _ask(g: Game, faction: str, below: str) -> None:
    """Ask the faction, just above the phase's `below` step, if its power may be used then."""
    pid = g.player_of(faction)
    if pid is None or _power(g, pid) is None or not could_hold(g, pid, KARAMA):
        return
    i = _auto(g, below)[0]  # the lowest: the blow's last Nexus, the auction
    g.state["stack"].insert(i + 1, {"t": "decide", "kind": WINDOW, "player": pid})


@hook("blow-starts", module=MODULE)
def _blow_window(g: Game) -> None:
    if g.state["turn"] > 1:
        _ask(g, "fremen", "nexus")


@hook("bidding-started", module=MODULE)
def _bidding_window(g: Game, cards: int) -> None:
    if any(o for q in g.seats if g.faction(q) == "harkonnen" for o in _harkonnen_options(g, q)):
        _ask(g, "harkonnen", "auction")
