"""Immortality's rules as scenarios (issue #12): the rulebook's worked examples with their numbers
(Carmen's research p. 6, Kris's graft p. 10, Carmen's Ghola graft p. 11, Candice's Chairdog p. 11)
and the refusals, each flagged with the ruling it rests on."""

from __future__ import annotations

import pytest
from helpers import deal

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.game import Game
from adjudicator.imperium.rules import ruleset


def fresh(edition: str = "base", seed: int = 3):
    rules = ruleset(edition)
    ids = ["red", "blue", "green"]
    leaders = [lead for lead in rules.leader_ids(()) if "setup" not in rules.content.leaders[lead]]
    game = {"system": "imperium", "edition": edition, "modules": ["immortality"],
            "players": [{"id": p, "leader": leaders[i]} for i, p in enumerate(ids)]}
    state = rules.new_state(game, {"seed": seed})
    if edition == "uprising":
        pile = sorted(o for o, d in rules.content.objectives.items() if 3 in d["players"])
        first = "objective-desert-mouse-first-player"
        pile.remove(first)
        rules.apply(state, Action({"by": "chance", "do": "deal-objectives",
                                   "objectives": dict(zip(ids, [first, *pile], strict=True))}))
    deal(rules, state)
    return rules, state


def give(state: dict, pid: str, *cards: str) -> None:
    """Put `cards` in `pid`'s hand, each taken from where it waits (Tleilaxu deck or Row, the
    Imperium deck or the player's deck), a hand card going back to the deck in its place."""
    pl = state["players"][pid]
    for card in cards:
        if pl["hand"].count(card) >= cards.count(card):
            continue
        t = state["tleilaxu"]
        for pool in (t["deck"], t["row"], state["imperium_deck"]["cards"], pl["deck"]["cards"]):
            if card in pool:
                pool.remove(card)
                if pool is t["row"]:
                    t["row"].append(t["deck"].pop(0))
                    t["row"].sort()
                break
        else:
            raise AssertionError(card)
        back = next(c for c in pl["hand"] if c not in cards)
        pl["hand"].remove(back)
        pl["deck"]["cards"].append(back)
        pl["deck"]["cards"].sort()
        pl["hand"].append(card)
        pl["hand"].sort()


def act(rules, state, by, do, **args):
    out = rules.apply(state, Action({"by": by, "do": do, **args}))
    deal(rules, state)
    return out


def refused(rules, state, by, do, **args) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, Action({"by": by, "do": do, **args}))
    return err.value


def resolve_all(rules, state, pid):
    """Resolve the turn's effects in the listed order, answering one-answer choices."""
    while True:
        legal = rules.legal_actions(state)
        todo = [a for a in legal if a.do == "resolve"]
        if not todo:
            return legal
        act(rules, state, pid, "resolve", effect=todo[0].get("effect"))


# --- setup (rulebook pp. 4-5) ---------------------------------------------------------------------
@pytest.mark.parametrize("edition", ["base", "uprising"])
def test_setup_places_the_pieces(edition):
    rules, state = fresh(edition)
    t = state["tleilaxu"]
    assert len(t["row"]) == 2 and len(t["deck"]) == 16 and t["spice"] == 2
    for pl in state["players"].values():
        cards = pl["deck"]["cards"] + pl["hand"]
        assert cards.count("experimentation") == 2 and "dune-the-desert-planet" not in cards
        assert pl["research"] == "research-start" and pl["tleilaxu"] == 0 and pl["atomics"] is True
        assert pl["troops"]["tanks"] == 0 and sum(pl["troops"].values()) == 12
    station = rules.content.overlays["research-station"]
    assert station["effects"] == [{"draw": 2}, {"custom": "research"}]
    assert rules.content.spaces["research-station"]["effects"] != station["effects"]  # the plain board keeps its own


# --- the research track (p. 6) ---------------------------------------------------------------------
def test_carmens_research_choice_p6():
    """Carmen (on the second column, upper space) picks up-right: research again, then on to the
    first genetic marker's column, whose bonus moves her Tleilaxu token."""
    rules, state = fresh()
    red = state["players"]["red"]
    red["research"] = "research-2-2"
    give(state, "red", "experimentation")
    act(rules, state, "red", "send-agent", card="experimentation", space="secure-contract")
    act(rules, state, "red", "resolve", effect="card:experimentation")
    offers = {a.get("research") for a in rules.legal_actions(state) if a.do == "choose"}
    assert offers == {"research-3-1", "research-3-3"}
    err = refused(rules, state, "red", "choose", research="research-1-3")  # backwards
    assert err.code == "research.not-forward" and "research.advance" in err.rulings
    act(rules, state, "red", "choose", research="research-3-1")
    assert red["research"] == "research-4-2" and red["tleilaxu"] == 1  # research again, then Tleilaxu


def test_research_after_the_second_marker_draws_instead():
    rules, state = fresh()
    red = state["players"]["red"]
    red["research"] = "research-8-2"
    give(state, "red", "experimentation")
    hand = len(red["hand"])
    act(rules, state, "red", "send-agent", card="experimentation", space="secure-contract")
    out = act(rules, state, "red", "resolve", effect="card:experimentation")
    assert red["research"] == "research-8-2" and len(red["hand"]) == hand - 1 + 1
    assert "research.second-marker-draw" in out.rulings


# --- Graft (pp. 10-11) ----------------------------------------------------------------------------------
def test_carmens_ghola_and_corrino_genes_at_wealth_p11():
    """2 Solari and 1 Emperor Influence from Wealth, two Tleilaxu steps: Corrino Genes' own (if
    grafted) and Ghola's copy of it."""
    rules, state = fresh()
    red = state["players"]["red"]
    give(state, "red", "ghola", "corrino-genes")
    solari, influence = red["solari"], red["influence"]["emperor"]
    out = act(rules, state, "red", "graft", cards=["ghola", "corrino-genes"], space="wealth")
    assert "graft.two-cards" in out.rulings
    assert sorted(state["turn"]["nodes"]) == sorted(["place", "cost", "space:wealth", "card:ghola",
                                                     "card:corrino-genes", "end"])
    resolve_all(rules, state, "red")
    assert red["solari"] == solari + 2 and red["influence"]["emperor"] == influence + 1
    assert red["tleilaxu"] == 2
    assert {"ghola", "corrino-genes"} <= set(red["play"])


def test_kris_unnatural_reflexes_and_from_the_tanks_p10():
    """Imperial Basin's spice, two cards drawn (first genetic marker reached), two troops recruited
    and four deployed (the two recruited and two from the garrison)."""
    rules, state = fresh()
    red = state["players"]["red"]
    red["research"] = "research-4-4"
    give(state, "red", "unnatural-reflexes", "from-the-tanks")
    hand, spice = len(red["hand"]), red["spice"]
    act(rules, state, "red", "graft", cards=["unnatural-reflexes", "from-the-tanks"], space="imperial-basin")
    resolve_all(rules, state, "red")
    assert len(red["hand"]) == hand - 2 + 2 and red["spice"] > spice
    assert red["troops"]["garrison"] == 5
    act(rules, state, "red", "deploy", recruited=2, garrison=2)
    assert red["troops"]["conflict"] == 4


def chairdog_and_arrakis_liaison_in_hand():
    """Red holds Chairdog and Arrakis Liaison (taken from the Reserve), as in the p. 11 example."""
    rules, state = fresh()
    red = state["players"]["red"]
    give(state, "red", "chairdog")
    red["hand"].append("arrakis-liaison")
    red["hand"].sort()
    state["reserve"]["arrakis-liaison"] -= 1
    return rules, state, red


def test_candices_chairdog_brings_the_other_card_back_at_reveal_p11():
    """Immortality p. 11, the example: Chairdog grafted to Arrakis Liaison goes to the Mentat
    (reading card.chairdog-landsraad); at the start of the Reveal turn Arrakis Liaison comes back
    to hand and is revealed."""
    rules, state, red = chairdog_and_arrakis_liaison_in_hand()
    red["solari"] = 2
    out = act(rules, state, "red", "graft", cards=["chairdog", "arrakis-liaison"], space="mentat")
    assert out.verdict == "legal"
    resolve_all(rules, state, "red")
    act(rules, state, "red", "end-turn")
    assert red["chairdog"] == ["arrakis-liaison"]
    state["stack"] = [t for t in state["stack"] if not (t["t"] == "turn" and t["player"] != "red")]
    state["stack"].append({"t": "turn", "player": "red"})  # straight to red's Reveal turn
    red["agents"] = len(red["placed"])
    act(rules, state, "red", "reveal")
    assert "reveal:arrakis-liaison#chairdog" in state["turn"]["nodes"] and "chairdog" not in red


def test_chairdog_and_arrakis_liaison_have_no_spice_trade_icon_p10():
    """Immortality p. 10: a grafted pair uses either card's icon, and only those: Chairdog
    (Landsraad) with Arrakis Liaison (City) may not go to Imperial Basin (Spice Trade)."""
    rules, state, red = chairdog_and_arrakis_liaison_in_hand()
    err = refused(rules, state, "red", "graft", cards=["chairdog", "arrakis-liaison"], space="imperial-basin")
    assert err.code == "agent.icon-mismatch"


def test_a_graft_of_three_cards_is_refused():
    rules, state = fresh()
    give(state, "red", "ghola", "corrino-genes", "face-dancer")
    err = refused(rules, state, "red", "graft", cards=["ghola", "corrino-genes", "face-dancer"], space="wealth")
    assert err.code == "graft.two-cards" and err.rulings == ("graft.two-cards",)


def test_a_graft_needs_a_graft_card_and_a_usable_icon():
    rules, state = fresh()
    give(state, "red", "corrino-genes", "from-the-tanks", "ghola")
    err = refused(rules, state, "red", "graft", cards=["corrino-genes", "from-the-tanks"], space="wealth")
    assert err.code == "graft.no-graft-card" and "graft.two-cards" in err.rulings
    # Ghola (City) and Corrino Genes (Emperor): no Spice Trade icon for Imperial Basin
    err = refused(rules, state, "red", "graft", cards=["ghola", "corrino-genes"], space="imperial-basin")
    assert err.code == "agent.icon-mismatch"


def test_a_graft_card_is_never_played_alone():
    rules, state = fresh()
    give(state, "red", "ghola")
    err = refused(rules, state, "red", "send-agent", card="ghola", space="research-station")
    assert err.code == "graft.alone" and "graft.two-cards" in err.rulings
    assert not [a for a in rules.legal_actions(state) if a.do == "send-agent" and a.get("card") == "ghola"]


# --- Tleilaxu cards and specimens (pp. 8-9) ----------------------------------------------------------------
def _to_reveal(rules, state, pid="red"):
    state["players"][pid]["agents"] = len(state["players"][pid]["placed"])
    act(rules, state, pid, "reveal")
    resolve_all(rules, state, pid)


def test_tleilaxu_cards_cost_specimens_only():
    rules, state = fresh()
    red = state["players"]["red"]
    card = state["tleilaxu"]["row"][0]
    cost = rules.content.tleilaxu[card]["specimen_cost"]
    _to_reveal(rules, state)
    red["persuasion"], red["spice"] = 10, 10
    red["troops"]["supply"] += red["troops"]["tanks"]  # the Reveal turn's own specimens returned
    red["troops"]["tanks"] = 0
    err = refused(rules, state, "red", "acquire", card=card)  # bought as an Imperium card
    assert err.code == "tleilaxu.specimens-only" and "tleilaxu-cards.not-imperium-row" in err.rulings
    err = refused(rules, state, "red", "acquire-tleilaxu", card=card)  # no specimens, spice aplenty
    assert err.code == "tleilaxu.specimen-cost" and "specimens.spend" in err.rulings
    red["troops"]["supply"] -= cost
    red["troops"]["tanks"] += cost
    act(rules, state, "red", "acquire-tleilaxu", card=card)
    assert card in red["discard"] and card not in state["tleilaxu"]["row"] and len(state["tleilaxu"]["row"]) == 2
    assert red["troops"]["tanks"] == 0 and red["spice"] == 10


def test_reclaimed_forces_never_leaves_the_row():
    rules, state = fresh()
    red = state["players"]["red"]
    _to_reveal(rules, state)
    red["troops"]["supply"] -= 3
    red["troops"]["tanks"] += 3
    row = list(state["tleilaxu"]["row"])
    act(rules, state, "red", "acquire-tleilaxu", card="reclaimed-forces")
    act(rules, state, "red", "choose", option=1)  # Tleilaxu, not the troops
    assert red["tleilaxu"] == 1 and state["tleilaxu"]["row"] == row and "reclaimed-forces" not in red["discard"]


def test_the_first_to_reach_the_vp_space_takes_its_spice():
    rules, state = fresh()
    red, blue = state["players"]["red"], state["players"]["blue"]
    red["tleilaxu"] = blue["tleilaxu"] = 3
    for pid in ("red", "blue"):  # one Tleilaxu step each, red first
        state["stack"].append({"t": "steps", "player": pid, "src": "test", "steps": [{"custom": "tleilaxu"}]})
        rules.settle(Game(state, rules.content))
    assert red["tleilaxu"] == blue["tleilaxu"] == 4
    assert red["spice"] == 2 and blue["spice"] == 0 and state["tleilaxu"]["spice"] == 0


# --- Family Atomics (p. 12) ------------------------------------------------------------------------------
def test_family_atomics_replaces_the_row_once_per_game():
    rules, state = fresh()
    row = list(state["row"])
    act(rules, state, "red", "family-atomics")
    assert len(state["row"]) == 5 and sorted(state["removed_cards"]) == sorted(row)
    err = refused(rules, state, "red", "family-atomics")
    assert err.code == "atomics.once" and err.rulings == ("atomics.use",)
