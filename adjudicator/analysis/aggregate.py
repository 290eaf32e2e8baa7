"""The merge: facts -> partial aggregates that combine in any order.

An aggregate is nested dicts whose leaves are integers (counts and sums) or lists (the problem
logs, sorted only when the figures are read): `merge` adds integers and concatenates lists key by
key, which is associative and commutative, so slices merged in any grouping or order give the
same aggregate, and floats appear only in the figures (figures.py).

A win is worth one per game, shared equally by its winners as the rules share it (two allies in
classic Dune, a team of three, players tied after every tiebreaker): each winner is credited
`WIN // len(winners)` with WIN = 60, divisible by every possible number of winners (1-6), so a
shared win stays an exact integer.

Every table is kept for all games (`all`) and per player count (`"4"`, ...)."""

from __future__ import annotations

WIN = 60  # one win, in units every number of winners (1 to 6) divides


def empty() -> dict:
    return {"logs": {}, "problems": [], "groups": {}}


def merge(a: dict, b: dict) -> dict:
    """a + b, leaf by leaf (neither is changed)."""
    out = dict(a)
    for key, value in b.items():
        out[key] = _add(out[key], value) if key in out else value
    return out


def _add(x, y):
    if isinstance(x, dict):
        return merge(x, y)
    return x + y  # integers add, lists concatenate


def _count(table: dict, key: str, games: int = 1, wins: int = 0) -> None:
    row = table.setdefault(key, {"games": 0, "wins": 0})
    row["games"] += games
    row["wins"] += wins


def one(row: dict) -> dict:
    """The aggregate of one map row (mapping.facts_row)."""
    out = empty()
    out["logs"] = {row["status"]: 1}
    if row["status"] != "valid":
        out["problems"] = [{k: row[k] for k in ("source", "status", "code", "message") if k in row}]
    facts = row.get("facts")
    if facts is None:
        return out
    if facts["first_illegal"] is not None:
        bad = facts["first_illegal"]
        out["problems"] = [{"source": row["source"], "status": row["status"], "code": bad["code"],
                            "index": bad["index"]}]
    group = _game(facts)
    out["groups"] = {"all": group, str(facts["players"]): group}
    return out


def _game(facts: dict) -> dict:
    g: dict = {}
    if not facts["valid"]:
        g["invalid"] = 1
        g["illegal_by_rule"] = {r: 1 for r in facts["first_illegal"]["rulings"]}
        g["illegal_by_code"] = {facts["first_illegal"]["code"]: 1}
        return g
    if not facts["finished"]:
        g["unfinished"] = 1
        return g
    winners = facts["winners"]
    share = {pid: WIN // len(winners) for pid in winners}
    g["games"] = 1
    g["how"] = {facts["how"] or "none": 1}
    g["length"] = {facts["length_unit"]: {str(facts["length"]): 1}}
    g["players"] = {"games": len(facts["seats"]), "wins": sum(share.values())}
    leaders, seats = {}, {}
    for seat in facts["seats"]:
        _count(leaders, seat["plays"] or "?", 1, share.get(seat["player"], 0))
        _count(seats, str(seat["seat"]), 1, share.get(seat["player"], 0))
    g["by_leader"], g["by_seat"] = leaders, seats
    if facts.get("first_player") is not None:
        g["first_player"] = {"games": 1, "wins": share.get(facts["first_player"], 0)}
    if facts.get("vp_sources") is not None:
        sources: dict = {}
        for mine in facts["vp_sources"].values():
            for source, vp in mine.items():
                sources[source] = sources.get(source, 0) + vp
        g["vp"] = {"games": 1, "player_games": len(facts["seats"]), "sources": sources}
    if facts.get("resources") is not None:
        left: dict = {}
        for mine in facts["resources"].values():
            for resource, n in mine.items():
                left[resource] = left.get(resource, 0) + n
        g["resources"] = {"player_games": len(facts["resources"]), "left": left}
    if facts.get("cards_acquired") is not None:
        cards: dict = {}
        for pid, acquired in facts["cards_acquired"].items():
            for card in sorted(set(acquired)):  # a card counts once per player and game
                _count(cards, card, 1, share.get(pid, 0))
        g["cards"] = cards
    if facts.get("vp_by_round"):
        g.update(_comebacks(facts["vp_by_round"], share))
    return g


def _comebacks(by_round: list[dict], share: dict) -> dict:
    """After each round but the last: did the sole VP leader go on to win? And did the lead (the
    sole leader, rounds with a tie at the top skipped) ever change hands?"""
    after: dict = {}
    leaders = []
    for number, vp in enumerate(by_round, 1):
        top = max(vp.values())
        ahead = [pid for pid, v in vp.items() if v == top]
        if len(ahead) == 1:
            leaders.append(ahead[0])
            if number < len(by_round):
                _count(after, str(number), 1, share.get(ahead[0], 0))
    changed = any(x != y for x, y in zip(leaders, leaders[1:], strict=False))
    return {"comebacks": after, "lead": {"games": 1, "unchanged": int(not changed)}}
