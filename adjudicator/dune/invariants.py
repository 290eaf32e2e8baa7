"""What must hold after every action (checked by the playout tests): forces conserved across
reserves, the map and the Tanks; spice conserved across the bank, the players and the map;
Treachery, Traitor and Spice cards conserved; leaders alive or in the Tanks; the Bene Gesserit's
advisors only where they have forces."""

from __future__ import annotations

from collections import Counter

from .content import HMS, Content, content, sets, territory
from .game import SPICE_TOTAL


def _advisors(state: dict, pid: str, pl: dict) -> list[str]:
    """Bene Gesserit advisors (advanced game): a sorted list of territories, each holding theirs."""
    advisors = pl.get("advisors")
    if advisors is None:
        return []
    if pl["faction"] != "bene-gesserit" or "advanced" not in state["game"]["modules"]:
        return [f"{pid} has advisors outside the advanced Bene Gesserit"]
    held = {territory(loc) for loc, here in state["map"].items() if here.get(pid)}
    if advisors != sorted(set(advisors)) or not set(advisors) <= held:
        return [f"advisors of {pid}: {advisors} unsorted, repeated or where they have no forces"]
    return []


def problems(state: dict, cnt: Content | None = None) -> list[str]:
    cnt = cnt or content()
    out = []
    used = sets(state["game"]["modules"])  # the expansion's Traitor cards too (content.sets)
    players = state["players"]
    for pid, pl in sorted(players.items()):
        on_map = sum(here.get(pid, 0) for here in state["map"].values())
        total = sum(cnt.factions[pl["faction"]]["forces"].values())
        if pl["reserves"] + pl["tanks"] + on_map != total or min(pl["reserves"], pl["tanks"]) < 0:
            out.append(f"forces of {pid}: {pl['reserves']} + {pl['tanks']} + {on_map} != {total}")
        for kind, e in sorted(pl.get("elite", {}).items()):  # special forces among them (forces.py)
            count = cnt.factions[pl["faction"]]["forces"][kind]
            if e["reserves"] + e["tanks"] + sum(e["map"].values()) != count or e["reserves"] > pl["reserves"] or \
                    e["tanks"] > pl["tanks"] or min(e["reserves"], e["tanks"], *e["map"].values()) < 0 or any(
                    n > state["map"].get(loc, {}).get(pid, 0) or n <= 0 for loc, n in e["map"].items()):
                out.append(f"forces of {pid}: {kind} not conserved or more than its forces somewhere")
        if pl["spice"] < 0:
            out.append(f"{pid} has {pl['spice']} spice")
        out += _advisors(state, pid, pl)
        if sorted(pl["leaders"]) != sorted(ld["id"] for ld in cnt.factions[pl["faction"]]["leaders"]):
            out.append(f"leaders of {pid}")
    held = sorted((ld, owner) for q in players.values() for ld, owner in q.get("captured", {}).items())
    if held != sorted((ld, q) for q, p in players.items() for ld, s in p["leaders"].items() if s == "captured"):
        out.append("leaders of the captors: captives held and leaders marked captured differ")
    hms = state.get("hms")  # the Ixians' stronghold: where it points, and none inside without it
    aim = hms.get("points_at") if hms else None
    if (HMS in state["map"] and hms is None) or (aim is not None and (
            aim not in cnt.graph or territory(aim) in cnt.strongholds)):
        out.append("the Hidden Mobile Stronghold: forces inside without it, or pointed at no non-stronghold sector")
    gholas = sorted((ld, owner) for q in players.values() for ld, owner in q.get("gholas", {}).items())
    if gholas != sorted((ld, q) for q, p in players.items() for ld, s in p["leaders"].items() if s == "ghola"):
        out.append("gholas held and leaders marked ghola differ")
    if any(n <= 0 for here in state["map"].values() for n in here.values()) or any(
            n <= 0 for n in state["spice"].values()):
        out.append("an empty or negative entry on the map")
    wheels = sum(p.get("spice", 0) for p in state["battle"]["plans"].values()) if state["battle"] else 0
    spice = state["bank"] + sum(pl["spice"] + pl.get("bribes", 0) for pl in players.values()) + sum(
        state["spice"].values()) + wheels  # spice support waits on the battle wheels (support.py)
    if spice != SPICE_TOTAL:
        out.append(f"spice: {spice} != {SPICE_TOTAL}")
    plans = state["battle"]["plans"].values() if state["battle"] else []
    t = state["treachery"]  # an unknown card in a hand ("?") is still counted in the deck
    aside = t.get("up", []) + t.get("offered", [])  # set aside face down (supply.py)
    treachery = Counter(t["deck"] + t["discard"] + t.get("removed", []) + [c for c in aside if c != "?"]
                        + [c for pl in players.values() for c in pl["hand"] if c != "?"]
                        + [c for p in plans for c in p["cards"]])
    if sum(pl["hand"].count("?") for pl in players.values()) + aside.count("?") != t.get("hidden", 0):
        out.append("unknown Treachery cards in hands and the deck's count of them differ")
    if Counter(t.get("top", []) + t.get("bottom", [])) - Counter(t["deck"]):
        out.append("cards known on top or at the bottom of the Treachery deck are not in it")
    if treachery != Counter({c: d["copies"] for c, d in cnt.treachery.items() if d["set"] in used}):
        out.append("Treachery cards not conserved")
    d = state["spice_deck"]
    if Counter(d["deck"] + d["discard"] + d.get("discard_b", []) + d["aside"]) != Counter(
            {c: s.get("copies", 1) for c, s in cnt.spice_cards.items() if s["set"] in used}):
        out.append("Spice cards not conserved")
    factions = {pl["faction"] for pl in players.values()}
    held = [c for pl in players.values()  # the Tleilaxu's Face Dancers are Traitor cards too
            for c in pl["traitors"] + pl["drawn_traitors"] + pl.get("face_dancers", [])]
    if held.count("?") != state.get("traitor_hidden", 0):  # an unknown one is still counted in the deck
        out.append("unknown Traitor cards held and the deck's count of them differ")
    traitors = Counter(state["traitor_deck"] + [c for c in held if c != "?"])
    # the expansion's Cheap Hero traitor belongs to no faction
    if traitors != Counter(c for c, t in cnt.traitors.items()
                           if t["set"] in used and t["faction"] in (*factions, None)):
        out.append("Traitor cards not conserved")
    tokens = state.get("tech_tokens")  # the module tech-tokens: three tokens, each held by a player or none
    if tokens is not None and (len(tokens) != 3 or any(q is not None and q not in players for q in tokens.values())):
        out.append("Tech Tokens not conserved")
    return out
