"""The Immortality part of a state written back as a compact scenario (cut.py): what
scenario_immortality.py reads, left out where the scenario's default gives the same state."""

from __future__ import annotations

from .content import Content
from .modules.immortality.board import HARVEST, MODULE, PLAYED
from .scenario_immortality import default_spice


def describe_table(cnt: Content, state: dict, doc: dict, label) -> None:
    if MODULE not in state["game"]["modules"]:
        return
    t = state["tleilaxu"]
    doc["tleilaxu_row"] = [label("tleilaxu", c) for c in t["row"]]
    if t["spice"] != default_spice(cnt, state):
        doc["tleilaxu_spice"] = t["spice"]
    window = state["stack"][-1]
    if window["t"] == "window" and window.get(PLAYED):
        doc["decision"][PLAYED] = list(window[PLAYED])


def describe_player(cnt: Content, state: dict, pid: str, default: dict, out: dict, label) -> None:
    if MODULE not in state["game"]["modules"]:
        return
    pl = state["players"][pid]
    if pl["research"] != default["research"]:
        out["research"] = pl["research"]
    if pl["tleilaxu"]:
        out["tleilaxu"] = pl["tleilaxu"]
    if pl["troops"].get("tanks"):
        out["specimens"] = pl["troops"]["tanks"]
    if not pl["atomics"]:
        out["atomics_used"] = True
    if pl.get("puppet"):
        out["tleilaxu_puppet"] = pl["puppet"]
    if pl.get("chairdog"):
        out["chairdog"] = [label("card", c) for c in pl["chairdog"]]
    if pl.get(HARVEST):
        out[HARVEST] = [label("intrigue", t["src"].partition(":")[2]) for t in pl[HARVEST]]
