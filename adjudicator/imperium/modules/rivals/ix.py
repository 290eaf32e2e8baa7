"""Rise of Ix with House Hagal, solo and two players (Rise of Ix rulebook pp. 8-9, 'Additions to
Solo & Two-Player Games'; records rivals-x.ix-*). A solo Rival's Tech tiles: ix_tech.py and tech.py.

The deck: Rise of Ix's cards join the original game's without the four cards they replace, by player
count (`hagal.new_hagal`, data/ix/house-hagal.json, whose options are the effect language: the
spaces' own Freighter and Dreadnought icons). What the rulebook settles for a Rival is settled
here: its Freighter goes up to the second space and is then recalled, Dividends taken at the first
(House Hagal collects nothing: only its opponents' Solari), its dreadnoughts commissioned and
deployed before troops, and a winning dreadnought sent over an opponent's Control marker first,
then Imperial Basin, Arrakeen, Carthag (a solo Rival with Detonation Devices takes its VP instead,
p. 9). Its Influence at the second space goes where it has least
(a tie: a player decides, as every tie of the original game's Rivals). The two solo Rival Leaders'
Signet Rings (p. 8) are settled here too: Rhombur Vernius acquires a tile when he can, else places
a Negotiator (as every solo Rival sends the Negotiator it may, p. 9); Hundro Moritani always pays the
spice for his Freighter.
"""

from __future__ import annotations

from ...choices import SKIP
from ...costs import can_afford
from ...game import Game
from ...registry import hook
from ..ix.units import board
from .base import spoiler_seat
from .hagal import rival_seat
from .tech import acquisition, ignores_tiles, solo

R_CARDS = "rivals-x.ix-cards"
R_SHIPPING = "rivals-x.ix-shipping"
R_DREADNOUGHTS = "rivals-x.ix-dreadnoughts"
R_LEADERS = "rivals-x.ix-solo-leaders"
RHOMBUR, HUNDRO = "signet:prince-rhombur-vernius", "signet:viscount-hundro-moritani"  # their Rings' `src`
RIVAL_TOP = 2  # the Shipping track space a Rival's Freighter recalls from (p. 8)
DETONATE = {"option": "detonate"}  # Detonation Devices' answer to a dreadnought's control (ix.py)


@hook("setup", module=("rivals", "ix"))
def _setup(g: Game) -> None:
    g.rulings.append(R_CARDS)  # the deck itself: hagal.new_hagal


@hook("rival-card-fits", module=("rivals", "ix"))
def _dreadnought_card(g: Game, pid: str, when: str) -> bool | None:
    """A Dreadnought card is skipped when the Rival has no dreadnought left to commission (p. 8)."""
    if when != "dreadnought-in-supply":
        return None
    g.rulings.append(R_CARDS)
    return g.p(pid)["dreadnoughts"]["supply"] > 0


@hook("rival-forced-choice", module=("rivals", "ix"))
def _rival_ix_choice(g: Game, pid: str, task: dict, offers: list) -> dict | None:
    """The choices p. 8 settles for a Rival; None for the others."""
    kind, pl = task["kind"], g.p(pid)
    if task.get("src") in (RHOMBUR, HUNDRO) and kind in ("option", "pay"):
        return _signet_choice(g, pid, task, offers)
    if kind == "freighter":
        g.rulings.append(R_SHIPPING)
        return {"option": "advance"} if pl["freighter"] < RIVAL_TOP else {"option": "recall"}
    if kind == "option" and task.get("src") == "shipping:1":  # Dividends, never the 2 spice
        g.rulings.append(R_SHIPPING)
        return next(({"option": i} for i, steps in enumerate(task["options"])
                     if any(s.get("custom") == "dividends" for s in steps) and {"option": i} in offers), None)
    if kind == "dreadnought":
        g.rulings.append(R_DREADNOUGHTS)
        return {"option": "commission"}
    if kind == "dreadnought-control":
        g.rulings.append(R_DREADNOUGHTS)
        return _control_space(g, pid, offers)
    if kind == "negotiator" and solo(g):  # a troop to Ix whenever the rules have it choose one (p. 9)
        g.rulings.append("rivals-x.ix-solo-tech")
        return {"option": "send"}
    return None


def _signet_choice(g: Game, pid: str, task: dict, offers: list) -> dict | None:
    """The solo Rivals' Signet Rings (p. 8): Hundro Moritani pays the 1 spice for the Freighter
    whenever he has it; Rhombur Vernius acquires a tile when he can, else takes the Negotiator."""
    g.rulings.append(R_LEADERS)
    if task["kind"] == "pay":
        return {"option": "pay"} if can_afford(g, pid, task["cost"], task["src"]) else SKIP
    tech = next(i for i, steps in enumerate(task["options"]) if any(s.get("custom") == "acquire-tech" for s in steps))
    wanted = {"option": tech if can_acquire(g, pid) else 1 - tech}
    return wanted if wanted in offers else None  # not offered: the usual Rival choice


def can_acquire(g: Game, pid: str) -> bool:
    """Whether a solo Rival can pay for a face-up tile it may take (the House Hagal mark, p. 9),
    every Negotiator it has on Ix returned."""
    return not ignores_tiles(g, pid) and acquisition(g, pid, 0) is not None


def _control_space(g: Game, pid: str, offers: list) -> dict:
    """Detonation Devices' VP whenever a solo Rival has it (p. 9); else over an opponent's Control
    marker first, its own last; ties in the board's order (Imperial Basin, Arrakeen, Carthag)."""
    if DETONATE in offers and solo(g):
        g.rulings.append("rivals-x.ix-solo-tiles")
        return DETONATE
    order = board(g.content)["dreadnought_spaces"]
    control = g.state["board"]["control"]

    def rank(offer: dict) -> tuple:
        holder = control.get(offer.get("space"))
        return (0 if holder not in (None, pid) else 2 if holder == pid else 1, order.index(offer["space"]))

    spaces = [o for o in offers if "space" in o]
    return min(spaces, key=rank) if spaces else next((o for o in offers if o != SKIP), offers[0])


@hook("rival-deploy-dreadnoughts", module=("rivals", "ix"), when=rival_seat)
def _dreadnoughts_first(g: Game, pid: str, most: int) -> int:
    """Its dreadnoughts go to the Conflict before troops, whenever it can (p. 8)."""
    ships = g.p(pid)["dreadnoughts"]
    n = min(ships["garrison"], most)
    if n:
        ships["garrison"] -= n
        ships["conflict"] += n
        g.rulings += [R_DREADNOUGHTS, "ix.dreadnought-deploy"]
    return n


@hook("dividends-own", module=("rivals", "ix"), when=spoiler_seat)
def _spoiler_dividends(amount: int, g: Game, pid: str) -> int:
    """Two-player House Hagal collects nothing (p. 19); its opponents still gain their Solari (p. 8)."""
    g.rulings += [R_SHIPPING, "rivals.base-two-player"]
    return 0
