"""What the Bloodlines pieces hide from the other players (`public-view`): Piter De Vries's own
Twisted Intrigue deck, Y'rkoon's Navigation cards drawn but not yet slotted, the Tech tile Kota
Odax set aside face down, and the bottom tiles only she has seen (seed pp. 6-7, back cover)."""

from __future__ import annotations

from ...game import Game
from ...leaders import passive_step
from ...registry import hook

FACE_DOWN = "?"


def _saw_the_bottoms(g: Game, pid: str) -> bool:
    return passive_step(g, pid, "secret-project-tech") is not None


@hook("public-view", module="bloodlines")
def _hide_bloodlines_pieces(view: dict, g: Game, viewer: str | None) -> dict:
    for pid, pl in view["players"].items():
        if pid == viewer:
            continue
        for key in ("twisted_deck", "navigation_drawn"):
            if key in pl:
                pl[key] = len(pl[key])
        if pl.get("secret_project"):
            pl["secret_project"] = FACE_DOWN
    tech = view.get("tech")
    if tech and not (viewer in g.order and _saw_the_bottoms(g, viewer)):
        # a seen bottom tile is, to everyone else, one more unknown tile of the stacks
        tech["pool"] = sorted([*tech["pool"], *(t for t in tech["bottoms"] if t)])
        tech["bottoms"] = [FACE_DOWN if t else None for t in tech["bottoms"]]
    return view
