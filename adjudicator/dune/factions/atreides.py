"""Atreides (ruling dune.atreides; our reading in dune.engine-faction-readings): before battle
plans are set in a battle the Atreides or their ally fights, the Atreides may name one element of
the opponent's plan (leader, weapon, defense or dial) to be shown: the opponent then sets its
plan first and the element is public, so the Atreides' side plans knowing it. Their prescience
of the cards up for bid and of the Spice deck's top is information only and the log records no
action for it (ruling dune.engine-atreides-looks): the cards are chance outcomes recorded when
drawn, as in any game; a Karama against the look is karama.py's `atreides-auction-prescience`.
Their Kwisatz Haderach (advanced game) is modules/advanced/atreides.py's."""

from __future__ import annotations

from ..alliance import side
from ..game import Game
from ..registry import Decision, decision, hook

FACTION = "atreides"
ELEMENTS = ("leader", "weapon", "defense", "dial")
RULINGS = ("dune.atreides", "dune.engine-faction-readings")


@hook("battle-opened")
def offer_prescience(g: Game, battle: dict) -> None:
    me = g.player_of(FACTION)
    if me is None:
        return
    fighter = next((q for q in (battle["aggressor"], battle["defender"]) if q in side(g, me)), None)
    if fighter is not None:
        g.push({"t": "decide", "kind": "prescience", "player": me, "fighter": fighter})


def _offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "prescience", "element": e} for e in ELEMENTS] + [{"do": "pass"}]


def _prescience(g: Game, task: dict, args: dict) -> None:
    g.finish(task)
    if args["do"] == "pass":
        return
    b = g.state["battle"]
    opponent = b["defender"] if task["fighter"] == b["aggressor"] else b["aggressor"]
    b["prescience"] = {"of": opponent, "element": args["element"]}
    stack = g.state["stack"]  # the opponent's plan is set first (the top of the stack runs first)
    mine = next(i for i, t in enumerate(stack) if t.get("kind") == "plan" and t["player"] == task["fighter"])
    theirs = next(i for i, t in enumerate(stack) if t.get("kind") == "plan" and t["player"] == opponent)
    if theirs < mine:
        stack[mine], stack[theirs] = stack[theirs], stack[mine]


decision(Decision("prescience", ("prescience", "pass"), _offers, _prescience, RULINGS))
