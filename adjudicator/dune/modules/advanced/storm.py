"""The Storm deck, the advanced game with the Fremen seated (ruling dune.storm-later-turns; our
reading in dune.engine-storm-deck): from the second turn a Storm card decides the storm's move in
place of the two dials (storm.py asks the hook `storm-decided-by`). The card drawn the turn before
is recorded when it is revealed, in this Storm phase: only the Fremen saw it earlier, and that
knowledge is no action."""

from __future__ import annotations

from ....core.errors import IllegalAction
from ....core.rng import below
from ...deck import named_face_up
from ...game import Game
from ...registry import ChanceKind, chance_kind, hook
from ...storm import add_dial

MODULE = "advanced"  # every listener here runs only in its games
RULINGS = ("dune.storm-later-turns", "dune.engine-storm-deck")


@hook("storm-decided-by", module=MODULE)
def storm_deck(g: Game) -> list[dict] | None:
    """The Storm card in place of the dials, from turn 2 while the Fremen play."""
    return [{"t": "chance", "kind": "storm-card"}] if g.state["turn"] > 1 and g.player_of("fremen") else None


def _deal_card(g: Game, task: dict) -> dict:
    deck = g.c.map["storm"]["deck"]
    return {"do": "storm-card", "value": deck[below(g.state, len(deck))]}


def _check_card(g: Game, task: dict, data: dict) -> None:
    value = data.get("value")
    named_face_up(value, "storm-card")
    if not isinstance(value, int) or isinstance(value, bool) or value not in g.c.map["storm"]["deck"]:
        raise IllegalAction("dune.storm-dial-out-of-range", "A Storm card reads 1 to 6.", RULINGS)


chance_kind(ChanceKind("storm-card", _deal_card, _check_card, add_dial, RULINGS))
