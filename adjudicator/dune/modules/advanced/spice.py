"""The advanced game's Spice rules: the double Spice Blow's second discard pile, made at setup
(rulings dune.advanced-double-blow, dune.engine-double-blow; spice.py turns a card on each pile
while the state has two), and the spice flow of the cities and Tuek's Sietch, paid to their
occupants before Spice Collection (ruling dune.advanced-spice-flow; hook `collecting`)."""

from __future__ import annotations

from ...game import Game
from ...registry import hook

MODULE = "advanced"  # every listener here runs only in its games
SPICE_FLOW = {"arrakeen": 2, "carthag": 2, "tueks-sietch": 1}  # per occupant each collection


@hook("setup-tasks", module=MODULE)
def second_pile(g: Game) -> None:  # answers no task: it only makes the pile
    g.state["spice_deck"]["discard_b"] = []


@hook("collecting", module=MODULE)
def spice_flow(g: Game) -> None:
    for terr, amount in sorted(SPICE_FLOW.items()):
        for q in g.order:
            if g.combatant(terr, q):  # advisors collect nothing
                g.gain(q, amount)
    g.rulings.append("dune.advanced-spice-flow")
