"""The Ixians & Tleilaxu expansion's special Treachery cards played from hand (seed 002 paragraphs
4 and 61-67; rulings/dune-ixtl-cards.toml): Thumper, Harvester and Amal, registered beside the base
game's in cards.PLAYS. Their battle cards are weapons.py's; Sandtrout is the Spice deck's (spice.py).

Thumper's window is a `blow-window` decision asked of every player, in storm order, at the start
of each Spice Blow from turn 2 in a game with the expansion (ruling ixcards.thumper); the card
makes a Shai-Hulud appear as though drawn, over pile A's last territory card, and the Spice Blow
then goes on as usual. Harvester and Amal are accepted when a log plays them and answered
not-implemented (not_implemented.py "ixians-tleilaxu"): the engine has no window just after a
spice card is turned, nor at the start of every phase, so they are never offered."""

from __future__ import annotations

from .cards import PLAYS, CardPlay
from .expansion import MODULE
from .game import Game
from .registry import Decision, decision, hook
from .spice import shai_hulud

# the decks of a game with the module (setup.py, invariants.py, scenario.py through expansion.sets)
DECKS = ("ixcards.decks", "ixtl.new-cards")
WINDOW = "blow-window"
FIRST_TURN = 2  # a Shai-Hulud on turn 1 is set aside: no window then (ruling ixcards.thumper)


@hook("blow-starts")
def open_window(g: Game) -> None:
    if MODULE in g.state["game"]["modules"] and g.state["turn"] >= FIRST_TURN:
        g.push(*({"t": "decide", "kind": WINDOW, "player": q} for q in g.order))


decision(Decision(WINDOW, ("pass",), lambda g, task: [{"do": "pass"}], lambda g, task, args: g.finish(task),
                  ("ixcards.thumper",)))


def _own_window(g: Game, pid: str) -> bool:
    task = g.top
    return task is not None and task.get("kind") == WINDOW and task.get("player") == pid


def _thumper(g: Game, pid: str, args: dict) -> None:
    shai_hulud(g, g.state["spice_deck"]["discard"])


def _not_implemented(name: str):
    def effect(g: Game, pid: str, args: dict) -> None:
        g.unimplemented.append(f"{name}: the card is discarded, its effect is not played (ixcards.not-implemented)")
    return effect


def _no_args(g: Game, pid: str, args: dict):
    return None


PLAYS.update({
    "thumper": CardPlay(_own_window, lambda g, pid: [{}], _no_args, _thumper,
                        ("ixcards.thumper", "ixtl.thumper", "ixtl.thumper-placement")),
    "harvester": CardPlay(lambda g, pid: True, lambda g, pid: [], _no_args, _not_implemented("Harvester"),
                          ("ixcards.not-implemented",)),
    "amal": CardPlay(lambda g, pid: True, lambda g, pid: [], _no_args, _not_implemented("Amal"),
                     ("ixcards.not-implemented",)),
})
