"""Counted, not timed (issue 30): a classic Dune replay searches no graph per action. Move
distances come from a table per storm sector and battles are kept per map version, so the
networkx searches a replay makes are bounded by the map (sectors x locations, territories x
sectors), not by its length."""

import networkx as nx
import pytest

from adjudicator.core.replay import replay
from adjudicator.dune import battle, movement
from adjudicator.dune.content import SECTORS
from adjudicator.simulate import simulate

SEARCHES = ("single_source_dijkstra_path_length", "connected_components")


@pytest.fixture
def searches(monkeypatch):
    """Count the networkx searches the Dune rules make, with their caches emptied first."""
    movement._distance_row.cache_clear()
    battle._sides.cache_clear()
    counted = {name: 0 for name in SEARCHES}
    for name in SEARCHES:
        real = getattr(nx, name)

        def counting(*args, _real=real, _name=name, **kw):
            counted[_name] += 1
            return _real(*args, **kw)
        monkeypatch.setattr(nx, name, counting)
    yield counted
    movement._distance_row.cache_clear()
    battle._sides.cache_clear()


def _warm():
    cnt = movement.content()
    for storm in (None, *range(SECTORS)):
        for loc in movement._storm_graph(cnt, storm):
            movement._distance_row(cnt, loc, storm)
        for terr in cnt.territories:
            battle._sides(cnt, terr, storm)


@pytest.mark.parametrize("modules", [("advanced",), ("advanced", "ixians-tleilaxu")])
def test_no_graph_search_per_action(searches, modules):
    """With the tables built (once per process), a whole replay makes no networkx search; before
    that, what it searches is bounded by the map, not by the log."""
    log = simulate("dune", 6, 1, modules)
    replay(log)
    cold = sum(searches.values())
    cnt = movement.content()
    assert cold <= (SECTORS + 1) * (len(cnt.locations) + len(cnt.territories))
    assert cold < 0.5 * len(log["actions"])  # 0.3-0.4 measured; 2-3 per action before (issue 30)
    _warm()
    searches.update(dict.fromkeys(SEARCHES, 0))
    report = replay(log)
    assert len(report["verdicts"]) > 300 and searches == dict.fromkeys(SEARCHES, 0)


def test_modules_in_play_are_found_once_per_table(monkeypatch):
    """Hooks dispatch through one listener table per game's modules, looked up once per table
    (`Game`), not once per fire (issue 30): about six look-ups an action before."""
    from adjudicator.dune.registry import HOOKS
    log = simulate("dune", 6, 1, ("advanced", "ixians-tleilaxu"))
    calls = []
    real = HOOKS.in_play
    monkeypatch.setattr(HOOKS, "in_play", lambda g: calls.append(1) or real(g))
    report = replay(log)
    assert report["valid"] and len(calls) <= 1.1 * len(log["actions"]), len(calls)


def test_battles_are_kept_across_actions_while_the_map_stands(monkeypatch):
    """`battle.contests` keeps its last answer across actions for the same map, storm, seats and
    advisors (before, every action's table found them again): fewer searches than tables asking,
    and every kept answer equal to a fresh one."""
    log = simulate("dune", 6, 1, ("advanced",))
    asking, computed = {}, []  # the tables that asked (kept alive: an id is not reused)
    fresh, kept = battle._contests, battle.contests
    monkeypatch.setattr(battle, "_contests", lambda g: computed.append(1) or fresh(g))

    def checked(g):
        asking[id(g)] = g
        answer = kept(g)
        assert answer == fresh(g)
        return answer
    monkeypatch.setattr(battle, "contests", checked)
    battle._last_contests[0] = None
    report = replay(log)
    assert report["valid"] and len(asking) > 20 and 0 < len(computed) <= 0.75 * len(asking), (len(asking), computed)
