"""The Revival phase (rulings dune.revival-forces, dune.revival-leaders): in storm order, each player
may bring up to three forces back from the Tanks to reserves (its free revival count free, 2 spice
for each further one) and, once none of its leaders is active (each dead, held captive or a ghola)
and one is dead, one dead leader for its strength in spice. An advantage may let another player pay
for extra forces beyond the three (hook `revival-sponsor`: the Emperor for its ally): `revive
{forces, sponsored}`, `sponsored` of the forces paid by the sponsor at the usual price.

With the Tleilaxu seated (modules/ixians_tleilaxu/tleilaxu_revival.py) a player's revival may come with their
terms (hook `revival-terms`: a raised limit, one leader revived early at their price, the ally's
half price) and its price is theirs (hook `revival-price`); they may ask a revival task of their
own before the player's (hook `revival-tasks`)."""

from __future__ import annotations

from .forces import at, kinds_of, shift
from .game import Game
from .registry import Decision, ask, decision, fire, first

LIMIT, PRICE = 3, 2
# A faction revives a leader normally once none is active: each dead, held captive by the Harkonnen
# or a Tleilaxu ghola (seed 002 paragraph 44, general: reading dune.engine-capture).
UNAVAILABLE = ("tanks", "captured", "ghola")


def start_revival(g: Game) -> None:
    tasks = []
    for q in g.order:  # the Tleilaxu's terms for a player are decided just before its revival
        before = [t for more in ask("revival-tasks", g, q) for t in more]
        if before or _offers(g, {"player": q})[1:] or first("revival-wanted", g, q):
            tasks += [*before, {"t": "decide", "kind": "revive", "player": q}]
    g.push(*tasks)


def free_revival(g: Game, pid: str) -> int:
    """The forces `pid` revives free: its faction's number, or more where an ally gives it more
    this phase (hook `free-revival-given`: the Fremen's ally, factions/fremen.py)."""
    return max(g.c.factions[g.faction(pid)]["free_revival"], first("free-revival-given", g, pid, default=0))


def pending_revival(g: Game, pid: str) -> dict | None:
    """`pid`'s revival decision on the stack, if the Revival phase holds one."""
    return next((t for t in reversed(g.state["stack"]) if t.get("kind") == "revive" and t["player"] == pid), None)


def cost(g: Game, pid: str, forces: int, leader: str | None, kinds: dict | None = None) -> int:
    """The price (hook `revival-cost`: a faction's own prices, the Ixians' Cyborgs, the Tleilaxu's half)."""
    if (own := first("revival-cost", g, pid, forces, leader, kinds or {})) is not None:
        return own
    return PRICE * max(0, forces - free_revival(g, pid)) + (leader_price(g, leader) if leader else 0)


def price(g: Game, task: dict, forces: int, leader: str | None, kinds: dict | None = None) -> int:
    """What this revival costs under the terms it comes with (hook `revival-price`), else `cost`."""
    if (own := first("revival-price", g, task, forces, leader, kinds or {})) is not None:
        return own
    return cost(g, task["player"], forces, leader, kinds)


def leader_price(g: Game, leader: str) -> int:
    """Its strength; hook `revival-leader-price` for a leader no data file lists (the Kwisatz Haderach)."""
    return first("revival-leader-price", g, leader, default=None) or g.c.leaders[leader]["strength"]


def revivable_leaders(g: Game, pid: str) -> list[str]:
    if (own := first("revivable-leaders", g, pid)) is not None:  # the Tleilaxu's own, before all are dead
        return own
    leaders = g.p(pid)["leaders"]
    dead = sorted(ld for ld, status in leaders.items() if status == "tanks")
    if not dead or any(status not in UNAVAILABLE for status in leaders.values()):  # one still active
        return []
    return dead + sorted(x for more in ask("revivable-extra", g, pid) for x in more)  # the KH


def _kinds(g: Game, pid: str, n: int) -> list[dict]:
    """Which `n` forces may come back: ordinary ones, with at most each special kind's number a
    turn among them (advanced: forces.py)."""
    ordinary = g.p(pid)["tanks"] - sum(at(g, pid, k, "tanks") for k in kinds_of(g, g.faction(pid)))
    out = [{}] if n <= ordinary else []
    for k, kind in kinds_of(g, g.faction(pid)).items():
        m = min(kind.revived_per_turn or n, at(g, pid, k, "tanks"), n)
        out += [{"kinds": {k: j}} for j in range(1, m + 1) if n - j <= ordinary]
    return out


def _offers(g: Game, task: dict) -> list[dict]:
    pid = task["player"]
    pl = g.p(pid)
    if first("revival-prevented", g, task):  # the Tleilaxu's special Karama power
        return [{"do": "revive", "forces": 0}]
    sponsor, most = first("revival-sponsor", g, pid, default=(None, 0))
    terms = first("revival-terms", g, task, default={})
    out = []
    # the Tleilaxu's own: none; another's raised to 5 by them
    limit = terms.get("limit") or first("revival-limit", g, pid, default=LIMIT)
    early = [terms["leader"]] if terms.get("leader") else []
    for leader in [None, *revivable_leaders(g, pid), *early]:
        named = {"leader": leader} if leader else {}
        for n in range(min(limit, pl["tanks"]) + 1):
            if price(g, task, n, leader) > pl["spice"]:
                continue
            out += [{"do": "revive", "forces": n, **named, **e} for e in _kinds(g, pid, n)
                    if price(g, task, n, leader, e.get("kinds")) <= pl["spice"]]
            if n == limit:  # the sponsor's forces come beyond the player's own three (or five)
                out += [{"do": "revive", "forces": n + k, "sponsored": k, **named, **e}
                        for k in range(1, min(most, pl["tanks"] - n) + 1) if PRICE * k <= g.p(sponsor)["spice"]
                        for e in _kinds(g, pid, n + k)]
    return out


def _revive(g: Game, task: dict, args: dict) -> None:
    pid, n, leader = task["player"], args["forces"], args.get("leader")
    payee = first("revival-payee", g, pid)  # the Tleilaxu are paid for others' revival
    if k := args.get("sponsored", 0):
        sponsor, _ = first("revival-sponsor", g, pid)
        g.pay(sponsor, PRICE * k, to=payee)
        g.rulings.append("dune.emperor")
    g.pay(pid, price(g, task, n - k, leader, args.get("kinds")), to=payee)
    pl = g.p(pid)
    shift(g, pid, "tanks", "reserves", n, args.get("kinds", {}))
    pl["tanks"] -= n
    pl["reserves"] += n
    if leader:
        if not first("leader-revived", g, pid, leader, default=False):  # not the Kwisatz Haderach
            pl["leaders"][leader] = "alive"
        g.rulings.append("dune.revival-leaders")
    fire("revived", g, pid)
    if n and free_revival(g, pid):  # free revival taken: the Tleilaxu's income
        fire("free-revival", g, pid)
    g.finish(task)


decision(Decision("revive", ("revive",), _offers, _revive, ("dune.revival-forces",)))
