"""The Mentat Pause and victory (ruling dune.victory): a player alone in three strongholds wins,
two allies together in four (dune.alliances); a Bene Gesserit prediction that comes true takes
the win (factions/bene_gesserit.py, hook `victory`); after the last turn the end-of-game
victories decide (dune.engine-end-of-game): the Fremen's, else the Guild's (each with its ally),
else, with neither in play, the most strongholds occupied."""

from __future__ import annotations

from .alliance import side
from .game import Game
from .registry import first

STRONGHOLDS_TO_WIN = 3
ALLIANCE_STRONGHOLDS = 4
LAST_TURN = 10
FREMEN_SIETCHES = ("sietch-tabr", "habbanya-sietch")
FREMEN_FOES = ("atreides", "emperor", "harkonnen")


def held(g: Game, pid: str) -> list[str]:
    """The strongholds a player's side (itself and its ally) occupies with no one else."""
    mine = side(g, pid)
    return [s for s in g.strongholds if (there := g.occupants(s)) and set(there) <= set(mine)]


def winners_now(g: Game) -> list[list[str]]:
    """Each side (a player alone, or two allies) holding enough strongholds, in storm order."""
    out = []
    for q in g.order:
        team = side(g, q)
        need = ALLIANCE_STRONGHOLDS if len(team) > 1 else STRONGHOLDS_TO_WIN
        # hook `extra-strongholds`: one faction's three Tech Tokens (modules/tech_tokens/tokens.py), never pooled
        extra = sum(first("extra-strongholds", g, m, default=0) for m in team)
        if team not in out and len(held(g, q)) + extra >= need:
            out.append(team)
    return out


def fremen_default(g: Game, fremen: str) -> bool:
    """The Fremen's end-of-game victory: both sietches theirs or empty, and none of their foes in
    Tuek's Sietch."""
    if any(set(g.occupants(s)) - {fremen} for s in FREMEN_SIETCHES):
        return False
    return not any(g.faction(q) in FREMEN_FOES for q in g.occupants("tueks-sietch"))


def mentat_pause(g: Game) -> dict | None:
    """The result if the game ends now, else None; a listener of hook `victory` may change who
    won (the Bene Gesserit prediction) or ask a question first (a prediction recorded unknown)."""
    result = _result(g)
    return first("victory", g, result, default=result) if result and result["winners"] else result


def _result(g: Game) -> dict | None:
    turn = g.state["turn"]
    sides = winners_now(g)
    if sides:
        g.rulings.append("dune.victory")
        winners = [q for team in sides for q in team]
        if any(len(team) > 1 for team in sides):
            g.rulings.append("dune.alliances")
        return {"finished": True, "winners": winners, "turn": turn, "how": "strongholds"}
    if turn < LAST_TURN:
        return None
    g.rulings += ["dune.victory", "dune.engine-end-of-game"]
    fremen, guild = g.player_of("fremen"), g.player_of("spacing-guild")
    # their allies win with them (GF9 rulebook 2.04.12, 2.06.11)
    if fremen and fremen_default(g, fremen):
        return {"finished": True, "winners": side(g, fremen), "turn": turn, "how": "fremen-default"}
    if guild:
        return {"finished": True, "winners": side(g, guild), "turn": turn, "how": "guild-default"}
    if not fremen and (most := most_strongholds(g)):
        return {"finished": True, "winners": most, "turn": turn, "how": "most-strongholds"}
    return {"finished": True, "winners": [], "turn": turn, "how": "no-winner"}


def most_strongholds(g: Game) -> list[str]:
    """With neither the Guild nor the Fremen in play, whoever occupies the most strongholds wins,
    all of them if several do (GF9 rulebook 1.09.05); nobody when no stronghold is occupied."""
    count = {q: sum(q in g.occupants(s) for s in g.strongholds) for q in g.order}
    best = max(count.values(), default=0)
    return [q for q in g.order if best and count[q] == best]
