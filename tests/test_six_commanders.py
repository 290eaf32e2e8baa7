"""The Commanders' own boards in the Uprising six-player team game (seed 004, the Russian booklet
for 6 players, pp. 3-4 and 8; issue #13): their spaces open to their Commander alone, their own
Influence track (the Commander's cube, the team reward at its 1st and 3rd steps, a point at the
2nd, the Alliance at the 4th), and where an Emperor or Fremen Influence point goes for each role."""

import copy

import pytest
from six_helpers import RULES, apply, give, new_game, step, turn_of

from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.effects import advance_steps
from adjudicator.imperium.game import Game
from adjudicator.imperium.influence import change_influence, influence_of
from adjudicator.imperium.modules.six_players import teams as six
from adjudicator.imperium.steps import run

BOARDS = {"desert-mastery": "muad-dib", "hardened-warriors": "muad-dib", "vast-wealth": "shaddam"}


def _finish_turn(state, pid):
    while state["turn"] and state["turn"]["player"] == pid:
        step(state)


@pytest.mark.parametrize(("space", "team"), sorted(BOARDS.items()))
def test_a_commanders_board_spaces_as_printed(space, team):
    """Booklet p. 8: their icon is the board's faction, and they raise the board's own track."""
    data = Game(new_game()).space(space)
    faction = {"muad-dib": "fremen", "shaddam": "emperor"}[team]
    assert data["commander"] == team and data["icon"] == faction
    assert data["effects"][0] == {"influence": 1, "faction": faction}
    assert data.get("cost", {}) == ({"water": 1} if space == "hardened-warriors" else {})
    assert data["combat"] is (team == "muad-dib")


def test_only_its_commander_may_send_an_agent_to_a_board_space():
    state = new_game()
    shaddam = turn_of(state, lambda g, q: q == "s")
    give(state, shaddam, "seek-allies", "desert-mastery")
    offers = {a.get("space") for a in RULES.legal_actions(state) if a.do == "send-agent"}
    assert "vast-wealth" in offers and not {"desert-mastery", "hardened-warriors"} & offers
    with pytest.raises(IllegalAction) as err:
        apply(copy.deepcopy(state), by=shaddam, do="send-agent", card="seek-allies", space="desert-mastery",
              token="left")
    assert err.value.code == "six.commander-board-only"
    assert "six.commander-board" in err.value.rulings

    state = new_game()
    ally = turn_of(state, lambda g, q: not six.is_commander(g, q))
    give(state, ally, "seek-allies", "vast-wealth")
    offers = {a.get("space") for a in RULES.legal_actions(state) if a.do == "send-agent"}
    assert not set(BOARDS) & offers
    with pytest.raises(IllegalAction) as err:
        apply(state, by=ally, do="send-agent", card="seek-allies", space="vast-wealth")
    assert err.value.code == "six.commander-board-only"


def test_vast_wealth_raises_shaddams_own_track_and_gives_the_team_reward():
    """Booklet pp. 3, 8: 3 Solari and 1 Emperor Influence, on his own board's track; its 1st
    step gives every member of the team 1 Solari, no spy placement yet (six.commander-track)."""
    state = new_game()
    shaddam = turn_of(state, lambda g, q: q == "s")
    team = six.members(Game(state), "shaddam")
    solari = {q: state["players"][q]["solari"] for q in team}
    give(state, shaddam, "seek-allies", "vast-wealth")
    apply(state, by=shaddam, do="send-agent", card="seek-allies", space="vast-wealth", token="left")
    posts = []
    while state["turn"] and state["turn"]["player"] == shaddam:
        top = state["stack"][-1]
        if top["t"] == "choice" and top["kind"] == "post":
            posts.append(top["player"])
        step(state)
    assert state["players"][shaddam]["influence"]["emperor"] == 1
    assert all(state["players"][q]["influence"]["emperor"] == 0 for q in team if q != shaddam)
    assert all(state["players"][q]["influence"]["great-houses"] == 0 for q in team)
    gained = {q: state["players"][q]["solari"] - solari[q] for q in team}
    assert gained == {q: 3 + 1 if q == shaddam else 1 for q in team}
    assert posts == []  # the spy is the 3rd step's


def test_the_commanders_track_steps():
    """1st and 3rd: the team reward (Muad'Dib's: 1 spice each, then 1 water each); 2nd: 1 VP; 4th: the
    Alliance token and its VP, no faction bonus; each time the cube moves onto the step."""
    state = new_game()
    g = Game(state)
    team = six.members(g, "muad-dib")
    before = copy.deepcopy(state["players"])
    for level in range(1, 5):
        change_influence(g, "m", "fremen", 1)
        while state["stack"][-1]["t"] == "steps":
            advance_steps(g, g.top)
        pl = {q: state["players"][q] for q in team}
        assert {q: (pl[q]["spice"] - before[q]["spice"], pl[q]["water"] - before[q]["water"]) for q in team} \
            == dict.fromkeys(team, (1, int(level >= 3))), level
        assert pl["m"]["vp"] - before["m"]["vp"] == (level >= 2) + (level >= 4), level
    assert state["alliances"]["fremen"] == "m"
    assert state["players"]["m"]["intrigue"] == before["m"]["intrigue"]  # nothing more at the 4th step
    change_influence(g, "m", "fremen", -3)  # below 4 and 2: the points and the Alliance go
    assert state["alliances"]["fremen"] is None and state["players"]["m"]["vp"] == before["m"]["vp"]
    depth = len(state["stack"])
    change_influence(g, "m", "fremen", 2)  # onto the 3rd step again: its team reward again, not the 1st's
    assert [t["src"] for t in state["stack"][depth:]] == ["six:team-reward:fremen:3"] * 3
    assert {"six.commander-track", "six.team-reward"} <= set(g.rulings)


def test_a_commander_reads_his_own_track_for_his_boards_faction():
    state = new_game()
    g = Game(state)
    state["players"]["s"]["influence"]["emperor"] = 3
    state["players"]["s2"]["influence"]["great-houses"] = 2
    assert influence_of(g, "s", "emperor") == 3
    assert influence_of(g, "s", "great-houses") == 2  # the main board's: his best Ally's


def _point_in_turn(state, pid, faction):
    g = Game(state)
    run(g, pid, [{"influence": 1, "faction": faction}], "card:test")
    advance_steps(g, g.top)
    return g


def test_an_emperor_point_goes_to_the_great_houses_for_an_ally():
    """Booklet p. 4: only Shaddam gains Emperor Influence, only Muad'Dib Fremen Influence."""
    state = new_game()
    ally = turn_of(state, lambda g, q: not six.is_commander(g, q))
    give(state, ally, "seek-allies", "economic-support")
    apply(state, by=ally, do="send-agent", card="seek-allies", space="economic-support")
    g = _point_in_turn(state, ally, "emperor")
    _point_in_turn(state, ally, "fremen")
    pl = state["players"][ally]
    assert (pl["influence"]["emperor"], pl["influence"]["fremen"]) == (0, 0)
    assert pl["influence"]["fringe-worlds"] == 1 and pl["influence"]["great-houses"] >= 1
    assert "six.faction-icons" in g.rulings


def test_muad_dib_takes_an_emperor_point_for_his_ally_and_chooses_for_a_fremen_point():
    state = new_game()
    muad_dib = turn_of(state, lambda g, q: q == "m")
    ally = six.teams(Game(state))["muad-dib"]["allies"][0]
    give(state, muad_dib, "seek-allies", "economic-support")
    apply(state, by=muad_dib, do="send-agent", card="seek-allies", space="economic-support", token="left")
    great_houses = state["players"][ally]["influence"]["great-houses"]
    _point_in_turn(state, muad_dib, "emperor")
    assert state["players"][ally]["influence"]["great-houses"] == great_houses + 1
    assert state["players"]["m"]["influence"]["great-houses"] == 0
    _point_in_turn(state, muad_dib, "fremen")
    top = state["stack"][-1]
    assert (top["kind"], top["player"], top["factions"]) == ("faction", "m", ["fringe-worlds", "fremen"])
    apply(state, by="m", do="choose", faction="fremen")
    assert state["players"]["m"]["influence"]["fremen"] == 1
    assert state["players"][ally]["influence"]["fremen"] == 0


CARD_FOR = {"city": "reconnaissance", "landsraad": "dagger", "spice-trade": "dune-the-desert-planet"}


# --- shared Influence where a rule reads a track (booklet p. 4; six.faction-icon-reads) ---------------------
def _requirement(state, pid, space):
    from adjudicator.imperium.turns import placement_error

    g = Game(state)
    card = CARD_FOR[g.space(space)["icon"]]
    state["players"][pid].update(hand=[card], solari=10, spice=10, water=10)  # any cost paid
    state["board"]["occupied"].pop(space, None)
    extra = {"token": "swordmaster", "activate": six.teams(g)[six.team_of(g, pid)]["allies"][0]} \
        if six.is_commander(g, pid) else {}
    err = placement_error(g, pid, {"card": card, "space": space, **extra})
    return err.code if err else None


@pytest.mark.parametrize(("space", "front", "own"), [("sietch-tabr", "fringe-worlds", "fremen"),
                                                     ("imperial-privilege", "great-houses", "emperor")])
def test_an_emperor_or_fremen_requirement_reads_the_track_the_icon_reaches(space, front, own):
    state = new_game()
    assert space in Game(state).board_spaces()
    commander, other = ("m", "s") if own == "fremen" else ("s", "m")
    ally = six.teams(Game(state))[six.team_of(Game(state), commander)]["allies"][1]
    for pid in ("m", "s", ally):
        assert _requirement(copy.deepcopy(state), pid, space) == "agent.influence-requirement", pid
    state["players"][ally]["influence"][front] = 2
    assert _requirement(copy.deepcopy(state), ally, space) is None
    assert _requirement(copy.deepcopy(state), commander, space) is None  # his Ally's, shared
    assert _requirement(copy.deepcopy(state), other, space) == "agent.influence-requirement"
    state["players"][ally]["influence"][front] = 0
    state["players"][commander]["influence"][own] = 2  # his own board's track counts for him alone
    assert _requirement(copy.deepcopy(state), commander, space) is None
    state["players"][ally]["influence"][own] = 2  # an Ally's Emperor or Fremen cube: none on this side
    assert _requirement(copy.deepcopy(state), ally, space) == "agent.influence-requirement"


def test_a_guild_requirement_reads_a_commanders_best_ally():
    state = new_game()
    assert _requirement(copy.deepcopy(state), "m", "shipping") == "agent.influence-requirement"
    state["players"]["m2"]["influence"]["guild"] = 2
    assert _requirement(copy.deepcopy(state), "m", "shipping") is None
    assert _requirement(copy.deepcopy(state), "s", "shipping") == "agent.influence-requirement"


def test_shadow_alliance_reads_a_commanders_shared_influence():
    """Booklet p. 5: Shadow Alliance still works for a Commander; he has his best Ally's Influence."""
    from adjudicator.imperium.conditions import holds

    state = new_game()
    g = Game(state)
    state["alliances"]["guild"] = "s1"
    state["players"]["m1"]["influence"]["guild"] = 4
    assert holds(g, "m", {"rival_alliance_at": 4})
    assert not holds(g, "s", {"rival_alliance_at": 4})


def test_sardaukar_on_shaddams_board_recruits_four_for_his_activated_ally():
    """Shaddam's second space (reading six.board-facts): 3 spice for 1 Influence on his track, 1
    Intrigue card and 4 troops, which his activated Ally recruits."""
    state = new_game()
    shaddam = turn_of(state, lambda g, q: q == "s")
    g = Game(state)
    state["players"][shaddam]["spice"] = 3
    give(state, shaddam, "seek-allies", "sardaukar")
    intrigues = len(state["players"][shaddam]["intrigue"])
    apply(state, by=shaddam, do="send-agent", card="seek-allies", space="sardaukar", token="left")
    ally = state["turn"]["activated"]
    garrison = state["players"][ally]["troops"]["garrison"]
    while state["turn"] and state["turn"]["player"] == shaddam:
        step(state)
    assert state["players"][shaddam]["spice"] == 0 and state["players"][shaddam]["influence"]["emperor"] == 1
    assert len(state["players"][shaddam]["intrigue"]) == intrigues + 1
    assert state["players"][ally]["troops"]["garrison"] >= garrison + 4 - 1 and six.team_of(g, ally) == "shaddam"


# --- leader abilities that name a number or a track the six-player side changes ----------------------
def test_irulan_reads_the_great_houses_track_for_the_emperors():
    """Imperial Birthright at 2 Influence (reading six.leader-tracks)."""
    state = new_game()
    g = Game(state)
    irulan = next(q for q in g.order if state["players"][q]["leader"] == "princess-irulan")
    change_influence(g, irulan, "great-houses", 2)
    assert state["stack"][-1]["src"] == "leader:princess-irulan" and "six.leader-tracks" in g.rulings


def test_gurney_needs_10_strength_with_six_players():
    from adjudicator.imperium.conditions import holds
    state = new_game()
    g = Game(state)
    gurney = next(q for q in g.order if state["players"][q]["leader"] == "gurney-halleck")
    assert holds(g, gurney, {"six_players": True})
    ability = g.content.leaders["gurney-halleck"]["ability"]["effects"][0]
    assert ability["then"][0]["if"] == {"strength": 10} and ability["else"][0]["if"] == {"strength": 6}
