"""Influence tracks: 1 VP at 2 (lost below it), the faction bonus on reaching 4, Alliances.

Seed 004, 'Фракции и влияние' (p. 7); Dune: Imperium rulebook p. 7.
"""

from __future__ import annotations

from .content import FACTIONS
from .game import Game
from .registry import adjust, choice, fire, first
from .steps import choice_task, run  # the bonus is ordinary effect steps

TRACK_MAX = 6


def influence_of(g: Game, pid: str, faction: str) -> int:
    """The Influence an effect reads for `pid` (a six-player Commander counts his Allies')."""
    return adjust("influence-of", g.p(pid)["influence"][faction], g, pid, faction)


def track_level(g: Game, pid: str, faction: str) -> int:
    """The Influence a requirement or condition naming `faction` reads for `pid`: in a six-player
    game an Emperor or Fremen icon reads the track(s) that seat's icon reaches, the best of them."""
    return max(influence_of(g, pid, f) for f in adjust("influence-reads", [faction], g, pid))


def track_holder(g: Game, pid: str, faction: str) -> str:
    """Whose cube an Influence change of `pid` on that track moves: a six-player Commander's own
    board's track holds his, the main board's are his activated Ally's."""
    return pid if first("own-track", g, pid, faction) else adjust("acting-for", pid, g)


def change_influence(g: Game, pid: str, faction: str, delta: int) -> None:
    # a six-player game: the track an Emperor or Fremen point reaches for this seat, and whose
    # cube moves (a Commander's own board keeps his; the main board's is his activated Ally's)
    faction = adjust("influence-track", faction, g, pid)
    pid = track_holder(g, pid, faction)
    pl = g.p(pid)
    before = pl["influence"][faction]
    after = max(0, min(TRACK_MAX, before + delta))
    if after == before:
        return
    pl["influence"][faction] = after
    g.rulings.append("influence.vp-at-2")
    if before < 2 <= after:
        pl["vp"] += 1
    elif after < 2 <= before:
        pl["vp"] = max(0, pl["vp"] - 1)
    if before < 4 <= after and not first("skips-faction-bonus", g, pid, faction):  # a Rival, a Commander's board
        g.rulings.append("influence.bonus-at-4")
        if g.content.factions[faction].get("side"):  # the six-player side's own tracks
            g.rulings.append("six.board-facts")
        run(g, pid, g.content.factions[faction]["bonus"], f"bonus:{faction}")
    _settle_alliance(g, pid, faction)
    fire("influence-changed", g, pid, faction, before, after)


def _settle_alliance(g: Game, changed: str, faction: str) -> None:
    alliances = g.state["alliances"]
    holder = alliances[faction]
    level = {pid: g.p(pid)["influence"][faction] for pid in g.order}
    if holder is None:
        if level[changed] >= 4:
            _give(g, faction, changed)
        return
    best = max(level[q] for q in g.order if q != holder) if len(g.order) > 1 else -1
    if best > level[holder] or level[holder] <= 3:
        # The player who just rose takes it; if the holder fell (overtaken, or to 3 or lower), the
        # strongest rival with 4 or more does, the holder choosing among several (FAQ 'Alliance');
        # with nobody at 4 or more it goes back to the board.
        takers = [changed] if changed != holder and level[changed] == best else [
            q for q in g.clockwise_from(holder) if q != holder and level[q] == best]
        if best < 4:
            g.p(holder)["vp"] = max(0, g.p(holder)["vp"] - 1)
            alliances[faction] = None
            g.rulings.append("influence.alliance-loss")
        elif len(takers) == 1:
            pass_alliance(g, faction, takers[0])
        else:
            g.push(choice_task(holder, "alliance", f"alliance:{faction}", faction=faction, players=takers))


@choice("alliance", lambda g, task: [{"player": q} for q in task["players"]], ("influence.alliance-loss",))
def _alliance_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    """The holder names who of the tied players takes the token."""
    pass_alliance(g, task["faction"], given["player"])


def pass_alliance(g: Game, faction: str, taker: str) -> None:
    """The holder loses the token and its VP; `taker` takes it."""
    holder = g.state["alliances"][faction]
    g.p(holder)["vp"] = max(0, g.p(holder)["vp"] - 1)
    _give(g, faction, taker)


def _give(g: Game, faction: str, pid: str) -> None:
    g.rulings += ["influence.alliance", "influence.alliance-loss"]
    g.state["alliances"][faction] = pid
    g.p(pid)["vp"] += 1
    fire("alliance-taken", g, pid, faction)


def has_alliance(g: Game, pid: str, faction: str) -> bool:
    return g.state["alliances"].get(faction) == pid


__all__ = ["FACTIONS", "change_influence", "has_alliance", "influence_of", "track_holder", "track_level"]
