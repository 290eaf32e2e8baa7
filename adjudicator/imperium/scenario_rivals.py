"""House Hagal Rivals in compact positions (one or two players; custom/rivals.py): the Rival seats,
the optional rules and difficulty that the log's `setup` names, and the House Hagal discard pile,
read from a scenario into the state that scenario.py builds.

A Rival is written as the log writes it: `rivals` (its id and the leader of its Rival card), not in
`game.players`; its pieces are a player's (`players.<rival id>`: VP, resources, Influence, troops,
Intrigue cards...), with no hand or deck. The House Hagal deck is every card of the deck for the
player count (custom/rivals.py new_hagal) not in `hagal_discard`. With Immortality, a solo Rival's
card may take a Tleilaxu Row card out of the game: `tleilaxu_removed` (scenario_immortality.py's
Tleilaxu deck leaves them out).
"""

from __future__ import annotations

from collections import Counter

from ..core.errors import UnknownName
from .modules.rivals.hagal import hagal

TOP = ("rivals", "rival_options", "difficulty", "hagal_discard", "tleilaxu_removed")
# the log's setup field -> the scenario's (a problem new_state finds is pointed at the scenario)
SETUP_FIELDS = {"rivals": "rivals", "options": "rival_options", "difficulty": "difficulty"}


def read_setup(rules, doc: dict, prefix: str) -> tuple[dict, list[dict]]:
    """The setup new_state takes (the seed, the Rival seats, options and difficulty) and the
    problems of the Rivals' leaders, each with its pointer."""
    setup, found = {"seed": doc.get("seed")}, []
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
    return setup, found


def setup_pointer(pointer: str) -> str:
    """A log setup's pointer as the scenario's (`/setup/options/1` -> `/rival_options/1`)."""
    parts = pointer.strip("/").split("/")
    if parts[0] == "setup" and len(parts) > 1 and parts[1] in SETUP_FIELDS:
        return "/" + "/".join([SETUP_FIELDS[parts[1]], *parts[2:]])
    return pointer


def rival_ids(state: dict) -> list[str]:
    return [q for q in state["game"]["seats"] if "rival" in state["players"][q]]


def read_table(r, state: dict, doc: dict) -> None:
    if "tleilaxu_removed" in doc:
        if "hagal" not in state or "tleilaxu" not in state:
            r.fail("/tleilaxu_removed", "not-in-game", "only a solo Rival of a game with Immortality takes Tleilaxu "
                   "cards out of the game")
        else:
            state["tleilaxu"]["removed"] = sorted(r.names("tleilaxu", doc["tleilaxu_removed"], "/tleilaxu_removed"))
    if "hagal" not in state:
        if "hagal_discard" in doc:
            r.fail("/hagal_discard", "not-in-game", "only a game with House Hagal Rivals has a House Hagal deck")
        return
    if "hagal_discard" not in doc:
        return
    known = hagal(state["game"]["edition"])["by_id"]
    discard = []
    for i, card in enumerate(doc["hagal_discard"]):
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

