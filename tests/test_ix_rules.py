"""Rise of Ix's rules as scenarios (issue #35): setup, the overlay's spaces, the Shipping track with
the rulebook's Interstellar Shipping example (p. 5), dreadnoughts with its combat example (p. 6),
Tech Negotiation and Negotiators (p. 4), and what is refused or not refereed yet, each with the
ruling it rests on."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from helpers import deal
from hostile import app_on, auth, token

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction, InvalidPosition, MalformedLog
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Driver, Replay, replay
from adjudicator.core.rng import Random
from adjudicator.core.rulings import all_rulings
from adjudicator.core.schemas import validate
from adjudicator.imperium.catalogue import cards_of
from adjudicator.imperium.conditions import strength
from adjudicator.imperium.effects import advance_steps, op_custom
from adjudicator.imperium.game import Game
from adjudicator.imperium.influence import change_influence
from adjudicator.imperium.modules import ix
from adjudicator.imperium.modules.immortality.immortality import may_put_on_top
from adjudicator.imperium.modules.ix.ix import commission
from adjudicator.imperium.modules.tech import price
from adjudicator.imperium.registry import CUSTOM, adjust, fire, first
from adjudicator.imperium.rounds import result
from adjudicator.imperium.rules import ruleset
from adjudicator.imperium.steps import custom_steps, run
from adjudicator.imperium.zones import count_deployed, discard_card, trash_card
from adjudicator.resources import data_dir
from adjudicator.simulate import MAX_STEPS, simulate
from adjudicator.simulate import choose as choose_random

IDS = ["red", "blue", "green", "yellow"]
DATA = data_dir() / "ix"


def fresh(players: int = 4, modules=("ix",), seed: int = 3):
    rules = ruleset("base")
    leaders = [lead for lead in rules.leader_ids(()) if "setup" not in rules.content.leaders[lead]]
    game = {"system": "imperium", "edition": "base", "modules": list(modules),
            "players": [{"id": p, "leader": leaders[i]} for i, p in enumerate(IDS[:players])]}
    state = rules.new_state(game, {"seed": seed})
    deal(rules, state)
    return rules, state


def act(rules, state, by, do, **args):
    out = rules.apply(state, Action({"by": by, "do": do, **args}))
    deal(rules, state)
    return out


def choose(rules, state, by, **answer):
    return act(rules, state, by, "choose", **answer)


def offers(rules, state) -> list[dict]:
    return [{k: v for k, v in a.to_json().items() if k not in ("by", "do")} for a in rules.legal_actions(state)]


def resolve_all(rules, state, pid):
    while todo := [a for a in rules.legal_actions(state) if a.do == "resolve"]:
        act(rules, state, pid, "resolve", effect=todo[0].get("effect"))


# --- setup and the module's combinations (rulebook p. 3) ------------------------------------------------
def test_setup_gives_each_player_two_dreadnoughts_and_a_freighter_at_the_bottom():
    rules, state = fresh()
    for pid in IDS:
        pl = state["players"][pid]
        assert pl["dreadnoughts"] == {"supply": 2, "garrison": 0, "conflict": 0}
        assert pl["freighter"] == 0 and pl["troops"]["negotiators"] == 0
    assert state["board"]["dreadnoughts"] == {} and state["tech"]["board"] == "ix"


def test_the_overlay_covers_hall_of_oratory_and_rally_troops():
    rules, state = fresh()
    g = Game(state, rules.content)
    spaces = g.board_spaces()
    assert {"dreadnought", "tech-negotiation", "smuggling", "interstellar-shipping"} <= set(spaces)
    assert not {"hall-of-oratory", "rally-troops"} & set(spaces)
    assert {"high-council", "mentat", "swordmaster", "secure-contract", "sell-melange"} <= set(spaces)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Action({"by": "red", "do": "send-agent", "card": "dagger", "space": "rally-troops"}))
    assert refused.value.code == "agent.unknown-space"


def test_a_game_without_rise_of_ix_keeps_its_board():
    rules, state = fresh(modules=())
    spaces = Game(state, rules.content).board_spaces()
    assert "rally-troops" in spaces and "smuggling" not in spaces and "dreadnoughts" not in state["players"]["red"]


@pytest.mark.parametrize("modules, players", [(["ix"], 1), (["ix", "bloodlines", "tech"], 1)])
def test_the_solo_game_with_rise_of_ix_is_refereed(modules, players):
    """Refused until session 18 (the solo Rival's Tech tiles: rivals/ix_tech.py)."""
    assert ruleset("base").check_modules(modules, "/game/modules", players) == sorted(modules)


def with_bloodlines(players: int, modules=("bloodlines", "tech", "ix")):
    rules = ruleset("base")
    leaders = [lead for lead in rules.leader_ids(modules) if "setup" not in rules.content.leaders[lead]]
    game = {"system": "imperium", "edition": "base", "modules": list(modules),
            "players": [{"id": p, "leader": leaders[i]} for i, p in enumerate(IDS[:players])]}
    state = rules.new_state(game, {"seed": 3})
    deal(rules, state)
    return rules, state


@pytest.mark.parametrize("players, spaces, box", [
    (4, ["conspire", "dreadnought", "foldspace", "high-council", "tech-negotiation", "wealth"], 0),
    (3, ["conspire", "dreadnought", "foldspace", "high-council", "wealth"], 1),
])
def test_with_bloodlines_the_commanders_of_the_covered_spaces_move(players, spaces, box):
    """Bloodlines manual p. 7: the overlay covers Rally Troops and Hall of Oratory; one Commander
    starts on Dreadnought, the other on Tech Negotiation with four players, else in the box."""
    for modules in (("bloodlines", "ix"), ("bloodlines", "tech", "ix")):
        rules, state = with_bloodlines(players, modules)
        assert state["board"]["commanders"] == spaces
        assert state["commanders"] == {"bank": 1, "box": box}


def test_with_the_tech_module_both_boxes_tiles_share_the_ix_board():
    """Bloodlines manual p. 7: all the tiles (Bloodlines' 12 for the original game without CHOAM,
    Rise of Ix's 18) in three even stacks on the Ix board; no Ixian Embassy: no Acquire Tech on a
    Landsraad space, no High Council discount, Tech Negotiation's Negotiators instead."""
    rules, state = with_bloodlines(4)
    tech = state["tech"]
    assert tech["board"] == "ix" and tech["stacks"] == [9, 9, 9] and len(tech["pool"]) + 3 == 30
    assert {"tech-restricted-ordnance", "tech-glowglobes"} <= set(tech["pool"] + tech["face_up"])
    assert len([t for t in state["stack"] if t.get("kind") == "reveal-tech"]) == 0  # each stack turned up once
    state["players"]["red"]["seat"] = True
    assert price(Game(state, rules.content), "red", "tech-disposal-facility", 0) == 3
    state["players"]["red"]["hand"][0] = "dagger"
    act(rules, state, "red", "send-agent", card="dagger", space="tech-negotiation")
    assert not [n for n in state["turn"]["nodes"] if n.startswith("embassy")]
    embassy = with_bloodlines(4, ("bloodlines", "tech"))[1]  # the control: the Embassy on a Landsraad space
    embassy["players"]["red"]["hand"][0], embassy["players"]["red"]["solari"] = "dagger", 5
    act(rules, embassy, "red", "send-agent", card="dagger", space="high-council")
    assert [n for n in embassy["turn"]["nodes"] if n.startswith("embassy")]


def test_rise_of_ix_is_not_an_uprising_module():
    with pytest.raises(MalformedLog):
        ruleset("uprising").check_modules(["ix"], "/game/modules", 4)
    assert "smuggling" not in ruleset("uprising").content.spaces


def test_with_immortality_both_boards_are_set_up():
    rules, state = fresh(modules=("immortality", "ix"))
    assert "tleilaxu" in state and state["players"]["red"]["dreadnoughts"]["supply"] == 2


# --- the Shipping track (p. 5) --------------------------------------------------------------------------
def test_interstellar_shipping_needs_two_guild_influence():
    rules, state = fresh()
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, Action({"by": "red", "do": "send-agent", "card": "dune-the-desert-planet",
                                   "space": "interstellar-shipping"}))
    assert err.value.code == "agent.influence-requirement"


def face_up(state, tile: str, stack: int = 0) -> None:
    """Put `tile` face up on a stack (the one there goes back among the unseen tiles)."""
    tech = state["tech"]
    tech["pool"].remove(tile)
    tech["pool"] = sorted([*tech["pool"], tech["face_up"][stack]])
    tech["face_up"][stack] = tile


def test_bodies_interstellar_shipping_example():
    """p. 5: one space from the top, advance then recall; the rewards in the order taken: 2 spice,
    Restricted Ordnance (4) paid with them and the 2 off, then a troop pair and a Bene Gesserit
    Influence (not a Combat space: the troops stay in the garrison)."""
    rules, state = fresh()
    red = state["players"]["red"]
    red["influence"]["guild"] = 2
    red["freighter"] = 2
    red["spice"] = 0
    face_up(state, "tech-restricted-ordnance")
    act(rules, state, "red", "send-agent", card="dune-the-desert-planet", space="interstellar-shipping")
    resolve_all(rules, state, "red")
    assert {"option": "advance"} in offers(rules, state)
    choose(rules, state, "red", option="advance")
    assert red["freighter"] == 3
    assert {"option": "advance"} not in offers(rules, state)  # not past the top
    choose(rules, state, "red", option="recall")
    assert red["freighter"] == 0
    assert sorted(o["option"] for o in offers(rules, state)) == [1, 2, 3]
    garrison = red["troops"]["garrison"]
    choose(rules, state, "red", option=1)
    choose(rules, state, "red", option=1)  # of Dividends and 2 spice, the spice
    assert red["spice"] == 2
    choose(rules, state, "red", option=3)  # Acquire Tech with 2 off
    choose(rules, state, "red", tile="tech-restricted-ordnance")
    assert red["spice"] == 0 and [t["id"] for t in red["tech"]] == ["tech-restricted-ordnance"]
    choose(rules, state, "red", option=2)
    choose(rules, state, "red", faction="bene-gesserit")
    assert red["troops"]["garrison"] == garrison + 2 and red["influence"]["bene-gesserit"] == 1


def test_dividends_pay_five_and_one_to_each_opponent():
    rules, state = fresh()
    state["players"]["red"]["freighter"] = 1
    before = {p: state["players"][p]["solari"] for p in IDS}
    act(rules, state, "red", "send-agent", card="dune-the-desert-planet", space="smuggling")
    resolve_all(rules, state, "red")
    choose(rules, state, "red", option="recall")
    choose(rules, state, "red", option=1)  # the first space's reward
    choose(rules, state, "red", option=0)  # of its two, Dividends
    assert {p: state["players"][p]["solari"] - before[p] for p in IDS} == {"red": 6, "blue": 1, "green": 1, "yellow": 1}


# --- dreadnoughts (p. 6) ----------------------------------------------------------------------------------
def test_commissioning_and_the_two_dreadnought_limit():
    rules, state = fresh()
    red = state["players"]["red"]
    red["solari"] = 3
    act(rules, state, "red", "send-agent", card="dagger", space="dreadnought")
    resolve_all(rules, state, "red")
    choose(rules, state, "red", option="commission")
    assert red["dreadnoughts"] == {"supply": 1, "garrison": 1, "conflict": 0} and red["solari"] == 0
    red["dreadnoughts"] = {"supply": 0, "garrison": 2, "conflict": 0}
    g = Game(state, rules.content)
    commission(g, {"player": "red", "src": "test"}, {})  # the step, with an empty supply
    assert state["stack"][-1].get("kind") != "dreadnought" and "ix.dreadnought-limit" in g.rulings


def test_dreadnought_example_strength_control_and_round_out():
    """p. 6: Bodie 2 troops (4), Ned a dreadnought and two swords (5), Frida a dreadnought and two
    troops (7). Frida wins and must take a space; Bodie's dreadnought at Arrakeen from last round
    leaves it as the Combat phase ends, giving Ned's Control marker back."""
    rules, state = fresh(players=3)
    bodie, ned, frida = (state["players"][p] for p in ("red", "blue", "green"))
    bodie["troops"]["conflict"], bodie["troops"]["supply"] = 2, bodie["troops"]["supply"] - 2
    ned["dreadnoughts"] = {"supply": 1, "garrison": 0, "conflict": 1}
    ned["swords"] = 2
    frida["dreadnoughts"] = {"supply": 1, "garrison": 0, "conflict": 1}
    frida["troops"]["conflict"], frida["troops"]["supply"] = 2, frida["troops"]["supply"] - 2
    state["round"] = 2
    bodie["dreadnoughts"] = {"supply": 1, "garrison": 0, "conflict": 0}
    state["board"]["dreadnoughts"] = {"arrakeen": {"player": "red", "round": 1}}
    state["board"]["control"] = {"arrakeen": "blue", "imperial-basin": "blue"}
    g = Game(state, rules.content)
    assert [strength(g, p) for p in ("red", "blue", "green")] == [4, 5, 7]
    assert adjust("controller", "blue", g, "arrakeen") == "red"
    fire("conflict-won", g, "green")
    assert offers(rules, state) == [{"space": "imperial-basin"}, {"space": "carthag"}]  # not Arrakeen
    choose(rules, state, "green", space="imperial-basin")
    g = Game(state, rules.content)
    assert adjust("controller", "blue", g, "imperial-basin") == "green"
    fire("combat-cleanup", g)
    assert ned["dreadnoughts"] == {"supply": 1, "garrison": 1, "conflict": 0}  # lost: to the garrison
    assert bodie["dreadnoughts"]["garrison"] == 1 and "arrakeen" not in state["board"]["dreadnoughts"]
    assert adjust("controller", "blue", g, "arrakeen") == "blue"
    assert state["board"]["dreadnoughts"] == {"imperial-basin": {"player": "green", "round": 2}}
    state["round"] = 3  # Frida's control lasts until the end of the next Combat phase
    fire("combat-cleanup", g)
    assert state["board"]["dreadnoughts"] == {} and frida["dreadnoughts"]["garrison"] == 1


def test_a_dreadnought_alone_still_fights():
    rules, state = fresh()
    state["players"]["red"]["dreadnoughts"] = {"supply": 1, "garrison": 0, "conflict": 1}
    state["players"]["red"]["swords"] = 1
    assert strength(Game(state, rules.content), "red") == 4


def test_the_dreadnought_controller_takes_the_control_bonus():
    rules, state = fresh()
    state["board"]["dreadnoughts"] = {"arrakeen": {"player": "blue", "round": 1}}
    state["players"]["blue"]["dreadnoughts"]["supply"] = 1
    before = state["players"]["blue"]["solari"]
    state["players"]["red"]["hand"][0] = "reconnaissance"  # a City icon
    act(rules, state, "red", "send-agent", card="reconnaissance", space="arrakeen")
    assert state["players"]["blue"]["solari"] == before + 1


def test_a_commissioned_dreadnought_deploys_as_a_recruit_and_counts_in_the_two_from_garrison():
    rules, state = fresh()
    red = state["players"]["red"]
    red["dreadnoughts"] = {"supply": 0, "garrison": 2, "conflict": 0}
    act(rules, state, "red", "send-agent", card="dune-the-desert-planet", space="imperial-basin")
    resolve_all(rules, state, "red")
    deploys = [o for o in offers(rules, state) if "garrison" in o]
    assert {"recruited": 0, "garrison": 0, "dreadnoughts": 2} in deploys
    assert {"recruited": 0, "garrison": 1, "dreadnoughts": 2} not in deploys  # three from the garrison
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, Action({"by": "red", "do": "deploy", "recruited": 0, "garrison": 1, "dreadnoughts": 2}))
    assert err.value.code == "deploy.limits"
    act(rules, state, "red", "deploy", recruited=0, garrison=1, dreadnoughts=1)
    assert red["dreadnoughts"]["conflict"] == 1 and red["troops"]["conflict"] == 1


# --- Tech Negotiation and Tech tiles (p. 4) ---------------------------------------------------------------
def test_bodies_tech_negotiation_example():
    """p. 4: Tech Negotiation, Acquire Tech at 1 off: Disposal Facility (3) for 2 (here with a
    Negotiator returned for 1 more off); its Acquire effect trashes a card; the stack turns up its
    next tile."""
    rules, state = fresh()
    red = state["players"]["red"]
    tile = "tech-disposal-facility"
    face_up(state, tile)
    red["spice"], red["troops"]["negotiators"], red["troops"]["supply"] = 2, 1, red["troops"]["supply"] - 1
    act(rules, state, "red", "send-agent", card="dagger", space="tech-negotiation")
    resolve_all(rules, state, "red")
    choose(rules, state, "red", option=0)  # Acquire Tech, not a Negotiator
    assert {"tile": tile} in offers(rules, state) and {"tile": tile, "negotiators": 1} in offers(rules, state)
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, Action({"by": "red", "do": "choose", "tile": tile, "negotiators": 2}))
    assert err.value.code == "tech.negotiators"
    supply = red["troops"]["supply"]
    choose(rules, state, "red", tile=tile, negotiators=1)
    assert red["spice"] == 1 and red["troops"]["negotiators"] == 0 and red["troops"]["supply"] == supply + 1
    assert [t["id"] for t in red["tech"]] == [tile] and state["tech"]["face_up"][0] not in (None, tile)
    assert {"card": "dagger", "zone": "hand"} in offers(rules, state)  # the Acquire effect's trash


def _at_tech_negotiation(supply: int | None = None):
    """Red's Agent at Tech Negotiation, its Tech Negotiation icon chosen (the space's second option)."""
    rules, state = fresh()
    red = state["players"]["red"]
    if supply is not None:
        red["troops"]["garrison"] += red["troops"]["supply"] - supply
        red["troops"]["supply"] = supply
    act(rules, state, "red", "send-agent", card="dagger", space="tech-negotiation")
    resolve_all(rules, state, "red")
    choose(rules, state, "red", option=1)
    return rules, state, red


@pytest.mark.parametrize("answer", ["send", "skip"])
def test_a_negotiator_is_optional_rise_of_ix_p4(answer):
    """Rise of Ix p. 4: triggering the icon you *may* place a troop from your supply on Ix."""
    rules, state, red = _at_tech_negotiation()
    supply = red["troops"]["supply"]
    assert offers(rules, state) == [{"option": "send"}, {"option": "skip"}]
    out = choose(rules, state, "red", option=answer)
    assert "ix.negotiator" in out.rulings
    sent = answer == "send"
    assert red["troops"]["negotiators"] == sent and red["troops"]["supply"] == supply - sent


def test_no_negotiator_decision_without_troops_in_the_supply():
    rules, state, red = _at_tech_negotiation(supply=0)
    assert red["troops"]["negotiators"] == 0
    assert not any(a.do == "choose" for a in rules.legal_actions(state))
    with pytest.raises(IllegalAction):
        rules.apply(state, Action({"by": "red", "do": "choose", "option": "send"}))


def test_a_log_that_leaves_the_negotiator_decision_out_sends_the_troop():
    """Logs written before the decision existed go on at once: moving on reads as `send`, their
    old meaning (implied.py); a wrong answer to the decision itself is no such move."""
    rules, state, red = _at_tech_negotiation()
    assert rules.implied(state, Action({"by": "red", "do": "end-turn"})) == \
        [Action({"by": "red", "do": "choose", "option": "send"})]
    assert rules.implied(state, Action({"by": "red", "do": "choose", "option": "commission"})) == []


def test_no_high_council_discount_on_the_ix_board():
    rules, state = fresh()
    state["players"]["red"]["seat"] = True
    assert price(Game(state, rules.content), "red", "tech-disposal-facility", 0) == 3


def run_steps(g, state):
    while state["stack"][-1]["t"] == "steps":
        advance_steps(g, state["stack"][-1])


def test_round_start_tiles_turn_face_up_and_resolve():
    """Timing 'start of a round': flipped tiles turn up and Shuttle Fleet pays 2 Solari."""
    rules, state = fresh()
    state["players"]["red"]["tech"] = [{"id": "tech-shuttle-fleet", "flipped": False},
                                       {"id": "tech-training-drones", "flipped": True}]
    solari = state["players"]["red"]["solari"]
    g = Game(state, rules.content)
    fire("round-start", g)
    run_steps(g, state)
    assert all(not t["flipped"] for t in state["players"]["red"]["tech"])
    assert state["players"]["red"]["solari"] == solari + 2 and "ix.tech-timings" in g.rulings


def test_reveal_tiles_are_nodes_of_the_reveal_turn():
    rules, state = fresh()
    state["players"]["red"]["tech"] = [{"id": "tech-minimic-film", "flipped": False}]
    act(rules, state, "red", "reveal")
    assert "tech:tech-minimic-film" in state["turn"]["nodes"]


def test_conflict_win_and_endgame_tiles():
    rules, state = fresh()
    red = state["players"]["red"]
    red["tech"] = [{"id": "tech-memocorders", "flipped": False}, {"id": "tech-windtraps", "flipped": False}]
    red["influence"] = dict.fromkeys(red["influence"], 3)
    water, vp = red["water"], red["vp"]
    g = Game(state, rules.content)
    fire("conflict-won", g, "red")
    run_steps(g, state)
    fire("endgame", g)
    run_steps(g, state)
    assert red["water"] == water + 1 and red["vp"] == vp + 1


def test_flip_once_per_round_in_any_turn_and_use_tiles():
    """Training Drones flips once a round (the FAQ's errata: in a Reveal turn too); Spy Satellites'
    ability is used without flipping and trashes the tile."""
    rules, state = fresh()
    red = state["players"]["red"]
    red["tech"] = [{"id": "tech-spy-satellites", "flipped": False}, {"id": "tech-training-drones", "flipped": False}]
    red["spice"], vp, garrison = 3, red["vp"], red["troops"]["garrison"]
    act(rules, state, "red", "flip-tech", tile="tech-training-drones")
    assert red["troops"]["garrison"] == garrison + 1
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, Action({"by": "red", "do": "flip-tech", "tile": "tech-training-drones"}))
    assert err.value.code == "tech.flipped"
    act(rules, state, "red", "flip-tech", tile="tech-spy-satellites")
    choose(rules, state, "red", option="pay")
    assert red["vp"] == vp + 1 and [t["id"] for t in red["tech"]] == ["tech-training-drones"]


# --- the keywords (p. 7) -----------------------------------------------------------------------------------
def test_choam_delegate_infiltrates_smuggling():
    """p. 7: Frida's Agent on Smuggling; Bodie's CHOAM Delegate (Spice Trade infiltration) goes there."""
    rules, state = fresh()
    state["board"]["occupied"]["smuggling"] = "blue"
    state["players"]["blue"]["placed"].append("smuggling")
    state["players"]["red"]["hand"][0] = "choam-delegate"
    with pytest.raises(IllegalAction):
        rules.apply(state, Action({"by": "red", "do": "send-agent", "card": "dune-the-desert-planet",
                                   "space": "smuggling"}))
    act(rules, state, "red", "send-agent", card="choam-delegate", space="smuggling")
    assert "smuggling" in state["players"]["red"]["placed"]


def test_infiltration_never_joins_your_own_agent():
    rules, state = fresh()
    state["board"]["occupied"]["smuggling"] = "red"
    state["players"]["red"]["placed"].append("smuggling")
    state["players"]["red"]["hand"][0] = "choam-delegate"
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, Action({"by": "red", "do": "send-agent", "card": "choam-delegate", "space": "smuggling"}))
    assert err.value.code == "agent.space-occupied"


def test_infiltration_does_not_pass_the_voice():
    rules, state = fresh()
    state["board"]["voice"] = [{"space": "smuggling", "by": "blue"}]
    state["board"]["occupied"]["smuggling"] = "blue"
    state["players"]["red"]["hand"][0] = "choam-delegate"
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, Action({"by": "red", "do": "send-agent", "card": "choam-delegate", "space": "smuggling"}))
    assert "voice" in err.value.code or "the-voice" in err.value.rulings or "card.the-voice" in err.value.rulings


def test_infiltration_only_through_printed_icons():
    """Dispatch an Envoy's added icons do not infiltrate: CHOAM Delegate with an Emperor icon added
    cannot pass an enemy Agent on an Emperor space."""
    rules, state = fresh()
    state["board"]["occupied"]["wealth"] = "blue"
    state["players"]["red"]["hand"][0] = "choam-delegate"
    g = Game(state, rules.content)
    assert first_share(g, "red", "wealth", "choam-delegate") is None
    assert first_share(g, "red", "smuggling", "choam-delegate") is True


def first_share(g, pid, space, card):
    return first("may-share", g, pid, g.space(space), card)


def test_unload_when_discarded_and_when_trashed():
    """p. 7: Esmar Tuek discarded gives 2 spice and 2 Solari; trashed, again."""
    rules, state = fresh()
    red = state["players"]["red"]
    red["hand"][0] = "esmar-tuek"
    spice, solari = red["spice"], red["solari"]
    g = Game(state, rules.content)
    discard_card(g, "red", "esmar-tuek")
    run_steps(g, state)
    assert (red["spice"], red["solari"]) == (spice + 2, solari + 2) and "ix.unload" in g.rulings
    trash_card(g, "red", "esmar-tuek", "discard")
    run_steps(g, state)
    assert (red["spice"], red["solari"]) == (spice + 4, solari + 4)


# --- not refereed yet ----------------------------------------------------------------------------------
NOT_YET = ("Leaders' abilities", "House Hagal additions", "Tech tiles only")


def test_what_is_not_refereed_yet_is_listed_in_its_record():
    text = all_rulings()["ix.not-implemented"]["statement"].lower()
    assert all(w.lower() in text for w in NOT_YET)


def test_an_unknown_rise_of_ix_step_is_not_implemented_never_ignored():
    rules, state = fresh()
    g = Game(state, rules.content)
    op_custom(g, {"player": "red", "src": "card:x"}, {"custom": "unload-reveal-box"})
    assert g.unimplemented == ["card:x: unload-reveal-box"]


def test_the_steps_without_code_are_pinned():
    """Every custom step of the Rise of Ix data with no handler is in ix.NOT_IMPLEMENTED, and no
    step listed there has code: implementing one means taking it off the list."""
    missing = {s["custom"] for p in sorted(DATA.glob("*.json")) for s in custom_steps(json.loads(p.read_text()))
               if isinstance(s.get("custom"), str) and s["custom"] not in CUSTOM}
    assert missing == {n for n in ix.NOT_IMPLEMENTED if " " not in n}


def gap_allowed(gap: str) -> bool:
    """A not-implemented gap of a playout that Rise of Ix lists: "<source>: <step>" or the counter."""
    return gap in ix.NOT_IMPLEMENTED or gap.rsplit(": ", 1)[-1] in ix.NOT_IMPLEMENTED


# --- Epic Game mode (p. 10) -----------------------------------------------------------------------------
def epic(modules=("ix",), players=4):
    rules = ruleset("base")
    leaders = [lead for lead in rules.leader_ids(()) if "setup" not in rules.content.leaders[lead]]
    game = {"system": "imperium", "edition": "base", "modules": list(modules),
            "players": [{"id": p, "leader": leaders[i]} for i, p in enumerate(IDS[:players])]}
    state = rules.new_state(game, {"seed": 3, "options": ["epic"]})
    deal(rules, state)
    return rules, state


def test_epic_setup():
    rules, state = epic()
    plain = fresh()[1]
    assert state["game"]["epic"] is True
    drawn = [c for c in state["board"]["discarded_conflicts"] + [state["board"]["conflict"]] if c]
    assert all(rules.content.conflicts[c]["level"] == 2 for c in drawn)
    assert len(state["board"]["conflict_levels"]) + len(drawn) == 10
    for pid in IDS:
        pl, was = state["players"][pid], plain["players"][pid]
        cards = pl["deck"]["cards"] + pl["hand"] + pl["discard"]
        assert cards.count("control-the-spice") == 1 and cards.count("dune-the-desert-planet") == 1
        assert pl["troops"]["garrison"] == 5 and len(pl["intrigue"]) == 1 and len(was["intrigue"]) == 0
    g = Game(state, rules.content)
    assert adjust("vp-to-end", rules.content.rules["vp_to_end"], g) == 12
    assert adjust("vp-to-end", 10, Game(plain, rules.content)) == 10


def test_epic_with_immortality_puts_control_the_spice_in_the_discard_pile():
    rules, state = epic(modules=("immortality", "ix"), players=3)
    for pid in IDS[:3]:
        pl = state["players"][pid]
        assert "control-the-spice" in pl["discard"] and "control-the-spice" not in pl["deck"]["cards"] + pl["hand"]


def test_epic_needs_rise_of_ix():
    rules = ruleset("base")
    leaders = [lead for lead in rules.leader_ids(()) if "setup" not in rules.content.leaders[lead]]
    game = {"system": "imperium", "edition": "base", "modules": [],
            "players": [{"id": p, "leader": leaders[i]} for i, p in enumerate(IDS[:3])]}
    with pytest.raises(MalformedLog) as err:
        rules.new_state(game, {"seed": 3, "options": ["epic"]})
    assert err.value.pointer == "/setup/options"


def test_an_epic_position_round_trips():
    """The cut writes `epic: true` and the scenario builds the same Epic game back."""
    rules, state = epic()
    doc = rules.scenario_of(state)
    assert doc["epic"] is True
    back = rules.from_scenario(doc)
    assert back["game"]["epic"] is True and back["board"]["conflict_levels"] == state["board"]["conflict_levels"]
    assert back["players"]["red"]["troops"] == state["players"]["red"]["troops"]


def test_an_epic_playout_is_valid_and_ends_at_twelve():
    """A random Epic game (the playout driver of `adjudicator simulate`, with the Epic option): every
    action legal, the game over when someone reached 12 VP or the ten Conflicts are fought."""
    rnd = Random(11)
    rules = ruleset("base")
    leaders = [lead for lead in rules.leader_ids(("ix",)) if "setup" not in rules.content.leaders[lead]]
    game = {"system": "imperium", "edition": "base", "modules": ["ix"],
            "players": [{"id": p, "leader": leaders[i]} for i, p in enumerate(IDS)]}
    setup = {"seed": 11, "options": ["epic"]}
    driver = Driver(rules, rules.new_state(game, setup), rollback=False)
    actions = []
    while len(actions) < MAX_STEPS:
        actions += [a.to_json() for a in driver.deal()]
        if driver.prompt() is None:
            break
        action = choose_random(rnd, driver.legal_actions())
        driver.apply(action)
        actions.append(action.to_json())
    report = replay({"format": "dune-adjudicator/log", "version": 1, "game": game, "setup": setup,
                     "actions": actions}, snapshots="final")
    assert report["valid"] and report["result"]["finished"]
    final = report["final_state"]
    assert final["game"]["epic"] and (max(pl["vp"] for pl in final["players"].values()) >= 12
                                     or not final["board"]["conflict_levels"])


def test_the_catalogue_lists_the_box_with_copies():
    """`adjudicator cards --game imperium --modules ix`: the components of p. 2, the overlay's spaces
    in place of the covered ones."""
    cnt = ruleset("base").content
    listed = cards_of(cnt, None, ("ix",))
    own = Counter()
    for c in listed:
        if c.get("expansion") == "ix":
            own[c["type"]] += c["copies"]
    assert own == {"imperium": 35, "intrigue": 17, "conflict": 4, "tech": 18, "leader": 6, "starting": 1, "space": 4}
    spaces = {c["id"] for c in listed if c["type"] == "space"}
    assert "smuggling" in spaces and "rally-troops" not in spaces
    assert not any(c.get("expansion") == "ix" for c in cards_of(cnt, None, ()))


# --- the new Leaders and the cards' steps -------------------------------------------------------------
def seated(leader: str, players: int = 3, seed: int = 3):
    """A fresh game whose first player ("red") leads `leader`."""
    rules = ruleset("base")
    others = [lead for lead in rules.leader_ids(()) if "setup" not in rules.content.leaders[lead]]
    leaders = [leader, *others[:players - 1]]
    game = {"system": "imperium", "edition": "base", "modules": ["ix"],
            "players": [{"id": p, "leader": lead} for p, lead in zip(IDS[:players], leaders, strict=True)]}
    state = rules.new_state(game, {"seed": seed})
    deal(rules, state)
    return rules, state


def test_yuna_gains_one_solari_more_each_time_in_her_own_turns():
    """FAQ 'Princess' Yuna Moritani: each Solari gain of her turn gets the bonus (Smuggling's 1
    Solari and the Dividends' 5 are two gains: 2 + 6); an opponent's Dividend in her turn, and her
    own Dividend share in another's turn, get none. She starts with no water."""
    rules, state = seated("princess-yuna-moritani")
    red, blue = state["players"]["red"], state["players"]["blue"]
    assert red["water"] == 0
    red["freighter"] = 1
    solari = {p: state["players"][p]["solari"] for p in IDS[:3]}
    act(rules, state, "red", "send-agent", card="dune-the-desert-planet", space="smuggling")
    resolve_all(rules, state, "red")
    assert red["solari"] == solari["red"] + 2
    choose(rules, state, "red", option="recall")
    choose(rules, state, "red", option=1)
    out = choose(rules, state, "red", option=0)  # Dividends
    assert red["solari"] == solari["red"] + 2 + 6 and blue["solari"] == solari["blue"] + 1
    assert "leader.yuna-moritani" in out.rulings and out.verdict == "legal"
    g = Game(state, rules.content)
    state["turn"] = {"player": "blue"}
    g.gain("red", {"solari": 1})  # another player's turn: no bonus
    assert red["solari"] == solari["red"] + 9



@pytest.mark.parametrize("sister, swords", [(0, 1 + 2 + 1), (1, 2 + 1 + 2 + 2)])
def test_imperial_bashar_counts_only_cards_that_gave_swords(sister, swords):
    """Rulebook p. 10 'Imperial Bashar': Bene Gesserit Sister taken for Persuasion is not counted
    (Dagger is: 1 sword); the Bashar resolves after the other Reveal boxes."""
    rules, state = fresh()
    red = state["players"]["red"]
    red["hand"] = ["bene-gesserit-sister", "dagger", "imperial-bashar"]
    act(rules, state, "red", "reveal")
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, Action({"by": "red", "do": "resolve", "effect": "reveal:imperial-bashar"}))
    assert "ix.swords-provided" in err.value.rulings
    act(rules, state, "red", "resolve", effect="reveal:bene-gesserit-sister")
    choose(rules, state, "red", option=sister)
    act(rules, state, "red", "resolve", effect="reveal:dagger")
    act(rules, state, "red", "resolve", effect="reveal:imperial-bashar")
    assert red["swords"] == swords


def test_artillery_counts_every_revealed_card_that_gave_swords_the_bashar_too():
    rules, state = fresh()
    red = state["players"]["red"]
    red["tech"] = [{"id": "tech-artillery", "flipped": False}]
    red["hand"] = ["dagger", "imperial-bashar", "reconnaissance"]
    act(rules, state, "red", "reveal")
    resolve_all(rules, state, "red")
    assert red["swords"] == 1 + (2 + 1) + 2  # Dagger, the Bashar counting Dagger, Artillery counting both


def run_card_steps(rules, state, steps, src):
    g = Game(state, rules.content)
    run(g, "red", steps, src)
    run_steps(g, state)


def test_second_wave_deploys_up_to_two_units_troops_or_dreadnoughts():
    """p. 6 'Units': a dreadnought is a unit; Second Wave moves up to two from the garrison."""
    rules, state = fresh()
    red = state["players"]["red"]
    red["dreadnoughts"] = {"supply": 1, "garrison": 1, "conflict": 0}
    run_card_steps(rules, state, [{"custom": "deploy-units", "count": 2}], "intrigue:second-wave")
    assert {"count": 1, "dreadnoughts": 1} in offers(rules, state) and {"count": 0} in offers(rules, state)
    assert {"count": 3} not in offers(rules, state) and {"count": 0, "dreadnoughts": 2} not in offers(rules, state)
    with pytest.raises(IllegalAction):
        rules.apply(state, Action({"by": "red", "do": "choose", "count": 2, "dreadnoughts": 1}))
    garrison = red["troops"]["garrison"]
    choose(rules, state, "red", count=1, dreadnoughts=1)
    assert red["dreadnoughts"]["conflict"] == 1 and red["troops"]["conflict"] == 1
    assert red["troops"]["garrison"] == garrison - 1


def test_negotiated_withdrawal_retreats_exactly_three_units_for_an_influence():
    rules, state = fresh()
    red = state["players"]["red"]
    red["troops"]["conflict"], red["troops"]["supply"] = 2, red["troops"]["supply"] - 2
    steps = [{"custom": "retreat-units-then", "count": 3, "then": [{"influence": 1, "faction": "any"}]}]
    run_card_steps(rules, state, steps, "reveal:negotiated-withdrawal")
    assert state["stack"][-1].get("kind") != "units"  # two units: the price cannot be paid
    red["dreadnoughts"] = {"supply": 1, "garrison": 0, "conflict": 1}
    run_card_steps(rules, state, steps, "reveal:negotiated-withdrawal")
    assert offers(rules, state) == [{"count": 2, "dreadnoughts": 1}, {"option": "skip"}]
    choose(rules, state, "red", count=2, dreadnoughts=1)
    choose(rules, state, "red", faction="guild")
    assert red["influence"]["guild"] == 1 and red["troops"]["conflict"] == 0
    assert red["dreadnoughts"]["garrison"] == 1


def test_diversion_waits_for_four_units_deployed_in_one_turn():
    """Diversion (as Distraction with four): three units in a turn leave it armed; the fourth
    fires its Freighter move once."""
    rules, state = fresh()
    run_card_steps(rules, state, [{"custom": "on-deploy-4-units-in-one-turn", "then": [{"custom": "freighter"}]}],
                   "intrigue:diversion")
    assert state["players"]["red"]["armed"][0]["on"] == "deploy4"
    state["turn"] = {"player": "red", "kind": "agent", "deployed": 0}
    g = Game(state, rules.content)
    count_deployed(g, "red", 3)
    assert state["players"]["red"]["armed"] and state["stack"][-1]["t"] != "steps"
    count_deployed(g, "red", 1)
    assert state["players"]["red"]["armed"] == []
    run_steps(g, state)
    assert state["stack"][-1]["kind"] == "freighter"


@pytest.mark.parametrize("take", [True, False])
def test_weirding_way_gives_another_turn_at_once_or_not(take):
    rules, state = fresh()
    state["players"]["red"]["hand"][0] = "weirding-way"
    act(rules, state, "red", "send-agent", card="weirding-way", space="arrakeen")
    act(rules, state, "red", "resolve", effect="card:weirding-way")
    assert offers(rules, state) == [{"option": "take"}, {"option": "skip"}]
    choose(rules, state, "red", option="take" if take else "skip")
    while (todo := [a for a in rules.legal_actions(state) if a.do != "end-turn"]) and state["turn"]:
        act(rules, state, "red", todo[0].do, **{k: v for k, v in todo[0].to_json().items() if k not in ("by", "do")})
    act(rules, state, "red", "end-turn")
    assert state["stack"][-1] == {"t": "turn", "player": "red" if take else "blue"}


def test_analytics_put_every_vp_of_an_ix_game_down_to_a_known_source():
    """The analyser's facts of a Rise of Ix playout: valid, every VP has a source, none `other`."""
    run = Replay(parse_log(simulate("imperium", 4, 6, ("ix",))), "strict", "none", tally=True)
    report = run.run()
    facts = run.facts
    validate("facts", facts)
    assert report["valid"] and facts["vp"] == report["result"]["vp"]
    assert {q: sum(s.values()) for q, s in facts["vp_sources"].items()} == facts["vp"]
    assert not any("other" in s for s in facts["vp_sources"].values())


def test_treachery_doubles_the_faction_space_influence_and_unloads_when_it_trashes_itself():
    """Rulebook p. 10 'Treachery': its Agent box trashes it, which resolves its Unload box (2
    troops recruited and deployed); the Faction space gives 2 Influence instead of 1."""
    rules, state = fresh()
    red = state["players"]["red"]
    red["hand"][0] = "treachery"
    conflict = red["troops"]["conflict"]
    act(rules, state, "red", "send-agent", card="treachery", space="hardy-warriors")
    resolve_all(rules, state, "red")
    assert red["influence"]["fremen"] == 2 and "treachery" in red["trashed"]
    assert red["troops"]["conflict"] == conflict + 2


def test_treachery_on_a_space_of_no_faction_gives_no_influence():
    """Only with icons added (Dispatch an Envoy) can Treachery reach a space of no Faction."""
    rules, state = fresh()
    state["turn"] = {"player": "red", "kind": "agent", "space": "arrakeen"}
    run_card_steps(rules, state, [{"custom": "double-space-influence"}], "card:treachery")
    assert all(v == 0 for v in state["players"]["red"]["influence"].values())


@pytest.mark.parametrize("place, solari", [("first", 2), ("second", 0)])
def test_strategic_push_pays_only_with_the_win(place, solari):
    """Strategic Push: its 2 swords count at once; its 2 Solari come with the win, not second place."""
    rules, state = fresh()
    red = state["players"]["red"]
    push = [{"gain": {"swords": 2}}, {"custom": "if-win-this-conflict", "then": [{"gain": {"solari": 2}}]}]
    run_card_steps(rules, state, push, "intrigue:strategic-push")
    assert red["swords"] == 2 and red["armed"][0]["on"] == "win"
    before = red["solari"]
    g = Game(state, rules.content)
    if place == "first":
        fire("conflict-won", g, "red")
        run_steps(g, state)
    fire("combat-cleanup", g)
    assert red["solari"] == before + solari and red["armed"] == []


@pytest.mark.parametrize("top", [True, False])
def test_spaceport_lets_a_card_acquired_go_on_top_of_the_deck(top):
    rules, state = fresh()
    red = state["players"]["red"]
    red["tech"] = [{"id": "tech-spaceport", "flipped": False}]
    red["hand"] = ["dagger"]
    red["persuasion"] = 0
    act(rules, state, "red", "reveal")
    resolve_all(rules, state, "red")
    red["persuasion"] = 10
    card = state["row"][0]
    act(rules, state, "red", "acquire", card=card)
    assert offers(rules, state) == [{"card": card}, {"option": "skip"}]
    choose(rules, state, "red", **({"card": card} if top else {"option": "skip"}))
    assert (red["deck"].get("top", [None])[0] == card) == top and (card in red["discard"]) != top


def test_without_spaceport_no_deck_top_choice():
    rules, state = fresh()
    red = state["players"]["red"]
    red["hand"] = ["dagger"]
    act(rules, state, "red", "reveal")
    resolve_all(rules, state, "red")
    red["persuasion"] = 10
    act(rules, state, "red", "acquire", card=state["row"][0])
    assert state["stack"][-1]["t"] != "choice"


def test_spaceport_puts_tleilaxu_cards_on_top_before_the_first_genetic_marker():
    """Immortality p. 14 'Spaceport'."""
    rules, state = fresh(players=3, modules=("immortality", "ix"))
    g = Game(state, rules.content)
    assert not may_put_on_top(g, "red")
    state["players"]["red"]["tech"] = [{"id": "tech-spaceport", "flipped": False}]
    assert may_put_on_top(Game(state, rules.content), "red")


@pytest.mark.parametrize("deploy", [3, 0])
def test_troop_transports_recruit_one_more_from_the_shipping_track_and_may_deploy_them(deploy):
    """Smuggling is no Combat space, yet the three troops may go to the Conflict (rulebook p. 9)."""
    rules, state = fresh()
    red = state["players"]["red"]
    red["tech"] = [{"id": "tech-troop-transports", "flipped": False}]
    red["freighter"] = 2
    garrison = red["troops"]["garrison"]
    act(rules, state, "red", "send-agent", card="dune-the-desert-planet", space="smuggling")
    resolve_all(rules, state, "red")
    choose(rules, state, "red", option="recall")
    choose(rules, state, "red", option=2)
    assert offers(rules, state)[-1] == {"count": 3} and {"count": 1, "dreadnoughts": 1} not in offers(rules, state)
    choose(rules, state, "red", count=deploy)
    choose(rules, state, "red", faction="guild")
    assert red["troops"]["conflict"] == deploy and red["troops"]["garrison"] == garrison + 3 - deploy
    assert state["turn"]["recruited"] == 3 - deploy


def test_guild_accord_takes_two_spice_off_the_heighliner_for_its_agent():
    """Heighliner costs 6 spice; with Guild Accord 4, which decides whether it can be paid."""
    rules, state = fresh()
    red = state["players"]["red"]
    red["hand"][:2] = ["guild-accord", "guild-administrator"]
    red["spice"] = 4
    assert {"card": "guild-accord", "space": "heighliner"} in offers(rules, state)
    assert {"card": "guild-administrator", "space": "heighliner"} not in offers(rules, state)
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, Action({"by": "red", "do": "send-agent", "card": "guild-administrator",
                                   "space": "heighliner"}))
    assert err.value.code == "agent.space-cost"
    out = act(rules, state, "red", "send-agent", card="guild-accord", space="heighliner")
    assert red["spice"] == 0 and "ix.card-space-discount" in out.rulings


def test_an_ix_game_counts_in_a_tournaments_standings(tmp_path):
    """Standings read the result of a Rise of Ix game as of any other: its winner first."""
    client = app_on(tmp_path / "t.db").test_client()
    owner = token(tmp_path / "t.db", "organiser")
    tid = client.post("/v1/tournaments", json={"name": "Ix Open"}, headers=auth(owner)).get_json()["id"]
    for name in IDS:
        assert client.post(f"/v1/tournaments/{tid}/players", json={"name": name},
                           headers=auth(owner)).status_code == 201
    log = simulate("imperium", 4, 6, ("ix",))
    stored = client.post(f"/v1/games?tournament={tid}", json=log, headers=auth(owner))
    assert stored.status_code == 201, stored.get_json()
    data = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    validate("standings", data)
    result = replay(log)["result"]
    assert data["games"][0]["placings"][0]["player"] == result["ranking"][0]["player"]
    assert sorted(e["player"] for e in data["standings"]) == sorted(IDS)


@pytest.mark.parametrize("leader, gap", [("ilesa-ecaz", "one-step-ahead")])
def test_a_leader_whose_ability_has_no_code_makes_each_of_its_turns_unverifiable(leader, gap):
    """Never judged as if the ability were not there: Ilesa's set-aside card acts at each round's
    start (what it gives is not transcribed anywhere found); each turn of hers names the missing step."""
    rules, state = seated(leader)
    g = Game(state, rules.content)
    fire("turn-start", g, "red")  # noted on the action during which the turn begins
    assert f"leader:{leader}: {gap}" in g.unimplemented
    noted = len(g.unimplemented)
    fire("turn-start", g, "blue")
    assert len(g.unimplemented) == noted


def test_a_leader_whose_ability_has_code_leaves_no_gap():
    rules, state = seated("prince-rhombur-vernius")
    g = Game(state, rules.content)
    fire("turn-start", g, "red")
    assert g.unimplemented == []


def test_detonation_devices_trade_the_dreadnought_for_a_vp_instead_of_a_space():
    """ix.detonation-devices: the VP in place of the control (here with no control space free)."""
    rules, state = fresh()
    red = state["players"]["red"]
    red["dreadnoughts"] = {"supply": 1, "garrison": 0, "conflict": 1}
    g = Game(state, rules.content)
    fire("conflict-won", g, "red")
    assert {"option": "detonate"} not in offers(rules, state)  # without the tile: a space only
    state["stack"].pop()
    red["tech"] = [{"id": "tech-detonation-devices", "flipped": False}]
    held = {"arrakeen": "blue", "carthag": "blue", "imperial-basin": "green"}
    state["board"]["dreadnoughts"] = {s: {"player": p, "round": 1} for s, p in held.items()}
    state["players"]["blue"]["dreadnoughts"]["supply"] = 0
    state["players"]["green"]["dreadnoughts"]["supply"] = 1
    fire("conflict-won", Game(state, rules.content), "red")
    assert offers(rules, state) == [{"option": "detonate"}]  # no free space, yet the VP
    vp = red["vp"]
    choose(rules, state, "red", option="detonate")
    assert red["vp"] == vp + 1 and red["dreadnoughts"] == {"supply": 2, "garrison": 0, "conflict": 0}


def test_chaumurky_wins_the_tie_on_victory_points():
    """ix.chaumurky: equal VP, blue holds more spice, yet red with the tile wins; without it, blue."""
    rules, state = fresh()
    for pid, vp, spice in (("red", 9, 0), ("blue", 9, 5), ("green", 3, 9), ("yellow", 2, 9)):
        state["players"][pid]["vp"], state["players"][pid]["spice"] = vp, spice
    assert result(Game(state, rules.content))["winner"] == "blue"
    state["players"]["red"]["tech"] = [{"id": "tech-chaumurky", "flipped": False}]
    out = result(Game(state, rules.content))
    assert out["winner"] == "red" and out["ranking"][:2] == ["red", "blue"]


@pytest.mark.parametrize("epic", [False, True])
def test_hundro_keeps_one_of_the_top_two_intrigue_cards_and_the_other_is_drawn_next(epic):
    """ix.hundro-intelligence: after the setup's dealing (in Epic, everyone's Intrigue card first)."""
    rules = ruleset("base")
    others = [lead for lead in rules.leader_ids(()) if "setup" not in rules.content.leaders[lead]]
    game = {"system": "imperium", "edition": "base", "modules": ["ix"],
            "players": [{"id": p, "leader": lead} for p, lead in zip(IDS[:3], ["viscount-hundro-moritani", *others],
                                                                     strict=False)]}
    state = rules.new_state(game, {"seed": 3, "options": ["epic"] if epic else []})
    deal(rules, state)
    red = state["players"]["red"]
    looked = sorted(red["looking"])
    assert state["stack"][-1]["kind"] == "intelligence" and len(looked) == 2
    assert all(len(state["players"][p]["intrigue"]) == (1 if epic else 0) for p in IDS[:3])
    out = choose(rules, state, "red", card=looked[0])
    assert out.verdict == "legal" and "ix.hundro-intelligence" in out.rulings
    assert len(red["intrigue"]) == 1 + epic and state["intrigue_deck"]["top"] == [looked[1]]


def test_tessias_snoopers_come_back_at_two_influence_each_rank_its_reward():
    """ix.tessia-careful-observation: Emperor first (discard for 1 spice), Spacing Guild second
    (its 4-Influence bonus: 3 Solari), Fremen third (1 more Fremen Influence); a Faction reached
    again gives nothing."""
    rules, state = seated("tessia-vernius")
    red = state["players"]["red"]
    assert red["snoopers"] == ["bene-gesserit", "emperor", "fremen", "guild"]
    g = Game(state, rules.content)
    change_influence(g, "red", "emperor", 2)
    run_steps(g, state)
    spice = red["spice"]
    choose(rules, state, "red", option="pay")
    choose(rules, state, "red", card=red["hand"][0])
    assert red["spice"] == spice + 1 and red["snoopers"] == ["bene-gesserit", "fremen", "guild"]
    solari = red["solari"]
    g = Game(state, rules.content)
    change_influence(g, "red", "guild", 2)
    run_steps(g, state)
    assert red["solari"] == solari + 3
    g = Game(state, rules.content)
    change_influence(g, "red", "fremen", 2)
    run_steps(g, state)
    assert red["influence"]["fremen"] == 3 and red["snoopers"] == ["bene-gesserit"]
    g = Game(state, rules.content)
    change_influence(g, "red", "emperor", -1)
    change_influence(g, "red", "emperor", 1)
    assert state["stack"][-1]["t"] != "steps"


def test_tessias_snoopers_round_trip_in_a_position_and_belong_to_her_only():
    rules, state = seated("tessia-vernius")
    state["players"]["red"]["snoopers"] = ["fremen", "guild"]
    doc = rules.scenario_of(state)
    assert doc["players"]["red"]["snoopers"] == ["Fremen", "Spacing Guild"]
    assert rules.from_scenario(doc)["players"]["red"]["snoopers"] == ["fremen", "guild"]
    doc["players"]["blue"]["snoopers"] = ["fremen"]
    with pytest.raises(InvalidPosition) as err:
        rules.from_scenario(doc)
    assert [(p["pointer"], p["code"]) for p in err.value.problems] == [("/players/blue/snoopers", "not-this-leader")]


def test_a_known_intrigue_top_round_trips_in_a_position():
    """Hundro's card put back on top of the Intrigue deck stays known in a cut position."""
    rules, state = seated("viscount-hundro-moritani")
    looked = sorted(state["players"]["red"]["looking"])
    choose(rules, state, "red", card=looked[0])
    doc = rules.scenario_of(state)
    assert doc is not None and doc["intrigue_top"] == [rules.content.intrigues[looked[1]]["name"]["en"]]
    assert rules.from_scenario(doc)["intrigue_deck"]["top"] == [looked[1]]
    assert "intrigue_top" not in rules.public_scenario(doc, "blue", state)  # only Hundro saw it
