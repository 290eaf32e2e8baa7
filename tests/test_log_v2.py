"""Log format version 2 (issues 31 and 32): a log may declare that it leaves forced steps out
(`omits`), a recorded answer may name the decision it answers (`answers`), and version 1 logs read
as they did (one migration, docs/log-format.md)."""

from __future__ import annotations

import copy

import pytest
from matrix import MATRIX, log_of, parametrize

from adjudicator.core.logs import VERSION, parse_log
from adjudicator.core.replay import Driver, Replay, sole_action


def run(doc: dict) -> dict:
    return Replay(parse_log(copy.deepcopy(doc)), "strict", "none").run()


def walk(doc: dict):
    """Each logged action with the pending decision before it (the state after dealing), and the
    action the game would take alone there (None where there is a choice)."""
    log = parse_log(copy.deepcopy(doc))
    driver = Driver(log.rules, log.rules.new_state(log.game, log.setup))
    for written, action in zip(doc["actions"], log.actions, strict=True):
        driver.deal(action)
        top = driver.state["stack"][-1] if driver.state["stack"] else None
        yield written, top, sole_action(log.rules, driver.state) == action
        driver.apply(action)


def test_version_1_is_migrated_unchanged():
    doc = log_of(MATRIX[0])
    assert VERSION == 2 and doc["version"] == 2
    old = dict(doc, version=1)
    assert run(old) == run(doc)
    assert parse_log(copy.deepcopy(old)).omits == ()


@parametrize()
def test_forced_steps_stripped_replay_to_the_same_checksum(config):
    """Every forced step (a decision with exactly one legal action) removed from a playout, the
    log declaring `omits: ["forced-steps"]`, replays to the same final checksum."""
    doc = log_of(config)
    whole = run(doc)
    assert whole["valid"]
    kept = [written for written, _, forced in walk(doc) if not forced]
    assert len(kept) < len(doc["actions"]), "the playout has forced steps to strip"
    short = dict(doc, actions=kept, omits=["forced-steps"])
    report = run(short)
    assert report["valid"], (report["first_illegal"], report["verdicts"][report["first_illegal"] or 0])
    assert report["final_checksum"] == whole["final_checksum"]


@parametrize(system="imperium")
def test_answers_names_the_decision(config):
    """Every `choose` naming the effect it answers replays as before; one naming another effect is
    refused (`choice.other-decision`) where no forced step explains it."""
    doc = log_of(config)
    whole = run(doc)
    named = copy.deepcopy(doc)
    first = None
    for i, (written, top, _) in enumerate(walk(doc)):
        if written["do"] == "choose":
            named["actions"][i]["answers"] = top["src"]
            first = i if first is None else first
    assert first is not None
    assert run(named)["final_checksum"] == whole["final_checksum"]
    named["actions"][first]["answers"] = "card:no-such-card"
    report = run(named)
    assert report["first_illegal"] == first
    assert report["verdicts"][first]["code"] == "choice.other-decision"


@pytest.mark.parametrize("config", [c for c in MATRIX if c.id == "uprising-3p"], ids=["uprising-3p"])
def test_answers_without_declaration_take_the_forced_steps_left_out(config):
    """Issue 32's case: forced steps removed, no declaration; a `choose` naming its effect is not
    read as the answer to a left-out forced choice."""
    doc = log_of(config)
    whole = run(doc)
    kept = []
    for written, top, forced in walk(doc):
        if written["do"] == "choose":
            written = dict(written, answers=top["src"])
        if not forced:
            kept.append(written)
    report = run(dict(doc, actions=kept))
    assert report["valid"], report["first_illegal"]
    assert report["final_checksum"] == whole["final_checksum"]
