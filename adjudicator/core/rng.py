"""The dealer's random numbers: splitmix64, its whole state one integer kept in the game state.

Never the global `random`: a seeded log must deal the same cards on every machine and run.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def _next(seed: int) -> tuple[int, int]:
    seed = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return seed, z ^ (z >> 31)


def below(state: dict, n: int) -> int:
    """A number in [0, n) drawn from `state["rng"]`, advancing it."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    state["rng"], value = _next(state["rng"])
    return value % n


class Random:
    """A tiny RNG for tools (simulate, bench) with the same generator, seeded explicitly."""

    def __init__(self, seed: int):
        self.state = {"rng": seed & _MASK}

    def below(self, n: int) -> int:
        return below(self.state, n)

    def choice(self, items):
        return items[self.below(len(items))]
