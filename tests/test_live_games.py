"""Live games (issue 36): a stored game that grows action by action, seat tokens, followers."""

import json
import threading
import time

import pytest
from conftest import SAMPLES
from matrix import by_id, log_of
from test_live_ranges import expanded

from adjudicator.core.canonical import dumps
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.core.schemas import errors
from adjudicator.service import live, tokens
from api import create_app

UPRISING, DUNE = "uprising-3p-seed11", "dune-4p-advanced-seed1"


def sample(name: str) -> dict:
    return json.loads((SAMPLES / f"{name}.json").read_text())


@pytest.fixture()
def app():
    return create_app({"DATABASE": ":memory:", "TESTING": True, "RATELIMIT_ENABLED": False})


def opened(client, alice, doc: dict, upto: int) -> str:
    r = client.post("/v1/games", json={**doc, "actions": doc["actions"][:upto]}, headers=alice)
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["live"] is True
    return r.get_json()["id"]


def append(client, game: str, index: int, actions: list, headers: dict, **query):
    return client.post(f"/v1/games/{game}/actions", json={"index": index, "actions": actions}, headers=headers,
                       query_string=query)


def events(client, game: str, headers=None, last: int | None = None) -> list[tuple[str, str, dict]]:
    """The stream of a follower that leaves once it has read what is there: (event, id, data)."""
    more = {"Last-Event-ID": str(last)} if last is not None else {}
    r = client.get(f"/v1/games/{game}/events", query_string={"timeout": 0}, headers={**(headers or {}), **more})
    assert r.status_code == 200 and r.mimetype == "text/event-stream"
    text = r.get_data(as_text=True)
    r.close()  # as a WSGI server does: the follower's slot is free again
    out = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if not line.startswith(":"))
        if fields:
            out.append((fields["event"], fields.get("id"), json.loads(fields["data"])))
    return out


@pytest.mark.parametrize("name", [UPRISING, DUNE])
def test_a_whole_game_appended_action_by_action_is_its_stored_whole_replay(client, alice, name):
    played_by_appends(client, alice, sample(name))


# every rule system the samples leave out: the original game, Bloodlines with its Tech Module,
# Immortality, the House Hagal Rivals (solo and two players), the six-player game, classic Dune
# with Ixians & Tleilaxu (tests/matrix.py playouts)
# one row per rule system and a module or mode in the default run (the whole samples above add
# Uprising with CHOAM and classic Dune advanced); the rest under -m exhaustive
APPENDED = ("imperium-3p-immortality", "imperium-2p-rivals", "dune-4p-advanced-ixtl-tech")
APPENDED_EXHAUSTIVE = ("imperium-4p", "uprising-3p-bloodlines-tech", "imperium-4p-bloodlines-tech",
                       "uprising-4p-immortality", "uprising-1p-rivals", "uprising-6p-choam")


@pytest.mark.parametrize("config", [pytest.param(by_id(c), id=c) for c in APPENDED] + [
    pytest.param(by_id(c), id=c, marks=pytest.mark.exhaustive) for c in APPENDED_EXHAUSTIVE])
def test_every_rule_system_appended_action_by_action_is_its_stored_whole_replay(client, alice, config):
    played_by_appends(client, alice, log_of(config))


def played_by_appends(client, alice, doc: dict) -> None:
    """Open `doc` live at action 10 and append the rest one action at a time (the kept replays
    evicted now and then): the verdicts, checksums, result and report are the stored-whole replay's."""
    whole = Replay(parse_log(doc), "strict", "none", consequences=True).run()  # as a stored upload's
    assert whole["valid"] and whole["result"]["finished"]
    game = opened(client, alice, doc, 10)
    verdicts, index, twins = [], 10, 0
    for i, action in enumerate(doc["actions"][10:], start=10):
        if i % 97 == 0:
            live.TABLE.clear()  # evicted: the next append resumes from the latest checkpoint
        r = append(client, game, index, [action], alice)
        assert r.status_code == 200, r.get_json()
        answer = r.get_json()
        assert not errors("live-answer", answer)
        verdicts += answer["verdicts"]
        index = answer["index"]
        assert answer["live"] is (i < len(doc["actions"]) - 1)
        if answer["live"]:
            assert answer["next"]["pending"] is not None
        # a forced step next (the one legal action): the report stands past it, as a replay's ends
        forced = answer["live"] and len(answer["next"]["actions"] or ()) == 1 and twins < 3
        if answer["live"] and (i % 97 in (1, 50) or forced):  # after a resume, between, before a forced step
            prefix = {**doc, "actions": doc["actions"][:i + 1]}
            offered = client.post("/v1/positions/legal-actions", json={"log": prefix}).get_json()
            assert answer["next"]["pending"] == offered["pending"], i
            # classic Dune's shipments and moves with ranges of counts: read back, the same actions
            assert expanded(answer["next"]["actions"]) == expanded(offered["actions"]), i
            listed = [dumps(a) for a in offered["actions"]]
            assert all(dumps(a) in listed for a in answer["next"]["actions"] if type(a.get("count")) is not dict), i
        if answer["live"] and (i % 97 == 50 or forced):  # the entity tag (public checksum), report: an upload's
            twins += 1
            twin = client.post("/v1/games", json=prefix, headers=alice).get_json()["id"]
            assert answer["etag"] == client.get(f"/v1/games/{twin}").headers["ETag"], i
            mine, theirs = (client.get(f"/v1/games/{g}/report", headers=alice).get_json() for g in (game, twin))
            for key in ("pending", "final_checksum", "dealt", "result", "verdicts"):
                assert mine[key] == theirs[key], (i, key)
    assert verdicts == whole["verdicts"][10:]
    stored = client.get(f"/v1/games/{game}", headers=alice).get_json()
    assert stored["live"] is False and stored["actions"] == whole["actions"]
    assert stored["final_checksum"] == whole["final_checksum"] and stored["log"]["actions"] == doc["actions"]
    report = client.get(f"/v1/games/{game}/report", headers=alice).get_json()
    for key in ("verdicts", "final_checksum", "result", "pending", "valid", "dealt", "actions"):
        assert report[key] == whole[key], key
    # an ordinary stored game now: its reads come from its checkpoints and agree with the replay
    state = client.get(f"/v1/games/{game}/states/{index - 1}", headers=alice)
    assert state.get_json()["checksum"] == whole["verdicts"][index - 1]["checksum"]
    assert int(state.headers["X-Actions-Applied"]) <= 32
    assert append(client, game, index, [doc["actions"][-1]], alice).get_json()["code"] == "not-live"


def test_a_chain_of_forced_steps_logged_one_by_one_is_settled_once(client, alice, monkeypatch):
    """An append's report stands past the forced steps that follow (a settle on a copy); when the
    next appends log exactly those steps, the end is the same and is not settled again."""
    from adjudicator.core.replay import Driver

    settled, real = [], Driver.settle

    def settle(self, offers=None):
        taken = real(self, offers)
        settled.append([step.data for step in taken if not step.is_chance])
        return taken

    monkeypatch.setattr(Driver, "settle", settle)
    doc = sample(UPRISING)
    game = opened(client, alice, doc, 10)
    ahead, kept = [], 0
    for i in range(10, 400):
        before = len(settled)
        assert append(client, game, i, [doc["actions"][i]], alice).status_code == 200
        ran = len(settled) > before
        if ahead and ahead[0] == parse_log({**doc, "actions": doc["actions"][:i + 1]}).actions[i].data:
            assert not ran, i  # the step the settle before took: its end is kept
            ahead, kept = ahead[1:], kept + 1
        elif ran:
            ahead = settled[-1]
    assert kept >= 10  # the sample's reveal turns and Combat windows


def test_a_settle_is_kept_only_for_the_forced_steps_it_took():
    from types import SimpleNamespace

    from adjudicator.core.actions import Action

    steps = [{"by": "red", "do": "resolve", "effect": "space:x"}, {"by": "red", "do": "end-turn"}]

    def run(*appended, verdict="legal", implied=None):
        return SimpleNamespace(log=SimpleNamespace(actions=[Action({"by": "blue", "do": "reveal"}),
                                                            *map(Action, appended)]),
                               verdicts=[SimpleNamespace(verdict=verdict, implied=implied)] * len(appended))

    assert live._forced_ahead(run(steps[0]), steps) == steps[1:]
    assert live._forced_ahead(run(*steps), steps) == []
    assert live._forced_ahead(run({**steps[0], "effect": "space:y"}), steps) is None  # another step
    assert live._forced_ahead(run(*steps, steps[1]), steps) is None  # beyond them
    assert live._forced_ahead(run(steps[0], verdict="illegal"), steps) is None  # stored flagged
    assert live._forced_ahead(run(steps[0], implied=[Action(steps[0])]), steps) is None
    assert live._forced_ahead(run({"by": "chance", "do": "draw", "player": "red", "cards": ["?"]}), steps) is None
    assert live._forced_ahead(run(steps[0]), None) is None and live._forced_ahead(run(steps[0]), []) is None


def test_an_append_answers_what_comes_next_as_legal_actions_gives_it(client, alice):
    doc = sample(UPRISING)
    game = opened(client, alice, doc, 9)
    answer = append(client, game, 9, doc["actions"][9:10], alice).get_json()
    prefix = {**doc, "actions": doc["actions"][:10]}
    offered = client.post("/v1/positions/legal-actions", json={"log": prefix}).get_json()
    assert answer["next"] == {"pending": offered["pending"], "actions": offered["actions"]}
    assert answer["index"] == 10 and answer["verdicts"][0]["index"] == 9


def test_several_actions_at_once_and_a_choices_shorthand_count_as_their_actions(client, alice):
    doc = sample(UPRISING)
    game = opened(client, alice, doc, 10)
    r = append(client, game, 10, doc["actions"][10:16], alice)
    assert r.get_json()["index"] == 16 and [v["index"] for v in r.get_json()["verdicts"]] == list(range(10, 16))
    assert append(client, game, 10, doc["actions"][16:17], alice).status_code == 409


def test_an_illegal_action_is_refused_and_not_stored_unless_the_table_insists(client, alice):
    doc = sample(UPRISING)
    game = opened(client, alice, doc, 10)
    bad = {"by": "green", "card": "seek-allies", "do": "send-agent", "space": "no-such-space"}
    r = append(client, game, 10, [doc["actions"][10], {"by": "red", "do": "end-turn"}], alice)
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert r.get_json()["verdict"]["index"] == 11 and r.get_json()["verdict"]["verdict"] == "illegal"
    assert client.get(f"/v1/games/{game}", headers=alice).get_json()["actions"] == 10  # nothing of it stored
    assert append(client, game, 10, [bad], alice).status_code in (400, 422)
    r = append(client, game, 10, [{"by": "red", "do": "end-turn"}], alice, mode="continue")
    assert r.status_code == 200 and r.get_json()["verdicts"][0]["verdict"] == "illegal"
    live.TABLE.clear()  # resumed, the flagged action is left out again
    r = append(client, game, 11, doc["actions"][10:11], alice, mode="continue")
    assert r.get_json()["verdicts"][0]["conditional"] is True
    assert r.get_json()["verdicts"][0]["verdict"] != "illegal"
    stored = client.get(f"/v1/games/{game}", headers=alice).get_json()
    assert stored["valid"] is False and stored["first_illegal"] == 10 and stored["live"] is True


@pytest.mark.parametrize("by", ["index", "if-match"])
def test_racing_appends_one_succeeds_the_others_get_409_with_the_current_index(tmp_path, by):
    """Racing on the index: 409 index-moved; on If-Match: 412 etag-moved (RFC 9110 13.1.1); both
    with the game's current index and entity tag."""
    app = create_app({"DATABASE": str(tmp_path / "race.db"), "TESTING": True, "RATELIMIT_ENABLED": False})
    from adjudicator.store import open_db

    headers = {"Authorization": f"Bearer {tokens.create(open_db(tmp_path / 'race.db'), 'alice')[1]}"}
    doc = sample(UPRISING)
    game = opened(app.test_client(), headers, doc, 10)
    tag = app.test_client().get(f"/v1/games/{game}", headers=headers).headers["ETag"]
    start, answers = threading.Barrier(6), []

    def racer():
        client = app.test_client()
        start.wait()
        if by == "index":
            answers.append(append(client, game, 10, doc["actions"][10:11], headers))
        else:
            answers.append(client.post(f"/v1/games/{game}/actions", json={"actions": doc["actions"][10:11]},
                                       headers={**headers, "If-Match": tag}))

    threads = [threading.Thread(target=racer) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lost, code = (409, "index-moved") if by == "index" else (412, "etag-moved")
    codes = sorted(r.status_code for r in answers)
    assert codes == [200] + [lost] * 5
    won = next(r for r in answers if r.status_code == 200)
    assert won.headers["ETag"] == won.get_json()["etag"] != tag
    assert all(r.get_json()["index"] == 11 and r.get_json()["etag"] == won.headers["ETag"]
               for r in answers if r.status_code == lost)
    assert {r.get_json()["code"] for r in answers if r.status_code == lost} == {code}
    stored = app.test_client().get(f"/v1/games/{game}", headers=headers).get_json()
    assert stored["actions"] == 11 and len(stored["log"]["actions"]) == 11


def test_if_match_with_the_games_entity_tag_stands_for_the_index(client, alice):
    doc = sample(UPRISING)
    game = opened(client, alice, doc, 10)
    tag = client.get(f"/v1/games/{game}").headers["ETag"]  # public: anyone reading the game may race
    assert client.get(f"/v1/games/{game}", headers=alice).headers["ETag"] == tag
    r = client.post(f"/v1/games/{game}/actions", json={"actions": doc["actions"][10:11]},
                    headers={**alice, "If-Match": tag})
    assert r.status_code == 200 and r.get_json()["index"] == 11 and not errors("live-answer", r.get_json())
    assert r.headers["ETag"] == r.get_json()["etag"] == client.get(f"/v1/games/{game}").headers["ETag"] != tag
    stale = client.post(f"/v1/games/{game}/actions", json={"actions": doc["actions"][11:12]},
                        headers={**alice, "If-Match": f'"x", {tag}'})
    assert stale.status_code == 412 and stale.mimetype == "application/problem+json"
    assert stale.get_json()["code"] == "etag-moved" and stale.get_json()["index"] == 11
    assert stale.get_json()["etag"] == r.headers["ETag"]
    # both: both must hold; If-Match any version ("*"); a wrong index alone is 409 with the tag too
    both = append(client, game, 10, doc["actions"][11:12], {**alice, "If-Match": r.headers["ETag"]})
    assert both.status_code == 409 and both.get_json()["etag"] == r.headers["ETag"]
    assert client.post(f"/v1/games/{game}/actions", json={"actions": doc["actions"][11:12]},
                       headers={**alice, "If-Match": "*"}).get_json()["index"] == 12
    # an illegal action stored in continue mode leaves the state as it was, yet the tag moves on
    before = client.get(f"/v1/games/{game}").headers["ETag"]
    flagged = append(client, game, 12, [{"by": "red", "do": "end-turn"}], alice, mode="continue").get_json()
    assert flagged["verdicts"][0]["verdict"] == "illegal" and flagged["etag"] != before
    for header in ("abc", '"a', "W/x", '"' + "x" * 300 + '"'):
        r = client.post(f"/v1/games/{game}/actions", json={"actions": doc["actions"][12:13]},
                        headers={**alice, "If-Match": header})
        assert r.status_code == 400 and r.get_json()["code"] == "bad-header", header
    assert client.post(f"/v1/games/{game}/actions", json={"actions": doc["actions"][12:13]},
                       headers=alice).status_code == 400  # neither an index nor If-Match
    finished = client.post("/v1/games", json=doc, headers=alice).get_json()["id"]
    assert "ETag" not in client.get(f"/v1/games/{finished}").headers  # a stored game is no live version


def test_a_retried_append_answers_its_first_answer(client, alice):
    doc = sample(UPRISING)
    game = opened(client, alice, doc, 10)
    key = {**alice, "Idempotency-Key": "turn-10"}
    first = append(client, game, 10, doc["actions"][10:12], key)
    again = append(client, game, 10, doc["actions"][10:12], key)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert client.get(f"/v1/games/{game}", headers=alice).get_json()["actions"] == 12
    other = append(client, game, 12, doc["actions"][12:13], key)
    assert other.status_code == 409 and other.get_json()["code"] == "idempotency-key-reused"


def test_seat_tokens_act_only_for_their_seat_and_read_only_their_hand(client, alice):
    doc = sample(UPRISING)
    game = opened(client, alice, doc, 10)  # green, red and blue have drawn their hands
    r = client.post(f"/v1/games/{game}/seats", json={"seat": "green"}, headers=alice)
    assert r.status_code == 201 and not errors("seat-token", r.get_json())
    green = {"Authorization": f"Bearer {r.get_json()['token']}"}
    issued = client.post(f"/v1/games/{game}/seats", json={"seat": "red"}, headers=alice).get_json()
    red = {"Authorization": f"Bearer {issued['token']}"}
    # green's decision by red's token, a chance outcome by a seat: refused
    assert append(client, game, 10, doc["actions"][10:11], red).status_code == 403
    assert append(client, game, 10, [{"by": "chance", "do": "draw", "player": "red", "cards": ["dagger"]}],
                  green).status_code == 403
    r = append(client, game, 10, doc["actions"][10:13], green)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["next"]["actions"]  # green decides next (the draw before dealt from the seed)
    assert append(client, game, 13, doc["actions"][13:14], alice).status_code == 200  # the owner deals
    r = append(client, game, 14, doc["actions"][14:16], green)
    assert r.get_json()["next"]["pending"]["by"] == "red"
    assert r.get_json()["next"]["actions"] is None  # red's offers would name red's hand
    log = client.get(f"/v1/games/{game}", headers=green).get_json()["log"]["actions"]
    assert log[7]["cards"] == doc["actions"][7]["cards"] and log[13]["cards"] == ["dagger"]  # green's own
    assert log[8]["cards"] == ["?"] * 5 and log[9]["cards"] == ["?"] * 5  # red's and blue's hands
    state = client.get(f"/v1/games/{game}/states/15", headers=red).get_json()
    assert state["public_view"] is True
    assert client.get(f"/v1/games/{game}/states/15", headers=red, query_string={"as": "green"}).status_code == 403
    # the position editor on this step (issue 33): a seat reads its own hand, never another's
    position = f"/v1/games/{game}/positions/15"

    def hands(headers, seat=None):
        r = client.get(position, headers=headers, query_string={"as": seat} if seat else None)
        assert r.status_code == 200, r.get_json()
        return {p: s.get("hand") for p, s in r.get_json()["scenario"]["players"].items()}

    red_sees, green_sees = hands(red), hands(green, "green")
    assert set(red_sees["red"]) != {"?"} and set(red_sees["green"]) == set(red_sees["blue"]) == {"?"}
    assert set(green_sees["green"]) != {"?"} and set(green_sees["red"]) == {"?"}
    assert hands(alice, "red") == red_sees  # the uploader asking for red's view: the same view
    assert client.get(position, headers=red, query_string={"as": "green"}).status_code == 403
    assert client.get(position, query_string={"as": "green"}).status_code == 403  # anonymous, unfinished
    assert client.get(position, headers=alice, query_string={"as": "nobody"}).status_code == 400
    followed = events(client, game, red)
    assert followed[7][2]["action"]["cards"] == ["?"] * 5 and followed[8][2]["action"]["cards"] != ["?"] * 5
    # a seat token is no API token: it uploads nothing, issues nothing, closes nothing
    assert client.post("/v1/games", json=doc, headers=green).status_code == 403
    assert client.post(f"/v1/games/{game}/seats", json={"seat": "blue"}, headers=green).status_code == 403
    assert client.post(f"/v1/games/{game}/close", json={"reason": "x"}, headers=green).status_code == 403
    # a new token for a seat replaces the last one
    client.post(f"/v1/games/{game}/seats", json={"seat": "green"}, headers=alice)
    assert client.get(f"/v1/games/{game}", headers=green).status_code == 401


def test_a_follower_sees_every_action_once_in_order_and_resumes(client, alice):
    doc = sample(UPRISING)
    game = opened(client, alice, doc, 10)
    seen = events(client, game)
    assert [int(i) for _, i, _ in seen] == list(range(10))
    for i in range(10, 20):
        append(client, game, i, doc["actions"][i:i + 1], alice)
    resumed = events(client, game, last=9)
    assert [int(i) for _, i, _ in resumed] == list(range(10, 20))
    whole = Replay(parse_log({**doc, "actions": doc["actions"][:20]}), "strict", "none").run()["verdicts"]
    for (event, _, data), verdict in zip(seen + resumed, whole, strict=True):
        assert event == "action" and not errors("live-event", data)
        assert data["verdict"]["code"] == verdict["code"] and "checksum" not in data["verdict"]  # public
    assert events(client, game, last=19) == []  # nothing new: the stream closes at its timeout
    r = client.post(f"/v1/games/{game}/close", json={"reason": "the players left"}, headers=alice)
    assert r.status_code == 200 and r.get_json()["closed"] == "the players left" and r.get_json()["live"] is False
    assert events(client, game, last=19) == [("end", None, {})]
    after = client.get(f"/v1/games/{game}", headers=alice).get_json()
    assert len(after["log"]["actions"]) == 20 and after["closed"] == "the players left"
    assert append(client, game, 20, doc["actions"][20:21], alice).get_json()["code"] == "not-live"


def test_only_the_owner_appends_issues_seats_and_closes(client, alice, app):
    doc = sample(UPRISING)
    game = opened(client, alice, doc, 10)
    bob = {"Authorization": f"Bearer {tokens.create(app.config['_MEMORY_DB'], 'bob')[1]}"}
    assert append(client, game, 10, doc["actions"][10:11], bob).status_code == 403
    assert append(client, game, 10, doc["actions"][10:11], {}).status_code == 401
    assert client.post(f"/v1/games/{game}/seats", json={"seat": "red"}, headers=bob).status_code == 403
    assert client.post(f"/v1/games/{game}/close", json={"reason": "x"}, headers=bob).status_code == 403
    assert client.post(f"/v1/games/{game}/seats", json={"seat": "purple"}, headers=alice).status_code == 400


def test_a_live_game_has_a_maximum_length(client, alice, monkeypatch):
    doc = sample(UPRISING)
    game = opened(client, alice, doc, 10)
    monkeypatch.setattr(live, "MAX_LIVE_ACTIONS", 11)
    r = append(client, game, 10, doc["actions"][10:12], alice)
    assert r.status_code == 413 and r.get_json()["code"] == "limit-actions"


def test_a_finished_or_invalid_upload_is_no_live_game(client, alice):
    doc = sample(UPRISING)
    finished = client.post("/v1/games", json=doc, headers=alice).get_json()
    assert finished["live"] is False
    bad = {**doc, "actions": [*doc["actions"][:10], {"by": "red", "do": "end-turn"}]}
    assert client.post("/v1/games", json=bad, headers=alice).get_json()["live"] is False
    assert append(client, finished["id"], 704, doc["actions"][:1], alice).get_json()["code"] == "not-live"


@pytest.mark.parametrize("body", [
    None, [], "x", {}, {"index": 10}, {"actions": []}, {"index": -1, "actions": [{"by": "red", "do": "pass"}]},
    {"index": "10", "actions": [{"by": "red", "do": "pass"}]}, {"index": 10, "actions": []},
    {"index": 10, "actions": [{"by": "red", "do": "pass"}] * 101}, {"index": 10, "actions": [1]},
    {"index": 10, "actions": [{"by": "red", "do": "pass"}], "extra": 1},
    {"index": 10, "actions": [{"by": "nobody", "do": "pass"}]},
    {"index": 10, "actions": [{"by": "red", "do": "fly-away"}]},
    {"index": 10, "actions": [{"by": "red", "do": "pass", "choices": ["x"]}]},
    {"index": 2**40, "actions": [{"by": "red", "do": "pass"}]},
])
def test_hostile_appends_are_problems_never_errors(client, alice, body):
    game = opened(client, alice, sample(UPRISING), 10)
    r = client.post(f"/v1/games/{game}/actions", data=json.dumps(body), headers={**alice,
                    "Content-Type": "application/json"})
    assert 400 <= r.status_code < 500 and r.mimetype == "application/problem+json", r.get_json()
    assert client.get(f"/v1/games/{game}", headers=alice).get_json()["actions"] == 10


@pytest.mark.parametrize("header", ["abc", "-1", "1e3", "١", "9" * 40])
def test_hostile_last_event_ids_are_problems(client, alice, header):
    game = opened(client, alice, sample(UPRISING), 10)
    r = client.get(f"/v1/games/{game}/events", headers={"Last-Event-ID": header}, query_string={"timeout": 0})
    assert r.status_code == 400 and r.mimetype == "application/problem+json"


def test_hostile_seat_and_close_bodies(client, alice):
    game = opened(client, alice, sample(UPRISING), 10)
    for body in ({}, {"seat": ""}, {"seat": "x" * 33}, {"seat": 3}, {"seat": "red", "token": "mine"}, []):
        assert client.post(f"/v1/games/{game}/seats", json=body, headers=alice).status_code == 400
    for body in ({}, {"reason": ""}, {"reason": "x" * 201}, {"reason": "x", "more": 1}):
        assert client.post(f"/v1/games/{game}/close", json=body, headers=alice).status_code == 400
    assert client.get("/v1/games/nope/events").status_code == 404
    assert append(client, "nope", 0, [{"by": "red", "do": "pass"}], alice).status_code == 404


def test_the_openapi_document_names_the_live_operations(client):
    doc = client.get("/openapi.json").get_json()
    assert doc["paths"]["/v1/games/{id}/actions"]["post"]["operationId"] == "appendActions"
    assert doc["paths"]["/v1/games/{id}/events"]["get"]["tags"] == ["live"]
    assert {"live-append", "live-answer", "seat-token", "live-close", "live-event"} <= set(doc["components"]["schemas"])


def test_adjudicator_follow_streams_appends_from_a_real_server_as_they_come(tmp_path):
    """The CLI's client against `adjudicator serve`: each action arrives while the game is played,
    once and in order, across a reconnection (the stream's timeout), until the game is closed."""
    import requests
    from click.testing import CliRunner

    from adjudicator.cli import main
    from adjudicator.follow import follow
    from adjudicator.store import open_db, prepare
    from bench.serverproc import Server

    db = str(tmp_path / "follow.db")
    prepare(open_db(db))
    headers = {"Authorization": f"Bearer {tokens.create(open_db(db), 'alice')[1]}"}
    server = Server(db).start()
    try:
        doc = sample(UPRISING)
        game = requests.post(server.url + "/v1/games", json={**doc, "actions": doc["actions"][:10]},
                             headers=headers, timeout=30).json()["id"]
        seen, arrived = [], threading.Event()

        def follower():
            for event in follow(f"{server.url}/v1/games/{game}/events?timeout=1", last=4):
                seen.append(event)
                if event["index"] == 10:
                    arrived.set()

        thread = threading.Thread(target=follower)
        thread.start()
        r = requests.post(f"{server.url}/v1/games/{game}/actions", headers=headers, timeout=30,
                          json={"index": 10, "actions": doc["actions"][10:11]})
        assert r.status_code == 200
        assert arrived.wait(10)  # streamed while the stream is open, not at its end
        time.sleep(1.5)  # the stream times out; the client reconnects with Last-Event-ID
        requests.post(f"{server.url}/v1/games/{game}/actions", headers=headers, timeout=30,
                      json={"index": 11, "actions": doc["actions"][11:13]})
        time.sleep(0.5)
        requests.post(f"{server.url}/v1/games/{game}/close", json={"reason": "done"}, headers=headers, timeout=30)
        thread.join(15)
        assert not thread.is_alive()
        assert [e["index"] for e in seen] == list(range(5, 13))
        assert seen[2]["action"]["cards"] == ["?"] * 5  # red's hand, to the public
        out = CliRunner().invoke(main, ["follow", f"{server.url}/v1/games/{game}", "--after", "11"])
        assert out.exit_code == 0 and out.output.splitlines()[0].startswith("   12  legal")
    finally:
        server.stop()


def test_the_follow_client_resumes_after_a_broken_connection_and_a_full_server():
    """A stream cut mid-event (the server killed, a proxy's reset) or a 503 for too many followers:
    `follow` waits and reconnects with Last-Event-ID; every action comes once and in order (the
    event cut in half is not taken from the broken stream)."""
    import http.client
    import io
    import urllib.error

    from adjudicator import follow as client

    def event(i: int) -> list[bytes]:
        return [f"id: {i}\n".encode(), b"event: action\n", f'data: {{"index": {i}}}\n'.encode(), b"\n"]

    def broken(lines: list[bytes], error: Exception):
        class Stream(io.BytesIO):
            def __iter__(self):
                yield from lines
                raise error
        return Stream()

    def full():
        return urllib.error.HTTPError("u", 503, "overloaded", {"Retry-After": "3"}, io.BytesIO(b"{}"))

    asked, waited = [], []
    ended = io.BytesIO(b"".join(event(8)) + b"event: end\ndata: {}\n\n")
    streams = iter([broken(event(5) + event(6) + event(7)[:2], http.client.IncompleteRead(b"")), full(),
                    broken(event(7), ConnectionResetError()), ended])

    def opener(request, timeout):
        asked.append(request.get_header("Last-event-id"))
        found = next(streams)
        if isinstance(found, Exception):
            raise found
        return found

    seen = [e["index"] for e in client.follow("http://x/v1/games/g", last=4, opener=opener, pause=waited.append)]
    assert seen == [5, 6, 7, 8]
    assert asked == ["4", "6", "6", "7"] and waited == [client.RETRY, 3.0, client.RETRY]


def budgeted(tmp_path, seconds: int):
    """A service whose every request measures one CPU second, `seconds` of them allowed a minute, and
    alice's token."""
    import itertools

    from adjudicator.store import open_db, prepare

    path = tmp_path / "budget.db"
    prepare(open_db(path))
    ticks = itertools.count()
    app = create_app({"DATABASE": str(path), "TESTING": True, "BUDGET_COMPUTE": f"{seconds} per minute",
                      "CPU_CLOCK": lambda: next(ticks) * 1.0})
    return app.test_client(), {"Authorization": f"Bearer {tokens.create(open_db(path), 'alice')[1]}"}


def test_appends_count_against_the_compute_budget(tmp_path):
    client, alice = budgeted(tmp_path, 2)
    doc = sample(UPRISING)
    game = opened(client, alice, doc, 10)  # the upload: one second
    r = append(client, game, 10, doc["actions"][10:11], alice)
    assert r.status_code == 200 and r.headers["X-Compute-Seconds"] == "1.000"
    r = append(client, game, 11, doc["actions"][11:12], alice)
    assert r.status_code == 429 and r.get_json()["code"] == "rate-limited"


def test_a_judges_ending_is_charged_to_the_compute_budget_as_closing_is(tmp_path):
    """Ending a live game (its owner's close, a judge's off-board ending) replays its whole log for
    its facts: both are compute, counted in CPU seconds and refused once the budget is spent."""
    client, alice = budgeted(tmp_path, 3)
    doc = sample(UPRISING)
    tid = client.post("/v1/tournaments", json={"name": "League night", "format": {"scheme": "points-per-place",
                      "points": [3, 2, 1]}}, headers=alice).get_json()["id"]
    games = [client.post(f"/v1/games?tournament={tid}", json={**doc, "actions": doc["actions"][:upto]},
                         headers=alice).get_json()["id"] for upto in (10, 11)]  # two seconds
    ending = {"how": "concession", "reason": "red conceded", "ranking": [
        {"player": "green", "place": 1}, {"player": "blue", "place": 2}, {"player": "red", "place": 3}]}
    r = client.post(f"/v1/games/{games[0]}/ending", json=ending, headers=alice)
    assert r.status_code == 201 and r.headers["X-Compute-Seconds"] == "1.000"
    r = client.post(f"/v1/games/{games[1]}/ending", json=ending, headers=alice)
    assert r.status_code == 429 and r.get_json()["code"] == "rate-limited"
    assert client.get(f"/v1/games/{games[1]}", headers=alice).get_json()["live"] is True


def test_closing_answers_the_stored_game(client, alice):
    game = opened(client, alice, sample(UPRISING), 10)
    r = client.post(f"/v1/games/{game}/close", json={"reason": "abandoned"}, headers=alice)
    assert r.status_code == 200 and not errors("game", r.get_json())
    assert client.post(f"/v1/games/{game}/close", json={"reason": "again"}, headers=alice).status_code == 409
    assert client.post(f"/v1/games/{game}/seats", json={"seat": "red"}, headers=alice).status_code == 409


def test_an_older_database_gains_the_live_tables_and_its_games_are_not_live(tmp_path, alice):
    """Migration _v9 on a file at the version before it: its games read as ordinary stored games."""
    from adjudicator import store
    from adjudicator.service import games
    from adjudicator.store import open_db

    db = open_db(tmp_path / "old.db")
    for version, step in enumerate(store.MIGRATIONS[:store.MIGRATIONS.index(store._v9)], 1):
        step(db)
        db.execute("insert or replace into meta (key, value) values ('schema_version', ?)", [version])
    doc = sample(UPRISING)
    report = Replay(parse_log({**doc, "actions": doc["actions"][:10]}), "strict", "none").run()
    db.execute("insert into games (id, created, owner, system, edition, players, leaders, valid, engine, actions, "
               "final_checksum, log, report, log_checksum, finished) values ('g1', '2026', 'o', 'imperium', "
               "'uprising', '', '', 1, 'x', 10, '', ?, ?, 'c', 0)",
               [json.dumps({**doc, "actions": doc["actions"][:10]}), json.dumps(report)])
    store.prepare(db)
    assert {"live", "closed", "dealt_live", "live_report"} <= set(db["games"].columns_dict)
    for table in ("live_events", "live_requests", "seat_tokens"):
        assert db[table].exists()
    assert games.get(db, "g1", "o")["live"] is False


def test_every_read_of_a_live_game_serves_what_was_appended_from_its_checkpoints(client, alice):
    doc = sample(DUNE)
    game = opened(client, alice, doc, 20)
    assert append(client, game, 20, doc["actions"][20:60], alice).get_json()["index"] == 60
    whole = Replay(parse_log({**doc, "actions": doc["actions"][:60]}), "strict", "none", consequences=True).run()
    state = client.get(f"/v1/games/{game}/states/59", headers=alice)
    assert state.get_json()["checksum"] == whole["verdicts"][59]["checksum"]
    assert int(state.headers["X-Actions-Applied"]) <= 32  # a checkpoint the appends made
    for url in (f"/v1/games/{game}/views/55", f"/v1/games/{game}/positions/50", f"/v1/games/{game}/reverify"):
        assert client.get(url).status_code == 200 and client.get(url, headers=alice).status_code == 200, url
    assert client.get(f"/v1/games/{game}/report", headers=alice).get_json()["verdicts"] == whole["verdicts"]
    assert client.post(f"/v1/games/{game}/reverify", headers=alice).get_json()["code"] == "live-game"


def test_an_idle_live_game_leaves_memory_and_its_next_append_resumes_it(client, alice, monkeypatch):
    clock = [0.0]
    monkeypatch.setattr(live.TABLE, "clock", lambda: clock[0])
    assert live.TABLE.idle == 900.0  # LIVE_IDLE_SECONDS's default
    assert create_app({"DATABASE": ":memory:", "TESTING": True, "LIVE_IDLE_SECONDS": 60}) and live.TABLE.idle == 60
    live.TABLE.clear()
    resumed = []
    monkeypatch.setattr(live, "resume", lambda db, g, d, real=live.resume: resumed.append(g) or real(db, g, d))
    doc = sample(UPRISING)
    game, other = opened(client, alice, doc, 10), opened(client, alice, doc, 10)
    append(client, game, 10, doc["actions"][10:11], alice)
    kept = live.TABLE.runs[game]
    clock[0] = 59.0
    append(client, game, 11, doc["actions"][11:12], alice)
    assert live.TABLE.runs[game] is kept and resumed == [game]  # used within the idle time: kept
    clock[0] = 119.5
    append(client, other, 10, doc["actions"][10:11], alice)  # any append sweeps the idle ones out
    assert game not in live.TABLE.runs and other in live.TABLE.runs
    r = append(client, game, 12, doc["actions"][12:14], alice)
    assert resumed == [game, other, game] and r.status_code == 200
    whole = Replay(parse_log({**doc, "actions": doc["actions"][:14]}), "strict", "none", consequences=True).run()
    assert r.get_json()["verdicts"] == whole["verdicts"][12:14]


class Pauses:
    """The sweeper's `pause`, stepped by the test: each pause is noted and lasts until `step()`."""

    def __init__(self):
        self.asked, self.go, self.seconds = threading.Semaphore(0), threading.Semaphore(0), []

    def __call__(self, seconds: float) -> None:
        self.seconds.append(seconds)
        self.asked.release()
        assert self.go.acquire(timeout=30)

    def reached(self) -> bool:
        """The sweeper is pausing (again): every sweep before it is done."""
        return self.asked.acquire(timeout=30)

    def step(self) -> None:
        self.go.release()


def test_idle_live_games_leave_memory_by_themselves_without_any_request(client, alice, monkeypatch):
    """No append needed: a sweeper drops the replays idle longer than LIVE_IDLE_SECONDS, keeps the
    others, and ends once none is left (the clock and the sweeper's pauses are the test's)."""
    clock, pauses = [0.0], Pauses()
    table = live.Table(idle=60, clock=lambda: clock[0], pause=pauses)
    monkeypatch.setattr(live, "TABLE", table)
    doc = sample(UPRISING)
    early, late = opened(client, alice, doc, 10), opened(client, alice, doc, 10)
    append(client, early, 10, doc["actions"][10:11], alice)
    assert pauses.reached() and pauses.seconds == [15.0]  # a quarter of the idle time
    sweeper = table.sweeper
    clock[0] = 50.0
    append(client, late, 10, doc["actions"][10:11], alice)
    assert table.sweeper is sweeper  # one sweeper per table
    clock[0] = 60.5
    pauses.step()
    assert pauses.reached()  # swept once: the game idle 60.5 s is gone, the other is kept
    assert list(table.runs) == [late]
    clock[0] = 111.0
    pauses.step()
    sweeper.join(timeout=30)
    assert not sweeper.is_alive() and table.runs == {} and table.sweeper is None  # nothing left: it ends
    r = append(client, early, 11, doc["actions"][11:12], alice)
    assert r.status_code == 200 and table.sweeper is not None  # resumed from its checkpoint; a new sweeper
    clock[0] = 1000.0
    pauses.step()
    table.sweeper.join(timeout=30)
    assert table.runs == {}


def test_idempotency_answers_are_forgotten_after_a_day_and_beyond_a_games_last_ones(client, alice, app, monkeypatch):
    db = app.config["_MEMORY_DB"]
    doc = sample(UPRISING)
    game, other = opened(client, alice, doc, 10), opened(client, alice, doc, 10)
    for g in (game, other):
        db.execute("insert into live_requests (game, token, key, fingerprint, answer, created) values "
                   "(?, 't', 'old', 'f', '{}', '2000-01-01T00:00:00.000000Z')", [g])
    monkeypatch.setattr(live, "REQUESTS_KEPT", 2)
    for i in range(10, 13):
        r = append(client, game, i, doc["actions"][i:i + 1], {**alice, "Idempotency-Key": f"k{i}"})
        assert r.status_code == 200

    def keys(g):
        return [r["key"] for r in db.query("select key from live_requests where game = ? order by key", [g])]

    assert keys(game) == ["k11", "k12"] and keys(other) == ["old"]
    again = append(client, game, 12, doc["actions"][12:13], {**alice, "Idempotency-Key": "k12"})
    assert again.headers["Idempotent-Replayed"] == "true"
    forgotten = append(client, game, 10, doc["actions"][10:11], {**alice, "Idempotency-Key": "k10"})
    assert forgotten.status_code == 409  # a retry that late is judged anew: the index has moved on
    client.post(f"/v1/games/{game}/close", json={"reason": "done"}, headers=alice)
    assert keys(other) == []  # a game's end sweeps every game's old answers


def test_a_live_games_facts_are_its_whole_logs_once_it_finishes_or_is_closed(client, alice, app):
    """The analytics facts (store.py `facts`) of a live game are those of its upload until it ends;
    then those a stored-whole upload of its log takes, whether it finished or was closed."""
    from adjudicator.service.checkpoints import replay_for_store

    db = app.config["_MEMORY_DB"]
    doc = sample(UPRISING)

    def facts(game):
        return json.loads(next(iter(db.query("select facts from facts where game = ?", [game])))["facts"])

    def whole(upto):
        return replay_for_store(parse_log({**doc, "actions": doc["actions"][:upto]}))[1]["facts"]

    finished, closed = opened(client, alice, doc, len(doc["actions"]) - 40), opened(client, alice, doc, 10)
    assert facts(finished) == whole(len(doc["actions"]) - 40)
    r = append(client, finished, len(doc["actions"]) - 40, doc["actions"][-40:], alice)
    assert r.get_json()["live"] is False and facts(finished) == whole(len(doc["actions"]))
    assert facts(finished)["finished"] is True
    append(client, closed, 10, doc["actions"][10:30], alice)
    assert facts(closed) == whole(10)  # still the upload's while it is live
    client.post(f"/v1/games/{closed}/close", json={"reason": "left"}, headers=alice)
    assert facts(closed) == whole(30)
    analytics = client.get("/v1/analytics").get_json()
    assert (analytics["games"], analytics["unfinished"]) == (1, 1)  # the finished game counts, the closed one not


def test_a_judges_off_board_ending_closes_a_live_tournament_game(client, alice, app):
    doc = sample(UPRISING)
    tid = client.post("/v1/tournaments", json={"name": "League night", "format": {"scheme": "points-per-place",
                      "points": [3, 2, 1]}}, headers=alice)
    assert tid.status_code == 201, tid.get_json()
    tid = tid.get_json()["id"]
    r = client.post(f"/v1/games?tournament={tid}", json={**doc, "actions": doc["actions"][:10]}, headers=alice)
    game = r.get_json()["id"]
    assert r.get_json()["live"] is True
    append(client, game, 10, doc["actions"][10:20], alice)
    ending = {"how": "concession", "reason": "red and blue conceded",
              "ranking": [{"player": "green", "place": 1}, {"player": "red", "place": 2},
                          {"player": "blue", "place": 2}]}
    assert client.post(f"/v1/games/{game}/ending", json=ending, headers=alice).status_code == 201
    stored = client.get(f"/v1/games/{game}", headers=alice).get_json()
    assert stored["live"] is False and stored["closed"] == "ended off the board (concession): red and blue conceded"
    assert len(stored["log"]["actions"]) == 20 and not errors("game", stored)
    assert append(client, game, 20, doc["actions"][20:21], alice).get_json()["code"] == "not-live"
    assert events(client, game, last=19) == [("end", None, {})]
