"""The Python API: the answers of the REST routes without a server (`import adjudicator`;
adjudicator/__init__.py loads this module on first use, so importing the package stays light)."""

from __future__ import annotations

from .core.logs import parse_log
from .core.replay import Replay
from .positions import check_position
from .positions import legal_actions as offers


def replay(log: dict, mode: str = "strict", snapshots: str = "final", explain: bool = False,
           consequences: bool = True, lang: str | None = None) -> dict:
    """The replay report of `log` (POST /v1/replays): mode `strict` stops at the first illegal
    action, `continue` judges on; snapshots `none`, `final` or `all`; `explain` lists the offers
    at an illegal action; `consequences`: each verdict says what its action changed; `lang`
    ("en", "ru"): every verdict's sentence in it (core/sentences.py)."""
    return Replay(parse_log(log), mode, snapshots, explain=explain, consequences=consequences, lang=lang).run()


def check(position: dict, lang: str | None = None) -> dict:
    """The verdict on a position's contested action or actions, the state after it and who decides
    next (POST /v1/positions/check); `lang`: the verdicts' sentences in it."""
    return check_position(position, lang=lang)


def legal_actions(position: dict, lang: str = "en") -> dict:
    """The pending decision and every legal action at `position`, each labelled in `lang` (en, ru)
    (POST /v1/positions/legal-actions)."""
    return offers(position, lang=lang)
