"""`Game`: the state of one table plus the helpers every rule area shares.

The state is plain JSON data (it round-trips through canonical JSON); `Game` wraps it for the
length of one action together with the edition's content and what the action produced
(notes for the verdict, parts that are not implemented).
"""

from __future__ import annotations

from bisect import insort
from pathlib import Path

from ..core.catalog import LANGS, words
from ..core.engine import Table
from ..core.errors import IllegalAction
from ..core.sentences import said
from .content import Content, board_tracks, content

RESOURCES = ("solari", "spice", "water")


class Game(Table):
    def __init__(self, state: dict, cnt: Content | None = None):
        super().__init__(state)
        self.content = cnt or content(state["game"]["edition"])

    # --- players -------------------------------------------------------------------
    @property
    def order(self) -> list[str]:
        return self.state["game"]["seats"]

    def p(self, pid: str) -> dict:
        return self.state["players"][pid]

    def opponents(self, pid: str) -> list[str]:
        return [q for q in self.order if q != pid]

    def clockwise_from(self, pid: str) -> list[str]:
        i = self.order.index(pid)
        return self.order[i:] + self.order[:i]

    @property
    def first(self) -> str:
        return self.state["first"]

    def on_board(self, space_id: str) -> bool:
        """Is this space on this game's board? A leader's own space (Tuek's Sietch) is only
        once that leader's setup placed it; a space of the six-player side only on that side,
        where the front spaces it replaces are not (content.replaced_on_reverse)."""
        space = self.content.spaces.get(space_id)
        if space is None:
            return False
        side = self.state["board"].get("side")  # absent: the front side
        if side is None and space.get("side") is not None:
            return False
        if side is not None and space_id in self.content.reverse_overlays:
            return True
        if side is not None and space_id in self.content.replaced_on_reverse:
            return False
        if space.get("requires_leader") is not None:
            return space_id in self.state["board"].get("added_spaces", ())
        modules = self.state["game"]["modules"]
        if space.get("expansion") is not None and space["expansion"] not in modules:
            return False  # an expansion's own board space (Rise of Ix's overlay)
        return not any(space_id in self.content.covered.get(m, ()) for m in modules)

    @property
    def tracks(self) -> tuple[str, ...]:
        """The Influence tracks on this game's board (content.board_tracks)."""
        return board_tracks(self.content, self.state)

    def space(self, space_id: str) -> dict:
        """A board space as this game has it: an expansion of the game may lay a revised space
        over the edition's (content.overlays), and the six-player side moves one onto a
        Commander's board (content.reverse_overlays)."""
        over = self.content.overlays.get(space_id)
        if over is not None and over["expansion"] in self.state["game"]["modules"]:
            return over
        if self.state["board"].get("side") is not None and space_id in self.content.reverse_overlays:
            return self.content.reverse_overlays[space_id]
        return self.content.spaces[space_id]

    @property
    def posts(self) -> dict[str, list[str]]:
        """The observation posts on this game's board, each with the spaces it watches."""
        return self.content.reverse_posts if self.state["board"].get("side") else self.content.posts

    def space_posts(self, space_id: str) -> list[str]:
        by_space = self.content.reverse_space_posts if self.state["board"].get("side") else self.content.space_posts
        return by_space.get(space_id, [])

    def board_spaces(self) -> list[str]:
        return [s for s in sorted(self.content.spaces) if self.on_board(s)]

    # --- resources ---------------------------------------------------------------------
    def can_pay(self, pid: str, cost: dict) -> bool:
        """Resources and spies to recall; other cost keys: effects.can_afford."""
        pl = self.p(pid)
        for key, amount in cost.items():
            if key in RESOURCES and pl[key] < amount:
                return False
            if key == "recall_spy" and spies_on_board(self, pid) < amount:
                return False
        return True

    def pay(self, pid: str, cost: dict, rulings=("agent.space-cost", "cost.must-be-payable")) -> None:
        if not self.can_pay(pid, cost):
            raise IllegalAction("resources.cannot-pay", "{seat} cannot pay {cost}.", rulings,
                                params={"seat": pid, "cost": amounts_said(cost)})
        pl = self.p(pid)
        for key, amount in cost.items():
            if key in RESOURCES:
                pl[key] -= amount

    def gain(self, pid: str, gains: dict) -> None:
        pl = self.p(pid)
        turn = self.state.get("turn")
        mine = bool(turn) and turn["player"] == pid
        bonus = pl.get("gain_bonus")  # a Leader's standing rule: each gain in one's own turn gives more
        for key, amount in gains.items():
            if bonus and amount > 0 and mine and key in bonus["gains"]:
                amount += bonus["gains"][key]
                self.rulings.append(bonus["ruling"])
            if key == "vp":
                pl["vp"] = max(0, pl["vp"] + amount)  # the track does not cap it
                self.rulings.append("vp.beyond-track")
            else:
                pl[key] = max(0, pl[key] + amount)
            if amount > 0 and mine:
                # "if you gained spice this turn" (Leverage) reads this
                gained = turn.setdefault("gained", {})
                gained[key] = gained.get(key, 0) + amount


def my_turn(g: Game, pid: str) -> dict:
    """The turn in progress when it is `pid`'s (else empty): what "this turn" reads."""
    turn = g.state.get("turn")
    return turn if turn and turn["player"] == pid else {}


# --- spies ------------------------------------------------------------------------------------
# board["spies"] maps an observation post to the owner of the spy on it. A deep-cover spy
# (Double Agent, Distraction) may join a post that already holds another player's spy; it is
# kept under the key "<post>#<owner>", so every spy is one entry and counting entries per owner
# still gives the spies on the board.
def post_of(key: str) -> str:
    return key.split("#", 1)[0]


def spies_on_board(g: Game, pid: str) -> int:
    return sum(1 for owner in g.state["board"]["spies"].values() if owner == pid)


def spy_owners(g: Game, post: str) -> list[str]:
    """Everyone with a spy on `post` (the first spy placed first)."""
    spies = g.state["board"]["spies"]
    first = [spies[post]] if post in spies else []
    return first + sorted(o for k, o in spies.items() if k != post and post_of(k) == post)


def own_posts(g: Game, pid: str) -> list[str]:
    return sorted({post_of(k) for k, o in g.state["board"]["spies"].items() if o == pid})


AMOUNT_WORDS = words(Path(__file__).resolve().parent / "data", "resources")


def amounts_said(amounts: dict) -> dict:
    """Amounts ("3 Solari, 1 Spice") as a refusal's typed argument, written in every language
    (core/sentences.py `said`); sorted, never the key order of the data."""
    return said({lang: ", ".join(f"{v} {AMOUNT_WORDS[lang].get(k, k)}" for k, v in sorted(amounts.items()))
                 for lang in LANGS})


# --- multisets: sorted lists, so their JSON is canonical -----------------------------------
def ms_add(items: list, item: str) -> None:
    insort(items, item)


def ms_remove(items: list, item: str) -> bool:
    try:
        items.remove(item)
        return True
    except ValueError:
        return False


def ms_contains(items: list, wanted: list) -> bool:
    pool = list(items)
    return all(ms_remove(pool, w) for w in wanted)
