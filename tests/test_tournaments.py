"""Tournaments an organiser can run (issue 37): registered players and aliases, Swiss rounds and
tables, standings by each format with the tiebreak that decided each entry, judges' rulings,
off-board endings, exports; and what hostile input cannot do to them."""

from __future__ import annotations

import copy
import csv
import io
import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hostile import PROBLEM, SAMPLES, app_on, auth, token

from adjudicator.core import schemas
from adjudicator.core.rng import Random
from adjudicator.core.rulings import all_rulings
from adjudicator.service import formats, pairing
from adjudicator.store import open_db

FOUR = json.loads((SAMPLES / "uprising-4p-choam-seed7.json").read_text())  # yellow, blue, red, green
DUNE = json.loads((SAMPLES / "dune-4p-advanced-seed1.json").read_text())  # blue and its ally green win (guild default)


@pytest.fixture()
def db_path(tmp_path):
    return tmp_path / "t.db"


@pytest.fixture()
def client(db_path):
    return app_on(db_path).test_client()


@pytest.fixture()
def owner(client, db_path):
    return token(db_path, "organiser")


def problem(response, status: int, code: str | None = None, pointer: str | None = None) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.content_type == PROBLEM
    body = response.get_json(force=True)
    assert schemas.errors("problem", body) == []
    if code:
        assert body["code"] == code, body
    if pointer is not None:
        assert body["pointer"] == pointer, body
    return body


def count(db_path, table: str) -> int:
    return open_db(db_path)[table].count


def tournament(client, owner, scoring=None) -> str:
    body = {"name": "Arrakis Open"} | ({"scoring": scoring} if scoring else {})
    answer = client.post("/v1/tournaments", json=body, headers=auth(owner))
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"]


def register(client, owner, tid, *players) -> None:
    for p in players:
        body = p if isinstance(p, dict) else {"name": p}
        answer = client.post(f"/v1/tournaments/{tid}/players", json=body, headers=auth(owner))
        assert answer.status_code == 201, answer.get_json()
        schemas.validate("tournament-player", answer.get_json())


def named(log, names: dict) -> dict:
    log = copy.deepcopy(log)
    for p in log["game"]["players"]:
        p["name"] = names.get(p["id"], p.get("name", p["id"]))
    return log


# --- pure: the 24-player Swiss tournament ---------------------------------------------------------

def simulate(players: list[str], rounds: int, scoring: dict, seed: int = 7):
    """A Swiss tournament of 4-player tables whose games end in random places (a seeded RNG)."""
    rng, history, games = Random(seed), [], []
    for number in range(1, rounds + 1):
        if number == 1:
            order = pairing.first_round_order(players, f"sim{seed}")
        else:
            order = [e["player"] for e in formats.compute(scoring, games, players)]
        met, seats = pairing.history(history)
        tables = pairing.propose(order, met, seats, 4)
        history.append(tables)
        for table in tables:
            finish = list(table)
            for i in range(len(finish) - 1, 0, -1):
                j = rng.below(i + 1)
                finish[i], finish[j] = finish[j], finish[i]
            games.append({"game": f"r{number}", "round": number, "winners": [finish[0]],
                          "seats": [{"player": p, "place": k + 1} for k, p in enumerate(finish)]})
    return history, games


def check_order(scoring: dict, standings: list[dict]) -> None:
    """Each entry's `tiebreak` is the first criterion on which it beats the next; equal on all is
    a shared rank; no entry beats an entry above it."""
    order = formats.criteria(scoring)

    def key(e):
        values = {"points": e["points"], "wins": e["wins"], **e["tiebreaks"]}
        return tuple(tuple(values[c]) if isinstance(values[c], list) else values[c] for c in order)

    for above, below in zip(standings, standings[1:], strict=False):
        assert key(above) >= key(below)
        if key(above) == key(below):
            assert above["tiebreak"] is None and above["rank"] == below["rank"]
        else:
            first = next(i for i, (a, b) in enumerate(zip(key(above), key(below), strict=True)) if a != b)
            assert above["tiebreak"] == order[first] and below["rank"] > above["rank"]


def test_a_swiss_tournament_of_24_players_over_4_rounds():
    players = [f"player-{i:02d}" for i in range(24)]
    scoring = {"scheme": "points-per-place", "points": [5, 3, 2, 1]}
    history, games = simulate(players, 4, scoring)
    for tables in history:
        assert [len(t) for t in tables] == [4] * 6
        assert sorted(p for t in tables for p in t) == sorted(players)
    met = Counter(tuple(sorted(pair)) for tables in history for t in tables for pair in combinations(t, 2))
    assert max(met.values()) == 1  # 4 rounds of 4-player tables: 12 table-mates each, never one twice
    firsts = Counter()
    for tables in history:  # each table's first seat: whoever of it had sat first least often
        for t in tables:
            assert firsts[t[0]] == min(firsts[p] for p in t)
        firsts.update(t[0] for t in tables)
    assert max(firsts.values()) <= 2
    standings = formats.compute(scoring, games, players)
    assert sorted(e["player"] for e in standings) == sorted(players)
    assert sum(e["points"] for e in standings) == 24 * (5 + 3 + 2 + 1)
    check_order(scoring, standings)
    assert {e["tiebreak"] for e in standings} - {None} <= set(formats.criteria(scoring))
    assert any(e["tiebreak"] in ("wins", "opponents", "places") for e in standings)  # ties were broken


def repeat_free_exists(players: list[str], met: Counter, size: int) -> bool:
    """The oracle: can these players sit at tables of `size` with no pair that has met?"""
    def fill(rest):
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        free = [q for q in others if not met[tuple(sorted((first, q)))]]
        for mates in combinations(free, size - 1):
            if all(not met[tuple(sorted(pair))] for pair in combinations(mates, 2)):
                if fill([q for q in others if q not in mates]):
                    return True
        return False
    return fill(players)


@pytest.mark.parametrize(("players", "rounds", "seed"), [(16, 4, 0), (16, 4, 2), (20, 4, 5), (24, 5, 5)])
def test_no_repeated_table_mates_whenever_a_seating_without_them_exists(players, rounds, seed):
    """Round by round, an exact search is the oracle: if some seating of the round repeats no
    pair, the proposed one repeats none; where every seating must repeat, it still may."""
    names = [f"p{i:02d}" for i in range(players)]
    scoring = {"scheme": "points-per-place", "points": [5, 3, 2, 1]}
    history, _ = simulate(names, rounds, scoring, seed)
    for number in range(1, rounds):
        met, _ = pairing.history(history[:number])
        new = Counter(tuple(sorted(pair)) for t in history[number] for pair in combinations(t, 2))
        repeated = sum(1 for pair in new if met[pair])
        if repeat_free_exists(names, met, 4):
            assert repeated == 0, (number, history[number])


def test_later_rounds_seat_similar_standings_together():
    players = [f"p{i:02d}" for i in range(16)]
    scoring = {"scheme": "points-per-place", "points": [5, 3, 2, 1]}
    history, games = simulate(players, 2, scoring)
    after_one = [e["player"] for e in formats.compute(scoring, games[:4], players)]
    second = history[1]
    # the round-1 winners (ranks 1-4) meet at most one other round-1 table-mate each: they sit high
    top = set(after_one[:4])
    assert max(len(top & set(t)) for t in second) >= 3


def test_table_sizes_use_as_few_short_tables_as_possible():
    assert pairing.table_sizes(15, 4) == [4, 4, 4, 3]
    assert pairing.table_sizes(24, 4) == [4] * 6
    assert pairing.table_sizes(6, 4) == [3, 3]
    with pytest.raises(Exception, match="cannot sit"):
        pairing.table_sizes(5, 4)


def test_every_format_criterion_cites_a_ruling():
    for scheme in formats.SCHEMES:
        scoring = {"scheme": scheme, "points": [1]}
        for line in formats.rules_cited(scoring):
            assert line["ruling"] in all_rulings(), line
    assert all_rulings()["tournament.dune-wins"]["kind"] == "reading"
    assert all_rulings()["tournament.solo-wins"]["kind"] == "reading"


def test_classic_dune_wins_a_shared_win_then_solo_wins():
    scoring = {"scheme": "dune-wins"}
    games = [
        {"winners": ["ann", "bo"], "seats": [{"player": "ann", "place": 1}, {"player": "bo", "place": 1},
                                              {"player": "cy", "place": 3}, {"player": "di", "place": 3}]},
        {"winners": ["cy"], "seats": [{"player": "cy", "place": 1}, {"player": "ann", "place": 2},
                                       {"player": "bo", "place": 2}, {"player": "di", "place": 2}]},
    ]
    standings = formats.compute(scoring, games, ["ann", "bo", "cy", "di"])
    rows = {e["player"]: e for e in standings}
    assert rows["ann"]["wins"] == rows["bo"]["wins"] == rows["cy"]["wins"] == 1
    # cy's win was alone: ranks above the allies on solo wins; the allies tie on everything
    assert [e["player"] for e in standings][:1] == ["cy"] and standings[0]["tiebreak"] == "solo-wins"
    assert rows["ann"]["rank"] == rows["bo"]["rank"] == 2 and rows["ann"]["tiebreak"] is None
    assert rows["di"]["rank"] == 4
    check_order(scoring, standings)


def test_wbc_heats_most_wins_then_places():
    scoring = {"scheme": "wbc-heats"}
    games = [{"winners": ["a"], "seats": [{"player": p, "place": i + 1} for i, p in enumerate("abcd")]},
             {"winners": ["b"], "seats": [{"player": p, "place": i + 1} for i, p in enumerate("bdca")]}]
    standings = formats.compute(scoring, games, list("abcd"))
    assert [(e["player"], e["rank"], e["tiebreak"]) for e in standings] == [
        ("b", 1, "places"), ("a", 2, "wins"), ("d", 3, "places"), ("c", 4, None)]
    assert standings[0]["tiebreaks"] == {"places": [1, 1, 0, 0]}


# --- the service: players, seats, rounds ----------------------------------------------------------

def test_players_and_aliases_map_seats_and_unknown_names_are_422s(client, owner, db_path):
    tid = tournament(client, owner)
    register(client, owner, tid, {"name": "Ann Smith", "aliases": ["ann", "Анна"], "club": "Giedi"},
             {"name": "Bo", "id": "M-2"}, "Cy", "Di")
    listed = client.get(f"/v1/tournaments/{tid}/players").get_json()["players"]
    assert listed[0] == {"name": "Ann Smith", "aliases": ["ann", "Анна"], "club": "Giedi"}
    problem(client.post(f"/v1/tournaments/{tid}/players", json={"name": "ANN "}, headers=auth(owner)),
            409, "name-taken", "/name")
    problem(client.post(f"/v1/tournaments/{tid}/players", json={"name": "Eve", "aliases": ["cy"]},
                        headers=auth(owner)), 409, "name-taken", "/aliases/0")
    other = token(db_path, "stranger")
    problem(client.post(f"/v1/tournaments/{tid}/players", json={"name": "Eve"}, headers=auth(other)), 403)
    assert count(db_path, "tournament_players") == 4

    unknown = named(FOUR, {"red": "ANN ", "blue": "bo", "green": "Cy", "yellow": "Zed"})
    problem(client.post(f"/v1/games?tournament={tid}", json=unknown, headers=auth(owner)),
            422, "unknown-player", "/game/players/3/name")
    twice = named(FOUR, {"red": "ann", "blue": "Анна", "green": "Cy", "yellow": "Di"})
    problem(client.post(f"/v1/games?tournament={tid}", json=twice, headers=auth(owner)),
            422, "player-seated-twice", "/game/players/1")
    problem(client.post(f"/v1/games?tournament={tid}", json={**unknown, "seats": {"purple": "Di"}},
                        headers=auth(owner)), 422, "unknown-seat", "/seats/purple")
    problem(client.post(f"/v1/games?tournament={tid}", json={**unknown, "seats": {"yellow": "Nobody"}},
                        headers=auth(owner)), 422, "unknown-player", "/seats/yellow")
    assert count(db_path, "games") == 0  # nothing stored by any refusal

    stored = client.post(f"/v1/games?tournament={tid}", json={**unknown, "seats": {"yellow": "di"}},
                         headers=auth(owner))
    assert stored.status_code == 201, stored.get_json()
    assert stored.get_json()["seats"] == {"red": "Ann Smith", "blue": "Bo", "green": "Cy", "yellow": "Di"}
    data = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    schemas.validate("standings", data)
    assert data["games"][0]["placings"][0]["player"] == "Di"  # yellow won the sample
    assert sorted(e["player"] for e in data["standings"]) == ["Ann Smith", "Bo", "Cy", "Di"]


def test_an_idempotent_retry_answers_the_game_its_seats_are_part_of_the_request(client, owner, db_path):
    tid = tournament(client, owner)
    register(client, owner, tid, "Ann", "Bo", "Cy", "Di")
    seats = {"red": "Ann", "blue": "Bo", "green": "Cy", "yellow": "Di"}
    headers = auth(owner) | {"Idempotency-Key": "table-1"}
    first = client.post(f"/v1/games?tournament={tid}", json={**FOUR, "seats": seats}, headers=headers)
    again = client.post(f"/v1/games?tournament={tid}", json={**FOUR, "seats": seats}, headers=headers)
    assert (first.status_code, again.status_code) == (201, 200) and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["seats"] == first.get_json()["seats"]
    other = dict(seats, red="Bo", blue="Ann")
    problem(client.post(f"/v1/games?tournament={tid}", json={**FOUR, "seats": other}, headers=headers),
            409, "idempotency-key-reused")
    assert count(db_path, "games") == 1


def test_a_stored_game_added_to_a_tournament_is_mapped_to_its_players(client, owner, db_path):
    tid = tournament(client, owner, {"scheme": "wins"})
    register(client, owner, tid, {"name": "Ann", "aliases": ["red"]}, "Blue", "Green")
    gid = client.post("/v1/games", json=FOUR, headers=auth(owner)).get_json()["id"]
    problem(client.post(f"/v1/tournaments/{tid}/games", json={"game": gid}, headers=auth(owner)),
            422, "unknown-player", "/game/players/3/name")  # Yellow is nobody here
    assert client.get(f"/v1/games/{gid}").get_json()["tournament"] is None
    register(client, owner, tid, "Yellow")
    assert client.post(f"/v1/tournaments/{tid}/games", json={"game": gid}, headers=auth(owner)).status_code == 204
    assert client.get(f"/v1/games/{gid}").get_json()["seats"]["red"] == "Ann"
    ruling = {"step": 1, "question": "q", "verdict": "v", "ruling": "engine.offered-actions", "decision": "d",
              "effect": {"points": {"Ann": 1}}}
    problem(client.post(f"/v1/games/{gid}/rulings", json=ruling, headers=auth(owner)), 422, "no-points",
            "/effect/points")
    assert client.delete(f"/v1/tournaments/{tid}/games/{gid}", headers=auth(owner)).status_code == 204
    assert "seats" not in client.get(f"/v1/games/{gid}").get_json()


def test_rounds_tables_and_games_at_them(client, owner, db_path):
    tid = tournament(client, owner)
    problem(client.post(f"/v1/tournaments/{tid}/rounds", headers=auth(owner)), 422, "no-players")
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    register(client, owner, tid, *names)
    first = client.post(f"/v1/tournaments/{tid}/rounds", json={}, headers=auth(owner))
    assert first.status_code == 201
    round1 = first.get_json()
    schemas.validate("round", round1)
    assert round1["round"] == 1 and [len(t["players"]) for t in round1["tables"]] == [4, 4]
    again = client.post(f"/v1/tournaments/{tid}/rounds", headers=auth(owner)).get_json()  # the next round
    assert again["round"] == 2
    assert client.get(f"/v1/tournaments/{tid}/rounds/1").get_json()["tables"] == round1["tables"]
    listed = client.get(f"/v1/tournaments/{tid}/rounds").get_json()["rounds"]
    assert [r["round"] for r in listed] == [1, 2] and listed[0]["tables"] == round1["tables"]

    table = round1["tables"][0]
    seats = dict(zip(["red", "blue", "green", "yellow"], table["players"], strict=True))
    wrong = dict(seats, yellow=round1["tables"][1]["players"][0])
    problem(client.post(f"/v1/games?tournament={tid}&round=1&table=1", json={**FOUR, "seats": wrong},
                        headers=auth(owner)), 422, "not-at-table", "/seats/yellow")
    problem(client.post(f"/v1/games?tournament={tid}&round=1&table=9", json={**FOUR, "seats": seats},
                        headers=auth(owner)), 404)
    problem(client.post(f"/v1/games?tournament={tid}&round=7&table=1", json={**FOUR, "seats": seats},
                        headers=auth(owner)), 404)
    problem(client.post(f"/v1/games?tournament={tid}&round=1", json={**FOUR, "seats": seats},
                        headers=auth(owner)), 400)
    assert count(db_path, "games") == 0
    stored = client.post(f"/v1/games?tournament={tid}&round=1&table=1", json={**FOUR, "seats": seats},
                         headers=auth(owner)).get_json()
    assert (stored["round"], stored["table"]) == (1, 1)
    assert client.get(f"/v1/tournaments/{tid}/rounds/1").get_json()["tables"][0]["game"] == stored["id"]

    # an edit may move players of unplayed tables, never of a played one
    t1, t2 = round1["tables"]
    swapped = [t1, {"table": 2, "players": list(reversed(t2["players"]))}]
    edited = client.put(f"/v1/tournaments/{tid}/rounds/1", json={"tables": swapped}, headers=auth(owner))
    assert edited.status_code == 200 and edited.get_json()["tables"][1]["players"] == list(reversed(t2["players"]))
    moved = [{"table": 1, "players": t1["players"][:3] + [t2["players"][0]]},
             {"table": 2, "players": t2["players"][1:] + [t1["players"][3]]}]
    problem(client.put(f"/v1/tournaments/{tid}/rounds/1", json={"tables": moved}, headers=auth(owner)),
            409, "table-played")
    doubled = [{"table": 1, "players": t1["players"]}, {"table": 2, "players": [t1["players"][0]]}]
    problem(client.put(f"/v1/tournaments/{tid}/rounds/1", json={"tables": doubled}, headers=auth(owner)),
            422, "player-seated-twice", "/tables/1/players/0")
    problem(client.put(f"/v1/tournaments/{tid}/rounds/1", json={"tables": [{"table": 1, "players": ["Nobody"]}]},
                       headers=auth(owner)), 422, "unknown-player", "/tables/0/players/0")

    # per-round standings and exports
    after1 = client.get(f"/v1/tournaments/{tid}/standings?round=1").get_json()
    assert after1["round"] == 1 and len(after1["games"]) == 1 and after1["games"][0]["table"] == 1
    assert [e["player"] for e in after1["standings"]][0] == seats["yellow"]
    assert len(after1["standings"]) == 8  # registered players without a game yet stand too
    pairings = client.get(f"/v1/tournaments/{tid}/rounds/1?format=csv")
    rows = list(csv.reader(io.StringIO(pairings.get_data(as_text=True))))
    assert rows[0] == ["round", "table", "seat", "player", "game"] and len(rows) == 9
    assert rows[1][:4] == ["1", "1", "1", t1["players"][0]] and rows[1][4] == stored["id"]
    page = client.get(f"/v1/tournaments/{tid}/standings?format=html")
    assert page.content_type.startswith("text/html") and "<table>" in page.get_data(as_text=True)
    assert "tournament.points-per-place" in page.get_data(as_text=True)
    assert client.get(f"/v1/tournaments/{tid}/rounds/1?format=html").status_code == 200


def test_a_withdrawn_player_keeps_their_standing_and_is_not_seated_again(client, owner):
    tid = tournament(client, owner)
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    register(client, owner, tid, *names)
    client.post(f"/v1/tournaments/{tid}/rounds", headers=auth(owner))
    problem(client.patch(f"/v1/tournaments/{tid}/players/Zed", json={"withdrawn": True}, headers=auth(owner)),
            422, "unknown-player", "/name")
    problem(client.patch(f"/v1/tournaments/{tid}/players/Ann", json={"withdrawn": "yes"}, headers=auth(owner)), 400)
    for name in ("ann", "Bo"):  # an alias or a folded name finds the player
        answer = client.patch(f"/v1/tournaments/{tid}/players/{name}", json={"withdrawn": True}, headers=auth(owner))
        assert answer.status_code == 200 and answer.get_json()["withdrawn"]
    second = client.post(f"/v1/tournaments/{tid}/rounds", json={"table_size": 3}, headers=auth(owner)).get_json()
    seated = sorted(p for t in second["tables"] for p in t["players"])
    assert seated == sorted(set(names) - {"Ann", "Bo"})
    rows = {e["player"]: e for e in client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]}
    assert rows["Ann"]["withdrawn"] is True and "withdrawn" not in rows["Cy"]
    back = client.patch(f"/v1/tournaments/{tid}/players/Ann", json={"withdrawn": False}, headers=auth(owner))
    assert "withdrawn" not in back.get_json()


def test_a_judges_ruling_is_recorded_shown_and_counted(client, owner, db_path):
    tid = tournament(client, owner)
    register(client, owner, tid, "Red", "Blue", "Green", "Yellow")
    gid = client.post(f"/v1/games?tournament={tid}", json=FOUR, headers=auth(owner)).get_json()["id"]
    ruling = {"step": 40, "question": "May Blue play this Intrigue in the Agent turn?",
              "verdict": "No: a Combat Intrigue waits for the combat.", "ruling": "engine.offered-actions",
              "decision": "the card returns to Blue's hand; Blue loses one tournament point for the delay",
              "effect": {"points": {"Blue": -1}}}
    problem(client.post(f"/v1/games/{gid}/rulings", json={**ruling, "ruling": "no.such-ruling"},
                        headers=auth(owner)), 422, "unknown-ruling", "/ruling")
    problem(client.post(f"/v1/games/{gid}/rulings", json={**ruling, "effect": {"points": {"Zed": 1}}},
                        headers=auth(owner)), 422, "unknown-player", "/effect/points/Zed")
    problem(client.post(f"/v1/games/{gid}/rulings", json={**ruling, "step": 99999}, headers=auth(owner)),
            422, "no-such-step", "/step")
    judge = token(db_path, "head-judge")
    problem(client.post(f"/v1/games/{gid}/rulings", json=ruling, headers=auth(judge)), 403)
    problem(client.post(f"/v1/tournaments/{tid}/judges", json={"name": "head-judge"}, headers=auth(judge)), 403)
    problem(client.post(f"/v1/tournaments/{tid}/judges", json={"name": "nobody"}, headers=auth(owner)),
            422, "unknown-token", "/name")
    assert count(db_path, "game_rulings") == 0
    named_judge = client.post(f"/v1/tournaments/{tid}/judges", json={"name": "head-judge"}, headers=auth(owner))
    assert named_judge.status_code == 201 and named_judge.get_json() == {"judges": ["head-judge"]}
    before = {e["player"]: e["points"] for e in client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]}
    recorded = client.post(f"/v1/games/{gid}/rulings", json=ruling, headers=auth(judge))
    assert recorded.status_code == 201
    body = recorded.get_json()
    schemas.validate("game-ruling", body)
    assert body["who"] == "head-judge" and body["seq"] == 1 and body["when"]
    view = client.get(f"/v1/games/{gid}/views/40").get_json()
    schemas.validate("view", view)
    assert view["judged"] == [body] and "judged" not in client.get(f"/v1/games/{gid}/views/41").get_json()
    assert client.get(f"/v1/games/{gid}").get_json()["rulings"] == [body]
    assert client.get(f"/v1/games/{gid}/rulings").get_json()["rulings"] == [body]
    data = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    schemas.validate("standings", data)
    assert data["rulings"] == [{"game": gid, **body}]
    after = {e["player"]: e["points"] for e in data["standings"]}
    assert after == {**before, "Blue": before["Blue"] - 1}
    assert "May Blue play" in client.get(f"/v1/tournaments/{tid}/standings?format=html").get_data(as_text=True)


def test_a_time_limit_game_counts_by_the_recorded_places(client, owner, db_path):
    tid = tournament(client, owner, {"scheme": "points-per-place", "points": [5, 3, 2, 1]})
    register(client, owner, tid, "Red", "Blue", "Green", "Yellow")
    cut = copy.deepcopy(FOUR)
    cut["actions"] = cut["actions"][:300]  # the round's time ran out
    gid = client.post(f"/v1/games?tournament={tid}", json=cut, headers=auth(owner)).get_json()["id"]
    data = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    assert data["invalid"][0]["code"] == "unfinished" and not data["games"]
    ending = {"how": "time", "reason": "the 150-minute limit; places at the end of round 3",
              "ranking": [{"player": "green", "place": 1}, {"player": "red", "place": 2},
                          {"player": "blue", "place": 2}, {"player": "yellow", "place": 4}]}
    problem(client.post(f"/v1/games/{gid}/ending", json={**ending, "ranking": ending["ranking"][:3]},
                        headers=auth(owner)), 422, "seat-unranked", "/ranking")
    bad_place = copy.deepcopy(ending)
    bad_place["ranking"][3]["place"] = 3
    problem(client.post(f"/v1/games/{gid}/ending", json=bad_place, headers=auth(owner)), 422, "bad-place",
            "/ranking/3/place")
    problem(client.post(f"/v1/games/{gid}/ending", json={**ending, "how": "coin"}, headers=auth(owner)), 400)
    recorded = client.post(f"/v1/games/{gid}/ending", json=ending, headers=auth(owner))
    assert recorded.status_code == 201
    assert recorded.get_json()["result"] == {"finished": True, "winners": ["green"], "how": "time",
                                             "ranking": ending["ranking"]}
    schemas.validate("result", recorded.get_json()["result"])
    data = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    schemas.validate("standings", data)
    assert not data["invalid"] and data["games"][0]["ending"]["how"] == "time"
    points = {e["player"]: e["points"] for e in data["standings"]}
    assert points == {"Green": 5, "Red": 3, "Blue": 3, "Yellow": 1}
    assert client.get(f"/v1/games/{gid}").get_json()["ending"]["reason"].startswith("the 150-minute")

    # a game played to its end keeps its result, unless the organiser rules otherwise
    done = client.post(f"/v1/games?tournament={tid}", json=named(FOUR, {}) | {"meta": {"table": "2"}},
                       headers=auth(owner))
    assert done.status_code == 201, done.get_json()
    problem(client.post(f"/v1/games/{done.get_json()['id']}/ending", json=ending, headers=auth(owner)),
            409, "finished-on-the-board")


def test_a_disqualified_player_scores_nothing(client, owner):
    tid = tournament(client, owner, {"scheme": "points-per-place", "points": [5, 3, 2, 1]})
    register(client, owner, tid, "Red", "Blue", "Green", "Yellow")
    cut = copy.deepcopy(FOUR)
    cut["actions"] = cut["actions"][:100]
    index = next(i for i, a in enumerate(cut["actions"]) if a["do"] == "send-agent")
    cut["actions"][index]["by"] = "chance"  # the illegal move the player is disqualified for
    gid = client.post(f"/v1/games?tournament={tid}", json=cut, headers=auth(owner)).get_json()["id"]
    assert client.get(f"/v1/tournaments/{tid}/standings").get_json()["invalid"][0]["first_illegal"] == index
    ending = {"how": "disqualification", "reason": "marked cards", "disqualified": ["red"],
              "ranking": [{"player": "red", "place": 1}, {"player": "blue", "place": 2},
                          {"player": "green", "place": 3}, {"player": "yellow", "place": 4}]}
    result = client.post(f"/v1/games/{gid}/ending", json=ending, headers=auth(owner)).get_json()["result"]
    assert result["winners"] == []
    data = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    points = {e["player"]: (e["points"], e["wins"], e["games"]) for e in data["standings"]}
    assert points["Red"] == (0, 0, 1) and points["Blue"] == (3, 0, 1)
    assert data["games"][0]["ending"]["disqualified"] == ["Red"] and not data["invalid"]
    assert data["games"][0]["ending"]["first_illegal"] == index


def test_classic_dune_placings_in_a_dune_tournament(client, owner):
    tid = tournament(client, owner, {"scheme": "dune-wins"})
    register(client, owner, tid, {"name": "Ann", "aliases": ["red"]}, {"name": "Bo", "aliases": ["blue"]},
             {"name": "Cy", "aliases": ["green"]}, {"name": "Di", "aliases": ["yellow"]})
    assert client.post(f"/v1/games?tournament={tid}", json=DUNE, headers=auth(owner)).status_code == 201
    data = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    schemas.validate("standings", data)
    assert [c["criterion"] for c in data["order"]] == ["wins", "solo-wins", "opponents", "tied"]
    # the Guild (blue) and its ally (green) win together (GF9 rulebook 2.06.11)
    assert [(e["player"], e["rank"], e["wins"]) for e in data["standings"]] == [
        ("Bo", 1, 1), ("Cy", 1, 1), ("Ann", 3, 0), ("Di", 3, 0)]


def test_standings_csv_names_the_tiebreak(client, owner):
    tid = tournament(client, owner, {"scheme": "wins", "tiebreaks": ["places"]})
    register(client, owner, tid, "Red", "Blue", "Green", "Yellow")
    client.post(f"/v1/games?tournament={tid}", json=FOUR, headers=auth(owner))
    rows = list(csv.reader(io.StringIO(client.get(f"/v1/tournaments/{tid}/standings?format=csv")
                                       .get_data(as_text=True))))
    assert rows[0] == ["rank", "player", "points", "wins", "vp", "games", "tiebreak", "tiebreak:places"]
    assert rows[1][:2] == ["1", "Yellow"] and rows[1][6] == "wins" and rows[2][6] == "places"
    assert rows[2][7] == "0/1/0/0"
    assert len(rows) == 5, "the ranking table alone"
    problem(client.post("/v1/tournaments", json={"name": "x", "scoring": {"scheme": "wins", "tiebreaks": ["elo"]}},
                        headers=auth(owner)), 400)


def test_standings_csv_keeps_invalid_games_in_their_own_table(client, owner):
    """The ranking CSV holds ranking rows only; the games not counted are `part=invalid`, each
    with its first illegal action and citation; an unknown part is a 400 naming the parameter."""
    tid = tournament(client, owner)
    register(client, owner, tid, "Red", "Blue", "Green", "Yellow")
    bad = copy.deepcopy(FOUR)
    bad["actions"][31]["space"] = "assembly-hall"  # an Agent where another stands: illegal
    client.post(f"/v1/games?tournament={tid}", json=FOUR, headers=auth(owner))
    gid = client.post(f"/v1/games?tournament={tid}", json=bad, headers=auth(owner)).get_json()["id"]

    def table(query):
        return list(csv.reader(io.StringIO(client.get(f"/v1/tournaments/{tid}/standings?format=csv{query}")
                                           .get_data(as_text=True))))
    ranking = table("")
    assert ranking == table("&part=ranking") and len(ranking) == 5
    assert all(row[0].isdigit() for row in ranking[1:])
    invalid = table("&part=invalid")
    assert invalid[0] == ["game", "first_illegal", "code", "message", "citations"]
    assert [row[:2] for row in invalid[1:]] == [[gid, "31"]] and invalid[1][4]
    answer = client.get(f"/v1/tournaments/{tid}/standings?format=csv&part=everything")
    assert answer.status_code == 400 and answer.get_json()["pointer"] == "?part"


def test_a_24_player_swiss_tournament_through_the_api(client, owner):
    """Four rounds of six 4-player tables, each game uploaded to its table (a short log named by
    its table's players, ended by the time limit in seeded random places), standings by WBC
    heats: the tables are valid, nobody meets a table-mate twice, per-round standings add up."""
    tid = tournament(client, owner, {"scheme": "wbc-heats"})
    names = [f"Player {i:02d}" for i in range(24)]
    register(client, owner, tid, *names)
    rng, seen = Random(11), Counter()
    for number in range(1, 5):
        answer = client.post(f"/v1/tournaments/{tid}/rounds", headers=auth(owner))
        assert answer.status_code == 201
        tables = answer.get_json()["tables"]
        assert [len(t["players"]) for t in tables] == [4] * 6
        assert sorted(p for t in tables for p in t["players"]) == sorted(names)
        for t in tables:
            seen.update(tuple(sorted(pair)) for pair in combinations(t["players"], 2))
            log = copy.deepcopy(FOUR)
            log["actions"] = log["actions"][:20]
            seats = ["red", "blue", "green", "yellow"]
            for p, name in zip(log["game"]["players"], t["players"], strict=True):
                p["name"] = name
            game = client.post(f"/v1/games?tournament={tid}&round={number}&table={t['table']}", json=log,
                               headers=auth(owner))
            assert game.status_code == 201, game.get_json()
            for i in range(3, 0, -1):
                j = rng.below(i + 1)
                seats[i], seats[j] = seats[j], seats[i]
            ending = {"how": "time", "reason": "round time", "ranking": [
                {"player": seat, "place": k + 1} for k, seat in enumerate(seats)]}
            assert client.post(f"/v1/games/{game.get_json()['id']}/ending", json=ending,
                               headers=auth(owner)).status_code == 201
        after = client.get(f"/v1/tournaments/{tid}/standings?round={number}").get_json()
        schemas.validate("standings", after)
        assert sum(e["wins"] for e in after["standings"]) == 6 * number
        assert all(e["games"] == number for e in after["standings"]) and not after["invalid"]
        check_order({"scheme": "wbc-heats"}, after["standings"])
    assert max(seen.values()) == 1
    final = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    assert [c["criterion"] for c in final["order"]] == ["wins", "places", "tied"]
    assert final["standings"][0]["tiebreak"] in ("wins", "places")


# --- hostile input ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("method", "route"), [("post", "players"), ("post", "rounds"), ("post", "judges"),
                                               ("put", "rounds/1"), ("patch", "players/Ann")])
def test_huge_and_deep_bodies_store_nothing(client, owner, db_path, method, route):
    tid = tournament(client, owner)
    url = f"/v1/tournaments/{tid}/{route}"
    send = getattr(client, method)
    huge = b'{"name": "' + b"x" * (3 * 2**20) + b'"}'
    problem(send(url, data=huge, content_type="application/json", headers=auth(owner)), 413)
    deep = b"[" * 100_000 + b"]" * 100_000
    assert send(url, data=deep, content_type="application/json", headers=auth(owner)).status_code in (400, 413)
    nested = json.loads("[" * 40 + "]" * 40)
    problem(send(url, json={"name": "A", "tables": nested}, headers=auth(owner)), 413, "limit-nesting")
    problem(send(url, json={"name": "A", "aliases": ["b"] * 5000, "tables": [{"table": 1, "players": ["x"] * 5000}]},
                 headers=auth(owner)), 400)
    problem(send(url, json={"name": "A", "evil": {"$ref": "x"}, "table_size": 99}, headers=auth(owner)), 400)
    for table in ("tournament_players", "rounds", "tournament_judges"):
        assert count(db_path, table) == 0


def test_hostile_rulings_endings_and_seats_store_nothing(client, owner, db_path):
    tid = tournament(client, owner)
    register(client, owner, tid, "Red", "Blue", "Green", "Yellow")
    gid = client.post(f"/v1/games?tournament={tid}", json=FOUR, headers=auth(owner)).get_json()["id"]
    deep = {"step": 1, "question": "q", "verdict": "v", "ruling": "engine.offered-actions", "decision": "d",
            "effect": {"points": {"Red": 1}, "nested": json.loads("[" * 500 + "]" * 500)}}
    problem(client.post(f"/v1/games/{gid}/rulings", json=deep, headers=auth(owner)), 413, "limit-nesting")
    long = {"step": 1, "question": "q" * 5000, "verdict": "v", "ruling": "engine.offered-actions", "decision": "d"}
    problem(client.post(f"/v1/games/{gid}/rulings", json=long, headers=auth(owner)), 400)
    problem(client.post("/v1/games/nope/rulings", json={**long, "question": "q"}, headers=auth(owner)), 404)
    problem(client.post(f"/v1/games/{gid}/ending", json={"how": "ruling", "reason": "r", "ranking": [
        {"player": "mauve", "place": 1}]}, headers=auth(owner)), 422, "unknown-seat", "/ranking/0/player")
    problem(client.post(f"/v1/games?tournament={tid}", json={**FOUR, "seats": ["red"]}, headers=auth(owner)),
            400, pointer="/seats")
    problem(client.post(f"/v1/games?tournament={tid}", json={**FOUR, "seats": {"red": "x" * 500}},
                        headers=auth(owner)), 400, pointer="/seats")
    problem(client.post("/v1/games", json={**FOUR, "seats": {"red": "Red"}}, headers=auth(owner)), 400)
    problem(client.post(f"/v1/games?tournament={tid}&round=1&table=1", json=FOUR, headers=auth(owner)), 404)
    problem(client.get(f"/v1/tournaments/{tid}/standings?round=-1"), 400)
    problem(client.get(f"/v1/tournaments/{tid}/standings?format=pdf"), 400)
    assert count(db_path, "game_rulings") == 0 and count(db_path, "games") == 1
    row = list(open_db(db_path).query("select ending from games"))[0]
    assert row["ending"] is None


def test_exports_do_not_run_or_render_what_clients_sent(client, owner):
    tid = tournament(client, owner)
    register(client, owner, tid, "=HYPERLINK(\"x\")", "<script>alert(1)</script>", "Green", "Yellow")
    seats = {"red": "=HYPERLINK(\"x\")", "blue": "<script>alert(1)</script>"}
    assert client.post(f"/v1/games?tournament={tid}", json={**FOUR, "seats": seats},
                       headers=auth(owner)).status_code == 201
    text = client.get(f"/v1/tournaments/{tid}/standings?format=csv").get_data(as_text=True)
    assert "'=HYPERLINK" in text
    page = client.get(f"/v1/tournaments/{tid}/standings?format=html").get_data(as_text=True)
    assert "<script>" not in page and "&lt;script&gt;" in page


def test_new_routes_are_in_the_openapi_document(client):
    doc = client.get("/openapi.json").get_json()
    for path, method in (("/v1/tournaments/{id}/players", "post"), ("/v1/tournaments/{id}/rounds", "post"),
                         ("/v1/tournaments/{id}/rounds/{round}", "put"), ("/v1/games/{id}/rulings", "post"),
                         ("/v1/tournaments/{id}/judges", "post"), ("/v1/tournaments/{id}/players/{name}", "patch"),
                         ("/v1/games/{id}/ending", "post")):
        op = doc["paths"][path][method]
        assert op["operationId"] and op["tags"] and "application/problem+json" in op["responses"]["400"]["content"]
    for name in ("tournament-player", "tournament-judge", "player-change", "round", "round-request", "round-tables",
                 "game-ruling", "game-ending"):
        assert name in doc["components"]["schemas"]


def test_an_older_database_gains_the_tournament_tables_and_keeps_its_games(tmp_path):
    """Migration _v8 on a file at the version before it: a stored tournament game still counts,
    named as in its log (no registered players), and the new tables and columns are there."""
    from adjudicator import store
    from adjudicator.service import games, tokens, tournaments

    db = open_db(tmp_path / "old.db")
    for version, step in enumerate(store.MIGRATIONS[:store.MIGRATIONS.index(store._v8)], 1):  # later ones too
        step(db)
        db.execute("insert or replace into meta (key, value) values ('schema_version', ?)", [version])
    owner_id = tokens.create(db, "old")[0]
    tid = tournaments.create(db, "Old Cup", {"scheme": "wins"}, owner_id)["id"]
    db.execute("insert into games (id, created, owner, tournament, system, edition, players, leaders, valid, "
               "first_illegal, winner, engine, actions, final_checksum, log, report, log_checksum, finished) "
               "select 'g1', '2026', ?, ?, 'imperium', 'uprising', '', '', 1, null, null, 'x', 0, '', ?, ?, 'c', 1",
               [owner_id, tid, json.dumps(FOUR), json.dumps(_report_of(FOUR))])
    assert "seats" not in db["games"].columns_dict
    store.prepare(db)
    assert {"round_no", "table_no", "seats", "ending"} <= set(db["games"].columns_dict)
    for table in ("tournament_players", "rounds", "game_rulings", "tournament_judges"):
        assert db[table].exists()
    data = tournaments.standings(db, tid)
    assert [e["player"] for e in data["standings"] if e["wins"]] == ["Yellow"]
    assert games.get(db, "g1")["rulings"] == []


def _report_of(log: dict) -> dict:
    from adjudicator.core.logs import parse_log
    from adjudicator.core.replay import Replay

    return Replay(parse_log(copy.deepcopy(log)), "strict", "none").run()


def test_the_cli_prints_standings_and_tables(client, owner, db_path):
    from click.testing import CliRunner

    from adjudicator.cli import main

    tid = tournament(client, owner)
    register(client, owner, tid, "Red", "Blue", "Green", "Yellow")
    client.post(f"/v1/tournaments/{tid}/rounds", headers=auth(owner))
    client.post(f"/v1/games?tournament={tid}", json=FOUR, headers=auth(owner))
    runner = CliRunner()
    shown = runner.invoke(main, ["tournament", "standings", tid, "--db", str(db_path)])
    assert shown.exit_code == 0 and "Yellow" in shown.output and "tournament.points-per-place" in shown.output
    as_csv = runner.invoke(main, ["tournament", "standings", tid, "--format", "csv", "--db", str(db_path)])
    assert as_csv.output.splitlines()[1].startswith("1,Yellow,5,1,")
    as_json = json.loads(runner.invoke(main, ["tournament", "standings", tid, "--format", "json", "--db",
                                              str(db_path)]).output)
    schemas.validate("standings", as_json)
    table = runner.invoke(main, ["tournament", "round", tid, "1", "--format", "csv", "--db", str(db_path)])
    assert table.exit_code == 0 and len(table.output.splitlines()) == 5
    assert "<table>" in runner.invoke(main, ["tournament", "round", tid, "1", "--format", "html", "--db",
                                             str(db_path)]).output
    missing = runner.invoke(main, ["tournament", "round", tid, "9", "--db", str(db_path)])
    assert missing.exit_code == 2 and "no round 9" in missing.output
    typo = runner.invoke(main, ["tournament", "standings", tid, "--db", str(db_path) + ".typo"])
    assert typo.exit_code == 2 and not Path(str(db_path) + ".typo").exists()
