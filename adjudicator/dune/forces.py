"""Force kinds (advanced game; rulings dune.emperor-sardaukar, dune.fremen-fedaykin, our readings in
dune.engine-force-kinds): the one place that knows which kinds a faction's forces come in, what
each is worth in battle and in losses, and how many may be revived a turn. It reads them from
the faction sheets (data/factions.json `forces` and `special`), so a faction whose forces come
in kinds (the Ixians' Cyborgs and Suboids) plugs in with its data and, where its rule differs,
a field here.

A player's forces stay counted as before (`map[loc][pid]`, `reserves`, `tanks`: every rule that
only counts them is unchanged); in an advanced game a player with special kinds also has
`elite` = {kind: {"reserves": n, "tanks": n, "map": {loc: n}}}, how many of those forces are of
each special kind. Actions that move forces may say how many of each kind go (`kinds: {kind: n}`,
the rest are ordinary); losses that take every force take every kind, and losses of some forces
(the storm's half for the Fremen) take ordinary forces first."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import IllegalAction
from ..core.sentences import term
from .elite import PLACES, at, going, shift, total  # noqa: F401 (the bookkeeping, re-exported for the rules)
from .game import Game
from .registry import first

RULINGS = ("dune.engine-force-kinds",)


@dataclass(frozen=True)
class Kind:
    name: str
    faction: str
    count: int
    strength: int  # in battle and in losses
    weaker_against: tuple[tuple[str, int], ...]  # (faction, strength) where it is worth less
    revived_per_turn: int | None


def kinds_of(g: Game, faction: str) -> dict[str, Kind]:
    """A faction's special kinds (not its ordinary forces), in an advanced game only, unless the
    faction's own module answers (hook `force-kinds`: the Ixians' Cyborgs, in every game)."""
    if (own := first("force-kinds", g, faction)) is not None:
        return own
    if not g.advanced:
        return {}
    sheet = g.c.factions[faction]
    out = {}
    for name, n in sorted(sheet["forces"].items()):
        spec = sheet.get("special", {}).get(name)
        if name == "normal" or not spec or "strength" not in spec:
            continue
        weaker = tuple(sorted((k.removeprefix("against_"), v) for k, v in spec.items() if k.startswith("against_")))
        out[name] = Kind(name, faction, n, spec["strength"], weaker, spec.get("revived_per_turn"))
    return out


def setup_elite(g: Game, pid: str) -> None:
    kinds = kinds_of(g, g.faction(pid))
    if kinds:  # every special force starts in reserves
        g.p(pid)["elite"] = {k: {"reserves": kind.count, "tanks": 0, "map": {}} for k, kind in kinds.items()}


def kinds_error(g: Game, pid: str, frm: str, count: int, kinds) -> IllegalAction | None:
    """`kinds` ({kind: n}, or None) names no more special forces than `frm` holds nor than `count`."""
    if kinds is None:
        return None
    own = kinds_of(g, g.faction(pid))
    if not isinstance(kinds, dict) or any(k not in own or not isinstance(n, int) or isinstance(n, bool) or n < 0
                                          for k, n in kinds.items()):
        if not own:
            return IllegalAction("dune.bad-kinds", "{player} has no special forces.", RULINGS, params={"player": pid})
        return IllegalAction("dune.bad-kinds", "{player}'s special forces are {kinds}.", RULINGS,
                             params={"player": pid, "kinds": [term("amounts.kinds", k) for k in own]})
    if sum(kinds.values()) > count or any(n > at(g, pid, k, frm) for k, n in kinds.items()):
        return IllegalAction("dune.bad-kinds", "{player} has not so many special forces among the {count} forces "
                             "from {place}.", RULINGS, params={"player": pid, "count": count, "place": frm})
    return None


def kinds_offers(g: Game, pid: str, frm: str, count: int) -> list[dict]:
    """Listed: all ordinary, or as many special ones as may go; any mix between is checked."""
    out = [{}]
    for k in kinds_of(g, g.faction(pid)):
        if (n := min(count, at(g, pid, k, frm))):
            out.append({"kinds": {k: n}})
    return out


def strength(g: Game, pid: str, kind: str | None, against: str) -> int:
    """What one force of `kind` (None: ordinary) is worth in battle against `against`."""
    if kind is None:
        return 1
    spec = kinds_of(g, g.faction(pid))[kind]
    return dict(spec.weaker_against).get(g.faction(against), spec.strength)
