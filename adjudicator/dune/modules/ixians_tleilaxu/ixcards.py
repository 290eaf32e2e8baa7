"""The Ixians & Tleilaxu expansion's special Treachery cards played from hand (seed 002 paragraphs
4 and 61-67; rulings/dune-ixtl-cards.toml): Thumper, Harvester and Amal, registered beside the base
game's in cards.PLAYS. Their battle cards are weapons.py's; Sandtrout is the Spice deck's (spice.py).

Thumper's window is a `blow-window` decision asked of every player, in storm order, at the start
of each Spice Blow from turn 2 in a game with the expansion (ruling ixcards.thumper); the card
makes a Shai-Hulud appear as though drawn, over pile A's last territory card, and the Spice Blow
then goes on as usual. Harvester's is a `harvest-window` asked the same way just after a
territory card has placed spice (ruling ixcards.harvester): the card places that much again.
Neither window is asked while its card lies in the Treachery discard pile (public: no one holds
it). Amal's window is the opening of each phase: from the phase's start until the first decision
in it is answered (state `amal_open`; ruling ixcards.amal); every player then gives half its spice,
rounded up, to the bank."""

from __future__ import annotations

from ...cards import PLAYS, CardPlay
from ...game import Game
from ...registry import Decision, decision, hook
from ...spice import shai_hulud

# the decks of a game with the module (setup.py, invariants.py, scenario.py through content.sets)
DECKS = ("ixcards.decks", "ixtl.new-cards")
MODULE = "ixians-tleilaxu"
WINDOW, HARVEST = "blow-window", "harvest-window"
FIRST_TURN = 2  # a Shai-Hulud on turn 1 is set aside: no window then (ruling ixcards.thumper)


def _may_be_held(g: Game, card: str) -> bool:
    return card not in g.state["treachery"]["discard"]


# The Voice may name the expansion's card types (seed 002 paragraphs 68-70; factions/bene_gesserit.py).
VOICE = ("ixcards.voice", "ixtl.voice-named", "ixtl.voice-types", "ixtl.voice-roles")


@hook("voice-rulings", module=MODULE)
def voice_rulings(g: Game) -> tuple[str, ...]:
    return VOICE


@hook("blow-starts", module=MODULE)
def open_window(g: Game) -> None:
    if _may_be_held(g, "thumper") and g.state["turn"] >= FIRST_TURN:
        g.push(*({"t": "decide", "kind": WINDOW, "player": q} for q in g.order))


@hook("blow-placed", module=MODULE)
def open_harvest(g: Game, loc: str, amount: int) -> None:
    if _may_be_held(g, "harvester") and amount:
        g.push(*({"t": "decide", "kind": HARVEST, "player": q, "location": loc, "amount": amount} for q in g.order))


def _pass(g: Game, task: dict, args: dict) -> None:
    g.finish(task)


decision(Decision(WINDOW, ("pass",), lambda g, task: [{"do": "pass"}], _pass, ("ixcards.thumper",)))
decision(Decision(HARVEST, ("pass",), lambda g, task: [{"do": "pass"}], _pass, ("ixcards.harvester",)))


def _own(kind: str):
    def window(g: Game, pid: str) -> bool:
        task = g.top
        return task is not None and task.get("kind") == kind and task.get("player") == pid
    return window


_own_window = _own(WINDOW)


def _thumper(g: Game, pid: str, args: dict) -> None:
    shai_hulud(g, g.state["spice_deck"]["discard"])


def _harvest(g: Game, pid: str, args: dict) -> None:
    """That blow's spice placed again, from the bank as far as it holds (the windows after it
    stay asked: the card is gone)."""
    task = g.top
    amount = min(task["amount"], g.state["bank"])
    g.state["bank"] -= amount
    g.state["spice"][task["location"]] = g.state["spice"].get(task["location"], 0) + amount


@hook("phase-starts", module=MODULE)
def open_amal(g: Game, phase: str) -> None:
    g.state["amal_open"] = True


@hook("decided", module=MODULE)
def close_amal(g: Game, task: dict) -> None:
    g.state.pop("amal_open", None)


def _amal(g: Game, pid: str, args: dict) -> None:
    for q in g.seats:
        g.pay(q, (g.p(q)["spice"] + 1) // 2)  # half, rounded up, behind the shield only


def _no_args(g: Game, pid: str, args: dict):
    return None


PLAYS.update({
    "thumper": CardPlay(_own_window, lambda g, pid: [{}], _no_args, _thumper,
                        ("ixcards.thumper", "ixtl.thumper", "ixtl.thumper-placement")),
    "harvester": CardPlay(_own(HARVEST), lambda g, pid: [{}], _no_args, _harvest, ("ixcards.harvester",)),
    "amal": CardPlay(lambda g, pid: bool(g.state.get("amal_open")), lambda g, pid: [{}], _no_args, _amal,
                     ("ixcards.amal",)),
})
