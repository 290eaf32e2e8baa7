"""Ruling records: valid against their schema, unique, and tied to the engine both ways:
every id the engine cites exists, and every record is cited or marked informational."""

import ast
import os
import re
from pathlib import Path

import pytest

from adjudicator.core import schemas
from adjudicator.core.rulings import all_rulings

ENGINE = Path(__file__).resolve().parent.parent / "adjudicator"
ID = re.compile(r"^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$")


def _strings(node):
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def cited_ids() -> set[str]:
    """Ruling ids in the places the engine cites them: IllegalAction(code, message, RULINGS),
    g.rulings.append(ID), *_RULINGS tables, turn-graph edges [u, v, RULING], rulings=... ."""
    found = set()
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name == "IllegalAction" and len(node.args) >= 3:
                    found.update(s for s in _strings(node.args[2]) if ID.match(s))
                if name in ("append", "extend") and getattr(node.func.value, "attr", "") == "rulings":
                    found.update(s for s in _strings(node) if ID.match(s))
                if name in ("choice", "Verb", "ChanceKind", "Decision"):  # registered kinds: the rulings they cite
                    found.update(s for arg in node.args[2:] for s in _strings(arg) if ID.match(s))
                if name == "pay" and len(node.args) >= 3:
                    found.update(_strings(node.args[2]))
                for kw in node.keywords:
                    if kw.arg == "rulings":
                        found.update(_strings(kw.value))
            if isinstance(node, ast.Assign) and any(getattr(getattr(t, "value", t), "id", "").endswith("RULINGS")
                                                    for t in node.targets):
                found.update(s for s in _strings(node.value) if ID.match(s))
            if isinstance(node, ast.List) and len(node.elts) == 3 and all(
                    isinstance(e, (ast.Constant, ast.Name, ast.JoinedStr)) for e in node.elts):
                last = node.elts[2]
                if isinstance(last, ast.Constant) and isinstance(last.value, str) and ID.match(last.value):
                    found.add(last.value)
            if isinstance(node, ast.BinOp) and isinstance(node.right, ast.List):
                found.update(s for s in _strings(node.right) if ID.match(s))
    return found


def test_records_are_valid_and_unique():
    records = all_rulings()
    assert len(records) > 100
    for record in records.values():
        assert schemas.errors("ruling", record) == [], record["id"]


def test_every_record_has_a_russian_title():
    """Issue 32: every ruling has `title_ru` (the schema requires it), in Russian, its own (not the
    English title copied), and no two records share one unless their English titles match."""
    records = all_rulings()
    seen: dict[str, str] = {}
    for rid, record in records.items():
        title = record.get("title_ru", "")
        assert re.search("[а-яё]", title.lower()) and title != record["title"], rid
        other = seen.setdefault(title, rid)
        assert other == rid or records[other]["title"] == record["title"], (rid, other, title)


def data_cited_ids() -> set[str]:
    """Card-specific rulings carried by the data (`"rulings": [...]` on a card or conflict)."""
    import json

    found = set()
    for path in sorted((ENGINE / "imperium" / "data").rglob("*.json")):
        for group in json.loads(path.read_text()).values():
            if isinstance(group, list):
                found.update(r for item in group if isinstance(item, dict) for r in item.get("rulings", []))
            elif isinstance(group, dict):
                found.update(group.get("strength_rulings", []))
    return found


def test_every_cited_ruling_exists():
    missing = sorted((cited_ids() | data_cited_ids()) - set(all_rulings()))
    assert missing == []


def test_every_record_is_cited_or_informational():
    cited = cited_ids()
    text = "\n".join(p.read_text() for p in sorted(ENGINE.rglob("*.py")))
    data = "\n".join(p.read_text() for p in sorted((ENGINE / "imperium" / "data").rglob("*.json")))
    uncited = sorted(r for r, rec in all_rulings().items()
                     if not rec.get("informational") and r not in cited and f'"{r}"' not in text + data)
    assert uncited == []


SHARED = Path(__file__).resolve().parents[2] / "shared"


def english_sources() -> list[Path]:
    """Every text on disk our records draw on (rulebooks, seeds, reference data), plus any file
    named in DUNE_EXTRA_SOURCES (os.pathsep-separated), e.g. a transcription of a rulebook
    that is not kept on disk."""
    found = [p for d in ("rulebooks", "seeds", "reference") for p in sorted((SHARED / d).rglob("*"))
             if p.is_file() and p.suffix.lower() != ".pdf"]
    found += [Path(p) for p in os.environ.get("DUNE_EXTRA_SOURCES", "").split(os.pathsep) if p]
    return found


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("\u2019", "'"))


def test_statements_are_our_own_words():
    """No statement (nor title, nor basis) repeats a run of eight words of any source text."""
    sources = english_sources()
    if not sources:
        pytest.skip("no source texts on this machine")
    grams = {}
    for path in sources:
        w = words(path.read_text(encoding="utf-8", errors="ignore"))
        for i in range(len(w) - 7):
            grams.setdefault(" ".join(w[i:i + 8]), path.name)
    copied = []
    for record in all_rulings().values():
        for field in ("statement", "title", "basis"):
            w = words(record.get(field, ""))
            copied += [(record["id"], field, " ".join(w[i:i + 8]), grams[" ".join(w[i:i + 8])])
                       for i in range(len(w) - 7) if " ".join(w[i:i + 8]) in grams]
    assert copied == []
