"""What the effect data still leaves to a human: every `todo` step, every `custom` step with
no handler, and every op, condition or counter the interpreter does not know.

`not_implemented(edition)` walks every data file of the edition (Imperium and starting cards,
Intrigue cards, leaders and their reverse faces and tracks, Conflict rewards, contracts, board
spaces and Faction bonuses) and returns a sorted list of {"where": ..., "what": ...}; an empty
list means every printed effect the data describes has code behind it.
"""

from __future__ import annotations

from .conditions import CONDITIONS, COUNTERS
from .content import Content, content, in_game
from .costs import COST_KEYS
from .registry import CUSTOM, OPS
from .rules import RULE_MODULES

assert RULE_MODULES  # the registries are filled by loading the rule modules

CARD_BOXES = ("agent", "reveal", "acquire", "trashed", "discarded")
INTRIGUE_BOXES = ("plot", "combat", "endgame")


TECH_BOXES = ("acquire", "reveal", "endgame", "on_win_conflict", "on_complete_contract", "on_commander_recruit",
              "flip", "passive")


def _boxes(cnt: Content, modules=()):
    """(where, box, steps) for every effect list of the components a game with these modules
    uses."""
    for where, box, steps in _all_boxes(cnt):
        kind, _, ident = where.partition(":")
        item = _TABLES[kind](cnt).get(ident.split("/")[0], {})
        if in_game(item, (None, *modules)):
            yield where, box, steps


_TABLES = {"card": lambda c: c.cards, "intrigue": lambda c: c.intrigues, "leader": lambda c: c.leaders,
           "conflict": lambda c: c.conflicts, "contract": lambda c: c.contracts, "space": lambda c: c.spaces,
           "faction": lambda c: c.factions, "skill": lambda c: c.skills, "tech": lambda c: c.tech,
           "navigation": lambda c: c.navigation, "twisted": lambda c: c.twisted_intrigue,
           "overlay": lambda c: c.overlays, "track": lambda c: {e: {"expansion": e} for e in c.expansion_boards}}


def _all_boxes(cnt: Content):
    for cid, card in sorted(cnt.cards.items()):
        for box in CARD_BOXES:
            if box in card:
                yield f"card:{cid}", box, card[box]
    for cid, card in sorted(cnt.intrigues.items()):
        for box in INTRIGUE_BOXES:
            if box in card:
                yield f"intrigue:{cid}", box, card[box]
        if "requires" in card:  # the condition to play it, walked as a condition
            yield f"intrigue:{cid}", "requires", [{"if": card["requires"], "then": []}]
    for lid, leader in sorted(cnt.leaders.items()):
        for side, data in ((lid, leader), *(((leader["reverse"]["id"], leader["reverse"]),)
                                            if leader.get("reverse") else ())):
            if "ability" in data:
                yield f"leader:{side}", "ability", data["ability"].get("effects", [])
            for box in ("signet", "setup"):
                if box in data:
                    yield f"leader:{side}", box, data[box]
        for space in leader.get("training_track", {}).get("spaces", []):
            yield f"leader:{lid}", f"track:{space['id']}", space["effects"]
    for cid, conflict in sorted(cnt.conflicts.items()):
        for place, steps in sorted(conflict.get("rewards", {}).items()):
            yield f"conflict:{cid}", place, steps
    for cid, contract in sorted(cnt.contracts.items()):
        yield f"contract:{cid}", "reward", contract.get("reward", [])
    for sid, space in sorted(cnt.spaces.items()):
        yield f"space:{sid}", "effects", space.get("effects", [])
    for fid, faction in sorted(cnt.factions.items()):
        yield f"faction:{fid}", "bonus", faction.get("bonus", [])
    for sid, skill in sorted(cnt.skills.items()):
        yield f"skill:{sid}", "effects", skill.get("effects", [])
    for tid, tile in sorted(cnt.tech.items()):
        for box in TECH_BOXES:
            if isinstance(tile.get(box), list):
                yield f"tech:{tid}", box, tile[box]
    for nid, card in sorted(cnt.navigation.items()):
        yield f"navigation:{nid}", "effects", card.get("effects", [])
    for sid, space in sorted(cnt.overlays.items()):  # a revised space (Immortality's Research Station)
        yield f"overlay:{sid}", "effects", space.get("effects", [])
    for exp, board in sorted(cnt.expansion_boards.items()):  # the Bene Tleilax board's tracks
        for track in ("research_track", "tleilaxu_track"):
            for space in board.get(track, {}).get("spaces", []):
                yield f"track:{exp}/{space.get('id', space.get('space'))}", "bonus", space["bonus"]
    for cid, card in sorted(cnt.twisted_intrigue.items()):
        for box in INTRIGUE_BOXES:
            if box in card:
                yield f"twisted:{cid}", box, card[box]


def _walk_steps(steps, found: list, box: str) -> None:
    if not isinstance(steps, list):
        found.append(f"{box}: steps are not a list")
        return
    for step in steps:
        if not isinstance(step, dict) or not step:
            found.append(f"{box}: a step is not an object")
            continue
        ops = [key for key in step if key in OPS]
        if len(ops) > 1:
            found.append(f"{box}: a step names several ops {sorted(ops)}")
        op = ops[0] if ops else next(iter(step))
        if op == "todo":
            found.append(f"{box}: todo: {step['todo']}")
        elif op not in OPS:
            found.append(f"{box}: unknown op {op!r}")
        elif op == "custom" and step["custom"] not in CUSTOM:
            found.append(f"{box}: custom {step['custom']!r} has no handler")
        if op == "if":
            _walk_cond(step["if"], found, box)
        if op == "each":
            _walk_counter(step["each"], found, box)
        if op == "acquire" and "to_hand_if" in step["acquire"]:
            _walk_cond(step["acquire"]["to_hand_if"], found, box)
        for key in ("then", "else", "opponents"):
            if isinstance(step.get(key), list):
                _walk_steps(step[key], found, box)
        if op == "choose":
            for option in step["choose"]:
                _walk_steps(option, found, box)
        if op == "pay":
            _walk_cost(step["pay"], found, box)


def _walk_cond(cond, found: list, box: str) -> None:
    if not isinstance(cond, dict) or not cond:
        found.append(f"{box}: a condition is not an object")
        return
    if "influence" in cond:
        return
    (key, value), = cond.items()
    if key not in CONDITIONS:
        found.append(f"{box}: unknown condition {key!r}")
    elif key in ("all", "any"):
        for c in value:
            _walk_cond(c, found, box)
    elif key == "not":
        _walk_cond(value, found, box)


def _walk_counter(counter, found: list, box: str) -> None:
    if not isinstance(counter, dict) or len(counter) != 1 or next(iter(counter)) not in COUNTERS:
        found.append(f"{box}: unknown counter {counter!r}")


def _walk_cost(cost, found: list, box: str) -> None:
    for key in cost:
        if key not in COST_KEYS:
            found.append(f"{box}: unknown cost key {key!r}")


def not_implemented(edition: str = "uprising", modules=()) -> list[dict]:
    """Every part of the effect data of a game of this edition with these modules that the
    engine cannot resolve, sorted."""
    out = []
    for where, box, steps in _boxes(content(edition), modules):
        found: list[str] = []
        _walk_steps(steps, found, box)
        out += [{"where": where, "what": what} for what in found]
    return sorted(out, key=lambda x: (x["where"], x["what"]))
