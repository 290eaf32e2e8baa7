"""What each seat starts with where a mode of play changes it, for the audit (audit.py): a
six-player Commander has no troops (custom/six.py); House Hagal of the original two-player game
has three Agents, no place in the turn order and nothing from Influence (custom/rivals_base.py);
a Rival card's leader may be no player's leader (custom/rivals.py); the six-player game fights
nine Conflict cards, none of level I."""

from __future__ import annotations

from .content import Content
from .modules.rivals.base import SPOILER_AGENTS
from .modules.rivals.hagal import bloodlines_cards, hagal
from .modules.six_players.teams import COMMANDERS, CONFLICT_LEVELS


def troops(state: dict, cnt: Content, pid: str) -> int:
    return 0 if _commander(state, pid) else cnt.rules["troops"]


def agents(state: dict, cnt: Content, pid: str) -> int:
    """Agents without a Swordmaster or the Mentat."""
    return SPOILER_AGENTS if _spoiler(state, pid) else cnt.rules["agents"]


def scores_influence(state: dict, pid: str) -> bool:
    """VP for Influence and Alliances (the audit's least VP)."""
    return not _spoiler(state, pid)


def in_turn_order(state: dict, pid: str) -> bool:
    """A seat that takes turns, and so has revealed before the Combat."""
    return not _spoiler(state, pid)


def known_rival_leader(state: dict, pid: str) -> bool:
    pl = state["players"][pid]
    return "rival" in pl and (pl["leader"] in hagal(state["game"]["edition"])["rival_leaders"]
                              or pl["leader"] in bloodlines_cards())


def conflict_levels(state: dict, cnt: Content) -> list[int]:
    return list(CONFLICT_LEVELS) if "six" in state else list(cnt.rules["conflict_levels"])


def _commander(state: dict, pid: str) -> bool:
    return "six" in state and any(side["commander"] == pid for side in state["six"]["teams"].values()) \
        and state["players"][pid]["leader"] in COMMANDERS


def _spoiler(state: dict, pid: str) -> bool:
    """House Hagal of the original game's two-player mode (its only Rival)."""
    rivals = [q for q in state["game"]["seats"] if "rival" in state["players"][q]]
    return rivals == [pid] and state["game"]["edition"] == "base"
