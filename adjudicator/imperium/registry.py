"""The registries every rule of the family plugs into (the lowest layer above `game`).

- `OPS`: the effect language's operations (`effects.py`).
- `CUSTOM`: rules that need code, referenced from data as `{"custom": name}` (`cards/`).
- `CHOICES`: every kind of `choice` task: what it offers, what an answer does, what it cites.
- `CHANCES`: every kind of chance outcome: its candidates, how the dealer deals it, how a
  recorded outcome is checked and applied.
- `VERBS`: every decision verb of a turn or window: which tasks accept it, what it offers,
  how it applies, what it cites.
- `NODES`: the kinds of effect node in a turn's DAG and how each resolves.
- `HOOKS`: the places where a card, leader or module changes a general rule. General rule
  modules fire a hook by name and never name a card; the card's own module registers.

A new card, module or kind of decision is added by registering here from its own file.
Registration happens at import; `rules.py` imports every rule module once (plugin loading),
so the registries are complete before any game is set up. Hooks run in the declared order of
their files (`HOOK_ORDER`), whatever the import order: the same log always resolves the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.engine import Hooks, Kinds, Modules, Needs, met, needs
from ..core.observers import Hidden

OPS: dict[str, Callable] = {}
CUSTOM: dict[str, Callable] = {}
# a custom step registered for modules (`custom(name, module=...)`) -> the modules it needs, each
# registration one alternative (Tech tiles: the Tech Module's or Rise of Ix's); elsewhere it does nothing
CUSTOM_NEEDS: dict[str, list[Needs]] = {}
CHOICES: Kinds[ChoiceKind] = Kinds("choice kind")
CHANCES: Kinds[ChanceKind] = Kinds("chance kind")
# the order a task's verbs list their offers in (rules.py), whatever file was imported first
VERBS: Kinds[Verb] = Kinds("verb", (
    "choose", "recruit-commander", "return-specimens", "acquire-tleilaxu", "family-atomics", "flip-tech",
    "rival-agent", "send-agent", "reveal", "resolve", "deploy", "acquire", "end-turn", "graft", "pass",
    "play-intrigue"))
MODULES = Modules()


def in_play(g) -> frozenset[str]:
    """The modules in play at a table, found once per `Game`: a game's modules never change
    during it (they follow from its setup: the modules named, the seats)."""
    found = g.__dict__.get("modules_in_play")
    if found is None:
        found = g.modules_in_play = MODULES.in_play_at(g)
    return found


# The files whose listeners run, in the order they run (then each file's in its registration
# order): the order they were loaded in when they all lived in custom/ (alphabetically, each after
# the files it imports), kept so the same log resolves triggers as it always did. Python's import
# order does not decide it (`Hooks`). A new file's listeners go where its rule must run (the end,
# if it need not come before any other: earlier listeners keep their order).
HOOK_ORDER = tuple(f"{__package__}.{name}" for name in (
    "custom.base", "custom.base_intrigue", "modules.choam.contracts", "custom.triggers",
    "modules.bloodlines.cards", "modules.bloodlines.leaders", "modules.bloodlines.commanders", "custom.common",
    "modules.bloodlines.hidden", "modules.immortality.immortality", "modules.immortality.cards",
    "modules.rivals.hagal", "modules.rivals.base", "modules.rivals.bloodlines", "modules.rivals.immortality",
    "modules.tech.tech", "modules.rivals.tech", "modules.rivals.turn", "modules.six_players.teams",
    "modules.six_players.cards", "modules.six_players.commanders", "modules.six_players.immortality",
    "modules.six_players.bloodlines", "custom.uprising", "modules.immortality.graft", "modules.ix.ix",
    "modules.ix.cards", "modules.rivals.ix", "modules.rivals.ix_tech", "consequences"))
# listeners registered for a module (`hook(event, module=...)`) run only in its games
HOOKS = Hooks(in_play, HOOK_ORDER)
hook, fire, ask, first, adjust = HOOKS.on, HOOKS.fire, HOOKS.ask, HOOKS.first, HOOKS.adjust
# the kind of an effect node of a turn ("space", "card", "reveal", "leader", "contract") -> how
# resolving it runs: fn(g, pid, ident, node)
NODES: dict[str, Callable] = {}
# custom name -> a check run before an Intrigue card using it may be played (raises IllegalAction)
INTRIGUE_CHECKS: dict[str, Callable] = {}
# a flag a card sets on the turn -> the ruling cited wherever a general rule honours it
FLAG_RULINGS: dict[str, str] = {}


@dataclass(frozen=True)
class ChoiceKind:
    """A kind of `choice` task. `offers(g, task)` lists the legal answers (dicts without by/do);
    `apply(g, task, answer, below)` runs after the answer was found among the offers and the
    task was taken off the stack (`below` is the task now on top). `skip` answers are applied by
    the kind too when `handles_skip`, else they simply decline. `why_not(g, task, answer)` may
    name the rule that keeps an answer out of the offers (an IllegalAction, or None)."""

    name: str
    offers: Callable[..., list[dict]]
    apply: Callable[..., None]
    rulings: tuple[str, ...] = ()
    handles_skip: bool = False
    # why an answer that is not offered is refused, when a rule says more than "not offered"
    why_not: Callable[..., Any] | None = None
    # the answer `skip` stands for where it is not offered itself ("up to N": zero), or None
    decline: Callable[..., dict | None] | None = None
    secret: Hidden | None = None  # what an answer keeps from the other players (core/observers.py)
    # (g, task, answer) -> what an answer stands for, for its label (effect_words.py): effect
    # steps, or the words themselves; without it, `{"option": i}` stands for the task's `options[i]`
    words: Callable[..., list | str] | None = None
    # the answer a log that goes on without this decision is read as (a decision older logs never
    # recorded: implied.py), or None: then moving on is refused (`timing.choice-pending`)
    left_out: dict | None = None


@dataclass(frozen=True)
class ChanceKind:
    """A kind of chance outcome. `candidates(g, task)` lists every outcome where that list is
    short (None: only a checker makes sense); `deal(g, task)` draws one from the RNG kept in the
    state; `apply(g, task, action)` checks a recorded outcome and applies it."""

    name: str
    candidates: Callable[..., list[dict] | None]
    deal: Callable[..., dict]
    apply: Callable[..., None]
    rulings: tuple[str, ...] = ()
    prompt: Callable[..., dict] | None = None
    secret: Hidden | None = None  # what an outcome keeps from the other players (core/observers.py)


@dataclass(frozen=True)
class Verb:
    """A decision verb. `tasks`: the pending task kinds that accept it; `offers(g, task, pid)`
    lists the legal actions (without by/do); `apply(g, task, pid, args)` checks and applies one."""

    name: str
    tasks: tuple[str, ...]
    offers: Callable[..., list[dict]]
    apply: Callable[..., None]
    rulings: tuple[str, ...] = ()
    # verbs a task accepts only under a condition (Prescience's `resolve` at a turn's start)
    accepts: Callable[..., bool] | None = field(default=None)
    # a seat may take it whenever the game waits for a decision, whoever's it is (listed among
    # the offers of the seat's own `tasks` only); `accepts` still decides whether it is possible
    any_time: bool = False
    # the module(s) whose games have it (as a listener's `module=`), or None: every game
    module: str | tuple[str, ...] | None = None

    def takes(self, g, task: dict) -> bool:
        """Whether the pending `task` accepts this verb now: its module in play, then `accepts`."""
        return met(in_play(g), needs(self.module)) and (self.accepts is None or self.accepts(g, task))


def op(name: str):
    def register(fn):
        OPS[name] = fn
        return fn
    return register


def custom(*names: str, module: str | tuple[str, ...] | None = None):
    """Register a `{"custom": name}` step's code, for every game or (`module`, as for a listener)
    only for the games that play it: elsewhere the step does nothing, so the code tests no mode.
    Registered again for another module, the same code: either module's games."""
    def register(fn):
        for name in names:
            assert CUSTOM.get(name, fn) is fn, f"custom step {name!r} registered twice"
            CUSTOM[name] = fn
            if module is not None:
                CUSTOM_NEEDS.setdefault(name, []).append(needs(module))
        return fn
    return register


def custom_runs(g, name: str) -> bool:
    """Whether a registered custom step runs at this table (its module in play, if it has one)."""
    alternatives = CUSTOM_NEEDS.get(name)
    return alternatives is None or any(met(in_play(g), n) for n in alternatives)


def choice(name: str, offers: Callable, rulings: tuple[str, ...] = (), handles_skip: bool = False,
           why_not: Callable | None = None, decline: Callable | None = None, secret: Hidden | None = None,
           words: Callable | None = None, left_out: dict | None = None):
    """Register a kind of choice: decorate its `apply`."""
    def register(apply):
        CHOICES.add(name, ChoiceKind(name, offers, apply, tuple(rulings), handles_skip, why_not, decline, secret,
                                     words, left_out))
        return apply
    return register


def chance_kind(kind: ChanceKind) -> ChanceKind:
    return CHANCES.add(kind.name, kind)


def verb(v: Verb) -> Verb:
    return VERBS.add(v.name, v)


def node_kind(kind: str):
    def register(fn):
        NODES[kind] = fn
        return fn
    return register


def intrigue_check(name: str):
    def register(fn):
        INTRIGUE_CHECKS[name] = fn
        return fn
    return register
