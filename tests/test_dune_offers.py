"""The shipment listing (movement._ship_offers) searches each place's largest accepted count
instead of checking every count: it must list exactly what checking every count with ship_error
lists, at every shipment decision of the classic Dune samples (the Guild's and the Fremen's
prices, the advanced game's kinds, the expansion's Hidden Mobile Stronghold, a Karama held); so
does the Guild's shipment from the planet (spacing_guild.cross_offers) against every count
checked with cross_error."""

from __future__ import annotations

import json

import pytest

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.dune.forces import kinds_offers
from adjudicator.dune.game import Game
from adjudicator.dune.movement import KARAMA, _ship_offers, places, ship_error
from adjudicator.samples import HERE


def every_count(g: Game, task: dict) -> list[dict]:
    """The listing as it was: every place, every count in reserves, each checked."""
    # imported here, once the rule system is: a faction module imported first registers its
    # hooks first, in another order than the rule system's (and the samples replay otherwise)
    from adjudicator.dune.factions import spacing_guild

    pid = task["player"]
    karama = [{"karama": True}] if KARAMA in g.p(pid)["hand"] else []
    return [{"do": "pass"}] + [{"do": "ship", "to": loc, "count": n, **k, **e} for loc in places(g)
                               for n in range(1, g.p(pid)["reserves"] + 1) for k in [{}, *karama]
                               if ship_error(g, pid, loc, n, bool(k)) is None
                               for e in kinds_offers(g, pid, "reserves", n)] + [
        {"do": "ship", "from": frm, "to": to, "count": n} for frm in cross_sources(g, pid)
        for to in [*g.c.locations, spacing_guild.RESERVES] for n in range(1, g.forces(frm, pid) + 1)
        if spacing_guild.cross_error(g, pid, frm, to, n) is None]


def cross_sources(g: Game, pid: str) -> list[str]:
    """Where the Guild (or its ally) may ship from the planet (none for anyone else)."""
    from adjudicator.dune.factions import spacing_guild

    if not spacing_guild._may_cross(g, pid):
        return []
    return sorted(loc for loc in g.state["map"] if g.forces(loc, pid) and not g.in_storm(loc))


@pytest.mark.parametrize("name", ["dune-4p-advanced-seed1", "dune-5p-ixians-tleilaxu-tech-seed2"])
def test_the_shipment_listing_is_every_count_checked(name):
    log = parse_log(json.loads((HERE / f"{name}.json").read_text(encoding="utf-8")))
    run = Replay(log, "strict", "none")
    seen = 0
    for index in range(len(log.actions)):
        run.advance(index)
        g = Game(run.driver.copy_state(), log.rules.content)
        if g.top and g.top.get("kind") == "ship":
            seen += 1
            assert _ship_offers(g, g.top) == every_count(g, g.top), (name, index)
    assert seen >= 20
