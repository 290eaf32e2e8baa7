"""Immortality in positions (rulebook pp. 4-9, 12; docs/positions.md): the Bene Tleilax board's
tracks, the Axolotl tanks, the Tleilaxu Row, Family Atomics and what a played card leaves
waiting, read from a scenario, cut back from a state and audited (core/engine/positions.py).

What a person at the table sees is written; the rest is filled in as for cards: the Tleilaxu deck
is every Tleilaxu card not in the Row nor with a player; the spice on the Tleilaxu track's Victory
Point space is there until someone's token has reached it (p. 7). The genetic markers are not
written: the research token's column says which it has reached (p. 6).

The audit: the research token on a space of the research track, the Tleilaxu token on its track
(pp. 6-7); each Tleilaxu card once, in the deck, the Row (two at most; Reclaimed Forces, beside
it, is never one of them) or with a player (p. 9); the Victory Point space's spice there until a
token reaches it (p. 7). Specimens are troops: the troop count (audit.py) holds them. A research
token moved backwards is no state a snapshot can show: the replay's invariants catch it between
two states (invariants.py; the rule-system harness, tests/test_rule_systems.py `step_checks`).
"""

from __future__ import annotations

from collections import Counter

from ....core.engine.positions import Part, esc
from ....core.errors import problem
from ....core.names import fold
from ...content import Content
from .board import HARVEST, MODULE, PLAYED, ROW, board, owned_tleilaxu, research_spaces, tleilaxu_cards

AUDITED = ("research", "tleilaxu", "atomics")  # a player's pieces of the module in the state
ZONES = (("deck", lambda pl: pl["deck"]["cards"]), ("hand", lambda pl: pl["hand"]),
         ("discard", lambda pl: pl["discard"]), ("play", lambda pl: pl["play"]),
         ("trashed", lambda pl: pl["trashed"]))


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


class Immortality(Part):
    name = MODULE
    table_keys = ("tleilaxu_row", "tleilaxu_spice")
    # `specimens`, `atomics_used`, `tleilaxu_puppet`: the deprecated aliases of `troops.tanks`, `atomics`, `puppet`
    player_keys = ("research", "tleilaxu", "atomics", "puppet", "specimens", "atomics_used", "tleilaxu_puppet",
                   HARVEST, "chairdog")

    def read_table(self, r, state: dict, doc: dict) -> None:
        self.unplayed(r, state, doc, self.table_keys)
        if MODULE not in state["game"]["modules"] or "tleilaxu_row" not in doc:
            return
        row = [r.name("tleilaxu", v, f"/tleilaxu_row/{i}") for i, v in enumerate(doc["tleilaxu_row"])]
        r.lists["/tleilaxu_row"] = row
        for i, card in enumerate(row):
            if card and card not in tleilaxu_cards(r.cnt):  # Reclaimed Forces lies beside the Row, always
                r.fail(f"/tleilaxu_row/{i}", "not-a-row-card", f"{r.cnt.tleilaxu[card]['name']['en']} is always "
                       "beside the Tleilaxu Row and never one of its two cards (p. 9)")
        state["tleilaxu"]["row"] = sorted(c for c in row if c and c in tleilaxu_cards(r.cnt))
        if len(row) > ROW:
            r.fail("/tleilaxu_row", "row-size", f"the Tleilaxu Row holds {ROW} cards beside Reclaimed Forces, "
                   f"not {len(row)}")

    def read_player(self, r, state: dict, pid: str, src: dict, ptr: str) -> None:
        troops = src.get("troops", {})
        self.unplayed(r, state, src, self.player_keys, ptr)
        self.unplayed(r, state, troops, ("tanks",), f"{ptr}/troops")
        if MODULE not in state["game"]["modules"]:
            return
        pl, cnt = state["players"][pid], r.cnt
        _tracks(r, pl, src, ptr)
        tanks, where = r.aliased(ptr, troops, "tanks", "troops/tanks", src, "specimens", lambda n: n)
        if tanks:  # troops in the tanks come out of the supply unless the supply is written
            pl["troops"]["tanks"] = tanks
            if "supply" not in troops:
                pl["troops"]["supply"] -= tanks
                if pl["troops"]["supply"] < 0:  # specimens are the player's own troops (p. 8)
                    r.fail(where, "beyond-supply", f"{tanks} specimens and "
                           f"{cnt.rules['troops'] - pl['troops']['supply'] - tanks} troops elsewhere: "
                           f"{pid} has {cnt.rules['troops']} troops")
        held, _ = r.aliased(ptr, src, "atomics", "atomics", src, "atomics_used", lambda used: not used)
        if held is False:
            pl["atomics"] = False
        puppet, _ = r.renamed(ptr, src, "puppet", "tleilaxu_puppet")
        if puppet:
            pl["puppet"] = puppet
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

    def fill(self, r, state: dict, doc: dict) -> None:
        """The Tleilaxu deck: every card not in the Row, with a player or out of the game."""
        cnt = r.cnt
        if MODULE not in state["game"]["modules"]:
            return
        t = state["tleilaxu"]
        total = Counter(tleilaxu_cards(cnt))
        held = owned_tleilaxu(state, cnt) + Counter(t.get("removed", ()))  # removed: by a solo Rival (rivals)
        if "tleilaxu_row" not in doc:  # as an Imperium Row left out: the first cards nobody holds, in name order
            t["row"] = sorted((total - held).elements())[:ROW]
        seen = held + Counter(t["row"])
        for card, n in sorted(seen.items()):
            if n > total.get(card, 0) and card in total:
                where = "/tleilaxu_row" if card in t["row"] else "/players"
                r.fail(where, "too-many-copies", f"{cnt.tleilaxu[card]['name']['en']} is in {n} places: the game "
                       "has one copy of each Tleilaxu card (p. 9)")
        t["deck"] = sorted((total - seen).elements())
        t["spice"] = doc["tleilaxu_spice"] if "tleilaxu_spice" in doc else default_spice(cnt, state)

    def read_decision(self, r, state: dict, kind: str, decision: dict) -> None:
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

    def describe_table(self, c, state: dict, doc: dict) -> None:
        if MODULE not in state["game"]["modules"]:
            return
        t = state["tleilaxu"]
        doc["tleilaxu_row"] = [c.name("tleilaxu", card) for card in t["row"]]
        if t["spice"] != default_spice(c.cnt, state):
            doc["tleilaxu_spice"] = t["spice"]
        window = state["stack"][-1]
        if window["t"] == "window" and window.get(PLAYED):
            doc["decision"][PLAYED] = list(window[PLAYED])

    def describe_player(self, c, state: dict, pid: str, out: dict) -> None:
        if MODULE not in state["game"]["modules"]:
            return
        pl = state["players"][pid]
        if pl["research"] != c.default["players"][pid]["research"]:
            out["research"] = pl["research"]
        if pl["tleilaxu"]:
            out["tleilaxu"] = pl["tleilaxu"]
        if pl["troops"].get("tanks"):
            out.setdefault("troops", {})["tanks"] = pl["troops"]["tanks"]
        if not pl["atomics"]:
            out["atomics"] = False
        if pl.get("puppet"):
            out["puppet"] = pl["puppet"]
        if pl.get("chairdog"):
            out["chairdog"] = c.name.many("card", pl["chairdog"])
        if pl.get(HARVEST):
            out[HARVEST] = [c.name("intrigue", t["src"].partition(":")[2]) for t in pl[HARVEST]]

    def misplaced(self, state: dict, out: list) -> None:
        playing = MODULE in state["game"]["modules"]
        if ("tleilaxu" in state) != playing:
            out.append(problem("/tleilaxu", "needs-module" if not playing else "schema",
                               f"the Bene Tleilax board is a piece of the {MODULE} module, which this game "
                               + ("plays: it has 'tleilaxu'" if playing else "does not play")))
            return
        for pid in state["game"]["seats"]:
            pl = state["players"][pid]
            for key in AUDITED:
                if (key in pl) != playing:
                    out.append(problem(f"/players/{esc(pid)}/{key}", "needs-module" if not playing else "schema",
                                       f"{key!r} is a piece of the {MODULE} module"))
            if "tanks" in pl["troops"] and not playing:
                out.append(problem(f"/players/{esc(pid)}/troops/tanks", "needs-module",
                                   f"specimens are kept only with the {MODULE} module"))

    def audit(self, state: dict, cnt: Content, out: list) -> None:
        if MODULE in state["game"]["modules"]:
            _audit_tracks(state, cnt, out)
            _audit_cards(state, cnt, out)


def _tracks(r, pl: dict, src: dict, ptr: str) -> None:
    """The research token's space and the Tleilaxu token's."""
    if "research" in src:
        spaces = {fold(s): s for s in research_spaces(r.cnt)}
        space = spaces.get(fold(src["research"])) if isinstance(src["research"], str) else None
        if space is None:
            r.fail(f"{ptr}/research", "unknown-name", f"{src['research']!r} is no space of the research track "
                   f"({sorted(spaces.values())[0]} … {sorted(spaces.values())[-1]})")
        else:
            pl["research"] = space
    last = len(board(r.cnt)["tleilaxu_track"]["spaces"]) - 1
    if "tleilaxu" in src:
        if not 0 <= src["tleilaxu"] <= last:
            r.fail(f"{ptr}/tleilaxu", "off-track", f"the Tleilaxu track has spaces 0 (start) to {last}")
        else:
            pl["tleilaxu"] = src["tleilaxu"]


def _audit_tracks(state: dict, cnt: Content, out: list) -> None:
    spaces, last = research_spaces(cnt), len(board(cnt)["tleilaxu_track"]["spaces"]) - 1
    reached = []
    for pid in state["game"]["seats"]:
        pl, ptr = state["players"][pid], f"/players/{esc(pid)}"
        if pl["research"] not in spaces:
            out.append(problem(f"{ptr}/research", "unknown-name", f"{pl['research']!r} is no space of the "
                               "research track"))
        if not isinstance(pl["tleilaxu"], int) or not 0 <= pl["tleilaxu"] <= last:
            out.append(problem(f"{ptr}/tleilaxu", "off-track", f"the Tleilaxu track has spaces 0 to {last}, "
                               f"not {pl['tleilaxu']!r}"))
        elif pl["tleilaxu"] >= vp_space(cnt):
            reached.append(pid)
    spice, full = state["tleilaxu"]["spice"], setup_spice(cnt)
    if spice not in (0, full):
        out.append(problem("/tleilaxu/spice", "tleilaxu-spice", f"{spice} spice on the Tleilaxu track: {full} "
                           "are placed at setup and taken all at once"))
    elif spice and reached:
        out.append(problem("/tleilaxu/spice", "tleilaxu-spice", f"{reached[0]} has reached the Victory Point "
                           f"space, yet its {spice} spice are still there: the first to reach it takes them"))
    elif not spice and full and not reached:
        out.append(problem("/tleilaxu/spice", "tleilaxu-spice", "the spice of the Victory Point space is gone, "
                           "yet no Tleilaxu token has reached it"))


def _audit_cards(state: dict, cnt: Content, out: list) -> None:
    t, total, seen = state["tleilaxu"], Counter(tleilaxu_cards(cnt)), Counter()
    if len(t["row"]) > ROW:
        out.append(problem("/tleilaxu/row", "row-size", f"the Tleilaxu Row holds {ROW} cards, not {len(t['row'])}"))
    zones = [("/tleilaxu/deck", t["deck"]), ("/tleilaxu/row", t["row"]),
             ("/tleilaxu/removed", t.get("removed", []))]  # out of the game by a solo Rival's card
    for pid in state["game"]["seats"]:
        pl = state["players"][pid]
        zones += [(f"/players/{esc(pid)}/{key}" + ("/cards" if key == "deck" else ""), get(pl)) for key, get in ZONES]
    for ptr, cards in zones:
        for i, card in enumerate(cards):
            if card not in cnt.tleilaxu:
                continue
            if card not in total:
                if ptr.startswith("/tleilaxu"):
                    out.append(problem(f"{ptr}/{i}", "not-a-row-card", f"{card} is never in the Tleilaxu deck "
                                       "nor Row"))
                continue
            seen[card] += 1
            if seen[card] > total[card]:
                out.append(problem(f"{ptr}/{i}", "too-many-copies", f"{cnt.tleilaxu[card]['name']['en']} is in "
                                   "more than one place: the game has one copy of each Tleilaxu card"))
    missing = sorted((total - seen).elements())
    if missing:
        out.append(problem("/tleilaxu/deck", "cards-missing", f"Tleilaxu cards nowhere in the game: {missing}"))


PART = Immortality()
