"""Legal actions and the legality check agree: at positions spread over simulated games of both
editions, an action is accepted exactly when it is among the offers (`legal_actions`). The
candidates are every offer plus near misses a log writer could produce: other cards and spaces,
other counts, answers to the wrong question, verbs the moment does not allow."""

import pytest

from adjudicator.core.actions import Action
from adjudicator.core.canonical import dumps, loads
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import deal
from adjudicator.imperium.game import Game
from adjudicator.imperium.registry import CHOICES
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate

EVERY = 3  # check every third decision of a game


def near_misses(state: dict, offers: list[Action], who: str) -> list[dict]:
    pl = state["players"][who]
    cards = sorted({*pl["hand"], *state["row"], *pl["intrigue"]} - {"?"})
    spaces = sorted({a.get("space") for a in offers if a.get("space")} | {"arrakeen", "imperial-basin", "secrets"})
    out = [{"do": verb} for verb in ("reveal", "end-turn", "pass")]
    out += [{"do": "send-agent", "card": c, "space": s} for c in cards[:4] for s in spaces[:4]]
    out += [{"do": "deploy", "recruited": r, "garrison": g} for r in range(3) for g in range(4)]
    out += [{"do": "acquire", "card": c} for c in cards]
    out += [{"do": "play-intrigue", "card": c} for c in cards]
    out += [{"do": "choose", "option": i} for i in (0, 1, 2, "skip")]
    out += [{"do": "choose", "count": n} for n in range(4)]
    out += [{"do": "choose", "card": c} for c in cards[:3]]
    for a in offers:  # the same action with one field changed
        for key, value in a.data.items():
            if isinstance(value, int) and not isinstance(value, bool):
                out.append({**a.data, key: value + 1})
    return [{"by": who, **a} if "by" not in a else a for a in out]


def declines(rules, state: dict, candidate: dict, offered: set) -> bool:
    """The spellings a log may use that are not offered themselves: `choose skip` stands for the
    declining answer ("up to N": zero; an explicitly empty option), accepted exactly when that
    answer is offered; deploying nothing where nothing can be deployed is a recorded no-op."""
    top = state["stack"][-1]
    if candidate.get("do") == "deploy" and not candidate.get("recruited") and not candidate.get("garrison"):
        turn = state.get("turn") or {}
        return top["t"] == "agent" and "deploy" in turn.get("nodes", ()) and "deploy" not in turn["done"] \
            and {"by": candidate["by"], "do": "end-turn"} in [loads(k) for k in offered]
    if candidate.get("do") != "choose" or candidate.get("option") != "skip" or top["t"] != "choice":
        return False
    decline = CHOICES[top["kind"]].decline
    answer = decline(Game(state, rules.content), top) if decline else None
    return answer is not None and Action({"by": candidate["by"], "do": "choose", **answer}).key in offered


@pytest.mark.parametrize("game,modules", [("uprising", ("choam",)), ("uprising", ()), ("imperium", ())])
@pytest.mark.parametrize("seed", range(4))
def test_an_action_is_legal_exactly_when_it_is_offered(game, modules, seed):
    log = simulate(game, 3 + seed % 2, seed, modules)
    rules = ruleset(log["game"]["edition"])
    state = rules.new_state(log["game"], {})
    checked = 0
    for index, raw in enumerate(log["actions"]):
        action = Action(raw)
        if not action.is_chance and index % EVERY == 0:
            offers = rules.legal_actions(state)
            offered = {a.key for a in offers}
            who = action.by
            for candidate in [a.data for a in offers] + near_misses(state, offers, who):
                probe = loads(dumps(state))
                try:
                    rules.apply(probe, Action(candidate))
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == (Action(candidate).key in offered or declines(rules, state, candidate, offered)), \
                    (index, candidate)
                checked += 1
        rules.apply(state, action)
        deal(rules, state, None)
    assert checked > 1000


# --- labels: every offer says what it does, and a `choose` may be logged by its label (issue 32) ---
@pytest.mark.parametrize("game, players, modules, seed", [
    ("uprising", 3, (), 2), ("imperium", 4, ("bloodlines", "tech"), 1), ("uprising", 4, ("immortality", "choam"), 3),
])
def test_a_log_whose_choices_are_written_by_their_labels_replays_the_same(game, players, modules, seed):
    from adjudicator.core.replay import replay

    log = simulate(game, players, seed, modules)
    rules = ruleset("uprising" if game == "uprising" else "base")
    report = replay(log, snapshots="all")
    before = [replay(dict(log, actions=[]), snapshots="final")["final_state"], *report["snapshots"][:-1]]
    relabelled, labelled = [], 0
    for action, state in zip(log["actions"], before, strict=True):
        if action.get("do") == "choose" and action.get("option") != "skip":
            label = rules.offer_label(action, state)
            offers = [a.to_json() for a in rules.legal_actions(state)]
            assert label and "{" not in label and "option" not in label
            if sum(rules.offer_label(o, state) == label for o in offers) == 1:  # an option told apart by its words
                action, labelled = {"by": action["by"], "do": "choose", "label": label}, labelled + 1
        relabelled.append(action)
    assert labelled > 20
    again = replay(dict(log, actions=relabelled), snapshots="none")
    assert again["valid"] is True and again["final_checksum"] == report["final_checksum"]


def test_an_option_logged_by_a_label_it_does_not_have_is_refused_with_the_labels_offered():
    from adjudicator.core.replay import replay

    log = simulate("uprising", 3, 2)
    i = next(i for i, a in enumerate(log["actions"]) if a.get("do") == "choose" and a.get("faction"))
    log["actions"][i] = {"by": log["actions"][i]["by"], "do": "choose", "label": "House Atreides"}
    verdict = replay(log, snapshots="none")["verdicts"][i]
    assert verdict["verdict"] == "illegal" and verdict["code"] == "choice.not-offered"
    assert "House Atreides" in verdict["message"] and "Emperor" in verdict["message"]


def test_a_faction_choice_answers_to_its_russian_name():
    from adjudicator.core.replay import replay

    log = simulate("uprising", 3, 2)
    plain = replay(log, snapshots="none")
    i = next(i for i, a in enumerate(log["actions"]) if a.get("do") == "choose" and a.get("faction") == "fremen")
    log["actions"][i] = {"by": log["actions"][i]["by"], "do": "choose", "value": "Фримены"}
    assert replay(log, snapshots="none")["final_checksum"] == plain["final_checksum"]


def test_legal_actions_label_every_offer_in_the_language_asked(client):
    from adjudicator.positions import cut

    log = simulate("uprising", 3, 2)
    i = next(i for i, a in enumerate(log["actions"]) if a.get("do") == "choose" and a.get("faction"))
    position = cut(log, i)
    english = client.post("/v1/positions/legal-actions", json=position).get_json()["actions"]
    russian = client.post("/v1/positions/legal-actions?lang=ru", json=position).get_json()["actions"]
    assert {a["value"]: a["label"] for a in english}["fremen"] == "Fremen"
    assert {a["value"]: a["label"] for a in russian}["fremen"] == "Фримены"
    sends = client.post("/v1/positions/legal-actions", json=cut(log, 0)).get_json()["actions"]
    assert all(a["label"] for a in sends) and "value" not in sends[0]
