"""Random legal playouts (OpenSpiel's generic test): every game must end with a winner,
replay to identical checksums with recorded chance outcomes and with the seed alone, and
keep the invariants after every action."""

import pytest

from adjudicator.core.actions import Action
from adjudicator.core.replay import replay
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate

GAMES_PER_COUNT = 200
CHUNK = 20


def player_checksums(report: dict, log: dict) -> list[str]:
    return [v["checksum"] for v, a in zip(report["verdicts"], log["actions"], strict=True) if a["by"] != "chance"]


def replays_identically(log: dict, *, winner: bool = True) -> dict:
    """The report of a simulated game, once it is valid and finished (with a winner or a shared
    first place, unless `winner` is False), replays from the seed alone to the same checksums, and
    gives a byte-identical report from the same input. Every playout test of every mode uses it."""
    recorded = replay(log, snapshots="final")
    assert recorded["valid"], recorded["verdicts"][recorded["first_illegal"]]
    assert recorded["result"]["finished"]
    assert not winner or recorded["result"]["winners"]
    seeded = dict(log, actions=[a for a in log["actions"] if a["by"] != "chance"])
    dealt = replay(seeded, snapshots="final")
    assert dealt["valid"]
    assert player_checksums(recorded, log) == [v["checksum"] for v in dealt["verdicts"]]
    assert recorded["final_checksum"] == dealt["final_checksum"]
    assert replay(log, snapshots="final") == recorded  # byte-identical report from the same input
    return recorded


GAMES = {"uprising": ("choam",), "imperium": ()}  # game -> the modules every other playout uses


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("start", range(0, GAMES_PER_COUNT, CHUNK))
def test_random_playouts_replay_identically(game, players, start):
    for seed in range(start, start + CHUNK):
        modules = GAMES[game] if seed % 2 else ()
        recorded = replays_identically(simulate(game, players, seed, modules))
        assert {v["verdict"] for v in recorded["verdicts"]} == {"legal"}  # nothing left unimplemented


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", range(12))
def test_invariants_hold_after_every_action(game, seed):
    players = 3 + seed % 2
    log = simulate(game, players, seed, GAMES[game] if seed % 3 == 0 else ())
    rules = ruleset(log["game"]["edition"])
    state = rules.new_state(log["game"], {})
    for index, action in enumerate(log["actions"]):
        rules.apply(state, Action(action))
        assert violations(state) == [], (index, action)
    assert state["phase"] == "over"


def test_simulation_is_deterministic():
    assert simulate("uprising", 4, 99, ("choam",)) == simulate("uprising", 4, 99, ("choam",))
    assert simulate("uprising", 4, 99) != simulate("uprising", 4, 100)


def test_every_decision_offers_legal_actions():
    """Every prompt a playout reaches has at least one legal action, and each offered
    action is accepted by the checker (no dead ends, no offers the engine refuses)."""
    import copy

    rules = ruleset("uprising")
    log = simulate("uprising", 3, 5, ("choam",))
    state = rules.new_state(log["game"], {})
    for action in log["actions"][:300]:
        if action["by"] != "chance":
            offered = rules.legal_actions(state)
            assert Action(action) in offered
            for option in offered:
                probe = copy.deepcopy(state)
                rules.apply(probe, option)
        rules.apply(state, Action(action))
