"""Issue 31, "Logs written by other programs": every chance outcome a writer did not see may be
written "?" (tests/unseen.py rewrites a playout so), in every rule system. The game stays valid;
what a later action shows is checked against what is possible: a card that could be there makes
the verdict `unverifiable` (`hidden-information`), one that no longer could is illegal."""

from __future__ import annotations

import copy

from matrix import log_of, parametrize
from unseen import unseen

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay


def run(doc: dict) -> dict:
    return Replay(parse_log(copy.deepcopy(doc)), "strict", "none").run()


@parametrize()
def test_a_game_with_every_unseen_draw_face_down_stays_valid(config):
    doc = unseen(log_of(config))
    assert any("?" in str(a.get("cards", a.get("card"))) for a in doc["actions"])
    report = run(doc)
    assert report["valid"], (report["first_illegal"], report["verdicts"][report["first_illegal"]])
    codes = {v["code"] for v in report["verdicts"] if v["verdict"] == "unverifiable"}
    assert "hidden-information" in codes


def _first(doc: dict, do: str) -> int:
    return next(i for i, a in enumerate(doc["actions"]) if a["do"] == do and a["by"] != "chance")


@parametrize(system="imperium")
def test_imperium_a_card_no_deck_could_hold_is_illegal(config):
    """The first Reveal of a hand drawn face down names its cards: one of them changed to a card the
    player's deck never held (dealt into the Imperium Row at setup, not acquired yet) is refused."""
    doc = unseen(log_of(config))
    i = _first(doc, "reveal")
    bought = {a.get("card") for a in doc["actions"][:i] if a["do"] in ("acquire", "choose")}
    doc["actions"][i]["cards"][0] = next(a["card"] for a in doc["actions"]
                                         if a["do"] == "refill-row" and a["card"] not in bought)
    report = run(doc)
    assert report["first_illegal"] == i and report["verdicts"][i]["code"] == "card.not-held"


@parametrize(system="dune")
def test_dune_a_traitor_the_deck_no_longer_holds_is_illegal(config):
    """A Traitor kept from four drawn face down: a leader another player drew by name is refused;
    one the deck could have dealt is unverifiable."""
    base = log_of(config)
    doc = unseen(base)
    draws = [a for a in base["actions"] if a["do"] == "draw-traitors"]
    keep = _first(doc, "keep-traitor")
    keeper = doc["actions"][keep]["by"]
    other = next(a for a in draws if a["player"] != keeper)
    named = next(i for i, a in enumerate(doc["actions"])
                 if a["do"] == "draw-traitors" and a["player"] == other["player"])
    doc["actions"][named]["cards"] = other["cards"]  # that player's draw written by name
    report = run(doc)
    assert report["verdicts"][keep]["verdict"] == "unverifiable"
    assert report["verdicts"][keep]["code"] == "hidden-information"
    doc["actions"][keep]["card"] = other["cards"][0]
    report = run(doc)
    assert report["first_illegal"] == keep and report["verdicts"][keep]["code"] == "dune.not-offered"


def test_a_graft_names_cards_drawn_face_down():
    """Immortality p. 10: a graft plays two cards of the hand. Written by a writer who did not see
    the hand drawn, the pair's cards are taken to be face-down ones (unverifiable); a card the
    player's deck never held (a Row card nobody acquired yet) is refused."""
    from matrix import by_id

    doc = unseen(log_of(by_id("imperium-3p-immortality")))
    i = _first(doc, "graft")
    report = run(doc)
    assert report["valid"] and report["verdicts"][i]["verdict"] == "unverifiable"
    assert report["verdicts"][i]["code"] == "hidden-information"
    graft = doc["actions"][i]
    plain = next(c for c in graft["cards"] if c != "planned-coupling")  # the card without a Graft box
    bought = {a.get("card") for a in doc["actions"][:i] if a["do"] in ("acquire", "choose")}
    graft["cards"][graft["cards"].index(plain)] = next(
        a["card"] for a in doc["actions"] if a["do"] == "refill-row" and a["card"] not in bought)
    report = run(doc)
    assert report["first_illegal"] == i and report["verdicts"][i]["code"] == "agent.card-required"
