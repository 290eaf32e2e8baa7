"""The Fremen's and the Harkonnen's once-per-game special Karama powers, advanced game
(adjudicator/dune/karama_powers.py; rulings dune.karama, dune.engine-karama-powers): the window
decision that asks for them, each power used and refused, and a log that tries one again."""

import pytest
from dune_helpers import RULES, act, move_forces, refused

from adjudicator.core.actions import Action
from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.spice import start_blow

pytestmark = pytest.mark.usefixtures("dune_unlocked")  # the rule system is refused to users yet


def new(*factions, modules=("advanced",)):
    game = {"system": "dune", "modules": list(modules), "players": [{"id": f, "faction": f} for f in factions]}
    return RULES.new_state(game, {})


def give(g, pid, *cards):
    for card in cards:
        g.state["treachery"]["deck"].remove(card)
        g.p(pid)["hand"].append(card)
    g.p(pid)["hand"].sort()


def chance(state, do, **data):
    return RULES.apply(state, Action({"by": "chance", "do": do, **data}))


# --- Fremen: a Shai-Hulud where they wish ----------------------------------------------------------------
def _blow(state, turn=2, karama=True):
    """The Spice Blow of `turn` begun, the Fremen holding a Karama; both cards turned on territories
    away from the forces below."""
    g = Game(state)
    state["turn"], state["storm"], state["phase"] = turn, 0, "spice-blow"
    state["order"] = list(g.seats)
    state["stack"] = [{"t": "flow", "phase": "charity"}]
    if karama:
        give(g, "fremen", "karama")
    move_forces(g, "harkonnen", "funeral-plain@14", 3)
    move_forces(g, "fremen", "funeral-plain@14", 2)
    g.state["spice"]["funeral-plain@14"] = 6
    g.state["bank"] -= 6
    start_blow(g)
    RULES.settle(g)
    cards = ["the-great-flat", "south-mesa"]
    while RULES.prompt(state).get("kind") == "spice-card":  # two in the advanced game, one in the basic
        chance(state, "spice-card", card=cards.pop(0))
    return g


def test_the_fremen_put_a_worm_in_any_sand_territory_once_a_game():
    state = new("fremen", "harkonnen")
    g = _blow(state)
    assert RULES.prompt(state) == {"by": "fremen", "kind": "karama-window", "verbs": ["pass"]}
    offers = [a.data for a in RULES.legal_actions(state) if a.do == "play"]
    assert {"by": "fremen", "do": "play", "card": "karama", "power": True, "territory": "funeral-plain"} in offers
    assert all(o["territory"] != "arrakeen" for o in offers)  # sand only
    assert refused(state, "fremen", "play", card="karama", power=True, territory="arrakeen").code == "dune.karama-window"
    out = act(state, "fremen", "play", card="karama", power=True, territory="funeral-plain")
    assert out.verdict == "legal" and {"dune.engine-karama-powers", "dune.shai-hulud"} <= set(out.rulings)
    assert g.forces_in("funeral-plain", "harkonnen") == 0 and g.p("harkonnen")["tanks"] == 3  # devoured
    assert g.forces_in("funeral-plain", "fremen") == 2 and "funeral-plain@14" not in state["spice"]  # spared
    assert g.p("fremen")["karama_power"] and "karama" not in g.p("fremen")["hand"] and problems(state) == []
    act(state, "fremen", "pass")  # the window closes
    assert RULES.prompt(state)["kind"] == "nexus"  # the worm's Nexus
    act(state, "fremen", "pass")
    act(state, "harkonnen", "pass")
    assert RULES.prompt(state)["kind"] == "worm-ride"  # a normal worm: the Fremen may ride it
    give(g, "fremen", "karama")
    assert refused(state, "fremen", "play", card="karama", power=True,
                   territory="funeral-plain").code == "dune.no-karama-power"  # once a game


def test_no_worm_on_turn_one_nor_outside_the_blow_nor_in_the_basic_game_nor_for_another():
    state = new("fremen", "harkonnen")
    g = _blow(state, turn=1)
    assert RULES.prompt(state)["kind"] != "karama-window"
    assert refused(state, "fremen", "play", card="karama", power=True,
                   territory="funeral-plain").code == "dune.karama-window"
    state = new("fremen", "harkonnen")
    g = _blow(state)
    act(state, "fremen", "pass")
    assert RULES.prompt(state)["kind"] != "karama-window"
    state["phase"] = "bidding"  # the Nexus is no longer to come either
    state["stack"] = [{"t": "flow", "phase": "revival"}, {"t": "decide", "kind": "bid", "player": "fremen",
                       "bidders": ["fremen"], "high": 0, "leader": None, "passes": 0, "auction": 0}]
    err = refused(state, "fremen", "play", card="karama", power=True, territory="funeral-plain")
    assert err.code == "dune.karama-window"
    basic = new("fremen", "harkonnen", modules=())
    _blow(basic)
    assert RULES.prompt(basic)["kind"] != "karama-window"
    other = new("fremen", "harkonnen")
    g = _blow(other)
    give(g, "harkonnen", "karama")
    err = refused(other, "harkonnen", "play", card="karama", power=True, territory="funeral-plain")
    assert err.code == "dune.karama-window"  # the Harkonnen's power is another one
    assert g.forces_in("funeral-plain", "harkonnen") == 3


def test_without_a_karama_the_fremen_are_not_asked():
    state = new("fremen", "harkonnen")
    _blow(state, karama=False)
    assert RULES.prompt(state)["kind"] != "karama-window"
