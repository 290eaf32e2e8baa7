"""Component counts of Dune: Imperium – Uprising, checked against the box's component list,
and the data files against their effect language."""

import json
from collections import Counter

from adjudicator.imperium.content import content
from adjudicator.imperium.effects import OPS

CNT = content("uprising")


def copies(cards):
    return sum(c["copies"] for c in cards)


def test_card_counts():
    assert copies(CNT.of_type("imperium")) == 69
    assert copies(CNT.of_type("starting")) == 10
    assert copies(CNT.of_type("reserve")) == 18
    assert copies(CNT.intrigues.values()) == 44
    assert len(CNT.conflicts) == 16
    assert len(CNT.objectives) == 5
    assert len(CNT.leaders) == 9
    assert copies(CNT.contracts.values()) == 20


def test_conflict_deck_is_one_five_four():
    levels = Counter(c["level"] for c in CNT.conflicts.values())
    assert levels[1] >= 1 and levels[2] >= 5 and levels[3] >= 4
    assert CNT.rules["conflict_levels"] == [1, 2, 2, 2, 2, 2, 3, 3, 3, 3]


def test_board_has_22_spaces_with_russian_names_and_posts():
    assert len(CNT.spaces) == 22
    assert all(s["name"]["ru"] for s in CNT.spaces.values())
    assert Counter(s["icon"] for s in CNT.spaces.values()) == {
        "emperor": 2, "guild": 2, "bene-gesserit": 2, "fremen": 2, "landsraad": 5, "city": 4, "spice-trade": 5}
    assert len(CNT.posts) == 13
    assert all(sp in CNT.spaces for spaces in CNT.posts.values() for sp in spaces)


def walk(steps):
    for step in steps:
        yield step
        for key in ("then", "else"):
            yield from walk(step.get(key, []))
        for option in step.get("choose", []):
            yield from walk(option)


def all_steps(cnt=CNT):
    for card in cnt.cards.values():
        for box in ("agent", "reveal", "acquire"):
            yield from walk(card.get(box, []))
    for card in cnt.intrigues.values():
        for box in ("plot", "combat", "endgame"):
            yield from walk(card.get(box, []))
    for space in cnt.spaces.values():
        yield from walk(space["effects"])
    for conflict in cnt.conflicts.values():
        for reward in conflict["rewards"].values():
            yield from walk(reward)


def test_every_step_uses_a_known_op():
    for cnt in (CNT, content("base")):
        unknown = Counter(next(iter(s)) for s in all_steps(cnt) if next(iter(s)) not in OPS)
        assert not unknown, cnt.edition


def test_names_resolve_in_english_and_russian():
    names = CNT.names
    assert names["space"].resolve("Глубокая пустыня") == "deep-desert"
    assert names["card"].resolve("Кольцо с печаткой") == "signet-ring"
    assert names["card"].resolve("the spice must flow!") == "the-spice-must-flow"
    assert names["faction"].resolve("Spacing Guild") == "guild"


def test_data_files_are_canonical_json():
    from adjudicator.resources import data_dir

    for path in sorted((data_dir() / "uprising").glob("*.json")):
        doc = json.loads(path.read_text())
        assert doc["set"] == "uprising"


def test_sample_logs_are_current():
    """The samples are what the simulator plays today (rewrite: python -m adjudicator.samples)."""
    from adjudicator.samples import HERE, SAMPLES
    from adjudicator.simulate import simulate

    for name, args in SAMPLES.items():
        assert json.loads((HERE / f"{name}.json").read_text()) == simulate(*args), name


# --- the original Dune: Imperium --------------------------------------------------------------------
BASE = content("base")


def test_base_card_counts():
    """Dune: Imperium rulebook p. 3 (components)."""
    assert copies(BASE.of_type("imperium")) == 67
    assert copies(BASE.of_type("starting")) == 10
    assert {c["id"]: c["copies"] for c in BASE.of_type("reserve")} == {
        "arrakis-liaison": 8, "the-spice-must-flow": 10, "foldspace": 6}
    assert copies(BASE.intrigues.values()) == 40
    assert Counter(c["level"] for c in BASE.conflicts.values()) == {1: 4, 2: 10, 3: 4}
    assert len(BASE.leaders) == 8
    assert BASE.objectives == {} and BASE.posts == {}


def test_base_board_spaces():
    assert len(BASE.spaces) == 22
    assert {s for s, d in BASE.spaces.items() if d.get("control")} == {"arrakeen", "carthag", "imperial-basin"}
    assert {s for s, d in BASE.spaces.items() if d["maker"]} == {"imperial-basin", "hagga-basin", "the-great-flat"}
    assert not BASE.cards["foldspace"].get("buyable", True)
