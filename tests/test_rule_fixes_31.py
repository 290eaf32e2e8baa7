"""Rule errors of issue 31 (Immortality and Bloodlines), each from the rulebook's own words, with
the page in the test's name or docstring; each checks the legal and the illegal side."""

from __future__ import annotations

from test_immortality_rules import act, fresh, give, refused


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


def test_power_play_alone_gives_the_same_two_influence_p14():
    """Immortality p. 14 measures the graft against Power Play "alone": sent alone to the same
    Faction space it gives the same 2 Influence (the space's 1 and its own 1 more)."""
    rules, state = fresh()
    red = state["players"]["red"]
    give(state, "red", "power-play")
    before = red["influence"]["emperor"]
    act(rules, state, "red", "send-agent", card="power-play", space="wealth")
    while todo := [a for a in rules.legal_actions(state) if a.do == "resolve"]:
        act(rules, state, "red", "resolve", effect=todo[0].get("effect"))
    assert red["influence"]["emperor"] == before + 2


# --- item 7: Forbidden Weapons with no Influence to lose (Bloodlines back cover, p. 12) ---------------
def test_forbidden_weapons_loses_influence_only_if_possible_p12():
    """Bloodlines p. 12 (Clarifications, back cover): the 3-strength option of Forbidden Weapons
    loses one Influence with a Faction where the player has at least one, "if possible": with none
    anywhere no Faction is asked and the 3 strength still comes; with some, only those Factions."""
    from test_bloodlines_tech import P, grant, steps_now, tech_game

    from adjudicator.core.actions import Action

    rules, state = tech_game()
    grant(state, "red", "tech-forbidden-weapons")
    red = P(state, "red")
    box = rules.content.tech["tech-forbidden-weapons"]["reveal"]
    steps_now(rules, state, "red", box, src="tech:tech-forbidden-weapons")
    out = rules.apply(state, Action({"by": "red", "do": "choose", "option": 0}))
    assert red["swords"] == 3 and set(red["influence"].values()) == {0}
    assert not any(t["t"] == "choice" and t["kind"] == "faction" for t in state["stack"])  # none asked
    assert "tech.forbidden-weapons" in out.rulings

    rules, state = tech_game()
    grant(state, "red", "tech-forbidden-weapons")
    red = P(state, "red")
    red["influence"]["guild"] = 1
    steps_now(rules, state, "red", box, src="tech:tech-forbidden-weapons")
    rules.apply(state, Action({"by": "red", "do": "choose", "option": 0}))
    assert [a.get("faction") for a in rules.legal_actions(state)] == ["guild"]  # only where there is some
    err = refused(rules, state, "red", "choose", faction="emperor")
    assert err.code != "ok"
    rules.apply(state, Action({"by": "red", "do": "choose", "faction": "guild"}))
    assert red["influence"]["guild"] == 0 and red["swords"] == 3


# --- item 9: only Tleilaxu cards go on top once at the genetic marker (Immortality pp. 6, 16) ----------
def test_genetic_marker_puts_only_tleilaxu_cards_on_top_p6_p16():
    """Immortality p. 6 (Research Track) and p. 16 (genetic markers): past the first genetic marker a
    Tleilaxu card acquired may go on top of the deck; an Imperium card bought with Persuasion may
    not, so `acquire … "top": true` is refused (never silently put in the discard pile)."""
    from test_immortality_rules import _to_reveal

    from adjudicator.imperium.game import Game
    from adjudicator.imperium.modules.immortality.immortality import genetic_markers

    rules, state = fresh()
    red = state["players"]["red"]
    _to_reveal(rules, state)
    red["research"] = "research-4-4"
    assert genetic_markers(Game(state, rules.content), "red") >= 1
    red["persuasion"] = 10
    card = next(a.get("card") for a in rules.legal_actions(state) if a.do == "acquire")
    err = refused(rules, state, "red", "acquire", card=card, top=True)
    assert err.code == "tleilaxu.deck-top" and "research.first-marker-deck-top" in err.rulings
    act(rules, state, "red", "acquire", card=card)  # the same card to the discard pile: legal
    assert card in red["discard"] and card not in red["deck"].get("top", [])
    tleilaxu = state["tleilaxu"]["row"][0]  # a Tleilaxu card on top: what the marker allows
    cost = rules.content.tleilaxu[tleilaxu]["specimen_cost"]
    red["troops"]["supply"] -= cost
    red["troops"]["tanks"] += cost
    act(rules, state, "red", "acquire-tleilaxu", card=tleilaxu, top=True)
    assert red["deck"]["top"][0] == tleilaxu and tleilaxu not in red["discard"]
