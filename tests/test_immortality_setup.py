"""Immortality (issue #12), the part that stands today: its components load beside each edition's,
a game uses them only with the module, the setup places them (rulebook pp. 4-5), and the module is
refused until its rules are complete. What the engine does not implement yet is pinned here: it
may only shrink."""

from __future__ import annotations

import re

import pytest

from adjudicator.core.errors import MalformedLog
from adjudicator.imperium.coverage import not_implemented
from adjudicator.imperium.rules import ruleset

SEATS = ("abby", "john", "ned")


def game(edition: str, modules=()) -> dict:
    rules = ruleset(edition)
    leaders = [lead for lead in rules.leader_ids(()) if "setup" not in rules.content.leaders[lead]]
    return {"system": "imperium", "edition": edition, "modules": list(modules),
            "players": [{"id": p, "leader": leaders[i]} for i, p in enumerate(SEATS)]}


@pytest.mark.parametrize("edition", ["uprising", "base"])
def test_the_module_is_offered_to_users_and_with_rise_of_ix_in_the_original_game(edition):
    state = ruleset(edition).new_state(game(edition, ("immortality",)), {})
    assert "tleilaxu" in state
    if edition == "base":  # Rise of Ix (issue #35) is a module of the original game only
        assert "tech" in ruleset(edition).new_state(game(edition, ("immortality", "ix")), {})
        return
    with pytest.raises(MalformedLog) as err:
        ruleset(edition).new_state(game(edition, ("immortality", "ix")), {})
    assert err.value.code == "unsupported-module" and err.value.pointer == "/game/modules/1"


# rulebook p. 3 and setup pp. 4-5: 30 Imperium cards and 15 Intrigue cards join the decks; 18
# Tleilaxu cards in their own deck; each starting deck trades both Dune, the Desert Planet for two
# Experimentation
@pytest.mark.parametrize(("edition", "modules"), [("uprising", ()), ("uprising", ("choam",)), ("base", ())])
def test_setup_counts(edition, modules):
    plain = ruleset(edition).new_state(game(edition, modules), {})
    state = ruleset(edition).new_state(game(edition, (*modules, "immortality")), {})
    assert len(state["imperium_deck"]["cards"]) - len(plain["imperium_deck"]["cards"]) == 30
    assert len(state["intrigue_deck"]["cards"]) - len(plain["intrigue_deck"]["cards"]) == 15
    assert len(state["tleilaxu"]["deck"]) == 18 and state["tleilaxu"]["spice"] == 2
    assert [t.get("kind") for t in state["stack"]].count("refill-tleilaxu-row") == 2
    for pid in SEATS:
        mine, theirs = state["players"][pid], plain["players"][pid]
        assert len(mine["deck"]["cards"]) == len(theirs["deck"]["cards"]) == 10
        assert mine["deck"]["cards"].count("experimentation") == 2
        assert theirs["deck"]["cards"].count("dune-the-desert-planet") == 2
        assert "dune-the-desert-planet" not in mine["deck"]["cards"]
        assert mine["troops"] == {**theirs["troops"], "tanks": 0}
        assert (mine["research"], mine["tleilaxu"], mine["atomics"]) == ("research-start", 0, True)
        assert "tleilaxu" not in theirs and "research" not in theirs


def test_the_plain_games_are_unchanged():
    """The expansion's components never reach a game without it."""
    for edition, modules in (("uprising", ()), ("uprising", ("choam",)), ("base", ())):
        state = ruleset(edition).new_state(game(edition, modules), {})
        cnt = ruleset(edition).content
        for card in state["imperium_deck"]["cards"] + state["intrigue_deck"]["cards"]:
            assert {**cnt.cards, **cnt.intrigues}[card].get("expansion") != "immortality"
        assert "tleilaxu" not in state and not_implemented(edition, modules) == []


# What the engine does not implement yet for Immortality: every entry names a custom step of the
# data (docs/immortality-data.md) still without a handler. The module is refused while this is
# not empty; implementing one removes it from here.
NOT_IMPLEMENTED: set[str] = set()  # empty: every custom step of the data has its handler


def test_what_is_not_implemented_for_immortality_is_listed():
    missing = set()
    for edition, modules in (("uprising", ("immortality", "bloodlines", "tech", "choam")),
                             ("base", ("immortality",))):
        for entry in not_implemented(edition, modules):
            found = re.search(r"custom '([^']+)' has no handler", entry["what"])
            assert found, entry  # nothing but a custom step without its handler
            missing.add(found.group(1))
    assert missing == NOT_IMPLEMENTED
