"""The timing model as explicit graphs (networkx).

1. The static DAG of a round's windows, built once per edition: which window follows which,
   and which card timings (Plot/Combat/Endgame intrigue, agent box, reveal box, acquire)
   may act in each window. `play-intrigue` is legal only where its timing is allowed.
2. The per-turn DAG of the effects in play: the space's cost before any effect, Gather
   Intelligence before any effect, recruit before deploy, deploy before the end of the turn.
   A recorded resolution is legal when every predecessor is resolved, i.e. the recorded
   order is a linear extension of the DAG; otherwise the verdict names the violated edge.
"""

from __future__ import annotations

from functools import lru_cache

import networkx as nx

from ..core.graphs import export as write

# (window, phase, card timings allowed there)
WINDOWS = [
    ("round-start.reveal-conflict", "round-start", []),
    ("round-start.defensive-bonus", "round-start", []),
    ("round-start.draw", "round-start", []),
    ("agent-turn.place", "player-turns", ["plot"]),
    ("agent-turn.cost", "player-turns", []),
    ("agent-turn.gather-intelligence", "player-turns", []),
    ("agent-turn.effects", "player-turns", ["plot", "agent-box"]),
    ("agent-turn.deploy", "player-turns", ["plot"]),
    ("agent-turn.end", "player-turns", ["plot"]),
    ("reveal-turn.reveal", "player-turns", ["plot"]),
    ("reveal-turn.resolve", "player-turns", ["plot", "reveal-box"]),
    ("reveal-turn.acquire", "player-turns", ["plot", "acquire"]),
    ("reveal-turn.cleanup", "player-turns", ["plot"]),
    ("combat.intrigue-window", "combat", ["combat"]),
    ("combat.resolve", "combat", []),
    ("combat.rewards", "combat", []),
    ("combat.victory", "combat", ["when-you-win"]),
    ("combat.cleanup", "combat", []),
    ("makers", "makers", []),
    ("recall", "recall", []),
    ("endgame.intrigue", "endgame", ["endgame"]),
    ("endgame.score", "endgame", []),
]
EDGES = [
    ("round-start.reveal-conflict", "round-start.defensive-bonus"),
    ("round-start.defensive-bonus", "round-start.draw"),
    ("round-start.draw", "agent-turn.place"),
    ("round-start.draw", "reveal-turn.reveal"),
    ("agent-turn.place", "agent-turn.cost"),
    ("agent-turn.cost", "agent-turn.gather-intelligence"),
    ("agent-turn.gather-intelligence", "agent-turn.effects"),
    ("agent-turn.effects", "agent-turn.deploy"),
    ("agent-turn.deploy", "agent-turn.end"),
    ("agent-turn.end", "reveal-turn.reveal"),
    ("reveal-turn.reveal", "reveal-turn.resolve"),
    ("reveal-turn.resolve", "reveal-turn.acquire"),
    ("reveal-turn.acquire", "reveal-turn.cleanup"),
    ("reveal-turn.cleanup", "combat.intrigue-window"),
    ("combat.intrigue-window", "combat.resolve"),
    ("combat.resolve", "combat.rewards"),
    ("combat.rewards", "combat.victory"),
    ("combat.victory", "combat.cleanup"),
    ("combat.cleanup", "makers"),
    ("makers", "recall"),
    ("recall", "round-start.reveal-conflict"),
    ("recall", "endgame.intrigue"),
    ("endgame.intrigue", "endgame.score"),
]
TIMING_RULINGS = {"plot": "intrigue.plot-timing", "combat": "intrigue.combat-timing",
                  "endgame": "intrigue.endgame-timing", "when-you-win": "combat.win-trigger"}


@lru_cache(maxsize=4)
def static_graph(edition: str = "uprising") -> nx.DiGraph:
    """The round's windows. Not a DAG overall (recall loops to the next round), so the loop
    edge is marked `next_round` and the graph without it is checked acyclic."""
    graph = nx.DiGraph(edition=edition)
    for node, phase, timings in WINDOWS:
        graph.add_node(node, phase=phase, timings=timings)
    for u, v in EDGES:
        graph.add_edge(u, v, next_round=(u == "recall" and v.startswith("round-start")))
    acyclic = nx.DiGraph((u, v) for u, v, loop in graph.edges(data="next_round") if not loop)
    assert nx.is_directed_acyclic_graph(acyclic)
    return graph


def allows(window: str, timing: str, edition: str = "uprising") -> bool:
    """Whether a card of `timing` may act in `window` (a phase between windows allows nothing)."""
    graph = static_graph(edition)
    return window in graph and timing in graph.nodes[window]["timings"]


def windows_allowing(timing: str, edition: str = "uprising") -> list[str]:
    graph = static_graph(edition)
    return [n for n in graph.nodes if timing in graph.nodes[n]["timings"]]


# --- the per-turn effect DAG ---------------------------------------------------------------
@lru_cache(maxsize=4096)
def _turn_graph(edges: tuple[tuple[str, str, str], ...], nodes: tuple[str, ...]) -> nx.DiGraph:
    graph = nx.DiGraph()
    graph.add_nodes_from(nodes)
    for u, v, ruling in edges:
        graph.add_edge(u, v, ruling=ruling)
    return graph


def turn_graph(turn: dict) -> nx.DiGraph:
    return _turn_graph(tuple(tuple(e) for e in turn["edges"]), tuple(turn["nodes"]))


def blocking_edge(turn: dict, node: str) -> tuple[str, str, str] | None:
    """The first edge into `node` (by source name) whose source is not yet resolved (None: it
    may resolve now). Read straight off the turn's edge list: the same answer as the networkx
    graph of `turn_graph` (where a repeated edge keeps its last ruling), without building it."""
    done = turn["done"]
    waiting = {u: ruling for u, v, ruling in turn["edges"] if v == node and u not in done}
    if not waiting:
        return None
    pred = min(waiting)
    return pred, node, waiting[pred]


def is_linear_extension(turn: dict, order: list[str]) -> bool:
    graph = turn_graph(turn)
    position = {n: i for i, n in enumerate(order)}
    return all(position[u] < position[v] for u, v in graph.edges if u in position and v in position)


def export(edition: str, fmt: str = "node-link") -> dict | str:
    return write(static_graph(edition), edition, lambda d: d["timings"], "next_round", fmt)
