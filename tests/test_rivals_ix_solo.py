"""Solo House Hagal with Rise of Ix (issue #35; Rise of Ix p. 9, 'Tech Tiles'; modules/rivals/ix_tech.py
and the rules it shares with the Tech Module in rivals/tech.py; records rivals-x.ix-solo-*). A worked
scenario for each rule of the page: marked tiles only and the trash when none is face up; spice
hoarded unless Conflict III (no Swordmaster wait without the Tech Module); the 1P cards' dearest
tile, the topmost stack on a tie, every Negotiator returned, else a Negotiator; the eight tiles'
guidance; the shared rules firing once with both boxes. The playouts: matrix rows imperium-1p-ix-rivals
and imperium-1p-immortality-ix-rivals, and the one below."""

import copy

import pytest
from test_rivals_tech import give, set_face_up, to_rival_draw, until_decision

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import replay
from adjudicator.imperium.conditions import holds
from adjudicator.imperium.game import Game
from adjudicator.imperium.modules.rivals import turn as rivals_turn
from adjudicator.imperium.modules.rivals.ix import _control_space
from adjudicator.imperium.modules.rivals.tech import hoards_spice
from adjudicator.imperium.registry import HOOKS, adjust, fire, first
from adjudicator.imperium.rules import ruleset
from adjudicator.imperium.zones import space_closed
from adjudicator.simulate import simulate

RULES = ruleset("base")
UNMARKED = ["tech-artillery", "tech-disposal-facility", "tech-holoprojectors"]  # no House Hagal mark


def solo(modules=("ix",)) -> dict:
    game = {"system": "imperium", "edition": "base", "modules": list(modules),
            "players": [{"id": "p1", "leader": "duke-leto-atreides"}]}
    return RULES.new_state(game, {"seed": 1, "difficulty": "mentat", "rivals": [
        {"id": "r1", "leader": "glossu-rabban"}, {"id": "r2", "leader": "baron-vladimir-harkonnen"}]})


def at_rival_card(face_up: list, spice: int, negotiators: int = 0, modules=("ix",)) -> dict:
    """r1's House Hagal card is about to be drawn; the face-up tiles and its spice and Negotiators set."""
    state = solo(modules)
    to_rival_draw(RULES, state)
    set_face_up(state, face_up)
    troops = state["players"]["r1"]["troops"]
    troops["supply"] -= negotiators
    troops["negotiators"] += negotiators
    state["players"]["r1"]["spice"] = spice
    return state


def send(state: dict, card: str, space: str) -> list:
    """r1's Agent goes where `card` sends it, the choices the rules make for it answered up to its
    tile (chance dealt between); the legal actions then."""
    RULES.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": card}))
    RULES.apply(state, Action({"by": "r1", "do": "rival-agent", "card": card, "space": space}))
    while True:
        until_decision(RULES, state)
        legal = [a.data for a in RULES.legal_actions(state)]
        if len(legal) != 1 or legal[0]["by"] != "r1" or "tile" in legal[0]:
            return legal
        RULES.apply(state, Action(legal[0]))


def game(state: dict) -> Game:
    return Game(state, RULES.content)


# --- acquiring: the 1P cards -------------------------------------------------------------------------------
def test_tech_negotiation_takes_the_dearest_marked_tile_with_a_spice_off_and_every_negotiator():
    """Flagship (8) less the card's 1 and two Negotiators costs 5: all its spice. Memocorders (2) is
    cheaper and Artillery is unmarked; returning one Negotiator, or none, is refused."""
    state = at_rival_card(["tech-artillery", "tech-memocorders", "tech-flagship"], spice=5, negotiators=2)
    legal = send(state, "tech-negotiation", "tech-negotiation")
    want = {"by": "r1", "do": "choose", "tile": "tech-flagship", "negotiators": 2}
    assert legal == [want]
    for other in ({"tile": "tech-memocorders", "negotiators": 2}, {"tile": "tech-flagship", "negotiators": 1},
                  {"tile": "tech-memocorders"}, {"tile": "tech-artillery"}, {"option": "skip"}):
        with pytest.raises(IllegalAction) as err:
            RULES.apply(copy.deepcopy(state), Action({"by": "r1", "do": "choose", **other}))
        assert err.value.code in ("rival.wrong-tile", "tech.cost", "tech.not-available"), other
    pl = state["players"]["r1"]
    vp, supply = pl["vp"], pl["troops"]["supply"]
    RULES.apply(state, Action(want))
    until_decision(RULES, state)
    assert "tech-flagship" in [e["id"] for e in pl["tech"]]
    assert (pl["spice"], pl["troops"]["negotiators"], pl["troops"]["supply"]) == (0, 0, supply + 2)
    assert pl["vp"] == vp + 1  # Flagship's Acquire effect


def test_a_tie_on_cost_goes_to_the_topmost_stack():
    state = at_rival_card(["tech-artillery", "tech-windtraps", "tech-memocorders"], spice=1)
    assert send(state, "tech-negotiation", "tech-negotiation") == \
        [{"by": "r1", "do": "choose", "tile": "tech-windtraps"}]


def test_with_no_tile_in_reach_tech_negotiation_sends_a_troop_to_ix():
    state = at_rival_card(["tech-artillery", "tech-memocorders", "tech-flagship"], spice=0)
    troops = state["players"]["r1"]["troops"]
    supply = troops["supply"]
    send(state, "tech-negotiation", "tech-negotiation")
    assert state["players"]["r1"]["tech"] == []
    assert (troops["negotiators"], troops["supply"]) == (1, supply - 1)


def test_without_a_troop_in_its_supply_tech_negotiation_gives_nothing():
    state = at_rival_card(["tech-artillery", "tech-memocorders", "tech-flagship"], spice=0)
    troops = state["players"]["r1"]["troops"]
    troops["garrison"] += troops["supply"]
    troops["supply"] = 0
    send(state, "tech-negotiation", "tech-negotiation")
    assert troops["negotiators"] == 0 and state["players"]["r1"]["tech"] == []


def test_the_dreadnought_card_acquires_without_a_discount_and_places_no_negotiator():
    state = at_rival_card(["tech-artillery", "tech-memocorders", "tech-flagship"], spice=1)
    troops = state["players"]["r1"]["troops"]
    send(state, "dreadnought-1p", "dreadnought")
    assert troops["negotiators"] == 0 and state["players"]["r1"]["tech"] == []  # Memocorders costs 2
    state = at_rival_card(["tech-artillery", "tech-memocorders", "tech-flagship"], spice=2)
    assert send(state, "dreadnought-1p", "dreadnought")[-1] == {"by": "r1", "do": "choose",
                                                              "tile": "tech-memocorders"}


def test_the_acquire_tech_cards_stay_out_of_a_solo_deck_with_rise_of_ix():
    """Bloodlines p. 8: the four Acquire Tech cards are not used with Rise of Ix (its 1P cards are)."""
    with_ix, without = solo(("bloodlines", "tech", "ix")), solo(("bloodlines", "tech"))
    assert "acquire-tech" not in with_ix["hagal"]["deck"] and "tech-negotiation" in with_ix["hagal"]["deck"]
    assert without["hagal"]["deck"].count("acquire-tech") == 4


# --- hoarding and the Swordmaster --------------------------------------------------------------------------
@pytest.mark.parametrize(("modules", "swordmaster", "level", "trades"), [
    (("ix",), False, 2, False),  # Rise of Ix alone: hoarded from the start
    (("ix",), True, 2, False),
    (("ix",), False, 3, True),  # a Conflict III card: the spice is traded
    (("bloodlines", "tech", "ix"), False, 2, True),  # with the Tech Module: no tiles before the Swordmaster
    (("bloodlines", "tech", "ix"), True, 2, False),
])
def test_a_rival_keeps_its_spice_for_tiles_unless_the_conflict_is_level_three(modules, swordmaster, level, trades):
    state = solo(modules)
    pl = state["players"]["r1"]
    pl.update({"spice": 8, "swordmaster": swordmaster, "solari": 0, "water": 0, "intrigue": []})
    state["board"]["conflict"] = next(c for c, d in sorted(RULES.content.conflicts.items()) if d.get("level") == level)
    g, vp = game(state), pl["vp"]
    rivals_turn._trade(g, "r1")
    assert (pl["spice"], pl["vp"]) == ((1, vp + 1) if trades else (8, vp))
    cited = "rivals-x.ix-solo-tech" if swordmaster or modules == ("ix",) else "rivals.tech-rise-of-ix"
    assert cited in g.rulings


def test_before_its_swordmaster_with_the_tech_module_tech_negotiation_does_nothing():
    state = at_rival_card(["tech-artillery", "tech-memocorders", "tech-flagship"], spice=9,
                          modules=("bloodlines", "tech", "ix"))
    state["players"]["r1"]["swordmaster"] = False
    send(state, "tech-negotiation", "tech-negotiation")
    pl = state["players"]["r1"]
    assert pl["tech"] == [] and pl["troops"]["negotiators"] == 0


def test_the_shared_rules_run_once_with_both_boxes():
    table = HOOKS.table(frozenset({"rivals", "bloodlines", "tech", "ix"}))
    assert table["rival-keeps-spice"][0].count(hoards_spice) == 1
    assert all(len(fns) == len(set(fns)) for fns, _ in table.values())


# --- no marked tile face up --------------------------------------------------------------------------------
def test_with_no_marked_tile_face_up_the_largest_stacks_tile_is_trashed():
    state = solo()
    until_decision(RULES, state)
    tech = state["tech"]
    set_face_up(state, list(UNMARKED))
    tech["stacks"] = [5, 6, 5]  # the second stack is the largest
    tech["trashed"], tech["pool"] = tech["trashed"] + tech["pool"][:2], tech["pool"][2:]
    fire("tech-face-up", game(state))
    assert tech["face_up"] == [UNMARKED[0], None, UNMARKED[2]] and UNMARKED[1] in tech["trashed"]
    assert state["stack"][-1] == {"t": "chance", "kind": "reveal-tech", "stack": 2}


# --- the eight tiles (p. 9) ---------------------------------------------------------------------------------
def test_detonation_devices_always_takes_the_victory_point():
    state = solo()
    offers = [{"space": "arrakeen"}, {"space": "imperial-basin"}, {"option": "detonate"}]
    assert _control_space(game(state), "r1", offers) == {"option": "detonate"}


def owned(state: dict, tile: str, flipped: bool = False) -> dict:
    until_decision(RULES, state)
    give(state, "r1", tile, flipped)
    return state["players"]["r1"]


def test_flagship_recruits_three_troops_into_the_conflict_from_a_combat_space():
    state = solo()
    pl = owned(state, "tech-flagship")
    pl["solari"] = 5
    supply, conflict = pl["troops"]["supply"], pl["troops"]["conflict"]
    fire("rival-agent-start", game(state), "r1", "secrets")  # no Combat space: kept
    assert pl["tech"] == [{"id": "tech-flagship", "flipped": False}] and pl["solari"] == 5
    fire("rival-agent-start", game(state), "r1", "arrakeen")
    assert pl["tech"] == [{"id": "tech-flagship", "flipped": True}] and pl["solari"] == 1
    assert (pl["troops"]["supply"], pl["troops"]["conflict"]) == (supply - 3, conflict + 3)


@pytest.mark.parametrize(("solari", "supply"), [(3, 9), (4, 2)])
def test_flagship_waits_for_four_solari_and_three_troops(solari, supply):
    state = solo()
    pl = owned(state, "tech-flagship")
    pl["solari"] = solari
    pl["troops"]["garrison"] += pl["troops"]["supply"] - supply
    pl["troops"]["supply"] = supply
    fire("rival-agent-start", game(state), "r1", "arrakeen")
    assert pl["tech"] == [{"id": "tech-flagship", "flipped": False}] and pl["solari"] == solari


def test_holtzman_engine_scores_for_a_rival_and_draws_it_nothing():
    state = solo()
    owned(state, "tech-holtzman-engine")
    g = game(state)
    endgame = RULES.content.tech["tech-holtzman-engine"]["endgame"][0]["if"]
    assert holds(g, "r1", endgame) and not holds(g, "p1", endgame)  # two The Spice Must Flow each Rival
    start = RULES.content.tech["tech-holtzman-engine"]["round_start"]
    assert adjust("tech-box-steps", start, g, "r1", "tech-holtzman-engine", "round_start") == []
    assert adjust("tech-box-steps", start, g, "p1", "tech-holtzman-engine", "round_start") == start


def test_invasion_ships_takes_the_rival_past_an_opponents_agent_and_is_flipped():
    state = solo()
    pl = owned(state, "tech-invasion-ships")
    state["board"]["occupied"]["arrakeen"] = "p1"
    state["players"]["p1"]["placed"].append("arrakeen")
    space = RULES.content.spaces["arrakeen"]
    assert space_closed(game(state), "r1", space, None) is None
    fire("rival-agent-start", game(state), "r1", "arrakeen")
    assert pl["tech"] == [{"id": "tech-invasion-ships", "flipped": True}]
    assert space_closed(game(state), "r1", space, None).code == "agent.space-occupied"  # flipped: blocked
    assert len(pl["hand"]) == 0  # no card to discard


def test_invasion_ships_is_kept_face_up_on_a_free_space():
    state = solo()
    pl = owned(state, "tech-invasion-ships")
    fire("rival-agent-start", game(state), "r1", "arrakeen")
    assert pl["tech"] == [{"id": "tech-invasion-ships", "flipped": False}]


def test_sonic_snoopers_draws_its_intrigue_card_and_offers_the_rival_no_tile_action():
    state = at_rival_card(["tech-artillery", "tech-sonic-snoopers", "tech-disposal-facility"], spice=1)
    RULES.apply(state, Action(send(state, "tech-negotiation", "tech-negotiation")[0]))
    dealt = []
    while (outcome := RULES.deal(state)) is not None and outcome.do != "draw-hagal":
        dealt.append(outcome.data)
        RULES.apply(state, outcome, dealt=True)
    assert [d for d in dealt if d["do"] == "draw-intrigue" and d.get("player") == "r1"]
    assert state["players"]["r1"]["tech"] == [{"id": "tech-sonic-snoopers", "flipped": False}]
    assert not any(a.do == "flip-tech" for a in RULES.legal_actions(state))


@pytest.mark.parametrize(("spice", "used"), [(3, True), (2, False)])
def test_spy_satellites_is_trashed_for_a_victory_point_with_three_spice(spice, used):
    state = solo()
    pl = owned(state, "tech-spy-satellites")
    pl["spice"], vp = spice, pl["vp"]
    fire("rival-agent-start", game(state), "r1", "secrets")
    assert (pl["spice"], pl["vp"], pl["tech"] == []) == ((0, vp + 1, True) if used else (spice, vp, False))
    assert ("tech-spy-satellites" in state["tech"]["trashed"]) is used


def test_training_drones_is_flipped_at_the_first_chance_and_when_acquired():
    state = solo()
    pl = owned(state, "tech-training-drones")
    garrison = pl["troops"]["garrison"]
    fire("rival-agent-start", game(state), "r1", "secrets")
    assert pl["tech"] == [{"id": "tech-training-drones", "flipped": True}]
    assert pl["troops"]["garrison"] == garrison + 1
    fire("rival-agent-start", game(state), "r1", "secrets")  # once a round
    assert pl["troops"]["garrison"] == garrison + 1
    pl["tech"][0]["flipped"] = False
    fire("tech-acquired", game(state), "r1", "tech-training-drones")
    assert pl["tech"][0]["flipped"] and pl["troops"]["garrison"] == garrison + 2


def test_troop_transports_deploys_every_troop_the_shipping_track_recruits():
    state = solo()
    owned(state, "tech-troop-transports")
    task = {"t": "choice", "kind": "units", "player": "r1", "src": "shipping:2", "move": "deploy", "least": 0,
            "most": 3, "troops_only": True}
    offers = [{"count": n} for n in range(4)]
    assert first("rival-forced-choice", game(state), "r1", task, offers) == {"count": 3}
    other = {**task, "src": "card:second-wave", "troops_only": False}
    assert first("rival-forced-choice", game(state), "r1", other, offers) is None  # not this rule's


# --- a whole game -----------------------------------------------------------------------------------------
def test_a_solo_playout_with_rise_of_ix_has_its_rivals_acquire_tiles():
    for seed in range(1, 6):
        log = simulate("imperium", 1, seed, ("ix",), difficulty="sardaukar")
        taken = [a for a in log["actions"] if a["do"] == "choose" and "tile" in a and a["by"].startswith("rival")]
        if taken:
            break
    report = replay(log, snapshots="none")
    assert report["valid"] and {v["verdict"] for v in report["verdicts"]} == {"legal"}
    assert report["result"]["winners"] and taken
    cited = {c["ruling"] for v in report["verdicts"] for c in v["citations"]}
    assert {"rivals-x.ix-solo-tech", "rivals-x.ix-cards"} <= cited
