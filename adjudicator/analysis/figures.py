"""The figures read from a merged aggregate (aggregate.py): schemas/analytics.json.

- win rates with Wilson score intervals (95 %), a shared win counted as the rules share it;
- the length of games: median and quartiles (linear interpolation between order statistics,
  numpy's default and `statistics.quantiles(method="inclusive")`);
- VP by source: the mean per game and per player; the resources players end with, on average;
- card win lift: the win rate of the players who acquired a card over the win rate of all
  players, with the interval of that rate divided by the same baseline, for cards acquired in at
  least `min_sample` player-games;
- comebacks: after each round, how often the sole VP leader went on to win;
- illegal actions by the ruling (and the code) of the first illegal action.

Every table for all games and again per player count (`by_players`)."""

from __future__ import annotations

import math

from .aggregate import WIN

FORMAT = "dune-adjudicator/analytics"
Z = 1.959963984540054  # the 97.5th percentile of the standard normal: a 95 % interval
MIN_SAMPLE = 20
DIGITS = 4
STATUSES = ("valid", "invalid", "unreadable", "skipped")  # skipped: a game other than --game's


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The Wilson score interval of `wins` successes in `n` trials (wins may be fractional)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = p + Z * Z / (2 * n)
    spread = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    scale = 1 + Z * Z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def rate(games: int, units: int) -> dict:
    wins = units / WIN
    low, high = wilson(wins, games)
    return {"games": games, "wins": _r(wins), "win_rate": _r(wins / games if games else 0.0),
            "ci_low": _r(low), "ci_high": _r(high)}


def _r(x: float) -> float:
    return round(x, DIGITS)


def quantile(histogram: dict[str, int], q: float) -> float:
    """The q-quantile of the values a histogram ({value: count}) counts."""
    values = sorted((int(v), n) for v, n in histogram.items() if n)
    total = sum(n for _, n in values)
    position = (total - 1) * q
    below, above = math.floor(position), math.ceil(position)

    def nth(k: int) -> int:
        seen = 0
        for value, n in values:
            seen += n
            if k < seen:
                return value
        raise IndexError(k)

    return nth(below) + (nth(above) - nth(below)) * (position - below)


def figures(agg: dict, min_sample: int = MIN_SAMPLE) -> dict:
    logs = agg["logs"]
    groups = agg["groups"]
    out = {"format": FORMAT, "version": 1, "min_sample": min_sample,
           "logs": {"read": sum(logs.values()), **{s: logs.get(s, 0) for s in STATUSES}},
           "problems": sorted(agg["problems"], key=lambda p: (p["source"], p.get("code", ""))),
           **tables(groups.get("all", {}), min_sample)}
    out["by_players"] = {k: tables(groups[k], min_sample) for k in sorted((k for k in groups if k != "all"), key=int)}
    return out


def tables(g: dict, min_sample: int) -> dict:
    games = g.get("games", 0)
    return {
        "games": games, "unfinished": g.get("unfinished", 0), "invalid": g.get("invalid", 0),
        "how": dict(sorted(g.get("how", {}).items())),
        "by_leader": _rows("leader", g.get("by_leader", {})),
        "by_seat": sorted(_rows("seat", g.get("by_seat", {})), key=lambda r: int(r["seat"])),
        "first_player": rate(g["first_player"]["games"], g["first_player"]["wins"]) if "first_player" in g else None,
        "length": {unit: _spread(h) for unit, h in sorted(g.get("length", {}).items())},
        "vp_sources": _vp(g.get("vp")),
        "resources_left": _left(g.get("resources")),
        "card_win_lift": _lift(g.get("cards", {}), g.get("players"), min_sample),
        "comebacks": _comebacks(g),
        "illegal_by_rule": _counted("ruling", g.get("illegal_by_rule", {})),
        "illegal_by_code": _counted("code", g.get("illegal_by_code", {})),
    }


def _rows(name: str, table: dict) -> list[dict]:
    rows = [{name: key, **rate(v["games"], v["wins"])} for key, v in table.items()]
    return sorted(rows, key=lambda r: (-r["win_rate"], -r["games"], r[name]))


def _spread(histogram: dict) -> dict:
    return {"games": sum(histogram.values()), "min": min(int(v) for v in histogram),
            "q1": _r(quantile(histogram, 0.25)), "median": _r(quantile(histogram, 0.5)),
            "q3": _r(quantile(histogram, 0.75)), "max": max(int(v) for v in histogram)}


def _vp(vp: dict | None) -> dict:
    if not vp:
        return {}
    return {source: {"total": total, "per_game": _r(total / vp["games"]), "per_player": _r(total / vp["player_games"])}
            for source, total in sorted(vp["sources"].items())}


def _left(resources: dict | None) -> dict:
    """What players end the game with, on average."""
    if not resources:
        return {}
    return {r: _r(n / resources["player_games"]) for r, n in sorted(resources["left"].items())}


def _lift(cards: dict, players: dict | None, min_sample: int) -> list[dict]:
    if not players or not players["games"] or not players["wins"]:
        return []
    baseline = players["wins"] / WIN / players["games"]
    rows = []
    for card, v in cards.items():
        if v["games"] < min_sample:
            continue
        row = {"card": card, **rate(v["games"], v["wins"])}
        low, high = wilson(v["wins"] / WIN, v["games"])
        row.update(baseline=_r(baseline), lift=_r(v["wins"] / WIN / v["games"] / baseline),
                   lift_low=_r(low / baseline), lift_high=_r(high / baseline))
        rows.append(row)
    return sorted(rows, key=lambda r: (-r["lift"], -r["games"], r["card"]))


def _comebacks(g: dict) -> dict:
    after = g.get("comebacks", {})
    lead = g.get("lead", {"games": 0, "unchanged": 0})
    return {"after_round": [{"round": int(k), **rate(v["games"], v["wins"])}
                            for k, v in sorted(after.items(), key=lambda kv: int(kv[0]))],
            "games": lead["games"], "without_lead_change": lead["unchanged"]}


def _counted(name: str, table: dict) -> list[dict]:
    return [{name: k, "count": n} for k, n in sorted(table.items(), key=lambda kv: (-kv[1], kv[0]))]
