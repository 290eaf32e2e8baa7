"""The Harkonnen capturing leaders, the advanced game (ruling dune.harkonnen-capture; our readings in
dune.engine-capture). The Harkonnen's basic advantages are factions/harkonnen.py's."""

from __future__ import annotations

from ....core.errors import IllegalAction
from ....core.rng import below
from ...deck import shown
from ...game import Game
from ...karama import stopped
from ...registry import ChanceKind, Decision, chance_kind, decision, hook

MODULE = "advanced"  # every listener here runs only in its games
FACTION = "harkonnen"


# --- captured leaders (advanced game) -------------------------------------------------------------
# After winning a battle the Harkonnen take one of the loser's active leaders at random (a chance
# outcome, `capture {player, leader}`), then kill it for 2 spice or keep it (`kill` / `keep` /
# `pass`; ruling dune.harkonnen-capture; our readings in dune.engine-capture). A kept leader is held in
# the captor's `captured` {leader: owner} and its owner's status is "captured"; it fights for the
# Harkonnen once and then goes home (battle.py), or all go home when the Harkonnen's own leaders
# are all in the Tanks.
CAPTURE = ("dune.harkonnen-capture", "dune.engine-capture")
KILL_SPICE = 2


def capturable(g: Game, loser: str, terr: str) -> list[str]:
    """The loser's active leaders not used elsewhere this turn (the one it fought with included)."""
    pl = g.p(loser)
    return sorted(ld for ld, status in pl["leaders"].items()
                  if status == "alive" and pl["fought"].get(ld, terr) == terr)


@hook("battle-won", module=MODULE)
def offer_capture(g: Game, winner: str, loser: str, terr: str) -> None:
    if g.faction(winner) == FACTION and capturable(g, loser, terr):
        g.push({"t": "chance", "kind": "capture", "player": winner, "from": loser, "territory": terr})


def _deal_capture(g: Game, task: dict) -> dict:
    leaders = capturable(g, task["from"], task["territory"])
    return {"do": "capture", "player": task["player"], "leader": leaders[below(g.state, len(leaders))]}


def _check_capture(g: Game, task: dict, data: dict) -> None:
    if data.get("leader") not in capturable(g, task["from"], task["territory"]):
        raise IllegalAction("dune.not-capturable", "{leader} is none of {player}'s active leaders not used "
                            "elsewhere this turn.", CAPTURE,
                            params={"leader": shown(data.get("leader")), "player": task["from"]})


def _apply_capture(g: Game, task: dict, data: dict) -> None:
    g.push({"t": "decide", "kind": "captured", "player": task["player"], "leader": data["leader"],
            "from": task["from"]})


chance_kind(ChanceKind("capture", _deal_capture, _check_capture, _apply_capture, CAPTURE))


def _captured_offers(g: Game, task: dict) -> list[dict]:
    if stopped(g, "harkonnen-capture", task):
        return [{"do": "pass"}]
    return [{"do": "kill"}, {"do": "keep"}, {"do": "pass"}]


def _captured(g: Game, task: dict, args: dict) -> None:
    ld, owner, me = task["leader"], task["from"], task["player"]
    g.finish(task)
    if args["do"] == "kill":
        g.p(owner)["leaders"][ld] = "tanks"
        g.gain(me, KILL_SPICE)
    elif args["do"] == "keep":
        g.p(owner)["leaders"][ld] = "captured"
        g.p(me).setdefault("captured", {})[ld] = owner
        prison_break(g)


decision(Decision("captured", ("kill", "keep", "pass"), _captured_offers, _captured, CAPTURE))


@hook("battle-resolved", module=MODULE)
def prison_break(g: Game, *_battle) -> None:
    """Every captor whose own leaders are all in the Tanks sends its captives home."""
    for pid in g.seats:
        held = g.p(pid).get("captured")
        if held and not any(s == "alive" for s in g.p(pid)["leaders"].values()):
            for ld, owner in sorted(held.items()):
                g.p(owner)["leaders"][ld] = "alive"
            del g.p(pid)["captured"]  # none held is no key, as a scenario builds it
