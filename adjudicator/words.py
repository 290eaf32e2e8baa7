"""Words for searching rulings: what is indexed for a ruling and how a query is read.

Every word is stemmed by a Snowball stemmer on both sides, English or Russian by its letters
(so "doubled" finds "doubles" and «Арракине» finds «Арракин»); a few names written in two ways
are joined first ("Shai-Hulud", "sand worm"). A ruling is indexed in four fields, weighted in
the ranking: its titles (English and Russian), its tags and id, the names (English and Russian)
of the cards and spaces it concerns, and its text. A query word also finds its glossary
alternatives (glossary.py: synonyms, table talk, the Russian edition's terms); words that say
nothing on their own ("the", «когда») are dropped from a query.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

import snowballstemmer

from .glossary import GLOSSARY

WORDS_TOKENIZER = "unicode61 remove_diacritics 2"  # stemming is done here, not by SQLite
FIELDS = ("title", "tags", "names", "body")
_WORD = re.compile(r"[0-9a-zа-яё]+")
_CYRILLIC = re.compile(r"[а-яё]")
_VP = re.compile(r"\bПО\b")  # «ПО» (победные очки) is not the preposition «по»
_JOINED = [(re.compile(p), w) for p, w in (
    (r"shai[\s-]*hulud", "shaihulud"), (r"шай[\s-]*хулуд", "шайхулуд"), (r"тай[\s-]*брейк", "тайбрейк"),
    (r"sand\s+worm", "sandworm"),
    (r"sword\s+master", "swordmaster"), (r"victory\s+points?", "victory point vp"),
    (r"\bend\s+of\s+(the\s+)?game\b|\bgame\s+end", "endgame"),
    (r"конец\s+(игры|партии)|конце\s+(игры|партии)", "endgame"),
    (r"\b(run|runs|ran|running)\s+out\b", "empty"))]
STOP = set("""a an the and or of to in on at by for from with into onto is are be been can could do does did
    i me my we you your it its this that there what which who whom when how if not no any then than as after
    before up out may must s t
    а и в во на с со к ко за из от до по при для как когда что кто ли не нет же бы это этот эта мой
    можно нужно ли или у о об есть быть""".split())


@cache
def _stemmer(language: str):
    return snowballstemmer.stemmer(language)


@lru_cache(maxsize=1 << 16)  # the rulings' words repeat; a query's words are bounded
def stem(word: str) -> str:
    if _CYRILLIC.search(word):
        return _stemmer("russian").stemWord(word.replace("ё", "е"))
    return _stemmer("english").stemWord(word)


def words(text: str) -> list[str]:
    """The stemmed words of a text, in order."""
    text = _VP.sub(" vp ", text or "").lower()
    for pattern, joined in _JOINED:
        text = pattern.sub(joined, text)
    return [stem(w) for w in _WORD.findall(text)]


@cache
def glossary() -> dict[str, tuple[str, ...]]:
    """Stem -> the stems a query for it also finds (itself first)."""
    found: dict[str, list[str]] = {}
    for line in GLOSSARY.strip().splitlines():
        left, _, right = line.partition(">")
        asked = [stem(w.lower()) for w in left.split()]
        alternatives = [stem(w.lower()) for w in right.split()] if right else asked
        for s in asked:
            found.setdefault(s, [s]).extend(a for a in alternatives if a not in found[s])
    return {s: tuple(alts) for s, alts in found.items()}


def index_fields(ruling: dict, names: dict[str, list[str]]) -> dict[str, str]:
    """The stemmed words of a ruling's four search fields."""
    ident = ruling["id"].replace(".", " ").replace("-", " ")
    named = []
    for component in ruling.get("cards", []) + ruling.get("spaces", []):
        named += [component.replace("-", " "), *names.get(component, [])]
    body = [ruling.get("statement", ""), ruling.get("basis", "")]
    body += [str(s.get("section", "")) for s in ruling.get("sources", []) if isinstance(s, dict)]
    fields = {"title": [ruling.get("title", ""), ruling.get("title_ru", "")],
              "tags": [ident, *(t.replace("-", " ") for t in ruling.get("tags", []))],
              "names": named, "body": body}
    return {field: " ".join(words(" ".join(parts))) for field, parts in fields.items()}


def query_groups(q: str) -> list[tuple[str, ...]]:
    """A query's distinct words (bounded), each with its glossary alternatives. Words that say
    nothing on their own are left out unless the query has nothing else."""
    stems = list(dict.fromkeys(words((q or "")[:500])))
    kept = [s for s in stems if s not in _STOP_STEMS()] or stems
    return [glossary().get(s, (s,)) for s in kept]


@cache
def _STOP_STEMS() -> frozenset[str]:
    return frozenset(stem(w) for w in STOP)
