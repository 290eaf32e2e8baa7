"""House Hagal in the original game's two-player game (rulebook PDF p. 19, 'Two-Player Games';
records rivals.base-*): a spoiler seat that takes an Agent turn after each Agent turn of the
first player while it has an Agent left, collects nothing, earns no rewards and scores no
Victory Points, but takes Influence and Alliances, fights in Conflicts and, winning one, removes
another player's Control marker. Its Agent turn itself is the Uprising one (rivals_turn.py): the
card drawn names the space, the one legal action `rival-agent` follows it.

The original game's solo Rivals are not derived (rivals.NOT_IMPLEMENTED): the edition allows
only two players with a Rival (rules.RIVAL_EDITIONS).
"""

from __future__ import annotations

from ..game import Game
from ..registry import custom, hook
from .rivals import is_rival, rivals

SPOILER_AGENTS = 3  # House Hagal's three Agents (p. 19)


def is_spoiler(g: Game, pid: str) -> bool:
    return g.state["game"]["edition"] == "base" and is_rival(g, pid)


def spoiler(g: Game) -> str | None:
    return next((q for q in rivals(g) if is_spoiler(g, q)), None)


def setup_spoiler(pl: dict) -> None:
    """Its cubes below the tracks, no troops in its garrison, three Agents, no resources (p. 19)."""
    pl["troops"]["supply"] += pl["troops"]["garrison"]
    pl["troops"]["garrison"] = 0
    pl.update({"agents": SPOILER_AGENTS, "water": 0, "solari": 0, "spice": 0})


@hook("turn-ring")
def _not_in_the_ring(ring: list, g: Game) -> list:
    """House Hagal has no place in the turn order: it acts after the first player's Agent turns."""
    pid = spoiler(g)
    return ring if pid is None else [q for q in ring if q != pid]


@hook("turn-end")
def _after_the_first_player(g: Game, pid: str, turn: dict) -> None:
    """After each Agent turn of the first player, House Hagal acts while it has an Agent (p. 19)."""
    hagal = spoiler(g)
    if hagal is None or pid != g.first or turn["kind"] != "agent":
        return
    pl = g.p(hagal)
    if len(pl["placed"]) < pl["agents"]:
        g.push({"t": "rival", "player": hagal})
        g.push({"t": "chance", "kind": "draw-hagal", "player": hagal, "purpose": "agent"})
        g.rulings.append("rivals.base-two-player")


@hook("no-rewards")
def _no_rewards(g: Game, pid: str, reward: str):
    """House Hagal earns no Conflict reward; its win only removes another player's Control
    marker from the space the Conflict is for (p. 19)."""
    if not is_spoiler(g, pid):
        return None
    g.rulings.append("rivals.base-two-player")
    return [{"custom": "spoiler-win"}] if reward == "first" else []


@custom("spoiler-win")
def _spoiler_win(g: Game, task: dict, step: dict) -> None:
    board = g.state["board"]
    card = board["conflict"]
    space = g.content.conflicts.get(card or "", {}).get("controls")
    if space and board["control"].get(space) not in (None, task["player"]):
        del board["control"][space]
    if card:
        board["discarded_conflicts"].append(card)
        board["conflict"] = None


@hook("influence-changed")
def _no_vp_from_tracks(g: Game, pid: str, faction: str, before: int, after: int) -> None:
    """House Hagal scores no Victory Points (p. 19): not for a track, nor for an Alliance."""
    if is_spoiler(g, pid):
        g.p(pid)["vp"] = 0


@hook("alliance-taken")
def _no_vp_from_alliances(g: Game, pid: str, faction: str) -> None:
    if is_spoiler(g, pid):
        g.p(pid)["vp"] = 0


@hook("cannot-win")
def _cannot_win(g: Game, pid: str):
    return True if is_spoiler(g, pid) else None
