"""The Bloodlines part of a state written back as a compact scenario (cut.py): what
scenario_bloodlines.py reads, left out where the scenario's default gives the same state."""

from __future__ import annotations

from .content import Content
from .scenario_bloodlines import BLOODLINES, TECH, default_stacks, skill_names


def label(cnt: Content, kind: str, ident: str) -> str:
    """A Skill, Tech tile or Navigation card by its English name where that names it alone."""
    index = skill_names() if kind == "skill" else cnt.names[kind]
    table = {"skill": cnt.skills, "tech": cnt.tech, "navigation": cnt.navigation}[kind]
    name = table.get(ident, {}).get("name", {}).get("en")
    try:
        return name if name and index.resolve(name) == ident else ident
    except Exception:  # an ambiguous name: the id says which
        return ident


def describe_table(cnt: Content, state: dict, default: dict, doc: dict) -> None:
    modules = state["game"]["modules"]
    if state["contracts"].get("trashed"):
        doc["contracts_trashed"] = list(state["contracts"]["trashed"])
    if BLOODLINES in modules:
        doc["skills"] = [label(cnt, "skill", s) for s in state["skills"]["face_up"]]
        if state["skills"]["trashed"]:
            doc["skills_trashed"] = [label(cnt, "skill", s) for s in state["skills"]["trashed"]]
        if state["board"]["commanders"] != default["board"]["commanders"]:
            doc.setdefault("board", {})["commanders"] = list(state["board"]["commanders"])
        if state["commanders"]["box"] != default["commanders"]["box"]:
            doc["commanders_box"] = state["commanders"]["box"]
    if TECH in modules:
        tech = state["tech"]
        doc["tech"] = [label(cnt, "tech", t) if t else None for t in tech["face_up"]]
        if tech["stacks"] != default_stacks(tech):
            doc["tech_stacks"] = list(tech["stacks"])
        if tech["trashed"]:
            doc["tech_trashed"] = [label(cnt, "tech", t) for t in tech["trashed"]]
        if any(tech["bottoms"]):
            doc["tech_bottoms"] = [label(cnt, "tech", t) if t else None for t in tech["bottoms"]]


def describe_player(cnt: Content, state: dict, pid: str, default: dict, out: dict) -> None:
    pl = state["players"][pid]
    commanders = {k: n for k, n in sorted(pl.get("commanders", {}).items()) if n}
    if commanders:
        out["commanders"] = commanders
    for key in ("skills", "skills_used"):
        if pl.get(key):
            out[key] = [label(cnt, "skill", s) for s in pl[key]]
    if pl.get("tech"):
        out["tech"] = [{"tile": label(cnt, "tech", t["id"]), "flipped": True} if t["flipped"]
                       else label(cnt, "tech", t["id"]) for t in pl["tech"]]
    if pl.get("secret_project"):
        out["secret_project"] = label(cnt, "tech", pl["secret_project"])
    for key in ("spies_trashed", "agent_unit", "reveal_persuasion", "commander_discount"):
        if pl.get(key):
            out[key] = pl[key]
    if "tactics" in pl and pl["tactics"] != default.get("tactics"):
        out["tactics"] = pl["tactics"]
    if "navigation" in pl and pl["navigation"] != default.get("navigation"):
        out["navigation"] = [label(cnt, "navigation", c) for c in pl["navigation"]]
    if pl.get("navigation_played"):
        out["navigation_played"] = [{"card": label(cnt, "navigation", p["card"]),
                                     **({"faction": p["faction"]} if p.get("faction") else {})}
                                    for p in pl["navigation_played"]]
    if pl.get("bg_boost") is not None:
        out["bene_gesserit_boost"] = True if pl["bg_boost"] == state["round"] else pl["bg_boost"]
    if pl.get("combat_icon"):
        out["combat_icon"] = True
