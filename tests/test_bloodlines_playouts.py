"""Random legal playouts of Bloodlines games (issue #11), with and without the Tech Module and
CHOAM, for both editions: every game ends with a winner, replays to identical checksums with its
recorded chance outcomes and with the seed alone, and keeps the invariants (Commanders, Skills
and Tech tiles conserved) after every action; every verdict is legal."""

import pytest
from test_playouts import replays_identically

from adjudicator.core.actions import Action
from adjudicator.core.replay import replay
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate

COMBOS = [("uprising", ("bloodlines",)), ("uprising", ("bloodlines", "choam", "tech")),
          ("imperium", ("bloodlines",)), ("imperium", ("bloodlines", "tech"))]
GAMES_PER_COMBO = 100
CHUNK = 25


@pytest.mark.parametrize(("game", "modules"), COMBOS)
@pytest.mark.parametrize("start", range(0, GAMES_PER_COMBO, CHUNK))
def test_bloodlines_playouts_replay_identically(game, modules, start):
    for seed in range(start, start + CHUNK):
        log = simulate(game, 3 + seed % 2, seed, modules)
        recorded = replays_identically(log)
        assert all(v["verdict"] == "legal" for v in recorded["verdicts"])


@pytest.mark.parametrize(("game", "modules"), COMBOS)
@pytest.mark.parametrize("seed", range(6))
def test_bloodlines_invariants_hold_after_every_action(game, modules, seed):
    log = simulate(game, 3 + seed % 2, seed, modules)
    rules = ruleset(log["game"]["edition"])
    state = rules.new_state(log["game"], {})
    for index, action in enumerate(log["actions"]):
        rules.apply(state, Action(action))
        assert violations(state) == [], (index, action)
    assert state["phase"] == "over"


def test_the_playouts_reach_the_bloodlines_decisions():
    """The random player meets the module's own decisions, so the tests above exercise them."""
    seen = set()
    for seed in range(8):
        for game, modules in COMBOS:
            seen.update(a["do"] for a in simulate(game, 4, seed, modules)["actions"])
    assert {"recruit-commander", "deal-skill", "flip-tech", "reveal-tech", "draw-twisted"} <= seen


@pytest.mark.parametrize(("game", "modules"), COMBOS)
def test_bloodlines_logs_with_forced_steps_left_out_or_all_recorded(game, modules):
    """A client may leave out what the engine can take itself, or record every forced step:
    both replay to the canonical checksums, Bloodlines decisions included."""
    from test_log_forms import maximal_log, minimal_log, with_actions

    left_out = 0
    for seed in range(10):
        log = simulate(game, 3 + seed % 2, seed, modules)
        canonical = replay(log, snapshots="none")
        kept, forced, resolves = minimal_log(log)
        for actions in (kept, maximal_log(log)):
            report = replay(with_actions(log, actions), snapshots="none")
            assert report["valid"], report["verdicts"][report["first_illegal"] or 0]
            assert report["final_checksum"] == canonical["final_checksum"]
        left_out += forced + resolves
    assert left_out > 10
