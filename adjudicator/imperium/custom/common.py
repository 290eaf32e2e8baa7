"""Code-backed rules both editions use: maker harvest, Conflict control, the winner's Conflict
card, a chosen option's price, the Signet Ring card, Manipulate."""

from __future__ import annotations

from ..costs import pay_cost
from ..game import Game
from ..steps import prepend, push_choice


def harvest(g: Game, task: dict, step: dict) -> None:
    """Maker spaces: the printed spice plus all bonus spice that built up on the space."""
    space = g.state["turn"]["space"]
    bonus = g.state["board"]["bonus_spice"].get(space, 0)
    g.state["board"]["bonus_spice"][space] = 0
    g.gain(task["player"], {"spice": step["spice"] + bonus})
    g.rulings.append("makers.bonus-spice")
    from ..triggers import on_harvest  # triggers runs effects: it imports the effect modules

    on_harvest(g, task["player"], step["spice"] + bonus)


def control(g: Game, task: dict, step: dict) -> None:
    g.state["board"]["control"][step["space"]] = task["player"]
    g.state["board"]["control"] = dict(sorted(g.state["board"]["control"].items()))
    g.rulings += ["control.bonus", "control.marker-replace"]


def pay_now(g: Game, task: dict, step: dict) -> None:
    pay_cost(g, task["player"], step["cost"], task["src"])


def win_conflict(g: Game, task: dict, step: dict) -> None:
    from ..combat import win_conflict as win  # combat imports the effect modules

    win(g, task, step)


def signet_ring(g: Game, task: dict, step: dict) -> None:
    """The Signet Ring's agent box is the leader's Signet Ring ability."""
    from ..triggers import signet_effects  # triggers runs effects: it imports the effect modules

    g.rulings.append("leader.signet-ring")
    prepend(task, list(signet_effects(g, task["player"])))


def manipulate_start(g: Game, task: dict, step: dict) -> None:
    if g.state["row"]:
        # "other_means": the card may still be acquired by another effect, at its full cost
        # (Dune: Imperium FAQ, Helena Richese)
        push_choice(g, task, "row", **({"other_means": True} if step.get("other_means") else {}))


def manipulate(g: Game, pid: str, card: str, other_means: bool = False) -> None:
    """Manipulate: the card leaves the Imperium Row (which is refilled) and waits for `pid`'s
    Reveal turn this round, where it may be bought for 1 persuasion less; if it is not bought
    by the end of that Reveal turn it leaves the game."""
    st = g.state
    st["row"].remove(card)
    st.setdefault("manipulated", []).append({"card": card, "player": pid, "round": st["round"],
                                             **({"other_means": True} if other_means else {})})
    if st["imperium_deck"]["cards"]:
        g.push({"t": "chance", "kind": "refill-row"})
    g.rulings.append("intrigue.manipulate")
