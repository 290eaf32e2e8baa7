"""`Hooks`: the places where a card, a faction or a module changes a general rule.

The general rule modules name no card: they `fire`, `ask`, `first` or `adjust` a hook by
name, passing the table (`g`) first (after the value, for `adjust`). A listener registered
for a module (`@hooks.on("event", module="six")`) runs only when that module is in play in
`g`'s game, so no listener tests its own mode. Listeners run in registration order, the rule
system's fixed load order: the same log always resolves triggers the same way."""

from __future__ import annotations

from collections.abc import Callable


class Hooks:
    def __init__(self, in_play: Callable[[object], frozenset[str]]):
        """`in_play(g)`: the names of the modules in play at `g`'s table."""
        self.in_play = in_play
        self.listeners: dict[str, list[tuple[Callable, str | None]]] = {}

    def on(self, event: str, module: str | None = None):
        """Register a listener for `event`, for every game or (`module`) for the games that
        play that module."""
        def register(fn):
            self.listeners.setdefault(event, []).append((fn, module))
            return fn
        return register

    def live(self, event: str, g) -> list[Callable]:
        """The listeners of `event` that apply at `g`'s table, in registration order."""
        listeners = self.listeners.get(event, ())
        if not listeners:
            return []
        if all(m is None for _, m in listeners):
            return [fn for fn, _ in listeners]
        playing = self.in_play(g)
        return [fn for fn, m in listeners if m is None or m in playing]

    def fire(self, event: str, g, *args) -> None:
        """Something happened: every listener reacts."""
        for fn in self.live(event, g):
            fn(g, *args)

    def ask(self, event: str, g, *args) -> list:
        """Every listener's answer that is not None, in registration order."""
        return [r for fn in self.live(event, g) if (r := fn(g, *args)) is not None]

    def first(self, event: str, g, *args, default=None):
        """The first listener's answer that is not None (else `default`)."""
        for fn in self.live(event, g):
            if (r := fn(g, *args)) is not None:
                return r
        return default

    def adjust(self, event: str, value, g, *args):
        """Pass `value` through every listener (a modifier: costs, prices, offers)."""
        for fn in self.live(event, g):
            value = fn(value, g, *args)
        return value
