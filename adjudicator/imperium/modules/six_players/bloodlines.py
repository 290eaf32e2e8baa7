"""The Uprising six-player team game with Bloodlines and its Tech Module (Bloodlines rules manual,
p. 10; records six.bloodlines-*), on the hooks the Bloodlines code asks (modules/bloodlines/commanders.py):

- The setup: the six-player placement of the Sardaukar Commanders (five on board spaces, the
  sixth on the Sardaukar space of Shaddam's board, one in the bank) and the Skill stack without
  the two Fierce Skills are setup.json's six-player entries, which bloodlines/stock.py chooses.
- `commander-node`: Muad'Dib's team never acquires a Commander; an Agent of theirs on a space
  holding one may pay 2 spice for an Intrigue card, the Commander going back to the box.
- `commander-owner`: a Commander Shaddam acquires is recruited for his activated Ally, who
  chooses its Skill and owns it from then on (with no Ally activated he acquires none: reading
  six.bloodlines-shaddam-no-ally). The tiles that act on the purchase (Sardaukar High Command,
  Plasteel Blades) are the acquirer's: Shaddam's, the only use he has for them.
- `commander-recruit-refusal`: neither Muad'Dib's team nor Shaddam recruits a Commander from a
  supply (the Ally pays for his own, in his own turns).
- Citations of the clarifications: a Commander's Alliance only from his own board, Ornithopter
  Fleet and the two Commander tiles in a Commander's or Muad'Dib's team's hands.
Readings: rulings/six-players-uprising.toml (`six.bloodlines-*`).
"""

from __future__ import annotations

from ....core.errors import IllegalAction
from ...game import Game, ms_remove
from ...registry import choice, hook
from ...steps import choice_task, run
from ..tech.tiles import owned
from .teams import activated_ally, is_commander, team_of

R_MUADDIB = ("six.bloodlines-muaddib-commanders",)
R_SHADDAM = ("six.bloodlines-shaddam-commanders",)
TO_BOX_PRICE = {"spice": 2}  # not Solari (p. 10)
COMMANDER_TILES = ("tech-plasteel-blades", "tech-sardaukar-high-command")


def _muaddib_side(g: Game, pid: str) -> bool:
    return team_of(g, pid) == "muad-dib"


# --- Muad'Dib's team: 2 spice for an Intrigue card, the Commander to the box (p. 10) ---------------
@hook("commander-node", module=("six-players", "bloodlines"))
def _send_to_box(g: Game, pid: str, space: str, node: str):
    if not _muaddib_side(g, pid):
        return None
    g.rulings += list(R_MUADDIB)
    g.push(choice_task(pid, "commander-to-box", node, space=space))
    return True


def _to_box_offers(g: Game, task: dict) -> list[dict]:
    if task["space"] not in g.state["board"]["commanders"] or not g.can_pay(task["player"], TO_BOX_PRICE):
        return []
    return [{"option": "pay"}, {"option": "skip"}]


@choice("commander-to-box", _to_box_offers, R_MUADDIB)
def _commander_to_box(g: Game, task: dict, given: dict, below: dict) -> None:
    pid = task["player"]
    g.pay(pid, TO_BOX_PRICE, (*R_MUADDIB, "cost.must-be-payable"))
    ms_remove(g.state["board"]["commanders"], task["space"])
    g.state["commanders"]["box"] += 1
    run(g, pid, [{"intrigue": 1}], task["src"])


# --- Shaddam: his Commanders are his activated Ally's (p. 10) ----------------------------------------
@hook("commander-owner", module=("six-players", "bloodlines"))
def _for_the_ally(pid: str, g: Game) -> str | None:
    """Who gets a Commander `pid` acquires (and its Skill): Shaddam's activated Ally, None when
    no Ally is activated (outside his turns: reading six.bloodlines-shaddam-no-ally); Muad'Dib's
    team nobody (Sardaukar Standard trashed gives them nothing)."""
    if _muaddib_side(g, pid):
        g.rulings += list(R_MUADDIB)
        return None
    if not is_commander(g, pid):
        return pid
    ally = activated_ally(g, pid)
    g.rulings += [*R_SHADDAM, *(() if ally else ("six.bloodlines-shaddam-no-ally",))]
    if set(COMMANDER_TILES) & set(owned(g.p(pid))):
        g.rulings.append("six.bloodlines-acquirer-tiles")
    return ally


@hook("commander-recruit-refusal", module=("six-players", "bloodlines"))
def _never_recruits(g: Game, pid: str):
    if _muaddib_side(g, pid):
        return IllegalAction("six.bloodlines-no-commanders", "{player} is of Muad'Dib's team, which never "
                             "acquires or recruits a Sardaukar Commander.", R_MUADDIB, params={"player": pid})
    if is_commander(g, pid):
        return IllegalAction("six.bloodlines-shaddam-cannot-recruit", "{player} is Shaddam: the Commanders he "
                             "acquires belong to his Allies, who alone pay to recruit them again.", R_SHADDAM,
                             params={"player": pid})
    return None


# --- the clarifications (p. 10) -----------------------------------------------------------------------
@hook("alliance-taken", module=("six-players", "bloodlines"))
def _own_board_alliance(g: Game, pid: str, faction: str) -> None:
    """A Commander's cube is only on his own board's track: the one Alliance he can take, and so
    his only way to complete Earn any Alliance (influence.py moves the other tracks' cubes of
    his Ally)."""
    if is_commander(g, pid):
        g.rulings.append("six.bloodlines-earn-any-alliance")


@hook("tech-acquired", module=("six-players", "tech"))
def _tile_clarified(g: Game, pid: str, tile: str) -> None:
    if tile == "tech-ornithopter-fleet" and is_commander(g, pid):
        g.rulings.append("six.bloodlines-ornithopter-fleet")  # no Conflict card: no battle icon
    elif tile in COMMANDER_TILES and (_muaddib_side(g, pid) or is_commander(g, pid)):
        g.rulings.append("six.bloodlines-plasteel-high-command")  # the Acquire effect only, or while acquiring
