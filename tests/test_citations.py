"""Citations a player can check (issue 17).

Every ruling record has a kind. A rule or clarification cites published documents with real
pages; a reading or an engine policy is shown as such and never as a page of a book. No
citation shows a file name or a placeholder page. Every verdict of 200 random playouts (both
editions; Uprising with and without the CHOAM module) cites a rule or clarification with a
real page, or is explicitly a reading or an engine policy.
"""

import re

import pytest

from adjudicator.core.rulings import KINDS, PUBLISHED, SHOWN_AS, all_rulings, citation

# The documents a player can open, with their page counts (at most).
DOCUMENTS = {
    "Dune: Imperium – Uprising rulebook": 20,
    "Dune: Imperium rulebook": 20,
    "Dune: Imperium FAQ 2022-02-14": 3,
    "Rise of Ix rulebook": 12,
    "Immortality rulebook": 16,
    "Dune: Imperium – Bloodlines rulebook": 16,
    "Dune: Imperium – Uprising rulebook, Russian edition": 20,
    "Dune: Imperium – Uprising rules for 1–2 players, Russian edition": 4,
    "Dune: Imperium – Uprising rules for 6 players, Russian edition": 8,
}
ENGLISH_RULEBOOKS = {"Dune: Imperium – Uprising rulebook", "Dune: Imperium rulebook", "Rise of Ix rulebook",
                     "Immortality rulebook", "Dune: Imperium – Bloodlines rulebook"}
FAQS = {"Dune: Imperium FAQ 2022-02-14"}
# Documents cited by their section headings instead of pages (issue #15, informational records
# only): the classic Dune rulebook (Gale Force Nine, 2019), whose printed pages could not be
# checked on this machine, and the Ixians & Tleilaxu rules excerpt, which has no page numbers
# and is cited by paragraph.
BY_SECTION = {"Dune rulebook (Gale Force Nine, 2019)", "Dune: Ixians & Tleilaxu rules (excerpt)"}
# Tournament regulations a format's ruling rests on (rulings/tournaments.toml): web pages and
# handbooks, cited by section, never as a rule of the game
TOURNAMENT_RULES = {"Dune tournament rules (Future Pastimes)", "FIDE Handbook C.07 Tie-Break Regulations",
                    "Swordmasters Dune: Imperium tournament rules", "WBC 2019 Dune (DUN) event report",
                    "WBC 2023 event preview: Dune Imperium (DNI)", "WBC 2023 event preview: Union Pacific (UNP)",
                    "WizKids Dice Masters tournament rules"}
BY_SECTION |= TOURNAMENT_RULES
PAGE = re.compile(r"^(\d+)(?:–(\d+))?$")
# what a citation must never show: a file name, a seed's name, a placeholder instead of a page
PLACEHOLDER = re.compile(r"\.(txt|toml|json|md|pdf|csv)\b|\b\d{3}_[0-9a-f]{16}\b|\bseed\b|unnumbered"
                         r"|card face|leader card", re.I)
EDITIONS = (None, "uprising", "base")


def real_page(document: str, page) -> bool:
    if document in BY_SECTION:  # no page to show; the record's section is checked instead
        return page in (None, "")
    m = PAGE.match(str(page))
    if not m or document not in DOCUMENTS:
        return False
    first, last = int(m[1]), int(m[2] or m[1])
    return 1 <= first <= last <= DOCUMENTS[document]


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


RECORDS = all_rulings()


@pytest.mark.parametrize("rid", sorted(RECORDS))
def test_every_record_has_a_kind_and_checkable_sources(rid):
    record = RECORDS[rid]
    kind = record["kind"]
    assert kind in KINDS
    sources = record["sources"]
    for s in sources:
        assert s["document"] in DOCUMENTS or s["document"] in BY_SECTION, (rid, s)
        assert real_page(s["document"], s.get("page")), (rid, s)
        assert s.get("section"), (rid, s)  # the heading the passage sits under
    if kind in PUBLISHED:
        assert sources, rid
        if kind == "clarification":
            assert any(s["document"] in FAQS for s in sources), rid
        else:
            assert sources[0]["document"] not in FAQS, rid
        if any(s["document"] in ENGLISH_RULEBOOKS | FAQS for s in sources):
            # best source first: an English document before the Russian edition
            assert sources[0]["document"] in ENGLISH_RULEBOOKS | FAQS, rid
    elif kind == "reading":
        assert re.search(r"\bour reading\b|\bas we read\b", record["statement"], re.I), rid
        assert record.get("basis") or sources, rid
    else:  # engine
        assert "not a rule of the game" in record["statement"], rid
        assert not sources, rid


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_citation_shows_a_file_name_or_a_placeholder(edition):
    for rid, record in RECORDS.items():
        shown = citation(rid, edition)
        bad = [s for s in strings(shown) if PLACEHOLDER.search(s)]
        assert not bad, (rid, bad)
        for s in record["sources"]:
            assert not PLACEHOLDER.search(s["document"]) and not PLACEHOLDER.search(str(s.get("page", ""))), (rid, s)


def check_citation(c: dict) -> None:
    """A rule or clarification shows a document and a real page; a reading or an engine policy
    says whose words it is and shows no page (the pages a reading rests on sit in rests_on)."""
    kind = c.get("kind")
    assert kind in KINDS, c
    if kind in PUBLISHED:
        assert real_page(c["source"], c["page"]), c
        for other in c.get("also", []):
            assert real_page(other["source"], other["page"]), c
        assert "rests_on" not in c, c
    else:
        assert c["source"] == SHOWN_AS[kind] and c["page"] == "" and "also" not in c, c
        for basis in c.get("rests_on", []):
            assert real_page(basis["source"], basis["page"]), c


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_record_renders_as_a_checkable_citation(edition):
    for rid in RECORDS:
        check_citation(citation(rid, edition))


def verdict_is_checkable(v: dict) -> bool:
    """At least one rule or clarification with a real page, or only readings and engine
    policies, each shown as such."""
    cites = v["citations"]
    for c in cites:
        check_citation(c)
    return bool(cites) and (any(c["kind"] in PUBLISHED for c in cites)
                            or all(c["kind"] in SHOWN_AS for c in cites))


# That every verdict of a random playout is checkable, and rests on no specific ruling only for a
# chance outcome or an effect's choice, is the rule-system harness's (tests/test_rule_systems.py
# `cited`, every row of every rule system).
