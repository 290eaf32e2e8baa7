"""Look-ups several service modules share (kept apart so that they import no cycle)."""

from __future__ import annotations

import json

from ..core.errors import NotFound


def get_tournament_row(db, tournament_id: str) -> dict:
    rows = list(db.query("select * from tournaments where id = ?", [tournament_id]))
    if not rows:
        raise NotFound(f"no tournament {tournament_id!r}", "/tournament")
    return rows[0]


def rulings_of(db, game_id: str) -> list[dict]:
    """The judges' rulings recorded on a game, oldest first (service/judging.py)."""
    return [json.loads(r["body"]) for r in db.query(
        "select body from game_rulings where game = ? order by seq", [game_id])]
