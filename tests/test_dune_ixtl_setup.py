"""The Ixians & Tleilaxu expansion seated (adjudicator/dune/modules/ixians_tleilaxu/, modules/ixians_tleilaxu/ixians.py,
modules/ixians_tleilaxu/tleilaxu.py): a module a log names, and each faction's forces, spice, leaders, Traitor cards
and Face Dancers as seed 002 sets them up."""

import pytest
from dune_helpers import RULES, act, refused
from ixtl_helpers import new_ixtl

from adjudicator.core.errors import MalformedLog
from adjudicator.dune.invariants import problems
from adjudicator.dune.not_implemented import NOT_IMPLEMENTED


def _game(*factions, modules=("ixians-tleilaxu",)):
    return {"system": "dune", "modules": list(modules), "players": [{"id": f, "faction": f} for f in factions]}


def test_the_expansion_is_a_module_a_log_names_and_nothing_of_it_is_left_unplayed():
    assert set(RULES.new_state(_game("ixians", "atreides"), {})["players"]) == {"ixians", "atreides"}
    assert NOT_IMPLEMENTED == {}


def test_its_factions_need_the_module():
    with pytest.raises(MalformedLog) as err:
        RULES.new_state(_game("tleilaxu", "atreides", modules=()), {})
    assert err.value.code == "unsupported-faction"


def test_setup_counts():
    """Ixians: 10 spice, 7 Cyborgs and 13 Suboids, 3 and 3 of them inside the Hidden Mobile
    Stronghold, not yet pointed anywhere (tests/test_dune_ixtl_hms.py); Tleilaxu: 5 spice, all 20
    forces in reserves (seed 002 paragraphs 6, 28); the Traitor deck holds the eleven new cards."""
    state = new_ixtl("ixians", "tleilaxu", "atreides")
    ix, tl = state["players"]["ixians"], state["players"]["tleilaxu"]
    assert (ix["spice"], ix["reserves"], ix["tanks"]) == (10, 14, 0)
    assert ix["elite"] == {"cyborgs": {"reserves": 4, "tanks": 0, "map": {"hidden-mobile-stronghold": 3}}}
    assert state["map"]["hidden-mobile-stronghold"] == {"ixians": 6} and state["hms"] == {"points_at": None}
    assert (tl["spice"], tl["reserves"], tl["tanks"]) == (5, 20, 0)
    assert sorted(tl["leaders"]) == ["blin", "hidar-fen-ajidica", "master-zaaf", "wykk", "zoal"]
    assert not any("tleilaxu" in here for here in state["map"].values())
    assert len(state["traitor_deck"]) == 15 + 1  # three factions' leaders and the Cheap Hero traitor
    assert problems(state) == []


def test_the_tleilaxu_draw_face_dancers_after_the_others_keep_their_traitors():
    state = new_ixtl("tleilaxu", "atreides", "harkonnen")
    kinds = [(t["kind"], t.get("player")) for t in reversed(state["stack"]) if t["t"] != "flow"]
    assert ("draw-traitors", "tleilaxu") not in kinds and ("keep-traitor", "tleilaxu") not in kinds
    assert kinds.index(("draw-face-dancers", "tleilaxu")) > kinds.index(("keep-traitor", "atreides"))
    deck = list(state["traitor_deck"])
    act(state, "chance", "draw-traitors", player="atreides", cards=deck[:4])
    kept = deck[0]
    act(state, "chance", "draw-traitors", player="harkonnen", cards=deck[4:8])
    act(state, "atreides", "keep-traitor", card=kept)
    for pid in ("atreides", "harkonnen", "harkonnen", "tleilaxu"):
        act(state, "chance", "draw-treachery", player=pid, card=state["treachery"]["deck"][0])
    # a Face Dancer the deck does not hold (the Atreides kept it) is refused
    assert refused(state, "chance", "draw-face-dancers", player="tleilaxu",
                   cards=[kept, *[c for c in state["traitor_deck"] if c != kept][:2]]).code == "dune.card-not-available"
    cards = sorted(state["traitor_deck"])[-3:]
    act(state, "chance", "draw-face-dancers", player="tleilaxu", cards=cards)
    tl = state["players"]["tleilaxu"]
    assert tl["face_dancers"] == cards and tl["traitors"] == [] and problems(state) == []
