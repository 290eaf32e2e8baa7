"""`Module`: an expansion or mode of a rule system as one object, in a folder of its own
(`<system>/modules/<name>/`). It says when it is in play, which editions have it and what it
combines with; its hooks are registered for it (`Hooks.on(..., module=name)`), so they run only
in its games. A cross-product (Rivals with Bloodlines) lives in the later module and says so
in `combines`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Needs = tuple[str, ...] | None  # the modules a registration needs in play; None: every game


def needs(module: str | tuple[str, ...] | None) -> Needs:
    """What a registration's `module=` names: None (every game), one module, or a tuple (a
    cross-product, living in the later module: the games that play all of them)."""
    return None if module is None else (module,) if isinstance(module, str) else tuple(module)


def met(playing: frozenset[str], needed: Needs) -> bool:
    """Whether a game playing these modules has what a registration needs."""
    return needed is None or playing.issuperset(needed)


@dataclass(frozen=True)
class Module:
    name: str
    title: str  # what a player calls it
    in_play: Callable[[dict], bool]  # (state) -> is this module part of the game
    editions: tuple[str, ...] = ()  # () : every edition of the rule system
    # another module -> what this module adds when both are in play (the rules it owns)
    combines: dict[str, str] = field(default_factory=dict)
    sources: tuple[str, ...] = ()  # the rule texts it implements


class Modules:
    """A rule system's modules in their load order (the order their hooks run in)."""

    def __init__(self):
        self.all: dict[str, Module] = {}

    def add(self, module: Module) -> Module:
        assert module.name not in self.all, module.name
        self.all[module.name] = module
        return module

    def in_play(self, state: dict) -> frozenset[str]:
        kept = getattr(state, "modules", None)
        if kept is not None and kept[0] is self:
            return kept[1]
        found = frozenset(name for name, m in self.all.items() if m.in_play(state))
        if type(state) is Playing:
            state.modules = (self, found)
        return found

    def in_play_at(self, g) -> frozenset[str]:
        """The modules in play at a table (`g.state`): what `Hooks` dispatches by."""
        return self.in_play(g.state)


class Playing(dict):
    """A state past its setup, as a replay or a playout holds it. The modules in play follow from
    the setup alone and never change during a game, so `Modules.in_play` finds them once and keeps
    them on it, not once per action (issue 30). Serialised, compared and copied as the plain dict
    it is; a plain dict (a state being set up, a position being read) keeps nothing."""

    __slots__ = ("modules",)  # (the Modules asked, the names in play)
