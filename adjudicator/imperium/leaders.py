"""Reading a player's leader: the face in play, its ability, its Signet Ring effects. The
abilities themselves act through hooks registered in `custom/triggers.py`."""

from __future__ import annotations

from .game import Game


def leader_side(g: Game, pid: str) -> dict:
    """The face of the leader in play (Lady Jessica flips to Reverend Mother Jessica)."""
    pl = g.seen(pid)
    leader = g.content.leaders.get(pl["leader"], {})
    reverse = leader.get("reverse")
    if reverse and pl.get("leader_face") == reverse["id"]:
        return reverse
    return leader


def ability(g: Game, pid: str) -> dict:
    if "rival" in g.seen(pid):  # a Rival uses only its Leader's Signet Ring (rulebook PDF p. 20) or its Rival card
        return {}
    return leader_side(g, pid).get("ability", {})


def trigger(g: Game, pid: str) -> dict:
    """When the leader's ability fires (`{"trigger": ..., ...}`; empty when it never does)."""
    return ability(g, pid).get("when", {})


def signet_effects(g: Game, pid: str) -> list:
    return leader_side(g, pid).get("signet", [])


def leader_effects(g: Game, pid: str) -> list:
    return ability(g, pid).get("effects", [])


def leader_node(g: Game, pid: str) -> str:
    return f"leader:{g.p(pid)['leader']}"


def passive_step(g: Game, pid: str, name: str) -> dict | None:
    """The step of a standing (passive) leader rule, e.g. Eyes Everywhere, if the leader has it."""
    if trigger(g, pid).get("trigger") != "passive":
        return None
    return next((s for s in leader_effects(g, pid) if s.get("custom") == name), None)
