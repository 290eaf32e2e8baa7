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
MAX_PASSES = 50
KICKS = 40  # seeded shakes when the local search leaves repeats
SEARCH_NODES = 200_000  # then an exact search, bounded (about a second)


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
    mates: dict[str, Counter] = {p: Counter() for p in order}
    for (a, b), times in met.items():
        if a in mates and b in mates:
            mates[a][b] += times
            mates[b][a] += times
    remaining, tables = list(order), []
    for seats in table_sizes(len(order), size):
        table = [remaining.pop(0)]
        while len(table) < seats:
            best = min(range(len(remaining)), key=lambda i: (_repeats(remaining[i], table, mates), i))
            table.append(remaining.pop(best))
        tables.append(table)
    tables = _without_repeats(tables, mates, rank, Random(len(order) * 7919 + sum(met.values())))
    if _total(tables, mates, rank)[0]:
        tables = _exact(order, mates, table_sizes(len(order), size)) or tables
    return [_seat_order(sorted(t, key=rank.get), seat_counts) for t in tables]


def _repeats(player: str, table: list[str], mates: dict[str, Counter]) -> int:
    return sum(mates[player][other] for other in table if other != player)


def _cost(table: list[str], mates: dict[str, Counter], rank: dict) -> tuple[int, int]:
    """(repeated pairs, spread of standings) of one table."""
    pairs = list(combinations(table, 2))
    return sum(mates[a][b] for a, b in pairs), sum(abs(rank[a] - rank[b]) for a, b in pairs)


def _total(tables: list[list[str]], mates, rank) -> tuple[int, int]:
    costs = [_cost(t, mates, rank) for t in tables]
    return sum(c[0] for c in costs), sum(c[1] for c in costs)


def _without_repeats(tables: list[list[str]], mates, rank, rng: Random) -> list[list[str]]:
    """Local search from the greedy fill (which can leave the last tables with repeats), and
    while repeats remain, a few seeded shakes of the repeating tables followed by the search
    again; the best seating found wins (fewest repeats, then the least spread)."""
    best = [list(t) for t in _settle(tables, mates, rank)]
    best_cost = _total(best, mates, rank)
    current = [list(t) for t in best]
    for _ in range(KICKS):
        if best_cost[0] == 0:
            break
        _shake(current, mates, rank, rng)
        current = _settle(current, mates, rank)
        cost = _total(current, mates, rank)
        if cost < best_cost:
            best, best_cost = [list(t) for t in current], cost
    return best


def _settle(tables: list[list[str]], mates, rank) -> list[list[str]]:
    """Swap two players of two tables, one of them with a repeat, while a swap lowers their
    repeats (or, as many repeats, their spread of standings)."""
    for _ in range(MAX_PASSES):
        better = False
        for a in range(len(tables)):
            if _cost(tables[a], mates, rank)[0] == 0:
                continue
            for b in range(len(tables)):
                if a == b:
                    continue
                for i in range(len(tables[a])):
                    for j in range(len(tables[b])):
                        before = _pair_cost(tables[a], tables[b], mates, rank)
                        tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                        if _pair_cost(tables[a], tables[b], mates, rank) < before:
                            better = True
                        else:
                            tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
        if not better:
            break
    return tables


def _pair_cost(a: list[str], b: list[str], mates, rank) -> tuple[int, int]:
    ca, cb = _cost(a, mates, rank), _cost(b, mates, rank)
    return ca[0] + cb[0], ca[1] + cb[1]


def _shake(tables: list[list[str]], mates, rank, rng: Random) -> None:
    """Each table with a repeat swaps one of its players with a player of another table."""
    for a in range(len(tables)):
        if _cost(tables[a], mates, rank)[0] and len(tables) > 1:
            b = rng.below(len(tables) - 1)
            b += b >= a
            i, j = rng.below(len(tables[a])), rng.below(len(tables[b]))
            tables[a][i], tables[b][j] = tables[b][j], tables[a][i]


def _exact(order: list[str], mates: dict[str, Counter], sizes: list[int]) -> list[list[str]] | None:
    """A seating with no repeat at all, searched depth first in standings order (so the first
    one found keeps tables close in standing), or None when there is none within the budget."""
    budget = [SEARCH_NODES]

    def fill(remaining: list[str], sizes: list[int]) -> list[list[str]] | None:
        if not remaining:
            return []
        first, rest = remaining[0], remaining[1:]
        free = [q for q in rest if not mates[first][q]]
        for others in combinations(free, sizes[0] - 1):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if any(mates[a][b] for a, b in combinations(others, 2)):
                continue
            taken = set(others)
            found = fill([q for q in rest if q not in taken], sizes[1:])
            if found is not None:
                return [[first, *others], *found]
        return None

    return fill(order, sizes)


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
