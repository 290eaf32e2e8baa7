"""The solo Imperium Row refresh (option `row-refresh`, booklet for 1-2 players p. 4): after each
Reveal turn of the player two dice remove up to two Row cards, recorded as the chance outcome
`row-refresh` naming them (ruling rivals.reading-row-refresh); each is replaced from the deck."""

import copy
from collections import Counter

import pytest
from rivals_helpers import apply, new_game, step

from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.game import Game
from adjudicator.imperium.modules.rivals.hagal import _deal_refresh, _refresh_candidates


def at_refresh(**setup) -> dict:
    """Play on until the first `row-refresh` outcome is due."""
    state = new_game(1, **setup)
    for _ in range(1500):
        top = state["stack"][-1]
        if top["t"] == "chance" and top["kind"] == "row-refresh":
            return state
        step(state)
    raise AssertionError("no refresh reached")


def test_the_players_reveal_turn_is_followed_by_the_dice():
    state = at_refresh(options=["row-refresh"])
    top = state["stack"][-1]
    assert top["player"] == "p1"  # only the player's own Reveal turns (p. 4), never a Rival's
    row, deck = list(state["row"]), len(state["imperium_deck"]["cards"])
    removed = sorted(row[:2]) if row[0] != row[1] else [row[0]]
    apply(state, by="chance", do="row-refresh", player="p1", cards=removed)
    assert Counter(state.get("removed_cards", [])) == Counter(removed)  # out of the game
    refills = [t for t in state["stack"] if t.get("kind") == "refill-row"]
    assert len(refills) == len(removed)  # each replaced from the Imperium deck
    for _ in refills:
        step(state)
    assert len(state["row"]) == 5 and len(state["imperium_deck"]["cards"]) == deck - len(removed)


def test_dice_remove_no_card_one_or_two_never_more_nor_a_card_not_in_the_row():
    state = at_refresh(options=["row-refresh"])
    row = state["row"]
    outcomes = _refresh_candidates(Game(state), state["stack"][-1])
    assert {len(o["cards"]) for o in outcomes} == {0, 1, 2}
    assert all(Counter(o["cards"]) <= Counter(row) for o in outcomes)
    with pytest.raises(IllegalAction) as err:
        apply(copy.deepcopy(state), by="chance", do="row-refresh", player="p1", cards=row[:3])
    assert err.value.code == "chance.card-not-available"
    missing = next(c for c in sorted(state["imperium_deck"]["cards"]) if c not in row)
    with pytest.raises(IllegalAction):
        apply(copy.deepcopy(state), by="chance", do="row-refresh", player="p1", cards=[missing])


def test_two_sixes_remove_nothing():
    state = at_refresh(options=["row-refresh"])
    row = list(state["row"])
    apply(state, by="chance", do="row-refresh", player="p1", cards=[])
    assert state["row"] == row and not state.get("removed_cards")
    assert not any(t.get("kind") == "row-refresh" for t in state["stack"])


def test_the_dealt_dice_follow_the_table_odds():
    """Dealt from the seed: over many rolls, 1 in 36 removes nothing, 15 in 36 one card (one six,
    or a double of 1-5), 20 in 36 two cards."""
    state = at_refresh(options=["row-refresh"])
    task = state["stack"][-1]
    counts = Counter()
    for seed in range(3600):
        probe = copy.deepcopy(state)
        probe["rng"] = seed
        counts[len(_deal_refresh(Game(probe), task)["cards"])] += 1
    assert abs(counts[0] - 100) < 50 and abs(counts[1] - 1500) < 150 and abs(counts[2] - 2000) < 150


def test_without_the_option_no_dice_are_rolled():
    state = new_game(1)
    reveals = 0
    while state["phase"] != "over":
        assert not any(t.get("kind") == "row-refresh" for t in state["stack"])
        reveals += state["turn"] is not None and state["turn"]["kind"] == "reveal"
        step(state)
    assert reveals  # the player did reveal meanwhile
