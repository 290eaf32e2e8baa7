"""The six-player side of the Uprising board (seed 004, the Russian booklet for 6 players, pp. 2
and 8; issue #13; data/uprising/six-board.json): its spaces in a six-player game only, in place
of the Emperor's and the Fremen's, its Great Houses and Fringe Worlds tracks, the spaces' costs
and effects, and what of them is still reported as not implemented."""

import copy

import pytest
from six_helpers import RULES, apply, new_game, step

from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.game import Game
from adjudicator.imperium.modules.six_players import teams as six
from adjudicator.imperium.rules import ruleset

SIX_SPACES = ("carthag", "economic-support", "expedition", "forbidden-tech", "habbanya-erg", "military-support")
COMMANDER_SPACES = ("desert-mastery", "hardened-warriors", "vast-wealth")  # the two Commanders' boards
REPLACED = ("desert-tactics", "dutiful-service", "fremkit")  # the Emperor's and Fremen's; Sardaukar moves


def _four_player_game() -> dict:
    doc = {"system": "imperium", "edition": "uprising", "modules": ["choam"],
           "players": [{"id": f"p{i}", "leader": lead} for i, lead in
                       enumerate(["muad-dib", "lady-jessica", "gurney-halleck", "princess-irulan"])]}
    return ruleset("uprising").new_state(doc, {"seed": 1})


def test_the_six_player_side_has_its_spaces_in_place_of_the_emperors_and_fremens():
    six_board = set(Game(new_game()).board_spaces())
    front = set(Game(_four_player_game()).board_spaces())
    assert six_board - front == {*SIX_SPACES, *COMMANDER_SPACES}
    assert front - six_board == set(REPLACED)  # Sardaukar is on both: on Shaddam's board here


def test_the_six_player_side_has_the_great_houses_and_fringe_worlds_tracks():
    state = new_game()
    g = Game(state)
    assert g.tracks == ("great-houses", "guild", "bene-gesserit", "fringe-worlds")
    assert Game(_four_player_game()).tracks == ("emperor", "guild", "bene-gesserit", "fremen")
    for pid in g.order:
        assert state["players"][pid]["influence"]["great-houses"] == 0
        assert state["players"][pid]["influence"]["fringe-worlds"] == 0
    assert state["alliances"]["great-houses"] is None and state["alliances"]["fringe-worlds"] is None
    # Habbanya Erg, a Maker space, gathers bonus spice; the four-player game has no such entry
    assert state["board"]["bonus_spice"]["habbanya-erg"] == 0
    assert "habbanya-erg" not in _four_player_game()["board"]["bonus_spice"]
    assert g.content.names["faction"].resolve("Fringe Worlds") == "fringe-worlds"


@pytest.mark.parametrize(("space", "cost", "faction"), [
    ("military-support", {"spice": 2}, "great-houses"), ("economic-support", {}, "great-houses"),
    ("forbidden-tech", {"spice": 2}, "fringe-worlds"), ("expedition", {}, "fringe-worlds"),
    ("carthag", {}, None), ("habbanya-erg", {"water": 1}, None)])
def test_the_six_player_spaces_as_printed(space, cost, faction):
    """Booklet p. 8: costs and the track each Faction space raises; the Emperor icon leads to
    the Great Houses' spaces, the Fremen icon to the Fringe Worlds' (six.faction-icons)."""
    data = Game(new_game()).space(space)
    assert data.get("cost", {}) == cost and data["faction"] == faction
    assert {"great-houses": "emperor", "fringe-worlds": "fremen", None: data["icon"]}[faction] == data["icon"]
    assert data["combat"] is (space in ("carthag", "habbanya-erg"))


def _ally_turn(state) -> str:
    """Step on to the first Ally's Agent turn."""
    g = Game(state)
    for _ in range(5000):
        top = state["stack"][-1]
        if top["t"] == "turn" and state["round"] >= 1 and not six.is_commander(g, top["player"]):
            return top["player"]
        step(state)
    raise AssertionError("never reached")


def _send(state, pid, card, space, **extra):
    pl = state["players"][pid]
    pl["hand"] = sorted(pl["hand"] + [card])
    state["board"]["occupied"].pop(space, None)
    return apply(state, by=pid, do="send-agent", card=card, space=space, **extra)


def _finish_turn(state, pid):
    while state["turn"] and state["turn"]["player"] == pid:
        step(state)


def test_an_ally_at_expedition_gains_fringe_worlds_influence_and_a_contract():
    state = new_game()
    ally = _ally_turn(state)
    contracts = len(state["players"][ally]["contracts"])
    outcome = _send(state, ally, "seek-allies", "expedition")
    assert outcome.verdict == "legal"
    _finish_turn(state, ally)
    pl = state["players"][ally]
    assert pl["influence"]["fringe-worlds"] == 1 and pl["influence"]["fremen"] == 0
    assert len(pl["contracts"]) == contracts + 1


def test_forbidden_tech_costs_two_spice_and_gives_an_intrigue_card():
    state = new_game()
    ally = _ally_turn(state)
    pl = state["players"][ally]
    pl["spice"] = 1
    with pytest.raises(IllegalAction) as err:
        _send(copy.deepcopy(state), ally, "seek-allies", "forbidden-tech")
    assert err.value.code == "agent.space-cost"
    pl["spice"] = 3
    intrigues = len(pl["intrigue"])
    _send(state, ally, "seek-allies", "forbidden-tech")
    _finish_turn(state, ally)
    assert pl["spice"] == 1 and len(pl["intrigue"]) == intrigues + 1
    assert pl["influence"]["great-houses"] == 0 and pl["influence"]["fringe-worlds"] == 1


@pytest.mark.parametrize("space", REPLACED)
def test_the_emperors_and_fremens_spaces_are_not_on_the_six_player_side(space):
    state = new_game()
    ally = _ally_turn(state)
    with pytest.raises(IllegalAction) as err:
        _send(state, ally, "seek-allies", space)
    assert err.value.code == "agent.unknown-space"


def test_the_six_player_spaces_are_not_on_the_four_player_board():
    state = _four_player_game()
    rules = ruleset("uprising")
    while not (state["stack"][-1]["t"] == "turn" and state["round"] >= 1):
        dealt = rules.deal(state)
        rules.apply(state, dealt, dealt=True) if dealt else rules.apply(state, rules.legal_actions(state)[0])
    pid = state["stack"][-1]["player"]
    with pytest.raises(IllegalAction) as err:
        _send(state, pid, "seek-allies", "expedition")
    assert err.value.code == "agent.unknown-space"


def _reinforcing(state) -> tuple[str, list[str]]:
    """An Ally's Agent on Military Support, up to the Reinforcement choice: the Ally and the team's Allies."""
    ally = _ally_turn(state)
    state["players"][ally]["spice"] = 2
    _send(state, ally, "seek-allies", "military-support")
    for _ in range(50):
        top = state["stack"][-1]
        if top["t"] == "choice" and top["kind"] == "reinforce":
            return ally, top["allies"]
        step(state)
    raise AssertionError("no Reinforcement asked")


def test_reinforcement_shares_three_troops_between_the_allies_who_may_deploy_them():
    """Booklet pp. 4, 8: Military Support costs 2 spice, raises the Great Houses, and recruits three
    troops shared out as the player likes between the team's Allies, deployable though the space
    is no combat space."""
    state = new_game()
    ally, allies = _reinforcing(state)
    assert ally in allies and state["players"][ally]["spice"] == 0
    assert [o.get("count") for o in RULES.legal_actions(state) if o.do == "choose"] == [0, 1, 2, 3]
    garrisons = [state["players"][q]["troops"]["garrison"] for q in allies]
    apply(state, by=ally, do="choose", count=1)  # one for the first Ally, two for the other
    assert [state["players"][q]["troops"]["garrison"] for q in allies] == [garrisons[0] + 1, garrisons[1] + 2]
    first, second = (dict(state["stack"][-1]), dict(state["stack"][-2]))
    assert (first["kind"], first["move"], first["most"]) == ("count", "deploy", 1)
    assert (second["kind"], second["move"], second["most"]) == ("count", "deploy", 2)
    other = next(q for q in allies if q != ally)
    assert [t.get("units", ally) for t in (first, second)] == allies
    apply(state, by=ally, do="choose", count=1)
    apply(state, by=ally, do="choose", count=2)
    assert [state["players"][q]["troops"]["conflict"] for q in allies] == [1, 2]
    assert state["players"][other]["troops"]["garrison"] == garrisons[1]
    _finish_turn(state, ally)
    assert state["players"][ally]["influence"]["great-houses"] == 1


def test_reinforcement_never_recruits_more_than_a_supply_holds():
    state = new_game()
    ally, allies = _reinforcing(state)
    state["players"][allies[0]]["troops"]["supply"] = 1
    state["players"][allies[1]]["troops"]["supply"] = 1
    assert [o.get("count") for o in RULES.legal_actions(state) if o.do == "choose"] == [1]
    with pytest.raises(IllegalAction):
        apply(copy.deepcopy(state), by=ally, do="choose", count=0)
    apply(state, by=ally, do="choose", count=1)
    assert [state["players"][q]["troops"]["supply"] for q in allies] == [0, 0]


def _economic_support(state) -> tuple[str, list[str]]:
    """An Ally's Agent on Economic Support, up to the Exchange: the Ally and its teammates."""
    ally = _ally_turn(state)
    state["players"][ally]["spice"] = 0
    _send(state, ally, "seek-allies", "economic-support")
    for _ in range(50):
        top = state["stack"][-1]
        if top["t"] == "choice" and top["kind"] == "exchange-with":
            return ally, six.members(Game(state), six.team_of(Game(state), ally))
        step(state)
    raise AssertionError("no Exchange asked")


def test_an_exchange_gives_one_kind_each_way_between_teammates():
    """Booklet pp. 4, 8: Economic Support gives 1 spice and an Exchange with a teammate: each may
    give the other any amount of one kind, or nothing (six.exchange-order)."""
    state = new_game()
    ally, team = _economic_support(state)
    mates = [o.get("player") for o in RULES.legal_actions(state) if o.do == "choose"]
    assert mates == [q for q in team if q != ally] and len(mates) == 2  # the other Ally or the Commander
    mate = mates[0]
    pl, other = state["players"][ally], state["players"][mate]
    pl["water"], other["solari"], pl["intrigue"], other["intrigue"] = 2, 3, [], []
    solari = pl["solari"]
    enemy = next(q for q in state["game"]["seats"] if q not in team)
    with pytest.raises(IllegalAction):
        apply(copy.deepcopy(state), by=ally, do="choose", player=enemy)
    apply(state, by=ally, do="choose", player=mate)
    gifts = [(o.get("resource"), o.get("count")) for o in RULES.legal_actions(state) if o.do == "choose"]
    assert ("water", 2) in gifts and ("water", 3) not in gifts
    apply(state, by=ally, do="choose", resource="water", count=2)
    outcome = apply(state, by=mate, do="choose", resource="solari", count=3)
    assert outcome.verdict == "legal"
    assert (pl["water"], other["water"] >= 2, pl["solari"], other["solari"]) == (0, True, solari + 3, 0)
    _finish_turn(state, ally)
    assert pl["spice"] == 1 and pl["influence"]["great-houses"] == 1


def test_an_exchange_may_give_nothing():
    state = new_game()
    ally, team = _economic_support(state)
    mate = next(q for q in team if q != ally)
    state["players"][ally]["intrigue"] = ["?"]
    apply(state, by=ally, do="choose", player=mate)
    before = copy.deepcopy(state["players"])
    apply(state, by=ally, do="choose", option="skip")
    assert state["players"] == before


def test_an_exchange_may_give_intrigue_cards_held():
    """Booklet p. 4: Intrigue cards are one of the kinds a gift may be; `?` for a card the log
    does not name (reading six.exchange-intrigue)."""
    state = new_game()
    ally, team = _economic_support(state)
    mate = next(q for q in team if q != ally)
    pl, other = state["players"][ally], state["players"][mate]
    pl["intrigue"], other["intrigue"] = ["?", "backed-by-choam", "backed-by-choam"], []
    apply(state, by=ally, do="choose", player=mate)
    gifts = [o.get("intrigue") for o in RULES.legal_actions(state) if o.do == "choose" and "intrigue" in o.data]
    assert len(gifts) == 5 and ["?", "backed-by-choam", "backed-by-choam"] in gifts
    for bad in (["adaptive-tactics"], ["backed-by-choam"] * 3, []):
        with pytest.raises(IllegalAction) as err:
            apply(copy.deepcopy(state), by=ally, do="choose", intrigue=bad)
        assert err.value.code in ("six.gift-not-held", "choice.not-offered"), err.value.code
    outcome = apply(state, by=ally, do="choose", intrigue=["?", "backed-by-choam"])
    assert (pl["intrigue"], other["intrigue"]) == (["backed-by-choam"], ["?", "backed-by-choam"])
    assert "six.exchange-intrigue" in outcome.rulings
    apply(state, by=mate, do="choose", intrigue=["backed-by-choam"])  # one kind back: Intrigue too
    assert sorted(pl["intrigue"]) == ["backed-by-choam"] * 2 and other["intrigue"] == ["?"]


def test_habbanya_erg_costs_water_and_gives_two_spice_with_its_bonus_and_a_card():
    state = new_game()
    ally = _ally_turn(state)
    pl = state["players"][ally]
    state["board"]["bonus_spice"]["habbanya-erg"] = 1
    pl["water"], spice, hand = 1, pl["spice"], len(pl["hand"])
    _send(state, ally, "dune-the-desert-planet", "habbanya-erg")
    _finish_turn(state, ally)
    assert pl["water"] == 0 and pl["spice"] == spice + 3
    assert state["board"]["bonus_spice"]["habbanya-erg"] == 0
    assert len(pl["hand"]) == hand + 1  # the card given to play it came and went; one card drawn


# --- what the booklet does not print (reading six.board-facts) ---------------------------------------
def test_the_new_tracks_reward_4_influence_with_troops_and_a_spy():
    g = Game(new_game())
    assert g.content.factions["great-houses"]["bonus"] == [{"recruit": 2}]
    assert g.content.factions["fringe-worlds"]["bonus"] == [{"spy": 1}]


def test_the_six_player_side_has_its_own_observation_posts():
    g = Game(new_game())
    assert g.space_posts("military-support") == g.space_posts("economic-support") == ["post-great-houses"]
    assert g.space_posts("expedition") == g.space_posts("forbidden-tech") == ["post-fringe-worlds"]
    assert g.space_posts("carthag") == ["post-carthag"] and g.space_posts("habbanya-erg") == ["post-habbanya-erg"]
    assert not {"post-emperor", "post-fremen"} & set(g.posts)  # they watched the spaces that left
    assert all(g.space_posts(s) == [] for s in (*COMMANDER_SPACES, "sardaukar"))  # no post on a Commander's board
    front = Game(_four_player_game())
    assert front.space_posts("sardaukar") == ["post-emperor"] and "post-carthag" not in front.posts


def test_sardaukar_is_shaddams_at_three_spice():
    state = new_game()
    g = Game(state)
    assert g.on_board("sardaukar") and g.space("sardaukar")["cost"] == {"spice": 3}
    assert g.space("sardaukar")["commander"] == "shaddam"
    assert Game(_four_player_game()).space("sardaukar")["cost"] == {"spice": 4}
    ally = _ally_turn(state)
    with pytest.raises(IllegalAction) as err:
        _send(state, ally, "seek-allies", "sardaukar")
    assert err.value.code == "six.commander-board-only"
