"""Bloodlines ruling records (issue #11): every page of the manual that states rules is cited,
the topics the issue names are covered, every record is marked for its module, a Bloodlines game's
verdicts cite them, and no verdict of a game without the module does."""

from pathlib import Path

import pytest
from test_rulings import cited_ids, data_cited_ids

from adjudicator.core.replay import replay
from adjudicator.core.rulings import all_rulings
from adjudicator.simulate import simulate

FILE = "seed-000-bloodlines.toml"
MANUAL = "Dune: Imperium – Bloodlines rulebook"
EDITION = "Dune: Imperium – Bloodlines (English rules manual, 2024)"
RULE_PAGES = range(2, 11)  # the pages that state rules; 11 is the credits
BACK_COVER = "12"  # Icon Guide and Terms, Clarifications: the booklet's last page, unnumbered

RECORDS = {rid: r for rid, r in all_rulings().items() if r["file"] == FILE}
_ENGINE_TEXT = "\n".join(p.read_text() for p in sorted((Path(__file__).parent.parent / "adjudicator").rglob("*.py")))
# the records the engine cites (in a check, or by their quoted id in code or data)
CITED = {r for r in RECORDS if r in cited_ids() | data_cited_ids() or f'"{r}"' in _ENGINE_TEXT}

# The topics the issue names, by the record that states each.
EXPECTED = {
    # p. 2: components, the CHOAM additions, the leaders' components
    "bloodlines.components", "choam.bloodlines-components", "choam.earn-any-alliance",
    "choam.immediate-needs-intrigue", "bloodlines.leader-components",
    # p. 3: setup per edition and player count
    "bloodlines.setup-commander-set", "bloodlines.setup-commanders-uprising",
    "bloodlines.setup-commander-four-players", "bloodlines.setup-commander-bank", "bloodlines.setup-skills",
    "bloodlines.setup-conflict-deck", "bloodlines.setup-new-cards", "bloodlines.setup-imperium-commanders",
    "bloodlines.setup-imperium-no-fierce", "bloodlines.setup-imperium-no-conflict",
    "bloodlines.setup-imperium-exclusions", "leader.yrkoon-imperium-navigation",
    # p. 4: Sardaukar Commanders and their Skills
    "bloodlines.commander-acquire", "bloodlines.skill-choice", "bloodlines.commander-deploy",
    "bloodlines.commander-garrison", "bloodlines.commander-strength", "bloodlines.commander-retreat",
    "bloodlines.commander-returns", "bloodlines.commander-recruit-supply", "bloodlines.skill-active",
    "bloodlines.skill-once-per-round", "bloodlines.skill-driven", "bloodlines.skill-canny",
    # p. 5: Deep Cover, Command, the Combat icon, wild battle icons
    "bloodlines.spy-deep-cover", "bloodlines.command", "bloodlines.combat-icon",
    "bloodlines.combat-icon-garrison-limit", "bloodlines.wild-battle-icons",
    # pp. 6-7: the Tech module
    "tech.module-use", "tech.setup-stacks", "tech.setup-exclusions", "tech.setup-cards", "leader.kota-odax",
    "tech.acquire-icon", "tech.embassy-acquire", "tech.embassy-space-kind", "tech.acquire-tile", "tech.cost-floor",
    "tech.embassy-council-discount", "tech.discount-once", "tech.acquire-effect", "tech.flip-once-per-round",
    "leader.kota-secret-project",
    "tech.rise-of-ix-tiles-only", "tech.rise-of-ix-full", "bloodlines.rise-of-ix-commanders",
    # pp. 8-9: Rivals
    "rivals.bloodlines-commander-swordmaster", "rivals.bloodlines-commander-streamlined",
    "rivals.bloodlines-commander-full", "rivals.bloodlines-commander-mode", "rivals.bloodlines-setup",
    "rivals.bloodlines-imperium-leaders", "rivals.bloodlines-deep-cover", "rivals.bloodlines-move-spy",
    "rivals.bloodlines-lose-troop", "rivals.tech-eligible", "rivals.tech-swordmaster", "rivals.tech-acquire-card",
    "rivals.tech-tiles", "rivals.tech-two-player", "rivals.tech-rise-of-ix",
    # p. 10: six players
    "six.bloodlines-setup", "six.bloodlines-leaders", "six.bloodlines-muaddib-commanders",
    "six.bloodlines-shaddam-commanders", "six.bloodlines-earn-any-alliance", "six.bloodlines-ornithopter-fleet",
    "six.bloodlines-plasteel-high-command", "six.bloodlines-shaddam-no-ally", "six.bloodlines-acquirer-tiles",
    # back cover: icons and the clarifications of leaders and Tech tiles
    "bloodlines.discard-not-intrigue", "bloodlines.trash-intrigue-icon", "leader.piter-twisted-intrigue",
    "leader.chani-tactics", "leader.chani-tactics-overflow", "leader.fenring-trash-intrigue",
    "leader.esmar-tuek-sietch", "leader.esmar-tuek-signet", "leader.yrkoon-navigation-look",
    "leader.yrkoon-navigation-repeat", "tech.forbidden-weapons", "tech.ornithopter-fleet",
    # readings the engine makes (Commanders)
    "bloodlines.commander-recruited-first", "leader.duncan-idaho-into-the-fray",
}


def manual_pages(record) -> set[str]:
    return {str(s["page"]) for s in record["sources"] if s["document"] == MANUAL}


def test_the_expected_records_and_no_others():
    assert sorted(EXPECTED - set(RECORDS)) == []
    assert sorted(set(RECORDS) - EXPECTED) == []


@pytest.mark.parametrize("page", [str(p) for p in RULE_PAGES] + [BACK_COVER])
def test_every_page_that_states_rules_is_cited(page):
    assert any(page in manual_pages(r) for r in RECORDS.values()), page


@pytest.mark.parametrize("rid", sorted(EXPECTED))
def test_each_record_rests_on_the_manual(rid):
    record = RECORDS[rid]
    first = record["sources"][0]
    assert first["document"] == MANUAL and first["edition"] == EDITION, rid
    assert manual_pages(record) <= {str(p) for p in RULE_PAGES} | {BACK_COVER}, rid
    assert record["kind"] in ("rule", "reading"), rid  # `clarification` is for FAQ entries
    if record["kind"] == "reading":
        assert record.get("basis"), rid


@pytest.mark.parametrize("rid", sorted(EXPECTED))
def test_each_record_is_marked_for_its_module(rid):
    record = RECORDS[rid]
    modules, tags = set(record["modules"]), set(record["tags"])
    assert "bloodlines" in modules, rid
    if rid.startswith("tech."):
        assert "tech" in modules, rid
    if rid.startswith("choam."):
        assert "choam" in modules, rid
    if rid.startswith("rivals."):
        assert "rivals" in modules and "rivals" in tags, rid
    if rid.startswith("six."):
        assert "six-player" in modules and "six-player" in tags, rid
    if {"rivals", "six-player"} & modules:
        assert rid.split(".")[0] in ("rivals", "six"), rid
    # a record is informational until the engine cites it (then it is refereed)
    assert record["informational"] is (rid not in CITED), rid


def test_every_cited_bloodlines_record_is_refereed():
    assert sorted(r for r in CITED if RECORDS[r]["informational"]) == []


def test_a_bloodlines_game_is_refereed_with_its_records():
    report = replay(simulate("uprising", 3, 0, ("bloodlines", "tech")), snapshots="none")
    assert report["valid"]
    cited = {c["ruling"] for v in report["verdicts"] for c in v["citations"]}
    assert {"bloodlines.commander-acquire", "tech.acquire-tile"} <= cited


@pytest.mark.parametrize("game, modules", [("uprising", ("choam",)), ("imperium", ())])
def test_no_current_verdict_cites_a_bloodlines_record(game, modules):
    log = simulate(game, 4, 7, modules)
    report = replay(log, snapshots="none")
    assert report["valid"]
    cited = {c["ruling"] for v in report["verdicts"] for c in v["citations"]}
    assert sorted(cited & set(RECORDS)) == []
