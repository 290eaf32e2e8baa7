"""The work a hand-written position can ask of the engine is bounded by the rules."""

from helpers import fresh


def test_a_count_choice_offers_no_more_than_the_troops_it_moves(client):
    """A hand-written state asking to deploy up to 10^7 troops (issue #9, finding 1): the offers
    stop at the garrison; a garrison beyond anything the rules allow is refused, not listed."""
    rules, state = fresh()
    pid = rules.prompt(state)["by"]
    state["stack"].append({"t": "choice", "player": pid, "kind": "count", "src": "test", "most": 10**7,
                           "move": "deploy"})
    body = client.post("/v1/positions/legal-actions", json={"state": state}).get_json()
    garrison = state["players"][pid]["troops"]["garrison"]
    assert [a["count"] for a in body["actions"]] == list(range(garrison + 1))
    state["players"][pid]["troops"]["garrison"] = 10**6
    r = client.post("/v1/positions/legal-actions", json={"state": state})
    # refused before any listing: troops beyond the supply are no position of the game (issue #10)
    assert r.status_code == 422 and any(p["pointer"].startswith(f"/state/players/{pid}/troops")
                                        for p in r.get_json()["problems"])
