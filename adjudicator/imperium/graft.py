"""Graft (Immortality rulebook pp. 10-11, 14), the rule: two cards played together to send one
Agent. The cards' own steps ("if grafted", Ghola, Chairdog, ...) are in `custom/graft.py`.

- The verb `graft` (`cards`: exactly two, at least one with a Graft box; `space`, and the spies'
  `infiltrate`/`gather` as `send-agent` has them): the Agent goes where an icon of either card
  allows (the `card-icons` hook, while the graft is checked), both cards go into play, and each
  Agent box is its own node of the turn, resolved in any order with the space's effects.
- A Graft card is never played alone (`placement-check`).
- A card whose Agent box is `usurp` may be grafted to an Imperium Row card instead of a hand card
  (the Row card is listed in `cards`; it stays in the Row and is trashed as the turn ends). When
  the hand holds a copy of that card too, `"row": true` names the Row's copy (without it, the
  held copy is played, as for any graft).
- Conditional Agent icons (`conditional_icons` in the data) and `ignore_occupied`.

It sits beside `turns.py` (it sends an Agent as `send-agent` does) and names no card.
"""

from __future__ import annotations

from itertools import combinations

from ..core.errors import IllegalAction
from .custom.graft import is_graft, takes_row_partner
from .custom.immortality import in_play
from .game import Game, ms_contains
from .registry import Verb, hook, verb
from .registry import first as first_hook
from .turns import own_spy_posts, placement_error, send_from_source

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
        return IllegalAction("graft.two-cards", f"a graft plays exactly two cards together, not {n}",
                             ("graft.two-cards",))
    if not any(is_graft(g, c) for c in cards):
        return IllegalAction("graft.no-graft-card", f"neither {cards[0]} nor {cards[1]} has a Graft box: "
                             "two cards are played together only when one of them has", ("graft.two-cards",))
    pl = g.p(pid)
    hand, other, _ = _split(g, pid, a)
    if a.get("row") and not usurped_row_card(g, pid, hand, other):
        return IllegalAction("graft.not-row-card", f"`row` names an Imperium Row card grafted to a card that "
                             f"allows it (Usurp): {cards[0]} and {cards[1]} are not such a pair here",
                             ("graft.usurp-hand",))
    if not a.get("row") and not ms_contains(pl["hand"], cards) and not usurped_row_card(g, pid, hand, other):
        return IllegalAction("agent.card-required", f"{pid} does not hold both {cards[0]} and {cards[1]}"
                             + (f", nor is {other} in the Imperium Row" if takes_row_partner(g, hand) else ""),
                             ("agent.card-required", "graft.two-cards", "graft.usurp-hand"))
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
    if not in_play(g):
        return []
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


def _graft(g: Game, task: dict, pid: str, a: dict) -> None:
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


@hook("turn-opened")
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


verb(Verb("graft", ("turn",), _graft_offers, _graft, R_GRAFT, accepts=lambda g, task: in_play(g)))


# --- placement: icons of either card, a Graft card never alone -------------------------------------
@hook("card-icons")
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


@hook("placement-check")
def _never_alone(g: Game, pid: str, space_id: str, card_id: str) -> IllegalAction | None:
    """Whatever route checks the placement (a turn, or an effect that sends an Agent): only a
    graft, which marks its turn while checking, may send with a Graft card."""
    if is_graft(g, card_id) and _pending(g, pid) is None:
        return IllegalAction("graft.alone", f"{card_id} has a Graft box: it is played only together with one "
                             "other card (graft)", ("graft.two-cards",))
    return None


@hook("may-share")
def _infiltrator(g: Game, pid: str, space: dict, card_id: str):
    """Tleilaxu Infiltrator: opponents' Agents do not block the Agent it sends."""
    cards = (card_id, _pending(g, pid))
    return True if any(g.content.cards.get(c, {}).get("ignore_occupied") for c in cards if c) else None
