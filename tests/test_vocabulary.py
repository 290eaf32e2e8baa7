"""docs/positions.md's key tables are generated from what the engine registers (issue 32): they equal
the generator's output, every key a module's part of positions reads is in its scenario schema, and
every key of the schemas says what it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.schemas import BASE, documents
from adjudicator.vocabulary import BEGIN, END, SYSTEMS, owners, render

DOC = Path(__file__).resolve().parent.parent / "docs" / "positions.md"


def test_the_documented_vocabulary_is_the_generated_one():
    text = DOC.read_text(encoding="utf-8")
    written = text[text.index(BEGIN):text.index(END) + len(END)]
    assert written == render(), "run: python -m adjudicator.vocabulary --write"


@pytest.mark.parametrize("system, schema_name", [(s, n) for s, _, n in SYSTEMS])
def test_every_key_a_module_reads_is_in_its_schema_and_described(system, schema_name):
    props = documents()[f"{BASE}{schema_name}.json"]["properties"]
    per_player = props["players"]["additionalProperties"]["properties"]
    table, player = owners(system)
    assert set(table) <= set(props), sorted(set(table) - set(props))
    assert set(player) <= set(per_player), sorted(set(player) - set(per_player))
    undescribed = [k for k, v in props.items() if not v.get("description")]
    undescribed += [f"players.<id>.{k}" for k, v in per_player.items() if not v.get("description")]
    assert undescribed == []
