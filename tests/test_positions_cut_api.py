"""POST /v1/positions/cut (issue 33): the compact position before one logged action of a posted
log, with that action as the contested one: what the viewer's position editor opens for a
sample or a pasted log. The position it answers, sent back to the check, judges that action as
the replay did; a step outside the log is a 404 at ?at, a bad one a 400, a bad log a 4xx."""

from __future__ import annotations

import pytest
from hostile import PROBLEM, app_on
from viewer_logs import OCCUPIED_AT, illegal_log, sample

from adjudicator.core import schemas


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return app_on(tmp_path_factory.mktemp("cut") / "cut.db").test_client()


@pytest.mark.parametrize("name", ["uprising-4p-choam-seed7", "dune-4p-advanced-seed1"])
def test_the_position_cut_is_judged_as_the_replay_judged_the_action(client, name):
    log = sample(name)
    r = client.post("/v1/positions/cut?at=40", json=log)
    assert r.status_code == 200, r.get_json()
    position = r.get_json()
    assert schemas.errors("position", position) == []
    assert position["action"] == log["actions"][40]
    check = client.post("/v1/positions/check", json=position).get_json()
    assert check["verdict"]["verdict"] == "legal"


def test_an_illegal_action_cut_is_illegal_in_the_check(client):
    position = client.post(f"/v1/positions/cut?at={OCCUPIED_AT}", json=illegal_log()).get_json()
    assert client.post("/v1/positions/check", json=position).get_json()["verdict"]["verdict"] == "illegal"


@pytest.mark.parametrize(("query", "status", "pointer"), [("at=100000", 404, "?at"), ("at=x", 400, "?at"),
                                                           ("at=-1", 400, "?at")])
def test_a_step_outside_the_log_is_refused_at_the_parameter(client, query, status, pointer):
    r = client.post(f"/v1/positions/cut?{query}", json=sample())
    assert r.status_code == status and r.mimetype == PROBLEM and r.get_json()["pointer"] == pointer


def test_a_log_that_is_no_log_is_a_client_error(client):
    r = client.post("/v1/positions/cut?at=0", json={"actions": "many"})
    assert 400 <= r.status_code < 500 and r.mimetype == PROBLEM
