"""The rule-system harness over every combination the engine accepts (tests/matrix.py EVERY; the
properties of test_rule_systems.py run on the MATRIX rows): each row's random legal playout is valid,
finished and replays to the same checksums from its seed alone, the invariants hold along it; the
MATRIX rows play other seeds just as well; and across the rows each module's and mode's own
decisions are met, so the properties exercise them.

More playouts: ADJUDICATOR_PLAYOUTS=200 runs 200 seeds per MATRIX row instead of the default 3 (the
per-expansion playout files of before ran 100 to 200 per mode on every run).
"""

from __future__ import annotations

import os
from functools import cache

import pytest
from matrix import EXTENDED, MATRIX, MORE, Config, invariants, log_of, rules_of, select
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
INVARIANTS_EVERY = 5
PLAYOUTS = int(os.environ.get("ADJUDICATOR_PLAYOUTS", "3"))  # seeds per MATRIX row, its own seed included


@cache
def final_of(config: Config, seed: int | None = None) -> dict:
    """The replay report of the row's playout (its final state kept)."""
    return replay(log_of(config, seed), snapshots="final")


@pytest.mark.parametrize("config", ROWS, ids=[c.id for c in ROWS])
def test_every_row_plays_out_and_replays_from_its_seed(config):
    log = log_of(config)
    report = final_of(config)
    finished(report, log)
    allowed_verdicts(report, config.system)
    cited(log, report)
    assert replay(without_chance(log), snapshots="none")["final_checksum"] == report["final_checksum"]
    cuts_judged_as_replayed(config, log, report, 2)
    rules = rules_of(config)
    state = rules.new_state(log["game"], log["setup"])
    for index, data in enumerate(log["actions"]):
        rules.apply(state, Action(data))
        if index % INVARIANTS_EVERY == 0:
            assert invariants(state) == [], (config.id, index, data)
    assert invariants(state) == [] and rules.prompt(state) is None


SEEDS = [(c, seed) for c in MATRIX for seed in range(2, PLAYOUTS + 1)]


@pytest.mark.parametrize(("config", "seed"), SEEDS, ids=[f"{c.id}-seed{s}" for c, s in SEEDS])
def test_another_seed_stays_legal_and_replays_identically(config, seed):
    replays_identically(log_of(config, seed))
    assert log_of(config, seed)["actions"] != log_of(config)["actions"]  # the seed decides the game


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
