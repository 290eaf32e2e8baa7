"""Issue #16, one test per complaint, each written as a person would write the log: forced and
automatic steps may be recorded or left out; every optional effect is declined by `skip`;
setup outcomes in any order; where the order of effects matters the refusal says why."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from adjudicator.core.replay import replay
from adjudicator.imperium.choices import answer
from adjudicator.imperium.game import Game
from adjudicator.positions import check_position
from tests.helpers import fresh

PLAYERS = [{"id": "abby", "leader": "Feyd-Rautha Harkonnen"},
           {"id": "john", "leader": "Gurney Halleck"},
           {"id": "ned", "leader": "Lady Margot Fenring"}]
ROW = ["Desert Survival", "Leadership", "Overthrow", "Spacing Guild's Favor", "Unswerving Loyalty"]


def position(actions: list, hand=("Diplomacy", "Dagger", "Dagger", "Convincing Argument", "Reconnaissance")) -> dict:
    return {"scenario": {"game": {"system": "imperium", "edition": "uprising", "players": PLAYERS},
                         "round": 1, "first": "abby", "decision": {"kind": "turn", "player": "abby"},
                         "conflict": "skirmish-crysknife", "row": ROW,
                         "players": {"abby": {"hand": list(hand)},
                                     "john": {"hand": ["?"] * 5}, "ned": {"hand": ["?"] * 5}}},
            "actions": actions}


def check(actions: list, **kw) -> dict:
    return check_position(position(actions, **kw))


def verdicts(out: dict) -> list[tuple[str, str]]:
    return [(v["verdict"], v["code"]) for v in out["verdicts"]]


def test_a_turn_left_open_is_ended_by_the_engine_when_nothing_else_can_happen():
    """Abby's Agent turn at Desert Tactics: the writer leaves out `resolve` (one effect) and
    `end-turn` (nothing else left to do); John's Agent turn follows."""
    sent = [{"by": "abby", "do": "send-agent", "card": "Diplomacy", "space": "Desert Tactics"},
            {"by": "abby", "do": "choose", "option": "skip"},
            {"by": "abby", "do": "deploy", "recruited": 1, "garrison": 0}]
    short = check([*sent, {"by": "john", "do": "reveal"}])
    long = check([sent[0], {"by": "abby", "do": "resolve", "effect": "space:desert-tactics"}, *sent[1:],
                  {"by": "abby", "do": "end-turn"}, {"by": "john", "do": "reveal"}])
    assert short["legal"] and long["legal"], (short["verdicts"], long["verdicts"])
    assert short["checksum"] == long["checksum"]
    implied = [v.get("implied") for v in short["verdicts"]]
    assert implied[1] == [{"by": "abby", "do": "resolve", "effect": "space:desert-tactics"}]
    assert implied[3] == [{"by": "abby", "do": "end-turn"}]
    assert any(c["ruling"] == "log.forced-steps" for c in short["verdicts"][3]["citations"])


def test_reveal_boxes_and_a_leader_trigger_that_does_nothing_need_no_resolve():
    """Abby reveals and buys with the Persuasion of her cards without resolving each box, nor
    Feyd-Rautha's Reveal trigger (she has no spy to recall): the same state as the long form."""
    boxes = ["reveal:convincing-argument", "reveal:dagger", "reveal:dagger#2", "reveal:diplomacy",
             "reveal:reconnaissance", "leader:feyd-rautha-harkonnen"]
    buy = [{"by": "abby", "do": "acquire", "card": "Prepare the Way"}, {"by": "abby", "do": "end-turn"}]
    short = check([{"by": "abby", "do": "reveal"}, *buy])
    long = check([{"by": "abby", "do": "reveal"}, *({"by": "abby", "do": "resolve", "effect": b} for b in boxes), *buy])
    assert short["legal"] and long["legal"], (short["verdicts"], long["verdicts"])
    assert short["checksum"] == long["checksum"]
    taken = [a["effect"] for a in short["verdicts"][1]["implied"]]
    assert sorted(taken) == sorted(boxes)


def test_a_recorded_forced_step_is_legal():
    """Deploying nothing where there is nothing to deploy, and `end-turn` where nothing else
    can happen, recorded by a client that writes every step: legal."""
    out = check([{"by": "abby", "do": "send-agent", "card": "Diplomacy", "space": "Deliver Supplies"},
                 {"by": "abby", "do": "resolve", "effect": "space:deliver-supplies"},
                 {"by": "abby", "do": "end-turn"}])
    assert out["legal"], out["verdicts"]
    # Spice Refinery with no spice: only the 2 Solari option is open, a choice with one answer
    sent = [{"by": "abby", "do": "send-agent", "card": "Reconnaissance", "space": "Spice Refinery"},
            {"by": "abby", "do": "resolve", "effect": "space:spice-refinery"}]
    then = [{"by": "abby", "do": "deploy", "recruited": 0, "garrison": 2}, {"by": "abby", "do": "end-turn"}]
    recorded = check([*sent, {"by": "abby", "do": "choose", "option": 0}, *then])
    left_out = check([*sent, *then])
    assert recorded["legal"] and left_out["legal"], (recorded["verdicts"], left_out["verdicts"])
    assert recorded["checksum"] == left_out["checksum"]
    assert recorded["state"]["players"]["abby"]["solari"] == left_out["state"]["players"]["abby"]["solari"]
    assert left_out["verdicts"][2]["implied"] == [{"by": "abby", "do": "choose", "option": 0}]


def test_an_optional_effect_is_declined_by_skip_and_only_by_skip():
    """Desert Tactics' trash is optional: `choose skip` declines it; moving on without answering
    is refused, and the refusal says how to decline."""
    sent = [{"by": "abby", "do": "send-agent", "card": "Diplomacy", "space": "Desert Tactics"},
            {"by": "abby", "do": "resolve", "effect": "space:desert-tactics"}]
    out = check([*sent, {"by": "abby", "do": "deploy", "recruited": 1, "garrison": 0}])
    assert verdicts(out)[-1] == ("illegal", "timing.choice-pending")
    assert "choose skip" in out["verdict"]["message"]
    assert "log.decline-optional" in [c["ruling"] for c in out["verdict"]["citations"]]
    assert check([*sent, {"by": "abby", "do": "choose", "option": "skip"}])["legal"]


def test_skip_declines_an_up_to_count_too():
    """'Retreat up to N' or 'deploy up to N' is declined the same way: skip stands for zero."""
    rules, state = fresh(3, seed=3)
    g = Game(state, rules.content)
    task = {"t": "choice", "player": g.order[0], "kind": "count", "src": "test", "most": 2, "move": "deploy"}
    g.push(task)
    state["players"][g.order[0]]["troops"]["garrison"] = 2
    before = state["players"][g.order[0]]["troops"]["conflict"]
    answer(g, task, {"option": "skip"})
    assert state["players"][g.order[0]]["troops"]["conflict"] == before
    assert "log.decline-optional" in g.rulings


def test_where_the_order_of_effects_matters_the_log_must_say_it():
    """Seek Allies trashes itself; Desert Tactics lets Abby trash a card (Seek Allies too, from
    play): the order matters, so a log that answers the trash without saying which effect came
    first is refused, with the reason."""
    hand = ("Seek Allies", "Dagger", "Dagger", "Convincing Argument", "Reconnaissance")
    out = check([{"by": "abby", "do": "send-agent", "card": "Seek Allies", "space": "Desert Tactics"},
                 {"by": "abby", "do": "choose", "option": "skip"}], hand=hand)
    assert verdicts(out)[-1] == ("illegal", "timing.order-matters")
    message = out["verdict"]["message"]
    assert "space:desert-tactics" in message or "Desert Tactics" in message
    assert "decision" in message
    out = check([{"by": "abby", "do": "send-agent", "card": "Seek Allies", "space": "Desert Tactics"},
                 {"by": "abby", "do": "resolve", "effect": "card:seek-allies"},
                 {"by": "abby", "do": "choose", "option": "skip"}], hand=hand)
    assert out["legal"], out["verdicts"]


SETUP = [{"by": "chance", "do": "reveal-contract", "contract": "contract-01"},
         {"by": "chance", "do": "reveal-contract", "contract": "contract-02"},
         {"by": "chance", "do": "deal-objectives", "objectives": {
             "abby": "objective-desert-mouse-first-player", "john": "objective-crysknife",
             "ned": "objective-ornithopter-1-3"}},
         *({"by": "chance", "do": "refill-row", "card": c} for c in ROW)]
ROUND = [{"by": "chance", "do": "reveal-conflict", "card": "skirmish-crysknife"},
         {"by": "chance", "do": "draw", "player": "abby",
          "cards": ["Reconnaissance", "Dagger", "Dagger", "Convincing Argument", "Diplomacy"]},
         {"by": "chance", "do": "draw", "player": "john", "cards": ["?"] * 5},
         {"by": "chance", "do": "draw", "player": "ned", "cards": ["?"] * 5}]


def log(actions: list, setup: dict | None = None) -> dict:
    return {"format": "dune-adjudicator/log", "version": 1,
            "game": {"system": "imperium", "edition": "uprising", "modules": ["choam"], "players": PLAYERS},
            "setup": setup or {}, "actions": actions}


def test_setup_outcomes_in_any_order():
    """The Row first, then the objectives, then the contracts; the hands drawn in any order."""
    canonical = replay(log([*SETUP, *ROUND]))
    assert canonical["valid"], canonical["verdicts"]
    reordered = [*SETUP[3:], SETUP[2], *SETUP[:2], ROUND[0], ROUND[3], ROUND[1], ROUND[2]]
    shuffled = replay(log(reordered))
    assert shuffled["valid"], shuffled["verdicts"][shuffled["first_illegal"] or 0]
    assert shuffled["final_checksum"] == canonical["final_checksum"]
    # an outcome the game does not wait for is still refused
    wrong = replay(log([ROUND[1], *SETUP]))
    assert wrong["first_illegal"] == 0 and wrong["verdicts"][0]["code"] == "chance.unexpected"


def test_a_seeded_log_deals_what_it_leaves_out_before_a_recorded_outcome():
    """With a seed, a log that records only the Conflict card gets the setup dealt before it."""
    out = replay(log([copy.deepcopy(ROUND[0])], setup={"seed": 5}))
    assert out["valid"], out["verdicts"]
    assert out["final_state"]["board"]["conflict"] == "skirmish-crysknife"
    assert len(out["final_state"]["row"]) == 5 and out["dealt"] >= 8


DOCS = Path(__file__).parent.parent / "docs" / "log-format.md"
EXAMPLE_LOGS = sorted((Path(__file__).parent.parent / "examples" / "logs").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLE_LOGS, ids=lambda p: p.stem)
def test_the_example_logs_of_the_docs_replay_valid_and_are_the_docs_own(path):
    text = path.read_text()
    assert f"```json\n{text}```" in DOCS.read_text(), f"docs/log-format.md does not show {path.name} as it is"
    out = replay(json.loads(text))
    assert out["valid"], out["verdicts"][out["first_illegal"]]
    assert any(v.get("implied") for v in out["verdicts"])  # written the short way


def test_both_editions_have_an_example_log():
    editions = {json.loads(p.read_text())["game"]["edition"] for p in EXAMPLE_LOGS}
    assert editions == {"Dune: Imperium", "Dune: Imperium – Uprising"}
