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
