"""The Uprising six-player team game (a mode, from the player count): the teams, Commanders and
Allies (`teams.py`), the Commanders' own cards and the Throne Row (`cards.py`), the Commanders'
boards, Influence and deployment (`commanders.py`), and the game with Immortality
(`immortality.py`) and with Bloodlines and its Tech Module (`bloodlines.py`), declared in `combines`."""

from ....core.engine import Module
from ...registry import MODULES

SIX_PLAYERS = MODULES.add(Module(
    "six-players", "Six players (Uprising team game)", lambda state: len(state["game"]["seats"]) == 6,
    editions=("uprising",),
    combines={"immortality": "the booklet's compatibility rules: research and Tleilaxu for the activated "
                             "Ally (immortality.py)",
              "bloodlines": "the Bloodlines manual p. 10: the Sardaukar Commanders' setup, Muad'Dib's team "
                            "boxing them for an Intrigue card, Shaddam's for his activated Ally (bloodlines.py)",
              "tech": "the Bloodlines manual p. 10's Tech clarifications (bloodlines.py)"},
    sources=("Dune: Imperium – Uprising rules for 6 players (Russian booklet)",
             "Dune: Imperium – Bloodlines rules manual, p. 10",
             "rulings/six-players-uprising.toml", "rulings/six-commander-decks.toml")))
