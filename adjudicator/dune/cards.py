"""The special Treachery cards played from hand (`play {card, ...}`), each with its window, its
check and its effect, one entry per card (rulings dune.weather-control, dune.family-atomics,
dune.hajr, dune.tleilaxu-ghola, dune.truthtrance, dune.karama). Battle cards (weapons, defenses,
worthless cards, Cheap Hero) are played in a battle plan (battle.py), not here; Karama's bidding
and shipment uses ride on a bid or a shipment (bidding.py, movement.py).

A play is out of turn (registry.Interjection, ruling dune.engine-card-plays): it is accepted while
its window is open and leaves the pending decision pending. The storm cards' window is the
`storm-window` decision storm.py asks of every player from turn 2; Hajr's is the player's own
move; the others' is any decision."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import IllegalAction
from ..core.sentences import clause
from . import karama
from .content import territory
from .deck import shown
from .forces import shift
from .game import Game
from .movement import move_error, move_offers
from .registry import Interjection, ask, fire, first, interjection
from .treachery import FAMILY_ATOMICS, HIDDEN, could_hold, discard

PLAY = ("dune.engine-card-plays",)
KARAMA, WORTHLESS_KARAMA = "karama", "dune.bene-gesserit-worthless-karama"
STORM_CONTROL = range(0, 11)
GHOLA_FORCES = 5
SHIELD_WALL = "shield-wall"
# What a Karama may stop, and when: karama.py. A faction's once-per-game power is the advanced
# game's (modules/advanced/karama_powers.py, through the hooks karama-power-*); with no answer the
# game has none.
POWER_RULINGS = ("dune.karama", "dune.engine-karama-powers")


@dataclass(frozen=True)
class CardPlay:
    """`window(g, pid)`: may `pid` play the card now; `options(g, pid)`: its arguments, each a dict;
    `error(g, pid, args)`: an IllegalAction or None; `effect(g, pid, args)` once it is discarded
    (or, `removed`, set aside out of the game)."""

    window: Callable
    options: Callable
    error: Callable
    effect: Callable
    rulings: tuple[str, ...]
    removed: bool = False


def _top(g: Game, kind: str, pid: str) -> bool:
    task = g.top
    return task is not None and task.get("kind") == kind and task.get("player") == pid


def _int(value, allowed) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in allowed


# --- Weather Control ---------------------------------------------------------------------------------
def _weather_error(g: Game, pid: str, args: dict) -> IllegalAction | None:
    if not _int(args.get("sectors"), STORM_CONTROL):
        return IllegalAction("dune.bad-card-play", "Weather Control moves the storm 0 to 10 sectors.",
                             ("dune.weather-control",))
    return None


def _weather(g: Game, pid: str, args: dict) -> None:
    g.state["storm_control"] = args["sectors"]


# --- Family Atomics ----------------------------------------------------------------------------------
def near_wall(g: Game, pid: str) -> bool:
    """Forces on the Shield Wall or in a sector piece touching it (a force in a neighbouring
    territory with no storm sector in between: sector pieces touch only side by side)."""
    wall = [f"{SHIELD_WALL}@{s}" for s in g.c.territories[SHIELD_WALL]["sectors"]]
    near = set(wall) | {n for loc in wall for n in g.c.graph.neighbors(loc)}
    return any(g.forces(loc, pid) and g.combatant(territory(loc), pid) for loc in near)  # no advisors


def _atomics_window(g: Game, pid: str) -> bool:
    return _top(g, "storm-window", pid) and not g.state.get("shield_wall_destroyed") and near_wall(g, pid)


def _atomics(g: Game, pid: str, args: dict) -> None:
    for loc in g.locations_of(SHIELD_WALL):
        for q in sorted(g.state["map"].get(loc, {})):
            g.to_tanks(loc, q, g.forces(loc, q))
    g.state["shield_wall_destroyed"] = True


# --- Hajr ----------------------------------------------------------------------------------------------
def _hajr_options(g: Game, pid: str) -> list[dict]:
    return [{k: v for k, v in o.items() if k != "do"} for o in move_offers(g, pid) if o["do"] == "move"]


def _hajr_error(g: Game, pid: str, args: dict) -> IllegalAction | None:
    return move_error(g, pid, args.get("from"), args.get("to"), args.get("count"), kinds=args.get("kinds"))


def _hajr(g: Game, pid: str, args: dict) -> None:
    """A move like any other: the advanced Bene Gesserit's forces take a kind where they arrive
    (hook `moving`) and others entering their fighters may be met by Intrusion (hook `moved`)."""
    fire("moving", g, pid, args["from"], args["to"])
    shift(g, pid, args["from"], args["to"], args["count"], args.get("kinds"))
    g.add_forces(args["from"], pid, -args["count"])
    g.add_forces(args["to"], pid, args["count"])
    fire("moved", g, pid, args["to"])


# --- Tleilaxu Ghola ---------------------------------------------------------------------------------
def _ghola_options(g: Game, pid: str) -> list[dict]:
    pl = g.p(pid)
    return ([{"leader": ld} for ld, status in sorted(pl["leaders"].items()) if status == "tanks"]
            + [{"forces": n} for n in range(1, min(GHOLA_FORCES, pl["tanks"]) + 1)])


def _ghola_error(g: Game, pid: str, args: dict) -> IllegalAction | None:
    chosen = {k: args[k] for k in ("leader", "forces") if k in args}
    if chosen not in _ghola_options(g, pid):
        return IllegalAction("dune.bad-card-play", "Tleilaxu Ghola revives one of {player}'s leaders in the Tanks "
                             "or 1 to {most} of its forces there.", ("dune.tleilaxu-ghola",),
                             params={"player": pid, "most": GHOLA_FORCES})
    return None


def _ghola(g: Game, pid: str, args: dict) -> None:
    pl = g.p(pid)
    if "leader" in args:
        pl["leaders"][args["leader"]] = "alive"
    else:
        shift(g, pid, "tanks", "reserves", args["forces"])  # ordinary forces first (forces.py)
        pl["tanks"] -= args["forces"]
        pl["reserves"] += args["forces"]
    fire("ghola-card", g, pid)  # the Tleilaxu's spice for it (modules/ixians_tleilaxu/tleilaxu_revival.py)


# --- Truthtrance ----------------------------------------------------------------------------------------
def _truth_options(g: Game, pid: str) -> list[dict]:
    return [{"asks": q} for q in g.seats if q != pid]


def _truth_error(g: Game, pid: str, args: dict) -> IllegalAction | None:
    if {"asks": args.get("asks")} not in _truth_options(g, pid):
        return IllegalAction("dune.bad-card-play", "Truthtrance asks one other player.", ("dune.truthtrance",))
    return None


def _truth(g: Game, pid: str, args: dict) -> None:
    """The question and its answer are table talk: the log records whom it asked."""


# --- Karama: stopping an advantage (karama.py) -----------------------------------------------------------
def _karama_options(g: Game, pid: str) -> list[dict]:
    b = g.state["battle"]
    battle = [k for k in karama.IN_BATTLE if b and len(b["plans"]) < 2 and b.get(k)  # before the reveal
              and not karama.own(g, pid, k)]
    return [{"against": k} for k in battle] + karama.options(g, pid) + [
        o for own in ask("karama-power-offers", g, pid) for o in own]


def _karama_error(g: Game, pid: str, args: dict) -> IllegalAction | None:
    if "power" in args:  # the faction's once-per-game power (advanced)
        no_power = IllegalAction("dune.no-karama-power", karama.NO_POWER, POWER_RULINGS, params={"player": pid})
        return first("karama-power-error", g, pid, args, default=no_power) or None
    against = args.get("against")
    if against in karama.UNSTOPPABLE:
        return IllegalAction("dune.karama-cannot-stop", "No Karama stops {advantage}.", karama.RULINGS,
                             params={"advantage": clause(karama.UNSTOPPABLE[against])})
    if (own := karama.own_error(g, pid, against)) is not None:
        return own
    if against in karama.IN_BATTLE:
        if {"against": against} not in _karama_options(g, pid):
            return IllegalAction("dune.karama-too-late", "A Karama stops {advantage} only in a battle where it is "
                                 "used and whose plans are still secret.", ("dune.karama",),
                                 params={"advantage": clause(karama.IN_BATTLE[against])})
        return None
    if against not in karama.STOPPABLE:
        return IllegalAction("dune.bad-card-play", "A Karama stops a faction advantage, and that is none the "
                             "referee knows.", ("dune.karama",))
    if not karama.window(g, pid, against):
        entry = karama.STOPPABLE[against]
        return IllegalAction("dune.karama-window", "A Karama stops {advantage} only while the decision of "
                             "{faction} that uses it is pending, and not for the one who uses it.",
                             karama.RULINGS, params={"advantage": clause(entry.what), "faction": entry.faction})
    return karama.named_error(g, against, args)


def _karama(g: Game, pid: str, args: dict) -> None:
    if "power" in args:
        fire("karama-power-used", g, pid, args)
        return
    against = args["against"]
    if against in karama.IN_BATTLE:
        g.state["battle"].pop(against)
    else:
        karama.stop(g, against, args)


PLAYS: dict[str, CardPlay] = {
    "weather-control": CardPlay(lambda g, pid: _top(g, "storm-window", pid),
                                lambda g, pid: [{"sectors": n} for n in STORM_CONTROL], _weather_error, _weather,
                                ("dune.weather-control",)),
    FAMILY_ATOMICS: CardPlay(_atomics_window, lambda g, pid: [{}], lambda g, pid, args: None, _atomics,
                               ("dune.family-atomics", "dune.family-atomics-removed"), removed=True),
    "hajr": CardPlay(lambda g, pid: _top(g, "move", pid), _hajr_options, _hajr_error, _hajr, ("dune.hajr",)),
    "tleilaxu-ghola": CardPlay(lambda g, pid: True, _ghola_options, _ghola_error, _ghola, ("dune.tleilaxu-ghola",)),
    "truthtrance": CardPlay(lambda g, pid: True, _truth_options, _truth_error, _truth, ("dune.truthtrance",)),
    "karama": CardPlay(lambda g, pid: True, _karama_options, _karama_error, _karama, ("dune.karama",)),
}


def _play_of(g: Game, pid: str, card) -> CardPlay | None:
    """The card's play; a worthless card the advanced Bene Gesserit play as a Karama plays as one
    (hook `karama-stand-in`, ruling dune.bene-gesserit-worthless-karama)."""
    if not isinstance(card, str):
        return None
    if card in PLAYS:
        return PLAYS[card]
    return PLAYS[KARAMA] if first("karama-stand-in", g, pid, card) else None


def _offers(g: Game, pid: str) -> list[dict]:
    """Known cards only: an unknown card ("?") is named by a log, never offered."""
    hand = sorted(set(g.p(pid)["hand"]) - {HIDDEN})
    return [{"do": "play", "card": card, **o} for card in hand if (play := _play_of(g, pid, card))
            and play.window(g, pid) for o in play.options(g, pid)]


def _check(g: Game, pid: str, args: dict) -> None:
    card = args.get("card")
    if _play_of(g, pid, card) is None:
        raise IllegalAction("dune.card-not-playable", "{card} is not a special Treachery card played from the "
                            "hand: battle cards go in a battle plan.", ("dune.treachery-special",),
                            params={"card": shown(card)})
    if not could_hold(g, pid, card):
        raise IllegalAction("dune.card-not-in-hand", "{player} holds no {card}.", ("dune.treachery-special",),
                            params={"player": pid, "card": card})
    play = _play_of(g, pid, card)
    if not play.window(g, pid):
        raise IllegalAction("dune.card-window-closed", "{card} cannot be played at this moment of the turn.",
                            (*play.rulings, *PLAY), params={"card": card})
    if (err := play.error(g, pid, {k: v for k, v in args.items() if k not in ("do", "card")})) is not None:
        raise err


def _apply(g: Game, pid: str, args: dict) -> None:
    card = args["card"]
    play = _play_of(g, pid, card)  # before the card leaves the hand
    discard(g, pid, [card], "removed" if play.removed else "discard")
    play.effect(g, pid, {k: v for k, v in args.items() if k not in ("do", "card")})
    g.rulings += [*play.rulings, "dune.treachery-special", *([] if card in PLAYS else [WORTHLESS_KARAMA])]


interjection(Interjection("play", _offers, _check, _apply, PLAY))
