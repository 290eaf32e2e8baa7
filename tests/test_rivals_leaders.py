"""The Rival cards' own effects (booklet for 1-2 players, pp. 2-3; issue #13): the spy network a
Rival's third spy sets off, and the Signet Rings and networks of every Rival card in our data
(third-party facts, ruling rivals.leader-cards), Glossu Rabban's and Vladimir Harkonnen's
Rival-only cards included."""

import pytest
from rivals_helpers import RULES, apply, draw, hagal_draw, new_game, send, until

from adjudicator.core.errors import MalformedLog
from adjudicator.core.replay import replay
from adjudicator.imperium.game import Game
from adjudicator.imperium.modules.rivals.turn import leader_faction
from adjudicator.imperium.zones import place_spy
from adjudicator.simulate import simulate

SIGNET = [{"custom": "rival-signet", "recruits": True}, {"custom": "rival-troops"}]  # a card of a Signet Ring


def rival_as(leader: str, players: int = 1) -> tuple[Game, str]:
    """A game whose first Rival carries `leader`'s Rival card."""
    g = Game(new_game(players))
    g.p("r1")["rival"]["leader"] = leader
    return g, "r1"


def two_spies(g: Game, rid: str) -> None:
    for post in ("post-guild", "post-fremen"):
        place_spy(g, rid, post)


def test_the_third_spy_recalls_the_other_two_and_sets_off_the_network():
    """p. 3: on its third spy a Rival takes back the other two and carries out its network
    (Lady Jessica's in our data: 2 water)."""
    g, rid = rival_as("lady-jessica")
    two_spies(g, rid)
    water = g.p(rid)["water"]
    assert g.p(rid)["water"] == water and g.p(rid)["spies"] == 1  # two spies: nothing yet
    place_spy(g, rid, "post-emperor")
    assert g.state["board"]["spies"] == {"post-emperor": rid}
    assert g.p(rid)["spies"] == 2 and g.p(rid)["water"] == water + 2
    assert "rivals.spy-network" in g.rulings and "rivals.leader-cards" in g.rulings


def test_a_players_third_spy_sets_off_nothing():
    g = Game(new_game(1))
    for post in ("post-guild", "post-fremen", "post-emperor"):
        place_spy(g, "p1", post)
    assert g.p("p1")["spies"] == 0 and len(g.state["board"]["spies"]) == 3


def test_network_troops_before_the_agent_join_the_conflict_on_a_combat_space():
    """p. 3: a network fired by a spy card during the draws recruits its troops (Staban Tuek:
    2); when the Agent then goes to a combat space they enter the Conflict with the card's."""
    state = new_game(1)
    until(state, hagal_draw())
    rid = state["stack"][-1]["player"]
    pl = state["players"][rid]
    pl["rival"]["leader"] = "staban-tuek"
    state["board"]["occupied"].pop("heighliner", None)
    state["board"]["spies"] = {"post-guild": rid, "post-fremen": rid}
    state["board"]["spies"].pop("post-landsraad-council", None)
    pl["spies"] = 1
    before = dict(pl["troops"])
    draw(state, "place-spy-green")
    assert pl["troops"]["garrison"] == before["garrison"] + 2 and pl["spies"] == 2
    draw(state, "heighliner")
    apply(state, by=rid, do="rival-agent", card="heighliner", space="heighliner")
    # Heighliner: 3 recruited, the network's 2, and up to two more from the garrison
    assert pl["troops"]["conflict"] == before["conflict"] + 3 + 2 + 2


def test_a_rewards_third_spy_sets_off_the_network_too():
    """A Conflict reward's spy (placed by the Rival's rule) is a third spy like any other:
    Feyd-Rautha's network, 1 influence where he has least (ties to the left of his card)."""
    g, rid = rival_as("feyd-rautha-harkonnen")
    two_spies(g, rid)
    g.p(rid)["influence"].update({"emperor": 1, "bene-gesserit": 0, "guild": 0, "fremen": 0})
    place_spy(g, rid, "post-landsraad-hall")
    assert g.p(rid)["influence"]["bene-gesserit"] == 1  # emperor has 1; bene-gesserit is left of guild


def test_influence_where_the_rival_has_most_ties_to_the_left():
    """Gurney Halleck's network in our data: 1 influence where he has most."""
    g, rid = rival_as("gurney-halleck")
    g.p(rid)["influence"].update({"fremen": 1, "guild": 2, "emperor": 2, "bene-gesserit": 0})
    assert leader_faction(g, rid, "most") == "guild"  # guild is left of emperor on his card
    two_spies(g, rid)
    place_spy(g, rid, "post-emperor")
    assert g.p(rid)["influence"]["guild"] == 3


def test_jessicas_signet_ring_goes_where_one_more_takes_the_alliance():
    """Lady Jessica's Signet Ring in our data: 1 influence with a faction where that takes the
    Alliance, else where she has least."""
    g, rid = rival_as("lady-jessica")
    g.p(rid)["influence"].update({"bene-gesserit": 0, "fremen": 3, "guild": 3, "emperor": 3})
    g.p("p1")["influence"]["fremen"] = 4
    g.state["alliances"]["fremen"] = "p1"
    assert leader_faction(g, rid, "alliance") == "guild"  # fremen held at 4: 4 would not take it
    send(g, rid, "spice-refinery")
    assert g.state["alliances"]["guild"] == rid
    g2, rid2 = rival_as("lady-jessica")
    g2.p(rid2)["influence"].update({"bene-gesserit": 1, "fremen": 0, "guild": 0, "emperor": 2})
    assert leader_faction(g2, rid2, "alliance") == "fremen"  # none within reach: least, leftmost


def test_rabbans_signet_ring_recruits_more_once_he_holds_an_alliance():
    g, rid = rival_as("glossu-rabban")
    garrison = g.p(rid)["troops"]["garrison"]
    send(g, rid, "test", "dutiful-service", SIGNET)  # no combat space: troops stay home
    assert g.p(rid)["troops"]["garrison"] == garrison + 1
    g.state["alliances"]["emperor"] = rid
    send(g, rid, "test", "deliver-supplies", SIGNET)
    assert g.p(rid)["troops"]["garrison"] == garrison + 1 + 2


def test_rabbans_network_puts_two_influence_where_they_take_an_alliance():
    g, rid = rival_as("glossu-rabban")
    g.p(rid)["influence"].update({"emperor": 0, "guild": 2, "bene-gesserit": 2, "fremen": 1})
    two_spies(g, rid)
    place_spy(g, rid, "post-emperor")
    assert g.p(rid)["influence"]["guild"] == 4 and g.state["alliances"]["guild"] == rid


def test_vladimirs_signet_ring_draws_an_intrigue_and_his_network_pays_and_recruits():
    g, rid = rival_as("vladimir-harkonnen")
    send(g, rid, "spice-refinery")
    assert any(t.get("kind") == "draw-intrigue" and t["player"] == rid for t in g.state["stack"])
    solari, garrison = g.p(rid)["solari"], g.p(rid)["troops"]["garrison"]
    two_spies(g, rid)
    place_spy(g, rid, "post-emperor")
    assert (g.p(rid)["solari"], g.p(rid)["troops"]["garrison"]) == (solari + 2, garrison + 2)


def test_muad_dibs_card_fremen_influence_and_a_network_that_breaks_the_wall():
    g, rid = rival_as("muad-dib")
    send(g, rid, "spice-refinery")
    assert g.p(rid)["influence"]["fremen"] == 1
    assert g.state["board"]["shield_wall"] and not g.p(rid)["maker_hooks"]
    two_spies(g, rid)
    place_spy(g, rid, "post-emperor")
    assert g.p(rid)["maker_hooks"] and not g.state["board"]["shield_wall"]
    assert any(t.get("kind") == "draw-intrigue" and t["player"] == rid for t in g.state["stack"])


def test_rival_only_cards_are_named_in_a_log_and_shaddam_has_none():
    log = simulate("uprising", 2, 3)
    log["setup"]["rivals"][0]["leader"] = 'Glossu "The Beast" Rabban'
    report = replay(log, snapshots="final")
    assert report["valid"] and report["result"]["finished"]
    game = {"system": "imperium", "edition": "uprising", "modules": [],
            "players": [{"id": "p1", "leader": "muad-dib"}, {"id": "p2", "leader": "princess-irulan"}]}
    with pytest.raises(MalformedLog) as err:
        RULES.new_state(game, {"rivals": [{"id": "r1", "leader": "shaddam-corrino-iv"}]})
    assert err.value.code == "unknown-rival-leader"
