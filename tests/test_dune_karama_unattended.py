"""Karama against an advantage used while no decision is pending (karama.py; rulings dune.karama,
dune.engine-karama-unattended): the Fremen's half storm losses and their worm immunity, the Guild's
timing, the Tleilaxu's spice for a Ghola card. Each is stopped at a window asked just before it,
only of the other players who may hold a Karama."""

from dune_helpers import ADVANCED, RULES, act, chance, give, move_forces, new, refused
from ixtl_helpers import new_ixtl

from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.movement import start_shipment
from adjudicator.dune.spice import start_blow
from adjudicator.dune.storm import start_storm


# --- the Fremen's half losses in the storm ---------------------------------------------------------------
def _storm(karama="harkonnen"):
    """Turn 2's storm (a Storm card of 3: the advanced game, whose Fremen alone lose half to it) will
    move 3 sectors from sector 0 over 6 Fremen forces in a sand sector the storm passes."""
    state = new("fremen", "harkonnen", modules=ADVANCED)
    g = Game(state)
    state["turn"], state["storm"], state["order"] = 2, 0, ["fremen", "harkonnen"]
    state["stack"] = [{"t": "flow", "phase": "spice-blow"}]
    sand = next(loc for loc in g.c.locations if loc.endswith("@2") and g.c.kind(loc) == "sand"
                and loc.split("@")[0] not in g.c.sheltered)
    move_forces(g, "fremen", sand, 6)
    if karama:
        give(g, karama, "karama")
    start_storm(g)
    RULES.settle(g)
    chance(state, "storm-card", value=3)
    return state, g, sand


def test_a_karama_before_the_storm_moves_makes_the_fremen_lose_all():
    state, g, sand = _storm()
    assert RULES.prompt(state)["kind"] == "storm-window"
    out = act(state, "harkonnen", "play", card="karama", against="fremen-storm-losses")
    assert out.verdict == "legal" and "dune.engine-karama-unattended" in out.rulings
    give(g, "harkonnen", "karama")  # the deck's other one
    err = refused(state, "harkonnen", "play", card="karama", against="fremen-storm-losses")
    assert err.code == "dune.karama-window"  # stopped already
    act(state, "fremen", "pass")
    act(state, "harkonnen", "pass")
    assert g.forces(sand, "fremen") == 0 and g.p("fremen")["tanks"] == 6 and problems(state) == []


def test_without_a_karama_the_fremen_lose_half_and_never_stop_their_own():
    state, g, sand = _storm(karama=None)
    act(state, "fremen", "pass")
    act(state, "harkonnen", "pass")
    assert g.forces(sand, "fremen") == 3 and g.p("fremen")["tanks"] == 3
    state, g, sand = _storm(karama="fremen")
    err = refused(state, "fremen", "play", card="karama", against="fremen-storm-losses")
    assert err.code == "dune.karama-own-advantage"


# --- the Fremen spared by Shai-Hulud ---------------------------------------------------------------------
def _worm(karama="harkonnen"):
    """Turn 2's Spice Blow turns a Shai-Hulud over the Great Flat, where the Fremen have 4 forces."""
    state = new("fremen", "harkonnen", "atreides")
    g = Game(state)
    state["turn"], state["storm"], state["order"] = 2, 0, ["fremen", "harkonnen", "atreides"]
    state["stack"] = [{"t": "flow", "phase": "charity"}]
    d = state["spice_deck"]
    d["deck"].remove("the-great-flat")
    d["discard"].append("the-great-flat")
    move_forces(g, "fremen", "the-great-flat@14", 4)
    move_forces(g, "harkonnen", "the-great-flat@14", 2)
    if karama:
        give(g, karama, "karama")
    start_blow(g)
    worm = next(c for c in d["deck"] if g.c.spice_cards[c]["kind"] == "shai-hulud")
    chance(state, "spice-card", card=worm)
    return state, g


def test_a_karama_before_the_worm_devours_the_fremen_too():
    state, g = _worm()
    assert RULES.prompt(state) == {"by": "harkonnen", "kind": "karama-window", "verbs": ["pass"]}  # alone asked
    assert g.forces_in("the-great-flat", "harkonnen") == 2  # the worm waits
    offers = [a.data for a in RULES.legal_actions(state) if a.do == "play"]
    assert {"by": "harkonnen", "do": "play", "card": "karama", "against": "fremen-worm-immunity"} in offers
    out = act(state, "harkonnen", "play", card="karama", against="fremen-worm-immunity")
    assert "dune.engine-karama-unattended" in out.rulings
    act(state, "harkonnen", "pass")
    assert g.forces_in("the-great-flat", "fremen") == 0 and g.forces_in("the-great-flat", "harkonnen") == 0
    assert RULES.prompt(state)["kind"] == "spice-card" and problems(state) == []


def test_passed_or_with_no_karama_about_the_fremen_are_spared():
    state, g = _worm()
    act(state, "harkonnen", "pass")
    assert g.forces_in("the-great-flat", "fremen") == 4 and g.forces_in("the-great-flat", "harkonnen") == 0
    state, g = _worm(karama=None)
    assert RULES.prompt(state)["kind"] == "spice-card"  # nobody asked
    assert g.forces_in("the-great-flat", "fremen") == 4
    state, g = _worm(karama="fremen")
    assert RULES.prompt(state)["kind"] == "spice-card"  # the Fremen are never asked about their own


# --- the Guild's timing ------------------------------------------------------------------------------------
def _shipment():
    """The advanced game: the Guild's timing is an advanced advantage (ruling dune.spacing-guild-advanced)."""
    state = new("atreides", "spacing-guild", "harkonnen", modules=ADVANCED)
    g = Game(state)
    state["turn"], state["order"] = 2, ["atreides", "spacing-guild", "harkonnen"]
    state["stack"] = [{"t": "flow", "phase": "battle"}]
    give(g, "atreides", "karama")
    start_shipment(g)
    return state, g


def test_a_karama_makes_the_guild_act_in_its_storm_order_place():
    state, g = _shipment()
    assert RULES.prompt(state)["kind"] == "guild-timing"
    out = act(state, "atreides", "play", card="karama", against="guild-timing")
    assert "dune.engine-karama-unattended" in out.rulings
    assert refused(state, "spacing-guild", "go-now").code == "dune.not-offered"  # the Atreides come first
    act(state, "spacing-guild", "wait")
    act(state, "atreides", "pass")
    act(state, "atreides", "pass")
    assert [a.data["do"] for a in RULES.legal_actions(state)] == ["go-now"]  # before the Harkonnen
    act(state, "spacing-guild", "go-now")
    assert RULES.prompt(state) == {"by": "spacing-guild", "kind": "ship", "verbs": RULES.prompt(state)["verbs"]}


def test_the_guild_chooses_when_unstopped():
    state, g = _shipment()
    assert {a.data["do"] for a in RULES.legal_actions(state) if a.by == "spacing-guild"} >= {"go-now", "wait"}
    act(state, "spacing-guild", "go-now")
    assert RULES.prompt(state)["by"] == "spacing-guild"


# --- the Tleilaxu's spice for a Ghola card ---------------------------------------------------------------
def _ghola(karama="harkonnen"):
    state = new_ixtl("tleilaxu", "atreides", "harkonnen")
    g = Game(state)
    state["turn"], state["order"] = 2, ["tleilaxu", "atreides", "harkonnen"]
    state["stack"] = [{"t": "flow", "phase": "battle"}, {"t": "decide", "kind": "move", "player": "atreides"}]
    g.p("atreides")["reserves"] -= 2
    g.p("atreides")["tanks"] += 2
    give(g, "atreides", "tleilaxu-ghola")
    if karama:
        give(g, karama, "karama")
    return state, g


def test_a_karama_stops_the_tleilaxu_spice_for_a_ghola_card():
    state, g = _ghola()
    spice = g.p("tleilaxu")["spice"]
    act(state, "atreides", "play", card="tleilaxu-ghola", forces=2)
    assert RULES.prompt(state) == {"by": "harkonnen", "kind": "karama-window", "verbs": ["pass"]}
    out = act(state, "harkonnen", "play", card="karama", against="tleilaxu-ghola-income")
    assert "dune.engine-karama-unattended" in out.rulings
    act(state, "harkonnen", "pass")
    assert g.p("tleilaxu")["spice"] == spice and RULES.prompt(state)["kind"] == "move" and problems(state) == []


def test_the_ghola_spice_is_paid_when_passed_or_nobody_may_stop_it():
    for karama in ("harkonnen", None):
        state, g = _ghola(karama)
        spice = g.p("tleilaxu")["spice"]
        act(state, "atreides", "play", card="tleilaxu-ghola", forces=2)
        if karama:
            act(state, "harkonnen", "pass")
        assert g.p("tleilaxu")["spice"] == spice + 1 and RULES.prompt(state)["kind"] == "move"
