"""Scenario tests for the clarifications of the Uprising rules (seed
004_49ac8cce64c32fb9.txt, pages as in its section headers) that apply to 3-4 players.
The seed's worked examples (pp. 11, 13, 15) are headings without text in the seed; the
rules they illustrate are covered here one by one."""

import pytest
from helpers import act, drive, fresh, hand, to_combat

from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.combat import placements, strength
from adjudicator.imperium.game import Game
from adjudicator.imperium.influence import change_influence


def illegal(rules, state, by, do, code, **args):
    with pytest.raises(IllegalAction) as err:
        act(rules, state, by, do, **args)
    assert err.value.code == code, err.value.message
    return err.value


def resolve_all(rules, state, pid):
    from adjudicator.imperium.turns import pending_effects

    for node in pending_effects(state["turn"]):
        act(rules, state, pid, "resolve", effect=node)
        while rules.prompt(state)["kind"] not in ("agent", "reveal"):
            act(rules, state, pid, "choose", **{k: v for k, v in rules.legal_actions(state)[-1].data.items()
                                                 if k not in ("by", "do")})


def g(state):
    return Game(state)


# --- influence (p. 7) -----------------------------------------------------------------------------
def test_second_influence_step_gives_a_vp_and_losing_it_takes_it_back():
    rules, st = fresh()
    change_influence(g(st), "red", "guild", 2)
    assert st["players"]["red"]["vp"] == 1
    change_influence(g(st), "red", "guild", -1)
    assert st["players"]["red"]["vp"] == 0


def test_fourth_step_bonus_is_kept_when_dropping_and_given_again():
    rules, st = fresh()
    game = g(st)
    change_influence(game, "red", "guild", 4)
    rules.settle(game)
    assert st["players"]["red"]["solari"] == 3
    change_influence(game, "red", "guild", -1)
    assert st["players"]["red"]["solari"] == 3
    change_influence(game, "red", "guild", 1)
    rules.settle(game)
    assert st["players"]["red"]["solari"] == 6


def test_alliance_goes_to_the_first_at_four_and_moves_to_a_player_who_rises_above():
    rules, st = fresh()
    game = g(st)
    change_influence(game, "red", "fremen", 4)
    assert st["alliances"]["fremen"] == "red"
    assert st["players"]["red"]["vp"] == 2  # 1 for step 2, 1 for the Alliance
    change_influence(game, "blue", "fremen", 4)
    assert st["alliances"]["fremen"] == "red"  # a tie does not take it
    change_influence(game, "blue", "fremen", 1)
    assert st["alliances"]["fremen"] == "blue"
    assert st["players"]["red"]["vp"] == 1 and st["players"]["blue"]["vp"] == 2


# --- sending agents (pp. 7, 'Стоимость и условия ячеек') ---------------------------------------------
def test_card_icon_must_match_the_space():
    rules, st = fresh()
    hand(st, "red", ["dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet",
                         "dune-the-desert-planet"])
    err = illegal(rules, st, "red", "send-agent", "agent.icon-mismatch", card="dagger", space="arrakeen")
    assert "agent.icon-mismatch" in err.rulings
    illegal(rules, st, "red", "send-agent", "agent.card-required", card="diplomacy", space="secrets")


def test_space_cost_is_paid_first_and_unpayable_space_is_closed():
    rules, st = fresh()
    hand(st, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    illegal(rules, st, "red", "send-agent", "agent.space-cost", card="diplomacy", space="heighliner")
    st["players"]["red"]["spice"] = 5
    act(rules, st, "red", "send-agent", card="diplomacy", space="heighliner")
    assert st["players"]["red"]["spice"] == 0
    assert st["turn"]["done"] == ["cost", "place"]  # what is resolved: a set, kept sorted


def test_influence_requirement_on_shipping_privilege_and_sietch_tabr():
    rules, st = fresh()
    hand(st, "red", ["dune-the-desert-planet", "reconnaissance", "dagger", "diplomacy", "convincing-argument"])
    st["players"]["red"]["spice"] = 3
    illegal(rules, st, "red", "send-agent", "agent.influence-requirement", card="dune-the-desert-planet",
            space="shipping")
    illegal(rules, st, "red", "send-agent", "agent.influence-requirement", card="reconnaissance",
            space="sietch-tabr")
    st["players"]["red"]["influence"]["guild"] = 2
    act(rules, st, "red", "send-agent", card="dune-the-desert-planet", space="shipping")


def test_occupied_space_is_closed_to_other_agents():
    rules, st = fresh()
    hand(st, "red", ["reconnaissance", "dagger", "diplomacy", "convincing-argument", "dune-the-desert-planet"])
    act(rules, st, "red", "send-agent", card="reconnaissance", space="arrakeen")
    drive(rules, st, lambda s: rules.prompt(s)["by"] == "blue")
    hand(st, "blue", ["reconnaissance", "dagger", "diplomacy", "convincing-argument", "dune-the-desert-planet"])
    err = illegal(rules, st, "blue", "send-agent", "agent.space-occupied", card="reconnaissance", space="arrakeen")
    assert "red" in err.message


def test_arrow_cost_is_optional_and_offered_only_when_payable():
    rules, st = fresh()
    hand(st, "red", ["dagger", "reconnaissance", "diplomacy", "convincing-argument", "dune-the-desert-planet"])
    act(rules, st, "red", "send-agent", card="dagger", space="gather-support")
    act(rules, st, "red", "resolve", effect="space:gather-support")
    assert rules.prompt(st)["verbs"] == ["resolve", "deploy", "end-turn", "play-intrigue"]  # 0 solari: no offer
    rules2, st2 = fresh()
    hand(st2, "red", ["dagger", "reconnaissance", "diplomacy", "convincing-argument", "dune-the-desert-planet"])
    st2["players"]["red"]["solari"] = 2
    act(rules2, st2, "red", "send-agent", card="dagger", space="gather-support")
    act(rules2, st2, "red", "resolve", effect="space:gather-support")
    assert rules2.prompt(st2)["kind"] == "pay"
    act(rules2, st2, "red", "choose", option="pay")
    assert st2["players"]["red"]["water"] == 2 and st2["players"]["red"]["solari"] == 0


# --- troops and deploying (p. 10) --------------------------------------------------------------------
def test_deploy_recruited_this_turn_plus_two_from_garrison():
    rules, st = fresh()
    hand(st, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    st["players"]["red"]["spice"] = 5
    act(rules, st, "red", "send-agent", card="diplomacy", space="heighliner")
    illegal(rules, st, "red", "deploy", "timing.out-of-order", recruited=0, garrison=2)
    act(rules, st, "red", "resolve", effect="space:heighliner")
    assert st["players"]["red"]["troops"]["garrison"] == 8
    illegal(rules, st, "red", "deploy", "deploy.limits", recruited=5, garrison=3)
    illegal(rules, st, "red", "deploy", "deploy.limits", recruited=6, garrison=0)
    act(rules, st, "red", "deploy", recruited=5, garrison=2)
    assert st["players"]["red"]["troops"] == {"supply": 4, "garrison": 1, "conflict": 7}


def test_no_deploy_from_a_space_without_combat():
    rules, st = fresh()
    hand(st, "red", ["dagger", "reconnaissance", "diplomacy", "convincing-argument", "dune-the-desert-planet"])
    act(rules, st, "red", "send-agent", card="dagger", space="gather-support")
    act(rules, st, "red", "resolve", effect="space:gather-support")
    illegal(rules, st, "red", "deploy", "deploy.not-combat-space", recruited=2, garrison=0)
    act(rules, st, "red", "end-turn")
    assert st["players"]["red"]["troops"]["garrison"] == 5


def test_recruiting_with_an_empty_supply_recruits_nothing():
    rules, st = fresh()
    hand(st, "red", ["dagger", "reconnaissance", "diplomacy", "convincing-argument", "dune-the-desert-planet"])
    st["players"]["red"]["troops"] = {"supply": 1, "garrison": 11, "conflict": 0}
    act(rules, st, "red", "send-agent", card="dagger", space="gather-support")
    act(rules, st, "red", "resolve", effect="space:gather-support")
    assert st["players"]["red"]["troops"] == {"supply": 0, "garrison": 12, "conflict": 0}


# --- sandworms and the Shield Wall (p. 10) ---------------------------------------------------------------
def worm_turn(protected: bool, hooks: bool, wall: bool = True):
    rules, st = fresh()
    st["board"]["conflict"] = "siege-of-arrakeen" if protected else "skirmish-crysknife"
    st["board"]["shield_wall"] = wall
    hand(st, "red", ["dune-the-desert-planet", "dagger", "reconnaissance", "diplomacy", "convincing-argument"])
    st["players"]["red"]["water"] = 1
    st["players"]["red"]["maker_hooks"] = hooks
    act(rules, st, "red", "send-agent", card="dune-the-desert-planet", space="hagga-basin")
    act(rules, st, "red", "resolve", effect="space:hagga-basin")
    offered = [a.data for a in rules.legal_actions(st)]
    if {"by": "red", "do": "choose", "option": 1} not in offered:  # a sandworm the rules refuse
        return st["players"]["red"]["worms"]
    act(rules, st, "red", "choose", option=1)
    return st["players"]["red"]["worms"]


def test_sandworm_needs_maker_hooks():
    assert worm_turn(protected=False, hooks=False) == 0
    assert worm_turn(protected=False, hooks=True) == 1


def test_no_sandworm_in_a_shield_wall_conflict_until_the_wall_is_blown():
    assert worm_turn(protected=True, hooks=True) == 0
    assert worm_turn(protected=True, hooks=True, wall=False) == 1


# --- control (p. 10) -----------------------------------------------------------------------------------
def test_control_bonus_is_paid_to_the_controller_even_for_their_own_agent():
    rules, st = fresh()
    st["board"]["control"] = {"arrakeen": "blue"}
    hand(st, "red", ["reconnaissance", "dagger", "diplomacy", "convincing-argument", "dune-the-desert-planet"])
    act(rules, st, "red", "send-agent", card="reconnaissance", space="arrakeen")
    assert st["players"]["blue"]["solari"] == 1


def test_defensive_bonus_when_the_controlled_space_is_fought_over():
    rules, st = fresh()
    game = g(st)
    st["board"]["control"] = {"arrakeen": "blue"}
    st["board"]["conflict_levels"] = [2]
    st["board"]["conflict_pool"]["2"] = ["siege-of-arrakeen"]
    st["stack"] = [{"t": "flow", "step": "round-start"}]
    rules.settle(game)
    act(rules, st, "chance", "reveal-conflict", card="siege-of-arrakeen")
    assert rules.prompt(st)["by"] == "blue" and rules.prompt(st)["kind"] == "count"
    act(rules, st, "blue", "choose", count=1)
    assert st["players"]["blue"]["troops"]["conflict"] == 1


# --- spies (p. 11) --------------------------------------------------------------------------------------
def spy_position():
    rules, st = fresh()
    st["board"]["spies"] = {"post-refinery-arrakeen": "red", "post-station-refinery": "red"}
    st["players"]["red"]["spies"] = 1
    st["board"]["occupied"] = {"spice-refinery": "blue"}
    st["players"]["blue"]["placed"] = ["spice-refinery"]
    hand(st, "red", ["reconnaissance", "dagger", "diplomacy", "convincing-argument", "dune-the-desert-planet"])
    return rules, st


def test_infiltrate_sends_an_agent_to_an_occupied_space():
    rules, st = spy_position()
    illegal(rules, st, "red", "send-agent", "agent.space-occupied", card="reconnaissance", space="spice-refinery")
    act(rules, st, "red", "send-agent", card="reconnaissance", space="spice-refinery",
        infiltrate="post-refinery-arrakeen")
    assert "post-refinery-arrakeen" not in st["board"]["spies"]
    assert st["players"]["red"]["spies"] == 2


def test_two_spies_one_infiltrates_one_gathers_intelligence():
    rules, st = spy_position()
    hand = len(st["players"]["red"]["hand"])
    err = illegal(rules, st, "red", "send-agent", "spy.two-spies", card="reconnaissance", space="spice-refinery",
                  infiltrate="post-refinery-arrakeen", gather="post-refinery-arrakeen")
    assert "spy.two-spies" in err.rulings
    act(rules, st, "red", "send-agent", card="reconnaissance", space="spice-refinery",
        infiltrate="post-refinery-arrakeen", gather="post-station-refinery")
    assert st["board"]["spies"] == {}
    assert len(st["players"]["red"]["hand"]) == hand  # played one, drew one
    assert st["turn"]["done"] == ["cost", "gather", "place"]  # a set, kept sorted


def test_gather_intelligence_needs_an_own_spy_next_to_the_space():
    rules, st = spy_position()
    illegal(rules, st, "red", "send-agent", "spy.gather-without-spy", card="reconnaissance",
            space="arrakeen", gather="post-sietch-station")


def test_spy_placement_recalls_one_first_when_none_is_left():
    rules, st = fresh()
    st["board"]["spies"] = {"post-emperor": "red", "post-guild": "red", "post-fremen": "red"}
    st["players"]["red"]["spies"] = 0
    st["players"]["red"]["spice"] = 1
    hand(st, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    act(rules, st, "red", "send-agent", card="diplomacy", space="espionage")
    act(rules, st, "red", "resolve", effect="space:espionage")
    options = [a.data for a in rules.legal_actions(st)]
    assert {"by": "red", "do": "choose", "post": "post-landsraad-hall", "recall": "post-guild"} in options
    act(rules, st, "red", "choose", post="post-landsraad-hall", recall="post-guild")
    assert st["board"]["spies"]["post-landsraad-hall"] == "red" and "post-guild" not in st["board"]["spies"]


# --- reveal and acquire (p. 13) ----------------------------------------------------------------------------
def test_persuasion_buys_several_cards_goes_to_discard_and_expires():
    rules, st = fresh()
    hand(st, "red", ["convincing-argument", "convincing-argument", "dune-the-desert-planet",
                         "dune-the-desert-planet", "reconnaissance"])
    act(rules, st, "red", "reveal")
    resolve_all(rules, st, "red")
    assert st["players"]["red"]["persuasion"] == 7
    act(rules, st, "red", "acquire", card="prepare-the-way")
    act(rules, st, "red", "acquire", card="prepare-the-way")
    assert st["players"]["red"]["persuasion"] == 3
    illegal(rules, st, "red", "acquire", "acquire.cost", card="the-spice-must-flow")
    act(rules, st, "red", "end-turn")
    pl = st["players"]["red"]
    assert pl["persuasion"] == 0 and pl["discard"].count("prepare-the-way") == 2
    assert st["reserve"]["prepare-the-way"] == 6
    illegal(rules, st, "blue", "reveal", "turn.not-your-turn") if rules.prompt(st)["by"] != "blue" else None


def test_acquiring_may_come_between_reveal_effects_but_needs_the_persuasion_first():
    """Uprising rulebook, Reveal turn: persuasion may be spent before, between or after the
    reveal effects; a card is bought only with persuasion already gained."""
    rules, st = fresh()
    hand(st, "red", ["convincing-argument", "convincing-argument", "dune-the-desert-planet",
                         "dune-the-desert-planet", "reconnaissance"])
    act(rules, st, "red", "reveal")
    illegal(rules, st, "red", "acquire", "acquire.cost", card="prepare-the-way")
    act(rules, st, "red", "resolve", effect="reveal:convincing-argument")
    act(rules, st, "red", "acquire", card="prepare-the-way")
    assert st["players"]["red"]["persuasion"] == 0
    err = illegal(rules, st, "red", "end-turn", "timing.out-of-order")
    assert err.path[1] == "end"


def test_a_row_purchase_is_replaced_at_once():
    rules, st = fresh()
    hand(st, "red", ["convincing-argument", "convincing-argument", "dune-the-desert-planet",
                         "dune-the-desert-planet", "reconnaissance"])
    st["players"]["red"]["persuasion"] = 20
    act(rules, st, "red", "reveal")
    resolve_all(rules, st, "red")
    bought = st["row"][0]
    act(rules, st, "red", "acquire", card=bought)
    assert len(st["row"]) == 5 and bought in st["players"]["red"]["discard"]


def test_reveal_once_per_round():
    rules, st = fresh()
    drive(rules, st, lambda s: s["players"]["red"]["revealed"] and rules.prompt(s)["by"] == "blue")
    assert "reveal" not in {a.do for a in rules.legal_actions(st) if a.by == "red"}


# --- strength and combat (pp. 12-15) ----------------------------------------------------------------------
def test_strength_counts_units_and_swords_only_with_a_unit_in_the_conflict():
    rules, st = fresh()
    pl = st["players"]["red"]
    pl["swords"] = 5
    assert strength(g(st), "red") == 0
    pl["troops"]["conflict"], pl["worms"] = 2, 1
    assert strength(g(st), "red") == 2 * 2 + 3 + 5


def fight(players, strengths):
    rules, st = fresh(players)
    for pid, s in zip(st["game"]["seats"], strengths, strict=True):
        st["players"][pid]["troops"]["conflict"] = s // 2
    return placements(g(st))


def test_third_reward_only_with_four_players():
    assert fight(4, [8, 6, 4, 2]) == [("red", "first"), ("blue", "second"), ("green", "third")]
    assert fight(3, [8, 6, 4]) == [("red", "first"), ("blue", "second")]


def test_ties_share_the_lower_reward():
    assert fight(4, [6, 6, 4, 2]) == [("red", "second"), ("blue", "second"), ("green", "third")]
    assert fight(3, [8, 4, 4]) == [("red", "first"), ("blue", "third"), ("green", "third")]
    assert fight(4, [8, 4, 2, 2]) == [("red", "first"), ("blue", "second")]
    assert fight(4, [6, 6, 6, 2]) == [("red", "second"), ("blue", "second"), ("green", "second")]


def test_zero_strength_takes_no_reward():
    assert fight(4, [8, 0, 0, 0]) == [("red", "first")]


def test_combat_intrigue_window_needs_units_and_ends_after_consecutive_passes():
    rules, st = fresh()
    st["players"]["red"]["troops"]["conflict"] = 2
    st["players"]["blue"]["troops"]["conflict"] = 2
    to_combat(rules, st)
    prompt = rules.prompt(st)
    assert prompt["window"] == "combat.intrigue-window"
    order = [prompt["by"]]
    act(rules, st, prompt["by"], "pass")
    order.append(rules.prompt(st)["by"])
    assert "green" not in order  # no units, no seat in the window
    act(rules, st, rules.prompt(st)["by"], "pass")
    assert st["phase"] != "combat" or rules.prompt(st)["window"] != "combat.intrigue-window"


def test_rewards_then_troops_go_to_supply_and_worms_leave():
    rules, st = fresh()
    st["board"]["conflict"] = "skirmish-desert-mouse"
    red, blue = st["players"]["red"], st["players"]["blue"]
    red["troops"] = {"supply": 7, "garrison": 2, "conflict": 3}
    red["worms"] = 1
    blue["troops"] = {"supply": 8, "garrison": 3, "conflict": 1}
    to_combat(rules, st)
    drive(rules, st, lambda s: s["phase"] in ("makers", "recall") or s["round"] > 1)
    first = st["players"]["red"]
    assert first["conflicts"][0]["id"] == "skirmish-desert-mouse"
    assert first["troops"]["conflict"] == 0 and first["troops"]["supply"] == 10 and first["worms"] == 0


def test_sandworm_doubles_the_reward_but_not_control():
    rules, st = fresh()
    st["board"]["conflict"] = "seize-spice-refinery"
    red = st["players"]["red"]
    red["troops"] = {"supply": 9, "garrison": 0, "conflict": 3}
    red["worms"] = 1
    spice = red["spice"]
    to_combat(rules, st)
    drive(rules, st, lambda s: s["board"]["control"].get("spice-refinery") == "red" and not any(
        t["t"] in ("steps", "choice") for t in s["stack"]))
    rewards = g(st).content.conflicts["seize-spice-refinery"]["rewards"]["first"]
    gained = sum(s.get("gain", {}).get("spice", 0) for s in rewards)
    assert st["players"]["red"]["spice"] - spice == 2 * gained


def test_matching_battle_icons_flip_for_a_vp():
    rules, st = fresh()
    red = st["players"]["red"]
    red["conflicts"] = [{"id": "skirmish-crysknife", "flipped": False}]
    st["board"]["conflict"] = "seize-spice-refinery"  # also a crysknife
    red["troops"]["conflict"] = 2
    vp = red["vp"]
    to_combat(rules, st)
    drive(rules, st, lambda s: len(s["players"]["red"]["conflicts"]) == 2)
    assert all(c["flipped"] for c in st["players"]["red"]["conflicts"])
    assert st["players"]["red"]["vp"] >= vp + 1


# --- makers, recall, endgame --------------------------------------------------------------------------------
def test_bonus_spice_builds_up_on_unvisited_maker_spaces():
    rules, st = fresh()
    drive(rules, st, lambda s: s["round"] == 2)
    assert st["board"]["bonus_spice"] == {"deep-desert": 1, "hagga-basin": 1, "imperial-basin": 1}
    assert st["first"] == "blue"


def test_ten_vp_ends_the_game_after_the_round_and_tiebreaks_decide():
    rules, st = fresh()
    st["players"]["red"]["vp"] = 10
    st["players"]["blue"]["vp"] = 10
    st["players"]["blue"]["spice"] = 1
    drive(rules, st, lambda s: s["phase"] == "over")
    result = st["result"]
    assert result["winner"] == "blue" and result["ranking"][:2] == ["blue", "red"]


def test_swordmaster_costs_eight_then_six_and_once_per_player():
    rules, st = fresh()
    hand(st, "red", ["dagger", "reconnaissance", "diplomacy", "convincing-argument", "dune-the-desert-planet"])
    st["players"]["red"]["solari"] = 8
    act(rules, st, "red", "send-agent", card="dagger", space="swordmaster")
    act(rules, st, "red", "resolve", effect="space:swordmaster")
    assert st["players"]["red"]["agents"] == 3 and st["players"]["red"]["solari"] == 0
    from adjudicator.imperium.turns import space_cost

    assert space_cost(g(st), g(st).content.spaces["swordmaster"]) == {"solari": 6}


def test_high_council_seat_adds_persuasion_on_reveal():
    rules, st = fresh()
    st["players"]["red"]["seat"] = True
    hand(st, "red", ["dagger", "reconnaissance", "diplomacy", "convincing-argument", "dune-the-desert-planet"])
    act(rules, st, "red", "reveal")
    assert st["players"]["red"]["persuasion"] == 2


# --- honesty about what the engine does not know ------------------------------------------------
def test_an_unimplemented_effect_is_reported_not_silently_skipped(monkeypatch):
    """A `todo` step makes the verdict unverifiable / not-implemented and names what is missing."""
    rules, st = fresh()
    monkeypatch.setitem(rules.content.spaces["deliver-supplies"], "effects", [{"todo": "a rule we do not know"}])
    hand(st, "red", ["diplomacy", "dagger", "reconnaissance", "convincing-argument", "dune-the-desert-planet"])
    act(rules, st, "red", "send-agent", card="diplomacy", space="deliver-supplies")
    outcome = act(rules, st, "red", "resolve", effect="space:deliver-supplies")
    assert (outcome.verdict, outcome.code) == ("unverifiable", "not-implemented")
    assert "a rule we do not know" in outcome.message


def test_a_face_down_card_named_later_is_unverifiable_but_accepted():
    rules, st = fresh()
    pl = st["players"]["red"]
    st["intrigue_deck"]["hidden"] += 1
    pl["intrigue"] = ["?"]
    card = next(c for c in st["intrigue_deck"]["cards"] if "plot" in rules.content.intrigues[c]
                and not rules.content.intrigues[c]["plot"][0].get("pay"))
    outcome = act(rules, st, "red", "play-intrigue", card=card)
    assert (outcome.verdict, outcome.code) == ("unverifiable", "hidden-information")
    assert card in st["intrigue_discard"] and st["intrigue_deck"]["hidden"] == 0
    err = illegal(rules, st, "red", "play-intrigue", "card.not-held", card=card)
    assert "intrigue.hidden" in err.rulings


# --- the deck (seed 004 'Построение колоды') ----------------------------------------------------------
def test_an_empty_deck_is_refilled_from_the_discard_pile():
    rules, st = fresh()
    pl = st["players"]["red"]
    pl["discard"] = sorted(pl["deck"]["cards"])
    pl["deck"]["cards"] = []
    act(rules, st, "red", "reveal")
    st["stack"].append({"t": "chance", "kind": "draw", "player": "red", "n": 2})
    drawn = pl["discard"][:2]
    act(rules, st, "chance", "draw", player="red", cards=drawn)
    assert pl["discard"] == [] and len(pl["deck"]["cards"]) == 3
    assert all(c in pl["play"] for c in drawn)  # drawn in a Reveal turn: revealed too


def test_a_draw_that_empties_the_deck_must_take_all_of_it_before_the_reshuffle():
    rules, st = fresh()
    pl = st["players"]["red"]
    pl["discard"] = ["dagger"]
    pl["deck"]["cards"] = ["diplomacy", "seek-allies"]
    st["stack"].append({"t": "chance", "kind": "draw", "player": "red", "n": 2})
    illegal(rules, st, "chance", "draw", "chance.card-not-available", player="red", cards=["dagger", "diplomacy"])
    st["stack"].append({"t": "chance", "kind": "draw", "player": "red", "n": 3})
    act(rules, st, "chance", "draw", player="red", cards=["diplomacy", "seek-allies", "dagger"])
    assert pl["deck"]["cards"] == [] and pl["discard"] == []


# --- intrigue windows (seed 004 p. 7, 'Карты сражения') --------------------------------------------------
def test_a_player_who_passed_may_play_again_before_everyone_passes_in_a_row():
    rules, st = fresh()
    for pid in ("red", "blue"):
        st["players"][pid]["troops"]["conflict"] = 2
    combat_card = next(c for c, d in rules.content.intrigues.items() if "combat" in d and "plot" not in d
                       and not d["combat"][0].get("pay") and d.get("module") is None)
    st["players"]["red"]["intrigue"] = [combat_card]
    st["intrigue_deck"]["cards"].remove(combat_card)
    to_combat(rules, st)
    first = rules.prompt(st)["by"]
    second = "blue" if first == "red" else "red"
    act(rules, st, first, "pass")
    if second == "red":
        act(rules, st, "red", "play-intrigue", card=combat_card)
        act(rules, st, "red", "pass")
        assert rules.prompt(st)["by"] == "blue"  # the play broke the run of passes
    else:
        act(rules, st, "blue", "pass")
        assert rules.prompt(st) is None or rules.prompt(st)["window"] != "combat.intrigue-window"


def test_endgame_intrigue_only_at_the_end_and_plot_intrigue_not_in_combat():
    rules, st = fresh()
    endgame_card = next(c for c, d in rules.content.intrigues.items()
                        if "endgame" in d and "plot" not in d and d.get("module") is None)
    st["players"]["red"]["intrigue"] = [endgame_card]
    st["intrigue_deck"]["cards"].remove(endgame_card)
    err = illegal(rules, st, "red", "play-intrigue", "intrigue.wrong-window", card=endgame_card)
    assert "intrigue.endgame-timing" in err.rulings and err.path == ["agent-turn.place"]
    st["players"]["red"]["vp"] = 10
    drive(rules, st, lambda s: s["phase"] == "endgame" and rules.prompt(s) and rules.prompt(s)["by"] == "red")
    assert rules.prompt(st)["window"] == "endgame.intrigue"
    assert {"by": "red", "do": "play-intrigue", "card": endgame_card} in [a.data for a in rules.legal_actions(st)]
