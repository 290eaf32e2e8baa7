"""Random legal playouts of the Uprising six-player team game (issue #13): 200 of them each end in a
team's victory (or a tie the rules leave shared), replay to identical checksums with their
recorded chance outcomes and with the seed alone, and judge every action legal; the invariants
hold after every action. CHOAM is always played with six players (booklet p. 2), so there is no
playout without it."""

import pytest
from helpers import start_of
from test_playouts import replays_identically

from adjudicator.core.actions import Action
from adjudicator.core.replay import replay
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate

CHUNK = 20  # seeds per test: a chunk takes about 90 seconds on a loaded machine
PLAYOUTS = 200  # the count


@pytest.mark.parametrize("start", range(0, PLAYOUTS, CHUNK), ids=lambda s: f"from{s}")
def test_six_player_playouts_replay_identically(start):
    for seed in range(start, start + CHUNK):
        log = simulate("uprising", 6, seed, ("choam",))
        recorded = replays_identically(log, winner=False)
        assert [v for v in recorded["verdicts"] if v["verdict"] != "legal"] == [], seed
        result = recorded["result"]
        assert result["finished"] and result["how"] == ("team" if result["winning_team"] else "tie")
        teams = result["teams"]
        assert sum(t["vp"] for t in teams.values()) == sum(result["vp"].values())
        if result["winning_team"]:
            won, lost = teams[result["winning_team"]], next(t for k, t in teams.items() if k != result["winning_team"])
            assert result["winners"] == won["members"] and won["vp"] >= lost["vp"]


def test_six_player_invariants_hold_after_every_action():
    for seed in range(3):
        log = simulate("uprising", 6, seed, ("choam",))
        rules = ruleset("uprising")
        state = start_of(rules, log)
        for index, action in enumerate(log["actions"]):
            rules.apply(state, Action(action))
            assert violations(state) == [], (index, action)
            for commander in (side["commander"] for side in state["six"]["teams"].values()):
                assert state["players"][commander]["objectives"] == []
        assert state["phase"] == "over"
        assert len(state["board"]["discarded_conflicts"]) <= 9  # at most nine rounds


def test_the_playouts_meet_the_six_player_rules():
    """Some playouts take the Swordmaster and see it go back, so the tests above reach them."""
    taken = spent = 0
    for seed in range(6):
        log = simulate("uprising", 6, seed, ("choam",))
        final = replay(log, snapshots="final")["final_state"]
        taken += len(final["six"]["swordmaster_taken"])
        spent += sum(1 for q in final["six"]["swordmaster_taken"] if not final["players"][q]["swordmaster"])
    assert taken and spent
