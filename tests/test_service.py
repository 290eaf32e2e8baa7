"""The service for real users: stored games, tournaments, tokens, limits (issue: the service)."""

import copy
import json

import pytest
from hostile import MID_WINDOW

from adjudicator.service import tokens
from adjudicator.store import open_db

PROBLEM = "application/problem+json"


@pytest.fixture()
def app(db_path):
    from api import create_app

    return create_app({"DATABASE": str(db_path), "TESTING": True})


@pytest.fixture()
def token(db_path):
    return tokens.create(open_db(db_path), "alice")[1]


@pytest.fixture()
def other_token(db_path):
    return tokens.create(open_db(db_path), "bob")[1]


def auth(secret):
    return {"Authorization": f"Bearer {secret}"}


@pytest.fixture(scope="module")
def small_log():
    return json.loads((__import__("pathlib").Path(__file__).parent.parent / "adjudicator" / "samples"
                       / "uprising-3p-seed11.json").read_text())


def named(log, *names):
    log = copy.deepcopy(log)
    for player, name in zip(log["game"]["players"], names, strict=True):
        player["name"] = name
    return log


def illegal(log):
    log = copy.deepcopy(log)
    i = next(i for i, a in enumerate(log["actions"]) if a["do"] == "send-agent")
    log["actions"][i]["by"] = "chance"
    return log, i


def count_games(db_path):
    return open_db(db_path)["games"].count


def test_store_read_and_delete_a_game(client, token, other_token, small_log, db_path):
    r = client.post("/v1/games", json=small_log, headers=auth(token))
    assert r.status_code == 201
    game = r.get_json()
    assert game["valid"] and game["engine"].startswith("dune-adjudicator/")
    assert client.get(f"/v1/games/{game['id']}").get_json()["log"] == small_log
    report = client.get(f"/v1/games/{game['id']}/report").get_json()
    assert report["final_checksum"] == game["final_checksum"] and all("checksum" in v for v in report["verdicts"])
    state = client.get(f"/v1/games/{game['id']}/states/40").get_json()
    assert state["checksum"] == report["verdicts"][40]["checksum"]
    hidden = client.get(f"/v1/games/{game['id']}/states/40?as=red").get_json()["state"]
    assert isinstance(hidden["players"]["blue"]["hand"], int) and isinstance(hidden["players"]["red"]["hand"], list)
    assert client.get(f"/v1/games/{game['id']}/states/999999").status_code == 404
    forbidden = client.delete(f"/v1/games/{game['id']}", headers=auth(other_token))
    assert forbidden.status_code == 403 and forbidden.content_type == PROBLEM
    assert count_games(db_path) == 1
    assert client.delete(f"/v1/games/{game['id']}", headers=auth(token)).status_code == 204
    assert client.get(f"/v1/games/{game['id']}").status_code == 404


@pytest.mark.parametrize("header", [None, "Bearer nope", "Basic abc", "Bearer "])
def test_writes_need_a_valid_token_and_change_nothing(client, small_log, db_path, header):
    headers = {"Authorization": header} if header else {}
    r = client.post("/v1/games", json=small_log, headers=headers)
    assert r.status_code == 401 and r.content_type == PROBLEM and "Bearer" in r.headers["WWW-Authenticate"]
    assert client.post("/v1/tournaments", json={"name": "x"}, headers=headers).status_code == 401
    assert count_games(db_path) == 0


def test_a_revoked_token_is_refused(client, token, small_log, db_path):
    tokens.revoke(open_db(db_path), "alice")
    assert client.post("/v1/games", json=small_log, headers=auth(token)).status_code == 401
    assert count_games(db_path) == 0


def test_tokens_are_stored_only_hashed(token, db_path):
    rows = list(open_db(db_path).query("select * from tokens"))
    assert rows and all(token not in json.dumps(row) for row in rows)


def test_listing_filters_and_cursor_pagination(client, token, small_log):
    ids = []
    for i in range(5):
        log = named(small_log, f"ann{i}", "bo", "cy")
        ids.append(client.post("/v1/games", json=log, headers=auth(token)).get_json()["id"])
    bad, _ = illegal(named(small_log, "dee", "bo", "cy"))
    bad_id = client.post("/v1/games", json=bad, headers=auth(token)).get_json()["id"]
    seen, cursor = [], None
    while True:
        page = client.get("/v1/games?limit=2" + (f"&cursor={cursor}" if cursor else "")).get_json()
        seen += [g["id"] for g in page["games"]]
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert seen == ids + [bad_id]
    assert [g["id"] for g in client.get("/v1/games?valid=false").get_json()["games"]] == [bad_id]
    assert [g["id"] for g in client.get("/v1/games?player=ann3").get_json()["games"]] == [ids[3]]
    leader = small_log["game"]["players"][0]["leader"]
    assert len(client.get(f"/v1/games?leader={leader}").get_json()["games"]) == 6
    assert client.get("/v1/games?cursor=not-ours").status_code == 400
    assert client.get("/v1/games?valid=maybe").status_code == 400


def test_tournament_standings_with_points_and_invalid_games(client, token, other_token, small_log):
    t = client.post("/v1/tournaments", json={"name": "Spring Cup", "scoring": {
        "scheme": "points-per-place", "points": [5, 3, 1]}}, headers=auth(token))
    assert t.status_code == 201
    tid = t.get_json()["id"]
    g1 = client.post(f"/v1/games?tournament={tid}", json=named(small_log, "ann", "bo", "cy"), headers=auth(token))
    g2 = client.post("/v1/games", json=named(small_log, "bo", "cy", "ann"), headers=auth(token)).get_json()["id"]
    assert client.post(f"/v1/tournaments/{tid}/games", json={"game": g2}, headers=auth(other_token)).status_code == 403
    assert client.post(f"/v1/tournaments/{tid}/games", json={"game": g2}, headers=auth(token)).status_code == 204
    bad, index = illegal(named(small_log, "ann", "bo", "cy"))
    client.post(f"/v1/games?tournament={tid}", json=bad, headers=auth(token))
    data = client.get(f"/v1/tournaments/{tid}/standings").get_json()
    assert len(data["games"]) == 2 and len(data["invalid"]) == 1
    assert data["invalid"][0]["first_illegal"] == index and data["invalid"][0]["citations"]
    report = client.get(f"/v1/games/{g1.get_json()['id']}/report").get_json()
    winner_seat = report["result"]["ranking"][0]["player"]
    names = {"red": "ann", "blue": "bo", "green": "cy"}
    first = data["games"][0]["placings"][0]
    assert first == {"player": names[winner_seat], "place": 1, "vp": report["result"]["vp"][winner_seat]}
    total = {e["player"]: e["points"] for e in data["standings"]}
    assert sum(total.values()) == 2 * (5 + 3 + 1)
    assert [e["rank"] for e in data["standings"]] == [1, 2, 3]
    csv = client.get(f"/v1/tournaments/{tid}/standings?format=csv")
    assert csv.content_type.startswith("text/csv")
    lines = csv.get_data(as_text=True).splitlines()
    assert lines[0] == "rank,player,points,wins,vp,games,tiebreak,tiebreak:wins,tiebreak:opponents,tiebreak:places"
    assert len(lines) == 4, "the ranking table alone"
    invalid = client.get(f"/v1/tournaments/{tid}/standings?format=csv&part=invalid").get_data(as_text=True)
    assert invalid.splitlines()[1].startswith(f"{data['invalid'][0]['game']},{index},")


def test_wins_scheme(client, token, small_log):
    tid = client.post("/v1/tournaments", json={"name": "Wins", "scoring": {"scheme": "wins"}},
                      headers=auth(token)).get_json()["id"]
    client.post(f"/v1/games?tournament={tid}", json=small_log, headers=auth(token))
    standings = client.get(f"/v1/tournaments/{tid}/standings").get_json()["standings"]
    assert sorted(e["points"] for e in standings) == [0, 0, 1]
    assert client.post("/v1/tournaments", json={"name": "x", "scoring": {"scheme": "elo"}},
                       headers=auth(token)).status_code == 400


def test_reverify_reports_what_changed(client, token, small_log, db_path):
    gid = client.post("/v1/games", json=small_log, headers=auth(token)).get_json()["id"]
    same = client.post(f"/v1/games/{gid}/reverify", headers=auth(token)).get_json()
    assert same["changed"] is False and same["changes"] == []
    db = open_db(db_path)
    row = next(db.query("select seq, report from games where id = ?", [gid]))
    old = json.loads(row["report"])
    old["engine"] = "dune-adjudicator/0.0.1"
    old["final_checksum"] = "0" * 16
    old["verdicts"][5]["checksum"] = "f" * 16
    db["games"].update(row["seq"], {"report": json.dumps(old)})
    changed = client.post(f"/v1/games/{gid}/reverify", headers=auth(token)).get_json()
    assert changed["changed"] and changed["engine_before"] == "dune-adjudicator/0.0.1"
    assert {c["field"] for c in changed["changes"]} == {"final_checksum", "verdicts/5"}
    assert client.post(f"/v1/games/{gid}/reverify").status_code == 401


HOSTILE = ["' OR 1=1 --", "\"; DROP TABLE games; --", "../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "%00", "*",
           "%", "_", "<script>"]


@pytest.mark.parametrize("text", HOSTILE)
def test_sql_and_path_like_strings_are_harmless(client, token, small_log, db_path, text):
    gid = client.post("/v1/games", json=small_log, headers=auth(token)).get_json()["id"]
    for url in (f"/v1/games?player={text}", f"/v1/games?leader={text}", f"/v1/games?tournament={text}",
                f"/v1/games/{text}", f"/v1/games/{text}/report", f"/v1/tournaments/{text}/standings",
                f"/v1/rulings?q={text}", f"/v1/rulings?tag={text}&card={text}", f"/v1/rulings/{text}",
                f"/v1/samples/{text}", f"/v1/cards?game={text}", f"/v1/games/{gid}/states/1?as={text}"):
        r = client.get(url)
        assert r.status_code < 500, url
        if r.status_code == 200 and "games" in (r.get_json() or {}):
            assert all(g["id"] == gid for g in r.get_json()["games"]) or not r.get_json()["games"]
    assert client.delete(f"/v1/games/{text}", headers=auth(token)).status_code in (404, 405)
    assert count_games(db_path) == 1 and open_db(db_path)["tokens"].count >= 1


def test_rate_limits_answer_429_with_retry_after(db_path, token, small_log):
    from api import create_app

    app = create_app({"DATABASE": str(db_path), "TESTING": True, "RATELIMIT_WRITE": "2 per minute",
                      "RATELIMIT_READ": "3 per minute", "WALL_CLOCK": lambda: MID_WINDOW})
    client = app.test_client()
    codes = [client.post("/v1/tournaments", json={"name": "t"}, headers=auth(token)).status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    reads = [client.get("/v1/rulings").status_code for _ in range(4)]
    assert reads == [200, 200, 200, 429]
    r = client.get("/v1/rulings")
    assert r.content_type == PROBLEM and int(r.headers["Retry-After"]) > 0
    assert r.get_json()["code"] == "rate-limited" and "3 per 1 minute" in r.get_json()["detail"]
    assert client.get("/healthz").status_code == 200  # liveness is never limited


def test_replay_time_limit_is_a_4xx_and_stores_nothing(db_path, token, small_log):
    from api import create_app

    client = create_app({"DATABASE": str(db_path), "TESTING": True, "REPLAY_SECONDS": 0}).test_client()
    r = client.post("/v1/games", json=small_log, headers=auth(token))
    assert r.status_code == 413 and r.get_json()["code"] == "limit-replay-time"
    assert count_games(db_path) == 0


def test_bad_bodies_store_nothing(client, token, small_log, db_path):
    for body in (b"{", b"[]", json.dumps({**small_log, "version": 7}).encode(), b"x" * (3 * 1024 * 1024)):
        r = client.post("/v1/games", data=body, content_type="application/json", headers=auth(token))
        assert 400 <= r.status_code < 500 and r.content_type == PROBLEM
    assert count_games(db_path) == 0


def test_like_wildcards_in_filters_match_only_themselves(client, token, small_log):
    client.post("/v1/games", json=named(small_log, "ann", "bo", "cy"), headers=auth(token))
    assert client.get("/v1/games?player=a_n").get_json()["games"] == []
    assert client.get("/v1/games?player=%25").get_json()["games"] == []
    assert len(client.get("/v1/games?player=ann").get_json()["games"]) == 1
    assert client.get("/v1/rulings?tag=_").get_json()["rulings"] == []


def test_a_stored_games_states_continue_when_posted_back(client, token, small_log):
    """The state after a stored game's action k is that state (no chance outcome dealt past it),
    its checksum is that of the state, and posted back with action k + 1 it goes on as the game."""
    from adjudicator.core.canonical import checksum

    game = client.post("/v1/games", json=small_log, headers=auth(token)).get_json()
    report = client.get(f"/v1/games/{game['id']}/report").get_json()
    actions = small_log["actions"]
    k = next(k for k in range(30, len(actions) - 1) if actions[k + 1]["by"] == "chance")
    for index in (k, k + 1, 40):
        body = client.get(f"/v1/games/{game['id']}/states/{index}").get_json()
        assert body["checksum"] == checksum(body["state"]) == report["verdicts"][index]["checksum"]
        after = client.post("/v1/positions/check", json={"state": body["state"], "action": actions[index + 1]})
        assert after.status_code == 200 and after.get_json()["legal"], after.get_json()["verdict"]
        j = index + 1
        while j + 1 < len(actions) and actions[j + 1]["by"] == "chance":
            j += 1  # the seed in the state deals the outcomes that follow
        assert after.get_json()["checksum"] == report["verdicts"][j]["checksum"]
