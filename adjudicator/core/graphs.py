"""A rule system's timing graph written out (`timing` CLI, /v1/timing): node-link JSON with nodes
and edges sorted, so the same graph is the same bytes, or Graphviz dot. Each system builds its
own graph; this says only how any graph is written."""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx


def export(graph: nx.DiGraph, name: str, notes: Callable[[dict], list[str]], loop: str,
           fmt: str = "node-link") -> dict | str:
    """`notes(node data)` are the lines under a node's name in dot; an edge whose `loop`
    attribute is true (the next round's or turn's start) is dashed."""
    if fmt == "dot":
        lines = [f'digraph "{name}" {{']
        for node, data in graph.nodes(data=True):
            extra = notes(data)
            label = node + ("\\n" + ", ".join(extra) if extra else "")
            lines.append(f'  "{node}" [label="{label}"];')
        for u, v, again in graph.edges(data=loop):
            lines.append(f'  "{u}" -> "{v}"' + (" [style=dashed];" if again else ";"))
        lines.append("}")
        return "\n".join(lines) + "\n"
    data = nx.node_link_data(graph, edges="edges")
    data["nodes"] = sorted(data["nodes"], key=lambda n: n["id"])
    data["edges"] = sorted(data["edges"], key=lambda e: (e["source"], e["target"]))
    return data
