"""Rise of Ix card facts (issue #35): the data files in data/ix/ against the rulebook's component list
(p. 2), our effect language (docs/effects.md) and the custom steps listed in docs/ix-data.md.
Nothing here plays the module: the files are only loaded and checked."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

import adjudicator.imperium.rules  # noqa: F401  (registers every op and custom handler)
from adjudicator.imperium.conditions import CONDITIONS, COUNTERS
from adjudicator.imperium.registry import CUSTOM, OPS
from adjudicator.resources import data_dir

DATA = data_dir() / "ix"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "ix-data.md"


def load(name):
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


IMPERIUM = load("imperium")["cards"]
INTRIGUE = load("intrigue")["cards"]
TECH = load("tech")["tiles"]
LEADERS = load("leaders")["leaders"]
CONFLICTS = load("conflicts")["conflicts"]
HAGAL = load("house-hagal")["cards"]
SETUP = load("setup")
STARTING = SETUP["starting_cards"]

# kind -> the file's items (cards, tiles, leaders...), each with an id, a name and a source note
ITEMS = {"imperium": IMPERIUM, "intrigue": INTRIGUE, "tech": TECH, "leaders": LEADERS, "conflicts": CONFLICTS,
         "house-hagal": HAGAL, "starting": STARTING}


def copies(items, **where):
    return sum(i.get("copies", 1) for i in items if all(i.get(k) == v for k, v in where.items()))


def test_imperium_cards_match_the_component_list():
    """Rulebook p. 2: 35 Imperium Deck cards; p. 10: Control the Spice, Epic Game mode only."""
    assert all(c["type"] == "imperium" for c in IMPERIUM)
    assert copies(IMPERIUM) == 35 and len(IMPERIUM) == 29
    assert sorted(c["id"] for c in IMPERIUM if c["copies"] == 2) == [
        "freighter-fleet", "in-the-shadows", "ixian-engineer", "negotiated-withdrawal", "treachery", "truthsayer"]
    assert all(isinstance(c["cost"], int) and c["cost"] > 0 for c in IMPERIUM)
    assert [(c["id"], c["type"], c.get("epic_only")) for c in STARTING] == [("control-the-spice", "starting", True)]


def test_intrigue_cards_match_the_component_list():
    """Rulebook p. 2: 17 Intrigue cards, each with at least one of the Plot, Combat and Endgame boxes."""
    assert copies(INTRIGUE) == 17 and len(INTRIGUE) == 17
    for card in INTRIGUE:
        assert {"plot", "combat", "endgame"} & set(card), card["id"]
    second_wave = next(c for c in INTRIGUE if c["id"] == "second-wave")
    assert second_wave["requires"] == {"in_conflict": True}  # rulebook p. 10 'Second Wave'


TILE_BOXES = ("acquire", "reveal", "round_start", "on_win_conflict", "endgame", "flip", "use", "passive")


def test_tech_tiles_match_the_component_list():
    """Rulebook p. 2: 18 Tech tiles; p. 3: three stacks of 6; pp. 4-5 examples: Disposal Facility costs 3
    and trashes a card when acquired, Restricted Ordnance costs 4."""
    assert len(TECH) == 18
    doc = load("tech")
    assert doc["stacks"]["count"] * doc["stacks"]["tiles_each"] == 18
    by_id = {t["id"]: t for t in TECH}
    assert by_id["tech-disposal-facility"]["cost"] == 3 and by_id["tech-disposal-facility"]["acquire"][0]["trash"]
    assert by_id["tech-restricted-ordnance"]["cost"] == 4
    for tile in TECH:
        assert isinstance(tile["cost"], int) and tile["cost"] >= 0, tile["id"]
        assert set(TILE_BOXES) & set(tile), tile["id"]
        assert ("flip" in tile) == ("flip_turn" in tile), tile["id"]
    assert sum(t["rival"] for t in TECH) == 12  # the House Hagal mark (p. 9), as tts marks it


def test_tech_tiles_share_nothing_with_bloodlines():
    """The Bloodlines Tech Module has its own 18 tiles: no name in common with Rise of Ix."""
    bloodlines = json.loads((data_dir() / "bloodlines" / "tech.json").read_text(encoding="utf-8"))["tiles"]
    assert {t["name"]["en"] for t in bloodlines} & {t["name"]["en"] for t in TECH} == set()


def test_leaders_match_the_component_list():
    """Rulebook p. 2: 6 Leaders, Tessia Vernius with her 4 Snooper tokens; p. 8: only Prince Rhombur Vernius
    and Viscount Hundro Moritani can lead a solo Rival."""
    assert len(LEADERS) == 6
    by_id = {le["id"]: le for le in LEADERS}
    assert by_id["tessia-vernius"]["components"] == {"snooper": 4}
    assert sorted(i for i, le in by_id.items() if "solo_rival" in le) == [
        "prince-rhombur-vernius", "viscount-hundro-moritani"]
    triggers = load("leaders")["triggers"]
    for leader in LEADERS:
        assert leader["ability"]["name"] and leader["ability"]["effects"] and leader["signet"], leader["id"]
        assert leader["ability"]["when"]["trigger"] in triggers, leader["id"]


def test_conflicts_match_the_component_list():
    """Rulebook p. 2: 4 Conflict cards, two level I, one II, one III; p. 3: the deck is still 1 + 5 + 4 and one
    level III card now stays in the box; p. 10: Epic mode uses 5 level II on 5 level III."""
    assert sorted(c["level"] for c in CONFLICTS) == [1, 1, 2, 3]
    doc = load("conflicts")
    base = Counter(c["level"] for c in json.loads((data_dir() / "base" / "conflicts.json").read_text())["conflicts"])
    assert doc["deck"]["pool"] == {str(lv): base[lv] + doc["levels"][str(lv)] for lv in (1, 2, 3)}
    assert Counter(doc["deck"]["levels"]) == {1: 1, 2: 5, 3: 4}
    assert doc["deck"]["pool"]["3"] - Counter(doc["deck"]["levels"])[3] == 1
    assert Counter(SETUP["epic"]["conflict_levels"]) == {2: 5, 3: 5}
    for card in CONFLICTS:
        assert set(card["rewards"]) == {"first", "second", "third"}, card["id"]


def test_house_hagal_cards_match_the_rulebook():
    """Rulebook p. 2: 9 House Hagal cards; p. 8: they replace the two Hall of Oratory and two Rally Troops cards;
    a solo deck drops the two 2P Dreadnought cards, a two-player deck the four 1P cards (two Dreadnought, two
    Tech Negotiation)."""
    doc = load("house-hagal")
    assert copies(HAGAL) == 9
    base = {c["id"]: c["copies"] for c in json.loads((data_dir() / "base" / "house-hagal.json").read_text())["cards"]}
    assert all(base[i] == n for i, n in doc["removes"].items()) and sum(doc["removes"].values()) == 4
    assert sorted((c["id"], c["copies"]) for c in HAGAL if c.get("two_player_only")) == [("dreadnought-2p", 2)]
    assert sorted((c["id"], c["copies"]) for c in HAGAL if c.get("solo_only")) == [
        ("dreadnought-1p", 2), ("tech-negotiation", 2)]
    assert copies([c for c in HAGAL if not c.get("two_player_only")]) == 7
    assert copies([c for c in HAGAL if not c.get("solo_only")]) == 5
    leader_ids = {le["id"] for le in LEADERS}
    assert set(doc["solo_rival_leaders"]) | set(doc["excluded_solo_rival_leaders"]) == leader_ids
    assert all(c["verified"] is False for c in HAGAL)  # the cards rest on one source


def test_setup_matches_the_rulebook():
    """Rulebook p. 2 (player components), p. 3 (setup), p. 10 (Epic Game mode)."""
    assert SETUP["player_components"] == {"dreadnoughts": 2, "freighter": 0}  # the Freighter starts at the bottom
    assert SETUP["excluded_editions"] == ["uprising"]
    assert SETUP["decks"] == {"intrigue_added": copies(INTRIGUE), "imperium_added": copies(IMPERIUM),
                              "leaders_added": len(LEADERS), "conflicts_added": len(CONFLICTS),
                              "tech_tiles": len(TECH)}
    epic = SETUP["epic"]
    assert (epic["vp_to_end"], epic["garrison"], epic["intrigue_each"]) == (12, 5, 1)
    assert epic["starting_deck"] == {"remove": {"dune-the-desert-planet": 1}, "add": {"control-the-spice": 1}}
    base_ids = {c["id"] for c in json.loads((data_dir() / "base" / "imperium.json").read_text())["cards"]}
    assert "dune-the-desert-planet" in base_ids


def test_infiltration_icons_are_the_cards_own_icons():
    """Rulebook p. 7: an Infiltration icon is a version of an Agent icon (CHOAM Delegate: Spice Trade)."""
    marked = {c["id"]: c["infiltration"] for c in IMPERIUM if "infiltration" in c}
    assert marked["choam-delegate"] == ["spice-trade"]
    assert len(marked) == 7  # csv also marks Landing Rights; tts and ts do not (data note)
    for card in IMPERIUM:
        assert set(card.get("infiltration", [])) <= set(card["icons"]), card["id"]


def test_unload_cards_have_a_reveal_box():
    """Rulebook p. 7: Unload marks a Reveal box; Treachery and Esmar Tuek are the worked examples (pp. 7, 10)."""
    unload = {c["id"] for c in IMPERIUM if c.get("unload")}
    assert {"treachery", "esmar-tuek", "choam-delegate"} <= unload
    assert all(c.get("reveal") for c in IMPERIUM if c.get("unload"))


# ---- the effect language ----

BOXES = ("agent", "reveal", "acquire", "plot", "combat", "endgame", "signet", "setup", "effects", "flip",
         "passive", "use", "on_win_conflict", "round_start", "reward", "first", "second", "third")
NOT_STEPS = ("conditions",)  # custom parameters that hold conditions, not steps


def walk(step):
    yield step
    for key, value in step.items():
        if key in NOT_STEPS:
            continue
        if key == "choose":
            for option in value:
                for sub in option:
                    yield from walk(sub)
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for sub in value:
                yield from walk(sub)


def steps_of(item):
    for box in BOXES:
        if isinstance(item.get(box), list):
            for step in item[box]:
                yield from walk(step)
    for reward in item.get("rewards", {}).values():
        for step in reward:
            yield from walk(step)
    for key in ("ability", "acquire_requires"):
        if isinstance(item.get(key), dict):
            yield from (walk(item[key]) if key == "acquire_requires" else steps_of(item[key]))


def all_steps():
    for kind, items in ITEMS.items():
        for item in items:
            for step in steps_of(item):
                yield kind, item["id"], step


def documented_customs():
    return set(re.findall(r"^\| `([a-z0-9-]+)`", DOCS.read_text(encoding="utf-8"), flags=re.M))


def test_every_step_has_exactly_one_known_op():
    bad = [(kind, ident, step) for kind, ident, step in all_steps() if len([k for k in step if k in OPS]) != 1]
    assert bad == []


def test_todo_steps_say_what_was_searched():
    for kind, ident, step in all_steps():
        if "todo" in step:
            assert step["todo"].startswith("text not found in public sources:"), (kind, ident)
            assert not next(i for i in ITEMS[kind] if i["id"] == ident)["verified"], ident


def test_every_custom_name_is_known_or_listed():
    """A custom step is either a handler the engine has (registry CUSTOM) or listed with its meaning in
    docs/ix-data.md, for the rules helper to implement."""
    used = {step["custom"] for _, _, step in all_steps() if "custom" in step}
    assert used - set(CUSTOM) - documented_customs() == set()


def condition_problems(cond, known):
    """A condition has exactly one known key (its other keys are parameters); all/any/not nest."""
    names = [k for k in cond if k in known]
    if len(names) != 1:
        return [cond]
    inner = cond[names[0]]
    if names[0] in ("all", "any"):
        return [p for sub in inner for p in condition_problems(sub, known)]
    return condition_problems(inner, known) if names[0] == "not" else []


def documented_keys():
    """Condition and counter keys docs/ix-data.md adds (rows '| `key` (condition)' / '(counter)')."""
    return set(re.findall(r"^\| `([a-z_]+)` \((?:condition|counter)\)", DOCS.read_text(encoding="utf-8"),
                          flags=re.M))


def test_conditions_and_counters_are_known_or_listed():
    known = set(CONDITIONS) | {"all", "any", "not"} | documented_keys()
    unknown = []
    for _kind, ident, step in all_steps():
        if "if" in step:
            unknown += [(ident, c) for c in condition_problems(step["if"], known)]
        for cond in step.get("conditions", []):
            unknown += [(ident, c) for c in condition_problems(cond, known)]
        if "each" in step:
            unknown += [(ident, k) for k in step["each"] if k not in set(COUNTERS) | documented_keys()]
    for items in ITEMS.values():
        for item in items:
            if "requires" in item:
                unknown += [(item["id"], c) for c in condition_problems(item["requires"], known)]
    assert unknown == []


# ---- ids, names, sources ----

def test_ids_are_unique_and_new():
    """Unique within the module and never an id of another edition's or module's data (the content loader
    merges a module's cards into its edition's by id)."""
    ids = Counter(i["id"] for kind, items in ITEMS.items() if kind != "house-hagal" for i in items)
    assert [i for i, n in ids.items() if n > 1] == []
    existing = set()
    for path in sorted(data_dir().glob("*/*.json")):
        if path.parent.name == "ix" or path.name == "house-hagal.json":
            continue
        for value in json.loads(path.read_text(encoding="utf-8")).values():
            if isinstance(value, list):
                existing.update(v["id"] for v in value if isinstance(v, dict) and "id" in v)
    assert sorted(set(ids) & existing) == []


@pytest.mark.parametrize("kind", sorted(ITEMS))
def test_every_item_has_a_name_and_says_its_sources(kind):
    for item in ITEMS[kind]:
        assert item["name"]["en"], (kind, item["id"])
        assert len(item.get("note", "")) > 20, (kind, item["id"])
        assert isinstance(item.get("verified"), bool), (kind, item["id"])
