"""The registry of rule systems, with aliases: `--game uprising` and `"edition": "Восстание"`."""

from __future__ import annotations

from .errors import MalformedLog
from .names import fold

# game alias -> (system, edition)
GAMES = {
    "uprising": ("imperium", "uprising"),
    "duneimperiumuprising": ("imperium", "uprising"),
    "восстание": ("imperium", "uprising"),
    "imperium": ("imperium", "base"),
    "duneimperium": ("imperium", "base"),
    "base": ("imperium", "base"),
}
SUPPORTED = {("imperium", "uprising"), ("imperium", "base")}


def supported_games() -> list[str]:
    """The canonical game names this engine referees (the first alias of each)."""
    names = []
    for alias, key in GAMES.items():
        if key in SUPPORTED and key[1] not in names:
            names.append(alias)
    return names


def resolve_game(name: str, pointer: str = "") -> tuple[str, str]:
    found = GAMES.get(fold(name or ""))
    if found is None:
        raise MalformedLog(f"unknown game {name!r}; known: uprising, imperium", pointer, code="unknown-game")
    return found


def rules_for(system: str, edition: str, pointer: str = "/game"):
    if not isinstance(system, str) or not isinstance(edition, str):
        raise MalformedLog("the game needs a 'system' and an 'edition' (strings)", pointer, code="unsupported-game")
    key = (system, fold(edition))
    key = GAMES.get(key[1], key) if system == "imperium" else key
    if key not in SUPPORTED:
        raise MalformedLog(f"the rule system {system}/{edition} is not supported yet",
                           pointer, code="unsupported-game")
    from ..imperium.rules import ruleset

    return ruleset(key[1])
