"""Counted, not timed (issue 30): what a replay serialises per action, for each rule system.

One canonical dump of the state per action serves both its checksum (every verdict carries one)
and the rollback point of the next action (core/replay.py `Driver`): a replay that took a second
dump per action, or a rollback copy beside the checksum, fails here. The dump is assembled zone by
zone (core/engine/zones.py): a zone not written since the last dump gives its kept bytes, so what is
serialised afresh per action is the zones an action writes and the always dumped rest (the players,
the task stack, the turn). A whole-state dump was about 7.7 KB (Uprising), 7.0 KB (original game)
and 4.7 KB (classic Dune); the issue asks at most 3 KB and 2 KB, which each player kept as a zone
reaches (2.0 / 1.9 / 1.1 KB) at a measured 5-12 % more CPU per action (docs/performance.md)."""

import pytest

from adjudicator.core import canonical
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay, replay
from adjudicator.simulate import simulate

# rule system, players, modules, the most bytes serialised afresh per logged action (measured at
# the zones' landing: 5,068 / 4,590 / 3,053; the whole state: 7,772 / 7,025 / 4,690)
SYSTEMS = [("uprising", 4, ("choam",), 5_500), ("imperium", 4, (), 5_000), ("dune", 6, ("advanced",), 3_400)]


@pytest.mark.parametrize(("game", "players", "modules", "most"), SYSTEMS, ids=[s[0] for s in SYSTEMS])
def test_one_state_dump_per_action(monkeypatch, game, players, modules, most):
    log = simulate(game, players, 1, modules)
    dumps = []  # whole states serialised (each zone's own dumps aside)
    real = canonical.dumps
    monkeypatch.setattr(canonical, "dumps", lambda v: dumps.append(isinstance(v, dict) and "stack" in v) or real(v))
    run = Replay(parse_log(log), "strict", "none")
    report = run.run()
    actions = report["actions"]
    assert report["valid"] and actions > 300
    # one per action, one for the setup's state and one for the report's final checksum
    assert sum(dumps) == actions + 2, (sum(dumps), actions)
    assert run.driver.zones.serialised / actions <= most, run.driver.zones.serialised / actions


def test_the_modules_in_play_are_found_once_per_replay(monkeypatch):
    """A state past its setup (`Playing`) keeps the modules in play once found; before, every
    action's table asked each module again (issue 30). A plain dict, a state still being set up,
    is asked every time: its modules may still change."""
    from dataclasses import replace

    from adjudicator.core.engine import Playing
    from adjudicator.imperium.registry import MODULES
    log = simulate("uprising", 4, 1, ("choam",))  # the rule system's modules are loaded
    asked = []
    choam = MODULES.all["choam"]
    monkeypatch.setitem(MODULES.all, "choam", replace(choam, in_play=lambda s: asked.append(1) or choam.in_play(s)))
    report = replay(log, snapshots="none")
    assert report["valid"] and report["actions"] > 300 and 1 <= len(asked) <= 10, len(asked)
    plain = {"game": {"modules": ["choam"], "seats": ["a"]}, "players": {"a": {}}}
    asked.clear()
    assert MODULES.in_play(plain) == MODULES.in_play(plain) and len(asked) == 2
    playing = Playing(plain)
    assert "choam" in MODULES.in_play(playing) and MODULES.in_play(playing) == MODULES.in_play(plain)
    assert len(asked) == 4  # the Playing state was asked once, the plain dict once more
