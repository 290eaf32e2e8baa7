"""Bugs random Bloodlines playouts found, each pinned by a position built to show it."""

import pytest
from helpers import P, hand
from test_bloodlines_cards import act, choose, legal, new

from adjudicator.core.errors import IllegalAction


def test_a_contract_choam_demands_completes_is_not_completed_again_by_its_condition():
    """Found by the playout uprising 4p seed 132: an Agent at the Spice Refinery with CHOAM Demands
    while holding a contract completed there. The card completes that contract; its own
    completion then leaves the turn (a contract completes once; the engine used to try again)."""
    st = new()
    hand(st, "red", ["choam-demands"])
    P(st, "red")["contracts"] = ["contract-18"]  # Spice Refinery: 1 water
    act(st, "red", "send-agent", card="choam-demands", space="spice-refinery")
    assert {"do": "resolve", "effect": "contract:contract-18"} in legal(st)
    water = P(st, "red")["water"]
    act(st, "red", "resolve", effect="card:choam-demands")
    choose(st, "red", contract="contract-18")
    assert P(st, "red")["water"] == water + 1 and P(st, "red")["completed_contracts"] == ["contract-18"]
    assert {"do": "resolve", "effect": "contract:contract-18"} not in legal(st)
    with pytest.raises(IllegalAction) as err:
        act(st, "red", "resolve", effect="contract:contract-18")
    assert err.value.code == "resolve.already-resolved"
