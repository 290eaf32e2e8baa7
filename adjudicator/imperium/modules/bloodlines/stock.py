"""What a Bloodlines game's Sardaukar Commanders and Skills are, read from its state alone (setup,
the invariants and positions share it): the setup.json entry of the Commanders' placement and the
Skills left out, per edition, or for the six-player game (Bloodlines manual p. 10), and the Skills
in play with their copies."""

from __future__ import annotations

from collections import Counter

from ...content import Content
from ...registry import MODULES

SIX_PLAYERS = "uprising-six-player"  # setup.json's six-player entries (p. 10)


def setup_variant(state: dict) -> str:
    return SIX_PLAYERS if "six-players" in MODULES.in_play(state) else state["game"]["edition"]


def skill_copies(cnt: Content, state: dict) -> Counter:
    """The game's Skills, copies counted. The edition's exclusions are already out of the content
    (both Fierce with the original game, p. 3); a mode's are left out here (six players: both
    Fierce, p. 10)."""
    variant = setup_variant(state)
    out = [] if variant == state["game"]["edition"] else cnt.expansion_setup["bloodlines"]["skills"]["exclude"][variant]
    return Counter({s: d.get("copies", 1) for s, d in cnt.skills.items() if s not in out})
