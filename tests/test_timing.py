"""The timing graphs: the static window DAG and the per-turn effect DAG."""

import networkx as nx

from adjudicator.imperium.timing import (
    allows,
    blocking_edge,
    export,
    is_linear_extension,
    static_graph,
    windows_allowing,
)


def test_static_graph_is_a_dag_apart_from_the_next_round_loop():
    graph = static_graph("uprising")
    loop = [(u, v) for u, v, nr in graph.edges(data="next_round") if nr]
    assert loop == [("recall", "round-start.reveal-conflict")]
    body = nx.DiGraph([(u, v) for u, v, nr in graph.edges(data="next_round") if not nr])
    assert nx.is_directed_acyclic_graph(body)
    order = list(nx.topological_sort(body))
    assert order.index("agent-turn.cost") < order.index("agent-turn.effects") < order.index("agent-turn.deploy")
    assert order.index("combat.intrigue-window") < order.index("combat.rewards")


def test_card_timings_by_window():
    assert allows("agent-turn.place", "plot") and not allows("agent-turn.place", "combat")
    assert windows_allowing("combat") == ["combat.intrigue-window"]
    assert windows_allowing("endgame") == ["endgame.intrigue"]


def test_turn_dag_blocks_deploy_until_effects_resolve():
    turn = {"nodes": ["place", "cost", "space:x", "card:y", "deploy", "end"],
            "edges": [["place", "cost", "a"], ["cost", "space:x", "b"], ["cost", "card:y", "b"],
                      ["space:x", "deploy", "c"], ["card:y", "deploy", "c"], ["deploy", "end", "d"]],
            "done": ["place", "cost", "card:y"]}
    assert blocking_edge(turn, "deploy") == ("space:x", "deploy", "c")
    assert blocking_edge(turn, "space:x") is None
    assert is_linear_extension(turn, ["place", "cost", "card:y", "space:x", "deploy", "end"])
    assert not is_linear_extension(turn, ["place", "cost", "deploy", "space:x", "card:y", "end"])


def test_export_formats_are_deterministic():
    assert export("uprising") == export("uprising")
    dot = export("uprising", "dot")
    assert dot.startswith('digraph "uprising"') and "style=dashed" in dot
