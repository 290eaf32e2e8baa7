"""`Hooks`: the places where a card, a faction or a module changes a general rule.

The general rule modules name no card: they `fire`, `ask`, `first` or `adjust` a hook by
name, passing the table (`g`) first (after the value, for `adjust`). A listener registered
for a module (`@hooks.on("event", module="six")`) runs only when that module is in play in
`g`'s game, so no listener tests its own mode; one registered `when=` a test of the call's
arguments (`when(g, *args)`, the value of `adjust` left out: whose seat it is) runs only when
that holds, so no listener tests its seat either.

Listeners run in an order the rule system declares (`order`: its rule files, in the order their
listeners run), then in registration order within a file. Registration happens at import, and
Python imports a file when something first needs it (a test importing one module's file before
the rules), so the order never follows the imports: the same log always resolves triggers the
same way, whatever was imported first."""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Sequence

from .modules import Needs, met, needs

Listeners = tuple[list[Callable], list[Callable | None] | None]  # an event's listeners and their `when`s
NONE: Listeners = ([], None)


class Hooks:
    def __init__(self, in_play: Callable[[object], frozenset[str]], order: Sequence[str] = ()):
        """`in_play(g)`: the names of the modules in play at `g`'s table. `order`: the dotted
        names of the files whose listeners run, in the order they run; a listener from a file
        not named there is refused at its registration. Without one (a test's own): registration
        order."""
        self.in_play = in_play
        self.rank = {name: i for i, name in enumerate(order)}
        self._registered = itertools.count()
        # event -> [((its file's rank, registration number), listener, the modules it needs in
        # play or None: every game, its `when` or None)], kept sorted by the first
        self.listeners: dict[str, list[tuple[tuple[int, int], Callable, Needs, Callable | None]]] = {}
        self._tables: dict[frozenset[str], dict[str, Listeners]] = {}  # modules -> event -> listeners

    def on(self, event: str, module: str | tuple[str, ...] | None = None, when: Callable | None = None):
        """Register a listener for `event`, for every game or (`module`) for the games that
        play that module; a cross-product (it lives in the later module) for the games that play
        all of a tuple of modules. `when(g, *args)`: the calls it answers (one seat's). A listener
        registered for several modules (stacked decorators) runs once in a game that plays more
        than one of them."""
        needed = needs(module)

        def register(fn):
            bisect.insort(self.listeners.setdefault(event, []), (self.place(fn), fn, needed, when), key=lambda e: e[0])
            self._tables.clear()  # registration happens at import, before any game is played
            return fn
        return register

    def place(self, fn: Callable) -> tuple[int, int]:
        """Where a listener runs: its file's place in the declared order, then its registration."""
        if self.rank and fn.__module__ not in self.rank:
            raise ValueError(f"{fn.__module__} registers a listener but is not in its rule system's hook order")
        return self.rank.get(fn.__module__, 0), next(self._registered)

    def table(self, playing: frozenset[str]) -> dict[str, Listeners]:
        """Every event's listeners for the games that play these modules, in their order,
        and their `when`s (None when none has one); built once per set of modules."""
        found = self._tables.get(playing)
        if found is None:
            found = self._tables[playing] = {}
            for event, listeners in self.listeners.items():
                kept, seen = [], set()
                for _, fn, needed, when in listeners:  # one rule registered for two modules runs once with both
                    if met(playing, needed) and fn not in seen:
                        seen.add(fn)
                        kept.append((fn, when))
                whens = [when for _, when in kept]
                found[event] = ([fn for fn, _ in kept], whens if any(whens) else None)
        return found

    def live(self, event: str, g, *args) -> list[Callable]:
        """The listeners of `event` that apply at `g`'s table to this call, in their order.
        A game's modules never change during it, so the table is looked up once per `g`."""
        kept = g.__dict__.get("_listeners")
        if kept is None or kept[0] is not self:
            kept = g._listeners = (self, self.table(self.in_play(g)))
        fns, whens = kept[1].get(event, NONE)
        if whens is None:
            return fns
        return [fn for fn, when in zip(fns, whens, strict=True) if when is None or when(g, *args)]

    def fire(self, event: str, g, *args) -> None:
        """Something happened: every listener reacts."""
        for fn in self.live(event, g, *args):
            fn(g, *args)

    def ask(self, event: str, g, *args) -> list:
        """Every listener's answer that is not None, in the listeners' order."""
        return [r for fn in self.live(event, g, *args) if (r := fn(g, *args)) is not None]

    def first(self, event: str, g, *args, default=None):
        """The first listener's answer that is not None (else `default`)."""
        for fn in self.live(event, g, *args):
            if (r := fn(g, *args)) is not None:
                return r
        return default

    def adjust(self, event: str, value, g, *args):
        """Pass `value` through every listener (a modifier: costs, prices, offers)."""
        for fn in self.live(event, g, *args):
            value = fn(value, g, *args)
        return value
