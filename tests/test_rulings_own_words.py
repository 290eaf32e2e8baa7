"""Every ruling record is in our own words: no run of ten words shared with a rule text we hold,
nor with the GF9 classic Dune rulebook (issue 31; tests/own_words.py keeps the texts' run
digests, not the texts)."""

from pathlib import Path

import pytest
from own_words import GF9_DIGESTS, RUN, held, runs

from adjudicator.core.rulings import all_rulings

TEXTS = [Path(__file__).parents[2] / "shared" / name for name in ("seeds", "rulebooks")]
FIELDS = ("title", "title_ru", "statement", "basis")


def test_no_ruling_shares_a_run_of_ten_words_with_a_rule_text():
    digests = held() | held(GF9_DIGESTS)
    assert len(held()) > 30_000  # the seeds, the rulebooks and the FAQ
    assert len(held(GF9_DIGESTS)) > 8_000  # the GF9 classic Dune rulebook
    copied = [(rid, field, run) for rid, record in sorted(all_rulings().items()) for field in FIELDS
              for run, digest in runs(record.get(field) or "") if digest in digests]
    assert copied == [], f"{len(copied)} runs of {RUN} words read like the rule texts: {copied[:5]}"


@pytest.mark.skipif(not all(p.is_dir() for p in TEXTS), reason="the rule texts are not on this machine")
def test_the_digests_are_those_of_the_texts_and_find_a_copied_sentence():
    texts = [p for folder in TEXTS for p in sorted(folder.glob("*.txt"))]
    digests = {d for p in texts for _, d in runs(p.read_text(encoding="utf-8"))}
    assert digests == held(), "rebuild tests/data/rulebook-runs.bin: python tests/own_words.py <texts>"
    sentence = " ".join(texts[0].read_text(encoding="utf-8").split()[200:214])
    assert any(d in held() for _, d in runs(f"Our words, then: {sentence}"))
