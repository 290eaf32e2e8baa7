"""Triggered effects: leader abilities and CHOAM contracts that fire on game events.

Triggers fire in a fixed order (the acting player first, then clockwise), so the same log
always resolves them the same way.
"""

from __future__ import annotations

from .custom.base_intrigue import on_acquire_top
from .effects import advance_steps
from .game import Game, spy_owners
from .steps import run


def leader_side(g: Game, pid: str) -> dict:
    """The face of the leader in play (Lady Jessica flips to Reverend Mother Jessica)."""
    pl = g.p(pid)
    leader = g.content.leaders.get(pl["leader"], {})
    reverse = leader.get("reverse")
    if reverse and pl.get("leader_face") == reverse["id"]:
        return reverse
    return leader


def _ability(g: Game, pid: str) -> dict:
    return leader_side(g, pid).get("ability", {})


def signet_effects(g: Game, pid: str) -> list:
    return leader_side(g, pid).get("signet", [])


def _contracts(g: Game, pid: str, key: str):
    for cid in list(g.p(pid)["contracts"]):
        cond = g.content.contracts[cid]["condition"]
        if key in cond:
            yield cid, cond[key]


def complete_contract(g: Game, pid: str, cid: str) -> None:
    pl = g.p(pid)
    pl["contracts"].remove(cid)
    pl["completed"] += 1
    pl["completed_contracts"].append(cid)
    g.rulings.append("choam.contracts")
    run(g, pid, g.content.contracts[cid]["reward"], f"contract:{cid}")


def on_agent_sent(g: Game, pid: str, space_id: str) -> list[str]:
    """Returns the extra effect nodes (contracts completed here, leader abilities) that join
    this agent turn: they resolve among its other effects, in the order the player records."""
    space = g.content.spaces[space_id]
    done = [cid for cid, target in _contracts(g, pid, "agent_on") if target == space_id]
    nodes = [f"contract:{cid}" + (f"#{done[:i].count(cid) + 1}" if cid in done[:i] else "")
             for i, cid in enumerate(done)]
    when = _ability(g, pid).get("when", {})
    if when.get("trigger") == "agent-sent" and space.get("faction") in when.get("space_factions", []):
        nodes.append(f"leader:{g.p(pid)['leader']}")
    for q in g.opponents(pid):
        when = _ability(g, q).get("when", {})
        if when.get("trigger") != "opponent-agent-sent":
            continue
        if when.get("maker_space") and not space.get("maker"):
            continue
        if when.get("spied_by_you") and not any(q in spy_owners(g, p)
                                                for p in g.content.space_posts[space_id]):
            continue
        run(g, q, _ability(g, q)["effects"], f"leader:{g.p(q)['leader']}")
    return nodes


def reveal_nodes(g: Game, pid: str) -> list[str]:
    when = _ability(g, pid).get("when", {})
    return [f"leader:{g.p(pid)['leader']}"] if when.get("trigger") == "reveal-turn" else []


def leader_effects(g: Game, pid: str) -> list:
    return _ability(g, pid).get("effects", [])


def on_influence(g: Game, pid: str, faction: str, before: int, after: int) -> None:
    when = _ability(g, pid).get("when", {})
    if (when.get("trigger") == "reach-influence" and when.get("faction") == faction
            and before < when["level"] <= after):
        run(g, pid, _ability(g, pid)["effects"], f"leader:{g.p(pid)['leader']}")


def on_acquire(g: Game, pid: str, card: str) -> None:
    for cid, target in _contracts(g, pid, "acquire"):
        if target == card:
            complete_contract(g, pid, cid)
    turn = g.state.get("turn")
    mine = turn if turn and turn["player"] == pid else None
    for armed in (mine or {}).get("armed", []):  # "if you acquire X this turn" (Guild Spy)
        if armed.get("card") == card:
            run(g, pid, armed["steps"], armed["src"])
    pl = g.p(pid)
    for armed in pl.get("armed", []):  # Call to Arms: cards acquired in your Reveal turn this round
        if armed["on"] == "acquire" and armed["round"] == g.state["round"] \
                and mine is not None and mine["kind"] == armed["during"]:
            run(g, pid, armed["steps"], armed["src"])
    on_acquire_top(g, pid, card)  # Recruitment Mission


def on_deployed(g: Game, pid: str, n: int) -> None:
    """Units deployed to the Conflict on `pid`'s own turn; Distraction fires at three. Before an
    Agent is sent or the cards revealed (a Plot Intrigue card at the start of the turn) the count
    is kept on the pending `turn` task and carried into the turn."""
    turn = g.state.get("turn")
    if not turn or turn["player"] != pid:
        turn = next((t for t in reversed(g.state["stack"]) if t["t"] == "turn" and t["player"] == pid), None)
        if turn is None:
            return
    before = turn.get("deployed", 0)
    turn["deployed"] = before + n
    _troops_deployed(g, pid, before, turn["deployed"])
    if turn["deployed"] < 3:
        return
    pl = g.p(pid)
    fired = [a for a in pl.get("armed", []) if a["on"] == "deploy3"]
    if fired:
        pl["armed"] = [a for a in pl["armed"] if a["on"] != "deploy3"]
        for armed in fired:
            run(g, pid, armed["steps"], armed["src"])


def on_harvest(g: Game, pid: str, amount: int) -> None:
    for cid, least in _contracts(g, pid, "harvest_spice"):
        if amount >= least:
            complete_contract(g, pid, cid)
    if _ability(g, pid).get("when", {}).get("trigger") == "harvest":  # Spice Addict
        g.rulings.append("leader.countess-ariana-thorvald")
        _fire(g, pid)


# --- leader triggers of the original game ----------------------------------------------------------
def _fire(g: Game, pid: str) -> None:
    g.rulings.append("leader.ability")
    run(g, pid, _ability(g, pid)["effects"], f"leader:{g.p(pid)['leader']}")


def _troops_deployed(g: Game, pid: str, before: int, after: int) -> None:
    """Masterstroke: when the troops deployed in one turn reach `at_least` (once per game: the
    reveal marks the ability used; declining keeps it for a later turn)."""
    when = _ability(g, pid).get("when", {})
    if when.get("trigger") != "troops-deployed" or not before < when["at_least"] <= after:
        return
    if when.get("once_per_game") and g.p(pid).get("ability_used"):
        return
    _fire(g, pid)


def on_seat(g: Game, pid: str) -> None:
    """Connections: taking a High Council seat."""
    if _ability(g, pid).get("when", {}).get("trigger") == "take-seat":
        g.rulings.append("leader.memnon-connections")
        _fire(g, pid)


def on_space_cost_paid(g: Game, pid: str, paid: dict) -> None:
    """Ruthless Negotiator: paying the printed cost of a board space in that resource."""
    when = _ability(g, pid).get("when", {})
    if when.get("trigger") == "space-cost-paid" and paid.get(when["resource"], 0) > 0:
        g.rulings.append("leader.count-ilban-richese")
        _fire(g, pid)


def space_cost_discount(g: Game, pid: str, space: dict, cost: dict) -> dict:
    """Landsraad Popularity: the cost of a space with that Agent icon is lowered (never below 0)."""
    when = _ability(g, pid).get("when", {})
    if when.get("trigger") != "space-cost" or space.get("icon") != when.get("space_icon"):
        return cost
    cost = dict(cost)
    for step in _ability(g, pid)["effects"]:
        if step.get("custom") == "reduce-space-cost":
            for key, amount in step.items():
                if key in cost and key != "custom":
                    cost[key] = max(0, cost[key] - amount)
    return {k: v for k, v in cost.items() if v > 0}


def passive_step(g: Game, pid: str, name: str) -> dict | None:
    """The step of a standing (passive) leader rule, e.g. Eyes Everywhere, if the leader has it."""
    ability = _ability(g, pid)
    if ability.get("when", {}).get("trigger") != "passive":
        return None
    return next((s for s in ability.get("effects", []) if s.get("custom") == name), None)


def peek_node(g: Game, pid: str) -> str | None:
    """Prescience, usable in any of the leader's own turns while the top card of the deck is
    unknown and the deck is not empty (there is nothing to look at otherwise)."""
    if passive_step(g, pid, "prescience") is None:
        return None
    deck = g.p(pid)["deck"]
    if len(deck["cards"]) - deck["hidden"] <= 0 or deck.get("top"):
        return None
    return f"leader:{g.p(pid)['leader']}"


def on_contract_taken(g: Game, pid: str, cid: str) -> None:
    if g.content.contracts[cid]["condition"].get("immediate"):
        complete_contract(g, pid, cid)


def at_setup(g: Game) -> None:
    """Setup effects resolve at once, before the Row and the contracts are dealt (Shaddam's
    Sardaukar contracts must leave the pile before any contract is revealed)."""
    for pid in g.order:
        ability = _ability(g, pid)
        if ability.get("when", {}).get("trigger") == "setup":
            _run_now(g, pid, ability["effects"], f"leader:{g.p(pid)['leader']}")
        leader = g.content.leaders.get(g.p(pid)["leader"], {})
        if leader.get("setup"):
            _run_now(g, pid, leader["setup"], f"setup:{g.p(pid)['leader']}")


def _run_now(g: Game, pid: str, steps: list, src: str) -> None:
    run(g, pid, steps, src)
    if steps:
        advance_steps(g, g.top)  # anything needing a decision stays on the stack
