"""Imperium-side rule fixes of issue 31, one scenario (or more) per fix; each docstring names the
rule it checks (rulebook, seed or FAQ, and page). The Combat Intrigue window (item 1) is in
test_acceptance_fixes.py beside the rulebook's example."""

import pytest
from helpers import P, act, deal, fresh, hand, top

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import Driver
from adjudicator.core.rulings import citations
from adjudicator.imperium.rules import ruleset
from adjudicator.positions import check_position
from adjudicator.verdict_words import describe_check

BASE = ruleset("base")


def illegal(rules, state, by, do, code, **args):
    with pytest.raises(IllegalAction) as err:
        act(rules, state, by, do, **args)
    assert err.value.code == code, err.value.message
    return err.value


def _base_game():
    game = {"system": "imperium", "edition": "base", "modules": [],
            "players": [{"id": p, "leader": lead} for p, lead in
                        (("red", "helena-richese"), ("blue", "countess-ariana-thorvald"),
                         ("green", "glossu-rabban"))]}
    state = BASE.new_state(game, {"seed": 1})
    deal(BASE, state)
    assert top(state) == {"t": "turn", "player": "red"}
    return state


# --- 2. High Council per edition ------------------------------------------------------------------
def test_uprising_high_council_may_be_visited_again_with_a_seat():
    """Uprising (reading high-council.uprising-seat; Russian rulebook p. 13): no once-a-game
    limit; a player who holds a seat pays 5 Solari again and gains 2 spice, an Intrigue card and
    3 troops. The verdict cites the Uprising record, never the original game's once-a-game one."""
    rules, st = fresh()
    red = P(st, "red")
    red["seat"], red["solari"], red["spice"] = True, 5, 0
    hand(st, "red", ["dagger"])
    intrigue, garrison = len(red["intrigue"]), red["troops"]["garrison"]
    out = act(rules, st, "red", "send-agent", card="dagger", space="high-council")
    assert out.verdict == "legal" and red["solari"] == 0
    out = act(rules, st, "red", "resolve", effect="space:high-council")
    assert "high-council.uprising-seat" in out.rulings and "high-council.seat" not in out.rulings
    assert red["spice"] == 2 and len(red["intrigue"]) == intrigue + 1
    assert red["troops"]["garrison"] == garrison + 3


def test_uprising_first_visit_takes_a_seat_and_cites_the_uprising_record():
    """Uprising: the first visit puts the councilor token on a seat (reading
    high-council.uprising-seat); the original game's record is not cited."""
    rules, st = fresh()
    red = P(st, "red")
    red["solari"] = 5
    hand(st, "red", ["dagger"])
    act(rules, st, "red", "send-agent", card="dagger", space="high-council")
    out = act(rules, st, "red", "resolve", effect="space:high-council")
    assert red["seat"] and "high-council.uprising-seat" in out.rulings
    assert "high-council.seat" not in out.rulings


def test_original_high_council_is_once_a_game():
    """Dune: Imperium rulebook p. 17 (Board Space Guide: High Council): once a game. Legal: the
    first visit, citing high-council.seat. Illegal: a second visit with a seat."""
    st = _base_game()
    red = P(st, "red")
    red["solari"] = 10
    hand(st, "red", ["dagger", "signet-ring"])
    act(BASE, st, "red", "send-agent", card="dagger", space="high-council")
    out = act(BASE, st, "red", "resolve", effect="space:high-council")
    assert red["seat"] and "high-council.seat" in out.rulings
    assert "high-council.uprising-seat" not in out.rulings
    st2 = _base_game()
    P(st2, "red")["seat"], P(st2, "red")["solari"] = True, 10
    hand(st2, "red", ["dagger"])
    illegal(BASE, st2, "red", "send-agent", "high-council.seat-taken", card="dagger", space="high-council")


# --- 8. Tech tiles face up again in Phase 1 ----------------------------------------------------------
def _tech_position(kind: str, actions: list) -> dict:
    decision = {"kind": kind, **({"player": "red"} if kind == "turn" else {})}
    return {"scenario": {
        "game": {"system": "imperium", "edition": "uprising", "modules": ["bloodlines", "tech"],
                 "players": [{"id": "red", "leader": "Princess Irulan"}, {"id": "blue", "leader": "Gurney Halleck"},
                             {"id": "green", "leader": "Muad'Dib"}]},
        "round": 2, "first": "red", "decision": decision, "discarded_conflicts": ["skirmish-crysknife"],
        **({"conflict": "Secure Imperial Basin"} if kind == "turn" else {}),
        "players": {"red": {"tech": [{"tile": "Advanced Data Analysis", "flipped": True}]}}},
        "actions": actions}


def test_a_tile_used_last_round_is_face_up_at_round_start_p7():
    """Bloodlines p. 7 (Using Tech Tiles): a tile flipped face down for its once-a-round ability
    turns face up during Phase 1 of the next round. Legal: a round-start position with Advanced
    Data Analysis face down goes on with the tile face up, and red's first turn may use it."""
    answer = check_position(_tech_position("round-start", [
        {"by": "chance", "do": "reveal-conflict", "card": "Secure Imperial Basin"}]))
    assert answer["legal"], answer
    assert answer["state"]["players"]["red"]["tech"] == [{"id": "tech-advanced-data-analysis", "flipped": False}]


def test_a_tile_used_this_round_stays_face_down_p7():
    """Bloodlines p. 7: once a round. Illegal: inside the round (red's turn), a face-down
    Advanced Data Analysis is not used again."""
    answer = check_position(_tech_position("turn", [
        {"by": "red", "do": "flip-tech", "tile": "Advanced Data Analysis"}]))
    assert not answer["legal"]
    assert answer["verdicts"][0]["code"] == "tech.flipped"


# --- citations: the deciding rule first, no empty page, the right page ------------------------------
def test_after_a_left_out_forced_step_the_icon_mismatch_decides():
    """Uprising rulebook p. 9 (Agent icons): red's turn has only its end left (a forced step the
    log leaves out); blue's Dagger (Landsraad) to Imperial Basin (Spice Trade) is refused for the
    icon, not for the turn order, and agent.icon-mismatch is the first citation."""
    rules, st = fresh()
    hand(st, "red", ["dagger"])
    P(st, "red")["solari"] = 0
    act(rules, st, "red", "send-agent", card="dagger", space="gather-support")
    act(rules, st, "red", "resolve", effect="space:gather-support")
    hand(st, "blue", ["dagger"])
    with pytest.raises(IllegalAction) as err:
        Driver(rules, st).apply(Action({"by": "blue", "do": "send-agent", "card": "dagger",
                                        "space": "imperial-basin"}))
    assert err.value.code == "agent.icon-mismatch" and err.value.rulings[0] == "agent.icon-mismatch"
    out = Driver(rules, st).apply(Action({"by": "blue", "do": "send-agent", "card": "dagger",
                                          "space": "assembly-hall"}))  # the legal side: red's end is taken
    assert out.verdict == "legal" and [a.do for a in out.implied] == ["end-turn"]


def _icon_position(edition: str) -> dict:
    leaders = ("Paul Atreides", "Glossu Rabban", "Helena Richese") if edition == "base" else \
        ("Princess Irulan", "Gurney Halleck", "Muad'Dib")
    return {"scenario": {"game": {"system": "imperium", "edition": edition, "modules": [],
                                  "players": [{"id": p, "leader": lead} for p, lead in
                                              zip(("red", "blue", "green"), leaders, strict=True)]},
                         "conflict": "skirmish-vp-water" if edition == "base" else "skirmish-crysknife",
                         "players": {"red": {"hand": ["Dagger", "Dagger", "Diplomacy", "Reconnaissance",
                                                      "Convincing Argument"]}}},
            "action": {"by": "red", "do": "send-agent", "card": "Dagger", "space": "Imperial Basin"}}


@pytest.mark.parametrize(("edition", "table"), [("base", "agent.base-icon-table"), ("uprising", "agent.icon-table")])
def test_check_cites_the_editions_icon_table_and_no_empty_page(edition, table):
    """Dune: Imperium rulebook p. 9 / Uprising rulebook p. 9: the icon table cited is the
    edition's own (the original game has no spies, so no spy icon either); `check` prints a
    reading of ours without an empty page."""
    doc = _icon_position(edition)
    answer = check_position(doc)
    assert not answer["legal"]
    cited = [c["ruling"] for c in answer["verdict"]["citations"]] if "verdict" in answer else \
        [c["ruling"] for c in answer["verdicts"][0]["citations"]]
    assert cited[0] == "agent.icon-mismatch" and table in cited
    assert ("spy.agent-icon" in cited) == (edition == "uprising")
    text = describe_check(doc, answer)
    assert ", (" not in text and ", ," not in text


def test_liet_kynes_reading_rests_on_the_page_that_names_her():
    """Bloodlines manual p. 10 (six-player setup) is the page that speaks of Liet Kynes and
    sandworms; the back cover does not name her."""
    cite = citations(["leader.liet-kynes-planetologist"])[0]
    assert [s["page"] for s in cite["rests_on"]] == ["10"]


# --- 10. six-player Uprising with Bloodlines (p. 10): refereed, tests/test_six_bloodlines.py ---------------
