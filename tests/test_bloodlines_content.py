"""Bloodlines content (issue #11): the data files in data/bloodlines/ against the component list of
the Bloodlines rules manual (p. 2), its original-game exclusions (pp. 3, 6) and our effect language.
The module is not playable yet: nothing here loads the files into a game."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

import adjudicator.imperium.rules  # noqa: F401  (registers every op)
from adjudicator.imperium.registry import OPS
from adjudicator.resources import data_dir

DATA = data_dir() / "bloodlines"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "bloodlines-data.md"


def load(name):
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


IMPERIUM = load("imperium")["cards"]
INTRIGUE = load("intrigue")["cards"]
CONFLICTS = load("conflicts")["conflicts"]
LEADERS = load("leaders")["leaders"]
SKILLS = load("skills")["skills"]
TECH = load("tech")["tiles"]
CONTRACTS = load("contracts")["contracts"]
TWISTED = load("twisted-intrigue")["cards"]
NAVIGATION = load("navigation")["cards"]
SETUP = load("setup")


def copies(items, **where):
    return sum(i.get("copies", 1) for i in items if all(i.get(k) == v for k, v in where.items()))


def excluded(items):
    return sum(i.get("copies", 1) for i in items if "base" in i.get("excluded_with", []))


def test_component_counts_match_the_manual():
    """Rules manual p. 2 (and p. 6 for the Tech Module)."""
    assert copies(IMPERIUM) == 32
    assert copies(IMPERIUM, module="choam") == 5
    assert copies(IMPERIUM, module="tech") == 2
    assert copies(INTRIGUE) == 18
    assert copies(INTRIGUE, module="choam") == 1
    assert copies(INTRIGUE, module="tech") == 2
    assert [c["id"] for c in INTRIGUE if c.get("module") == "choam"] == ["coercive-negotiation"]
    assert len(CONFLICTS) == 2 and sorted(c["level"] for c in CONFLICTS) == [1, 2]
    assert len(LEADERS) == 9
    assert [le["id"] for le in LEADERS if le.get("module") == "tech"] == ["kota-odax-of-ix-leader"]
    assert copies(SKILLS) == 14
    assert len(TECH) == 18
    assert copies(CONTRACTS) == 8
    assert copies(TWISTED) == 12
    assert copies(NAVIGATION) == 10


def test_setup_counts_agree_with_the_cards():
    """Setup step 4 (p. 3): 15 Intrigue, 25 Imperium and 8 Leaders join every game."""
    assert copies([c for c in INTRIGUE if "module" not in c]) == SETUP["decks"]["intrigue_added"] == 15
    assert copies([c for c in IMPERIUM if "module" not in c]) == SETUP["decks"]["imperium_added"] == 25
    assert len([le for le in LEADERS if "module" not in le]) == SETUP["decks"]["leaders_added"] == 8
    assert SETUP["skills"]["count"] == 14 and SETUP["skills"]["face_up"] == 4
    assert sorted(SETUP["conflict_deck"]["add"]) == sorted(c["id"] for c in CONFLICTS)
    assert Counter(SETUP["conflict_deck"]["levels"]) == {1: 1, 2: 5, 3: 4}


def test_original_game_exclusions():
    """Rules manual p. 3 (and p. 6 for the Tech tiles)."""
    assert excluded(INTRIGUE) == 5
    assert excluded(IMPERIUM) == 7
    assert excluded(LEADERS) == 3
    assert excluded(NAVIGATION) == 1
    assert excluded(SKILLS) == 2 and all(s["name"]["en"] == "Fierce" for s in SKILLS if s.get("excluded_with"))
    assert excluded(TECH) == 5
    base = SETUP["base_game"]
    assert sorted(base["exclude_intrigue"]) == sorted(c["id"] for c in INTRIGUE if c.get("excluded_with"))
    assert sorted(base["exclude_imperium"]) == sorted(c["id"] for c in IMPERIUM if c.get("excluded_with"))
    assert sorted(base["exclude_leaders"]) == sorted(c["id"] for c in LEADERS if c.get("excluded_with"))
    assert sorted(base["exclude_tech"]) == sorted(c["id"] for c in TECH if c.get("excluded_with"))
    assert [c["id"] for c in TECH if c.get("module") == "choam"] == load("tech")["exclusions"]["without_choam"]


ALL_BLOODLINES = {
    "imperium": IMPERIUM, "intrigue": INTRIGUE, "conflicts": CONFLICTS, "leaders": LEADERS, "skills": SKILLS,
    "tech": TECH, "contracts": CONTRACTS, "twisted-intrigue": TWISTED, "navigation": NAVIGATION,
}


def test_ids_are_unique_across_all_content():
    """Unique among themselves and never reusing an id of the original game or Uprising (those two
    editions share some ids between them on purpose: the same card or space in both)."""
    ids = Counter()
    for items in ALL_BLOODLINES.values():
        ids.update(i["id"] for i in items)
    ids.update(le["board_space"]["id"] for le in LEADERS if "board_space" in le)
    assert [i for i, n in ids.items() if n > 1] == []
    existing = set()
    for edition in ("uprising", "base"):
        for path in sorted((data_dir() / edition).glob("*.json")):
            if path.name == "house-hagal.json":  # a House Hagal card is named by the space it sends to
                continue
            doc = json.loads(path.read_text(encoding="utf-8"))
            for value in doc.values():
                if isinstance(value, list):
                    existing.update(v["id"] for v in value if isinstance(v, dict) and "id" in v)
    assert sorted(set(ids) & existing) == []


def test_every_name_has_english():
    for kind, items in ALL_BLOODLINES.items():
        for item in items:
            if kind == "contracts":
                assert item["label"], item["id"]
                continue
            assert item["name"]["en"], (kind, item["id"])
    for le in LEADERS:
        if "board_space" in le:
            assert le["board_space"]["name"]["en"]


BOXES = ("agent", "reveal", "acquire", "trashed", "discarded", "turn_start", "plot", "combat", "endgame",
         "effects", "signet", "setup", "reward", "flip", "passive", "on_win_conflict", "on_complete_contract",
         "on_commander_recruit")


def walk(step):
    yield step
    for key, value in step.items():
        if key == "choose":
            for option in value:
                for sub in option:
                    yield from walk(sub)
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for sub in value:
                yield from walk(sub)


def steps_of(item):
    for box in BOXES:
        if isinstance(item.get(box), list):  # a board space's "combat" is a flag, not a box
            for step in item[box]:
                yield from walk(step)
    for reward in item.get("rewards", {}).values():
        for step in reward:
            yield from walk(step)
    for key in ("ability", "board_space", "acquire_requires"):
        if isinstance(item.get(key), dict):
            if key == "acquire_requires":
                yield from walk(item[key])
            else:
                yield from steps_of(item[key])
    for ability in item.get("abilities", []):
        yield from steps_of(ability)
    for reward in item.get("tactics_track", {}).get("rewards", {}).values():
        for step in reward:
            yield from walk(step)


def all_steps():
    for kind, items in ALL_BLOODLINES.items():
        for item in items:
            for step in steps_of(item):
                yield kind, item["id"], step


def test_every_step_has_exactly_one_known_op():
    bad = []
    count = 0
    for kind, ident, step in all_steps():
        count += 1
        ops = [k for k in step if k in OPS]
        if len(ops) != 1:
            bad.append((kind, ident, step))
    assert count > 300
    assert bad == []


def test_todo_steps_say_what_was_searched():
    for kind, ident, step in all_steps():
        if "todo" in step:
            assert step["todo"].startswith("text not found in public sources:"), (kind, ident)


def test_every_custom_name_is_documented():
    documented = set(re.findall(r"^\| `([a-z0-9-]+)`", DOCS.read_text(encoding="utf-8"), flags=re.M))
    used = {step["custom"] for _, _, step in all_steps() if "custom" in step}
    assert used - documented == set()


@pytest.mark.parametrize("kind", sorted(ALL_BLOODLINES))
def test_every_item_says_its_sources(kind):
    for item in ALL_BLOODLINES[kind]:
        assert item.get("note"), (kind, item["id"])


def test_loaded_beside_each_edition_and_tagged():
    """Each edition's content holds the Bloodlines components it may use (less those left out
    with it), tagged with their expansion, so that only a game with the module takes them
    (tests/test_bloodlines_setup.py)."""
    from adjudicator.imperium.content import content

    for edition in ("uprising", "base"):
        cnt = content(edition)
        kept = {c["id"] for c in IMPERIUM if edition not in c.get("excluded_with", [])}
        assert {c for c, d in cnt.cards.items() if d.get("expansion") == "bloodlines"} == kept
        assert all(cnt.intrigues[c["id"]]["expansion"] == "bloodlines" for c in INTRIGUE
                   if edition not in c.get("excluded_with", []))
