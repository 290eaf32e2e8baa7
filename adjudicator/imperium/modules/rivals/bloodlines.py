"""Bloodlines with the original game's Rivals (seed 000 p. 8, 'Additions to Solo & Two-Player
Games' and 'Sardaukar Commanders'; records rivals.bloodlines-*,
rivals.tech-two-player, our reading rivals-x.bl-card-data).

With two players House Hagal follows the Streamlined Rivals rule whether it has a Swordmaster or
not: its Agent on a space holding a Commander sends that Commander to the box; so does an Uprising
Rival under Unambitious Rivals (the same variant) once it has its Swordmaster. Solo Rivals follow
the other rule: nothing before their Swordmaster, then a Commander bought for 2 Solari where the
Agent went, deployed before any troop, worth 4 strength, boxed after the Conflict; they gain no
Skill. The two Tuek's Sietch House Hagal cards join the deck only when a player leads Esmar Tuek
(`needs_leader` in data/base/house-hagal.json, built by `rivals.new_hagal`). The solo Tech Module:
tech.py; what stays refused: `hagal.REFUSED_WITH_RIVALS`.
"""

from __future__ import annotations

from ...choices import SKIP
from ...game import Game, spy_owners
from ...influence import change_influence
from ...registry import adjust, hook
from ..bloodlines import COMMANDER
from .base import is_spoiler
from .hagal import base_spice, leader_card, rival_chooser, rivals, unambitious

PRICE = 2  # Solari for a Commander (seed 000 p. 8)
RIVAL_STRENGTH = 4  # a Rival's Commander in the Conflict (p. 8)


@hook("setup", module=("rivals", "bloodlines"))
def _setup(g: Game) -> None:
    g.rulings += ["rivals.bloodlines-commander-mode", "rivals.bloodlines-setup"]
    if "tech" in g.state["game"]["modules"] and len(rivals(g)) == 1:  # two players: tech.py
        g.rulings.append("rivals.tech-two-player")  # the Rival ignores the tiles: no rule to apply
    if "tueks-sietch" in g.state["hagal"]["deck"]:
        g.rulings.append("rivals-x.bl-card-data")
    for pid in rivals(g) if g.state["game"]["edition"] == "uprising" else ():
        start = leader_card(g, pid).get("start", {})  # Count Hasimir Fenring: 1 Emperor Influence
        if start.get("influence"):
            change_influence(g, pid, start["influence"], 1)
            g.rulings.append("rivals-x.bl-rival-cards")


@hook("rival-agent-space", module=("rivals", "bloodlines"))
def commander_on_space(g: Game, pid: str, space_id: str) -> None:
    """The Commander on the space the Rival's Agent went to (seed 000 p. 8). Streamlined, to the
    box: the original game's House Hagal, Swordmaster or not; an Uprising Rival under Unambitious
    Rivals (our reading: the same variant) once it has its Swordmaster. Otherwise bought for 2
    Solari once the Rival has its Swordmaster and the Solari, before its troops are deployed."""
    board = g.state["board"]
    if space_id not in board.get("commanders", ()):
        return
    pl = g.p(pid)
    if is_spoiler(g, pid) or (pl["swordmaster"] and unambitious(g, pid)):
        board["commanders"].remove(space_id)  # out of the game: to the box, not the bank
        g.state["commanders"]["box"] += 1
        g.rulings += ["rivals.bloodlines-commander-streamlined",
                      "rivals.bloodlines-commander-mode" if is_spoiler(g, pid) else "rivals.reading-streamlined"]
    elif not pl["swordmaster"]:
        g.rulings.append("rivals.bloodlines-commander-swordmaster")  # the Commander stays on the board
    elif pl["solari"] >= (cost := max(0, adjust("commander-price", PRICE, g, pid, True))):
        # a Tech tile works for a Rival as for a player (seed 000 p. 9): Sardaukar High Command's discount
        g.pay(pid, {"solari": cost}, ("rivals.bloodlines-commander-full",))
        board["commanders"].remove(space_id)
        pl["commanders"]["garrison"] += 1
        g.rulings += ["rivals.bloodlines-commander-full", "rivals.bloodlines-commander-mode"]


@hook("rival-deploy-commanders", module=("rivals", "bloodlines"))
def deploy_commanders(g: Game, pid: str, limit: int) -> int:
    """A solo Rival deploying troops sends its Commanders first (seed 000 p. 8): how many went."""
    mine = g.p(pid).get("commanders")
    n = min(mine["garrison"], limit) if mine else 0
    if n:
        mine["garrison"] -= n
        mine["conflict"] += n
        g.rulings.append("rivals.bloodlines-commander-full")
    return n


@hook("combat-strength", module=("rivals", "bloodlines"))
def _four_strength(g: Game) -> None:
    """A Rival's Commander is worth 4 strength instead of a Skill (seed 000 p. 8): 2 as a unit
    (commanders.COMMANDER) and 2 more here."""
    for pid in rivals(g):
        mine = g.p(pid).get("commanders")
        if mine and mine["conflict"] and not is_spoiler(g, pid):
            g.p(pid)["swords"] += (RIVAL_STRENGTH - COMMANDER) * mine["conflict"]
            g.rulings.append("rivals.bloodlines-commander-full")


@hook("combat-cleanup", module=("rivals", "bloodlines"))
def _to_the_box(g: Game) -> None:
    """After the Conflict a Rival's Commanders that fought go to the box, not to its supply
    (seed 000 p. 8; commanders.return_to_supply has just moved them to the supply)."""
    for pid in rivals(g):
        mine = g.p(pid).get("commanders")
        if mine and mine["supply"]:
            g.state["commanders"]["box"] += mine["supply"]
            mine["supply"] = 0
            g.rulings.append("rivals.bloodlines-commander-full")


ESMAR = "esmar-tuek-leader"


@hook("rival-signet", module=("rivals", "bloodlines"))
def rival_signet(g: Game, pid: str) -> list | None:
    """A solo Rival's Signet Ring (the original game). A Rival Esmar Tuek always takes a bonus
    spice, and ignores his Ring when no space holds any (seed 000 p. 8; his Sietch is not placed);
    another Leader's is his own (None)."""
    if g.p(pid)["leader"] != ESMAR:
        return None
    g.rulings.append("rivals.bloodlines-imperium-leaders")
    return [{"custom": "take-bonus-spice", "amount": 1}] if any(g.state["board"]["bonus_spice"].values()) else []


@hook("choice-offers", module=("rivals", "bloodlines"), when=rival_chooser)
def _rival_choices(offers: list, g: Game, task: dict) -> list:
    pid = task["player"]
    if task.get("kind") == "lose-troop":
        return _garrison_first(g, offers)
    if task.get("kind") == "bonus-spice-from" and len(offers) > 1:
        return _most_bonus_spice(g, offers)
    if task.get("kind") == "move-spy" and g.state["game"]["edition"] == "uprising":
        return [_moved_spy(g, pid, task)]
    if task.get("kind") == "post" and task.get("deep"):
        # the card priority pick (rivals_turn) already skips no occupied post when Deep Cover allows it
        g.rulings.append("rivals.bloodlines-deep-cover")
    return offers


def _moved_spy(g: Game, pid: str, task: dict) -> dict:
    """A Rival moving a Spy places it as a new one: the first free faction post of its priority
    list other than the one it leaves; none free, the Spy is lost (seed 000 p. 8)."""
    g.rulings.append("rivals.bloodlines-move-spy")
    for faction in leader_card(g, pid)["priority"]:
        post = f"post-{faction}"
        if post != task["post"] and not spy_owners(g, post):
            return {"post": post}
    return SKIP


def _garrison_first(g: Game, offers: list) -> list:
    """A Rival that must lose a troop loses it from its garrison when it can, before the Conflict
    (seed 000 p. 8; Commanders are never offered here: a regular troop it is)."""
    garrison = [o for o in offers if o.get("zone") == "garrison"]
    if garrison:
        g.rulings.append("rivals.bloodlines-lose-troop")
        return garrison
    return offers


def _most_bonus_spice(g: Game, offers: list) -> list:
    """Rival Esmar Tuek's bonus spice: from the space with the most, a tie to the one with the most
    spice in all (seed 000 p. 8); a tie on both is the player's to break (rivals.base-choices)."""
    board = g.state["board"]["bonus_spice"]
    key = {o["space"]: (board[o["space"]], board[o["space"]] + base_spice(g, o["space"])) for o in offers}
    best = max(key.values())
    g.rulings.append("rivals.bloodlines-imperium-leaders")
    return [o for o in offers if key[o["space"]] == best]
