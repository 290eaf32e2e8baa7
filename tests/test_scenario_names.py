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


# --- classic Dune: the state's names, the old ones read the same way -----------------------------------------
# the state's name (a path in the scenario) -> the old name, and how the old one is written from the new value
DUNE_RENAMED = {"shield_wall_destroyed": ("shield_wall", lambda destroyed: not destroyed),
                "treachery/discard": ("treachery_discard", list), "spice_deck/discard": ("spice_discard", list),
                "spice_deck/discard_b": ("spice_discard_b", list)}
DUNE_PLAYER_RENAMED = {"karama_power": "karama_power_used"}
# the advanced matrix game (tests/matrix.py dune-4p-advanced): the Shield Wall blown at action 292, the
# Emperor's special Karama power spent at action 20, both Spice discard piles in use
DUNE_GAME = ("dune", 4, 1, ("advanced",))


@pytest.fixture(scope="module")
def dune_positions() -> list[dict]:
    log = simulate(*DUNE_GAME)
    found = cuts(log, range(30, len(log["actions"]), 40))
    unique = {id(p): p for p in found.values() if "scenario" in p}  # several indexes may cut at one phase start
    return list(unique.values())


def _dune_written(position: dict) -> list[tuple[str | None, str]]:
    """(player or None, the state's name) for every renamed key a cut wrote."""
    sc = position["scenario"]
    out = [(None, path) for path in DUNE_RENAMED if _get(sc, path) is not None]
    return out + [(pid, key) for pid, src in sorted(sc["players"].items()) for key in DUNE_PLAYER_RENAMED if key in src]


def _get(doc: dict, path: str):
    for part in path.split("/"):
        doc = doc.get(part) if isinstance(doc, dict) else None
    return doc


def _to_old(sc: dict, pid: str | None, key: str, keep_new: bool = False, value=None) -> str:
    """Writes `key` under its old name in scenario `sc` (the new one removed unless `keep_new`);
    `value`: what the old name says (else the new name's value, as the old name writes it). Its pointer."""
    if pid is not None:
        src = sc["players"][pid]
        old = DUNE_PLAYER_RENAMED[key]
        src[old] = src[key] if value is None else value
        if not keep_new:
            del src[key]
        return f"/scenario/players/{pid}/{old}"
    old, turned = DUNE_RENAMED[key]
    sc[old] = turned(_get(sc, key)) if value is None else value
    if not keep_new:
        parent, _, last = key.rpartition("/")
        holder = _get(sc, parent) if parent else sc
        del holder[last]
        if parent and not holder:
            del sc[parent]
    return f"/scenario/{old}"


def test_dune_cuts_write_the_states_names_and_every_renamed_key_is_seen(dune_positions):
    seen = {key for p in dune_positions for _, key in _dune_written(p)}
    assert seen == {*DUNE_RENAMED, *DUNE_PLAYER_RENAMED}
    for p in dune_positions:
        sc = p["scenario"]
        assert not {old for old, _ in DUNE_RENAMED.values()} & set(sc)
        assert not any(set(DUNE_PLAYER_RENAMED.values()) & set(src) for src in sc["players"].values())


def test_dune_old_names_are_read_as_the_new_ones(dune_positions):
    for position in dune_positions:
        state = _state(position)
        for pid, key in _dune_written(position):
            old = copy.deepcopy(position)
            _to_old(old["scenario"], pid, key)
            assert _state(old) == state, (pid, key)
            both = copy.deepcopy(position)  # both names, saying the same: fine
            _to_old(both["scenario"], pid, key, keep_new=True)
            assert _state(both) == state, (pid, key)


def test_dune_both_names_saying_different_things_are_refused(dune_positions):
    checked = set()
    for position in dune_positions:
        for pid, key in _dune_written(position):
            if key in checked:
                continue
            checked.add(key)
            differ = copy.deepcopy(position)
            sc = differ["scenario"]
            now = sc["players"][pid][key] if pid else _get(sc, key)
            other = (not now) if isinstance(now, bool) else now[1:]  # a list cut short; a flag turned
            if pid is None and key == "shield_wall_destroyed":
                other = now  # the old name turned around: the same value says the opposite
            pointer = _to_old(sc, pid, key, keep_new=True, value=other)
            assert (pointer, "alias-disagrees") in problems(differ), key
    assert checked == {*DUNE_RENAMED, *DUNE_PLAYER_RENAMED}


def test_a_problem_in_a_pile_written_by_its_old_name_points_at_the_old_name(dune_positions):
    position = copy.deepcopy(next(p for p in dune_positions if _get(p["scenario"], "treachery/discard")))
    sc = position["scenario"]
    _to_old(sc, None, "treachery/discard")
    sc["treachery_discard"].append("No Such Card")
    at = len(sc["treachery_discard"]) - 1
    assert (f"/scenario/treachery_discard/{at}", "unknown-name") in problems(position)
