"""Graft (Immortality rulebook pp. 10-11, 14): two cards played together to send one Agent, and
the steps of the cards that name a graft.

- The verb `graft` (`cards`: exactly two, at least one with a Graft box; `space`, and the spies'
  `infiltrate`/`gather` as `send-agent` has them): the Agent goes where an icon of either card
  allows (the `card-icons` hook, while the graft is checked), both cards go into play, and each
  Agent box is its own node of the turn, resolved in any order with the space's effects.
- A Graft card is never played alone (`placement-check`).
- A card whose Agent box is `usurp` may be grafted to an Imperium Row card instead of a hand card
  (the Row card is listed in `cards`; it stays in the Row and is trashed as the turn ends). When
  the hand holds a copy of that card too, `"row": true` names the Row's copy (without it, the
  held copy is played, as for any graft).
- "If grafted" steps, Ghola (the other card's whole Agent box), Chairdog (the other card back at
  the Reveal turn's start), the steps that name "the other grafted card".
- Conditional Agent icons (`conditional_icons` in the data) and `ignore_occupied`.

The cards' steps come first in this file, then the verb and the placement rules: their
registrations run in that order. The verb sends an Agent as `send-agent` does (`turns.py`) and
names no card.
"""

from __future__ import annotations

from itertools import combinations

from ....core.errors import IllegalAction
from ...deck import HIDDEN, identify
from ...game import Game, ms_contains, ms_remove, my_turn
from ...influence import change_influence
from ...registry import Verb, choice, custom, hook, verb
from ...registry import first as first_hook
from ...steps import prepend, push_choice, run, source_card
from ...turns import own_spy_posts, placement_error, send_from_source
from ...zones import recall_agent, trash_card

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


@hook("reveal-nodes", module="immortality")
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


@hook("turn-end", module="immortality")
def _usurped_trashed(g: Game, pid: str, turn: dict) -> None:
    """The Row card grafted with Usurp is trashed as the turn ends, a trash like any other (its
    "when trashed" box fires), and the Row refilled."""
    card = turn.get("usurped")
    if card and card in g.state["row"]:
        trash_card(g, pid, card, "row")
        if g.state["imperium_deck"]["cards"]:
            g.push({"t": "chance", "kind": "refill-row"})
        g.rulings += ["graft.usurp-trash-triggers", "acquire.row-refill"]


PENDING = "graft_with"  # on the pending `turn` task while a graft's placement is checked
GRAFTING = "grafting"  # on the player between the graft and its Agent's placement
R_GRAFT = ("graft.two-cards", "graft.both-sent", "graft.effects-any-order")


def _pending(g: Game, pid: str) -> str | None:
    top = g.top
    return top.get(PENDING) if top and top["t"] == "turn" and top["player"] == pid else None


# --- the graft verb ----------------------------------------------------------------------------------
def graft_error(g: Game, task: dict, pid: str, a: dict) -> IllegalAction | None:
    cards = a.get("cards")
    if not isinstance(cards, list) or len(cards) != 2:
        n = len(cards) if isinstance(cards, list) else 0
        return IllegalAction("graft.two-cards", "A graft plays exactly two cards together, not {count}.",
                             ("graft.two-cards",), params={"count": n})
    if not any(is_graft(g, c) for c in cards):
        return IllegalAction("graft.no-graft-card", "Neither {card} nor {other_card} has a Graft box: two cards are "
                             "played together only when one of them has.", ("graft.two-cards",),
                             params={"card": cards[0], "other_card": cards[1]})
    pl = g.p(pid)
    hand, other, _ = _split(g, pid, a)
    if a.get("row") and not usurped_row_card(g, pid, hand, other):
        return IllegalAction("graft.not-row-card", "A graft with row names an Imperium Row card grafted to a card "
                             "that allows it (Usurp): {card} and {other_card} are not such a pair here.",
                             ("graft.usurp-hand",), params={"card": cards[0], "other_card": cards[1]})
    if not a.get("row") and not ms_contains(pl["hand"], cards) and not usurped_row_card(g, pid, hand, other):
        rulings = "agent.card-required", "graft.two-cards", "graft.usurp-hand"
        if takes_row_partner(g, hand):
            return IllegalAction("agent.card-required", "{seat} does not hold both {card} and {other_card}, nor is "
                                 "{row_card} in the Imperium Row.", rulings,
                                 params={"seat": pid, "card": cards[0], "other_card": cards[1], "row_card": other})
        return IllegalAction("agent.card-required", "{seat} does not hold both {card} and {other_card}.", rulings,
                             params={"seat": pid, "card": cards[0], "other_card": cards[1]})
    task[PENDING] = other
    try:
        return placement_error(g, pid, {**_placement(a), "card": hand})
    finally:
        del task[PENDING]


def _in_hand_first(g: Game, pid: str, cards: list) -> tuple[str, str]:
    """The pair with the card the Agent is sent with first: the one from the hand (a card that
    grafts to an Imperium Row card, Usurp, may be listed second), and a card that changes which
    Agent goes (Kwisatz Haderach: its placement rule holds when grafted, rulebook p. 14)."""
    first, other = cards
    if first not in g.p(pid)["hand"] and takes_row_partner(g, other):
        return other, first
    if other in g.p(pid)["hand"] and first_hook("agent-sources", g, pid, None, other) is not None \
            and first_hook("agent-sources", g, pid, None, first) is None:
        return other, first
    return first, other


def _split(g: Game, pid: str, a: dict) -> tuple[str, str, bool]:
    """(the card sent from the hand, the other card, whether the other is the Imperium Row's copy)."""
    cards = a["cards"]
    if a.get("row"):  # Usurp's partner named as the Row's copy, whatever the hand holds
        return (cards[1], cards[0], True) if takes_row_partner(g, cards[1]) else (cards[0], cards[1], True)
    first, other = _in_hand_first(g, pid, cards)
    return first, other, not ms_contains(g.p(pid)["hand"], [first, other])


def usurped_row_card(g: Game, pid: str, hand: str, other: str) -> bool:
    """`other` is an Imperium Row card grafted to `hand` (Usurp), which is held."""
    return takes_row_partner(g, hand) and hand in g.p(pid)["hand"] and other in g.state["row"]


def _placement(a: dict) -> dict:
    return {k: a[k] for k in ("space", "infiltrate", "gather") if k in a}


def _graft_offers(g: Game, task: dict, pid: str) -> list[dict]:
    hand = sorted(c for c in g.p(pid)["hand"] if c != "?")
    pairs = {(a, b) for a, b in combinations(hand, 2) if is_graft(g, a) or is_graft(g, b)}
    pairs |= {(c, r) for c in hand if takes_row_partner(g, c) for r in g.state["row"]}
    both = {(c, r) for c, r in pairs if takes_row_partner(g, c) and r in g.state["row"]
            and ms_contains(g.p(pid)["hand"], [c, r])}  # a held copy and the Row's: `row` says which
    pairs = sorted(pairs)
    out = []
    for pair in pairs:
        for space in g.board_spaces():
            mine = own_spy_posts(g, pid, space)
            for infiltrate in ([None, *mine] if space in g.state["board"]["occupied"] else [None]):
                for gather in [None, *[p for p in mine if p != infiltrate]]:
                    a = {"cards": list(pair), "space": space}
                    a.update({k: v for k, v in (("infiltrate", infiltrate), ("gather", gather)) if v})
                    for each in ([a, {**a, "row": True}] if pair in both else [a]):
                        if graft_error(g, task, pid, each) is None:
                            out.append(each)
    return out


def _name_face_down(g: Game, pid: str, a: dict) -> None:
    """A pair that names cards of a hand drawn face down (a log that did not see the draw) takes
    face-down cards to be them where they could be (the verdict is then unverifiable), as a
    reveal does; a Usurp partner lying in the Imperium Row is the Row's card, not the hand's."""
    cards, hand = a.get("cards"), g.p(pid)["hand"]
    if a.get("row") or not isinstance(cards, list) or len(cards) != 2 or HIDDEN not in hand:
        return
    named = [c for c in hand if c != HIDDEN]
    for card, partner in ((cards[0], cards[1]), (cards[1], cards[0])):
        if not isinstance(card, str) or ms_remove(named, card):
            continue
        if card in g.state["row"] and takes_row_partner(g, partner):
            continue
        try:
            identify(g, pid, "hand", card, another=True)
        except IllegalAction:  # no face-down card could be it: graft_error names the rule broken
            return


def _graft(g: Game, task: dict, pid: str, a: dict) -> None:
    _name_face_down(g, pid, a)
    err = graft_error(g, task, pid, a)
    if err is not None:
        raise err
    first, other, row = _split(g, pid, a)
    pl = g.p(pid)
    g.finish(task)
    # the other card joins the turn once the Agent is placed (`turn-opened` below), which may wait
    # for the choice of the Agent a card like Kwisatz Haderach moves: still a single Agent (p. 14)
    pl[GRAFTING] = {"card": other, "row": row, "gather": bool(a.get("gather"))}
    send_from_source(g, pid, {**_placement(a), "card": first}, task.get("deployed", 0))


@hook("turn-opened", module="immortality")
def _graft_joins(g: Game, pid: str, turn: dict) -> None:
    pl = g.p(pid)
    pending = pl.pop(GRAFTING, None)
    if pending is None:
        return
    other = pending["card"]
    if pending["row"]:  # Usurp: the Row card stays in the Row, not in play, trashed as the turn ends
        turn["usurped"] = other
    else:
        pl["hand"].remove(other)
        pl["play"].append(other)
    turn["graft"] = [turn["card"], other]
    if g.content.cards[other].get("agent"):
        _add_node(turn, f"card:{other}" + ("#2" if other == turn["card"] else ""), pending["gather"])
    g.rulings += R_GRAFT


def _add_node(turn: dict, node: str, gathered: bool) -> None:
    """The other card's Agent box: a node of the turn like the first card's (any order, p. 10)."""
    tail = "deploy" if "deploy" in turn["nodes"] else "end"
    turn["nodes"].insert(turn["nodes"].index(tail), node)
    turn["edges"].append(["cost", node, "timing.cost-before-effects"])
    if gathered:
        turn["edges"].append(["gather", node, "timing.gather-before-effects"])
    ruling = "timing.recruit-before-deploy" if tail == "deploy" else "timing.effects-before-end"
    turn["edges"].append([node, tail, ruling])


verb(Verb("graft", ("turn",), _graft_offers, _graft, R_GRAFT, module="immortality"))


# --- placement: icons of either card, a Graft card never alone -------------------------------------
@hook("card-icons", module="immortality")
def _graft_icons(icons: list, g: Game, pid: str, card: str) -> list:
    found = set(icons)
    partner = _pending(g, pid)
    if partner is not None:
        found |= set(g.content.cards.get(partner, {}).get("icons", []))
    for c in (card, partner):
        cond = g.content.cards.get(c, {}).get("conditional_icons") if c else None
        if cond and _condition(g, pid, c, cond["when"], partner is not None):
            found |= set(cond["icons"])
    return sorted(found)


def _condition(g: Game, pid: str, card: str, when: str, grafting: bool) -> bool:
    """When a card's conditional Agent icons count (judged as it is played)."""
    pl = g.p(pid)
    if when == "grafted":
        return grafting
    if when == "bene-gesserit-bond":  # another Bene Gesserit card in play
        return any("bene-gesserit" in g.content.cards.get(c, {}).get("factions", []) for c in pl["play"])
    if when == "more-troops-in-conflict-than-each-opponent":
        mine = pl["troops"]["conflict"]
        return all(mine > g.p(q)["troops"]["conflict"] for q in g.opponents(pid))
    return False


@hook("placement-check", module="immortality")
def _never_alone(g: Game, pid: str, space_id: str, card_id: str) -> IllegalAction | None:
    """Whatever route checks the placement (a turn, or an effect that sends an Agent): only a
    graft, which marks its turn while checking, may send with a Graft card."""
    if is_graft(g, card_id) and _pending(g, pid) is None:
        return IllegalAction("graft.alone", "{card} has a Graft box: it is played only together with one other "
                             "card (a graft).", ("graft.two-cards",), params={"card": card_id})
    return None


@hook("may-share", module="immortality")
def _infiltrator(g: Game, pid: str, space: dict, card_id: str):
    """Tleilaxu Infiltrator: opponents' Agents do not block the Agent it sends."""
    cards = (card_id, _pending(g, pid))
    return True if any(g.content.cards.get(c, {}).get("ignore_occupied") for c in cards if c) else None
