"""Spacing Guild (ruling dune.spacing-guild; our reading of its timing in
dune.engine-faction-readings): the Guild and its ally ship at half price (rounded up); the Guild
takes its shipment and movement when it chooses: before each other player's turn it is asked
whether to go now, and it goes last if it never did. Receiving others' payments is in
movement.py; the end-of-game default in victory.py."""

from __future__ import annotations

from ..alliance import allied
from ..game import Game
from ..movement import price
from ..registry import Decision, decision, hook

FACTION = "spacing-guild"
RULINGS = ("dune.spacing-guild", "dune.engine-faction-readings")


def _guild(g: Game) -> str | None:
    return g.player_of(FACTION)


@hook("ship-cost")
def half_price(g: Game, pid: str, to: str, count: int) -> int | None:
    guild = _guild(g)
    if guild is None or not (pid == guild or allied(g, pid, guild)):
        return None
    g.rulings.append("dune.spacing-guild")
    return (count * price(g, to) + 1) // 2


@hook("shipment-turns")
def turns(g: Game, order: list[str]) -> list[dict] | None:
    guild = _guild(g)
    if guild is None:
        return None
    tasks = []
    for q in order:
        if q != guild:
            tasks += [{"t": "decide", "kind": "guild-timing", "player": guild},
                      {"t": "decide", "kind": "ship", "player": q}, {"t": "decide", "kind": "move", "player": q}]
    return tasks + [{"t": "decide", "kind": "ship", "player": guild, "guild": True},
                    {"t": "decide", "kind": "move", "player": guild, "guild": True}]


def _timing(g: Game, task: dict, args: dict) -> None:
    g.finish(task)
    if args["do"] == "wait":
        return
    guild = task["player"]
    g.state["stack"] = [t for t in g.state["stack"] if t.get("kind") != "guild-timing" and not t.get("guild")]
    g.push({"t": "decide", "kind": "ship", "player": guild}, {"t": "decide", "kind": "move", "player": guild})


decision(Decision("guild-timing", ("go-now", "wait"), lambda g, task: [{"do": "go-now"}, {"do": "wait"}],
                  _timing, RULINGS))
