"""Bloodlines' six Rival cards for Uprising's solo and two-player games (issue #13; seed 000 p. 8;
card facts: data/bloodlines/house-hagal.json, third-party and unverified, reading
rivals-x.bl-rival-cards): who may be seated, each card's Swordmaster price, Signet Ring and Scheme
(the spy network of its third Spy) through the engine, Fenring's Emperor Influence at setup, Kota
Odax of Ix's Tech (solo with the Tech Module only; nothing before her Swordmaster, as the rulebook
says), a log giving one of them what its card does not. Random playouts with these Rivals are rows
of tests/matrix.py (RIVAL_CARD_ROWS)."""

import copy

import pytest
from helpers import start_of
from test_rivals_tech import rival_answers, set_face_up, to_rival_draw

from adjudicator.core.actions import Action
from adjudicator.core.errors import MalformedLog
from adjudicator.core.replay import replay
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.modules.rivals import hagal as rivals
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate

UP = ruleset("uprising")
TECH = ("bloodlines", "tech")
# the six cards: leader -> Swordmaster price, as the data holds them
PRICES = {"duncan-idaho-leader": 8, "piter-de-vries-leader": 7, "chani-leader": 6,
          "count-hasimir-fenring-leader": 5, "gaius-helen-mohiam-leader": 4, "kota-odax-of-ix-leader": 7}


def modules_for(leader: str) -> tuple:
    return TECH if leader == "kota-odax-of-ix-leader" else ("bloodlines",)


def game(leader: str, players: int = 1, modules=None, human: str = "muad-dib") -> dict:
    modules = modules_for(leader) if modules is None else modules
    humans = [human, "princess-irulan"][:players]
    doc = {"system": "imperium", "edition": "uprising", "modules": list(modules),
           "players": [{"id": f"p{i + 1}", "leader": lead} for i, lead in enumerate(humans)]}
    seats = [{"id": "r1", "leader": leader}] + ([{"id": "r2", "leader": "staban-tuek"}] if players == 1 else [])
    return UP.new_state(doc, {"seed": 1, "rivals": seats, **({"difficulty": "sardaukar"} if players == 1 else {})})


def turn(state: dict, card: str, **resources) -> dict:
    """r1's next Agent turn with `card`, from the resources given (the rest at nothing); its
    troops in supply just before are kept as `state["supply_before"]` (a recruit leaves it: the
    signet cards' spaces are Combat spaces, so it may go on to the Conflict)."""
    to_rival_draw(UP, state, "r1")
    pl = state["players"]["r1"]
    pl.update({"solari": 0, "spice": 0, "water": 0, "intrigue": [], **resources})
    state["supply_before"] = pl["troops"]["supply"]
    space = UP.content.spaces  # the card's one space must be free for the test to mean anything
    option = rivals.hagal()["by_id"][card]["agent"].get("options", [{}])[0]
    if option.get("space") in space:
        state["board"]["occupied"].pop(option["space"], None)
    UP.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": card}))
    if "space" in option:
        UP.apply(state, Action({"by": "r1", "do": "rival-agent", "card": card, "space": option["space"]}))
    return pl


def pending(state: dict, kind: str, pid: str = "r1") -> list:
    return [t for t in state["stack"] if t.get("kind") == kind and t.get("player") == pid]


# --- who may be a Rival ------------------------------------------------------------------------------
def test_the_six_cards_are_known_with_bloodlines_in_uprising_only():
    assert set(rivals.bloodlines_cards()) == set(PRICES)
    assert all(c["verified"] is False and c["note"] for c in rivals.bloodlines_cards().values())
    solo_tech = rivals.rival_cards("uprising", TECH, 1)
    assert set(PRICES) <= set(solo_tech)
    assert "kota-odax-of-ix-leader" not in rivals.rival_cards("uprising", ("bloodlines",), 1)
    assert "kota-odax-of-ix-leader" not in rivals.rival_cards("uprising", TECH, 2)
    assert not set(PRICES) & set(rivals.rival_cards("uprising", (), 1))
    assert {lead: c["swordmaster"] for lead, c in rivals.bloodlines_cards().items()} == PRICES


@pytest.mark.parametrize(("leader", "players", "modules"), [
    ("chani-leader", 1, ()), ("duncan-idaho-leader", 2, ("choam",)),
    ("kota-odax-of-ix-leader", 1, ("bloodlines",)), ("kota-odax-of-ix-leader", 2, TECH)])
def test_a_bloodlines_rival_card_is_refused_outside_its_game(leader, players, modules):
    """Without Bloodlines no such card; Kota only in a solo game with the Tech Module (seed 000 p. 8)."""
    with pytest.raises(MalformedLog) as err:
        game(leader, players, modules)
    assert err.value.code in ("unknown-rival-leader", "leader-needs-module")


@pytest.mark.parametrize("leader", sorted(PRICES))
def test_each_card_seats_a_rival(leader):
    state = game(leader)
    assert state["players"]["r1"]["rival"] == {"leader": leader}
    assert state["players"]["r1"]["hand"] == [] and violations(state) == []
    if leader != "kota-odax-of-ix-leader":
        assert game(leader, 2, ("bloodlines", "choam"))["players"]["r1"]["rival"] == {"leader": leader}


def test_fenring_starts_with_one_emperor_influence():
    for players in (1, 2):
        state = game("count-hasimir-fenring-leader", players)
        assert state["players"]["r1"]["influence"]["emperor"] == 1
        assert all(state["players"][q]["influence"]["emperor"] == 0 for q in state["players"] if q != "r1")
    assert game("chani-leader")["players"]["r1"]["influence"]["emperor"] == 0


# --- the Swordmaster --------------------------------------------------------------------------------
@pytest.mark.parametrize(("leader", "short"), [(lead, short) for lead in sorted(PRICES) for short in (0, 1)])
def test_each_card_buys_its_swordmaster_at_its_price(leader, short):
    state = game(leader)
    price = PRICES[leader]
    pl = turn(state, "dutiful-service", solari=price - short)  # a card that gives no resource
    assert pl["swordmaster"] is (short == 0)
    assert pl["agents"] == (3 if short == 0 else 2)
    assert pl["solari"] == (0 if short == 0 else price - 1)


# --- the Signet Rings (spice-refinery: a signet card on a non-Combat space) ------------------------------
def test_duncan_recruits_and_adds_a_spice_once_he_has_his_swordmaster():
    state = game("duncan-idaho-leader")
    pl = turn(state, "spice-refinery")
    assert pl["troops"]["supply"] == state["supply_before"] - 1 and pl["spice"] == 0
    state = game("duncan-idaho-leader")
    pl = turn(state, "spice-refinery", swordmaster=True)
    assert pl["troops"]["supply"] == state["supply_before"] - 1 and pl["spice"] == 1


def test_piter_takes_a_solari_and_an_intrigue_card_only_with_an_alliance():
    state = game("piter-de-vries-leader")
    pl = turn(state, "spice-refinery")
    assert pl["solari"] == 1 and not pending(state, "draw-intrigue")
    state = game("piter-de-vries-leader")
    state["alliances"]["guild"] = "r1"
    pl = turn(state, "spice-refinery")
    assert pl["solari"] == 1 and [t["n"] for t in pending(state, "draw-intrigue")] == [1]


def test_chani_takes_a_water():
    pl = turn(game("chani-leader"), "spice-refinery")
    assert (pl["water"], pl["solari"], pl["spice"]) == (1, 0, 0)


def test_fenring_takes_a_solari_and_recruits():
    state = game("count-hasimir-fenring-leader")
    pl = turn(state, "spice-refinery")
    assert pl["solari"] == 1 and pl["troops"]["supply"] == state["supply_before"] - 1


def test_mohiam_places_a_spy_by_her_priority_and_recruits():
    state = game("gaius-helen-mohiam-leader")
    pl = turn(state, "spice-refinery")
    first = rivals.bloodlines_cards()["gaius-helen-mohiam-leader"]["priority"][0]
    assert state["board"]["spies"].get(f"post-{first}") == "r1"
    assert pl["troops"]["supply"] == state["supply_before"] - 1


# --- the Schemes (the third Spy: place-spy-green puts it on a Landsraad post) ------------------------------
def scheme(leader: str, others=None, **before) -> tuple[dict, dict]:
    """r1's third Spy placed by a spy card; `others`: the other seats' spice before it."""
    state = game(leader)
    to_rival_draw(UP, state, "r1")
    for q, spice in (others or {}).items():
        state["players"][q]["spice"] = spice
    pl = state["players"]["r1"]
    for post in ("post-spice-trade", "post-imperial-basin"):
        state["board"]["spies"][post] = "r1"
    pl.update({"spies": pl["spies"] - 2, "solari": 0, "spice": 0, "water": 0, "intrigue": [], **before})
    for post in ("post-landsraad-council", "post-landsraad-hall"):
        state["board"]["spies"].pop(post, None)
    UP.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": "place-spy-green"}))
    assert sorted(p for p, q in state["board"]["spies"].items() if q == "r1") == ["post-landsraad-council"]
    return state, pl


def test_duncans_scheme_raises_fremen():
    state, pl = scheme("duncan-idaho-leader")
    assert pl["influence"]["fremen"] == 1 and sum(pl["influence"].values()) == 1


def test_piters_scheme_raises_his_least_influence_and_gives_a_solari():
    state, pl = scheme("piter-de-vries-leader")
    first = rivals.bloodlines_cards()["piter-de-vries-leader"]["priority"][0]  # all tied at 0
    assert pl["influence"][first] == 1 and sum(pl["influence"].values()) == 1 and pl["solari"] == 1


def test_chanis_scheme_takes_a_spice_from_each_opponent_who_has_one():
    state, pl = scheme("chani-leader", others={"p1": 2, "r2": 0})
    assert pl["spice"] == 1
    assert (state["players"]["p1"]["spice"], state["players"]["r2"]["spice"]) == (1, 0)


def test_fenrings_scheme_draws_an_intrigue_card_and_gives_three_solari():
    state, pl = scheme("count-hasimir-fenring-leader")
    assert pl["solari"] == 3 and [t["n"] for t in pending(state, "draw-intrigue")] == [1]


def test_mohiams_scheme_raises_influence_where_one_step_wins_an_alliance():
    state, pl = scheme("gaius-helen-mohiam-leader",
                       influence={"emperor": 0, "guild": 3, "bene-gesserit": 1, "fremen": 0})
    assert pl["influence"]["guild"] == 4 and state["alliances"]["guild"] == "r1"
    assert [t["n"] for t in pending(state, "draw-intrigue")] == [1]


def test_kotas_scheme_raises_her_least_influence_and_gives_two_spice():
    state, pl = scheme("kota-odax-of-ix-leader")
    first = rivals.bloodlines_cards()["kota-odax-of-ix-leader"]["priority"][0]
    assert pl["influence"][first] == 1 and pl["spice"] == 2


# --- Kota Odax of Ix's Tech (solo, Tech Module) ---------------------------------------------------------
MARKED = ["tech-glowglobes", "tech-spy-drones", "tech-navigation-chamber"]  # costs 2 and 5 marked; 1 unmarked


def test_kotas_signet_ring_acquires_the_best_marked_tile_at_one_spice_off():
    state = game("kota-odax-of-ix-leader")
    to_rival_draw(UP, state, "r1")
    set_face_up(state, MARKED)
    pl = state["players"]["r1"]
    pl.update({"swordmaster": True, "spice": 3, "solari": 0, "water": 0, "intrigue": []})
    UP.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": "spice-refinery"}))
    UP.apply(state, Action({"by": "r1", "do": "rival-agent", "card": "spice-refinery", "space": "spice-refinery"}))
    rival_answers(UP, state)
    # 3 + 1 spice from the Ring: Spy Drones (5) at 4
    assert [e["id"] for e in pl["tech"]] == ["tech-spy-drones"] and pl["spice"] == 0


def test_kota_takes_no_tile_before_her_swordmaster():
    """The rulebook: a Rival ignores Tech tiles until its Swordmaster, Kota's Ring and Acquire Tech
    cards included (the third-party source lets her take them earlier; we follow the rulebook)."""
    state = game("kota-odax-of-ix-leader")
    to_rival_draw(UP, state, "r1")
    set_face_up(state, MARKED)
    pl = state["players"]["r1"]
    pl.update({"spice": 5, "solari": 0, "water": 0, "intrigue": []})
    UP.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": "spice-refinery"}))
    UP.apply(state, Action({"by": "r1", "do": "rival-agent", "card": "spice-refinery", "space": "spice-refinery"}))
    rival_answers(UP, state)
    assert pl["tech"] == [] and pl["spice"] == 6
    state = game("kota-odax-of-ix-leader")
    to_rival_draw(UP, state, "r1")
    set_face_up(state, MARKED)
    state["players"]["r1"]["spice"] = 5
    UP.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": "acquire-tech"}))
    assert state["players"]["r1"]["tech"] == [] and not pending(state, "tech")


# --- a log giving a Rival what its card does not ------------------------------------------------------------
def test_piter_drawing_an_intrigue_card_without_an_alliance_is_flagged():
    for seed in range(20):
        log = simulate("uprising", 1, seed, ("bloodlines",), rival_leaders=("piter-de-vries-leader",))
        state = start_of(UP, log)
        index = None
        for i, action in enumerate(log["actions"]):
            UP.apply(state, Action(action))
            if action["do"] == "rival-agent" and action["by"] == "rival-1" and action["space"] == "spice-refinery" \
                    and "rival-1" not in state["alliances"].values():
                index = i
                break
        if index is not None:
            break
    assert index is not None
    mutated = copy.deepcopy(log)
    card = next(a["cards"][0] for a in log["actions"] if a["do"] == "draw-intrigue")
    mutated["actions"].insert(index + 1, {"by": "chance", "do": "draw-intrigue", "player": "rival-1",
                                          "cards": [card]})
    report = replay(mutated)
    assert report["first_illegal"] == index + 1
    assert report["verdicts"][index + 1]["code"] == "chance.unexpected"  # the game waits for another card


def test_kota_taking_another_tile_than_her_rules_name_is_flagged():
    log = simulate("uprising", 1, 0, TECH, rival_leaders=("kota-odax-of-ix-leader",))
    index = next(i for i, a in enumerate(log["actions"]) if a["by"] == "rival-1" and "tile" in a)
    other = next(t for t in ("tech-glowglobes", "tech-spy-drones", "tech-panopticon")
                 if t != log["actions"][index]["tile"])
    mutated = copy.deepcopy(log)
    mutated["actions"][index]["tile"] = other
    report = replay(mutated)
    assert report["first_illegal"] == index
