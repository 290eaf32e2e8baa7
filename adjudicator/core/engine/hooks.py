"""`Hooks`: the places where a card, a faction or a module changes a general rule.

The general rule modules name no card: they `fire`, `ask`, `first` or `adjust` a hook by
name, passing the table (`g`) first (after the value, for `adjust`). A listener registered
for a module (`@hooks.on("event", module="six")`) runs only when that module is in play in
`g`'s game, so no listener tests its own mode; one registered `when=` a test of the call's
arguments (`when(g, *args)`, the value of `adjust` left out: whose seat it is) runs only when
that holds, so no listener tests its seat either. Listeners run in registration order, the rule
system's fixed load order: the same log always resolves triggers the same way."""

from __future__ import annotations

from collections.abc import Callable

Listeners = tuple[list[Callable], list[Callable | None] | None]  # an event's listeners and their `when`s
NONE: Listeners = ([], None)


class Hooks:
    def __init__(self, in_play: Callable[[object], frozenset[str]]):
        """`in_play(g)`: the names of the modules in play at `g`'s table."""
        self.in_play = in_play
        # event -> [(listener, the modules it needs in play or None: every game, its `when` or None)]
        self.listeners: dict[str, list[tuple[Callable, tuple[str, ...] | None, Callable | None]]] = {}
        self._tables: dict[frozenset[str], dict[str, Listeners]] = {}  # modules -> event -> listeners

    def on(self, event: str, module: str | tuple[str, ...] | None = None, when: Callable | None = None):
        """Register a listener for `event`, for every game or (`module`) for the games that
        play that module; a cross-product (it lives in the later module) for the games that play
        all of a tuple of modules. `when(g, *args)`: the calls it answers (one seat's). A listener
        registered for several modules (stacked decorators) runs once in a game that plays more
        than one of them."""
        needs = None if module is None else (module,) if isinstance(module, str) else tuple(module)

        def register(fn):
            self.listeners.setdefault(event, []).append((fn, needs, when))
            self._tables.clear()  # registration happens at import, before any game is played
            return fn
        return register

    def table(self, playing: frozenset[str]) -> dict[str, Listeners]:
        """Every event's listeners for the games that play these modules, in registration order,
        and their `when`s (None when none has one); built once per set of modules."""
        found = self._tables.get(playing)
        if found is None:
            found = self._tables[playing] = {}
            for event, listeners in self.listeners.items():
                kept, seen = [], set()
                for fn, needs, when in listeners:  # one rule registered for two modules runs once with both
                    if (needs is None or playing.issuperset(needs)) and fn not in seen:
                        seen.add(fn)
                        kept.append((fn, when))
                whens = [when for _, when in kept]
                found[event] = ([fn for fn, _ in kept], whens if any(whens) else None)
        return found

    def live(self, event: str, g, *args) -> list[Callable]:
        """The listeners of `event` that apply at `g`'s table to this call, in registration order.
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
        """Every listener's answer that is not None, in registration order."""
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
