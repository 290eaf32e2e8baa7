"""The special Treachery cards played from hand, Karama's uses and bribes (adjudicator/dune/cards.py,
bribes.py, bidding.py, movement.py), each a position answered by the facade as a log's action
would be (rulings dune.weather-control, dune.family-atomics, dune.hajr, dune.tleilaxu-ghola,
dune.truthtrance, dune.karama, dune.bribes, dune.engine-card-plays)."""

from functools import partial

from dune_helpers import RULES, act, at, give, move_forces, new, refused

from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.supply import refill
from adjudicator.positions import check_position

at = partial(at, turn=2)


def storm_window(*factions, storm=0):
    """Turn 2's Storm phase with both dials recorded: the storm window is open."""
    state = new(*factions)
    state["storm"], state["order"], state["dialers"] = storm, list(factions), list(factions[:2])
    g = at(state, phase="storm", turn=1)
    RULES.settle(g)
    act(state, "chance", "storm-dial", player=factions[0], value=1)
    act(state, "chance", "storm-dial", player=factions[1], value=1)
    assert g.top == {"t": "decide", "kind": "storm-window", "player": factions[0]}
    return state, g


# --- Weather Control -------------------------------------------------------------------------------------
def test_weather_control_sets_the_storm_move_in_place_of_the_dials():
    state, g = storm_window("atreides", "harkonnen")
    give(g, "harkonnen", "weather-control")
    err = refused(state, "harkonnen", "play", card="weather-control", sectors=5)  # not its window yet
    assert err.code == "dune.card-window-closed" and "dune.weather-control" in err.rulings
    act(state, "atreides", "pass")
    assert refused(state, "harkonnen", "play", card="weather-control", sectors=11).code == "dune.bad-card-play"
    out = act(state, "harkonnen", "play", card="weather-control", sectors=5)
    assert out.verdict == "legal" and "dune.weather-control" in out.rulings
    assert g.top["kind"] == "storm-window"  # the player's own window stays open
    act(state, "harkonnen", "pass")
    assert state["storm"] == 5 and "weather-control" in state["treachery"]["discard"] and problems(state) == []


def test_no_storm_window_on_the_first_turn():
    state = new("atreides", "harkonnen")
    state["dialers"] = []
    g = at(state, phase="storm", turn=0)
    RULES.settle(g)
    assert [t["kind"] for t in state["stack"][1:]] == ["storm-move", "storm-dial", "storm-dial"]


# --- Family Atomics ------------------------------------------------------------------------------------------
def test_family_atomics_destroys_the_wall_and_its_forces_and_opens_arrakeen_to_the_storm():
    state, g = storm_window("atreides", "harkonnen", storm=7)
    give(g, "atreides", "family-atomics")
    move_forces(g, "harkonnen", "shield-wall@8", 3)
    move_forces(g, "atreides", "imperial-basin@8", 2)  # next to the wall
    out = act(state, "atreides", "play", card="family-atomics")
    assert "dune.family-atomics" in out.rulings and g.forces("shield-wall@8", "harkonnen") == 0
    assert g.p("harkonnen")["tanks"] == 3 and state["shield_wall_destroyed"]
    act(state, "atreides", "pass")
    act(state, "harkonnen", "pass")  # the storm moves 2, from 7 to 9: Arrakeen's sector
    assert state["storm"] == 9 and g.forces("arrakeen@9", "atreides") == 0 and g.forces(
        "imperial-basin@8", "atreides") == 0 and problems(state) == []


def test_family_atomics_is_set_aside_out_of_the_game_not_discarded():
    """GF9 rulebook 3.01.07 (Family Atomics): the card is set aside after play, so it never comes
    back when the discard pile is shuffled into a new deck; a card discarded after play does."""
    state, g = storm_window("atreides", "harkonnen", storm=7)
    give(g, "atreides", "family-atomics")
    give(g, "atreides", "weather-control")
    move_forces(g, "atreides", "imperial-basin@8", 2)
    out = act(state, "atreides", "play", card="family-atomics")
    assert "dune.family-atomics-removed" in out.rulings
    t = state["treachery"]
    assert t["removed"] == ["family-atomics"] and "family-atomics" not in t["discard"] and problems(state) == []
    act(state, "atreides", "play", card="weather-control", sectors=1)
    assert "weather-control" in t["discard"] and t["removed"] == ["family-atomics"]
    t["discard"] += t.pop("deck")
    t["deck"] = []
    refill(state)
    assert "weather-control" in t["deck"] and "family-atomics" not in t["deck"] and problems(state) == []


def test_a_position_with_the_shield_wall_blown_has_family_atomics_out_of_the_game():
    scenario = {"game": {"system": "dune", "edition": "basic",
                         "players": [{"id": "paul", "faction": "Atreides"}, {"id": "vlad", "faction": "Harkonnen"}]},
                "turn": 3, "phase": "shipment-movement", "storm": 10, "shield_wall_destroyed": True,
                "players": {"paul": {"forces": {"Arrakeen": 10}}, "vlad": {"forces": {"Carthag": 10}}}}
    state = check_position({"scenario": scenario, "actions": [{"by": "paul", "do": "pass"}]})["state"]
    assert state["treachery"]["removed"] == ["family-atomics"] and "family-atomics" not in state["treachery"]["deck"]
    assert problems(state) == []


def test_family_atomics_far_from_the_wall_is_refused():
    state, g = storm_window("harkonnen", "atreides")
    give(g, "harkonnen", "family-atomics")  # the Harkonnen are only in Carthag, not next to the wall
    assert refused(state, "harkonnen", "play", card="family-atomics").code == "dune.card-window-closed"


# --- Hajr -------------------------------------------------------------------------------------------------------
def test_hajr_gives_an_extra_move_and_the_move_stays_pending():
    state = new("atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "move", "player": "atreides"})
    state["storm"] = 0
    give(g, "atreides", "hajr")
    assert refused(state, "harkonnen", "play", card="hajr", **{"from": "carthag@10", "to": "arrakeen@9",
                                                                "count": 1}).code == "dune.card-not-in-hand"
    out = act(state, "atreides", "play", card="hajr", **{"from": "arrakeen@9", "to": "imperial-basin@9", "count": 4})
    assert "dune.hajr" in out.rulings and g.top["kind"] == "move" and g.forces("imperial-basin@9", "atreides") == 4
    act(state, "atreides", "move", **{"from": "arrakeen@9", "to": "old-gap@9", "count": 2})
    assert g.forces("old-gap@9", "atreides") == 2 and problems(state) == []


def test_hajr_out_of_the_players_move_is_refused():
    state = new("atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "ship", "player": "atreides"})
    give(g, "atreides", "hajr")
    err = refused(state, "atreides", "play", card="hajr", **{"from": "arrakeen@9", "to": "old-gap@9", "count": 1})
    assert err.code == "dune.card-window-closed"


# --- Tleilaxu Ghola, Truthtrance ----------------------------------------------------------------------------------
def test_ghola_revives_a_leader_out_of_turn_or_five_forces_free():
    state = new("atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "move", "player": "harkonnen"})
    give(g, "atreides", "tleilaxu-ghola")
    g.p("atreides")["leaders"]["duncan-idaho"] = "tanks"
    g.to_tanks("arrakeen@9", "atreides", 6)
    assert refused(state, "atreides", "play", card="tleilaxu-ghola", forces=6).code == "dune.bad-card-play"
    assert refused(state, "atreides", "play", card="tleilaxu-ghola", leader="thufir-hawat").code == "dune.bad-card-play"
    out = act(state, "atreides", "play", card="tleilaxu-ghola", leader="duncan-idaho")
    assert out.verdict == "legal" and g.p("atreides")["leaders"]["duncan-idaho"] == "alive"
    assert g.top["player"] == "harkonnen" and g.p("atreides")["spice"] == 10 and problems(state) == []


def test_ghola_forces_and_an_unknown_card_named_by_its_play():
    state = new("atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "move", "player": "harkonnen"})
    g.to_tanks("arrakeen@9", "atreides", 6)
    g.p("atreides")["hand"] = ["?"]
    state["treachery"]["hidden"] = 1
    out = act(state, "atreides", "play", card="tleilaxu-ghola", forces=5)
    assert out.verdict == "unverifiable" and out.code == "hidden-information"
    assert g.p("atreides")["tanks"] == 1 and g.p("atreides")["reserves"] == 15 and problems(state) == []


def test_truthtrance_is_played_on_another_player():
    state = new("atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "move", "player": "harkonnen"})
    give(g, "atreides", "truthtrance")
    assert refused(state, "atreides", "play", card="truthtrance", asks="atreides").code == "dune.bad-card-play"
    assert "dune.truthtrance" in act(state, "atreides", "play", card="truthtrance", asks="harkonnen").rulings
    assert g.p("atreides")["hand"] == [] and problems(state) == []


def test_battle_cards_and_plays_before_the_game_are_refused():
    state = new("atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "move", "player": "harkonnen"})
    give(g, "atreides", "lasgun")
    assert refused(state, "atreides", "play", card="lasgun").code == "dune.card-not-playable"
    state["turn"] = 0
    assert refused(state, "atreides", "play", card="lasgun").code == "dune.not-before-play"


# --- Karama -------------------------------------------------------------------------------------------------------
def _battle(state, g, a, d, where="the-great-flat@14"):
    state["storm"], state["order"] = 0, [a, d]
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
    move_forces(g, a, where, 5)
    move_forces(g, d, where, 4)
    RULES.settle(g)
    act(state, a, "battle", territory=where.split("@")[0], opponent=d)


def test_karama_stops_the_voice_before_plans_are_revealed():
    state = new("bene-gesserit", "harkonnen")
    state["turn"] = 2
    g = Game(state)
    give(g, "harkonnen", "karama", "chaumas")
    _battle(state, g, "bene-gesserit", "harkonnen")
    act(state, "bene-gesserit", "voice", command="play", card="poison-weapon")
    out = act(state, "harkonnen", "play", card="karama", against="voice")
    assert "dune.karama" in out.rulings and "voice" not in state["battle"]
    act(state, "bene-gesserit", "plan", leader="alia", dial=1)
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=1)  # no poison weapon: no Voice to obey
    assert problems(state) == []


def test_karama_after_the_plans_or_against_an_unknown_advantage():
    state = new("bene-gesserit", "harkonnen")
    state["turn"] = 2
    g = Game(state)
    give(g, "harkonnen", "karama")
    _battle(state, g, "bene-gesserit", "harkonnen")
    act(state, "bene-gesserit", "pass")  # no Voice
    assert refused(state, "harkonnen", "play", card="karama", against="voice").code == "dune.karama-too-late"
    assert refused(state, "harkonnen", "play", card="karama", against="flying").code == "dune.bad-card-play"
    assert refused(state, "harkonnen", "play", card="karama", against="spiritual-advisor").code == "dune.karama-window"
    # asked only before the storm moves (karama.py; ruling dune.engine-karama-unattended)
    err = refused(state, "harkonnen", "play", card="karama", against="fremen-storm-losses")
    assert err.code == "dune.karama-window"


def test_karama_buys_a_card_free_with_a_bid_above_the_bidders_spice():
    state = new("atreides", "emperor")
    state["order"] = ["atreides", "emperor"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    give(g, "atreides", "karama")
    RULES.settle(g)
    assert {"by": "atreides", "do": "bid", "amount": 11, "karama": True} in [a.data for a in RULES.legal_actions(state)]
    assert refused(state, "emperor", "bid", amount=20, karama=True).code == "turn.not-your-turn"
    act(state, "atreides", "bid", amount=20, karama=True)
    out = act(state, "emperor", "pass")
    assert "dune.karama" in out.rulings and g.p("atreides")["spice"] == 10 and g.p("emperor")["spice"] == 10
    assert g.p("atreides")["hand"] == [] and "karama" in state["treachery"]["discard"] and problems(state) == []


def test_a_karama_bid_without_a_karama_is_refused():
    state = new("atreides", "emperor")
    state["order"] = ["atreides", "emperor"]
    g = at(state, {"t": "auto", "kind": "auction", "left": 1, "first": 0}, phase="revival")
    RULES.settle(g)
    assert refused(state, "atreides", "bid", amount=20, karama=True).code == "dune.card-not-in-hand"


def test_karama_ships_at_the_guild_rate_to_the_bank():
    state = new("atreides", "spacing-guild")
    g = at(state, {"t": "decide", "kind": "ship", "player": "atreides"})
    state["storm"] = 0
    give(g, "atreides", "karama")
    bank = state["bank"]
    out = act(state, "atreides", "ship", to="the-great-flat@14", count=3, karama=True)
    assert "dune.karama" in out.rulings and g.p("atreides")["spice"] == 7 and state["bank"] == bank + 3
    assert g.p("spacing-guild")["spice"] == 5 and g.p("atreides")["hand"] == [] and problems(state) == []


# --- bribes ---------------------------------------------------------------------------------------------------------
def test_a_bribe_waits_in_front_of_the_shield_until_the_mentat_pause():
    state = new("atreides", "harkonnen")
    g = at(state, {"t": "decide", "kind": "move", "player": "harkonnen"}, phase="mentat-pause")
    assert refused(state, "atreides", "bribe", to="atreides", amount=1).code == "dune.bad-bribe"
    assert refused(state, "atreides", "bribe", to="harkonnen", amount=11).code == "dune.bad-bribe"
    out = act(state, "atreides", "bribe", to="harkonnen", amount=4)
    assert "dune.bribes" in out.rulings and g.p("harkonnen")["spice"] == 10 and g.p("harkonnen")["bribes"] == 4
    assert problems(state) == []
    act(state, "harkonnen", "pass")  # the move ends; the Mentat Pause collects the bribe
    assert g.p("harkonnen")["spice"] == 14 and "bribes" not in g.p("harkonnen") and problems(state) == []


def test_karama_against_ones_own_battle_advantage_is_refused():
    """Seed 002 paragraph 72, ruling dune.engine-karama-not-own: a Karama stops another faction's
    advantage; the Bene Gesserit cannot Karama their own Voice, nor the Atreides their prescience."""
    state = new("bene-gesserit", "harkonnen")
    state["turn"] = 2
    g = Game(state)
    give(g, "bene-gesserit", "karama")
    _battle(state, g, "bene-gesserit", "harkonnen")
    act(state, "bene-gesserit", "voice", command="play", card="poison-weapon")
    err = refused(state, "bene-gesserit", "play", card="karama", against="voice")
    assert err.code == "dune.karama-own-advantage" and "dune.engine-karama-not-own" in err.rulings
    assert "voice" in state["battle"] and "karama" in g.p("bene-gesserit")["hand"]
    state = new("atreides", "harkonnen")
    state["turn"] = 2
    g = Game(state)
    give(g, "atreides", "karama")
    _battle(state, g, "atreides", "harkonnen")
    act(state, "atreides", "prescience", element="weapon")
    assert refused(state, "atreides", "play", card="karama", against="prescience").code == \
        "dune.karama-own-advantage"
