"""Consequences: what one action changed that a player cares about (issues 32 and 36).

A rule system reduces a state to its **pieces** (`RuleSet.pieces`): a dict from a key
`(kind, *subject)` to a value, the subject named by its `Kind` (`("influence", "red", "emperor")
-> 3`, `RuleSet.consequence_kinds`); the **summary** adds the winners once the game is over (the
one result shape, core/results.py). The consequences
of an action are the difference between the summaries before and after it, one entry per key
that changed, written by the kind's shape (schemas/consequence.json):

- `amount` (spice, VP, troops): `{"kind", <subject>, "change", "now"}`;
- `holder` (who holds an Alliance, a leader's status, the storm's sector): `{"kind", <subject>, "from", "to"}`;
- `cards` (ids in any order, a multiset: cards owned, strongholds held): `{"kind", <subject>, "gained", "lost"}`
  (a card face down, `"?"`, is none of them),
  with `"seen_by": [seat]` when only that seat may see which cards they are (`secret`; the
  service's views put such cards face down for everyone else).

What the state does not keep (who won a battle) the action notes as it happens
(`Table.events`); the rule system reads them (`RuleSet.noted(before, events)`) and they follow
the differences.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .observers import HIDDEN

AMOUNT, HOLDER, CARDS = "amount", "holder", "cards"


@dataclass(frozen=True)
class Kind:
    about: tuple[str, ...]  # the names of the subject's parts: ("seat",), ("seat", "faction")
    shape: str = AMOUNT
    secret: bool = False  # `cards` only the seat named may see


WINNERS = Kind((), HOLDER)


def summary(rules, state: dict) -> dict:
    out = rules.pieces(state)
    if (state.get("result") or {}).get("finished"):
        out["winners",] = tuple(rules.result(state)["winners"])
    return out


def consequences(rules, before: dict, after: dict, events: list[dict]) -> list[dict]:
    """What changed between two summaries, then what the action noted (`Outcome.events`)."""
    return diff({**rules.consequence_kinds, "winners": WINNERS}, before, after) + rules.noted(before, events)


def diff(kinds: dict[str, Kind], before: dict, after: dict) -> list[dict]:
    """The consequences between two summaries, ordered by key (kind, then subject): never by the
    order of a state's dicts, which a state read back from its canonical bytes does not keep."""
    out = []
    changed = [k for k, v in after.items() if before.get(k) != v] + [k for k in before if k not in after]
    for key in sorted(changed):
        was, now = before.get(key), after.get(key)
        kind = kinds[key[0]]
        entry = {"kind": key[0], **dict(zip(kind.about, key[1:], strict=True))}
        if kind.shape == AMOUNT:
            entry.update(change=(now or 0) - (was or 0), now=now or 0)
        elif kind.shape == HOLDER:
            entry.update({"from": _plain(was), "to": _plain(now)})
        else:
            entry.update(_moved(was or (), now or ()))
            if not entry.keys() - {"kind", *kind.about}:
                continue  # the same cards in another order
            if kind.secret:
                entry["seen_by"] = [entry["seat"]]
        out.append(entry)
    return out


def _plain(value):
    return list(value) if isinstance(value, tuple) else value  # a report's JSON reads the same as it is built


def _moved(was, now) -> dict:
    gained, lost = _known(now), _known(was)
    gained.subtract(_known(was))
    lost.subtract(_known(now))
    out = {}
    for name, count in (("gained", gained), ("lost", lost)):
        cards = sorted(c for c, n in count.items() for _ in range(n))
        if cards:
            out[name] = cards
    return out


def _known(ids) -> Counter:
    return Counter(c for c in ids if isinstance(c, str) and c != HIDDEN)


def veiled(entry: dict, seat: str | None) -> dict:
    """A consequence as `seat` (None: the public) may read it: the cards it may not see face down."""
    if "seen_by" not in entry or seat in entry["seen_by"]:
        return entry
    return {k: [HIDDEN] * len(v) if k in ("gained", "lost") else v for k, v in entry.items()}
