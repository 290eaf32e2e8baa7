"""The figures of stored games (GET /v1/analytics): the facts each game's storing replay took
(store.py `facts`), aggregated and read exactly as `adjudicator analyse` does (analysis/), so the
API and the CLI answer the same JSON for the same games. Only finished games count towards the
figures (an unfinished one is only counted), so nothing a game still hides is summed."""

from __future__ import annotations

import json

from ..analysis.aggregate import empty, merge, one
from ..analysis.figures import MIN_SAMPLE, figures
from ..core.registry import resolve_game, rules_for
from ..store import has_word
from .games import get_tournament_row


def stored(db, tournament: str | None = None, player: str | None = None, game: str | None = None,
           min_sample: int = MIN_SAMPLE) -> dict:
    """The figures of the stored games of a tournament, with a player (by name), of a game."""
    where, params = [], []
    if tournament:
        get_tournament_row(db, tournament)  # 404 for a tournament that does not exist
        where.append("g.tournament = ?")
        params.append(tournament)
    if player:
        clause, param = has_word("g.players", player)
        where.append(clause)
        params.append(param)
    if game is not None:
        system, edition = resolve_game(game, "?game")
        where.append("g.system = ? and g.edition = ?")
        params += [system, edition]
    sql = ("select g.id, g.valid, f.facts from games g join facts f on f.game = g.id"
           + (" where " + " and ".join(where) if where else "") + " order by g.seq")
    agg = empty()
    for row in db.query(sql, params):
        agg = merge(agg, one({"source": row["id"], "status": "valid" if row["valid"] else "invalid",
                              "facts": json.loads(row["facts"])}))
    return figures(agg, min_sample)


def win_rates(db, tournament: str, lang: str = "en") -> dict:
    """A tournament's win rates by leader and by seat: the tables `stored` answers for it, each
    leader named by the rule system of the tournament's games that knows the id."""
    f = stored(db, tournament)
    kinds = db.query("select distinct system, edition from games where tournament = ? order by system, edition",
                     [tournament])
    rulesets = [rules_for(k["system"], k["edition"]) for k in kinds]

    def name(ident: str) -> str:
        return next((n for n in (r.humanize(ident, None, lang) for r in rulesets) if n != ident), ident)

    return {"tournament": tournament, "games": f["games"], "unfinished": f["unfinished"], "invalid": f["invalid"],
            "by_leader": [{**row, "name": name(row["leader"])} for row in f["by_leader"]], "by_seat": f["by_seat"]}
