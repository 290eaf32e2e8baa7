"""The rule-system harness (issue 29), in the spirit of OpenSpiel's `random_sim_test`: the same
properties for every row of the matrix (tests/matrix.py: rule system x edition x modules x player
count x mode). The MATRIX rows get every property; the rest of every combination the engine
accepts gets a cheaper set (test_rule_systems_every.py). A new module is a new row there, not a
test file here.

For each MATRIX row's random legal playout (`adjudicator.simulate`, cached per process):
- it is valid and finished, every verdict legal (or unverifiable only for what the row allows);
- it replays to the same checksum after every action from its recorded chance outcomes alone and
  from its seed alone, the report is byte-identical when replayed again, and the simulator plays
  the same game again from the same seed;
- walked action by action: every logged decision is among the legal actions offered at its point,
  every offered action at sampled points is accepted, the invariants and the audit hold after every
  action, the state validates against its JSON Schema at sampled points, the module's own step
  checks hold, and the game ends with nothing pending;
- every position the rule system can write as a scenario (its anchors) builds back into the same
  table, prompt, legal actions and public views; a state re-serialised with sorted keys or a
  shuffled key order continues exactly as the original (same prompt, verdict and checksum), to the
  end of the game once;
- a cut at sampled actions (`adjudicator.positions.cuts`), sent back as a client would, is judged
  as the replay judged that action, reaching the same checksum;
- a log with an action injected by a player who may not act there is flagged at exactly that
  action, with a citation;
and every stored sample (adjudicator/samples) replays to its stored checksums.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections import Counter
from functools import cache
from pathlib import Path

import orjson
import pytest
from matrix import (
    EVERY,
    MATRIX,
    MODE_MODULES,
    MODULES,
    comparable_view,
    invariants,
    log_of,
    parametrize,
    rules_of,
    same_table,
)
from test_citations import verdict_is_checkable
from test_ix_rules import gap_allowed as ix_gap_allowed
from test_rivals_setup import NOT_IMPLEMENTED

from adjudicator.core import schemas
from adjudicator.core.actions import Action
from adjudicator.core.canonical import checksum, restore, snapshot
from adjudicator.core.errors import AdjudicatorError, IllegalAction
from adjudicator.core.replay import deal, replay
from adjudicator.core.rulings import NO_SPECIFIC_RULING
from adjudicator.positions import check_position, cuts
from adjudicator.simulate import simulate

SAMPLES = Path(__file__).resolve().parent.parent / "adjudicator" / "samples"
PROBE_EVERY = 25  # every offered action is applied to a copy at every 25th decision
SCHEMA_EVERY = 20  # the state is checked against its schema at every 20th action (and the last)
AUDIT_EVERY = 4  # the position audit (what a scenario must satisfy) at every 4th action
ANCHOR_EVERY = 3  # every 3rd anchor is written as a scenario and built back (views: every 6th)
# actions a player may take outside any prompt, so never among the offers: classic Dune's bribes
UNPROMPTED = {"dune": {"bribe"}}
REORDER_EVERY = 15  # re-serialised copies are compared at every 15th decision
CUTS = 8  # positions cut from each game and checked as a client sends them
MUTATIONS = 3  # illegal actions injected into each game (one at a time)
SCALARS = {str, int, float, bool, type(None)}


# --- what a row's verdicts and result may be ---------------------------------------------------------
def allowed_verdicts(report: dict, system: str) -> None:
    """Every verdict is legal, or unverifiable only where the rule system says why: classic Dune's
    hidden cards; an Imperium Rival's gap pinned as not implemented (tests/test_rivals_setup.py).
    Nothing else is left not implemented."""
    for verdict in report["verdicts"]:
        if verdict["verdict"] == "legal":
            continue
        assert verdict["verdict"] == "unverifiable", verdict
        if system == "dune":
            assert verdict["code"] == "hidden-information", verdict
        else:
            assert verdict["code"] == "not-implemented", verdict
            gaps = verdict["message"].removeprefix("not implemented: ").split("; ")
            assert all(g in NOT_IMPLEMENTED or ix_gap_allowed(g) for g in gaps), verdict


def cited(log: dict, report: dict) -> None:
    """Every verdict cites a rule or clarification with a real page, or only readings and engine
    policies shown as such (tests/test_citations.py); only a chance outcome or the answer to an
    effect's choice rests on no specific ruling."""
    for action, verdict in zip(log["actions"], report["verdicts"], strict=True):
        assert verdict_is_checkable(verdict), (action, verdict)
        if [c["ruling"] for c in verdict["citations"]] == [NO_SPECIFIC_RULING]:
            assert action["by"] == "chance" or action["do"] == "choose", (action, verdict)


def finished(report: dict, log: dict) -> None:
    """Valid, over, and won (a team's tie in the six-player game, or classic Dune's end without a
    winner, may leave no winner)."""
    assert report["valid"], report["verdicts"][report["first_illegal"]]
    result = report["result"]
    assert result["finished"]
    assert result["winners"] or result["how"] in ("tie", "no-winner"), result
    if log["game"]["system"] == "dune":
        assert 1 <= result["turn"] <= 10 and result["how"] in ("strongholds", "guild-default", "fremen-default",
                                                                 "most-strongholds", "no-winner"), result
        assert result["winners"] or result["how"] == "no-winner"


def without_seed(log: dict) -> dict:
    return dict(log, setup={k: v for k, v in log["setup"].items() if k != "seed"})


def without_chance(log: dict) -> dict:
    return dict(log, actions=[a for a in log["actions"] if a["by"] != "chance"])


def replays_identically(log: dict, recorded: dict | None = None) -> dict:
    """The report of a simulated game (`recorded`, its replay with the final state, if already
    made), checked: valid, finished, verdicts allowed; the same checksum after every action from its
    recorded chance outcomes alone (no seed) and after every decision from its seed alone (no chance
    outcome recorded); a byte-identical report replayed again."""
    recorded = recorded or replay(log, snapshots="final")
    finished(recorded, log)
    allowed_verdicts(recorded, log["game"]["system"])
    cited(log, recorded)
    # the log is one the API accepts (classic Dune's playout adds its result beside the log)
    assert schemas.errors("log", {k: v for k, v in log.items() if k != "result"}) == []
    sums = [v["checksum"] for v in recorded["verdicts"]]
    alone = replay(without_seed(log), snapshots="none")
    assert [v["checksum"] for v in alone["verdicts"]] == sums
    dealt = replay(without_chance(log), snapshots="none")
    assert dealt["valid"]
    decisions = [s for s, a in zip(sums, log["actions"], strict=True) if a["by"] != "chance"]
    assert [v["checksum"] for v in dealt["verdicts"]] == decisions
    assert dealt["final_checksum"] == alone["final_checksum"] == recorded["final_checksum"]
    assert json.dumps(replay(log, snapshots="final")) == json.dumps(recorded)  # byte-identical
    return recorded


@cache
def report_of(config) -> dict:
    return replay(log_of(config), snapshots="none")


# --- 1. the playout and its replays --------------------------------------------------------------------
@parametrize()
def test_a_playout_replays_identically_every_way(config):
    log = log_of(config)
    replays_identically(log)
    again = simulate(config.game, config.players, config.seed, config.modules, config.options,
                     config.rival_leaders, config.difficulty)
    assert again == log  # the simulator itself is deterministic


# --- 2. action by action -------------------------------------------------------------------------------
class Reorder:
    """Recursively re-keys a state in a shuffled order, deterministically (a local random.Random:
    24 permutations of each length drawn once, one picked for every dict). Lists keep their order
    (it means something); every container is a fresh copy."""

    def __init__(self, seed: int):
        self.rnd = random.Random(seed)
        self.perms: dict[int, list[list[int]]] = {}

    def permutation(self, n: int) -> list[int]:
        pool = self.perms.get(n)
        if pool is None:
            pool = self.perms[n] = [self.rnd.sample(range(n), n) for _ in range(24)]
        return pool[int(self.rnd.random() * 24)]

    def __call__(self, value):
        if type(value) is dict:
            items = list(value.items())
            out = {}
            for i in self.permutation(len(items)):
                key, item = items[i]
                out[key] = self(item) if type(item) is dict or type(item) is list else item
            return out
        if set(map(type, value)) <= SCALARS:
            return value[:]
        return [self(v) if type(v) is dict or type(v) is list else v for v in value]


def key_orders_differ(a, b) -> bool:
    if isinstance(a, dict):
        return list(a) != list(b) or any(key_orders_differ(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return any(key_orders_differ(x, y) for x, y in zip(a, b, strict=True))
    return False


def copied(state: dict) -> dict:
    """An exact copy of a state (JSON data, key order kept): what `copy.deepcopy` gives, at about a
    tenth of its cost (the probes below copy the state a few hundred times a game)."""
    return orjson.loads(orjson.dumps(state))


def verdict_of(rules, state: dict, action: Action) -> tuple:
    try:
        out = rules.apply(state, action)
    except IllegalAction as err:
        return ("illegal", err.code, err.message, tuple(err.rulings))
    return (out.verdict, out.code, out.message, tuple(out.rulings))


def step_checks(config, rules, state: dict):
    """The checks a module or mode adds to every step: a function of the state after an action that
    returns what is wrong (it may keep what it needs from the state before)."""
    checks = []
    if "immortality" in config.modules:
        from adjudicator.imperium.modules.immortality.board import research_spaces

        columns = {s: d["column"] for s, d in research_spaces(rules.content).items()}

        def tokens(s):
            return {pid: (columns[pl["research"]], pl["tleilaxu"]) for pid, pl in s["players"].items()
                    if "research" in pl}

        seen = [tokens(state)]

        def forwards(s):  # the research token and the Tleilaxu track only move forwards
            now, before = tokens(s), seen[0]
            seen[0] = now
            return [f"{pid} moved back: {before[pid]} -> {t}" for pid, t in now.items()
                    if t[0] < before[pid][0] or t[1] < before[pid][1]]
        checks.append(forwards)
    if config.mode == "rivals" and state.get("hagal"):
        cards = len(state["hagal"]["deck"]) + len(state["hagal"]["discard"])
        checks.append(lambda s: [] if len(s["hagal"]["deck"]) + len(s["hagal"]["discard"]) == cards
                      else ["House Hagal cards not conserved"])
    if config.mode == "six":
        def commanders(s):  # a Commander never holds an Objective card (booklet p. 2)
            return [f"commander {side['commander']} holds objectives" for side in s["six"]["teams"].values()
                    if s["players"][side["commander"]]["objectives"]]
        checks.append(commanders)
    return checks


def scenario_round_trip(config, rules, state: dict, at: int, views: bool, decided: bool) -> bool:
    """At an anchor (a point the rule system writes as a scenario): the scenario builds back into the
    same table, prompt, legal actions and public views. False when no scenario is written there
    (allowed before a chance outcome, and at an Imperium Combat window reopened after an Intrigue
    card)."""
    kind = rules.anchor(state)
    doc = rules.scenario_of(state)
    if doc is None:
        assert kind == "combat" or not decided, (config.id, at, kind)
        return False
    assert (doc["decision"]["kind"] if "decision" in doc else doc["phase"]) == kind, (config.id, at)
    assert schemas.errors("dune-scenario" if config.system == "dune" else "scenario", doc) == [], (config.id, at)
    rebuilt = rules.from_scenario(json.loads(json.dumps(doc)))  # as a client sends it back
    assert same_table(rebuilt, state), (config.id, at)
    assert rules.prompt(rebuilt) == rules.prompt(state), (config.id, at)
    assert rules.legal_actions(rebuilt) == rules.legal_actions(state), (config.id, at)
    assert rules.audit(rebuilt) == [], (config.id, at)
    for viewer in (None, *state["game"]["seats"]) if views else ():
        assert comparable_view(rules.public_view(rebuilt, viewer)) == \
            comparable_view(rules.public_view(state, viewer)), (config.id, at, viewer)
    return True


def reserialised(rules, state: dict, action: Action, index: int, legal: list | None) -> dict:
    """The state written back with sorted keys (from the bytes its checksum is taken over) and in a
    shuffled key order: each shows the same prompt (and legal actions) and gives the logged action
    the same verdict and checksum as the original. Returns the shuffled copy before the action."""
    data = snapshot(state)[0]
    variants = {"sorted": restore(data, state.get("rng")), "shuffled": Reorder(index)(state)}
    kept = copied(variants["shuffled"])
    assert key_orders_differ(variants["shuffled"], variants["sorted"])
    prompt = rules.prompt(state)
    probe = copied(state)
    expected = verdict_of(rules, probe, action)
    for name, twin in variants.items():
        assert rules.prompt(twin) == prompt, (index, name)
        if legal is not None:
            assert rules.legal_actions(twin) == legal, (index, name)
        assert verdict_of(rules, twin, action) == expected, (index, name)
        assert checksum(twin) == checksum(probe), (index, name)
    return kept


@parametrize()
def test_every_step_is_offered_checked_and_round_trips(config):
    log, report = log_of(config), report_of(config)
    rules = rules_of(config)
    state = rules.new_state(log["game"], log["setup"])
    checks = step_checks(config, rules, state)
    sums = [v["checksum"] for v in report["verdicts"]]
    decisions = anchors = seen = 0
    kinds = Counter()
    unprompted = UNPROMPTED.get(config.system, set())
    resumed = None  # (index, a shuffled copy of the state before it): continued to the end below
    for index, data in enumerate(log["actions"]):
        action = Action(data)
        if not action.is_chance:
            offered = rules.legal_actions(state)
            assert action in offered or action.do in unprompted, (config.id, index, data)
            if decisions % PROBE_EVERY == 0:  # no offer the engine refuses, no dead end
                for option in offered:
                    rules.apply(copied(state), option)
            if decisions % REORDER_EVERY == 0:
                twin = reserialised(rules, state, action, index, offered if decisions % (2 * REORDER_EVERY) == 0
                                    else None)
                if resumed is None and index >= len(log["actions"]) // 2:
                    resumed = (index, twin)
            decisions += 1
        # an anchor may stand before a chance outcome too (classic Dune's Storm and Spice Blow)
        if (kind := rules.anchor(state)) is not None:
            kinds[kind] += 1
            if seen % ANCHOR_EVERY == 0:
                anchors += scenario_round_trip(config, rules, state, index, seen % (2 * ANCHOR_EVERY) == 0,
                                               decided=not action.is_chance)
            seen += 1
        if index % SCHEMA_EVERY == 0:
            assert schemas.errors("state", state) == [], (config.id, index)
        rules.apply(state, action)
        assert checksum(state) == sums[index], (config.id, index)
        assert invariants(state) == [], (config.id, index, data)
        if index % AUDIT_EVERY == 0:
            assert rules.audit(state) == [], (config.id, index, data)
        for check in checks:
            assert check(state) == [], (config.id, index, data)
    assert rules.prompt(state) is None and rules.result(state)["finished"]
    assert schemas.errors("state", state) == []
    assert anchors >= 3, anchors  # the scenario round trip was met more than at the deal
    if config.system == "dune":  # every turn's Storm and Spice Blow start, and where someone decides
        assert kinds["storm"] >= state["turn"] - 1 and kinds["spice-blow"] >= state["turn"] - 1, kinds
        assert {"bidding", "shipment-movement", "charity"} <= set(kinds), kinds
    index, twin = resumed
    for data, want in zip(log["actions"][index:], sums[index:], strict=True):
        rules.apply(twin, Action(data))
        assert checksum(twin) == want, (config.id, index)
    assert rules.result(twin) == rules.result(state)


def test_the_seeded_dealer_continues_a_restored_state():
    """A state restored from its canonical bytes keeps its dealer: fed only the decisions, it deals
    the recorded chance outcomes itself and ends at the recorded checksums."""
    for config in (c for c in MATRIX if c.id in ("uprising-4p-choam", "dune-4p-advanced")):
        log, report = log_of(config), report_of(config)
        rules = rules_of(config)
        state = rules.new_state(log["game"], log["setup"])
        start = len(log["actions"]) // 3
        for data in log["actions"][:start]:
            rules.apply(state, Action(data))
        state = restore(snapshot(state)[0], state.get("rng"))
        for data, verdict in zip(log["actions"][start:], report["verdicts"][start:], strict=True):
            if data["by"] == "chance":
                continue
            deal(rules, state)
            rules.apply(state, Action(data))
            assert checksum(state) == verdict["checksum"]
        deal(rules, state)
        assert rules.prompt(state) is None and checksum(state) == report["final_checksum"]


# --- 3. positions cut from the game ----------------------------------------------------------------------
def cuts_judged_as_replayed(config, log: dict, report: dict, count: int) -> None:
    """`count` positions cut at decisions spread over the game, sent back as a client would: each
    is a valid position document, and the check judges its action as the replay did, reaching the
    same checksum where nothing is dealt after it."""
    decisions = [i for i, a in enumerate(log["actions"]) if a["by"] != "chance"]
    indexes = decisions[1::max(1, len(decisions) // count)][:count]
    for i, position in cuts(log, indexes).items():
        sent = json.loads(json.dumps(position))  # as a client sends it back
        assert sent["action"] == log["actions"][i]
        assert schemas.errors("position", sent) == [], (config.id, i)
        answer = check_position(sent)
        want = report["verdicts"][i]
        assert (answer["verdict"]["verdict"], answer["verdict"]["code"]) == (want["verdict"], want["code"])
        # the check deals what is due after the action: compare where nothing is
        if i + 1 == len(log["actions"]) or log["actions"][i + 1]["by"] != "chance":
            assert answer["checksum"] == want["checksum"], (config.id, i)


@parametrize()
def test_a_cut_position_is_judged_as_the_replay_judged_it(config):
    cuts_judged_as_replayed(config, log_of(config), report_of(config), CUTS)


# --- 3b. the log's forms -------------------------------------------------------------------------------
@parametrize(configs=[c for c in MATRIX if c.system == "imperium" and c.mode != "rivals"])  # rivals: setup
def test_a_log_with_forced_steps_left_out_or_all_recorded_replays_the_same(config):
    """A client may leave out what the engine can take itself (forced steps, single resolves), or
    record every forced step: both replay to the canonical checksum and result (docs/log-format.md)."""
    from test_log_forms import maximal_log, minimal_log, with_actions

    log, canonical = log_of(config), report_of(config)
    kept, forced, resolves = minimal_log(log)
    every = maximal_log(log)
    for actions in (kept, every):
        report = replay(with_actions(log, actions), snapshots="none")
        assert report["valid"], report["verdicts"][report["first_illegal"] or 0]
        assert report["final_checksum"] == canonical["final_checksum"]
        assert report["result"] == canonical["result"]
    assert forced + resolves > 0 or len(every) > len(log["actions"]), config.id  # something changed


# --- 4. a mutated log -----------------------------------------------------------------------------------
def mutations(config, log: dict) -> list[tuple[int, dict]]:
    """Up to MUTATIONS places spread over the game, each with the log's next decision made instead
    by a seat that is offered nothing there (so it may not act)."""
    rules = rules_of(config)
    state = rules.new_state(log["game"], log["setup"])
    seats = state["game"]["seats"]
    n = len(log["actions"])
    targets = [n * (k + 1) // (MUTATIONS + 1) for k in range(MUTATIONS)]
    found = []
    for index, data in enumerate(log["actions"]):
        if found and len(found) == len(targets):
            break
        # where the decider has a real choice: a forced step may be left out of a log, and the
        # driver takes it before an action that needs it (docs/log-format.md)
        if index >= targets[len(found)] and data["by"] != "chance" and rules.forced(state) is None:
            offered = rules.legal_actions(state)
            others = [q for q in seats if q not in {a.by for a in offered}]
            if others and len(offered) > 1:
                found.append((index, dict(data, by=others[0])))
        rules.apply(state, Action(data))
    return found


@parametrize()
def test_an_injected_illegal_action_is_flagged_at_exactly_that_action(config):
    log = log_of(config)
    found = mutations(config, log)
    assert found, config.id
    for index, bad in found:
        mutated = copy.deepcopy(log)
        mutated["actions"].insert(index, bad)
        report = replay(mutated, snapshots="none")
        assert report["valid"] is False and report["first_illegal"] == index, (config.id, index, bad)
        verdict = report["verdicts"][index]
        assert verdict["verdict"] == "illegal" and verdict["pointer"] == f"/actions/{index}", verdict
        assert verdict["citations"], verdict  # every refusal rests on a ruling record


# --- 5. the stored samples -------------------------------------------------------------------------------
# name -> (final checksum, sha256 of every action's checksum in order), as replayed when the samples
# were last written (python -m adjudicator.samples; then refresh these with the printout of a failure)
SAMPLE_CHECKSUMS = {
    "dune-4p-advanced-seed1": ("71330a959f244a1d", "5954e8228093057a"),  # session 17: Family Atomics set aside
    "dune-5p-ixians-tleilaxu-tech-seed2": ("1ecb15283ac8b3e2", "734e36c444fee9cd"),  # session 17: Fremen ally revival
    "imperium-3p-immortality-seed2": ("161863ed8db430a2", "11a996fc28155721"),
    "imperium-4p-seed5": ("709d893dc6abb833", "19a837a85f8f2311"),
    "uprising-1p-rivals-immortality-seed3": ("0092702bbfd7195c", "0299b3ad0adde748"),
    "uprising-2p-rival-choam-seed4": ("a1d2d232f967c635", "e9ecffb5817e705e"),
    "uprising-3p-seed11": ("dd5c7b9376edf3ca", "472f81382ca59af8"),
    "uprising-4p-bloodlines-tech-choam-seed3": ("6c38910fd0347aca", "406958b4ca2ef0f6"),
    "uprising-4p-choam-seed7": ("3622d73337cbdbd4", "1fc9cba6a37454cc"),
    "uprising-6p-choam-seed1": ("0fcecc521e120d7a", "08ae83f296f0f401"),
}


def sample_sums(report: dict) -> tuple[str, str]:
    every = hashlib.sha256(" ".join(v["checksum"] for v in report["verdicts"]).encode()).hexdigest()[:16]
    return report["final_checksum"], every


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_a_stored_sample_replays_to_its_stored_checksums(path):
    report = replay(json.loads(path.read_text(encoding="utf-8")), snapshots="none")
    assert report["valid"]
    assert sample_sums(report) == SAMPLE_CHECKSUMS.get(path.stem), (path.stem, sample_sums(report))


# --- 6. the matrix covers what the engine accepts --------------------------------------------------------
def _engine_modules(game: str) -> set[str]:
    """The Module objects the engine registers for `game`'s edition (core/engine/modules.py)."""
    from adjudicator.core.registry import resolve_game

    system, edition = resolve_game(game)
    rules_of(by_game(game))  # its modules are registered with its rules
    if system == "dune":
        from adjudicator.dune.registry import MODULES as registered
    else:
        from adjudicator.imperium.registry import MODULES as registered
    return {n for n, m in registered.all.items() if not m.editions or edition in m.editions}


def by_game(game: str):
    return next(c for c in EVERY if c.game == game)


def _accepts(config_game: str, players: int, modules: tuple) -> bool:
    from adjudicator.core.registry import resolve_game, rules_for

    rules = rules_for(*resolve_game(config_game))
    if config_game == "dune":
        game = {"system": "dune", "modules": list(modules),
                "players": [{"id": f"p{i}", "faction": f} for i, f in
                            enumerate(["atreides", "harkonnen", "emperor", "fremen", "spacing-guild",
                                       "bene-gesserit"][:players])]}
        if "ixians-tleilaxu" in modules:
            game["players"][-1]["faction"] = "ixians"
            if players > 1:
                game["players"][-2]["faction"] = "tleilaxu"
        setup = {"seed": 1}
    else:
        from adjudicator.core.rng import Random

        leaders = rules.leader_ids(modules)
        seated = rules.seat_leaders(players, leaders, Random(1)) if hasattr(rules, "seat_leaders") else None
        leaders = seated or leaders
        game = {"system": "imperium", "edition": "uprising" if config_game == "uprising" else "base",
                "modules": list(modules), "players": [{"id": f"p{i}", "leader": ld}
                                                      for i, ld in enumerate(leaders[:players])]}
        setup = {"seed": 1}
        if hasattr(rules, "rival_setup") and players <= 2:
            setup.update(rules.rival_setup(players, leaders[:players], Random(1), (), ()))
    try:
        rules.new_state(game, setup)
    except AdjudicatorError as err:
        if getattr(err, "code", None) in ("unsupported-module", "unsupported-player-count", "leader-needs-module"):
            return False
        raise
    return True


@pytest.mark.parametrize("game", sorted(MODULES))
def test_every_combination_the_engine_accepts_is_a_row(game):
    """The matrix names every module the engine offers, and has a row for every set of modules and
    player count it accepts (and none it refuses): a new module fails here until it has its rows."""
    modes = {module for module, mode in MODE_MODULES.items() if any(c.game == game and c.mode == mode for c in EVERY)}
    assert _engine_modules(game) == set(MODULES[game]) | modes
    rows = {(c.players, frozenset(c.modules)) for c in EVERY if c.game == game}
    for players in range(1, 7):
        for bits in range(2 ** len(MODULES[game])):
            chosen = tuple(m for i, m in enumerate(MODULES[game]) if bits >> i & 1)
            accepted = _accepts(game, players, chosen)
            assert accepted == ((players, frozenset(chosen)) in rows), (game, players, chosen, accepted)
