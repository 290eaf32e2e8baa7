"""Each faction's once-per-game special Karama power, advanced game (ruling dune.karama; our
readings in dune.engine-karama-powers): `play {card: karama, power: ...}`, the card discarded and
the power marked used (`karama_power` on the player). `POWERS` is the one table: for each faction
its `power` value, its window, its arguments and its effect. The Fremen's (Shai-Hulud placed at
will) and the Harkonnen's (cards taken unseen) are not played yet (NOT_IMPLEMENTED
`karama-special-powers`): they are refused as unknown powers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import IllegalAction
from .alliance import side
from .forces import shift
from .game import Game

RULINGS = ("dune.karama", "dune.engine-karama-powers")
REVIVE_FORCES = 3
SHIPMENT_STOPPED = "off-planet-shipment"


@dataclass(frozen=True)
class Power:
    faction: str
    window: Callable  # (g, pid) -> bool
    options: Callable  # (g, pid) -> [args]
    effect: Callable  # (g, pid, args)


# --- Emperor: up to three forces or one leader revived free, at any time ----------------------------
def _emperor_options(g: Game, pid: str) -> list[dict]:
    pl = g.p(pid)
    return ([{"leader": ld} for ld, s in sorted(pl["leaders"].items()) if s == "tanks"]
            + [{"forces": n} for n in range(1, min(REVIVE_FORCES, pl["tanks"]) + 1)])


def _emperor(g: Game, pid: str, args: dict) -> None:
    pl = g.p(pid)
    if "leader" in args:
        pl["leaders"][args["leader"]] = "alive"
    else:
        from_tanks(g, pid, args["forces"])


def from_tanks(g: Game, pid: str, n: int) -> None:
    shift(g, pid, "tanks", "reserves", n)  # ordinary forces first (forces.py)
    g.p(pid)["tanks"] -= n
    g.p(pid)["reserves"] += n


# --- Spacing Guild: one shipment from off-planet stopped ----------------------------------------------
def _guild_window(g: Game, pid: str) -> bool:
    """Another player's shipment from off-planet (the Fremen's reserves are on the planet)."""
    task = g.top
    return bool(task and task.get("kind") == "ship" and task["player"] != pid and g.p(task["player"])["reserves"]
                and g.faction(task["player"]) != "fremen")


def _guild(g: Game, pid: str, args: dict) -> None:
    g.top.setdefault("stopped", []).append(SHIPMENT_STOPPED)  # movement.py: no shipment from reserves now


# --- Atreides: the opponent's whole battle plan seen --------------------------------------------------
def _atreides_window(g: Game, pid: str) -> bool:
    b = g.state["battle"]
    return bool(b and len(b["plans"]) == 0 and any(q in side(g, pid) for q in (b["aggressor"], b["defender"])))


def _atreides(g: Game, pid: str, args: dict) -> None:
    """Like the prescience with every element: the opponent sets its plan first, in the open."""
    b = g.state["battle"]
    fighter = b["aggressor"] if b["aggressor"] in side(g, pid) else b["defender"]
    opponent = b["defender"] if fighter == b["aggressor"] else b["aggressor"]
    b["plan_seen"] = opponent  # not the prescience: no Karama stops a special power
    stack = g.state["stack"]
    mine = next(i for i, t in enumerate(stack) if t.get("kind") == "plan" and t["player"] == fighter)
    theirs = next(i for i, t in enumerate(stack) if t.get("kind") == "plan" and t["player"] == opponent)
    if theirs < mine:
        stack[mine], stack[theirs] = stack[theirs], stack[mine]


POWERS = {
    "emperor": Power("emperor", lambda g, pid: True, _emperor_options, _emperor),
    "spacing-guild": Power("spacing-guild", _guild_window, lambda g, pid: [{}], _guild),
    "atreides": Power("atreides", _atreides_window, lambda g, pid: [{}], _atreides),
}


def _power(g: Game, pid: str) -> Power | None:
    power = POWERS.get(g.faction(pid))
    return power if power and g.advanced and not g.p(pid).get("karama_power") else None


def options(g: Game, pid: str) -> list[dict]:
    power = _power(g, pid)
    if power is None or not power.window(g, pid):
        return []
    return [{"power": True, **o} for o in power.options(g, pid)]


def error(g: Game, pid: str, args: dict) -> IllegalAction | None:
    if not g.advanced or g.faction(pid) not in POWERS:
        return IllegalAction("dune.no-karama-power", f"{pid} has no special Karama power the engine plays "
                             "(advanced game only)", RULINGS)
    if g.p(pid).get("karama_power"):
        return IllegalAction("dune.no-karama-power", f"{pid} has used its special Karama power", RULINGS)
    chosen = {k: v for k, v in args.items() if k != "power"}
    if args.get("power") is not True or {"power": True, **chosen} not in options(g, pid):
        return IllegalAction("dune.karama-window", f"{g.faction(pid)}'s special Karama power cannot be used so now",
                             RULINGS)
    return None


def use(g: Game, pid: str, args: dict) -> None:
    g.p(pid)["karama_power"] = True
    POWERS[g.faction(pid)].effect(g, pid, {k: v for k, v in args.items() if k != "power"})
    g.rulings.extend(r for r in RULINGS if r not in g.rulings)
