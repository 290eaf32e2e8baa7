"""The round: round start, player turns, combat, makers, recall, and the endgame.
Seed 004 'Отряды и зона конфликта', 'Контроль' (p. 10); Dune: Imperium rulebook pp. 8-14."""

from __future__ import annotations

from . import combat
from .conditions import units_in_conflict
from .game import Game
from .registry import adjust, fire, first


def advance_flow(g: Game, task: dict) -> None:
    """Run one step of the round; each step pushes its work and names the next step."""
    STEPS[task["step"]](g, task)


def round_start(g: Game, task: dict) -> None:
    st = g.state
    st["round"] += 1
    st["phase"] = "round-start"
    g.rulings += ["round.phases", "round.start"]
    fire("round-start", g)
    task["step"] = "defensive-bonus"
    g.push({"t": "chance", "kind": "reveal-conflict"})


def defensive_bonus(g: Game, task: dict) -> None:
    board = g.state["board"]
    task["step"] = "draw"
    space = g.content.conflicts.get(board["conflict"], {}).get("controls")
    holder = adjust("controller", board["control"].get(space), g, space) if space else None
    if holder and g.p(holder)["troops"]["supply"] > 0:
        g.rulings.append("control.defensive")
        g.push({"t": "choice", "player": holder, "kind": "count", "most": 1, "move": "defend",
                "src": f"control:{space}"})


def draw_hands(g: Game, task: dict) -> None:
    task["step"] = "turns"
    task["next"] = g.first
    g.state["phase"] = "player-turns"
    g.rulings.append("deck.draw-five")
    g.push(*({"t": "chance", "kind": "draw", "player": q, "n": g.content.rules["hand"]}
             for q in adjust("hand-seats", g.clockwise_from(g.first), g)))  # seats that hold a hand


def turns(g: Game, task: dict) -> None:
    # the seats in turn order from the first player; a seat placed by its own rule moves (a
    # two-player game's Rival always acts second)
    ring = adjust("turn-ring", g.clockwise_from(g.first), g)
    at = ring.index(task["next"])
    waiting = [q for q in ring[at:] + ring[:at] if not g.p(q)["revealed"]]
    if not waiting:
        task["step"] = "combat"
        return
    pid = waiting[0]
    task["next"] = ring[(ring.index(pid) + 1) % len(ring)]
    fire("turn-start", g, pid)
    if not first("seat-turn", g, pid):  # a seat with its own kind of turn pushes it (a Rival)
        g.push({"t": "turn", "player": pid})


def start_combat(g: Game, task: dict) -> None:
    g.state["phase"] = "combat"
    task["step"] = "combat-resolve"
    order = combat.participants(g)
    if order:
        g.push({"t": "window", "kind": "combat", "order": order, "idx": 0, "passes": 0})
    fire("combat-start", g)  # before the window: strength a seat gets as combat begins (Rivals)


def combat_resolve(g: Game, task: dict) -> None:
    if first("before-rewards", g):  # a decision the rewards wait for (tied six-player Allies): then again
        return
    winner = combat.resolve(g)
    if winner is not None and combat.has_victory_cards(g):
        task["step"] = "combat-victory"
        task["winner"] = winner
    else:
        task["step"] = "combat-cleanup"


def combat_victory(g: Game, task: dict) -> None:
    """Once the rewards are given, the winner may play Combat Intrigue cards that act 'when you
    win a Conflict' (a window opens only when they hold one, or a face-down card that may be one)."""
    task["step"] = "combat-cleanup"
    winner = task.pop("winner", None)
    if winner is not None and combat.may_hold_victory_card(g, winner):
        g.rulings.append("combat.win-trigger")
        g.push({"t": "window", "kind": "victory", "order": [winner], "idx": 0, "passes": 0})


def combat_cleanup(g: Game, task: dict) -> None:
    combat.cleanup(g)
    task["step"] = "makers"


def makers(g: Game, task: dict) -> None:
    g.state["phase"] = "makers"
    board = g.state["board"]
    for space in sorted(board["bonus_spice"]):
        if space not in board["occupied"]:
            board["bonus_spice"][space] += 1
    g.rulings += ["makers.bonus-spice", "makers.agent-moved"]
    task["step"] = "recall"


def recall(g: Game, task: dict) -> None:
    st = g.state
    st["phase"] = "recall"
    st["board"]["occupied"] = {}
    fire("recall", g)
    for pid in g.order:
        pl = g.p(pid)
        pl["placed"] = []
        pl["revealed"] = False
    st["first"] = adjust("next-first", g.order[(g.order.index(g.first) + 1) % len(g.order)], g)
    g.rulings += ["recall.first-player", "recall.agents"]
    goal = adjust("vp-to-end", g.content.rules["vp_to_end"], g)  # Rise of Ix's Epic mode: 12
    ended = (any(g.p(q)["vp"] >= goal for q in g.order)
             or not st["board"]["conflict_levels"])
    task["step"] = "endgame" if ended else "round-start"


def endgame(g: Game, task: dict) -> None:
    g.state["phase"] = "endgame"
    g.rulings.append("endgame.trigger")
    task["step"] = "final"
    g.push({"t": "window", "kind": "endgame", "order": g.clockwise_from(g.first), "idx": 0, "passes": 0})
    fire("endgame", g)  # abilities "at the end of the game" (Tech tiles) resolve before the window


def final(g: Game, task: dict) -> None:
    combat.pair_wild_objectives(g)
    g.state["phase"] = "over"
    g.state["result"] = first("game-result", g) or result(g)  # a team game scores teams
    g.rulings.append("endgame.tiebreak")
    g.finish(task)


TIEBREAK = ("spice", "solari", "water", "garrison")


def result(g: Game) -> dict:
    wins_ties = {q for q in g.order if first("wins-ties", g, q)}  # a standing rule (Rise of Ix's Chaumurky)

    def key(pid):
        pl = g.p(pid)
        return (pl["vp"], pl["spice"], pl["solari"], pl["water"], pl["troops"]["garrison"])

    def rank(q):  # VP, then a rule that wins every tie, then the tiebreakers
        return (key(q)[0], q in wins_ties, *key(q)[1:])

    ranked = sorted(g.order, key=lambda q: (*(-k for k in rank(q)), g.order.index(q)))
    # a seat a rule keeps from winning (an Unambitious Rival) is ranked but never the winner
    eligible = [q for q in ranked if not first("cannot-win", g, q)] or ranked
    best = rank(eligible[0])
    winners = [q for q in eligible if rank(q) == best]
    return {
        "finished": True,
        "vp": {q: g.p(q)["vp"] for q in g.order},
        "tiebreakers": {q: dict(zip(TIEBREAK, key(q)[1:], strict=True)) for q in g.order},
        "ranking": ranked,
        "winner": winners[0] if len(winners) == 1 else None,
        "shared": winners if len(winners) > 1 else [],
    }


def has_units(g: Game, pid: str) -> bool:
    return units_in_conflict(g.p(pid)) > 0


STEPS = {
    "round-start": round_start,
    "defensive-bonus": defensive_bonus,
    "draw": draw_hands,
    "turns": turns,
    "combat": start_combat,
    "combat-resolve": combat_resolve,
    "combat-victory": combat_victory,
    "combat-cleanup": combat_cleanup,
    "makers": makers,
    "recall": recall,
    "endgame": endgame,
    "final": final,
}
