"""The Fremen's and the Harkonnen's once-per-game special Karama powers, advanced game
(adjudicator/dune/modules/advanced/karama_powers.py; rulings dune.karama, dune.engine-karama-powers): the window
decision that asks for them, each power used and refused, and a log that tries one again."""

from functools import partial

from dune_helpers import ADVANCED, RULES, act, chance, give, move_forces, new, refused

from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.spice import start_blow

new = partial(new, modules=ADVANCED)


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
    err = refused(state, "fremen", "play", card="karama", power=True, territory="arrakeen")
    assert err.code == "dune.karama-window"
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


# --- Harkonnen: another's whole hand taken, as many cards given back -------------------------------------
def _bidding(state, karama=True, others=("crysknife", "shield")):
    """The Bidding phase of turn 2 begun; the Atreides hold two cards, the Harkonnen a Karama and a Lasgun."""
    from adjudicator.dune.bidding import start_bidding
    g = Game(state)
    state["turn"], state["phase"], state["order"] = 2, "bidding", list(g.seats)
    state["stack"] = [{"t": "flow", "phase": "revival"}]
    for pl in state["players"].values():  # the starting cards back in the deck
        state["treachery"]["deck"] += pl["hand"]
        pl["hand"] = []
    state["treachery"]["deck"].sort()
    give(g, "atreides", *others)
    give(g, "harkonnen", "lasgun", *(["karama"] if karama else []))
    start_bidding(g)
    RULES.settle(g)
    return g


def test_the_harkonnen_take_a_whole_hand_and_give_as_many_cards_back():
    state = new("harkonnen", "atreides")
    g = _bidding(state)
    assert RULES.prompt(state) == {"by": "harkonnen", "kind": "karama-window", "verbs": ["pass"]}
    offers = [a.data for a in RULES.legal_actions(state) if a.do == "play" and a.data.get("power")]
    assert offers == [{"by": "harkonnen", "do": "play", "card": "karama", "power": True, "takes": "atreides"}]
    err = refused(state, "harkonnen", "play", card="karama", power=True, takes="harkonnen")
    assert err.code == "dune.karama-window"
    out = act(state, "harkonnen", "play", card="karama", power=True, takes="atreides")
    assert out.verdict == "legal" and "dune.engine-karama-powers" in out.rulings
    assert g.p("harkonnen")["hand"] == ["crysknife", "lasgun", "shield"] and g.p("atreides")["hand"] == []
    assert RULES.prompt(state) == {"by": "harkonnen", "kind": "give-card", "verbs": ["give-card"]}
    assert refused(state, "harkonnen", "give-card", card="baliset").code == "dune.card-not-in-hand"
    act(state, "harkonnen", "give-card", card="lasgun")
    act(state, "harkonnen", "give-card", card="crysknife")
    assert g.p("harkonnen")["hand"] == ["shield"] and g.p("atreides")["hand"] == ["crysknife", "lasgun"]
    assert RULES.prompt(state)["kind"] == "karama-window" and problems(state) == []
    act(state, "harkonnen", "pass")
    assert RULES.prompt(state)["kind"] == "bid"  # the auction goes on, the hands as large as before
    give(g, "harkonnen", "karama")
    assert refused(state, "harkonnen", "play", card="karama", power=True,
                   takes="atreides").code == "dune.no-karama-power"  # once a game


def test_unseen_cards_are_taken_and_given_back_unknown():
    """A log whose writer saw none of the cards: the hand moves as "?", and a "?" given back from a
    hand the engine knows makes that hand unknown (who got which is no longer known)."""
    state = new("harkonnen", "atreides")
    g = _bidding(state)
    t = state["treachery"]
    g.p("atreides")["hand"] = ["?", "?"]  # as a log records draws it did not see
    t["deck"] += ["crysknife", "shield"]
    t["deck"].sort()
    t["hidden"] = 2
    assert problems(state) == []
    act(state, "harkonnen", "play", card="karama", power=True, takes="atreides")
    assert g.p("harkonnen")["hand"] == ["?", "?", "lasgun"]
    assert act(state, "harkonnen", "give-card", card="?").verdict == "legal"
    out = act(state, "harkonnen", "give-card", card="crysknife")  # named: it may be the other unknown card
    assert out.verdict == "unverifiable" and out.code == "hidden-information"
    assert g.p("atreides")["hand"] == ["?", "crysknife"] and g.p("harkonnen")["hand"] == ["lasgun"]
    assert problems(state) == []
    state = new("harkonnen", "atreides")
    g = _bidding(state)
    act(state, "harkonnen", "play", card="karama", power=True, takes="atreides")
    act(state, "harkonnen", "give-card", card="?")  # the engine knew all three cards
    assert g.p("harkonnen")["hand"] == ["?", "?"] and g.p("atreides")["hand"] == ["?"]
    assert state["treachery"]["hidden"] == 3 and problems(state) == []


def test_no_hand_taken_outside_the_bidding_nor_in_the_basic_game_nor_from_an_empty_hand():
    state = new("harkonnen", "atreides")
    _bidding(state)
    state["phase"] = "revival"
    err = refused(state, "harkonnen", "play", card="karama", power=True, takes="atreides")
    assert err.code == "dune.karama-window"
    basic = new("harkonnen", "atreides", modules=())
    _bidding(basic)
    assert RULES.prompt(basic)["kind"] != "karama-window"
    err = refused(basic, "harkonnen", "play", card="karama", power=True, takes="atreides")
    assert err.code == "dune.no-karama-power"
    empty = new("harkonnen", "atreides")
    _bidding(empty, others=())  # no other hand holds a card: the Harkonnen are not asked
    assert RULES.prompt(empty)["kind"] == "bid"
    err = refused(empty, "harkonnen", "play", card="karama", power=True, takes="atreides")
    assert err.code == "dune.karama-window"
