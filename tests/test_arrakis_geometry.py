"""The viewer's drawing of Arrakis (adjudicator/dune/data/map-geometry.json, issue 33) is the
engine's map: two sector pieces share an edge of positive length in the drawing exactly when the
engine's territory graph joins them, for every sector, and each piece lies in its own sector."""

from __future__ import annotations

import json
import math
import re
from collections import defaultdict

from adjudicator.dune.content import DATA, POLAR_SINK, content, sector

GEOMETRY = json.loads((DATA / "map-geometry.json").read_text(encoding="utf-8"))


def rings(d: str) -> list[list[tuple[float, float]]]:
    out = []
    for sub in re.findall(r"M([^Z]*)Z", d):
        out.append([tuple(map(float, pt.split())) for pt in sub.split("L")])
    return out


def shapes() -> dict:
    return {**{p: g["d"] for p, g in GEOMETRY["pieces"].items()}, POLAR_SINK: GEOMETRY["polar_sink"]["d"]}


def drawn_adjacency() -> set:
    by_edge = defaultdict(set)
    for place, d in shapes().items():
        for ring in rings(d):
            for k, a in enumerate(ring):
                b = ring[(k + 1) % len(ring)]
                if a != b:
                    by_edge[frozenset((a, b))].add(place)
    pairs = set()
    for places in by_edge.values():
        assert len(places) <= 2, f"one edge shared by {sorted(places)}"
        if len(places) == 2:
            pairs.add(frozenset(places))
    return pairs


def test_every_location_is_drawn_once():
    assert set(shapes()) == set(content().locations)


def test_adjacency_from_the_drawing_is_the_engine_graph():
    engine = {frozenset(e) for e in content().graph.edges}
    drawn = drawn_adjacency()
    assert drawn - engine == set(), f"touch in the drawing only: {sorted(map(sorted, drawn - engine))}"
    assert engine - drawn == set(), f"touch in the engine only: {sorted(map(sorted, engine - drawn))}"


def test_each_sector_has_its_own_adjacency():
    # sector by sector (the same check, reported per storm sector)
    engine = {frozenset(e) for e in content().graph.edges}
    drawn = drawn_adjacency()
    for s in range(18):
        assert {p for p in drawn if s in map(sector, p)} == {p for p in engine if s in map(sector, p)}, s


def test_each_piece_lies_in_its_storm_sector():
    size = GEOMETRY["size"]
    for place, g in GEOMETRY["pieces"].items():
        s = sector(place)
        for ring in rings(g["d"]):
            for x, y in ring:
                angle = math.degrees(math.atan2(x - size / 2, y - size / 2)) % 360
                off = (angle - 20 * s + 180) % 360 - 180  # degrees past the sector's first edge
                assert -0.1 <= off <= 20.1, (place, angle)
