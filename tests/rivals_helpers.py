"""Shared by the tests of House Hagal Rivals: a game of 1 or 2 players set up from a seed, and
a way to reach a Rival's next House Hagal draw (every other outcome dealt, decisions the first
legal one)."""

from adjudicator.core.actions import Action
from adjudicator.imperium.effects import advance_steps
from adjudicator.imperium.game import Game
from adjudicator.imperium.modules.rivals.hagal import deck_data
from adjudicator.imperium.modules.rivals.turn import agent_turn
from adjudicator.imperium.rules import ruleset

RULES = ruleset("uprising")
LEADERS = {1: ["muad-dib"], 2: ["muad-dib", "princess-irulan"]}
RIVALS = {1: [{"id": "r1", "leader": "staban-tuek"}, {"id": "r2", "leader": "feyd-rautha-harkonnen"}],
          2: [{"id": "r1", "leader": "gurney-halleck"}]}


def new_game(players: int, seed: int = 1, **setup) -> dict:
    """A game of `players` with their Rivals; solo at Sardaukar difficulty unless `setup` names one."""
    if players == 1:
        setup.setdefault("difficulty", "sardaukar")
    game = {"system": "imperium", "edition": "uprising", "modules": [],
            "players": [{"id": f"p{i + 1}", "leader": lead} for i, lead in enumerate(LEADERS[players])]}
    return RULES.new_state(game, {"seed": seed, "rivals": RIVALS[players], **setup})


def apply(state: dict, **action):
    return RULES.apply(state, Action(action))


def step(state: dict) -> None:
    """One step: a dealt chance outcome, else the first legal decision (a Reveal last)."""
    dealt = RULES.deal(state)
    if dealt is not None:
        RULES.apply(state, dealt, dealt=True)
        return
    legal = RULES.legal_actions(state)
    acting = [a for a in legal if a.do not in ("reveal", "end-turn")] or legal
    RULES.apply(state, acting[0])


def until(state: dict, test, limit: int = 3000) -> dict:
    for _ in range(limit):
        top = state["stack"][-1] if state["stack"] else None
        if top is not None and test(top):
            return top
        step(state)
    raise AssertionError("never reached")


def hagal_draw(purpose: str = "agent"):
    return lambda t: t["t"] == "chance" and t["kind"] == "draw-hagal" and t["purpose"] == purpose


def draw(state: dict, card: str):
    top = state["stack"][-1]
    return apply(state, by="chance", do="draw-hagal", player=top["player"], card=card)


def effect(option: dict, name: str) -> dict | None:
    """The step of a House Hagal card's option whose operation (or custom handler) is `name`."""
    return next((s for s in option.get("effects", []) if name in s or s.get("custom") == name), None)


def send(g: Game, pid: str, card: str, space: str | None = None, effects: list | None = None) -> None:
    """`pid`'s Agent turn with the House Hagal `card` (its option for `space`), or with a made-up card
    of these `effects`; the card's steps run through the interpreter up to a decision (the
    Swordmaster savings the turn queues below them wait for a settle)."""
    options = deck_data(g)["by_id"][card]["agent"]["options"] if effects is None else \
        [{"space": space, "effects": effects}]
    agent_turn(g, pid, card, next(o for o in options if space in (None, o["space"])))
    task = g.top
    while any(t is task for t in g.state["stack"]) and g.top["t"] == "steps":
        advance_steps(g, g.top)
