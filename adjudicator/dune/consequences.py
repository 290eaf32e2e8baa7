"""What an action changed that a player cares about, in classic Dune (core/consequences.py): spice
(and bribes waiting in front of the shield), forces in each territory, in reserve and in the
Tleilaxu Tanks, leaders (killed, captured, revived), Treachery cards and Traitors (only their
holder sees which), alliances, the strongholds each player occupies, the storm's sector, the spice
on the map (blown, collected), the Shield Wall, battles won; the advanced game's Bene Gesserit
advisors and spent Karama powers; the expansion's Face Dancers (only the Tleilaxu see which), Tech
Tokens and the Hidden Mobile Stronghold; the winners are the core's (core/consequences.py)."""

from __future__ import annotations

from ..core.consequences import AMOUNT, CARDS, HOLDER, Kind
from .content import territory
from .registry import hook

KINDS = {
    "spice": Kind(("seat",), AMOUNT),
    "forces": Kind(("seat", "territory")),  # on the board, every kind of force together
    "reserves": Kind(("seat",)),
    "bribes": Kind(("seat",)),  # spice received as bribes, waiting in front of the shield
    "tanks": Kind(("seat",)),
    "leader": Kind(("seat", "leader"), HOLDER),  # alive, tanks, captured, …
    "treachery": Kind(("seat",), CARDS, secret=True),
    "traitors": Kind(("seat",), CARDS, secret=True),
    "ally": Kind(("seat",), HOLDER),
    "strongholds": Kind(("seat",), CARDS),  # the strongholds where the seat's forces count (not advisors)
    "storm": Kind((), HOLDER),  # the storm's sector
    "map-spice": Kind(("territory",)),  # spice on the map: blown, collected, destroyed
    "shield-wall": Kind((), HOLDER),  # true: standing
    "advisors": Kind(("seat",), CARDS),  # the advanced Bene Gesserit: territories where they are advisors
    "karama-power": Kind(("seat",), HOLDER),  # the advanced game: true once the special Karama power is spent
    "face-dancers": Kind(("seat",), CARDS, secret=True),  # the Tleilaxu's (expansion)
    "tech-token": Kind(("token",), HOLDER),  # who holds each Tech Token
    "hms": Kind((), HOLDER),  # where the Ixians' Hidden Mobile Stronghold points
}
EVENTS = ("battle-won",)  # noted as they happen: the winner, the loser and the territory


def pieces(state: dict, strongholds: tuple[str, ...]) -> dict:
    """`strongholds`: the game's (`Game.strongholds`)."""
    out: dict = {}
    for loc, here in state.get("map", {}).items():
        terr = territory(loc)
        for pid, n in here.items():
            out["forces", pid, terr] = out.get(("forces", pid, terr), 0) + n
    for loc, n in state.get("spice", {}).items():
        out["map-spice", territory(loc)] = out.get(("map-spice", territory(loc)), 0) + n
    for pid, pl in state["players"].items():
        out["spice", pid] = pl.get("spice", 0)
        out["reserves", pid] = pl.get("reserves", 0)
        out["bribes", pid] = pl.get("bribes", 0)
        out["tanks", pid] = pl.get("tanks", 0)
        for leader, status in pl.get("leaders", {}).items():
            out["leader", pid, leader] = status
        out["treachery", pid] = tuple(pl.get("hand", ()))
        out["traitors", pid] = tuple(pl.get("traitors", ()))
        out["ally", pid] = pl.get("ally")
        out["karama-power", pid] = bool(pl.get("karama_power"))
        if "advisors" in pl:
            out["advisors", pid] = tuple(pl["advisors"])
        if "face_dancers" in pl:
            out["face-dancers", pid] = tuple(pl["face_dancers"])
        # where its forces count (Game.combatant): not where all of them are advisors
        out["strongholds", pid] = tuple(s for s in strongholds if out.get(("forces", pid, s))
                                        and s not in pl.get("advisors", ()))
    out["storm",] = state.get("storm")
    out["shield-wall",] = not state.get("shield_wall_destroyed")
    for token, holder in (state.get("tech_tokens") or {}).items():
        out["tech-token", token] = holder
    if state.get("hms"):
        out["hms",] = state["hms"].get("points_at")
    return out


def noted(before: dict, events: list[dict]) -> list[dict]:
    return list(events)


@hook("battle-won")
def _battle_won(g, winner: str, loser: str, terr: str) -> None:
    g.events.append({"kind": "battle-won", "seat": winner, "against": loser, "territory": terr})
