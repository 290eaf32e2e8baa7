"""What an action changed that a player cares about, in the Dune: Imperium family (core/consequences.py):
resources, troops, influence and the Alliances, the Conflict and who won it, VP, the cards owned
(acquired, trashed), Intrigue cards (only their holder sees which), contracts, control, Agents and
spies placed and recalled, the High Council seat, the Swordmaster and the Maker Hooks, Objectives,
the bonus spice on the Maker spaces, the Mentat, the Shield Wall; the modules' pieces (Tech tiles,
Sardaukar Commanders and their Skills, Rise of Ix's dreadnoughts and Freighter, Immortality's
tracks and Family Atomics); the winners are the core's (core/consequences.py)."""

from __future__ import annotations

from ..core.consequences import CARDS, HOLDER, Kind
from .game import post_of
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
    "agents": Kind(("seat",), CARDS),  # the spaces the seat's Agents stand on: sent, recalled
    "spies": Kind(("seat",), CARDS),  # the observation posts of its spies (Uprising): placed, recalled
    "high-council": Kind(("seat",), HOLDER),  # true once seated
    "swordmaster": Kind(("seat",), HOLDER),  # true once hired
    "maker-hooks": Kind(("seat",), HOLDER),  # true once gained (Uprising)
    "objectives": Kind(("seat",), CARDS),  # Uprising's Objective cards (face up)
    "mentat": Kind((), HOLDER),  # who has the Mentat this round (the original game)
    "shield-wall": Kind((), HOLDER),  # true: standing
    "bonus-spice": Kind(("space",)),  # on a Maker space
    # the modules' pieces, absent from a game without them
    "tech": Kind(("seat",), CARDS),  # Tech tiles: Rise of Ix, the Bloodlines Tech Module
    "commanders": Kind(("seat", "where")),  # Bloodlines' Sardaukar Commanders: supply, garrison, conflict
    "skills": Kind(("seat",), CARDS),  # their Skill cards (face up)
    "dreadnoughts": Kind(("seat", "where")),  # Rise of Ix: supply, garrison, conflict, control
    "freighter": Kind(("seat",)),  # its Freighter's step on the Shipping track
    "research": Kind(("seat",), HOLDER),  # Immortality: the research track's space
    "tleilaxu": Kind(("seat",)),  # the Tleilaxu track's step
    "atomics": Kind(("seat",), HOLDER),  # Family Atomics: true while still held
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
        out["agents", pid] = tuple(pl.get("placed", ()))
        out["high-council", pid] = bool(pl.get("seat"))
        out["swordmaster", pid] = bool(pl.get("swordmaster"))
        out["maker-hooks", pid] = bool(pl.get("maker_hooks"))
        out["objectives", pid] = tuple(c["id"] for c in pl.get("objectives", ()))
        _modules(out, pid, pl)
    for faction, holder in state.get("alliances", {}).items():
        out["alliance", faction] = holder
    board = state.get("board", {})
    for space, holder in board.get("control", {}).items():
        out["control", space] = holder
    for space, n in board.get("bonus_spice", {}).items():
        out["bonus-spice", space] = n
    out["conflict",] = board.get("conflict")
    for key, pid in board.get("spies", {}).items():  # keyed post#n: a post may hold several
        out["spies", pid] = (*out.get(("spies", pid), ()), post_of(key))
    for guard in (board.get("dreadnoughts") or {}).values():  # Rise of Ix: a dreadnought left on a space
        key = "dreadnoughts", guard["player"], "control"
        out[key] = out.get(key, 0) + 1
    out["mentat",] = board.get("mentat")
    out["shield-wall",] = board.get("shield_wall", True)
    return out


def _modules(out: dict, pid: str, pl: dict) -> None:
    """A player's pieces of the modules played (none of them in a game without the module)."""
    if "tech" in pl:
        out["tech", pid] = tuple(t["id"] for t in pl["tech"] or ())
    if pl.get("commanders"):
        for where, n in pl["commanders"].items():
            out["commanders", pid, where] = n
        out["skills", pid] = tuple(pl.get("skills") or ())
    if pl.get("dreadnoughts"):
        for where, n in pl["dreadnoughts"].items():
            out["dreadnoughts", pid, where] = n
        out["freighter", pid] = pl.get("freighter", 0)
    if "research" in pl:
        out["research", pid] = pl["research"]
        out["tleilaxu", pid] = pl["tleilaxu"]
        out["atomics", pid] = bool(pl["atomics"])


def noted(before: dict, events: list[dict]) -> list[dict]:
    """What the action noted: a Conflict won names its card (from the summary before: the card
    leaves the board as it is won)."""
    return [{**e, "conflict": before.get(("conflict",))} if e["kind"] == "conflict-won" else e for e in events]


@hook("conflict-won")
def _conflict_won(g, pid: str) -> None:
    g.events.append({"kind": "conflict-won", "seat": pid})
