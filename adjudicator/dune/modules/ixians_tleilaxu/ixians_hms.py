"""The Ixians' Hidden Mobile Stronghold (expansion, seed 002 paragraphs 6, 18-24, 74; rulings
ixtl.hms-*, dune.engine-hms, our readings dune.hms-*-reading in rulings/dune-ixtl-hms.toml).

It is a place of its own, `content.HMS` on the map like any location (forces `map[HMS]`, the
Cyborgs among them in `elite`), in no territory of the board and on no sector: the storm never
touches those inside, Shai-Hulud never reaches them, and it is a stronghold (`Game.strongholds`:
occupancy, victory, battles inside). `state["hms"] = {"points_at": location | None}` says which
board location it points at. It is one territory of movement beyond that location (hook
`distances`): others enter and leave through it, the storm on it bars both.

Steps: the Ixians point it once after the first storm movement (`point-hms`: `point {to}`), and
from turn 2 before the storm is dialed, while their forces are inside, may move it up to three
territories (`move-hms`: `point {to}` / `pass`), never into, out of or through the storm; its
movement collection then takes 2 spice per Ixian force inside from the territory it ends at.
A Karama stops one move (`hms-movement`) or its collection (`hms-collection`). The advanced
Ixians' special Karama power is one more move, of up to two territories, in their own Shipment and
Movement turn (reading dune.ixian-karama-reading; karama_powers.py plays it)."""

from __future__ import annotations

from ....core.errors import IllegalAction
from ...content import HMS, territory
from ...forces import shift
from ...game import Game
from ...karama import STOPPABLE, Stoppable, stopped
from ...movement import OUT_OF_RANGE, distances
from ...registry import Decision, decision, hook
from ..advanced import POWERS, Power

MODULE = "ixians-tleilaxu"  # the expansion: its listeners run only in its games
FACTION = "ixians"
RANGE = 3  # territories a move may cross (seed 002 paragraph 21)
KARAMA_RANGE = 2  # the special Karama power's move (reading dune.ixian-karama-reading)
COLLECTION_RATE = 2  # spice per force, Cyborgs too (paragraph 23)
SETUP = ("ixtl.ixian-setup", "dune.engine-hms")
ENTRY = ("ixtl.hms-entry", "dune.engine-hms", "dune.hms-entry-reading")
MOVE = ("ixtl.hms-move", "ixtl.hms-storm", "dune.hms-move-reading")
COLLECTION = ("ixtl.hms-collection", "dune.hms-collection-reading")
KARAMA = ("ixtl.karama-ixian-movement",)
POWER = ("ixtl.hms-advanced-move", "ixtl.special-karama-uncancellable", "dune.ixian-karama-reading")

# A Karama stops one move, or the collection of one (seed 002 paragraph 74; karama.py's table).
STOPPABLE["hms-movement"] = Stoppable(FACTION, "move-hms", lambda g, t, o: t["player"] == o,
                                      "one move of the Hidden Mobile Stronghold", KARAMA)
STOPPABLE["hms-collection"] = Stoppable(FACTION, "move-hms", lambda g, t, o: t["player"] == o,
                                        "the movement collection of the Hidden Mobile Stronghold", KARAMA)


def cite(g: Game, rulings: tuple[str, ...]) -> None:
    g.rulings.extend(r for r in rulings if r not in g.rulings)


def points_at(g: Game) -> str | None:
    return g.state.get("hms", {}).get("points_at")


# --- setup: six forces inside, pointed after the first storm movement ----------------------------
@hook("placed-at-start", module=MODULE)
def hms_start(g: Game, pid: str, terr: str, n) -> bool | None:
    """The sheet's three Cyborgs and three Suboids go inside (seed 002 paragraph 6); which of them
    are Cyborgs is written once the kinds exist (`_cyborgs_inside`, after setup_elite)."""
    if g.faction(pid) != FACTION or terr != HMS or not isinstance(n, dict):
        return None
    g.add_forces(HMS, pid, sum(n.values()))
    g.state["hms"] = {"points_at": None}
    cite(g, SETUP)
    return True


@hook("setup-tasks", module=MODULE)
def _cyborgs_inside(g: Game) -> list:
    """The kinds are set up with every Cyborg in reserves (forces.setup_elite): three of them are
    inside. No task: pointing waits for the first storm movement."""
    pid = g.player_of(FACTION)
    if pid is not None and "hms" in g.state and g.forces(HMS, pid):
        n = g.c.factions[FACTION]["at_start"][HMS]["cyborgs"]
        shift(g, pid, "reserves", HMS, n, {"cyborgs": n})
    return []


@hook("after-storm", module=MODULE)
def _point_first(g: Game) -> list | None:
    pid = g.player_of(FACTION)
    if pid is None or "hms" not in g.state or points_at(g) is not None:
        return None
    return [{"t": "decide", "kind": "point-hms", "player": pid}]


def _aim_error(g: Game, to) -> IllegalAction | None:
    """A sector of a territory that is not a stronghold, the Polar Sink allowed (paragraphs 6, 21)."""
    if not isinstance(to, str) or to not in g.c.graph or territory(to) in g.c.strongholds:
        return IllegalAction("dune.hms-bad-aim", "The Hidden Mobile Stronghold points at a sector of a territory "
                             "that is not a stronghold.", ("ixtl.ixian-setup", "ixtl.hms-move"))
    return None


def _point_offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "point", "to": loc} for loc in g.c.locations if _aim_error(g, loc) is None]


def _point_check(g: Game, task: dict, args: dict) -> None:
    if (err := _aim_error(g, args.get("to"))) is not None:
        raise err


def _point(g: Game, task: dict, args: dict) -> None:
    g.state["hms"]["points_at"] = args["to"]
    cite(g, SETUP)
    g.finish(task)


decision(Decision("point-hms", ("point",), _point_offers, _point, SETUP, _point_check))


# --- a place one territory beyond the sector it points at ------------------------------------------
@hook("distances", module=MODULE)
def hms_distances(g: Game, start: str, storm: int | None) -> dict[str, int] | None:
    """Territories entered to reach each place from `start`, the stronghold among them: entering
    it from the location it points at costs one territory, leaving it likewise (paragraph 18;
    reading dune.hms-entry-reading). A storm on that location bars both."""
    aim = points_at(g)
    if aim is None:
        return None
    cite(g, ENTRY)
    if start == HMS:
        if storm is not None and g.in_storm(aim):
            return {HMS: 0}
        return {HMS: 0, **{loc: d + 1 for loc, d in distances(g.c, aim, storm).items()}}
    out = dict(distances(g.c, start, storm))
    if aim in out:
        out[HMS] = out[aim] + 1
    return out


@hook("ship-check", module=MODULE)
def _ship_inside(g: Game, pid: str, to: str, count: int) -> IllegalAction | None:
    """Only the Ixians ship directly inside, at the stronghold rate (paragraph 18)."""
    if to == HMS:
        cite(g, ENTRY)
        if g.faction(pid) != FACTION:
            return IllegalAction("dune.hms-no-direct-shipment", "Only the Ixians ship directly into the Hidden "
                                 "Mobile Stronghold: {player} ships into the territory of {place}, then moves in.",
                                 ENTRY, params={"player": pid, "place": points_at(g)})
    return None


# --- moving it before the storm, from turn 2 --------------------------------------------------------
@hook("before-storm", module=MODULE)
def _offer_move(g: Game) -> list | None:
    """While Ixian forces are inside (a captor cannot move it: paragraphs 18, 21)."""
    pid = g.player_of(FACTION)
    if pid is None or g.state["turn"] < 2 or points_at(g) is None or not g.forces(HMS, pid):
        return None
    return [{"t": "decide", "kind": "move-hms", "player": pid}]


def move_error(g: Game, to, far: int = RANGE) -> IllegalAction | None:
    if (err := _aim_error(g, to)) is not None:
        return err
    aim = points_at(g)
    if to == aim:
        return IllegalAction("dune.hms-bad-aim", "A move ends somewhere else; to stay, pass.", MOVE)
    if g.in_storm(aim) or g.in_storm(to) or distances(g.c, aim, g.state["storm"]).get(to, 99) > far:
        if distances(g.c, aim, None).get(to, 99) <= far:
            return IllegalAction("dune.move-through-storm", "The Hidden Mobile Stronghold moves neither into, out "
                                 "of nor through the storm (in sector {storm}).", MOVE,
                                 params={"storm": g.state["storm"]})
        return IllegalAction("dune.out-of-range", OUT_OF_RANGE, MOVE, params={"place": to, "most": far, "origin": aim})
    return None


def _move_offers(g: Game, task: dict) -> list[dict]:
    if stopped(g, "hms-movement", task):
        return [{"do": "pass"}]
    return [{"do": "pass"}] + [{"do": "point", "to": loc} for loc in g.c.locations if move_error(g, loc) is None]


def _move_check(g: Game, task: dict, args: dict) -> None:
    if args.get("do") != "point":
        return
    if stopped(g, "hms-movement", task):
        raise IllegalAction("dune.advantage-stopped", "A Karama stopped this move of the Hidden Mobile Stronghold.",
                            ("dune.karama", *KARAMA))
    if (err := move_error(g, args.get("to"))) is not None:
        raise err


def _move(g: Game, task: dict, args: dict) -> None:
    """Those inside go with it; forces it passes stay where they are (paragraph 22)."""
    if args["do"] == "point":
        g.state["hms"]["points_at"] = args["to"]
        cite(g, MOVE)
        if not stopped(g, "hms-collection", task):
            _collect(g, task["player"], territory(args["to"]))
    g.finish(task)


def _collect(g: Game, pid: str, terr: str) -> None:
    """2 spice per Ixian force inside, Cyborgs too, from the spice of the territory it ends
    pointing at, outside the storm (paragraph 23; reading dune.hms-collection-reading)."""
    left = COLLECTION_RATE * g.forces(HMS, pid)
    for loc in sorted(loc for loc in g.state["spice"] if territory(loc) == terr and not g.in_storm(loc)):
        got = min(left, g.state["spice"][loc])
        g.state["spice"][loc] -= got
        g.p(pid)["spice"] += got
        left -= got
        if not g.state["spice"][loc]:
            del g.state["spice"][loc]
    cite(g, COLLECTION)


decision(Decision("move-hms", ("point", "pass"), _move_offers, _move, MOVE, _move_check))


# --- the advanced Ixians' special Karama power: one more move in their Shipment and Movement turn -----
def _power_window(g: Game, pid: str) -> bool:
    """Their own turn of the phase (shipping or moving), the stronghold pointed, their forces inside."""
    task = g.top
    return bool(task and task.get("kind") in ("ship", "move") and task["player"] == pid
                and points_at(g) is not None and g.forces(HMS, pid))


def _power_moves(g: Game, pid: str) -> list[dict]:
    return [{"to": loc} for loc in g.c.locations if move_error(g, loc, KARAMA_RANGE) is None]


def _power_move(g: Game, pid: str, args: dict) -> None:
    """A move like the one before the storm, with its movement collection; no ordinary Karama
    stops a special power (paragraph 71)."""
    g.state["hms"]["points_at"] = args["to"]
    cite(g, MOVE + POWER)
    _collect(g, pid, territory(args["to"]))


POWERS[FACTION] = Power(FACTION, _power_window, _power_moves, _power_move,
                        lambda g, pid, args: move_error(g, args.get("to"), KARAMA_RANGE))
