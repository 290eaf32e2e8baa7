"""Chance outcomes: conflicts revealed, cards drawn, the Imperium Row refilled, random steals,
contracts and Objective cards dealt. Each kind is one registered `ChanceKind`: its candidates,
how the seeded dealer deals it, and how a recorded outcome is checked and applied.

A log may record each outcome as an action by `chance`; the engine checks it could happen.
A log that gives a seed lets the engine deal instead, with the RNG kept in the state.
Decks are multisets (their order is unknown until cards are drawn), so a shuffle is never an
outcome of its own: drawing from a shuffled deck is. An outcome an observer could not see is
written "?" and identified when the card is revealed (`deck.identify`).
"""

from __future__ import annotations

from itertools import permutations

from ..core import rng
from ..core.errors import IllegalAction
from ..core.observers import Hidden
from ..core.sentences import term
from .deck import (
    HIDDEN,
    after_bottom_drawn,
    bottom_reached,
    forget_top,
    known_bottom,
    known_top,
    refill_from,
    set_top,
    visible,
)
from .game import Game, ms_add, ms_contains, ms_remove
from .registry import FLAG_RULINGS, ChanceKind, adjust, ask, chance_kind, fire
from .zones import reveal_drawn

R_AVAIL = ("chance.card-not-available",)


def check_kind(task: dict, action: dict) -> None:
    """What every recorded outcome must match: the kind, and the player it is for."""
    kind = task["kind"]
    if action.get("do") != kind:
        raise IllegalAction("chance.unexpected", "The game waits for the chance outcome {kind}, not for {verb}.",
                            ("log.hidden-outcome",), params={"kind": term("actions", kind),
                                                             "verb": term("actions", str(action.get("do")))})
    if "player" in task and action.get("player") != task["player"]:
        raise IllegalAction("chance.wrong-player", "This chance outcome ({kind}) is for {seat}.", R_AVAIL,
                            params={"kind": term("actions", kind), "seat": task["player"]})


# --- drawing cards ------------------------------------------------------------------------------
def _draw_plan(g: Game, task: dict) -> tuple[dict, list, int]:
    """The pool drawn from, its discard pile, and how many cards the draw takes."""
    if task["kind"] == "draw":
        pl = g.p(task["player"])
        pool, discard = pl["deck"], pl["discard"]
    else:
        pool, discard = g.state["intrigue_deck"], g.state["intrigue_discard"]
        g.rulings.append("intrigue.deck-exhausted")
    if task.get("look"):  # looking at the top cards of the deck: no reshuffle
        return pool, discard, min(task["n"], visible(pool))
    return pool, discard, min(task["n"], visible(pool) + len(discard))


def _draw_prompt(g: Game, task: dict) -> dict:
    return {"n": _draw_plan(g, task)[2]}


def _deal_draw(g: Game, task: dict) -> dict:
    pool, discard, n = _draw_plan(g, task)
    cards = list(pool["cards"])
    drawn = []
    for card in known_top(pool)[:n]:  # a known top card is the next one drawn
        cards.remove(card)
        drawn.append(card)
    under = [c for c in known_bottom(pool) if c != HIDDEN]  # known bottom cards come last
    for card in under:
        cards.remove(card)
    while len(drawn) < n:
        if not cards and under:
            drawn.append(under.pop(0))
            continue
        if not cards:  # a reshuffle mid-draw: the whole old deck was drawn first, then the discard
            cards = sorted(discard)
        drawn.append(cards.pop(rng.below(g.state, len(cards))))
    return {"do": task["kind"], "player": task["player"], "cards": drawn}


def _apply_draw(g: Game, task: dict, action: dict) -> None:
    cards = action.get("cards")
    pool, discard, n = _draw_plan(g, task)
    if not isinstance(cards, list) or len(cards) != n:
        raise IllegalAction("chance.wrong-count", "This draw takes exactly {count} card(s).", ("deck.reshuffle",),
                            params={"count": n})
    if task.get("look"):
        _apply_look(g, task, pool, cards)
        return
    top = known_top(pool)[:n]
    under, unreached = bottom_reached(pool, n)
    cards = _known_top_named(cards, top + [c for c in under if c != HIDDEN])
    known = [c for c in cards if c != HIDDEN]
    hidden = len(cards) - len(known)
    if top and not ms_contains(known, top):
        raise IllegalAction("chance.card-not-available",
                            "The top of that deck is known to be {cards}: those are drawn first.",
                            ("deck.known-top",), params={"cards": list(top)})
    _check_bottom(pool, known, top, under, unreached)
    set_top(pool, known_top(pool)[len(top):])
    after_bottom_drawn(pool, len(under))
    # Cards beyond what the deck holds come after a reshuffle: the old deck is drawn whole first.
    if n > visible(pool):
        if pool["hidden"] == 0 and not ms_contains(known, pool["cards"]) and hidden == 0:
            raise IllegalAction("chance.card-not-available",
                                "A draw that empties the deck must take every card left in it.",
                                ("deck.reshuffle",))
        refill_from(pool, discard)
        forget_top(pool)
    if not ms_contains(pool["cards"], known) or visible(pool) - len(known) < hidden:
        raise IllegalAction("chance.card-not-available",
                            "{cards} cannot all be drawn from that deck.", R_AVAIL, params={"cards": sorted(known)})
    hand = g.p(task["player"])["hand" if task["kind"] == "draw" else "intrigue"]
    for c in known:
        ms_remove(pool["cards"], c)
        hand.append(c)
    pool["hidden"] += hidden
    hand.extend([HIDDEN] * hidden)
    hand.sort()
    if task["kind"] == "draw-intrigue":
        fire("intrigue-gained", g, task["player"], n)
    turn = g.state.get("turn")
    if task["kind"] == "draw" and turn and turn["kind"] == "reveal" and turn["player"] == task["player"]:
        reveal_drawn(g, task["player"], known)


def _check_bottom(pool: dict, known: list, top: list, under: list, unreached: list) -> None:
    """A draw reaching the known bottom takes those cards (every other card was drawn first); one
    that does not reach it cannot take them."""
    named = [c for c in under if c != HIDDEN]
    rest = list(known)
    for c in top:
        ms_remove(rest, c)
    if named and not ms_contains(rest, named):
        raise IllegalAction("chance.card-not-available", "This draw reaches the bottom of that deck, known to hold "
                            "{cards}: they are drawn once every other card has been.", ("ix.intrigue-bottom",),
                            params={"cards": named})
    for c in named:
        ms_remove(rest, c)
    free = list(pool["cards"])
    for c in [*known_top(pool), *unreached]:
        ms_remove(free, c)
    if unreached and not ms_contains(free, rest):
        raise IllegalAction("chance.card-not-available", "{cards} cannot all be drawn before the cards known at the "
                            "bottom of that deck.", ("ix.intrigue-bottom",), params={"cards": sorted(rest)})


def _known_top_named(cards: list, top: list) -> list:
    """A draw written face down still takes the deck's known top cards first: the "?" stand for them."""
    missing = list(top)
    for c in cards:
        ms_remove(missing, c)
    out = []
    for c in cards:
        out.append(missing.pop(0) if c == HIDDEN and missing else c)
    return out


def _apply_look(g: Game, task: dict, pool: dict, cards: list) -> None:
    """The cards on top of the deck are seen: they stay counted in the deck, marked as
    `looking`, until the choices that follow move them (or, for a `peek`, stay there known)."""
    if HIDDEN in cards or not ms_contains(pool["cards"], cards) or visible(pool) < len(cards):
        raise IllegalAction("chance.card-not-available",
                            "{cards} cannot all be on top of that deck (the cards looked at must be named).",
                            ("card.look-at-top-cards",), params={"cards": sorted(cards)})
    top = known_top(pool)[:len(cards)]
    if top and not ms_contains(cards, top):
        raise IllegalAction("chance.card-not-available",
                            "The top of that deck is known to be {cards}.", ("deck.known-top",),
                            params={"cards": list(top)})
    _check_bottom(pool, cards, top, *bottom_reached(pool, len(cards)))
    if task.get("peek"):  # the card is seen and stays where it is
        if cards and not known_top(pool):
            pool["top"] = list(cards)
        g.rulings.append(task.get("ruling") or FLAG_RULINGS["peek"])
        return
    g.p(task["player"])["looking"] = sorted(cards)


DEALT = Hidden(("cards", "card"))  # a card drawn or looked at: its player sees it, nobody else
chance_kind(ChanceKind("draw", lambda g, task: None, _deal_draw, _apply_draw, ("deck.reshuffle",), _draw_prompt,
                       DEALT))
chance_kind(ChanceKind("draw-intrigue", lambda g, task: None, _deal_draw, _apply_draw, ("intrigue.deck-exhausted",),
                       _draw_prompt, DEALT))


# --- the Conflict, the Imperium Row, contracts ---------------------------------------------------
def _conflict_pool(g: Game) -> tuple[int, list]:
    board = g.state["board"]
    level = board["conflict_levels"][0]
    return level, board["conflict_pool"][str(level)]


def _apply_conflict(g: Game, task: dict, action: dict) -> None:
    board, (level, pool), card = g.state["board"], _conflict_pool(g), action.get("card")
    if card == HIDDEN:  # the deck stays face down and unwritten; the card turned up is public
        raise IllegalAction("chance.hidden-not-possible", "The Conflict card is revealed face up to every "
                            "player at the start of the round (its rewards decide the round): name it.",
                            ("setup.conflict-deck", "log.hidden-outcome"))
    if not ms_remove(pool, card):
        raise IllegalAction("chance.card-not-available",
                            "{card} is not a level-{level} Conflict card still in the box.", R_AVAIL,
                            params={"card": str(card), "level": level})
    board["conflict_levels"].pop(0)
    board["conflict"] = card


chance_kind(ChanceKind(
    "reveal-conflict",
    lambda g, task: [{"do": "reveal-conflict", "card": c} for c in sorted(set(_conflict_pool(g)[1]))],
    lambda g, task: {"do": "reveal-conflict", "card": _pick(g, sorted(_conflict_pool(g)[1]))},
    _apply_conflict, ("setup.conflict-deck",)))


def _pick(g: Game, pool: list):
    return pool[rng.below(g.state, len(pool))]


def face_up_kind(kind: str, pile, row, rulings: tuple[str, ...], missing: str, field: str = "card") -> None:
    """Register a chance kind that turns one card of a shuffled `pile(state)` face up into `row(state)`
    (the Imperium Row, contracts, the Tleilaxu Row). `missing`: the refusal's template for a card
    not in the pile, naming it as `{<field>}` (it cites the deciding rule first, then the kind's)."""

    def apply(g: Game, task: dict, action: dict) -> None:
        card = action.get(field)
        if not ms_remove(pile(g.state), card):
            raise IllegalAction("chance.card-not-available", missing, (*R_AVAIL, *rulings), params={field: card})
        ms_add(row(g.state), card)

    chance_kind(ChanceKind(
        kind, lambda g, task: [{"do": kind, field: c} for c in sorted(set(pile(g.state)))],
        lambda g, task: {"do": kind, field: _pick(g, pile(g.state))}, apply, rulings))


face_up_kind("refill-row", lambda st: st["imperium_deck"]["cards"], lambda st: st["row"], ("acquire.row-refill",),
             "{card} is not left in the Imperium deck.")
face_up_kind("reveal-contract", lambda st: st["contracts"]["pile"], lambda st: st["contracts"]["face_up"],
             ("choam.contracts",), "The contract {contract} is not in the pile.", "contract")


# --- stealing an Intrigue card -------------------------------------------------------------------
def _steal(task: dict, card: str) -> dict:
    return {"do": "steal-intrigue", "player": task["player"], "from": task["from"], "card": card}


def _apply_steal(g: Game, task: dict, action: dict) -> None:
    card, victim = action.get("card"), g.p(task["from"])
    if card == HIDDEN and HIDDEN not in victim["intrigue"]:
        raise IllegalAction("chance.hidden-not-possible", "The Intrigue cards of {seat} are all known: name the "
                            "card given.", ("log.hidden-outcome",), params={"seat": task["from"]})
    if action.get("from") != task["from"] or not ms_remove(victim["intrigue"], card):
        raise IllegalAction("chance.card-not-available", "{seat} holds no {card} to give.", R_AVAIL,
                            params={"seat": task["from"], "card": str(card)})
    ms_add(g.p(task["player"])["intrigue"], card)
    fire("intrigue-gained", g, task["player"], 1)


chance_kind(ChanceKind(
    "steal-intrigue",
    lambda g, task: [_steal(task, c) for c in sorted(set(g.p(task["from"])["intrigue"]))],
    lambda g, task: _steal(task, _pick(g, sorted(g.p(task["from"])["intrigue"]))),
    _apply_steal, ("intrigue.steal",), secret=Hidden(("card",), ("player", "from"))))


# --- Objective cards (Uprising setup) -----------------------------------------------------------
def objectives_for(g: Game) -> list[str]:
    """The Objective cards used at this player count (Uprising setup)."""
    return sorted(o for o, d in g.content.objectives.items() if len(g.order) in d["players"])


def fixed_objectives(g: Game) -> dict:
    """Objectives a rule gives to one seat (the two-player Rival's Ornithopter): hook `objective-fixed`."""
    fixed = {}
    for given in ask("objective-fixed", g):
        fixed.update(given)
    return dict(sorted(fixed.items()))


def objective_seats(g: Game) -> list[str]:
    """The seats that take an Objective card (six players: the Allies only), hook `objective-seats`."""
    return adjust("objective-seats", list(g.order), g)


def _dealt_seats(g: Game) -> tuple[list[str], list[str], dict]:
    fixed = fixed_objectives(g)
    pile = objectives_for(g)
    for card in fixed.values():
        pile.remove(card)
    return [q for q in objective_seats(g) if q not in fixed], pile, fixed


def _deal_objectives(g: Game, task: dict) -> dict:
    seats, pile, fixed = _dealt_seats(g)
    dealt = {pid: pile.pop(rng.below(g.state, len(pile))) for pid in seats}
    return {"do": "deal-objectives", "objectives": {pid: fixed.get(pid) or dealt[pid] for pid in objective_seats(g)}}


def _all_deals(g: Game, task: dict) -> list[dict]:
    seats, pile, fixed = _dealt_seats(g)
    return [{"do": "deal-objectives", "objectives": {q: fixed.get(q) or dict(zip(seats, perm, strict=True))[q]
                                                     for q in objective_seats(g)}}
            for perm in permutations(pile, len(seats))]


def _apply_objectives(g: Game, task: dict, action: dict) -> None:
    dealt, pile, fixed = action.get("objectives"), objectives_for(g), fixed_objectives(g)
    seats = objective_seats(g)
    if not isinstance(dealt, dict) or sorted(dealt) != sorted(seats) or not ms_contains(pile, list(dealt.values())):
        raise IllegalAction("chance.card-not-available", "Each player gets one distinct Objective card of {cards}.",
                            ("setup.objectives",), params={"cards": list(pile)})
    for pid, card in fixed.items():
        if dealt[pid] != card:
            raise IllegalAction("rival.objective", "{seat} takes the Objective {card}, not {dealt_card}.",
                                ("rivals.objectives",), params={"seat": pid, "card": card, "dealt_card": dealt[pid]})
    for pid in seats:
        g.p(pid)["objectives"] = [{"id": dealt[pid], "flipped": False}]
        if g.content.objectives[dealt[pid]].get("first_player"):
            g.state["first"] = pid
    g.rulings.append("setup.objectives")
    fire("objectives-dealt", g)  # a seat dealt by its own rule (a Rival) checks it


chance_kind(ChanceKind(
    "deal-objectives",
    _all_deals,
    _deal_objectives, _apply_objectives, ("setup.objectives",)))
