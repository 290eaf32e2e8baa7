"""Who may see a stored game's hidden information (hands, Intrigue cards, deck contents, the
dealer's seed): its uploader always, everyone once the game is finished, and until then the
public sees a public view (issue 9).

The public view of a log keeps every decision (each was made in the open at the table) and
every public chance outcome (a Conflict card revealed, a card into the Imperium Row); it drops
the seed, which predicts every deal, and writes the cards dealt into a hand as face-down `"?"`
cards, the log format's own notation for a card nobody else has seen."""

from __future__ import annotations

import copy

HIDDEN_DEALS = ("draw", "draw-intrigue", "steal-intrigue",  # Dune: Imperium
                "draw-treachery", "draw-traitors")  # classic Dune


def sees_everything(row: dict, token: str | None) -> bool:
    return bool(row["finished"]) or (token is not None and token == row["owner"])


def public_log(log: dict) -> dict:
    view = copy.deepcopy(log)
    if isinstance(view.get("setup"), dict):
        view["setup"].pop("seed", None)
    for action in view.get("actions", []):
        if is_hidden_deal(action):
            face_down(action)
    return view


def is_hidden_deal(action: dict, viewer: str | None = None) -> bool:
    """A card dealt into a hand that `viewer` (None: the public) did not see."""
    return (action.get("by") == "chance" and action.get("do") in HIDDEN_DEALS
            and (viewer is None or action.get("player") != viewer))


def face_down(action: dict) -> dict:
    """The dealt cards of `action` (changed in place) written as face-down `"?"` cards."""
    if isinstance(action.get("cards"), list):
        action["cards"] = ["?"] * len(action["cards"])
    if "card" in action:
        action["card"] = "?"
    return action
