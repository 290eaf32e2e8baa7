"""Graft (Immortality rulebook pp. 10-11, 14): the steps of the cards that name a graft. The verb
`graft`, the placement rules and the conditional icons are in `imperium/graft.py`.

- (graft.py) The verb `graft` (`cards`: exactly two, at least one with a Graft box; `space`, and spies'
  `infiltrate`/`gather` as `send-agent` has them): the Agent goes where an icon of either card
  allows (the `card-icons` hook, while the graft is checked), both cards go into play, and each
  Agent box is its own node of the turn, resolved in any order with the space's effects.
- A Graft card is never played alone (`placement-check`).
- "If grafted" steps, Ghola (the other card's whole Agent box), Chairdog (the other card back at
  the Reveal turn's start), the steps that name "the other grafted card".
- Conditional Agent icons (`conditional_icons` in the data) and `ignore_occupied`.
"""

from __future__ import annotations

from ..game import Game, my_turn
from ..influence import change_influence
from ..registry import choice, custom, hook
from ..steps import prepend, push_choice, run, source_card
from ..zones import recall_agent, trash_card

SKIP, PAY = {"option": "skip"}, {"option": "pay"}


def is_graft(g: Game, card: str) -> bool:
    return bool(g.content.cards.get(card, {}).get("graft"))


def takes_row_partner(g: Game, card: str) -> bool:
    """Usurp: its Agent box lets it be grafted to an Imperium Row card (p. 14)."""
    return any(s.get("custom") == "usurp" for s in g.content.cards.get(card, {}).get("agent", []))


def grafted(g: Game, pid: str) -> list[str]:
    """The two cards grafted this turn (empty when the turn's Agent was sent by one card)."""
    return my_turn(g, pid).get("graft", [])


def other_grafted(g: Game, pid: str, card: str) -> str | None:
    pair = list(grafted(g, pid))
    if card not in pair:
        return None
    pair.remove(card)
    return pair[0]


# --- the cards' own steps ------------------------------------------------------------------------------
def _card_of(task: dict) -> str:
    return source_card(task["src"])


@custom("if-grafted")
def if_grafted(g: Game, task: dict, step: dict) -> None:
    if _card_of(task) in grafted(g, task["player"]):
        g.rulings.append("graft.if-grafted")
        prepend(task, list(step["then"]))


@custom("if-grafted-with-faction")
def if_grafted_with_faction(g: Game, task: dict, step: dict) -> None:
    other = other_grafted(g, task["player"], _card_of(task))
    if other and set(g.content.cards[other].get("factions", [])) & set(step["factions"]):
        g.rulings.append("graft.if-grafted")
        prepend(task, list(step["then"]))


# Cards whose Influence with the space's Faction replaces the space's usual amount ("2 instead of
# 1"): a Ghola copying one gives no more than the card alone (p. 14, graft.ghola-power-play).
INSTEAD_OF_SPACE_INFLUENCE = frozenset({"power-play"})


def _space_influence(step: dict) -> bool:
    return "influence" in step and step.get("faction") == "space"


@custom("ghola-copy-agent-box")
def ghola(g: Game, task: dict, step: dict) -> None:
    """The other grafted card's whole Agent box, as this card's own (p. 14); grafted to Power Play
    its copy adds no Influence beyond Power Play's own 2 (p. 14), the rest of the box is copied."""
    other = other_grafted(g, task["player"], _card_of(task))
    if other:
        g.rulings += ["graft.ghola-whole-box", "graft.example-carmen"]
        box = list(g.content.cards[other].get("agent", []))
        if other in INSTEAD_OF_SPACE_INFLUENCE:
            g.rulings.append("graft.ghola-power-play")
            box = [s for s in box if not _space_influence(s)]
        prepend(task, box)


@custom("solari-per-other-grafted-icon")
def slig_farmer(g: Game, task: dict, step: dict) -> None:
    other = other_grafted(g, task["player"], _card_of(task))
    if other:
        g.gain(task["player"], {"solari": len(g.content.cards[other].get("icons", []))})


@custom("chairdog-return-other")
def chairdog(g: Game, task: dict, step: dict) -> None:
    other = other_grafted(g, task["player"], _card_of(task))
    if other:
        pl = g.p(task["player"])
        pl["chairdog"] = sorted([*pl.get("chairdog", []), other])
        g.rulings.append("graft.example-candice")


@hook("reveal-nodes")
def _chairdog_reveal(g: Game, pid: str) -> list[str]:
    """The card Chairdog returns comes back to hand and is revealed with the rest: its Reveal box
    is a node of this Reveal turn (it is in play either way)."""
    pl = g.p(pid)
    back = [c for c in pl.pop("chairdog", []) if c in pl["play"] and g.content.cards[c].get("reveal")]
    return [f"reveal:{c}#chairdog" for c in back]


def _grafted_in_play(g: Game, task: dict) -> list[dict]:
    pl = g.p(task["player"])
    return [{"card": c} for c in sorted(set(grafted(g, task["player"]))) if c in pl["play"]]


@choice("grafted-card", _grafted_in_play, ("graft.if-grafted",))
def _trash_grafted(g: Game, task: dict, given: dict, below: dict) -> None:
    trash_card(g, task["player"], given["card"], "play")
    run(g, task["player"], task.get("then", []), task["src"])


@custom("trash-grafted-card")
def trash_grafted_card(g: Game, task: dict, step: dict) -> None:
    """Beguiling Pheromones: one of the two grafted cards trashed, the player's pick (no "may")."""
    if _grafted_in_play(g, task):
        push_choice(g, task, "grafted-card")


def _other_offers(g: Game, task: dict) -> list[dict]:
    return ([PAY] if task["other"] in g.p(task["player"])["play"] else []) + [SKIP]


@choice("trash-other", _other_offers, ("graft.if-grafted",))
def _trash_other(g: Game, task: dict, given: dict, below: dict) -> None:
    trash_card(g, task["player"], task["other"], "play")
    run(g, task["player"], task["then"], task["src"])


@custom("trash-other-grafted-cost")
def dissecting_kit(g: Game, task: dict, step: dict) -> None:
    other = other_grafted(g, task["player"], _card_of(task))
    if other and other in g.p(task["player"])["play"]:
        push_choice(g, task, "trash-other", other=other, then=list(step["then"]))


def _recall_offers(g: Game, task: dict) -> list[dict]:
    return ([PAY] if task["space"] in g.p(task["player"])["placed"] else []) + [SKIP]


@choice("recall-own-agent", _recall_offers, ("recall.agents",))
def _recall(g: Game, task: dict, given: dict, below: dict) -> None:
    recall_agent(g, task["player"], task["space"])


@custom("may-recall-this-turns-agent")
def twisted_mentat(g: Game, task: dict, step: dict) -> None:
    space = my_turn(g, task["player"]).get("space")
    if space:
        push_choice(g, task, "recall-own-agent", space=space)


def _different_offers(g: Game, task: dict) -> list[dict]:
    return [{"option": i} for i in range(len(task["options"])) if i not in task["picked"]]


@choice("choose-different", _different_offers, ("effects.mandatory-unless-optional",))
def _different(g: Game, task: dict, given: dict, below: dict) -> None:
    picked = [*task["picked"], given["option"]]
    if len(picked) < task["count"]:
        g.push({**task, "picked": picked})
    run(g, task["player"], task["options"][given["option"]], task["src"])


@custom("choose-different")
def choose_different(g: Game, task: dict, step: dict) -> None:
    """Stitched Horror: `count` different options, each resolved as it is chosen."""
    push_choice(g, task, "choose-different", options=list(step["options"]), count=step["count"], picked=[])


def _faction_offers(g: Game, task: dict) -> list[dict]:
    pl = g.p(task["player"])
    return [{"faction": f} for f in sorted(pl["influence"]) if pl["influence"][f] >= task["amount"]] + [SKIP]


@choice("pay-influence", _faction_offers, ("agent.arrow-cost", "cost.must-be-payable"))
def _pay_influence(g: Game, task: dict, given: dict, below: dict) -> None:
    change_influence(g, task["player"], given["faction"], -task["amount"])
    run(g, task["player"], task["then"], task["src"])


@custom("pay-influence-one-faction")
def for_humanity(g: Game, task: dict, step: dict) -> None:
    push_choice(g, task, "pay-influence", amount=step["amount"], then=list(step["then"]))


# --- Usurp (p. 14) -------------------------------------------------------------------------------------
@custom("usurp")
def usurp(g: Game, task: dict, step: dict) -> None:
    """Usurp's box is a placement rule (graft.py takes the Row card); nothing is left to resolve."""
    if my_turn(g, task["player"]).get("usurped"):
        g.rulings.append("graft.usurp-hand")


@hook("turn-end")
def _usurped_trashed(g: Game, pid: str, turn: dict) -> None:
    """The Row card grafted with Usurp is trashed as the turn ends, a trash like any other (its
    "when trashed" box fires), and the Row refilled."""
    card = turn.get("usurped")
    if card and card in g.state["row"]:
        trash_card(g, pid, card, "row")
        if g.state["imperium_deck"]["cards"]:
            g.push({"t": "chance", "kind": "refill-row"})
        g.rulings += ["graft.usurp-trash-triggers", "acquire.row-refill"]
