"""Chance outcomes: conflicts revealed, cards drawn, the Imperium Row refilled, random steals.

A log may record each outcome as an action by `chance`; the engine checks it could happen.
A log that gives a seed lets the engine deal instead, with the RNG kept in the state.
Decks are multisets (their order is unknown until cards are drawn), so a shuffle is never an
outcome of its own: drawing from a shuffled deck is. An outcome an observer could not see is
written "?" and identified when the card is revealed (`identify`).
"""

from __future__ import annotations

from itertools import permutations

from ..core import rng
from ..core.errors import IllegalAction
from .game import Game, ms_add, ms_contains, ms_remove

HIDDEN = "?"
R_AVAIL = ("chance.card-not-available",)


def _visible(pool: dict) -> int:
    return len(pool["cards"]) - pool["hidden"]


# --- a deck's known top ---------------------------------------------------------------------------
# A deck is a multiset, but a card put on top of it (Bypass Protocol, Recruitment Mission) or seen
# there (Paul Atreides' Prescience, Poison Snooper) is known: deck["top"] lists those cards, the top
# one first, and they are the next ones drawn. The key is absent when nothing is known.
def known_top(pool: dict) -> list:
    return pool.get("top", [])


def put_on_top(pool: dict, card: str) -> None:
    ms_add(pool["cards"], card)
    pool["top"] = [card, *known_top(pool)]


def take_from_deck(pool: dict, card: str) -> None:
    """A named card leaves the deck (looked at, then moved): the top one if it is known."""
    top = known_top(pool)
    if top and top[0] == card:
        _set_top(pool, top[1:])
    if not ms_remove(pool["cards"], card):
        raise AssertionError(card)
    trim_top(pool)


def forget_top(pool: dict) -> None:
    """A shuffle: nothing about the order is known any more."""
    pool.pop("top", None)


def _set_top(pool: dict, top: list) -> None:
    if top:
        pool["top"] = list(top)
    else:
        pool.pop("top", None)


def trim_top(pool: dict) -> None:
    """Keep the known top within the deck's contents (a face-down card named later may have
    been one of them)."""
    top, left = known_top(pool), list(pool["cards"])
    keep = []
    for card in top:
        if not ms_remove(left, card):
            break
        keep.append(card)
    _set_top(pool, keep)


def _refill_from(pool: dict, discard: list) -> None:
    for c in discard:
        ms_add(pool["cards"], c)
    discard.clear()


def _draw_plan(g: Game, task: dict) -> tuple[dict, list, int]:
    """The pool drawn from, its discard pile, and how many cards the draw takes."""
    kind = task["kind"]
    if kind == "draw":
        pl = g.p(task["player"])
        pool, discard = pl["deck"], pl["discard"]
    else:
        pool, discard = g.state["intrigue_deck"], g.state["intrigue_discard"]
        g.rulings.append("intrigue.deck-exhausted")
    if task.get("look"):  # looking at the top cards of the deck: no reshuffle
        return pool, discard, min(task["n"], _visible(pool))
    n = min(task["n"], _visible(pool) + len(discard))
    return pool, discard, n


def prompt_fields(g: Game, task: dict) -> dict:
    fields = {k: v for k, v in task.items() if k not in ("t",)}
    if task["kind"] in ("draw", "draw-intrigue"):
        fields["n"] = _draw_plan(g, task)[2]
    return fields


def candidates(g: Game, task: dict) -> list[dict] | None:
    """Every possible outcome where that list is short; None where only a checker makes sense."""
    kind, st = task["kind"], g.state
    if kind == "reveal-conflict":
        level = st["board"]["conflict_levels"][0]
        return [{"do": kind, "card": c} for c in sorted(set(st["board"]["conflict_pool"][str(level)]))]
    if kind == "refill-row":
        return [{"do": kind, "card": c} for c in sorted(set(st["imperium_deck"]["cards"]))]
    if kind == "steal-intrigue":
        return [{"do": kind, "player": task["player"], "from": task["from"], "card": c}
                for c in sorted(set(g.p(task["from"])["intrigue"]))]
    if kind == "reveal-contract":
        return [{"do": kind, "contract": c} for c in sorted(set(st["contracts"]["pile"]))]
    if kind == "deal-objectives":
        return [{"do": kind, "objectives": dict(zip(g.order, perm, strict=True))}
                for perm in permutations(objectives_for(g), len(g.order))]
    return None


def objectives_for(g: Game) -> list[str]:
    """The Objective cards used at this player count (Uprising setup)."""
    return sorted(o for o, d in g.content.objectives.items() if len(g.order) in d["players"])


def deal(g: Game, task: dict) -> dict:
    """The outcome the seeded dealer produces (advances the RNG)."""
    kind, st = task["kind"], g.state
    if kind in ("draw", "draw-intrigue"):
        pool, discard, n = _draw_plan(g, task)
        cards = list(pool["cards"])
        drawn = []
        for card in known_top(pool)[:n]:  # a known top card is the next one drawn
            cards.remove(card)
            drawn.append(card)
        for _ in range(n - len(drawn)):
            if not cards:
                cards = sorted(discard)
            drawn.append(cards.pop(rng.below(st, len(cards))))
        # a reshuffle mid-draw: the whole old deck was drawn first, then the discard
        return {"do": kind, "player": task["player"], "cards": drawn}
    if kind == "reveal-conflict":
        pool = sorted(st["board"]["conflict_pool"][str(st["board"]["conflict_levels"][0])])
        return {"do": kind, "card": pool[rng.below(st, len(pool))]}
    if kind == "refill-row":
        pool = st["imperium_deck"]["cards"]
        return {"do": kind, "card": pool[rng.below(st, len(pool))]}
    if kind == "steal-intrigue":
        hand = sorted(g.p(task["from"])["intrigue"])
        return {"do": kind, "player": task["player"], "from": task["from"], "card": hand[rng.below(st, len(hand))]}
    if kind == "reveal-contract":
        pile = st["contracts"]["pile"]
        return {"do": kind, "contract": pile[rng.below(st, len(pile))]}
    if kind == "deal-objectives":
        pile = objectives_for(g)
        return {"do": kind, "objectives": {pid: pile.pop(rng.below(st, len(pile))) for pid in g.order}}
    raise AssertionError(kind)


def apply(g: Game, task: dict, action: dict) -> None:
    kind, st = task["kind"], g.state
    if action.get("do") != kind:
        raise IllegalAction("chance.unexpected", f"the game waits for chance to {kind}, "
                            f"not {action.get('do')}", ("log.hidden-outcome",))
    if "player" in task and action.get("player") != task["player"]:
        raise IllegalAction("chance.wrong-player", f"this {kind} is for {task['player']}", R_AVAIL)
    if kind in ("draw", "draw-intrigue"):
        _apply_draw(g, task, action.get("cards"))
    elif kind == "reveal-conflict":
        level = st["board"]["conflict_levels"][0]
        card = action.get("card")
        if not ms_remove(st["board"]["conflict_pool"][str(level)], card):
            raise IllegalAction("chance.card-not-available",
                                f"{card} is not a level-{level} Conflict card still in the box", R_AVAIL)
        st["board"]["conflict_levels"].pop(0)
        st["board"]["conflict"] = card
    elif kind == "refill-row":
        card = action.get("card")
        if not ms_remove(st["imperium_deck"]["cards"], card):
            raise IllegalAction("chance.card-not-available", f"{card} is not left in the Imperium deck",
                                ("acquire.row-refill",))
        st["row"].append(card)
        st["row"].sort()
    elif kind == "steal-intrigue":
        card, victim = action.get("card"), g.p(task["from"])
        if card == HIDDEN and HIDDEN not in victim["intrigue"]:
            raise IllegalAction("chance.hidden-not-possible", f"{task['from']}'s Intrigue cards are all known: "
                                "name the card given", ("log.hidden-outcome",))
        if action.get("from") != task["from"] or not ms_remove(victim["intrigue"], card):
            raise IllegalAction("chance.card-not-available",
                                f"{task['from']} holds no {card} to give", R_AVAIL)
        ms_add(g.p(task["player"])["intrigue"], card)
    elif kind == "deal-objectives":
        _deal_objectives(g, action.get("objectives"))
    elif kind == "reveal-contract":
        card = action.get("contract")
        if not ms_remove(st["contracts"]["pile"], card):
            raise IllegalAction("chance.card-not-available", f"contract {card} is not in the pile", R_AVAIL)
        st["contracts"]["face_up"].append(card)
        st["contracts"]["face_up"].sort()
    g.finish(task)


def _deal_objectives(g: Game, dealt) -> None:
    pile = objectives_for(g)
    if not isinstance(dealt, dict) or sorted(dealt) != sorted(g.order) or not ms_contains(pile, list(dealt.values())):
        raise IllegalAction("chance.card-not-available", f"each player gets one distinct Objective card of {pile}",
                            ("setup.objectives",))
    for pid in g.order:
        g.p(pid)["objectives"] = [{"id": dealt[pid], "flipped": False}]
        if g.content.objectives[dealt[pid]].get("first_player"):
            g.state["first"] = pid
    g.rulings.append("setup.objectives")


def _apply_draw(g: Game, task: dict, cards) -> None:
    pool, discard, n = _draw_plan(g, task)
    if not isinstance(cards, list) or len(cards) != n:
        raise IllegalAction("chance.wrong-count", f"this draw takes exactly {n} card(s)", ("deck.reshuffle",))
    if task.get("look"):
        _apply_look(g, task, pool, cards)
        return
    known = [c for c in cards if c != HIDDEN]
    hidden = len(cards) - len(known)
    top = known_top(pool)[:n]
    if top and not ms_contains(known, top):
        raise IllegalAction("chance.card-not-available",
                            f"the top of that deck is known to be {top}: those are drawn first",
                            ("deck.known-top",))
    _set_top(pool, known_top(pool)[len(top):])
    # Cards beyond what the deck holds come after a reshuffle: the old deck is drawn whole first.
    if n > _visible(pool):
        if pool["hidden"] == 0 and not ms_contains(known, pool["cards"]) and hidden == 0:
            raise IllegalAction("chance.card-not-available",
                                "a draw that empties the deck must take every card left in it",
                                ("deck.reshuffle",))
        _refill_from(pool, discard)
        forget_top(pool)
    if not ms_contains(pool["cards"], known) or _visible(pool) - len(known) < hidden:
        raise IllegalAction("chance.card-not-available",
                            f"{sorted(known)} cannot all be drawn from that deck", R_AVAIL)
    hand = g.p(task["player"])["hand" if task["kind"] == "draw" else "intrigue"]
    for c in known:
        ms_remove(pool["cards"], c)
        hand.append(c)
    pool["hidden"] += hidden
    hand.extend([HIDDEN] * hidden)
    hand.sort()
    turn = g.state.get("turn")
    if task["kind"] == "draw" and turn and turn["kind"] == "reveal" and turn["player"] == task["player"]:
        from .turns import reveal_drawn

        reveal_drawn(g, task["player"], known)


def _apply_look(g: Game, task: dict, pool: dict, cards: list) -> None:
    """The cards on top of the deck are seen (Long Live the Fighters): they stay counted in the
    deck, marked as `looking`, until the choices that follow move them."""
    if HIDDEN in cards or not ms_contains(pool["cards"], cards) or _visible(pool) < len(cards):
        raise IllegalAction("chance.card-not-available",
                            f"{sorted(cards)} cannot all be on top of that deck (the cards looked at "
                            "must be named)", ("card.look-at-top-cards",))
    top = known_top(pool)[:len(cards)]
    if top and not ms_contains(cards, top):
        raise IllegalAction("chance.card-not-available",
                            f"the top of that deck is known to be {top}", ("deck.known-top",))
    if task.get("peek"):  # Prescience: the card is seen and stays where it is
        if cards and not known_top(pool):
            pool["top"] = list(cards)
        g.rulings.append("leader.paul-prescience")
        return
    g.p(task["player"])["looking"] = sorted(cards)


def identify(g: Game, pid: str, zone: str, card: str) -> bool:
    """Make sure `card` is in the zone, naming a face-down card if it could be that one.

    Returns True when the card had to be assumed (the verdict is then 'unverifiable').
    """
    pl = g.p(pid)
    held = pl[zone]
    if card in held:
        return False
    pool = pl["deck"] if zone == "hand" else g.state["intrigue_deck"]
    if HIDDEN in held and pool["hidden"] > 0 and card in pool["cards"]:
        held.remove(HIDDEN)
        ms_remove(pool["cards"], card)
        pool["hidden"] -= 1
        trim_top(pool)
        ms_add(held, card)
        g.hidden.append(f"{pid}'s face-down card taken to be {card}")
        return True
    raise IllegalAction("card.not-held", f"{pid} holds no {card}",
                        ("agent.card-required",) if zone == "hand" else ("intrigue.hidden",))
