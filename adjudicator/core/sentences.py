"""A verdict's sentence, rendered when it is read (issue 32): a verdict stores an English
template and its typed arguments (`template`, `params`), and a `Reader` writes the sentence for
one language and one viewer: ids become display names (the rule system's `display_name`, a
seat its player's name), the template is translated where the rule system's catalog has it, and
a card the viewer may not see is "a card".

A catalog is `<system package>/data/sentences-<lang>.toml` (and `core/data/` for the core's own
templates) with one table `[templates]`: the exact English template -> its translation, with the
same `{placeholders}`. A template it lacks stays English.

Arguments that hold cards are named `card`, `cards` or end in `_card` / `_cards`: those are the
ones veiled. A phrase the rule system can only write where the state is at hand (an option of
a pending choice, in words) is a `said` value: its words in every language and the cards it
names; a reader who has not seen one of those cards reads "a card" instead. A legal verdict's
arguments are the round and the action itself (`action`), whose fields the viewer may not see
are veiled as the log's view veils them (core/observers.py).
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .catalog import LANGS, data_file
from .observers import HIDDEN

VEILED = {"en": "a card", "ru": "карта"}  # a card the reader may not see
# a message about a secret action not yet written as a template: it cannot be veiled in part
UNSEEN = {"en": "the message names what only some players saw", "ru": "сообщение называет то, что видели не все игроки"}
YES_NO = {"en": ("no", "yes"), "ru": ("нет", "да")}
_CARD_PARAM = re.compile(r"^(?:cards?|.+_cards?)$")


def is_card_param(name: str) -> bool:
    return bool(_CARD_PARAM.match(name))


def said(words: dict[str, str], cards=()) -> dict:
    """A typed argument: a phrase written when the refusal was raised, `{lang: words}` for every
    language, and the `cards` it names (veiled whole unless the reader saw them all)."""
    return {"said": {lang: words[lang] for lang in LANGS}, "cards": sorted(set(cards))}


def _is_said(value) -> bool:
    return isinstance(value, dict) and isinstance(value.get("said"), dict)


def _catalog_file(package: str, lang: str) -> dict[str, str]:
    templates = data_file(Path(str(resources.files(package))) / "data", "sentences", lang).get("templates", {})
    return {k: v for k, v in templates.items() if isinstance(v, str)}


def catalog(rules, lang: str) -> dict[str, str]:
    """English template -> its translation in `lang`: the core's and the rule system's (the
    package of its ruleset class: core never names a rule system)."""
    if lang == "en":
        return {}
    package = type(rules).__module__.rpartition(".")[0]
    return {**_catalog_file(__package__, lang), **_catalog_file(package, lang)}


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def table_game(game: dict) -> dict:
    """A log's `game` (players as a list) as a state holds it (players by seat), which is all
    `describe` and `humanize` read of a state to name seats."""
    players = game.get("players")
    if isinstance(players, dict):
        return game
    players = [p for p in players or () if isinstance(p, dict) and isinstance(p.get("id"), str)]
    return {**game, "seats": [p["id"] for p in players],
            "players": {p["id"]: {k: v for k, v in p.items() if k != "id"} for p in players}}


def seen_in(document) -> frozenset[str]:
    """Every string a document holds (a log as a viewer reads it: what that viewer has seen named)."""
    found, todo = set(), [document]
    while todo:
        node = todo.pop()
        if isinstance(node, str):
            found.add(node)
        elif isinstance(node, dict):
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)
    return frozenset(found)


@dataclass
class Reader:
    """Writes verdicts' sentences for one reader. `game`: the log's game. `seen`: the strings the
    reader has seen named (None: the referee, who sees everything); `hidden`: logged action index
    -> the fields of it the reader may not see (core/observers.unseen). `every`: render every
    verdict's sentence; else only those that have a message (refusals, doubts), the others' left
    as template and arguments (a legal verdict's sentence is rendered when a language is asked)."""

    rules: object
    game: dict
    lang: str = "en"
    seen: frozenset[str] | None = None
    hidden: dict[int, list[str]] = field(default_factory=dict)
    every: bool = True

    def __post_init__(self):
        self.table = {"game": table_game(self.game)}
        self.translated = catalog(self.rules, self.lang)

    @property
    def sees_all(self) -> bool:
        return self.seen is None

    def verdict(self, verdict: dict) -> dict:
        """The verdict as this reader reads it: its sentence in `message`, its arguments veiled."""
        if not verdict.get("template"):
            return verdict
        if not self.sees_all and verdict["index"] in self.hidden and verdict["message"] and not verdict["params"]:
            return {**verdict, "message": UNSEEN[self.lang]}
        render = self.every or verdict["message"]
        if self.sees_all and not render:  # as stored (most verdicts of a report: kept cheap)
            return verdict
        params = self.veiled(verdict["params"], verdict["index"])
        out = {**verdict, "params": params}
        if render:
            out["message"] = self.render(verdict["template"], params)
        return out

    def veiled(self, params: dict, index: int) -> dict:
        """The arguments with what the reader may not see face down."""
        return params if self.sees_all else veil(params, index, self.hidden, self.seen)

    def render(self, template: str, params: dict) -> str:
        """The sentence: the template in the reader's language, its arguments in display names."""
        if not params:  # a message not yet written as a template: its ids named in place
            text = self.rules.humanize(self.translated.get(template, template), self.table, self.lang)
        else:
            wording = self.translated.get(template, template)
            if placeholders(wording) != placeholders(template):
                wording = template
            text = wording.format_map({k: self.name(v) for k, v in params.items()})
        return sentence(text)

    def name(self, value) -> str:
        if isinstance(value, bool):
            return YES_NO[self.lang][value]
        if isinstance(value, (int, float)):
            return str(value)
        if isinstance(value, str):
            seat = self.table["game"]["players"].get(value)
            if isinstance(seat, dict) and seat.get("name") not in (None, value):
                return seat["name"]
            return VEILED[self.lang] if value == HIDDEN else self.rules.display_name(value, self.lang)
        if isinstance(value, list):
            return ", ".join(self.name(v) for v in value)
        if _is_said(value):
            return value["said"].get(self.lang) or value["said"].get("en", "")
        if isinstance(value, dict) and "do" in value:  # an action: its face-down cards read "a card"
            return self.rules.describe(_face_up(value, VEILED[self.lang]), self.table, self.lang)
        if isinstance(value, dict):
            return ", ".join(f"{self.name(k)}: {self.name(v)}" for k, v in value.items())
        return "—" if value is None else str(value)


def veil(params: dict, index: int, hidden: dict[int, list[str]], seen: frozenset[str]) -> dict:
    """A verdict's arguments for a reader who has seen only `seen` and may not see the fields
    `hidden[index]` of its action: those fields and the cards not seen face down (`"?"`, as the
    log's view writes them; a sentence reads them "a card")."""
    out = {}
    for name, value in params.items():
        if name == "action" and isinstance(value, dict) and index in hidden:
            value = {k: _veil(v) if k in hidden[index] else v for k, v in value.items()}
        elif is_card_param(name):
            value = _veil(value, seen)
        else:
            value = _veil_said(value, seen)
        out[name] = value
    return out


def _veil(value, seen: frozenset[str] = frozenset()):
    """A card (or the cards of a list or mapping) face down unless `seen` names it."""
    if isinstance(value, list):
        return [_veil(v, seen) for v in value]
    if isinstance(value, dict):
        return {k: _veil(v, seen) for k, v in value.items()}
    return HIDDEN if isinstance(value, str) and value not in seen else value


def _veil_said(value, seen: frozenset[str]):
    """A `said` phrase (or each of a list) face down when it names a card the reader has not seen:
    its words are written, so the card cannot be veiled inside them."""
    if isinstance(value, list):
        return [_veil_said(v, seen) for v in value]
    if _is_said(value):
        named = value.get("cards")
        shown = isinstance(named, list) and all(isinstance(c, str) and c in seen for c in named)
        return value if shown else HIDDEN
    return value


def _face_up(value, word: str):
    """A value with each face-down card (`"?"`) as `word`."""
    if isinstance(value, list):
        return [_face_up(v, word) for v in value]
    if isinstance(value, dict):
        return {k: _face_up(v, word) for k, v in value.items()}
    return word if value == HIDDEN else value


def sentence(text: str) -> str:
    """A capital first letter and a full stop at the end."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
