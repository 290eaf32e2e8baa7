"""Battle details of the classic Dune engine beyond the first engine's: the winner's option to
discard the cards it kept, and battles in a territory the storm cuts in two."""

import pytest

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.rules import DuneRules

RULES = DuneRules()


def new(*factions):
    return RULES.new_state({"system": "dune", "players": [{"id": f, "faction": f} for f in factions]}, {})


def act(state, by, do, **args):
    return RULES.apply(state, Action({"by": by, "do": do, **args}))


def refused(state, by, do, **args):
    with pytest.raises(IllegalAction) as err:
        act(state, by, do, **args)
    return err.value


def position(storm=0, forces=(("emperor", "the-great-flat@14", 5), ("harkonnen", "the-great-flat@14", 4))):
    state = new("emperor", "harkonnen")
    state["storm"], state["order"] = storm, ["emperor", "harkonnen"]
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
    g = Game(state)
    for pid, loc, n in forces:
        g.p(pid)["reserves"] -= n
        g.add_forces(loc, pid, n)
    for pid, card in (("emperor", "crysknife"), ("emperor", "shield"), ("harkonnen", "baliset")):
        state["treachery"]["deck"].remove(card)
        g.p(pid)["hand"].append(card)
    RULES.settle(g)
    return state, g


def test_the_winner_may_discard_the_cards_it_kept():
    state, g = position()
    act(state, "emperor", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "emperor", "plan", leader="bashar", dial=3, weapon="crysknife", defense="shield")
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, weapon="baliset")
    act(state, "emperor", "pass")
    act(state, "harkonnen", "pass")
    assert RULES.prompt(state)["kind"] == "winner-cards" and RULES.prompt(state)["by"] == "emperor"
    assert refused(state, "emperor", "discard", cards=["lasgun"]).code == "dune.not-offered"
    out = act(state, "emperor", "discard", cards=["crysknife"])
    assert "dune.engine-winner-cards" in out.rulings
    assert g.p("emperor")["hand"] == ["shield"] and sorted(state["treachery"]["discard"]) == ["baliset", "crysknife"]
    assert problems(state) == []
