"""What the engine expected instead of an illegal action (`adjudicator replay --explain`,
`POST /v1/replays?explain=1`), so that whoever wrote the log can see what would have been legal.

An illegal verdict then carries `expected`, taken from the state before the illegal action:

- `prompt`: who must act and how (the rule system's prompt, as in a report's `pending`);
- `actions`: the legal actions at that point, each written as a log writes an action, closest
  to the refused action first (most fields in common), then in the rule system's order; at most
  `MAX_LISTED` of them;
- `total`: how many legal actions there are (`null` when the game waits for a chance outcome
  whose candidates the rule system does not list, such as a draw from a deck);
- `truncated`: whether some were left out.

The actions are written in the log's own vocabulary, found once per log from the names its
actions hold (the rule system's `written_names`): a name with a Cyrillic letter counts as
Russian (`ru`), a lower-case hyphenated word as an id (`id`), any other as English (`en`). Only
the names of things that have both an English and a Russian name vote (there the writer chose;
a Russian writer writes a card with no Russian name in English too); a log that names none of
them lets all its names vote. Most votes win; a tie goes to Russian, then English; a log that
writes no name gets ids. The rule system's `spell` writes each name in that vocabulary where
the name reads back to the same thing, else in the next one (Russian, English, id).

A continue-mode replay explains its first `MAX_EXPLAINED` illegal verdicts; later ones (a
cascade after one mistake, usually) carry no `expected`, so the report stays bounded.
"""

from __future__ import annotations

import re

from .actions import CHANCE, Action

MAX_LISTED = 50
MAX_EXPLAINED = 100
VOCABULARIES = ("ru", "en", "id")  # the order also breaks a tie
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def vocabulary_of(name: str) -> str:
    if _CYRILLIC.search(name):
        return "ru"
    return "id" if _ID.fullmatch(name) else "en"


def vocabulary(rules, written: list) -> str:
    """The vocabulary the written actions (and their shorthand choices) use; see above."""
    names_in = getattr(rules, "written_names", None)
    named = []
    for raw in written if names_in else ():
        if not isinstance(raw, dict):
            continue
        choices = raw.get("choices")
        for data in (raw, *(choices if isinstance(choices, list) else ())):
            if isinstance(data, dict):
                named += names_in(data)
    voters = [name for name, both in named if both] or [name for name, _ in named]
    counts = dict.fromkeys(VOCABULARIES, 0)
    for name in voters:
        counts[vocabulary_of(name)] += 1
    best = max(VOCABULARIES, key=counts.__getitem__)
    return best if counts[best] else "id"


def _shared(action: Action, refused: Action) -> int:
    return sum(1 for key, value in action.data.items() if refused.data.get(key, None) == value)


def expected(rules, state: dict, refused: Action, words: str = "id") -> dict:
    """What the rule system would have accepted in `state` instead of `refused`."""
    actions = rules.legal_actions(state)
    prompt = rules.prompt(state)
    ranked = sorted(actions, key=lambda a: -_shared(a, refused))  # stable: ties keep the rule system's order
    spell = getattr(rules, "spell", None)
    listed = [spell(a.data, words) if spell else a.data for a in ranked[:MAX_LISTED]]
    unlisted_chance = not actions and prompt is not None and prompt.get("by") == CHANCE
    return {"prompt": prompt, "actions": [{k: a[k] for k in sorted(a)} for a in listed],
            "total": None if unlisted_chance else len(actions), "truncated": len(actions) > MAX_LISTED}


class Explainer:
    """One replay's explanations: the log's vocabulary (found on first use) and the count."""

    def __init__(self, log):
        self.log, self.words, self.explained = log, None, 0

    def __call__(self, state: dict, refused: Action) -> dict | None:
        if self.explained >= MAX_EXPLAINED:
            return None
        self.explained += 1
        if self.words is None:
            self.words = vocabulary(self.log.rules, self.log.written)
        return expected(self.log.rules, state, refused, self.words)
