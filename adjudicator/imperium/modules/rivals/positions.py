"""House Hagal Rivals in positions (one or two players; custom/rivals.py): the Rival seats, the
optional rules and difficulty that the log's `setup` names, the House Hagal discard pile and what
a Rival changes in a seat's starting pieces, read from a scenario, cut back from a state and
audited (core/engine/positions.py).

A Rival is written as the log writes it: `rivals` (its id and the leader of its Rival card), not in
`game.players`; its pieces are a player's (`players.<rival id>`: VP, resources, Influence, troops,
Intrigue cards...), with no hand or deck. The House Hagal deck is every card of the deck for the
player count (custom/rivals.py new_hagal) not in `hagal_discard`. With Immortality, a solo Rival's
card may take a Tleilaxu Row card out of the game: `tleilaxu_removed` (the Tleilaxu deck leaves
them out). House Hagal of the original two-player game has three Agents, no place in the turn
order and nothing from Influence (custom/rivals_base.py); a Rival card's leader may be no
player's leader.
"""

from __future__ import annotations

from collections import Counter

from ....core.engine.positions import Part
from ....core.errors import UnknownName
from .base import SPOILER_AGENTS
from .hagal import bloodlines_cards, hagal


def rival_ids(state: dict) -> list[str]:
    return [q for q in state["game"]["seats"] if "rival" in state["players"][q]]


def _spoiler(state: dict, pid: str) -> bool:
    """House Hagal of the original game's two-player mode (its only Rival)."""
    return rival_ids(state) == [pid] and state["game"]["edition"] == "base"


class Rivals(Part):
    name = "rivals"
    table_keys = ("hagal_discard", "tleilaxu_removed")  # its setup keys: `setup_keys`
    # the log's setup field -> the scenario's (a problem new_state finds is pointed at the scenario)
    setup_keys = {"rivals": "rivals", "options": "rival_options", "difficulty": "difficulty"}

    def read_setup(self, rules, doc: dict, prefix: str, setup: dict) -> list[dict]:
        """The Rival seats, options and difficulty; the problems of the Rivals' leaders."""
        found = []
        if "rivals" in doc:
            setup["rivals"] = []
            for i, rival in enumerate(doc["rivals"]):
                try:
                    leader = rules.resolve_rival(rival["leader"], f"{prefix}/rivals/{i}/leader")
                except UnknownName as err:
                    found.append(err.as_problem())
                    continue
                setup["rivals"].append({"id": rival["id"], "leader": leader})
        if "rival_options" in doc:
            setup["options"] = list(doc["rival_options"])
        if doc.get("difficulty") is not None:
            setup["difficulty"] = doc["difficulty"]
        return found

    def seated(self, state: dict) -> list[str]:
        return rival_ids(state)

    def read_table(self, r, state: dict, doc: dict) -> None:
        if "tleilaxu_removed" in doc:
            if "hagal" not in state or "tleilaxu" not in state:
                r.fail("/tleilaxu_removed", "not-in-game", "only a solo Rival of a game with Immortality takes "
                       "Tleilaxu cards out of the game")
            else:
                state["tleilaxu"]["removed"] = sorted(r.names("tleilaxu", doc["tleilaxu_removed"],
                                                              "/tleilaxu_removed"))
        if "hagal" not in state:
            if "hagal_discard" in doc:
                r.fail("/hagal_discard", "not-in-game", "only a game with House Hagal Rivals has a House Hagal deck")
            return
        if "hagal_discard" in doc:
            _hagal_discard(r, state, doc["hagal_discard"])

    def describe_setup(self, state: dict, doc: dict) -> None:
        """The log setup that seats the state's Rivals (without the seed). Options a solo
        difficulty turns on are left to it."""
        game, rivals = state["game"], rival_ids(state)
        if not rivals:
            return
        doc["rivals"] = [{"id": q, "leader": state["players"][q]["rival"]["leader"]} for q in rivals]
        difficulty = game.get("rival_difficulty")
        implied = hagal(game["edition"])["difficulty"].get(difficulty, {}).get("options", ())
        options = [o for o in game.get("rival_options", ()) if o not in implied]
        if options:
            doc["rival_options"] = options
        if difficulty is not None:
            doc["difficulty"] = difficulty

    def describe_table(self, c, state: dict, doc: dict) -> None:
        if state.get("hagal", {}).get("discard"):
            doc["hagal_discard"] = list(state["hagal"]["discard"])
        if state.get("tleilaxu", {}).get("removed"):
            doc["tleilaxu_removed"] = c.name.many("tleilaxu", state["tleilaxu"]["removed"])

    def dealt(self, state: dict, cnt, dealt: dict) -> None:
        edition = state["game"]["edition"]
        for pid in rival_ids(state):
            seat = dealt["seats"][pid]
            leader = state["players"][pid]["leader"]
            seat["leader_known"] = leader in hagal(edition)["rival_leaders"] or leader in bloodlines_cards()
            if _spoiler(state, pid):
                seat.update(agents=SPOILER_AGENTS, scores_influence=False, takes_turns=False)


def _hagal_discard(r, state: dict, cards: list) -> None:
    known = hagal(state["game"]["edition"])["by_id"]
    discard = []
    for i, card in enumerate(cards):
        if card not in known:
            r.fail(f"/hagal_discard/{i}", "unknown-name", f"unknown House Hagal card {card!r}")
        else:
            discard.append(card)
    r.lists["/hagal_discard"] = discard
    full = Counter(state["hagal"]["deck"])
    beyond = Counter(discard) - full
    if beyond:
        r.fail("/hagal_discard", "too-many-copies", f"the House Hagal deck of this game holds fewer copies of "
               f"{sorted(beyond)}")
        return
    state["hagal"] = {"deck": sorted((full - Counter(discard)).elements()), "discard": sorted(discard)}


PART = Rivals()
