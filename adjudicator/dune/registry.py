"""Every kind of pending thing is one registered object (docs/ARCHITECTURE.md): a decision kind
owns what it offers, how it is checked and applied and what it cites; a chance kind owns what may
happen, how the seeded dealer draws it and how it applies; an automatic step runs with no one to
decide. The facade (rules.py) only looks them up."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.engine import Hooks, Kinds, Modules
from ..core.observers import Hidden

DECISIONS: Kinds[Decision] = Kinds("decision")
CHANCES: Kinds[ChanceKind] = Kinds("chance kind")
AUTOS: Kinds[Callable] = Kinds("automatic step")
# the order their offers are listed in (rules.py), whatever file was imported first
INTERJECTIONS: Kinds[Interjection] = Kinds("interjection", ("bribe", "play", "give-spice"))
MODULES = Modules()


@dataclass(frozen=True)
class Decision:
    """`offers(g, task)`: the legal answers, each a dict with its `do`. `check(g, task, args)`
    raises IllegalAction with the narrowest code and ruling; without one an answer is legal
    exactly when offered. `offers` and `check` rest on the same code where both exist."""

    name: str
    verbs: tuple[str, ...]
    offers: Callable
    apply: Callable
    rulings: tuple[str, ...]
    check: Callable | None = None
    secret: Hidden | None = None  # what an answer keeps from the other players (core/observers.py)
    # asked only because a card is recorded "?": a log that moves on without answering passes
    unseen: Callable | None = None
    # a decision logs written before it was asked never record: the answer a log that moves on
    # without it is read as (their old meaning), the verdict citing the decision's rulings
    left_out: str | None = None


@dataclass(frozen=True)
class ChanceKind:
    """`deal(g, task)` draws from the state's RNG; `check(g, task, data)` refuses an outcome that
    cannot happen now (a card not in the deck)."""

    name: str
    deal: Callable
    check: Callable
    apply: Callable
    rulings: tuple[str, ...]
    secret: Hidden | None = None  # what an outcome keeps from the other players (core/observers.py)


@dataclass(frozen=True)
class Interjection:
    """What a player may do out of turn while its window is open (a special Treachery card
    played, a bribe, the Emperor's gift to an ally): accepted whenever a decision is pending,
    whoever's it is, and that decision stays pending (ruling dune.engine-card-plays).
    `offers(g, pid)`: what `pid` may do so now (listed for the prompted player only);
    `check(g, pid, args)` raises IllegalAction; `apply(g, pid, args)`."""

    verb: str
    offers: Callable
    check: Callable
    apply: Callable
    rulings: tuple[str, ...]


def interjection(kind: Interjection) -> Interjection:
    return INTERJECTIONS.add(kind.verb, kind)


def decision(kind: Decision) -> Decision:
    return DECISIONS.add(kind.name, kind)


def chance_kind(kind: ChanceKind) -> ChanceKind:
    return CHANCES.add(kind.name, kind)


def auto(name: str):
    return AUTOS.register(name)


# --- hooks: where a faction (or a card) changes a general rule ------------------------------------
# The general modules name no faction: they ask a hook; the faction's own module (factions/)
# answers it. Listeners run in the order of their files (`HOOK_ORDER`, whatever Python imported
# first), then in each file's registration order; one registered for a module (`hook(name,
# module=...)`) only in that module's games. The advanced game's files come before the factions'
# own (the advanced Bene Gesserit's starting force is asked before their prediction, their
# advisors' shipment check before the Fremen's), the expansion and its Tech Tokens after them (a
# token is taken before a Face Dancer is revealed).
HOOK_ORDER = tuple(f"{__package__}.{name}" for name in (
    *(f"modules.advanced.{f}" for f in ("atreides", "bene_gesserit", "bene_gesserit_advisors", "fremen",
                                         "harkonnen", "karama_powers", "spacing_guild", "spice", "storm")),
    *(f"factions.{f}" for f in ("atreides", "bene_gesserit", "emperor", "fremen", "harkonnen", "spacing_guild")),
    *(f"modules.ixians_tleilaxu.{f}" for f in ("ixcards", "ixian_bidding", "ixians", "ixians_hms", "tleilaxu",
                                                "tleilaxu_revival")),
    "modules.tech_tokens.tokens", "consequences"))
HOOKS = Hooks(MODULES.in_play_at, HOOK_ORDER)
hook, fire, ask, first = HOOKS.on, HOOKS.fire, HOOKS.ask, HOOKS.first
