"""Verdict messages in the game's own words: the ids in a message become the names printed on
the components and the players' names ("arrakeen is occupied by abby's agent" reads "Arrakeen
is occupied by Abby's agent"). Codes never change; only the words a person reads do.

A word is replaced only when it is exactly an id (a whole hyphenated word), never the part of an
effect node after its colon (`space:arrakeen` is what a log writes back), and never a word that
is also the rules' own vocabulary.
"""

from __future__ import annotations

import re
from functools import cache

from .content import Content

_WORD = re.compile(r"(?<![\w:#-])[a-z0-9]+(?:-[a-z0-9]+)*(?![\w-])")
RULE_WORDS = frozenset({"infiltrate"})  # a card id and the word for entering an occupied space


@cache
def _names(cnt: Content, lang: str = "en") -> dict[str, str]:
    """id -> name in `lang` (English where the data has no name in `lang`)."""
    names: dict[str, str] = {}
    for table in (cnt.factions, cnt.spaces, cnt.leaders, cnt.objectives, cnt.contracts, cnt.conflicts,
                  cnt.intrigues, cnt.cards):
        for ident, thing in table.items():
            name = thing.get("name", {}).get(lang) or thing.get("name", {}).get("en")
            if name and ident not in RULE_WORDS:
                names.setdefault(ident, name)
    return names


def humanize(cnt: Content, message: str, state: dict | None = None, lang: str = "en") -> str:
    if not message:
        return message
    names = dict(_names(cnt, lang))
    if state is not None:
        players = state.get("game", {}).get("players", {})
        if isinstance(players, dict):
            names.update({pid: p["name"] for pid, p in players.items()
                          if isinstance(p, dict) and isinstance(p.get("name"), str) and p["name"]})
    return _WORD.sub(lambda m: names.get(m.group(0), m.group(0)), message)
