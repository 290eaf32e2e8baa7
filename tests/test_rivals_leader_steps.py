"""A Rival card's Signet Ring and spy network are steps of the effect language (issue 29;
docs/effects.md, "House Hagal cards"), run by the one interpreter like the House Hagal cards:
every step names one op, every custom step has code, every condition is one the interpreter reads."""

import adjudicator.imperium.rules  # noqa: F401  (loads the custom steps)
from adjudicator.imperium.conditions import CONDITIONS
from adjudicator.imperium.effects import step_op
from adjudicator.imperium.modules.rivals.hagal import bloodlines_cards, hagal
from adjudicator.imperium.registry import CUSTOM


def _ops(steps: list, found: set) -> set:
    for step in steps:
        op = step_op(step)  # exactly one op, or ValueError
        found.add(step["custom"] if op == "custom" else op)
        if op == "custom":
            assert step["custom"] in CUSTOM, step
        if op == "if":
            assert set(step["if"]) <= set(CONDITIONS), step
            _ops(step["then"] + step.get("else", []), found)
    return found


def test_every_rival_cards_signet_ring_and_network_are_steps():
    cards = {**hagal("uprising")["rival_leaders"], **bloodlines_cards()}
    assert len(cards) == 16
    found = set()
    for lead, card in sorted(cards.items()):
        for box in ("signet", "network"):
            assert isinstance(card[box], list) and card[box], (lead, box)
            _ops(card[box], found)
    assert {"gain", "intrigue", "if", "maker_hooks", "rival-recruits", "rival-influence", "rival-spy",
            "rival-drain-spice", "rival-signet-tech", "rival-shield-wall"} <= found
