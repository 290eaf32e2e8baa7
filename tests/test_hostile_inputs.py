"""Issue 9, findings 1, 2, 3, 7 and 8: the requests of the attack review, scaled to seconds, each
answered with a bounded 4xx problem naming the place (or a correct answer), never a 5xx."""

import copy
import json

import pytest
from hostile import agent_turn_state, app_on, bounded, problem, sample, snapshots, with_log

from adjudicator.service.reading import read_json


@pytest.fixture()
def client(tmp_path):
    return app_on(tmp_path / "hostile.db").test_client()


def post(client, url, body, **kw):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return client.post(url, data=data, content_type="application/json", **kw)


# --- finding 1: a count choice whose `most` is 10^7 (or 10^12) built a 449 MB answer --------------

@pytest.mark.parametrize("most", [10**7, 10**12])
def test_a_count_choice_beyond_any_player_is_refused_at_once(client, most):
    state = agent_turn_state()
    player = state["stack"][-1]["player"]
    state["stack"].append({"t": "choice", "player": player, "kind": "count", "src": "x", "most": most,
                           "move": "deploy"})
    with bounded(seconds=5, megabytes=100):
        body = problem(post(client, "/v1/positions/legal-actions", {"state": state}), 400, "schema")
    assert body["pointer"] == f"/state/stack/{len(state['stack']) - 1}/most"


def test_a_count_choice_within_the_rules_is_answered_in_full(client):
    state = agent_turn_state()
    player = state["stack"][-1]["player"]
    state["stack"].append({"t": "choice", "player": player, "kind": "count", "src": "x", "most": 99,
                           "move": "deploy"})
    with bounded(seconds=5, megabytes=100):
        r = post(client, "/v1/positions/legal-actions", {"state": state})
    assert r.status_code < 500
    if r.status_code == 200:
        assert len(r.get_json()["actions"]) <= 100


# --- finding 2: many pending effect nodes and edges cost minutes of CPU ---------------------------

def _crowded(nodes: int, edges: int) -> dict:
    state = agent_turn_state()
    turn = state["turn"]
    fake = [f"space:fake{k}" for k in range(nodes)]
    turn["nodes"] = turn["nodes"][:-1] + fake + turn["nodes"][-1:]
    turn["edges"] += [[fake[k % nodes], fake[(k + 1) % nodes], "timing.effects-before-end"] for k in range(edges)]
    return state


def test_a_turn_with_thousands_of_pending_effects_is_refused_at_once(client):
    state = _crowded(5_000, 20_000)  # about 1 MB: 50 minutes of one core before
    with bounded(seconds=5):
        body = problem(post(client, "/v1/positions/legal-actions", {"state": state}), 400, "schema")
    assert body["pointer"] in ("/state/turn/nodes", "/state/turn/edges")


def test_a_turn_at_the_schema_limit_is_answered_quickly(client):
    state = _crowded(64 - len(agent_turn_state()["turn"]["nodes"]), 200)
    with bounded(seconds=5):
        r = post(client, "/v1/positions/legal-actions", {"state": state})
    assert r.status_code < 500


# --- finding 3: schema errors enumerated in full (58 s, 6.1 GB, a 3.1 MB answer) -------------------

def test_a_million_invalid_items_cost_one_error(client):
    log = with_log(sample(), actions=sample()["actions"][:5])
    log["actions"][2] = {"by": "red", "do": "reveal", "cards": [1] * 1_000_000}  # 2 MB of bad items
    raw = json.dumps(log, separators=(",", ":")).encode()
    assert len(raw) <= 2 * 1024 * 1024
    with bounded(seconds=10, megabytes=300):
        r = post(client, "/v1/replays", raw)
    found = problem(r, 400, "schema")
    assert found["pointer"] == "/actions/2/cards" and len(r.data) < 2000 and len(found["detail"]) <= 700


def test_the_time_budget_covers_reading_and_validating(tmp_path):
    """With no time left after the body is read, the request stops before any replay starts."""
    client = app_on(tmp_path / "slow.db", REPLAY_SECONDS=0).test_client()
    log = sample()
    for url in ("/v1/replays", "/v1/positions/legal-actions"):
        body = log if url == "/v1/replays" else {"log": log}
        found = problem(post(client, url, body), 413, "limit-replay-time")
        prefix = "" if url == "/v1/replays" else "/log"  # a position's log sits under /log
        assert found["pointer"] in (prefix + "/", prefix + "/actions/0")  # parse_log's, not the replay loop's


# --- finding 7: unbounded work on public endpoints ------------------------------------------------

def test_snapshots_all_is_refused_for_a_huge_log(client):
    log = sample()
    log = with_log(log, actions=log["actions"] * 3)  # 2,055 actions: 79 MB for 10,000 before
    with bounded(seconds=10, megabytes=150):
        problem(post(client, "/v1/replays?snapshots=all&mode=continue", log), 413, "limit-snapshots")


def test_snapshots_all_of_a_whole_game_is_still_answered(client):
    r = post(client, "/v1/replays?snapshots=all", sample())
    assert r.status_code == 200 and len(r.get_json()["snapshots"]) == len(sample()["actions"])


def test_a_search_of_130000_words_is_refused(client):
    with bounded(seconds=2):
        problem(client.get("/v1/rulings?q=" + "spy+" * 130_000), 400, "bad-parameter")
        problem(client.get("/v1/rulings?q=" + "+".join(["spy"] * 17)), 400, "bad-parameter")
    assert client.get("/v1/rulings?q=" + "+".join(["spy"] * 16)).status_code == 200


def test_every_engine_endpoint_stops_at_the_deadline(tmp_path, monkeypatch):
    """Replays, positions, a stored game's states and step views, and reverify all hand the request's deadline to
    the replay loop: with the clock of the replay past it, each is a 413 naming the actions."""
    from types import SimpleNamespace

    from hostile import auth, token

    app = app_on(tmp_path / "t.db")
    client, secret = app.test_client(), token(tmp_path / "t.db", "alice")
    log = sample()
    gid = post(client, "/v1/games", log, headers=auth(secret)).get_json()["id"]
    monkeypatch.setattr("adjudicator.core.replay.time", SimpleNamespace(monotonic=lambda: float("inf")))
    for response in (post(client, "/v1/replays", log), post(client, "/v1/positions/legal-actions", {"log": log}),
                     post(client, "/v1/positions/check", {"log": log, "action": log["actions"][0]}),
                     post(client, "/v1/games", log, headers=auth(secret)),
                     client.get(f"/v1/games/{gid}/states/5", headers=auth(secret)),
                     post(client, "/v1/views?step=5", log), client.get(f"/v1/games/{gid}/views/5"),
                     client.get(f"/v1/games/{gid}/reverify"),
                     client.post(f"/v1/games/{gid}/reverify", headers=auth(secret))):
        assert problem(response, 413, "limit-replay-time")["pointer"].startswith("/actions")


# --- finding 8: inputs that answered 500 ----------------------------------------------------------

@pytest.mark.parametrize("where", ["name", "note", "meta", "card"])
def test_a_lone_surrogate_is_refused_with_its_place(client, where):
    log = sample()
    i = next(i for i, a in enumerate(log["actions"]) if "card" in a and a["by"] != "chance")
    place = {"name": ("/game/players/0/name", lambda: log["game"]["players"][0].update(name="\ud800")),
             "note": (f"/actions/{i}/note", lambda: log["actions"][i].update(note="a\ud800b")),
             "meta": ("/meta/who", lambda: log.update(meta={"who": "\udfff"})),
             "card": (f"/actions/{i}/card", lambda: log["actions"][i].update(card="x\ud834"))}
    pointer, spoil = place[where]
    spoil()
    raw = json.dumps(log).encode()  # ensure_ascii: the surrogate travels as the escape \ud800
    for url, body in (("/v1/replays", raw), ("/v1/positions/legal-actions", b'{"log": ' + raw + b"}")):
        found = problem(post(client, url, body), 400, "bad-text")
        assert found["pointer"].endswith(pointer)


def test_raw_surrogate_bytes_and_keys_are_refused(client):
    problem(post(client, "/v1/replays", b'{"format": "\xed\xa0\x80"}'), 400, "bad-text")
    assert problem(post(client, "/v1/replays", b'{"\\ud800": 1}'), 400, "bad-text")["pointer"] == "/\\ud800"


def test_integral_numbers_are_integers_and_others_are_refused(client):
    log = sample()
    expected = post(client, "/v1/replays?snapshots=none", log).get_json()["final_checksum"]
    raw = json.dumps(log).replace('"seed": 11', '"seed": 11.0').encode()
    assert post(client, "/v1/replays?snapshots=none", raw).get_json()["final_checksum"] == expected
    raw = json.dumps(log).replace('"seed": 11', '"seed": 1e18').encode()
    assert post(client, "/v1/replays?snapshots=none", raw).status_code == 200
    for seed, code in (("5.5", "schema"), ("1e30", "schema"), ("1e400", "not-json"), ("NaN", "not-json"),
                       ("Infinity", "not-json"), ("-Infinity", "not-json"), ("1" * 5000, "not-json"),
                       ("5.0000000000000000001", "not-json")):
        raw = json.dumps(log).replace('"seed": 11', f'"seed": {seed}').encode()
        found = problem(post(client, "/v1/replays", raw), 400, code)
        if code == "schema":
            assert found["pointer"] == "/setup/seed"


def test_an_option_written_as_1_0_is_option_1():
    assert read_json(b'{"option": 1.0, "count": 2e0, "x": 0.5}') == {"option": 1, "count": 2, "x": 0.5}
    assert type(read_json(b"1.0")) is int


def test_integers_beyond_64_bits_are_refused_by_the_schemas(client):
    log = sample()
    problem(post(client, "/v1/replays", with_log(log, meta={"n": 2**70})), 400, "schema")
    state = snapshots()[100]
    for place, spoil in (("/state/round", lambda s: s.update(round=2**70)),
                         ("/state/rng", lambda s: s.update(rng=2**64)),
                         ("/state/players/red/spice", lambda s: s["players"]["red"].update(spice=-(2**63) - 1)),
                         ("/state/board/x", lambda s: s["board"].update(x=10**6))):
        bad = copy.deepcopy(state)
        spoil(bad)
        found = problem(post(client, "/v1/positions/legal-actions", {"state": bad}), 400, "schema")
        assert found["pointer"] == place
    fraction = copy.deepcopy(state)
    fraction["players"]["red"]["water"] = 1.5
    problem(post(client, "/v1/positions/legal-actions", {"state": fraction}), 400, "schema")


def test_cursor_and_filters_that_crashed(client):
    problem(client.get("/v1/games?cursor=%C2%B9"), 400, "bad-parameter")  # '¹'.isdigit() is True
    problem(client.get("/v1/games?cursor=%D9%A3"), 400, "bad-parameter")  # Arabic-Indic three
    problem(client.get("/v1/games?cursor=" + "9" * 30), 400, "bad-parameter")
    for name in ("player", "leader", "tournament"):
        problem(client.get(f"/v1/games?{name}=" + "%25_" * 20_000), 400, "bad-parameter")  # 60 KB LIKE
    problem(client.get("/v1/rulings?tag=" + "x" * 60_000), 400, "bad-parameter")


def test_continue_mode_after_illegal_actions_never_answers_500(client):
    """A rollback restores the state from canonical (sorted-key) JSON; a pending effect step with
    several keys ({influence, faction}) was then read by its first key: KeyError, 500. Fixed here
    by a one-line guard in imperium/effects.py, and on branch `driver` by 32d4659 (step_op)."""
    log = sample()
    log["actions"] = log["actions"][:300]
    log["actions"][13] = copy.deepcopy(log["actions"][127])  # a Conflict card revealed out of turn
    r = post(client, "/v1/replays?mode=continue&snapshots=none", log)
    assert r.status_code == 200 and r.get_json()["valid"] is False
