"""Classic Dune rule errors found by the citation audit of issue 31 (docs/rulings-audit.md, the
classic Dune rows of auditdune): one test per error, from the GF9 rulebook's words (section in the
test's docstring), the legal side and the illegal side."""

from __future__ import annotations

from dune_helpers import RULES, act, at, move_forces, new, refused

from adjudicator.dune.invariants import problems


def _predicting(faction: str, turn: int):
    state = new("bene-gesserit", "fremen", "atreides")
    at(state, {"t": "decide", "kind": "predict", "player": "bene-gesserit"}, phase="mentat-pause")
    act(state, "bene-gesserit", "predict", faction=faction, turn=turn)
    state["turn"] = turn
    return state, at(state, phase="mentat-pause")


def test_a_prediction_is_fulfilled_by_a_stronghold_victory():
    """GF9 rulebook, Factions: Bene Gesserit (Prediction, 2.02.03): the predicted faction meeting
    the stronghold victory in the Mentat Pause of the predicted turn makes the Bene Gesserit win."""
    state, g = _predicting("fremen", 3)
    for loc in ("sietch-tabr@13", "habbanya-sietch@16", "tueks-sietch@4"):
        move_forces(g, "fremen", loc, 1)
    RULES.settle(g)
    assert state["result"]["winners"] == ["bene-gesserit"] and state["result"]["how"] == "prediction"


def test_a_prediction_is_never_fulfilled_by_the_fremen_end_of_game_victory():
    """GF9 rulebook, Factions: Bene Gesserit (Prediction, 2.02.03): a pick of the Fremen (or the
    Guild) is not fulfilled by their special victory at the end of the game; the Fremen win."""
    state, g = _predicting("fremen", 10)
    move_forces(g, "fremen", "sietch-tabr@13", 1)  # their sietches theirs, no foe in Tuek's Sietch
    RULES.settle(g)
    assert state["result"]["winners"] == ["fremen"] and state["result"]["how"] == "fremen-default"


def _last_turn(*factions):
    state = new(*factions)
    state["turn"] = 10
    return state, at(state, phase="mentat-pause")


def test_the_fremen_ally_wins_with_the_fremen_end_of_game_victory():
    """GF9 rulebook, Factions: Fremen (2.04.09, 2.04.12): the Fremen's allies win with them when
    they win by their special victory; a player not allied to them does not."""
    state, g = _last_turn("fremen", "atreides", "harkonnen")
    g.p("fremen")["ally"], g.p("atreides")["ally"] = "atreides", "fremen"
    RULES.settle(g)
    assert state["result"]["how"] == "fremen-default" and state["result"]["winners"] == ["fremen", "atreides"]


def test_the_guild_ally_wins_with_the_guild_end_of_game_victory():
    """GF9 rulebook, Factions: Spacing Guild (2.06.08, 2.06.11): the Guild's ally wins with it."""
    state, g = _last_turn("spacing-guild", "emperor", "harkonnen")
    g.p("spacing-guild")["ally"], g.p("emperor")["ally"] = "emperor", "spacing-guild"
    RULES.settle(g)
    assert state["result"]["how"] == "guild-default"
    assert state["result"]["winners"] == ["spacing-guild", "emperor"]


def test_with_neither_guild_nor_fremen_the_most_strongholds_win():
    """GF9 rulebook, Mentat Pause Phase (1.09.05, End Game or Default Victory): with neither the
    Guild nor the Fremen in play, the player occupying the most strongholds wins, all who tie."""
    state, g = _last_turn("atreides", "harkonnen", "emperor")
    move_forces(g, "atreides", "arrakeen@9", 1)
    move_forces(g, "harkonnen", "carthag@10", 1)
    move_forces(g, "harkonnen", "sietch-tabr@13", 1)
    RULES.settle(g)
    assert state["result"]["how"] == "most-strongholds" and state["result"]["winners"] == ["harkonnen"]
    state, g = _last_turn("atreides", "harkonnen", "emperor")
    move_forces(g, "atreides", "arrakeen@9", 1)
    move_forces(g, "harkonnen", "carthag@10", 1)
    RULES.settle(g)
    assert state["result"]["winners"] == ["atreides", "harkonnen"]


def test_with_the_fremen_in_play_the_most_strongholds_do_not_win():
    """GF9 rulebook 1.09.05: the most-strongholds default is for a table without the Fremen; here
    they miss their own condition (the Harkonnen in Tuek's Sietch) and nobody wins."""
    state, g = _last_turn("fremen", "harkonnen", "emperor")
    move_forces(g, "harkonnen", "tueks-sietch@4", 1)
    RULES.settle(g)
    assert state["result"]["how"] == "no-winner" and state["result"]["winners"] == []


def _storm_position(storm, forces):
    state = new("emperor", "harkonnen")
    state["storm"], state["order"] = storm, ["emperor", "harkonnen"]
    g = at(state, {"t": "auto", "kind": "battles"}, phase="collection")
    for pid, loc, n in forces:
        move_forces(g, pid, loc, n)
    RULES.settle(g)
    return state, g


def test_forces_together_under_the_storm_still_battle():
    """GF9 rulebook, Battle Phase (1.07.01.02, battling blind): two players' forces in the same
    territory and the same sector under the storm still battle, and only those forces fight."""
    state, g = _storm_position(6, (("emperor", "false-wall-east@6", 3), ("harkonnen", "false-wall-east@6", 2),
                                   ("harkonnen", "false-wall-east@4", 4)))
    assert [a.to_json() for a in RULES.legal_actions(state)] == [
        {"by": "emperor", "do": "battle", "territory": "false-wall-east", "sector": 6, "opponent": "harkonnen"}]
    act(state, "emperor", "battle", territory="false-wall-east", sector=6, opponent="harkonnen")
    act(state, "emperor", "plan", leader="bashar", dial=3)
    assert refused(state, "harkonnen", "plan", leader="feyd-rautha", dial=3).code == "dune.dial-out-of-range"
    act(state, "harkonnen", "plan", leader="feyd-rautha", dial=2)
    act(state, "emperor", "pass")
    act(state, "harkonnen", "pass")
    assert g.forces("false-wall-east@6", "harkonnen") == 0 and g.forces("false-wall-east@4", "harkonnen") == 4
    assert g.forces("false-wall-east@6", "emperor") == 0 and problems(state) == []


def test_forces_in_the_storm_do_not_battle_forces_outside_it():
    """GF9 rulebook, Storm Phase (1.01.04, Obstruction): no battle when one side's forces are in
    the storm and the other's are not, even in one territory the storm does not cut in two."""
    state, g = _storm_position(4, (("emperor", "false-wall-east@4", 3), ("harkonnen", "false-wall-east@5", 2)))
    assert state["battle"] is None and RULES.prompt(state)["kind"] != "choose-battle"
    assert refused(state, "emperor", "battle", territory="false-wall-east", sector=4, opponent="harkonnen").code


def test_no_move_is_shorter_through_a_stronghold_than_around_it():
    """GF9 rulebook, Shipment and Movement Phase (1.06.05.09): forces may not move into or through
    a stronghold two other players hold. The engine checks only 'into' (movement.py): on this map
    no stronghold is a short cut, so a path that must pass through one never decides a move of up
    to three territories, whatever the storm. Should the map change, this fails."""
    import networkx as nx

    from adjudicator.dune.content import sector, territory
    from adjudicator.dune.movement import _territory_graph

    g = at(new("fremen", "atreides"))
    for storm in range(18):
        graph = _territory_graph(g.c).subgraph([n for n in _territory_graph(g.c) if sector(n) != storm])
        for hold in ("arrakeen", "carthag", "habbanya-sietch", "sietch-tabr", "tueks-sietch"):
            around = graph.edge_subgraph([(a, b) for a, b in graph.edges
                                          if territory(a) != hold or territory(b) == hold])
            inside = [n for n in graph if territory(n) == hold]
            if not inside:
                continue
            # a path through the stronghold within three territories starts at most two from it
            close = nx.multi_source_dijkstra_path_length(graph.reverse(copy=False), inside, cutoff=2)
            for start in sorted(close):
                if territory(start) == hold or start not in around:
                    continue
                near = nx.single_source_dijkstra_path_length(graph, start, cutoff=3)
                kept = nx.single_source_dijkstra_path_length(around, start, cutoff=3)
                assert {to: d for to, d in near.items() if territory(to) != hold} == {
                    to: d for to, d in kept.items() if territory(to) != hold}, (storm, hold, start)
