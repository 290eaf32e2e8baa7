"""Where a player's special forces are (advanced game; the kinds themselves are forces.py's): the
bookkeeping `Game.to_tanks` and every move share. It knows nothing of rules, only the state:
`elite` = {kind: {"reserves": n, "tanks": n, "map": {loc: n}}} beside the plain counts, so it
needs of a game only its players and its map (`Table`), and game.py can use it without importing
the rules that read the faction sheets."""

from __future__ import annotations

from typing import Protocol

PLACES = ("reserves", "tanks")


class Table(Protocol):
    def p(self, pid: str) -> dict: ...
    def seen(self, pid: str) -> dict: ...
    def forces(self, loc: str, pid: str) -> int: ...


def at(g: Table, pid: str, kind: str, where: str) -> int:
    e = g.seen(pid).get("elite", {}).get(kind)
    if e is None:
        return 0
    return e[where] if where in PLACES else e["map"].get(where, 0)


def add(g: Table, pid: str, kind: str, where: str, n: int) -> None:
    e = g.p(pid)["elite"][kind]
    if where in PLACES:
        e[where] += n
    else:
        e["map"][where] = e["map"].get(where, 0) + n
        if not e["map"][where]:
            del e["map"][where]


def total(g: Table, pid: str, where: str) -> int:
    return g.p(pid)[where] if where in PLACES else g.forces(where, pid)


def going(g: Table, pid: str, frm: str, n: int, kinds=None) -> dict[str, int]:
    """Which special forces are among `n` of `pid`'s forces leaving `frm`: as `kinds` says, else
    ordinary forces first (our reading where nobody chooses: the storm's half, a worm ride, a Ghola)."""
    elite = g.p(pid).get("elite")
    if kinds is not None or not elite:
        return dict(kinds or {})
    left = max(0, n - (total(g, pid, frm) - sum(at(g, pid, k, frm) for k in elite)))
    out = {}
    for k in sorted(elite):
        out[k] = min(left, at(g, pid, k, frm))
        left -= out[k]
    return out


def shift(g: Table, pid: str, frm: str, to: str, n: int, kinds=None) -> None:
    """Before `n` of `pid`'s forces go from `frm` to `to` (a place, "reserves" or "tanks"): the
    special ones among them follow (`going`)."""
    if not g.p(pid).get("elite") or not n:
        return
    for k, m in sorted(going(g, pid, frm, n, kinds).items()):
        add(g, pid, k, frm, -m)
        add(g, pid, k, to, m)
