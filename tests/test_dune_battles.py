"""Battle details of the classic Dune engine beyond the first engine's: the winner's option to
discard the cards it kept, and battles in a territory the storm cuts in two."""

from dune_helpers import RULES, act, new, refused

from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems


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


def test_forces_on_opposite_sides_of_the_storm_do_not_fight():
    state, g = position(storm=6, forces=(("emperor", "false-wall-east@4", 3), ("harkonnen", "false-wall-east@8", 3)))
    assert state["battle"] is None and RULES.prompt(state)["kind"] != "choose-battle"  # no battle at all
    assert g.forces("false-wall-east@4", "emperor") == 3


def test_a_battle_on_one_side_of_the_storm_leaves_the_other_side_alone():
    state, g = position(storm=6, forces=(("emperor", "false-wall-east@4", 3), ("harkonnen", "false-wall-east@5", 2),
                                         ("harkonnen", "false-wall-east@8", 4)))
    assert [a.to_json() for a in RULES.legal_actions(state)] == [
        {"by": "emperor", "do": "battle", "territory": "false-wall-east", "sector": 4, "opponent": "harkonnen"}]
    err = refused(state, "emperor", "battle", territory="false-wall-east", opponent="harkonnen")
    assert err.code == "dune.not-offered"  # the side must be named
    act(state, "emperor", "battle", territory="false-wall-east", sector=4, opponent="harkonnen")
    assert refused(state, "emperor", "plan", leader="bashar", dial=4).code == "dune.dial-out-of-range"
    act(state, "emperor", "plan", leader="bashar", dial=1)
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=2)  # 2 forces on this side at most
    act(state, "emperor", "pass")
    act(state, "harkonnen", "pass")
    assert g.p("emperor")["tanks"] == 3 and g.forces("false-wall-east@5", "harkonnen") == 0
    assert g.forces("false-wall-east@8", "harkonnen") == 4 and g.p("harkonnen")["tanks"] == 2
    assert problems(state) == []


# --- Traitor cards recorded unknown (ruling dune.engine-hidden-cards) ------------------------------------
def hidden_traitor_game():
    """Setup where the Emperor's four Traitor cards and the one kept are recorded "?"."""
    state = new("emperor", "harkonnen")
    act(state, "chance", "draw-traitors", player="emperor", cards=["?", "?", "?", "?"])
    assert refused(state, "chance", "draw-traitors", player="harkonnen",
                   cards=["?", "?", "?"]).code == "dune.traitor-count"
    act(state, "chance", "draw-traitors", player="harkonnen", cards=["bashar", "burseg", "caid", "?"])
    out = act(state, "emperor", "keep-traitor", card="?")
    g = Game(state)
    assert out.verdict == "legal" and g.p("emperor")["traitors"] == ["?"] and state["traitor_hidden"] == 2
    assert problems(state) == []
    return state, g


def test_unknown_traitors_are_counted_in_the_deck():
    state, g = hidden_traitor_game()
    assert g.p("harkonnen")["traitors"] == ["?", "bashar", "burseg", "caid"]
    assert len(state["traitor_deck"]) == 7 and "bashar" not in state["traitor_deck"]


def test_an_unknown_traitor_called_is_named_and_unverifiable():
    state, g = hidden_traitor_game()
    state["storm"], state["order"] = 0, ["emperor", "harkonnen"]
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
    for pid, n in (("emperor", 5), ("harkonnen", 4)):
        g.p(pid)["reserves"] -= n
        g.add_forces("the-great-flat@14", pid, n)
    RULES.settle(g)
    act(state, "emperor", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "emperor", "plan", leader="hasimir-fenring", dial=1)
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=4)
    assert [a.do for a in RULES.legal_actions(state)] == ["call-traitor", "pass"]  # Feyd may be its card
    out = act(state, "emperor", "call-traitor")
    assert out.verdict == "unverifiable" and out.code == "hidden-information"
    assert g.p("emperor")["traitors"] == ["feyd-rautha"] and state["traitor_hidden"] == 1
    assert "feyd-rautha" not in state["traitor_deck"] and problems(state) == []


def test_an_unknown_traitor_cannot_be_a_leader_whose_card_is_known_elsewhere():
    state, g = hidden_traitor_game()
    g.p("harkonnen")["traitors"] = ["bashar", "burseg", "caid", "umman-kudu"]  # its unknown card named
    state["traitor_deck"].remove("umman-kudu")
    state["traitor_hidden"] -= 1
    state["storm"], state["order"] = 0, ["harkonnen", "emperor"]
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
    for pid, n in (("emperor", 5), ("harkonnen", 4)):
        g.p(pid)["reserves"] -= n
        g.add_forces("the-great-flat@14", pid, n)
    RULES.settle(g)
    act(state, "harkonnen", "battle", territory="the-great-flat", opponent="emperor")
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=1)
    act(state, "emperor", "plan", leader="bashar", dial=1)
    assert [a.do for a in RULES.legal_actions(state)] == ["call-traitor", "pass"]  # the Bashar's card
    act(state, "harkonnen", "pass")
    assert [a.do for a in RULES.legal_actions(state)] == ["pass"]  # the Emperor's "?" is not Umman Kudu
    assert refused(state, "emperor", "call-traitor").code == "dune.not-offered"


def test_both_plans_are_public_once_both_are_set_and_not_before():
    """dune.battle-plans-revealed: a first plan is its maker's alone; the second reveals both."""
    state, g = position()
    act(state, "emperor", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "emperor", "plan", leader="bashar", dial=3, weapon="crysknife", defense="shield")
    for viewer in (None, "harkonnen"):
        assert RULES.public_view(state, viewer)["battle"]["plans"] == {}
    assert list(RULES.public_view(state, "emperor")["battle"]["plans"]) == ["emperor"]
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1, weapon="baliset")
    for viewer in (None, "harkonnen", "emperor"):
        plans = RULES.public_view(state, viewer)["battle"]["plans"]
        assert plans["emperor"]["weapon"] == "crysknife" and plans["harkonnen"]["leader"] == "feyd-rautha"
    # spice is open to every observer (reading dune.shield-spice-open); hands are not
    assert RULES.public_view(state, None)["players"]["emperor"]["spice"] == state["players"]["emperor"]["spice"]
    assert RULES.public_view(state, "harkonnen")["players"]["emperor"]["hand"] == 0
