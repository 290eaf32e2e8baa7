"""Karama against a faction advantage (ruling dune.karama; our reading of each window in
dune.engine-karama-stops): the card stops one use of an advantage when that advantage is tried,
and the faction then takes the same decision again without it. So a Karama against an advantage
is played while the decision that would use it is pending (`play {card: karama, against}`), and
the stop is written on that pending task (`stopped`): the decision's offers and checks are
recomputed without the advantage, and the stop ends with the decision. Battle advantages (the
Voice, the Atreides prescience) are struck from the battle instead (cards.py).

`STOPPABLE` is the one table of what a Karama may stop: the faction whose advantage it is and
the decision kind that uses it (with a test on that task). Advantages no Karama can stop (traitors,
win conditions) are `UNSTOPPABLE`; those used with no decision pending (storm losses, the worm
sparing the Fremen, the Tleilaxu's spice for a Ghola card) get a decision to ride on: a
`karama-window` (`pass`) asked, just before the step that uses the advantage, of each other
player who may hold a Karama (or, advanced, the Bene Gesserit a worthless card), so that random
play is not flooded (`ask_before`); the stop is then written on that step (`onto`). The Fremen's
half storm losses ride on the `storm-window` every player is asked before the storm moves; the
Guild's timing on its `guild-timing` decision (ruling dune.engine-karama-unattended)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import IllegalAction
from ..core.sentences import clause
from .alliance import allied
from .deck import shown
from .game import Game
from .registry import MODULES, Decision, decision, first
from .storm import exposed
from .treachery import HIDDEN, could_hold, discard

RULINGS = ("dune.karama", "dune.engine-karama-stops")
KARAMA = "karama"
NO_POWER = "{player} has no special Karama power: only the advanced game gives one."


@dataclass(frozen=True)
class Stoppable:
    """`faction`: whose advantage; `kind`: the decision that uses it; `uses(g, task, owner)`: that
    this pending decision would use it (owner: the player of `faction`)."""

    faction: str
    kind: str
    uses: Callable
    what: str  # the advantage in English words; its Russian in data/sentences-ru.toml (a `clause`)
    rulings: tuple[str, ...] = ()  # cited besides RULINGS when it is stopped
    # a stop that names a leader (`play {card: karama, against, leader}`: a ghola barred for the
    # turn): the leaders it may name now, and what naming one does (g, leader)
    named: Callable | None = None
    then: Callable | None = None
    # who uses it in this decision (g, task, owner): none of them may stop it (ruling
    # dune.engine-karama-not-own); the owner alone unless it serves another player
    users: Callable | None = None
    # the module whose games alone have this advantage (the advanced game's: ruling dune.fremen-advanced)
    module: str | None = None


def served(g: Game, task: dict, owner: str) -> tuple[str, ...]:
    """An advantage used for the player deciding (the ally's half price, terms given to another)."""
    return owner, task["player"]


def _for_ally(g: Game, task: dict, owner: str) -> tuple[str, ...]:
    return owner, *(q for q in g.seats if allied(g, owner, q))


def _own(g: Game, task: dict, owner: str) -> bool:
    return task["player"] == owner


def _own_or_ally(g: Game, task: dict, owner: str) -> bool:
    return task["player"] == owner or allied(g, task["player"], owner)


def _others(g: Game, task: dict, owner: str) -> bool:
    return task["player"] != owner


def _bidder(g: Game, task: dict, owner: str) -> bool:
    return owner in task.get("bidders", ())


def _ally_sponsored(g: Game, task: dict, owner: str) -> bool:
    return allied(g, task["player"], owner)


# --- advantages used with no decision pending: a window just before the step that uses them ----------
WINDOW = "karama-window"


def may_karama(g: Game, pid: str) -> bool:
    """May hold a Karama, or (advanced) the Bene Gesserit a worthless card that stands in for one."""
    return could_hold(g, pid, KARAMA) or bool(first("karama-stand-in", g, pid, None))


def _step(g: Game, kind: str) -> dict | None:
    return next((t for t in reversed(g.state["stack"]) if t["t"] == "auto" and t.get("kind") == kind), None)


def asks(g: Game, against: str) -> bool:
    owner = g.player_of(STOPPABLE[against].faction)
    return any(q != owner and may_karama(g, q) for q in g.order)


def ask_before(g: Game, against: str, step: dict) -> None:
    """Push `step` (the automatic step that uses the advantage) and above it a window for each
    player but the advantage's own who may stop it, in storm order (ruling dune.engine-karama-unattended)."""
    owner = g.player_of(STOPPABLE[against].faction)
    g.push(*({"t": "decide", "kind": WINDOW, "player": q, "against": against}
             for q in g.order if q != owner and may_karama(g, q)), step)


def before(against: str, kind: str) -> Callable:
    """`uses` of an advantage a window asks about: that window, its step still unstopped."""
    def uses(g: Game, task: dict, owner: str) -> bool:
        step = _step(g, kind)
        return task.get("against") == against and step is not None and against not in step.get("stopped", ())
    return uses


def onto(against: str, kind: str) -> Callable:
    """`then` of such an advantage: the stop is carried to the step that uses it."""
    def carry(g: Game, leader) -> None:
        _step(g, kind).setdefault("stopped", []).append(against)
    return carry


def _storm_losses(g: Game, task: dict, owner: str) -> bool:
    """Before the storm moves (every player's storm-window), while the Fremen have forces in sand."""
    step = _step(g, "storm-move")
    return (step is not None and "fremen-storm-losses" not in step.get("stopped", ())
            and any(g.forces(loc, owner) and exposed(g, loc) for loc in sorted(g.state["map"])))


def _guild_timing(g: Game) -> None:
    """Stopped for the rest of the phase: every timing question left is asked without it."""
    for t in g.state["stack"]:
        if t.get("kind") == "guild-timing" and "guild-timing" not in t.setdefault("stopped", []):
            t["stopped"].append("guild-timing")


STOPPABLE = {
    # information only: recorded, stops nothing a log shows (ruling dune.engine-atreides-looks)
    "atreides-auction-prescience": Stoppable("atreides", "bid", lambda g, t, o: True,
                                             "the Atreides' look at the card up for bid (information only)",
                                             rulings=("dune.engine-atreides-looks",)),
    "harkonnen-free-card": Stoppable("harkonnen", "bid", _bidder, "the Harkonnen's free card with this purchase"),
    "emperor-payment": Stoppable("emperor", "bid", _others, "the Emperor receiving this card's price"),
    "emperor-sponsored-revival": Stoppable("emperor", "revive", _ally_sponsored,
                                           "the Emperor paying for its ally's extra revivals", users=served),
    "guild-payment": Stoppable("spacing-guild", "ship", _others, "the Guild receiving this shipment's payment"),
    "guild-half-price": Stoppable("spacing-guild", "ship", _own_or_ally, "half-price shipment", users=served),
    "guild-cross-ship": Stoppable("spacing-guild", "ship", _own_or_ally,
                                  "shipment from the planet (cross-ship or back to reserves)", users=served),
    "fremen-move": Stoppable("fremen", "move", _own, "the Fremen's two-territory move"),
    "fremen-spare-ally": Stoppable("fremen", "spare-ally", _own, "the Fremen sparing their ally from the worm",
                                  users=_for_ally),
    "fremen-ally-revival": Stoppable("fremen", "revive", lambda g, t, o: bool(t.get("fremen_grant")),
                                     "the Fremen's free revival of 3 for their ally", users=served),
    "fremen-worm-placement": Stoppable("fremen", "place-worm", _own, "the Fremen placing a later Shai-Hulud"),
    "harkonnen-capture": Stoppable("harkonnen", "captured", _own, "the Harkonnen's capture of a leader"),
    "spiritual-advisor": Stoppable("bene-gesserit", "advisor", _own, "the free spiritual advisor"),
    "bene-gesserit-intrusion": Stoppable("bene-gesserit", "flip", lambda g, t, o: t["player"] == o and
                                         t.get("why") == "intrusion", "the Bene Gesserit turning advisors on "
                                         "Intrusion", rulings=("dune.bene-gesserit-advisors",)),
    "bene-gesserit-charity": Stoppable("bene-gesserit", "charity", _own, "CHOAM Charity whatever they hold",
                                       module="advanced"),
    # used while no decision is pending (ruling dune.engine-karama-unattended)
    "fremen-storm-losses": Stoppable("fremen", "storm-window", _storm_losses, "the Fremen's half storm losses",
                                     rulings=("dune.engine-karama-unattended",),
                                     then=onto("fremen-storm-losses", "storm-move"), module="advanced"),
    "fremen-worm-immunity": Stoppable("fremen", WINDOW, before("fremen-worm-immunity", "devour"),
                                      "the Fremen's forces spared by Shai-Hulud",
                                      rulings=("dune.engine-karama-unattended",),
                                      then=onto("fremen-worm-immunity", "devour")),
    "guild-timing": Stoppable("spacing-guild", "guild-timing", lambda g, t, o: True,
                              "the Guild's choice of when to take its turn", rulings=("dune.engine-karama-unattended",),
                              then=lambda g, leader: _guild_timing(g), module="advanced"),
}
# Stopped in battle (cards.py strikes them from the battle record); who uses each there (g, battle):
# the faction and the fighter it serves, who may not stop it (ruling dune.engine-karama-not-own).
IN_BATTLE = {"voice": "the Voice", "prescience": "the Atreides prescience"}


def _fighter_against(b: dict, target: str) -> tuple[str, ...]:
    return tuple(q for q in (b["aggressor"], b["defender"]) if q != target)


BATTLE_USERS = {"voice": lambda g, b: (g.player_of("bene-gesserit"), *_fighter_against(b, b["voice"]["target"])),
                "prescience": lambda g, b: (g.player_of("atreides"), *_fighter_against(b, b["prescience"]["of"]))}
UNSTOPPABLE = {"harkonnen-traitors": "a traitor call", "traitor": "a traitor call",
               "guild-default": "a win condition", "fremen-default": "a win condition",
               "bene-gesserit-prediction": "a win condition",
               # the rulebook marks no Karama on it (2.04.05) and the GF9 Q&A says no Karama prevents it
               "fremen-free-shipment": "the Fremen bringing their reserves in"}


NOT_OWN = ("dune.karama", "dune.engine-karama-not-own")


def _pending(g: Game, against: str) -> bool:
    entry, task = STOPPABLE.get(against), g.top
    if entry is None or task is None or task.get("kind") != entry.kind or task["t"] != "decide":
        return False
    if entry.module is not None and entry.module not in MODULES.in_play_at(g):
        return False  # an advantage the game played does not have
    owner = g.player_of(entry.faction)
    return owner is not None and against not in task.get("stopped", ()) and entry.uses(g, task, owner)


def own(g: Game, pid: str, against: str) -> bool:
    """`pid` uses this advantage now (its faction's, or one used for it): a Karama stops another's."""
    if against in IN_BATTLE:
        b = g.state["battle"]
        return bool(b and b.get(against)) and pid in BATTLE_USERS[against](g, b)
    if not _pending(g, against):
        return False
    entry = STOPPABLE[against]
    owner = g.player_of(entry.faction)
    return pid in (entry.users or (lambda g, t, o: (o,)))(g, g.top, owner)


def own_error(g: Game, pid: str, against: str) -> IllegalAction | None:
    if not own(g, pid, against):
        return None
    what = IN_BATTLE.get(against) or STOPPABLE[against].what
    return IllegalAction("dune.karama-own-advantage", "{player} uses {advantage}: a Karama stops another "
                         "faction's advantage, not one's own.", NOT_OWN,
                         params={"player": pid, "advantage": clause(what)})


def window(g: Game, pid: str, against: str) -> bool:
    """The pending decision uses `against`, and `pid` is not among those who use it."""
    return _pending(g, against) and not own(g, pid, against)


def options(g: Game, pid: str) -> list[dict]:
    """The Karama's arguments (`against`, and `leader` where the stop names one)."""
    return [{"against": a, **named} for a in STOPPABLE if window(g, pid, a) for named in _named(g, a)]


def _named(g: Game, against: str) -> list[dict]:
    entry = STOPPABLE[against]
    return [{}] if entry.named is None else [{"leader": ld} for ld in entry.named(g, g.top)]


def named_error(g: Game, against: str, args: dict) -> IllegalAction | None:
    """A stop that names a leader names one it may stop now (and only such a stop names one)."""
    if {k: v for k, v in args.items() if k != "against"} in _named(g, against):
        return None
    return IllegalAction("dune.karama-window", "A Karama against {advantage} cannot name that leader now.",
                         (*RULINGS, *STOPPABLE[against].rulings), params={"advantage": clause(STOPPABLE[against].what)})


def stop(g: Game, against: str, args: dict | None = None) -> None:
    g.top.setdefault("stopped", []).append(against)
    g.rulings += [*RULINGS, *STOPPABLE[against].rulings]
    if (then := STOPPABLE[against].then) is not None:
        then(g, (args or {}).get("leader"))


def stopped(g: Game, advantage: str, task: dict | None = None) -> bool:
    """Is this advantage stopped for the pending decision (or the task given)?"""
    task = g.top if task is None else task
    return task is not None and advantage in task.get("stopped", ())


# --- the card that pays a Karama bid or shipment ---------------------------------------------------------


def payment_error(g: Game, pid: str, card) -> IllegalAction | None:
    """A Karama, or a worthless card the advanced Bene Gesserit name (`card`; hook `karama-stand-in`,
    ruling dune.bene-gesserit-worthless-karama); naming none, one they hold may still stand in."""
    if card is None and (could_hold(g, pid, KARAMA) or first("karama-stand-in", g, pid, None)):
        return None
    if card is not None and (card == KARAMA and could_hold(g, pid, KARAMA)
                             or first("karama-stand-in", g, pid, card)):
        return None
    return IllegalAction("dune.card-not-in-hand", "{player} holds no {card} to use as a Karama.",
                         ("dune.karama", "dune.bene-gesserit-worthless-karama"),
                         params={"player": pid, "card": shown(card or KARAMA)})


def pay_with(g: Game, pid: str, card) -> None:
    """Discard the card that paid. Named, it goes; naming none, a Karama if they may hold one, else
    the worthless card standing in (the advanced Bene Gesserit, ruling dune.engine-advanced-game):
    the one kind they hold, or, holding several kinds, the first by name, and the verdict is then
    unverifiable (the log does not say which went)."""
    if card is None and not could_hold(g, pid, KARAMA):
        kinds = sorted({c for c in g.p(pid)["hand"] if c != HIDDEN and first("karama-stand-in", g, pid, c)})
        g.rulings.append("dune.engine-advanced-game")
        if not kinds:  # checked when the bid was made; the hand cannot have changed since
            raise IllegalAction("dune.card-not-in-hand", "{player} holds no card to pay with as a Karama.",
                                ("dune.karama", "dune.bene-gesserit-worthless-karama"), params={"player": pid})
        card = kinds[0]
        if len(kinds) > 1:
            g.hidden.append(f"which worthless card {pid} paid as a Karama is not recorded (one of "
                            f"{', '.join(kinds)}; {card} taken)")
    discard(g, pid, [card or KARAMA])
    g.rulings.append("dune.karama")
    if card not in (None, KARAMA):
        g.rulings.append("dune.bene-gesserit-worthless-karama")


# --- the window decision: a Karama (an advantage stopped, a special power) or `pass` ----------------------
def _pass(g: Game, task: dict, args: dict) -> None:
    g.finish(task)


decision(Decision(WINDOW, ("pass",), lambda g, task: [{"do": "pass"}], _pass, ("dune.karama",)))
