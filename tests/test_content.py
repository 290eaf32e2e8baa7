"""Component counts of Dune: Imperium – Uprising, checked against the box's component list,
and the data files against their effect language."""

import json
from collections import Counter

from adjudicator.imperium.content import content
from adjudicator.imperium.effects import OPS, step_op

CNT = content("uprising")


def copies(cards):
    """Copies of the edition's own printed cards (an expansion's are loaded beside them)."""
    return sum(c["copies"] for c in cards if "expansion" not in c)


def own(table: dict) -> list:
    return [c for c in table.values() if "expansion" not in c]


def test_card_counts():
    assert copies(CNT.of_type("imperium")) == 69
    assert copies(CNT.of_type("starting")) == 10
    assert copies(CNT.of_type("reserve")) == 18
    assert copies(CNT.intrigues.values()) == 44
    assert len(own(CNT.conflicts)) == 16
    assert len(CNT.objectives) == 5
    assert len(own(CNT.leaders)) == 9
    assert copies(CNT.contracts.values()) == 20


def test_conflict_deck_is_one_five_four():
    levels = Counter(c["level"] for c in own(CNT.conflicts))
    assert levels[1] >= 1 and levels[2] >= 5 and levels[3] >= 4
    assert CNT.rules["conflict_levels"] == [1, 2, 2, 2, 2, 2, 3, 3, 3, 3]


def test_board_has_22_spaces_with_russian_names_and_posts():
    board = {sid: s for sid, s in CNT.spaces.items() if "expansion" not in s and "side" not in s}
    assert len(board) == 22
    # the six-player side's own spaces (tests/test_six_board.py)
    assert sorted(sid for sid, s in CNT.spaces.items() if s.get("side") == "reverse") == [
        "carthag", "desert-mastery", "economic-support", "expedition", "forbidden-tech", "habbanya-erg",
        "hardened-warriors", "military-support", "vast-wealth"]  # the last three on the Commanders' boards
    # the one expansion space: a leader's own, placed only with him (Bloodlines p. 2)
    assert {sid: s["requires_leader"] for sid, s in CNT.spaces.items() if sid not in board and "side" not in s} == {
        "tueks-sietch": "esmar-tuek-leader"}
    assert all(s["name"]["ru"] for s in board.values())
    assert Counter(s["icon"] for s in board.values()) == {
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
        unknown = Counter(step_op(s) for s in all_steps(cnt) if step_op(s) not in OPS)
        assert not unknown, cnt.edition


# Where effect steps live in the data files: these keys hold a list of steps ("choose" a list of
# options, each a list of steps; a Conflict's "rewards" a list of steps per place).
STEP_LISTS = ("agent", "reveal", "acquire", "trashed", "discarded", "plot", "combat", "endgame", "effects",
              "signet", "setup", "bonus", "reward", "then", "else", "opponents")


def data_steps(value, pointer: str):
    """(pointer, step) for every effect step anywhere in a data document."""
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield from data_steps(item, f"{pointer}/{i}")
        return
    if not isinstance(value, dict):
        return
    for key, item in value.items():
        here = f"{pointer}/{key}"
        if key in STEP_LISTS and isinstance(item, list):
            yield from ((f"{here}/{i}", step) for i, step in enumerate(item))
        elif key == "choose" and isinstance(item, list):
            yield from ((f"{here}/{i}/{j}", step) for i, option in enumerate(item) for j, step in enumerate(option))
        elif key == "rewards" and isinstance(item, dict):
            yield from ((f"{here}/{place}/{i}", step) for place, steps in item.items() for i, step in enumerate(steps))
        yield from data_steps(item, here)


def test_every_data_step_names_exactly_one_op():
    """The interpreter finds a step's op by name (effects.step_op), whatever the key order of a
    state posted back: so no step of either edition may carry two op keys, or none."""
    from adjudicator.imperium.coverage import _boxes
    from adjudicator.resources import data_dir

    paths = sorted(data_dir().glob("*/*.json"))
    # every data folder's steps, the expansions' (bloodlines/, immortality/, ix/) with the editions'
    assert {p.parent.name for p in paths} == {"uprising", "base", "bloodlines", "immortality", "ix"}
    seen, bad = set(), []
    for path in paths:
        for pointer, step in data_steps(json.loads(path.read_text()), f"{path.parent.name}/{path.name}"):
            ops = sorted(k for k in step if k in OPS) if isinstance(step, dict) else None
            if ops is None or len(ops) != 1:
                bad.append((pointer, ops))
            else:
                seen.add(json.dumps(step, sort_keys=True))
    assert bad == []
    # every box the engine resolves (coverage._boxes) was among the steps walked here
    for edition in ("uprising", "base"):
        for where, box, steps in _boxes(content(edition)):
            for step in steps if box != "requires" else ():  # a condition, not steps
                assert json.dumps(step, sort_keys=True) in seen, (edition, where, box)


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
    assert Counter(c["level"] for c in own(BASE.conflicts)) == {1: 4, 2: 10, 3: 4}
    assert len(own(BASE.leaders)) == 8
    assert BASE.objectives == {} and BASE.posts == {}


def test_base_board_spaces():
    board = {sid: s for sid, s in BASE.spaces.items() if "expansion" not in s}
    assert len(board) == 22 and set(BASE.spaces) - set(board) == {"tueks-sietch", "dreadnought", "tech-negotiation",
                                                                   "smuggling", "interstellar-shipping"}  # Rise of Ix
    assert {s for s, d in board.items() if d.get("control")} == {"arrakeen", "carthag", "imperial-basin"}
    assert {s for s, d in board.items() if d["maker"]} == {"imperial-basin", "hagga-basin", "the-great-flat"}
    assert not BASE.cards["foldspace"].get("buyable", True)
