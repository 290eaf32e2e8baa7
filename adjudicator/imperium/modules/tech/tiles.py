"""The Tech Module's pieces as data of the state (Bloodlines rules manual pp. 6-7): which Tech
tiles a game uses, how they are divided into the three stacks of the Ixian Embassy, and where
every tile is, so that the invariants can count them. The rules that act on the tiles (setup,
acquiring, flipping, the tiles' abilities, Kota Odax of Ix) are in `modules/tech/tech.py`.

The stacks are shuffled face down, so their order is chance, as a deck's is: the state keeps
the tiles nobody has seen as one multiset (`pool`) and only how many face-down tiles each stack
still holds; revealing a stack's next tile is a chance outcome drawn from the pool (`reveal-tech`).
A bottom tile seen by Kota Odax's Secret Project stays known (`bottoms`): it is revealed only
when it is the last face-down tile of its stack.

state["tech"] = {"pool": [...], "stacks": [n1, n2, n3], "bottoms": [tile|None ×3],
                 "face_up": [tile|None ×3], "trashed": [...]}
player["tech"] = [{"id": tile, "flipped": bool}, ...] (sorted by id); player["secret_project"]
is the tile Kota set aside face down on her Leader.
"""

from __future__ import annotations

from collections import Counter

from ...content import Content, in_game
from ...game import Game, own_posts
from ...leaders import passive_step

MODULE = "tech"
TILE_MODULES = ("tech", "ix")  # the modules that play Tech tiles: Bloodlines' Tech Module, Rise of Ix


def plays_tiles(modules) -> bool:
    return any(m in modules for m in TILE_MODULES)
STACKS = 3


def tiles_in_game(cnt: Content, modules) -> list[str]:
    """The tiles a game uses: the module's 18, less CHOAM Transports without the CHOAM module
    and the five the original game leaves out (seed p. 6; `excluded_with` drops those when the
    content loads)."""
    return sorted(t for t, tile in cnt.tech.items() if in_game(tile, modules))


def face_up_again(state: dict) -> bool:
    """Phase 1 (Round Start) turns every tile used last round face up again (Bloodlines p. 7);
    whether there was one."""
    used = [e for pl in state["players"].values() for e in pl.get("tech", []) if e["flipped"]]
    for entry in used:
        entry["flipped"] = False
    return bool(used)


def stack_sizes(n: int) -> list[int]:
    """`n` tiles divided into three stacks as evenly as possible (seed p. 6)."""
    return [n // STACKS + (1 if i < n % STACKS else 0) for i in range(STACKS)]


def new_tech_state(cnt: Content, modules) -> dict:
    tiles = tiles_in_game(cnt, modules)
    return {"pool": tiles, "stacks": stack_sizes(len(tiles)), "bottoms": [None] * STACKS,
            "face_up": [None] * STACKS, "trashed": []}


def owned(pl: dict) -> list[str]:
    return [t["id"] for t in pl.get("tech", [])]


def tiles_seen(state: dict) -> Counter:
    """Every Tech tile wherever it is: unseen, a known bottom, face up, owned, set aside, trashed."""
    tech = state["tech"]
    found = Counter(tech["pool"]) + Counter(t for t in tech["bottoms"] + tech["face_up"] if t)
    found += Counter(tech["trashed"])
    for pl in state["players"].values():
        found += Counter(owned(pl)) + Counter([pl["secret_project"]] if pl.get("secret_project") else [])
    return found


def conservation(state: dict, cnt: Content) -> list[str]:
    """The invariant: the tiles in play are exactly the game's tiles, each once, and the stacks'
    counts agree with what is still face down."""
    if "tech" not in state:
        return []
    out = []
    seen, total = tiles_seen(state), Counter(tiles_in_game(cnt, state["game"]["modules"]))
    if seen != total:
        out.append(f"Tech tiles not conserved: {dict((seen - total) + (total - seen))}")
    tech = state["tech"]
    if sum(tech["stacks"]) != len(tech["pool"]) + sum(1 for b in tech["bottoms"] if b):
        out.append("Tech stacks' face-down counts disagree with the unseen tiles")
    return out


# --- what a tile costs and needs (read by the Tech rules and the solo Rivals) ---------------------------
def tile_data(g: Game, tile: str) -> dict:
    return g.content.tech[tile]


def embassy(g: Game) -> bool:
    """Are the stacks on Bloodlines' Ixian Embassy (else on Rise of Ix's Ix board, `board: ix`)?"""
    return g.state["tech"].get("board") != "ix"


def seat_discount(g: Game, pid: str) -> int:
    """The Ixian Embassy's 1 spice off with a High Council seat; none on the Ix board (seed 000 p. 7)."""
    return 1 if g.p(pid)["seat"] and embassy(g) else 0


def price(g: Game, pid: str, tile: str, discount: int, negotiators: int = 0) -> int:
    """The spice a tile costs `pid` in one acquisition: its cost, less 1 with a High Council seat
    (the Ixian Embassy), less the discount of the one Acquire Tech icon used (discounts of two
    icons never combine: each icon is its own acquisition), less Secret Project's discount for
    the tile set aside, less 1 per Negotiator returned from Ix (Rise of Ix p. 4); never below 0
    (seed p. 7)."""
    pl = g.p(pid)
    cost = tile_data(g, tile)["cost"] - seat_discount(g, pid) - discount - negotiators
    if tile == pl.get("secret_project"):
        cost -= (passive_step(g, pid, "secret-project-tech") or {}).get("discount", 0)
    return max(0, cost)


def requirement_met(g: Game, pid: str, tile: str) -> bool:
    need = tile_data(g, tile).get("acquire_requires")
    return not need or need.get("custom") != "trash-own-spy" or bool(own_posts(g, pid))
