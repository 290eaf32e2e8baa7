"""Spice support in battle, the advanced game (ruling dune.advanced-spice-support; our reading of
how a plan records it in dune.engine-spice-support). A plan's `dial` stays the number of forces
used (the forces the winner loses) and `spice` says how many of them are supported: each supported
force counts 1, each other one 1/2, so the forces' strength is `spice + (dial - spice) / 2`.
Totals are compared doubled, so no half is ever written. Forces an advantage keeps at full strength
without spice (hook `full-strength`: the Fremen) count 1 each and pay nothing. The spice goes on
the wheel with the plan and to the bank once the battle is resolved, except a winner's who called a
traitor, which goes back behind its shield.

Only in the advanced game; a basic plan naming spice is refused."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .forces import at, kinds_of, strength
from .game import Game
from .registry import first

RULINGS = ("dune.advanced-spice-support", "dune.engine-spice-support")


def full_strength(g: Game, pid: str) -> bool:
    return bool(first("full-strength", g, pid, default=False))


def support_error(g: Game, pid: str, plan: dict) -> IllegalAction | None:
    if (err := plan_kinds_error(g, pid, plan)) is not None:
        return err
    spice, dial = plan.get("spice"), plan.get("dial")
    if spice is None:
        return None
    if not g.advanced:
        return IllegalAction("dune.no-spice-support", "Forces are supported with spice only in the advanced game.",
                             RULINGS)
    if not isinstance(spice, int) or isinstance(spice, bool) or not 0 <= spice <= min(dial, g.p(pid)["spice"]):
        # `spice`: named as the plan's secret field, so that a reader who may not see the plan does not
        # read its dial in the bound (core/sentences.py veils it)
        return IllegalAction("dune.bad-support", "{player} may support 0 to {spice} of the forces dialed.",
                             RULINGS, params={"player": pid, "spice": min(dial, g.p(pid)["spice"])})
    if spice and full_strength(g, pid):
        return IllegalAction("dune.bad-support", "{player}'s forces count at full strength without spice.",
                             RULINGS, params={"player": pid})
    return None


def support_offers(g: Game, pid: str, dial: int) -> list[dict]:
    """Listed: no support and full support; any amount between is checked (support_error)."""
    if not g.advanced or full_strength(g, pid) or not dial or not g.p(pid)["spice"]:
        return [{}]
    return [{}, {"spice": min(dial, g.p(pid)["spice"])}]


def plan_kinds_error(g: Game, pid: str, plan: dict) -> IllegalAction | None:
    """A plan's `kinds`: how many of the dialed forces are of each special kind (forces.py)."""
    kinds, locs = plan.get("kinds"), g.state["battle"]["locs"]
    if kinds is None:
        return None
    own = kinds_of(g, g.faction(pid))
    if not isinstance(kinds, dict) or any(k not in own or not isinstance(n, int) or isinstance(n, bool) or n < 0
                                          for k, n in kinds.items()) or sum(kinds.values()) > plan["dial"] or any(
            n > sum(at(g, pid, k, loc) for loc in locs) for k, n in kinds.items()):
        return IllegalAction("dune.bad-kinds", "{player} has not so many special forces here to count among "
                             "the {dial} forces dialed.", ("dune.engine-force-kinds",),
                             params={"player": pid, "dial": plan["dial"]})
    return None


def kinds_in_battle(g: Game, pid: str, dial: int) -> list[dict]:
    """Listed: as many special forces among the dialed ones as there are (any fewer is checked)."""
    locs = g.state["battle"]["locs"]
    out = [{}]
    for k in kinds_of(g, g.faction(pid)):
        if (n := min(dial, sum(at(g, pid, k, loc) for loc in locs))):
            out.append({"kinds": {k: n}})
    return out


def forces_strength2(g: Game, pid: str, plan: dict, opponent: str) -> int:
    """Twice the strength of the forces dialed: each force's worth (forces.strength: 2 for Sardaukar
    and Fedaykin, ...), whole when supported, else half; the supported ones are the strongest."""
    if (own := first("forces-strength2", g, pid, plan)) is not None:  # the Ixians' Suboids count half
        return own
    dial, kinds = plan["dial"], plan.get("kinds", {})
    worths = sorted([strength(g, pid, k, opponent) for k, n in sorted(kinds.items()) for _ in range(n)]
                    + [1] * (dial - sum(kinds.values())), reverse=True)
    supported = dial if not g.advanced or full_strength(g, pid) else plan.get("spice", 0)
    return sum(w * (2 if i < supported else 1) for i, w in enumerate(worths))


def commit_support(g: Game, pid: str, plan: dict) -> None:
    """The spice goes on the battle wheel with the plan (invariants.py counts it there)."""
    g.p(pid)["spice"] -= plan.get("spice", 0)


def pay_support(g: Game, pid: str, plan: dict, back: bool) -> None:
    """Off the wheel: to the bank, or `back` behind its player's shield."""
    if plan.get("spice"):
        g.p(pid)["spice"] += plan["spice"]
        if not back:
            g.pay(pid, plan["spice"])
        g.rulings.extend(r for r in RULINGS if r not in g.rulings)
