"""The House Hagal Rivals of a state written back as a compact scenario (cut.py): what
scenario_rivals.py reads. A Rival's own pieces are written with the players' (cut.py)."""

from __future__ import annotations

from .modules.rivals.hagal import hagal
from .scenario_rivals import rival_ids


def setup_of(state: dict) -> dict:
    """The log setup that seats the state's Rivals (without the seed): what new_state takes for
    the scenario's defaults, and what the scenario writes. Options a solo difficulty turns on
    are left to it."""
    game, rivals = state["game"], rival_ids(state)
    if not rivals:
        return {}
    out = {"rivals": [{"id": q, "leader": state["players"][q]["rival"]["leader"]} for q in rivals]}
    difficulty = game.get("rival_difficulty")
    implied = hagal(game["edition"])["difficulty"].get(difficulty, {}).get("options", ())
    options = [o for o in game.get("rival_options", ()) if o not in implied]
    if options:
        out["options"] = options
    if difficulty is not None:
        out["difficulty"] = difficulty
    return out


def describe_setup(state: dict, doc: dict) -> None:
    setup = setup_of(state)
    if setup:
        doc["rivals"] = setup["rivals"]
    if setup.get("options"):
        doc["rival_options"] = setup["options"]
    if "difficulty" in setup:
        doc["difficulty"] = setup["difficulty"]


def describe_table(state: dict, doc: dict, label) -> None:
    if state.get("hagal", {}).get("discard"):
        doc["hagal_discard"] = list(state["hagal"]["discard"])
    if state.get("tleilaxu", {}).get("removed"):
        doc["tleilaxu_removed"] = label.many("tleilaxu", state["tleilaxu"]["removed"])
