"""The Uprising six-player team game with Immortality (issue #13; the booklet for 6 players,
pp. 6-7, record six.compat-immortality; readings six.imm-*): the Commanders' decks unchanged, the
activated Ally's research and Tleilaxu tokens moved by a Commander's effects, a Commander's
genetic markers his most advanced Ally's, specimens made and paid by the activated Ally, Tleilaxu
Surgeon's troops lost by him; a mutated log flagged where a Commander's research step follows his
own token. Its random playouts (ending in a team result, replaying identically, every action legal,
no Commander researching himself, Allies researching) are the matrix row uprising-6p-choam-immortality
(tests/matrix.py EXPECT)."""

import copy
from collections import Counter

import pytest
from helpers import start_of
from six_helpers import RULES, apply, new_game, step

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import replay
from adjudicator.imperium.content import commander_deck, starting_deck
from adjudicator.imperium.game import Game
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.modules.immortality.immortality import genetic_markers
from adjudicator.imperium.modules.six_players import teams as six
from adjudicator.imperium.rules import MODULES_FOR_COUNT
from adjudicator.imperium.view import players
from adjudicator.simulate import simulate

CNT = RULES.content
MODULES = ("choam", "immortality")
START = "research-start"
PLAYOUTS = 6


def _game(seed=1):
    return new_game(seed, modules=MODULES)


def _specimens(state, pid, n):
    """`n` of `pid`'s troops from his supply into his Axolotl tanks (a position edit)."""
    troops = state["players"][pid]["troops"]
    troops["supply"] -= n
    troops["tanks"] += n


def _owned(pl):
    return Counter(pl["deck"]["cards"]) + Counter(pl["hand"]) + Counter(pl["discard"])


def _turn_of(state, pid):
    for _ in range(5000):
        top = state["stack"][-1]
        if top["t"] == "turn" and state["round"] >= 1 and top["player"] == pid and state["turn"] is None:
            return Game(state)
        step(state)
    raise AssertionError("never reached")


def _play(state, commander, card, token="left"):
    """`commander` sends an Agent with `card` (given to him) and the token; his turn's effects are
    then resolved by the first legal decision each, until only ending the turn is left. The
    Ally the token activates."""
    _give(state, commander, card)
    pl = state["players"][commander]
    pl["water"] = pl["solari"] = pl["spice"] = 10
    sends = [a for a in RULES.legal_actions(state)
             if a.do == "send-agent" and a.get("card") == card and a.get("token") == token]
    assert sends, card
    RULES.apply(state, sends[0])
    _finish(state, commander)
    return six.pointed(Game(state), commander, token)


def _give(state, pid, card):
    """`card` into `pid`'s hand from the Imperium deck, a Tleilaxu card from the Tleilaxu deck
    (or Row), so every card stays counted once."""
    deck = state["imperium_deck"]["cards"]
    if card in state["row"] and card not in deck:  # the Row keeps its size: a deck card takes its place
        other = sorted(deck)[0]
        deck.remove(other)
        state["row"][state["row"].index(card)] = other
        deck.append(card)
    if card in deck:
        deck.remove(card)
    elif card in state.get("removed_cards", []):  # a Family Atomics of the stepping took it out
        state["removed_cards"].remove(card)
    elif card in CNT.tleilaxu:
        t = state["tleilaxu"]
        (t["deck"] if card in t["deck"] else t["row"]).remove(card)
    state["players"][pid]["hand"] = sorted(state["players"][pid]["hand"] + [card])


SIDE_VERBS = ("end-turn", "family-atomics", "return-specimens", "play-intrigue", "acquire", "acquire-tleilaxu")


def _finish(state, pid, kind=None):
    """On through `pid`'s turn (chance outcomes dealt, else the first legal decision but ending
    the turn or a side verb) until only those are left, or up to the choice `kind` (returned)."""
    for _ in range(200):
        top = state["stack"][-1]
        if kind and top["t"] == "choice" and top["kind"] == kind:
            return top
        dealt = RULES.deal(state)
        if dealt is not None:
            RULES.apply(state, dealt, dealt=True)
            continue
        if state["turn"] is None or state["turn"]["player"] != pid:
            return None
        offers = [a for a in RULES.legal_actions(state) if a.do not in SIDE_VERBS]
        if not offers:
            return None
        RULES.apply(state, offers[0])
    raise AssertionError("the turn never ends")


def test_six_players_admit_immortality_with_choam():
    assert MODULES_FOR_COUNT[6] == ("choam", "immortality", "bloodlines", "tech")  # Bloodlines: its p. 10
    assert RULES.check_modules(list(MODULES), "/game/modules", 6) == list(MODULES)


def test_commanders_keep_their_decks_and_allies_take_immortalitys_change():
    state = _game()
    g = Game(state)
    for team in six.TEAMS:
        side = six.teams(g)[team]
        commander = state["players"][side["commander"]]
        assert _owned(commander) == Counter(commander_deck(CNT, team))
        assert "experimentation" not in _owned(commander)
        assert commander["research"] == START and commander["tleilaxu"] == 0 and commander["troops"]["tanks"] == 0
        for ally in side["allies"]:
            less = Counter({"diplomacy": 1}) if state["players"][ally]["leader"] == "staban-tuek" else Counter()
            assert _owned(state["players"][ally]) == Counter(starting_deck(CNT, MODULES)) - less
            assert _owned(state["players"][ally])["experimentation"] == 2
    assert violations(state) == []


def test_a_commanders_research_moves_his_activated_allys_token():
    state = _game()
    _turn_of(state, "m")
    ally = _play(state, "m", "scientific-breakthrough")
    other = next(q for q in six.teams(Game(state))["muad-dib"]["allies"] if q != ally)
    players = state["players"]
    # research-start -> research-1-3, whose bonus is a specimen: from the Ally's supply to his tanks
    assert players[ally]["research"] == "research-1-3" and players[ally]["troops"]["tanks"] == 1
    assert players["m"]["research"] == START and players["m"]["troops"]["tanks"] == 0
    assert players[other]["research"] == START
    assert violations(state) == []


def test_a_research_choice_is_the_commanders_from_his_allys_token():
    state = _game()
    g = _turn_of(state, "m")
    ally = six.pointed(g, "m", "left")
    state["players"][ally]["research"] = "research-1-3"  # next: research-2-2 or research-2-4
    _give(state, "m", "scientific-breakthrough")
    pl = state["players"]["m"]
    pl["water"] = pl["solari"] = pl["spice"] = 10
    send = next(a for a in RULES.legal_actions(state)
                if a.do == "send-agent" and a.get("card") == "scientific-breakthrough" and a.get("token") == "left")
    RULES.apply(state, send)
    top = _finish(state, "m", "research")
    assert top["player"] == "m" and top["options"] == ["research-2-2", "research-2-4"]
    with pytest.raises(IllegalAction) as err:  # a step from the Commander's own token
        apply(copy.deepcopy(state), by="m", do="choose", research="research-1-3")
    assert err.value.code == "six.imm-ally-research" and "six.imm-tracks" in err.value.rulings
    apply(state, by="m", do="choose", research="research-2-4")  # bonus: Tleilaxu, the Ally's token
    assert state["players"][ally]["research"] == "research-2-4" and state["players"][ally]["tleilaxu"] == 1
    assert state["players"]["m"]["research"] == START and state["players"]["m"]["tleilaxu"] == 0


def test_a_commander_counts_his_most_advanced_allys_genetic_markers():
    state = _game()
    g = _turn_of(state, "m")
    ally, other = six.pointed(g, "m", "left"), six.pointed(g, "m", "right")
    assert genetic_markers(g, "m") == 0
    state["players"][other]["research"] = "research-4-4"  # the first genetic marker
    assert genetic_markers(g, "m") == 1 and genetic_markers(g, ally) == 0
    # Subject X-137: with a genetic marker, Tleilaxu; the Commander has one through the other Ally,
    # and the token that moves is the activated Ally's
    _play(state, "m", "subject-x-137", "left")
    assert state["players"][ally]["tleilaxu"] == 1 and state["players"][other]["tleilaxu"] == 0
    assert state["players"]["m"]["tleilaxu"] == 0
    state["players"][other]["research"] = "research-8-2"
    assert genetic_markers(g, "m") == 2
    shown = {p["id"]: p["genetic_markers"] for p in players(CNT, state, "en")}
    assert shown["m"] == 2 and shown[ally] == 0  # the player view counts them the same way


def test_specimens_are_made_and_paid_by_the_activated_ally():
    state = _game()
    g = _turn_of(state, "m")
    ally = six.pointed(g, "m", "left")
    troops = state["players"][ally]["troops"]
    outside = troops["supply"] + troops["garrison"] + troops["conflict"]
    _play(state, "m", "bene-tleilax-lab", "left")  # a specimen
    assert troops["tanks"] == 1 and troops["supply"] + troops["garrison"] + troops["conflict"] == outside - 1
    assert state["players"]["m"]["troops"] == {"supply": 0, "garrison": 0, "conflict": 0, "tanks": 0}

    state = _game()
    g = _turn_of(state, "m")
    ally = six.pointed(g, "m", "left")
    _specimens(state, ally, 1)
    solari = 10
    _play(state, "m", "organ-merchants", "left")  # pay 1 specimen: 4 Solari, the Commander's
    assert state["players"][ally]["troops"]["tanks"] == 0
    assert state["players"]["m"]["solari"] >= solari + 4
    assert violations(state) == []


def test_a_commander_with_an_ally_without_specimens_cannot_pay_them():
    state = _game()
    g = _turn_of(state, "m")
    other = six.pointed(g, "m", "right")
    _specimens(state, other, 2)  # the other Ally's specimens do not pay
    _give(state, "m", "organ-merchants")
    send = next(a for a in RULES.legal_actions(state)
                if a.do == "send-agent" and a.get("card") == "organ-merchants" and a.get("token") == "left")
    RULES.apply(state, send)
    assert _finish(state, "m", "pay-specimens") is None  # nothing to pay with: no price asked
    assert state["players"][other]["troops"]["tanks"] == 2


def test_tleilaxu_surgeon_revealed_by_a_commander_takes_his_allys_troops():
    state = _game()
    g = _turn_of(state, "m")
    ally = six.pointed(g, "m", "left")
    troops = state["players"][ally]["troops"]
    troops["supply"] -= 2
    troops["garrison"] += 2
    garrison = troops["garrison"]
    pl = state["players"]["m"]
    pl["deck"]["cards"] = sorted(pl["deck"]["cards"] + pl["hand"])
    pl["hand"] = []
    _give(state, "m", "tleilaxu-surgeon")
    apply(state, by="m", do="reveal", activate=ally)
    for _ in range(2):  # the activated Ally picks the troops he loses
        top = _finish(state, "m", "lose-troop")
        assert top["player"] == ally
        apply(state, by=ally, do="choose", zone="garrison")
    _finish(state, "m")
    assert troops["garrison"] == garrison - 2 and troops["tanks"] == 2
    assert state["players"]["m"]["troops"]["tanks"] == 0 and violations(state) == []


def _commander_research_choice(log):
    """(index, activated Ally) of a Commander's research choice in a playout: there is a choice
    only once the Ally's token is past the start, so a step from the Commander's own token (still
    there) is no step from the Ally's."""
    state = start_of(RULES, log)
    for index, action in enumerate(log["actions"]):
        g = Game(state)
        if action["do"] == "choose" and "research" in action and six.is_commander(g, action["by"]):
            ally = state["turn"]["activated"]
            assert state["players"][ally]["research"] != START
            return index, ally
        RULES.apply(state, Action(action))
    return None


def test_a_commanders_research_step_from_his_own_token_is_flagged():
    for seed in range(PLAYOUTS):
        log = simulate("uprising", 6, seed, MODULES)
        found = _commander_research_choice(log)
        if found:
            break
    else:
        pytest.fail("no playout of these seeds has a Commander's research choice")
    index, ally = found
    mutated = copy.deepcopy(log)
    mutated["actions"][index]["research"] = "research-1-3"  # one step on from his own token
    report = replay(mutated, snapshots="final")
    assert not report["valid"] and report["first_illegal"] == index
    verdict = report["verdicts"][index]
    assert verdict["code"] == "six.imm-ally-research" and ally in verdict["message"].lower()


def test_a_tleilaxu_card_in_a_commanders_reveal_is_paid_by_the_ally_he_names():
    state = _game()
    g = _turn_of(state, "m")
    ally, other = six.pointed(g, "m", "left"), six.pointed(g, "m", "right")
    _specimens(state, ally, 3)
    state["players"][other]["research"] = "research-4-2"  # a genetic marker: deck-top offered
    apply(state, by="m", do="reveal", activate=ally)
    _finish(state, "m")
    offers = [a for a in RULES.legal_actions(state) if a.do == "acquire-tleilaxu"]
    row = [a for a in offers if a.get("card") != "reclaimed-forces"]
    assert row and any(a.get("top") for a in row)
    card = row[0].get("card")
    cost = CNT.tleilaxu[card]["specimen_cost"]
    RULES.apply(state, row[0])
    assert state["players"][ally]["troops"]["tanks"] == 3 - cost and state["players"]["m"]["troops"]["tanks"] == 0
    pl = state["players"]["m"]
    assert card in pl["discard"] + pl["deck"]["cards"]
    assert violations(state) == []
