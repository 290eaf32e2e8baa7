"""Analytics over stored games: the same figures as `adjudicator analyse` (issue 34)."""

from __future__ import annotations

from flask import Blueprint, request

from adjudicator.analysis.figures import MIN_SAMPLE
from adjudicator.service import analytics

from .db import get_db
from .limits import int_arg, ok, text_arg

bp = Blueprint("analytics", __name__)


@bp.get("/v1/analytics")
def figures():
    game = text_arg("game") if "game" in request.args else None  # given empty: an unknown game, a 400
    return ok(analytics.stored(get_db(), text_arg("tournament", 200), text_arg("player"), game,
                               int_arg("min_sample", MIN_SAMPLE, 1, 10**9)))
