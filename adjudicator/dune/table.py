"""Positions of a classic Dune game (adjudicator/positions.py): a compact scenario (scenario.py,
docs/positions.md), a full state or a log prefix. A scenario stands at the start of a phase (or at
the game as dealt): `anchor` names the phase a state stands at the start of, and `scenario_of`
writes it, verified to build back the very same state (same table, same pending decision).

The audit lists every problem that makes a posted state no position of the game, each with its
JSON pointer: unknown seats, factions, places, cards and pending tasks first (the engine could not
even read the state), then what the invariants conserve (forces, spice, cards; invariants.py).
"""

from __future__ import annotations

import copy

from ..core.errors import InvalidPosition, problem
from ..core.observers import HIDDEN
from . import scenario
from .content import HMS, Content, expansion_factions
from .invariants import problems as conserved
from .registry import AUTOS, CHANCES, DECISIONS

# An invariant's message -> where it points (invariants.py words each problem by what it counts)
WHERE = (("forces of ", "/players"), ("leaders of ", "/players"), ("spice:", "/bank"), (" has ", "/players"),
         ("Treachery", "/treachery"), ("unknown Treachery", "/treachery/hidden"), ("Spice cards", "/spice_deck"),
         ("Traitor", "/traitor_deck"), ("an empty", "/map"))


def _at_phase_start(state: dict) -> bool:
    """A cheap first test: the game is dealt, or a phase a decision follows has begun, with no
    battle under way and nobody having fought yet (scenario.write says the rest)."""
    if state["phase"] == "setup":
        return state["turn"] == 0
    stack = state["stack"]
    return (state["phase"] in scenario.PHASES and bool(stack) and stack[0].get("t") == "flow"
            and state["battle"] is None and not any(pl.get("fought") for pl in state["players"].values()))


class DunePositions:
    content: Content

    def from_scenario(self, doc: dict, prefix: str = "") -> dict:
        return scenario.build(self, doc, prefix)

    def anchor(self, state: dict) -> str | None:
        """The phase whose start the state stands at (a scenario can name it), else None."""
        if not _at_phase_start(state):
            return None
        return state["phase"] if self.scenario_of(state) is not None else None

    def scenario_of(self, state: dict, fresh: bool = False) -> dict | None:
        doc = scenario.write(state)
        if doc is None:
            return None
        try:
            rebuilt = scenario.build(self, copy.deepcopy(doc))
        except InvalidPosition:
            return None
        return doc if scenario.same_position(rebuilt, state) else None

    def public_scenario(self, doc: dict, seat: str | None, state: dict | None = None) -> dict:
        """What `seat` (None: the public) may see of a scenario: no seed (it predicts every deal),
        the other players' cards, Traitors, unrevealed Face Dancers and prediction face down
        (`"?"`), and what the Ixians saw of the Treachery deck only for the Ixians."""
        out = copy.deepcopy(doc)
        out.pop("seed", None)
        ixians = seat is not None and any(p.get("id") == seat and p.get("faction") == "ixians"
                                          for p in out["game"]["players"])
        deck = out.get("treachery_deck")
        if deck and not ixians:
            for key in ("top", "bottom"):
                deck.pop(key, None)
            for key in ("up", "offered"):
                if deck.get(key):
                    deck[key] = [HIDDEN] * len(deck[key]) if isinstance(deck[key], list) else HIDDEN
        for pid, pl in out.get("players", {}).items():
            if pid == seat:
                continue
            for zone in ("hand", "traitors"):
                if pl.get(zone):
                    pl[zone] = [HIDDEN] * len(pl[zone])
            if pl.get("face_dancers"):
                pl["face_dancers"] = sorted(c if c in pl.get("revealed", []) else HIDDEN for c in pl["face_dancers"])
            if pl.get("prediction"):
                pl["prediction"] = HIDDEN
        return out

    def audit(self, state: dict) -> list[dict]:
        found = self._readable(state)
        if found:
            return found
        out = []
        for message in conserved(state, self.content):
            pointer = next((p for word, p in WHERE if message.startswith(word) or word in message), "")
            if pointer == "/players":
                pid = next((q for q in sorted(state["players"]) if f" {q}" in f" {message}".replace(":", " ")), None)
                pointer += f"/{pid}" if pid else ""
            out.append(problem(pointer or "/", "not-conserved", message))
        return out

    def _readable(self, state: dict) -> list[dict]:
        cnt, out = self.content, []
        seats = state["game"]["seats"]
        if sorted(seats) != sorted(state["players"]) or sorted(seats) != sorted(state["game"]["players"]):
            out.append(problem("/game/seats", "unknown-player", "the seats, game.players and players differ"))
            return out
        for pid in seats:
            pl = state["players"][pid]
            if pl["faction"] not in cnt.factions or (cnt.factions[pl["faction"]]["set"] != "base" and pl["faction"]
                                                     not in expansion_factions(state["game"].get("modules", []))):
                out.append(problem(f"/players/{pid}/faction", "unsupported-faction", f"{pl['faction']!r}"))
            for kind, e in sorted(pl.get("elite", {}).items()):  # special forces (advanced game, forces.py)
                if kind not in cnt.factions.get(pl["faction"], {}).get("forces", {}) or kind == "normal":
                    out.append(problem(f"/players/{pid}/elite/{kind}", "unknown-name", f"no force kind {kind!r}"))
                elif bad := sorted(loc for loc in e.get("map", {}) if loc not in cnt.graph and loc != HMS):
                    out.append(problem(f"/players/{pid}/elite/{kind}/map", "unknown-name", f"no place {bad[0]!r}"))
            for i, card in enumerate(pl["hand"]):
                if card != "?" and card not in cnt.treachery:
                    out.append(problem(f"/players/{pid}/hand/{i}", "unknown-name", f"no Treachery card {card!r}"))
        for loc, here in sorted(state["map"].items()):
            if loc not in cnt.graph and not (loc == HMS and "hms" in state):  # the Ixians' own stronghold
                out.append(problem(f"/map/{loc}", "unknown-name", f"no place {loc!r} on the map"))
            elif set(here) - set(seats):
                out.append(problem(f"/map/{loc}", "unknown-player", f"forces of no player at {loc}"))
        for loc in sorted(state["spice"]):
            if loc not in cnt.graph:
                out.append(problem(f"/spice/{loc}", "unknown-name", f"no place {loc!r} on the map"))
        if not 0 <= state["storm"] < len(range(cnt.map["sectors"])):
            out.append(problem("/storm", "out-of-range", f"the storm is in sectors 0-{cnt.map['sectors'] - 1}"))
        kinds = {"decide": DECISIONS, "chance": CHANCES, "auto": AUTOS}
        for i, task in enumerate(state["stack"]):
            known = kinds.get(task.get("t"))
            if task.get("t") != "flow" and (known is None or task.get("kind") not in known):
                out.append(problem(f"/stack/{i}", "unknown-task", f"no pending {task.get('t')} {task.get('kind')!r}"))
            elif "player" in task and task["player"] not in seats:
                out.append(problem(f"/stack/{i}/player", "unknown-player", f"{task['player']!r}"))
        return out
