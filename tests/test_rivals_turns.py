"""A Rival's Agent turn, its gains, savings, trades, swords and choices, each against the rule of
the booklet for 1-2 players (Uprising, Russian edition) it rests on (issue #13). The numbers are
the booklet's own where it gives them (two troops from the garrison, spending order, 1 and 2
sandworms) and the data's card facts elsewhere."""

import pytest
from rivals_helpers import RULES, apply, draw, hagal_draw, new_game, send, until

from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.game import Game
from adjudicator.imperium.modules.rivals.turn import _rival_choice, economy
from adjudicator.imperium.registry import adjust
from adjudicator.simulate import simulate


def at_rival_draw(players=1, seed=1, free=()):
    state = new_game(players, seed)
    until(state, hagal_draw())
    for space in free:  # the scenario needs these spaces free, whoever went there before
        state["board"]["occupied"].pop(space, None)
    return state


def test_the_card_names_the_space_and_only_that_action_is_offered():
    """p. 2: the House Hagal card turned over names the Rival's space."""
    state = at_rival_draw(free=["heighliner"])
    rid = state["stack"][-1]["player"]
    draw(state, "heighliner")
    assert RULES.prompt(state)["by"] == rid
    assert [a.to_json() for a in RULES.legal_actions(state)] == [
        {"by": rid, "do": "rival-agent", "card": "heighliner", "space": "heighliner"}]


def test_a_rival_sent_to_another_space_is_flagged_with_the_rule():
    state = at_rival_draw(free=["heighliner"])
    rid = state["stack"][-1]["player"]
    draw(state, "heighliner")
    with pytest.raises(IllegalAction) as err:
        apply(state, by=rid, do="rival-agent", card="heighliner", space="secrets")
    assert err.value.code == "rival.wrong-space"
    assert "rivals.agent-placement" in err.value.rulings


def test_heighliner_gives_influence_and_troops_into_the_conflict():
    """p. 2: one troop per icon, into the Conflict on a combat space, plus up to two from the
    garrison even when the card recruits none."""
    state = at_rival_draw(free=["heighliner"])
    rid = state["stack"][-1]["player"]
    pl = state["players"][rid]
    before = (pl["influence"]["guild"], dict(pl["troops"]))
    draw(state, "heighliner")
    apply(state, by=rid, do="rival-agent", card="heighliner", space="heighliner")
    assert pl["influence"]["guild"] == before[0] + 1
    assert pl["troops"]["conflict"] == before[1]["conflict"] + 3 + 2
    assert pl["troops"]["garrison"] == before[1]["garrison"] - 2
    assert pl["solari"] == 0 and pl["spice"] == 0  # the space's own effects never apply (p. 2-3)


def test_a_taken_space_means_the_next_card():
    state = at_rival_draw()
    state["board"]["occupied"]["heighliner"] = "p1"
    top = state["stack"][-1]
    draw(state, "heighliner")
    again = state["stack"][-1]
    assert again["t"] == "chance" and again["kind"] == "draw-hagal" and again["player"] == top["player"]
    assert "heighliner" in state["hagal"]["discard"]


def test_a_spy_card_places_a_spy_then_the_next_card():
    """p. 2: three cards place a spy on a kind of post; placed or not, another card follows."""
    state = at_rival_draw()
    state["board"]["spies"] = {"post-landsraad-council": "p1"}
    rid = state["stack"][-1]["player"]
    spies = state["players"][rid]["spies"]
    draw(state, "place-spy-green")
    assert state["board"]["spies"]["post-landsraad-hall"] == rid
    assert state["players"][rid]["spies"] == spies - 1
    assert state["stack"][-1]["kind"] == "draw-hagal"


def test_the_reshuffle_card_shuffles_the_discard_back():
    """p. 2: the Reshuffle card (two players) makes a new deck of the discards."""
    state = at_rival_draw(players=2)
    state["board"]["occupied"]["heighliner"] = "p1"
    draw(state, "heighliner")  # taken: discarded, next card
    draw(state, "reshuffle")
    hagal = state["hagal"]
    assert hagal["discard"] == [] and len(hagal["deck"]) == 38
    assert state["stack"][-1]["kind"] == "draw-hagal"


def test_swordmaster_savings_spend_solari_then_spice_then_intrigue_then_water():
    """p. 3: once its resources add up to the cost on its card (Staban Tuek: 9 in our data), the
    Rival spends them in that order, keeps the rest and takes its third Agent."""
    state = new_game(1)
    g = Game(state)
    pl = g.p("r1")
    intrigue = sorted(state["intrigue_deck"]["cards"])[:2]
    for card in intrigue:
        state["intrigue_deck"]["cards"].remove(card)
    pl.update(solari=4, spice=3, water=1, intrigue=list(intrigue))
    economy(g, {"player": "r1"}, {})
    assert (pl["solari"], pl["spice"], pl["water"], pl["intrigue"]) == (0, 0, 1, [])
    assert pl["swordmaster"] and pl["agents"] == 3
    assert sorted(state["intrigue_discard"]) == intrigue


def test_after_the_swordmaster_resources_turn_into_victory_points():
    """p. 3: each time the amount of one resource reaches its rate, it becomes 1 VP."""
    state = new_game(1)
    g = Game(state)
    pl = g.p("r1")
    pl.update(swordmaster=True, agents=3, spice=15, water=3, solari=2)
    vp = pl["vp"]
    economy(g, {"player": "r1"}, {})
    assert (pl["spice"], pl["water"], pl["solari"], pl["vp"]) == (1, 0, 2, vp + 3)


def test_below_the_cost_nothing_is_spent():
    state = new_game(1)
    g = Game(state)
    pl = g.p("r2")  # Feyd-Rautha: 4 in our data
    pl.update(solari=2, spice=1, water=0)
    economy(g, {"player": "r2"}, {})
    assert (pl["solari"], pl["spice"], pl["swordmaster"], pl["agents"]) == (2, 1, False, 2)


def test_a_rival_takes_influence_where_it_has_least_leftmost_on_a_tie():
    """p. 3: least influence first; among equals, the faction further left on its card
    (Staban Tuek's priority in our data: guild, fremen, bene-gesserit, emperor)."""
    state = new_game(1)
    g = Game(state)
    g.p("r1")["influence"].update({"guild": 1, "fremen": 0, "bene-gesserit": 0, "emperor": 2})
    offers = [{"faction": f} for f in ("emperor", "guild", "bene-gesserit", "fremen")]
    assert _rival_choice(offers, g, {"player": "r1", "kind": "faction", "delta": 1}) == [{"faction": "fremen"}]
    g.p("r1")["influence"]["fremen"] = 1
    assert _rival_choice(offers, g, {"player": "r1", "kind": "faction", "delta": 1}) == [{"faction": "bene-gesserit"}]
    player = {"player": "p1", "kind": "faction", "delta": 1}
    assert adjust("choice-offers", offers, g, player) == offers  # a player chooses: the hook is not asked


def test_harvest_without_maker_hooks_takes_bonus_and_printed_spice():
    """p. 3: the bonus spice always; with no sandworm called, the space's own spice."""
    state = new_game(1)
    g = Game(state)
    state["board"]["bonus_spice"]["hagga-basin"] = 2
    send(g, "r1", "hagga-imperial-basin", "hagga-basin")
    assert g.p("r1")["spice"] == 2 + 2 and state["board"]["bonus_spice"]["hagga-basin"] == 0
    assert g.p("r1")["worms"] == 0


def test_harvest_with_maker_hooks_calls_two_sandworms_in_the_deep_desert():
    """p. 3: with Maker Hooks, two sandworms in the Deep Desert (one in Hagga Basin), and then
    only the bonus spice; the Shield Wall down so no rule keeps them out."""
    state = new_game(1)
    g = Game(state)
    state["board"]["shield_wall"] = False
    state["board"]["bonus_spice"]["deep-desert"] = 1
    g.p("r2")["maker_hooks"] = True
    send(g, "r2", "deep-desert")
    assert (g.p("r2")["worms"], g.p("r2")["spice"]) == (2, 1)


def test_signet_ring_from_the_leader_card_and_the_garrison_deployment():
    """Spice Refinery card: the Rival's Signet Ring (Staban Tuek: 1 spice in our data), and on a
    combat space up to two garrison troops into the Conflict (p. 2)."""
    state = new_game(1)
    g = Game(state)
    send(g, "r1", "spice-refinery")
    assert g.p("r1")["spice"] == 1
    assert g.p("r1")["troops"]["conflict"] == 2 and g.p("r1")["troops"]["garrison"] == 1


def test_sietch_tabr_gives_maker_hooks_and_desert_tactics_then_breaks_the_wall():
    state = new_game(1)
    g = Game(state)
    send(g, "r1", "sietch-tabr")
    assert g.p("r1")["maker_hooks"] and g.p("r1")["water"] == 2
    assert g.p("r1")["troops"]["conflict"] == 3  # one recruited and two from the garrison
    send(g, "r1", "desert-tactics")
    assert state["board"]["shield_wall"] is False and g.p("r1")["influence"]["fremen"] == 1


def test_considered_deployment_keeps_troops_home_when_far_ahead():
    """p. 4: at levels I-II a Rival leading by three units or more does not deploy."""
    state = new_game(1, options=["considered-deployment"])
    g = Game(state)
    state["board"]["conflict"] = next(c for c, d in g.content.conflicts.items() if d["level"] == 1)
    g.p("r1")["troops"].update(conflict=3, garrison=0, supply=9)
    send(g, "r1", "heighliner")
    assert g.p("r1")["troops"]["conflict"] == 3 and g.p("r1")["troops"]["garrison"] == 3


def test_combat_swords_come_from_a_house_hagal_card():
    """p. 3: at the start of combat a Rival with a unit in the Conflict turns over a card and
    adds its swords (Heighliner 5, Sardaukar 4 in our data)."""
    state = new_game(1, seed=3)
    top = until(state, hagal_draw("swords"))
    pl = state["players"][top["player"]]
    swords = pl["swords"]
    card = "heighliner" if "heighliner" in state["hagal"]["deck"] else "sardaukar"
    draw(state, card)
    assert pl["swords"] == swords + {"heighliner": 5, "sardaukar": 4}[card]


def test_two_players_the_first_player_marker_skips_the_rival():
    """p. 2: with two players the marker passes only between the players."""
    state = new_game(2)
    until(state, lambda t: state["round"] == 2)
    assert state["first"] == "p2"
    until(state, lambda t: state["round"] == 3)
    assert state["first"] == "p1"


@pytest.mark.parametrize("seed", [1, 3])
def test_two_players_the_rival_always_acts_second(seed):
    """p. 2: the Rival sits straight after the first player, whoever holds the marker: each
    round's Agent turns go first player, Rival, other player while all three have Agents."""
    log = simulate("uprising", 2, seed)
    rival = log["setup"]["rivals"][0]["id"]
    rounds, by_round = 0, {}
    for a in log["actions"]:
        rounds += a["do"] == "reveal-conflict"
        if a["do"] in ("send-agent", "rival-agent"):
            by_round.setdefault(rounds, []).append(a["by"])
    assert len(by_round) >= 3
    for seq in by_round.values():
        assert seq[1] == rival and seq[0] != rival  # the second Agent turn of every round
        assert seq[3] == seq[0]  # and the first player again after the other player


def test_a_rival_takes_no_faction_bonus_but_takes_the_alliance():
    """p. 2: Rivals gain and lose Alliances, never the bonus at 4 influence."""
    state = new_game(1)
    g = Game(state)
    g.p("r1")["influence"]["fremen"] = 3
    stack = len(state["stack"])
    send(g, "r1", "fremkit")
    assert g.p("r1")["influence"]["fremen"] == 4 and state["alliances"]["fremen"] == "r1"
    assert not any(t.get("src") == "bonus:fremen" for t in state["stack"][stack - 1:])
