"""The rules of the Uprising six-player team game (seed 004, the Russian booklet for 6 players,
pp. 2-8; issue #13): the Swordmaster kept for one round, its bonus swords, its price and its
once-a-game space; team scoring and victory; mutated logs (an Ally acting in another's turn, a Swordmaster kept
past its round) flagged."""

import copy

import pytest
from helpers import start_of
from six_helpers import RULES, apply, new_game, step

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import replay
from adjudicator.imperium.game import Game
from adjudicator.imperium.modules.six_players import teams as six
from adjudicator.imperium.registry import first
from adjudicator.imperium.turns import space_cost
from adjudicator.simulate import simulate


def _round_one(state):
    """Step through setup and round 1's chance outcomes: the first player is known then."""
    while state["round"] == 0 or state["stack"][-1]["t"] == "chance":
        step(state)
    return state["first"]


def _turn_of(state, pid):
    """Step on until `pid` may send an Agent or reveal."""
    for _ in range(5000):
        top = state["stack"][-1]
        if top["t"] == "turn" and top["player"] == pid:
            return
        step(state)
    raise AssertionError("never reached")


# --- the Swordmaster (booklet pp. 5, 8) -----------------------------------------------------------------
def test_the_swordmaster_space_costs_8_until_someone_took_it_then_6():
    """The Commanders' two-arrow tokens do not make it cheaper (six.swordmaster-price)."""
    state = new_game()
    g = Game(state)
    space = g.content.spaces["swordmaster"]
    assert space_cost(g, space, "m1")["solari"] == 8
    state["six"]["swordmaster_taken"] = ["s2"]
    assert space_cost(g, space, "m1")["solari"] == 6


def test_an_ally_takes_the_swordmaster_space_once_a_game():
    state = new_game()
    ally = _round_one(state)
    _turn_of(state, ally)
    pl = state["players"][ally]
    pl["hand"] = sorted(pl["hand"] + ["dagger"])
    pl["solari"] = 20
    before = copy.deepcopy(state)
    outcome = apply(state, by=ally, do="send-agent", card="dagger", space="swordmaster")
    assert outcome.code == "ok" and "six.swordmaster-price" in outcome.rulings
    assert state["six"]["swordmaster_taken"] == [ally]
    assert state["players"][ally]["solari"] == 12  # 8: nobody had taken it
    # once its Swordmaster went back to the box, the space stays closed to that Ally
    before["six"]["swordmaster_taken"] = [ally]
    with pytest.raises(IllegalAction) as err:
        apply(before, by=ally, do="send-agent", card="dagger", space="swordmaster")
    assert err.value.code == "six.swordmaster-once"
    assert "six.space-swordmaster" in err.value.rulings


def _play_round(state):
    """Play to the end of the current round; who had placed how many Agents and which tokens
    before the recall."""
    round_no, placed, tokens = state["round"], {}, {}
    while state["round"] == round_no and state["phase"] != "over":
        if state["phase"] != "recall":
            placed = {q: len(p["placed"]) for q, p in state["players"].items()}
            tokens = copy.deepcopy(state["six"]["tokens"])
        step(state)
    return placed, tokens


@pytest.mark.parametrize("seed", range(4))
def test_the_swordmaster_goes_back_after_the_round_all_three_agents_were_played(seed):
    """Booklet p. 5: an Ally's Swordmaster leaves at the end of the round in which the Ally sent
    all three Agents, a Commander's at the end of the round he played his two-arrow token;
    unused, it waits for a later round."""
    state = new_game(seed)
    while state["round"] == 0 or state["stack"][-1]["t"] == "chance":
        step(state)
    for pid in ("m1", "s1"):
        state["players"][pid].update(swordmaster=True, agents=3)
    state["six"]["swordmaster_taken"] = ["m1", "s1"]
    seen_spent = seen_kept = 0
    for _ in range(4):
        if state["phase"] == "over":
            break
        had = {q: (p["swordmaster"], p["agents"]) for q, p in state["players"].items()}
        placed, tokens = _play_round(state)
        for pid in ("m", "s", "m1", "s1"):
            if not had[pid][0]:
                continue
            pl = state["players"][pid]
            played = "swordmaster" in tokens.get(pid, ()) if pid in ("m", "s") else placed[pid] >= 3
            if played:
                assert (pl["swordmaster"], pl["agents"]) == (False, had[pid][1] - 1), pid
                seen_spent += 1
            else:
                assert (pl["swordmaster"], pl["agents"]) == had[pid], pid
                seen_kept += 1
    assert seen_spent > 0


def test_the_bonus_token_gives_two_swords_in_every_reveal_turn():
    """Booklet p. 5: the bonus token stays for the rest of the game, also once the Swordmaster
    itself went back to the box."""
    state = new_game(3)
    ally = _round_one(state)
    _turn_of(state, ally)
    with_bonus = copy.deepcopy(state)
    with_bonus["six"]["swordmaster_taken"] = [ally]
    apply(state, by=ally, do="reveal")
    outcome = apply(with_bonus, by=ally, do="reveal")
    assert with_bonus["players"][ally]["swords"] == state["players"][ally]["swords"] + 2
    assert "six.swordmaster" in outcome.rulings


def test_a_commanders_bonus_swords_go_to_the_ally_his_reveal_names():
    """Booklet p. 5: a Commander hands the bonus token's 2 swords to the activated Ally; he holds
    the token from setup (our reading six.commander-swordmaster-bonus), also once his two-arrow
    token went back to the box, and keeps no sword himself."""
    state = new_game(3)
    commander = next(q for q in state["game"]["seats"] if six.is_commander(Game(state), q))
    _turn_of(state, commander)
    state["players"][commander]["swordmaster"] = False  # the two-arrow token spent: the bonus stays
    state["players"][commander]["hand"] = ["convincing-argument"]  # no sword of its own
    allies = state["six"]["teams"][six.team_of(Game(state), commander)]["allies"]
    before = {q: state["players"][q]["swords"] for q in allies}
    outcome = apply(state, by=commander, do="reveal", activate=allies[1])
    _finish_turn(state, commander)
    assert state["players"][commander]["swords"] == 0
    assert state["players"][allies[0]]["swords"] == before[allies[0]]
    assert state["players"][allies[1]]["swords"] == before[allies[1]] + six.SWORDMASTER_BONUS
    assert "six.commander-swordmaster-bonus" in outcome.rulings


# --- a Commander's Agent tokens (booklet p. 3) -----------------------------------------------------------
def _commanders_turn(seed=1):
    state = new_game(seed)
    _round_one(state)
    commander = next(q for q in state["game"]["seats"][state["game"]["seats"].index(state["first"]):]
                     + state["game"]["seats"] if six.is_commander(Game(state), q))
    _turn_of(state, commander)
    return state, commander


def test_a_commanders_placements_name_a_token_and_the_ally_it_activates():
    state, commander = _commanders_turn()
    allies = state["six"]["teams"][six.team_of(Game(state), commander)]["allies"]
    placements = [a for a in RULES.legal_actions(state) if a.do == "send-agent"]
    assert placements
    pairs = {(a.get("token"), a.get("activate")) for a in placements}
    # left: the Ally next clockwise (two seats on), right: the other, the Swordmaster: either
    assert pairs == {("left", allies[0]), ("right", allies[1]), ("swordmaster", allies[0]),
                     ("swordmaster", allies[1])}
    seats = state["game"]["seats"]
    assert seats[(seats.index(commander) + 2) % 6] == allies[0]


def test_a_commanders_token_is_checked():
    state, commander = _commanders_turn()
    allies = state["six"]["teams"][six.team_of(Game(state), commander)]["allies"]
    placement = next(a for a in RULES.legal_actions(state) if a.do == "send-agent" and a.get("token") == "left")
    bare = {k: v for k, v in placement.to_json().items() if k not in ("token", "activate")}
    for changed, code in (({}, "six.token-required"), ({"token": "left", "activate": allies[1]}, "six.wrong-ally"),
                          ({"token": "swordmaster", "activate": "s" if commander == "m" else "m"}, "six.wrong-ally")):
        with pytest.raises(IllegalAction) as err:
            RULES.apply(copy.deepcopy(state), Action({**bare, **changed}))
        assert err.value.code == code
        assert "six.ally-activation" in err.value.rulings
    outcome = RULES.apply(state, Action({**bare, "token": "left"}))  # the pointed Ally may go unnamed
    assert state["turn"]["activated"] == allies[0] and state["six"]["tokens"][commander] == ["left"]
    assert "six.activation-sides" in outcome.rulings


def test_each_token_once_a_round_the_swordmaster_while_held():
    state, commander = _commanders_turn()
    state["six"]["tokens"][commander] = ["left"]
    offered = {a.get("token") for a in RULES.legal_actions(state) if a.do == "send-agent"}
    assert offered == {"right", "swordmaster"}
    placement = next(a for a in RULES.legal_actions(state) if a.do == "send-agent")
    again = {**placement.to_json(), "token": "left"}
    again.pop("activate")
    with pytest.raises(IllegalAction) as err:
        RULES.apply(copy.deepcopy(state), Action(again))
    assert err.value.code == "six.token-used"
    state["players"][commander].update(swordmaster=False, agents=2)  # back in the box
    assert {a.get("token") for a in RULES.legal_actions(state) if a.do == "send-agent"} == {"right"}


def test_an_ally_plays_no_token():
    state = new_game()
    ally = _round_one(state)
    _turn_of(state, ally)
    placement = next(a for a in RULES.legal_actions(state) if a.do == "send-agent")
    assert "token" not in placement.to_json()
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, Action({**placement.to_json(), "token": "left"}))
    assert err.value.code == "six.no-token"


def _free(state, space):
    """Take any Agent off `space` (the test's position: the space free for the Commander)."""
    state["board"]["occupied"].pop(space, None)
    for pl in state["players"].values():
        if space in pl["placed"]:
            pl["placed"].remove(space)


def _finish_turn(state, pid):
    while state["turn"] and state["turn"]["player"] == pid:
        step(state)


def test_a_commanders_influence_goes_to_the_activated_ally():
    """Booklet pp. 3-4: the Commander takes the space's resources himself; its Influence moves the
    activated Ally's cube."""
    state, commander = _commanders_turn()
    allies = state["six"]["teams"][six.team_of(Game(state), commander)]["allies"]
    pl = state["players"][commander]
    pl["hand"] = sorted(pl["hand"] + ["seek-allies"])
    water = pl["water"]
    _free(state, "deliver-supplies")
    outcome = apply(state, by=commander, do="send-agent", card="seek-allies", space="deliver-supplies", token="right")
    assert outcome.verdict == "legal"
    _finish_turn(state, commander)
    assert state["players"][allies[1]]["influence"]["guild"] == 1
    assert state["players"][allies[0]]["influence"]["guild"] == 0
    assert pl["influence"]["guild"] == 0 and pl["water"] == water + 1


def test_a_commanders_recruits_and_deployment_are_the_activated_allys_units():
    state, commander = _commanders_turn()
    ally = state["six"]["teams"][six.team_of(Game(state), commander)]["allies"][0]
    pl = state["players"][commander]
    pl["hand"] = sorted(pl["hand"] + ["reconnaissance"])
    _free(state, "arrakeen")
    apply(state, by=commander, do="send-agent", card="reconnaissance", space="arrakeen", token="left")
    while "deploy" not in {a.do for a in RULES.legal_actions(state)}:
        step(state)
    troops = state["players"][ally]["troops"]
    assert troops["garrison"] == 4  # three at setup and the one recruited
    # the Commander hands the deployment over; his activated Ally decides it (six.ally-deploy-order)
    assert [a.to_json() for a in RULES.legal_actions(state) if a.do == "deploy"] == [{"by": commander, "do": "deploy"}]
    with pytest.raises(IllegalAction) as err:
        apply(copy.deepcopy(state), by=commander, do="deploy", recruited=1, garrison=2)
    assert err.value.code == "six.ally-deploys"
    apply(state, by=commander, do="deploy")
    offers = RULES.legal_actions(state)
    assert {a.by for a in offers} == {ally} and state["stack"][-1]["kind"] == "ally-deploy"
    assert max(a.get("recruited", 0) + a.get("garrison", 0) for a in offers) == 3
    with pytest.raises(IllegalAction) as err:
        apply(copy.deepcopy(state), by=commander, do="choose", recruited=1, garrison=2)
    assert err.value.code == "turn.not-your-turn"
    apply(state, by=ally, do="choose", recruited=1, garrison=2)
    assert (troops["garrison"], troops["conflict"]) == (1, 3)
    assert pl["troops"] == {"supply": 0, "garrison": 0, "conflict": 0}


def test_a_cards_deploy_in_a_commanders_turn_moves_the_activated_allys_troops():
    """A card's own "deploy" (or "retreat") in the Commander's turn: his activated Ally answers,
    and his units move."""
    from adjudicator.imperium.effects import advance_steps
    from adjudicator.imperium.steps import run

    state, commander = _commanders_turn()
    ally = state["six"]["teams"][six.team_of(Game(state), commander)]["allies"][1]
    pl = state["players"][commander]
    pl["hand"] = sorted(pl["hand"] + ["seek-allies"])
    _free(state, "deliver-supplies")
    apply(state, by=commander, do="send-agent", card="seek-allies", space="deliver-supplies", token="right")
    g = Game(state)
    run(g, commander, [{"deploy": 2}], "card:test")
    advance_steps(g, g.top)
    task = state["stack"][-1]
    assert (task["kind"], task["player"], task.get("units")) == ("count", ally, None)  # the Ally decides
    assert sorted(a.get("count") for a in RULES.legal_actions(state)) == [0, 1, 2]
    garrison = state["players"][ally]["troops"]["garrison"]
    apply(state, by=ally, do="choose", count=2)
    assert state["players"][ally]["troops"]["garrison"] == garrison - 2
    assert state["players"][ally]["troops"]["conflict"] == 2


def test_a_commanders_reveal_names_the_ally_who_gets_its_swords():
    """Booklet p. 3: in his Reveal turn the Commander names one Ally for all its effects; the
    Persuasion stays his own."""
    state, commander = _commanders_turn()
    allies = state["six"]["teams"][six.team_of(Game(state), commander)]["allies"]
    pl = state["players"][commander]
    pl["hand"] = ["convincing-argument", "dagger", "dagger"]
    offers = [a.to_json() for a in RULES.legal_actions(state) if a.do == "reveal"]
    assert offers == [{"by": commander, "do": "reveal", "activate": ally} for ally in allies]
    for bad in ({}, {"activate": "m" if commander == "s" else "s"}):
        with pytest.raises(IllegalAction) as err:
            apply(copy.deepcopy(state), by=commander, do="reveal", **bad)
        assert err.value.code == "six.wrong-ally"
    swords = state["players"][allies[1]]["swords"]
    apply(state, by=commander, do="reveal", activate=allies[1])
    persuasion = 0
    while state["turn"] and state["turn"]["player"] == commander:
        persuasion = max(persuasion, pl["persuasion"])
        step(state)
    # the two Daggers and the Commander's Swordmaster bonus (six.commander-swordmaster-bonus)
    assert state["players"][allies[1]]["swords"] == swords + 2 + six.SWORDMASTER_BONUS
    assert pl["swords"] == 0 and persuasion == 2


def test_an_allys_reveal_names_nobody():
    state = new_game()
    ally = _round_one(state)
    _turn_of(state, ally)
    assert [a.to_json() for a in RULES.legal_actions(state) if a.do == "reveal"] == [{"by": ally, "do": "reveal"}]
    with pytest.raises(IllegalAction) as err:
        apply(state, by=ally, do="reveal", activate=ally)
    assert err.value.code == "six.no-token"


def test_a_commander_counts_his_most_influential_allys_influence():
    """Booklet p. 4: for effects, a Commander has the Influence of whichever Ally has the most
    with that faction."""
    from adjudicator.imperium.conditions import holds

    state = new_game()
    g = Game(state)
    state["players"]["m1"]["influence"]["guild"] = 1
    state["players"]["m2"]["influence"]["guild"] = 3
    assert holds(g, "m", {"influence": "guild", "at_least": 3})
    assert not holds(g, "m", {"influence": "guild", "at_least": 4})
    assert not holds(g, "s", {"influence": "guild", "at_least": 1})  # the other team's Allies do not count
    assert not holds(g, "m1", {"influence": "guild", "at_least": 2})  # an Ally counts only their own
    assert "six.shared-influence" in g.rulings


def test_a_commander_keeps_an_unplayed_swordmaster_token():
    """Two tokens played, the Swordmaster not among them: it stays; played: it leaves."""
    state = new_game()
    g = Game(state)
    state["six"]["tokens"] = {"m": ["left", "right"], "s": ["left", "swordmaster"]}
    state["players"]["m"]["placed"] = ["arrakeen", "assembly-hall"]
    state["players"]["s"]["placed"] = ["carthag", "espionage"]
    six._swordmaster_to_box(g)
    assert (state["players"]["m"]["swordmaster"], state["players"]["m"]["agents"]) == (True, 3)
    assert (state["players"]["s"]["swordmaster"], state["players"]["s"]["agents"]) == (False, 2)
    assert state["six"]["tokens"] == {}


# --- team scoring and victory (booklet p. 5) ----------------------------------------------------------
def _final(state, **players):
    for pid, values in players.items():
        garrison = values.pop("garrison", 0)
        state["players"][pid].update(values)
        state["players"][pid]["troops"]["garrison"] = garrison
    return first("game-result", Game(state))


ZERO = {"spice": 0, "solari": 0, "water": 0}


def test_the_team_with_more_vp_in_total_wins_even_without_the_best_player():
    """Team Muad'Dib 4+5+5 = 14 beats Team Shaddam 11+1+1 = 13, though Shaddam scored most."""
    state = new_game()
    result = _final(state, m=dict(vp=4, **ZERO), m1=dict(vp=5, **ZERO), m2=dict(vp=5, **ZERO),
                    s=dict(vp=11, **ZERO), s1=dict(vp=1, **ZERO), s2=dict(vp=1, **ZERO))
    assert result["teams"]["muad-dib"]["vp"] == 14 and result["teams"]["shaddam"]["vp"] == 13
    assert result["winning_team"] == "muad-dib"
    assert result["shared"] == ["m", "m1", "m2"] and result["winner"] is None
    assert result["ranking"][:3] == ["m", "m1", "m2"]
    assert result["teams"]["shaddam"]["name"] == "Team Shaddam"


def test_a_tie_between_teams_goes_to_spice_then_solari_water_garrison():
    state = new_game()
    # 12 VP each; spice 3+2 = 5 each; Solari 4 against 1+2+0 = 3
    result = _final(state, m=dict(vp=4, spice=3, solari=4, water=0), m1=dict(vp=4, spice=2, solari=0, water=0),
                    m2=dict(vp=4, spice=0, solari=0, water=0, garrison=9),
                    s=dict(vp=4, spice=0, solari=1, water=5), s1=dict(vp=4, spice=5, solari=2, water=0),
                    s2=dict(vp=4, spice=0, solari=0, water=0))
    assert result["teams"]["muad-dib"]["spice"] == result["teams"]["shaddam"]["spice"] == 5
    assert result["winning_team"] == "muad-dib"
    # all equal up to the garrisons: the troops there decide
    result = _final(state, m=dict(vp=4, **ZERO), m1=dict(vp=4, **ZERO), m2=dict(vp=4, garrison=2, **ZERO),
                    s=dict(vp=4, **ZERO), s1=dict(vp=4, garrison=3, **ZERO), s2=dict(vp=4, **ZERO))
    assert result["winning_team"] == "shaddam"
    result = _final(state, m=dict(vp=4, **ZERO), m1=dict(vp=4, **ZERO), m2=dict(vp=4, garrison=3, **ZERO),
                    s=dict(vp=4, **ZERO), s1=dict(vp=4, garrison=3, **ZERO), s2=dict(vp=4, **ZERO))
    assert result["winning_team"] is None and result["shared"] == []


# --- mutated logs ---------------------------------------------------------------------------------------
def _log(seed=0):
    return simulate("uprising", 6, seed, ("choam",))


def test_an_ally_acting_in_its_commanders_turn_is_flagged():
    log = _log()
    teams = replay(log, snapshots="final")["final_state"]["six"]["teams"]
    commanders = {side["commander"]: side["allies"][0] for side in teams.values()}
    index = next(i for i, a in enumerate(log["actions"]) if a["by"] in commanders and a["do"] == "send-agent")
    mutated = copy.deepcopy(log)
    mutated["actions"][index]["by"] = commanders[log["actions"][index]["by"]]
    report = replay(mutated, snapshots="final")
    assert not report["valid"] and report["first_illegal"] == index
    assert report["verdicts"][index]["code"] == "turn.not-your-turn"


def _after_expiry(log):
    """The index of an Ally's Reveal in the round after its Swordmaster went back to the box,
    and that Ally (None when the game has none)."""
    state = start_of(RULES, log)
    spent = None
    for index, action in enumerate(log["actions"]):
        if spent and action["by"] == spent and action["do"] == "reveal":
            return index, spent
        had = {q: p["swordmaster"] for q, p in state["players"].items()}
        RULES.apply(state, Action(action))
        for q, held in had.items():
            if held and not state["players"][q]["swordmaster"] and not six.is_commander(Game(state), q):
                spent = q
    return None, None


def _mutation(seed):
    """A third Agent for an Ally, the turn it revealed in the round after its Swordmaster left:
    (log, index, action), or None when this playout offers none."""
    log = _log(seed)
    index, ally = _after_expiry(log)
    if index is None:
        return None
    state = start_of(RULES, log)
    for action in log["actions"][:index]:
        RULES.apply(state, Action(action))
    if len(state["players"][ally]["placed"]) != 2:
        return None
    kept = copy.deepcopy(state)
    kept["players"][ally]["agents"] += 1  # as if the Swordmaster had stayed
    third = next((a for a in RULES.legal_actions(kept) if a.do == "send-agent"), None)
    if third is None:
        return None
    RULES.apply(kept, third)  # legal with a Swordmaster
    return log, index, third


def test_a_swordmaster_kept_past_its_round_is_flagged():
    """Booklet p. 5: a third Agent sent in the round after the Swordmaster left is refused; the
    same action with the Swordmaster still there would have been legal."""
    found = next(m for seed in range(40) if (m := _mutation(seed)))
    log, index, third = found
    mutated = dict(log, actions=log["actions"][:index] + [third.to_json()])
    report = replay(mutated, snapshots="final")
    assert report["first_illegal"] == index
    assert report["verdicts"][index]["code"] == "agent.no-agents-left"


def test_the_timeline_spells_a_commanders_token_and_ally():
    state = new_game()
    action = {"by": "m", "do": "send-agent", "card": "dagger", "space": "gather-support", "token": "swordmaster",
              "activate": "m2"}
    assert RULES.describe(action, state, "en") == \
        "m sends an Agent: activating m2; Dagger; Gather Support; Swordmaster token"
    assert "жетон оружейника" in RULES.describe(action, state, "ru")
    assert RULES.describe({"by": "s", "do": "reveal", "activate": "s1"}, state, "en") == "s reveals: activating s1"


# --- an Ally in the Conflict only through a Commander (booklet p. 3; six.ally-swords-outside) -------------
def _ally_reveals(seed, in_conflict):
    state = new_game(seed)
    ally = _round_one(state)
    _turn_of(state, ally)
    pl = state["players"][ally]
    pl["hand"], pl["swords"] = ["dagger", "dagger"], 3  # 3 swords a Commander gave before
    pl["troops"]["conflict"] = 1 if in_conflict else 0
    apply(state, by=ally, do="reveal")
    _finish_turn(state, ally)
    return state, ally


def test_an_ally_revealing_outside_the_conflict_keeps_only_the_commanders_swords():
    state, ally = _ally_reveals(3, in_conflict=False)
    assert state["players"][ally]["swords"] == 3
    state, ally = _ally_reveals(3, in_conflict=True)
    assert state["players"][ally]["swords"] == 3 + 2  # the two Daggers count


def test_a_commander_deciding_his_allys_deployment_is_flagged():
    """Booklet p. 3: the activated Ally decides the deployment. A playout's hand-over and the
    Ally's answer, folded into one Commander's deploy with the same counts, is refused there."""
    for seed in range(10):
        log = _log(seed)
        found = [i for i, a in enumerate(log["actions"][:-1]) if a["do"] == "deploy" and len(a) == 2
                 and log["actions"][i + 1]["do"] == "choose" and log["actions"][i + 1]["by"] != a["by"]
                 and {"recruited", "garrison"} & set(log["actions"][i + 1])]
        if found:
            break
    else:
        raise AssertionError("no playout handed a deployment over")
    index = found[0]
    handed, answer = log["actions"][index], log["actions"][index + 1]
    assert replay(dict(log, actions=log["actions"][:index + 2]), snapshots="final")["valid"] is not False
    folded = {**{k: v for k, v in answer.items() if k not in ("by", "do")}, "by": handed["by"], "do": "deploy"}
    mutated = dict(log, actions=log["actions"][:index] + [folded] + log["actions"][index + 2:])
    report = replay(mutated, snapshots="final")
    assert report["first_illegal"] == index
    assert report["verdicts"][index]["code"] == "six.ally-deploys"
