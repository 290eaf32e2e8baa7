"""A solo Rival's Rise of Ix Tech tiles (Rise of Ix p. 9, 'Tech Tiles'; records rivals-x.ix-solo-tech,
rivals-x.ix-solo-tiles, our reading rivals-x.ix-solo-readings). What the Rise of Ix rules share with
the Tech Module's (marked tiles only, a tile trashed when none marked is face up, spice hoarded, the
most expensive tile, Training Drones flipped at the first chance) is written once in tech.py. Here:
the 1P cards' Tech step and the guidance p. 9 gives for the other tiles, each registered for Rise of
Ix and for the Tech Module alike (`tech.solo_hook`: once in a game with both).

- `rival-ix-tech` (Tech Negotiation and Dreadnought 1P cards): the `tech` choice, which tech.py
  narrows to the tile the rules name (the card's discount, every Negotiator returned); on Tech
  Negotiation, no tile it can pay for: a troop from its supply to Ix as a Negotiator.
- Detonation Devices: the VP whenever it is offered (`rivals/ix._control_space`).
- Flagship: an Agent sent to a Combat space with 4 Solari and three troops in its supply: it pays,
  flips the tile and deploys three new troops to the Conflict.
- Holtzman Engine: its endgame VP through the two The Spice Must Flow a solo Rival counts
  (base.py, hook `copies-owned`); its Round Start draw gives a Rival, which has no deck, nothing.
- Invasion Ships: an opponent's Agent does not block the Rival while the tile is face up; the tile
  is flipped when its Agent goes there, without the discard.
- Sonic Snoopers: only its Acquire effect (a Rival takes no tile action, so it never trashes it).
- Spy Satellites: with 3 spice at the start of its Agent turn, it pays, trashes the tile, gains 1 VP.
- Troop Transports: every troop it recruits from the Shipping track deployed (with Expert Troop
  Deployment, that rule's hold-back).
"""

from __future__ import annotations

from ...game import Game
from ...registry import custom
from ...steps import push_choice, run
from ...zones import count_deployed
from ..tech.tech import trash_tile
from .base import expert
from .tech import FIRST_CHANCE, acquisition, flip, ignores_tiles, owns, solo_hook, solo_rival
from .turn import holds_back

R_TECH = "rivals-x.ix-solo-tech"
R_TILES = "rivals-x.ix-solo-tiles"
R_READINGS = "rivals-x.ix-solo-readings"
FLAGSHIP, INVASION, SATELLITES = "tech-flagship", "tech-invasion-ships", "tech-spy-satellites"
FLAGSHIP_COST, FLAGSHIP_TROOPS = 4, 3  # the tile's flip: 4 Solari for three troops (p. 9)
SATELLITES_SPICE = 3  # its trash cost
assert "tech-training-drones" in FIRST_CHANCE  # Training Drones' rule lives in tech.py


@custom("rival-ix-tech")
def rival_ix_tech(g: Game, task: dict, step: dict) -> None:
    """A 1P card's Acquire Tech: the tile tech.acquisition names (the `tech` choice, narrowed);
    none it can pay for and `else_negotiator` (Tech Negotiation): a Negotiator, when it has a troop
    in its supply. Nothing while it ignores the tiles (the Tech Module before its Swordmaster)."""
    pid = task["player"]
    g.rulings.append(R_TECH)
    if ignores_tiles(g, pid):
        return
    if acquisition(g, pid, step["discount"]) is not None:
        push_choice(g, task, "tech", discount=step["discount"])
    elif step.get("else_negotiator"):
        run(g, pid, [{"custom": "negotiator"}], task["src"])  # the Rival sends it: rivals/ix.py


@solo_hook("rival-agent-start")
def _before_agent(g: Game, pid: str, space_id: str) -> None:
    """Spy Satellites, Invasion Ships and Flagship as the Rival's Agent goes."""
    pl = g.p(pid)
    if owns(g, pid, SATELLITES) and pl["spice"] >= SATELLITES_SPICE:
        g.pay(pid, {"spice": SATELLITES_SPICE}, (R_TILES,))
        trash_tile(g, pid, SATELLITES)
        g.gain(pid, {"vp": 1})
        g.rulings += [R_TILES, R_READINGS]
    if owns(g, pid, INVASION, flipped=False) and g.state["board"]["occupied"].get(space_id) not in (None, pid):
        flip(g, pid, INVASION)  # it went past an opponent's Agent (`_invasion_ships`)
        g.rulings.append(R_TILES)
    troops = pl["troops"]
    if (owns(g, pid, FLAGSHIP, flipped=False) and g.content.spaces[space_id]["combat"]
            and pl["solari"] >= FLAGSHIP_COST and troops["supply"] >= FLAGSHIP_TROOPS):
        g.pay(pid, {"solari": FLAGSHIP_COST}, (R_TILES,))
        flip(g, pid, FLAGSHIP)
        troops["supply"] -= FLAGSHIP_TROOPS
        troops["conflict"] += FLAGSHIP_TROOPS
        count_deployed(g, pid, FLAGSHIP_TROOPS, troops=FLAGSHIP_TROOPS)
        g.rulings.append(R_TILES)


@solo_hook("may-share", when=solo_rival)
def _invasion_ships(g: Game, pid: str, space: dict, card_id: str | None) -> bool | None:
    """While Invasion Ships is face up an opponent's Agent does not block the Rival's (its own still
    does: zones.space_closed checks that first)."""
    if owns(g, pid, INVASION, flipped=False):
        g.rulings.append(R_TILES)
        return True
    return None


@solo_hook("rival-forced-choice")
def _transported(g: Game, pid: str, task: dict, offers: list) -> dict | None:
    """Troop Transports: the troops recruited from the Shipping track all go to the Conflict (with
    Expert Troop Deployment: none while that rule holds them back)."""
    if task["kind"] != "units" or not task.get("troops_only") or not str(task["src"]).startswith("shipping:"):
        return None
    g.rulings.append(R_TILES)
    if expert(g) and holds_back(g, pid, 2):
        g.rulings.append("rivals.base-solo-play")
        return min(offers, key=lambda o: o["count"])
    return max(offers, key=lambda o: o["count"])


@solo_hook("tech-box-steps", when=solo_rival)
def _no_deck_to_draw(steps: list, g: Game, pid: str, tile: str, box: str) -> list:
    """Holtzman Engine's Round Start draw: a Rival has no deck, so it draws nothing (our reading)."""
    if box == "round_start" and any("draw" in s for s in steps):
        g.rulings.append(R_READINGS)
        return [s for s in steps if "draw" not in s]
    return steps
