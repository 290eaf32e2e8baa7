"""Zones: a game state that keeps the canonical bytes of each of its parts, so that the checksum
after an action re-serialises only the parts the action touched (issue 30, docs/performance.md).

A zone is one top-level entry of the state (`board`, `stack`, a deck, …), except `players`,
where each player's entry is a zone of its own. `Zoned` is the state itself (a `dict`, so the
rule systems read and write it as before); every way of reaching a zone's value through it
(`state[k]`, `get`, `setdefault`, `values`, …) marks the zone touched, reads included: a rule
may write through the object a read returned. `peek` and `peek_seat` read a zone without
marking it, for a caller that only reads (the hot read-only helpers). The touched zones are
serialised again at the next `canonical()`, into their places in a layout of every zone's bytes
in sorted key order; the others keep their bytes.

`canonical()` is byte for byte the sorted dump of the whole state without its RNG (what
`canonical.snapshot` dumps), so the checksum over it is the one reports always carried.
`verify` (the tests' debug mode) dumps the whole state as well and compares.

Rollback (`revert`) reads the whole state back from bytes `canonical()` returned, in place:
refusals are rare, and reading everything back keeps every dict in the order a full restore
gives. A strict replay that refuses nothing never pays for it.

What this relies on: the rules reach the state through the `Zoned` they are given, within
the action (no zone object kept from one action and written in a later one), and write
nothing `peek` returned. The tests check it on every action of the playout corpus (`verify`,
tests/test_zones.py).
"""

from __future__ import annotations

import copy
import functools

import orjson
import xxhash

_OPTS = orjson.OPT_SORT_KEYS
PLAYERS = "players"
RNG = "rng"  # the dealer's RNG: left out of the canonical bytes (core/canonical.py)
RESHAPED = object()  # marked when a zone is added or removed: the layout is redone
_UNSERIALISED = frozenset((RNG,))


@functools.cache
def _key(k: str) -> bytes:
    return orjson.dumps(k) + b":"


# `peek(state, key)`: a zone's value for reading only (the zone is not marked touched: write
# nothing through it). The plain dict's own look-up, so it costs what `state[key]` did.
peek = dict.__getitem__


def peek_seat(state: dict, pid: str) -> dict:
    """A player's entry for reading only (see `peek`)."""
    return dict.__getitem__(dict.__getitem__(state, PLAYERS), pid)


class _Marking(dict):
    """A dict whose every way of reaching a value marks its key in `_touched`."""

    __slots__ = ("_touched",)

    def __getitem__(self, k):
        self._touched.add(k)
        return dict.__getitem__(self, k)

    def get(self, k, default=None):
        self._touched.add(k)
        return dict.get(self, k, default)

    def setdefault(self, k, default=None):
        if k not in self:
            self[k] = default
        self._touched.add(k)
        return dict.__getitem__(self, k)

    def __setitem__(self, k, value):
        touched = self._touched
        if k not in self:
            touched.add(RESHAPED)
        touched.add(k)
        dict.__setitem__(self, k, value)

    def __delitem__(self, k):
        self._touched.update((k, RESHAPED))
        dict.__delitem__(self, k)

    def pop(self, k, *default):
        if k in self:
            self._touched.update((k, RESHAPED))
        return dict.pop(self, k, *default)

    def _all(self):
        self._touched.update(dict.keys(self))

    def values(self):
        self._all()
        return dict.values(self)

    def items(self):
        self._all()
        return dict.items(self)

    def popitem(self):
        self._all()
        self._touched.add(RESHAPED)
        return dict.popitem(self)

    def update(self, *args, **kwargs):
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def clear(self):
        self._touched.add(RESHAPED)
        dict.clear(self)

    def copy(self):
        self._all()
        return dict(dict.items(self))

    __copy__ = copy

    def __deepcopy__(self, memo):  # a copy is a plain dict
        return copy.deepcopy(dict(dict.items(self)), memo)

    def __reduce_ex__(self, protocol):
        return dict, (dict(dict.items(self)),)


class Seats(_Marking):
    """The `players` entry: each player's entry is a zone."""

    __slots__ = ()


class Zoned(_Marking):
    """The state, zone by zone (see the module's docstring)."""

    __slots__ = ("_seats_touched", "_parts", "_at", "_seat_at", "_layout", "_full", "dumped")
    verify = False  # debug mode: every canonical() is compared with the whole state's dump

    @classmethod
    def of(cls, state: dict) -> Zoned:
        if isinstance(state, Zoned):
            return state
        z = cls()
        z._touched, z._seats_touched = set(), set()
        z._parts = z._full = None
        z._layout = 0  # counts the layouts made: a rollback point names the one it was taken in
        z.dumped = 0  # bytes serialised by canonical() so far (counted by the tests)
        for k, v in state.items():
            z[k] = v
        return z

    def __setitem__(self, k, value):
        if k == PLAYERS and isinstance(value, dict) and getattr(value, "_touched", None) is not self._seats_touched:
            value = Seats(value)
            value._touched = self._seats_touched
            self._touched.add(RESHAPED)
        super().__setitem__(k, value)

    def _all(self):
        super()._all()
        seats = dict.get(self, PLAYERS)
        if isinstance(seats, Seats):
            seats._all()

    # --- the canonical bytes ----------------------------------------------------------------
    def canonical(self) -> bytes:
        """The sorted dump of the state without its RNG: the touched zones serialised again
        into their places in the layout, the others' bytes kept, all joined."""
        if self._refresh() or self._full is None:
            self._full = b"".join(self._parts)
            if self.verify:
                self._check()
        return self._full

    def _refresh(self) -> bool:
        """Serialise the touched zones again into the layout; False when none was touched."""
        touched, seats_touched = self._touched, self._seats_touched
        if self._parts is not None and touched <= _UNSERIALISED and not seats_touched:
            touched.clear()
            return False
        if self._parts is None or RESHAPED in touched or RESHAPED in seats_touched:
            self._lay_out()
        else:
            parts, at = self._parts, self._at
            for k in touched:
                i = at.get(k)  # none for the RNG, nor for `players`: its seats are the zones
                if i is not None:
                    parts[i] = data = orjson.dumps(dict.__getitem__(self, k), option=_OPTS)
                    self.dumped += len(data)
            if seats_touched:
                seats, at = dict.__getitem__(self, PLAYERS), self._seat_at
                for pid in seats_touched:
                    parts[at[pid]] = data = orjson.dumps(dict.__getitem__(seats, pid), option=_OPTS)
                    self.dumped += len(data)
        touched.clear()
        seats_touched.clear()
        return True

    def point(self) -> tuple:
        """A rollback point: the zones' bytes as they stand (joined only if `revert` needs them)."""
        if self._refresh():
            self._full = None
        return self._layout, tuple(self._parts), dict.get(self, RNG)

    def _lay_out(self) -> None:
        """Dump every zone and lay the bytes out in sorted key order, noting where each zone's
        bytes sit (`_at`, `_seat_at`). Done again whenever a zone is added or removed."""
        parts, at, seat_at = [b"{"], {}, {}
        for k in sorted(dict.keys(self)):
            if k == RNG:
                continue
            parts.append(_key(k) if len(parts) == 1 else b"," + _key(k))
            value = dict.__getitem__(self, k)
            if k == PLAYERS and isinstance(value, Seats):
                parts.append(b"{")
                for n, pid in enumerate(sorted(dict.keys(value))):
                    parts.append(_key(pid) if n == 0 else b"," + _key(pid))
                    seat_at[pid] = len(parts)
                    parts.append(orjson.dumps(dict.__getitem__(value, pid), option=_OPTS))
                parts.append(b"}")
            else:
                at[k] = len(parts)
                parts.append(orjson.dumps(value, option=_OPTS))
        parts.append(b"}")
        self.dumped += sum(map(len, parts))
        self._parts, self._at, self._seat_at = parts, at, seat_at
        self._layout += 1

    def digest(self) -> tuple[bytes, str]:
        """The canonical bytes and their checksum (`canonical.checksum`'s value)."""
        data = self.canonical()
        return data, xxhash.xxh3_64_hexdigest(data)

    def _check(self) -> None:
        whole = orjson.dumps({k: v for k, v in dict.items(self) if k != RNG}, option=_OPTS)
        if whole != self._full:
            raise AssertionError("the zones' bytes differ from the whole state's dump: a zone was "
                                 "written without being reached through the state")

    # --- rollback ---------------------------------------------------------------------------
    def revert(self, point: tuple) -> None:
        """Put the state back to a rollback point (`point()`), in place. The zones' bytes stay
        those of the point when no zone was added or removed since; else all are redone."""
        layout, parts, rng = point
        data = b"".join(parts)
        dict.clear(self)
        for k, v in orjson.loads(data).items():
            self[k] = v
        self[RNG] = rng
        self._touched.clear()
        self._seats_touched.clear()
        if layout == self._layout:
            self._parts, self._full = list(parts), data
        else:
            self._parts = self._full = None
