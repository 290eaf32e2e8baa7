"""Shared by the Ixians & Tleilaxu tests: a game with the expansion, forces placed with their kind,
the pending decisions passed until the one a test waits for."""

from __future__ import annotations

from dune_helpers import RULES, act

from adjudicator.dune.forces import shift
from adjudicator.dune.game import Game

MODULES = ["ixians-tleilaxu"]


def new_ixtl(*factions, seed=None, modules=MODULES):
    game = {"system": "dune", "modules": list(modules), "players": [{"id": f, "faction": f} for f in factions]}
    return RULES.new_state(game, {"seed": seed} if seed is not None else {})


def place(g: Game, pid: str, loc: str, n: int, cyborgs: int = 0) -> None:
    """Forces from reserves to a place, `cyborgs` of them Cyborgs (a position edit that conserves
    forces and kinds)."""
    g.p(pid)["reserves"] -= n
    g.add_forces(loc, pid, n)
    if cyborgs:
        shift(g, pid, "reserves", loc, cyborgs, {"cyborgs": cyborgs})


def to_tanks(g: Game, pid: str, n: int, cyborgs: int = 0) -> None:
    g.p(pid)["reserves"] -= n
    g.p(pid)["tanks"] += n
    if cyborgs:
        shift(g, pid, "reserves", "tanks", cyborgs, {"cyborgs": cyborgs})


def battle_position(*factions, forces, order=None, modules=MODULES):
    """`forces`: (pid, location, n, cyborgs); battles pending, the first of `order` the aggressor."""
    state = new_ixtl(*factions, modules=modules)
    state["storm"], state["order"] = 0, list(order or factions)
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
    g = Game(state)
    for pid, loc, n, cyborgs in forces:
        place(g, pid, loc, n, cyborgs)
    RULES.settle(g)
    return state, g


def until(state, kind):
    """Pass every pending decision before the first of `kind` (the battle's windows, cards kept)."""
    while (p := RULES.prompt(state)) is not None and p["kind"] != kind and "pass" in p.get("verbs", ()):
        act(state, p["by"], "pass")
    return RULES.prompt(state)


def bg_battle(harkonnen_cards):
    """Bene Gesserit (aggressor) against Harkonnen, the Voice pending."""
    state = new_ixtl("bene-gesserit", "harkonnen")
    state["storm"], state["order"] = 0, ["bene-gesserit", "harkonnen"]
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
    g = Game(state)
    for pid, n in (("bene-gesserit", 5), ("harkonnen", 4)):
        g.p(pid)["reserves"] -= n
        g.add_forces("the-great-flat@14", pid, n)
    for card in harkonnen_cards:
        state["treachery"]["deck"].remove(card)
        g.p("harkonnen")["hand"].append(card)
    RULES.settle(g)
    act(state, "bene-gesserit", "battle", territory="the-great-flat", opponent="harkonnen")
    assert RULES.prompt(state)["kind"] == "voice"
    return state, g
