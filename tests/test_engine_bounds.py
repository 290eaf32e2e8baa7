"""The work a hand-written position can ask of the engine is bounded by the rules, whatever the
schema in front of it lets through."""

import pytest
from helpers import fresh

from adjudicator.core.errors import LimitExceeded


def test_a_count_choice_offers_no_more_than_the_troops_it_moves(client):
    """A state asking to deploy up to 10^7 troops (issue #9, finding 1): the service refuses it
    at the schema; the engine itself offers no more than the garrison holds, and refuses a count
    beyond anything the rules allow instead of listing it."""
    rules, state = fresh()
    pid = rules.prompt(state)["by"]
    state["stack"].append({"t": "choice", "player": pid, "kind": "count", "src": "test", "most": 10**7,
                           "move": "deploy"})
    assert client.post("/v1/positions/legal-actions", json={"state": state}).status_code in (400, 422)
    garrison = state["players"][pid]["troops"]["garrison"]
    assert [a.get("count") for a in rules.legal_actions(state)] == list(range(garrison + 1))
    state["players"][pid]["troops"]["garrison"] = 10**6
    with pytest.raises(LimitExceeded) as err:
        rules.legal_actions(state)
    assert err.value.code == "limit-legal-actions"
