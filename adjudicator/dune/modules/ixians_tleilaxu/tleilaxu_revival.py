"""The Tleilaxu's revival advantages (expansion, seed 002 paragraphs 39-53, 78-80; rulings ixtl.*,
our readings in dune.engine-tleilaxu-terms, dune.engine-gholas, dune.engine-tleilaxu-karama).

- Their own revival: no limit, half the normal total (Zoal 3, final), their leaders before all
  five are dead and several a phase (`revive-leader {leader}` / `pass` after their revival).
- The bank: others pay their revival to them (the Emperor's sponsored forces too); 1 spice from
  the bank for each free revival taken and each Tleilaxu Ghola card played.
- Terms for another player (`revival-terms`, asked of the Tleilaxu just before that player's
  revival: `terms {limit?: 5, leader?, price?, half?: true}` / `pass`): its limit raised from 3
  to 5 (the Emperor's 3 for its ally come beyond: 8), one named leader (or the Kwisatz Haderach)
  revived early at their price while normal leader revival does not apply, and for their ally
  half price (rounded up) and an early price of zero. The player accepts by reviving.
- Advanced: gholas, other factions' dead leaders taken into their pool at their half price while
  they have fewer than 5 active leaders (`revive-leader {leader}`); the leader stays on its
  faction's sheet as `ghola` and is held in the Tleilaxu's `gholas` {leader: owner}; killed, it
  goes to its own faction's Tanks (battle.py).
- Karama: each revival advantage stopped separately; a named ghola barred for the turn; their
  special power (advanced, once): another player's revival prevented."""

from __future__ import annotations

from ....core.errors import IllegalAction
from ...alliance import allied
from ...game import Game
from ...karama import STOPPABLE, WINDOW, Stoppable, ask_before, asks, before, onto, served, stopped
from ...registry import Decision, ask, auto, decision, hook
from ...revival import LIMIT, cost, free_revival, leader_price, revivable_leaders
from ..advanced import POWERS, Power

MODULE = "ixians-tleilaxu"  # the expansion: its listeners run only in its games
FACTION = "tleilaxu"
ZOAL, ZOAL_PRICE = "zoal", 3  # Zoal's revival price is final (seed 002 paragraph 49)
RAISED = 5  # another's force revival limit, raised (paragraph 41)
POOL = 5  # active leaders, gholas included (paragraph 50)
NEVER_GHOLAS = ("the-auditor", "duke-vidal")  # leaders of expansions not seated yet (paragraph 52)
PREVENTED = "revival-prevented"
GHOLA_INCOME = "tleilaxu-ghola-income"
REVIVAL_RULINGS = ("ixtl.tleilaxu-own-revival", "ixtl.tleilaxu-revival-income", "ixtl.tleilaxu-free-revival-income",
                   "ixtl.zoal-revival")
TERMS_RULINGS = ("ixtl.tleilaxu-raise-limit", "ixtl.early-leader-revival", "ixtl.early-leader-revival-limits",
                 "ixtl.tleilaxu-alliance", "ixtl.tleilaxu-ally-free-leader", "ixtl.kwisatz-revival",
                 "dune.engine-tleilaxu-terms")
GHOLA_RULINGS = ("ixtl.gholas", "ixtl.gholas-eligible", "ixtl.gholas-traitors", "ixtl.gholas-no-resale",
                 "dune.engine-gholas")
KARAMA_RULINGS = ("ixtl.karama-tleilaxu-revival", "dune.engine-tleilaxu-karama")


def _me(g: Game) -> str | None:
    return g.player_of(FACTION)


def _cite(g: Game, rulings: tuple[str, ...]) -> None:
    g.rulings.extend(r for r in rulings if r not in g.rulings)


def _terms_of(task: dict) -> dict:
    return task.get("terms", {})


# Karama (paragraph 78): each revival advantage a separate use, stopped while the revival using it
# is pending; the Tleilaxu's no-limit, half price and early leaders cover the same advantages
# given to another (its raised limit, the ally's half price, its early leader).
STOPPABLE.update({
    "tleilaxu-revival-payment": Stoppable(FACTION, "revive", lambda g, t, o: t["player"] != o,
                                          "the Tleilaxu receiving this revival's payment", KARAMA_RULINGS),
    "tleilaxu-revival-income": Stoppable(FACTION, "revive", lambda g, t, o: True,
                                         "the Tleilaxu's spice for this free revival", KARAMA_RULINGS),
    "tleilaxu-half-price": Stoppable(FACTION, "revive", lambda g, t, o: t["player"] == o or "half" in _terms_of(t),
                                     "the Tleilaxu's half-price revival (theirs or their ally's)", KARAMA_RULINGS,
                                     users=served),
    "tleilaxu-no-limit": Stoppable(FACTION, "revive", lambda g, t, o: t["player"] == o or "limit" in _terms_of(t),
                                   "the Tleilaxu's revival without limit, or another's limit raised to 5",
                                   KARAMA_RULINGS, users=served),
    "tleilaxu-early-leader": Stoppable(FACTION, "revive",
                                       lambda g, t, o: t["player"] == o or "leader" in _terms_of(t),
                                       "a leader revived early by the Tleilaxu", KARAMA_RULINGS, users=served),
})


# --- their own revival (paragraphs 39, 49) --------------------------------------------------------------
@hook("revival-cost", module=MODULE)
def half_price(g: Game, pid: str, forces: int, leader: str | None, kinds: dict) -> int | None:
    """Their own revival: half the normal total, rounded up; Zoal 3, not halved (paragraphs 39, 49)
    and never more (our reading when a Karama makes them pay full price)."""
    if g.faction(pid) != FACTION:
        return None
    _cite(g, REVIVAL_RULINGS)
    leader_cost = g.c.leaders[leader]["strength"] if leader and leader != ZOAL else 0
    normal = 2 * max(0, forces - free_revival(g, pid)) + leader_cost
    half = normal if stopped(g, "tleilaxu-half-price") else -(-normal // 2)  # a Karama: full price
    return half + (ZOAL_PRICE if leader == ZOAL else 0)


@hook("revivable-leaders", module=MODULE)
def leaders_revivable(g: Game, pid: str) -> list[str] | None:
    """Theirs in the Tanks before all five are dead (paragraph 39). Another's: the general rule
    (revival.py: normal revival once all are unavailable, dead, captured or gholas, paragraph 44)."""
    if g.faction(pid) != FACTION or stopped(g, "tleilaxu-early-leader"):
        return None
    return sorted(ld for ld, status in g.p(pid)["leaders"].items() if status == "tanks")


def _leader_price(g: Game, leader: str) -> int:
    return ZOAL_PRICE if leader == ZOAL else -(-g.c.leaders[leader]["strength"] // 2)


@hook("revival-limit", module=MODULE)
def no_limit(g: Game, pid: str) -> int | None:
    return g.p(pid)["tanks"] if g.faction(pid) == FACTION and not stopped(g, "tleilaxu-no-limit") else None


# --- several leaders, and gholas, after their revival (paragraphs 39, 50-53) ------------------------------
@hook("revived", module=MODULE)
def more_leaders(g: Game, pid: str) -> None:
    """After their revival, one more leader at a time (`revive-leader {leader}` / `pass`): one of
    theirs in the Tanks, or in the advanced game another's as a ghola."""
    if g.faction(pid) == FACTION and _more_offers(g, {"player": pid})[1:]:
        g.push({"t": "decide", "kind": "revive-leader", "player": pid})


def active(g: Game, pid: str) -> int:
    pl = g.p(pid)
    return sum(s == "alive" for s in pl["leaders"].values()) + len(pl.get("gholas", {}))


def ghola_candidates(g: Game, pid: str) -> list[str]:
    """Other factions' leaders in the Tanks (face up or down), while the pool has room and none
    is barred by a Karama this turn (paragraphs 50, 51, 79)."""
    if not g.advanced or active(g, pid) >= POOL:
        return []
    barred = g.p(pid).get("ghola_barred", {})
    barred = barred.get("leaders", []) if barred.get("turn") == g.state["turn"] else []
    return sorted(ld for q in g.seats if q != pid for ld, s in g.p(q)["leaders"].items()
                  if s == "tanks" and ld not in NEVER_GHOLAS and ld not in barred)


@hook("revival-wanted", module=MODULE)
def ghola_wanted(g: Game, pid: str) -> bool | None:
    """Their revival is asked when only a ghola could be taken."""
    return True if g.faction(pid) == FACTION and ghola_candidates(g, pid) else None


def _more_offers(g: Game, task: dict) -> list[dict]:
    pid = task["player"]
    pl = g.p(pid)
    own = [ld for ld, status in sorted(pl["leaders"].items()) if status == "tanks"]
    return [{"do": "pass"}] + [{"do": "revive-leader", "leader": ld} for ld in own + ghola_candidates(g, pid)
                               if _leader_price(g, ld) <= pl["spice"]]


def _more(g: Game, task: dict, args: dict) -> None:
    g.finish(task)
    if args["do"] != "revive-leader":
        return
    pid, leader = task["player"], args["leader"]
    g.pay(pid, _leader_price(g, leader))
    if leader in g.p(pid)["leaders"]:
        g.p(pid)["leaders"][leader] = "alive"
    else:  # a ghola: still its faction's leader, in their pool (paragraphs 50-53)
        owner = g.player_of(g.c.leaders[leader]["faction"])
        g.p(owner)["leaders"][leader] = "ghola"
        g.p(owner)["fought"].pop(leader, None)
        g.p(pid).setdefault("gholas", {})[leader] = owner
        _cite(g, GHOLA_RULINGS)
    more_leaders(g, pid)


decision(Decision("revive-leader", ("revive-leader", "pass"), _more_offers, _more,
                  ("ixtl.tleilaxu-own-revival", "ixtl.zoal-revival", "ixtl.gholas")))


def _bar_ghola(g: Game, leader: str) -> None:
    me = _me(g)
    barred = g.p(me).get("ghola_barred", {})
    now = barred.get("leaders", []) if barred.get("turn") == g.state["turn"] else []
    g.p(me)["ghola_barred"] = {"turn": g.state["turn"], "leaders": sorted({*now, leader})}


STOPPABLE["tleilaxu-ghola"] = Stoppable(
    FACTION, "revive-leader", lambda g, t, o: bool(ghola_candidates(g, o)),
    "the Tleilaxu taking one named leader as a ghola this turn", ("ixtl.karama-ghola", *KARAMA_RULINGS),
    named=lambda g, t: ghola_candidates(g, t["player"]), then=_bar_ghola)


# --- the bank (paragraphs 40, 42) --------------------------------------------------------------------------
@hook("revival-payee", module=MODULE)
def payee(g: Game, pid: str) -> str | None:
    """Other factions pay their revival to the Tleilaxu, the Emperor's for its ally too (paragraph 40)."""
    me = _me(g)
    if me and pid != me and not stopped(g, "tleilaxu-revival-payment"):
        _cite(g, REVIVAL_RULINGS)
        return me
    return None


@hook("free-revival", module=MODULE)
def income(g: Game, pid: str) -> None:
    """1 spice from the bank for each faction taking free revival, their own too (paragraph 42)."""
    if (me := _me(g)) is not None and not stopped(g, "tleilaxu-revival-income"):
        g.gain(me, 1)
        _cite(g, REVIVAL_RULINGS)


@hook("ghola-card", module=MODULE)
def ghola_card_income(g: Game, pid: str) -> None:
    """1 spice for each Tleilaxu Ghola card played, by anyone (paragraph 42); paid in a step once
    any other player who may hold a Karama was asked whether to stop it (karama.py)."""
    if _me(g) is None:
        return
    if asks(g, GHOLA_INCOME):
        ask_before(g, GHOLA_INCOME, {"t": "auto", "kind": "ghola-income"})
    else:
        _ghola_income(g)


@auto("ghola-income")
def _ghola_income_step(g: Game, task: dict) -> None:
    if not stopped(g, GHOLA_INCOME):  # the task is on top while it runs: a Karama's stop is on it
        _ghola_income(g)
    g.finish(task)


def _ghola_income(g: Game) -> None:
    g.gain(_me(g), 1)
    _cite(g, ("ixtl.tleilaxu-free-revival-income",))


STOPPABLE[GHOLA_INCOME] = Stoppable(FACTION, WINDOW, before(GHOLA_INCOME, "ghola-income"),
                                    "the Tleilaxu's spice for a Tleilaxu Ghola card",
                                    rulings=("dune.engine-karama-unattended",), then=onto(GHOLA_INCOME, "ghola-income"))


# --- terms for another player (paragraphs 41, 43-47) ----------------------------------------------------
def early_candidates(g: Game, pid: str) -> list[str]:
    """Its leaders in the Tanks and a dead Kwisatz Haderach, while normal revival does not apply."""
    if g.faction(pid) == FACTION or revivable_leaders(g, pid):
        return []
    dead = sorted(ld for ld, status in g.p(pid)["leaders"].items() if status == "tanks")
    return dead + sorted(x for more in ask("revivable-extra", g, pid) for x in more)


def _lowest(g: Game, me: str, pid: str) -> int:
    """Their ally's early price may be zero (paragraph 46); another's is at least 1 (our reading)."""
    return 0 if allied(g, me, pid) else 1


@hook("revival-tasks", module=MODULE)
def ask_terms(g: Game, pid: str) -> list[dict] | None:
    me = _me(g)
    if me is None or pid == me:
        return None
    ally_pays = allied(g, me, pid) and (g.p(pid)["tanks"] or revivable_leaders(g, pid))  # half price
    if g.p(pid)["tanks"] > LIMIT or early_candidates(g, pid) or ally_pays:
        return [{"t": "decide", "kind": "revival-terms", "player": me, "for": pid}]
    return None


def _terms_offers(g: Game, task: dict) -> list[dict]:
    me, pid = task["player"], task["for"]
    spice, lo = g.p(pid)["spice"], _lowest(g, me, pid)
    limits = [{}] + ([{"limit": RAISED}] if g.p(pid)["tanks"] > LIMIT else [])
    early = [{}] + [{"leader": ld, "price": p} for ld in early_candidates(g, pid)
                    for p in sorted({lo, leader_price(g, ld)}) if p <= spice]
    halves = [{}] + ([{"half": True}] if allied(g, me, pid) else [])
    out = [{"do": "terms", **a, **b, **c} for a in limits for b in early for c in halves if a or b or c]
    return [{"do": "pass"}] + out


def _terms_check(g: Game, task: dict, args: dict) -> None:
    """Any price from the lowest to what the player holds is checked; a few are listed."""
    if args.get("do") == "pass":
        return
    me, pid = task["player"], task["for"]
    if set(args) - {"do", "limit", "leader", "price", "half"} or not set(args) - {"do"}:
        raise IllegalAction("dune.bad-terms", "The Tleilaxu's terms raise the limit to {limit}, name one leader "
                            "and its price, or (for their ally) give half price.", TERMS_RULINGS,
                            params={"limit": RAISED})
    if "limit" in args and args["limit"] != RAISED:
        raise IllegalAction("dune.bad-terms", "The Tleilaxu raise the limit to {limit}.", TERMS_RULINGS,
                            params={"limit": RAISED})
    if "half" in args and (args["half"] is not True or not allied(g, me, pid)):
        raise IllegalAction("dune.not-allied", "Only the Tleilaxu's ally revives at half price.", TERMS_RULINGS)
    if ("leader" in args) != ("price" in args):
        raise IllegalAction("dune.bad-terms", "An early leader revival names the leader and its price.",
                            TERMS_RULINGS)
    if "leader" in args:
        if not isinstance(args["leader"], str):
            raise IllegalAction("dune.one-early-leader", "At most one leader per faction is revived early in a "
                                "Revival phase.", TERMS_RULINGS)
        if args["leader"] not in early_candidates(g, pid):
            raise IllegalAction("dune.no-early-revival", "{leader} cannot be revived early for {player}: normal "
                                "revival applies." if revivable_leaders(g, pid) else "{leader} cannot be revived "
                                "early for {player}: it is not in the Tanks.", TERMS_RULINGS,
                                params={"leader": args["leader"], "player": pid})
        p, lo = args["price"], _lowest(g, me, pid)
        if not isinstance(p, int) or isinstance(p, bool) or not lo <= p <= g.p(pid)["spice"]:
            raise IllegalAction("dune.bad-terms", "The early price is {low} to {spice} spice, what {player} "
                                "holds.", TERMS_RULINGS, params={"low": lo, "spice": g.p(pid)["spice"], "player": pid})


def _terms(g: Game, task: dict, args: dict) -> None:
    """The terms ride on the player's revival task, beneath (revival.start_revival)."""
    g.finish(task)
    if args["do"] == "terms":
        revive = next(t for t in reversed(g.state["stack"]) if t.get("kind") == "revive" and t["player"] == task["for"])
        revive["terms"] = {k: v for k, v in sorted(args.items()) if k != "do"}
        _cite(g, TERMS_RULINGS)


decision(Decision("revival-terms", ("terms", "pass"), _terms_offers, _terms, TERMS_RULINGS, _terms_check))


@hook("revival-terms", module=MODULE)
def terms_in_force(g: Game, task: dict) -> dict | None:
    """The terms on this revival, less what a Karama stopped."""
    terms = dict(_terms_of(task))
    for key, advantage in (("limit", "tleilaxu-no-limit"), ("half", "tleilaxu-half-price"),
                           ("leader", "tleilaxu-early-leader"), ("price", "tleilaxu-early-leader")):
        if stopped(g, advantage, task):
            terms.pop(key, None)
    return terms or None


@hook("revival-price", module=MODULE)
def price_on_terms(g: Game, task: dict, forces: int, leader: str | None, kinds: dict) -> int | None:
    """The early leader at their price (final), the rest at the normal price, halved (rounded up)
    for their ally (paragraphs 45, 46; our reading of how the two combine)."""
    terms = terms_in_force(g, task)
    if not terms:
        return None
    early = leader is not None and leader == terms.get("leader")
    normal = cost(g, task["player"], forces, None if early else leader, kinds)
    return (-(-normal // 2) if terms.get("half") else normal) + (terms["price"] if early else 0)


@hook("revival-prevented", module=MODULE)
def prevented(g: Game, task: dict) -> bool | None:
    return True if PREVENTED in task.get("stopped", ()) else None


# --- their special Karama power (advanced, once a game; paragraph 80) -------------------------------------
def _power_window(g: Game, pid: str) -> bool:
    task = g.top
    return bool(task and task.get("kind") == "revive" and task["t"] == "decide" and task["player"] != pid
                and PREVENTED not in task.get("stopped", ()))


def _prevent(g: Game, pid: str, args: dict) -> None:
    g.top.setdefault("stopped", []).append(PREVENTED)
    _cite(g, ("ixtl.tleilaxu-special-karama", "dune.engine-tleilaxu-karama"))


POWERS[FACTION] = Power(FACTION, _power_window, lambda g, pid: [{}], _prevent)
