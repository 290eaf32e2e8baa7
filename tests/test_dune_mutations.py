"""Mutated classic Dune logs: a random playout's action changed, or a position edited, is refused
with the ruling that forbids it (the playouts themselves, their replays and invariants are the
rule-system harness's: tests/test_rule_systems.py)."""

import copy
from functools import cache

import pytest

from adjudicator.core.actions import Action
from adjudicator.core.canonical import checksum
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import Driver
from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.movement import move_error
from adjudicator.dune.playout import playout
from adjudicator.dune.rules import DuneRules

RULES = DuneRules()
ADVANCED = ("advanced",)


@cache
def _played(players, seed, modules=()):
    sums = []

    def check(state):
        assert problems(state) == []
        sums.append(checksum(state))

    return playout(players, seed, check, modules), sums


def _prefixes(log):
    """(action, the state before it) for every action of the log, walked once: the state is the
    walk's own, so a caller copies it before changing it (`_driver`)."""
    driver = Driver(RULES, RULES.new_state(log["game"], {}))
    for data in log["actions"]:
        yield data, driver.state
        driver.apply(Action(data))


def _driver(state):
    return Driver(RULES, copy.deepcopy(state))


def test_a_move_through_the_storm_is_refused_with_its_ruling():
    """Mutate a logged move: the same forces sent where only a path through the storm leads."""
    log, _ = _played(6, 0)
    for data, state in _prefixes(log):
        if data["do"] not in ("move", "pass") or data["by"] == "chance":
            continue
        g = Game(state)
        if g.top["kind"] != "move":
            continue
        pid = data["by"]
        for frm in sorted(loc for loc in g.state["map"] if g.forces(loc, pid) and not g.in_storm(loc)):
            for to in g.c.locations:
                err = move_error(g, pid, frm, to, 1)
                if err is not None and err.code == "dune.move-through-storm" and not g.in_storm(to):
                    with pytest.raises(IllegalAction) as refused:
                        _driver(state).apply(Action({"by": pid, "do": "move", "from": frm, "to": to, "count": 1}))
                    assert refused.value.code == "dune.move-through-storm"
                    assert refused.value.rulings == ("dune.storm-blocks",)
                    return
    pytest.fail("no move decision met the storm between two places")


def test_a_shipment_over_the_stronghold_limit_is_refused_with_its_ruling():
    """Mutate a logged shipment: into Arrakeen once two other players are there."""
    log, _ = _played(4, 2)
    driver = next(_driver(state) for a, state in _prefixes(log) if a["do"] in ("ship", "pass")
                  and a["by"] != "chance" and Game(state).top["kind"] == "ship")
    g = Game(driver.state)
    pid = g.top["player"]
    others = [q for q in g.seats if q != pid][:2]
    for q in others:  # a position: two others in Arrakeen, taken from their reserves
        if not g.forces("arrakeen@9", q) and g.p(q)["reserves"]:
            g.p(q)["reserves"] -= 1
            g.add_forces("arrakeen@9", q, 1)
    assert problems(g.state) == [] and len([q for q in g.occupants("arrakeen") if q != pid]) >= 2
    g.state["storm"] = 0
    with pytest.raises(IllegalAction) as refused:
        driver.apply(Action({"by": pid, "do": "ship", "to": "arrakeen@9", "count": 1}))
    assert refused.value.code == "dune.stronghold-full"
    assert refused.value.rulings == ("dune.occupancy-limit",)


def test_a_karama_played_outside_its_window_is_refused_with_its_ruling():
    """Mutate a log: a player holding a Karama plays it against the Guild's half price while no
    shipment of the Guild or its ally is pending (ruling dune.engine-karama-stops)."""
    log, _ = _played(6, 0)
    driver = Driver(RULES, RULES.new_state(log["game"], {}))
    for data in log["actions"]:
        g = Game(driver.state)
        top = g.top
        holder = next((q for q in g.seats if "karama" in g.p(q)["hand"] and g.faction(q) != "spacing-guild"), None)
        if holder and top and top["t"] == "decide" and top["kind"] != "ship" and driver.state["turn"] >= 1:
            state = copy.deepcopy(driver.state)
            with pytest.raises(IllegalAction) as refused:
                RULES.apply(state, Action({"by": holder, "do": "play", "card": "karama",
                                           "against": "guild-half-price"}))
            assert refused.value.code == "dune.karama-window"
            assert "dune.engine-karama-stops" in refused.value.rulings
            return
        driver.apply(Action(data))
    pytest.fail("nobody held a Karama outside a shipment")


@pytest.mark.parametrize("players, seed", [(4, 1), (6, 2)])
def test_mutated_a_bene_gesserit_shipment_onto_their_advisors_is_refused(players, seed):
    """Their first shipment decision while they have advisors, answered instead with a shipment
    to one of their advisors' territories: the replay refuses exactly that (Fighters,
    dune.bene-gesserit-advisors), and the recorded answer still replays."""
    log, _ = _played(players, seed, ADVANCED)
    bg = next(p["id"] for p in log["game"]["players"] if p["faction"] == "bene-gesserit")
    driver = Driver(RULES, RULES.new_state(log["game"], {}))
    for data in log["actions"]:
        g = Game(driver.state)
        theirs = [loc for t in g.p(bg).get("advisors", []) for loc in g.locations_of(t) if not g.in_storm(loc)]
        their_shipment = g.top and g.top.get("kind") == "ship" and g.top["player"] == bg and data["by"] == bg
        if their_shipment and theirs and g.p(bg)["reserves"]:  # refused before its price is asked
            with pytest.raises(IllegalAction) as err:
                driver.apply(Action({"by": bg, "do": "ship", "to": theirs[0], "count": 1}))
            assert err.value.code == "dune.fighters-onto-advisors"
            driver.apply(Action(data))  # the recorded answer is still legal
            return
        driver.apply(Action(data))
    pytest.fail("the Bene Gesserit never had a shipment while they had advisors")


def test_a_special_karama_power_out_of_its_phase_is_refused_in_a_mutated_log():
    """Mutate a log: the Fremen put a worm outside the Spice Blow, the Harkonnen take a hand outside
    the Bidding, each with a Karama moved into their hand from the deck or the discard pile (ruling
    dune.engine-karama-powers)."""
    log, _ = _played(6, 2, ADVANCED)  # the six-player game seats both
    driver = Driver(RULES, RULES.new_state(log["game"], {}))
    tried = set()
    powers = {"fremen": ("spice-blow", {"territory": "the-great-flat"}), "harkonnen": ("bidding", {"takes": None})}
    for data in log["actions"]:
        state, top = driver.state, driver.state["stack"][-1] if driver.state["stack"] else None
        for pid, pl in sorted(state["players"].items()):
            phase, args = powers.get(pl["faction"], (None, {}))
            if (phase and pl["faction"] not in tried and state.get("phase") not in (phase, None) and top
                    and top["t"] == "decide" and state["turn"] >= 2 and not pl.get("karama_power")):
                mutated = copy.deepcopy(state)
                t = mutated["treachery"]
                pile = next((p for p in ("deck", "discard") if "karama" in t[p] and (p != "deck" or not t["hidden"])),
                            None)
                if pile is None:
                    continue
                t[pile].remove("karama")
                mutated["players"][pid]["hand"] = sorted(pl["hand"] + ["karama"])
                other = next(q for q in state["game"]["seats"] if q != pid)
                with pytest.raises(IllegalAction) as refused:
                    RULES.apply(mutated, Action({"by": pid, "do": "play", "card": "karama", "power": True,
                                                 **{k: v or other for k, v in args.items()}}))
                assert refused.value.code == "dune.karama-window", refused.value
                assert "dune.engine-karama-powers" in refused.value.rulings
                tried.add(pl["faction"])
        driver.apply(Action(data))
    assert tried == {"fremen", "harkonnen"}
