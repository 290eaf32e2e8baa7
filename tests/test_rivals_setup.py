"""Setting up a game of one or two players with House Hagal Rivals (booklet for 1-2 players,
p. 1; issue #13), the gate that refuses those player counts until the Rivals are complete, and
the list of what the engine does not derive yet."""

import json

import pytest
from rivals_helpers import LEADERS, RIVALS, RULES, new_game

from adjudicator.core.errors import MalformedLog
from adjudicator.imperium.effects import step_op
from adjudicator.imperium.game import Game
from adjudicator.imperium.modules.rivals import hagal as rivals
from adjudicator.imperium.registry import CUSTOM, ask
from adjudicator.imperium.rules import ruleset
from adjudicator.resources import data_dir

# what a Rival may meet that the engine does not derive: verdicts then say `not-implemented`
NOT_IMPLEMENTED: tuple[str, ...] = ()


def test_not_implemented_is_pinned():
    assert rivals.NOT_IMPLEMENTED == NOT_IMPLEMENTED


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("module", ["immortality"])  # Bloodlines: tests/test_rivals_expansions.py
def test_one_and_two_players_are_offered_also_with_the_rival_additions_of_expansions(players, module):
    assert new_game(players)["hagal"]  # no gate: the Rivals are refereed
    game = {"system": "imperium", "edition": "uprising", "modules": ["choam", module],
            "players": [{"id": f"p{i + 1}", "leader": lead} for i, lead in enumerate(LEADERS[players])]}
    setup = {"seed": 1, "rivals": RIVALS[players], **({"difficulty": "sardaukar"} if players == 1 else {})}
    state = RULES.new_state(game, setup)  # Immortality's solo cards: reading rivals-x.imm-uprising
    assert state["game"]["modules"] == ["choam", module] and state["hagal"]["deck"]


def test_solo_has_two_rivals_after_the_player():
    state = new_game(1)
    assert state["game"]["seats"] == ["p1", "r1", "r2"]
    for rid, leader in (("r1", "staban-tuek"), ("r2", "feyd-rautha-harkonnen")):
        pl = state["players"][rid]
        assert pl["rival"] == {"leader": leader}
        # booklet p. 1: three troops in the garrison, two Agents, 1 water and three spies, no deck
        assert (pl["troops"]["garrison"], pl["agents"], pl["water"], pl["spies"]) == (3, 2, 1, 3)
        assert pl["deck"]["cards"] == [] and pl["hand"] == []
        assert pl["influence"] == {"emperor": 0, "guild": 0, "bene-gesserit": 0, "fremen": 0}


def test_solo_deck_leaves_out_the_two_player_reshuffle():
    solo = new_game(1)["hagal"]
    duo = new_game(2)["hagal"]
    assert "reshuffle" not in solo["deck"] + solo["discard"]
    assert duo["deck"].count("reshuffle") == 1
    # the deck is dealt from at once (setup's first round): count everything the deck holds
    assert len(solo["deck"]) + len(solo["discard"]) == 37
    assert len(duo["deck"]) + len(duo["discard"]) == 38


def test_two_players_seat_the_rival_after_the_first_player():
    state = new_game(2)
    assert state["game"]["seats"] == ["p1", "r1", "p2"]


def test_wrong_number_of_rivals_or_unknown_rival_card_is_refused():
    game = {"system": "imperium", "edition": "uprising", "modules": [],
            "players": [{"id": "p1", "leader": "muad-dib"}]}
    with pytest.raises(MalformedLog) as err:
        RULES.new_state(game, {"difficulty": "sardaukar", "rivals": [{"id": "r1", "leader": "staban-tuek"}]})
    assert err.value.code == "rival-count"
    with pytest.raises(MalformedLog) as err:  # Shaddam Corrino IV has no Rival card
        RULES.new_state(game, {"difficulty": "sardaukar", "rivals": [{"id": "r1", "leader": "staban-tuek"},
                                                                     {"id": "r2", "leader": "shaddam-corrino-iv"}]})
    assert err.value.code == "unknown-rival-leader"


@pytest.mark.parametrize("level", ["mentat", "kwisatz-haderach"])
def test_strict_difficulty_requires_the_first_three_options(level):
    """Booklet p. 4: Calculated Politics, Brutal Escalation and Considered Deployment are
    required at the Mentat and Kwisatz Haderach levels."""
    state = new_game(1, difficulty=level)
    assert state["game"]["rival_options"] == ["brutal-escalation", "calculated-politics", "considered-deployment"]
    assert new_game(1, difficulty="sardaukar")["game"]["rival_options"] == []
    assert new_game(2, options=["unambitious-rivals"])["game"]["rival_options"] == ["unambitious-rivals"]


@pytest.mark.parametrize(("level", "garrison"), [("mercenary", 0), ("sardaukar", 3), ("mentat", 3),
                                                 ("kwisatz-haderach", 3)])
def test_solo_setup_follows_the_difficulty(level, garrison):
    """Reading rivals.reading-difficulty: a Mercenary Rival starts with an empty garrison and the
    player with an Intrigue card; no level gives the Rivals anything more."""
    state = new_game(1, difficulty=level)
    for rid in ("r1", "r2"):
        troops = state["players"][rid]["troops"]
        assert troops["garrison"] == garrison and troops["garrison"] + troops["supply"] == 12
    draws = [t["player"] for t in state["stack"] if t.get("kind") == "draw-intrigue"]
    assert draws == (["p1"] if level == "mercenary" else [])


def test_a_solo_game_names_a_level_of_the_chart_and_a_two_player_game_none():
    for players, setup in ((1, {"difficulty": None}), (1, {"difficulty": "novice"}), (2, {"difficulty": "mentat"})):
        with pytest.raises(MalformedLog) as err:
            new_game(players, **setup)
        assert (err.value.code, err.value.pointer) == ("rival-difficulty", "/setup/difficulty")


def test_at_kwisatz_haderach_the_player_cannot_gain_a_swordmaster():
    """Reading rivals.reading-difficulty, as the original game's chart (p. 20)."""
    for level, refused in (("kwisatz-haderach", True), ("mentat", False)):
        g = Game(new_game(1, difficulty=level))
        errors = ask("placement-check", g, "p1", "swordmaster", None)
        assert [(e.code, e.rulings) for e in errors] == \
            ([("rival.no-swordmaster", ("rivals.reading-difficulty",))] if refused else [])
        assert not ask("placement-check", g, "r1", "swordmaster", None)


def test_house_hagal_data():
    data = json.loads((data_dir() / "uprising" / "house-hagal.json").read_text())
    cards = [c for c in data["cards"] if "module" not in c]  # an expansion's: test_rivals_expansions.py
    assert sum(c["copies"] for c in cards) == 38
    assert len({c["id"] for c in cards}) == len(cards)
    assert all(c["verified"] is False for c in cards)  # third-party facts until checked
    assert [c["id"] for c in cards if c.get("two_player_only")] == ["reshuffle"]
    assert sum(c["copies"] for c in cards if "spy_posts" in c["agent"]) == 3  # booklet p. 2: three spy cards
    spaces = {s for c in cards for o in c["agent"].get("options", []) for s in [o["space"]]}
    board = {s["id"] for s in json.loads((data_dir() / "uprising" / "board.json").read_text())["spaces"]}
    assert spaces <= board
    posts = {p["id"] for p in json.loads((data_dir() / "uprising" / "board.json").read_text())["posts"]}
    assert {p for c in cards for p in c["agent"].get("spy_posts", [])} <= posts
    assert "Tabletop Simulator" in data["note"]
    for lead in data["rival_leaders"].values():
        assert sorted(lead["priority"]) == sorted(["emperor", "guild", "bene-gesserit", "fremen"])
        assert lead["signet"] and lead["network"] and lead["verified"] is False  # every card has both
    assert "shaddam-corrino-iv" not in data["rival_leaders"]  # no Rival card in our source


def test_options_for_one_player_count_only_are_refused_elsewhere():
    """Booklet p. 4: Unambitious Rivals is for two players, the Row refresh for solo."""
    for players, option in ((1, "unambitious-rivals"), (2, "row-refresh")):
        with pytest.raises(MalformedLog) as err:
            new_game(players, options=[option])
        assert err.value.code == "rival-option"


def test_the_english_rules_names_of_the_options_are_read_as_ours():
    assert new_game(1, options=["smart-politics", "expert-deployment", "imperium-row-churn"])["game"][
        "rival_options"] == ["calculated-politics", "considered-deployment", "row-refresh"]
    assert new_game(2, options=["streamlined-rivals"])["game"]["rival_options"] == ["unambitious-rivals"]
    with pytest.raises(MalformedLog) as err:  # still for two players only
        new_game(1, options=["brutal-escalation", "streamlined-rivals"])
    assert (err.value.code, err.value.pointer) == ("rival-option", "/setup/options/1")


@pytest.mark.parametrize("edition", ["uprising", "base"])
def test_every_house_hagal_card_is_steps_of_the_effect_language(edition):
    """docs/effects.md, 'House Hagal cards': an option is a space, its `when` and `effects`; every
    step names one operation of the interpreter, and a custom step a registered handler."""
    ruleset(edition)  # its rule files loaded: the handlers registered
    for card in rivals.hagal(edition)["cards"]:
        for option in card["agent"].get("options", []):
            assert set(option) <= {"space", "when", "effects"}, card["id"]
            pending = list(option["effects"])
            assert any(s.get("custom") == "rival-troops" for s in pending), card["id"]  # its Agent's units
            while pending:
                step = pending.pop()
                op = step_op(step)
                assert op != "custom" or step["custom"] in CUSTOM, (card["id"], step)
                pending += step.get("then", []) + step.get("else", [])
