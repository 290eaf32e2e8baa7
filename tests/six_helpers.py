"""Shared by the tests of the Uprising six-player team game: a game set up from a clockwise
seating, and stepping it (dealt chance outcomes, else the first legal decision: rivals_helpers.step)."""

from rivals_helpers import apply, step  # noqa: F401 (the same stepping serves both)

from adjudicator.imperium.game import Game
from adjudicator.imperium.rules import ruleset

RULES = ruleset("uprising")
# clockwise: Muad'Dib, then Shaddam three seats on (seed 004, 6-player booklet p. 2)
SEATING = [("m", "muad-dib"), ("s1", "lady-jessica"), ("m1", "gurney-halleck"),
           ("s", "shaddam-corrino-iv"), ("m2", "princess-irulan"), ("s2", "staban-tuek")]


def game_doc(seating=SEATING, modules=("choam",)) -> dict:
    return {"system": "imperium", "edition": "uprising", "modules": list(modules),
            "players": [{"id": pid, "leader": lead} for pid, lead in seating]}


def new_game(seed: int = 1, seating=SEATING, modules=("choam",)) -> dict:
    return RULES.new_state(game_doc(seating, modules), {"seed": seed})


def until(state: dict, test, limit: int = 5000) -> None:
    for _ in range(limit):
        if test(state):
            return
        step(state)
    raise AssertionError("never reached")


def turn_of(state, test):
    """Step on (past setup) to the first Agent turn of a seat passing `test`."""
    g = Game(state)
    for _ in range(5000):
        top = state["stack"][-1]
        if top["t"] == "turn" and state["round"] >= 1 and test(g, top["player"]):
            return top["player"]
        step(state)
    raise AssertionError("never reached")


def give(state, pid, card, space):
    """`card` into `pid`'s hand, and `space` free for an Agent."""
    state["players"][pid]["hand"] = sorted(state["players"][pid]["hand"] + [card])
    state["board"]["occupied"].pop(space, None)
