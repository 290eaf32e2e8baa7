"""Building positions for scenario tests."""

from __future__ import annotations

from adjudicator.core.actions import Action
from adjudicator.core.replay import deal as deal_to_decision
from adjudicator.imperium.rules import ruleset

LEADERS = ["gurney-halleck", "lady-amber-metulli", "muad-dib", "princess-irulan"]


def start_of(rules, log: dict) -> dict:
    """The state `log` starts from, without its seed: every chance outcome must then come from
    the log itself (a replay of recorded outcomes, or a mutated log)."""
    return rules.new_state(log["game"], {k: v for k, v in log["setup"].items() if k != "seed"})


def fresh(players: int = 3, modules=(), seed: int = 1, leaders=None):
    """A game dealt up to the first player's first decision of round 1."""
    rules = ruleset("uprising")
    ids = ["red", "blue", "green", "yellow"][:players]
    game = {"system": "imperium", "edition": "uprising", "modules": list(modules),
            "players": [{"id": p, "leader": lead} for p, lead in zip(ids, (leaders or LEADERS)[:players], strict=True)]}
    state = rules.new_state(game, {"seed": seed})
    # red is dealt the first-player Objective, so every scenario starts with red
    pile = sorted(o for o, d in rules.content.objectives.items() if players in d["players"])
    first = "objective-desert-mouse-first-player"
    pile.remove(first)
    rules.apply(state, Action({"by": "chance", "do": "deal-objectives",
                               "objectives": dict(zip(ids, [first, *pile], strict=True))}))
    deal(rules, state)
    return rules, state


def deal(rules, state) -> None:
    """Let the seeded dealer settle every chance outcome up to the next decision."""
    deal_to_decision(rules, state)


def act(rules, state, by: str, do: str, **args):
    """Apply one action, deal the seeded chance outcomes, and answer the choices that have one
    answer (a log may leave those out: docs/log-format.md)."""
    outcome = rules.apply(state, Action({"by": by, "do": do, **args}))
    deal(rules, state)
    while state["stack"] and state["stack"][-1]["t"] == "choice" and (step := rules.forced(state)) is not None:
        rules.apply(state, step)
        deal(rules, state)
    return outcome


def verbs(rules, state) -> set[str]:
    return {a.do for a in rules.legal_actions(state)}


PRIORITY = ("reveal", "resolve", "end-turn", "pass", "choose", "deploy")


def drive(rules, state, until, limit: int = 500) -> None:
    """Play plain decisions (reveal, resolve, end the turn, pass, first option) until `until`."""
    for _ in range(limit):
        deal(rules, state)
        if until(state) or rules.prompt(state) is None:
            return
        legal = rules.legal_actions(state)
        action = min(legal, key=lambda a: PRIORITY.index(a.do) if a.do in PRIORITY else 99)
        rules.apply(state, action)
    raise AssertionError("drive() did not reach its goal")


def to_combat(rules, state) -> None:
    """Everyone reveals; stop when the combat intrigue window (or its end) is reached."""
    drive(rules, state, lambda s: s["phase"] != "player-turns")


def take_card(state: dict, pid: str, card: str, own_deck: bool = True) -> None:
    """Take one copy of `card` from where it waits (the player's deck, the Imperium deck, the
    Row, the Reserve), so that card counts stay honest."""
    pl = state["players"][pid]
    for pool in ([pl["deck"]["cards"]] if own_deck else []) + [state["imperium_deck"]["cards"]]:
        if card in pool:
            pool.remove(card)
            return
    if card in state["row"]:  # the Row is refilled from the Imperium deck
        state["row"].remove(card)
        state["row"].append(state["imperium_deck"]["cards"].pop(0))
        state["row"].sort()
        return
    if state["reserve"].get(card, 0) > 0:
        state["reserve"][card] -= 1
        return
    raise AssertionError(f"no {card} left to give")


def give(state: dict, pid: str, cards: list[str], zone: str = "hand") -> None:
    """Put cards into a player's zone ("deck" for the deck), taken from where they wait."""
    pl = state["players"][pid]
    for card in cards:
        take_card(state, pid, card, own_deck=zone != "deck")
        (pl["deck"]["cards"] if zone == "deck" else pl[zone]).append(card)
    (pl["deck"]["cards"] if zone == "deck" else pl[zone]).sort()


def give_intrigue(state: dict, pid: str, cards: list[str]) -> None:
    for card in cards:
        state["intrigue_deck"]["cards"].remove(card)
        state["players"][pid]["intrigue"].append(card)
    state["players"][pid]["intrigue"].sort()


def set_row(state: dict, cards: list[str]) -> None:
    """Lay out a known Imperium Row (the cards come from the Imperium deck, the old Row goes back)."""
    deck = state["imperium_deck"]["cards"]
    deck += state["row"]
    for card in cards:
        deck.remove(card)
    deck.sort()
    state["row"] = sorted(cards)


def top(state: dict) -> dict:
    return state["stack"][-1]


def P(state: dict, pid: str) -> dict:
    return state["players"][pid]


def hand(state: dict, pid: str, cards: list[str]) -> None:
    """Replace the hand: the old hand goes back into the deck, the new one is given."""
    pl = state["players"][pid]
    pl["deck"]["cards"] = sorted(pl["deck"]["cards"] + pl["hand"])
    pl["hand"] = []
    give(state, pid, cards)
