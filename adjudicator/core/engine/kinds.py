"""`Kinds`: every kind of pending thing (a decision, a chance outcome, an automatic step, an
effect node) is one registered object, found by its name. Registration happens at import, in
the rule system's fixed load order; a name is registered once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K")


class Kinds(Generic[K], dict):
    """A dict of name -> kind that refuses a second registration of a name."""

    def __init__(self, what: str):
        super().__init__()
        self.what = what

    def add(self, name: str, kind: K) -> K:
        assert name not in self, f"{self.what} {name!r} registered twice"
        self[name] = kind
        return kind

    def register(self, name: str) -> Callable[[K], K]:
        """Decorator form: `@KINDS.register("name")`."""
        return lambda kind: self.add(name, kind)

    def names(self) -> Iterator[str]:
        return iter(sorted(self))
