"""Tleilaxu (expansion, seed 002; rulings ixtl.*): no traitors but three Face Dancers,
drawn once the others have kept theirs (`face_dancers`, the revealed ones in `revealed`); a Face
Dancer revealed after another faction wins a battle, fought by the Tleilaxu or not (`reveal
{leader, place}` / `pass`); the three redrawn once all are revealed; Zoal's strength. Their
revival bank, their prices and gholas: tleilaxu_revival.py.

At each Mentat Pause that does not end the game they may exchange one hidden Face Dancer
(`exchange-face-dancer`: `exchange {card}` / `pass`).

Face Dancers may be recorded unknown ("?", as Traitor cards: traitors.py): a reveal then names the
card, and the action is unverifiable while the deck could have dealt it."""

from __future__ import annotations

from ....core.errors import IllegalAction
from ....core.observers import Hidden
from ...content import territory
from ...deck import draw, put, take
from ...forces import kinds_of, shift
from ...game import Game
from ...karama import STOPPABLE, UNSTOPPABLE, Stoppable, stopped
from ...movement import OCCUPANCY
from ...registry import ChanceKind, Decision, chance_kind, decision, fire, hook
from ...traitors import hidden
from ...treachery import HIDDEN, HIDDEN_RULINGS

MODULE = "ixians-tleilaxu"  # the expansion: its listeners run only in its games
FACTION = "tleilaxu"
FACE_DANCERS = 3
ZOAL = "zoal"
RULINGS = ("ixtl.tleilaxu-setup", "ixtl.face-dancers-drawn", "ixtl.face-dancer-reveal-when",
           "ixtl.face-dancer-winner-keeps", "ixtl.face-dancer-leader", "ixtl.face-dancer-replace",
           "ixtl.face-dancer-cycle", "dune.engine-ixtl-readings")
ZOAL_RULINGS = ("ixtl.zoal", "dune.engine-ixtl-readings")
PLACEMENT = ("dune.face-dancer-placement-reading",)

# What a Karama may stop of theirs (karama.py's table; seed 002 paragraph 38; the revival ones:
# tleilaxu_revival.py).
STOPPABLE.update({
    "face-dancer-exchange": Stoppable(FACTION, "exchange-face-dancer", lambda g, t, o: True,
                                      "the Tleilaxu's Face Dancer exchange", ("ixtl.face-dancer-karama",)),
})
UNSTOPPABLE["face-dancer"] = "a Face Dancer reveal"  # seed 002 paragraph 38: ixtl.face-dancer-karama


def _me(g: Game) -> str | None:
    return g.player_of(FACTION)


@hook("no-traitors", module=MODULE)
def no_traitors(g: Game, pid: str) -> bool | None:
    return True if g.faction(pid) == FACTION else None


@hook("setup-tasks", module=MODULE)
def draw_at_setup(g: Game) -> list[dict] | None:
    """After the others' setup draws and keeps (seed 002 paragraph 29): the tasks come after them."""
    me = _me(g)
    if me is None:
        return None
    g.p(me).update(face_dancers=[], revealed=[])
    return [{"t": "chance", "kind": "draw-face-dancers", "player": me}]


# --- Face Dancers drawn ----------------------------------------------------------------------------
def _wanted(g: Game, task: dict) -> int:
    """Three at setup and after all three are revealed, one to replace one exchanged."""
    return min(FACE_DANCERS - len(g.p(task["player"])["face_dancers"]), len(g.state["traitor_deck"]))


def _deal(g: Game, task: dict) -> dict:
    return {"do": "draw-face-dancers", "player": task["player"],
            "cards": draw(g.state, g.state["traitor_deck"], _wanted(g, task))}


def _check_draw(g: Game, task: dict, data: dict) -> None:
    cards = data.get("cards")
    if not isinstance(cards, list) or len(cards) != _wanted(g, task):
        raise IllegalAction("dune.traitor-count", "The Tleilaxu draw {count} Face Dancers now.", RULINGS,
                            params={"count": _wanted(g, task)})
    take(list(g.state["traitor_deck"]), [c for c in cards if c != HIDDEN], "Traitor deck")


def _apply_draw(g: Game, task: dict, data: dict) -> None:
    """A card recorded unknown ("?", traitors.py) stays counted in the deck until revealed."""
    take(g.state["traitor_deck"], [c for c in data["cards"] if c != HIDDEN], "Traitor deck")
    g.state["traitor_hidden"] = hidden(g) + data["cards"].count(HIDDEN)
    pl = g.p(task["player"])
    pl["face_dancers"] = sorted(pl["face_dancers"] + data["cards"])


chance_kind(ChanceKind("draw-face-dancers", _deal, _check_draw, _apply_draw, RULINGS, Hidden(("card", "cards"))))


# --- the reveal after a battle -----------------------------------------------------------------------
def hidden_dancers(g: Game, pid: str) -> list[str]:
    pl = g.p(pid)
    return sorted(c for c in pl["face_dancers"] if c not in pl["revealed"])


def could_be(g: Game, pid: str, leader: str | None) -> bool:
    """`leader` is a hidden Face Dancer of `pid`, or one recorded unknown may be it."""
    dancers = hidden_dancers(g, pid)
    return leader in dancers or (HIDDEN in dancers and hidden(g) > 0 and leader in g.state["traitor_deck"])


@hook("battle-decided", module=MODULE)
def offer_reveal(g: Game, winner: str, locs: list[str], plans: dict, lost: bool) -> None:
    """When another faction wins with a leader that is one of the hidden Face Dancers (seed 002
    paragraph 31): the winner's plan has been settled before (the task waits beneath the others)."""
    me, leader = _me(g), plans[winner].get("leader")
    if me and winner != me and could_be(g, me, leader):
        g.push({"t": "decide", "kind": "face-dancer", "player": me, "winner": winner, "leader": leader,
                "territory": territory(locs[0]), "locs": locs})


def _room(g: Game, task: dict) -> int:
    return sum(g.forces(loc, task["winner"]) for loc in task["locs"])


def _reveal_offers(g: Game, task: dict) -> list[dict]:
    n = min(_room(g, task), g.p(task["player"])["reserves"])
    out = [{"do": "pass"}, {"do": "reveal", "leader": task["leader"], "place": {}}]
    return out + [{"do": "reveal", "leader": task["leader"], "place": {loc: n}} for loc in task["locs"] if n]


def _reveal_check(g: Game, task: dict, args: dict) -> None:
    if args.get("do") == "pass":
        return
    if args.get("leader") != task["leader"]:
        raise IllegalAction("dune.not-a-face-dancer", "Only {leader}, the winner's leader, may be revealed as a "
                            "Face Dancer after this battle.", RULINGS, params={"leader": task["leader"]})
    place = args.get("place", {})
    if not isinstance(place, dict) or any(not isinstance(n, int) or isinstance(n, bool) or n < 1 or
                                          not g.is_place(loc) or g.in_storm(loc) for loc, n in place.items()):
        raise IllegalAction("dune.bad-placement", "Tleilaxu forces are placed on the planet (the Hidden Mobile "
                            "Stronghold too), outside the storm.", (*RULINGS, *PLACEMENT))
    if full := sorted(loc for loc in place if _full(g, task, loc)):
        raise IllegalAction("dune.stronghold-full", "{territory} will still hold forces of two other players: "
                            "the Tleilaxu cannot be placed there.", ("dune.occupancy-limit", *PLACEMENT),
                            params={"territory": territory(full[0])})
    if sum(place.values()) > min(_room(g, task), g.p(task["player"])["reserves"]):
        raise IllegalAction("dune.bad-placement", "At most {count} forces from the Tleilaxu's reserves replace the "
                            "winner's.", RULINGS, params={"count": _room(g, task)})


def _unseen(g: Game, task: dict) -> bool:
    """Offered only because an unknown Face Dancer may be the winner's leader."""
    return task["leader"] not in hidden_dancers(g, task["player"])


def _full(g: Game, task: dict, loc: str) -> bool:
    """A stronghold (the Hidden Mobile Stronghold among them) that will hold two other players once
    the winner's forces in the battle territory have gone home (reading
    dune.face-dancer-placement-reading: the occupancy limit holds for this placement too)."""
    terr, me, battle = territory(loc), task["player"], {territory(x) for x in task["locs"]}
    others = [q for q in g.occupants(terr) if q != me and not (q == task["winner"] and terr in battle)]
    return terr in g.strongholds and len(others) >= OCCUPANCY


def _reveal(g: Game, task: dict, args: dict) -> None:
    """The winner keeps its win; the leader goes to the Tanks (no spice for it); the winner's forces
    there go home to reserves, and up to as many Tleilaxu forces are placed (seed 002 paragraphs 32-34)."""
    me, winner, leader = task["player"], task["winner"], task["leader"]
    if args["do"] == "reveal":
        g.rulings += [r for r in PLACEMENT if args["place"] and r not in g.rulings]
        holder = g.p(winner)
        owner = next(q for q in g.seats if leader in g.p(q)["leaders"])
        g.p(owner)["leaders"][leader] = "tanks"
        holder.get("captured", {}).pop(leader, None)
        for q in (owner, winner):
            g.p(q)["fought"].pop(leader, None)
        for loc in task["locs"]:
            n = g.forces(loc, winner)
            shift(g, winner, loc, "reserves", n, {k: _at(g, winner, k, loc) for k in kinds_of(g, g.faction(winner))})
            g.add_forces(loc, winner, -n)
            holder["reserves"] += n
        for loc, n in sorted(args["place"].items()):
            g.p(me)["reserves"] -= n
            g.add_forces(loc, me, n)
        for loc in sorted(args["place"]):
            fire("moved", g, me, loc)  # they enter there (the advanced Bene Gesserit's Intrusion)
        pl = g.p(me)
        if leader not in pl["face_dancers"]:  # an unknown card named now (could_be)
            pl["face_dancers"].remove(HIDDEN)
            pl["face_dancers"] = sorted([*pl["face_dancers"], leader])
            g.state["traitor_deck"].remove(leader)
            g.state["traitor_hidden"] -= 1
            g.hidden.append(f"{me}'s unknown Face Dancer is taken to be {leader}")
            g.rulings += HIDDEN_RULINGS
        pl["revealed"] = sorted([*pl["revealed"], leader])
        if len(pl["revealed"]) == len(pl["face_dancers"]):  # all three: back to the deck, three new
            put(g.state["traitor_deck"], pl["face_dancers"])
            pl.update(face_dancers=[], revealed=[])
            g.push({"t": "chance", "kind": "draw-face-dancers", "player": me})
    g.finish(task)


def _at(g: Game, pid: str, kind: str, loc: str) -> int:
    return g.p(pid)["elite"][kind]["map"].get(loc, 0)


decision(Decision("face-dancer", ("reveal", "pass"), _reveal_offers, _reveal, RULINGS, _reveal_check,
                  unseen=_unseen))


# --- the Mentat Pause exchange (seed 002 paragraph 37) -------------------------------------------------
@hook("mentat-pause", module=MODULE)
def offer_exchange(g: Game) -> None:
    me = _me(g)
    if me and hidden_dancers(g, me):
        g.push({"t": "decide", "kind": "exchange-face-dancer", "player": me})


def _exchange_offers(g: Game, task: dict) -> list[dict]:
    if stopped(g, "face-dancer-exchange", task):
        return [{"do": "pass"}]
    return [{"do": "pass"}] + [{"do": "exchange", "card": c} for c in sorted(set(hidden_dancers(g, task["player"])))]


def _exchange(g: Game, task: dict, args: dict) -> None:
    """The card goes back into the Traitor deck and a replacement is drawn (a chance outcome: the
    same card may come back)."""
    g.finish(task)
    if args["do"] == "exchange":
        pl = g.p(task["player"])
        pl["face_dancers"].remove(args["card"])
        if args["card"] == HIDDEN:  # an unknown card is still counted in the deck
            g.state["traitor_hidden"] -= 1
        else:
            put(g.state["traitor_deck"], [args["card"]])
        g.push({"t": "chance", "kind": "draw-face-dancers", "player": task["player"]})


decision(Decision("exchange-face-dancer", ("exchange", "pass"), _exchange_offers, _exchange,
                  ("ixtl.face-dancer-exchange",), secret=Hidden(("card",), ("by",))))


# --- Zoal --------------------------------------------------------------------------------------------
@hook("leader-strength", module=MODULE)
def zoal(g: Game, leader: str | None, other: dict) -> int | None:
    """Zoal is worth the opposing leader's printed strength, no bonus (seed 002 paragraph 48)."""
    if leader != ZOAL:
        return None
    g.rulings.extend(r for r in ZOAL_RULINGS if r not in g.rulings)
    theirs = other.get("leader")
    return (g.c.leaders[theirs]["strength"] or 0) if theirs in g.c.leaders else 0
