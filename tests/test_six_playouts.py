"""Random legal playouts of the Uprising six-player team game (issue #13): each ends in a team's
victory (or a tie the rules leave shared), replays to identical checksums with its recorded
chance outcomes and with the seed alone, keeps the invariants after every action, and a verdict
other than legal only names a gap pinned as not implemented (tests/test_six_setup.py). CHOAM is
always played with six players (booklet p. 2), so there is no playout without it. The player
count is refused until complete: these tests lift the gate (`unlocked`)."""

import pytest
from test_playouts import replays_identically

from adjudicator.core.actions import Action
from adjudicator.core.replay import replay
from adjudicator.imperium.custom import six
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate

pytestmark = pytest.mark.usefixtures("unlocked")

CHUNK = 20  # seeds per test: a chunk takes about 90 seconds on a loaded machine
PLAYOUTS = 40  # the 200 once the six-player round is played (today its decisions are not-implemented)
GAPS = (six.ROUND_NOT_IMPLEMENTED,)
# met on the six-player board's spaces and tracks, after the round's gap (tests/test_six_board.py)
BOARD_GAPS = ("the reward at 4 Influence on the Great Houses track",
              "the reward at 4 Influence on the Fringe Worlds track")


@pytest.mark.parametrize("start", range(0, PLAYOUTS, CHUNK), ids=lambda s: f"from{s}")
def test_six_player_playouts_replay_identically(start):
    for seed in range(start, start + CHUNK):
        log = simulate("uprising", 6, seed, ("choam",))
        recorded = replays_identically(log, winner=False)
        for action, verdict in zip(log["actions"], recorded["verdicts"], strict=True):
            if verdict["verdict"] != "legal":
                assert verdict["code"] == "not-implemented", verdict
                gaps = verdict["message"].removeprefix("not implemented: ").split("; ")
                # a chance outcome is no decision (no round gap), yet it may finish a Conflict reward
                # that reaches a track's 4th step (seed 6 since the Commanders' own decks)
                decided = GAPS if action["by"] != "chance" else ()
                assert set(decided) <= set(gaps) <= {*GAPS, *BOARD_GAPS}, gaps
        result = recorded["result"]
        assert result["finished"] and result["winner"] is None
        teams = result["teams"]
        assert sum(t["vp"] for t in teams.values()) == sum(result["vp"].values())
        if result["winning_team"]:
            won, lost = teams[result["winning_team"]], next(t for k, t in teams.items() if k != result["winning_team"])
            assert result["shared"] == won["members"] and won["vp"] >= lost["vp"]


def test_six_player_invariants_hold_after_every_action():
    for seed in range(3):
        log = simulate("uprising", 6, seed, ("choam",))
        rules = ruleset("uprising")
        state = rules.new_state(log["game"], {k: v for k, v in log["setup"].items() if k != "seed"})
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
