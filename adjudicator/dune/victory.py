"""The Mentat Pause and victory (ruling dune.victory): a player alone in three strongholds wins;
after the last turn the end-of-game victories decide (dune.engine-end-of-game)."""

from __future__ import annotations

from .game import Game

STRONGHOLDS_TO_WIN = 3
LAST_TURN = 10
FREMEN_SIETCHES = ("sietch-tabr", "habbanya-sietch")
FREMEN_FOES = ("atreides", "emperor", "harkonnen")


def held(g: Game, pid: str) -> list[str]:
    """The strongholds a player occupies alone."""
    return [s for s in g.c.strongholds if g.occupants(s) == [pid]]


def fremen_default(g: Game, fremen: str) -> bool:
    """The Fremen's end-of-game victory: both sietches theirs or empty, and none of their foes in
    Tuek's Sietch."""
    if any(set(g.occupants(s)) - {fremen} for s in FREMEN_SIETCHES):
        return False
    return not any(g.faction(q) in FREMEN_FOES for q in g.occupants("tueks-sietch"))


def mentat_pause(g: Game) -> dict | None:
    """The result if the game ends now, else None."""
    turn = g.state["turn"]
    winners = [q for q in g.order if len(held(g, q)) >= STRONGHOLDS_TO_WIN]
    if winners:
        g.rulings.append("dune.victory")
        return {"finished": True, "winners": winners, "turn": turn, "how": "strongholds"}
    if turn < LAST_TURN:
        return None
    g.rulings += ["dune.victory", "dune.engine-end-of-game"]
    fremen, guild = g.player_of("fremen"), g.player_of("spacing-guild")
    if fremen and fremen_default(g, fremen):
        return {"finished": True, "winners": [fremen], "turn": turn, "how": "fremen-default"}
    if guild:
        return {"finished": True, "winners": [guild], "turn": turn, "how": "guild-default"}
    return {"finished": True, "winners": [], "turn": turn, "how": "no-winner"}
