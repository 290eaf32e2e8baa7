"""Issue #16: a log may record forced and order-free steps or leave them out; both forms replay
to the same states and checksums as the canonical log (the simulator's).

- minimal: every forced decision left out, and every `resolve` the engine can take itself (a
  `resolve` is put back only where the engine says the order matters, `timing.order-matters`);
- maximal: every forced step recorded, including the no-op ones the simulator never offers
  (deploying nothing where there is nothing to deploy).
"""

from __future__ import annotations

import pytest

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Driver, replay
from adjudicator.imperium.registry import VERBS
from adjudicator.simulate import simulate

SETS = [("uprising", ()), ("uprising", ("choam",)), ("imperium", ())]
GAMES = 12  # per set under -m exhaustive; the rule-system harness shows the same on every Imperium row without Rivals
SAMPLE = 3  # per set in the default run: seeds 0-2, the same on every run


def canonical_trace(log: dict):
    """Each action of the log with whether it is forced where it stands, and the checksum after it."""
    parsed = parse_log(log)
    driver = Driver(parsed.rules, parsed.rules.new_state(parsed.game, {}))
    out = []
    for action in parsed.actions:
        forced = not action.is_chance and driver.rules.forced(driver.state) == action
        moot_deploy = not action.is_chance and _moot_deploy(driver)
        driver.apply(action)
        out.append((action, forced, moot_deploy, driver.checkpoint()))
    return parsed, out


def _moot_deploy(driver: Driver) -> Action | None:
    """Deploying nothing where there is nothing to deploy: never offered, accepted if recorded."""
    top = driver.state["stack"][-1] if driver.state["stack"] else None
    turn = driver.state.get("turn")
    if not top or top["t"] != "agent" or "deploy" not in turn["nodes"] or "deploy" in turn["done"]:
        return None
    probe = Action({"by": top["player"], "do": "deploy", "recruited": 0, "garrison": 0})
    if any(a.do == "deploy" for a in driver.legal_actions()):
        return None
    copy = Driver(driver.rules, driver.copy_state())
    try:
        copy.apply(probe)
    except IllegalAction:
        return None
    return probe


def minimal_log(log: dict) -> tuple[list, int, int]:
    """The log without what the engine may take itself; returns (actions, forced left out,
    resolves left out). Asserts the checksums match the canonical log's after every kept action."""
    parsed, trace = canonical_trace(log)
    driver = Driver(parsed.rules, parsed.rules.new_state(parsed.game, {}))
    kept, gap, dropped_forced, dropped_resolves = [], [], 0, 0
    for action, forced, _, digest in trace:
        if forced or (action.do == "resolve" and not action.is_chance):
            gap.append((action, forced))
            continue
        before = driver.copy_state()
        try:
            driver.apply(action)
            same = driver.checkpoint() == digest
        except IllegalAction:  # refused: what was left out must be put back (asserted below)
            same = False
        if not same:  # the left-out steps had to come before this action: put them back
            # only effects whose order mattered, a step the action itself would be read as (a
            # pass left out in one window, then the same pass in the next), or an action a seat
            # may take at any time (returning specimens), read where it stands: before the
            # forced steps the log left out
            assert any(a.do == "resolve" or a == action for a, _ in gap) \
                or getattr(VERBS.get(action.do), "any_time", False), (
                "forced steps alone must never be needed back", len(kept), action)
            driver = Driver(parsed.rules, before)
            for a, _ in gap:
                driver.apply(a)
                kept.append(a)
            gap = []
            driver.apply(action)
        dropped_forced += sum(f for _, f in gap)
        dropped_resolves += sum(not f for _, f in gap)
        gap = []
        kept.append(action)
        assert driver.checkpoint() == digest, (len(kept) - 1, action)
    # at the end of the log nothing needs the effects left out: the engine takes only forced
    # decisions there (Driver.settle), so trailing effects are recorded
    trailing = next((i for i, (_, forced) in enumerate(gap) if not forced), None)
    if trailing is not None:
        kept += [a for a, _ in gap[trailing:]]
    return kept, dropped_forced, dropped_resolves


def maximal_log(log: dict) -> list:
    """The log with every forced step recorded, the no-op deploys included."""
    _, trace = canonical_trace(log)
    out = []
    for action, _, moot, _ in trace:
        if moot is not None and action.do == "end-turn":
            out.append(moot)
        out.append(action)
    return out


def with_actions(log: dict, actions: list) -> dict:
    return {**log, "setup": {}, "actions": [a.to_json() for a in actions]}


@pytest.mark.parametrize("games", [SAMPLE, pytest.param(GAMES, marks=pytest.mark.exhaustive)], ids=["sample", "all"])
@pytest.mark.parametrize(("game", "modules"), SETS, ids=["uprising", "uprising-choam", "imperium"])
def test_minimal_and_maximal_logs_replay_to_the_canonical_checksums(game, modules, games):
    totals = [0, 0, 0]
    for seed in range(games):
        log = simulate(game, 3 + seed % 2, seed, modules)
        canonical = replay(log, snapshots="none")
        assert canonical["valid"]
        kept, forced, resolves = minimal_log(log)
        minimal = replay(with_actions(log, kept), snapshots="none")
        maximal_actions = maximal_log(log)
        maximal = replay(with_actions(log, maximal_actions), snapshots="none")
        for report in (minimal, maximal):
            assert report["valid"], report["verdicts"][report["first_illegal"] or 0]
            assert report["final_checksum"] == canonical["final_checksum"]
            assert report["result"] == canonical["result"]
        totals[0] += forced
        totals[1] += resolves
        totals[2] += len(maximal_actions) - len(log["actions"])
    # the test must have left something out and put something in, or it proves nothing
    assert totals[0] > games and totals[1] > games and totals[2] > 0, totals
