"""Dune Adjudicator: a rules referee for the Dune board-game family.

The Python API gives the answers of the REST routes, without a server (docs/ARCHITECTURE.md):

    import adjudicator
    report = adjudicator.replay(log)               # POST /v1/replays: every action judged, the result
    answer = adjudicator.check(position)           # POST /v1/positions/check: the contested action's verdict
    offers = adjudicator.legal_actions(position)   # POST /v1/positions/legal-actions: labelled offers

A log or position is the parsed JSON document (a dict); a bad one raises an
`adjudicator.core.errors.AdjudicatorError` whose `to_problem()` is the REST route's problem."""

__version__ = "0.1.0"
ENGINE_VERSION = f"dune-adjudicator/{__version__}"


def replay(log: dict, mode: str = "strict", snapshots: str = "final", explain: bool = False) -> dict:
    """The replay report of `log` (mode `strict` stops at the first illegal action, `continue`
    judges on; snapshots `none`, `final` or `all`; `explain` lists the offers at illegal ones)."""
    from .core.logs import parse_log
    from .core.replay import Replay

    return Replay(parse_log(log), mode, snapshots, explain=explain).run()


def check(position: dict) -> dict:
    """The verdict on a position's contested action (or actions), the state after it and who decides next."""
    from .positions import check_position

    return check_position(position)


def legal_actions(position: dict, lang: str = "en") -> dict:
    """The pending decision and every legal action at `position`, each labelled in `lang` (en, ru)."""
    from .positions import legal_actions as offers

    return offers(position, lang=lang)
