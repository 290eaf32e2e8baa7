"""House Hagal in the original game (rulebook PDF pp. 19-20; records rivals.base-*).

Two players (p. 19, 'Two-Player Games'): a spoiler seat that takes an Agent turn after each Agent
turn of the first player while it has an Agent left, collects nothing, earns no rewards and
scores no Victory Points, but takes Influence and Alliances, fights in Conflicts and, winning
one, removes another player's Control marker.

Solo (p. 20, 'Solo Play'): two Rivals using a Leader's Signet Ring only, set up by the difficulty
chart (data/base/house-hagal.json), gaining their Swordmasters when the Conflict card above them
is revealed, keeping what they gain and spending it for Victory Points at once.

Their Agent turn itself is the Uprising one (turn.py): the card drawn names the space, the
one legal action `rival-agent` follows it.
"""

from __future__ import annotations

from ....core.errors import MalformedLog
from ...content import in_game
from ...game import Game
from ...registry import custom, fire, hook
from .hagal import hagal, is_rival, level, rivals
from .hagal import setup_solo as rivals_setup_solo

SPOILER_AGENTS = 3  # House Hagal's three Agents (p. 19)
# Bloodlines' Leaders a solo Rival may play (seed 000 p. 8; Esmar's Signet: bloodlines.py)
BLOODLINES_RIVALS = ("esmar-tuek-leader", "piter-de-vries-leader")


def is_spoiler(g: Game, pid: str) -> bool:
    """House Hagal of the two-player game (solo Rivals are two)."""
    return g.state["game"]["edition"] == "base" and is_rival(g, pid) and len(rivals(g)) == 1


def spoiler_seat(g: Game, pid: str, *_) -> bool:
    """Hooks' `when`: a call for House Hagal's seat."""
    return is_spoiler(g, pid)


def spoiler(g: Game) -> str | None:
    return next((q for q in rivals(g) if is_spoiler(g, q)), None)


def setup_spoiler(pl: dict) -> None:
    """Its cubes below the tracks, no troops in its garrison, three Agents, no resources (p. 19)."""
    pl["troops"]["supply"] += pl["troops"]["garrison"]
    pl["troops"]["garrison"] = 0
    pl.update({"agents": SPOILER_AGENTS, "water": 0, "solari": 0, "spice": 0})


@hook("turn-ring", module="rivals")
def _not_in_the_ring(ring: list, g: Game) -> list:
    """House Hagal has no place in the turn order: it acts after the first player's Agent turns."""
    pid = spoiler(g)
    return ring if pid is None else [q for q in ring if q != pid]


@hook("turn-end", module="rivals")
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


@hook("no-rewards", module="rivals", when=spoiler_seat)
def _no_rewards(g: Game, pid: str, reward: str):
    """House Hagal earns no Conflict reward; its win only removes another player's Control
    marker from the space the Conflict is for (p. 19)."""
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
    fire("conflict-won", g, task["player"])  # what else a win brings (Rise of Ix: its dreadnought's control)


@hook("influence-changed", module="rivals", when=spoiler_seat)
@hook("alliance-taken", module="rivals", when=spoiler_seat)
def _no_vp(g: Game, pid: str, *_) -> None:
    """House Hagal scores no Victory Points (p. 19): not for a track, nor for an Alliance."""
    g.p(pid)["vp"] = 0


@hook("cannot-win", module="rivals", when=spoiler_seat)
def _cannot_win(g: Game, pid: str):
    return True


# --- solo -----------------------------------------------------------------------------------------
def rival_leaders(cnt, players: int, modules=None) -> list[str]:
    """Who a Rival may be: two players, House Hagal itself; solo, any Leader but Paul Atreides and
    Helena Richese (p. 20), whose Signet Ring it uses (with `modules`: only those it allows)."""
    if players == 2:
        return ["house-hagal"]
    excluded = hagal("base")["excluded_solo_rival_leaders"]
    return sorted(lead for lead, d in cnt.leaders.items()
                  if lead not in excluded and (modules is None or in_game(d, modules))
                  and (d.get("expansion") != "bloodlines" or lead in BLOODLINES_RIVALS))


def check_setup(setup: dict) -> None:
    """The original game's Rivals have no optional rules."""
    if setup.get("options"):
        raise MalformedLog("the original game's Rivals have no optional rules", "/setup/options",
                           code="rival-option")


def solo(g: Game) -> bool:
    return g.state["game"]["edition"] == "base" and len(rivals(g)) == 2


def original_solo(g: Game, *_) -> bool:
    """Hooks' `when`: the original game's solo Rivals."""
    return solo(g)


def original_solo_rival(g: Game, pid: str, *_) -> bool:
    """Hooks' `when`: a call for a solo Rival's seat."""
    return solo(g) and is_rival(g, pid)


def expert(g: Game) -> bool:
    return solo(g) and level(g).get("expert_deployment", False)


def setup_solo(g: Game, humans: list[str]) -> None:
    """The difficulty chart (p. 20, rivals.setup_solo); the Rival on the player's left takes the
    First Player marker."""
    rivals_setup_solo(g, humans)
    g.state["first"] = rivals(g)[0]
    g.rulings.append("rivals.base-deck-setup")


@hook("round-start", module="rivals", when=original_solo)
def _swordmasters(g: Game) -> None:
    """The Conflict card lying above the Rival Swordmasters is the one this round reveals: the
    Rivals gain their third Agents at once (p. 20)."""
    if g.state["round"] == level(g)["conflicts_above_swordmasters"]:
        for pid in rivals(g):
            pl = g.p(pid)
            if not pl["swordmaster"]:
                pl["swordmaster"] = True
                pl["agents"] += 1
        g.rulings.append("rivals.base-solo-play")


@hook("space-cost", module="rivals", when=original_solo)
def _mentat_token(cost: dict, g: Game, pid: str, space: dict) -> dict:
    """Sardaukar and above: a 5 Solari token makes the Mentat space cost 5 (p. 20)."""
    if space["id"] == "mentat" and level(g)["mentat_costs_5"]:
        g.rulings.append("rivals.base-solo-setup")
        return {**cost, "solari": cost.get("solari", 0) + 3}  # the printed 2 becomes 5; discounts still apply
    return cost


@hook("copies-owned", module="rivals", when=original_solo_rival)
def _two_spice_must_flow(count: int, g: Game, pid: str, card: str) -> int:
    """Corner the Market counts each solo Rival as owning two The Spice Must Flow (p. 20); so does
    Rise of Ix's Holtzman Engine (its p. 9: `owns` in conditions.py)."""
    if card == "the-spice-must-flow":
        g.rulings.append("rivals.base-solo-play")
        return 2
    return count
