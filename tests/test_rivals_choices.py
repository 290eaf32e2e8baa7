"""The choices a Rival's rules make for it and the optional rules that change its turn or the
result (booklet for 1-2 players, pp. 1-4; issue #13): paid rewards, contracts, influence spread,
a reward's spy, Calculated Politics, Unambitious Rivals, the two-player Objective, Princess
Irulan's Signet Ring."""

import copy

import pytest
from rivals_helpers import RULES, apply, draw, hagal_draw, new_game, send, until

from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.choices import SKIP
from adjudicator.imperium.effects import op_contract
from adjudicator.imperium.game import Game
from adjudicator.imperium.modules.rivals.turn import _rival_choice
from adjudicator.imperium.rounds import result


def pay_task(pid, cost):
    return {"t": "choice", "player": pid, "kind": "pay", "src": "conflict:first", "cost": cost,
            "then": [{"gain": {"vp": 1}}]}


def test_a_paid_reward_is_bought_exactly_when_the_rival_can_pay():
    """p. 3: a reward selling VP is paid whenever the Rival has enough."""
    g = Game(new_game(1))
    offers = [{"option": "pay"}, SKIP]
    g.p("r1")["spice"] = 3
    assert _rival_choice(offers, g, pay_task("r1", {"spice": 3})) == [{"option": "pay"}]
    g.p("r1")["spice"] = 2
    assert _rival_choice(offers, g, pay_task("r1", {"spice": 3})) == [SKIP]
    assert not g.unimplemented


def test_battle_for_arrakeen_is_paid_with_spies_on_the_board():
    g = Game(new_game(1))
    offers = [{"option": "pay"}, SKIP]
    assert _rival_choice(offers, g, pay_task("r1", {"recall_spy": 2})) == [SKIP]
    g.state["board"]["spies"].update({"post-guild": "r1", "post-fremen": "r1"})
    assert _rival_choice(offers, g, pay_task("r1", {"recall_spy": 2})) == [{"option": "pay"}]


def test_a_contract_reward_gives_the_rival_two_solari_and_no_contract():
    """p. 3: Rivals take no contract tokens, 2 Solari each instead."""
    state = new_game(1)
    state["game"]["modules"] = ["choam"]
    state["contracts"]["face_up"] = ["contract-01", "contract-02"]
    g = Game(state)
    stack = len(state["stack"])
    op_contract(g, {"player": "r1", "src": "conflict:first"}, {"contract": 1})
    assert g.p("r1")["solari"] == 2 and g.p("r1")["contracts"] == []
    assert len(state["stack"]) == stack and state["contracts"]["face_up"] == ["contract-01", "contract-02"]
    op_contract(g, {"player": "p1", "src": "conflict:first"}, {"contract": 1})
    assert state["stack"][-1]["kind"] == "contract"  # a player still chooses a contract


def test_two_influence_are_spread_one_by_one_where_the_rival_has_least():
    """p. 3: each point to the least faction, ties to the left of the card (Staban Tuek: guild,
    fremen, bene-gesserit, emperor in our data)."""
    g = Game(new_game(1))
    g.p("r1")["influence"].update({"guild": 1, "fremen": 0, "bene-gesserit": 0, "emperor": 1})
    options = [[{"faction": "fremen", "influence": 2}],
               [{"faction": "fremen", "influence": 1}, {"faction": "bene-gesserit", "influence": 1}],
               [{"faction": "guild", "influence": 1}, {"faction": "fremen", "influence": 1}]]
    task = {"t": "choice", "player": "r1", "kind": "option", "src": "conflict:first", "options": options,
            "open": [0, 1, 2]}
    offers = [{"option": i} for i in range(3)]
    assert _rival_choice(offers, g, task) == [{"option": 1}]
    g.p("r1")["influence"]["bene-gesserit"] = 3
    # the first point to fremen (0); then guild, fremen and emperor tie at 1: guild is leftmost
    assert _rival_choice(offers, g, task) == [{"option": 2}]


def test_a_rewards_spy_goes_to_the_first_free_faction_post_of_the_card():
    g = Game(new_game(1))
    offers = [{"post": p} for p in ("post-emperor", "post-fremen", "post-landsraad-hall")] + [SKIP]
    task = {"t": "choice", "player": "r1", "kind": "post", "src": "conflict:first", "posts": None}
    assert _rival_choice(offers, g, task) == [{"post": "post-fremen"}]  # guild taken: fremen next
    assert _rival_choice([{"post": "post-landsraad-hall"}, SKIP], g, task) == [SKIP]


def at_draw_with_free(players, space, **setup):
    state = new_game(players, **setup)
    until(state, hagal_draw())
    state["board"]["occupied"].pop(space, None)
    return state, state["stack"][-1]["player"]


def test_calculated_politics_skips_a_free_faction_space_held_with_a_lead():
    """p. 4: with the Fremen Alliance and a lead of 1 or more, the Fremkit card is passed over."""
    state, rid = at_draw_with_free(1, "fremkit", options=["calculated-politics"])
    for q in state["players"]:
        state["players"][q]["influence"]["fremen"] = 2
    state["players"][rid]["influence"]["fremen"] = 4
    state["alliances"]["fremen"] = rid
    draw(state, "fremkit")
    assert state["stack"][-1]["kind"] == "draw-hagal" and "fremkit" not in state["board"]["occupied"]
    state["players"][rid]["influence"]["fremen"] = 2  # no lead: the card is played
    state["alliances"]["fremen"] = None
    draw(state, "fremkit")
    assert RULES.legal_actions(state)[0].to_json()["space"] == "fremkit"


def test_calculated_politics_skips_when_far_behind_with_two_or_more():
    state, rid = at_draw_with_free(1, "secrets", options=["calculated-politics"])
    other = next(q for q in state["players"] if q != rid)
    state["players"][rid]["influence"]["bene-gesserit"] = 2
    state["players"][other]["influence"]["bene-gesserit"] = 4
    draw(state, "secrets")
    assert state["stack"][-1]["kind"] == "draw-hagal"


def test_without_calculated_politics_the_free_space_is_taken():
    state, rid = at_draw_with_free(1, "secrets")
    other = next(q for q in state["players"] if q != rid)
    state["players"][rid]["influence"]["bene-gesserit"] = 2
    state["players"][other]["influence"]["bene-gesserit"] = 4
    draw(state, "secrets")
    assert RULES.legal_actions(state)[0].to_json()["space"] == "secrets"


def two_players_with(leader, **setup):
    game = {"system": "imperium", "edition": "uprising", "modules": [],
            "players": [{"id": "p1", "leader": "muad-dib"}, {"id": "p2", "leader": "princess-irulan"}]}
    return RULES.new_state(game, {"seed": 1, "rivals": [{"id": "r1", "leader": leader}], **setup})


def test_an_unambitious_rival_is_ranked_but_cannot_win():
    """p. 4: with the option, Lady Amber Metulli cannot win; the best player does."""
    state = two_players_with("lady-amber-metulli", options=["unambitious-rivals"])
    g = Game(state)
    for pid, vp in (("p1", 9), ("r1", 11), ("p2", 7)):
        g.p(pid)["vp"] = vp
    out = result(g)
    assert out["ranking"][0] == "r1" and out["winner"] == "p1"
    plain = Game(two_players_with("lady-amber-metulli"))
    for pid, vp in (("p1", 9), ("r1", 11), ("p2", 7)):
        plain.p(pid)["vp"] = vp
    assert result(plain)["winner"] == "r1"  # without the option she can win


def test_two_players_the_rival_takes_the_ornithopter_objective():
    """p. 1: the Rival gets the Ornithopter, the players share the other two at random."""
    for seed in range(4):
        state = new_game(2, seed)
        until(state, lambda t, s=state: s["players"]["r1"]["objectives"])
        assert state["players"]["r1"]["objectives"][0]["id"] == "objective-ornithopter-1-3"
        assert state["first"] in ("p1", "p2")


def test_a_log_dealing_the_rival_another_objective_is_flagged():
    state = new_game(2)
    top = until(state, lambda t: t.get("kind") == "deal-objectives")
    assert top["t"] == "chance"
    wrong = {"p1": "objective-ornithopter-1-3", "r1": "objective-crysknife",
             "p2": "objective-desert-mouse-first-player"}
    with pytest.raises(IllegalAction) as err:
        apply(copy.deepcopy(state), by="chance", do="deal-objectives", objectives=wrong)
    assert err.value.code == "rival.objective" and "rivals.objectives" in err.value.rulings


def test_princess_irulans_signet_ring_places_a_spy_by_priority():
    """Her Rival card's Signet Ring (our data: a spy) places it as a card's spy with no post
    named: the first free faction post in her order (emperor first in our data)."""
    state = two_players_with("princess-irulan")
    g = Game(state)
    spies = g.p("r1")["spies"]
    send(g, "r1", "spice-refinery")
    assert state["board"]["spies"].get("post-emperor") == "r1" and g.p("r1")["spies"] == spies - 1
    assert not g.unimplemented


def test_one_influence_with_two_different_factions_goes_to_the_two_least():
    """A Conflict reward of one Influence with each of two different factions (Propaganda, in
    this solo game with Bloodlines): the Rival's points go to its two least factions, never both
    to one, so the engine decides it instead of answering not-implemented."""
    from adjudicator.core.replay import replay
    from adjudicator.simulate import simulate
    log = simulate("uprising", 1, 0, ("bloodlines",))
    report = replay(log, snapshots="none")
    assert [(i, v["code"]) for i, v in enumerate(report["verdicts"]) if v["verdict"] != "legal"] == []


def test_a_choice_no_rival_rule_settles_is_left_to_the_player():
    """Reading rivals.reading-player-decides: a choice none of the Rival's rules decides (here
    between two resources) stays open, every answer legal, and is not a gap of the engine."""
    g = Game(new_game(1))
    task = {"t": "choice", "player": "r1", "kind": "option", "src": "card:test",
            "options": [[{"gain": {"spice": 1}}], [{"gain": {"solari": 1}}]]}
    offers = [{"option": 0}, {"option": 1}]
    assert _rival_choice(offers, g, task) == offers
    assert "rivals.reading-player-decides" in g.rulings and not g.unimplemented
