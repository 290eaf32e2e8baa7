"""Words as data: a rule system's `data/words-<lang>.toml` holds the word tables its pages and
labels read (phases, verbs, ...), one file per language, so that a translator edits one file
and the code holds no parallel English and Russian tables."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

LANGS = ("en", "ru")


@cache
def _words(data: Path, lang: str) -> dict:
    with open(data / f"words-{lang}.toml", "rb") as fh:
        return tomllib.load(fh)


def words(data: Path, table: str) -> dict:
    """`{lang: table}` for every language: a table of words, or one phrase."""
    return {lang: _words(data, lang)[table] for lang in LANGS}
