"""Bloodlines leaders (issue #11): Chani's Tactics token and its reset, Fenring, Duncan Idaho's
Ginaz Swordmaster, Mohiam's Spy icon, Liet Kynes's Sietch Tabr, Piter De Vries's Twisted
Intrigue deck, draws and cards, Steersman Y'rkoon's Navigation cards and Strange Form (rules
manual pp. 2-3 and the back cover's Clarifications, p. 12)."""

from __future__ import annotations

import pytest
from helpers import P, hand, top
from test_bloodlines_cards import RULES, act, choose, legal, resolve_steps, spy

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.game import Game
from adjudicator.imperium.turns import space_cost

OTHERS = ["princess-irulan", "lady-amber-metulli", "muad-dib"]
BL = ("bloodlines", "choam")


def new(leader: str, players: int = 3, modules=BL, seed: int = 1) -> dict:
    """A game with `leader` for red, dealt up to red's first decision (setup choices answered
    with the first card offered)."""
    ids = ["red", "blue", "green", "yellow"][:players]
    leaders = [leader, *OTHERS][:players]
    game = {"system": "imperium", "edition": "uprising", "modules": list(modules),
            "players": [{"id": p, "leader": lead} for p, lead in zip(ids, leaders, strict=True)]}
    state = RULES.new_state(game, {"seed": seed})
    for _ in range(50):
        dealt = RULES.deal(state)
        if dealt is not None:
            if dealt.data["do"] == "deal-objectives":  # red takes the first-player objective
                others = [o for o in sorted(dealt.data["objectives"].values())
                          if o != "objective-desert-mouse-first-player"]
                dealt = Action({"by": "chance", "do": "deal-objectives", "objectives": dict(
                    zip(ids, ["objective-desert-mouse-first-player", *others], strict=True))})
            RULES.apply(state, dealt, dealt=True)
        elif top(state)["t"] == "choice":
            RULES.apply(state, RULES.legal_actions(state)[0])
        else:
            break
    assert top(state) == {"t": "turn", "player": "red"}
    return state


# --- Chani ----------------------------------------------------------------------------------------
def test_chanis_token_starts_on_the_third_space_and_pays_at_the_sixth():
    st = new("chani-leader")
    pl = P(st, "red")
    assert pl["tactics"] == 3
    pl["troops"]["conflict"], pl["troops"]["garrison"] = 3, pl["troops"]["garrison"] - 3
    spice = pl["spice"]
    resolve_steps(st, "red", [{"retreat": 3}])
    choose(st, "red", count=3)
    assert pl["tactics"] == 6 and pl["spice"] == spice + 1


def test_chanis_token_resets_after_the_last_space_and_loses_the_extra_movement():
    """Back cover: reaching the rightmost space sends the token back to its start; troops beyond
    it do not move it further."""
    st = new("chani-leader")
    pl = P(st, "red")
    pl["tactics"] = 10
    pl["troops"]["conflict"], pl["troops"]["garrison"] = 3, pl["troops"]["garrison"] - 3
    water, spice = pl["water"], pl["spice"]
    g = Game(st)
    from adjudicator.imperium.steps import run

    run(g, "red", [{"retreat": 3}], "card:test")
    RULES.settle(g)
    outcome = act(st, "red", "choose", count=3)
    assert pl["tactics"] == 3  # space 11 reached with the 1st troop: back to the start, 2 lost
    assert pl["water"] == water + 1 and pl["spice"] == spice  # the 11th's water, not the 6th's spice
    assert "leader.chani-tactics-overflow" in outcome.rulings


def test_troops_an_opponent_makes_chani_lose_move_her_token():
    st = new("chani-leader")
    pl = P(st, "red")
    pl["troops"]["conflict"], pl["troops"]["garrison"] = 1, 0
    resolve_steps(st, "blue", [{"custom": "each-opponent-loses-troop", "count": 1}])
    choose(st, "red", zone="conflict")
    assert pl["tactics"] == 4 and pl["troops"]["conflict"] == 0


# --- Fenring, Duncan, Mohiam, Liet ---------------------------------------------------------------------
def test_fenring_gains_a_solari_per_card_trashed_not_per_intrigue():
    st = new("count-hasimir-fenring-leader")
    solari = P(st, "red")["solari"]
    resolve_steps(st, "red", [{"trash": 1, "from": ["hand"]}])
    choose(st, "red", card=P(st, "red")["hand"][0], zone="hand")
    assert P(st, "red")["solari"] == solari + 1
    st["players"]["red"]["intrigue"] = ["sacred-pools"]
    st["intrigue_deck"]["cards"].remove("sacred-pools")
    resolve_steps(st, "red", [{"custom": "trash-intrigue", "count": 1}])
    choose(st, "red", option=0)
    assert P(st, "red")["solari"] == solari + 1 and P(st, "red")["intrigue"] == []


def test_duncan_pays_two_solari_less_for_the_swordmaster():
    st = new("duncan-idaho-leader")
    g = Game(st)
    space = RULES.content.spaces["swordmaster"]
    assert space_cost(g, space, "red") == {"solari": 6}
    assert space_cost(g, space, "blue") == {"solari": 8}
    assert space_cost(g, RULES.content.spaces["high-council"], "red") == {"solari": 5}


def test_mohiams_cards_all_have_the_spy_icon():
    st = new("gaius-helen-mohiam-leader")
    hand(st, "red", ["convincing-argument"])  # no Agent icon at all
    spy(st, "red", "post-emperor")
    act(st, "red", "send-agent", card="convincing-argument", space="dutiful-service", gather="post-emperor")
    assert P(st, "red")["placed"] == ["dutiful-service"]


def test_liet_ignores_sietch_tabrs_requirement():
    st = new("liet-kynes-leader")
    hand(st, "red", ["reconnaissance"])
    act(st, "red", "send-agent", card="reconnaissance", space="sietch-tabr")
    assert P(st, "red")["placed"] == ["sietch-tabr"] and P(st, "red")["influence"]["fremen"] == 0
    st = new("princess-irulan")
    hand(st, "red", ["reconnaissance"])
    with pytest.raises(IllegalAction) as err:
        act(st, "red", "send-agent", card="reconnaissance", space="sietch-tabr")
    assert err.value.code == "agent.influence-requirement"


# --- Piter De Vries -----------------------------------------------------------------------------------
def test_piter_draws_a_twisted_intrigue_card_each_round_start():
    st = new("piter-de-vries-leader")
    pl = P(st, "red")
    assert len(pl["twisted_deck"]) == 11 and len(pl["intrigue"]) == 1
    assert RULES.content.intrigues[pl["intrigue"][0]]["twisted"]
    assert not any(RULES.content.intrigues[c].get("twisted") for c in st["intrigue_deck"]["cards"])
    assert all("twisted_deck" not in P(st, q) for q in ("blue", "green"))


def test_a_recorded_twisted_draw_must_come_from_his_deck():
    st = new("piter-de-vries-leader")
    pl = P(st, "red")
    gone = pl["intrigue"][0]
    g = Game(st)
    g.push({"t": "chance", "kind": "draw-twisted", "player": "red", "n": 1})
    with pytest.raises(IllegalAction) as err:
        RULES.apply(st, Action({"by": "chance", "do": "draw-twisted", "player": "red", "cards": [gone]}))
    assert err.value.code == "chance.card-not-available"
    assert "leader.piter-twisted-intrigue" in err.value.rulings
    card = pl["twisted_deck"][0]
    RULES.apply(st, Action({"by": "chance", "do": "draw-twisted", "player": "red", "cards": [card]}))
    assert sorted(pl["intrigue"]) == sorted([gone, card]) and card not in pl["twisted_deck"]


def give_twisted(st: dict, card: str) -> None:
    pl = P(st, "red")
    if card not in pl["intrigue"]:
        pl["twisted_deck"].append(pl["intrigue"].pop())
        pl["twisted_deck"].remove(card)
        pl["twisted_deck"].sort()
        pl["intrigue"] = [card]


def test_sadistic_costs_a_troop_and_draws_a_card():
    st = new("piter-de-vries-leader")
    give_twisted(st, "twisted-sadistic")
    cards, supply = len(P(st, "red")["hand"]), P(st, "red")["troops"]["supply"]
    act(st, "red", "play-intrigue", card="twisted-sadistic")
    choose(st, "red", zone="garrison")
    assert P(st, "red")["troops"]["supply"] == supply + 1 and len(P(st, "red")["hand"]) == cards + 1
    st = new("piter-de-vries-leader")
    give_twisted(st, "twisted-sadistic")
    troops = P(st, "red")["troops"]
    troops["supply"] += troops["garrison"]
    troops["garrison"] = 0
    with pytest.raises(IllegalAction) as err:
        act(st, "red", "play-intrigue", card="twisted-sadistic")
    assert err.value.code == "intrigue.cost" and err.value.rulings == ("troop.lose-to-supply",)


def test_unnatural_trashes_another_intrigue_card():
    st = new("piter-de-vries-leader")
    give_twisted(st, "twisted-unnatural")
    with pytest.raises(IllegalAction) as err:  # nothing else to trash
        act(st, "red", "play-intrigue", card="twisted-unnatural")
    assert err.value.code == "intrigue.cost" and err.value.rulings == ("bloodlines.trash-intrigue-icon",)
    st["intrigue_deck"]["cards"].remove("sacred-pools")
    P(st, "red")["intrigue"] = sorted(P(st, "red")["intrigue"] + ["sacred-pools"])
    garrison = P(st, "red")["troops"]["garrison"]
    act(st, "red", "play-intrigue", card="twisted-unnatural")
    choose(st, "red", card="sacred-pools")
    pl = P(st, "red")
    assert "sacred-pools" in st["intrigue_trashed"] and len(pl["intrigue"]) == 1  # one drawn
    assert pl["troops"]["garrison"] == garrison + 1  # not a Twisted card: a troop too


def test_insidious_gives_an_intrigue_card_to_an_opponent():
    st = new("piter-de-vries-leader")
    give_twisted(st, "twisted-insidious")
    st["intrigue_deck"]["cards"].remove("sacred-pools")
    P(st, "red")["intrigue"] = sorted(P(st, "red")["intrigue"] + ["sacred-pools"])
    spice = P(st, "red")["spice"]
    act(st, "red", "play-intrigue", card="twisted-insidious")
    assert {"do": "choose", "card": "sacred-pools", "player": "green"} in legal(st)
    choose(st, "red", card="sacred-pools", player="green")
    assert P(st, "green")["intrigue"] == ["sacred-pools"] and P(st, "red")["spice"] == spice + 2


def test_controlled_looks_at_the_top_card_and_buys_it():
    st = new("piter-de-vries-leader")
    give_twisted(st, "twisted-controlled")
    pl = P(st, "red")
    pl["solari"] = 1
    cards = len(pl["hand"])
    act(st, "red", "play-intrigue", card="twisted-controlled")
    assert {"do": "choose", "option": "draw"} in legal(st)
    choose(st, "red", option="draw")
    assert len(pl["hand"]) == cards + 1 and pl["solari"] == 0


def test_harkonnen_advisor_recruits_a_troop_that_cannot_deploy():
    st = new("piter-de-vries-leader")
    hand(st, "red", ["signet-ring"])
    garrison = P(st, "red")["troops"]["garrison"]
    act(st, "red", "send-agent", card="signet-ring", space="arrakeen")
    act(st, "red", "resolve", effect="card:signet-ring")
    assert P(st, "red")["troops"]["garrison"] == garrison + 1
    act(st, "red", "resolve", effect="space:arrakeen")  # its own recruit: 1
    assert max(a["recruited"] for a in legal(st) if a["do"] == "deploy") == 1


# --- Steersman Y'rkoon --------------------------------------------------------------------------------
def test_yrkoon_keeps_four_navigation_cards_and_starts_without_water_or_signet():
    st = new("steersman-yrkoon-leader")
    pl = P(st, "red")
    assert len(pl["navigation"]) == 4 and "navigation_drawn" not in pl
    assert len(set(pl["navigation"])) == 4 and set(pl["navigation"]) <= set(RULES.content.navigation)
    assert pl["water"] == 0
    assert "signet-ring" not in pl["deck"]["cards"] + pl["hand"] + pl["discard"]


def test_reaching_two_influence_plays_the_next_navigation_card():
    """Back cover: each time Y'rkoon reaches 2 Influence with a Faction, again after losing it,
    the next Navigation card from the left is played."""
    st = new("steersman-yrkoon-leader")
    pl = P(st, "red")
    pl["navigation"] = ["navigation-water-guild", "navigation-solari-persuasion",
                        "navigation-troops", "navigation-draw-or-vp"]
    pl["influence"]["guild"] = 1
    resolve_steps(st, "red", [{"influence": 1, "faction": "guild"}])
    assert pl["water"] == 1 and pl["spice"] == 1  # 1 water, and 1 spice: played for the Guild
    resolve_steps(st, "red", [{"influence": -1, "faction": "guild"}, {"influence": 1, "faction": "guild"}])
    assert pl["solari"] == 2 and "reveal_persuasion" not in pl  # slot 2: no lasting Persuasion
    assert pl["navigation"] == ["navigation-troops", "navigation-draw-or-vp"]


def test_the_fourth_slot_gives_persuasion_in_every_reveal_turn():
    st = new("steersman-yrkoon-leader")
    pl = P(st, "red")
    pl["navigation"] = ["navigation-solari-persuasion"]
    pl["navigation_played"] = [{"card": c, "slot": i + 1, "faction": "emperor"}
                               for i, c in enumerate(["navigation-troops", "navigation-draw-or-vp",
                                                      "navigation-spice-intrigue"])]
    pl["influence"]["fremen"] = 1
    resolve_steps(st, "red", [{"influence": 1, "faction": "fremen"}])
    assert pl["reveal_persuasion"] == 1
    hand(st, "red", ["convincing-argument"])
    act(st, "red", "reveal")
    assert pl["persuasion"] == 1
    act(st, "red", "resolve", effect="reveal:convincing-argument")
    assert pl["persuasion"] == 3


def test_devious_trashes_a_card_from_hand_without_a_way_out():
    st = new("piter-de-vries-leader")
    give_twisted(st, "twisted-devious")
    act(st, "red", "play-intrigue", card="twisted-devious")
    choose(st, "red", option=0)
    offers = legal(st)
    assert {"do": "choose", "option": "skip"} not in offers and offers
    card = P(st, "red")["hand"][0]
    choose(st, "red", card=card, zone="hand")
    assert card in P(st, "red")["trashed"]


def test_the_first_slot_buys_the_spice_must_flow_for_water():
    st = new("steersman-yrkoon-leader")
    pl = P(st, "red")
    pl["navigation"] = ["navigation-spice-or-tsmf"]
    pl["water"], pl["influence"]["emperor"] = 1, 1
    resolve_steps(st, "red", [{"influence": 1, "faction": "emperor"}])
    choose(st, "red", option=1)
    choose(st, "red", option="pay")
    assert "the-spice-must-flow" in pl["discard"] and pl["water"] == 0
    assert pl["vp"] >= 1  # its acquire box: 1 VP (and the Influence's)


def test_a_later_slot_offers_no_spice_must_flow():
    st = new("steersman-yrkoon-leader")
    pl = P(st, "red")
    pl["navigation"] = ["navigation-spice-or-tsmf"]
    pl["navigation_played"] = [{"card": "navigation-troops", "slot": 1, "faction": "guild"}]
    pl["water"], pl["influence"]["emperor"] = 1, 1
    spice = pl["spice"]
    resolve_steps(st, "red", [{"influence": 1, "faction": "emperor"}])
    choose(st, "red", option=1)  # the second option: not from slot 2
    assert top(st) == {"t": "turn", "player": "red"}  # nothing to pay, nothing acquired
    assert pl["spice"] == spice and pl["water"] == 1 and "the-spice-must-flow" not in pl["discard"]


def test_navigation_influence_goes_to_another_faction_where_he_has_two():
    st = new("steersman-yrkoon-leader")
    pl = P(st, "red")
    pl["navigation"] = ["navigation-spice-or-influence"]
    pl["solari"] = 2
    pl["influence"].update({"emperor": 1, "fremen": 2, "guild": 3})
    resolve_steps(st, "red", [{"influence": 1, "faction": "emperor"}])
    choose(st, "red", option=1)  # its price, 2 Solari, paid by choosing it
    assert sorted(a["faction"] for a in legal(st)) == ["fremen", "guild"]  # not the Emperor
    choose(st, "red", faction="fremen")
    assert pl["influence"]["fremen"] == 3 and pl["solari"] == 0


def test_mohiam_must_gather_intelligence_with_a_spy_next_to_her_space():
    st = new("gaius-helen-mohiam-leader")
    hand(st, "red", ["convincing-argument"])
    spy(st, "red", "post-emperor")
    with pytest.raises(IllegalAction) as err:
        act(st, "red", "send-agent", card="convincing-argument", space="sardaukar")
    assert err.value.code == "spy.must-gather" and err.value.rulings == ("leader.mohiam-clandestine",)
    assert {"do": "send-agent", "card": "convincing-argument", "space": "dutiful-service"} not in legal(st)
    cards = len(P(st, "red")["hand"])
    act(st, "red", "send-agent", card="convincing-argument", space="dutiful-service", gather="post-emperor")
    assert P(st, "red")["spies"] == 3 and len(P(st, "red")["hand"]) == cards  # played one, drew one


def test_liet_trashes_gains_spice_and_draws_intrigue_instead_of_each_sandworm():
    st = new("liet-kynes-leader")
    pl = P(st, "red")
    assert st["board"]["shield_wall"]  # and no Maker Hooks: neither matters
    spice = pl["spice"]
    resolve_steps(st, "red", [{"worm": 2}])
    for _ in range(2):
        card = pl["hand"][0]
        choose(st, "red", card=card, zone="hand")
    assert pl["worms"] == 0 and pl["spice"] == spice + 2 and len(pl["intrigue"]) == 2
    assert len(pl["trashed"]) == 2
    st = new("princess-irulan")
    with pytest.raises(IllegalAction) as err:  # anyone else: no Maker Hooks, no sandworm
        resolve_steps(st, "red", [{"worm": 1}])
    assert err.value.code == "worm.maker-hooks"


# --- Esmar Tuek -----------------------------------------------------------------------------------
def _sietch_turn(st: dict, card: str = "dune-the-desert-planet") -> None:
    hand(st, "red", [card])
    act(st, "red", "send-agent", card=card, space="tueks-sietch")


def _elsewhere(st: dict, card: str) -> None:
    """Red sends an Agent with `card` to the first space it may go to, the Sietch excepted."""
    hand(st, "red", [card])
    act(st, "red", **next(a for a in legal(st) if a["do"] == "send-agent" and a["space"] != "tueks-sietch"))


def test_tueks_sietch_is_on_the_board_only_with_esmar():
    """Seed p. 2 and p. 12: Esmar's player places the Sietch at setup; it is a Maker space."""
    st = new("esmar-tuek-leader")
    assert st["board"]["added_spaces"] == ["tueks-sietch"] and st["board"]["bonus_spice"]["tueks-sietch"] == 0
    st = new("princess-irulan")
    assert "added_spaces" not in st["board"] and "tueks-sietch" not in st["board"]["bonus_spice"]
    hand(st, "red", ["dune-the-desert-planet"])
    assert not [a for a in legal(st) if a.get("space") == "tueks-sietch"]
    with pytest.raises(IllegalAction) as err:
        act(st, "red", "send-agent", card="dune-the-desert-planet", space="tueks-sietch")
    assert err.value.code == "agent.unknown-space" and "leader.esmar-tuek-sietch" in err.value.rulings


def test_esmars_own_agent_at_the_sietch_gains_a_solari_and_the_space():
    st = new("esmar-tuek-leader")
    pl = P(st, "red")
    st["board"]["bonus_spice"]["tueks-sietch"] = 2
    solari, spice = pl["solari"], pl["spice"]
    _sietch_turn(st)
    assert {a["effect"] for a in legal(st) if a["do"] == "resolve"} == {"space:tueks-sietch",
                                                                        "leader:esmar-tuek-leader"}
    outcome = act(st, "red", "resolve", effect="leader:esmar-tuek-leader")
    assert "leader.esmar-tuek-ability" in outcome.rulings and pl["solari"] == solari + 1
    act(st, "red", "resolve", effect="space:tueks-sietch")
    choose(st, "red", option=0)  # 1 spice, and the bonus spice with it
    assert pl["spice"] == spice + 3 and st["board"]["bonus_spice"]["tueks-sietch"] == 0


def test_an_opponents_agent_at_the_sietch_draws_esmar_an_intrigue_card_at_once():
    st = new("esmar-tuek-leader")
    red, blue = P(st, "red"), P(st, "blue")
    _elsewhere(st, "reconnaissance")
    _play_out(st, "red")
    intrigue, solari = len(red["intrigue"]), red["solari"]
    hand(st, "blue", ["dune-the-desert-planet"])
    act(st, "blue", "send-agent", card="dune-the-desert-planet", space="tueks-sietch")
    assert not [a for a in legal(st) if a.get("effect", "").startswith("leader:")]  # not blue's to resolve
    _play_out(st, "blue")
    assert len(red["intrigue"]) == intrigue + 1 and red["solari"] == solari
    assert blue["placed"] == ["tueks-sietch"]


def _play_out(st: dict, pid: str) -> None:
    """`pid`'s turn played out with the first answers offered, ended as soon as it may be."""
    while top(st).get("player") == pid:
        offered = legal(st)
        act(st, pid, **next((a for a in offered if a["do"] == "end-turn"), offered[0]))


def test_the_signet_ring_puts_bonus_spice_on_the_sietch_to_take_the_same_turn():
    """Seed p. 12: the Signet Ring's bonus spice, then the Agent sent there collects it."""
    st = new("esmar-tuek-leader")
    pl = P(st, "red")
    spice = pl["spice"]
    _sietch_turn(st, "signet-ring")
    act(st, "red", "resolve", effect="card:signet-ring")
    assert legal(st) == [{"do": "choose", "option": 0}]  # no bonus spice anywhere: nothing to take
    outcome = choose(st, "red", option=0)
    assert "leader.esmar-tuek-signet" in outcome.rulings and st["board"]["bonus_spice"]["tueks-sietch"] == 1
    act(st, "red", "resolve", effect="space:tueks-sietch")
    choose(st, "red", option=0)
    assert pl["spice"] == spice + 2


def test_the_signet_ring_takes_a_bonus_spice_from_any_maker_space():
    st = new("esmar-tuek-leader")
    pl = P(st, "red")
    st["board"]["bonus_spice"].update({"deep-desert": 1, "hagga-basin": 3})
    spice = pl["spice"]
    _elsewhere(st, "signet-ring")
    act(st, "red", "resolve", effect="card:signet-ring")
    choose(st, "red", option=1)
    assert legal(st) == [{"do": "choose", "space": "deep-desert"}, {"do": "choose", "space": "hagga-basin"}]
    choose(st, "red", space="hagga-basin")
    assert st["board"]["bonus_spice"]["hagga-basin"] == 2 and pl["spice"] == spice + 1


def test_bonus_spice_builds_up_on_an_empty_sietch():
    from adjudicator.imperium.rounds import makers

    st = new("esmar-tuek-leader")
    makers(Game(st), {})
    assert st["board"]["bonus_spice"]["tueks-sietch"] == 1
