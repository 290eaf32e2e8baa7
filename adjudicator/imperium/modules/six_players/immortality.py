"""The Uprising six-player team game with Immortality (issue #13; see teams.py): the booklet's
compatibility rules for that box (the Russian booklet for 6 players, pp. 6-7; record
six.compat-immortality), on the hooks the Immortality code asks (modules/immortality/immortality.py).

- The Commanders' starting decks stay their own ten cards (cards.py deals them after the
  ordinary deck, which Immortality has changed: the Allies keep that change).
- `tleilaxu-holder`: in a Commander's turn the research token, the Tleilaxu token and the Axolotl
  tanks that move are his activated Ally's (specimens made from the Ally's supply, paid from his
  tanks); the Commander still decides (a research direction, a price in specimens) and gains the
  bonus of the space entered, as with any effect of his cards and spaces (readings six.imm-tracks,
  six.imm-specimens).
- `research-refusal`: a research step that follows the Commander's own token, not the Ally's.
- `genetic-markers`: a Commander counts as many genetic markers as his most advanced Ally.
- A game to 11 points: our engine has no such variant (reading six.imm-go-to-11).
Readings: rulings/six-players-uprising.toml (`six.imm-*`).
"""

from __future__ import annotations

from ....core.errors import IllegalAction
from ...game import Game
from ...registry import hook
from ..immortality import markers, research_spaces
from .teams import activated_ally, is_commander, team_of, teams

R_TRACKS = ("six.compat-immortality", "six.imm-tracks")
R_TANKS = ("six.compat-immortality", "six.imm-specimens")
R_MARKERS = ("six.compat-immortality", "six.imm-genetic-markers")


@hook("setup", module=("six-players", "immortality"))
def _decks_unchanged(g: Game) -> None:
    """Immortality's starting-deck change is the Allies'; the Commanders' own ten cards are dealt
    as they are (cards.py). A Commander, who has no troops (teams.py set them after Immortality's
    setup), has empty Axolotl tanks too."""
    for pid in g.order:
        g.p(pid)["troops"].setdefault("tanks", 0)
    g.rulings += ["six.compat-immortality", "six.imm-starting-decks"]


@hook("tleilaxu-holder", module=("six-players", "immortality"))
def _activated_ally_moves(pid: str, g: Game, piece: str) -> str:
    """The activated Ally's tokens move; specimens come from his supply and tanks."""
    ally = activated_ally(g, pid)
    if ally is None:
        return pid
    g.rulings += list(R_TRACKS if piece == "tracks" else R_TANKS)
    return ally


@hook("research-refusal", module=("six-players", "immortality"))
def _own_token_refused(g: Game, task: dict, given: dict) -> IllegalAction | None:
    """A Commander names a step from his own token (which never moves), not from his Ally's."""
    pid, target = task["player"], given.get("research")
    ally = activated_ally(g, pid)
    spaces = research_spaces(g.content)
    if ally is None or target not in spaces:
        return None
    ally_at = g.p(ally)["research"]
    if target in spaces[ally_at]["next"]:
        return None
    return IllegalAction("six.imm-ally-research", "{seat} is a Commander: the research token that moves is his "
                         "activated Ally {ally}'s, at {research}; {target} is not one step right of it (the next "
                         "spaces: {next}).", (*R_TRACKS, "research.advance"),
                         params={"seat": pid, "ally": ally, "research": ally_at, "target": target,
                                 "next": list(spaces[ally_at]["next"])})


@hook("genetic-markers", module=("six-players", "immortality"))
def _most_advanced_ally(value: int, g: Game, pid: str) -> int:
    if not is_commander(g, pid):
        return value
    g.rulings += list(R_MARKERS)
    return max(markers(g.content, g.p(q)) for q in teams(g)[team_of(g, pid)]["allies"])
