"""Immortality cards whose steps need code beyond the board's (modules/immortality/immortality.py) and Graft's
(modules/immortality/graft.py): Imperium Ceremony, Tleilaxu Master, Counterattack, Harvest Cells.

- `look-intrigue-keep-one`: the top Intrigue cards seen (a `look` draw, never a reshuffle), one
  kept, the rest left on top of the Intrigue deck, known there.
- `acquire-with-marker-bonus`: a free Row or Reserve card up to a cost, to the hand with enough
  genetic markers.
- `if-opponent-played-combat-intrigue`: the open Combat window remembers who played in it.
- `when-lose-troops-at-conflict-end`: a trigger kept on the player until the Conflict's cleanup,
  where the troops still in the Conflict are the ones lost.
"""

from __future__ import annotations

from ....core.observers import Hidden
from ...deck import keep_one_looked_at, visible
from ...game import Game
from ...registry import choice, custom, fire, hook
from ...steps import choice_task, prepend, push_choice, run
from ...zones import acquire_card
from .board import HARVEST, PLAYED
from .immortality import genetic_markers

SKIP = {"option": "skip"}


# --- Imperium Ceremony ----------------------------------------------------------------------------
@custom("look-intrigue-keep-one")
def imperium_ceremony(g: Game, task: dict, step: dict) -> None:
    pid, pool = task["player"], g.state["intrigue_deck"]
    if visible(pool) == 0:  # nothing to look at: a look never reshuffles the discard pile
        return
    g.push({"t": "chance", "kind": "draw-intrigue", "player": pid, "n": step["count"], "look": True},
           choice_task(pid, "keep-intrigue", task["src"]))


def _keep_offers(g: Game, task: dict) -> list[dict]:
    return [{"card": c} for c in sorted(set(g.p(task["player"]).get("looking", [])))]


@choice("keep-intrigue", _keep_offers, ("card.imperium-ceremony",), secret=Hidden(("card",), ("by",)))
def _keep_intrigue(g: Game, task: dict, given: dict, below: dict) -> None:
    keep_one_looked_at(g, task["player"], given["card"])
    fire("intrigue-gained", g, task["player"], 1)
    g.rulings += ["card.imperium-ceremony", "deck.known-top"]


# --- Tleilaxu Master ------------------------------------------------------------------------------
def _free_offers(g: Game, task: dict) -> list[dict]:
    st, most = g.state, task["max_cost"]
    names = set(st["row"]) | {c for c, n in st["reserve"].items() if n > 0}
    cards = g.content.cards
    return [*({"card": c} for c in sorted(names)
              if cards[c].get("buyable", True) and (cards[c].get("cost") or 0) <= most), SKIP]


@choice("free-acquire", _free_offers, ("card.tleilaxu-master", "card.acquire-effect"))
def _free_acquire(g: Game, task: dict, given: dict, below: dict) -> None:
    acquire_card(g, task["player"], given["card"], "hand" if task["to_hand"] else "discard")


@custom("acquire-with-marker-bonus")
def tleilaxu_master(g: Game, task: dict, step: dict) -> None:
    """May acquire a Row or Reserve card up to `max_cost` without paying; to the hand once the
    research token has reached `to_hand_at` genetic markers."""
    to_hand = genetic_markers(g, task["player"]) >= step["to_hand_at"]
    g.rulings.append("card.tleilaxu-master")
    push_choice(g, task, "free-acquire", max_cost=step["max_cost"], to_hand=to_hand)


# --- Counterattack --------------------------------------------------------------------------------
@hook("intrigue-played", module="immortality")
def _remember_combat_play(g: Game, task: dict, pid: str, card: str) -> None:
    """Only an Immortality game keeps this (Counterattack reads it): other states are unchanged."""
    if task["t"] == "window" and task["kind"] == "combat":
        task[PLAYED] = sorted({*task.get(PLAYED, []), pid})


def _combat_window(g: Game) -> dict | None:
    return next((t for t in reversed(g.state["stack"]) if t["t"] == "window" and t["kind"] == "combat"), None)


@custom("if-opponent-played-combat-intrigue")
def counterattack(g: Game, task: dict, step: dict) -> None:
    window = _combat_window(g) or {}
    g.rulings.append("card.counterattack")
    if any(q != task["player"] for q in window.get(PLAYED, [])):
        prepend(task, list(step["then"]))


# --- Harvest Cells ---------------------------------------------------------------------------------
@custom("when-lose-troops-at-conflict-end")
def harvest_cells(g: Game, task: dict, step: dict) -> None:
    """Kept until the Conflict's cleanup (`combat-cleanup` below)."""
    pl = g.p(task["player"])
    pl[HARVEST] = [*pl.get(HARVEST, []), {"at_least": step["at_least"], "then": list(step["then"]),
                                          "src": task["src"]}]


@hook("combat-cleanup", module="immortality")
def _troops_lost(g: Game) -> None:
    """Every troop still in the Conflict is lost to the supply at its end; a trigger whose
    threshold they meet resolves once they are back (its steps are queued, run after cleanup)."""
    met = []
    for pid in g.order:
        pl = g.p(pid)
        met += [(pid, t) for t in pl.pop(HARVEST, []) if pl["troops"]["conflict"] >= t["at_least"]]
    for pid, trigger in reversed(met):  # queued last first: they resolve in turn order
        g.rulings.append("card.harvest-cells")
        run(g, pid, trigger["then"], trigger["src"])
