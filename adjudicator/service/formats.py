"""Tournament formats as data: what a game's placing scores and which tiebreaks order the
standings, each with the ruling that states it (rulings/tournaments.toml).

Standings read only the one result shape (core/results.py: who won, how, each seat's place),
never a rule system's own fields, so one format serves every rule system: a game's own in-game
tiebreakers (Dune: Imperium's spice, Solari, water, garrison) have already decided its ranking.

A game comes here as `{"game", "round", "seats": [{"player", "place"}], "winners": [...]}` where
`place` is None for a disqualified player (a game played, nothing scored)."""

from __future__ import annotations

from collections.abc import Iterable

# scheme -> what ranks first, the tiebreaks after it (in order) and the ruling of the scheme
SCHEMES = {
    "points-per-place": {"primary": "points", "tiebreaks": ("wins", "opponents", "places"),
                         "ruling": "tournament.points-per-place"},
    "wins": {"primary": "wins", "tiebreaks": ("places", "opponents"), "ruling": "tournament.wins"},
    "wbc-heats": {"primary": "wins", "tiebreaks": ("places",), "ruling": "tournament.wbc-heats"},
    "dune-wins": {"primary": "wins", "tiebreaks": ("solo-wins", "opponents"), "ruling": "tournament.dune-wins"},
}
CRITERIA = ("points", "wins", "solo-wins", "places", "opponents")
CRITERIA_RULINGS = {
    "points": "tournament.points-per-place",
    "wins": "tournament.wins",
    "solo-wins": "tournament.solo-wins",
    "places": "tournament.places",
    "opponents": "tournament.opponents",
}
TIED_RULING = "tournament.shared-rank"  # tied after every tiebreak: one rank, never the alphabet


def criteria(scoring: dict) -> list[str]:
    """The order the standings compare in: the scheme's primary, then the tournament's chosen
    tiebreaks (its scheme's by default)."""
    scheme = SCHEMES[scoring["scheme"]]
    chosen = scoring.get("tiebreaks", scheme["tiebreaks"])
    return [scheme["primary"], *[c for c in chosen if c != scheme["primary"]]]


def place_points(scoring: dict, place: int | None, won: bool) -> float:
    if place is None:
        return 0
    if scoring["scheme"] == "points-per-place":
        points = scoring["points"]
        return points[place - 1] if place <= len(points) else 0
    return int(won)


def compute(scoring: dict, games: Iterable[dict], players: Iterable[str] = (),
            adjust: dict | None = None) -> list[dict]:
    """The standings: one entry per player (the registered `players` first, each one even before
    any game), ranked by `criteria(scoring)`; `adjust` adds judges' points ({player: delta})."""
    table: dict[str, dict] = {}

    def entry(name: str) -> dict:
        return table.setdefault(name, {"player": name, "points": 0, "wins": 0, "solo_wins": 0, "games": 0,
                                       "places": [], "met": []})

    for name in players:
        entry(name)
    for game in games:
        seats = game["seats"]
        for seat in seats:
            e = entry(seat["player"])
            won = seat["player"] in game["winners"]
            e["games"] += 1
            e["points"] += place_points(scoring, seat["place"], won)
            e["wins"] += int(won)
            e["solo_wins"] += int(won and len(game["winners"]) == 1)
            if seat["place"] is not None:
                e["places"] += [0] * (seat["place"] - len(e["places"]))
                e["places"][seat["place"] - 1] += 1
            e["met"] += [s["player"] for s in seats if s["player"] != seat["player"]]
    for name, delta in sorted((adjust or {}).items()):
        entry(name)["points"] += delta
    order = criteria(scoring)
    longest = max((len(e["places"]) for e in table.values()), default=0)
    values = {name: _values(e, table, longest) for name, e in table.items()}
    ranked = sorted(table, key=lambda n: ([_sortable(values[n][c]) for c in order], n), reverse=True)
    ranked = _display_order(ranked, values, order)
    out, rank = [], 0
    for i, name in enumerate(ranked):
        e = table[name]
        if i == 0 or _key(values[ranked[i - 1]], order) != _key(values[name], order):
            rank = i + 1
        decided = _decided(values[name], values[ranked[i + 1]], order) if i + 1 < len(ranked) else None
        out.append({"rank": rank, "player": name, "points": e["points"], "wins": e["wins"], "games": e["games"],
                    "tiebreak": decided, "tiebreaks": {c: values[name][c] for c in order[1:]}})
    return out


def _values(e: dict, table: dict, longest: int) -> dict:
    return {"points": e["points"], "wins": e["wins"], "solo-wins": e["solo_wins"],
            "places": e["places"] + [0] * (longest - len(e["places"])),
            "opponents": sum(table[m]["points"] for m in e["met"])}


def _sortable(value):
    return tuple(value) if isinstance(value, list) else value


def _key(values: dict, order: list[str]) -> tuple:
    return tuple(_sortable(values[c]) for c in order)


def _decided(mine: dict, next_: dict, order: list[str]) -> str | None:
    """The first criterion on which this entry beats the next one; None: they tie on all."""
    return next((c for c in order if _sortable(mine[c]) != _sortable(next_[c])), None)


def _display_order(ranked: list[str], values: dict, order: list[str]) -> list[str]:
    """Players tied on every criterion share a rank; among them the list shows names A-Z (a
    display order only: the rank says they tie)."""
    groups: list[list[str]] = []
    for name in ranked:
        if groups and _key(values[groups[-1][0]], order) == _key(values[name], order):
            groups[-1].append(name)
        else:
            groups.append([name])
    return [name for group in groups for name in sorted(group)]


def rules_cited(scoring: dict) -> list[dict]:
    """Each criterion in order with the ruling that states it; the last line is the shared rank."""
    scheme = SCHEMES[scoring["scheme"]]
    order = criteria(scoring)
    return ([{"criterion": order[0], "ruling": scheme["ruling"]}]
            + [{"criterion": c, "ruling": CRITERIA_RULINGS[c]} for c in order[1:]]
            + [{"criterion": "tied", "ruling": TIED_RULING}])
