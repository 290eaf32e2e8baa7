"""The six-player team game in compact positions (custom/six.py, six_cards.py): what a round and
the game leave on the table beyond a 3-4 player game's pieces, read from a scenario into the state
that scenario.py builds. The teams, roles, Commanders' decks and the board's six-player side
follow from the seating, as at setup.

`agent_tokens` (Commander -> the Agent tokens played this round: `left`, `right`, `swordmaster`),
`swordmaster_taken` (the players who have sent an Agent to the Swordmaster space, which each may do
once a game), `throne_row` (Shaddam's Throne Row, in arrival order; the Imperium deck leaves them
out).
"""

from __future__ import annotations

from .game import Game
from .modules.six_players.teams import TOKENS, is_commander

TOP = ("agent_tokens", "swordmaster_taken", "throne_row")


def read_table(r, state: dict, doc: dict) -> None:
    if "six" not in state:
        for key in TOP:
            if key in doc:
                r.fail(f"/{key}", "not-in-game", f"{key!r} is a piece of the six-player game")
        return
    six, g = state["six"], Game(state, r.cnt)
    tokens = {}
    for who, played in doc.get("agent_tokens", {}).items():
        pid = r.player(who, f"/agent_tokens/{who}")
        if pid is not None and not is_commander(g, pid):
            r.fail(f"/agent_tokens/{who}", "not-a-commander", f"{pid} is an Ally: only a Commander plays Agent tokens")
        elif pid is not None:
            for i, token in enumerate(played):
                if token not in TOKENS:
                    r.fail(f"/agent_tokens/{who}/{i}", "unknown-name", f"{token!r} is no Agent token ({list(TOKENS)})")
            tokens[pid] = sorted(t for t in played if t in TOKENS)
    six["tokens"] = dict(sorted(tokens.items()))
    if "swordmaster_taken" in doc:
        six["swordmaster_taken"] = sorted(set(r.players(doc["swordmaster_taken"], "/swordmaster_taken")))
    if "throne_row" in doc:
        six["throne_row"] = [c for c in r.names("card", doc["throne_row"], "/throne_row") if c]


def seen(state: dict) -> list[str]:
    """Imperium cards the six-player game keeps off the Imperium deck (the Throne Row)."""
    return list(state.get("six", {}).get("throne_row", []))
