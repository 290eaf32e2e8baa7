"""The log format (v2): reading liberally, writing canonically.

A log holds the game (rule system, edition, modules, players), the setup (a seed, or
nothing when every chance outcome is recorded) and the ordered actions. Shorthand: an action
may carry `"choices": [...]`, the answers to the choices it raises, each of which expands to
a `choose` action by the same player. Every expanded action keeps the JSON pointer of where
it was written, so a verdict points at the exact place in the input.

Version 2 (issues 31, 32) lets a log say what its writer left out (`omits`: `forced-steps`) and
a `choose` name the decision it answers (`answers`); version 1 logs read as version 2 unchanged.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .actions import CHANCE, Action
from .canonical import dumps
from .errors import LimitExceeded, MalformedLog, UnsupportedVersion
from .registry import rules_for
from .schemas import is_valid, validate

FORMAT = "dune-adjudicator/log"
VERSION = 2
OMISSIONS = ("forced-steps",)  # what a log may declare it leaves out (`omits`)
MAX_ACTIONS = 10_000
MAX_DEPTH = 16


@dataclass
class Log:
    game: dict
    setup: dict
    actions: list[Action] = field(default_factory=list)
    pointers: list[str] = field(default_factory=list)
    rules: object = None
    written: list = field(default_factory=list)  # the actions as the log wrote them (names unresolved)
    omits: tuple[str, ...] = ()  # what the writer declared it left out (`forced-steps`)

    def to_json(self) -> dict:
        out = {"format": FORMAT, "version": VERSION, "game": self.game, "setup": self.setup,
               "actions": [a.to_json() for a in self.actions]}
        return {**out, "omits": list(self.omits)} if self.omits else out


def depth(value, limit: int = MAX_DEPTH) -> int:
    """Nesting depth, stopping early past `limit`. Level by level and only through containers:
    a list of a million numbers is one cheap pass, not a million calls (issue 9)."""
    containers = (dict, list)
    level = [value] if isinstance(value, containers) else []
    found = 0
    while level and found <= limit:
        found += 1
        level = [child for node in level for child in (node.values() if isinstance(node, dict) else node)
                 if isinstance(child, containers)]
    return found


def _v1_to_v2(doc: dict) -> dict:
    """Version 2 only adds what a log may say (`omits`, a `choose`'s `answers`): a version 1 log
    is the same log, declaring nothing left out (its forced steps are taken only where a logged
    action needs them, as before)."""
    return {**doc, "version": 2}


MIGRATIONS: dict[int, callable] = {1: _v1_to_v2}  # version -> function upgrading a document to version + 1


def migrate(doc: dict) -> dict:
    version = doc.get("version")
    if not isinstance(version, int):
        raise MalformedLog("the log needs an integer 'version'", "/version")
    if version > VERSION:
        raise UnsupportedVersion(f"log version {version} is newer than this engine reads ({VERSION})",
                                 "/version")
    while version < VERSION:
        if version not in MIGRATIONS:
            raise UnsupportedVersion(f"no migration from log version {version}", "/version")
        doc = MIGRATIONS[version](doc)
        version = doc["version"]
    return doc


def check_shape(doc, name: str) -> None:
    if not isinstance(doc, dict):
        raise MalformedLog(f"a {name} must be a JSON object", "/")
    if depth(doc) > MAX_DEPTH:
        raise LimitExceeded(f"the {name} is nested deeper than {MAX_DEPTH} levels", "/",
                            code="limit-nesting")


def over_time(deadline: float | None, pointer: str) -> None:
    """A service request's time budget (a `time.monotonic()` value) covers reading the log too."""
    if deadline is not None and time.monotonic() > deadline:
        raise LimitExceeded("the request took longer than this service allows", pointer, code="limit-replay-time")


def parse_log(doc, deadline: float | None = None) -> Log:
    if not isinstance(doc, dict):
        raise MalformedLog("a log must be a JSON object", "/")
    if doc.get("format") != FORMAT:
        raise MalformedLog(f"not a log: 'format' must be {FORMAT!r}", "/format")
    doc = migrate(doc)
    actions = doc.get("actions")
    if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
        raise LimitExceeded(f"a log may hold at most {MAX_ACTIONS} actions, not {len(actions)}",
                            "/actions", code="limit-actions")
    if not is_valid("log", doc):
        check_shape(doc, "log")  # the detailed validator recurses: refuse absurd nesting first
        validate("log", doc)
    over_time(deadline, "/")
    game = dict(doc["game"])
    rules = rules_for(game["system"], game["edition"])
    game["edition"] = rules.edition
    players, plays = [], rules.plays  # what a seat names: a leader (Imperium), a faction (classic Dune)
    for i, p in enumerate(game["players"]):
        if plays not in p:
            raise MalformedLog(f"a player of {game['system']} names a {plays}", f"/game/players/{i}", code="schema")
        players.append({**p, plays: rules.resolve_leader(p[plays], f"/game/players/{i}/{plays}")})
    game["players"] = players
    setup = dict(doc.get("setup", {}))
    if "rivals" in setup:  # automated seats of a small game (setup.rivals): they act in the log too
        resolve = getattr(rules, "resolve_rival", rules.resolve_leader)  # a Rival card may be no player's leader
        setup["rivals"] = [{**r, "leader": resolve(r["leader"], f"/setup/rivals/{i}/leader")}
                           for i, r in enumerate(setup["rivals"])]
    ids = [p["id"] for p in players] + [r["id"] for r in setup.get("rivals", [])]
    log = Log(game=game, setup=setup, rules=rules, written=actions, omits=tuple(doc.get("omits", ())))
    seen: dict[bytes, Action] = {}  # a game repeats many actions: resolve each distinct one once
    for i, raw in enumerate(actions):
        over_time(deadline, f"/actions/{i}")
        key = dumps(raw)
        if key in seen:
            log.actions.append(seen[key])
            log.pointers.append(f"/actions/{i}")
            continue
        expand(log, raw, f"/actions/{i}", ids)
        if "choices" not in raw:
            seen[key] = log.actions[-1]
    if len(log.actions) > MAX_ACTIONS:
        raise LimitExceeded(f"expanded, the log holds more than {MAX_ACTIONS} actions", "/actions",
                            code="limit-actions")
    return log


def expand(log: Log, raw: dict, pointer: str, players: list[str]) -> None:
    choices = raw.get("choices", [])
    base = {k: v for k, v in raw.items() if k != "choices"}
    if base.get("do") != "choose":  # legal-actions' words, a comment beside the action's own fields
        base.pop("label", None)
    log.actions.append(Action.from_json(log.rules.normalize(base, pointer, players), pointer))
    log.pointers.append(pointer)
    for j, answer in enumerate(choices):
        p = f"{pointer}/choices/{j}"
        if not isinstance(answer, dict):
            raise MalformedLog("a choice is a JSON object such as {\"option\": 1}", p)
        data = {**answer, "by": raw["by"], "do": "choose"}
        if raw["by"] == CHANCE:
            raise MalformedLog("chance makes no choices", p)
        log.actions.append(Action.from_json(log.rules.normalize(data, p, players), p))
        log.pointers.append(p)
