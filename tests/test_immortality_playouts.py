"""Random legal playouts of Immortality games (issue #12) for both editions: every game ends with
a winner, replays to identical checksums with its recorded chance outcomes and with the seed
alone, and keeps the invariants after every action (specimens conserved with the troops, Tleilaxu
cards conserved, the Row's size, research tokens only forwards). Every verdict must be legal: nothing of the module is
left not implemented (tests/test_immortality_setup.py). 200 games per combination, in chunks of 25
(one chunk takes about 30 s on an idle machine)."""

import pytest
from test_playouts import replays_identically

from adjudicator.core.actions import Action
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.modules.immortality.board import research_spaces
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate

COMBOS = [("imperium", ("immortality",)), ("uprising", ("immortality",)),
          ("uprising", ("bloodlines", "choam", "immortality"))]
GAMES_PER_COMBO = 200
CHUNK = 25
# the other combinations a user may ask for: one chunk each, to show nothing between them breaks
WITH_TECH = [("imperium", ("bloodlines", "tech", "immortality")),
             ("uprising", ("bloodlines", "tech", "choam", "immortality"))]


@pytest.mark.parametrize(("game", "modules", "start"),
                         [(g, m, s) for g, m in COMBOS for s in range(0, GAMES_PER_COMBO, CHUNK)]
                         + [(g, m, 0) for g, m in WITH_TECH])
def test_immortality_playouts_replay_identically(game, modules, start):
    for seed in range(start, start + CHUNK):
        log = simulate(game, 3 + seed % 2, seed, modules)
        recorded = replays_identically(log)
        assert all(v["verdict"] == "legal" for v in recorded["verdicts"]), seed


@pytest.mark.parametrize(("game", "modules"), COMBOS + WITH_TECH)
@pytest.mark.parametrize("seed", range(2))
def test_immortality_invariants_hold_after_every_action(game, modules, seed):
    log = simulate(game, 3 + seed % 2, seed, modules)
    rules = ruleset(log["game"]["edition"])
    columns = {s: d["column"] for s, d in research_spaces(rules.content).items()}
    state = rules.new_state(log["game"], {})
    for index, action in enumerate(log["actions"]):
        before = {pid: (columns[pl["research"]], pl["tleilaxu"]) for pid, pl in state["players"].items()}
        rules.apply(state, Action(action))
        assert violations(state) == [], (index, action)
        for pid, pl in state["players"].items():  # both tokens only move forwards
            assert (columns[pl["research"]], pl["tleilaxu"]) >= before[pid], (index, action)
            assert columns[pl["research"]] >= before[pid][0] and pl["tleilaxu"] >= before[pid][1]
    assert state["phase"] == "over"


def test_the_playouts_reach_the_immortality_decisions():
    """The random player meets the module's own decisions, so the tests above exercise them."""
    seen = set()
    for seed in range(4):
        for game, modules in COMBOS[:2]:
            seen.update(a["do"] for a in simulate(game, 4, seed, modules)["actions"])
    assert {"graft", "acquire-tleilaxu", "family-atomics", "refill-tleilaxu-row"} <= seen
