"""A playout as a writer who saw no face-down card would record it (issue 31): every chance
outcome nobody at the table could see written "?", the seed dropped (such a writer has none), and
what a player later shows (the cards revealed in a Reveal turn) named where it is shown. A look at
the top of a deck stays named: the choices that follow move those cards by name
(docs/log-format.md, "Logs written by other programs")."""

from __future__ import annotations

import copy

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Driver

# chance outcome -> the field that names what was dealt face down. Not here, so always named: the
# Conflict card, Spice and Storm cards and storm dials (turned face up to the table; docs/log-format.md).
UNSEEN = {
    "imperium": {"draw": "cards", "draw-intrigue": "cards", "steal-intrigue": "card", "draw-navigation": "cards",
                 "draw-twisted": "cards"},
    "dune": {"draw-treachery": "card", "draw-traitors": "cards", "draw-supply": "card", "draw-face-dancers": "cards"},
}
# decisions whose card only their player sees (the Tleilaxu's Face Dancer exchanged face down)
SECRET_DECISIONS = {"imperium": {}, "dune": {"exchange": "card"}}


def face_down(value):
    return ["?"] * len(value) if isinstance(value, list) else "?"


def unseen(doc: dict, kinds: tuple[str, ...] | None = None) -> dict:
    """`doc` with its unseen chance outcomes (of `kinds`, default all) written "?"."""
    system = doc["game"]["system"]
    hide = {k: f for k, f in UNSEEN[system].items() if kinds is None or k in kinds}
    shown, looks, by_name = _revealed_hands(doc) if system == "imperium" else ({}, set(), {})
    out = copy.deepcopy(doc)
    out["setup"] = {k: v for k, v in out.get("setup", {}).items() if k != "seed"}
    for i, action in enumerate(out["actions"]):
        secret = SECRET_DECISIONS[system] if kinds is None else {}
        field = (hide.get(action["do"]) if action["by"] == "chance" and i not in looks
                 else secret.get(action["do"]) if action["by"] != "chance" else None)
        if field in action:
            action[field] = face_down(action[field])
        if i in shown and "cards" not in action:
            action["cards"] = shown[i]
        if i in by_name:  # the card paid, as the table sees it go: its number depends on what is known
            action.pop("option")
            action["label"] = by_name[i]
    return out


def _revealed_hands(doc: dict) -> tuple[dict[int, list[str]], set[int], dict[int, str]]:
    """Logged `reveal` index -> the cards of the revealing player's hand, as the table sees them;
    the indexes of the draws that stay named: looks at a deck's top, and cards drawn in the
    player's own Reveal turn (they are revealed as they are drawn); and the choices of an Intrigue
    card to pay with, by number -> that card's label (the numbers count the cards the reader
    knows, so a writer who did not see them names the card: docs/log-format.md)."""
    log = parse_log(copy.deepcopy(doc))
    driver = Driver(log.rules, log.rules.new_state(log.game, log.setup))
    shown, looks, by_name = {}, set(), {}
    for i, action in enumerate(log.actions):
        driver.deal(action)
        top = driver.state["stack"][-1] if driver.state["stack"] else {}
        if action.do == "choose" and top.get("kind") == "intrigue" and isinstance(action.get("option"), int):
            by_name[i] = log.rules.offer_label(action.data, driver.state)
        if action.do == "reveal":
            shown[i] = sorted(driver.state["players"][action.by]["hand"])
        if action.is_chance and (any(t.get("look") for t in driver.state["stack"] if t["t"] == "chance")
                                 or _in_own_reveal(driver.state, action.get("player"))):
            looks.add(i)
        driver.apply(action)
    return shown, looks, by_name


def _in_own_reveal(state: dict, player) -> bool:
    turn = state.get("turn")
    return bool(turn) and turn.get("kind") == "reveal" and turn.get("player") == player
