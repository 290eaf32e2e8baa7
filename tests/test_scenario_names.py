"""Issue 32: a compact scenario's names are the state's. Each key renamed keeps its old name as a
deprecated alias read the same way; a scenario writing both with different values is refused
(`alias-disagrees`, pointed at the old name). Cuts write the state's names only."""

from __future__ import annotations

import copy

import pytest
from module_positions import problems

from adjudicator.positions import cuts, load
from adjudicator.simulate import simulate

# the state's name -> the old name (imperium/scenario.py ALIASES and the modules' parts)
RENAMED = {"play": "in_play", "worms": "sandworms", "seat": "high_council", "placed": "agents_order",
           "leader_face": "leader_side", "puppet": "tleilaxu_puppet"}
# games whose cuts write every renamed key somewhere (Lady Jessica's face: uprising seed 3; sandworms
# in the Conflict: uprising seed 4 at action 550)
GAMES = (("imperium", ("immortality",), 1, ()), ("uprising", (), 3, ()), ("uprising", (), 4, (550,)),
         ("imperium", ("ix",), 2, ()))


def _positions(game: str, modules: tuple, seed: int, extra: tuple) -> list[dict]:
    log = simulate(game, 4, seed, modules)
    n = len(log["actions"])
    at = [n // 5, n // 3, n // 2, 2 * n // 3, n - 1, *extra]
    found = cuts(log, at)
    return [found[i] for i in at if found.get(i) and "scenario" in found[i]]


@pytest.fixture(scope="module")
def positions() -> list[dict]:
    return [p for g in GAMES for p in _positions(*g)]


def _written(position: dict) -> list[tuple[str, str, dict]]:
    """(player, the state's name, the player's scenario object) for every renamed key a cut wrote."""
    out = []
    for pid, src in sorted(position["scenario"]["players"].items()):
        out += [(pid, key, src) for key in RENAMED if key in src]
        if "negotiators" in src.get("troops", {}):
            out.append((pid, "troops.negotiators", src))
    return out


def _state(position: dict) -> dict:
    return load(position).state


def _rename(src: dict, key: str, value=None) -> tuple[str, object]:
    """Writes `key` under its old name (the new one removed unless `value` keeps it written too)."""
    if key == "troops.negotiators":
        n = src["troops"]["negotiators"]
        if value is None:
            del src["troops"]["negotiators"]
        src["negotiators"] = n if value is None else value
        return "negotiators", n
    old = RENAMED[key]
    src[old] = src[key] if value is None else value
    if value is None:
        del src[key]
    return old, src[old]


def test_cuts_write_the_states_names_and_every_renamed_key_is_seen(positions):
    seen = {key for p in positions for _, key, _ in _written(p)}
    assert seen == {*RENAMED, "troops.negotiators"} - {"puppet"}  # puppet: tests/test_immortality_positions.py
    for p in positions:
        for src in p["scenario"]["players"].values():
            assert not {*RENAMED.values(), "negotiators"} & set(src)


def test_the_old_names_are_read_as_the_new_ones(positions):
    for position in positions:
        state = _state(position)
        for pid, key, _ in _written(position):
            old = copy.deepcopy(position)
            _rename(old["scenario"]["players"][pid], key)
            assert _state(old) == state, (pid, key)
            both = copy.deepcopy(position)  # both names, saying the same: fine
            src = both["scenario"]["players"][pid]
            _rename(src, key, src["troops"]["negotiators"] if key == "troops.negotiators" else src[key])
            assert _state(both) == state, (pid, key)


def _other(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, list):
        return value[1:] if len(value) > 1 else [*value, *value]
    return "Paul Atreides" if value != "Paul Atreides" else "Lady Jessica"


def test_both_names_saying_different_things_are_refused(positions):
    checked = set()
    for position in positions:
        for pid, key, _ in _written(position):
            if key in checked:
                continue
            checked.add(key)
            differ = copy.deepcopy(position)
            src = differ["scenario"]["players"][pid]
            now = src["troops"]["negotiators"] if key == "troops.negotiators" else src[key]
            old, _ = _rename(src, key, _other(now))
            assert (f"/scenario/players/{pid}/{old}", "alias-disagrees") in problems(differ), key
    assert checked == {*RENAMED, "troops.negotiators"} - {"puppet"}


def test_the_old_puppet_name_is_still_read():
    from test_immortality_positions import example
    new = example("ghola-corrino-genes")
    new["scenario"]["players"]["carmen"]["puppet"] = 2
    old = copy.deepcopy(new)
    old["scenario"]["players"]["carmen"]["tleilaxu_puppet"] = old["scenario"]["players"]["carmen"].pop("puppet")
    assert _state(old) == _state(new) and _state(new)["players"]["carmen"]["puppet"] == 2
    new["scenario"]["players"]["carmen"]["tleilaxu_puppet"] = 3
    assert ("/scenario/players/carmen/tleilaxu_puppet", "alias-disagrees") in problems(new)
