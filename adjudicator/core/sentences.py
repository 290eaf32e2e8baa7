"""A verdict's sentence, rendered when it is read (issue 32): a verdict stores an English
template and its typed arguments (`template`, `params`), and a `Reader` writes the sentence for
one language and one viewer: ids become display names (the rule system's `display_name`, a
seat its player's name), the template is translated where the rule system's catalog has it, and
a card the viewer may not see is "a card".

A catalog is `<system package>/data/sentences-<lang>.toml` (and `core/data/` for the core's own
templates) with one table `[templates]`: the exact English template -> its translation, with the
same `{placeholders}`. A template it lacks stays English.

Arguments that hold cards are named `card`, `cards` or end in `_card` / `_cards`: those are the
ones veiled. An argument named as a field its action keeps from the reader (a battle plan's
`dial` or `leader`, a Traitor's `card`: core/observers.Hidden) is face down for that reader
whatever it holds. Typed values besides ids, numbers and lists:
- `said`: a phrase the rule system can only write where the state is at hand (an option of a
  pending choice, in words): its words in every language and the cards it names; a reader who
  has not seen one of those cards reads "a card" instead;
- `term`: a word of the rule system's word catalog (`data/words-<lang>.toml`, one table per kind:
  `actions`, `choices`, `windows`, ...), such as a verb or a kind of choice; the id where the
  reader's language lacks it (English tables are optional: the id is how the logs write it);
- `clause`: a part of a sentence with a template and arguments of its own, translated and veiled
  as a verdict's are (the reason in a refusal);
- `answer`: the fields of a decision as logged (a card chosen, an option); a field its action
  keeps from the reader, and a card the reader has not seen, is face down.
A legal verdict's arguments are the round and the action itself (`action`), whose fields the
viewer may not see are veiled as the log's view veils them (core/observers.py).
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
SECRET = {"en": "something hidden", "ru": "скрытое"}  # anything else the reader may not see
# the arguments that describe a decision itself: face down where the reader may not see the decision
# (the options left of a secret choice tell what was chosen before)
DECISION_PARAMS = ("options", "words")
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


def term(table: str, ident: str) -> dict:
    """A typed argument: the word `ident` of the word catalog's table `table` (a verb, a kind of
    choice, a window)."""
    return {"term": table, "id": ident}


def clause(template: str, **params) -> dict:
    """A typed argument: a part of a sentence, an English template with its own typed arguments."""
    return {"clause": template, "params": params}


def answer(fields: dict) -> dict:
    """A typed argument: the fields of a decision as logged (`{"card": ..., "zone": ...}`)."""
    return {"answer": dict(fields)}


def _is_said(value) -> bool:
    return isinstance(value, dict) and isinstance(value.get("said"), dict)


def _is(kind: str, value) -> bool:
    """Whether `value` is a typed value of `kind` (`term`, `clause`, `answer`), well-formed."""
    if not isinstance(value, dict):
        return False
    if kind == "term":
        return isinstance(value.get("term"), str) and isinstance(value.get("id"), str)
    if kind == "clause":
        return isinstance(value.get("clause"), str) and isinstance(value.get("params"), dict)
    return kind == "answer" and isinstance(value.get("answer"), dict)


def _catalog_file(package: str, lang: str) -> dict[str, str]:
    templates = data_file(Path(str(resources.files(package))) / "data", "sentences", lang).get("templates", {})
    return {k: v for k, v in templates.items() if isinstance(v, str)}


def _package(rules) -> str:
    """The rule system's package (of its ruleset class: core never names a rule system)."""
    return type(rules).__module__.rpartition(".")[0]


def catalog(rules, lang: str) -> dict[str, str]:
    """English template -> its translation in `lang`: the core's and the rule system's."""
    if lang == "en":
        return {}
    return {**_catalog_file(__package__, lang), **_catalog_file(_package(rules), lang)}


def word_tables(rules, lang: str) -> dict:
    """The rule system's word catalog in `lang` (`data/words-<lang>.toml`), which `term`s read."""
    return data_file(Path(str(resources.files(_package(rules)))) / "data", "words", lang)


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
        self.words = word_tables(self.rules, self.lang)

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
            text = self.fill(template, params)
        return sentence(text)

    def fill(self, template: str, params: dict) -> str:
        """The template in the reader's language (English where the translation is missing or
        names other placeholders) with its arguments named."""
        wording = self.translated.get(template, template)
        if placeholders(wording) != placeholders(template):
            wording = template
        named = {k: self.name(v, k) for k, v in params.items()}
        return wording.format_map({k: named.get(k, f"{{{k}}}") for k in placeholders(wording)})

    def word(self, table: str, ident: str) -> str:
        """A word of the catalog's `table` (dotted: a table inside one); the id where this language has none."""
        found = self.words
        for key in (*table.split("."), ident):
            found = found.get(key) if isinstance(found, dict) else None
        return found if isinstance(found, str) else ident

    def name(self, value, param: str = "card") -> str:
        """An argument in words; `param`: its name (a face-down value not a card reads "something hidden")."""
        if value == HIDDEN and not is_card_param(param):
            return SECRET[self.lang]
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
            # an option veiled alone names a card the reader has not seen (`said`)
            return ", ".join(self.name(v, "card" if param in DECISION_PARAMS else param) for v in value)
        if _is_said(value):
            return value["said"].get(self.lang) or value["said"].get("en", "")
        if _is("term", value):
            return self.word(value["term"], value["id"])
        if _is("clause", value):
            return self.fill(value["clause"], value["params"])
        if _is("answer", value):  # "card Dagger, zone hand": each field's word, then its value
            return ", ".join(f"{self.word('fields', str(k))} {self.name(v, str(k))}"
                             for k, v in value["answer"].items())
        if isinstance(value, dict) and "do" in value:  # an action: its face-down cards read "a card"
            return self.rules.describe(_face_up(value, VEILED[self.lang]), self.table, self.lang)
        if isinstance(value, dict):
            return ", ".join(f"{self.name(k)}: {self.name(v)}" for k, v in value.items())
        return "—" if value is None else str(value)


def veil(params: dict, index: int, hidden: dict[int, list[str]], seen: frozenset[str]) -> dict:
    """A verdict's arguments for a reader who has seen only `seen` and may not see the fields
    `hidden[index]` of its action: those fields and the cards not seen face down (`"?"`, as the
    log's view writes them; a sentence reads them "a card")."""
    secret = hidden.get(index, ())
    out = {}
    for name, value in params.items():
        if name == "action" and isinstance(value, dict) and index in hidden:
            value = {k: _veil(v) if k in secret else v for k, v in value.items()}
        elif name in secret or (secret and name in DECISION_PARAMS):  # the secret itself: face down
            value = HIDDEN
        elif _is("answer", value):
            value = {"answer": {k: HIDDEN if k in secret else _veil(v, seen) if is_card_param(k) else v
                                for k, v in value["answer"].items()}}
        elif _is("clause", value):
            value = {**value, "params": veil(value["params"], index, hidden, seen)}
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
