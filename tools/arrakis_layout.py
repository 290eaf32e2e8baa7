"""Draws Arrakis for the replay viewer: writes adjudicator/dune/data/map-geometry.json from
adjudicator/dune/data/map.json (issue 33). Run it after a change to the map's sector pieces:

    PYTHONPATH=$PWD python tools/arrakis_layout.py

The drawing is our own: no board art or other program's file is used, only the facts the engine
already holds (which sector pieces exist and which touch which). Each storm sector is a wedge of a
ring cut into a small polar grid (COLS angular columns, ROWS radial rows); every cell is given to
one sector piece of its wedge, the Polar Sink is the disc inside, and a seeded local search moves
cells between pieces until the pieces that share a cell edge are exactly the pairs of
`sector_adjacency`. Each piece is then the outline of its cells: shared edges have the same
vertices on both sides, which tests/test_arrakis_geometry.py checks against the engine's graph.
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections import Counter, deque
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "adjudicator" / "dune" / "data"
SECTORS, COLS, ROWS = 18, 5, 10
SIZE, INNER, OUTER = 1000, 120, 490
SINK, RIM = "polar-sink", None
SEED = 1  # the layout is a pure function of the map data and this seed


def sector(piece: str) -> int:
    return int(piece.split("@")[1])


class Layout:
    def __init__(self, board: dict, rng: random.Random):
        self.rng = rng
        self.want = {frozenset(p) for p in board["sector_adjacency"]}
        self.pieces = sorted({p for pair in board["sector_adjacency"] for p in pair} - {SINK})
        self.by_sector = {s: [p for p in self.pieces if sector(p) == s] for s in range(SECTORS)}
        self.cell = {}
        for s in range(SECTORS):
            self._bands(s)
        self.count = self._count()
        self.missing = sum(1 for pair in self.want if self.count[pair] == 0)
        self.extra = sum(n for pair, n in self.count.items() if pair not in self.want)

    def _bands(self, s: int) -> None:
        """A first guess: the wedge's pieces as radial bands, those touching the Polar Sink inside,
        then outwards in breadth-first order of the sector's own adjacency."""
        pieces = self.by_sector[s]
        inner = [p for p in pieces if frozenset((p, SINK)) in self.want]
        order, seen, queue = [], set(inner), deque(inner)
        while queue:
            p = queue.popleft()
            order.append(p)
            for q in pieces:
                if q not in seen and frozenset((p, q)) in self.want:
                    seen.add(q)
                    queue.append(q)
        order += [p for p in pieces if p not in seen]
        for col in range(COLS):
            for row in range(ROWS):
                band = min(row * len(order) // ROWS, len(order) - 1)
                self.cell[(s * COLS + col, row)] = order[band]
        # pieces sharing the innermost band split it by column so that each touches the sink
        if len(inner) > 1:
            for col in range(COLS):
                self.cell[(s * COLS + col, 0)] = inner[col * len(inner) // COLS]

    def neighbours(self, c):
        col, row = c
        yield ((col - 1) % (SECTORS * COLS), row)
        yield ((col + 1) % (SECTORS * COLS), row)
        yield (col, row - 1) if row > 0 else SINK
        yield (col, row + 1) if row < ROWS - 1 else RIM

    def label(self, n):
        return n if n in (SINK, RIM) else self.cell[n]

    def _count(self) -> Counter:
        count = Counter()
        for c, a in self.cell.items():
            for n in self.neighbours(c):
                b = self.label(n)
                if b is RIM or b == a:
                    continue
                if n == SINK or c < n:
                    count[frozenset((a, b))] += 1
        return count

    def cost(self) -> float:
        return 10 * self.missing + self.extra

    def _add(self, pair: frozenset, n: int) -> None:
        before = self.count[pair]
        self.count[pair] = before + n
        if pair in self.want:
            self.missing += (before + n == 0) - (before == 0)
        else:
            self.extra += n

    def connected_without(self, c) -> bool:
        label = self.cell[c]
        cells = [d for d, x in self.cell.items() if x == label and d != c and d[0] // COLS == c[0] // COLS]
        if not cells:
            return False
        seen, queue = {cells[0]}, deque([cells[0]])
        while queue:
            d = queue.popleft()
            for n in self.neighbours(d):
                if n not in (SINK, RIM) and n not in seen and n != c and self.cell[n] == label:
                    seen.add(n)
                    queue.append(n)
        return len(seen) == len(cells)

    def whole(self, s: int) -> bool:
        """Every piece of wedge `s` one edge-connected set of cells, with no two cells of it
        meeting only at a corner where the other two cells belong to one other piece."""
        for p in self.by_sector[s]:
            cells = {d for d, x in self.cell.items() if x == p}
            start = min(cells)
            seen, queue = {start}, deque([start])
            while queue:
                d = queue.popleft()
                for n in self.neighbours(d):
                    if n in cells and n not in seen:
                        seen.add(n)
                        queue.append(n)
            if seen != cells:
                return False
        return True

    def move(self, c, new) -> None:
        old = self.cell[c]
        for n in self.neighbours(c):
            b = self.label(n)
            if b is RIM:
                continue
            if b != old:
                self._add(frozenset((old, b)), -1)
            if b != new:
                self._add(frozenset((new, b)), 1)
        self.cell[c] = new

    def perimeter(self, c, label) -> int:
        return sum(1 for n in self.neighbours(c) if self.label(n) != label)

    def search(self, rounds: int) -> int:
        cells = sorted(self.cell)
        best = self.cost()
        for i in range(rounds):
            if best == 0:
                break
            c = self.rng.choice(cells)
            s = c[0] // COLS
            options = sorted({self.label(n) for n in self.neighbours(c)} - {SINK, RIM, self.cell[c]}
                             & set(self.by_sector[s]))
            if not options:
                continue
            new = self.rng.choice(options)
            if not self.connected_without(c):
                continue
            old = self.cell[c]
            before = self.cost() + 0.02 * self.perimeter(c, old)
            self.move(c, new)
            after = self.cost() + 0.02 * self.perimeter(c, new)
            temp = max(0.05, 2.0 * (1 - i / rounds))
            if after > before and self.rng.random() >= math.exp((before - after) / temp):
                self.move(c, old)
            best = min(best, self.cost())
        return self.cost()


def pinches(layout: Layout) -> tuple[dict, int]:
    """Where two pieces of a wedge that must not touch meet along one arc edge, a third piece beside
    the edge can end it in a point: the edge's far vertex (never one on a sector line) is drawn at
    its near one, the two meet only at that point, and the third piece fills the corner (on the
    board too, a sector line or a ridge often ends where three territories meet). Returns the moved
    vertices and the pairs still touching that must not."""
    moved, wrong = {}, 0
    edges = Counter()
    for (col, row), a in layout.cell.items():
        if row > 0:
            b = layout.cell[(col, row - 1)]
            if a != b and frozenset((a, b)) not in layout.want:
                edges[frozenset((a, b))] += 1
    for pair, n in layout.count.items():
        if pair in layout.want or not n:
            continue
        if n > 1 or pair not in edges:
            wrong += n
            continue
        (col, row), = [(c, r) for (c, r), a in layout.cell.items()
                       if r > 0 and frozenset((a, layout.cell[(c, r - 1)])) == pair]
        width = SECTORS * COLS
        for far, near, side in (((col + 1, row), (col, row), col + 1), ((col, row), (col + 1, row), col - 1)):
            beside = layout.cell[(side % width, row)]
            if far[0] % COLS and far not in moved and near not in moved and beside not in pair and \
                    beside == layout.cell[(side % width, row - 1)]:
                moved[far] = near
                break
        else:
            wrong += 1
    return moved, wrong


def repair(layout: Layout) -> int:
    """Try to make each remaining contact pinchable: give the two cells beside one end of the
    edge to a third piece of the wedge, keeping every wanted pair and adding no other."""
    width = SECTORS * COLS
    for _ in range(4):
        wrong = pinches(layout)[1]
        if wrong == 0 or layout.missing:
            return wrong
        for (col, row), b in sorted(layout.cell.items()):
            a = layout.cell[(col, row - 1)] if row > 0 else None
            if a is None or a == b or frozenset((a, b)) in layout.want:
                continue
            done = False
            for side in (col + 1, col - 1):
                cells = [(side % width, row), (side % width, row - 1)]
                if any(c[0] // COLS != col // COLS for c in cells):
                    continue
                for piece in layout.by_sector[col // COLS]:
                    old = [layout.cell[c] for c in cells]
                    before = (layout.missing, layout.extra)
                    for c in cells:
                        layout.move(c, piece)
                    if layout.missing == 0 and layout.extra <= before[1] and pinches(layout)[1] < wrong \
                            and layout.whole(col // COLS):
                        done = True
                        break
                    for c, o in zip(reversed(cells), reversed(old), strict=True):
                        layout.move(c, o)
                if done:
                    break
    return pinches(layout)[1]


def polar(col: float, row: int) -> tuple[float, float]:
    """Grid vertex -> SVG point. Sector 0 at the bottom, numbers growing counterclockwise on
    screen (the storm's direction, map.json `sector_order`); rings of equal area."""
    angle = 2 * math.pi * col / (SECTORS * COLS)
    radius = math.sqrt(INNER ** 2 + (OUTER ** 2 - INNER ** 2) * row / ROWS)
    return (round(SIZE / 2 + radius * math.sin(angle), 1), round(SIZE / 2 + radius * math.cos(angle), 1))


def outline(cells: set) -> list[list[tuple]]:
    """The rings of grid vertices bounding a set of cells, counterclockwise in grid terms, every
    grid vertex kept (so a shared edge has the same two vertices on both sides)."""
    edges = {}
    for col, row in cells:
        corners = [(col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1)]
        for k in range(4):
            a, b = corners[k], corners[(k + 1) % 4]
            other = {0: (col, row - 1), 1: (col + 1, row), 2: (col, row + 1), 3: (col - 1, row)}[k]
            if (other[0] % (SECTORS * COLS), other[1]) not in cells:
                edges[a] = b
    rings = []
    while edges:
        start = min(edges)
        ring, at = [start], edges.pop(start)
        while at != start:
            ring.append(at)
            at = edges.pop(at)
        rings.append(ring)
    return rings


def path(rings, moved=None) -> str:
    out = []
    for ring in rings:
        points = [polar(*(moved or {}).get(v, v)) for v in ring]
        points = [p for k, p in enumerate(points) if p != points[k - 1]]  # a pinched edge is one point
        out.append("M" + " L".join(f"{x} {y}" for x, y in points) + " Z")
    return " ".join(out)


def centre(col: float, row: float) -> tuple[float, float]:
    angle = 2 * math.pi * col / (SECTORS * COLS)
    radius = math.sqrt(INNER ** 2 + (OUTER ** 2 - INNER ** 2) * row / ROWS)
    return (round(SIZE / 2 + radius * math.sin(angle), 1), round(SIZE / 2 + radius * math.cos(angle), 1))


def geometry(layout: Layout) -> dict:
    moved, _ = pinches(layout)
    cells_of: dict[str, set] = {}
    for c, p in sorted(layout.cell.items()):
        cells_of.setdefault(p, set()).add(c)
    pieces = {}
    for p in layout.pieces:
        cells = cells_of[p]
        mc = sum(c for c, _ in cells) / len(cells)
        mr = sum(r for _, r in cells) / len(cells)
        col, row = min(cells, key=lambda c: ((c[0] - mc) ** 2 + (c[1] - mr) ** 2, c))
        pieces[p] = {"d": path(outline(cells), moved), "at": centre(col + 0.5, row + 0.5)}
    sink = [polar(col, 0) for col in range(SECTORS * COLS, 0, -1)]
    wedges = {}
    for s in range(SECTORS):
        ring = [(s * COLS, 0), *((s * COLS + k, ROWS) for k in range(COLS + 1)), ((s + 1) * COLS, 0)]
        ring += [(s * COLS + k, 0) for k in range(COLS - 1, 0, -1)]
        wedges[str(s)] = {"d": path([ring]), "label": centre(s * COLS + COLS / 2, ROWS + 0.45)}
    return {
        "note": "Our own drawing of Arrakis, generated by tools/arrakis_layout.py from map.json's sector pieces "
                "and their adjacency (no board art used): one SVG path per sector piece (`territory@sector`), "
                "the Polar Sink, and each storm sector's wedge; `at` is where a piece's markers go. Pieces that "
                "share an edge are exactly the pairs of map.json `sector_adjacency` "
                "(tests/test_arrakis_geometry.py).",
        "size": SIZE, "grid": {"sectors": SECTORS, "columns": COLS, "rows": ROWS, "inner": INNER, "outer": OUTER},
        "pieces": pieces,
        "polar_sink": {"d": "M" + " L".join(f"{x} {y}" for x, y in sink) + " Z", "at": [SIZE / 2, SIZE / 2]},
        "sectors": wedges,
    }


def main() -> int:
    board = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
    for attempt in range(20):
        layout = Layout(board, random.Random(SEED + attempt))
        left = layout.search(150_000)
        wrong = repair(layout) if layout.missing == 0 else None
        print(f"attempt {attempt}: cost {left}, left after pinching {wrong}", file=sys.stderr)
        if wrong == 0:
            break
    else:
        return 1
    out = json.dumps(geometry(layout), indent=1, sort_keys=True, ensure_ascii=False)
    (DATA / "map-geometry.json").write_text(out + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
