"""Setting up the Uprising six-player team game (seed 004, the Russian booklet for 6 players,
p. 2; issue #13): teams read from the seating, each role's pieces, the Conflict deck, CHOAM, the
Objective cards, the modules admitted, and the list of what the engine does not know yet."""

import pytest
from six_helpers import RULES, SEATING, apply, game_doc, new_game, step

from adjudicator.core.errors import MalformedLog
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.modules.six_players import teams as six
from adjudicator.imperium.rules import ruleset

# what a six-player game meets that the engine does not know: nothing
NOT_IMPLEMENTED = ()


def test_not_implemented_is_pinned():
    assert six.NOT_IMPLEMENTED == NOT_IMPLEMENTED


def test_six_players_are_offered_with_choam_and_bloodlines_too():
    """Bloodlines with six players: its manual's p. 10 (tests/test_six_bloodlines.py)."""
    assert "six" in new_game()  # no gate: the fixture `unlocked` is not used here
    assert "six" in new_game(modules=("choam", "bloodlines"))


def test_the_original_game_has_no_six_player_mode():
    doc = game_doc(modules=())
    doc["edition"] = "base"
    doc["players"] = [{"id": f"p{i}", "leader": lead} for i, lead in enumerate(
        ["paul-atreides", "glossu-rabban", "duke-leto-atreides", "baron-vladimir-harkonnen",
         "countess-ariana-thorvald", "earl-memnon-thorvald"])]
    with pytest.raises(MalformedLog) as err:
        ruleset("base").new_state(doc, {"seed": 1})
    assert err.value.code == "unsupported-player-count"


def test_choam_is_required():
    """Booklet p. 2: CHOAM is always used with six players. Shaddam, always a Commander, is
    played only with CHOAM, so a game without it is refused at his seat."""
    with pytest.raises(MalformedLog) as err:
        new_game(modules=())
    assert (err.value.code, err.value.pointer) == ("leader-needs-module", "/game/players/3/leader")


@pytest.mark.parametrize(("seating", "code"), [
    # the Commanders side by side: the teams would not alternate
    ([SEATING[0], SEATING[3], SEATING[1], SEATING[2], SEATING[4], SEATING[5]], "six-seating"),
    # no Muad'Dib: no Commander for one team
    ([("x", "feyd-rautha-harkonnen"), *SEATING[1:]], "six-commanders"),
])
def test_a_seating_that_makes_no_two_teams_is_refused(seating, code):
    with pytest.raises(MalformedLog) as err:
        new_game(seating=seating)
    assert err.value.code == code


def test_teams_follow_from_the_clockwise_seating():
    """Booklet p. 2: the Commanders opposite each other, each Ally beside the other team's
    Commander, so the teams take turns alternately."""
    state = new_game()
    assert state["six"]["teams"] == {"muad-dib": {"commander": "m", "allies": ["m1", "m2"]},
                                     "shaddam": {"commander": "s", "allies": ["s2", "s1"]}}
    seats = state["game"]["seats"]
    assert seats == [pid for pid, _ in SEATING]
    teams = ["muad-dib" if pid.startswith("m") else "shaddam" for pid in seats]
    assert all(teams[i] != teams[(i + 1) % 6] for i in range(6))  # turns alternate between the teams
    for team, side in state["six"]["teams"].items():  # each Ally sits next to the other Commander
        other = state["six"]["teams"]["shaddam" if team == "muad-dib" else "muad-dib"]["commander"]
        for ally in side["allies"]:
            assert abs(seats.index(ally) - seats.index(other)) in (1, 5)


def test_each_role_starts_with_its_pieces():
    """Booklet p. 2: Commanders score from 4, Allies from 1; a Commander has no troops and plays
    three Agent tokens, the third being his Swordmaster; Allies start as players do."""
    state = new_game()
    for pid in ("m", "s"):
        pl = state["players"][pid]
        assert (pl["vp"], pl["agents"], pl["swordmaster"]) == (4, 3, True)
        assert pl["troops"] == {"supply": 0, "garrison": 0, "conflict": 0}
    for pid in ("m1", "m2", "s1", "s2"):
        pl = state["players"][pid]
        assert (pl["vp"], pl["agents"], pl["swordmaster"]) == (1, 2, False)
        assert pl["troops"] == {"supply": 9, "garrison": 3, "conflict": 0}
        assert (pl["water"], pl["spies"]) == (1, 3)
    assert violations(state) == []


def test_the_conflict_deck_has_no_conflict_one():
    """Booklet p. 2: five Conflict II above four Conflict III, at most nine rounds."""
    state = new_game()
    board = state["board"]
    assert board["conflict_levels"] == [2, 2, 2, 2, 2, 3, 3, 3, 3]
    assert sorted(board["conflict_pool"]) == ["2", "3"]
    while state["round"] == 0 or state["stack"][-1]["t"] == "chance":
        step(state)
    first = board["conflict"] if isinstance(board["conflict"], str) else board["conflict"]["id"]
    assert RULES.content.conflicts[first]["level"] == 2


def test_the_sardaukar_contracts_are_set_aside():
    """Booklet p. 2 (and Shaddam's board): both Sardaukar contracts leave the pile."""
    state = new_game()
    assert state["players"]["s"]["set_aside_contracts"] == ["contract-15", "contract-16"]
    assert "contract-15" not in state["contracts"]["pile"] + state["contracts"]["face_up"]


def _to_objectives(state):
    while not (state["stack"][-1]["t"] == "chance" and state["stack"][-1]["kind"] == "deal-objectives"):
        step(state)


@pytest.mark.parametrize("seed", range(12))
def test_only_allies_take_objectives_one_mouse_per_team(seed):
    state = new_game(seed)
    _to_objectives(state)
    step(state)
    held = {pid: [o["id"] for o in pl["objectives"]] for pid, pl in state["players"].items()}
    assert held["m"] == held["s"] == []
    for team in ("muad-dib", "shaddam"):
        cards = sorted(held[a][0] for a in state["six"]["teams"][team]["allies"])
        assert [c.split("-")[1] for c in cards] == ["crysknife", "desert"]
    first = next(p for p, h in held.items() if h == ["objective-desert-mouse-first-player"])
    assert state["first"] == first


@pytest.mark.parametrize(("mouse_4_6", "partner"), [("m2", "s2"), ("m1", "s2")])
def test_both_mice_to_one_team_the_4_6_card_is_swapped(mouse_4_6, partner):
    """Booklet p. 2: the 4/6 Desert Mouse goes to the nearest opponent clockwise (the next
    seat, a Commander, holds no card: ruling six.objective-swap-nearest)."""
    state = new_game()
    _to_objectives(state)
    other = "m1" if mouse_4_6 == "m2" else "m2"
    dealt = {mouse_4_6: "objective-desert-mouse-4-6", other: "objective-desert-mouse-first-player",
             "s1": "objective-crysknife", "s2": "objective-crysknife-4-6"}
    outcome = apply(state, by="chance", do="deal-objectives", objectives=dealt)
    assert "six.objective-swap-nearest" in outcome.rulings
    assert state["players"][partner]["objectives"][0]["id"] == "objective-desert-mouse-4-6"
    assert state["players"][mouse_4_6]["objectives"][0]["id"] == "objective-crysknife-4-6"
    assert state["first"] == other  # the first-player card stays where it was dealt


def test_a_deal_to_a_commander_is_refused():
    from adjudicator.core.errors import IllegalAction

    state = new_game()
    _to_objectives(state)
    dealt = {"m": "objective-desert-mouse-4-6", "m1": "objective-desert-mouse-first-player",
             "s1": "objective-crysknife", "s2": "objective-crysknife-4-6"}
    with pytest.raises(IllegalAction):
        apply(state, by="chance", do="deal-objectives", objectives=dealt)
