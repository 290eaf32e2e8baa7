"""Solo Rivals and the Tech Module (seed 000 p. 9, 'Solo Game Rivals and the Tech Module'; records
rivals.tech-*, our readings rivals-x.tech-*). Both editions: Uprising's Rival cards and the
original game's Leaders as Rivals. Two players: the Rival ignores the tiles (bloodlines.py).

- Only tiles with the House Hagal mark (`"rival": true` in data/bloodlines/tech.json) are a
  Rival's; whenever none is face up, the face-up tile of the largest stack is trashed (the
  topmost stack on a tie) and the next one revealed.
- Before its Swordmaster a Rival ignores the tiles; after it, it hoards spice: no 7-spice VP
  trade unless the Conflict is a level III card (hook `rival-keeps-spice`, asked by turn._trade).
- The four Acquire Tech House Hagal cards (data: `acquire_tech`): the most expensive marked tile
  it can pay for, 1 spice off, ties to the topmost stack. The acquisition is the `tech` choice a
  player answers, narrowed to that one tile (`forced_choice`), so a log choosing otherwise is
  refused. Our reading rivals-x.tech-card-agent: the card sends no Agent; the next card is
  turned over. Its strength is not in our sources (a draw for strength: not implemented).
- The per-tile guidance: Delivery Bay's Acquire effect ignored; Delivery Bay, Panopticon and
  Training Depot's Reveal effects after the Rival's last Agent turn of a round, Command always
  met; Gene-Locked Vault, Glowglobes, Self-Destroying Messages, Servo-Receivers: their Acquire
  effects only (the Vault: an Intrigue card); Rapid Dropships flipped at the first non-Combat
  space of a round (deployed as from a Combat space); Spy Drones flipped at the first chance
  each round for 1 Solari (the trash effect ignored).
"""

from __future__ import annotations

from ....core.errors import IllegalAction
from ...choices import SKIP
from ...game import Game, ms_add
from ...registry import custom, hook, in_play
from ...steps import push_choice, run
from ..tech import price, requirement_met, tile_data
from .hagal import is_rival, rivals

DISCOUNT = 1  # the Acquire Tech card's spice off (p. 9)
REVEAL_TILES = ("tech-delivery-bay", "tech-panopticon", "tech-training-depot")
ACQUIRE_ONLY = ("tech-gene-locked-vault", "tech-glowglobes", "tech-self-destroying-messages",
                "tech-servo-receivers")
VAULT_INTRIGUE = {"option": 0}  # Gene-Locked Vault's first option: the Intrigue card (p. 9)
TILE_CHOICE = "tech"  # the choice kind of acquiring a tile (modules/tech/tech.py)
R_CARD = ("rivals.tech-acquire-card", "rivals-x.tech-card-agent")


def solo(g: Game) -> bool:
    """Two Rivals: with two players the Rival ignores the tiles."""
    return len(rivals(g)) == 2


def solo_game(g: Game, *_) -> bool:
    """Hooks' `when`: a solo game (two Rivals)."""
    return solo(g)


def solo_rival(g: Game, pid: str, *_) -> bool:
    """Hooks' `when`: a call for a Rival's seat in a solo game."""
    return solo(g) and is_rival(g, pid)


def active(g: Game) -> bool:
    """A solo game with the Tech Module (for an Acquire Tech card, which any solo deck may hold)."""
    return "tech" in in_play(g) and solo(g)


def marked(g: Game, tile: str) -> bool:
    return bool(tile_data(g, tile).get("rival"))


def owns(g: Game, pid: str, tile: str, flipped: bool | None = None) -> bool:
    return any(e["id"] == tile and flipped in (None, e["flipped"]) for e in g.p(pid).get("tech", []))


@hook("rival-keeps-spice", module=("rivals", "tech"), when=solo_game)
def hoards_spice(g: Game, pid: str) -> bool:
    """After its Swordmaster a solo Rival keeps its spice for tiles unless the Conflict is level III."""
    if not g.p(pid)["swordmaster"]:
        return False
    g.rulings.append("rivals.tech-swordmaster")
    return g.content.conflicts.get(g.state["board"]["conflict"] or "", {}).get("level", 1) < 3


# --- which tiles a Rival may take ------------------------------------------------------------------
def best_tile(g: Game, pid: str) -> str | None:
    """The most expensive marked face-up tile the Rival can pay for with the card's discount; a tie
    goes to the topmost stack (stack 1 as the engine numbers them)."""
    face_up = g.state["tech"]["face_up"]
    found = [(tile_data(g, t)["cost"], -i, t) for i, t in enumerate(face_up)
             if t and marked(g, t) and price(g, pid, t, DISCOUNT) <= g.p(pid)["spice"] and requirement_met(g, pid, t)]
    return max(found)[2] if found else None


@custom("rival-acquire-tech")
def acquire_card(g: Game, task: dict, step: dict) -> None:
    """The Acquire Tech House Hagal card, or Kota Odax's Signet Ring (`signet`): nothing before the
    Swordmaster (or without a tile it can pay for); else the `tech` choice, which `forced_choice`
    narrows to the one tile."""
    pid = task["player"]
    # Kota Odax's Signet Ring acquires the same way (seed 000 p. 9; her Rival card: data/bloodlines)
    g.rulings += ["rivals.tech-eligible", *(("rivals-x.bl-rival-cards",) if step.get("signet") else R_CARD)]
    if not g.p(pid)["swordmaster"]:
        g.rulings.append("rivals.tech-swordmaster")
        return
    if active(g) and best_tile(g, pid) is not None:
        push_choice(g, task, "tech", discount=DISCOUNT)


@hook("rival-forced-choice", module=("rivals", "tech"), when=solo_game)
def forced_choice(g: Game, pid: str, task: dict, offers: list) -> dict | None:
    """The Rival's Tech choices the rules settle: which tile; Gene-Locked Vault's Intrigue card."""
    if task["kind"] == TILE_CHOICE:
        best = best_tile(g, pid)
        g.rulings += [*R_CARD, "rivals.tech-eligible"]
        return {"tile": best} if best and {"tile": best} in offers else SKIP
    if task["kind"] == "option" and task.get("src") == "tech:tech-gene-locked-vault" and VAULT_INTRIGUE in offers:
        g.rulings.append("rivals.tech-tiles")
        return VAULT_INTRIGUE
    return None


@hook("tech-refused", module=("rivals", "tech"), when=lambda g, task, given: solo_rival(g, task["player"]))
def _not_the_rivals_tile(g: Game, task: dict, given: dict) -> IllegalAction | None:
    """A Rival's tile is the one the rules name, or none when it can pay for no marked tile."""
    pid = task["player"]
    best = best_tile(g, pid)
    if given.get("tile") == best:
        return None
    rulings = (*R_CARD, "rivals.tech-eligible", "rivals-x.tech-topmost")
    if not best:
        return IllegalAction("rival.wrong-tile", "{seat} acquires no tile (none marked it can pay for with 1 spice "
                             "off), not {given}.", rulings, params={"seat": pid, "given": str(given.get("tile"))})
    return IllegalAction("rival.wrong-tile", "{seat} acquires {tile} (the most expensive marked tile it can pay for "
                         "with 1 spice off, the topmost stack on a tie), not {given}.", rulings,
                         params={"seat": pid, "tile": best, "given": str(given.get("tile"))})


@hook("tech-acquire-steps", module=("rivals", "tech"), when=solo_rival)
def _acquire_steps(steps: list, g: Game, pid: str, tile: str) -> list:
    """Delivery Bay's Acquire effect is ignored; Servo-Receivers' Signet Ring is the Rival's own."""
    g.rulings.append("rivals.tech-tiles")
    if tile == "tech-delivery-bay":
        return []
    if tile == "tech-servo-receivers":
        return [{"custom": "rival-signet"}]
    return steps


@hook("acquire-only", module=("rivals", "tech"), when=solo_rival)
def _acquire_only(g: Game, pid: str, tile: str):
    """Gene-Locked Vault, Glowglobes, Self-Destroying Messages, Servo-Receivers: a Rival has their
    Acquire effects only, none of their standing rules (the Vault's protection against stealing)."""
    if tile in ACQUIRE_ONLY:
        g.rulings.append("rivals.tech-tiles")
        return True
    return None


# --- no marked tile face up --------------------------------------------------------------------------
@hook("tech-face-up", module=("rivals", "tech"), when=solo_game)
def _refill_for_rivals(g: Game) -> None:
    """Whenever no marked tile is face up (and no reveal is still due), the face-up tile of the
    largest stack is trashed and the next one revealed; a tie goes to the topmost stack."""
    if any(t.get("kind") == "reveal-tech" and not t.get("bottom") for t in g.state["stack"]):
        return
    tech = g.state["tech"]
    while not any(t and marked(g, t) for t in tech["face_up"]) and any(tech["face_up"]):
        sizes = [tech["stacks"][i] + (1 if tech["face_up"][i] else 0) for i in range(len(tech["stacks"]))]
        i = sizes.index(max(sizes))
        ms_add(tech["trashed"], tech["face_up"][i])
        tech["face_up"][i] = None
        g.rulings += ["rivals.tech-eligible", "rivals-x.tech-topmost"]
        if tech["stacks"][i]:
            g.push({"t": "chance", "kind": "reveal-tech", "stack": i + 1})
            return


# --- the tiles in a Rival's turns ----------------------------------------------------------------------
@hook("rival-agent-start", module=("rivals", "tech"), when=solo_game)
def before_agent(g: Game, pid: str) -> None:
    """Spy Drones at the first chance of the round (each Agent turn finds it face up only once): flipped
    for 1 Solari, the trash effect ignored."""
    if owns(g, pid, "tech-spy-drones", flipped=False):
        flip_spy_drones(g, pid)


def flip_spy_drones(g: Game, pid: str) -> None:
    next(e for e in g.p(pid)["tech"] if e["id"] == "tech-spy-drones")["flipped"] = True
    g.gain(pid, {"solari": 1})
    g.rulings += ["rivals.tech-tiles", "tech.flip-once-per-round"]


@hook("rival-combat-space", module=("rivals", "tech"), when=solo_game)
def combat_space(g: Game, pid: str, space_id: str) -> bool:
    """Whether the Rival deploys as from a Combat space from another space: the first of the round
    while Rapid Dropships is face up (it is flipped now)."""
    if not owns(g, pid, "tech-rapid-dropships", flipped=False):
        return False
    next(e for e in g.p(pid)["tech"] if e["id"] == "tech-rapid-dropships")["flipped"] = True
    g.rulings += ["rivals.tech-tiles", "tech.flip-once-per-round", "bloodlines.combat-icon"]
    return True


@hook("rival-agent-done", module=("rivals", "tech"), when=solo_game)
def after_last_agent(g: Game, pid: str) -> None:
    """Delivery Bay, Panopticon and Training Depot: their Reveal effects right after the Rival's last
    Agent turn of the round, a Command always met (its `then` taken straight)."""
    pl = g.p(pid)
    if len(pl["placed"]) < pl["agents"]:
        return
    for tile in reversed([t for t in REVEAL_TILES if owns(g, pid, t)]):  # pushed last first: tile order
        steps = [s for step in tile_data(g, tile)["reveal"]
                 for s in (step["then"] if step.get("custom") == "command" else [step])]
        run(g, pid, steps, f"tech:{tile}")
        g.rulings += ["rivals.tech-tiles", "tech.acquire-effect"]


@hook("tech-acquired", module=("rivals", "tech"), when=solo_rival)
def _spy_drones_at_once(g: Game, pid: str, tile: str) -> None:
    """A Rival flips Spy Drones as soon as it acquires it (p. 9)."""
    if tile == "tech-spy-drones":
        flip_spy_drones(g, pid)
