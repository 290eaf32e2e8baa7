"""The Nexus and alliances of the classic Dune engine (adjudicator/dune/alliance.py): a Nexus
follows a later Shai-Hulud, two players who name each other are allied, allies never fight nor
share a territory, and win together with four strongholds."""

from dune_helpers import RULES, act, at, move_forces, new, refused

from adjudicator.dune.invariants import problems


def ally(g, a, b):
    g.p(a)["ally"], g.p(b)["ally"] = b, a


def nexus_position():
    """Turn 2: a Shai-Hulud is turned, then a territory card ends the blow."""
    state = new("atreides", "harkonnen", "fremen")
    state["turn"], state["storm"] = 2, 0
    state["order"] = ["atreides", "harkonnen", "fremen"]
    g = at(state, {"t": "auto", "kind": "nexus"}, {"t": "chance", "kind": "spice-card"}, phase="charity")
    act(state, "chance", "spice-card", card="shai-hulud")
    act(state, "chance", "spice-card", card="red-chasm")
    return state, g


def test_a_later_shai_hulud_opens_a_nexus_and_naming_each_other_allies():
    state, g = nexus_position()
    assert RULES.prompt(state)["kind"] == "nexus" and RULES.prompt(state)["by"] == "atreides"
    act(state, "atreides", "ally", **{"with": "fremen"})
    assert g.p("atreides")["ally"] is None  # a proposal only
    act(state, "harkonnen", "ally", **{"with": "fremen"})
    out = act(state, "fremen", "ally", **{"with": "atreides"})
    assert "dune.engine-nexus" in out.rulings
    assert g.p("atreides")["ally"] == "fremen" and g.p("fremen")["ally"] == "atreides"
    assert g.p("harkonnen")["ally"] is None and "nexus" not in state
    assert RULES.prompt(state)["kind"] == "charity" or state["phase"] != "spice-blow"


def test_no_nexus_on_turn_one_nor_without_a_worm():
    state = new("atreides", "harkonnen")
    state["turn"], state["storm"] = 2, 0
    at(state, {"t": "auto", "kind": "nexus"}, {"t": "chance", "kind": "spice-card"}, phase="charity")
    act(state, "chance", "spice-card", card="red-chasm")
    assert all(t.get("kind") != "nexus" for t in state["stack"])


def test_an_ally_is_broken_then_another_chosen_in_the_same_nexus():
    state, g = nexus_position()
    ally(g, "atreides", "harkonnen")
    assert [a.do for a in RULES.legal_actions(state)] == ["break-alliance", "pass"]
    assert refused(state, "atreides", "ally", **{"with": "fremen"}).code == "dune.not-offered"
    act(state, "atreides", "break-alliance")
    assert g.p("harkonnen")["ally"] is None and RULES.prompt(state)["by"] == "atreides"
    act(state, "atreides", "ally", **{"with": "fremen"})
    act(state, "harkonnen", "pass")
    act(state, "fremen", "ally", **{"with": "atreides"})
    assert g.p("fremen")["ally"] == "atreides"


def test_allies_never_battle():
    state = new("atreides", "harkonnen", "fremen")
    state["storm"], state["order"] = 0, ["atreides", "harkonnen", "fremen"]
    g = at(state, {"t": "auto", "kind": "battles"})
    move_forces(g, "atreides", "the-great-flat@14", 2)
    move_forces(g, "harkonnen", "the-great-flat@14", 2)
    move_forces(g, "fremen", "the-great-flat@14", 2)
    ally(g, "atreides", "fremen")
    RULES.settle(g)
    assert [a.to_json() for a in RULES.legal_actions(state)] == [
        {"by": "atreides", "do": "battle", "territory": "the-great-flat", "opponent": "harkonnen"}]
    err = refused(state, "atreides", "battle", territory="the-great-flat", opponent="fremen")
    assert err.code == "dune.not-offered"


def test_forces_ending_beside_an_ally_go_to_the_tanks():
    state = new("atreides", "harkonnen")
    state["storm"] = 0
    g = at(state, {"t": "decide", "kind": "move", "player": "harkonnen"})
    ally(g, "atreides", "harkonnen")
    move_forces(g, "atreides", "polar-sink", 1)
    move_forces(g, "harkonnen", "polar-sink", 1)  # the Polar Sink is shared freely
    move_forces(g, "harkonnen", "imperial-basin@9", 3)
    out = act(state, "harkonnen", "move", **{"from": "carthag@10", "to": "arrakeen@9", "count": 4})
    assert "dune.alliances" in out.rulings
    assert g.forces("arrakeen@9", "harkonnen") == 0 and g.p("harkonnen")["tanks"] == 4
    assert g.forces("arrakeen@9", "atreides") == 10 and g.forces("polar-sink", "harkonnen") == 1
    assert g.forces("imperial-basin@9", "harkonnen") == 3 and problems(state) == []


def test_allies_win_with_four_strongholds_and_three_are_not_enough():
    state = new("atreides", "harkonnen", "fremen")
    state["turn"] = 4
    g = at(state, phase="mentat-pause")
    ally(g, "atreides", "harkonnen")
    move_forces(g, "atreides", "sietch-tabr@13", 1)
    RULES.settle(g)
    assert state["result"] is None  # Arrakeen, Carthag, Sietch Tabr: three for an alliance
    at(state, phase="mentat-pause")
    state["turn"] = 4
    move_forces(g, "harkonnen", "habbanya-sietch@16", 1)
    out_state = RULES.settle(g)
    assert out_state is None
    assert state["result"] == {"finished": True, "winners": ["atreides", "harkonnen"], "turn": 4,
                               "how": "strongholds"}


# --- unknown cards in logs ("?") ----------------------------------------------------------------------
def test_an_unknown_draw_is_named_when_played_and_the_verdict_is_unverifiable():
    state = new("atreides", "harkonnen")
    state["storm"], state["order"] = 0, ["atreides", "harkonnen"]
    g = at(state, {"t": "auto", "kind": "battles"}, {"t": "chance", "kind": "draw-treachery", "player": "atreides"})
    move_forces(g, "atreides", "the-great-flat@14", 5)
    move_forces(g, "harkonnen", "the-great-flat@14", 4)
    act(state, "chance", "draw-treachery", player="atreides", card="?")
    assert g.p("atreides")["hand"] == ["?"] and state["treachery"]["hidden"] == 1 and problems(state) == []
    assert "crysknife" in state["treachery"]["deck"]  # still counted there until named
    act(state, "atreides", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "atreides", "pass")  # no prescience
    assert all("?" not in str(a.to_json()) for a in RULES.legal_actions(state))  # offers name known cards only
    out = act(state, "atreides", "plan", leader="thufir-hawat", dial=3, weapon="crysknife")
    assert out.verdict == "unverifiable" and out.code == "hidden-information" and "crysknife" in out.message
    assert "dune.engine-hidden-cards" in out.rulings
    assert g.p("atreides")["hand"] == [] and state["treachery"]["hidden"] == 0
    assert "crysknife" not in state["treachery"]["deck"] and problems(state) == []


def test_an_unknown_card_cannot_be_one_the_deck_no_longer_holds():
    state = new("atreides", "harkonnen")
    state["storm"], state["order"] = 0, ["atreides", "harkonnen"]
    g = at(state, {"t": "auto", "kind": "battles"}, {"t": "chance", "kind": "draw-treachery", "player": "atreides"})
    move_forces(g, "atreides", "the-great-flat@14", 5)
    move_forces(g, "harkonnen", "the-great-flat@14", 4)
    act(state, "chance", "draw-treachery", player="atreides", card="?")
    state["treachery"]["deck"].remove("lasgun")  # the Lasgun is known to be elsewhere
    state["treachery"]["discard"].append("lasgun")
    act(state, "atreides", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "atreides", "pass")  # no prescience
    err = refused(state, "atreides", "plan", leader="thufir-hawat", dial=3, weapon="lasgun")
    assert err.code == "dune.card-not-playable"
    act(state, "atreides", "plan", leader="thufir-hawat", dial=3)  # keeping the unknown card is legal
    assert g.p("atreides")["hand"] == ["?"]
