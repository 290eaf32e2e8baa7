"""The positions protocol: a compact scenario read into a state, a state cut back into a
scenario, a hand-written state audited. A rule system's base game does each in its own
`scenario`, `cut` and `audit` files; every module adds its part (`Part`, in
`<system>/modules/<folder>/positions.py`) and the base loops over the parts (`Parts`) at fixed
phases, so no positions code names an expansion. Knows no game.

Every part is asked at every phase, in play or not: a part also answers for its keys written in
a game that does not play its module (a problem "needs-module" with its pointer).
"""

from __future__ import annotations

import importlib
import importlib.util
from abc import ABC, abstractmethod
from collections.abc import Iterable

from ..errors import UnknownName, problem
from ..names import fold
from ..observers import HIDDEN
from .modules import Modules


class Unexpressible(Exception):
    """Something on the table a scenario has no words for (a cut takes an earlier decision point)."""


def esc(key: str) -> str:
    """A JSON pointer token (RFC 6901)."""
    return str(key).replace("~", "~0").replace("/", "~1")


class Reader(ABC):
    """Resolves the names of one scenario, collecting every failure as a problem with its pointer
    (`prefix`: where the scenario stands in the document posted). Keeps each list it resolved (by
    pointer) so that a problem found later in the state points at the scenario's own element.
    A rule system says how a name of a kind is looked up (`lookup`)."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.problems: list[dict] = []
        self.lists: dict[str, list] = {}

    @abstractmethod
    def lookup(self, kind: str, value, pointer: str) -> str:
        """The id a name of `kind` stands for; raises UnknownName (pointer: the full one)."""

    def fail(self, pointer: str, code: str, detail: str, **extra) -> None:
        self.problems.append(problem(self.prefix + pointer, code, detail, **extra))

    def name(self, kind: str, value, pointer: str, hidden: bool = False):
        if hidden and value == HIDDEN:
            return HIDDEN
        try:
            return self.lookup(kind, value, self.prefix + pointer)
        except UnknownName as err:
            self.problems.append(err.as_problem())
            return None

    def names(self, kind: str, values, pointer: str, hidden: bool = False) -> list[str]:
        found = [self.name(kind, v, f"{pointer}/{i}", hidden) for i, v in enumerate(values or [])]
        self.lists[pointer] = found
        return [c for c in found if c is not None]

    def aliased(self, ptr: str, doc: dict, key: str, path: str, old_doc: dict, alias: str, read=lambda v: v):
        """A value written under the state's name (`doc[key]`, at `ptr/path`) or its deprecated alias
        (`old_doc[alias]`, read into the same terms by `read`), and where it was written (issue 32: a
        scenario's names are the state's). Both written and saying different things: `alias-disagrees`."""
        if key in doc:
            if alias in old_doc and _folded(read(old_doc[alias])) != _folded(doc[key]):
                self.fail(f"{ptr}/{alias}", "alias-disagrees", f"'{alias}' is the old name of '{path}', which is "
                          f"also written and says otherwise: write '{path}' only")
            return doc[key], f"{ptr}/{path}"
        if alias in old_doc:
            return read(old_doc[alias]), f"{ptr}/{alias}"
        return None, None

    def renamed(self, ptr: str, doc: dict, key: str, alias: str):
        """`aliased` for a key and its alias side by side in one object, read alike."""
        return self.aliased(ptr, doc, key, key, doc, alias)


def _folded(value):
    """A written value compared as names are looked up: strings case-folded, lists and objects through."""
    if isinstance(value, str):
        return fold(value)
    if isinstance(value, list):
        return [_folded(v) for v in value]
    if isinstance(value, dict):
        return {k: _folded(v) for k, v in value.items()}
    return value


class Part:
    """A module's part of positions. Every phase does nothing unless the module overrides it, so
    a module writes only the phases it has. `r` is the scenario's Reader, `state` the engine
    state being built or cut, `doc` the scenario; `c` is what the rule system's cut knows (its
    content, how it writes names, the state as dealt)."""

    name = ""  # the module's name (Module.name)
    table_keys: tuple[str, ...] = ()  # the scenario's top-level keys it owns (schemas unchanged)
    player_keys: tuple[str, ...] = ()  # its keys under players.<id>
    setup_keys: dict[str, str] = {}  # the log setup's field -> the scenario's key that writes it
    pointers: dict[str, str] = {}  # a state path's start -> the scenario pointer a problem there points at

    def unplayed(self, r, state: dict, src: dict, keys, ptr: str = "") -> None:
        """Each of `keys` written in `src` (at `ptr`) of a game that does not play this module: a problem."""
        modules = state["game"]["modules"]
        if self.name in modules:
            return
        for key in keys:
            if key in src:
                r.fail(f"{ptr}/{key}", "needs-module", f"{key!r} is a piece of the {self.name} module, which this "
                       f"game does not play (modules {list(modules)})")

    def given(self, r, state: dict, doc: dict, key: str, piece: str, detail: str) -> bool:
        """Is `key` written in `doc` and its piece (`state[piece]`) in the game? Written for a
        piece the game lacks: a problem "not-in-game" saying `detail`."""
        if key not in doc:
            return False
        if piece not in state:
            r.fail(f"/{key}", "not-in-game", detail)
            return False
        return True

    def pieces_in_play(self, state: dict, keys, player_keys, out: list) -> None:
        """The module's pieces in a state: each of `keys` there exactly when the module is in
        play; then, when nothing is wrong so far, each of `player_keys` on a player only then."""
        playing = self.name in state["game"]["modules"]
        for key in keys:
            if key in state and not playing:
                out.append(problem(f"/{key}", "needs-module", f"{key!r} is a piece of the {self.name} module, which "
                                   "this game does not play"))
            elif key not in state and playing:
                out.append(problem(f"/{key}", "schema", f"a game with the {self.name} module has {key!r}"))
        if out or playing:
            return
        for pid in state["game"]["seats"]:
            for key in player_keys:
                if key in state["players"][pid]:
                    out.append(problem(f"/players/{esc(pid)}/{key}", "needs-module", f"{key!r} is a piece of the "
                                       f"{self.name} module, which this game does not play"))

    # --- scenario -> state -------------------------------------------------------------------
    def read_setup(self, rules, doc: dict, prefix: str, setup: dict) -> list[dict]:
        """Add to the log setup new_state deals from; the problems of what it reads."""
        return []

    def seated(self, state: dict) -> list[str]:
        """The seats this module seats itself (written by its own keys, not game.players)."""
        return []

    def read_table(self, r, state: dict, doc: dict) -> None:
        """Its pieces on the table (before the players')."""

    def read_player(self, r, state: dict, pid: str, src: dict, ptr: str) -> None:
        """One player's pieces (`src` the scenario's players.<pid>, at `ptr`)."""

    def read_players(self, r, state: dict, doc: dict) -> None:
        """What needs every player read first (a leader another player holds)."""

    def read_decks(self, r, state: dict, doc: dict) -> None:
        """Its own piles of a deck's cards, before the decks are made of the cards seen nowhere."""

    def seen(self, state: dict, deck: str) -> list[str]:
        """The cards of `deck` its pieces hold out of that deck (a face-down one too)."""
        return []

    def fill(self, r, state: dict, doc: dict) -> None:
        """What the scenario leaves unsaid: every copy of its components not seen elsewhere."""

    def read_decision(self, r, state: dict, kind: str, decision: dict) -> None:
        """Its part of the pending decision (the stack is built)."""

    def settled(self, state: dict, doc: dict) -> None:
        """After the rule system has run the position's opening steps."""

    # --- state -> scenario (the cut) ---------------------------------------------------------
    def describe_setup(self, state: dict, doc: dict) -> None:
        """The scenario keys of its part of the setup (what `setup` reads)."""

    def describe_table(self, c, state: dict, doc: dict) -> None:
        """Its table keys; raises Unexpressible for what a scenario has no words for."""

    def describe_player(self, c, state: dict, pid: str, out: dict) -> None:
        """Its keys of one player, left out where the state as dealt has the same."""

    def same(self, state: dict) -> dict:
        """The state with what no rule tells apart made alike (an empty pile: no pile)."""
        return state

    # --- audit ---------------------------------------------------------------------------------
    def dealt(self, state: dict, cnt, dealt: dict) -> None:
        """Change what the game deals where the module changes it (`dealt`: the rule system's
        table of starting pieces, per seat and for the table)."""

    def zones(self, state: dict) -> Iterable[tuple]:
        """Its lists of the base game's cards, as the rule system's audit counts them."""
        return ()

    def misplaced(self, state: dict, out: list) -> None:
        """Its pieces in a state of a game that does not play it, or missing from one that does
        (appended to `out`, each with its pointer in the state)."""

    def audit(self, state: dict, cnt, out: list) -> None:
        """Its problems of a state whose pieces are all in place and whose base game's part is
        sound (the counts of its components, its tracks)."""


class Parts:
    """A rule system's parts of positions in their fixed order: each phase runs every part in
    that order, so the same scenario always builds the same state and lists its problems alike."""

    def __init__(self, parts: Iterable[Part] = ()):
        self.all: tuple[Part, ...] = tuple(parts)

    @classmethod
    def of(cls, modules: Modules, package: str) -> Parts:
        """The parts of a rule system's modules in their load order: the `PART` of each
        `<package>.<folder>.positions` that exists (folder: the module's name, `-` as `_`)."""
        parts = []
        for name in modules.all:
            path = f"{package}.{name.replace('-', '_')}.positions"
            if importlib.util.find_spec(path) is not None:
                parts.append(importlib.import_module(path).PART)
                assert parts[-1].name == name, (path, parts[-1].name)
        return cls(parts)

    def __iter__(self):
        return iter(self.all)

    def table_keys(self) -> tuple[str, ...]:
        return tuple(k for p in self.all for k in p.table_keys)

    def player_keys(self) -> tuple[str, ...]:
        return tuple(k for p in self.all for k in p.player_keys)

    def setup(self, rules, doc: dict, prefix: str) -> tuple[dict, list[dict]]:
        setup, found = {}, []
        for p in self.all:
            found += p.read_setup(rules, doc, prefix, setup)
        return setup, found

    def setup_pointer(self, pointer: str) -> str:
        """A log setup's pointer as the scenario's (`/setup/options/1` -> `/rival_options/1`)."""
        parts = pointer.strip("/").split("/")
        keys = {k: v for p in self.all for k, v in p.setup_keys.items()}
        if parts[0] == "setup" and len(parts) > 1 and parts[1] in keys:
            return "/" + "/".join([keys[parts[1]], *parts[2:]])
        return pointer

    def seated(self, state: dict) -> list[str]:
        return [q for p in self.all for q in p.seated(state)]

    def seen(self, state: dict, deck: str) -> list[str]:
        return [c for p in self.all for c in p.seen(state, deck)]

    def pointers(self) -> dict[str, str]:
        return {k: v for p in self.all for k, v in p.pointers.items()}

    def zones(self, state: dict):
        for p in self.all:
            yield from p.zones(state)

    def same(self, state: dict) -> dict:
        for p in self.all:
            state = p.same(state)
        return state

    def run(self, phase: str, *args) -> None:
        """Run one phase of every part (`read_table`, `fill`, `describe_player`, `audit`, ...)."""
        for p in self.all:
            getattr(p, phase)(*args)
