"""Words for searching rulings: what is indexed for a ruling and how a query is read.

English words are stemmed by SQLite's porter tokenizer (so "doubled" finds "doubles"); Russian
words lose their inflectional endings here, on both sides (so "Арракине" finds "Арракин"); a
compound the rules write as one word is indexed with its parts too (so "worms" finds
"sandworm"). A ruling is indexed with the English and Russian names of the cards and spaces it
concerns, so a card's name in either language finds its rulings.
"""

from __future__ import annotations

import re

WORDS_TOKENIZER = "porter unicode61 remove_diacritics 2"
_WORD = re.compile(r"[0-9a-zа-яё]+", re.IGNORECASE)
_CYRILLIC = re.compile(r"[а-яё]")
# the longest first; an ending is dropped only when at least three letters stay
RU_ENDINGS = sorted("""иями ями ами ием ией иях ого его ому ему ыми ими ешь ете ить ать ять ают яют ует
    ие ия ию ии ая яя ое ее ые ый ий ой ей ом ем ам ям ах ях ую юю ью ья ов ев ых их
    ы и а я о е у ю ь й""".split(), key=len, reverse=True)
COMPOUNDS = {"sandworm": "sand worm", "sandworms": "sand worms", "spacing": "space", "swordmaster": "sword master",
             "shieldwall": "shield wall", "makerhook": "maker hook", "worms": "sandworm", "worm": "sandworm"}


def ru_stem(word: str) -> str:
    word = word.lower().replace("ё", "е")
    for ending in RU_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def words(text: str) -> list[str]:
    """The words of a text as indexed: Russian ones stemmed here (porter stems the English)."""
    out = []
    for w in _WORD.findall(text or ""):
        w = w.lower()
        out.append(ru_stem(w) if _CYRILLIC.search(w) else w)
    return out


def index_text(ruling: dict, names: dict[str, list[str]]) -> str:
    parts = [ruling["id"].replace(".", " ").replace("-", " "), ruling.get("title", ""), ruling.get("statement", ""),
             " ".join(ruling.get("tags", []))]
    parts += [str(source.get("section", "")) for source in ruling.get("sources", []) if isinstance(source, dict)]
    for ident in ruling.get("cards", []) + ruling.get("spaces", []):
        parts.append(ident.replace("-", " "))
        parts += names.get(ident, [])
    found = words(" ".join(parts))
    found += [part for w in found if w in COMPOUNDS for part in COMPOUNDS[w].split()]
    return " ".join(found)


def query_terms(q: str) -> list[str]:
    """The distinct words of a query (bounded), Russian ones stemmed like the index."""
    return list(dict.fromkeys(words((q or "")[:500])))
