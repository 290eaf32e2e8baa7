"""The state's bytes assembled zone by zone (core/engine/zones.py, issue 30): every assembled dump
is the full canonical dump, byte for byte, whatever the rule code wrote and however.

A zone's kept bytes are reused until a write to it marks it: a write the marks missed would leave a
stale zone in every later checksum. The debug mode (`check_zones`, or ADJUDICATOR_CHECK_ZONES=1)
compares every dump with the full one and names the zone; here it runs over a playout of every
matrix row, over the restores of continue mode, and over probes (every offer applied, then rolled
back), and each kind of write is tried on its own."""

import copy
import pickle

import orjson
import pytest
from matrix import EVERY, EXTENDED, MATRIX, log_of, parametrize, rules_of

from adjudicator.core import canonical
from adjudicator.core.engine import Playing, zones
from adjudicator.core.engine.zones import TDict, TList, Zones
from adjudicator.core.errors import IllegalAction
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Driver, Replay, deal

SPEC = {"deck": True, "board": True, "players": {"*": True}}


def fresh() -> dict:
    return {"deck": ["a", "b", "c"], "board": {"spaces": {"x": ["p1"]}, "n": 1, "log": []},
            "players": {"p1": {"hand": ["k"], "spice": 2, "seen": {"a": [1]}}, "p2": {"hand": [], "spice": 0}},
            "turn": 1, "rng": 7}


# each: one way rule code writes a zone (in place, deep inside, by replacing, by moving a container)
WRITES = {
    "list append": lambda s: s["deck"].append("d"),
    "list pop": lambda s: s["deck"].pop(),
    "list insert": lambda s: s["deck"].insert(0, "z"),
    "list extend": lambda s: s["deck"].extend(["y"]),
    "list remove": lambda s: s["deck"].remove("b"),
    "list item": lambda s: s["deck"].__setitem__(0, "q"),
    "list slice": lambda s: s["deck"].__setitem__(slice(0, 2), ["r"]),
    "list del": lambda s: s["deck"].__delitem__(0),
    "list +=": lambda s: s.__setitem__("deck", s["deck"].__iadd__(["w"])),
    "list sort": lambda s: s["deck"].sort(reverse=True),
    "list reverse": lambda s: s["deck"].reverse(),
    "list clear": lambda s: s["deck"].clear(),
    "deep list": lambda s: s["board"]["spaces"]["x"].append("p2"),
    "dict item": lambda s: s["board"].__setitem__("n", 2),
    "dict update": lambda s: s["board"].update(n=3),
    "dict pop": lambda s: s["board"].pop("n"),
    "dict setdefault": lambda s: s["board"].setdefault("new", []).append(1),
    "dict |=": lambda s: s["board"].__ior__({"m": 1}),
    "dict popitem": lambda s: s["board"].popitem(),
    "dict del": lambda s: s["board"].__delitem__("new"),
    "player scalar": lambda s: s["players"]["p2"].__setitem__("spice", 5),
    "zone replaced": lambda s: s.__setitem__("deck", ["fresh"]),
    "player replaced": lambda s: s["players"].__setitem__("p2", {"hand": ["new"]}),
    "player added": lambda s: s["players"].__setitem__("p3", {"hand": []}),
    "plain list put in, then written": lambda s: (s["board"].__setitem__("new", new := []), new.append("late")),
    "plain dict put in, then written deeper": lambda s: (s["board"]["log"].append(new := {"a": []}),
                                                         new["a"].append(1)),
    "container moved to another zone": lambda s: s["players"]["p2"].__setitem__("hand", s["deck"]),
    "moved container written": lambda s: s["deck"].append("seen-by-both"),
    "container shared by two zones": lambda s: s["board"].__setitem__("x", s["players"]["p1"]["seen"]),
    "shared container written": lambda s: s["players"]["p1"]["seen"]["a"].append(2),
    "outside the zones": lambda s: s.__setitem__("turn", 2),
    "dict clear": lambda s: s["players"]["p1"].clear(),
}


def test_every_kind_of_write_reaches_the_dump():
    """Each write, applied after the previous ones with a dump between (so each meets kept,
    tracked zones), leaves the assembled bytes equal to the full dump."""
    state, zoned = Playing(fresh()), Zones(SPEC, check=True)
    for name, write in WRITES.items():
        zoned.dump(state)
        write(state)
        assert zoned.dump(state) == canonical.snapshot(state)[0], name


def test_a_missed_write_is_named():
    """The debug mode names the stale zone (a write past the tracked containers' methods)."""
    state, zoned = Playing(fresh()), Zones(SPEC, check=True)
    zoned.dump(state)
    list.append(state["deck"], "unmarked")
    with pytest.raises(AssertionError, match="deck"):
        zoned.dump(state)


def test_tracked_containers_are_plain_json_data():
    """What the state's tracked containers give to copies, comparisons and serialisers: plain data."""
    state, zoned = Playing(fresh()), Zones(SPEC)
    before = canonical.snapshot(state)[0]
    zoned.dump(state)
    assert type(state["deck"]) is TList and type(state["board"]["spaces"]) is TDict
    assert canonical.snapshot(state)[0] == before and state == fresh()
    for copied in (copy.deepcopy(state), pickle.loads(pickle.dumps(dict(state))), canonical.copied(state)):
        assert copied == fresh() and type(copied["deck"]) is list and type(copied["board"]["spaces"]) is dict
    assert type(copy.copy(state["deck"])) is list and type(state["board"].copy()) is dict
    assert orjson.dumps(state["board"]) == orjson.dumps(fresh()["board"])


def checked(monkeypatch):
    monkeypatch.setattr(zones, "CHECK", True)


@parametrize(configs=EVERY)
def test_every_playout_assembles_the_full_dump(monkeypatch, config):
    """A playout of every row of the matrix, replayed with every dump checked (each action's
    checksum and rollback point), gives the checksums of the full dump."""
    checked(monkeypatch)
    report = Replay(parse_log(log_of(config)), "strict", "none").run()
    assert report["valid"], (config.id, report["first_illegal"])


@parametrize(configs=MATRIX + EXTENDED)
def test_with_every_entry_a_zone_every_write_is_marked(monkeypatch, config):
    """The same with every entry of the state a zone (the task stack and each player too): a write
    anywhere in the rule code that no mark reached would show, so any zones a rule system names
    later are safe."""
    checked(monkeypatch)
    monkeypatch.setattr(type(rules_of(config)), "zones", {"*": True})
    report = Replay(parse_log(log_of(config)), "strict", "none").run()
    assert report["valid"], (config.id, report["first_illegal"])


@parametrize()
def test_restores_keep_the_zones_true(monkeypatch, config):
    """Continue mode restores the state from its bytes after an illegal action: the zones kept for
    the old state's objects are not reused for the new one (identity), and every later dump holds."""
    checked(monkeypatch)
    log = log_of(config)
    doc, last = dict(log, actions=[]), None
    for index, action in enumerate(log["actions"]):
        if index % 100 == 50 and last is not None and index < 400:  # a decision taken twice
            doc["actions"].append(last)
        doc["actions"].append(action)
        last = action if action["by"] != "chance" else last
    report = Replay(parse_log(doc), "continue", "none").run()
    assert report["first_illegal"] is not None, config.id


@parametrize(configs=[c for c in MATRIX if c.system == "imperium" and c.mode != "rivals"])
def test_a_log_without_its_forced_steps_restores_true_zones(monkeypatch, config):
    """A log that leaves its forced steps out makes the driver try, roll back and try again (each
    rollback puts back the zones no write marked): every dump holds, the checksum is the log's."""
    from test_log_forms import minimal_log, with_actions

    checked(monkeypatch)
    log = log_of(config)
    whole = Replay(parse_log(log), "strict", "none").run()
    short = Replay(parse_log(with_actions(log, minimal_log(log)[0])), "strict", "none").run()
    assert short["valid"] and short["final_checksum"] == whole["final_checksum"], config.id


PROBE_EVERY = 40  # decisions between two probes


@parametrize(configs=[c for c in EVERY if c.players in (1, 4, 6)][::3])
def test_probing_every_offer_and_rolling_back_leaves_the_state_as_it_was(monkeypatch, config):
    """At positions along a game, every legal action is applied and rolled back (from the driver's
    bytes, as probing does): the dump after the rollback, the RNG and the zones' next dumps are
    those of before."""
    checked(monkeypatch)
    log, rules = log_of(config), rules_of(config)
    parsed = parse_log(log)
    driver = Driver(rules, Playing(rules.new_state(parsed.game, parsed.setup)))
    probes = 0
    for index, action in enumerate(parsed.actions):
        driver.deal(action)
        if index % PROBE_EVERY == 0 and not action.is_chance:
            data, rng = driver.frozen()
            digest, at, setup = canonical.digest(data), driver._saved_at, driver.state["game"]
            for offer in driver.legal_actions():
                try:
                    driver.apply(offer)
                except IllegalAction:  # an offer refused: a bug the offer tests name, not this one
                    pass
                deal(rules, driver.state)
                driver.checkpoint()
                # the rollback keeps the zones no write marked since (Zones.restore)
                driver.state, driver._saved = driver.zones.restore(data, rng, at), None
                assert driver.checkpoint() == digest and driver.state.get("rng") == rng, (config.id, index, offer)
                assert driver.state["game"] is setup  # never written: put back, not read back
                probes += 1
        driver.apply(action)
        driver.checkpoint()
    assert probes, config.id


def test_the_zones_of_a_state_written_without_a_driver_are_not_trusted():
    """A Zones kept for one state says nothing of another state with equal objects: identity."""
    a, b = Playing(fresh()), Playing(fresh())
    zoned = Zones(SPEC, check=True)
    zoned.dump(a)
    b["deck"].append("only-in-b")
    assert zoned.dump(b) == canonical.snapshot(b)[0] and zoned.dump(a) == canonical.snapshot(a)[0]


def test_rule_systems_name_their_zones():
    """Both rule systems keep their decks, board and setup block zone by zone (docs/ARCHITECTURE.md)."""
    from adjudicator.dune.rules import DuneRules
    from adjudicator.imperium.rules import ImperiumRules

    assert {"imperium_deck", "intrigue_deck", "board", "game"} <= set(ImperiumRules.zones)
    assert {"map", "spice_deck", "treachery", "traitor_deck", "game"} <= set(DuneRules.zones)
