"""Actions: small immutable values `(by, do, args)` with one canonical JSON form.

A decision is made by a player (`"by": "red"`); a chance outcome is made by `"by": "chance"`
(OpenSpiel's model), so a log that records them determines the whole game.
"""

from __future__ import annotations

from typing import Any

from .canonical import dumps
from .errors import MalformedLog

CHANCE = "chance"


class Action:
    """An action as canonical data. Compared and hashed by its canonical JSON.

    >>> Action({"by": "red", "do": "pass"}).to_json()
    {'by': 'red', 'do': 'pass'}
    """

    __slots__ = ("data", "_key", "is_chance")

    def __init__(self, data: dict[str, Any]):
        self.data = dict(data)  # key order is irrelevant: the canonical form sorts keys
        self._key = None
        self.is_chance = self.data.get("by") == CHANCE

    @property
    def key(self) -> bytes:
        """The canonical JSON, made on first use (replay rarely compares actions)."""
        if self._key is None:
            self._key = dumps(self.data)
        return self._key

    @classmethod
    def make(cls, by: str, do: str, **args: Any) -> Action:
        return cls({"by": by, "do": do, **args})

    @classmethod
    def from_json(cls, obj: Any, pointer: str = "") -> Action:
        if not isinstance(obj, dict):
            raise MalformedLog("an action must be a JSON object", pointer)
        for key in ("by", "do"):
            if not isinstance(obj.get(key), str) or not obj[key]:
                raise MalformedLog(f"an action needs a non-empty string {key!r}", f"{pointer}/{key}")
        return cls(obj)

    def to_json(self) -> dict[str, Any]:
        return {k: self.data[k] for k in sorted(self.data)}

    @property
    def by(self) -> str:
        return self.data["by"]

    @property
    def do(self) -> str:
        return self.data["do"]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Action({self.key.decode()})"


def dealt(game, chances: dict) -> Action | None:
    """The chance outcome the game's top task waits for, drawn from the seed in its state (None
    when it waits for a decision or has no seed). `chances` maps a task kind to the rule system's
    chance, whose `deal(game, task)` advances the state's RNG once."""
    waiting = game.peek("stack")  # read only: most tops are decisions, which deal nothing
    if dict.get(game.state, "rng") is None or not waiting or waiting[-1]["t"] != "chance":
        return None
    task = game.top
    return Action({"by": CHANCE, **chances[task["kind"]].deal(game, task)})
