"""The rules of the classic game the engine does not know yet (issue #15), each with the ruling
that states it. A test pins this list and docs/dune-engine.md repeats it; an action that meets
one of them is answered `unverifiable` / `not-implemented`, never judged. Nothing is left: the
base game, the advanced game and the Ixians & Tleilaxu expansion with its Tech Tokens are played
whole."""

from __future__ import annotations

NOT_IMPLEMENTED: dict[str, tuple[str, str]] = {}
