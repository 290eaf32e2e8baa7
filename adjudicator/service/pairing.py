"""Swiss pairing for multiplayer tables (ruling `tournament.swiss`): players in standings order
sit with players of similar standing, never with a table-mate of an earlier round where that
can be avoided, and each table's seat order gives the first seat to whoever has had it least.

Pure functions over names; the first round's order is a shuffle seeded by the tournament (the
same tournament always draws the same first round), never the global `random`."""

from __future__ import annotations

import hashlib
from collections import Counter
from itertools import combinations

from ..core.errors import Unprocessable
from ..core.rng import Random

PAIRING_RULINGS = ("tournament.swiss",)
REPEAT = 10_000  # one repeated table-mate costs more than any spread of standings
MAX_PASSES = 50


def table_sizes(players: int, size: int) -> list[int]:
    """Tables of `size`, with as few tables one seat short as the count needs (a 4-player event
    with 15 players: 4, 4, 4, 3)."""
    tables = -(-players // size)
    short = tables * size - players
    if players < size - 1 or short > tables or size - 1 < 2 and short:
        raise Unprocessable(f"{players} players cannot sit at tables of {size} (or {size - 1})", "/table_size",
                            code="no-tables")
    return [size] * (tables - short) + [size - 1] * short


def first_round_order(players: list[str], seed_text: str) -> list[str]:
    rng = Random(int.from_bytes(hashlib.sha256(seed_text.encode()).digest()[:8], "big"))
    pool, out = list(players), []
    while pool:
        out.append(pool.pop(rng.below(len(pool))))
    return out


def propose(order: list[str], met: Counter, seat_counts: dict[str, Counter], size: int) -> list[list[str]]:
    """Tables for the next round. `order`: the players, best standing first; `met`: how often
    each pair (a sorted tuple) shared a table; `seat_counts[player][k]`: how often they sat k-th."""
    rank = {p: i for i, p in enumerate(order)}
    remaining, tables = list(order), []
    for seats in table_sizes(len(order), size):
        table = [remaining.pop(0)]
        while len(table) < seats:
            best = min(range(len(remaining)), key=lambda i: (_repeats(remaining[i], table, met), i))
            table.append(remaining.pop(best))
        tables.append(table)
    _improve(tables, met, rank)
    return [_seat_order(sorted(t, key=rank.get), seat_counts) for t in tables]


def _repeats(player: str, table: list[str], met: Counter) -> int:
    return sum(met[tuple(sorted((player, other)))] for other in table)


def _cost(table: list[str], met: Counter, rank: dict) -> int:
    pairs = list(combinations(table, 2))
    return sum(REPEAT * met[tuple(sorted(p))] + abs(rank[p[0]] - rank[p[1]]) for p in pairs)


def _improve(tables: list[list[str]], met: Counter, rank: dict) -> None:
    """Swap two players of two tables while a swap lowers the cost (repeats first, then the
    spread of standings); the greedy fill can leave the last tables with repeats."""
    for _ in range(MAX_PASSES):
        better = False
        for a, b in combinations(range(len(tables)), 2):
            for i in range(len(tables[a])):
                for j in range(len(tables[b])):
                    before = _cost(tables[a], met, rank) + _cost(tables[b], met, rank)
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                    if _cost(tables[a], met, rank) + _cost(tables[b], met, rank) < before:
                        better = True
                    else:
                        tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
        if not better:
            return


def _seat_order(table: list[str], seat_counts: dict[str, Counter]) -> list[str]:
    """Seat by seat, first seat first: whoever has sat there least, then the better standing."""
    pool, out = list(table), []
    for k in range(len(table)):
        pick = min(pool, key=lambda p: (seat_counts.get(p, Counter())[k], pool.index(p)))
        pool.remove(pick)
        out.append(pick)
    return out


def history(rounds: list[list[list[str]]]) -> tuple[Counter, dict[str, Counter]]:
    """Who met whom and who sat where, from earlier rounds' tables (each in seat order)."""
    met: Counter = Counter()
    seats: dict[str, Counter] = {}
    for tables in rounds:
        for table in tables:
            met.update(tuple(sorted(p)) for p in combinations(table, 2))
            for k, player in enumerate(table):
                seats.setdefault(player, Counter())[k] += 1
    return met, seats
