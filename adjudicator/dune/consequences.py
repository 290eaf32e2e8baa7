"""What an action changed that a player cares about, in classic Dune (core/consequences.py): spice,
forces in each territory, in reserve and in the Tleilaxu Tanks, leaders (killed, captured,
revived), Treachery cards and Traitors (only their holder sees which), alliances, the strongholds
each player occupies, the storm's sector, battles won; the winners are the core's (core/consequences.py)."""

from __future__ import annotations

from ..core.consequences import AMOUNT, CARDS, HOLDER, Kind
from .content import territory
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
}
EVENTS = ("battle-won",)  # noted as they happen: the winner, the loser and the territory


def pieces(state: dict, strongholds: tuple[str, ...]) -> dict:
    """`strongholds`: the game's (`Game.strongholds`)."""
    out: dict = {}
    for loc, here in state.get("map", {}).items():
        terr = territory(loc)
        for pid, n in here.items():
            out["forces", pid, terr] = out.get(("forces", pid, terr), 0) + n
    for pid, pl in state["players"].items():
        out["spice", pid] = pl.get("spice", 0)
        out["reserves", pid] = pl.get("reserves", 0)
        out["tanks", pid] = pl.get("tanks", 0)
        for leader, status in pl.get("leaders", {}).items():
            out["leader", pid, leader] = status
        out["treachery", pid] = tuple(pl.get("hand", ()))
        out["traitors", pid] = tuple(pl.get("traitors", ()))
        out["ally", pid] = pl.get("ally")
        # where its forces count (Game.combatant): not where all of them are advisors
        out["strongholds", pid] = tuple(s for s in strongholds if out.get(("forces", pid, s))
                                        and s not in pl.get("advisors", ()))
    out["storm",] = state.get("storm")
    return out


def noted(before: dict, events: list[dict]) -> list[dict]:
    return list(events)


@hook("battle-won")
def _battle_won(g, winner: str, loser: str, terr: str) -> None:
    g.events.append({"kind": "battle-won", "seat": winner, "against": loser, "territory": terr})
