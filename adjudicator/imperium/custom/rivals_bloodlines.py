"""Bloodlines with the original game's two-player House Hagal (seed 000 p. 8, 'Additions to Solo &
Two-Player Games' and 'Sardaukar Commanders'; records rivals-x.bl-*).

With two players House Hagal follows the Streamlined Rivals rule for Sardaukar Commanders whether
it has a Swordmaster or not: its Agent on a space holding a Commander sends that Commander to the
box. The two Tuek's Sietch House Hagal cards join its deck only when a player leads Esmar Tuek
(`needs_leader` in data/base/house-hagal.json, built by `rivals.new_hagal`). Solo Rivals with
Bloodlines (not Streamlined: paid Commanders worth 4 strength) and Uprising's Rivals are refused
(`rivals.REFUSED_WITH_RIVALS`).
"""

from __future__ import annotations

from ..game import Game
from ..registry import hook
from .rivals import is_rival, rivals
from .rivals_base import is_spoiler


@hook("setup")
def _setup(g: Game) -> None:
    if "bloodlines" in g.state["game"]["modules"] and rivals(g):
        g.rulings += ["rivals-x.bl-two-players", "rivals-x.bl-tueks-sietch"]
        if "tueks-sietch" in g.state["hagal"]["deck"]:
            g.rulings.append("rivals-x.bl-card-data")


def commander_on_space(g: Game, pid: str, space_id: str) -> None:
    """The Commander on the space the Rival's Agent went to (seed 000 p. 8)."""
    board = g.state["board"]
    if space_id not in board.get("commanders", ()) or not is_spoiler(g, pid):
        return
    board["commanders"].remove(space_id)  # out of the game: to the box, not the bank
    g.state["commanders"]["box"] += 1
    g.rulings += ["rivals-x.bl-streamlined", "rivals-x.bl-two-players"]


@hook("choice-offers")
def _garrison_first(offers: list, g: Game, task: dict) -> list:
    """A Rival that must lose a troop loses it from its garrison when it can, before the Conflict
    (seed 000 p. 8; a two-player House Hagal holds no Commander, so a regular troop it is)."""
    pid = task.get("player")
    if task.get("kind") != "lose-troop" or pid not in g.state["players"] or not is_rival(g, pid) \
            or "bloodlines" not in g.state["game"]["modules"]:
        return offers
    garrison = [o for o in offers if o.get("zone") == "garrison"]
    if garrison:
        g.rulings.append("rivals-x.bl-lose-troop")
        return garrison
    return offers
