"""The state zone by zone (adjudicator/core/engine/zones.py, issue 30): counted, not timed.

- bytes serialised per action: a checkpoint re-serialises only the zones an action touched (a
  whole-state dump per action was 7.9 KB in Uprising, 7.1 KB in the original game, 4.7 KB in
  classic Dune);
- the debug mode (`Zoned.verify`): on every action, the zones' bytes equal the whole state's
  sorted dump, so the checksum is the one reports always carried; over a bounded sample here,
  over at least 200 playouts of every rule system and mode with `pytest -m exhaustive`;
- probing: every legal action of positions along a game, applied and rolled back, leaves the
  canonical dump (and the RNG) byte-identical.
"""

from __future__ import annotations

import math

import orjson
import pytest
from matrix import MATRIX, Config, log_of

from adjudicator.core.engine.zones import Zoned
from adjudicator.core.errors import IllegalAction
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Driver, Replay
from adjudicator.simulate import simulate

# a game of each rule system, and the most a checkpoint may serialise per action on average
BUDGETS = [(("uprising", 4, ("choam",)), 3000), (("imperium", 4, ()), 3000), (("dune", 6, ("advanced",)), 2000)]


def _whole(state: dict) -> bytes:
    return orjson.dumps({k: v for k, v in dict.items(state) if k != "rng"}, option=orjson.OPT_SORT_KEYS)


@pytest.mark.parametrize("game,budget", BUDGETS, ids=["uprising-4p-choam", "imperium-4p", "dune-6p-advanced"])
def test_bytes_serialised_per_action(game, budget):
    log = simulate(game[0], game[1], 1, game[2])
    replay = Replay(parse_log(log))
    report = replay.run()
    assert report["valid"]
    per_action = replay.state.dumped / len(log["actions"])
    assert per_action <= budget, f"{per_action:.0f} bytes per action"
    whole = len(_whole(replay.state))
    assert per_action < whole / 2, "a checkpoint should not cost a whole-state dump"


def _replay_verified(log: dict, monkeypatch) -> dict:
    monkeypatch.setattr(Zoned, "verify", True)  # canonical() raises where the zones and the dump differ
    return Replay(parse_log(log), "continue").run()


def _first_of_each_mode() -> list[Config]:
    seen, out = set(), []
    for c in MATRIX:
        if (c.system, c.mode) not in seen:
            seen.add((c.system, c.mode))
            out.append(c)
    return out


@pytest.mark.parametrize("config", _first_of_each_mode(), ids=str)
def test_digest_equals_dump_sample(config, monkeypatch):
    report = _replay_verified(log_of(config), monkeypatch)
    assert report["valid"]


def _exhaustive_cases():
    """Every matrix row, with enough seeds that each rule system and mode gets >= 200 playouts."""
    rows: dict[tuple[str, str], list[Config]] = {}
    for c in MATRIX:
        rows.setdefault((c.system, c.mode), []).append(c)
    for group in rows.values():
        seeds = math.ceil(200 / len(group))
        for c in group:
            for seed in range(1, seeds + 1):
                yield pytest.param(c, seed, id=f"{c.id}-{seed}")


@pytest.mark.exhaustive
@pytest.mark.parametrize("config,seed", list(_exhaustive_cases()))
def test_digest_equals_dump_exhaustive(config, seed, monkeypatch):
    log = simulate(config.game, config.players, seed, config.modules, config.options, config.rival_leaders,
                   config.difficulty)
    assert _replay_verified(log, monkeypatch)["valid"]


def test_a_write_the_zones_did_not_see_is_caught(monkeypatch):
    """The debug mode is not vacuous: a write through a value read with `peek` shows."""
    monkeypatch.setattr(Zoned, "verify", True)
    state = Zoned.of({"board": {"a": 1}, "players": {"red": {"vp": 0}}, "rng": 5})
    state.canonical()
    dict.__getitem__(state, "board")["a"] = 2  # not reached through the state
    state["players"]["red"]["vp"] += 1
    with pytest.raises(AssertionError, match="zones"):
        state.canonical()


@pytest.mark.parametrize("config", [c for c in _first_of_each_mode()], ids=str)
def test_probing_every_legal_action_rolls_back(config):
    """Positions along a game (every 37th action): apply each legal action, roll back, and the
    state is byte for byte what it was."""
    log = log_of(config)
    parsed = parse_log(log)
    driver = Driver(parsed.rules, parsed.rules.new_state(parsed.game, parsed.setup))
    probed = 0
    for i, action in enumerate(parsed.actions):
        driver.deal(action)
        if i % 37 == 0:
            state = driver.state
            before, rng = _whole(state), dict.get(state, "rng")
            for offered in driver.legal_actions():
                point = state.point()
                try:
                    parsed.rules.apply(state, offered)
                except IllegalAction:
                    pass
                state.revert(point)
                assert _whole(state) == before and dict.get(state, "rng") == rng, (i, offered)
                assert state.canonical() == before
                probed += 1
        driver.apply(action)
    assert probed > 0
