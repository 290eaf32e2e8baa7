"""Bene Gesserit advisors, the advanced game's other side of their forces (ruling
dune.bene-gesserit-advisors; our readings in dune.engine-advisors).

State: `players[bg]["advisors"]`, the sorted territories where their forces are advisors; all of
theirs in a territory are one type (Adaptive Force), so a territory is the unit. Whether a
presence counts (battles, control, the occupancy limit, collection, ornithopters, atomics) is
asked of `Game.combatant` alone; this module decides only when forces change type:

- setup: one force anywhere after the Fremen place theirs, a fighter if alone (`place`);
- the spiritual advisor may go as an advisor where another faction shipped, if they have no
  fighters in that territory (`send-advisor {to}`; factions/bene_gesserit.py offers it, asking the
  hooks `advisor-targets` and `advisor-sent`);
- their own shipment lands fighters, never in a territory of their advisors;
- a move takes the type found where it arrives (Adaptive Force); advisors entering a territory
  nobody else occupies become fighters (Enlistment), one another faction occupies they may arm
  (Take Up Arms: `flip {territory}` / `pass`);
- another faction's forces, not their ally's, entering a territory of their fighters: they may
  turn advisors (Intrusion, `flip` / `pass`; a Karama stops it);
- before Shipment and Movement each territory of advisors may arm (Wartime, public: `flip`);
- advisors alone before the Battle phase become fighters (Universal Stewards): checked whenever
  the game waits in the phases before it, and as it begins.
Advisors never arm with an ally in the territory (Peacetime), under the storm (Stormed In) nor
in a stronghold two other factions hold (our reading of the occupancy limit, dune.engine-advisors).
Their own shipment from the planet as the Guild's ally is a shipment too: fighters, never onto
their advisors (our reading, dune.engine-advisors).
"""

from __future__ import annotations

from ....core.errors import IllegalAction
from ...alliance import allied
from ...content import POLAR_SINK, territory
from ...game import Game
from ...karama import stopped
from ...movement import FULL, OCCUPANCY, places
from ...registry import Decision, decision, hook

MODULE = "advanced"  # every listener here runs only in its games
FACTION = "bene-gesserit"
RULINGS = ("dune.bene-gesserit-advisors", "dune.engine-advisors")


def _me(g: Game) -> str | None:
    return g.player_of(FACTION)


def advisors_in(g: Game, pid: str, terr: str) -> bool:
    return terr in g.p(pid).get("advisors", ())


def fighters_in(g: Game, pid: str, terr: str) -> bool:
    return bool(g.forces_in(terr, pid)) and not advisors_in(g, pid, terr)


def set_type(g: Game, pid: str, terr: str, advisors: bool) -> None:
    mine = g.p(pid).setdefault("advisors", [])
    if advisors and terr not in mine:
        mine.append(terr)
        mine.sort()
    elif not advisors and terr in mine:
        mine.remove(terr)
    g.rulings.extend(r for r in RULINGS if r not in g.rulings)


def _others(g: Game, pid: str, terr: str) -> list[str]:
    """Other factions with any forces there (their advisors too: they occupy it for Enlistment)."""
    return [q for q in g.present(terr) if q != pid]


def arm_error(g: Game, pid: str, terr: str) -> IllegalAction | None:
    """May their advisors in `terr` become fighters (each way they arm asks this)?"""
    if any(allied(g, pid, q) for q in _others(g, pid, terr)):
        return IllegalAction("dune.advisors-peacetime", "Advisors beside an ally do not turn fighters.", RULINGS)
    if any(g.in_storm(loc) and g.forces(loc, pid) for loc in g.locations_of(terr)):
        return IllegalAction("dune.advisors-stormed-in", "Advisors under the storm do not turn fighters.", RULINGS)
    if terr in g.strongholds and len([q for q in g.occupants(terr) if q != pid]) >= OCCUPANCY:
        return IllegalAction("dune.stronghold-full", FULL, ("dune.occupancy-limit", *RULINGS),
                             params={"place": terr})
    return None


# --- setup: the advanced starting force ------------------------------------------------------------
@hook("placed-at-start", module=MODULE)
def start_anywhere(g: Game, pid: str, terr: str, n) -> bool | None:
    """The Polar Sink force waits in reserves for the `place` decision after the Fremen's; their
    list of advisors' territories starts empty (a state that lacks it has none)."""
    if g.faction(pid) != FACTION or terr != POLAR_SINK:
        return None
    g.p(pid)["reserves"] += n
    g.p(pid)["advisors"] = []
    return True


@hook("setup-tasks", module=MODULE)
def ask_start(g: Game) -> list[dict] | None:
    me = _me(g)
    return [{"t": "decide", "kind": "bg-start", "player": me}] if me else None


def _start_offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "place", "to": loc, "count": 1} for loc in places(g)]


def _start(g: Game, task: dict, args: dict) -> None:
    pid, terr = task["player"], territory(args["to"])
    alone = not _others(g, pid, terr)
    g.p(pid)["reserves"] -= 1
    g.add_forces(args["to"], pid, 1)
    set_type(g, pid, terr, advisors=not alone)
    g.finish(task)


decision(Decision("bg-start", ("place",), _start_offers, _start, RULINGS))


# --- the spiritual advisor going with another's shipment (offered by factions/bene_gesserit.py) ----------
@hook("advisor-targets", module=MODULE)
def advisor_targets(g: Game, pid: str, to: str) -> list[str]:
    """Where the free force may go as an advisor: where the other faction shipped, unless they
    have fighters in that territory."""
    terr = territory(to)
    return [] if terr == POLAR_SINK or fighters_in(g, pid, terr) else [to]


@hook("advisor-sent", module=MODULE)
def send_advisor(g: Game, pid: str, to: str) -> None:
    g.add_forces(to, pid, 1)
    set_type(g, pid, territory(to), advisors=True)


# --- their own shipment: fighters, never onto their advisors ---------------------------------------
@hook("ship-check", module=MODULE)
def fighters_only(g: Game, pid: str, to: str, count: int) -> IllegalAction | None:
    if pid == _me(g) and isinstance(to, str) and g.is_place(to) and advisors_in(g, pid, territory(to)):
        return IllegalAction("dune.fighters-onto-advisors", "The Bene Gesserit ship fighters, and {territory} "
                             "holds their advisors.", RULINGS, params={"territory": territory(to)})
    return None


@hook("ship-other", module=MODULE)
def fighters_only_from_the_planet(g: Game, pid: str, args: dict) -> IllegalAction | None:
    """As the Guild's ally (factions/spacing_guild.py checks the rest: this hook is asked first,
    factions/__init__.py imports in alphabetical order); None lets the Guild's check answer."""
    return fighters_only(g, pid, args.get("to"), args.get("count"))


# --- a move: Adaptive Force, Enlistment, Take Up Arms ------------------------------------------------
def arrive_as_advisors(g: Game, pid: str, frm: str, to: str) -> bool:
    """The kind forces moved from `frm` have where they arrive: the kind of theirs already there
    (Adaptive Force), else fighters where nobody else is (Enlistment), else the kind they had."""
    src, dst = territory(frm), territory(to)
    if src == dst or g.forces_in(dst, pid):
        return advisors_in(g, pid, dst)
    return advisors_in(g, pid, src) and bool(_others(g, pid, dst))


@hook("enters-as-advisors", module=MODULE)
def enter_full(g: Game, pid: str, frm: str, to: str) -> bool | None:
    """Advisors count for no occupancy limit: they may enter a stronghold two others hold."""
    return True if pid == _me(g) and arrive_as_advisors(g, pid, frm, to) else None


@hook("moving", module=MODULE)
def adapt(g: Game, pid: str, frm: str, to: str) -> None:
    """Before the forces go: the kind they take where they arrive."""
    src, dst = territory(frm), territory(to)
    if pid != _me(g) or src == dst:
        return
    g.rulings.extend(r for r in RULINGS if r not in g.rulings)
    if g.forces_in(dst, pid) or not arrive_as_advisors(g, pid, frm, to):
        return  # Adaptive Force, Enlistment, or fighters staying fighters
    set_type(g, pid, dst, advisors=True)
    if arm_error(g, pid, dst) is None:
        g.push({"t": "decide", "kind": "flip", "player": pid, "territory": dst, "why": "take-up-arms"})


# --- another faction entering: Intrusion -------------------------------------------------------------
def _intrusion(g: Game, pid: str, to: str) -> None:
    me, terr = _me(g), territory(to)
    if me and pid != me and not allied(g, me, pid) and fighters_in(g, me, terr):
        g.push({"t": "decide", "kind": "flip", "player": me, "territory": terr, "why": "intrusion"})


@hook("shipped", module=MODULE)
def intruded_by_shipment(g: Game, pid: str, to: str, count: int) -> None:
    _intrusion(g, pid, to)


@hook("moved", module=MODULE)
def intruded_by_move(g: Game, pid: str, to: str) -> None:
    """A move, and a Fremen worm ride."""
    _intrusion(g, pid, to)


@hook("ship-other-apply", module=MODULE)
def intruded_by_cross_ship(g: Game, pid: str, args: dict) -> None:
    """The Guild's (or its ally's) shipment from the planet: fighters land (a territory they leave
    empty is no longer theirs: Game.remove_forces)."""
    if pid != _me(g) and g.is_place(args.get("to")):
        _intrusion(g, pid, args["to"])


# --- Wartime, before Shipment and Movement --------------------------------------------------------
@hook("before-shipment", module=MODULE)
def wartime(g: Game) -> list[dict] | None:
    me = _me(g)
    if me is None:
        return None
    return [{"t": "decide", "kind": "flip", "player": me, "territory": t, "why": "wartime"}
            for t in g.p(me).get("advisors", ()) if arm_error(g, me, t) is None] or None


# --- Universal Stewards, before the Battle phase -----------------------------------------------------
# The phases of a turn before its Battle phase, in which advisors left alone turn fighters at once
# (after each action); once the Battle phase begins, until the next turn, they wait.
BEFORE_BATTLE = ("setup", "storm", "spice-blow", "charity", "bidding", "revival", "shipment-movement")


@hook("settled", module=MODULE)
def stewards_now(g: Game) -> None:
    if g.state.get("phase") in BEFORE_BATTLE and g.state.get("result") is None:
        stewards(g)


@hook("before-battles", module=MODULE)
def stewards(g: Game) -> None:
    me = _me(g)
    if me is None:
        return
    for terr in list(g.p(me).get("advisors", ())):
        if not _others(g, me, terr) and arm_error(g, me, terr) is None:
            set_type(g, me, terr, advisors=False)


# --- the flip decision --------------------------------------------------------------------------------
def _flip_offers(g: Game, task: dict) -> list[dict]:
    pid, terr = task["player"], task["territory"]
    if task["why"] == "intrusion":
        able = fighters_in(g, pid, terr) and not stopped(g, "bene-gesserit-intrusion", task)
    else:
        able = advisors_in(g, pid, terr) and arm_error(g, pid, terr) is None
    return ([{"do": "flip", "territory": terr}] if able else []) + [{"do": "pass"}]


def _flip_check(g: Game, task: dict, args: dict) -> None:
    """The narrowest reason first: why advisors may not arm here (Peacetime, Stormed In, full)."""
    if args in _flip_offers(g, task):
        return
    if args.get("do") == "flip" and task["why"] != "intrusion" and (
            err := arm_error(g, task["player"], task["territory"])):
        raise err
    raise IllegalAction("dune.not-offered", "The advisors in {territory} cannot be flipped so now.", RULINGS,
                        params={"territory": task["territory"]})


def _flip(g: Game, task: dict, args: dict) -> None:
    if args["do"] == "flip":
        set_type(g, task["player"], task["territory"], advisors=task["why"] == "intrusion")
    g.finish(task)


decision(Decision("flip", ("flip", "pass"), _flip_offers, _flip, RULINGS, _flip_check))
