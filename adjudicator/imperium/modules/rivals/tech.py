"""Solo Rivals and Tech tiles: the Tech Module (seed 000 p. 9, 'Solo Game Rivals and the Tech
Module'; records rivals.tech-*, our readings rivals-x.tech-*) and Rise of Ix (its p. 9, 'Tech
Tiles'; records rivals-x.ix-solo-*), whose rules for a solo Rival are the same where both speak:
each rule is written once here and registered for both modules (`solo_hook`; it runs once in a
game with both). Both editions: Uprising's Rival cards and the original game's Leaders as Rivals.
Two players: the Rival ignores the tiles (bloodlines.py).

- Only tiles with the House Hagal mark (`"rival": true` in data/<box>/tech.json) are a
  Rival's; whenever none is face up, the face-up tile of the largest stack is trashed (the
  topmost stack on a tie) and the next one revealed.
- It hoards spice: no 7-spice VP trade unless the Conflict is a level III card (hook
  `rival-keeps-spice`, asked by turn._trade). With the Tech Module (with Rise of Ix too: seed 000
  p. 9) it ignores the tiles before its Swordmaster; Rise of Ix alone sets no such wait.
- Acquiring: the most expensive marked tile it can pay for, ties to the topmost stack, every
  Negotiator it has on Ix returned (Rise of Ix p. 9). The four Acquire Tech House Hagal cards
  (data: `acquire_tech`; not with Rise of Ix, whose 1P cards take their place: rivals/ix.py) take
  1 spice off. The acquisition is the `tech` choice a player answers, narrowed to that one tile
  (`forced_choice`), so a log choosing otherwise is refused. Our reading rivals-x.tech-card-agent:
  the card sends no Agent; the next card is turned over. Its strength is not in our sources (a draw
  for strength: not implemented).
- Flipped at the first chance each round, even on acquiring: Spy Drones, Training Drones (`FIRST_CHANCE`).
- The Tech Module's per-tile guidance: Delivery Bay's Acquire effect ignored; Delivery Bay, Panopticon and
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
R_IX = "rivals-x.ix-solo-tech"  # Rise of Ix p. 9: the same rules for its tiles
R_IX_TILES = "rivals-x.ix-solo-tiles"  # Rise of Ix p. 9: its guidance for eight tiles
# the tiles a Rival flips at its first chance each round, even on acquiring one: what the flip gives it
FIRST_CHANCE = {"tech-spy-drones": ({"solari": 1}, "rivals.tech-tiles"),
                "tech-training-drones": ({"troops": 1}, R_IX_TILES)}
TILE_MODULES = (("rivals", "tech"), ("rivals", "ix"))  # the boxes whose tiles a solo Rival may take


def solo(g: Game) -> bool:
    """Two Rivals: with two players the Rival ignores the tiles."""
    return len(rivals(g)) == 2


def solo_game(g: Game, *_) -> bool:
    """Hooks' `when`: a solo game (two Rivals)."""
    return solo(g)


def solo_rival(g: Game, pid: str, *_) -> bool:
    """Hooks' `when`: a call for a Rival's seat in a solo game."""
    return solo(g) and is_rival(g, pid)


def solo_hook(event: str, when=solo_game):
    """Register a solo Rival's tile rule for the Tech Module and for Rise of Ix (once with both)."""
    def register(fn):
        for modules in TILE_MODULES:
            hook(event, module=modules, when=when)(fn)
        return fn
    return register


def active(g: Game) -> bool:
    """A solo game with Tech tiles (for an Acquire Tech card, which any solo deck may hold)."""
    return "tech" in g.state and solo(g)


def cite(g: Game, *tech_module: str) -> None:
    """The Tech Module's records, and with Rise of Ix its own (the same rule in its rulebook)."""
    g.rulings += [*(tech_module if "tech" in in_play(g) else ()), *((R_IX,) if "ix" in in_play(g) else ())]


def ignores_tiles(g: Game, pid: str) -> bool:
    """With the Tech Module a Rival ignores the tiles until it has its Swordmaster (seed 000 p. 9,
    with Rise of Ix too); Rise of Ix alone has no such rule (its p. 9)."""
    if "tech" not in in_play(g) or g.p(pid)["swordmaster"]:
        return False
    g.rulings += ["rivals.tech-swordmaster", *(("rivals.tech-rise-of-ix",) if "ix" in in_play(g) else ())]
    return True


def marked(g: Game, tile: str) -> bool:
    return bool(tile_data(g, tile).get("rival"))


def owns(g: Game, pid: str, tile: str, flipped: bool | None = None) -> bool:
    return any(e["id"] == tile and flipped in (None, e["flipped"]) for e in g.p(pid).get("tech", []))


@solo_hook("rival-keeps-spice")
def hoards_spice(g: Game, pid: str) -> bool:
    """A solo Rival keeps its spice for tiles unless the Conflict is level III (with the Tech
    Module: once it has its Swordmaster)."""
    if ignores_tiles(g, pid):
        return False
    cite(g, "rivals.tech-swordmaster")
    return g.content.conflicts.get(g.state["board"]["conflict"] or "", {}).get("level", 1) < 3


# --- which tiles a Rival may take ------------------------------------------------------------------
def acquisition(g: Game, pid: str, discount: int) -> dict | None:
    """The `tech` answer the rules make for a solo Rival, or None (no tile it can take): the most
    expensive marked face-up tile it can pay for with `discount` and every Negotiator it has on Ix
    returned (Rise of Ix p. 9; never any without Rise of Ix); a tie goes to the topmost stack
    (stack 1 as the engine numbers them)."""
    face_up, back = g.state["tech"]["face_up"], g.p(pid)["troops"].get("negotiators", 0)
    found = [(tile_data(g, t)["cost"], -i, t) for i, t in enumerate(face_up)
             if t and marked(g, t) and price(g, pid, t, discount, back) <= g.p(pid)["spice"]
             and requirement_met(g, pid, t)]
    return {"tile": max(found)[2], **({"negotiators": back} if back else {})} if found else None


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
    if active(g) and acquisition(g, pid, DISCOUNT) is not None:
        push_choice(g, task, "tech", discount=DISCOUNT)


@solo_hook("rival-forced-choice")
def forced_choice(g: Game, pid: str, task: dict, offers: list) -> dict | None:
    """The Rival's Tech choices the rules settle: which tile (none before its Swordmaster with the
    Tech Module), with its Negotiators; Gene-Locked Vault's Intrigue card."""
    if task["kind"] == TILE_CHOICE:
        wanted = None if ignores_tiles(g, pid) else acquisition(g, pid, task["discount"])
        cite(g, *R_CARD, "rivals.tech-eligible")
        return wanted if wanted in offers else SKIP
    if task["kind"] == "option" and task.get("src") == "tech:tech-gene-locked-vault" and VAULT_INTRIGUE in offers:
        g.rulings.append("rivals.tech-tiles")
        return VAULT_INTRIGUE
    return None


@solo_hook("tech-refused", when=lambda g, task, given: solo_rival(g, task["player"]))
def _not_the_rivals_tile(g: Game, task: dict, given: dict) -> IllegalAction | None:
    """A Rival's tile is the one the rules name, with all its Negotiators, or none when it can pay
    for no marked tile."""
    pid, discount = task["player"], task["discount"]
    wanted = None if ignores_tiles(g, pid) else acquisition(g, pid, discount)
    if wanted is not None and (given.get("tile"), _negotiators(given)) == (wanted["tile"], _negotiators(wanted)):
        return None
    rulings = (*R_CARD, "rivals.tech-eligible", "rivals-x.tech-topmost", *((R_IX,) if "ix" in in_play(g) else ()))
    if wanted is None:
        return IllegalAction("rival.wrong-tile", "{seat} acquires no tile (none marked it can pay for with "
                             "{discount} spice off and its Negotiators), not {given}.", rulings,
                             params={"seat": pid, "discount": discount, "given": str(given.get("tile"))})
    return IllegalAction("rival.wrong-tile", "{seat} acquires {tile} returning {back} Negotiator(s) (the most "
                         "expensive marked tile it can pay for with {discount} spice off and all its Negotiators, "
                         "the topmost stack on a tie), not {given} returning {given_back}.", rulings,
                         params={"seat": pid, "tile": wanted["tile"], "back": _negotiators(wanted),
                                 "discount": discount, "given": str(given.get("tile")),
                                 "given_back": _negotiators(given)})


def _negotiators(answer: dict) -> int:
    return answer.get("negotiators", 0)


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
@solo_hook("tech-face-up")
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
        cite(g, "rivals.tech-eligible", "rivals-x.tech-topmost")
        if tech["stacks"][i]:
            g.push({"t": "chance", "kind": "reveal-tech", "stack": i + 1})
            return


# --- the tiles in a Rival's turns ----------------------------------------------------------------------
@solo_hook("rival-agent-start")
def before_agent(g: Game, pid: str, space_id: str) -> None:
    """The tiles flipped at the first chance of the round (each Agent turn finds them face up only
    once; `FIRST_CHANCE`)."""
    for tile in FIRST_CHANCE:
        if owns(g, pid, tile, flipped=False):
            flip_at_first_chance(g, pid, tile)


def flip(g: Game, pid: str, tile: str) -> None:
    next(e for e in g.p(pid)["tech"] if e["id"] == tile)["flipped"] = True
    g.rulings.append("tech.flip-once-per-round")


def flip_at_first_chance(g: Game, pid: str, tile: str) -> None:
    """Spy Drones for 1 Solari, its trash effect ignored (seed 000 p. 9); Training Drones' troop,
    recruited to the garrison (Rise of Ix p. 9)."""
    gains, ruling = FIRST_CHANCE[tile]
    flip(g, pid, tile)
    g.gain(pid, {k: n for k, n in gains.items() if k != "troops"})
    troops = g.p(pid)["troops"]
    n = min(gains.get("troops", 0), troops["supply"])
    troops["supply"] -= n
    troops["garrison"] += n
    g.rulings.append(ruling)


@hook("rival-combat-space", module=("rivals", "tech"), when=solo_game)
def combat_space(g: Game, pid: str, space_id: str) -> bool:
    """Whether the Rival deploys as from a Combat space from another space: the first of the round
    while Rapid Dropships is face up (it is flipped now)."""
    if not owns(g, pid, "tech-rapid-dropships", flipped=False):
        return False
    flip(g, pid, "tech-rapid-dropships")
    g.rulings += ["rivals.tech-tiles", "bloodlines.combat-icon"]
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


@solo_hook("tech-acquired", when=solo_rival)
def _flipped_at_once(g: Game, pid: str, tile: str) -> None:
    """A Rival flips Spy Drones and Training Drones as soon as it acquires them (p. 9 of both books)."""
    if tile in FIRST_CHANCE:
        flip_at_first_chance(g, pid, tile)
