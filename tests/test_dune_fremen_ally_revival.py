"""The Fremen's alliance advantage (GF9 rulebook, Factions: Fremen 2.04.11, a basic advantage marked
for Karama): their ally's free revival is 3 at the Fremen's discretion (ruling
dune.fremen-ally-revival; factions/fremen.py). The Fremen decide (`grant` / `pass`) just before
their ally revives; both answers, the cases where nothing is asked, and a Karama's cancel."""

from __future__ import annotations

from dune_helpers import RULES, act, at, give, new

from adjudicator.dune.invariants import problems
from adjudicator.dune.revival import start_revival


def offered(state):
    return [a.data for a in RULES.legal_actions(state)]


def revival(*factions, allied=True, dead=5):
    """The Revival phase starting with the Atreides (own free revival 2) holding `dead` forces in the Tanks."""
    state = new(*factions)
    g = at(state, phase="revival", turn=2)
    g.to_tanks("arrakeen@9", "atreides", dead)
    if allied:
        g.p("fremen")["ally"], g.p("atreides")["ally"] = "atreides", "fremen"
    start_revival(g)
    return state, g


def test_the_fremen_may_give_their_ally_a_free_revival_of_3():
    state, g = revival("fremen", "atreides")
    assert g.top == {"t": "decide", "kind": "ally-revival", "player": "fremen", "for": "atreides"}
    assert offered(state) == [{"by": "fremen", "do": "grant"}, {"by": "fremen", "do": "pass"}]
    out = act(state, "fremen", "grant")
    assert "dune.fremen-ally-revival" in out.rulings
    spice = g.p("atreides")["spice"]
    out = act(state, "atreides", "revive", forces=3)
    assert g.p("atreides")["spice"] == spice and g.p("atreides")["tanks"] == 2  # all three free
    assert "dune.fremen-ally-revival" in out.rulings and problems(state) == []


def test_the_fremen_may_refuse_and_the_ally_revives_with_its_own_free_number():
    state, g = revival("fremen", "atreides")
    act(state, "fremen", "pass")
    spice = g.p("atreides")["spice"]
    act(state, "atreides", "revive", forces=3)
    assert g.p("atreides")["spice"] == spice - 2 and problems(state) == []  # 2 free, the third at 2


def test_nothing_to_decide_without_an_alliance_or_beyond_the_allys_own_free_revival():
    for allied, dead in ((False, 5), (True, 2)):
        state, g = revival("fremen", "atreides", allied=allied, dead=dead)
        assert g.top["kind"] == "revive" and g.top["player"] == "atreides"


def test_a_karama_cancels_the_grant_for_that_revival():
    """The advantage carries the Karama mark (2.04.11): another player's Karama cancels its use."""
    state, g = revival("fremen", "atreides", "harkonnen")
    act(state, "fremen", "grant")
    give(g, "harkonnen", "karama")
    act(state, "harkonnen", "play", card="karama", against="fremen-ally-revival")
    spice = g.p("atreides")["spice"]
    act(state, "atreides", "revive", forces=3)
    assert g.p("atreides")["spice"] == spice - 2 and problems(state) == []


def test_a_log_that_goes_on_without_the_decision_reads_it_as_a_pass():
    """Logs written before the decision existed record the ally's revival next: their old meaning."""
    state, g = revival("fremen", "atreides")
    spice = g.p("atreides")["spice"]
    out = act(state, "atreides", "revive", forces=3)
    assert out.verdict == "legal" and g.p("atreides")["spice"] == spice - 2 and problems(state) == []
