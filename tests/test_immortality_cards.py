"""Immortality cards whose steps are code (modules/immortality/cards.py): Imperium Ceremony,
Tleilaxu Master, Counterattack and Harvest Cells, each checked with the numbers its text gives
and against the reading it cites (rulings/seed-003-immortality.toml)."""

from __future__ import annotations

import pytest
from test_immortality_rules import act, fresh, give, refused, resolve_all

from adjudicator.imperium import combat
from adjudicator.imperium.game import Game


def choices(rules, state):
    return [a for a in rules.legal_actions(state) if a.do == "choose"]


# --- Imperium Ceremony -----------------------------------------------------------------------------
def test_imperium_ceremony_keeps_one_and_leaves_the_other_on_top():
    rules, state = fresh()
    red, pool = state["players"]["red"], state["intrigue_deck"]
    give(state, "red", "imperium-ceremony")
    held, size = list(red["intrigue"]), len(pool["cards"])
    act(rules, state, "red", "send-agent", card="imperium-ceremony", space="wealth")
    act(rules, state, "red", "resolve", effect="card:imperium-ceremony")
    seen = sorted(red["looking"])
    assert len(seen) == 2 and {a.get("card") for a in choices(rules, state)} == set(seen)
    out = act(rules, state, "red", "choose", card=seen[1])
    assert "card.imperium-ceremony" in out.rulings
    assert sorted(red["intrigue"]) == sorted([*held, seen[1]]) and "looking" not in red
    assert len(pool["cards"]) == size - 1 and pool["top"] == [seen[0]]  # the other, known on top


def test_imperium_ceremony_with_an_empty_intrigue_deck_does_nothing():
    rules, state = fresh()
    red = state["players"]["red"]
    state["intrigue_discard"] = sorted(state["intrigue_discard"] + state["intrigue_deck"]["cards"])
    state["intrigue_deck"]["cards"] = []
    give(state, "red", "imperium-ceremony")
    act(rules, state, "red", "send-agent", card="imperium-ceremony", space="wealth")
    act(rules, state, "red", "resolve", effect="card:imperium-ceremony")
    assert not choices(rules, state) and "looking" not in red


# --- Tleilaxu Master --------------------------------------------------------------------------------
@pytest.mark.parametrize(("research", "zone"), [("research-4-4", "discard"), ("research-8-2", "hand")])
def test_tleilaxu_master_acquires_free_with_a_marker(research, zone):
    rules, state = fresh()
    red = state["players"]["red"]
    red["research"] = research
    give(state, "red", "tleilaxu-master")
    act(rules, state, "red", "send-agent", card="tleilaxu-master", space="imperial-basin")
    act(rules, state, "red", "resolve", effect="card:tleilaxu-master")
    offered = {a.get("card") for a in choices(rules, state)} - {None}
    cost = {c: rules.content.cards[c]["cost"] or 0 for c in offered}
    assert offered and max(cost.values()) <= 6
    assert offered >= {c for c in state["row"] if (rules.content.cards[c]["cost"] or 0) <= 6}
    assert not {c for c in state["row"] if (rules.content.cards[c]["cost"] or 0) > 6} & offered
    card = sorted(c for c in offered if c in state["row"])[0]
    persuasion = red["persuasion"]
    out = act(rules, state, "red", "choose", card=card)
    assert card in red[zone] and card not in state["row"] and len(state["row"]) == 5
    assert red["persuasion"] == persuasion and "card.tleilaxu-master" in out.rulings


def test_tleilaxu_master_without_a_marker_acquires_nothing():
    rules, state = fresh()
    give(state, "red", "tleilaxu-master")
    act(rules, state, "red", "send-agent", card="tleilaxu-master", space="imperial-basin")
    act(rules, state, "red", "resolve", effect="card:tleilaxu-master")
    assert not choices(rules, state)


# --- Counterattack and Harvest Cells: a Combat Intrigue window opened on the current position --------
def _combat(state, order, troops=3):
    for pid in order:
        pl = state["players"][pid]
        pl["troops"]["supply"] -= troops
        pl["troops"]["conflict"] += troops
    state["stack"].append({"t": "window", "kind": "combat", "order": list(order), "idx": 0, "passes": 0})


@pytest.mark.parametrize("blue_plays", [True, False])
def test_counterattack_needs_an_opponents_combat_intrigue(blue_plays):
    rules, state = fresh()
    red, blue = state["players"]["red"], state["players"]["blue"]
    red["intrigue"], blue["intrigue"] = ["counterattack"], ["ambush"]
    _combat(state, ["blue", "red"])
    if blue_plays:
        act(rules, state, "blue", "play-intrigue", card="ambush")
        act(rules, state, "blue", "pass")  # the end of blue's go of plays (rulebook p. 12)
    else:
        act(rules, state, "blue", "pass")
    swords = red["swords"]
    out = act(rules, state, "red", "play-intrigue", card="counterattack")
    assert red["swords"] == swords + (4 if blue_plays else 0)
    assert "card.counterattack" in out.rulings


def test_counterattack_ignores_its_players_own_cards():
    rules, state = fresh()
    red = state["players"]["red"]
    red["intrigue"] = ["ambush", "counterattack"]
    _combat(state, ["red", "blue"])
    act(rules, state, "red", "play-intrigue", card="ambush")
    act(rules, state, "red", "pass")  # the end of red's go of plays (rulebook p. 12)
    act(rules, state, "blue", "pass")
    swords = red["swords"]
    act(rules, state, "red", "play-intrigue", card="counterattack")
    assert red["swords"] == swords


@pytest.mark.parametrize(("troops", "triggered"), [(3, True), (2, False)])
def test_harvest_cells_acts_on_the_troops_lost_at_the_end(troops, triggered):
    rules, state = fresh()
    red = state["players"]["red"]
    red["intrigue"] = ["harvest-cells"]
    _combat(state, ["red", "blue"], troops)
    act(rules, state, "red", "play-intrigue", card="harvest-cells")
    assert red["harvest_cells"] and red["troops"]["tanks"] == 0  # nothing before the end
    g = Game(state, rules.content)
    combat.cleanup(g)
    rules.settle(g)
    assert "harvest_cells" not in red and red["troops"]["conflict"] == 0
    assert red["troops"]["tanks"] == (2 if triggered else 0)
    assert ("card.harvest-cells" in g.rulings) is triggered
    kinds = [t.get("kind") for t in state["stack"] if t["t"] == "choice"]
    assert ("tleilaxu-card" in kinds) is triggered  # may acquire a Tleilaxu card


# --- Usurp (p. 14) ------------------------------------------------------------------------------------------
def _row_card_for(rules, state, spaces=("wealth", "secure-contract", "hall-of-oratory")):
    """A card of the Imperium Row with an Agent box and the icon of a free non-combat space."""
    for card in sorted(state["row"]):
        data = rules.content.cards[card]
        for space in spaces:
            if data.get("agent") and rules.content.spaces[space]["icon"] in data.get("icons", []):
                return card, space
    pytest.skip("no Row card fits")


def test_usurp_grafts_a_row_card_which_is_trashed_as_the_turn_ends():
    rules, state = fresh()
    red = state["players"]["red"]
    give(state, "red", "usurp")
    card, space = _row_card_for(rules, state)
    offers = [a for a in rules.legal_actions(state) if a.do == "graft" and card in a.get("cards", [])]
    assert offers and all("usurp" in a.get("cards") for a in offers)
    out = act(rules, state, "red", "graft", cards=[card, "usurp"], space=space)  # either order
    assert card in state["row"] and card not in red["play"] and f"card:{card}" in state["turn"]["nodes"]
    assert "graft.two-cards" in out.rulings
    legal = resolve_all(rules, state, "red")
    while not any(a.do == "end-turn" for a in legal):  # answer the Row card's own choices
        act(rules, state, "red", legal[0].do, **{k: v for k, v in legal[0].data.items() if k not in ("by", "do")})
        legal = resolve_all(rules, state, "red")
    out = act(rules, state, "red", "end-turn")
    assert card in red["trashed"] and card not in state["row"] and len(state["row"]) == 5
    assert "graft.usurp-trash-triggers" in out.rulings


def test_usurp_with_a_card_neither_held_nor_in_the_row_is_refused():
    rules, state = fresh()
    give(state, "red", "usurp")
    held = state["players"]["red"]["hand"]
    absent = next(c for c in sorted(rules.content.cards) if c not in state["row"] and c not in held
                  and rules.content.cards[c].get("type") == "imperium")
    err = refused(rules, state, "red", "graft", cards=["usurp", absent], space="wealth")
    assert err.code == "agent.card-required" and "graft.usurp-hand" in err.rulings


# --- specimens returned to the supply at will (p. 8) ---------------------------------------------------------
def test_specimens_go_back_to_the_supply_at_will():
    rules, state = fresh()
    red = state["players"]["red"]
    assert not [a for a in rules.legal_actions(state) if a.do == "return-specimens"]  # none in the tanks
    red["troops"]["supply"] -= 3
    red["troops"]["tanks"] += 3
    supply = red["troops"]["supply"]
    assert {a.get("count") for a in rules.legal_actions(state) if a.do == "return-specimens"} == {1, 2, 3}
    err = refused(rules, state, "red", "return-specimens", count=4)
    assert err.code == "specimens.return-count" and err.rulings == ("specimens.return",)
    out = act(rules, state, "red", "return-specimens", count=2)
    assert red["troops"]["tanks"] == 1 and red["troops"]["supply"] == supply + 2
    assert "specimens.return" in out.rulings
    err = refused(rules, state, "blue", "return-specimens", count=1)  # blue has no specimen
    assert err.code == "specimens.return-count"


def test_specimens_may_be_returned_outside_ones_own_turn_p8():
    """Immortality p. 8: specimens may go back to the supply 'at any time': legal for blue during
    red's turn (red's decision stays pending) and for red inside a choice of red's own; illegal
    for more specimens than the tanks hold, or for a name that is no seat."""
    rules, state = fresh()
    red, blue = state["players"]["red"], state["players"]["blue"]
    blue["troops"]["supply"] -= 2
    blue["troops"]["tanks"] += 2
    pending = list(state["stack"])
    out = act(rules, state, "blue", "return-specimens", count=1)
    assert out.verdict == "legal" and "specimens.return" in out.rulings
    assert blue["troops"]["tanks"] == 1 and state["stack"] == pending  # still red's decision
    assert rules.prompt(state)["by"] == "red"
    err = refused(rules, state, "blue", "return-specimens", count=2)
    assert err.code == "specimens.return-count"
    err = refused(rules, state, "nobody", "return-specimens", count=1)
    assert err.code == "turn.not-your-turn"
    red["troops"]["supply"] -= 1
    red["troops"]["tanks"] += 1
    give(state, "red", "imperium-ceremony")
    act(rules, state, "red", "send-agent", card="imperium-ceremony", space="wealth")
    act(rules, state, "red", "resolve", effect="card:imperium-ceremony")
    assert state["stack"][-1]["t"] == "choice"
    out = act(rules, state, "red", "return-specimens", count=1)
    assert out.verdict == "legal" and red["troops"]["tanks"] == 0 and state["stack"][-1]["t"] == "choice"


# --- Kwisatz Haderach grafted (p. 14): its placement rule holds, one Agent only, Ghola included -------------
def test_kwisatz_haderach_grafted_moves_one_agent_already_on_the_board():
    rules, state = fresh()
    red = state["players"]["red"]
    give(state, "red", "ghola", "kwisatz-haderach")
    red["placed"] = ["wealth", "secure-contract"][:red["agents"]]  # every Agent already out
    for space in red["placed"]:
        state["board"]["occupied"][space] = "red"
    placed = list(red["placed"])
    offers = [a for a in rules.legal_actions(state) if a.do == "graft"]
    assert offers and all("kwisatz-haderach" in a.get("cards") for a in offers)  # only it moves an Agent
    hand = len(red["hand"])
    act(rules, state, "red", "graft", cards=["ghola", "kwisatz-haderach"], space="hall-of-oratory")
    if any(a.do == "choose" for a in rules.legal_actions(state)):  # which Agent moves
        act(rules, state, "red", "choose", space=placed[0])
    assert len(red["placed"]) == len(placed) and "hall-of-oratory" in red["placed"]  # moved, not added
    assert sorted(state["turn"]["graft"]) == ["ghola", "kwisatz-haderach"]
    resolve_all(rules, state, "red")
    assert len(red["placed"]) == len(placed)  # Ghola's copy of the box sends no second Agent
    assert len(red["hand"]) == hand - 2 + 2  # the box's draw, and Ghola's copy of it


def test_a_graft_card_alone_is_refused_whatever_task_checks_the_placement():
    """The placement check refuses a Graft card sent alone even when another task than the turn
    is on top (an effect sending an Agent checks the placement the same way)."""
    from adjudicator.imperium.turns import placement_error

    rules, state = fresh()
    give(state, "red", "ghola")
    state["stack"].append({"t": "steps", "player": "red", "src": "test", "steps": []})
    err = placement_error(Game(state, rules.content), "red", {"card": "ghola", "space": "research-station"})
    assert err is not None and err.code == "graft.alone" and "graft.two-cards" in err.rulings
