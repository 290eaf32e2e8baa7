"""Words as data: a rule system's `data/words-<lang>.toml` holds the word tables its pages and
labels read (phases, verbs, ...), and `data/sentences-<lang>.toml` its sentences' translations
(core/sentences.py), one file per language, so that a translator edits one file and the code
holds no parallel English and Russian tables."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

LANGS = ("en", "ru")  # the languages of sentences, pages and labels: the one list


@cache
def data_file(data: Path, name: str, lang: str) -> dict:
    """`data/<name>-<lang>.toml` (words, sentences) as a dict; {} where the file is missing."""
    path = data / f"{name}-{lang}.toml"
    if not path.is_file():
        return {}
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def words(data: Path, table: str) -> dict:
    """`{lang: table}` for every language: a table of words, or one phrase."""
    return {lang: data_file(data, "words", lang)[table] for lang in LANGS}
