"""Esmar Tuek (Bloodlines): his own board space, Tuek's Sietch, and the bonus spice his Signet
Ring moves (seed p. 2 components, p. 12 clarifications)."""

from __future__ import annotations

from ...game import Game
from ...registry import choice, custom
from ...steps import prepend, push_choice


@custom("add-board-space")
def add_board_space(g: Game, task: dict, step: dict) -> None:
    """Setup: the leader's space goes beside the board; a Maker space starts without bonus spice."""
    board, space = g.state["board"], step["space"]
    board["added_spaces"] = sorted({*board.get("added_spaces", ()), space})
    if g.content.spaces[space]["maker"]:
        board["bonus_spice"] = dict(sorted({**board["bonus_spice"], space: 0}.items()))
    g.rulings += ["bloodlines.leader-components", "leader.esmar-tuek-sietch"]


@custom("tueks-sietch-visit")
def tueks_sietch_visit(g: Game, task: dict, step: dict) -> None:
    """Whose Agent went to the Sietch decides: his own gains `own`, an opponent's `opponent`."""
    mine = (g.state.get("turn") or {}).get("player") == task["player"]
    g.rulings.append("leader.esmar-tuek-ability")
    prepend(task, list(step["own" if mine else "opponent"]))


@custom("add-bonus-spice")
def add_bonus_spice(g: Game, task: dict, step: dict) -> None:
    g.state["board"]["bonus_spice"][step["space"]] += step["amount"]
    g.rulings.append("leader.esmar-tuek-signet")


@custom("take-bonus-spice")
def take_bonus_spice(g: Game, task: dict, step: dict) -> None:
    push_choice(g, task, "bonus-spice-from", amount=step["amount"])


def _spaces_with_bonus(g: Game, task: dict) -> list[dict]:
    return [{"space": s} for s, n in sorted(g.state["board"]["bonus_spice"].items()) if n >= task["amount"]]


@choice("bonus-spice-from", _spaces_with_bonus, ("leader.esmar-tuek-signet",))
def _take_from(g: Game, task: dict, given: dict, below: dict) -> None:
    g.state["board"]["bonus_spice"][given["space"]] -= task["amount"]
    g.gain(task["player"], {"spice": task["amount"]})
