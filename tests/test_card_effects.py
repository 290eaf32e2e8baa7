"""Card, Intrigue, leader and contract effects that need more than plain gains: the cost keys of
`pay`, the triggered boxes, the new ops, conditions and counters, and the custom handlers.
Each test builds a position with `ruleset('uprising').new_state`, drives it with `apply` and
`legal_actions`, and checks concrete resources and zones."""

from __future__ import annotations

import pytest
from helpers import P, give, give_intrigue, hand, set_row, top

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import deal as deal_to_decision
from adjudicator.imperium.coverage import not_implemented
from adjudicator.imperium.game import Game, spies_on_board
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.rules import ruleset
from adjudicator.imperium.steps import run

RULES = ruleset("uprising")
PLAIN = ["princess-irulan", "lady-margot-fenring", "lady-amber-metulli", "muad-dib"]  # red: no Reveal-turn ability


# --- helpers -----------------------------------------------------------------------------------
def new(players: int = 3, modules=(), leaders=None, seed: int = 1) -> dict:
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
        RULES.apply(state, dealt, dealt=True)  # in the dealt one's stead: the RNG has advanced already
    assert top(state) == {"t": "turn", "player": "red"}
    return state


ROW = ["double-agent", "guild-spy", "price-is-no-object", "truthtrance", "weirding-woman"]


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








def resolve_steps(state: dict, pid: str, steps: list, src: str) -> None:
    """Run effect steps for `pid` as if a card had them (for boxes whose timing window is hard
    to reach in a short test, e.g. Endgame Intrigue cards)."""
    g = Game(state)
    run(g, pid, steps, src)
    RULES.settle(g)
    deal(state)


def spy(state: dict, pid: str, post: str) -> None:
    state["board"]["spies"][post] = pid
    state["board"]["spies"] = dict(sorted(state["board"]["spies"].items()))
    state["players"][pid]["spies"] -= 1


def finish_agent_turn(state: dict, pid: str) -> None:
    """Resolve what is left of the agent turn with plain choices, then end it."""
    for _ in range(40):
        if top(state)["t"] != "agent":
            return
        options = legal(state)
        resolve = [a for a in options if a["do"] == "resolve"]
        deploy = [a for a in options if a["do"] == "deploy"]
        if resolve:
            act(state, pid, **resolve[0])
        elif deploy:
            act(state, pid, **deploy[0])
        else:
            act(state, pid, "end-turn")
        while top(state)["t"] == "choice":
            answer = next(a for a in legal(state))
            act(state, top(state)["player"], **answer)


# --- coverage ----------------------------------------------------------------------------------
def test_every_effect_in_the_data_is_implemented():
    assert not_implemented("uprising") == []
    assert not_implemented("uprising", ("choam",)) == []


# --- cost keys of `pay` ---------------------------------------------------------------------------
def test_captured_mentat_discard_cost_and_spacing_guilds_favor_discard_trigger():
    st = new()
    hand(st, "red", ["captured-mentat", "spacing-guilds-favor", "dagger"])
    act(st, "red", "send-agent", card="captured-mentat", space="assembly-hall")
    act(st, "red", "resolve", effect="card:captured-mentat")
    assert top(st)["kind"] == "pay"
    choose(st, "red", option="pay")
    assert top(st)["kind"] == "discard"
    assert {"card": "spacing-guilds-favor"} in [{k: v for k, v in a.items() if k != "do"} for a in legal(st)]
    spice, intrigue = P(st, "red")["spice"], len(P(st, "red")["intrigue"])
    choose(st, "red", card="spacing-guilds-favor")
    pl = P(st, "red")
    assert "spacing-guilds-favor" in pl["discard"]
    assert pl["spice"] == spice + 2  # discarded from hand: +2 spice
    assert len(pl["intrigue"]) == intrigue + 1
    assert len(pl["hand"]) == 2  # dagger + the card drawn
    assert violations(st) == []


def test_spacing_guilds_favor_is_not_triggered_by_clean_up():
    st = new()
    hand(st, "red", ["spacing-guilds-favor"])
    act(st, "red", "reveal")
    spice = P(st, "red")["spice"]
    finish_reveal(st, "red")
    assert "spacing-guilds-favor" in P(st, "red")["discard"]
    assert P(st, "red")["spice"] == spice


def finish_reveal(state: dict, pid: str) -> None:
    for _ in range(40):
        if top(state)["t"] != "reveal":
            return
        options = legal(state)
        resolve = [a for a in options if a["do"] == "resolve"]
        if resolve:
            act(state, pid, **resolve[0])
        else:
            act(state, pid, "end-turn")
        while top(state)["t"] == "choice":
            options = legal(state)
            skip = [a for a in options if a.get("option") == "skip"]
            act(state, top(state)["player"], **(skip or options)[0])


def test_calculus_of_power_trashes_another_emperor_card_and_sardaukar_soldier_draws_intrigue():
    st = new()
    hand(st, "red", ["calculus-of-power", "sardaukar-soldier"])
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:calculus-of-power")
    choose(st, "red", option="pay")
    assert top(st)["kind"] == "trash"
    offered = [a for a in legal(st)]
    # only another Emperor card in play, never Calculus of Power itself, and no skip: it is the price
    assert offered == [{"do": "choose", "card": "sardaukar-soldier", "zone": "play"}]
    swords, intrigue = P(st, "red")["swords"], len(P(st, "red")["intrigue"])
    choose(st, "red", card="sardaukar-soldier", zone="play")
    pl = P(st, "red")
    assert pl["swords"] == swords + 3
    assert "sardaukar-soldier" in pl["trashed"] and "sardaukar-soldier" not in pl["play"]
    assert len(pl["intrigue"]) == intrigue + 1  # Sardaukar Soldier's 'trashed' box


def test_calculus_of_power_cost_closed_without_another_emperor_card():
    st = new()
    hand(st, "red", ["calculus-of-power", "dagger"])
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:calculus-of-power")
    assert top(st)["t"] == "reveal"  # no pay choice was offered


def test_influence_cost_is_really_paid():
    st = new()
    hand(st, "red", ["captured-mentat"])
    P(st, "red")["influence"]["fremen"] = 1
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:captured-mentat")
    choose(st, "red", option="pay")
    assert top(st)["kind"] == "faction" and [a["faction"] for a in legal(st)] == ["fremen"]
    choose(st, "red", faction="fremen")
    assert P(st, "red")["influence"]["fremen"] == 0
    assert top(st)["kind"] == "faction" and top(st)["delta"] == 1
    choose(st, "red", faction="emperor")
    assert P(st, "red")["influence"]["emperor"] == 1


def test_branching_path_trashes_the_intrigue_card_it_pays_with():
    st = new()
    hand(st, "red", ["branching-path"])
    give_intrigue(st, "red", ["contingency-plan"])
    st["alliances"]["bene-gesserit"] = "red"
    act(st, "red", "send-agent", card="branching-path", space="arrakeen")
    act(st, "red", "resolve", effect="card:branching-path")
    choose(st, "red", option="pay")
    assert top(st)["kind"] == "intrigue"
    choose(st, "red", option=0)
    assert st["intrigue_trashed"] == ["contingency-plan"]
    assert "contingency-plan" not in st["intrigue_discard"]
    assert P(st, "red")["spice"] == 2 and len(P(st, "red")["intrigue"]) == 1
    assert violations(st) == []


def test_go_to_ground_retreats_one_or_two_troops_for_a_spy():
    st = new()
    P(st, "red")["troops"].update(garrison=0, conflict=3)
    resolve_steps(st, "red", [{"pay": {"retreat": {"min": 1, "max": 2}}, "then": [{"spy": 1}]}],
                  "intrigue:go-to-ground")
    choose(st, "red", option="pay")
    assert [a["count"] for a in legal(st)] == [1, 2]
    choose(st, "red", count=2)
    assert P(st, "red")["troops"]["conflict"] == 1 and P(st, "red")["troops"]["garrison"] == 2
    assert top(st)["kind"] == "post"


def test_chani_retreat_cost_needs_two_troops():
    st = new()
    hand(st, "red", ["chani-clever-tactician"])
    P(st, "red")["troops"].update(garrison=2, conflict=1)
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:chani-clever-tactician")
    assert top(st)["t"] == "reveal"  # one troop: the price cannot be paid
    st = new()
    hand(st, "red", ["chani-clever-tactician"])
    P(st, "red")["troops"].update(garrison=1, conflict=2)
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:chani-clever-tactician")
    choose(st, "red", option="pay")
    assert P(st, "red")["troops"]["conflict"] == 0 and P(st, "red")["swords"] == 4


# --- new ops ----------------------------------------------------------------------------------
def test_covert_operation_each_opponent_discards_clockwise():
    st = new()
    hand(st, "red", ["covert-operation"])
    spy(st, "red", "post-landsraad-hall")
    act(st, "red", "send-agent", card="covert-operation", space="assembly-hall")
    act(st, "red", "resolve", effect="card:covert-operation")
    assert top(st)["kind"] == "discard" and top(st)["player"] == "blue"
    blue_card = legal(st)[0]["card"]
    choose(st, "blue", card=blue_card)
    assert top(st)["player"] == "green"
    choose(st, "green", card=legal(st)[0]["card"])
    assert len(P(st, "blue")["hand"]) == 4 and len(P(st, "green")["hand"]) == 4
    assert blue_card in P(st, "blue")["discard"]


def test_long_live_the_fighters_draws_discards_and_trashes_the_top_three():
    st = new()
    hand(st, "red", ["long-live-the-fighters"])
    deck_before = len(P(st, "red")["deck"]["cards"])
    act(st, "red", "send-agent", card="long-live-the-fighters", space="arrakeen")
    act(st, "red", "resolve", effect="card:long-live-the-fighters")
    looking = list(P(st, "red")["looking"])
    assert len(looking) == 3 and top(st)["kind"] == "look"
    assert violations(st) == []  # the cards looked at still count in the deck
    choose(st, "red", card=looking[0])
    choose(st, "red", card=looking[1])
    pl = P(st, "red")
    assert "looking" not in pl
    assert looking[0] in pl["hand"] and looking[1] in pl["discard"] and looking[2] in pl["trashed"]
    assert len(pl["deck"]["cards"]) == deck_before - 3


def test_weirding_woman_returns_to_hand_with_another_bene_gesserit_card():
    st = new()
    hand(st, "red", ["weirding-woman"])
    give(st, "red", ["maker-keeper"], zone="play")
    act(st, "red", "send-agent", card="weirding-woman", space="arrakeen")
    act(st, "red", "resolve", effect="card:weirding-woman")
    assert "weirding-woman" in P(st, "red")["hand"] and "weirding-woman" not in P(st, "red")["play"]


def test_steersman_recalls_another_agent_which_frees_its_space():
    st = new()
    hand(st, "red", ["steersman", "dagger"])
    act(st, "red", "send-agent", card="dagger", space="assembly-hall")
    finish_agent_turn(st, "red")
    st["players"]["red"]["agents"] = 3
    st["stack"][-1:] = [{"t": "turn", "player": "red"}]  # red again (a test shortcut)
    P(st, "red")["spice"] = 0
    act(st, "red", "send-agent", card="steersman", space="deliver-supplies")
    act(st, "red", "resolve", effect="card:steersman")
    assert top(st)["kind"] == "agent"
    assert legal(st) == [{"do": "choose", "space": "assembly-hall"}]  # not this turn's agent
    choose(st, "red", space="assembly-hall")
    assert P(st, "red")["placed"] == ["deliver-supplies"]
    assert "assembly-hall" not in st["board"]["occupied"]


def test_price_is_no_object_buys_into_the_hand_with_solari():
    st = new()
    hand(st, "red", ["price-is-no-object"])
    P(st, "red")["solari"] = 4
    set_row(st, ["weirding-woman", "guild-spy", "double-agent", "truthtrance", "tread-in-darkness"])
    act(st, "red", "send-agent", card="price-is-no-object", space="dutiful-service")
    act(st, "red", "resolve", effect="card:price-is-no-object")
    offered = {a["card"] for a in legal(st) if "card" in a}
    assert "weirding-woman" in offered and "guild-spy" in offered  # cost 1 and 3
    assert "double-agent" in offered and "price-is-no-object" not in offered  # 3 yes, 6 no
    choose(st, "red", card="guild-spy")
    pl = P(st, "red")
    assert "guild-spy" in pl["hand"] and pl["solari"] == 1
    assert "guild-spy" not in st["row"] and len(st["row"]) == 5  # refilled
    assert top(st)["kind"] == "post"  # Guild Spy's acquire box: a spy


# --- spies ------------------------------------------------------------------------------------
def test_double_agent_puts_a_deep_cover_spy_beside_an_opponents_spy():
    st = new()
    hand(st, "red", ["double-agent"])
    spy(st, "blue", "post-refinery-arrakeen")
    act(st, "red", "send-agent", card="double-agent", space="arrakeen")
    act(st, "red", "resolve", effect="card:double-agent")
    posts = {a.get("post") for a in legal(st)}
    assert posts == {"post-refinery-arrakeen", None}  # Arrakeen's only post, or skip
    choose(st, "red", post="post-refinery-arrakeen")
    g = Game(st)
    assert spies_on_board(g, "red") == 1 and spies_on_board(g, "blue") == 1
    assert violations(st) == []
    from adjudicator.imperium.zones import recall_spy

    recall_spy(g, "blue", "post-refinery-arrakeen")  # red's spy stays, as the post's spy
    assert st["board"]["spies"] == {"post-refinery-arrakeen": "red"}


def test_plain_spy_placement_still_needs_an_empty_post():
    st = new()
    spy(st, "blue", "post-emperor")
    resolve_steps(st, "red", [{"spy": 1}], "card:test")
    assert {"post": "post-emperor"} not in [{"post": a.get("post")} for a in legal(st)]


def test_imperial_spymaster_draws_intrigue_only_after_a_recall_this_turn():
    st = new()
    hand(st, "red", ["imperial-spymaster"])
    spy(st, "red", "post-emperor")
    act(st, "red", "send-agent", card="imperial-spymaster", space="dutiful-service", gather="post-emperor")
    n = len(P(st, "red")["intrigue"])
    act(st, "red", "resolve", effect="card:imperial-spymaster")
    assert len(P(st, "red")["intrigue"]) == n + 1
    st = new()
    hand(st, "red", ["imperial-spymaster"])
    act(st, "red", "send-agent", card="imperial-spymaster", space="dutiful-service")
    act(st, "red", "resolve", effect="card:imperial-spymaster")
    assert P(st, "red")["intrigue"] == []


def test_smugglers_haven_pays_for_a_spy_on_a_maker_post():
    st = new()
    hand(st, "red", ["smugglers-haven"])
    spy(st, "red", "post-hagga-basin")
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:smugglers-haven")
    assert P(st, "red")["spice"] == 2


# --- deploy rules -------------------------------------------------------------------------------
def test_sardaukar_coordination_deploys_recruits_from_a_non_combat_space():
    st = new()
    hand(st, "red", ["sardaukar-coordination"])
    P(st, "red")["spice"] = 4
    act(st, "red", "send-agent", card="sardaukar-coordination", space="sardaukar")
    act(st, "red", "resolve", effect="space:sardaukar")
    act(st, "red", "resolve", effect="card:sardaukar-coordination")
    deploys = [a for a in legal(st) if a["do"] == "deploy"]
    assert deploys and all(a["garrison"] == 0 for a in deploys)  # recruits only
    assert max(a["recruited"] for a in deploys) == 4
    with pytest.raises(IllegalAction):
        act(st, "red", "deploy", recruited=0, garrison=1)
    act(st, "red", "deploy", recruited=4, garrison=0)
    assert P(st, "red")["troops"]["conflict"] == 4


def test_shaddams_signet_forbids_deploying_this_turn():
    st = new(modules=("choam",), leaders=["shaddam-corrino-iv", "gurney-halleck", "muad-dib"])
    hand(st, "red", ["signet-ring"])
    act(st, "red", "send-agent", card="signet-ring", space="arrakeen")
    P(st, "red")["solari"] = 3
    act(st, "red", "resolve", effect="card:signet-ring")
    choose(st, "red", option=0)  # 1 Solari and a troop (not 3 Solari for Influence)
    act(st, "red", "resolve", effect="space:arrakeen")
    # nothing to deploy: no deploy is offered, the turn may end; deploying nothing is accepted
    assert [a["do"] for a in legal(st) if a["do"] in ("deploy", "end-turn")] == ["end-turn"]
    with pytest.raises(IllegalAction) as err:
        act(st, "red", "deploy", recruited=1, garrison=0)
    assert err.value.code == "deploy.forbidden"
    act(st, "red", "end-turn")
    assert P(st, "red")["troops"]["conflict"] == 0


def test_distraction_waits_for_three_units_deployed_in_one_turn():
    st = new()
    hand(st, "red", ["reconnaissance"])
    give_intrigue(st, "red", ["distraction"])
    spy(st, "blue", "post-fremen")
    act(st, "red", "play-intrigue", card="distraction")
    assert P(st, "red")["armed"][0]["on"] == "deploy3"
    act(st, "red", "send-agent", card="reconnaissance", space="arrakeen")
    act(st, "red", "resolve", effect="space:arrakeen")
    act(st, "red", "deploy", recruited=1, garrison=2)
    assert top(st)["kind"] == "post" and top(st)["deep"]  # fired: any post, even a watched one
    assert "armed" not in P(st, "red") or P(st, "red")["armed"] == []
    choose(st, "red", post="post-fremen")
    assert st["board"]["spies"]["post-fremen#red"] == "red"


# --- acquire triggers and Manipulate ----------------------------------------------------------------
def test_call_to_arms_recruits_for_each_card_bought_in_the_reveal_turn():
    st = new()
    set_row(st, ROW)
    hand(st, "red", ["convincing-argument"])
    give_intrigue(st, "red", ["call-to-arms"])
    act(st, "red", "play-intrigue", card="call-to-arms")
    act(st, "red", "reveal")
    P(st, "red")["persuasion"] = 3
    act(st, "red", "resolve", effect="reveal:convincing-argument")
    garrison = P(st, "red")["troops"]["garrison"]
    act(st, "red", "acquire", card="weirding-woman")
    assert P(st, "red")["troops"]["garrison"] == garrison + 1


def test_manipulate_sets_a_card_aside_for_one_less_then_it_leaves_the_game():
    st = new()
    set_row(st, ROW)
    hand(st, "red", ["convincing-argument"])
    give_intrigue(st, "red", ["manipulate"])
    act(st, "red", "play-intrigue", card="manipulate")
    choose(st, "red", card="guild-spy")
    assert "guild-spy" not in st["row"] and len(st["row"]) == 5
    assert st["manipulated"] == [{"card": "guild-spy", "player": "red", "round": 1}]
    assert violations(st) == []
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:convincing-argument")
    assert P(st, "red")["persuasion"] == 2
    assert {"do": "acquire", "card": "guild-spy"} in legal(st)  # costs 3, 2 for red
    act(st, "red", "acquire", card="guild-spy")
    assert "guild-spy" in P(st, "red")["discard"] and P(st, "red")["persuasion"] == 0
    assert st["manipulated"] == []


def test_manipulated_card_not_bought_leaves_the_game():
    st = new()
    set_row(st, ROW)
    hand(st, "red", ["dagger"])
    give_intrigue(st, "red", ["manipulate"])
    act(st, "red", "play-intrigue", card="manipulate")
    choose(st, "red", card="price-is-no-object")
    act(st, "red", "reveal")
    finish_reveal(st, "red")
    assert st["manipulated"] == [] and st["removed_cards"] == ["price-is-no-object"]
    assert violations(st) == []


def test_guild_spy_gives_influence_per_spied_faction_when_the_spice_must_flow_is_bought():
    st = new()
    hand(st, "red", ["guild-spy"])
    spy(st, "red", "post-emperor")
    spy(st, "red", "post-fremen")
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:guild-spy")
    P(st, "red")["persuasion"] = 9
    act(st, "red", "acquire", card="the-spice-must-flow")
    inf = P(st, "red")["influence"]
    assert (inf["emperor"], inf["fremen"], inf["guild"], inf["bene-gesserit"]) == (1, 1, 0, 0)


def test_impress_acquires_a_card_costing_three_or_less():
    st = new()
    resolve_steps(st, "red", [{"gain": {"swords": 2}}, {"acquire": {"max_cost": 3}}], "intrigue:impress")
    offered = {a.get("card") for a in legal(st)}
    assert "prepare-the-way" in offered and "the-spice-must-flow" not in offered and None in offered
    choose(st, "red", card="prepare-the-way")
    assert "prepare-the-way" in P(st, "red")["discard"]


def test_a_trashed_reserve_card_goes_back_to_the_reserve():
    st = new()
    give(st, "red", ["prepare-the-way"], zone="discard")
    left = st["reserve"]["prepare-the-way"]
    resolve_steps(st, "red", [{"trash": 1, "from": ["discard"]}], "card:test")
    choose(st, "red", card="prepare-the-way", zone="discard")
    assert st["reserve"]["prepare-the-way"] == left + 1
    assert "prepare-the-way" not in P(st, "red")["trashed"]
    assert violations(st) == []


# --- conditions and counters ----------------------------------------------------------------------
def test_leadership_counts_other_revealed_cards_with_swords():
    st = new()
    hand(st, "red", ["leadership", "dagger", "dagger", "convincing-argument"])
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:leadership")
    assert P(st, "red")["swords"] == 1 + 2  # its own sword and one per Dagger


def test_sardaukar_coordination_reveal_counts_other_emperor_cards_revealed():
    st = new()
    hand(st, "red", ["sardaukar-coordination", "sardaukar-soldier", "dagger"])
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="reveal:sardaukar-coordination")
    assert P(st, "red")["swords"] == 2


def test_treacherous_maneuver_trashes_itself_and_an_emperor_card_for_a_second_influence():
    st = new()
    hand(st, "red", ["treacherous-maneuver", "sardaukar-soldier"])
    act(st, "red", "send-agent", card="treacherous-maneuver", space="deliver-supplies")
    act(st, "red", "resolve", effect="card:treacherous-maneuver")
    choose(st, "red", option="pay")
    choose(st, "red", card="sardaukar-soldier", zone="hand")
    act(st, "red", "resolve", effect="space:deliver-supplies")
    pl = P(st, "red")
    assert pl["influence"]["guild"] == 2
    assert {"treacherous-maneuver", "sardaukar-soldier"} <= set(pl["trashed"])


def test_undercover_asset_ignores_influence_requirements():
    st = new()
    hand(st, "red", ["undercover-asset", "dagger"])
    P(st, "red")["spice"] = 3
    sends = [a for a in legal(st) if a["do"] == "send-agent"]
    assert {"do": "send-agent", "card": "undercover-asset", "space": "shipping"} in sends
    assert not any(a["card"] == "dagger" and a["space"] == "shipping" for a in sends)


def test_endgame_intrigue_conditions():
    st = new()
    give(st, "red", ["the-spice-must-flow", "the-spice-must-flow"], zone="discard")
    resolve_steps(st, "red", [{"if": {"owns": {"card": "the-spice-must-flow", "at_least": 2}},
                               "then": [{"gain": {"vp": 1, "spice": 2}}]}], "intrigue:secure-spice-trade")
    assert P(st, "red")["spice"] == 2
    st["alliances"]["fremen"] = "blue"
    P(st, "red")["influence"]["fremen"] = 4
    vp = P(st, "red")["vp"]
    resolve_steps(st, "red", [{"if": {"rival_alliance_at": 4}, "then": [{"gain": {"vp": 1}}]}],
                  "intrigue:shadow-alliance")
    assert P(st, "red")["vp"] == vp + 1


def test_crysknife_flips_a_matching_or_wild_conflict_card_for_a_vp():
    st = new()
    P(st, "red")["conflicts"] = [{"id": "skirmish-crysknife", "flipped": False},
                                 {"id": "propaganda", "flipped": False},
                                 {"id": "skirmish-ornithopter", "flipped": False}]
    vp = P(st, "red")["vp"]
    resolve_steps(st, "red", [{"custom": "flip-battle-icon", "icon": "crysknife"}], "intrigue:crysknife")
    assert legal(st) == [{"do": "choose", "option": 0}, {"do": "choose", "option": 1}]
    choose(st, "red", option=1)
    assert [c["flipped"] for c in P(st, "red")["conflicts"]] == [False, True, False]
    assert P(st, "red")["vp"] == vp + 1


def test_leverage_needs_spice_gained_this_turn():
    st = new(modules=("choam",))
    hand(st, "red", ["dagger"])
    give_intrigue(st, "red", ["leverage"])
    act(st, "red", "send-agent", card="dagger", space="assembly-hall")
    act(st, "red", "play-intrigue", card="leverage")
    assert P(st, "red")["solari"] == 0 and top(st)["t"] == "agent"
    st = new(modules=("choam",))
    hand(st, "red", ["dagger"])
    give_intrigue(st, "red", ["leverage"])
    act(st, "red", "send-agent", card="dagger", space="assembly-hall")
    Game(st).gain("red", {"spice": 1})
    act(st, "red", "play-intrigue", card="leverage")
    assert top(st)["kind"] == "contract"
    contract = next(a["contract"] for a in legal(st) if a["contract"] != "contract-12")  # not 'immediate'
    choose(st, "red", contract=contract)
    assert P(st, "red")["contracts"] == [contract] and P(st, "red")["solari"] == 1


def test_contract_icon_gives_solari_when_no_contract_is_left():
    st = new(modules=("choam",))
    st["contracts"]["face_up"], st["contracts"]["pile"] = [], []
    resolve_steps(st, "red", [{"contract": 1}], "card:test")
    assert P(st, "red")["solari"] == 2


# --- leaders ---------------------------------------------------------------------------------------
def test_gurney_and_muad_dib_reveal_abilities():
    st = new(leaders=["gurney-halleck", "muad-dib", "lady-amber-metulli"])
    hand(st, "red", ["dagger"])
    P(st, "red")["troops"].update(garrison=0, conflict=3)
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="leader:gurney-halleck")
    assert P(st, "red")["persuasion"] == 1  # strength 6 with three troops
    st = new(leaders=["muad-dib", "gurney-halleck", "lady-amber-metulli"])
    hand(st, "red", ["dagger"])
    P(st, "red")["worms"] = 1
    act(st, "red", "reveal")
    act(st, "red", "resolve", effect="leader:muad-dib")
    assert len(P(st, "red")["intrigue"]) == 1


def test_feyd_training_track_moves_along_a_branch():
    st = new(leaders=["feyd-rautha-harkonnen", "gurney-halleck", "muad-dib"])
    assert P(st, "red")["feyd"] == "start"
    hand(st, "red", ["signet-ring"])
    act(st, "red", "send-agent", card="signet-ring", space="arrakeen")
    act(st, "red", "resolve", effect="card:signet-ring")
    assert top(st)["kind"] == "track" and top(st)["next"] == ["paid-trash", "spy-1"]
    choose(st, "red", option=1)
    assert P(st, "red")["feyd"] == "spy-1" and top(st)["kind"] == "post"


def test_lady_jessica_memories_flip_and_reverend_mother_on_the_same_turn():
    st = new(leaders=["lady-jessica", "gurney-halleck", "muad-dib"])
    hand(st, "red", ["signet-ring", "diplomacy"])
    P(st, "red")["spice"] = 1
    act(st, "red", "send-agent", card="signet-ring", space="arrakeen")
    act(st, "red", "resolve", effect="card:signet-ring")
    choose(st, "red", option="pay")
    troops = P(st, "red")["troops"]
    assert troops["memories"] == 1 and troops["supply"] == 8
    assert violations(st) == []
    finish_agent_turn(st, "red")
    # next agent turn of red: Diplomacy to Secrets (Bene Gesserit)
    st["stack"][-1:] = [{"t": "turn", "player": "red"}]
    P(st, "red")["water"] = 1
    act(st, "red", "send-agent", card="diplomacy", space="secrets")
    hand_size, supply = len(P(st, "red")["hand"]), P(st, "red")["troops"]["supply"]
    act(st, "red", "resolve", effect="leader:lady-jessica")
    choose(st, "red", option=0)
    pl = P(st, "red")
    assert pl["leader_face"] == "reverend-mother-jessica"
    assert "memories" not in pl["troops"] and pl["troops"]["supply"] == supply + 1
    assert len(pl["hand"]) == hand_size + 1
    assert "leader:reverend-mother-jessica" in st["turn"]["nodes"]
    act(st, "red", "resolve", effect="space:secrets")
    influence = pl["influence"]["bene-gesserit"]
    act(st, "red", "resolve", effect="leader:reverend-mother-jessica")
    choose(st, "red", option="pay")
    assert pl["water"] == 0
    assert pl["influence"]["bene-gesserit"] == influence  # not the Faction's Influence again


def test_shaddam_sets_the_sardaukar_contracts_aside_and_may_take_them():
    st = new(modules=("choam",), leaders=["shaddam-corrino-iv", "gurney-halleck", "muad-dib"])
    assert P(st, "red")["set_aside_contracts"] == ["contract-15", "contract-16"]
    assert not {"contract-15", "contract-16"} & set(st["contracts"]["pile"] + st["contracts"]["face_up"])
    resolve_steps(st, "red", [{"contract": 1}], "card:test")
    assert {"do": "choose", "contract": "contract-16"} in legal(st)
    choose(st, "red", contract="contract-15")
    assert P(st, "red")["contracts"] == ["contract-15"] and P(st, "red")["set_aside_contracts"] == ["contract-16"]
    resolve_steps(st, "blue", [{"contract": 1}], "card:test")
    assert all(a.get("contract") not in ("contract-16",) for a in legal(st))


def test_staban_tuek_plays_without_diplomacy():
    st = new(leaders=["staban-tuek", "gurney-halleck", "muad-dib"])
    pl = P(st, "red")
    assert pl["trashed"] == ["diplomacy"]
    assert "diplomacy" not in pl["deck"]["cards"] + pl["hand"]
    assert violations(st) == []


def test_irulan_signet_trashes_a_card_for_spice_only_if_it_cost_something():
    st = new(leaders=["princess-irulan", "gurney-halleck", "muad-dib"])
    hand(st, "red", ["signet-ring", "dagger", "weirding-woman"])
    act(st, "red", "send-agent", card="signet-ring", space="arrakeen")
    act(st, "red", "resolve", effect="card:signet-ring")
    choose(st, "red", option=1)
    choose(st, "red", card="weirding-woman", zone="hand")
    assert P(st, "red")["spice"] == 2
    st = new(leaders=["princess-irulan", "gurney-halleck", "muad-dib"])
    hand(st, "red", ["signet-ring", "dagger"])
    act(st, "red", "send-agent", card="signet-ring", space="arrakeen")
    act(st, "red", "resolve", effect="card:signet-ring")
    choose(st, "red", option=1)
    choose(st, "red", card="dagger", zone="hand")
    assert P(st, "red")["spice"] == 0 and "dagger" in P(st, "red")["trashed"]


def test_sardaukar_contract_recall_agent():
    st = new(modules=("choam",), leaders=["shaddam-corrino-iv", "gurney-halleck", "muad-dib"])
    P(st, "red")["contracts"] = ["contract-16"]
    P(st, "red")["set_aside_contracts"] = ["contract-15"]
    hand(st, "red", ["dagger", "diplomacy"])
    act(st, "red", "send-agent", card="dagger", space="assembly-hall")
    finish_agent_turn(st, "red")
    st["stack"][-1:] = [{"t": "turn", "player": "red"}]
    P(st, "red")["spice"] = 4
    act(st, "red", "send-agent", card="diplomacy", space="sardaukar")
    finish_agent_turn(st, "red")
    assert P(st, "red")["completed"] == 1
    assert len(P(st, "red")["placed"]) == 1  # one of the two agents came back

