"""The original game's House Hagal deck (data/base/house-hagal.json) checked against what the
rulebook says of it (component list p. 3; House Hagal sheet, PDF pp. 19-20), and the gate that
refuses one and two players until lifted, its two-player House Hagal (PDF p. 19, 'Two-Player
Games') and its solo Rivals (PDF p. 20, 'Solo Play'), modules/rivals/base.py."""

import copy
import json

import pytest
from rivals_helpers import effect, send
from test_rivals_tech import to_rival_draw

from adjudicator.core.actions import Action
from adjudicator.core.errors import MalformedLog
from adjudicator.imperium.combat import resolve
from adjudicator.imperium.game import Game, ms_add
from adjudicator.imperium.leaders import ability
from adjudicator.imperium.modules.rivals.turn import _rival_choice
from adjudicator.imperium.registry import ask, fire
from adjudicator.imperium.rules import ruleset
from adjudicator.imperium.steps import run
from adjudicator.imperium.turns import space_cost
from adjudicator.resources import data_dir
from adjudicator.simulate import simulate


def base_hagal() -> dict:
    return json.loads((data_dir() / "base" / "house-hagal.json").read_text(encoding="utf-8"))


def test_the_deck_has_the_rulebooks_31_cards_and_its_1p_and_2p_cards():
    cards = [c for c in base_hagal()["cards"] if "module" not in c]  # an expansion's: test_rivals_expansions
    assert sum(c["copies"] for c in cards) == 31  # component list, p. 3
    two_p = {c["id"]: c["copies"] for c in cards if c.get("two_player_only")}
    one_p = {c["id"]: c["copies"] for c in cards if c.get("solo_only")}
    assert two_p == {"reshuffle": 1, "arrakeen-2p": 3}  # solo setup removes these (p. 20)
    assert one_p == {"arrakeen-1p": 3}  # two-player setup removes these (p. 19)
    solo = sum(c["copies"] for c in cards if not c.get("two_player_only"))
    duo = sum(c["copies"] for c in cards if not c.get("solo_only"))
    assert (solo, duo) == (27, 28)
    # the Signet Ring icon is for solo play only (p. 19): only a 1P card shows it
    signets = [c["id"] for c in cards for o in c["agent"].get("options", []) if effect(o, "rival-signet")]
    assert signets == ["arrakeen-1p"]
    assert all(c["verified"] is False for c in cards) and "Tabletop Simulator" in base_hagal()["note"]


def test_the_cards_name_spaces_and_factions_of_the_original_board():
    board = json.loads((data_dir() / "base" / "board.json").read_text())
    spaces = {s["id"]: s for s in board["spaces"]}
    expansion = ruleset("base").content.spaces  # an expansion's card names its space (Tuek's Sietch)
    for c in base_hagal()["cards"]:
        for o in c["agent"].get("options", []):
            assert o["space"] in (expansion if c.get("module") else spaces), (c["id"], o["space"])
            spaces.setdefault(o["space"], expansion[o["space"]])
            faction = (effect(o, "influence") or {}).get("faction")
            assert faction in (None, "emperor", "guild", "bene-gesserit", "fremen")
            assert not effect(o, "rival-harvest") or spaces[o["space"]]["maker"]  # Harvest Spice: desert spaces


def test_the_difficulty_chart_is_the_rulebooks():
    """PDF p. 20: the solo difficulty chart."""
    chart = base_hagal()["difficulty"]
    assert list(chart) == ["mercenary", "sardaukar", "mentat", "kwisatz-haderach"]
    assert [chart[k]["conflicts_above_swordmasters"] for k in chart] == [5, 4, 3, 3]
    assert [chart[k]["rival_garrison"] for k in chart] == [0, 3, 3, 3]
    assert chart["mercenary"]["player_extra"] == {"solari": 1, "spice": 1}
    assert [chart[k]["mentat_costs_5"] for k in chart] == [False, True, True, True]
    assert chart["kwisatz-haderach"]["player_no_swordmaster"]


def test_two_players_are_offered_without_a_gate():
    assert two_players()["hagal"]


# --- the original game's two-player House Hagal (rulebook PDF p. 19, 'Two-Player Games') ---------
RULES = ruleset("base")


def two_players(seed: int = 1) -> dict:
    game = {"system": "imperium", "edition": "base", "modules": [],
            "players": [{"id": "p1", "leader": "duke-leto-atreides"}, {"id": "p2", "leader": "glossu-rabban"}]}
    return RULES.new_state(game, {"seed": seed, "rivals": [{"id": "hagal", "leader": "house-hagal"}]})




def test_house_hagal_setup():
    """p. 19: no troops in its garrison, three Agents, no resources; the 1P cards left out."""
    state = two_players()
    pl = state["players"]["hagal"]
    assert (pl["troops"]["garrison"], pl["agents"], pl["water"], pl["solari"], pl["spice"]) == (0, 3, 0, 0, 0)
    deck = state["hagal"]["deck"] + state["hagal"]["discard"]
    assert len(deck) == 28 and "arrakeen-1p" not in deck and deck.count("arrakeen-2p") == 3


def agent_turns_by_round(log: dict) -> dict:
    rounds, out = 0, {}
    for a in log["actions"]:
        rounds += a["do"] == "reveal-conflict"
        if a["do"] in ("send-agent", "rival-agent"):
            out.setdefault(rounds, []).append(a["by"])
    return out


@pytest.mark.parametrize("seed", [0, 3])
def test_house_hagal_acts_after_each_agent_turn_of_the_first_player(seed):
    """p. 19: after each Agent turn of the first player, while it has an Agent left; so it takes
    as many turns as the first player has Agent turns, three at most."""
    log = simulate("base", 2, seed)
    hagal = log["setup"]["rivals"][0]["id"]
    for seq in agent_turns_by_round(log).values():
        first = seq[0]
        after = [seq[i + 1] for i in range(len(seq) - 1) if seq[i] == first]
        assert all(q == hagal for q in after[:3])
        assert seq.count(hagal) == min(seq.count(first), 3)
        assert all(seq[i - 1] == first for i in range(1, len(seq)) if seq[i] == hagal)


def test_house_hagal_harvests_for_the_bank_and_scores_nothing():
    state = two_players()
    g = Game(state)
    g.state["board"]["bonus_spice"]["the-great-flat"] = 2
    send(g, "hagal", "harvest-spice", "the-great-flat")
    assert g.state["board"]["bonus_spice"]["the-great-flat"] == 0 and g.p("hagal")["spice"] == 0
    g.p("hagal")["influence"]["fremen"] = 3
    send(g, "hagal", "stillsuits")
    assert g.state["alliances"]["fremen"] == "hagal"  # it takes the Alliance (p. 19)
    assert g.p("hagal")["vp"] == 0  # but scores no Victory Point for it, nor for the track
    assert not any(t.get("src") == "bonus:fremen" for t in g.state["stack"])  # nor the track's bonus


def test_house_hagal_winning_takes_no_reward_and_removes_a_control_marker():
    """p. 19: it earns no reward, so never gains control; its win removes the other player's
    Control marker from the space the Conflict is for."""
    state = two_players()
    g = Game(state)
    board = state["board"]
    board["conflict"], board["control"] = "siege-of-arrakeen", {"arrakeen": "p1"}
    hagal, p1 = g.p("hagal"), g.p("p1")
    hagal["troops"].update({"supply": hagal["troops"]["supply"] - 3, "conflict": 3})
    hagal["swords"] = 6
    p1["troops"].update({"garrison": p1["troops"]["garrison"] - 1, "conflict": 1})
    p1["swords"] = 2
    before = {k: hagal[k] for k in ("vp", "solari", "spice", "water", "intrigue")}
    winner = resolve(g)
    RULES.settle(g)  # the reward steps pushed
    assert winner == "hagal"
    assert board["control"] == {} and board["conflict"] is None
    assert {k: hagal[k] for k in before} == before and hagal["influence"] == dict.fromkeys(hagal["influence"], 0)


def test_house_hagal_influence_choice_least_with_ties_left_to_the_players():
    """FAQ 'Rivals': least Influence; a tie is decided by a player, so each tied answer is legal."""
    g = Game(two_players())
    g.p("hagal")["influence"].update({"emperor": 1, "guild": 0, "bene-gesserit": 0, "fremen": 2})
    offers = [{"faction": f} for f in ("emperor", "guild", "bene-gesserit", "fremen")]
    task = {"t": "choice", "player": "hagal", "kind": "faction", "src": "x"}
    assert _rival_choice(offers, g, task) == [{"faction": "guild"}, {"faction": "bene-gesserit"}]
    assert not g.unimplemented


# --- the original game's solo Rivals (rulebook PDF p. 20, 'Solo Play') ----------------------------
def solo(difficulty: str = "sardaukar", seed: int = 1, leaders=("earl-memnon-thorvald", "glossu-rabban")) -> dict:
    game = {"system": "imperium", "edition": "base", "modules": [],
            "players": [{"id": "p1", "leader": "countess-ariana-thorvald"}]}
    return RULES.new_state(game, {"seed": seed, "difficulty": difficulty,
                                  "rivals": [{"id": f"r{i + 1}", "leader": lead} for i, lead in enumerate(leaders)]})


@pytest.mark.parametrize(("difficulty", "garrison", "extra"), [("mercenary", 0, {"solari": 1, "spice": 1}),
                                                               ("sardaukar", 3, {}), ("mentat", 3, {})])
def test_solo_setup_follows_the_difficulty_chart(difficulty, garrison, extra):
    state = solo(difficulty)
    assert state["game"]["seats"] == ["p1", "r1", "r2"] and state["first"] == "r1"  # the Rival on the left
    for rid in ("r1", "r2"):
        pl = state["players"][rid]
        assert (pl["troops"]["garrison"], pl["agents"], pl["water"]) == (garrison, 2, 1)
    p1 = state["players"]["p1"]
    assert (p1["solari"], p1["spice"]) == (extra.get("solari", 0), extra.get("spice", 0))
    deck = state["hagal"]["deck"] + state["hagal"]["discard"]
    assert len(deck) == 27 and "reshuffle" not in deck and "arrakeen-2p" not in deck
    # Sardaukar and above: each Rival draws an extra Intrigue card at setup
    draws = [t for t in state["stack"] if t.get("kind") == "draw-intrigue"]
    assert len(draws) == (0 if difficulty == "mercenary" else 2)


def test_solo_needs_a_difficulty_and_a_leader_a_rival_may_use():
    with pytest.raises(MalformedLog) as err:
        solo(difficulty="novice")
    assert err.value.code == "rival-difficulty"
    with pytest.raises(MalformedLog) as err:
        solo(leaders=("paul-atreides", "glossu-rabban"))  # not Paul nor Helena (p. 20)
    assert err.value.code == "unknown-rival-leader"


@pytest.mark.parametrize(("difficulty", "round_"), [("mercenary", 5), ("sardaukar", 4), ("mentat", 3)])
def test_rival_swordmasters_come_with_the_conflict_card_above_them(difficulty, round_):
    state = solo(difficulty)
    g = Game(state)
    for r in range(1, 7):
        state["round"] = r
        fire("round-start", g)
        assert g.p("r1")["swordmaster"] == (r >= round_) and g.p("r1")["agents"] == (3 if r >= round_ else 2)


def test_the_mentat_costs_five_and_kwisatz_haderach_refuses_the_player_a_swordmaster():
    g = Game(solo("kwisatz-haderach"))
    assert space_cost(g, g.content.spaces["mentat"], "p1") == {"solari": 5}
    assert space_cost(Game(solo("mercenary")), g.content.spaces["mentat"], "p1") == {"solari": 2}
    refusals = [e for e in ask("placement-check", g, "p1", "swordmaster", None) if e]
    assert refusals and refusals[0].code == "rival.no-swordmaster"
    assert not [e for e in ask("placement-check", Game(solo("mentat")), "p1", "swordmaster", None) if e]


def test_a_solo_rival_harvests_all_the_spice_and_spends_for_vp_at_once():
    g = Game(solo())
    g.state["board"]["bonus_spice"]["the-great-flat"] = 2
    g.p("r1")["spice"] = 3
    send(g, "r1", "harvest-spice", "the-great-flat")
    RULES.settle(g)  # the spending step the turn pushed
    # 3 printed + 2 bonus = 5 more: 8 spice, 7 of them spent for a Victory Point at once (p. 20)
    assert g.p("r1")["spice"] == 1 and g.p("r1")["vp"] == 1
    assert g.state["board"]["bonus_spice"]["the-great-flat"] == 0


def test_a_solo_rivals_signet_ring_is_its_leaders():
    """Arrakeen (1P): the Rival uses its Leader's Signet Ring (Earl Memnon Thorvald: 1 spice)."""
    state = solo()
    g = Game(state)
    spice = g.p("r1")["spice"]
    send(g, "r1", "arrakeen-1p")
    RULES.settle(g)
    assert g.p("r1")["spice"] == spice + 1


def test_expert_rivals_keep_troops_home_when_two_ahead_at_levels_one_and_two():
    """Expert Troop Deployment (p. 20; FAQ: 4 strength, two troops of the original game)."""
    for difficulty, held in (("mentat", True), ("sardaukar", False)):
        g = Game(solo(difficulty))
        g.state["board"]["conflict"] = "cloak-and-dagger"  # level II
        r1 = g.p("r1")["troops"]
        r1.update({"garrison": 1, "conflict": 2, "supply": r1["supply"] - 3 + 3 - 0})
        before = r1["conflict"]
        send(g, "r1", "carthag")
        assert (r1["conflict"] == before) == held


def test_a_solo_rival_takes_the_defensive_bonus_and_least_influence():
    g = Game(solo())
    task = {"t": "choice", "player": "r1", "kind": "count", "move": "defend", "most": 1, "src": "control:x"}
    assert _rival_choice([{"count": 0}, {"count": 1}], g, task) == [{"count": 1}]
    g.p("r1")["influence"].update({"emperor": 2, "guild": 1, "bene-gesserit": 1, "fremen": 3})
    offers = [{"faction": f} for f in ("emperor", "guild", "bene-gesserit", "fremen")]
    faction_task = {"t": "choice", "player": "r1", "kind": "faction", "src": "x"}
    assert _rival_choice(offers, g, faction_task) == [{"faction": "guild"}, {"faction": "bene-gesserit"}]


def test_rivals_use_no_leader_ability():
    """A Rival uses only its Leader's Signet Ring (p. 20): Glossu Rabban's setup bonus is not
    given to a Rival seat."""
    state = solo(leaders=("earl-memnon-thorvald", "glossu-rabban"))
    player = RULES.new_state({"system": "imperium", "edition": "base", "modules": [],
                              "players": [{"id": "a", "leader": "glossu-rabban"},
                                          {"id": "b", "leader": "duke-leto-atreides"},
                                          {"id": "c", "leader": "earl-memnon-thorvald"}]}, {"seed": 1})
    assert ability(Game(state), "r2") == {}
    assert (state["players"]["r2"]["solari"], state["players"]["r2"]["spice"]) == (0, 0)
    assert player["players"]["a"]["leader"] == "glossu-rabban"


def test_corner_the_market_counts_two_the_spice_must_flow_for_each_solo_rival():
    """p. 20: each Rival counts as owning two The Spice Must Flow, so the player needs three for
    the second Victory Point."""
    steps = RULES.content.intrigues["corner-the-market"]["endgame"]
    for copies, vp in ((2, 1), (3, 2)):
        g = Game(solo())
        g.p("p1")["discard"] = ["the-spice-must-flow"] * copies
        run(g, "p1", steps, "intrigue:corner-the-market")
        RULES.settle(g)
        assert g.p("p1")["vp"] == vp
        assert "rivals.base-solo-play" in g.rulings and not g.unimplemented


def test_a_rival_passes_over_a_space_the_voice_closes():
    """The Voice closes a space to every opponent of its player, a Rival too: the card naming it is
    passed over like one whose space is occupied (reading rivals.reading-closed-space; pp. 13, 19)."""
    state = solo()
    to_rival_draw(RULES, state)
    state["board"]["occupied"].pop("conspire", None)
    ms_add(state["hagal"]["deck"], "conspire")
    draw = Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": "conspire"})
    free = copy.deepcopy(state)
    RULES.apply(free, draw)
    assert free["stack"][-1] == {"t": "rival", "player": "r1", "card": "conspire", "space": "conspire"}
    state["board"]["voice"] = [{"space": "conspire", "by": "p1"}]
    cited = RULES.apply(state, draw).rulings
    assert state["stack"][-1]["kind"] == "draw-hagal"  # the next card
    assert {"card.the-voice", "rivals.reading-closed-space"} <= set(cited)
