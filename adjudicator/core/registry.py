"""The registry of rule systems, found through the `adjudicator.rule_systems` entry points,
with their game aliases: `--game uprising` and `"edition": "Восстание"`."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from .errors import MalformedLog
from .names import fold
from .rulesystem import ENTRY_POINT_GROUP, RuleSet, RuleSystem


@cache
def systems() -> dict[str, RuleSystem]:
    """Every installed rule system by name (loaded once, in name order)."""
    found = {}
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        system = ep.load()
        if not isinstance(system, RuleSystem):
            raise TypeError(f"entry point {ep.name} does not provide a RuleSystem")
        found[system.name] = system
    return found


def _games() -> dict[str, tuple[str, str]]:
    """Every game alias -> (system, edition)."""
    return {alias: (name, edition) for name, system in systems().items() for alias, edition in system.games.items()}


def supported_games() -> list[str]:
    """The canonical game names referred (the first alias of each edition)."""
    names, seen = [], set()
    for alias, key in _games().items():
        if key not in seen:
            seen.add(key)
            names.append(alias)
    return names


MAX_GAME_NAME = 80  # "Dune: Imperium – Uprising" and every alias fit many times over


def resolve_game(name: str, pointer: str = "") -> tuple[str, str]:
    """The (system, edition) a game name means; a name longer than any game's is refused before
    it is folded (a query parameter may be as long as the request line allows)."""
    if len(name or "") > MAX_GAME_NAME:
        raise MalformedLog(f"a game name is at most {MAX_GAME_NAME} characters, not {len(name)}", pointer,
                           code="bad-parameter")
    found = _games().get(fold(name or ""))
    if found is None:
        raise MalformedLog(f"unknown game {name!r}; known: {', '.join(supported_games())}", pointer,
                           code="unknown-game")
    return found


def rules_for(system: str, edition: str, pointer: str = "/game") -> RuleSet:
    if not isinstance(system, str) or not isinstance(edition, str):
        raise MalformedLog("the game needs a 'system' and an 'edition' (strings)", pointer, code="unsupported-game")
    plugin = systems().get(system)
    found = plugin.games.get(fold(edition)) if plugin else None
    if found is None:
        raise MalformedLog(f"the rule system {system}/{edition} is not supported yet", pointer,
                           code="unsupported-game")
    return plugin.ruleset(found)


def card_types() -> tuple[str, ...]:
    return tuple(dict.fromkeys(t for s in systems().values() for t in s.card_types))
