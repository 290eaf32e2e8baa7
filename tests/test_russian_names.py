"""Russian names of the Uprising components (issue 32): every component is named in Russian or
listed as missing in docs/russian-names.md, and nothing listed there has a name; every name
added from seed 004 says so."""

import json
import re
from pathlib import Path

from adjudicator.resources import data_dir

DOC = Path(__file__).resolve().parent.parent / "docs" / "russian-names.md"


def named(path: Path) -> list[dict]:
    found = []

    def walk(x):
        if isinstance(x, dict):
            if "id" in x and isinstance(x.get("name"), dict):
                found.append(x)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(json.loads(path.read_text(encoding="utf-8")))
    return found


def missing_in_doc() -> dict[str, set[str]]:
    sections = re.split(r"^### ", DOC.read_text(encoding="utf-8").split("## Missing", 1)[1], flags=re.M)[1:]
    return {s.split(":", 1)[0]: set(re.findall(r"`([a-z0-9-]+)`", s)) for s in sections}


def test_every_uprising_component_is_named_in_russian_or_listed_missing():
    listed = missing_in_doc()
    for path in sorted((data_dir() / "uprising").glob("*.json")):
        without = {c["id"] for c in named(path) if not c["name"].get("ru")}
        assert without == listed.get(path.name, set()), path.name
    assert set(listed) <= {p.name for p in (data_dir() / "uprising").glob("*.json")}


def test_names_from_seed_004_say_where():
    for path, ids in (("uprising/intrigue.json", {"choam-profits", "shadow-alliance", "secure-spice-trade",
                                                  "manipulate"}),
                      ("base/imperium.json", {"gun-thopter", "the-voice", "kwisatz-haderach", "test-of-humanity"}),
                      ("base/intrigue.json", {"plans-within-plans", "demand-respect", "to-the-victor"})):
        cards = {c["id"]: c for c in named(data_dir() / path)}
        for ident in ids:
            assert re.search("[а-я]", cards[ident]["name"]["ru"].lower()) and "seed 004" in cards[ident]["note"], ident


def test_classic_dune_territories_are_named_in_russian_only_with_a_source():
    """Issue 33: a territory's `ru` comes with its `ru_source` (seed 004); the rest are listed in
    the doc's classic Dune section, and nothing listed there has a name."""
    board = json.loads((data_dir().parent.parent / "dune" / "data" / "map.json").read_text(encoding="utf-8"))
    section = DOC.read_text(encoding="utf-8").split("## Classic Dune territories", 1)[1].split("\n## ", 1)[0]
    table, listed = section.split("Without a Russian name", 1)
    for t in board["territories"]:
        if "ru" in t:
            assert re.search("[а-я]", t["ru"].lower()) and "seed 004" in t["ru_source"], t["id"]
            assert t["ru"] in t["ru_source"] and f"`{t['id']}`" in table, t["id"]
        else:
            assert "ru_source" not in t, t["id"]
    without = {t["id"] for t in board["territories"] if "ru" not in t}
    assert set(re.findall(r"`([a-z0-9-]+)`", listed)) == without
