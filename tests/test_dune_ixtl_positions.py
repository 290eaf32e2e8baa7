"""Classic Dune positions with the Ixians & Tleilaxu expansion (adjudicator/dune/modules/ixians_tleilaxu/positions.py,
schemas/dune-scenario.json, docs/positions.md): a hand-written scenario seats both factions with
their Cyborgs, Face Dancers, gholas, the Treachery cards set aside and the Tech Tokens; every
wrong name is pointed at; the expansion stays gated; and the cut of random expansion games at
every phase's start builds back the very same state."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from adjudicator.core import schemas
from adjudicator.core.errors import InvalidPosition
from adjudicator.dune.playout import playout
from adjudicator.dune.rules import DuneRules
from adjudicator.dune.scenario import same_position, write

RULES = DuneRules()
GAME = {"system": "dune", "edition": "basic", "modules": ["ixians-tleilaxu", "tech-tokens"],
        "players": [{"id": "ix", "faction": "Ixians"}, {"id": "tl", "faction": "Tleilaxu"},
                    {"id": "vlad", "faction": "Harkonnen"}]}
SCENARIO = {
    "game": GAME, "turn": 3, "phase": "bidding", "storm": 5, "hms": "Arsunt@10",
    "tech_tokens": {"axlotl-tanks": "tl", "heighliners": None, "spice-production": "ix"},
    "tech_due": {"spice-production": 1}, "sandtrout": "waiting",
    "treachery_deck": {"up": ["?", "Kulon"], "top": ["Lasgun"], "bottom": ["Shield"]},
    "players": {
        "ix": {"forces": {"hidden-mobile-stronghold": 4, "Arrakeen": 3}, "tanks": 2,
               "elite": {"cyborgs": {"forces": {"hidden-mobile-stronghold": 2}, "tanks": 1}}},
        "tl": {"face_dancers": ["?", "Feyd-Rautha", "Piter de Vries"], "revealed": ["Piter de Vries"],
               "gholas": ["Beast Rabban"]},
        "vlad": {"leaders": {"Feyd-Rautha": "tanks"}}}}


def build(doc: dict) -> dict:
    return RULES.from_scenario(json.loads(json.dumps(doc)))


def test_a_scenario_seats_both_factions_with_their_pieces():
    assert schemas.errors("dune-scenario", SCENARIO) == []
    state = build(SCENARIO)
    ix, tl, vlad = (state["players"][q] for q in ("ix", "tl", "vlad"))
    assert ix["elite"] == {"cyborgs": {"reserves": 4, "tanks": 1, "map": {"hidden-mobile-stronghold": 2}}}
    assert ix["reserves"] == 20 - 7 - 2 and state["hms"]["points_at"] == "arsunt@10"
    assert tl["face_dancers"] == ["?", "feyd-rautha", "piter-de-vries"] and tl["revealed"] == ["piter-de-vries"]
    assert tl["gholas"] == {"beast-rabban": "vlad"} and vlad["leaders"]["beast-rabban"] == "ghola"
    # the Face Dancers are Traitor cards: out of the deck, the unknown one counted with the traitors
    assert "feyd-rautha" not in state["traitor_deck"] and state["traitor_hidden"] == 1 + 1 + 1 + 4
    t = state["treachery"]
    assert (t["up"], t["top"], t["bottom"], t["hidden"]) == (["?", "kulon"], ["lasgun"], ["shield"], 1)
    assert "kulon" not in t["deck"] and "lasgun" in t["deck"]  # set aside is out, known on top is in
    assert state["tech_tokens"] == {"axlotl-tanks": "tl", "heighliners": None, "spice-production": "ix"}
    assert state["tech_due"] == {"spice-production": 1} and state["spice_deck"]["sandtrout"] is True
    assert RULES.audit(state) == []
    doc = write(state)  # and the cut writes it back
    assert doc["game"]["modules"] == GAME["modules"] and doc["treachery_deck"]["top"] == ["lasgun"]
    assert doc["players"]["ix"]["elite"] == {"cyborgs": {"forces": {"hidden-mobile-stronghold": 2}, "tanks": 1}}
    assert doc["players"]["tl"]["gholas"] == ["beast-rabban"]
    assert "beast-rabban" not in doc["players"]["vlad"]["leaders"]  # its holder writes a ghola
    assert same_position(build(doc), state)


def test_face_dancers_left_out_are_three_unseen():
    state = build({"game": GAME, "turn": 2})
    assert state["players"]["tl"]["face_dancers"] == ["?"] * 3 and state["traitor_hidden"] == 3 + 1 + 1 + 4


BAD = [
    (lambda d: d["players"]["tl"].update(face_dancers=["Nobody Atall"]), "/players/tl/face_dancers/0", "unknown-name"),
    (lambda d: d["players"]["tl"].update(revealed=["Feyd-Rautha", "Wykk"]), "/players/tl/revealed/1", "not-held"),
    (lambda d: d["players"]["tl"].update(gholas=["Zoal"]), "/players/tl/gholas/0", "not-in-game"),
    (lambda d: d["players"]["tl"].update(gholas=["Feyd-Rautha"]), "/players/tl/gholas/0", "ghola"),
    (lambda d: d["players"]["vlad"].update(face_dancers=[]), "/players/vlad/face_dancers", "not-this-faction"),
    (lambda d: d["players"]["ix"]["elite"].update(fedaykin={}), "/players/ix/elite/fedaykin", "unknown-name"),
    (lambda d: d["players"]["ix"]["elite"]["cyborgs"].update(forces={"Arrakeen": 4}), "/players/ix/elite/cyborgs",
     "beyond-supply"),
    (lambda d: d["tech_tokens"].update(heighliners="nobody"), "/tech_tokens/heighliners", "seats"),
    (lambda d: d["tech_tokens"].update(spice="ix"), "/tech_tokens/spice", "unknown-name"),
    (lambda d: d["tech_due"].update(melange=1), "/tech_due/melange", "unknown-name"),
    (lambda d: d["treachery_deck"].update(top=["Kulon"]), "/treachery_deck/top", "not-in-deck"),
    (lambda d: d["treachery_deck"].update(offered=["Lasgun", "Kulon"]), "/treachery_deck/offered", "too-many"),
    (lambda d: d["treachery_deck"].update(up=["Nothing"]), "/treachery_deck/up/0", "unknown-name"),
]


@pytest.mark.parametrize("edit, pointer, code", BAD, ids=[f"{p}:{c}" for _, p, c in BAD])
def test_every_problem_is_pointed_into_the_scenario(edit, pointer, code):
    doc = copy.deepcopy(SCENARIO)
    edit(doc)
    with pytest.raises(InvalidPosition) as err:
        build(doc)
    assert (pointer, code) in {(p["pointer"], p["code"]) for p in err.value.problems}, err.value.problems


def test_the_ixians_pieces_need_the_ixians():
    game = {**GAME, "modules": ["ixians-tleilaxu"], "players": [
        {"id": "tl", "faction": "Tleilaxu"}, {"id": "vlad", "faction": "Harkonnen"}]}
    with pytest.raises(InvalidPosition) as err:
        build({"game": game, "turn": 2, "tech_tokens": {}, "treachery_deck": {"top": ["Lasgun"]}})
    found = {(p["pointer"], p["code"]) for p in err.value.problems}
    assert {("/tech_tokens", "not-in-game"), ("/treachery_deck", "not-in-game")} <= found


# --- the cut and the round trip of random expansion games ---------------------------------------------
GAMES = [(4, 0, ("ixians-tleilaxu", "tech-tokens")), (6, 2, ("ixians-tleilaxu",)), (2, 4, ("ixians-tleilaxu",))]


@pytest.fixture(scope="module", params=GAMES, ids=[f"{n}p-seed{s}" for n, s, _ in GAMES])
def played(request):
    states = []
    players, seed, modules = request.param
    log = playout(players, seed, lambda state: states.append(copy.deepcopy(state)), modules)
    yield log, states


def test_every_phase_start_of_an_expansion_game_builds_back_the_same_state(played):
    _, states = played
    phases, written = Counter(), Counter()
    for state in states:
        phase = RULES.anchor(state)
        if phase is None or phase == "setup":
            continue
        doc = RULES.scenario_of(state)
        assert schemas.errors("dune-scenario", doc) == [], doc
        rebuilt = build(doc)
        assert same_position(rebuilt, state)
        assert RULES.prompt(rebuilt) == RULES.prompt(state)
        assert RULES.legal_actions(rebuilt) == RULES.legal_actions(state)
        phases[phase] += 1
        written.update(k for k in ("tech_tokens", "treachery_deck", "hms") if k in doc)
        written.update(k for pl in doc["players"].values() for k in ("elite", "face_dancers") if k in pl)
    turns = states[-1]["turn"]
    # every turn's Storm, Spice Blow, Bidding and Shipment stand; the expansion's pieces are in the cut
    assert all(phases[p] >= turns - 1 for p in ("storm", "spice-blow", "bidding", "shipment-movement")), phases
    assert {"charity", "revival"} <= set(phases), phases
    assert {"elite", "face_dancers", "hms", "treachery_deck"} <= set(written), written
