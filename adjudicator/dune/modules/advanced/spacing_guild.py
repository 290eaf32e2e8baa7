"""The Spacing Guild's advanced advantage (ruling dune.spacing-guild-advanced: the rulebook lists
it for the advanced game only; our reading of how it is asked in dune.engine-faction-readings):
it takes its shipment and movement when it chooses: before each other player's turn it is asked
whether to go now (`go-now` / `wait`), and it goes last if it never did. Its basic advantages are
factions/spacing_guild.py's."""

from __future__ import annotations

from ...game import Game
from ...karama import stopped
from ...registry import Decision, decision, hook

MODULE = "advanced"  # every listener here runs only in its games
FACTION = "spacing-guild"
RULINGS = ("dune.spacing-guild-advanced", "dune.engine-faction-readings")


def _guild(g: Game) -> str | None:
    return g.player_of(FACTION)


@hook("shipment-turns", module=MODULE)
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


def _timing_offers(g: Game, task: dict) -> list[dict]:
    """Its timing stopped by a Karama (karama.py), the Guild goes in its storm-order place: now if
    it comes before the player whose turn is next, else later (ruling dune.engine-karama-unattended)."""
    if not stopped(g, "guild-timing", task):
        return [{"do": "go-now"}, {"do": "wait"}]
    stack = g.state["stack"]
    i = next(i for i in range(len(stack) - 1, -1, -1) if stack[i] is task)  # equal questions wait lower
    nxt = stack[i - 1]["player"]  # the other player's shipment, just beneath
    return [{"do": "go-now"} if g.order.index(task["player"]) < g.order.index(nxt) else {"do": "wait"}]


decision(Decision("guild-timing", ("go-now", "wait"), _timing_offers, _timing, RULINGS))
