"""Immortality in compact positions (rulebook pp. 4-9, 12; docs/positions.md): the Bene Tleilax
board's tracks, the Axolotl tanks, the Tleilaxu Row, Family Atomics and what a played card leaves
waiting, read from a scenario into the state that scenario.py builds.

What a person at the table sees is written; the rest is filled in as for cards: the Tleilaxu deck
is every Tleilaxu card not in the Row nor with a player; the spice on the Tleilaxu track's Victory
Point space is there until someone's token has reached it (p. 7). The genetic markers are not
written: the research token's column says which it has reached (p. 6). A piece of the module in a
game that does not play it is a problem with its pointer.
"""

from __future__ import annotations

from collections import Counter

from ..core.names import fold
from .content import Content
from .modules.immortality.board import (
    HARVEST,
    MODULE,
    PLAYED,
    ROW,
    board,
    owned_tleilaxu,
    research_spaces,
    tleilaxu_cards,
)

TOP = ("tleilaxu_row", "tleilaxu_spice")
PLAYER = ("research", "tleilaxu", "specimens", "atomics_used", "tleilaxu_puppet", "harvest_cells", "chairdog")


def vp_space(cnt: Content) -> int:
    return next(s["space"] for s in board(cnt)["tleilaxu_track"]["spaces"] if s.get("setup_spice"))


def setup_spice(cnt: Content) -> int:
    return sum(s.get("setup_spice", 0) for s in board(cnt)["tleilaxu_track"]["spaces"])


def default_spice(cnt: Content, state: dict) -> int:
    """The first token to reach the Victory Point space takes the spice (p. 7): it lies there until then."""
    reached = any(state["players"][q]["tleilaxu"] >= vp_space(cnt) for q in state["game"]["seats"])
    return 0 if reached else setup_spice(cnt)


def harvest_trigger(cnt: Content, card: str) -> dict | None:
    """The waiting trigger an Intrigue card leaves on its player (as custom/immortality_cards.py arms it)."""
    for step in cnt.intrigues.get(card, {}).get("combat", []):
        if step.get("custom") == "when-lose-troops-at-conflict-end":
            return {"at_least": step["at_least"], "then": list(step["then"]), "src": f"intrigue:{card}"}
    return None


def _needs_module(r, modules, src: dict, keys, ptr: str) -> None:
    for key in keys:
        if key in src and MODULE not in modules:
            r.fail(f"{ptr}/{key}", "needs-module", f"{key!r} is a piece of the {MODULE} module, which this game "
                   f"does not play (modules {list(modules)})")


# --- the table ---------------------------------------------------------------------------------
def read_table(r, state: dict, doc: dict) -> None:
    modules = state["game"]["modules"]
    _needs_module(r, modules, doc, TOP, "")
    if MODULE not in modules or "tleilaxu_row" not in doc:
        return
    row = [r.name("tleilaxu", v, f"/tleilaxu_row/{i}") for i, v in enumerate(doc["tleilaxu_row"])]
    r.lists["/tleilaxu_row"] = row
    for i, card in enumerate(row):
        if card and card not in tleilaxu_cards(r.cnt):  # Reclaimed Forces lies beside the Row, always
            r.fail(f"/tleilaxu_row/{i}", "not-a-row-card", f"{r.cnt.tleilaxu[card]['name']['en']} is always beside "
                   "the Tleilaxu Row and never one of its two cards (p. 9)")
    state["tleilaxu"]["row"] = sorted(c for c in row if c and c in tleilaxu_cards(r.cnt))
    if len(row) > ROW:
        r.fail("/tleilaxu_row", "row-size", f"the Tleilaxu Row holds {ROW} cards beside Reclaimed Forces, "
               f"not {len(row)}")


# --- a player ----------------------------------------------------------------------------------
def read_player(r, state: dict, pid: str, src: dict, ptr: str) -> None:
    modules, pl, cnt = state["game"]["modules"], state["players"][pid], r.cnt
    _needs_module(r, modules, src, PLAYER, ptr)
    if MODULE not in modules:
        return
    if "research" in src:
        spaces = {fold(s): s for s in research_spaces(cnt)}
        space = spaces.get(fold(src["research"])) if isinstance(src["research"], str) else None
        if space is None:
            r.fail(f"{ptr}/research", "unknown-name", f"{src['research']!r} is no space of the research track "
                   f"({sorted(spaces.values())[0]} … {sorted(spaces.values())[-1]})")
        else:
            pl["research"] = space
    last = len(board(cnt)["tleilaxu_track"]["spaces"]) - 1
    if "tleilaxu" in src:
        if not 0 <= src["tleilaxu"] <= last:
            r.fail(f"{ptr}/tleilaxu", "off-track", f"the Tleilaxu track has spaces 0 (start) to {last}")
        else:
            pl["tleilaxu"] = src["tleilaxu"]
    if src.get("specimens"):  # troops in the tanks come out of the supply unless the supply is written
        pl["troops"]["tanks"] = src["specimens"]
        if "supply" not in src.get("troops", {}):
            pl["troops"]["supply"] -= src["specimens"]
            if pl["troops"]["supply"] < 0:  # specimens are the player's own troops (p. 8)
                r.fail(f"{ptr}/specimens", "beyond-supply", f"{src['specimens']} specimens and "
                       f"{cnt.rules['troops'] - pl['troops']['supply'] - src['specimens']} troops elsewhere: "
                       f"{pid} has {cnt.rules['troops']} troops")
    if src.get("atomics_used"):
        pl["atomics"] = False
    if src.get("tleilaxu_puppet"):
        pl["puppet"] = src["tleilaxu_puppet"]
    if src.get("chairdog"):
        pl["chairdog"] = sorted(c for c in r.names("card", src["chairdog"], f"{ptr}/chairdog") if c)
    triggers = []
    for i, value in enumerate(src.get(HARVEST, [])):
        card = r.name("intrigue", value, f"{ptr}/{HARVEST}/{i}")
        trigger = harvest_trigger(cnt, card) if card else None
        if card and trigger is None:
            r.fail(f"{ptr}/{HARVEST}/{i}", "not-armed", f"{cnt.intrigues[card]['name']['en']} leaves no trigger "
                   "waiting for the Conflict's end")
        elif trigger:
            triggers.append(trigger)
    if triggers:
        pl[HARVEST] = triggers


# --- every card not seen elsewhere ---------------------------------------------------------------
def fill(r, state: dict, doc: dict) -> None:
    cnt = r.cnt
    if MODULE not in state["game"]["modules"]:
        return
    t = state["tleilaxu"]
    total = Counter(tleilaxu_cards(cnt))
    held = owned_tleilaxu(state, cnt) + Counter(t.get("removed", ()))  # removed: by a solo Rival (scenario_rivals)
    if "tleilaxu_row" not in doc:  # as an Imperium Row left out: the first cards nobody holds, in name order
        t["row"] = sorted((total - held).elements())[:ROW]
    seen = held + Counter(t["row"])
    for card, n in sorted(seen.items()):
        if n > total.get(card, 0) and card in total:
            where = "/tleilaxu_row" if card in t["row"] else "/players"
            r.fail(where, "too-many-copies", f"{cnt.tleilaxu[card]['name']['en']} is in {n} places: the game has "
                   "one copy of each Tleilaxu card (p. 9)")
    t["deck"] = sorted((total - seen).elements())
    t["spice"] = doc["tleilaxu_spice"] if "tleilaxu_spice" in doc else default_spice(cnt, state)


def read_decision(r, state: dict, kind: str, decision: dict) -> None:
    """Who has played an Intrigue card in the open Combat window (Counterattack, p. 16)."""
    if PLAYED not in decision:
        return
    if MODULE not in state["game"]["modules"]:
        r.fail(f"/decision/{PLAYED}", "needs-module", f"{PLAYED!r} matters only in a game with the {MODULE} module")
    elif kind != "combat":
        r.fail(f"/decision/{PLAYED}", "phase", f"{PLAYED!r} belongs to a Combat decision, not a {kind} one")
    elif state["stack"] and state["stack"][-1]["t"] == "window":
        who = sorted(set(r.players(decision[PLAYED], f"/decision/{PLAYED}")))
        if who:
            state["stack"][-1][PLAYED] = who
