"""Counted (issue 30): a name that resolves exactly never costs a fuzzy search. A card of another
kind than the action asks for (Bloodlines' `twisted-shrewd`) and a name that only a second kind
knows (the classic game's Cheap Hero among the leaders and cards) used to search the closest
names of the first index before trying the next."""

import difflib

import pytest

from adjudicator.core.errors import UnknownName
from adjudicator.core.names import NameIndex
from adjudicator.core.replay import replay
from adjudicator.simulate import simulate


@pytest.fixture
def fuzzy(monkeypatch):
    calls = []
    real = difflib.get_close_matches
    monkeypatch.setattr(difflib, "get_close_matches", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    return calls


@pytest.mark.parametrize("game,players,modules", [("uprising", 4, ("bloodlines", "tech", "choam")),
                                                  ("dune", 6, ("advanced", "ixians-tleilaxu"))])
def test_a_replay_makes_no_fuzzy_search(fuzzy, game, players, modules):
    log = simulate(game, players, 1, modules)
    assert replay(log)["valid"]
    assert fuzzy == []


def test_an_unknown_name_still_gets_suggestions_and_a_shared_one_is_ambiguous(fuzzy):
    index = NameIndex("card")
    index.add("dagger", "Dagger")
    index.add("skirmish-1", "Skirmish")
    index.add("skirmish-2", "Skirmish")
    assert index.lookup("DAGGER") == "dagger" and index.lookup("sword") is None and fuzzy == []
    with pytest.raises(UnknownName) as err:
        index.resolve("Dagerr")
    assert err.value.suggestions == ["Dagger"] and len(fuzzy) == 1
    with pytest.raises(UnknownName) as err:
        index.lookup("skirmish")
    assert err.value.code == "ambiguous-name"
