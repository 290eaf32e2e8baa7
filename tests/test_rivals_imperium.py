"""The original game's House Hagal deck (data/base/house-hagal.json) checked against what the
rulebook says of it (component list p. 3; House Hagal sheet, PDF pp. 19-20), and the gate that
keeps the original game's solo and two-player games refused while its Rival turn is not
derived (rivals.NOT_IMPLEMENTED)."""

import json

import pytest

from adjudicator.core.errors import MalformedLog
from adjudicator.imperium.custom import rivals
from adjudicator.imperium.rules import ruleset
from adjudicator.resources import data_dir


def base_hagal() -> dict:
    return json.loads((data_dir() / "base" / "house-hagal.json").read_text(encoding="utf-8"))


def test_the_deck_has_the_rulebooks_31_cards_and_its_1p_and_2p_cards():
    cards = base_hagal()["cards"]
    assert sum(c["copies"] for c in cards) == 31  # component list, p. 3
    two_p = {c["id"]: c["copies"] for c in cards if c.get("two_player_only")}
    one_p = {c["id"]: c["copies"] for c in cards if c.get("solo_only")}
    assert two_p == {"reshuffle": 1, "arrakeen-2p": 3}  # solo setup removes these (p. 20)
    assert one_p == {"arrakeen-1p": 3}  # two-player setup removes these (p. 19)
    solo = sum(c["copies"] for c in cards if not c.get("two_player_only"))
    duo = sum(c["copies"] for c in cards if not c.get("solo_only"))
    assert (solo, duo) == (27, 28)
    # the Signet Ring icon is for solo play only (p. 19): only a 1P card shows it
    assert [c["id"] for c in cards for o in c["agent"].get("options", []) if o.get("signet")] == ["arrakeen-1p"]
    assert all(c["verified"] is False for c in cards) and "Tabletop Simulator" in base_hagal()["note"]


def test_the_cards_name_spaces_and_factions_of_the_original_board():
    board = json.loads((data_dir() / "base" / "board.json").read_text())
    spaces = {s["id"]: s for s in board["spaces"]}
    for c in base_hagal()["cards"]:
        for o in c["agent"].get("options", []):
            assert o["space"] in spaces, (c["id"], o["space"])
            assert o.get("influence") in (None, "emperor", "guild", "bene-gesserit", "fremen")
            assert not o.get("harvest") or spaces[o["space"]]["maker"]  # Harvest Spice: desert spaces


def test_the_difficulty_chart_is_the_rulebooks():
    """PDF p. 20: the solo difficulty chart."""
    chart = base_hagal()["difficulty"]
    assert list(chart) == ["mercenary", "sardaukar", "mentat", "kwisatz-haderach"]
    assert [chart[k]["conflicts_above_swordmasters"] for k in chart] == [5, 4, 3, 3]
    assert [chart[k]["rival_garrison"] for k in chart] == [0, 3, 3, 3]
    assert chart["mercenary"]["player_extra"] == {"solari": 1, "spice": 1}
    assert [chart[k]["mentat_costs_5"] for k in chart] == [False, True, True, True]
    assert chart["kwisatz-haderach"]["player_no_swordmaster"]


@pytest.mark.usefixtures("unlocked")
@pytest.mark.parametrize("players", [1, 2])
def test_the_original_game_stays_refused_for_one_and_two_players(players):
    """Even with the player-count gate lifted: the original game's Rival turn is not derived yet
    (listed in rivals.NOT_IMPLEMENTED)."""
    rules = ruleset("base")
    leaders = rules.leader_ids([])
    game = {"system": "imperium", "edition": "base", "modules": [],
            "players": [{"id": f"p{i + 1}", "leader": leaders[i]} for i in range(players)]}
    with pytest.raises(MalformedLog) as err:
        rules.new_state(game, {})
    assert err.value.code == "unsupported-player-count"
    assert "the original game's solo and two-player rules (House Hagal of Dune: Imperium)" in rivals.NOT_IMPLEMENTED
