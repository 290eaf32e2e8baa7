"""Who sees what (issue 28; OpenSpiel's information state against the public observation).

An **observer** is whoever an answer is built for: the referee (everything: a game's uploader, a
finished game, the sender of a posted log), one seat (the public, and its own secrets), or the
public. Every answer about a stored game is built for one observer, through the rule system's
views: `public_view(state, seat)` for a state, `public_scenario(doc, seat)` for a compact position,
and, for a log, the secrets below.

A **secret** is what one logged action keeps hidden and from whom: a card dealt into a hand, the
Traitor a player keeps, a Face Dancer deal, the Ixians' look at the Treachery supply, Baron
Harkonnen's Masterstroke tokens. Each kind of decision and chance outcome declares its own
(`Hidden`, on the kind where it is registered); the rule system's `secret(action, state)` finds
the declaration of the action's kind in the state before it. The secrets of a stored log are found
once, during the replay that stores it, and kept beside it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass

HIDDEN = "?"  # the log format's face-down card
BY_WORDS = ("label", "value")  # the fields of a `choose` that answers by an option's words


@dataclass(frozen=True)
class Observer:
    """`seat`: a player's own view; `referee`: everything. Neither: the public."""

    seat: str | None = None
    referee: bool = False

    def sees(self, secret: dict) -> bool:
        return self.referee or (self.seat is not None and self.seat in secret["seen_by"])

    @property
    def public(self) -> bool:
        return not self.referee


REFEREE = Observer(referee=True)
PUBLIC = Observer()


@dataclass(frozen=True)
class Hidden:
    """What a kind of action keeps secret: its `fields`, seen only by the seats its `seen_by`
    fields name (`by`: whoever made the decision; `player`: whom a card was dealt to).
    `kept(final_state, action, later)`: whether it is still secret once the log ends (a battle
    plan is revealed with the opponent's); without it, a secret stays secret until the game ends."""

    fields: tuple[str, ...]
    seen_by: tuple[str, ...] = ("player",)
    kept: Callable[[dict, dict, list[dict]], bool] | None = None

    def of(self, action: dict) -> dict | None:
        """What `action` keeps secret (`fields`, `seen_by`), or None when it holds none of the fields.
        An answer given by its words (`label`, `value`: a card's name) keeps them as secret as the
        fields they stand for."""
        fields = [f for f in (*self.fields, *BY_WORDS) if f in action]
        if not fields:
            return None
        seats = sorted({action[k] for k in self.seen_by if isinstance(action.get(k), str)})
        return {"fields": fields, "seen_by": seats}


def face_down(action: dict, fields) -> dict:
    """A copy of `action` with `fields` face down: a list as that many `"?"`, anything else `"?"`."""
    out = dict(action)
    for f in fields:
        if f in out:
            out[f] = [HIDDEN] * len(out[f]) if isinstance(out[f], list) else HIDDEN
    return out


def log_view(log: dict, secrets: list[dict], observer: Observer) -> dict:
    """What `observer` may read of a log as written: without the seed (it predicts every deal)
    and with the secret values it does not see face down (each secret names its action by the
    JSON `pointer` of the log entry or turn-shorthand choice that wrote it)."""
    if observer.referee:
        return log
    view = copy.deepcopy(log)
    if isinstance(view.get("setup"), dict):
        view["setup"].pop("seed", None)
    for secret in secrets:
        if not observer.sees(secret):
            *path, last = secret["pointer"].strip("/").split("/")
            parent = view
            for part in path:
                parent = parent[int(part) if isinstance(parent, list) else part]
            key = int(last) if isinstance(parent, list) else last
            parent[key] = face_down(parent[key], secret["fields"])
    return view


def unseen(secrets: list[dict], observer: Observer) -> dict[int, list[str]]:
    """Logged action index -> the fields `observer` may not see."""
    return {s["index"]: s["fields"] for s in secrets if not observer.sees(s)}
