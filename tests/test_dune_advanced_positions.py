"""Classic Dune positions of the advanced game (adjudicator/dune/modules/advanced/positions.py,
schemas/dune-scenario.json, docs/positions.md): a hand-written scenario seats Sardaukar, Fedaykin,
a captive, an awake Kwisatz Haderach, a spent Karama power, Bene Gesserit advisors and the second
Spice discard pile; every wrong name and count is pointed at; the basic game refuses them; and
random advanced games (with the expansion too) cut at every phase's start build back the very
same state and write back the very same scenario; a log prefix of one is cut to such a scenario."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from adjudicator.core import schemas
from adjudicator.core.canonical import checksum
from adjudicator.core.errors import InvalidPosition
from adjudicator.dune.playout import playout
from adjudicator.dune.rules import DuneRules
from adjudicator.dune.scenario import same_position, write
from adjudicator.positions import check_position, cut

RULES = DuneRules()
GAME = {"system": "dune", "edition": "basic", "modules": ["advanced"],
        "players": [{"id": "paul", "faction": "Atreides"}, {"id": "vlad", "faction": "Harkonnen"},
                    {"id": "shaddam", "faction": "Emperor"}, {"id": "liet", "faction": "Fremen"},
                    {"id": "anna", "faction": "Bene Gesserit"}]}
SCENARIO = {
    "game": GAME, "turn": 4, "phase": "shipment-movement", "storm": 5,
    "spice_deck": {"discard": ["Cielago North"], "discard_b": ["Red Chasm", "Shai-Hulud"]},
    "players": {
        "paul": {"forces": {"Arrakeen": 5}, "tanks": 4, "leaders": {"Duncan Idaho": "tanks"},
                 "kwisatz": {"lost": 8, "awake": True, "fought": {"turn": 3, "territory": "Carthag"}}},
        "vlad": {"forces": {"Carthag": 6}, "captured": ["Thufir Hawat"]},
        "shaddam": {"forces": {"Tuek's Sietch": 4}, "tanks": 3, "karama_power": True,
                    "elite": {"sardaukar": {"forces": {"Tuek's Sietch": 2}, "tanks": 1}}},
        "liet": {"forces": {"Sietch Tabr": 7}, "elite": {"fedaykin": {"forces": {"Sietch Tabr": 3}}}},
        "anna": {"forces": {"Arrakeen": 1}, "advisors": ["Arrakeen"]}}}



def build(doc: dict) -> dict:
    return RULES.from_scenario(json.loads(json.dumps(doc)))


def test_a_scenario_seats_every_piece_of_the_advanced_game():
    assert schemas.errors("dune-scenario", SCENARIO) == []
    state = build(SCENARIO)
    paul, vlad, shaddam, liet, anna = (state["players"][q] for q in ("paul", "vlad", "shaddam", "liet", "anna"))
    assert paul["kwisatz"] == {"lost": 8, "awake": True, "used": [3, "carthag"], "dead": False}
    assert vlad["captured"] == {"thufir-hawat": "paul"} and paul["leaders"]["thufir-hawat"] == "captured"
    assert shaddam["karama_power"] is True and "karama_power" not in liet
    assert shaddam["elite"]["sardaukar"]["reserves"] == 2 and shaddam["reserves"] == 20 - 4 - 3
    assert liet["elite"]["fedaykin"]["reserves"] == 0 and liet["reserves"] == 20 - 7
    assert anna["advisors"] == ["arrakeen"]
    d = state["spice_deck"]
    assert (d["discard"], d["discard_b"]) == (["cielago-north"], ["red-chasm", "shai-hulud"])
    assert "red-chasm" not in d["deck"] and d["deck"].count("shai-hulud") == 5
    assert RULES.audit(state) == [] and RULES.legal_actions(state)
    doc = write(state)  # and the cut writes it back: the captive by its holder
    assert doc["players"]["vlad"]["captured"] == ["thufir-hawat"]
    assert doc["players"]["paul"]["leaders"] == {"duncan-idaho": "tanks"}
    assert doc["players"]["paul"]["kwisatz"] == {"lost": 8, "awake": True,
                                                  "fought": {"turn": 3, "territory": "carthag"}}
    assert doc["players"]["shaddam"]["karama_power"] is True and doc["players"]["anna"]["advisors"] == ["arrakeen"]
    assert doc["spice_deck"] == {"discard": ["cielago-north"], "discard_b": ["red-chasm", "shai-hulud"]}
    assert schemas.errors("dune-scenario", doc) == []
    assert same_position(build(doc), state) and write(build(doc)) == doc


def test_a_spent_karama_power_decides_a_verdict():
    """The same play of the Emperor's special Karama power: legal, then illegal once the scenario
    says the power is spent."""
    sc = copy.deepcopy(SCENARIO)
    sc["players"]["shaddam"].update(hand=["Karama"], karama_power=False)
    action = {"by": "shaddam", "do": "play", "card": "karama", "power": True, "forces": 1}
    assert not check_position({"scenario": sc, "action": action})["legal"]  # the Revival phase only (1.14.02)
    sc["phase"] = "revival"
    assert check_position({"scenario": sc, "action": action})["legal"]
    sc["players"]["shaddam"]["karama_power"] = True
    answer = check_position({"scenario": sc, "action": action})
    assert not answer["legal"] and answer["verdict"]["code"] == "dune.no-karama-power"


def test_advisors_are_written_only_when_there_are_any():
    """The advanced Bene Gesserit always keep `advisors` (empty: all fighters); a scenario names
    them only when there are any."""
    state = build({**SCENARIO, "players": {**SCENARIO["players"], "anna": {"forces": {"Arrakeen": 1}}}})
    assert state["players"]["anna"]["advisors"] == []
    doc = write(state)
    assert "advisors" not in doc["players"]["anna"] and same_position(build(doc), state)
    explicit = build({**SCENARIO, "players": {**SCENARIO["players"], "anna": {"forces": {"Arrakeen": 1},
                                                                              "advisors": []}}})
    assert same_position(explicit, state)


def test_advisors_are_no_third_occupant_of_a_stronghold():
    """Advisors count for no occupancy limit (dune.engine-advisors): the Bene Gesserit's advisors
    beside two other factions in a stronghold are a position; as fighters they are not."""
    players = {**SCENARIO["players"], "vlad": {"forces": {"Carthag": 6, "Arrakeen": 2}, "captured": ["Thufir Hawat"]}}
    assert build({**SCENARIO, "players": players})["players"]["anna"]["advisors"] == ["arrakeen"]
    fighters = {**players, "anna": {"forces": {"Arrakeen": 1}, "advisors": []}}
    with pytest.raises(InvalidPosition) as err:
        build({**SCENARIO, "players": fighters})
    assert ("/players/anna/forces", "occupancy") in {(p["pointer"], p["code"]) for p in err.value.problems}


def test_a_dead_kwisatz_haderach_and_a_sleeping_one():
    players = {**SCENARIO["players"], "paul": {"kwisatz": {"lost": 9, "dead": True}}}
    state = build({**SCENARIO, "players": players})
    assert state["players"]["paul"]["kwisatz"] == {"lost": 9, "awake": True, "used": None, "dead": True}
    assert write(state)["players"]["paul"]["kwisatz"] == {"lost": 9, "awake": True, "dead": True}
    players = {**SCENARIO["players"], "paul": {"kwisatz": {"lost": 3}}}
    assert build({**SCENARIO, "players": players})["players"]["paul"]["kwisatz"]["awake"] is False


def _edit(who: str, **kv):
    return lambda d: d["players"][who].update(kv)


BAD = [
    (_edit("vlad", captured=["Nobody Atall"]), "/players/vlad/captured/0", "unknown-name"),
    (_edit("vlad", captured=["Feyd-Rautha"]), "/players/vlad/captured/0", "not-in-game"),
    (_edit("vlad", captured=["Duncan Idaho"]), "/players/vlad/captured/0", "captured"),
    (_edit("paul", captured=["Feyd-Rautha"]), "/players/paul/captured", "not-this-faction"),
    (_edit("vlad", leaders={n: "tanks" for n in ("Feyd-Rautha", "Beast Rabban", "Piter de Vries",
                                                  "Captain Iakin Nefud", "Umman Kudu")}),
     "/players/vlad/captured", "captives-go-home"),
    (_edit("paul", kwisatz={"lost": 3, "awake": True}), "/players/paul/kwisatz/awake", "kwisatz-awake"),
    (_edit("paul", kwisatz={"lost": 7, "awake": False}), "/players/paul/kwisatz/awake", "kwisatz-awake"),
    (_edit("paul", kwisatz={"dead": True}), "/players/paul/kwisatz/dead", "kwisatz-awake"),
    (_edit("paul", kwisatz={"lost": 8, "fought": {"turn": 4, "territory": "Carthag"}}),
     "/players/paul/kwisatz/fought/turn", "out-of-range"),
    (_edit("paul", kwisatz={"lost": 8, "fought": {"turn": 2, "territory": "Nowhere"}}),
     "/players/paul/kwisatz/fought/territory", "unknown-name"),
    (_edit("vlad", kwisatz={"lost": 8}), "/players/vlad/kwisatz", "not-this-faction"),
    (_edit("anna", advisors=["Carthag"]), "/players/anna/advisors/0", "no-forces"),
    (_edit("anna", advisors=["Nowhere"]), "/players/anna/advisors/0", "unknown-name"),
    (_edit("paul", advisors=["Arrakeen"]), "/players/paul/advisors", "not-this-faction"),
    (_edit("shaddam", elite={"sardaukar": {"forces": {"Tuek's Sietch": 5}}}), "/players/shaddam/elite/sardaukar",
     "beyond-supply"),
    (_edit("shaddam", elite={"fedaykin": {"tanks": 1}}), "/players/shaddam/elite/fedaykin", "unknown-name"),
    (lambda d: d["spice_deck"].update(discard_b=["Nowhere"]), "/spice_deck/discard_b/0", "unknown-name"),
    (lambda d: d["spice_deck"].update(discard=["Red Chasm"]), "/spice_deck/discard", "too-many-copies"),
]


@pytest.mark.parametrize("edit, pointer, code", BAD, ids=[f"{p}:{c}" for _, p, c in BAD])
def test_every_problem_is_pointed_into_the_scenario(edit, pointer, code):
    doc = copy.deepcopy(SCENARIO)
    edit(doc)
    with pytest.raises(InvalidPosition) as err:
        build(doc)
    assert (pointer, code) in {(p["pointer"], p["code"]) for p in err.value.problems}, err.value.problems


@pytest.mark.parametrize("edit, pointer", [
    (_edit("paul", kwisatz={"lost": 8, "fought": {"turn": 2}}), "/scenario/players/paul/kwisatz/fought"),
    (_edit("paul", kwisatz={"lost": -1}), "/scenario/players/paul/kwisatz/lost"),
    (_edit("vlad", captured="Thufir Hawat"), "/scenario/players/vlad/captured"),
    (_edit("anna", advisors=[3]), "/scenario/players/anna/advisors/0"),
    (lambda d: d["spice_deck"].update(discard_b="Red Chasm"), "/scenario/spice_deck/discard_b"),
])
def test_the_schema_points_at_a_field_of_the_wrong_shape(edit, pointer):
    doc = copy.deepcopy(SCENARIO)
    edit(doc)
    with pytest.raises(InvalidPosition) as err:
        check_position({"scenario": doc, "action": {"by": "paul", "do": "pass"}})
    assert err.value.problems[0]["code"] == "schema" and err.value.problems[0]["pointer"].startswith(pointer)


def test_the_basic_game_has_none_of_these_pieces():
    doc = {**copy.deepcopy(SCENARIO), "game": {**GAME, "modules": []}}
    with pytest.raises(InvalidPosition) as err:
        build(doc)
    found = {(p["pointer"], p["code"]) for p in err.value.problems}
    assert {("/spice_deck/discard_b", "not-in-game"), ("/players/vlad/captured", "not-in-game"),
            ("/players/paul/kwisatz", "not-in-game"), ("/players/shaddam/karama_power", "not-in-game"),
            ("/players/anna/advisors", "not-in-game"), ("/players/shaddam/elite/sardaukar", "unknown-name")} <= found


# --- the cut and the round trip of random advanced games -------------------------------------------
# Chosen for what they play (each with the piece it must write): a captive, the Kwisatz Haderach
# awake and fought, a spent Karama power (4p seed 2); a 2-player game with the Kwisatz Haderach; the
# expansion's pieces beside the advanced ones (4p seed 1, the Hidden Mobile Stronghold).
ADV, IXTL = ("advanced",), ("advanced", "ixians-tleilaxu", "tech-tokens")
GAMES = [(4, 2, ADV, ("elite", "captured", "kwisatz", "karama_power")), (2, 5, ADV, ("kwisatz",)),
         (4, 1, IXTL, ("elite", "hms"))]
PIECES = ("elite", "captured", "kwisatz", "karama_power")


@pytest.fixture(scope="module", params=GAMES, ids=[f"{n}p-seed{s}-{'-'.join(m)}" for n, s, m, _ in GAMES])
def played(request):
    states, sums = [], []

    def check(state):
        sums.append(checksum(state))
        if RULES.anchor(state) not in (None, "setup"):
            states.append(copy.deepcopy(state))

    players, seed, modules, pieces = request.param
    log = playout(players, seed, check, modules)
    yield {k: v for k, v in log.items() if k != "result"}, states, sums, pieces  # the playout adds its result


def test_every_phase_start_of_an_advanced_game_builds_back_the_same_state(played):
    _, states, _, pieces = played
    phases, written = Counter(), Counter()
    for state in states:
        doc = RULES.scenario_of(state)
        assert schemas.errors("dune-scenario", doc) == [], doc
        rebuilt = build(doc)
        assert same_position(rebuilt, state) and write(rebuilt) == doc  # compact -> state -> compact
        assert RULES.prompt(rebuilt) == RULES.prompt(state)
        assert RULES.legal_actions(rebuilt) == RULES.legal_actions(state)
        phases[state["phase"]] += 1
        written.update(k for k in ("hms",) if k in doc)
        written.update(f"spice_deck.{k}" for k in doc.get("spice_deck", {}))
        written.update(k for pl in doc["players"].values() for k in PIECES if k in pl)
    turns = states[-1]["turn"]
    assert all(phases[p] >= turns - 1 for p in ("storm", "spice-blow", "shipment-movement")), phases
    assert {"bidding", "revival", "battle"} <= set(phases), phases
    assert {"spice_deck.discard_b", *pieces} <= set(written), written


def test_a_cut_of_an_advanced_log_replays_to_the_logged_state(played):
    log, _, sums, _ = played
    total = len(log["actions"])
    # a decision next: the check deals no chance outcome after the contested action
    index = next(i for i in range(total - total // 4, total - 1)
                 if "chance" not in (log["actions"][i]["by"], log["actions"][i + 1]["by"]))
    position = cut(log, index)
    sc = position["scenario"]
    assert sc["phase"] != "setup" and "discard_b" in sc["spice_deck"]
    assert schemas.errors("position", position) == []
    answer = check_position(position)
    assert answer["legal"], answer["verdict"]
    assert answer["checksum"] == sums[index]
