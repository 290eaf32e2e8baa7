"""Consequences over the matrix (issue 32): every kind a rule system declares is said in some row's
playout, and only in the games that have its pieces; every entry has its kind's subject and
validates; and a public reader never learns from them a name its view of the state does not show."""

from __future__ import annotations

from functools import cache

import pytest
from matrix import MATRIX, log_of, parametrize, rules_of, unfinished

from adjudicator.core.consequences import veiled
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.core.schemas import errors
from adjudicator.dune import consequences as dune
from adjudicator.imperium import consequences as imperium

SYSTEMS = {"imperium": imperium, "dune": dune}


def _modules(*names):
    return lambda c: bool(set(names) & set(c.modules))


# the kinds of a module's (or an edition's) pieces: said only in the games that have them
ONLY_IN = {
    "spies": lambda c: c.game == "uprising", "objectives": lambda c: c.game == "uprising",
    "mentat": lambda c: c.game == "imperium", "maker-hooks": lambda c: c.game == "uprising",
    "tech": _modules("ix", "tech"), "dreadnoughts": _modules("ix"), "freighter": _modules("ix"),
    "commanders": _modules("bloodlines"), "skills": _modules("bloodlines"),
    "research": _modules("immortality"), "tleilaxu": _modules("immortality"), "atomics": _modules("immortality"),
    "advisors": _modules("advanced"), "karama-power": _modules("advanced"),
    "face-dancers": _modules("ixians-tleilaxu"), "hms": _modules("ixians-tleilaxu"),
    "tech-token": _modules("tech-tokens"),
}


@cache
def said(config_id: str) -> tuple[dict, ...]:
    """Every consequence of the row's whole playout."""
    config = next(c for c in MATRIX if c.id == config_id)
    report = Replay(parse_log(log_of(config)), "continue", "none", consequences=True).run()
    return tuple(c for v in report["verdicts"] for c in v["consequences"])


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_declared_kind_is_said_in_some_playout_and_only_where_its_pieces_are(system):
    module = SYSTEMS[system]
    seen: set[str] = set()
    for config in (c for c in MATRIX if c.system == system):
        kinds = {c["kind"] for c in said(config.id)}
        seen |= kinds
        wrong = {k for k in kinds if k in ONLY_IN and not ONLY_IN[k](config)}
        assert not wrong, (config.id, wrong)
    assert {*module.KINDS, *module.EVENTS, "winners"} <= seen, {*module.KINDS, *module.EVENTS} - seen


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_each_entry_names_its_subject_and_validates(system):
    kinds = SYSTEMS[system].KINDS
    shapes: dict[tuple, dict] = {}
    for config in (c for c in MATRIX if c.system == system):
        for c in said(config.id):
            if c["kind"] in kinds:
                assert set(kinds[c["kind"]].about) <= set(c), c
            shapes.setdefault((c["kind"], tuple(sorted(c))), c)
    for c in shapes.values():  # one of each shape: the schema is the same for the rest
        assert not errors("consequence", c), c


def _names(node, out: set) -> set:
    """Every name a (public) state holds: strings and keys, a place's territory, a spy post."""
    if isinstance(node, str):
        out.update((node, node.split("@")[0], node.split("#")[0]))
    elif isinstance(node, dict):
        for k, v in node.items():
            _names(k, out)
            _names(v, out)
    elif isinstance(node, list):
        for v in node:
            _names(v, out)
    return out


def _said_names(entry: dict) -> set[str]:
    return {n for k, v in entry.items() if k != "kind" for n in _names(v, set())} - {"?"}


@parametrize()
def test_a_public_reader_or_another_seat_learns_no_name_its_view_of_the_state_does_not_show(config):
    """Mid-game (cards in hands): each entry as the public, or one seat, reads it
    (core.consequences.veiled) names only what that reader's view of the state before or after the
    action shows (`RuleSet.public_view`). The referee's entries for cards only their holder sees
    would not: the check can fail."""
    rules = rules_of(config)
    report = Replay(parse_log(unfinished(config)), "continue", "all", consequences=True).run()
    states = report["snapshots"]
    views: dict[tuple, set] = {}

    def view(i: int, seat: str | None) -> set:
        if (i, seat) not in views:
            views[i, seat] = _names(rules.public_view(states[i], seat), set()) if i >= 0 else set()
        return views[i, seat]

    secret_told = 0
    for seat in (None, sorted(states[0]["players"])[0]):
        for verdict in report["verdicts"]:
            i = verdict["index"]
            for entry in verdict["consequences"]:
                shown = view(i - 1, seat) | view(i, seat)
                leaked = _said_names(veiled(entry, seat)) - shown
                assert not leaked, (seat, i, entry["kind"], leaked)
                secret_told += bool("seen_by" in entry and seat not in entry["seen_by"] and _said_names(entry) - shown)
    assert secret_told, "no hidden card changed hands: the check is not tried"
