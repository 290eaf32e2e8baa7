"""Costs: arrow costs (`pay`) and the price of a `choose` option. Resources are paid at once;
the other cost keys (docs/effects.md, "Cost keys") move cards, spies, troops or influence and
push the choices that say which."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .game import RESOURCES, Game, amounts_said, my_turn
from .influence import change_influence, track_holder
from .modules.bloodlines import commanders_in
from .steps import choice_task, source_card
from .zones import move_troops, trash_candidates, trash_card

COST_KEYS = (*RESOURCES, "recall_spy", "intrigue", "trash_intrigue", "influence", "trash_self",
             "trash", "discard", "retreat")


def can_afford(g: Game, pid: str, cost: dict, src: str = "") -> bool:
    """Whether `pid` can pay every part of an arrow cost (resources and the other kinds)."""
    pl = g.p(pid)
    if not g.can_pay(pid, {k: v for k, v in cost.items() if k in RESOURCES or k == "recall_spy"}):
        return False
    for key, value in cost.items():
        if key in ("intrigue", "trash_intrigue") and len(pl["intrigue"]) < value:
            return False
        if key == "influence":
            faction, amount = value.get("faction", "any"), value.get("amount", 1)
            # a six-player Commander pays from his activated Ally's track (or his own board's)
            tracks = g.tracks if faction == "any" else [faction]
            have = sum(g.p(track_holder(g, pid, f))["influence"][f] for f in tracks)
            if have < amount:
                return False
        if key == "trash_self" and value and source_card(src) not in pl["play"]:
            return False
        if key == "trash" and not trash_candidates(g, pid, value, src):
            return False
        if key == "discard" and len(pl["hand"]) < value:
            return False
        if key == "retreat" and _retreatable(pl) < _retreat_range(value)[0]:
            return False
    return True


def _retreatable(pl: dict) -> int:
    return pl["troops"]["conflict"] + commanders_in(pl, "conflict")  # Commanders are troops (Bloodlines p. 4)


def _retreat_range(value) -> tuple[int, int]:
    if isinstance(value, dict):
        return value.get("min", 1), value.get("max", value.get("min", 1))
    return value, value


def _pay_extras(g: Game, pid: str, cost: dict, src: str = "") -> None:
    """Costs that are not resources: they move cards, spies, troops or influence, and push
    the choices that say which."""
    pl, tasks = g.p(pid), []
    for _ in range(cost.get("recall_spy", 0)):
        tasks.append(choice_task(pid, "recall", src or "cost"))
    for key in ("intrigue", "trash_intrigue"):
        for _ in range(cost.get(key, 0)):
            tasks.append(choice_task(pid, "intrigue", src or "cost", trash=key == "trash_intrigue"))
    if "influence" in cost:
        faction, amount = cost["influence"].get("faction", "any"), cost["influence"].get("amount", 1)
        if faction == "any":
            tasks += [choice_task(pid, "faction", src or "cost", factions=list(g.tracks), delta=-1,
                                  cost=True) for _ in range(amount)]
        else:
            change_influence(g, pid, faction, -amount)
    if cost.get("trash_self"):
        card = source_card(src)
        if card in pl["play"]:
            trash_card(g, pid, card, "play")
    if "trash" in cost:
        spec = cost["trash"]
        my_turn(g, pid).pop("last_trashed", None)
        tasks += [choice_task(pid, "trash", src or "cost", zones=spec.get("from", ["hand", "discard", "play"]),
                              filter=spec, cost=True) for _ in range(spec.get("n", 1))]
    if cost.get("discard"):
        my_turn(g, pid).pop("last_discarded", None)
        tasks += [choice_task(pid, "discard", src or "cost") for _ in range(cost["discard"])]
    if "retreat" in cost:
        least, most = _retreat_range(cost["retreat"])
        most = min(most, _retreatable(pl))
        if least == most and not commanders_in(pl, "conflict"):  # with Commanders: which units is a choice
            move_troops(g, pid, "retreat", least)
        else:
            tasks.append(choice_task(pid, "count", src or "cost", least=least, most=most, move="retreat"))
    if tasks:
        g.push(*tasks)


def pay_cost(g: Game, pid: str, cost: dict, src: str = "") -> None:
    if not can_afford(g, pid, cost, src):
        raise IllegalAction("resources.cannot-pay", "{seat} cannot pay {cost}.",
                            ("agent.arrow-cost", "cost.must-be-payable"),
                            params={"seat": pid, "cost": amounts_said(cost)})
    g.pay(pid, {k: v for k, v in cost.items() if k in RESOURCES}, ("agent.arrow-cost",))
    _pay_extras(g, pid, cost, src)


def affordable(g: Game, pid: str, option: list, src: str = "") -> bool:
    """A `choose` option is open unless it starts with an arrow cost `pid` cannot pay."""
    return not option or "pay" not in option[0] or can_afford(g, pid, option[0]["pay"], src)


def commit_option(option: list) -> list:
    """A chosen option that starts with an arrow cost must pay it: the choice was the payment."""
    if option and "pay" in option[0]:
        return [{"custom": "pay-now", "cost": option[0]["pay"]}, *option[0]["then"], *option[1:]]
    return list(option)
