"""Playing Intrigue cards and the intrigue windows (combat, the winner's window, endgame):
the `play-intrigue` and `pass` verbs. Seed 004 p. 7 (the kinds of Intrigue card); Dune:
Imperium rulebook p. 12 (the Combat Intrigue window).

A card's own precondition is a check its module registers for its custom step
(registry.INTRIGUE_CHECKS); this module names no card.
"""

from __future__ import annotations

from ..core.errors import IllegalAction
from ..core.sentences import term
from .combat import is_victory_card
from .conditions import holds, units_in_conflict
from .costs import can_afford, commit_option
from .deck import HIDDEN, identify
from .effects import resolves_to, worm_error
from .game import Game
from .registry import INTRIGUE_CHECKS, Verb, adjust, ask, fire, first, verb
from .steps import custom_steps, run
from .timing import TIMING_RULINGS, allows

INTRIGUE_TIMINGS = ("plot", "combat", "endgame")
# A Combat card that acts 'when you win a Conflict' has a timing of its own: the winner's window
# after the rewards (combat.victory), never the play-or-pass window before them.
TIMING_BOX = {"when-you-win": "combat"}
WINDOW_NAMES = {"combat": "combat.intrigue-window", "victory": "combat.victory",
                "endgame": "endgame.intrigue"}
TASK_WINDOWS = {"turn": "agent-turn.place", "agent": "agent-turn.effects", "reveal": "reveal-turn.resolve"}


def card_timings(card: dict) -> list[str]:
    return ["when-you-win" if t == "combat" and is_victory_card(card) else t
            for t in INTRIGUE_TIMINGS if t in card]


def window(g: Game, task: dict) -> str:
    """The timing window a pending task stands in (a choice stands in its turn's or window's)."""
    if task["t"] in TASK_WINDOWS:
        return TASK_WINDOWS[task["t"]]
    if task["t"] == "window":
        return WINDOW_NAMES[task["kind"]]
    below = [x for x in g.state["stack"] if x["t"] in ("turn", "agent", "reveal", "window")]
    return window(g, below[-1]) if below else g.state["phase"]


def check_timing(g: Game, task: dict, card_id) -> str:
    if card_id not in g.content.intrigues:
        raise IllegalAction("card.wrong-kind", "{card} is not an Intrigue card: only Intrigue cards are played "
                            "with play-intrigue.", ("card.wrong-kind", "intrigue.hidden"),
                            params={"card": str(card_id)})
    card = g.content.intrigues[card_id]
    timings = card_timings(card)
    here = window(g, task)
    usable = [t for t in timings if allows(here, t, "uprising")]
    if not usable:
        raise IllegalAction("intrigue.wrong-window", "{card} is played in the windows {timings}; the open "
                            "window is {window}.", tuple(TIMING_RULINGS[t] for t in timings), path=[here],
                            params={"card": card_id, "timings": [term("windows", t) for t in timings],
                                    "window": term("windows", here)})
    return usable[0]


def in_combat(g: Game, pid: str) -> bool:
    """Does `pid` take part in the combat window (combat.participants)?"""
    return adjust("in-combat", units_in_conflict(g.p(pid)) > 0, g, pid)


def check_play(g: Game, task: dict, pid: str, card: str, target: str | None = None) -> tuple[str, list]:
    """May `pid` play this Intrigue card now? Returns its timing and the steps to run
    (an Intrigue card's own cost is not optional: playing the card pays it). `target`: whose
    effect it is, when not the player's (a six-player Commander's Combat card: his Ally's)."""
    target = target or pid
    timing = check_timing(g, task, card)
    if task["t"] == "window" and task["kind"] == "combat" and not in_combat(g, pid):
        raise IllegalAction("combat.no-units", "{seat} has no unit in the Conflict.", ("combat.intrigue-window",),
                            params={"seat": pid})
    held = g.p(pid)["intrigue"]
    if card not in held and HIDDEN not in held:
        raise IllegalAction("card.not-held", "{seat} holds no {card}.", ("intrigue.hidden",),
                            params={"seat": pid, "card": card})
    data = g.content.intrigues[card]
    need = data.get("requires")
    if need and not holds(g, target, need, f"intrigue:{card}"):
        raise IllegalAction("intrigue.condition", "{seat} does not meet what {card} requires to be played.",
                            ("intrigue.conditions",), params={"seat": pid, "card": card})
    steps = data[TIMING_BOX.get(timing, timing)]
    for step in custom_steps(steps):  # the card's own precondition (FAQ 'Intrigue cards')
        check = INTRIGUE_CHECKS.get(step["custom"])
        if check is not None:
            check(g, task, target, card, step)
    if steps and "pay" in steps[0]:
        if not can_afford(g, target, steps[0]["pay"], f"intrigue:{card}"):
            raise IllegalAction("intrigue.cost", "{seat} cannot pay what {card} costs.", ("intrigue.conditions",),
                                params={"seat": pid, "card": card})
        steps = commit_option(steps)
    refusal = resolves_to(g, target, steps, f"intrigue:{card}")
    if isinstance(refusal, tuple):  # its sandworm cannot come, whatever the player chooses
        raise worm_error(refusal, "intrigue.conditions")
    return timing, steps


def _play_offers(g: Game, task: dict, pid: str) -> list[dict]:
    out = []
    for card in sorted(set(g.p(pid)["intrigue"]) - {HIDDEN}):
        # a mode's own part of a play (the Ally a six-player Commander plays a Combat card for)
        for a in adjust("intrigue-variants", [{"card": card}], g, task, pid):
            try:
                check_play(g, task, pid, card, adjust("intrigue-for", pid, g, task, a))
            except IllegalAction:
                continue
            out.append(a)
    return out


def _play(g: Game, task: dict, pid: str, a: dict) -> None:
    card = a.get("card")
    for err in ask("intrigue-args", g, task, pid, a):
        raise err
    target = adjust("intrigue-for", pid, g, task, a)  # whose effect it is
    timing, steps = check_play(g, task, pid, card, target)
    identify(g, pid, "intrigue", card)
    g.p(pid)["intrigue"].remove(card)
    g.state["intrigue_discard"].append(card)
    g.state["intrigue_discard"].sort()
    if task["t"] == "window":
        task["passes"] = 0
        if task["kind"] == "combat":  # the player may play more before their go ends (rulebook p. 12)
            task["played"] = True
            g.rulings.append("combat.intrigue-window-turns")
    fire("intrigue-played", g, task, pid, card)
    g.rulings += [TIMING_RULINGS[timing], "intrigue.conditions", *g.content.intrigues[card].get("rulings", [])]
    if timing == "combat":
        g.rulings.append("combat.marker-adjust")
    run(g, target, steps, f"intrigue:{card}")


def pass_window(task: dict) -> None:
    """The go of the player at `idx` ends; it counts as a pass only if they played no card in it
    (a go of plays is the other choice the rulebook gives, p. 12)."""
    if not task.pop("played", False):
        task["passes"] += 1
    task["idx"] = (task["idx"] + 1) % len(task["order"])


verb(Verb("pass", ("window",), lambda g, task, pid: [{}], lambda g, task, pid, a: pass_window(task),
          ("combat.intrigue-window",)))
verb(Verb("play-intrigue", ("turn", "agent", "reveal", "window"), _play_offers, _play))


def skip_window(g: Game, task: dict) -> bool:
    """Players without units in the combat simply pass; a window everyone passed closes."""
    if task["passes"] >= len(task["order"]):
        g.finish(task)
        return True
    if task["kind"] == "combat" and not in_combat(g, task["order"][task["idx"]]):
        pass_window(task)
        return True
    if first("passes-window", g, task, task["order"][task["idx"]]):  # a seat that plays no card (a Rival)
        pass_window(task)
        return True
    return False
