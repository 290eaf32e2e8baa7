"""`Kinds`: every kind of pending thing (a decision, a chance outcome, an automatic step, an
effect node) is one registered object, found by its name. Registration happens at import; a
name is registered once. A registry whose order reaches behaviour (the verbs whose offers are
listed one after another) declares it (`order`): Python imports a file when something first
needs it, so registration order would follow whatever was imported first."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K")


class Kinds(Generic[K], dict):
    """A dict of name -> kind that refuses a second registration of a name."""

    def __init__(self, what: str, order: tuple[str, ...] = ()):
        """`order`: every name, in the order the registry is iterated in (else registration order)."""
        super().__init__()
        self.what, self.order = what, order

    def add(self, name: str, kind: K) -> K:
        assert name not in self, f"{self.what} {name!r} registered twice"
        self[name] = kind
        if self.order:
            if name not in self.order:
                raise ValueError(f"{self.what} {name!r} is not in its registry's declared order")
            for key in sorted(self, key=self.order.index):  # re-inserted: a dict iterates in insertion order
                self[key] = self.pop(key)
        return kind

    def register(self, name: str) -> Callable[[K], K]:
        """Decorator form: `@KINDS.register("name")`."""
        return lambda kind: self.add(name, kind)

    def names(self) -> Iterator[str]:
        return iter(sorted(self))
