"""House Hagal Rivals (a mode of one and two players, from the seats): the seats, the House Hagal
deck and setup (`hagal.py`), a Rival's turn (`turn.py`), the original game's House Hagal
(`base.py`), and what the Rivals do with the expansions (`bloodlines.py`, `immortality.py`,
`tech.py`, `ix.py`: the cross-products live here, declared in `combines`)."""

from ....core.engine import Module
from ...registry import MODULES


def _in_play(state: dict) -> bool:
    """A seat is a Rival (its player record carries `rival`)."""
    return any("rival" in pl for pl in state["players"].values())


RIVALS = MODULES.add(Module(
    "rivals", "House Hagal Rivals", _in_play, editions=("uprising", "base"),
    combines={"bloodlines": "the Rivals' Bloodlines cards, Commanders and Signet Rings (bloodlines.py)",
              "immortality": "the solo Rivals' Tleilaxu cards and research (immortality.py)",
              "tech": "Hagal-marked tiles and the Acquire Tech cards; two players: no tiles (tech.py)",
              "ix": "two-player House Hagal with Rise of Ix's cards, Freighter and dreadnoughts (ix.py)"},
    sources=("Dune: Imperium – Uprising rules for 1–2 players (Russian booklet)",
             "Dune: Imperium rulebook pp. 19-20", "rulings/rivals-uprising.toml",
             "rulings/rivals-expansions.toml")))
