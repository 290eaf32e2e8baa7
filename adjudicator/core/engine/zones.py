"""The state's canonical bytes assembled zone by zone, each zone re-serialised only after a write
to it (issue 30; docs/performance.md, "Zones marked on write").

The canonical dump of a dict with sorted keys is `{"k1":<v1>,"k2":<v2>}`, so joining the zones'
own canonical bytes in key order gives the very bytes of the whole dump: every checksum keeps its
value. A rule system names its rarely written zones in a spec (`rules.zones`): a tree of dict keys
whose leaves (`True`) are zones, `"*"` standing for every key of that dict (every seat).

A zone's writes are marked by the containers themselves: once a zone has been serialised, its
dicts and lists are `TDict` / `TList` (subclasses that serialise, compare and copy as the plain
ones), whose mutating methods mark the zone written before they run; reads are dict's and list's
own (about 10 ns slower than on an exact dict: CPython's fast paths are for exact types). Whatever
replaces a zone, or a part of the tree above it, is seen by identity: the cache keeps a strong
reference to the zone's object and compares it with `is`, so a rollback (a new state read back
from bytes) or `zone = new_list` invalidates it with no mark at all.

The mutation primitives of the kernel are therefore the containers' own methods; no rule module
calls anything to mark a write, and none can forget to. `check=True` (or the environment variable
ADJUDICATOR_CHECK_ZONES=1) compares every assembled dump with the full one and names the zone
that differs: the test over the playout corpus runs with it.
"""

from __future__ import annotations

import os

from orjson import Fragment

from .. import canonical
from .modules import Playing

CHECK = os.environ.get("ADJUDICATOR_CHECK_ZONES") == "1"


class Cell:
    """One zone's mark: `written` since it was last serialised, and which of its containers took
    in a dict or a list meanwhile (`touched`, by id: only those can hold something untracked)."""

    __slots__ = ("written", "touched")

    def __init__(self):
        self.written = False
        self.touched: dict[int, TList | TDict] = {}


def _marking(base, name: str, takes_in: bool):
    """`base.name`, marking the zones of the container written first (`takes_in`: and touched,
    when the method may put a dict or list into it)."""
    method = getattr(base, name)

    def marked(self, *args, **kwargs):
        for cell in self._cells:
            cell.written = True
            if takes_in:
                cell.touched[id(self)] = self
        return method(self, *args, **kwargs)
    marked.__name__ = name
    return marked


class TList(list):
    """A list inside a zone: mutating it marks the zone (each zone it belongs to) written."""

    __slots__ = ("_cells",)

    def __reduce_ex__(self, protocol):  # copies (copy, deepcopy, pickle) are plain lists
        return list, (list(self),)

    def __setitem__(self, key, value):  # the common writes spelled out: no *args on the hot path
        for cell in self._cells:
            cell.written = True
            if type(value) not in _FLAT:
                cell.touched[id(self)] = self
        list.__setitem__(self, key, value)

    def append(self, value):
        for cell in self._cells:
            cell.written = True
            if type(value) not in _FLAT:
                cell.touched[id(self)] = self
        list.append(self, value)


class TDict(dict):
    """A dict inside a zone: mutating it marks the zone (each zone it belongs to) written."""

    __slots__ = ("_cells",)

    def __reduce_ex__(self, protocol):  # copies are plain dicts
        return dict, (dict(self),)

    def __setitem__(self, key, value):
        for cell in self._cells:
            cell.written = True
            if type(value) not in _FLAT:
                cell.touched[id(self)] = self
        dict.__setitem__(self, key, value)


for _name, _takes_in in (("extend", True), ("insert", True), ("__iadd__", True), ("__imul__", False),
                         ("pop", False), ("remove", False), ("clear", False), ("sort", False), ("reverse", False),
                         ("__delitem__", False)):
    setattr(TList, _name, _marking(list, _name, _takes_in))
for _name, _takes_in in (("update", True), ("setdefault", True), ("__ior__", True), ("pop", False),
                         ("popitem", False), ("clear", False), ("__delitem__", False)):
    setattr(TDict, _name, _marking(dict, _name, _takes_in))


def _adopt(value, cell: Cell):
    """`value` with every dict and list in it tracked for `cell`: a tracked container is kept (it
    is told of `cell` too, when another zone holds it as well), a plain one is replaced by a
    tracked copy (it came in by a write since the last dump, or the zone is new)."""
    kind = type(value)
    if kind is TList or kind is TDict:
        if cell in value._cells:
            return value
        value._cells += (cell,)
        out = value
    elif kind is list:
        out = TList(value)
        out._cells = (cell,)
    elif kind is dict:
        out = TDict(value)
        out._cells = (cell,)
    else:
        return value
    _adopt_items(out, cell)
    return out


def _adopt_items(container, cell: Cell) -> None:
    """Adopt the items of a tracked container (one just tracked, or one that took items in)."""
    if container.__class__ is TList:
        if not _FLAT.issuperset(map(type, container)):
            for i, item in enumerate(container):
                adopted = _adopt(item, cell)
                if adopted is not item:
                    list.__setitem__(container, i, adopted)
    elif not _FLAT.issuperset(map(type, container.values())):
        for key, item in container.items():
            adopted = _adopt(item, cell)
            if adopted is not item:
                dict.__setitem__(container, key, adopted)


_FLAT = frozenset((str, int, float, bool, type(None)))


class Zones:
    """The zone cache of one game in progress (a `Driver` keeps it beside the state): per zone,
    its object, its mark and its canonical bytes. The dump is one `orjson` call over a shallow
    view of the state in which every zone is its bytes (`orjson.Fragment`, written as they are)."""

    def __init__(self, spec: dict | None, check: bool = False):
        self.spec = spec or {}
        self.check = check or CHECK
        self.cache: dict = {}  # key -> (object, Cell, bytes as a Fragment, their length, the bytes, the dump)
        self.serialised = 0  # bytes serialised afresh, the zones' kept bytes aside (counted by a test)
        self.dumped = 0  # dumps taken: a zone's bytes record the dump that made them

    def dump(self, state: dict) -> bytes:
        """The canonical bytes of `state` without its RNG, byte for byte `canonical.snapshot`'s."""
        if not self.spec:
            data = _plain(state)
            self.serialised += len(data)
            return data
        self.dumped += 1
        kept = [0]
        view = self._view(state, self.spec, self.cache, kept)
        view.pop("rng", None)
        data = canonical.dumps(view)
        self.serialised += len(data) - kept[0]
        if self.check:
            self.verify(state, data)
        return data

    def _view(self, d: dict, spec: dict, cache: dict, kept: list) -> dict:
        """`d` with each zone in it replaced by its bytes (`spec`: the zones, `cache`: their bytes)."""
        view = dict(d)
        every = spec.get("*")
        if every is True:  # every value a zone (each player)
            for key, value in d.items():
                held = cache.get(key)
                if held is not None and held[0] is value and not held[1].written:
                    view[key] = held[2]
                    kept[0] += held[3]
                else:
                    view[key] = self._zone(d, key, value, held, cache)
            return view
        for key, sub in spec.items() if every is None else ((k, every) for k in d):
            value = d.get(key, view)  # `view`: absent
            if sub is not True:
                if type(value) is dict:
                    view[key] = self._view(value, sub, cache.setdefault(key, {}), kept)
                continue
            held = cache.get(key)
            if held is not None and held[0] is value and not held[1].written:
                view[key] = held[2]
                kept[0] += held[3]
            elif value is not view:
                view[key] = self._zone(d, key, value, held, cache)
        return view

    def _zone(self, d: dict, key: str, value, held: tuple | None, cache: dict) -> Fragment:
        """Serialise a zone written since its last dump (or new, or replaced), tracking it."""
        if held is not None and held[0] is value:  # written in place: adopt what came in
            cell = held[1]
            touched = list(cell.touched.values())
            cell.written = False
            cell.touched.clear()
            for container in touched:
                _adopt_items(container, cell)
            adopted = value
        else:
            cell = Cell()
            adopted = _adopt(value, cell)
            if adopted is not value:
                dict.__setitem__(d, key, adopted)
        data = canonical.dumps(adopted)
        cache[key] = held = (adopted, cell, Fragment(data), len(data), data, self.dumped)
        return held[2]

    def restore(self, data: bytes, rng, at: int) -> Playing:
        """The state read back from the bytes of dump number `at` (a rollback). A zone whose kept
        bytes date from that dump or before and that no write has marked since holds what the
        bytes hold: its object (tracked, its bytes kept) goes back in place of the copy just read,
        so a rollback costs the zones written since, not the whole state."""
        state = Playing(canonical.restore(data, rng))
        self._reuse(state, self.spec, self.cache, at)
        return state

    def _reuse(self, d: dict, spec: dict, cache: dict, at: int) -> None:
        every = spec.get("*")
        for key, sub in ((k, every) for k in d) if every is not None else spec.items():
            if key not in d:
                continue
            held = cache.get(key)
            if held is None:
                continue
            if sub is not True:
                if type(d[key]) is dict:
                    self._reuse(d[key], sub, held, at)
            elif held[5] <= at and not held[1].written:
                dict.__setitem__(d, key, held[0])

    def verify(self, state: dict, data: bytes) -> None:
        """Raise, naming the zone, when the assembled bytes are not the full dump's."""
        if data == _plain(state):
            return
        stale = [path for path, value, held in self._zones(state, self.spec, self.cache, ())
                 if canonical.dumps(value) != held]
        raise AssertionError(f"zone dump differs from the full dump in {stale or 'the layout'}")

    def _zones(self, d: dict, spec: dict, cache: dict, path: tuple):
        for key, value in d.items():
            sub = spec.get(key, spec.get("*"))
            if sub is True and key in cache:
                yield (*path, key), value, cache[key][4]
            elif isinstance(sub, dict) and isinstance(value, dict):
                yield from self._zones(value, sub, cache.get(key, {}), (*path, key))


def _plain(state: dict) -> bytes:
    """The full dump, RNG aside (`canonical.snapshot`'s bytes)."""
    return canonical.snapshot(state)[0]
