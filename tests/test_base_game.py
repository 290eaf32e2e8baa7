"""The original Dune: Imperium (edition "base"): every card, Intrigue and leader rule that needs
code (adjudicator/imperium/custom/, triggers.py, turns.py), the seed's worked examples
(seed 001_27b2d0539b6c4421.txt, pp. 10-13), and random playouts that replay with nothing left
unimplemented.

Each test builds a position with `ruleset('base').new_state`, drives it with `apply` and
`legal_actions`, and checks concrete resources, zones and verdicts. In the base game the first
player is the first listed player.
"""

from __future__ import annotations

import copy

import pytest
from helpers import P, give, give_intrigue, hand, set_row, top

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import deal as deal_to_decision
from adjudicator.core.rng import Random
from adjudicator.imperium.combat import strength
from adjudicator.imperium.coverage import not_implemented
from adjudicator.imperium.game import Game
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.rules import ruleset
from adjudicator.imperium.steps import run
from adjudicator.simulate import simulate

RULES = ruleset("base")
IDS = ["red", "blue", "green", "yellow"]
# red: a leader whose ability only answers a High Council seat, so most tests see plain rules
PLAIN = ["earl-memnon-thorvald", "helena-richese", "countess-ariana-thorvald", "glossu-rabban"]


# --- helpers ------------------------------------------------------------------------------------
def new(players: int = 3, leaders=None, seed: int = 1, tokens=("emperor", "fremen")) -> dict:
    """A base game dealt up to red's first decision of round 1 (a Baron picks `tokens`)."""
    ids = IDS[:players]
    lineup = list(leaders or PLAIN)[:players]
    game = {"system": "imperium", "edition": "base", "modules": [],
            "players": [{"id": p, "leader": lead} for p, lead in zip(ids, lineup, strict=True)]}
    state = RULES.new_state(game, {"seed": seed})
    deal(state)
    while top(state)["t"] == "choice" and top(state)["kind"] == "masterstroke":
        pick = [f for f in tokens if {"faction": f} in answers(state)][0]
        act(state, top(state)["player"], "choose", faction=pick)
    assert top(state) == {"t": "turn", "player": "red"}
    return state


def deal(state: dict) -> None:
    deal_to_decision(RULES, state)


def act(state: dict, by: str, do: str, **args):
    """Apply a decision, then let the seeded dealer settle every chance outcome."""
    outcome = RULES.apply(state, Action({"by": by, "do": do, **args}))
    deal(state)
    return outcome


def act1(state: dict, by: str, do: str, **args):
    """Apply one action and stop (the next chance outcome is the test's to give)."""
    return RULES.apply(state, Action({"by": by, "do": do, **args}))


def choose(state: dict, by: str, **answer):
    return act(state, by, "choose", **answer)


def illegal(state: dict, by: str, do: str, code: str, **args) -> IllegalAction:
    probe = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        RULES.apply(probe, Action({"by": by, "do": do, **args}))
    assert err.value.code == code, err.value
    return err.value


def legal(state: dict) -> list[dict]:
    return [{k: v for k, v in a.data.items() if k != "by"} for a in RULES.legal_actions(state)]


def answers(state: dict) -> list[dict]:
    return [{k: v for k, v in a.items() if k != "do"} for a in legal(state) if a["do"] == "choose"]


def troops(state: dict, pid: str, garrison: int, conflict: int = 0) -> None:
    """Place a player's troops; the rest of the twelve are in the supply."""
    state["players"][pid]["troops"] = {"supply": 12 - garrison - conflict, "garrison": garrison,
                                       "conflict": conflict}


def set_conflict(state: dict, card: str) -> None:
    """This round's Conflict card becomes `card` (the one revealed goes back to the box)."""
    board = state["board"]
    level = str(RULES.content.conflicts[card]["level"])
    old = board["conflict"]
    board["conflict_pool"][level].remove(card)
    board["conflict_pool"][str(RULES.content.conflicts[old]["level"])].append(old)
    board["conflict_pool"][str(RULES.content.conflicts[old]["level"])].sort()
    board["conflict"] = card


def resolve_steps(state: dict, pid: str, steps: list, src: str) -> None:
    """Run effect steps for `pid` as a card would (for Endgame boxes, hard to reach in a test)."""
    g = Game(state)
    run(g, pid, steps, src)
    RULES.settle(g)
    deal(state)


def others_reveal(state: dict, pids=("blue", "green")) -> None:
    """The other players take their Reveal turns, resolving with first choices."""
    for pid in pids:
        act(state, pid, "reveal")
        end_turn(state, pid)


def end_turn(state: dict, pid: str) -> None:
    """Resolve what is left of the current turn with first choices (no deploy), then end it."""
    for _ in range(60):
        if top(state)["t"] == "choice":
            options = answers(state)
            skip = [a for a in options if a.get("option") == "skip"]
            act(state, top(state)["player"], "choose", **(skip or options)[0])
            continue
        if top(state)["t"] not in ("agent", "reveal") or top(state)["player"] != pid:
            return
        options = legal(state)
        resolve = [a for a in options if a["do"] == "resolve" and not a["effect"].startswith("leader:paul")]
        deploy = [a for a in options if a["do"] == "deploy"]
        if resolve:
            act(state, pid, **resolve[0])
        elif deploy:
            act(state, pid, "deploy", recruited=0, garrison=0)
        else:
            act(state, pid, "end-turn")
    raise AssertionError("the turn did not end")


def to_combat(state: dict) -> None:
    """Everyone still to play reveals and ends; stops at the first Combat decision."""
    for _ in range(60):
        if state["phase"] != "player-turns":
            return
        t = top(state)
        if t["t"] == "turn":
            act(state, t["player"], "reveal")
        end_turn(state, t["player"])
    raise AssertionError("combat was not reached")


# --- coverage -----------------------------------------------------------------------------------
def test_every_effect_of_the_original_game_is_implemented():
    assert not_implemented("base") == []


# --- Imperium cards -----------------------------------------------------------------------------
def test_carryall_takes_the_base_spice_of_a_maker_space_again_but_not_its_bonus():
    st = new()
    hand(st, "red", ["carryall"])
    st["board"]["bonus_spice"]["hagga-basin"] = 1
    act(st, "red", "send-agent", card="carryall", space="hagga-basin")
    assert P(st, "red")["water"] == 0  # Hagga Basin costs 1 water
    act(st, "red", "resolve", effect="space:hagga-basin")
    assert P(st, "red")["spice"] == 3  # 2 + 1 bonus
    out = act(st, "red", "resolve", effect="card:carryall")
    assert P(st, "red")["spice"] == 5  # the base 2 once more, never the bonus
    assert "card.carryall" in out.rulings


def test_carryall_away_from_a_maker_space_gives_nothing():
    st = new()
    hand(st, "red", ["carryall"])
    act(st, "red", "send-agent", card="carryall", space="secure-contract")
    act(st, "red", "resolve", effect="card:carryall")
    act(st, "red", "resolve", effect="space:secure-contract")
    assert P(st, "red")["spice"] == 0 and P(st, "red")["solari"] == 3


def test_guild_bankers_makes_every_spice_must_flow_three_cheaper_this_turn():
    st = new()
    hand(st, "red", ["guild-bankers", "convincing-argument"])
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:convincing-argument")
    P(st, "red")["persuasion"] = 12
    assert {"do": "acquire", "card": "the-spice-must-flow"} in legal(st)  # 9 <= 12 anyway
    act(st, "red", "resolve", effect="reveal:guild-bankers")
    act(st, "red", "acquire", card="the-spice-must-flow")
    act(st, "red", "acquire", card="the-spice-must-flow")
    pl = P(st, "red")
    assert pl["persuasion"] == 0 and pl["vp"] == 2  # 6 + 6, and 1 VP per copy acquired
    assert pl["discard"].count("the-spice-must-flow") == 2


def test_guild_bankers_discount_is_for_the_spice_must_flow_only_and_this_turn_only():
    st = new()
    hand(st, "red", ["guild-bankers"])
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:guild-bankers")
    P(st, "red")["persuasion"] = 6
    assert {"do": "acquire", "card": "the-spice-must-flow"} in legal(st)
    P(st, "red")["persuasion"] = 1
    illegal(st, "red", "acquire", "acquire.cost", card="arrakis-liaison")  # still 2
    act(st, "red", "end-turn")
    assert st["turn"] is None  # the discount ended with the turn


def test_gun_thopter_each_opponent_loses_a_garrisoned_troop():
    st = new()
    hand(st, "red", ["gun-thopter"])
    P(st, "green")["troops"].update(supply=12, garrison=0)
    act(st, "red", "send-agent", card="gun-thopter", space="arrakeen")
    out = act(st, "red", "resolve", effect="card:gun-thopter")
    assert P(st, "blue")["troops"] == {"supply": 10, "garrison": 2, "conflict": 0}
    assert P(st, "green")["troops"] == {"supply": 12, "garrison": 0, "conflict": 0}  # unaffected (FAQ)
    assert P(st, "red")["troops"]["garrison"] == 3
    assert "card.gun-thopter" in out.rulings and "troop.lose-to-supply" in out.rulings


def test_test_of_humanity_opponents_choose_clockwise_among_what_they_can_do():
    st = new(players=4)
    hand(st, "red", ["test-of-humanity"])
    troops(st, "blue", 1, 2)  # hand and troops: a real choice
    troops(st, "green", 1, 2)
    P(st, "green")["deck"]["cards"] += P(st, "green")["hand"]
    P(st, "green")["hand"] = []  # empty hand: must lose the troop
    act(st, "red", "send-agent", card="test-of-humanity", space="arrakeen")
    act(st, "red", "resolve", effect="card:test-of-humanity")
    assert top(st)["player"] == "blue" and top(st)["kind"] == "option"
    choose(st, "blue", option=1)  # lose a troop
    assert P(st, "blue")["troops"] == {"supply": 10, "garrison": 1, "conflict": 1}
    assert top(st)["player"] == "green" and answers(st) == [{"option": 0}]  # one answer: lose the troop
    choose(st, "green", option=0)
    assert P(st, "green")["troops"] == {"supply": 10, "garrison": 1, "conflict": 1}
    assert top(st)["player"] == "yellow" and answers(st) == [{"option": 0}]  # no troop in the Conflict
    choose(st, "yellow", option=0)
    assert top(st)["player"] == "yellow" and top(st)["kind"] == "discard"
    card = answers(st)[0]["card"]
    choose(st, "yellow", card=card)
    assert len(P(st, "yellow")["hand"]) == 4 and card in P(st, "yellow")["discard"]
    assert violations(st) == []


def test_other_memory_takes_a_bene_gesserit_card_back_from_the_discard_pile():
    st = new()
    hand(st, "red", ["other-memory"])
    give(st, "red", ["bene-gesserit-sister", "space-travel"], zone="discard")
    act(st, "red", "send-agent", card="other-memory", space="arrakeen")
    act(st, "red", "resolve", effect="card:other-memory")
    assert top(st)["kind"] == "option"
    choose(st, "red", option=1)
    assert answers(st) == [{"card": "bene-gesserit-sister"}]  # not the Spacing Guild card
    out = choose(st, "red", card="bene-gesserit-sister")
    assert "bene-gesserit-sister" in P(st, "red")["hand"] and P(st, "red")["discard"] == ["space-travel"]
    assert "card.other-memory" in out.rulings


def test_the_voice_closes_a_space_to_opponents_until_its_players_next_turn():
    st = new()
    hand(st, "red", ["the-voice", "dune-the-desert-planet"])
    hand(st, "blue", ["dune-the-desert-planet", "dune-the-desert-planet"])
    act(st, "red", "send-agent", card="the-voice", space="arrakeen")
    act(st, "red", "resolve", effect="card:the-voice")
    assert top(st)["kind"] == "voice" and {"space": "hagga-basin"} in answers(st)
    choose(st, "red", space="hagga-basin")
    end_turn(st, "red")
    err = illegal(st, "blue", "send-agent", "agent.space-blocked", card="dune-the-desert-planet",
                  space="hagga-basin")
    assert "card.the-voice" in err.rulings
    act(st, "blue", "send-agent", card="dune-the-desert-planet", space="imperial-basin")
    end_turn(st, "blue")
    act(st, "green", "reveal")
    end_turn(st, "green")
    assert st["board"]["voice"] == []  # red's next turn has begun: the marker is off
    act(st, "red", "send-agent", card="dune-the-desert-planet", space="secure-contract")
    end_turn(st, "red")
    act(st, "blue", "send-agent", card="dune-the-desert-planet", space="hagga-basin")  # open again
    assert sorted(P(st, "blue")["placed"]) == ["hagga-basin", "imperial-basin"]


def _two_agents_out(st: dict) -> None:
    """red's two Agents on Secure Contract and Wealth, blue's on Arrakeen; red's turn again."""
    hand(st, "red", ["dune-the-desert-planet", "diplomacy", "kwisatz-haderach"])
    hand(st, "blue", ["reconnaissance", "dagger"])
    act(st, "red", "send-agent", card="dune-the-desert-planet", space="secure-contract")
    end_turn(st, "red")
    act(st, "blue", "send-agent", card="reconnaissance", space="arrakeen")
    end_turn(st, "blue")
    act(st, "green", "reveal")
    end_turn(st, "green")
    act(st, "red", "send-agent", card="diplomacy", space="wealth")
    end_turn(st, "red")
    act(st, "blue", "reveal")
    end_turn(st, "blue")
    assert top(st) == {"t": "turn", "player": "red"}


def test_kwisatz_haderach_moves_an_agent_already_on_the_board_even_to_an_occupied_space():
    st = new()
    _two_agents_out(st)
    # no Agent left on the Leader, but Kwisatz Haderach still offers an Agent turn
    assert {"do": "send-agent", "card": "kwisatz-haderach", "space": "arrakeen"} in legal(st)
    for option in RULES.legal_actions(st):  # every offer the checker accepts
        RULES.apply(copy.deepcopy(st), option)
    act(st, "red", "send-agent", card="kwisatz-haderach", space="arrakeen")  # blue's Agent is there
    assert top(st)["kind"] == "agent-source"
    assert answers(st) == [{"space": "secure-contract"}, {"space": "wealth"}]  # no Agent on the Leader
    choose(st, "red", space="wealth")
    pl = P(st, "red")
    assert sorted(pl["placed"]) == ["arrakeen", "secure-contract"]
    assert "wealth" not in st["board"]["occupied"]
    # the space records its first Agent's player; every Agent is in the players' `placed`
    assert sorted(st["board"]["occupied"].items()) == [("arrakeen", "blue"), ("secure-contract", "red")]
    hand_before = len(pl["hand"])
    act(st, "red", "resolve", effect="card:kwisatz-haderach")  # draw 1
    act(st, "red", "resolve", effect="space:arrakeen")  # recruit 1, draw 1
    assert len(P(st, "red")["hand"]) == hand_before + 2
    assert violations(st) == []


def test_kwisatz_haderach_may_send_an_agent_back_where_it_stood_but_not_twice_to_the_council():
    st = new()
    _two_agents_out(st)
    act(st, "red", "send-agent", card="kwisatz-haderach", space="wealth")  # back to its own space
    assert top(st)["t"] == "agent"  # only that Agent could go there: no choice to make
    assert sorted(P(st, "red")["placed"]) == ["secure-contract", "wealth"]
    st = new()
    P(st, "red")["seat"] = True
    _two_agents_out(st)
    illegal(st, "red", "send-agent", "high-council.seat-taken", card="kwisatz-haderach", space="high-council")


def test_kwisatz_haderach_cannot_overcome_the_voice():
    st = new()
    _two_agents_out(st)
    st["board"]["voice"] = [{"space": "arrakeen", "by": "blue"}]
    illegal(st, "red", "send-agent", "agent.space-blocked", card="kwisatz-haderach", space="arrakeen")


def test_kwisatz_haderach_with_an_agent_on_the_leader_offers_that_one_too():
    st = new()
    hand(st, "red", ["dune-the-desert-planet", "kwisatz-haderach"])
    act(st, "red", "send-agent", card="dune-the-desert-planet", space="secure-contract")
    end_turn(st, "red")
    others_reveal(st)
    act(st, "red", "send-agent", card="kwisatz-haderach", space="wealth")
    assert answers(st) == [{"space": "secure-contract"}, {"option": "skip"}]
    choose(st, "red", option="skip")  # the Agent from the Leader
    assert sorted(P(st, "red")["placed"]) == ["secure-contract", "wealth"]


def test_hall_of_oratory_persuasion_needs_the_agent_there_at_the_reveal():
    st = new()
    hand(st, "red", ["dagger", "kwisatz-haderach", "convincing-argument"])
    act(st, "red", "send-agent", card="dagger", space="hall-of-oratory")
    act(st, "red", "resolve", effect="space:hall-of-oratory")
    assert P(st, "red")["troops"]["garrison"] == 4 and P(st, "red")["persuasion"] == 0
    end_turn(st, "red")
    others_reveal(st)
    out = act(st, "red", "reveal")
    assert "hall-of-oratory.reveal-persuasion" in out.rulings
    act(st, "red", "resolve", effect="reveal:convincing-argument")
    assert P(st, "red")["persuasion"] == 3  # 2 + 1 for the Agent still on Hall of Oratory
    st = new()
    hand(st, "red", ["dagger", "kwisatz-haderach", "convincing-argument"])
    act(st, "red", "send-agent", card="dagger", space="hall-of-oratory")
    end_turn(st, "red")
    others_reveal(st)
    act(st, "red", "send-agent", card="kwisatz-haderach", space="secure-contract")
    choose(st, "red", space="hall-of-oratory")  # the Agent leaves Hall of Oratory
    end_turn(st, "red")
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:convincing-argument")
    assert P(st, "red")["persuasion"] == 2


# --- Intrigue cards -----------------------------------------------------------------------------
def test_bindu_suspension_draws_and_ends_the_turn_before_anything_else():
    st = new()
    give_intrigue(st, "red", ["bindu-suspension"])
    size = len(P(st, "red")["hand"])
    act1(st, "red", "play-intrigue", card="bindu-suspension")
    RULES.apply(st, RULES.deal(st), dealt=True)  # the card drawn
    out = act1(st, "red", "choose", option=0)  # red passes the turn (the card's "may")
    assert len(P(st, "red")["hand"]) == size + 1
    assert top(st) == {"t": "turn", "player": "blue"}  # red's turn is over, no Agent sent
    assert P(st, "red")["placed"] == [] and not P(st, "red")["revealed"]
    assert "card.bindu-suspension" in out.rulings


def test_bindu_suspension_only_as_the_first_thing_in_a_turn():
    st = new()
    give_intrigue(st, "red", ["bindu-suspension", "windfall"])
    act(st, "red", "play-intrigue", card="windfall")
    err = illegal(st, "red", "play-intrigue", "intrigue.not-turn-start", card="bindu-suspension")
    assert "card.bindu-suspension" in err.rulings
    st = new()
    give_intrigue(st, "red", ["bindu-suspension"])
    hand(st, "red", ["dune-the-desert-planet"])
    act(st, "red", "send-agent", card="dune-the-desert-planet", space="secure-contract")
    illegal(st, "red", "play-intrigue", "intrigue.not-turn-start", card="bindu-suspension")
    assert {"do": "play-intrigue", "card": "bindu-suspension"} not in legal(st)


def test_bypass_protocol_puts_a_card_on_top_of_the_deck_and_it_is_drawn_next():
    st = new()
    give_intrigue(st, "red", ["bypass-protocol"])
    set_row(st, ["gun-thopter", "dr-yueh", "space-travel", "scout", "stilgar"])
    P(st, "red")["spice"] = 2
    act(st, "red", "play-intrigue", card="bypass-protocol")
    assert top(st)["kind"] == "option"
    choose(st, "red", option=1)  # pay 2 spice: a card of cost 5 or less, to the top of the deck
    offered = [a["card"] for a in answers(st) if "card" in a]
    assert "stilgar" in offered and "foldspace" not in offered and "the-spice-must-flow" not in offered
    choose(st, "red", card="stilgar")
    deck = P(st, "red")["deck"]
    assert P(st, "red")["spice"] == 0 and deck["top"] == ["stilgar"] and "stilgar" in deck["cards"]
    hand(st, "red", ["dune-the-desert-planet"])
    act(st, "red", "send-agent", card="dune-the-desert-planet", space="imperial-basin")
    # a draw must take the known top card first
    st["stack"].append({"t": "chance", "kind": "draw", "player": "red", "n": 1})
    other = next(c for c in deck["cards"] if c != "stilgar")
    err = illegal(st, "chance", "draw", "chance.card-not-available", player="red", cards=[other])
    assert "deck.known-top" in err.rulings
    act1(st, "chance", "draw", player="red", cards=["stilgar"])
    assert "stilgar" in P(st, "red")["hand"] and "top" not in P(st, "red")["deck"]


def test_bypass_protocol_cheap_option_goes_to_the_discard_pile():
    st = new()
    give_intrigue(st, "red", ["bypass-protocol"])
    set_row(st, ["gun-thopter", "dr-yueh", "space-travel", "scout", "stilgar"])
    act(st, "red", "play-intrigue", card="bypass-protocol")  # no spice: only the first option
    assert answers(st) == [{"option": 0}]
    choose(st, "red", option=0)
    assert top(st)["kind"] == "acquire"
    assert [a["card"] for a in answers(st) if "card" in a] == ["arrakis-liaison", "dr-yueh", "scout", "space-travel"]
    choose(st, "red", card="space-travel")
    assert "space-travel" in P(st, "red")["discard"] and "top" not in P(st, "red")["deck"]


def test_recruitment_mission_lets_each_card_bought_in_the_reveal_turn_go_on_top():
    st = new()
    give_intrigue(st, "red", ["recruitment-mission"])
    hand(st, "red", ["convincing-argument", "convincing-argument"])
    act(st, "red", "play-intrigue", card="recruitment-mission")
    assert P(st, "red")["persuasion"] == 1  # kept until the Reveal turn
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:convincing-argument")
    act(st, "red", "resolve", effect="reveal:convincing-argument#2")
    act(st, "red", "acquire", card="arrakis-liaison")
    assert top(st)["kind"] == "deck-top"
    assert answers(st) == [{"card": "arrakis-liaison"}, {"option": "skip"}]
    choose(st, "red", card="arrakis-liaison")
    act(st, "red", "acquire", card="arrakis-liaison")
    choose(st, "red", option="skip")  # the second one goes to the discard pile as usual
    pl = P(st, "red")
    assert pl["deck"]["top"] == ["arrakis-liaison"] and pl["discard"] == ["arrakis-liaison"]
    assert pl["persuasion"] == 1
    assert violations(st) == []


def test_recruitment_mission_does_not_touch_cards_gained_in_agent_turns():
    st = new()
    give_intrigue(st, "red", ["recruitment-mission"])
    hand(st, "red", ["diplomacy"])
    act(st, "red", "play-intrigue", card="recruitment-mission")
    act(st, "red", "send-agent", card="diplomacy", space="foldspace")
    act(st, "red", "resolve", effect="space:foldspace")
    assert top(st)["t"] == "agent" and "foldspace" in P(st, "red")["discard"]


def test_dispatch_an_envoy_adds_the_faction_icons_to_this_turns_card():
    st = new()
    give_intrigue(st, "red", ["dispatch-an-envoy"])
    hand(st, "red", ["dagger"])
    illegal(st, "red", "send-agent", "agent.icon-mismatch", card="dagger", space="wealth")
    out = act(st, "red", "play-intrigue", card="dispatch-an-envoy")
    assert "card.dispatch-an-envoy" in out.rulings
    assert {"do": "send-agent", "card": "dagger", "space": "wealth"} in legal(st)
    act(st, "red", "send-agent", card="dagger", space="wealth")
    assert P(st, "red")["placed"] == ["wealth"]


def test_infiltrate_lets_this_turns_agent_join_an_opponent_but_not_your_own_agent():
    st = new()
    give_intrigue(st, "red", ["infiltrate"])
    hand(st, "red", ["dune-the-desert-planet", "diplomacy"])
    st["board"]["occupied"]["wealth"] = "blue"
    P(st, "blue")["placed"] = ["wealth"]
    illegal(st, "red", "send-agent", "agent.space-occupied", card="diplomacy", space="wealth")
    act(st, "red", "play-intrigue", card="infiltrate")
    out = act(st, "red", "send-agent", card="diplomacy", space="wealth")
    assert "card.infiltrate" in out.rulings
    assert "wealth" in P(st, "red")["placed"] and "wealth" in P(st, "blue")["placed"]
    st = new()
    give_intrigue(st, "red", ["infiltrate"])
    hand(st, "red", ["dune-the-desert-planet", "diplomacy"])
    st["board"]["occupied"]["wealth"] = "red"
    P(st, "red")["placed"] = ["wealth"]
    act(st, "red", "play-intrigue", card="infiltrate")
    illegal(st, "red", "send-agent", "agent.space-occupied", card="diplomacy", space="wealth")


def test_double_cross_needs_an_opponent_in_the_conflict_and_moves_one_troop_each_way():
    st = new()
    give_intrigue(st, "red", ["double-cross"])
    P(st, "red")["solari"] = 1
    err = illegal(st, "red", "play-intrigue", "intrigue.condition", card="double-cross")
    assert "card.double-cross" in err.rulings
    troops(st, "blue", 1, 2)
    troops(st, "green", 2, 1)
    act(st, "red", "play-intrigue", card="double-cross")
    assert top(st)["kind"] == "opponent" and top(st)["players"] == ["blue", "green"]
    assert answers(st) == [{"option": 0}, {"option": 1}]
    out = choose(st, "red", option=1)  # green
    assert P(st, "green")["troops"] == {"supply": 10, "garrison": 2, "conflict": 0}
    assert P(st, "red")["troops"] == {"supply": 8, "garrison": 3, "conflict": 1}  # from the supply
    assert P(st, "red")["solari"] == 0
    assert "card.double-cross" in out.rulings


def test_reinforcements_deploys_its_recruits_only_in_the_reveal_turn():
    st = new()
    give_intrigue(st, "red", ["reinforcements"])
    P(st, "red")["solari"] = 3
    hand(st, "red", ["convincing-argument"])
    act(st, "red", "reveal")
    act(st, "red", "play-intrigue", card="reinforcements")
    assert top(st)["kind"] == "count" and [a["count"] for a in answers(st)] == [0, 1, 2, 3]
    choose(st, "red", count=2)
    assert P(st, "red")["troops"] == {"supply": 6, "garrison": 4, "conflict": 2}
    assert P(st, "red")["solari"] == 0
    st = new()
    give_intrigue(st, "red", ["reinforcements"])
    P(st, "red")["solari"] = 3
    hand(st, "red", ["dune-the-desert-planet"])
    act(st, "red", "send-agent", card="dune-the-desert-planet", space="secure-contract")
    act(st, "red", "play-intrigue", card="reinforcements")
    assert top(st)["t"] == "agent"  # no deploy offer: a non-combat space in an Agent turn
    assert P(st, "red")["troops"] == {"supply": 6, "garrison": 6, "conflict": 0}


def test_refocus_shuffles_the_discard_pile_into_the_deck_then_draws():
    st = new()
    give_intrigue(st, "red", ["refocus"])
    pl = P(st, "red")
    pl["discard"], pl["deck"]["cards"] = sorted(pl["deck"]["cards"][:3]), pl["deck"]["cards"][3:]
    pl["deck"]["top"] = [pl["deck"]["cards"][0]]
    before = len(pl["deck"]["cards"]) + len(pl["discard"])
    out = act(st, "red", "play-intrigue", card="refocus")
    pl = P(st, "red")
    assert pl["discard"] == [] and len(pl["deck"]["cards"]) == before - 1 and len(pl["hand"]) == 6
    assert "top" not in pl["deck"]  # the shuffle forgets the known top
    assert "card.refocus" in out.rulings


def test_poison_snooper_needs_a_deck_and_can_draw_trash_or_leave_the_top_card():
    st = new()
    give_intrigue(st, "red", ["poison-snooper", "poison-snooper"])
    pl = P(st, "red")
    deck = list(pl["deck"]["cards"])
    pl["discard"], pl["deck"]["cards"] = deck, []
    err = illegal(st, "red", "play-intrigue", "intrigue.empty-deck", card="poison-snooper")
    assert "card.poison-snooper" in err.rulings  # no reshuffle just to look
    pl["deck"]["cards"], pl["discard"] = list(deck), []
    act1(st, "red", "play-intrigue", card="poison-snooper")
    assert top(st)["kind"] == "draw" and top(st)["look"]
    act1(st, "chance", "draw", player="red", cards=["dagger"])
    assert top(st)["kind"] == "top-card" and answers(st) == [{"option": 0}, {"option": 1}, {"option": "skip"}]
    choose(st, "red", option="skip")  # leave it: it is now known
    assert P(st, "red")["deck"]["top"] == ["dagger"]
    act1(st, "red", "play-intrigue", card="poison-snooper")
    err = illegal(st, "chance", "draw", "chance.card-not-available", player="red", cards=["seek-allies"])
    assert "deck.known-top" in err.rulings
    act1(st, "chance", "draw", player="red", cards=["dagger"])
    trashed = len(P(st, "red")["trashed"])
    choose(st, "red", option=1)  # trash it
    assert P(st, "red")["trashed"].count("dagger") == 1 and len(P(st, "red")["trashed"]) == trashed + 1
    assert "top" not in P(st, "red")["deck"] and len(P(st, "red")["deck"]["cards"]) == len(deck) - 1
    assert violations(st) == []


def test_poison_snooper_in_the_reveal_turn_draws_and_reveals_the_card():
    st = new()
    give_intrigue(st, "red", ["poison-snooper"])
    hand(st, "red", ["dagger"])
    give(st, "red", ["stilgar"], zone="deck")
    act(st, "red", "reveal")
    act1(st, "red", "play-intrigue", card="poison-snooper")
    act1(st, "chance", "draw", player="red", cards=["stilgar"])
    choose(st, "red", option=0)  # draw it
    assert "stilgar" in P(st, "red")["play"] and "reveal:stilgar" in st["turn"]["nodes"]
    act(st, "red", "resolve", effect="reveal:stilgar")
    assert P(st, "red")["swords"] == 3


def test_staged_incident_costs_three_troops_in_the_conflict_for_a_point():
    st = new()
    give_intrigue(st, "red", ["staged-incident"])
    troops(st, "red", 1, 2)
    troops(st, "blue", 0, 3)
    to_combat(st)
    assert top(st)["t"] == "window"
    if top(st)["order"][top(st)["idx"]] != "red":
        act(st, top(st)["order"][top(st)["idx"]], "pass")
    err = illegal(st, "red", "play-intrigue", "intrigue.cost", card="staged-incident")
    assert "card.staged-incident" in err.rulings
    st = new()
    give_intrigue(st, "red", ["staged-incident"])
    troops(st, "red", 0, 4)
    troops(st, "blue", 0, 3)
    to_combat(st)
    before = strength(Game(st), "red")
    assert before >= 8  # 4 troops and the swords revealed
    out = act(st, "red", "play-intrigue", card="staged-incident")
    assert P(st, "red")["troops"] == {"supply": 11, "garrison": 0, "conflict": 1}
    assert P(st, "red")["vp"] == 1 and strength(Game(st), "red") == before - 6
    assert "card.staged-incident" in out.rulings


def _win_with(st: dict, cards: list[str]) -> None:
    """red wins this round's Conflict (Skirmish: 1 VP) against blue and holds `cards`; play
    reaches combat."""
    set_conflict(st, "skirmish-vp-water")
    give_intrigue(st, "red", cards)
    troops(st, "red", 0, 3)
    troops(st, "blue", 1, 2)
    to_combat(st)


def test_to_the_victor_waits_for_the_win_then_pays_three_spice():
    st = new()
    _win_with(st, ["to-the-victor"])
    assert top(st)["kind"] == "combat" and top(st)["order"][top(st)["idx"]] == "red"
    err = illegal(st, "red", "play-intrigue", "intrigue.wrong-window", card="to-the-victor")
    assert "combat.win-trigger" in err.rulings and err.path == ["combat.intrigue-window"]
    assert {"do": "play-intrigue", "card": "to-the-victor"} not in legal(st)
    act(st, "red", "pass")
    act(st, "blue", "pass")
    assert top(st)["t"] == "window" and top(st)["kind"] == "victory"
    assert RULES.prompt(st)["window"] == "combat.victory" and RULES.prompt(st)["by"] == "red"
    spice = P(st, "red")["spice"]
    out = act(st, "red", "play-intrigue", card="to-the-victor")
    assert P(st, "red")["spice"] == spice + 3 and "combat.win-trigger" in out.rulings
    act(st, "red", "pass")
    assert st["phase"] != "combat"


def test_demand_respect_can_be_paid_with_the_spice_to_the_victor_gave():
    st = new()
    _win_with(st, ["demand-respect", "to-the-victor"])
    act(st, "red", "pass")
    act(st, "blue", "pass")
    act(st, "red", "play-intrigue", card="to-the-victor")
    assert P(st, "red")["spice"] >= 3
    act(st, "red", "play-intrigue", card="demand-respect")
    assert top(st)["kind"] == "option"
    choose(st, "red", option=1)  # pay 2 spice: 2 Influence with one Faction
    spice = P(st, "red")["spice"]
    choose(st, "red", option=3)  # the Fremen
    assert P(st, "red")["influence"]["fremen"] == 2 and P(st, "red")["spice"] == spice


def test_no_victory_window_on_a_tie_or_without_such_a_card():
    st = new()
    give_intrigue(st, "red", ["to-the-victor"])
    troops(st, "red", 0, 2)
    troops(st, "blue", 0, 2)
    to_combat(st)
    act(st, "red", "pass")
    act(st, "blue", "pass")
    assert not (top(st)["t"] == "window" and top(st)["kind"] == "victory")  # a tie is no win
    st = new()
    _win_with(st, ["ambush"])
    act(st, "red", "pass")
    act(st, "blue", "pass")
    assert not (st["stack"] and top(st)["t"] == "window" and top(st)["kind"] == "victory")


def test_corner_the_market_counts_the_spice_must_flow_against_each_opponent():
    st = new()
    give(st, "red", ["the-spice-must-flow", "the-spice-must-flow"], zone="discard")
    give(st, "blue", ["the-spice-must-flow"], zone="deck")
    steps = RULES.content.intrigues["corner-the-market"]["endgame"]
    resolve_steps(st, "red", steps, "intrigue:corner-the-market")
    assert P(st, "red")["vp"] == 2  # two copies, and more than every opponent
    st = new()
    give(st, "red", ["the-spice-must-flow", "the-spice-must-flow"], zone="discard")
    give(st, "green", ["the-spice-must-flow", "the-spice-must-flow"], zone="deck")
    resolve_steps(st, "red", steps, "intrigue:corner-the-market")
    assert P(st, "red")["vp"] == 1  # a tie with one opponent denies the second point


def test_councilors_dispensation_and_allied_armada_need_their_condition_to_be_played():
    st = new()
    give_intrigue(st, "red", ["councilors-dispensation"])
    err = illegal(st, "red", "play-intrigue", "intrigue.condition", card="councilors-dispensation")
    assert "intrigue.conditions" in err.rulings
    P(st, "red")["seat"] = True
    act(st, "red", "play-intrigue", card="councilors-dispensation")
    assert P(st, "red")["spice"] == 2
    st = new()
    give_intrigue(st, "red", ["allied-armada"])
    troops(st, "red", 0, 2)
    troops(st, "blue", 0, 1)
    P(st, "red")["spice"] = 2
    to_combat(st)
    illegal(st, "red", "play-intrigue", "intrigue.condition", card="allied-armada")
    st["alliances"]["guild"] = "red"
    swords = P(st, "red")["swords"]
    act(st, "red", "play-intrigue", card="allied-armada")  # the 2 spice are paid: no choice
    assert P(st, "red")["spice"] == 0 and P(st, "red")["swords"] == swords + 7


def test_calculated_hire_takes_the_mentat_only_from_its_space():
    st = new()
    give_intrigue(st, "red", ["calculated-hire"])
    P(st, "red")["spice"] = 1
    st["board"]["mentat"] = "blue"
    P(st, "blue")["agents"] = 3
    err = illegal(st, "red", "play-intrigue", "intrigue.condition", card="calculated-hire")
    assert "card.calculated-hire" in err.rulings
    st["board"]["mentat"] = None
    P(st, "blue")["agents"] = 2
    act(st, "red", "play-intrigue", card="calculated-hire")
    assert st["board"]["mentat"] == "red" and P(st, "red")["agents"] == 3 and P(st, "red")["spice"] == 0


# --- Conflict cards -----------------------------------------------------------------------------
def test_sort_through_the_chaos_gives_the_winner_the_mentat_next_round():
    st = new()
    set_conflict(st, "sort-through-the-chaos")
    troops(st, "red", 0, 2)
    troops(st, "blue", 0, 1)
    to_combat(st)
    act(st, "red", "pass")
    act(st, "blue", "pass")
    # rewards, Makers, Recall (the Mentat was on its space all along) and the next round's start
    assert "mentat_next" not in st["board"]
    assert st["round"] == 2 and st["board"]["mentat"] == "red" and P(st, "red")["agents"] == 3
    # the Mentat space still gives its card, but no Mentat
    assert top(st) == {"t": "turn", "player": "blue"}
    hand(st, "blue", ["dagger"])
    P(st, "blue")["solari"] = 2
    act(st, "blue", "send-agent", card="dagger", space="mentat")
    act(st, "blue", "resolve", effect="space:mentat")
    assert st["board"]["mentat"] == "red" and P(st, "blue")["agents"] == 2


# --- leaders -------------------------------------------------------------------------------------
def test_baron_picks_two_secret_tokens_and_reveals_them_after_deploying_four_troops():
    st = new(leaders=["baron-vladimir-harkonnen", *PLAIN[1:]], tokens=("emperor", "fremen"))
    pl = P(st, "red")
    assert pl["masterstroke"] == ["emperor", "fremen"] and not pl.get("ability_used")
    assert RULES.public_view(st, "blue")["players"]["red"]["masterstroke"] == 2  # face down
    hand(st, "red", ["dune-the-desert-planet"])
    P(st, "red")["troops"].update(supply=5, garrison=7)
    P(st, "red")["water"] = 2
    act(st, "red", "send-agent", card="dune-the-desert-planet", space="the-great-flat")
    act(st, "red", "resolve", effect="space:the-great-flat")
    act(st, "red", "deploy", recruited=0, garrison=2)
    assert top(st)["t"] == "agent"  # two troops: nothing yet
    st2 = copy.deepcopy(st)
    # Rapid Mobilization brings the turn's total to four
    give_intrigue(st, "red", ["rapid-mobilization"])
    act(st, "red", "play-intrigue", card="rapid-mobilization")
    choose(st, "red", count=2)
    assert top(st)["kind"] == "option"
    out = choose(st, "red", option=0)  # reveal
    pl = P(st, "red")
    assert pl["influence"]["emperor"] == 1 and pl["influence"]["fremen"] == 1 and pl["ability_used"]
    assert "leader.masterstroke" in out.rulings
    assert RULES.public_view(st, "blue")["players"]["red"]["masterstroke"] == ["emperor", "fremen"]
    # declining keeps the tokens for a later turn
    give_intrigue(st2, "red", ["rapid-mobilization"])
    act(st2, "red", "play-intrigue", card="rapid-mobilization")
    choose(st2, "red", count=2)
    choose(st2, "red", option=1)
    assert not P(st2, "red").get("ability_used") and P(st2, "red")["influence"]["emperor"] == 0


def test_baron_counts_troops_deployed_at_the_start_of_the_turn_too():
    st = new(leaders=["baron-vladimir-harkonnen", *PLAIN[1:]], tokens=("guild", "bene-gesserit"))
    hand(st, "red", ["reconnaissance"])
    troops(st, "red", 5)
    give_intrigue(st, "red", ["rapid-mobilization"])
    act(st, "red", "play-intrigue", card="rapid-mobilization")  # before the Agent goes out
    choose(st, "red", count=2)
    assert top(st)["t"] == "turn" and top(st)["deployed"] == 2
    act(st, "red", "send-agent", card="reconnaissance", space="arrakeen")
    act(st, "red", "resolve", effect="space:arrakeen")
    act(st, "red", "deploy", recruited=1, garrison=1)  # the fourth troop of this turn
    assert top(st)["kind"] == "option"
    choose(st, "red", option=0)
    assert P(st, "red")["influence"]["guild"] == 1 and P(st, "red")["influence"]["bene-gesserit"] == 1


def test_baron_masterstroke_happens_once_per_game():
    st = new(leaders=["baron-vladimir-harkonnen", *PLAIN[1:]])
    P(st, "red")["ability_used"] = True
    give_intrigue(st, "red", ["rapid-mobilization"])
    P(st, "red")["troops"].update(supply=5, garrison=7)
    act(st, "red", "play-intrigue", card="rapid-mobilization")
    choose(st, "red", count=5)
    assert (top(st)["t"], top(st)["player"]) == ("turn", "red")  # no second reveal offered
    assert P(st, "red")["influence"] == {"emperor": 0, "guild": 0, "bene-gesserit": 0, "fremen": 0}


def test_duke_leto_pays_one_solari_less_on_landsraad_spaces():
    st = new(leaders=["duke-leto-atreides", *PLAIN[1:]])
    hand(st, "red", ["dagger", "dune-the-desert-planet"])
    P(st, "red")["solari"] = 3
    out = act(st, "red", "send-agent", card="dagger", space="rally-troops")  # 4 - 1
    assert P(st, "red")["solari"] == 0 and "leader.duke-leto" in out.rulings
    st = new(leaders=["duke-leto-atreides", *PLAIN[1:]])
    hand(st, "red", ["dagger"])
    P(st, "red")["solari"] = 1
    act(st, "red", "send-agent", card="dagger", space="mentat")  # 2 - 1
    assert P(st, "red")["solari"] == 0
    st = new(leaders=["duke-leto-atreides", *PLAIN[1:]])
    hand(st, "red", ["dagger"])
    P(st, "red")["solari"] = 7
    assert {"do": "send-agent", "card": "dagger", "space": "swordmaster"} in legal(st)  # 8 - 1
    P(st, "red")["solari"] = 4
    assert {"do": "send-agent", "card": "dagger", "space": "high-council"} in legal(st)  # 5 - 1
    P(st, "red")["solari"] = 3
    illegal(st, "red", "send-agent", "agent.space-cost", card="dagger", space="high-council")
    # other spaces keep their price
    st = new(leaders=["duke-leto-atreides", *PLAIN[1:]])
    hand(st, "red", ["dune-the-desert-planet"])
    P(st, "red")["spice"] = 1
    illegal(st, "red", "send-agent", "agent.space-cost", card="dune-the-desert-planet", space="sell-melange")


def test_duke_leto_signet_gains_influence_only_where_an_opponent_is_ahead():
    st = new(leaders=["duke-leto-atreides", *PLAIN[1:]])
    hand(st, "red", ["signet-ring"])
    P(st, "red")["spice"] = 1
    P(st, "blue")["influence"]["guild"] = 2
    P(st, "green")["influence"]["fremen"] = 1
    P(st, "red")["influence"]["fremen"] = 1
    act(st, "red", "send-agent", card="signet-ring", space="secure-contract")
    act(st, "red", "resolve", effect="card:signet-ring")
    out = choose(st, "red", option="pay")
    assert "leader.duke-leto" in out.rulings
    assert answers(st) == [{"faction": "guild"}]  # fremen is level, not behind
    choose(st, "red", faction="guild")
    assert P(st, "red")["influence"]["guild"] == 1 and P(st, "red")["spice"] == 0


def test_helena_sends_agents_to_occupied_landsraad_and_city_spaces():
    st = new(leaders=["helena-richese", "earl-memnon-thorvald", "countess-ariana-thorvald"])
    hand(st, "red", ["reconnaissance", "dune-the-desert-planet", "dagger"])
    for space in ("arrakeen", "imperial-basin", "hall-of-oratory"):
        st["board"]["occupied"][space] = "blue"
        P(st, "blue")["placed"].append(space)
    out = act(st, "red", "send-agent", card="reconnaissance", space="arrakeen")  # City
    assert "leader.helena-eyes-everywhere" in out.rulings
    end_turn(st, "red")
    others_reveal(st)
    illegal(st, "red", "send-agent", "agent.space-occupied", card="dune-the-desert-planet",
            space="imperial-basin")  # Spice Trade: not covered
    act(st, "red", "send-agent", card="dagger", space="hall-of-oratory")  # Landsraad
    assert sorted(P(st, "red")["placed"]) == ["arrakeen", "hall-of-oratory"]


def test_helena_is_still_blocked_by_her_own_agent():
    st = new(leaders=["helena-richese", "earl-memnon-thorvald", "countess-ariana-thorvald"])
    hand(st, "red", ["reconnaissance", "dagger"])
    st["board"]["occupied"]["arrakeen"] = "red"
    P(st, "red")["placed"] = ["arrakeen"]
    illegal(st, "red", "send-agent", "agent.space-occupied", card="reconnaissance", space="arrakeen")


def test_paul_looks_at_the_top_card_and_the_next_draw_must_be_it():
    st = new(leaders=["paul-atreides", *PLAIN[1:]])
    assert "resolve" in RULES.prompt(st)["verbs"]
    assert {"do": "resolve", "effect": "leader:paul-atreides"} in legal(st)
    card = P(st, "red")["deck"]["cards"][0]
    act1(st, "red", "resolve", effect="leader:paul-atreides")
    assert top(st)["kind"] == "draw" and top(st)["look"] and top(st)["n"] == 1
    out = act1(st, "chance", "draw", player="red", cards=[card])
    assert "leader.paul-prescience" in out.rulings
    assert P(st, "red")["deck"]["top"] == [card] and top(st) == {"t": "turn", "player": "red"}
    assert {"do": "resolve", "effect": "leader:paul-atreides"} not in legal(st)  # nothing new to see
    hand(st, "red", ["signet-ring"])
    P(st, "red")["deck"]["top"] = [card]
    act1(st, "red", "send-agent", card="signet-ring", space="secure-contract")
    act1(st, "red", "resolve", effect="card:signet-ring")  # Discipline: draw 1
    other = next(c for c in P(st, "red")["deck"]["cards"] if c != card)
    illegal(st, "chance", "draw", "chance.card-not-available", player="red", cards=[other])
    act1(st, "chance", "draw", player="red", cards=[card])
    assert "top" not in P(st, "red")["deck"]
    assert {"do": "resolve", "effect": "leader:paul-atreides"} in legal(st)  # a new top to look at


def test_paul_cannot_look_at_an_empty_deck():
    st = new(leaders=["paul-atreides", *PLAIN[1:]])
    pl = P(st, "red")
    pl["discard"], pl["deck"]["cards"] = pl["deck"]["cards"], []
    assert "resolve" not in RULES.prompt(st)["verbs"]
    illegal(st, "red", "resolve", "turn.unexpected-action", effect="leader:paul-atreides")


def test_countess_ariana_harvests_one_spice_less_and_draws_a_card():
    st = new(leaders=["countess-ariana-thorvald", *PLAIN[1:]])
    hand(st, "red", ["dune-the-desert-planet"])
    st["board"]["bonus_spice"]["imperial-basin"] = 2
    act(st, "red", "send-agent", card="dune-the-desert-planet", space="imperial-basin")
    out = act(st, "red", "resolve", effect="space:imperial-basin")
    assert P(st, "red")["spice"] == 2 and len(P(st, "red")["hand"]) == 1  # 1 + 2 - 1, and a card
    assert "leader.countess-ariana-thorvald" in out.rulings
    st = new(leaders=["countess-ariana-thorvald", *PLAIN[1:]])
    hand(st, "red", ["dune-the-desert-planet"])
    act(st, "red", "send-agent", card="dune-the-desert-planet", space="secure-contract")
    act(st, "red", "resolve", effect="space:secure-contract")
    assert P(st, "red")["solari"] == 3 and P(st, "red")["hand"] == []  # not a harvest


def test_earl_memnon_gains_influence_when_he_takes_a_council_seat():
    st = new()
    hand(st, "red", ["dagger"])
    P(st, "red")["solari"] = 5
    act(st, "red", "send-agent", card="dagger", space="high-council")
    out = act(st, "red", "resolve", effect="space:high-council")
    assert P(st, "red")["seat"] and top(st)["kind"] == "faction"
    assert "leader.memnon-connections" in out.rulings
    choose(st, "red", faction="bene-gesserit")
    assert P(st, "red")["influence"]["bene-gesserit"] == 1


def test_count_ilban_draws_when_he_pays_solari_for_a_space():
    st = new(leaders=["count-ilban-richese", *PLAIN[1:]])
    hand(st, "red", ["dagger", "dune-the-desert-planet"])
    P(st, "red")["solari"] = 4
    out = act(st, "red", "send-agent", card="dagger", space="rally-troops")
    assert P(st, "red")["solari"] == 0 and len(P(st, "red")["hand"]) == 2
    assert "leader.count-ilban-richese" in out.rulings
    end_turn(st, "red")
    others_reveal(st)
    P(st, "red")["spice"] = 2
    size = len(P(st, "red")["hand"])
    act(st, "red", "send-agent", card="dune-the-desert-planet", space="sell-melange")  # spice: no draw
    assert len(P(st, "red")["hand"]) == size - 1


def test_rabban_starts_richer_and_his_signet_recruits_more_with_an_alliance():
    st = new(leaders=["glossu-rabban", *PLAIN[:2]])
    assert P(st, "red")["spice"] == 1 and P(st, "red")["solari"] == 1
    hand(st, "red", ["signet-ring"])
    act(st, "red", "send-agent", card="signet-ring", space="secure-contract")
    act(st, "red", "resolve", effect="card:signet-ring")
    assert P(st, "red")["troops"]["garrison"] == 4
    st = new(leaders=["glossu-rabban", *PLAIN[:2]])
    st["alliances"]["fremen"] = "red"
    hand(st, "red", ["signet-ring"])
    act(st, "red", "send-agent", card="signet-ring", space="secure-contract")
    act(st, "red", "resolve", effect="card:signet-ring")
    assert P(st, "red")["troops"]["garrison"] == 5


def test_helena_may_take_her_manipulated_card_with_bypass_protocol_at_full_cost():
    st = new(leaders=["helena-richese", *PLAIN[:2]])
    set_row(st, ["gun-thopter", "dr-yueh", "space-travel", "scout", "stilgar"])
    hand(st, "red", ["signet-ring"])
    give_intrigue(st, "red", ["bypass-protocol"])
    P(st, "red")["spice"] = 2
    act(st, "red", "send-agent", card="signet-ring", space="secure-contract")
    act(st, "red", "resolve", effect="card:signet-ring")
    assert top(st)["kind"] == "row"
    choose(st, "red", card="stilgar")  # Manipulate: set aside for red's Reveal turn
    assert "stilgar" not in st["row"] and st["manipulated"][0]["card"] == "stilgar"
    act(st, "red", "play-intrigue", card="bypass-protocol")
    choose(st, "red", option=1)
    assert {"card": "stilgar"} in answers(st)  # another means, at its full cost of 5
    out = choose(st, "red", card="stilgar")
    assert st["manipulated"] == [] and P(st, "red")["deck"]["top"] == ["stilgar"]
    assert "leader.helena-richese" in out.rulings
    assert violations(st) == []


def test_an_opponent_cannot_take_helenas_manipulated_card():
    st = new(leaders=["helena-richese", *PLAIN[:2]])
    set_row(st, ["gun-thopter", "dr-yueh", "space-travel", "scout", "stilgar"])
    hand(st, "red", ["signet-ring"])
    act(st, "red", "send-agent", card="signet-ring", space="secure-contract")
    act(st, "red", "resolve", effect="card:signet-ring")
    choose(st, "red", card="stilgar")
    end_turn(st, "red")
    give_intrigue(st, "blue", ["bypass-protocol"])
    P(st, "blue")["spice"] = 2
    act(st, "blue", "play-intrigue", card="bypass-protocol")
    choose(st, "blue", option=1)
    assert {"card": "stilgar"} not in answers(st)


@pytest.mark.parametrize("leader, gains", [
    ("countess-ariana-thorvald", {"water": 2}), ("earl-memnon-thorvald", {"spice": 1}),
    ("count-ilban-richese", {"solari": 1})])
def test_signet_rings_of_the_plain_leaders(leader, gains):
    st = new(leaders=[leader, *PLAIN[1:]])
    hand(st, "red", ["signet-ring"])
    act(st, "red", "send-agent", card="signet-ring", space="arrakeen")
    act(st, "red", "resolve", effect="card:signet-ring")
    assert {k: P(st, "red")[k] for k in gains} == gains


def test_baron_signet_buys_an_intrigue_card_for_a_solari():
    st = new(leaders=["baron-vladimir-harkonnen", *PLAIN[1:]])
    hand(st, "red", ["signet-ring"])
    P(st, "red")["solari"] = 1
    act(st, "red", "send-agent", card="signet-ring", space="arrakeen")
    act(st, "red", "resolve", effect="card:signet-ring")
    choose(st, "red", option="pay")
    assert P(st, "red")["solari"] == 0 and len(P(st, "red")["intrigue"]) == 1


# --- the seed's worked examples (seed 001, pp. 10-13) -----------------------------------------------
SEED_ROW = ["space-travel", "gun-thopter", "fremen-camp", "guild-ambassador", "spice-hunter"]


def seed_position() -> dict:
    """The round of the seed's running example: John (first player), Abby and Ned. An earlier
    round left John's Control marker on Carthag and 1 bonus spice on The Great Flat; the Conflict
    card is Siege of Arrakeen; Abby has one troop in her garrison and Ned has 4 Solari. The Row
    holds no card that costs 1."""
    game = {"system": "imperium", "edition": "base", "modules": [], "players": [
        {"id": "john", "leader": "earl-memnon-thorvald"},
        {"id": "abby", "leader": "glossu-rabban"},
        {"id": "ned", "leader": "helena-richese"}]}
    st = RULES.new_state(game, {"seed": 1})
    for card in SEED_ROW:
        act1(st, "chance", "refill-row", card=card)
    # an earlier round: one level-I card was fought, John took Carthag, The Great Flat has spice
    board = st["board"]
    board["conflict_levels"].pop(0)
    board["discarded_conflicts"].append(board["conflict_pool"]["1"].pop(0))
    st["round"] = 2  # the round counter was already moved on when the Row was dealt
    board["control"]["carthag"] = "john"
    board["bonus_spice"]["the-great-flat"] = 1
    P(st, "abby")["troops"].update(supply=11, garrison=1)
    P(st, "ned")["solari"] = 4
    give(st, "john", ["imperial-spy", "smugglers-thopter", "stilgar"], zone="deck")
    give(st, "abby", ["duncan-idaho"], zone="deck")
    give(st, "ned", ["bene-gesserit-initiate"], zone="deck")
    act1(st, "chance", "reveal-conflict", card="siege-of-arrakeen")
    act1(st, "chance", "draw", player="john",
         cards=["dune-the-desert-planet", "diplomacy", "imperial-spy", "smugglers-thopter", "stilgar"])
    act1(st, "chance", "draw", player="abby",
         cards=["duncan-idaho", "convincing-argument", "convincing-argument", "reconnaissance", "seek-allies"])
    act1(st, "chance", "draw", player="ned",
         cards=["bene-gesserit-initiate", "dagger", "dagger", "diplomacy", "reconnaissance"])
    assert st["round"] == 2 and top(st) == {"t": "turn", "player": "john"}
    return st


def seed_agent_turns(st: dict) -> None:
    """John, Abby and Ned's Agent turns of seed p. 10."""
    act1(st, "john", "send-agent", card="dune-the-desert-planet", space="imperial-basin")
    act1(st, "john", "resolve", effect="space:imperial-basin")
    act1(st, "john", "deploy", recruited=0, garrison=2)
    act1(st, "john", "end-turn")
    act1(st, "abby", "send-agent", card="duncan-idaho", space="carthag")
    act1(st, "abby", "resolve", effect="space:carthag")
    act1(st, "chance", "draw-intrigue", player="abby", cards=["ambush"])
    act1(st, "abby", "resolve", effect="card:duncan-idaho")
    act1(st, "abby", "choose", option="pay")
    act1(st, "chance", "draw", player="abby", cards=["dune-the-desert-planet"])
    act1(st, "abby", "deploy", recruited=2, garrison=1)
    act1(st, "abby", "end-turn")
    act1(st, "ned", "send-agent", card="bene-gesserit-initiate", space="rally-troops")
    act1(st, "ned", "resolve", effect="card:bene-gesserit-initiate")
    act1(st, "chance", "draw", player="ned", cards=["signet-ring"])
    act1(st, "ned", "resolve", effect="space:rally-troops")
    act1(st, "ned", "end-turn")


def seed_second_agents(st: dict) -> None:
    """Each sends a second Agent (the seed does not say where; none of it touches the numbers
    the example states), so that John has no Agent left when his turn comes round again."""
    act1(st, "john", "send-agent", card="diplomacy", space="wealth")
    act1(st, "john", "resolve", effect="space:wealth")
    act1(st, "john", "end-turn")
    act1(st, "abby", "send-agent", card="seek-allies", space="secrets")
    act1(st, "abby", "resolve", effect="space:secrets")
    act1(st, "chance", "draw-intrigue", player="abby", cards=["windfall"])
    act1(st, "abby", "resolve", effect="card:seek-allies")
    act1(st, "abby", "end-turn")
    act1(st, "ned", "send-agent", card="diplomacy", space="foldspace")
    act1(st, "ned", "resolve", effect="space:foldspace")
    act1(st, "ned", "end-turn")


def seed_reveal_turns(st: dict) -> None:
    act1(st, "john", "reveal")
    for card in ("imperial-spy", "smugglers-thopter", "stilgar"):
        act1(st, "john", "resolve", effect=f"reveal:{card}")
    act1(st, "john", "acquire", card="space-travel")
    act1(st, "chance", "refill-row", card="crysknife")
    act1(st, "john", "end-turn")
    for pid in ("abby", "ned"):
        act1(st, pid, "reveal")
        for node in list(st["turn"]["nodes"]):
            if node.startswith("reveal:"):
                act1(st, pid, "resolve", effect=node)
        act1(st, pid, "end-turn")


def seed_combat(st: dict) -> None:
    act1(st, "john", "pass")
    act1(st, "abby", "play-intrigue", card="ambush")
    act1(st, "abby", "pass")  # the end of her go of plays (reading combat.intrigue-window-turns)
    act1(st, "john", "pass")
    act1(st, "abby", "pass")


def test_seed_001_agent_turns_of_john_abby_and_ned():
    """Seed 001_27b2d0539b6c4421.txt p. 10, the Agent-turn example (ruling
    worked-example.agent-turns): John harvests at Imperial Basin and deploys 2 of his 3 garrison
    troops; Abby at Carthag pays John 1 Solari of control, recruits 1 + 1 (Duncan Idaho's water),
    draws an Intrigue card and a card, and deploys both recruits plus her one garrisoned troop;
    Ned pays 4 Solari at Rally Troops, draws from Bene Gesserit Initiate and keeps 4 recruits in
    his garrison."""
    st = seed_position()
    john = P(st, "john")
    act1(st, "john", "send-agent", card="dune-the-desert-planet", space="imperial-basin")
    act1(st, "john", "resolve", effect="space:imperial-basin")
    assert john["spice"] == 1  # Imperial Basin's 1 spice (no bonus had built up there)
    assert {"do": "deploy", "recruited": 0, "garrison": 3} not in legal(st)  # at most 2 from the garrison
    act1(st, "john", "deploy", recruited=0, garrison=2)
    assert john["troops"] == {"supply": 9, "garrison": 1, "conflict": 2}
    act1(st, "john", "end-turn")

    solari = john["solari"]
    act1(st, "abby", "send-agent", card="duncan-idaho", space="carthag")
    assert P(st, "john")["solari"] == solari + 1  # John's Control marker on Carthag
    act1(st, "abby", "resolve", effect="space:carthag")
    act1(st, "chance", "draw-intrigue", player="abby", cards=["ambush"])
    act1(st, "abby", "resolve", effect="card:duncan-idaho")
    assert top(st)["kind"] == "pay"
    act1(st, "abby", "choose", option="pay")
    act1(st, "chance", "draw", player="abby", cards=["dune-the-desert-planet"])
    abby = P(st, "abby")
    assert abby["water"] == 0 and abby["intrigue"] == ["ambush"] and "dune-the-desert-planet" in abby["hand"]
    assert abby["troops"] == {"supply": 9, "garrison": 3, "conflict": 0}
    assert {"do": "deploy", "recruited": 2, "garrison": 2} not in legal(st)  # only one was garrisoned
    act1(st, "abby", "deploy", recruited=2, garrison=1)
    assert P(st, "abby")["troops"] == {"supply": 9, "garrison": 0, "conflict": 3}
    act1(st, "abby", "end-turn")

    act1(st, "ned", "send-agent", card="bene-gesserit-initiate", space="rally-troops")
    assert P(st, "ned")["solari"] == 0  # Rally Troops' 4 Solari
    act1(st, "ned", "resolve", effect="card:bene-gesserit-initiate")
    act1(st, "chance", "draw", player="ned", cards=["signet-ring"])
    act1(st, "ned", "resolve", effect="space:rally-troops")
    assert P(st, "ned")["troops"] == {"supply": 5, "garrison": 7, "conflict": 0}
    assert not any(a["do"] == "deploy" for a in legal(st))  # not a combat space
    err = illegal(st, "ned", "deploy", "deploy.not-combat-space", recruited=4, garrison=0)
    assert "deploy.combat-space-only" in err.rulings
    act1(st, "ned", "end-turn")
    assert len(P(st, "ned")["hand"]) == 5  # 4 left + the card drawn
    assert violations(st) == []


def test_seed_001_hagga_basin_side_note():
    """Seed 001_27b2d0539b6c4421.txt p. 10, the Hagga Basin note beside the Agent-turn example
    (ruling worked-example.agent-turns): an Agent there takes 2 spice plus the bonus spice that
    built up on the space. Here 1 bonus, as the seed's Makers phase (p. 13) leaves on it."""
    st = new()
    hand(st, "red", ["dune-the-desert-planet"])
    st["board"]["bonus_spice"]["hagga-basin"] = 1
    act(st, "red", "send-agent", card="dune-the-desert-planet", space="hagga-basin")
    act(st, "red", "resolve", effect="space:hagga-basin")
    assert P(st, "red")["spice"] == 3 and P(st, "red")["water"] == 0
    assert st["board"]["bonus_spice"]["hagga-basin"] == 0


def test_seed_001_john_reveal_turn():
    """Seed 001_27b2d0539b6c4421.txt p. 11, the Reveal-turn example (ruling
    worked-example.reveal-turn): with no Agent left, John reveals Imperial Spy, Smuggler's
    Thopter and Stilgar: 1 spice, 4 Persuasion; he buys Space Travel for 3 from the Row (it goes
    to his discard pile and the Row is refilled), cannot spend the last 1, and his strength is 8
    (2 troops = 4, plus 1 + 3 swords); then his cards go to the discard pile."""
    st = seed_position()
    seed_agent_turns(st)
    seed_second_agents(st)
    assert top(st) == {"t": "turn", "player": "john"}
    assert [a["do"] for a in legal(st)] == ["reveal"]  # no Agent left: only the Reveal turn
    spice = P(st, "john")["spice"]
    act1(st, "john", "reveal")
    assert sorted(P(st, "john")["play"]) == ["diplomacy", "dune-the-desert-planet", "imperial-spy",
                                              "smugglers-thopter", "stilgar"]
    for card in ("imperial-spy", "smugglers-thopter", "stilgar"):
        act1(st, "john", "resolve", effect=f"reveal:{card}")
    john = P(st, "john")
    assert john["spice"] == spice + 1 and john["persuasion"] == 4 and john["swords"] == 4
    act1(st, "john", "acquire", card="space-travel")
    assert "space-travel" in P(st, "john")["discard"] and top(st)["kind"] == "refill-row"
    act1(st, "chance", "refill-row", card="crysknife")
    assert len(st["row"]) == 5 and "crysknife" in st["row"]
    assert P(st, "john")["persuasion"] == 1
    assert not any(a["do"] == "acquire" for a in legal(st))  # nothing costs 1
    assert strength(Game(st), "john") == 8
    act1(st, "john", "end-turn")
    john = P(st, "john")
    assert john["play"] == [] and john["hand"] == [] and john["persuasion"] == 0
    assert sorted(john["discard"]) == ["diplomacy", "dune-the-desert-planet", "imperial-spy",
                                       "smugglers-thopter", "space-travel", "stilgar"]
    assert strength(Game(st), "john") == 8  # the swords stay counted until Combat
    assert top(st) == {"t": "turn", "player": "abby"}  # Abby and Ned still have to reveal


def test_seed_001_combat_between_john_abby_and_ned():
    """Seed 001_27b2d0539b6c4421.txt p. 12, the Combat example (ruling worked-example.combat):
    John 8, Abby 6, Ned 0. John passes; Abby plays Ambush (+4, to 10); Ned, with no troop, takes
    no part; John passes again. Abby wins Siege of Arrakeen: 1 VP and control of Arrakeen; John
    second takes 4 Solari; Ned nothing (no third place with three players). After Ambush the go
    is still Abby's (she 'may play any number' of cards); she ends it, John decides, and Abby's
    closing pass comes last (reading combat.intrigue-window-turns)."""
    st = seed_position()
    seed_agent_turns(st)
    seed_second_agents(st)
    seed_reveal_turns(st)
    g = Game(st)
    assert (strength(g, "john"), strength(g, "abby"), strength(g, "ned")) == (8, 6, 0)
    assert RULES.prompt(st)["window"] == "combat.intrigue-window" and RULES.prompt(st)["by"] == "john"
    assert top(st)["order"] == ["john", "abby"]  # Ned has no troop in the Conflict
    illegal(st, "ned", "pass", "turn.not-your-turn")
    act1(st, "john", "pass")
    act1(st, "abby", "play-intrigue", card="ambush")
    assert strength(Game(st), "abby") == 10
    assert RULES.prompt(st)["by"] == "abby"  # her go of plays goes on until she passes
    illegal(st, "john", "pass", "turn.not-your-turn")
    act1(st, "abby", "pass")
    assert RULES.prompt(st)["by"] == "john"  # John may play again though he passed before
    john_solari, abby_vp, ned = P(st, "john")["solari"], P(st, "abby")["vp"], copy.deepcopy(P(st, "ned"))
    act1(st, "john", "pass")
    act1(st, "abby", "pass")
    assert P(st, "abby")["vp"] == abby_vp + 1 and st["board"]["control"]["arrakeen"] == "abby"
    assert P(st, "john")["solari"] == john_solari + 4
    assert {k: P(st, "ned")[k] for k in ("vp", "solari", "spice", "water")} == \
        {k: ned[k] for k in ("vp", "solari", "spice", "water")}
    assert "siege-of-arrakeen" in st["board"]["discarded_conflicts"]  # nobody keeps the card
    for pid in ("john", "abby", "ned"):  # troops in the Conflict go back to the supply
        assert P(st, pid)["troops"]["conflict"] == 0
    assert P(st, "abby")["troops"] == {"supply": 12, "garrison": 0, "conflict": 0}


def test_seed_001_makers_and_recall():
    """Seed 001_27b2d0539b6c4421.txt p. 13, the Makers and Recall examples (ruling
    worked-example.makers): John's Agent on Imperial Basin keeps bonus spice off it; The Great
    Flat (1 already) and Hagga Basin each get 1; nobody has 10 VP, so the Agents come back and the
    First Player marker passes from John to Abby for a new round."""
    st = seed_position()
    seed_agent_turns(st)
    seed_second_agents(st)
    seed_reveal_turns(st)
    seed_combat(st)
    board = st["board"]
    assert board["bonus_spice"] == {"hagga-basin": 1, "imperial-basin": 0, "the-great-flat": 2}
    assert st["first"] == "abby" and st["round"] == 3  # the next round has begun
    assert board["occupied"] == {} and all(P(st, q)["placed"] == [] for q in ("john", "abby", "ned"))
    assert board.get("mentat") is None
    assert top(st)["t"] == "chance" and top(st)["kind"] == "reveal-conflict"  # the next round begins
    act1(st, "chance", "reveal-conflict", card=board["conflict_pool"]["2"][0])
    for pid in ("abby", "ned", "john"):  # each draws a new hand, Abby first
        assert top(st)["kind"] == "draw" and top(st)["player"] == pid
        RULES.apply(st, RULES.deal(st), dealt=True)
    assert top(st) == {"t": "turn", "player": "abby"}
    assert violations(st) == []


# --- random playouts ---------------------------------------------------------------------------------


def test_every_offered_action_is_accepted_in_a_base_game():
    log = simulate("imperium", 3, 7, ())
    state = RULES.new_state(log["game"], {})
    for action in log["actions"][:400]:
        if action["by"] != "chance":
            offered = RULES.legal_actions(state)
            assert Action(action) in offered
            for option in offered:
                RULES.apply(copy.deepcopy(state), option)
        RULES.apply(state, Action(action))
        assert violations(state) == []


STACKED_CARDS = ["kwisatz-haderach", "the-voice", "carryall", "guild-bankers", "other-memory",
                 "test-of-humanity", "gun-thopter"]
STACKED_INTRIGUE = ["bindu-suspension", "infiltrate", "dispatch-an-envoy", "poison-snooper", "bypass-protocol",
                    "recruitment-mission", "double-cross", "reinforcements", "refocus", "staged-incident",
                    "to-the-victor", "demand-respect", "corner-the-market", "calculated-hire"]


@pytest.mark.parametrize("seed", range(8))
def test_stacked_decks_play_out_with_every_offer_accepted(seed):
    """Random play where the rarely bought cards and every Intrigue card with code of its own
    start in the players' decks and hands (all eight leaders take turns): every offered action is
    accepted, every verdict is legal, the invariants hold and the game ends."""
    rnd = Random(seed)
    leaders = RULES.leader_ids(())  # the original game's eight
    ids = IDS[:3 + seed % 2]
    game = {"system": "imperium", "edition": "base", "modules": [], "players": [
        {"id": p, "leader": leaders[(seed + 3 * i) % 8]} for i, p in enumerate(ids)]}
    st = RULES.new_state(game, {"seed": seed})
    for i, pid in enumerate(ids):
        pl = P(st, pid)
        for card in STACKED_CARDS[i::len(ids)]:
            if card in st["imperium_deck"]["cards"]:
                st["imperium_deck"]["cards"].remove(card)
                pl["deck"]["cards"].append(card)
        pl["deck"]["cards"].sort()
        give_intrigue(st, pid, [c for c in STACKED_INTRIGUE[i::len(ids)] if c in st["intrigue_deck"]["cards"]])
        pl.update(solari=6, spice=4, water=2)
    for step in range(20000):
        action = RULES.deal(st)
        dealt = action is not None
        if action is None:
            if RULES.prompt(st) is None:
                break
            offered = RULES.legal_actions(st)
            assert offered, RULES.prompt(st)
            if step % 5 == 0:
                for option in offered:
                    RULES.apply(copy.deepcopy(st), option)
            action = offered[rnd.below(len(offered))]
        assert RULES.apply(st, action, dealt=dealt).verdict == "legal"
        assert violations(st) == [], action.data
    assert st["phase"] == "over"
