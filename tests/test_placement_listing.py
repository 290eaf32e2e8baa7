"""The send-agent listing (turns._send_agent_offers) finds once per listing what every placement
check of one player in one state reads alike (`turns.Placing`: the spaces on the board, the
player's spies beside them, the spy-use check, a space's cost before a card's discount, an
Influence level): it must list exactly what checking every card × board space × spy use with
`placement_error` alone lists, at every Agent turn of the Imperium samples and of the matrix's
playouts. And a live game's appends list a decision once while a chain of chance outcomes
(a round's Conflict card and draws) leads each of them to the same one (service/live._listed)."""

from __future__ import annotations

import json

import pytest
from matrix import log_of, parametrize

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Driver, Replay
from adjudicator.imperium import turns
from adjudicator.imperium.game import Game
from adjudicator.imperium.registry import adjust
from adjudicator.samples import HERE
from adjudicator.service import games as stored
from adjudicator.service import live, tokens
from adjudicator.store import open_db, prepare

SAMPLES = sorted(p.stem for p in HERE.glob("*.json") if not p.stem.startswith("dune"))


def every_placement(g: Game, pid: str) -> list[dict]:
    """The listing as a definition: every card, every space, every spy use, each checked alone."""
    pl, out = g.p(pid), []
    for card in sorted(set(pl["hand"])):
        for space in g.board_spaces():
            mine = turns.own_spy_posts(g, pid, space)
            for infiltrate in [None, *mine]:
                for gather in [None, *[p for p in mine if p != infiltrate]]:
                    a = {"card": card, "space": space, **({"infiltrate": infiltrate} if infiltrate else {}),
                         **({"gather": gather} if gather else {})}
                    out += [v for v in adjust("placement-variants", [a], g, pid)
                            if turns.placement_error(g, pid, v) is None]
    return out


def compared(doc: dict) -> int:
    """Compare the two at every Agent turn of a log; how many turns were compared."""
    log = parse_log(doc)
    run, seen = Replay(log, "continue", "none"), 0
    for index in range(len(log.actions)):
        run.advance(index)
        g = Game(run.driver.copy_state(), log.rules.content)
        task = g.top
        if task and task["t"] == "turn" and task.get("player") in g.state["players"]:
            seen += 1
            assert list(turns._send_agent_offers(g, task, task["player"])) == every_placement(g, task["player"]), index
    return seen


@pytest.mark.parametrize("name", SAMPLES)
def test_the_listing_is_every_placement_checked_in_the_samples(name):
    assert compared(json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))) >= 10


@parametrize(system="imperium")
def test_the_listing_is_every_placement_checked_in_the_playouts(config):
    assert compared(log_of(config)) >= 4


def test_a_hostile_space_is_refused_not_crashed():
    """The per-listing memo keys on the space named: a list or a number names none."""
    doc = json.loads((HERE / "uprising-4p-choam-seed7.json").read_text(encoding="utf-8"))
    log = parse_log(doc)
    run = Replay(log, "strict", "none")
    for index in range(len(log.actions)):
        run.advance(index)
        g = Game(run.driver.copy_state(), log.rules.content)
        if g.top and g.top["t"] == "turn":
            break
    pid, card = g.top["player"], g.p(g.top["player"])["hand"][0]
    for space in (["arrakeen"], 7, None, {"a": 1}):
        err = turns.placement_error(g, pid, {"card": card, "space": space})
        assert err is not None and err.code == "agent.unknown-space"


def test_a_chain_of_chance_outcomes_lists_its_decision_once(monkeypatch):
    """Appended one by one, a round's Conflict card and draws each come to the first player's
    turn (dealt ahead on the answer's copy): listed once, served again to the rest of the chain
    with the same actions; a decision in another state is listed anew."""
    doc = json.loads((HERE / "uprising-4p-choam-seed7.json").read_text(encoding="utf-8"))
    db = open_db(":memory:")
    prepare(db)
    token = tokens.create(db, "t")[1]
    opened = 10
    game = stored.store(db, {**doc, "actions": doc["actions"][:opened]}, token)[0]["id"]
    listed, real = [], Driver.legal_actions

    def counted(driver):
        listed.append(1)
        return real(driver)

    monkeypatch.setattr(Driver, "legal_actions", counted)
    answers = []
    try:
        for index in range(opened, 160):
            listed.clear()
            answer = live.append(db, game, {"index": index, "actions": [doc["actions"][index]]}, token)[0]
            answers.append((doc["actions"][index], len(listed), answer["next"]))
    finally:
        live.TABLE.clear()
    served_again = [(a, n) for a, n, _ in answers if n == 0 and a["by"] == "chance"]
    assert len(served_again) >= 4  # the draws after a round's first
    for (_, n, nxt), (_, _, before) in zip(answers[1:], answers, strict=False):
        if n == 0:  # served from the kept listing: the same decision as the append before
            assert nxt == before
