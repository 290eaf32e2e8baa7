"""What the ruleset offers for positions (mixed into ImperiumRules): a compact scenario as a
state, a state as a compact scenario, the audit of any state, messages in display names.

A problem the audit finds in a state built from a scenario is pointed back into the scenario
(`Pointers`): the scenario keeps the state's field names where it can, and a card in a sorted
pile is found again at its place in the list the scenario wrote.
"""

from __future__ import annotations

import copy

from ..core.errors import InvalidPosition
from ..core.observers import HIDDEN
from . import audit as auditing
from . import cut, display
from .parts import PARTS
from .scenario import ALIASES, Reader, build, esc

# state field -> scenario field, under /players/<id>/
PLAYER_FIELDS = {"feyd": "training", "placed": None, "spies": None, "agents": None, "seat_index": None,
                 "bg_boost": "bene_gesserit_boost", "twisted_deck": "intrigue"}
TOP_FIELDS = {"board/conflict": "/conflict", "board/discarded_conflicts": "/discarded_conflicts",
              "board/conflict_levels": "/round", "board/conflict_pool": "/discarded_conflicts",
              "board/occupied": "/board/agents", "phase": "/decision", "stack": "/decision", "turn": "/decision",
              "removed_cards": "/out_of_game", "contracts/face_up": "/contracts", "contracts/pile": "/contracts",
              "imperium_deck": "/row", "intrigue_deck": "/intrigue_discard", "reserve": "/players",
              **PARTS.pointers()}  # a module's own (Bloodlines, the Tech Module)


class Pointers:
    """State pointers -> the scenario's own pointers."""

    def __init__(self, doc: dict, reader: Reader, state: dict, prefix: str):
        self.doc, self.reader, self.state, self.prefix = doc, reader, state, prefix

    def __call__(self, pointer: str) -> str:
        parts = pointer.strip("/").split("/")
        if parts[0] == "players" and len(parts) >= 2:
            return self.prefix + self._player(parts[1], parts[2:])
        if parts[0] == "alliances" and len(parts) == 2:
            holder = self.state["alliances"].get(parts[1])
            return self.prefix + (f"/players/{esc(holder)}/alliances" if holder else "/players")
        for key, target in TOP_FIELDS.items():
            if "/".join(parts).startswith(key):
                return self.prefix + target
        if parts[0] == "row" and len(parts) == 2:
            return self.prefix + self._element("/row", self.state["row"], parts[1])
        return self.prefix + self._existing(parts)

    def _player(self, pid: str, rest: list[str]) -> str:
        base = f"/players/{pid}"
        if not rest:
            return base
        field = rest[0]
        if field in ("placed", "agents"):
            return "/board/agents"
        if field == "spies":
            return "/board/spies"
        if field == "revealed" and self.state["stack"] and self.state["stack"][-1].get("player") == pid:
            return "/decision/player"
        if field == "deck":
            return base + ("/deck" if "deck" in self._src(pid) else "")
        if field == "troops":
            return base + ("/troops" + (f"/{rest[1]}" if len(rest) > 1 and rest[1] != "supply" else ""))
        name = PLAYER_FIELDS.get(field, field)
        if name not in self._src(pid) and ALIASES.get(name) in self._src(pid):  # written under its old name
            name = ALIASES[name]
        if field in ("hand", "intrigue", "discard", "trashed", "play") and len(rest) == 2:
            zone = self.state["players"][pid.replace("~1", "/").replace("~0", "~")][field]
            return self._element(f"{base}/{name}", zone, rest[1])
        return self._existing(["players", pid, name, *rest[1:]])

    def _src(self, pid: str) -> dict:
        return self.doc.get("players", {}).get(pid.replace("~1", "/").replace("~0", "~"), {})

    def _element(self, zone_ptr: str, cards: list, index: str) -> str:
        """The place in the scenario's list of the card at `index` of the state's (sorted) pile."""
        written = self.reader.lists.get(zone_ptr)
        if written is None or not index.isdigit() or int(index) >= len(cards):
            return zone_ptr
        card = cards[int(index)]
        nth = cards[: int(index)].count(card)
        places = [i for i, c in enumerate(written) if c == card]
        return f"{zone_ptr}/{places[nth]}" if nth < len(places) else zone_ptr

    def _existing(self, parts: list[str]) -> str:
        """The longest prefix of the pointer that the scenario has."""
        node, out = self.doc, ""
        for part in parts:
            key = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and key in node:
                node, out = node[key], f"{out}/{part}"
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node, out = node[int(part)], f"{out}/{part}"
            else:
                break
        return out or "/"


class TablePositions:
    """The position methods of a ruleset (see core/rulesystem.py)."""

    def from_scenario(self, doc: dict, prefix: str = "") -> dict:
        """The engine state of a scenario (checked against schemas/scenario.json); raises
        InvalidPosition listing every problem, pointed into the scenario."""
        state, reader = build(self, doc, prefix)
        problems = auditing.audit(state, self.content)
        if problems:
            where = Pointers(doc, reader, state, prefix)
            raise InvalidPosition([dict(p, pointer=where(p["pointer"])) for p in problems])
        return state

    def anchor(self, state: dict) -> str | None:
        return cut.anchor(state)

    def scenario_of(self, state: dict, fresh: bool = False) -> dict | None:
        return cut.scenario_of(self, state, fresh)

    def public_scenario(self, doc: dict, seat: str | None, state: dict) -> dict:
        """What `seat` (None: the public) may see of a scenario: the other players' hands and
        Intrigue cards face down (`"?"`, still counted in their decks), their deck's order and the
        cards they alone looked at gone, their face-down tokens and tiles face down or gone. A
        hand its player reveals among the `played` actions is public by the contested action, and
        named (a Reveal turn shows the whole hand, and a reveal of unknown cards could not be judged)."""
        out = copy.deepcopy(doc)
        out.pop("tech_bottoms", None)  # only Kota Odax saw them
        out.pop("seed", None)  # the dealer's state predicts every deal (a cut writes it: cut.describe)
        # a card known on top of the Intrigue deck was seen by one player (a peek, Hundro Moritani's
        # Intelligence), who the state does not record: no seat's view shows it
        out.pop("intrigue_top", None)
        if out.get("intrigue_bottom"):  # put there unrevealed (Rise of Ix p. 10): its player knows them
            out["intrigue_bottom"] = [HIDDEN] * len(out["intrigue_bottom"])
        shown = {a.get("by") for a in out.get("played", []) if a.get("do") == "reveal"}
        for pid, pl in out.get("players", {}).items():
            if pid == seat:
                continue
            held = state["players"].get(pid, {})
            if pid not in shown and "deck" in held:  # deck and hand together are public, not which is which
                pl["deck"] = cut.Labels(self.content).many("card", sorted([*held["deck"]["cards"], *held["hand"]]))
            for zone in ("intrigue",) if pid in shown else ("hand", "intrigue"):
                if pl.get(zone):
                    pl[zone] = [HIDDEN] * len(pl[zone])
            pl.pop("masterstroke", None)  # face-down tokens: a scenario has no word for unseen ones
            pl.pop("deck_top", None)
            if pl.get("secret_project"):
                pl["secret_project"] = HIDDEN
        return out

    def audit(self, state: dict) -> list[dict]:
        return auditing.audit(state, self.content)

    def humanize(self, message: str, state: dict | None = None, lang: str = "en") -> str:
        return display.humanize(self.content, message, state, lang)
