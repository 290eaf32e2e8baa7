"""States round-trip: every state the engine returns (a replay's final state and snapshots, a
position check's state, a stored game's states) can be posted back and continues exactly as the
original, whatever its key order. Nothing in the state may depend on key order.

For 50 simulated games per edition, every state of the game (before each logged action, and the
last) is re-serialised with sorted keys and with a (deterministically) shuffled key order,
recursively; each copy must show the same prompt, apply the logged action with the same verdict
(code, message, citations in order) and reach the same checksum as the original, and now and then
list the same legal actions in the same order. From one state per game the copies are continued to
the end of the game, once with the recorded chance outcomes and once with the seed dealing them.
"""

import random

import pytest

from adjudicator.core.actions import Action
from adjudicator.core.canonical import checksum, restore, snapshot
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import deal
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate

GAMES = 50
CHUNK = 10
EDITIONS = {"uprising": ("choam",), "base": ()}  # edition -> the modules every other game uses
LEGAL_EVERY = 16  # legal actions are compared at every 16th state (they cost more than the rest)
SCALARS = {str, int, float, bool, type(None)}


class Reorder:
    """Recursively re-keys a state in a shuffled order: a deterministic shuffle from a local
    random.Random (24 permutations of each length are drawn from it once, then one is picked
    from it for every dict). Lists keep their order (it means something); every container is a
    fresh copy, so the original is never touched."""

    def __init__(self, seed: int):
        self.rnd = random.Random(seed)
        self.perms: dict[int, list[list[int]]] = {}

    def permutation(self, n: int) -> list[int]:
        pool = self.perms.get(n)
        if pool is None:
            pool = self.perms[n] = [self.rnd.sample(range(n), n) for _ in range(24)]
        return pool[int(self.rnd.random() * 24)]

    def __call__(self, value):
        if type(value) is dict:
            items = list(value.items())
            out = {}
            for i in self.permutation(len(items)):
                key, item = items[i]
                out[key] = self(item) if type(item) is dict or type(item) is list else item
            return out
        if set(map(type, value)) <= SCALARS:  # a list of plain values (checked at C speed)
            return value[:]
        return [self(v) if type(v) is dict or type(v) is list else v for v in value]


def key_orders_differ(a, b) -> bool:
    if isinstance(a, dict):
        return list(a) != list(b) or any(key_orders_differ(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return any(key_orders_differ(x, y) for x, y in zip(a, b, strict=True))
    return False


def verdict(rules, state: dict, action: Action) -> tuple:
    try:
        out = rules.apply(state, action)
    except IllegalAction as err:
        return ("illegal", err.code, err.message, tuple(err.rulings))
    return (out.verdict, out.code, out.message, tuple(out.rulings))


def game_log(edition: str, seed: int) -> dict:
    return simulate(edition, 3 + seed % 2, seed, EDITIONS[edition] if seed % 2 else ())


def copies(state: dict, data: bytes, reorder: Reorder) -> dict[str, dict]:
    """The state re-serialised: canonical (sorted keys, from the bytes the checksum is taken
    over) and shuffled."""
    return {"sorted": restore(data, state.get("rng")), "shuffled": reorder(state)}


def continue_recorded(rules, state: dict, actions: list, want: list[str]) -> None:
    for action, expected in zip(actions, want, strict=True):
        rules.apply(state, Action(action))
        assert checksum(state) == expected


def continue_seeded(rules, state: dict, actions: list, want: list[str]) -> None:
    """Only the decisions of the log; the seed in the state deals every chance outcome."""
    for action, expected in zip(actions, want, strict=True):
        if action["by"] == "chance":
            continue
        deal(rules, state)
        rules.apply(state, Action(action))
        assert checksum(state) == expected
    deal(rules, state)
    assert checksum(state) == want[-1]
    assert rules.prompt(state) is None


@pytest.mark.parametrize("edition", sorted(EDITIONS))
@pytest.mark.parametrize("start", range(0, GAMES, CHUNK))
def test_every_state_reserialised_continues_identically(edition, start):
    rules = ruleset(edition)
    for seed in range(start, start + CHUNK):
        log = game_log(edition, seed)
        actions = [Action(a) for a in log["actions"]]
        reorder = Reorder(seed)
        state = rules.new_state(log["game"], log["setup"])
        data = snapshot(state)[0]
        starts = []  # (index, the re-serialised copies) continued to the end below
        keep = random.Random(seed).randrange(len(actions))
        checksums = []
        for index, action in enumerate(actions):
            variants = copies(state, data, reorder)
            if index == keep:
                again = copies(state, data, Reorder(index))
                assert key_orders_differ(again["shuffled"], again["sorted"])
                starts.append((index, again))
            prompt = rules.prompt(state)
            legal = rules.legal_actions(state) if index % LEGAL_EVERY == 0 else None
            expected = verdict(rules, state, action)
            data, digest = snapshot(state)
            checksums.append(digest)
            for name, copy in variants.items():
                assert rules.prompt(copy) == prompt, (edition, seed, index, name)
                if index % LEGAL_EVERY == 0:
                    assert rules.legal_actions(copy) == legal, (edition, seed, index, name)
                assert verdict(rules, copy, action) == expected, (edition, seed, index, name)
                assert checksum(copy) == digest, (edition, seed, index, name)
        assert rules.prompt(state) is None  # the game is over, in every copy of its last state too
        for name, copy in copies(state, data, reorder).items():
            assert rules.prompt(copy) is None and checksum(copy) == checksums[-1], (edition, seed, name)
            assert rules.result(copy) == rules.result(state)
        for index, variants in starts:  # one state per game, continued to the end both ways
            continue_recorded(rules, variants["shuffled"], log["actions"][index:], checksums[index:])
            continue_seeded(rules, variants["sorted"], log["actions"][index:], checksums[index:])
