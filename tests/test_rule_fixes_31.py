"""Rule errors of issue 31 (Immortality and Bloodlines), each from the rulebook's own words, with
the page in the test's name or docstring; each checks the legal and the illegal side."""

from __future__ import annotations

from test_immortality_rules import act, fresh, give


# --- item 4: Ghola grafted to Power Play (Immortality rulebook p. 14, Clarifications) --------------
def test_ghola_with_power_play_gives_two_influence_p14():
    """Immortality p. 14: Ghola grafted to Power Play at a Faction space gives 2 Influence with that
    Faction, as Power Play alone does (never 3); the rest of the copied box still applies."""
    rules, state = fresh()
    red = state["players"]["red"]
    give(state, "red", "ghola", "power-play")
    before = red["influence"]["emperor"]
    out = act(rules, state, "red", "graft", cards=["ghola", "power-play"], space="wealth")
    rulings = list(out.rulings)
    while True:
        todo = [a for a in rules.legal_actions(state) if a.do == "resolve"]
        if not todo:
            break
        rulings += act(rules, state, "red", "resolve", effect=todo[0].get("effect")).rulings
    assert red["influence"]["emperor"] == before + 2  # the space's 1 and Power Play's 1 more
    assert red["influence"]["emperor"] != before + 3  # the copy adds none of its own
    assert "graft.ghola-power-play" in rulings
    assert "power-play" not in red["play"] and "ghola" not in red["play"]  # both boxes trash their card

