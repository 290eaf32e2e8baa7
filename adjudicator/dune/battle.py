"""The Battle phase. Where (ruling dune.battle-where): every territory but the Polar Sink with
forces of two or more players on one side of the storm, or together under it (dune.storm-blocks);
the first player in storm order holding any
battle is the aggressor and picks which one to fight, until none is left. How: each side's
battle plan (dune.battle-plan, dune.battle-leader-once, dune.treachery-weapons-defenses,
dune.treachery-special for Cheap Hero), then each side may call a traitor (dune.traitor-call),
then the resolution (dune.battle-resolution, dune.battle-leader-spice, dune.lasgun-shield)."""

from __future__ import annotations

from functools import cache

import networkx as nx
import orjson

from ..core.errors import IllegalAction
from ..core.observers import Hidden
from .alliance import allied
from .content import HMS, POLAR_SINK, Content
from .forces import at
from .game import Game
from .registry import Decision, ask, auto, decision, fire, first
from .support import commit_support, forces_strength2, kinds_in_battle, pay_support, support_error, support_offers
from .traitors import could_betray, reveal
from .treachery import HIDDEN, could_hold, discard, identify
from .weapons import ask_tooth, cited, explodes, fits, leader_killed, pays_for_leaders, spent

PLAN = ("dune.battle-plan",)


def start_battles(g: Game) -> None:
    fire("before-battles", g)  # advisors alone turn fighters (the advanced Bene Gesserit)
    g.push({"t": "auto", "kind": "battles"})


def sides(g: Game, terr: str) -> list[list[str]]:
    """A territory's locations outside the storm, split where the storm cuts it: forces on
    opposite sides of the storm do not fight (ruling dune.storm-blocks). The Hidden Mobile
    Stronghold is one place the storm never cuts (seed 002 paragraph 20). Read-only."""
    if terr == HMS:
        return [[HMS]]
    return _sides(g.c, terr, g.state["storm"])


@cache
def _sides(cnt: Content, terr: str, storm: int) -> list[list[str]]:
    """`sides`, searched once per territory and storm sector and process."""
    locs = [f"{terr}@{s}" for s in cnt.territories[terr]["sectors"] if s != storm]
    return sorted(sorted(part) for part in nx.connected_components(cnt.graph.subgraph(locs)))


def blind(g: Game, terr: str) -> list[str] | None:
    """The territory's sector under the storm, where forces still fight one another (battling
    blind) but none outside it; None when the storm is not on the territory."""
    storm = g.state["storm"]
    return [f"{terr}@{storm}"] if terr != HMS and storm in g.c.territories[terr]["sectors"] else None


def site(g: Game, terr: str, sector: int | None) -> list[str] | None:
    """The locations of a battle: the whole territory outside the storm, or, when the storm cuts
    it, the side that holds `sector`; the storm's own sector when `sector` names it."""
    if sector is not None and (under := blind(g, terr)) and under[0] == f"{terr}@{sector}":
        return under
    parts = sides(g, terr)
    if len(parts) == 1:
        return parts[0] if sector is None else None
    return next((p for p in parts if f"{terr}@{sector}" in p), None)


def _on(g: Game, locs: list[str], pid: str) -> int:
    return sum(g.forces(loc, pid) for loc in locs)


def contests(g: Game) -> list[tuple[dict, list[str]]]:
    """Where two or more players' fighters meet (advisors never fight): each place, as a battle
    names it, with those players in seat order. Kept per map version (`Game.map_version`), the
    storm and the advisors, since every battle step asks it for each player in turn; and the last
    answer across actions, for the same map, storm, seats and advisors (read-only)."""
    key = (g.map_version, g.state["storm"], tuple(tuple(g.p(q).get("advisors", ())) for q in g.seats))
    if g.memo.get("contests", (None,))[0] == key:
        return g.memo["contests"][1]
    same = (orjson.dumps(g.state["map"]), key[1], key[2], tuple(g.seats))
    last = _last_contests[0]
    if last is not None and last[0] == same and last[1] is g.c:
        out = last[2]
    else:
        out = _contests(g)
        _last_contests[0] = (same, g.c, out)
    g.memo["contests"] = (key, out)
    return out


_last_contests: list = [None]  # ((the map's bytes, storm, advisors, seats), content, the contests there)


def _contests(g: Game) -> list[tuple[dict, list[str]]]:
    out = []
    for t in sorted({loc.split("@", 1)[0] for loc in g.state["map"]} - {POLAR_SINK}):
        parts = sides(g, t)
        named = [({"territory": t} if len(parts) == 1 else
                  {"territory": t, "sector": int(part[0].split("@")[1])}, part) for part in parts]
        if under := blind(g, t):  # named by the storm's sector, whatever the rest
            named.append(({"territory": t, "sector": g.state["storm"]}, under))
        for where, part in named:
            here = [q for q in g.seats if _on(g, part, q) and g.combatant(t, q)]
            if len(here) > 1:
                out.append((where, here))
    return out


def battles_of(g: Game, pid: str) -> list[dict]:
    return [{"do": "battle", **where, "opponent": q} for where, here in contests(g) if pid in here
            for q in here if q != pid and not allied(g, pid, q)]  # allies never fight (dune.alliances)


@auto("battles")
def next_battle(g: Game, task: dict) -> None:
    aggressor = next((q for q in g.order if battles_of(g, q)), None)
    if aggressor is None:
        g.finish(task)
        return
    g.push({"t": "decide", "kind": "choose-battle", "player": aggressor})


def _choose(g: Game, task: dict, args: dict) -> None:
    a, d, terr = task["player"], args["opponent"], args["territory"]
    g.state["battle"] = {"territory": terr, "locs": site(g, terr, args.get("sector")), "aggressor": a,
                         "defender": d, "plans": {}, "traitors": []}
    g.finish(task)
    g.push({"t": "decide", "kind": "plan", "player": a}, {"t": "decide", "kind": "plan", "player": d},
           {"t": "decide", "kind": "traitor", "player": a}, {"t": "decide", "kind": "traitor", "player": d},
           {"t": "auto", "kind": "resolve-battle"})
    fire("battle-opened", g, g.state["battle"])  # the Voice, prescience: asked before the plans


decision(Decision("choose-battle", ("battle",), lambda g, task: battles_of(g, task["player"]), _choose,
                  ("dune.battle-where", "dune.storm-blocks")))


# --- battle plans ---------------------------------------------------------------------------------
def leaders_available(g: Game, pid: str) -> list[str]:
    """Its own active leaders and those it holds captive (advanced Harkonnen, factions/harkonnen.py)
    or as gholas (advanced Tleilaxu, modules/ixians_tleilaxu/tleilaxu_revival.py) not used in another territory
    this turn."""
    terr = g.state["battle"]["territory"]
    pl = g.p(pid)
    own = [ld for ld, status in pl["leaders"].items() if status == "alive"]
    held = sorted(pl.get("captured", {})) + sorted(pl.get("gholas", {}))
    return sorted(ld for ld in own + held if pl["fought"].get(ld, terr) == terr)


def owner(g: Game, leader: str) -> str:
    return g.player_of(g.c.leaders[leader]["faction"])


def _kind(g: Game, card: str) -> tuple[str, str | None]:
    info = g.c.treachery[card]
    return info["kind"], info.get("subtype")


def heroes(g: Game, pid: str) -> list[str]:
    return sorted({c for c in g.p(pid)["hand"] if c != HIDDEN and _kind(g, c) == ("special", "leader")})


def fighters(g: Game, pid: str) -> list[str]:
    """The leaders and Cheap Heroes `pid` must choose from; a Cheap Hero it is forbidden to play
    (hook `barred-heroes`: the Voice) is none, so a side left with no other fights leaderless."""
    barred = {c for answer in ask("barred-heroes", g, pid) for c in answer}
    return leaders_available(g, pid) + [h for h in heroes(g, pid) if h not in barred]


def _take(g: Game, pid: str, hand: list, card: str) -> bool:
    """Take a card out of a copy of the hand: the card itself or an unknown card that may be it."""
    if not could_hold(g, pid, card, hand):
        return False
    hand.remove(card if card in hand else HIDDEN)
    return True


def plan_error(g: Game, pid: str, plan: dict) -> IllegalAction | None:
    terr = g.state["battle"]["territory"]
    hand = list(g.p(pid)["hand"])
    leader, dial = plan.get("leader"), plan.get("dial")
    able = fighters(g, pid)
    if any(not isinstance(plan.get(k), (str, type(None))) for k in ("leader", "weapon", "defense")):
        return IllegalAction("dune.card-not-playable", "A battle plan names its leader and cards by name.", PLAN)
    if leader is None and able:
        return IllegalAction("dune.plan-needs-leader", "{player} has a leader or a Cheap Hero to play, and must "
                             "play one.", PLAN, params={"player": pid})
    hero = leader in g.c.treachery and _kind(g, leader) == ("special", "leader")
    if leader is not None and leader not in able and not (hero and could_hold(g, pid, leader)):
        rule = ("dune.battle-leader-once",) if g.p(pid)["fought"].get(leader) else PLAN
        return IllegalAction("dune.leader-not-available", "{leader} cannot fight for {player} in {territory}.",
                             rule, params={"leader": leader, "player": pid, "territory": terr})
    if hero:
        _take(g, pid, hand, leader)
    forces = _on(g, g.state["battle"]["locs"], pid)
    if not isinstance(dial, int) or isinstance(dial, bool) or not 0 <= dial <= forces:
        return IllegalAction("dune.dial-out-of-range", "{player} may dial 0 to {forces}.", PLAN,
                             params={"player": pid, "forces": forces})
    if (err := support_error(g, pid, plan)) is not None:
        return err
    if (err := first("plan-check", g, pid, plan, list(g.p(pid)["hand"]))) is not None:
        return err  # e.g. the Voice's command
    for slot in ("weapon", "defense"):  # each card in its role (weapons.fits: the expansion's dual cards)
        card = plan.get(slot)
        if card is None:
            continue
        if leader is None:
            return IllegalAction("dune.cards-without-leader", "A side without a leader plays no Treachery card.",
                                 PLAN)
        if card not in g.c.treachery or not fits(g, card, slot, plan) or not _take(g, pid, hand, card):
            return IllegalAction("dune.card-not-playable", "{card} is no weapon in {player}'s hand."
                                 if slot == "weapon" else "{card} is no defense in {player}'s hand.",
                                 ("dune.treachery-weapons-defenses",), params={"card": card, "player": pid})
    return None


def _plan_offers(g: Game, task: dict) -> list[dict]:
    pid = task["player"]
    hand = sorted(set(g.p(pid)["hand"]) - {HIDDEN})  # unknown cards are named only by a log
    forces = _on(g, g.state["battle"]["locs"], pid)
    out = []
    for leader in fighters(g, pid) or [None]:
        for weapon in [None, *hand]:
            for defense in [None, *hand]:
                plan = {"leader": leader, "dial": 0, "weapon": weapon, "defense": defense}
                if plan_error(g, pid, plan) is None:
                    extras = [{}, *ask("plan-extras", g, pid, plan)]  # the Kwisatz Haderach
                    out += [_written({**plan, "dial": n, **s, **e, **x}) for n in range(forces + 1)
                            for s in support_offers(g, pid, n) for e in kinds_in_battle(g, pid, n) for x in extras]
    return out


def _written(plan: dict) -> dict:
    return {"do": "plan", **{k: v for k, v in plan.items() if v is not None}}


def _plan_check(g: Game, task: dict, args: dict) -> None:
    if (err := plan_error(g, task["player"], args)) is not None:
        raise err


def _plan(g: Game, task: dict, args: dict) -> None:
    pid = task["player"]
    plan = {k: args[k] for k in ("leader", "dial", "weapon", "defense", "spice", "kinds", "kwisatz")
            if args.get(k) is not None}
    cards = [plan[k] for k in ("leader", "weapon", "defense") if plan.get(k) in g.c.treachery]
    for card in cards:
        identify(g, pid, card)
        g.p(pid)["hand"].remove(card)
    plan["cards"] = sorted(cards)
    commit_support(g, pid, plan)
    g.state["battle"]["plans"][pid] = plan
    g.finish(task)


def _plan_kept(final: dict, action: dict, later: list[dict]) -> bool:
    """Both plans are revealed together: only a battle's first plan, its opponent's not yet set
    when the log ends, is still secret."""
    battle = final.get("battle")
    return bool(battle) and list(battle["plans"]) == [action["by"]] and not any(a["do"] == "plan" for a in later)


decision(Decision("plan", ("plan",), _plan_offers, _plan, PLAN, _plan_check,
                  Hidden(("leader", "dial", "weapon", "defense", "spice", "kinds", "kwisatz"), ("by",), _plan_kept)))


# --- traitors ------------------------------------------------------------------------------------
def _opponent(g: Game, pid: str) -> str:
    b = g.state["battle"]
    return b["defender"] if pid == b["aggressor"] else b["aggressor"]


def _betrayer(g: Game, pid: str) -> str | None:
    """Whose Traitor card `pid` may reveal against the opposing leader: its own, else (hook
    `traitors-of`: the Harkonnen's allies) its ally's; an unknown card may be it (traitors.py)."""
    plan = g.state["battle"]["plans"][_opponent(g, pid)]
    leader = plan.get("leader")
    if leader is None or leader not in g.c.leaders or plan.get("kwisatz"):  # loyal beside the Kwisatz Haderach
        return None
    owners = [pid, *ask("traitors-of", g, pid)]
    known = next((q for q in owners if leader in g.p(q)["traitors"]), None)
    return known or next((q for q in owners if could_betray(g, g.p(q)["traitors"], leader)), None)


def _traitor_offers(g: Game, task: dict) -> list[dict]:
    return ([{"do": "call-traitor"}] if _betrayer(g, task["player"]) else []) + [{"do": "pass"}]


def _traitor(g: Game, task: dict, args: dict) -> None:
    if args["do"] == "call-traitor":
        pid = task["player"]
        reveal(g, _betrayer(g, pid), g.state["battle"]["plans"][_opponent(g, pid)]["leader"])
        g.state["battle"]["traitors"].append(pid)
    g.finish(task)


decision(Decision("traitor", ("call-traitor", "pass"), _traitor_offers, _traitor, ("dune.traitor-call",)))


# --- resolution -----------------------------------------------------------------------------------
def totals(g: Game, a: str, d: str, plans: dict) -> tuple[dict[str, bool], str]:
    """Whose leader the other's weapon kills, and the winner of a battle no traitor decided:
    the higher total, the aggressor's on a tie (dune.battle-resolution). Read-only."""
    dead = {pid: leader_killed(g, plans[pid], plans[_opponent_of(a, d, pid)]) for pid in (a, d)}
    # doubled, so that unsupported forces (advanced: support.py) count a whole half each
    total = {pid: forces_strength2(g, pid, plans[pid], _opponent_of(a, d, pid))
             + 2 * (0 if dead[pid] else _strength(g, plans[pid], plans[_opponent_of(a, d, pid)])) for pid in (a, d)}
    return dead, a if total[a] >= total[d] else d


def _strength(g: Game, plan: dict, other: dict) -> int:
    """The leader's (a Cheap Hero's is 0; hook `leader-strength`: Zoal copies `other`'s leader), and
    what rides with it (hook `leader-bonus`: the Kwisatz Haderach)."""
    leader = plan.get("leader")
    bonus = sum(ask("leader-bonus", g, plan))
    own = first("leader-strength", g, leader, other)
    return (own if own is not None else g.c.leaders[leader]["strength"] if leader in g.c.leaders else 0) + bonus


def _lose_all(g: Game, pid: str, locs: list[str]) -> None:
    fire("battle-losses", g, pid, sum(g.forces(loc, pid) for loc in locs))  # the Atreides count them
    for loc in locs:
        g.to_tanks(loc, pid, g.forces(loc, pid))


def _lose(g: Game, pid: str, locs: list[str], n: int, kinds: dict) -> None:
    """The winner loses the forces it dialed: the special ones its plan named, the rest ordinary."""
    kinds, ordinary = dict(kinds), n - sum(kinds.values())
    fire("battle-losses", g, pid, n)
    for loc in locs:
        here = {k: min(m, at(g, pid, k, loc)) for k, m in sorted(kinds.items())}
        plain = min(ordinary, g.forces(loc, pid) - sum(at(g, pid, k, loc) for k in g.p(pid).get("elite", {})))
        if sum(here.values()) + plain:
            g.to_tanks(loc, pid, sum(here.values()) + plain, here)
        ordinary -= plain
        kinds = {k: m - here[k] for k, m in kinds.items()}


def _release(g: Game, pid: str, held: str, leader: str) -> None:
    """Another's leader leaves `pid`'s `captured` or `gholas`; none left is no such key (as a
    scenario builds the state: the cut's checksum is the log's)."""
    pl = g.p(pid)
    pl.get(held, {}).pop(leader, None)
    if held in pl and not pl[held]:
        del pl[held]


def _kill(g: Game, pid: str, plan: dict) -> int:
    leader = plan.get("leader")
    if leader in g.c.leaders:
        g.p(owner(g, leader))["leaders"][leader] = "tanks"  # a captive goes to its own faction's Tanks
        for held in ("captured", "gholas"):  # a ghola too (dune.engine-gholas)
            _release(g, pid, held, leader)
        g.p(pid)["fought"].pop(leader, None)
        return g.c.leaders[leader]["strength"] or 0  # Zoal's printed value is none (dune.engine-ixtl-readings)
    return 0


def _settle_cards(g: Game, pid: str, plan: dict, keep: bool) -> None:
    """The loser discards every card played; the winner keeps weapons and defenses (a reading:
    ruling dune.engine-winner-cards) and discards worthless cards and Cheap Heroes, then may
    discard the ones it kept (decision `winner-cards`)."""
    g.p(pid)["hand"] += plan["cards"]
    g.p(pid)["hand"].sort()
    spent_cards = spent(g, plan)  # an Artillery Strike, a Poison Tooth used (weapons.py)
    gone = [c for c in plan["cards"] if not keep or _kind(g, c)[0] not in ("weapon", "defense") or c in spent_cards]
    discard(g, pid, gone)
    kept = sorted(c for c in plan["cards"] if c not in gone)
    if kept:
        g.push({"t": "decide", "kind": "winner-cards", "player": pid, "kept": kept})


def _winner_offers(g: Game, task: dict) -> list[dict]:
    kept = task["kept"]
    subsets = [[c for i, c in enumerate(kept) if mask >> i & 1] for mask in range(1, 1 << len(kept))]
    return [{"do": "pass"}] + [{"do": "discard", "cards": cards} for cards in subsets]


def _winner_cards(g: Game, task: dict, args: dict) -> None:
    if args["do"] == "discard":
        discard(g, task["player"], args["cards"])
    g.finish(task)


decision(Decision("winner-cards", ("discard", "pass"), _winner_offers, _winner_cards,
                  ("dune.battle-resolution", "dune.engine-winner-cards")))


@auto("resolve-battle")
def resolve(g: Game, task: dict) -> None:
    plans, terr = g.state["battle"]["plans"], g.state["battle"]["territory"]
    if ask_tooth(g):  # a Poison Tooth's player decides first whether to use it (weapons.py)
        return
    g.rulings += cited(g, plans)  # the expansion's battle cards (weapons.py)
    _resolve(g, task)
    for pid, plan in sorted(plans.items()):  # a captive that fought and lives goes home (dune.engine-capture)
        if (ld := plan.get("leader")) in g.p(pid).get("captured", {}):
            _release(g, pid, "captured", ld)
            g.p(owner(g, ld))["leaders"][ld] = "alive"
            g.p(owner(g, ld))["fought"][ld] = g.p(pid)["fought"].pop(ld)
    fire("battle-resolved", g, terr, plans)


def _resolve(g: Game, task: dict) -> None:
    b = g.state["battle"]
    terr, locs, a, d = b["territory"], b["locs"], b["aggressor"], b["defender"]
    plans = b["plans"]
    for pid in (a, d):  # spice support goes to the bank, but a winner by treachery keeps its own
        pay_support(g, pid, plans[pid], back=b["traitors"] == [pid])
    g.finish(task)
    g.resolved = b  # still read while strengths are counted (the Ixians: a Karama on the Cyborgs)
    g.state["battle"] = None
    g.state["dialers"] = [a, d]
    for pid in (a, d):
        leader = plans[pid].get("leader")
        if leader in g.c.leaders:
            g.p(pid)["fought"][leader] = terr
    if len(b["traitors"]) == 2:  # both leaders are traitors: both sides lose everything
        for pid in (a, d):
            _lose_all(g, pid, locs)
            _kill(g, pid, plans[pid])
            _settle_cards(g, pid, plans[pid], keep=False)
        g.rulings.append("dune.traitor-call")
        return
    if b["traitors"]:
        winner = b["traitors"][0]
        loser = _opponent_of(a, d, winner)
        _lose_all(g, loser, locs)
        g.gain(winner, _kill(g, loser, plans[loser]))
        fire("battle-won", g, winner, loser, terr)
        fire("battle-decided", g, winner, locs, plans, False)  # the expansion's (modules/ixians_tleilaxu/)
        _settle_cards(g, winner, plans[winner], keep=True)
        _settle_cards(g, loser, plans[loser], keep=False)
        g.rulings.append("dune.traitor-call")
        return
    if explodes(g, plans):
        for pid in g.present(terr):  # advisors too
            _lose_all(g, pid, g.locations_of(terr))  # the whole territory, storm or not
        for loc in sorted(g.state["spice"]):
            if loc.split("@", 1)[0] == terr:
                g.remove_spice(loc)
        for pid in (a, d):
            _kill(g, pid, plans[pid])
            _settle_cards(g, pid, plans[pid], keep=False)
        fire("explosion", g, plans)  # kills the Kwisatz Haderach too
        g.rulings.append("dune.lasgun-shield")
        return
    dead, winner = totals(g, a, d, plans)
    loser = _opponent_of(a, d, winner)
    _lose_all(g, loser, locs)
    _lose(g, winner, locs, plans[winner]["dial"], plans[winner].get("kinds", {}))
    spice = sum(_kill(g, pid, plans[pid]) for pid in (a, d) if dead[pid])
    g.gain(winner, spice if pays_for_leaders(g, plans) else 0)  # none after an Artillery Strike
    fire("battle-won", g, winner, loser, terr)  # the Harkonnen's capture waits beneath the kept cards
    fire("battle-decided", g, winner, locs, plans, True)  # the winner lost its dialed forces
    _settle_cards(g, winner, plans[winner], keep=True)
    _settle_cards(g, loser, plans[loser], keep=False)
    g.rulings += ["dune.battle-resolution", "dune.battle-leader-spice", "dune.treachery-weapons-defenses",
                  "dune.engine-battle-storm", "dune.engine-winner-cards"]


def _opponent_of(a: str, d: str, pid: str) -> str:
    return d if pid == a else a
