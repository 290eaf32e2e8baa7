"""Leader abilities: they act on game events through hooks. (CHOAM contracts answer the same
events first: `modules/choam/contracts.py`, loaded just before this file.)

Triggers fire in a fixed order (the acting player first, then clockwise), so the same log
always resolves them the same way.
"""

from __future__ import annotations

from ..effects import advance_steps
from ..game import Game, spy_owners
from ..leaders import leader_effects, leader_node, passive_step, trigger
from ..registry import FLAG_RULINGS, hook, node_kind
from ..steps import run

FLAG_RULINGS["peek"] = "leader.paul-prescience"


def _fire(g: Game, pid: str) -> None:
    g.rulings.append("leader.ability")
    run(g, pid, leader_effects(g, pid), leader_node(g, pid))


# --- an Agent sent, cards revealed: nodes that join the turn ----------------------------------------
@hook("agent-sent")
def _agent_sent(g: Game, pid: str, space_id: str) -> list[str]:
    """The leader ability that joins this Agent turn as a node: it resolves among its other
    effects, in the order the player records. Opponents' abilities that answer the Agent resolve
    at once."""
    space = g.space(space_id)
    nodes = []
    when = trigger(g, pid)
    if (when.get("trigger") == "agent-sent" and space.get("faction") in when.get("space_factions", [])
            or when.get("trigger") == "agent-sent-any-player" and when.get("space") == space_id):
        nodes.append(leader_node(g, pid))
    for q in g.opponents(pid):
        when = trigger(g, q)
        if when.get("trigger") not in ("opponent-agent-sent", "agent-sent-any-player"):
            continue
        if when.get("space", space_id) != space_id:
            continue
        if when.get("maker_space") and not space.get("maker"):
            continue
        if when.get("spied_by_you") and not any(q in spy_owners(g, p) for p in g.space_posts(space_id)):
            continue
        run(g, q, leader_effects(g, q), leader_node(g, q))
    return nodes


@hook("reveal-nodes")
def _reveal_nodes(g: Game, pid: str) -> list[str]:
    return [leader_node(g, pid)] if trigger(g, pid).get("trigger") == "reveal-turn" else []


@node_kind("leader")
def _resolve_leader(g: Game, pid: str, ident: str, node: str) -> None:
    g.rulings.append("leader.ability")
    run(g, pid, leader_effects(g, pid), node)


# --- events ---------------------------------------------------------------------------------------
@hook("influence-changed")
def _influence(g: Game, pid: str, faction: str, before: int, after: int) -> None:
    when = trigger(g, pid)
    # the six-player side's track stands for the one it replaces (Great Houses for the Emperor:
    # reading six.leader-tracks)
    read_as = g.content.factions.get(faction, {}).get("replaces", faction)
    if (when.get("trigger") == "reach-influence" and when.get("faction") == read_as
            and before < when["level"] <= after):
        if read_as != faction:
            g.rulings.append("six.leader-tracks")
        run(g, pid, leader_effects(g, pid), leader_node(g, pid))


@hook("units-deployed")
def _masterstroke(g: Game, pid: str, before: int, after: int) -> None:
    """Masterstroke: when the troops deployed in one turn reach `at_least` (once per game: the
    reveal marks the ability used; declining keeps it for a later turn)."""
    when = trigger(g, pid)
    if when.get("trigger") != "troops-deployed" or not before < when["at_least"] <= after:
        return
    if when.get("once_per_game") and g.p(pid).get("ability_used"):
        return
    _fire(g, pid)


@hook("harvest")
def _harvest(g: Game, pid: str, amount: int) -> None:
    if trigger(g, pid).get("trigger") == "harvest":  # Spice Addict
        g.rulings.append("leader.countess-ariana-thorvald")
        _fire(g, pid)


@hook("seat-taken")
def _seat(g: Game, pid: str) -> None:
    """Connections: taking a High Council seat."""
    if trigger(g, pid).get("trigger") == "take-seat":
        g.rulings.append("leader.memnon-connections")
        _fire(g, pid)


@hook("space-cost-paid")
def _space_cost_paid(g: Game, pid: str, paid: dict) -> None:
    """Ruthless Negotiator: paying the printed cost of a board space in that resource."""
    when = trigger(g, pid)
    if when.get("trigger") == "space-cost-paid" and paid.get(when["resource"], 0) > 0:
        g.rulings.append("leader.count-ilban-richese")
        _fire(g, pid)


@hook("space-cost")
def _space_cost(cost: dict, g: Game, pid: str, space: dict) -> dict:
    """Landsraad Popularity: the cost of a space with that Agent icon is lowered (never below 0)."""
    when = trigger(g, pid)
    if when.get("trigger") != "space-cost" or space.get("icon") != when.get("space_icon"):
        return cost
    reduced = dict(cost)
    for step in leader_effects(g, pid):
        if step.get("custom") == "reduce-space-cost":
            for key, amount in step.items():
                if key in reduced and key != "custom":
                    reduced[key] = max(0, reduced[key] - amount)
    reduced = {k: v for k, v in reduced.items() if v > 0}
    if reduced != cost:
        g.rulings.append("leader.duke-leto")
    return reduced


@hook("may-share")
def _eyes_everywhere(g: Game, pid: str, space: dict, card_id: str) -> bool | None:
    """Eyes Everywhere: another player's Agent does not block a space with these icons."""
    eyes = passive_step(g, pid, "eyes-everywhere")
    if eyes and space["icon"] in eyes.get("icons", []):
        g.rulings.append("leader.helena-eyes-everywhere")
        return True
    return None


@hook("turn-peek")
def _prescience(g: Game, pid: str) -> str | None:
    """Prescience, usable in any of the leader's own turns while the top card of the deck is
    unknown and the deck is not empty (there is nothing to look at otherwise)."""
    if passive_step(g, pid, "prescience") is None:
        return None
    deck = g.p(pid)["deck"]
    if len(deck["cards"]) - deck["hidden"] <= 0 or deck.get("top"):
        return None
    return leader_node(g, pid)


@hook("leaders-setup")
def _at_setup(g: Game) -> None:
    """Setup effects resolve at once, before the Row and the contracts are dealt (Shaddam's
    Sardaukar contracts must leave the pile before any contract is revealed)."""
    for pid in g.order:
        if trigger(g, pid).get("trigger") == "setup":
            _run_now(g, pid, leader_effects(g, pid), leader_node(g, pid))
        leader = g.content.leaders.get(g.p(pid)["leader"], {})
        if leader.get("setup") and "rival" not in g.p(pid):  # a Rival uses no Leader ability
            _run_now(g, pid, leader["setup"], f"setup:{g.p(pid)['leader']}")


def _run_now(g: Game, pid: str, steps: list, src: str) -> None:
    run(g, pid, steps, src)
    if steps:
        advance_steps(g, g.top)  # anything needing a decision stays on the stack


@hook("peek")
def _resolve_prescience(g: Game, pid: str, node: str) -> None:
    if node != leader_node(g, pid):  # another peek (a Tech tile's)
        return
    g.rulings.append("leader.paul-prescience")
    run(g, pid, leader_effects(g, pid), node)
