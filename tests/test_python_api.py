"""The Python API answers as the REST routes do (issue 30)."""

import adjudicator
from adjudicator.positions import cut
from adjudicator.simulate import simulate


def test_the_python_api_gives_the_routes_answers(client, sample_log):
    assert adjudicator.replay(sample_log) == client.post("/v1/replays", json=sample_log).get_json()
    position = cut(simulate("uprising", 3, 2), 40)
    assert adjudicator.check(position) == client.post("/v1/positions/check", json=position).get_json()
    assert adjudicator.legal_actions(position, "ru") == \
        client.post("/v1/positions/legal-actions?lang=ru", json=position).get_json()
