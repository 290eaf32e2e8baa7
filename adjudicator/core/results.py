"""One result shape for every rule system (schemas/result.json), what standings, `validate` rows
and analytics read without knowing the rule system:

- `finished`: the game has ended;
- `winners`: who won (one player; two allies in classic Dune; a team's three players in the
  six-player game; several who tie after every tiebreaker); empty: nobody, or not yet;
- `how`: the way it was won, in the rule system's words (`vp`, `tiebreak`, `tie`, `team`,
  `strongholds`, `prediction`, …); None while the game goes on;
- `ranking`: every seat's place, best first (`{"player", "place"}`; tied seats share the better
  place; winners first);

and the rule system's own detail beside them (`vp`, `tiebreakers`, `teams`, `turn`, …)."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def ongoing(**detail) -> dict:
    return {"finished": False, "winners": [], "how": None, "ranking": [], **detail}


def ended(winners: Sequence[str], how: str, ranking: list[dict], **detail) -> dict:
    return {"finished": True, "winners": list(winners), "how": how, "ranking": ranking, **detail}


def places(order: Sequence[str], winners: Sequence[str], key: Callable[[str], object] | None = None) -> list[dict]:
    """Winners share first place; the others follow in `order`, seats with an equal `key` sharing
    the better place (no key: all the others share the place after the winners)."""
    out = [{"player": pid, "place": 1} for pid in order if pid in winners]
    rest = [pid for pid in order if pid not in winners]
    for i, pid in enumerate(rest):
        tied = i and (key is None or key(rest[i - 1]) == key(pid))
        out.append({"player": pid, "place": out[-1]["place"] if tied else len(out) + 1})
    return out


def winners_named(report: dict) -> str | None:
    """A report's winners by their names in the log (a shared win joined with " & "), or None:
    what the games listing shows."""
    names = {p["id"]: p.get("name", p["id"]) for p in report["game"]["players"]}
    return " & ".join(names.get(w, w) for w in report["result"]["winners"]) or None
