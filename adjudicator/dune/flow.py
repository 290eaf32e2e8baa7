"""The turn sequence (ruling dune.turn-sequence): the phases in order, each started when the
flow task reaches the top of the stack; a phase pushes the decisions, chance outcomes and
automatic steps it needs above the flow task and the flow goes on once they are done."""

from __future__ import annotations

from .battle import start_battles
from .bidding import start_bidding
from .bribes import collect_bribes
from .game import Game
from .movement import start_shipment
from .registry import fire
from .revival import start_revival
from .spice import start_blow, start_charity, start_collection
from .storm import start_storm
from .victory import mentat_pause


def _storm(g: Game) -> None:
    g.state["turn"] += 1
    for q in g.seats:
        g.p(q)["fought"] = {}
    start_storm(g)


PHASES = (("storm", _storm), ("spice-blow", start_blow), ("charity", start_charity),
          ("bidding", start_bidding), ("revival", start_revival), ("shipment-movement", start_shipment),
          ("battle", start_battles), ("collection", start_collection), ("mentat-pause", None))
NEXT = {name: PHASES[(i + 1) % len(PHASES)][0] for i, (name, _) in enumerate(PHASES)}
START = dict(PHASES)


def advance_flow(g: Game, task: dict) -> None:
    phase = task["phase"]
    fire("phase-starts", g, phase)  # the one before has ended: Tech Token income (modules/tech_tokens/tokens.py)
    g.state["phase"] = phase
    task["phase"] = NEXT[phase]
    if phase == "mentat-pause":
        collect_bribes(g)
        result = mentat_pause(g)
        if result:
            g.state["result"] = result
            g.state["stack"] = []
        else:
            fire("mentat-pause", g)  # a faction's own pause decision (the Tleilaxu's Face Dancer exchange)
        return
    START[phase](g)
