"""The rulings audit is complete (issue 31, "Citations a player can check"): every ruling record
appears in docs/rulings-audit.md, but for the records not audited yet, listed by id below. The
list only shrinks: a record added without an audit row fails, and so does one audited but still
listed."""

import re
from pathlib import Path

from adjudicator.core.rulings import all_rulings

AUDIT = Path(__file__).resolve().parents[1] / "docs" / "rulings-audit.md"
AUDITED = set(re.findall(r"^\| `([^`]+)` \|", AUDIT.read_text(encoding="utf-8"), re.M))
# one id a line, grouped under a comment naming the ruling file
UNAUDITED = frozenset(line.strip() for line in (Path(__file__).parent / "rulings_unaudited.txt").read_text(
    encoding="utf-8").splitlines() if line.strip() and not line.startswith("#"))


def test_every_ruling_is_audited_or_listed_as_not_yet():
    ids = set(all_rulings())
    missing = sorted(ids - AUDITED - UNAUDITED)
    assert missing == [], f"records with no row in docs/rulings-audit.md: {missing}"


def test_the_unaudited_list_only_names_records_still_unaudited():
    ids = set(all_rulings())
    assert sorted(UNAUDITED - ids) == [], "listed but no such record"
    assert sorted(UNAUDITED & AUDITED) == [], "audited now: take them off the list"
