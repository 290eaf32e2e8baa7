"""What an action changed that a player cares about, in classic Dune (core/consequences.py): spice,
forces in each territory, in reserve and in the Tleilaxu Tanks, leaders (killed, captured,
revived), Treachery cards and Traitors (only their holder sees which), alliances, the strongholds
each player occupies, the storm's sector, battles won, the winners."""

from __future__ import annotations

from ..core.consequences import AMOUNT, CARDS, HOLDER, Kind, diff
from ..core.observers import HIDDEN
from .content import territory
from .game import Game
from .registry import hook

KINDS = {
    "spice": Kind(("seat",), AMOUNT),
    "forces": Kind(("seat", "territory")),  # on the board, every kind of force together
    "reserves": Kind(("seat",)),
    "tanks": Kind(("seat",)),
    "leader": Kind(("seat", "leader"), HOLDER),  # alive, tanks, captured, …
    "treachery": Kind(("seat",), CARDS, secret=True),
    "traitors": Kind(("seat",), CARDS, secret=True),
    "ally": Kind(("seat",), HOLDER),
    "strongholds": Kind(("seat",), CARDS),  # the strongholds where the seat's forces count (not advisors)
    "storm": Kind((), HOLDER),  # the storm's sector
    "winners": Kind((), HOLDER),
}
EVENTS = ("battle-won",)  # noted as they happen: the winner, the loser and the territory


def summary(g: Game, winners=None) -> dict:
    """`winners`: the result's winners once the game is over."""
    state = g.state
    out: dict = {}
    held = {pid: [s for s in g.strongholds if g.combatant(s, pid)] for pid in state["players"]}
    for pid, pl in state["players"].items():
        out["spice", pid] = pl.get("spice", 0)
        for loc, here in state.get("map", {}).items():
            if pid in here:
                key = ("forces", pid, territory(loc))
                out[key] = out.get(key, 0) + here[pid]
        out["reserves", pid] = pl.get("reserves", 0)
        out["tanks", pid] = pl.get("tanks", 0)
        for leader, status in pl.get("leaders", {}).items():
            out["leader", pid, leader] = status
        out["treachery", pid] = _cards(pl.get("hand", ()))
        out["traitors", pid] = _cards(pl.get("traitors", ()))
        out["ally", pid] = pl.get("ally")
        out["strongholds", pid] = tuple(held[pid])
    out["storm",] = state.get("storm")
    out["winners",] = winners
    return out


def _cards(ids) -> tuple:
    return tuple(sorted(c for c in ids if isinstance(c, str) and c != HIDDEN))


def consequences(before: dict, after: dict, around: list[dict]) -> list[dict]:
    return diff(KINDS, before, after) + around


@hook("battle-won")
def _battle_won(g: Game, winner: str, loser: str, terr: str) -> None:
    g.events.append({"kind": "battle-won", "seat": winner, "against": loser, "territory": terr})
