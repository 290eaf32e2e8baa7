"""Immortality content (issue #12): the data files in data/immortality/ against the component list of
the Immortality rulebook (p. 3), the research track's shape (pp. 6, 16) and our effect language.
Nothing here loads the files into a game: the expansion is not in content.EXPANSIONS."""

import json
import re
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

import adjudicator.imperium.rules  # noqa: F401  (registers every op)
from adjudicator.imperium.content import EXPANSIONS
from adjudicator.imperium.registry import OPS
from adjudicator.resources import data_dir

DATA = data_dir() / "immortality"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "immortality-data.md"
ICONS = {"emperor", "guild", "bene-gesserit", "fremen", "landsraad", "city", "spice-trade", "spy"}
FACTIONS = {"emperor", "guild", "bene-gesserit", "fremen"}


def load(name):
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


IMPERIUM = load("imperium")["cards"]
TLEILAXU = load("tleilaxu")
TLEILAXU_CARDS = TLEILAXU["cards"]
RECLAIMED = TLEILAXU["reserve"]
INTRIGUE = load("intrigue")["cards"]
BOARD = load("board")
SETUP = load("setup")
RESEARCH = BOARD["research_track"]


def copies(items):
    return sum(i["copies"] for i in items)


def test_registered_and_offered_for_both_editions():
    from adjudicator.imperium.rules import MODULES

    assert "immortality" in EXPANSIONS
    assert all("immortality" in modules for modules in MODULES.values())


def test_component_counts_match_the_rulebook():
    """Rulebook p. 3: 30 Imperium, 18 Tleilaxu, 1 Reserve card, 15 Intrigue, 2 Experimentation."""
    assert copies(IMPERIUM) == SETUP["decks"]["imperium_added"] == 30
    assert len(IMPERIUM) == 25
    assert copies(TLEILAXU_CARDS) == len(TLEILAXU_CARDS) == SETUP["decks"]["tleilaxu_deck"] == 18
    assert [c["id"] for c in RECLAIMED] == SETUP["decks"]["reserve_added"] == ["reclaimed-forces"]
    assert copies(INTRIGUE) == SETUP["decks"]["intrigue_added"] == 15
    assert {c["id"]: c["copies"] for c in INTRIGUE if c["copies"] > 1} == {
        "gruesome-sacrifice": 2, "harvest-cells": 2, "illicit-dealings": 2, "vicious-talents": 2}
    assert SETUP["starting_deck"] == {"remove": {"dune-the-desert-planet": 2}, "add": {"experimentation": 2}}
    assert [c["id"] for c in SETUP["starting_cards"]] == ["experimentation"]


def test_nothing_is_left_out_per_edition_or_solo_only_among_the_cards():
    assert SETUP["per_edition"]["base"]["excluded"] == [] and SETUP["per_edition"]["uprising"]["excluded"] == []
    assert SETUP["per_edition"]["uprising"]["verified"] is False
    assert SETUP["solo"]["solo_only_intrigue"] == []
    assert not any("excluded_with" in c or "excluded_in" in c for c in IMPERIUM + TLEILAXU_CARDS + INTRIGUE)


def test_every_card_has_its_fields():
    for c in IMPERIUM + TLEILAXU_CARDS + SETUP["starting_cards"]:
        assert c["name"]["en"] and c["note"], c["id"]
        assert set(c["icons"]) <= ICONS and set(c["factions"]) <= FACTIONS, c["id"]
        assert isinstance(c["copies"], int) and c["copies"] >= 1
        assert "reveal" in c, c["id"]  # every card of the set has a Reveal box
        for extra in ("conditional_icons",):
            if extra in c:
                assert set(c[extra]["icons"]) <= ICONS and c[extra]["when"]
    for c in IMPERIUM:
        assert c["type"] == "imperium" and 1 <= c["cost"] <= 8 and "specimen_cost" not in c
        assert c["csv_compatibility"] in ("Immortality", "All")
    for c in TLEILAXU_CARDS + RECLAIMED:
        assert 1 <= c["specimen_cost"] <= 4 and "cost" not in c, c["id"]
    for c in INTRIGUE:
        assert c["name"]["en"] and c["note"], c["id"]
        assert any(box in c for box in ("plot", "combat", "endgame")), c["id"]


def test_specimen_costs_and_graft_cards():
    """Costs as kr and tts read them (Chairdog 2 against the csv's 1); Graft boxes as kr reads them."""
    costs = Counter(c["specimen_cost"] for c in TLEILAXU_CARDS)
    assert costs == {1: 4, 2: 7, 3: 5, 4: 2}
    assert RECLAIMED[0]["specimen_cost"] == 3 and RECLAIMED[0]["never_leaves_row"] is True
    assert sorted(c["id"] for c in IMPERIUM if c.get("graft")) == [
        "bene-tleilax-researcher", "dissecting-kit", "interstellar-conspiracy", "planned-coupling",
        "replacement-eyes"]
    assert len([c for c in TLEILAXU_CARDS if c.get("graft")]) == 12
    # the worked examples (pp. 10-11) need these
    by_id = {c["id"]: c for c in IMPERIUM + TLEILAXU_CARDS}
    assert by_id["from-the-tanks"]["agent"] == [{"recruit": 2}]
    assert by_id["ghola"]["graft"] and by_id["ghola"]["agent"] == [{"custom": "ghola-copy-agent-box"}]
    assert by_id["corrino-genes"]["agent"] == [{"custom": "if-grafted", "then": [{"custom": "tleilaxu", "count": 1}]}]
    assert by_id["clandestine-meeting"]["icons"] == []


def research_graph():
    g = nx.DiGraph()
    for space in RESEARCH["spaces"]:
        g.add_node(space["id"], column=space["column"], row=space["row"])
        g.add_edges_from((space["id"], n) for n in space["next"])
    return g


def test_research_track_is_a_forward_only_graph_from_its_start():
    g = research_graph()
    ids = [s["id"] for s in RESEARCH["spaces"]]
    assert len(ids) == len(set(ids)) == g.number_of_nodes() == 22
    assert set(g.nodes) == set(ids)  # every link ends on a space of the track
    assert nx.is_directed_acyclic_graph(g)
    assert set(nx.descendants(g, RESEARCH["start"])) == set(ids) - {RESEARCH["start"]}
    assert g.in_degree(RESEARCH["start"]) == 0
    for u, v in g.edges:  # one column right, one row up or down: never straight, never left
        assert g.nodes[v]["column"] == g.nodes[u]["column"] + 1
        assert abs(g.nodes[v]["row"] - g.nodes[u]["row"]) == 1 or u == RESEARCH["start"]
    assert all(1 <= g.out_degree(n) <= 2 for n in g if g.nodes[n]["column"] < 8)
    assert all(g.out_degree(n) == 0 for n in g if g.nodes[n]["column"] == 8)
    assert Counter(g.nodes[n]["column"] for n in g) == {0: 1, 1: 1, 2: 2, **{c: 3 for c in range(3, 9)}}


def test_research_spaces_with_a_research_bonus_have_one_way_on():
    """A research bonus moves the token again at once (p. 6): every such space has one next space."""
    for space in RESEARCH["spaces"]:
        if {"custom": "research"} in space["bonus"]:
            assert len(space["next"]) == 1, space["id"]


def test_genetic_markers_and_the_carmen_example():
    assert RESEARCH["genetic_markers"] == {"1": 4, "2": 8}
    for space in RESEARCH["spaces"]:
        assert space.get("genetic_marker") == {4: 1, 8: 2}.get(space["column"]), space["id"]
    assert RESEARCH["after_second_marker"] == [{"draw": 1}]
    # p. 6: from a space whose up-right neighbour is research and down-right a trash and a specimen
    by_id = {s["id"]: s for s in RESEARCH["spaces"]}
    carmen = [s for s in RESEARCH["spaces"] if [by_id[n]["bonus"] for n in s["next"]] == [
        [{"custom": "research"}],
        [{"trash": 1, "from": ["hand", "discard", "play"]}, {"custom": "specimen", "count": 1}]]]
    assert [s["id"] for s in carmen] == ["research-2-2"]


def test_tleilaxu_track():
    spaces = BOARD["tleilaxu_track"]["spaces"]
    assert [s["space"] for s in spaces] == list(range(8))
    vp = [s["space"] for s in spaces if {"gain": {"vp": 1}} in s["bonus"]]
    assert vp == [4, 7]
    first = [s for s in spaces if {"custom": "tleilaxu-first-spice"} in s["bonus"]]
    assert [s["space"] for s in first] == [4] and first[0]["setup_spice"] == 2
    assert [s["space"] for s in spaces if {"intrigue": 1} in s["bonus"]] == [2, 6]


def test_revised_research_station():
    (space,) = BOARD["spaces"]
    assert space["id"] == space["replaces"] == "research-station"
    assert space["icon"] == "city" and space["combat"] is True and space["cost"] == {"water": 2}
    assert space["effects"] == [{"draw": 2}, {"custom": "research"}]


def walk(step):
    yield step
    for key, value in step.items():
        if key in ("choose", "options"):
            for option in value:
                for sub in option:
                    yield from walk(sub)
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for sub in value:
                yield from walk(sub)


BOXES = ("agent", "reveal", "acquire", "trashed", "plot", "combat", "endgame", "bonus", "effects", "effect")


def all_steps():
    items = IMPERIUM + TLEILAXU_CARDS + RECLAIMED + INTRIGUE + SETUP["starting_cards"]
    items += RESEARCH["spaces"] + BOARD["tleilaxu_track"]["spaces"] + BOARD["spaces"] + [BOARD["family_atomics"]]
    for item in items:
        for box in BOXES:
            if isinstance(item.get(box), list):
                for step in item[box]:
                    yield item.get("id", item.get("space")), step, walk(step)


def test_every_step_has_exactly_one_known_op():
    bad, count = [], 0
    for ident, _, steps in all_steps():
        for step in steps:
            count += 1
            if len([k for k in step if k in OPS]) != 1:
                bad.append((ident, step))
    assert count > 150
    assert bad == []


def test_every_custom_step_is_documented():
    documented = set(re.findall(r"^\| `([a-z0-9-]+)`", DOCS.read_text(encoding="utf-8"), flags=re.M))
    used = {step["custom"] for _, _, steps in all_steps() for step in steps if "custom" in step}
    assert used and used - documented == set()
    assert documented - used == set()  # no stale row in the table either


def test_names_and_ids_unique():
    items = IMPERIUM + TLEILAXU_CARDS + RECLAIMED + INTRIGUE + SETUP["starting_cards"]
    ids = Counter(i["id"] for i in items)
    names = Counter(i["name"]["en"].casefold() for i in items)
    assert [i for i, n in ids.items() if n > 1] == [] and [n for n, k in names.items() if k > 1] == []
    existing = set()
    for edition in ("uprising", "base", "bloodlines"):
        for path in sorted((data_dir() / edition).glob("*.json")):
            for value in json.loads(path.read_text(encoding="utf-8")).values():
                if isinstance(value, list):
                    existing.update(v["id"] for v in value if isinstance(v, dict) and "id" in v)
    assert sorted(set(ids) & existing) == []


@pytest.mark.parametrize("name", ["imperium", "tleilaxu", "intrigue", "board", "setup"])
def test_every_file_names_its_sources(name):
    doc = load(name)
    assert doc["set"] == "immortality" and doc["kind"] == name
    assert "rulebook" in doc["note"] or "p." in doc["note"]


def test_rulings_cover_every_area():
    from adjudicator.core.rulings import all_rulings

    records = [r for r in all_rulings().values() if r["file"] == "seed-003-immortality.toml"]
    assert all(r["modules"] == ["immortality"] for r in records)
    areas = Counter(r["id"].split(".")[0] for r in records)
    assert set(areas) == {"immortality", "research", "tleilaxu", "specimens", "tleilaxu-cards", "graft", "atomics",
                          "card"}  # card.: readings of single cards
    assert all(s.get("page") for r in records for s in r["sources"])
