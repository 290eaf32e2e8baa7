"""Rules that need code rather than effect data, referenced as `{"custom": name}` steps."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .game import Game


def harvest(g: Game, task: dict, step: dict) -> None:
    """Maker spaces: the printed spice plus all bonus spice that built up on the space."""
    space = g.state["turn"]["space"]
    bonus = g.state["board"]["bonus_spice"].get(space, 0)
    g.state["board"]["bonus_spice"][space] = 0
    g.gain(task["player"], {"spice": step["spice"] + bonus})
    g.rulings.append("makers.bonus-spice")
    from .triggers import on_harvest

    on_harvest(g, task["player"], step["spice"] + bonus)


def control(g: Game, task: dict, step: dict) -> None:
    g.state["board"]["control"][step["space"]] = task["player"]
    g.state["board"]["control"] = dict(sorted(g.state["board"]["control"].items()))
    g.rulings += ["control.bonus", "control.marker-replace"]


def pay_now(g: Game, task: dict, step: dict) -> None:
    g.pay(task["player"], step["cost"], ("agent.arrow-cost",))


def take_contract(g: Game, pid: str, contract: str) -> None:
    contracts = g.state["contracts"]
    if contract not in contracts["face_up"]:
        raise IllegalAction("choam.contract-unavailable", f"contract {contract} is not face up",
                            ("choam.contracts",))
    contracts["face_up"].remove(contract)
    g.p(pid)["contracts"].append(contract)
    if contracts["pile"]:
        g.push({"t": "chance", "kind": "reveal-contract"})
    from .triggers import on_contract_taken

    on_contract_taken(g, pid, contract)


def win_conflict(g: Game, task: dict, step: dict) -> None:
    from .combat import win_conflict as win

    win(g, task, step)


CUSTOM = {
    "win-conflict": win_conflict,
    "harvest": harvest,
    "control": control,
    "pay-now": pay_now,
}
