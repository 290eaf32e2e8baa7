"""The six-player team game in positions (custom/six.py, six_cards.py): what a round and the game
leave on the table beyond a 3-4 player game's pieces, read from a scenario, cut back from a state
and audited (core/engine/positions.py). The teams, roles, Commanders' decks and the board's
six-player side follow from the seating, as at setup.

`agent_tokens` (Commander -> the Agent tokens played this round: `left`, `right`, `swordmaster`),
`swordmaster_taken` (the players who have sent an Agent to the Swordmaster space, which each may do
once a game), `throne_row` (Shaddam's Throne Row, in arrival order; the Imperium deck leaves them
out). A six-player Commander has no troops; the game fights nine Conflict cards, none of level I.
A tie between Allies waits only inside the Combat's rewards, where no decision point stands;
should one be there, the scenario has no words for it.
"""

from __future__ import annotations

from ....core.engine.positions import Part, Unexpressible
from ...game import Game
from .teams import COMMANDERS, CONFLICT_LEVELS, TOKENS, is_commander


class SixPlayers(Part):
    name = "six-players"
    table_keys = ("agent_tokens", "swordmaster_taken", "throne_row")

    def read_table(self, r, state: dict, doc: dict) -> None:
        if "six" not in state:
            for key in self.table_keys:
                if key in doc:
                    r.fail(f"/{key}", "not-in-game", f"{key!r} is a piece of the six-player game")
            return
        six, g = state["six"], Game(state, r.cnt)
        tokens = {}
        for who, played in doc.get("agent_tokens", {}).items():
            pid = r.player(who, f"/agent_tokens/{who}")
            if pid is not None and not is_commander(g, pid):
                r.fail(f"/agent_tokens/{who}", "not-a-commander", f"{pid} is an Ally: only a Commander plays Agent "
                       "tokens")
            elif pid is not None:
                for i, token in enumerate(played):
                    if token not in TOKENS:
                        r.fail(f"/agent_tokens/{who}/{i}", "unknown-name", f"{token!r} is no Agent token "
                               f"({list(TOKENS)})")
                tokens[pid] = sorted(t for t in played if t in TOKENS)
        six["tokens"] = dict(sorted(tokens.items()))
        if "swordmaster_taken" in doc:
            six["swordmaster_taken"] = sorted(set(r.players(doc["swordmaster_taken"], "/swordmaster_taken")))
        if "throne_row" in doc:
            six["throne_row"] = [c for c in r.names("card", doc["throne_row"], "/throne_row") if c]

    def seen(self, state: dict, deck: str) -> list[str]:
        """Imperium cards kept off the Imperium deck (the Throne Row)."""
        return list(state.get("six", {}).get("throne_row", [])) if deck == "imperium" else []

    def describe_table(self, c, state: dict, doc: dict) -> None:
        six = state.get("six")
        if six is None:
            return
        if six.get("tie") is not None:
            raise Unexpressible(f"tied Allies waiting for their rewards: {six['tie']}")
        if any(six["tokens"].values()):
            doc["agent_tokens"] = {pid: list(t) for pid, t in sorted(six["tokens"].items()) if t}
        if six["swordmaster_taken"]:
            doc["swordmaster_taken"] = list(six["swordmaster_taken"])
        if six.get("throne_row"):
            doc["throne_row"] = c.name.many("card", six["throne_row"])

    def zones(self, state: dict):
        if isinstance(state.get("six"), dict):  # Shaddam's Throne Row
            yield "/six/throne_row", "card", state["six"].get("throne_row", []), False

    def dealt(self, state: dict, cnt, dealt: dict) -> None:
        if "six" not in state:
            return
        dealt["conflict_levels"] = list(CONFLICT_LEVELS)
        for side in state["six"]["teams"].values():
            pid = side["commander"]
            if pid in dealt["seats"] and state["players"][pid]["leader"] in COMMANDERS:
                dealt["seats"][pid]["troops"] = 0


PART = SixPlayers()
