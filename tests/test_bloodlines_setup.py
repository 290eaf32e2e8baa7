"""Bloodlines (issue #11), the part that stands today: its components load beside each
edition's, a game uses them only with the module (and the Tech or CHOAM ones only with those),
and the module is refused until its rules are complete. The list of what the engine does not
implement yet is pinned here: it may only shrink."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import MalformedLog
from adjudicator.imperium.coverage import not_implemented
from adjudicator.imperium.rules import ruleset

SEATS = ("abby", "john", "ned")


def game(edition: str, modules=(), leaders=None) -> dict:
    rules = ruleset(edition)
    leaders = leaders or rules.leader_ids(modules)
    return {"system": "imperium", "edition": edition, "modules": list(modules),
            "players": [{"id": p, "leader": leaders[i]} for i, p in enumerate(SEATS)]}


@pytest.mark.parametrize("edition", ["uprising", "base"])
@pytest.mark.parametrize("modules", [("bloodlines",), ("bloodlines", "tech")])
def test_the_module_is_played_with_both_editions(edition, modules):
    state = ruleset(edition).new_state(game(edition, modules), {})
    assert state["game"]["modules"] == sorted(modules) and "commanders" in state


def sizes(edition: str, modules) -> tuple[int, int, dict, int, int]:
    state = ruleset(edition).new_state(game(edition, modules), {})
    pool = {lv: len(cards) for lv, cards in state["board"]["conflict_pool"].items()}
    return (len(state["imperium_deck"]["cards"]), len(state["intrigue_deck"]["cards"]), pool,
            len(state["contracts"]["pile"]), len(ruleset(edition).leader_ids(modules)))


# Bloodlines rules manual p. 2 (32 Imperium cards, 5 CHOAM-only, 2 Tech-only; 18 Intrigue, 1 CHOAM,
# 2 Tech; 2 Conflict; 9 leaders, 1 Tech; 8 contracts) and p. 3 (with the original game: no new
# Conflict, and 7 Imperium, 5 Intrigue and 3 leaders left out)
@pytest.mark.parametrize(("edition", "modules", "imperium", "intrigue", "conflicts", "contracts", "leaders"), [
    ("uprising", ("bloodlines",), 25, 15, {"1": 1, "2": 1, "3": 0}, 0, 8),
    ("uprising", ("bloodlines", "choam"), 30, 16, {"1": 1, "2": 1, "3": 0}, 8, 8),
    ("uprising", ("bloodlines", "tech"), 27, 17, {"1": 1, "2": 1, "3": 0}, 0, 9),
    ("uprising", ("bloodlines", "tech", "choam"), 32, 18, {"1": 1, "2": 1, "3": 0}, 8, 9),
    ("base", ("bloodlines",), 18, 10, {"1": 0, "2": 0, "3": 0}, 0, 5),
    ("base", ("bloodlines", "tech"), 20, 12, {"1": 0, "2": 0, "3": 0}, 0, 6),
])
def test_a_game_takes_the_expansion_components_of_its_modules(edition, modules, imperium, intrigue,
                                                               conflicts, contracts, leaders):
    plain = sizes(edition, tuple(m for m in modules if m == "choam"))
    grown = sizes(edition, modules)
    assert grown[0] - plain[0] == imperium and grown[1] - plain[1] == intrigue
    assert {lv: grown[2][lv] - plain[2][lv] for lv in grown[2]} == conflicts
    assert grown[3] - plain[3] == contracts and grown[4] - plain[4] == leaders


def test_tech_needs_bloodlines():
    with pytest.raises(MalformedLog) as err:
        ruleset("uprising").new_state(game("uprising", ("tech",)), {})
    assert err.value.code == "unsupported-module"


def test_a_bloodlines_leader_needs_the_module():
    with pytest.raises(MalformedLog) as err:
        ruleset("uprising").new_state(game("uprising", (), leaders=["kota-odax-of-ix-leader",
                                                                    "muad-dib", "gurney-halleck"]), {})
    assert err.value.code == "leader-needs-module" and err.value.pointer == "/game/players/0/leader"


def test_the_plain_games_are_unchanged():
    """The expansion's components never reach a game without it."""
    for edition, modules in (("uprising", ()), ("uprising", ("choam",)), ("base", ())):
        state = ruleset(edition).new_state(game(edition, modules), {})
        cnt = ruleset(edition).content
        for card in state["imperium_deck"]["cards"] + state["intrigue_deck"]["cards"]:
            assert "expansion" not in {**cnt.cards, **cnt.intrigues}[card]
        assert not_implemented(edition, modules) == []


def test_every_bloodlines_step_is_implemented():
    """Every custom step of the cards, leaders, Skills and Tech tiles (docs/bloodlines-data.md)
    has its handler: a game with the module never meets a `not-implemented` verdict."""
    for edition, modules in (("uprising", ("bloodlines", "tech", "choam")), ("base", ("bloodlines", "tech"))):
        assert not_implemented(edition, modules) == []
