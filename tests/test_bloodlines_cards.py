"""Bloodlines Imperium, Intrigue, contract and Conflict rules (issue #11): the p. 5 rules with
the manual's worked examples (Arrakis Observer's Deep Cover Spy, I Believe with Command, Steve's
wild battle icons), each custom card step with its numbers, and the CHOAM additions of p. 2."""

from __future__ import annotations

import pytest
from helpers import P, give_intrigue, hand, set_row, top

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import deal as deal_to_decision
from adjudicator.imperium.combat import pair_wild_objectives
from adjudicator.imperium.game import Game, spies_on_board
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.rules import ruleset
from adjudicator.imperium.steps import run

RULES = ruleset("uprising")
PLAIN = ["princess-irulan", "lady-margot-fenring", "lady-amber-metulli", "muad-dib"]
BL = ("bloodlines", "choam")


def new(players: int = 3, modules=BL, leaders=None, seed: int = 1) -> dict:
    ids = ["red", "blue", "green", "yellow"][:players]
    game = {"system": "imperium", "edition": "uprising", "modules": list(modules),
            "players": [{"id": p, "leader": lead} for p, lead in zip(ids, (leaders or PLAIN)[:players], strict=True)]}
    state = RULES.new_state(game, {"seed": seed})
    while (dealt := RULES.deal(state)) is not None:
        if dealt.data["do"] == "deal-objectives":  # red takes the first-player objective
            others = [o for o in sorted(dealt.data["objectives"].values())
                      if o != "objective-desert-mouse-first-player"]
            dealt = Action({"by": "chance", "do": "deal-objectives", "objectives": dict(
                zip(ids, ["objective-desert-mouse-first-player", *others], strict=True))})
        RULES.apply(state, dealt, dealt=True)
    assert top(state) == {"t": "turn", "player": "red"}
    return state


def deal(state: dict) -> None:
    deal_to_decision(RULES, state)


def act(state: dict, by: str, do: str, **args):
    outcome = RULES.apply(state, Action({"by": by, "do": do, **args}))
    deal(state)
    return outcome


def choose(state: dict, by: str, **answer):
    return act(state, by, "choose", **answer)


def legal(state: dict) -> list[dict]:
    return [{k: v for k, v in a.data.items() if k != "by"} for a in RULES.legal_actions(state)]


def spy(state: dict, pid: str, post: str) -> None:
    state["board"]["spies"][post] = pid
    state["board"]["spies"] = dict(sorted(state["board"]["spies"].items()))
    P(state, pid)["spies"] -= 1


def resolve_steps(state: dict, pid: str, steps: list, src: str = "card:test") -> None:
    """Run effect steps for `pid` as if a card had them (boxes whose window is long to reach)."""
    g = Game(state)
    run(g, pid, steps, src)
    RULES.settle(g)
    deal(state)


# --- p. 5: Spy with Deep Cover -------------------------------------------------------------------
def test_arrakis_observer_places_a_deep_cover_spy_beside_an_opponents_spy():
    """Seed p. 5: discard a card to place a Spy, on a free post or one held by opponents' Spies,
    never one of your own; discarding a Spacing Guild card gives 2 spice as well."""
    st = new()
    hand(st, "red", ["arrakis-observer", "corrupt-bureaucrat"])
    spy(st, "blue", "post-refinery-arrakeen")
    spy(st, "red", "post-emperor")
    act(st, "red", "send-agent", card="arrakis-observer", space="arrakeen")
    act(st, "red", "resolve", effect="card:arrakis-observer")
    choose(st, "red", option="pay")  # discard a card
    choose(st, "red", card="corrupt-bureaucrat")
    posts = {a.get("post") for a in legal(st)}
    assert "post-refinery-arrakeen" in posts  # an opponent's Spy is ignored
    assert "post-emperor" not in posts  # never onto one's own
    assert "post-guild" in posts  # a free post as usual
    choose(st, "red", post="post-refinery-arrakeen")
    g = Game(st)
    assert spies_on_board(g, "red") == 2 and spies_on_board(g, "blue") == 1
    assert P(st, "red")["spice"] == 2  # Corrupt Bureaucrat is a Spacing Guild card
    assert P(st, "red")["solari"] == 3  # and its "discarded" box: 3 Solari
    assert violations(st) == []


def test_a_plain_spy_still_needs_a_free_post():
    st = new()
    spy(st, "blue", "post-emperor")
    resolve_steps(st, "red", [{"spy": 1}])
    assert "post-emperor" not in {a.get("post") for a in legal(st)}


# --- p. 5: Command (6+) -------------------------------------------------------------------------
def reveal_i_believe(others: list[str]) -> dict:
    st = new()
    hand(st, "red", ["i-believe", *others])
    act(st, "red", "reveal")
    return st


def test_i_believe_recruits_two_troops_with_six_persuasion():
    """Seed p. 5: I Believe (1) and 5 more Persuasion: Command recruits two troops, which go to
    the garrison."""
    st = reveal_i_believe(["convincing-argument", "convincing-argument", "reconnaissance"])
    for card in ("convincing-argument", "convincing-argument", "reconnaissance"):
        act(st, "red", "resolve", effect=next(a["effect"] for a in legal(st)
                                               if a.get("effect", "").startswith(f"reveal:{card}")))
    garrison = P(st, "red")["troops"]["garrison"]
    outcome = act(st, "red", "resolve", effect="reveal:i-believe")
    assert P(st, "red")["persuasion"] == 6
    assert P(st, "red")["troops"]["garrison"] == garrison + 2
    assert "bloodlines.command" in outcome.rulings


def test_i_believe_with_five_persuasion_recruits_nothing():
    st = reveal_i_believe(["convincing-argument", "convincing-argument"])
    garrison = P(st, "red")["troops"]["garrison"]
    for eff in ("reveal:convincing-argument", "reveal:convincing-argument#2", "reveal:i-believe"):
        act(st, "red", "resolve", effect=eff)
    assert P(st, "red")["persuasion"] == 5
    assert P(st, "red")["troops"]["garrison"] == garrison
    assert not any(n.startswith("command:") for n in st["turn"]["nodes"])


def test_command_resolved_first_waits_for_the_turns_total():
    """The whole Reveal turn counts: I Believe resolved first (1 Persuasion) waits for the other
    boxes, and applies once they bring the total to 6; acquiring meanwhile does not lower it."""
    st = reveal_i_believe(["convincing-argument", "convincing-argument", "reconnaissance"])
    garrison = P(st, "red")["troops"]["garrison"]
    act(st, "red", "resolve", effect="reveal:i-believe")
    assert P(st, "red")["troops"]["garrison"] == garrison
    assert "command:1" in st["turn"]["nodes"]
    with pytest.raises(IllegalAction) as err:
        act(st, "red", "resolve", effect="command:1")
    assert err.value.code == "timing.out-of-order" and "bloodlines.command-whole-turn" in err.value.rulings
    for eff in ("reveal:convincing-argument", "reveal:convincing-argument#2", "reveal:reconnaissance"):
        act(st, "red", "resolve", effect=eff)
    P(st, "red")["persuasion"] -= 2  # as if 2 were spent on a card: generated still counts 6
    act(st, "red", "resolve", effect="command:1")
    assert P(st, "red")["troops"]["garrison"] == garrison + 2


def test_command_short_of_six_lapses_after_the_other_boxes():
    st = reveal_i_believe(["convincing-argument"])
    garrison = P(st, "red")["troops"]["garrison"]
    act(st, "red", "resolve", effect="reveal:i-believe")
    act(st, "red", "resolve", effect="reveal:convincing-argument")
    act(st, "red", "resolve", effect="command:1")
    assert P(st, "red")["troops"]["garrison"] == garrison


def test_the_high_council_seat_counts_toward_command():
    st = new()
    P(st, "red")["seat"] = True
    hand(st, "red", ["bombast", "convincing-argument"])
    act(st, "red", "reveal")
    solari = P(st, "red")["solari"]
    act(st, "red", "resolve", effect="reveal:convincing-argument")
    act(st, "red", "resolve", effect="reveal:bombast")  # 1 + 2 + the seat's 2 = 5: not yet
    assert P(st, "red")["solari"] == solari
    st = new()
    P(st, "red")["seat"] = True
    hand(st, "red", ["bombast", "convincing-argument", "reconnaissance"])
    act(st, "red", "reveal")
    for eff in ("reveal:convincing-argument", "reveal:reconnaissance", "reveal:bombast"):
        act(st, "red", "resolve", effect=eff)
    assert P(st, "red")["solari"] == solari + 3  # 6 with the seat: 3 Solari, Bombast trashed
    assert "bombast" in P(st, "red")["trashed"]


# --- p. 5: wild battle icons ----------------------------------------------------------------------
def test_two_wild_icons_do_not_pair_during_the_game():
    from adjudicator.imperium.combat import pair_icon

    st = new()
    P(st, "red")["conflicts"] = [{"id": "skirmish-wild", "flipped": False},
                                 {"id": "storms-in-the-south", "flipped": False}]
    pair_icon(Game(st), "red", "wild", "storms-in-the-south")
    assert P(st, "red")["vp"] == 0 and not any(c["flipped"] for c in P(st, "red")["conflicts"])


def conflict_with(level: int, icon: str) -> str:
    return next(c for c, d in sorted(RULES.content.conflicts.items())
                if d.get("battle_icon") == icon and d["level"] == level and "expansion" not in d)


def test_steve_pairs_each_wild_icon_with_a_standard_one():
    """Seed p. 5: Propaganda and Storms in the South in Steve's supply pair with each other
    for 1 VP, or each with its own standard icon for 1 VP each: with two standard icons
    unmatched, the Endgame gives 2 VP."""
    st = new()
    crysknife, mouse = conflict_with(2, "crysknife"), conflict_with(2, "desert-mouse")
    P(st, "red")["conflicts"] = [{"id": propaganda(), "flipped": False},
                                 {"id": "storms-in-the-south", "flipped": False},
                                 {"id": crysknife, "flipped": False}, {"id": mouse, "flipped": False}]
    P(st, "red")["objectives"] = []  # not the first-player Objective here
    vp = P(st, "red")["vp"]
    pair_wild_objectives(Game(st))
    assert P(st, "red")["vp"] == vp + 2
    assert all(c["flipped"] for c in P(st, "red")["conflicts"])


def propaganda() -> str:
    return conflict_with(3, "wild")  # Uprising's Propaganda


def test_steve_pairs_his_two_wild_icons_with_each_other():
    st = new()
    P(st, "red")["conflicts"] = [{"id": propaganda(), "flipped": False},
                                 {"id": "storms-in-the-south", "flipped": False}]
    P(st, "red")["objectives"] = []
    vp = P(st, "red")["vp"]
    g = Game(st)
    pair_wild_objectives(g)
    assert P(st, "red")["vp"] == vp + 1 and "bloodlines.wild-battle-icons" in g.rulings


# --- Imperium cards -------------------------------------------------------------------------------
def test_sandwalk_draws_only_after_two_spice_gained_this_turn():
    for gained, drawn in ((2, 1), (1, 0)):
        st = new()
        hand(st, "red", ["sandwalk"])
        st["board"]["bonus_spice"]["imperial-basin"] = gained - 1
        act(st, "red", "send-agent", card="sandwalk", space="imperial-basin")
        act(st, "red", "resolve", effect="space:imperial-basin")  # 1 spice plus the bonus
        assert P(st, "red")["spice"] == gained
        act(st, "red", "resolve", effect="card:sandwalk")
        assert len(P(st, "red")["hand"]) == drawn


def test_imperial_throneship_needs_four_units_in_the_garrison():
    for garrison, persuasion, solari in ((4, 3, 3), (3, 2, 0)):
        st = new()
        hand(st, "red", ["imperial-throneship"])
        P(st, "red")["troops"]["supply"] += P(st, "red")["troops"]["garrison"] - garrison
        P(st, "red")["troops"]["garrison"] = garrison
        before = P(st, "red")["solari"]
        act(st, "red", "reveal")
        act(st, "red", "resolve", effect="reveal:imperial-throneship")
        assert P(st, "red")["persuasion"] == persuasion and P(st, "red")["solari"] == before + solari


def test_elite_forces_rewards_trashing_an_emperor_card():
    for trashed, intrigue in (("intelligence-training", 1), ("dagger", 0)):
        st = new()
        hand(st, "red", ["elite-forces", trashed])
        act(st, "red", "send-agent", card="elite-forces", space="dutiful-service")
        recruits = P(st, "red")["troops"]["garrison"]
        act(st, "red", "resolve", effect="card:elite-forces")
        choose(st, "red", card=trashed, zone="hand")
        assert trashed in P(st, "red")["trashed"]
        assert len(P(st, "red")["intrigue"]) == intrigue
        assert P(st, "red")["troops"]["garrison"] == recruits + intrigue


def test_choam_demands_completes_a_contract_whatever_its_condition():
    st = new()
    hand(st, "red", ["choam-demands"])
    P(st, "red")["contracts"] = ["contract-bl-secrets"]
    act(st, "red", "send-agent", card="choam-demands", space="gather-support")
    act(st, "red", "resolve", effect="card:choam-demands")
    solari = P(st, "red")["solari"]
    choose(st, "red", contract="contract-bl-secrets")
    pl = P(st, "red")
    assert pl["contracts"] == [] and pl["completed"] == 1 and pl["solari"] == solari + 2
    assert len(pl["hand"]) == 1  # and a card drawn


def test_mercantile_affairs_draws_intrigue_after_a_contract_completed_this_turn():
    st = new()
    hand(st, "red", ["mercantile-affairs"])
    P(st, "red")["contracts"] = ["contract-bl-secrets"]
    act(st, "red", "send-agent", card="mercantile-affairs", space="secrets")
    act(st, "red", "resolve", effect="card:mercantile-affairs")
    assert P(st, "red")["intrigue"] == []  # no contract completed yet
    st = new()
    hand(st, "red", ["mercantile-affairs"])
    P(st, "red")["contracts"] = ["contract-bl-secrets"]
    act(st, "red", "send-agent", card="mercantile-affairs", space="secrets")
    act(st, "red", "resolve", effect="contract:contract-bl-secrets")
    act(st, "red", "resolve", effect="card:mercantile-affairs")
    assert len(P(st, "red")["intrigue"]) == 1


def test_engineered_miracle_acquires_any_row_card_free():
    st = new()
    set_row(st, ["possible-futures", "holy-war", "sandwalk", "bombast", "i-believe"])
    solari, persuasion = P(st, "red")["solari"], P(st, "red")["persuasion"]
    resolve_steps(st, "red", [{"custom": "acquire-row-card"}])
    assert {"do": "choose", "card": "possible-futures"} in legal(st)  # cost 8: no limit
    choose(st, "red", card="possible-futures")
    pl = P(st, "red")
    assert "possible-futures" in pl["discard"] and "possible-futures" not in st["row"]
    assert len(st["row"]) == 5 and pl["solari"] == solari and pl["persuasion"] == persuasion
    assert pl["water"] == 1 + 1  # its acquire box


def test_holy_war_each_opponent_loses_a_troop_and_spies_move():
    st = new()
    hand(st, "red", ["holy-war"])
    blue, green = P(st, "blue")["troops"], P(st, "green")["troops"]
    blue["garrison"], blue["conflict"], blue["supply"] = 2, 1, blue["supply"] + blue["garrison"] - 3
    green["supply"] += green["garrison"]
    green["garrison"] = 0
    spy(st, "blue", "post-emperor")
    act(st, "red", "send-agent", card="holy-war", space="dutiful-service")
    act(st, "red", "resolve", effect="card:holy-war")
    assert top(st)["player"] == "blue" and top(st)["kind"] == "lose-troop"  # green has none to lose
    assert {a.get("zone") for a in legal(st)} == {"conflict", "garrison"}
    supply = blue["supply"]
    choose(st, "blue", zone="conflict")
    assert blue["conflict"] == 0 and blue["supply"] == supply + 1
    assert top(st)["kind"] == "move-spy" and top(st)["player"] == "blue"
    assert {"post": "post-emperor"} not in legal(st)
    choose(st, "blue", post="post-guild")
    assert st["board"]["spies"] == {"post-guild": "blue"}


def test_disruption_tactics_makes_an_opponent_retreat():
    st = new()
    hand(st, "red", ["disruption-tactics"])
    blue = P(st, "blue")["troops"]
    blue["conflict"], blue["garrison"] = 2, blue["garrison"] - 2
    act(st, "red", "send-agent", card="disruption-tactics", space="fremkit")
    act(st, "red", "resolve", effect="card:disruption-tactics")
    assert legal(st) == [{"do": "choose", "player": "blue"}]
    choose(st, "red", player="blue")
    assert blue["conflict"] == 1


def test_urgent_shigawire_boosts_the_next_bene_gesserit_card():
    st = new()
    hand(st, "red", ["urgent-shigawire"])
    act(st, "red", "send-agent", card="urgent-shigawire", space="secrets")
    act(st, "red", "resolve", effect="card:urgent-shigawire")
    assert P(st, "red")["bg_boost"] == st["round"]
    st = new()
    hand(st, "red", ["shrouded-counsel"])  # Bene Gesserit, the Spy icon only
    P(st, "red")["bg_boost"] = st["round"]
    act(st, "red", "send-agent", card="shrouded-counsel", space="fremkit")  # a Fremen space
    act(st, "red", "resolve", effect="card:shrouded-counsel")
    pl = P(st, "red")
    assert len(pl["intrigue"]) == 1 and len(pl["hand"]) == 1  # its box, and the card drawn
    assert "bg_boost" not in pl  # used up
    st = new()
    hand(st, "red", ["urgent-shigawire"])
    with pytest.raises(IllegalAction) as err:  # without the boost: its own icons only
        act(st, "red", "send-agent", card="urgent-shigawire", space="fremkit")
    assert err.value.code == "agent.icon-mismatch"


# --- Intrigue cards ---------------------------------------------------------------------------------
def test_insider_information_lifts_influence_requirements_for_this_turn():
    st = new()
    hand(st, "red", ["dune-the-desert-planet"])
    P(st, "red")["spice"] = 3
    with pytest.raises(IllegalAction) as err:
        act(st, "red", "send-agent", card="dune-the-desert-planet", space="shipping")  # needs 2 Spacing Guild
    assert err.value.code == "agent.influence-requirement"
    P(st, "red")["spice"] = 3
    give_intrigue(st, "red", ["insider-information"])
    act(st, "red", "play-intrigue", card="insider-information")
    choose(st, "red", option=1)
    outcome = act(st, "red", "send-agent", card="dune-the-desert-planet", space="shipping")
    assert "card.insider-information" in outcome.rulings and P(st, "red")["placed"] == ["shipping"]


def test_return_the_favor_counts_factions_with_two_influence():
    st = new()
    P(st, "red")["influence"].update({"emperor": 2, "guild": 3, "fremen": 1})
    resolve_steps(st, "red", RULES.content.intrigues["return-the-favor"]["combat"], "intrigue:return-the-favor")
    assert P(st, "red")["swords"] == 1 + 2


def test_sacred_pools_endgame_needs_three_water():
    for water, vp in ((3, 1), (2, 0)):
        st = new()
        P(st, "red")["water"] = water
        before = P(st, "red")["vp"]
        resolve_steps(st, "red", RULES.content.intrigues["sacred-pools"]["endgame"], "intrigue:sacred-pools")
        assert P(st, "red")["vp"] == before + vp


def test_grasp_arrakis_flips_two_conflict_cards_for_a_victory_point():
    from adjudicator.imperium.registry import INTRIGUE_CHECKS

    st = new()
    step = RULES.content.intrigues["grasp-arrakis"]["endgame"][0]
    P(st, "red")["conflicts"] = [{"id": "storms-in-the-south", "flipped": False}]
    with pytest.raises(IllegalAction) as err:
        INTRIGUE_CHECKS["flip-conflict-cards"](Game(st), top(st), "red", "grasp-arrakis", step)
    assert err.value.code == "intrigue.precondition" and err.value.rulings == ("card.grasp-arrakis",)
    P(st, "red")["conflicts"].append({"id": "skirmish-wild", "flipped": False})
    P(st, "red")["conflicts"].append({"id": propaganda(), "flipped": True})
    vp = P(st, "red")["vp"]
    resolve_steps(st, "red", [step], "intrigue:grasp-arrakis")
    assert legal(st) == [{"do": "choose", "option": 0}, {"do": "choose", "option": 1}]
    choose(st, "red", option=1)
    choose(st, "red", option=0)
    assert all(c["flipped"] for c in P(st, "red")["conflicts"]) and P(st, "red")["vp"] == vp + 1


# --- CHOAM (p. 2) -----------------------------------------------------------------------------------
def face_up(st: dict, contract: str) -> None:
    contracts = st["contracts"]
    contracts["pile"] = sorted(contracts["pile"] + contracts["face_up"])
    contracts["pile"].remove(contract)
    contracts["face_up"] = [contract]


def test_the_immediate_contract_needs_an_intrigue_card_to_trash():
    st = new()
    face_up(st, "contract-bl-immediate")
    resolve_steps(st, "red", [{"contract": 1}])
    assert {"do": "choose", "contract": "contract-bl-immediate"} not in legal(st)
    with pytest.raises(IllegalAction) as err:
        choose(st, "red", contract="contract-bl-immediate")
    assert err.value.code == "choam.contract-needs-intrigue"
    assert "choam.immediate-needs-intrigue" in err.value.rulings
    st = new()
    face_up(st, "contract-bl-immediate")
    give_intrigue(st, "red", ["sacred-pools"])
    cards = len(P(st, "red")["hand"])
    resolve_steps(st, "red", [{"contract": 1}])
    choose(st, "red", contract="contract-bl-immediate")  # Immediate: completed at once
    choose(st, "red", option=0)  # the Intrigue card trashed
    pl = P(st, "red")
    assert pl["completed"] == 1 and "sacred-pools" not in pl["intrigue"]
    assert "sacred-pools" in st["intrigue_trashed"]
    assert len(pl["intrigue"]) == 1 and len(pl["hand"]) == cards + 1  # an Intrigue card, a card drawn


def test_earn_any_alliance_completes_on_the_next_new_alliance():
    st = new()
    P(st, "red")["contracts"] = ["contract-bl-earn-alliance"]
    P(st, "red")["influence"]["emperor"] = 3
    solari, garrison = P(st, "red")["solari"], P(st, "red")["troops"]["garrison"]
    resolve_steps(st, "red", [{"influence": 1, "faction": "guild"}])
    assert P(st, "red")["contracts"] == ["contract-bl-earn-alliance"]  # no Alliance taken
    resolve_steps(st, "red", [{"influence": 1, "faction": "emperor"}])  # the 4th: the Alliance
    assert st["alliances"]["emperor"] == "red"
    pl = P(st, "red")
    assert pl["contracts"] == [] and pl["completed"] == 1
    assert pl["solari"] == solari + 2 and pl["troops"]["garrison"] == garrison + 2


def test_an_alliance_already_held_does_not_complete_it():
    st = new()
    st["alliances"]["emperor"] = "red"
    P(st, "red")["influence"]["emperor"] = 4
    P(st, "red")["contracts"] = ["contract-bl-earn-alliance"]
    resolve_steps(st, "red", [{"influence": 1, "faction": "emperor"}])
    assert P(st, "red")["contracts"] == ["contract-bl-earn-alliance"]


def test_coercive_negotiation_reveals_three_contracts_and_trashes_two():
    st = new()
    pile = len(st["contracts"]["pile"])
    resolve_steps(st, "red", [{"custom": "reveal-contracts-take-one", "reveal": 3}])
    seen = P(st, "red")["revealed_contracts"]
    assert len(seen) == 3 and len(st["contracts"]["pile"]) == pile - 3
    keep = next(c for c in seen if not RULES.content.contracts[c]["condition"].get("immediate"))
    choose(st, "red", contract=keep)
    assert keep in P(st, "red")["contracts"] + P(st, "red")["completed_contracts"]
    assert sorted(st["contracts"]["trashed"]) == sorted(c for c in seen if c != keep)
    assert "revealed_contracts" not in P(st, "red")
