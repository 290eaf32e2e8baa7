"""Rule errors found by acceptance testing, one scenario (or more) per fix; each docstring names
the rule it checks (seed, rulebook or FAQ, and page)."""

import copy

import pytest
from helpers import P, act, deal, drive, fresh, give_intrigue, hand, top

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import Driver
from adjudicator.imperium.combat import strength
from adjudicator.imperium.game import Game
from adjudicator.imperium.influence import change_influence
from adjudicator.imperium.rules import ruleset


def illegal(rules, state, by, do, code, **args):
    with pytest.raises(IllegalAction) as err:
        act(rules, state, by, do, **args)
    assert err.value.code == code, err.value.message
    return err.value


# --- 1. Alliance tokens (FAQ 2022, p. 1, 'Alliance') ------------------------------------------------
def test_alliance_returns_to_the_board_when_the_holder_falls_to_three_and_nobody_has_four():
    """FAQ 2022 p. 1 'Alliance': a holder who falls to 3 Influence or lower loses the token; with
    no player at 4 or higher to take it, it goes back to the board (and its VP with it)."""
    rules, st = fresh()
    game = Game(st)
    change_influence(game, "red", "fremen", 4)
    change_influence(game, "blue", "fremen", 3)
    assert st["alliances"]["fremen"] == "red" and P(st, "red")["vp"] == 2
    change_influence(game, "red", "fremen", -1)
    assert st["alliances"]["fremen"] is None
    assert P(st, "red")["vp"] == 1  # still 1 for the second step, none for the Alliance
    assert "influence.alliance-loss" in game.rulings
    change_influence(game, "blue", "fremen", 1)  # the first to reach 4 again claims it
    assert st["alliances"]["fremen"] == "blue" and P(st, "blue")["vp"] == 2


def test_alliance_holder_chooses_who_takes_it_among_several_tied_players():
    """FAQ 2022 p. 1 'Alliance': a holder tied with other players who loses Influence loses the
    token; tied with more than one other player, the holder chooses which of them takes it."""
    rules, st = fresh()
    game = Game(st)
    change_influence(game, "red", "fremen", 5)
    change_influence(game, "blue", "fremen", 5)
    change_influence(game, "green", "fremen", 5)
    assert st["alliances"]["fremen"] == "red"  # ties do not take it
    change_influence(game, "red", "fremen", -1)
    prompt = rules.prompt(st)
    assert prompt["by"] == "red" and prompt["kind"] == "alliance"
    assert [a.data["player"] for a in rules.legal_actions(st)] == ["blue", "green"]
    out = act(rules, st, "red", "choose", player="green")
    assert "influence.alliance-loss" in out.rulings
    assert st["alliances"]["fremen"] == "green"
    assert P(st, "red")["vp"] == 1 and P(st, "green")["vp"] == 2 and P(st, "blue")["vp"] == 1
    assert rules.prompt(st)["kind"] == "turn"


def test_alliance_falling_to_three_goes_to_a_player_at_four():
    """FAQ 2022 p. 1 'Alliance': fallen to 3 or lower, the token goes to the player who has 4
    Influence or more; with several of them at the same level, the holder chooses."""
    rules, st = fresh()
    game = Game(st)
    change_influence(game, "red", "emperor", 5)
    change_influence(game, "blue", "emperor", 4)
    change_influence(game, "green", "emperor", 4)
    change_influence(game, "red", "emperor", -2)  # 5 -> 3, tied with nobody before
    assert top(st)["kind"] == "alliance" and top(st)["players"] == ["blue", "green"]
    act(rules, st, "red", "choose", player="blue")
    assert st["alliances"]["emperor"] == "blue"
    assert P(st, "red")["vp"] == 1 and P(st, "blue")["vp"] == 2


# --- 2. The Combat Intrigue window (rulebook p. 12) -------------------------------------------------
BASE = ruleset("base")


def _rulebook_combat():
    """The original game, 3 players in seat order John (first player), Abby, Ned, stopped at the
    Combat Intrigue window of round 1 with Siege of Arrakeen as the Conflict: John 8 strength
    (four troops), Abby 6 (three troops, Ambush in hand), Ned no troop; John holds no Combat card."""
    game = {"system": "imperium", "edition": "base", "modules": [],
            "players": [{"id": "john", "leader": "earl-memnon-thorvald"},
                        {"id": "abby", "leader": "helena-richese"},
                        {"id": "ned", "leader": "countess-ariana-thorvald"}]}
    st = BASE.new_state(game, {"seed": 3})
    deal(BASE, st)
    board = st["board"]
    old = board["conflict"]
    board["conflict_pool"][str(BASE.content.conflicts[old]["level"])].append(old)
    board["conflict_pool"]["2"].remove("siege-of-arrakeen")
    board["conflict"] = "siege-of-arrakeen"
    for pid in ("john", "abby", "ned"):
        pl = P(st, pid)
        st["intrigue_deck"]["cards"] = sorted(st["intrigue_deck"]["cards"] + pl["intrigue"])
        pl["intrigue"] = []
    give_intrigue(st, "abby", ["ambush"])
    for pid, n in (("john", 4), ("abby", 3), ("ned", 0)):
        P(st, pid)["troops"] = {"supply": 12 - n, "garrison": 0, "conflict": n}
    drive(BASE, st, lambda s: s["phase"] != "player-turns")  # everyone reveals
    for pid in ("john", "abby", "ned"):
        P(st, pid)["swords"] = 0  # the strength of the example: troops only
    assert top(st)["t"] == "window" and top(st)["order"] == ["john", "abby"]
    return st


def test_rulebook_combat_example_is_loggable_as_written():
    """Dune: Imperium rulebook p. 12, the Phase 3 example: John (8 strength, first player) passes;
    Abby plays Ambush (+4, 10 strength); Ned has no troops and takes no part; it is back to John,
    who passes again although he passed before; Abby passes; Abby wins Siege of Arrakeen (1 VP and
    control of Arrakeen) and John takes the second reward, 4 Solari. Abby's go of plays ends with
    a pass that is not one of the passes in a row (reading combat.intrigue-window-turns); a log
    written as the example tells it leaves that pass out and the engine takes it."""
    st = _rulebook_combat()
    assert strength(Game(st), "john") == 8 and strength(Game(st), "abby") == 6
    john_vp, abby_vp, john_solari, ned = P(st, "john")["vp"], P(st, "abby")["vp"], P(st, "john")["solari"], \
        dict(P(st, "ned"))
    log = [("john", "pass", {}), ("abby", "play-intrigue", {"card": "ambush"}), ("abby", "pass", {}),
           ("john", "pass", {}), ("abby", "pass", {})]
    prompts = []
    for by, do, args in log:
        prompts.append(BASE.prompt(st)["by"])
        out = BASE.apply(st, Action({"by": by, "do": do, **args}))
        assert out.verdict == "legal"
        if do == "play-intrigue":
            assert strength(Game(st), "abby") == 10
            assert "combat.intrigue-window-turns" in out.rulings
            assert [a.do for a in BASE.legal_actions(st)] == ["pass"]  # Abby has no Combat card left
    assert prompts == ["john", "abby", "abby", "john", "abby"]
    deal(BASE, st)
    assert P(st, "abby")["vp"] == abby_vp + 1 and st["board"]["control"].get("arrakeen") == "abby"
    assert P(st, "john")["solari"] == john_solari + 4 and P(st, "john")["vp"] == john_vp
    assert P(st, "ned")["vp"] == ned["vp"] and P(st, "ned")["solari"] == ned["solari"]


def test_rulebook_combat_example_as_told_leaves_out_the_end_of_abbys_go():
    """Dune: Imperium rulebook p. 12: the example goes from Abby's Ambush straight to John; the
    driver takes Abby's go-ending pass (log.forced-steps), and John's pass alone does not close
    the window: Abby must still pass."""
    st = _rulebook_combat()
    driver = Driver(BASE, st)
    driver.apply(Action({"by": "john", "do": "pass"}))
    driver.apply(Action({"by": "abby", "do": "play-intrigue", "card": "ambush"}))
    out = driver.apply(Action({"by": "john", "do": "pass"}))
    assert [a.data for a in out.implied] == [{"by": "abby", "do": "pass"}]
    assert top(driver.state)["t"] == "window" and BASE.prompt(driver.state)["by"] == "abby"
    driver.apply(Action({"by": "abby", "do": "pass"}))
    assert driver.state["board"]["control"].get("arrakeen") == "abby"


def test_combat_intrigue_a_player_may_play_several_cards_in_one_go():
    """Dune: Imperium rulebook p. 12: a participant 'may play any number of Combat Intrigue
    cards, or may pass'. Legal: Abby plays Ambush and then Master Tactician in the same go, John
    never deciding in between. Illegal: John acting while the go is Abby's."""
    st = _rulebook_combat()
    give_intrigue(st, "abby", ["master-tactician"])
    act(BASE, st, "john", "pass")
    act(BASE, st, "abby", "play-intrigue", card="ambush")
    assert BASE.prompt(st)["by"] == "abby"
    assert {a.do for a in BASE.legal_actions(st)} == {"pass", "play-intrigue"}
    with pytest.raises(IllegalAction):
        act(BASE, st, "john", "pass")
    act(BASE, st, "abby", "play-intrigue", card="master-tactician")
    act(BASE, st, "abby", "choose", option=0)  # 3 swords
    assert strength(Game(st), "abby") == 13 and BASE.prompt(st)["by"] == "abby"
    act(BASE, st, "abby", "pass")  # the end of her go, not a pass in the row
    act(BASE, st, "john", "pass")
    assert top(st)["t"] == "window" and BASE.prompt(st)["by"] == "abby"
    act(BASE, st, "abby", "pass")
    assert st["board"]["control"].get("arrakeen") == "abby"


def test_a_combat_intrigue_that_asks_a_choice_keeps_the_go_with_its_player():
    """Dune: Imperium rulebook p. 12 (Combat Intrigue cards and the example): the card's choice is
    answered by its player, whose go goes on (they may play more) until they pass; the window
    closes only after every participant has passed in a row."""
    st = _rulebook_combat()
    P(st, "abby")["intrigue"] = []
    st["intrigue_deck"]["cards"].append("ambush")
    st["intrigue_deck"]["cards"].sort()
    give_intrigue(st, "abby", ["master-tactician"])
    act(BASE, st, "john", "pass")
    act(BASE, st, "abby", "play-intrigue", card="master-tactician")
    assert BASE.prompt(st)["by"] == "abby" and top(st)["kind"] == "option"
    act(BASE, st, "abby", "choose", option=0)  # 3 swords
    assert strength(Game(st), "abby") == 9
    assert BASE.prompt(st)["by"] == "abby" and top(st)["t"] == "window"
    act(BASE, st, "abby", "pass")
    assert BASE.prompt(st)["by"] == "john" and top(st)["t"] == "window"
    act(BASE, st, "john", "pass")
    assert BASE.prompt(st)["by"] == "abby" and top(st)["t"] == "window"  # one pass is not enough
    act(BASE, st, "abby", "pass")
    assert st["board"]["control"].get("arrakeen") == "abby"


# --- 3. Sandworms need Maker Hooks and an unprotected Conflict (seed 004 p. 10) --------------------
def _hagga(hooks: bool, conflict: str, wall: bool = True):
    """Red sends an Agent to Hagga Basin (1 water) with or without Maker Hooks."""
    rules, st = fresh()
    st["board"]["conflict"] = conflict
    st["board"]["shield_wall"] = wall
    hand(st, "red", ["dune-the-desert-planet", "dagger", "reconnaissance", "diplomacy", "convincing-argument"])
    P(st, "red").update(water=1, maker_hooks=hooks)
    st["board"]["bonus_spice"]["hagga-basin"] = 1
    act(rules, st, "red", "send-agent", card="dune-the-desert-planet", space="hagga-basin")
    return rules, st


def test_no_sandworm_option_without_maker_hooks():
    """Seed 004 p. 10 'Песчаные черви': a sandworm needs Maker Hooks. At Hagga Basin without them
    the sandworm option is not offered (the harvest resolves at once, citing the rule) and a
    choice of it is refused, never accepted as a no-op."""
    rules, st = _hagga(hooks=False, conflict="skirmish-crysknife")
    out = act(rules, st, "red", "resolve", effect="space:hagga-basin")
    assert "worm.maker-hooks" in out.rulings
    assert P(st, "red")["spice"] == 3 and P(st, "red")["worms"] == 0  # 2 + the bonus spice
    assert rules.prompt(st)["kind"] == "agent"
    illegal(rules, st, "red", "choose", "turn.unexpected-action", option=1)


def test_no_sandworm_in_a_conflict_the_standing_shield_wall_protects():
    """Seed 004 p. 10 'Песчаные черви' and 'Контроль и Барьерная Стена': while the Shield Wall
    stands, no sandworm may join a Conflict over Arrakeen, the Spice Refinery or Imperial Basin;
    once it is gone the option is offered again."""
    rules, st = _hagga(hooks=True, conflict="siege-of-arrakeen")
    out = act(rules, st, "red", "resolve", effect="space:hagga-basin")
    assert "worm.shield-wall" in out.rulings
    assert P(st, "red")["worms"] == 0 and P(st, "red")["spice"] == 3
    rules, st = _hagga(hooks=True, conflict="siege-of-arrakeen", wall=False)
    act(rules, st, "red", "resolve", effect="space:hagga-basin")
    assert top(st)["kind"] == "option" and top(st)["open"] == [0, 1]
    act(rules, st, "red", "choose", option=1)
    assert P(st, "red")["worms"] == 1 and P(st, "red")["spice"] == 1  # the bonus spice only


def test_a_forbidden_sandworm_step_is_refused_with_its_ruling():
    """Seed 004 p. 10 'Песчаные черви': a sandworm step that a rule forbids is an illegal action
    with the rule's code, whether the option is offered by mistake or the step is reached."""
    from adjudicator.imperium.choices import answer
    from adjudicator.imperium.effects import op_worm

    rules, st = fresh()
    game = Game(st)
    with pytest.raises(IllegalAction) as err:
        op_worm(game, {"player": "red", "src": "test"}, {"worm": 1})
    assert err.value.code == "worm.maker-hooks" and "worm.maker-hooks" in err.value.rulings
    task = {"t": "choice", "player": "red", "kind": "option", "src": "space:deep-desert",
            "options": rules.content.spaces["deep-desert"]["effects"][0]["choose"], "open": [0]}
    st["stack"].append(task)
    with pytest.raises(IllegalAction) as err:
        answer(game, task, {"option": 1})
    assert err.value.code == "worm.maker-hooks"


def test_desert_power_offers_no_empty_sandworm_option():
    """Seed 004 p. 10 'Песчаные черви' (Maker Hooks, Shield Wall): Desert Power's Reveal box
    offers 2 Persuasion or, with Maker Hooks, 1 water for a sandworm; an option that would do
    nothing (no Hooks) or summon a forbidden sandworm (protected Conflict) is not offered."""
    from helpers import give

    for hooks, conflict, offered in ((False, "skirmish-crysknife", False), (True, "siege-of-arrakeen", False),
                                     (True, "skirmish-crysknife", True)):
        rules, st = fresh()
        st["board"]["conflict"] = conflict
        give(st, "red", ["desert-power"])
        P(st, "red").update(water=1, maker_hooks=hooks)
        act(rules, st, "red", "reveal")
        act(rules, st, "red", "resolve", effect="reveal:desert-power")
        assert (top(st).get("kind") == "option") == offered, (hooks, conflict)
        if not offered:
            assert P(st, "red")["persuasion"] >= 2 and P(st, "red")["water"] == 1


def test_unexpected_allies_must_blow_the_wall_to_bring_its_sandworm_into_a_protected_conflict():
    """Seed 004 p. 10 'Песчаные черви', 'Контроль и Барьерная Стена' and our card ruling
    card.unexpected-allies: the card's sandworm needs no Maker Hooks, but it can join a Conflict
    the standing Shield Wall protects only if the card removes the Wall, so keeping the Wall is
    not offered there; where the sandworm cannot come at all the card cannot be played."""
    from helpers import give_intrigue

    rules, st = fresh()
    st["board"]["conflict"] = "siege-of-arrakeen"
    give_intrigue(st, "red", ["unexpected-allies"])
    P(st, "red")["water"] = 2
    out = act(rules, st, "red", "play-intrigue", card="unexpected-allies")
    assert st["board"]["shield_wall"] is False and P(st, "red")["worms"] == 1
    assert "worm.shield-wall" in out.rulings and "card.unexpected-allies" in out.rulings
    rules, st = fresh()
    st["board"]["conflict"] = "skirmish-crysknife"
    give_intrigue(st, "red", ["unexpected-allies"])
    P(st, "red")["water"] = 2
    act(rules, st, "red", "play-intrigue", card="unexpected-allies")
    assert top(st)["kind"] == "option" and top(st)["open"] == [0, 1]  # the Wall may stay
    act(rules, st, "red", "choose", option=1)
    assert st["board"]["shield_wall"] is True and P(st, "red")["worms"] == 1
    rules, st = fresh()  # a turn in which no unit may be deployed (Shaddam's signet)
    st["board"]["conflict"] = "skirmish-crysknife"
    give_intrigue(st, "red", ["unexpected-allies"])
    hand(st, "red", ["dagger", "reconnaissance", "diplomacy", "convincing-argument", "dune-the-desert-planet"])
    P(st, "red")["water"] = 2
    act(rules, st, "red", "send-agent", card="reconnaissance", space="arrakeen")
    st["turn"]["no_deploy"] = True
    err = illegal(rules, st, "red", "play-intrigue", "worm.no-deploy", card="unexpected-allies")
    assert "leader.shaddam-signet" in err.rulings
    assert {"do": "play-intrigue", "card": "unexpected-allies"} not in \
        [{k: v for k, v in a.data.items() if k != "by"} for a in rules.legal_actions(st)]


# --- 4. Every Agent on a space counts (rulebook p. 9; seed 004 p. 11) ------------------------------
def _spy(state: dict, pid: str, post: str) -> None:
    state["board"]["spies"][post] = pid
    state["board"]["spies"] = dict(sorted(state["board"]["spies"].items()))
    P(state, pid)["spies"] -= 1


def test_an_infiltrator_does_not_reopen_a_space_to_the_player_already_there():
    """Dune: Imperium rulebook p. 9 (one Agent per space; your own Agent closes it to you) and
    seed 004 p. 11 'Шпионы' (infiltrating opens a space another player's Agent holds): after
    blue infiltrates the Spice Refinery where red's Agent stands, red may not send a second Agent
    there, not even by infiltrating; the space still records red's Agent first."""
    rules, st = fresh()
    cards = ["reconnaissance", "dagger", "diplomacy", "convincing-argument", "dune-the-desert-planet"]
    hand(st, "red", cards[:4] + ["paracompass"])  # two cards with the city icon
    _spy(st, "blue", "post-refinery-arrakeen")
    _spy(st, "red", "post-station-refinery")
    act(rules, st, "red", "send-agent", card="reconnaissance", space="spice-refinery")
    drive(rules, st, lambda s: rules.prompt(s)["by"] == "blue" and top(s)["t"] == "turn")
    hand(st, "blue", cards)
    act(rules, st, "blue", "send-agent", card="reconnaissance", space="spice-refinery",
        infiltrate="post-refinery-arrakeen")
    assert st["board"]["occupied"]["spice-refinery"] == "red"  # the first Agent's player
    drive(rules, st, lambda s: rules.prompt(s)["by"] == "red" and top(s)["t"] == "turn")
    err = illegal(rules, st, "red", "send-agent", "agent.space-occupied", card="paracompass",
                  space="spice-refinery", infiltrate="post-station-refinery")
    assert "agent.space-occupied" in err.rulings and "red already has an Agent" in err.message
    assert not any(a.data.get("space") == "spice-refinery" for a in rules.legal_actions(st))


# --- 5. A card of the wrong kind is an illegal action, not an unknown name (rulebook pp. 7, 9, 11) ---
@pytest.mark.parametrize("do, name, code", [
    ("send-agent", "Weirding Combat", "card.wrong-kind"),   # an Intrigue card to send an Agent
    ("play-intrigue", "Dagger", "card.wrong-kind"),          # an Imperium card as an Intrigue card
    ("acquire", "Contingency Plan", "card.wrong-kind"),      # an Intrigue card from the Row
])
def test_a_card_of_the_wrong_kind_is_illegal_with_a_citation(client, sample_log, do, name, code):
    """Dune: Imperium rulebook p. 7 ('Intrigue Cards': kept apart from the deck, played as Intrigue
    cards), p. 9 (an Agent is sent with a card from the hand) and p. 11 (cards are acquired from
    the Imperium Row or the Reserve): naming the wrong kind of card gets an illegal verdict at the
    action's place, citing card.wrong-kind, not a 400 'unknown name'."""
    log = copy.deepcopy(sample_log)
    i = next(i for i, a in enumerate(log["actions"]) if a["do"] == do)
    log["actions"][i]["card"] = name
    r = client.post("/v1/replays?snapshots=none", json=log)
    assert r.status_code == 200, r.get_json()
    report = r.get_json()
    assert report["valid"] is False and report["first_illegal"] == i
    v = report["verdicts"][i]
    assert v["verdict"] == "illegal" and v["code"] == code and v["pointer"] == f"/actions/{i}"
    assert "card.wrong-kind" in [c["ruling"] for c in v["citations"]]
    assert all(c["page"] for c in v["citations"])


def test_a_card_that_is_no_card_at_all_is_still_an_unknown_name(client, sample_log):
    """The log format (docs/log-format.md): a name that matches no card of any kind is a 400."""
    log = copy.deepcopy(sample_log)
    i = next(i for i, a in enumerate(log["actions"]) if a["do"] == "play-intrigue")
    log["actions"][i]["card"] = "Crysknife of Caladan"
    r = client.post("/v1/replays", json=log)
    assert r.status_code == 400 and r.get_json()["code"] == "unknown-name"
    assert r.get_json()["pointer"] == f"/actions/{i}/card"


# --- 6. An unsupported module is pointed at in the request's own list ----------------------------------
def test_an_unsupported_module_points_at_its_place_in_the_request(client, sample_log):
    """docs/log-format.md ('game': modules) and the problem format: the pointer names the place in
    the input, so the second module of the list is /game/modules/1 in a log and
    /log/game/modules/1 in a position, whatever order the engine keeps them in."""
    log = copy.deepcopy(sample_log)
    log["game"]["modules"] = ["choam", "ix", "bloodlines"]  # sorted, 'ix' would come last
    r = client.post("/v1/replays", json=log)
    assert r.status_code == 400 and r.get_json()["code"] == "unsupported-module"
    assert r.get_json()["pointer"] == "/game/modules/1"
    position = {"log": dict(log, actions=log["actions"][:5]), "action": log["actions"][5]}
    r = client.post("/v1/positions/check", json=position)
    assert r.status_code == 400 and r.get_json()["code"] == "unsupported-module"
    assert r.get_json()["pointer"] == "/log/game/modules/1"


# --- 7. Card data checked against the transcriptions ------------------------------------------------
def test_reliable_informant_places_its_spy_on_the_emperor_bene_gesserit_or_fremen_post():
    """Reliable Informant's Agent box (card face, as imperium-cards-csv and a JavaScript engine's
    card test transcribe it; seed 004 p. 11 'Шпионы': a spy effect limited to some posts): the
    Fremen post is offered, the Spacing Guild post is not."""
    from helpers import give

    rules, st = fresh()
    hand(st, "red", ["dagger", "reconnaissance", "diplomacy", "convincing-argument"])
    give(st, "red", ["reliable-informant"])
    act(rules, st, "red", "send-agent", card="reliable-informant", space="deliver-supplies")
    act(rules, st, "red", "resolve", effect="card:reliable-informant")
    assert top(st)["kind"] == "post"
    offered = {a.data.get("post") for a in rules.legal_actions(st)} - {None}
    assert offered == {"post-emperor", "post-bene-gesserit", "post-fremen"}
    act(rules, st, "red", "choose", post="post-fremen")
    assert st["board"]["spies"]["post-fremen"] == "red"


def test_the_spice_must_flow_of_uprising_is_a_spacing_guild_card():
    """The Uprising The Spice Must Flow belongs to the Spacing Guild (card face): it counts for a
    Spacing Guild bond (rulebook p. 16, Icon Guide: Faction bonds look at other cards of the
    Faction in play)."""
    from adjudicator.imperium.conditions import holds

    rules, st = fresh()
    assert rules.content.cards["the-spice-must-flow"]["factions"] == ["guild"]
    P(st, "red")["play"] = ["the-spice-must-flow", "smuggler-s-harvester"]
    assert holds(Game(st), "red", {"bond": "guild"}, "reveal:smuggler-s-harvester")
    assert ruleset("base").content.cards["the-spice-must-flow"]["factions"] == []  # the original game's


def test_buy_access_gives_influence_with_two_different_factions():
    """Buy Access (card face; FAQ 2022 p. 1 'Intrigue cards': its cost is paid to play it): for 5
    Solari, 1 Influence with each of two different Factions; the second pick never offers the
    first one again."""
    rules, st = fresh()
    give_intrigue(st, "red", ["buy-access"])
    P(st, "red")["solari"] = 5
    act(rules, st, "red", "play-intrigue", card="buy-access")
    assert P(st, "red")["solari"] == 0
    assert [a.data["faction"] for a in rules.legal_actions(st)] == ["emperor", "guild", "bene-gesserit", "fremen"]
    act(rules, st, "red", "choose", faction="fremen")
    assert [a.data["faction"] for a in rules.legal_actions(st)] == ["emperor", "guild", "bene-gesserit"]
    illegal(rules, st, "red", "choose", "choice.not-offered", faction="fremen")
    act(rules, st, "red", "choose", faction="guild")
    assert P(st, "red")["influence"] == {"emperor": 0, "guild": 1, "bene-gesserit": 0, "fremen": 1}
    assert rules.prompt(st)["kind"] == "turn"


def test_bindu_suspension_lets_the_player_choose_to_pass_the_turn():
    """Bindu Suspension (original game; card face, and the rulebook's clarification p. 13 that it
    comes first in the turn): draw a card, then the player MAY pass the turn; declining goes on
    with the same turn (an Agent may still be sent)."""
    game = {"system": "imperium", "edition": "base", "modules": [],
            "players": [{"id": "red", "leader": "earl-memnon-thorvald"},
                        {"id": "blue", "leader": "helena-richese"},
                        {"id": "green", "leader": "countess-ariana-thorvald"}]}
    for option, next_player in ((1, "red"), (0, "blue")):
        st = BASE.new_state(game, {"seed": 1})
        deal(BASE, st)
        st["intrigue_deck"]["cards"].remove("bindu-suspension")
        P(st, "red")["intrigue"] = sorted(P(st, "red")["intrigue"] + ["bindu-suspension"])
        size = len(P(st, "red")["hand"])
        act(BASE, st, "red", "play-intrigue", card="bindu-suspension")
        assert len(P(st, "red")["hand"]) == size + 1
        assert top(st)["kind"] == "option" and top(st)["open"] == [0, 1]
        out = act(BASE, st, "red", "choose", option=option)
        assert top(st) == {"t": "turn", "player": next_player, **({"acted": True} if option else {})}
        if option == 0:
            assert "card.bindu-suspension" in out.rulings and P(st, "red")["placed"] == []
        else:
            assert any(a.do == "send-agent" for a in BASE.legal_actions(st))
