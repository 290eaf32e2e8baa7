"""The Atreides' Kwisatz Haderach, the advanced game (ruling dune.atreides-kwisatz; our readings in
dune.engine-kwisatz and dune.engine-kwisatz-revival). The Atreides' basic advantages are
factions/atreides.py's."""

from __future__ import annotations

from ....core.errors import IllegalAction
from ...game import Game
from ...registry import hook

MODULE = "advanced"  # every listener here runs only in its games
FACTION = "atreides"


# --- the Kwisatz Haderach (advanced game) ----------------------------------------------------------
# Ruling dune.atreides-kwisatz; our readings in dune.engine-kwisatz. `kwisatz` on the Atreides:
# forces lost in battles, whether it is awake (from 7 lost), where it fought this turn, and
# whether a Lasgun/Shield explosion killed it. A plan takes it with `kwisatz: true`.
KWISATZ = ("dune.atreides-kwisatz", "dune.engine-kwisatz")
AWAKENS_AFTER, BONUS = 7, 2
KH, KH_PRICE = "kwisatz-haderach", 2  # revived as a leader of strength 2 (dune.engine-kwisatz-revival)
KH_RULINGS = ("dune.atreides-kwisatz", "dune.engine-kwisatz-revival")


def _kh(g: Game, pid: str) -> dict | None:
    return g.p(pid).get("kwisatz") if g.faction(pid) == FACTION else None


@hook("setup-tasks", module=MODULE)
def kwisatz_sleeps(g: Game) -> None:  # answers no task: it only sets the token up
    me = g.player_of(FACTION)
    if me:
        g.p(me)["kwisatz"] = {"lost": 0, "awake": False, "used": None, "dead": False}


@hook("battle-losses", module=MODULE)
def count_losses(g: Game, pid: str, n: int) -> None:
    if (kh := _kh(g, pid)) is not None and n:
        kh["lost"] += n
        kh["awake"] = kh["awake"] or kh["lost"] >= AWAKENS_AFTER


def kwisatz_error(g: Game, pid: str, plan: dict) -> IllegalAction | None:
    if not plan.get("kwisatz"):
        return None
    kh, b = _kh(g, pid), g.state["battle"]
    here = [g.state["turn"], b["territory"]]
    if plan["kwisatz"] is not True or kh is None or not kh["awake"] or kh["dead"]:
        return IllegalAction("dune.no-kwisatz", "{player} has no Kwisatz Haderach to play: it awakes once "
                             "{count} of their forces are lost in battle.", KWISATZ,
                             params={"player": pid, "count": AWAKENS_AFTER})
    if plan.get("leader") is None:
        return IllegalAction("dune.no-kwisatz", "The Kwisatz Haderach goes with a leader or a Cheap Hero.", KWISATZ)
    if kh["used"] not in (None, here) and kh["used"][0] == g.state["turn"]:
        return IllegalAction("dune.no-kwisatz", "The Kwisatz Haderach fights in one territory a turn.", KWISATZ)
    return None


@hook("plan-check", module=MODULE)
def check_kwisatz(g: Game, pid: str, plan: dict, hand: list) -> IllegalAction | None:
    return kwisatz_error(g, pid, plan)


@hook("plan-extras", module=MODULE)
def offer_kwisatz(g: Game, pid: str, plan: dict) -> dict | None:
    extra = {"kwisatz": True}
    return extra if plan.get("leader") and kwisatz_error(g, pid, {**plan, **extra}) is None else None


@hook("leader-bonus", module=MODULE)
def kwisatz_bonus(g: Game, plan: dict) -> int | None:
    return BONUS if plan.get("kwisatz") else None


@hook("battle-resolved", module=MODULE)
def kwisatz_fought(g: Game, terr: str, plans: dict) -> None:
    me = g.player_of(FACTION)
    if me and plans.get(me, {}).get("kwisatz") and not g.p(me)["kwisatz"]["dead"]:
        g.p(me)["kwisatz"]["used"] = [g.state["turn"], terr]


# --- its revival (ruling dune.engine-kwisatz-revival) -----------------------------------------------------
@hook("revivable-extra", module=MODULE)
def kwisatz_revivable(g: Game, pid: str) -> list[str] | None:
    """Killed, it comes back as one of their leaders would: only the turn's one leader revival,
    once all their leaders are in the Tanks (revival.revivable_leaders asks this then)."""
    kh = _kh(g, pid)
    return [KH] if kh is not None and kh["dead"] else None


@hook("revival-leader-price", module=MODULE)
def kwisatz_price(g: Game, leader: str) -> int | None:
    return KH_PRICE if leader == KH else None


@hook("leader-revived", module=MODULE)
def kwisatz_revived(g: Game, pid: str, leader: str) -> bool | None:
    if leader != KH:
        return None
    g.p(pid)["kwisatz"]["dead"] = False  # still awake: the forces lost stay counted
    g.rulings.extend(r for r in KH_RULINGS if r not in g.rulings)
    return True


@hook("explosion", module=MODULE)
def kwisatz_dies(g: Game, plans: dict) -> None:
    me = g.player_of(FACTION)
    if me and plans.get(me, {}).get("kwisatz"):
        g.p(me)["kwisatz"]["dead"] = True
