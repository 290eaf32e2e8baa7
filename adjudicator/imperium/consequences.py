"""What an action changed that a player cares about, in the Dune: Imperium family (core/consequences.py):
resources, troops, influence and the Alliances, the Conflict and who won it, VP, the cards owned
(acquired, trashed), Intrigue cards (only their holder sees which), contracts, control; the
winners are the core's (core/consequences.py)."""

from __future__ import annotations

from ..core.consequences import CARDS, HOLDER, Kind
from .registry import hook

KINDS = {
    "vp": Kind(("seat",)),
    "spice": Kind(("seat",)),
    "solari": Kind(("seat",)),
    "water": Kind(("seat",)),
    "troops": Kind(("seat", "where")),  # supply, garrison, conflict, tanks (Immortality)
    "sandworms": Kind(("seat",)),
    "influence": Kind(("seat", "faction")),
    "alliance": Kind(("faction",), HOLDER),
    "control": Kind(("space",), HOLDER),
    "conflict": Kind((), HOLDER),  # the Conflict card being fought over
    "cards": Kind(("seat",), CARDS),  # the cards a player owns: acquired, gained, trashed
    "intrigue": Kind(("seat",), CARDS, secret=True),
    "conflicts": Kind(("seat",), CARDS),  # the Conflict cards kept (Uprising)
    "contracts": Kind(("seat",), CARDS),
    "completed-contracts": Kind(("seat",), CARDS),
}
EVENTS = ("conflict-won",)  # noted as they happen: the action's Conflict went to this seat
OWNED = ("hand", "discard", "play")  # with the deck: where the cards a player owns are


def pieces(state: dict) -> dict:
    out: dict = {}
    for pid, pl in state["players"].items():
        for key in ("vp", "spice", "solari", "water"):
            out[key, pid] = pl.get(key, 0)
        for where, n in pl.get("troops", {}).items():
            out["troops", pid, where] = n
        out["sandworms", pid] = pl.get("worms", 0)
        for faction, n in pl.get("influence", {}).items():
            out["influence", pid, faction] = n
        deck = pl.get("deck") or {}
        out["cards", pid] = (*deck.get("cards", ()), *(c for zone in OWNED for c in pl.get(zone, ())))
        out["intrigue", pid] = tuple(pl.get("intrigue", ()))
        out["conflicts", pid] = tuple(c["id"] for c in pl.get("conflicts", ()))
        out["contracts", pid] = tuple(pl.get("contracts", ()))
        out["completed-contracts", pid] = tuple(pl.get("completed_contracts", ()))
    for faction, holder in state.get("alliances", {}).items():
        out["alliance", faction] = holder
    board = state.get("board", {})
    for space, holder in board.get("control", {}).items():
        out["control", space] = holder
    out["conflict",] = board.get("conflict")
    return out


def noted(before: dict, events: list[dict]) -> list[dict]:
    """What the action noted: a Conflict won names its card (from the summary before: the card
    leaves the board as it is won)."""
    return [{**e, "conflict": before.get(("conflict",))} if e["kind"] == "conflict-won" else e for e in events]


@hook("conflict-won")
def _conflict_won(g, pid: str) -> None:
    g.events.append({"kind": "conflict-won", "seat": pid})
