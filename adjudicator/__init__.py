"""Dune Adjudicator: a rules referee for the Dune board-game family.

The Python API gives the answers of the REST routes, without a server (adjudicator/referee.py):

    import adjudicator
    report = adjudicator.replay(log)               # POST /v1/replays: every action judged, the result
    answer = adjudicator.check(position)           # POST /v1/positions/check: the contested action's verdict
    offers = adjudicator.legal_actions(position)   # POST /v1/positions/legal-actions: labelled offers

A log or position is the parsed JSON document (a dict); a bad one raises an
`adjudicator.core.errors.AdjudicatorError` whose `to_problem()` is the REST route's problem."""

import importlib

__version__ = "0.1.0"
ENGINE_VERSION = f"dune-adjudicator/{__version__}"
API = ("replay", "check", "legal_actions")


def __getattr__(name: str):
    """The API's functions, loaded on first use (the engine is not loaded by `import adjudicator`)."""
    if name in API:
        return getattr(importlib.import_module(".referee", __name__), name)
    raise AttributeError(f"module 'adjudicator' has no attribute {name!r}")
