"""The rule-system harness over every combination the engine accepts (tests/matrix.py EVERY; the
properties of test_rule_systems.py run on the MATRIX rows): each row's random legal playout is valid,
finished and replays to the same checksums from its seed alone, the invariants hold along it; a row
plays more seeds (its `plays`), each replayed every way; what a row's playouts must show between them
(matrix.EXPECT: a Rival meeting a module's cards, the team game's result, ...) holds; and across the
rows each module's and mode's own decisions are met, so the properties exercise them.

Exhaustive: `python -m pytest -m exhaustive tests/test_rule_systems_every.py` plays every row's
seeds up to matrix.EXHAUSTIVE_PLAYS (ADJUDICATOR_PLAYOUTS=200 for more) and checks each row's
expectations over all of them; the default run plays each row's bounded sample (the first `plays`
seeds), the same on every run.
"""

from __future__ import annotations

from functools import cache

import pytest
from matrix import EVERY, EXTENDED, MATRIX, MORE, Config, invariants, log_of, rules_of, select
from test_rule_systems import (
    allowed_verdicts,
    cited,
    cuts_judged_as_replayed,
    finished,
    replays_identically,
    without_chance,
)

from adjudicator.core.actions import Action
from adjudicator.core.replay import replay

ROWS = EXTENDED + MORE  # the MATRIX rows get every property in test_rule_systems.py
INVARIANTS_EVERY = 5  # a row without expectations: the invariants at every 5th action (else every one)
exhaustive = pytest.mark.exhaustive


@cache
def final_of(config: Config, seed: int | None = None) -> dict:
    """The replay report of the row's playout (its final state kept)."""
    return replay(log_of(config, seed), snapshots="final")


def walk(config: Config, log: dict) -> None:
    """The playout applied action by action: the invariants hold, and the game ends with nothing
    pending (classic Dune's playout: at the result it recorded beside the log)."""
    every = 1 if config.expect else INVARIANTS_EVERY
    rules = rules_of(config)
    state = rules.new_state(log["game"], log["setup"])
    for index, data in enumerate(log["actions"]):
        rules.apply(state, Action(data))
        if index % every == 0:
            assert invariants(state) == [], (config.id, index, data)
    assert invariants(state) == [] and rules.prompt(state) is None
    assert log.get("result", state["result"]) == state["result"]


@pytest.mark.parametrize("config", ROWS, ids=[c.id for c in ROWS])
def test_every_row_plays_out_and_replays_from_its_seed(config):
    log = log_of(config)
    report = final_of(config)
    if config.expect:  # a row with expectations is replayed every way
        replays_identically(log, report)
    else:
        finished(report, log)
        allowed_verdicts(report, config.system)
        cited(log, report)
        assert replay(without_chance(log), snapshots="none")["final_checksum"] == report["final_checksum"]
    cuts_judged_as_replayed(config, log, report, 2)
    walk(config, log)


SEEDS = [pytest.param(c, seed, id=f"{c.id}-seed{seed}", marks=() if seed in c.seeds() else exhaustive)
         for c in EVERY for seed in c.seeds(exhaustive=True) if seed != c.seed]


@pytest.mark.parametrize(("config", "seed"), SEEDS)
def test_another_seed_stays_legal_and_replays_identically(config, seed):
    replays_identically(log_of(config, seed), final_of(config, seed))
    walk(config, log_of(config, seed))
    assert log_of(config, seed)["actions"] != log_of(config)["actions"]  # the seed decides the game


# --- what a row's playouts must show (matrix.EXPECT) ----------------------------------------------------
def _rivals(log: dict) -> list[str]:
    return [r["id"] for r in log["setup"].get("rivals", ())]


def _rival_cards(games) -> set[str]:
    return {a.get("card") for g in games for a in g.log["actions"] if a["do"] in ("draw-hagal", "rival-agent")}


def _setup_cited(game) -> set[str]:
    return {c["ruling"] for c in game.report["setup_citations"]}


def _commanders(game) -> list[str]:
    return [side["commander"] for side in game.final["six"]["teams"].values()]


def _moved(game, pid: str) -> bool:
    """`pid`'s research or Tleilaxu token is off where it started."""
    return any(game.final["players"][pid][k] != game.start["players"][pid][k] for k in ("research", "tleilaxu"))


class Game:
    """One playout of a row as the expectations read it: its log, replay report, first and last state."""

    def __init__(self, config: Config, seed: int):
        self.log, self.report = log_of(config, seed), final_of(config, seed)
        self.final = self.report["final_state"]
        self.start = rules_of(config).new_state(self.log["game"], self.log["setup"])

    def does(self, *verbs: str) -> bool:
        return any(a["do"] in verbs for a in self.log["actions"])


# name -> a check over a row's games ("name:a,b" passes the arguments a and b)
EXPECTATIONS = {
    "one-winner": lambda games: all(len(g.report["result"]["winners"]) == 1 for g in games),
    "all-legal": lambda games: all(v["verdict"] == "legal" for g in games for v in g.report["verdicts"]),
    "setup-cites": lambda games, *rulings: all(set(rulings) <= _setup_cited(g) for g in games),
    "setup-cites-none": lambda games, *rulings: not any(set(rulings) & _setup_cited(g) for g in games),
    "does": lambda games, verb: any(g.does(verb) for g in games),
    "does-any": lambda games, *verbs: any(g.does(*verbs) for g in games),
    "draws": lambda games, *cards: set(cards) <= _rival_cards(games),  # Rival cards drawn or played
    "draws-none": lambda games, *cards: not set(cards) & _rival_cards(games),
    "rival-seated": lambda games, leader: all(  # the named Rival card, and no player leads its leader
        g.log["setup"]["rivals"][0]["leader"] == leader not in [p["leader"] for p in g.log["game"]["players"]]
        for g in games),
    "rival-commanders": lambda games: any(  # a Rival holds a Commander, or one went to the box
        sum(sum(g.final["players"][q]["commanders"].values()) for q in _rivals(g.log)) + g.final["commanders"]["box"]
        for g in games),
    "rival-tech": lambda games: any(g.final["players"][q].get("tech") for g in games for q in _rivals(g.log)),
    "rivals-never-research": lambda games: not any(
        g.final["players"][q]["research"] != g.start["players"][q]["research"] for g in games for q in _rivals(g.log)),
    "team-result": lambda games: all(g.report["result"]["how"] in ("team", "tie")
                                     and len(g.report["result"]["winners"]) in (3, 6) for g in games),
    "commanders-idle": lambda games: not any(  # a Commander researches, steps or keeps specimens only by his Ally
        _moved(g, q) or g.final["players"][q]["troops"]["tanks"] for g in games for q in _commanders(g)),
    "allies-research": lambda games: any(_moved(g, q) for g in games for q in g.final["players"]
                                         if q not in _commanders(g)),
}
EXPECTING = [c for c in EVERY if c.expect]


@pytest.mark.parametrize(("config", "everything"), [
    p for c in EXPECTING for p in (pytest.param(c, False, id=c.id),
                                   pytest.param(c, True, id=f"{c.id}-exhaustive", marks=exhaustive))])
def test_a_rows_playouts_show_what_it_expects(config, everything):
    games = [Game(config, seed) for seed in config.seeds(everything)]
    for expectation in config.expect:
        name, _, args = expectation.partition(":")
        assert EXPECTATIONS[name](games, *(args.split(",") if args else ())), (config.id, expectation)


def test_every_expectation_is_known_and_used():
    named = {e.partition(":")[0] for c in EVERY for e in c.expect}
    assert named == set(EXPECTATIONS), named ^ set(EXPECTATIONS)


# --- each module's and mode's own decisions are met --------------------------------------------------
def verbs(rows) -> set[str]:
    return {a["do"] for c in rows for a in log_of(c)["actions"]}


def actions(rows) -> list[dict]:
    return [a for c in rows for a in log_of(c)["actions"]]


# module or mode -> the verbs its rows' playouts must take between them
REACHES = {
    "bloodlines": {"recruit-commander", "deal-skill", "draw-twisted"},
    "tech": {"flip-tech", "reveal-tech"},
    "immortality": {"graft", "acquire-tleilaxu", "family-atomics", "refill-tleilaxu-row"},
    "rivals": {"draw-hagal", "rival-agent"},
    "classic": {"storm-dial", "spice-card", "draw-traitors", "draw-treachery", "ship", "move", "bribe", "ride",
                "give-spice"},
    "advanced": {"capture", "place-worm", "give-card", "flip", "send-advisor"},
    "ixians-tleilaxu": {"draw-face-dancers", "reveal"},
}


def rows_with(name: str) -> list[Config]:
    return [c for c in ROWS if name in c.modules or c.mode == name]


@pytest.mark.parametrize("name", sorted(REACHES))
def test_the_playouts_reach_each_modules_own_decisions(name):
    assert REACHES[name] <= verbs(rows_with(name)), REACHES[name] - verbs(rows_with(name))


def test_the_classic_playouts_play_cards_karama_and_advantages():
    """Special cards played from hand, Karama bids or shipments, a Karama stopping an advantage, the
    cross-planet shipment; in the advanced game the Harkonnen capture (kill or keep), spice support
    and force kinds in shipments and battle plans, an advisor sent with a shipment."""
    basic = actions(rows_with("classic"))
    assert {"weather-control", "tleilaxu-ghola", "truthtrance", "family-atomics"} <= \
        {a["card"] for a in basic if a["do"] == "play"}
    assert any(a.get("karama") for a in basic)
    assert any(a["do"] == "play" and a.get("against") for a in basic)
    assert any(a["do"] == "ship" and "from" in a for a in basic)
    advanced = actions(rows_with("advanced"))
    assert {"kill", "keep"} & {a["do"] for a in advanced}
    assert any(a["do"] == "plan" and a.get("spice") for a in advanced)
    assert {"ship", "plan"} <= {a["do"] for a in advanced if a.get("kinds")}
    assert any(a["do"] == "send-advisor" and a.get("to") for a in advanced)


def test_every_expansion_game_seats_the_ixians_and_the_tleilaxu():
    for config in rows_with("ixians-tleilaxu"):
        factions = {p["faction"] for p in log_of(config)["game"]["players"]}
        assert {"ixians", "tleilaxu"} <= factions, config.id


def test_the_rivals_go_to_many_spaces():
    """Rival cards send Agents across the board, not to one space (each Uprising Rival game)."""
    for config in select(ROWS, game="uprising", mode="rivals"):
        spaces = {a["space"] for a in log_of(config)["actions"] if a["do"] == "rival-agent"}
        assert len(spaces) >= 4, (config.id, spaces)


def test_six_player_games_end_in_a_team_result_and_meet_the_swordmaster():
    """A team's victory (its members the winners, its VP the sum of theirs and not below the other
    team's) or a tie; at most nine rounds; some game takes the Swordmaster and sees it go back."""
    taken = spent = 0
    for config in select(EXTENDED + MORE + MATRIX, mode="six"):
        report = final_of(config)
        result, final = report["result"], report["final_state"]
        assert result["how"] == ("team" if result["winning_team"] else "tie"), result
        teams = result["teams"]
        assert sum(t["vp"] for t in teams.values()) == sum(result["vp"].values())
        if result["winning_team"]:
            won = teams[result["winning_team"]]
            lost = next(t for k, t in teams.items() if k != result["winning_team"])
            assert result["winners"] == won["members"] and won["vp"] >= lost["vp"]
        assert len(final["board"]["discarded_conflicts"]) <= 9
        taken += len(final["six"]["swordmaster_taken"])
        spent += sum(1 for q in final["six"]["swordmaster_taken"] if not final["players"][q]["swordmaster"])
    assert taken and spent
