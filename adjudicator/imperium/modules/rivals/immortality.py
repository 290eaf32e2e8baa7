"""Immortality with solo Rivals (seed 003 p. 13, 'Additions to Solo Games'; records
immortality.solo-*, our readings rivals-x.imm-*).

The solo House Hagal deck trades its three Carthag cards for Immortality's three Carthag cards and
its Research Station card (`rivals.new_hagal`, card facts in data/base/house-hagal.json). A card's
Tleilaxu icons move the Rival's Tleilaxu token (its bonuses gained as a player's); a crossed-out
Tleilaxu Row icon removes that Row card from the game and a new one is dealt. The engine keeps
the Row as a sorted multiset with no places (like the Imperium Row), so which card sat on the
left or the right is a chance outcome the log names (`hagal-row-trash`), our reading. Rivals never
use the research track. Two-player games are unchanged (the seed: these rules do not apply).

With Uprising (our reading rivals-x.imm-uprising): the four cards join a solo deck, one of Uprising's
two Research Station cards leaves it; Uprising's board has no Carthag, so a Carthag card sends no
Agent: its space and troop are ignored, its Tleilaxu icons done (hagal._for_agent runs the card's
steps but its troop), and the next card is turned over.
"""

from __future__ import annotations

from ....core import rng
from ....core.errors import IllegalAction
from ...game import Game, ms_add, ms_remove
from ...registry import ChanceKind, chance_kind, custom, hook
from ...steps import prepend

R_ROW = ("immortality.solo-hagal-cards", "rivals-x.imm-row-reading")
R_UPRISING = "rivals-x.imm-uprising"


@hook("setup", module=("rivals", "immortality"))
def _setup(g: Game) -> None:
    """The deck itself is built by hagal.new_hagal; the Tleilaxu tokens by modules/immortality/immortality.py's setup
    (a Rival's research token stays at the start: Rivals never research)."""
    g.rulings.append("immortality.solo-setup")  # its last sentence: two players unchanged
    if g.state["game"]["edition"] == "uprising":
        g.rulings.append(R_UPRISING)


@custom("rival-tleilaxu")
def _tleilaxu_icons(g: Game, task: dict, step: dict) -> None:
    """A card's Tleilaxu icons: the Rival's token moves as a player's does (`tleilaxu`)."""
    prepend(task, [{"custom": "tleilaxu", "count": step["count"]}])
    g.rulings.append("immortality.solo-hagal-cards")


@custom("rival-row-trash")
def _row_icon(g: Game, task: dict, step: dict) -> None:
    """A card's crossed-out Tleilaxu Row icon: that Row card leaves the game (`hagal-row-trash`)."""
    if g.state["tleilaxu"]["row"]:
        g.push({"t": "chance", "kind": "hagal-row-trash", "player": task["player"], "side": step["side"]})


def _candidates(g: Game, task: dict) -> list[dict]:
    return [{"do": "hagal-row-trash", "player": task["player"], "card": c}
            for c in sorted(set(g.state["tleilaxu"]["row"]))]


def _deal(g: Game, task: dict) -> dict:
    row = g.state["tleilaxu"]["row"]
    return {"do": "hagal-row-trash", "player": task["player"], "card": row[rng.below(g.state, len(row))]}


def _apply(g: Game, task: dict, action: dict) -> None:
    t, card = g.state["tleilaxu"], action.get("card")
    if not ms_remove(t["row"], card):
        raise IllegalAction("chance.card-not-available", "{card} is not in the Tleilaxu Row ({row_cards}).",
                            (*R_ROW, "chance.card-not-available"),
                            params={"card": str(card), "row_cards": list(t["row"])})
    ms_add(t.setdefault("removed", []), card)  # out of the game (counted by the conservation check)
    if t["deck"]:
        g.push({"t": "chance", "kind": "refill-tleilaxu-row"})
    g.rulings.extend(R_ROW)


chance_kind(ChanceKind("hagal-row-trash", _candidates, _deal, _apply, R_ROW))
