"""Solo Rivals and the Tech Module (issue #13; seed 000 p. 9, 'Solo Game Rivals and the Tech
Module'; modules/rivals/tech.py). Scenarios for each rule of the page: only Hagal-marked tiles and
the trash-and-reveal when none is face up; nothing before the Swordmaster, then spice hoarded; the
four Acquire Tech cards (solo with the Tech Module only; the most expensive tile it can, 1 spice
off, the topmost stack on a tie); the per-tile guidance; two players unchanged. The solo playouts
are in test_rivals_expansions.py."""

import copy
from collections import Counter

import pytest
from helpers import start_of
from rivals_helpers import effect
from test_rivals_expansions import deck

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.core.replay import replay
from adjudicator.imperium.game import Game, ms_add
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.modules.rivals import turn as rivals_turn
from adjudicator.imperium.registry import adjust, fire
from adjudicator.imperium.rules import ruleset
from adjudicator.simulate import simulate

TECH = ("bloodlines", "tech")
RULES = {"base": ruleset("base"), "uprising": ruleset("uprising")}
# the tiles seed p. 9 gives a Rival guidance for: all of them carry the House Hagal mark
GUIDED = ("tech-delivery-bay", "tech-panopticon", "tech-training-depot", "tech-gene-locked-vault",
          "tech-glowglobes", "tech-self-destroying-messages", "tech-servo-receivers", "tech-rapid-dropships",
          "tech-spy-drones")
UNMARKED = ("tech-navigation-chamber", "tech-planetary-array", "tech-plasteel-blades")


def solo(edition: str, modules=TECH, leader: str = "duke-leto-atreides") -> dict:
    if edition == "base":
        game = {"system": "imperium", "edition": "base", "modules": list(modules),
                "players": [{"id": "p1", "leader": leader}]}
        return RULES["base"].new_state(game, {"seed": 1, "difficulty": "mentat", "rivals": [
            {"id": "r1", "leader": "glossu-rabban"}, {"id": "r2", "leader": "baron-vladimir-harkonnen"}]})
    game = {"system": "imperium", "edition": "uprising", "modules": list(modules),
            "players": [{"id": "p1", "leader": "muad-dib"}]}
    return RULES["uprising"].new_state(game, {"seed": 1, "difficulty": "sardaukar", "rivals": [
        {"id": "r1", "leader": "staban-tuek"}, {"id": "r2", "leader": "feyd-rautha-harkonnen"}]})


def two_players(edition: str) -> dict:
    rules = RULES[edition]
    if edition == "base":
        game = {"system": "imperium", "edition": "base", "modules": list(TECH), "players": [
            {"id": "p1", "leader": "duke-leto-atreides"}, {"id": "p2", "leader": "glossu-rabban"}]}
        return rules.new_state(game, {"seed": 1, "rivals": [{"id": "hagal", "leader": "house-hagal"}]})
    game = {"system": "imperium", "edition": "uprising", "modules": list(TECH), "players": [
        {"id": "p1", "leader": "muad-dib"}, {"id": "p2", "leader": "princess-irulan"}]}
    return rules.new_state(game, {"seed": 1, "rivals": [{"id": "r1", "leader": "gurney-halleck"}]})


def until_decision(rules, state: dict) -> None:
    """Deal chance outcomes up to the next decision or the next House Hagal card."""
    while (dealt := rules.deal(state)) is not None and dealt.do != "draw-hagal":
        rules.apply(state, dealt, dealt=True)


def reveal_next_tiles(rules, state: dict) -> None:
    """The stack's next tile turned up after an acquisition (it comes before the tile's effects)."""
    while state["stack"][-1].get("kind") == "reveal-tech":
        rules.apply(state, rules.deal(state), dealt=True)


def rival_answers(rules, state: dict, pid: str = "r1") -> None:
    """The choices the rules make for the Rival (one legal answer each), with chance in between."""
    until_decision(rules, state)
    while len(legal := rules.legal_actions(state)) == 1 and legal[0].data["by"] == pid:
        rules.apply(state, legal[0])
        until_decision(rules, state)


def to_rival_draw(rules, state: dict, pid: str = "r1") -> None:
    """Play on (the player's first legal action each time) until `pid`'s House Hagal card is drawn
    for an Agent turn; the other Rival is sent to the Secrets-like first space of its card."""
    for _ in range(3000):
        top = state["stack"][-1]
        if top["t"] == "chance" and top["kind"] == "draw-hagal" and top["purpose"] == "agent" \
                and top["player"] == pid:
            return
        dealt = rules.deal(state)
        if dealt is not None:
            rules.apply(state, dealt, dealt=True)
            continue
        legal = rules.legal_actions(state)
        rules.apply(state, ([a for a in legal if a.do not in ("reveal", "end-turn")] or legal)[0])
    raise AssertionError("no Rival draw")


def set_face_up(state: dict, tiles: list) -> None:
    """The three face-up tiles, the others back among the unseen ones (conserved)."""
    tech = state["tech"]
    pool = sorted(tech["pool"] + [t for t in tech["face_up"] if t])
    for t in tiles:
        pool.remove(t)
    tech["pool"], tech["face_up"] = pool, list(tiles)


def give(state: dict, pid: str, tile: str, flipped: bool = False) -> None:
    """`pid` owns `tile`, taken from the unseen tiles of the largest stack (conserved)."""
    tech = state["tech"]
    if tile in tech["face_up"]:  # an unseen tile takes its place
        tech["face_up"][tech["face_up"].index(tile)] = tech["pool"].pop(0)
    else:
        tech["pool"].remove(tile)
    tech["stacks"][tech["stacks"].index(max(tech["stacks"]))] -= 1
    pl = state["players"][pid]
    pl["tech"] = sorted([*pl["tech"], {"id": tile, "flipped": flipped}], key=lambda e: e["id"])


def acquire_card(edition: str, face_up: list, spice: int, swordmaster: bool = True) -> dict:
    rules = RULES[edition]
    state = solo(edition)
    to_rival_draw(rules, state)
    set_face_up(state, face_up)
    state["players"]["r1"].update({"spice": spice, "swordmaster": swordmaster})
    rules.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": "acquire-tech"}))
    return state


EDITIONS = ["base", "uprising"]


# --- the data and the deck -------------------------------------------------------------------------
def test_the_tiles_the_seed_guides_carry_the_house_hagal_mark():
    tiles = RULES["uprising"].content.tech
    assert all(tiles[t].get("rival") for t in GUIDED)
    assert not any(tiles[t].get("rival") for t in UNMARKED)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_four_acquire_tech_cards_join_only_a_solo_deck_with_the_tech_module(edition):
    assert deck(solo(edition))["acquire-tech"] == 4
    assert deck(solo(edition)) - deck(solo(edition, ("bloodlines",))) == Counter({"acquire-tech": 4})
    assert deck(two_players(edition))["acquire-tech"] == 0  # two players: tiles ignored


# --- the Acquire Tech card --------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_before_its_swordmaster_a_rival_takes_no_tile_and_turns_over_the_next_card(edition):
    state = acquire_card(edition, ["tech-training-depot", "tech-gene-locked-vault", "tech-glowglobes"], 9,
                         swordmaster=False)
    top = state["stack"][-1]
    assert (top["t"], top.get("kind"), top.get("player")) == ("chance", "draw-hagal", "r1")
    assert state["players"]["r1"]["tech"] == [] and state["players"]["r1"]["spice"] == 9


@pytest.mark.parametrize(("edition", "face_up", "spice", "want"), [
    # cost 4 and 4: the tie goes to the topmost stack; the unmarked Navigation Chamber (5) is never taken
    ("uprising", ["tech-navigation-chamber", "tech-self-destroying-messages", "tech-rapid-dropships"], 9,
     "tech-self-destroying-messages"),
    ("uprising", ["tech-training-depot", "tech-rapid-dropships", "tech-self-destroying-messages"], 3,
     "tech-rapid-dropships"),  # 4 less 1: three spice pays for it
    ("base", ["tech-training-depot", "tech-gene-locked-vault", "tech-rapid-dropships"], 2,
     "tech-gene-locked-vault"),  # Rapid Dropships costs 3 after the discount: out of reach
    ("base", ["tech-training-depot", "tech-gene-locked-vault", "tech-rapid-dropships"], 0,
     "tech-training-depot"),  # 1 less 1 costs nothing
])
def test_the_card_takes_the_most_expensive_marked_tile_it_can_with_one_spice_off(edition, face_up, spice, want):
    rules = RULES[edition]
    state = acquire_card(edition, face_up, spice)
    legal = rules.legal_actions(state)
    assert [a.data for a in legal] == [{"by": "r1", "do": "choose", "tile": want}]
    others = [t for t in face_up if t != want]
    for tile in others:  # a log recording another tile, or none, is refused
        with pytest.raises(IllegalAction) as err:
            rules.apply(copy.deepcopy(state), Action({"by": "r1", "do": "choose", "tile": tile}))
        assert err.value.code in ("rival.wrong-tile", "tech.cost")  # beyond its spice: the usual refusal
    with pytest.raises(IllegalAction):
        rules.apply(copy.deepcopy(state), Action({"by": "r1", "do": "choose", "option": "skip"}))
    paid = rules.content.tech[want]["cost"] - 1
    rules.apply(state, legal[0])
    until_decision(rules, state)
    assert want in [e["id"] for e in state["players"]["r1"]["tech"]]
    assert state["players"]["r1"]["spice"] == spice - max(0, paid)


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_tile_it_can_pay_for_turns_over_the_next_card(edition):
    state = acquire_card(edition, ["tech-rapid-dropships", "tech-self-destroying-messages", "tech-glowglobes"], 0)
    assert state["stack"][-1]["kind"] == "draw-hagal"


# --- no marked tile face up ---------------------------------------------------------------------------
@pytest.mark.parametrize(("stacks", "trashed_from"), [([4, 4, 4], 1), ([3, 4, 4], 2), ([2, 2, 5], 3)])
def test_with_no_marked_tile_face_up_the_largest_stacks_tile_is_trashed(stacks, trashed_from):
    state = solo("uprising")
    until_decision(RULES["uprising"], state)
    tech = state["tech"]
    set_face_up(state, list(UNMARKED))
    moved = sum(tech["stacks"]) - sum(stacks)  # unseen tiles beyond the new stack sizes: trashed already
    tech["trashed"] += tech["pool"][:moved]
    tech["pool"], tech["stacks"] = tech["pool"][moved:], stacks
    assert violations(state) == []
    fire("tech-face-up", Game(state, RULES["uprising"].content))
    assert tech["face_up"][trashed_from - 1] is None
    assert UNMARKED[trashed_from - 1] in tech["trashed"]
    assert state["stack"][-1] == {"t": "chance", "kind": "reveal-tech", "stack": trashed_from}


def test_two_players_leave_the_stacks_alone():
    state = two_players("uprising")
    until_decision(RULES["uprising"], state)
    set_face_up(state, list(UNMARKED))
    fire("tech-face-up", Game(state, RULES["uprising"].content))
    assert state["tech"]["face_up"] == list(UNMARKED) and state["tech"]["trashed"] == []


# --- spice hoarded after the Swordmaster ------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(("swordmaster", "conflict", "trades"), [
    (False, "battle-for-arrakeen", True), (True, "battle-for-arrakeen", True), (True, None, False)])
def test_with_its_swordmaster_a_rival_trades_7_spice_only_at_conflict_iii(edition, swordmaster, conflict, trades):
    state = solo(edition)
    pl = state["players"]["r1"]
    pl.update({"spice": 8, "swordmaster": swordmaster, "solari": 0, "water": 0, "intrigue": []})
    level_two = next(c for c, d in RULES[edition].content.conflicts.items() if d.get("level") == 2)
    state["board"]["conflict"] = conflict or level_two
    vp = pl["vp"]
    rivals_turn._trade(Game(state, RULES[edition].content), "r1")
    assert (pl["spice"], pl["vp"]) == ((1, vp + 1) if trades else (8, vp))


def test_two_player_rivals_do_not_hoard():
    state = two_players("uprising")
    pl = state["players"]["r1"]
    pl.update({"spice": 7, "swordmaster": True})
    rivals_turn._trade(Game(state, RULES["uprising"].content), "r1")
    assert pl["spice"] == 0


# --- the tiles' guidance -------------------------------------------------------------------------------------
def acquired(edition: str, tile: str, spice: int = 9) -> tuple[dict, dict]:
    """r1 acquires `tile` with an Acquire Tech card (the other two face-up tiles cheaper)."""
    rules = RULES[edition]
    cheap = [t for t in ("tech-training-depot", "tech-glowglobes", "tech-servo-receivers") if t != tile][:2]
    state = acquire_card(edition, [tile, *cheap], spice)
    before = copy.deepcopy(state["players"]["r1"])
    rules.apply(state, Action({"by": "r1", "do": "choose", "tile": tile}))
    reveal_next_tiles(rules, state)
    return state, before


@pytest.mark.parametrize("edition", EDITIONS)
def test_delivery_bays_acquire_effect_is_ignored(edition):
    state, _ = acquired(edition, "tech-delivery-bay")
    assert not any(t.get("kind") == "draw" for t in state["stack"])
    assert state["stack"][-1]["kind"] == "draw-hagal"  # straight on to the next card


@pytest.mark.parametrize("edition", EDITIONS)
def test_gene_locked_vault_draws_an_intrigue_card_and_never_protects(edition):
    rules = RULES[edition]
    state, before = acquired(edition, "tech-gene-locked-vault")
    legal = rules.legal_actions(state)
    assert [a.data for a in legal] == [{"by": "r1", "do": "choose", "option": 0}]
    with pytest.raises(IllegalAction):  # a log recording the card draw instead is refused
        rules.apply(copy.deepcopy(state), Action({"by": "r1", "do": "choose", "option": 1}))
    rules.apply(state, legal[0])
    until_decision(rules, state)
    assert len(state["players"]["r1"]["intrigue"]) == len(before["intrigue"]) + 1
    g = Game(state, rules.content)
    assert adjust("steal-threshold", 4, g, "r1") == 4  # its Acquire effect only: no protection
    state["players"]["p1"]["tech"], state["players"]["r1"]["tech"] = state["players"]["r1"]["tech"], []
    assert adjust("steal-threshold", 4, g, "p1") == 5  # the same tile protects a player


@pytest.mark.parametrize("edition", EDITIONS)
def test_glowglobes_influence_goes_where_the_rival_has_least(edition):
    rules = RULES[edition]
    state = acquire_card(edition, ["tech-glowglobes", "tech-training-depot", "tech-servo-receivers"], 9)
    state["players"]["r1"]["influence"].update({"emperor": 2, "guild": 1, "bene-gesserit": 2, "fremen": 2})
    rules.apply(state, Action({"by": "r1", "do": "choose", "tile": "tech-glowglobes"}))
    reveal_next_tiles(rules, state)
    assert [a.data.get("faction") for a in rules.legal_actions(state)] == ["guild"]


def test_self_destroying_messages_gives_two_intrigue_cards_and_no_reveal_effect():
    rules = RULES["uprising"]
    state, before = acquired("uprising", "tech-self-destroying-messages")
    until_decision(rules, state)
    assert len(state["players"]["r1"]["intrigue"]) == len(before["intrigue"]) + 2


def test_servo_receivers_gives_the_rival_cards_signet_ring():
    rules = RULES["uprising"]
    signet = {k: n for step in rivals_turn.leader_card(Game(solo("uprising"), rules.content), "r1")["signet"]
              for k, n in step.get("gain", {}).items()}  # the resources its steps gain
    state, before = acquired("uprising", "tech-servo-receivers")
    until_decision(rules, state)
    pl = state["players"]["r1"]
    for key in ("solari", "spice", "water"):
        if signet.get(key):
            spent = (rules.content.tech["tech-servo-receivers"]["cost"] - 1) if key == "spice" else 0
            assert pl[key] == before[key] + signet[key] - spent, key


def last_agent(edition: str, tiles: list, space: str = "secrets", card: str = "secrets") -> dict:
    """r1 with `tiles`, sending the last Agent it has this round."""
    rules = RULES[edition]
    state = solo(edition)
    to_rival_draw(rules, state)
    pl = state["players"]["r1"]
    for tile in tiles:
        give(state, "r1", tile)
    pl.update({"swordmaster": True, "agents": len(pl["placed"]) + 1})
    rules.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": card}))
    rules.apply(state, Action({"by": "r1", "do": "rival-agent", "card": card, "space": space}))
    until_decision(rules, state)
    return state


@pytest.mark.parametrize("edition", EDITIONS)
def test_reveal_tiles_pay_out_after_the_last_agent_with_command_met(edition):
    before = copy.deepcopy(solo(edition)["players"]["r1"])
    state = last_agent(edition, ["tech-delivery-bay", "tech-training-depot"])
    pl = state["players"]["r1"]
    assert pl["swords"] == before["swords"] + 2  # Training Depot's Command bonus
    # Delivery Bay's 2 Solari (the card's own gains and VP trades aside: Secrets gives none)
    assert pl["solari"] + 5 * (pl["vp"] - before["vp"]) >= before["solari"] + 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_reveal_tiles_wait_while_an_agent_is_left(edition):
    rules = RULES[edition]
    state = solo(edition)
    to_rival_draw(rules, state)
    give(state, "r1", "tech-training-depot")
    pl = state["players"]["r1"]
    pl.update({"swordmaster": True, "agents": len(pl["placed"]) + 2})
    rules.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": "secrets"}))
    rules.apply(state, Action({"by": "r1", "do": "rival-agent", "card": "secrets", "space": "secrets"}))
    until_decision(rules, state)
    assert pl["swords"] == 0


def test_panopticon_places_a_spy_and_recruits_after_the_last_agent():
    before = copy.deepcopy(solo("uprising")["players"]["r1"])
    state = last_agent("uprising", ["tech-panopticon"])
    rival_answers(RULES["uprising"], state)
    pl = state["players"]["r1"]
    assert pl["spies"] == before["spies"] - 1
    assert sum(pl["troops"].values()) == sum(before["troops"].values())  # conserved; one moved from supply
    assert pl["troops"]["supply"] == before["troops"]["supply"] - 1


def rival_card_to(edition: str, combat: bool) -> tuple[str, int, str]:
    """A House Hagal card that recruits troops on a space that is (or is not) a Combat space."""
    spaces = RULES[edition].content.spaces
    data = rivals_turn.deck_data(Game(solo(edition), RULES[edition].content))
    for card in data["cards"]:
        for o in card["agent"].get("options", []):
            if effect(o, "rival-troops").get("troops") and not o.get("when") \
                    and spaces[o["space"]]["combat"] is combat and not card.get("module"):
                return card["id"], effect(o, "rival-troops")["troops"], o["space"]
    raise AssertionError("no such card")


@pytest.mark.parametrize("edition", EDITIONS)
def test_rapid_dropships_deploys_from_the_first_non_combat_space_of_the_round(edition):
    rules = RULES[edition]
    card, troops, space = rival_card_to(edition, combat=False)
    state = solo(edition)
    to_rival_draw(rules, state)
    give(state, "r1", "tech-rapid-dropships")
    pl = state["players"]["r1"]
    garrison = pl["troops"]["garrison"]
    rules.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": card}))
    rules.apply(state, Action({"by": "r1", "do": "rival-agent", "card": card, "space": space}))
    assert pl["tech"] == [{"id": "tech-rapid-dropships", "flipped": True}]
    assert pl["troops"]["conflict"] == min(garrison + troops, troops + 2)
    assert violations(state) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_flipped_rapid_dropships_deploys_nothing(edition):
    rules = RULES[edition]
    card, troops, space = rival_card_to(edition, combat=False)
    state = solo(edition)
    to_rival_draw(rules, state)
    give(state, "r1", "tech-rapid-dropships", flipped=True)
    rules.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": card}))
    rules.apply(state, Action({"by": "r1", "do": "rival-agent", "card": card, "space": space}))
    assert state["players"]["r1"]["troops"]["conflict"] == 0


def test_spy_drones_flips_for_one_solari_on_the_rivals_turn_and_when_acquired():
    rules = RULES["uprising"]
    state = solo("uprising")
    to_rival_draw(rules, state)
    give(state, "r1", "tech-spy-drones")
    pl = state["players"]["r1"]
    solari = pl["solari"]
    rules.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": "secrets"}))
    rules.apply(state, Action({"by": "r1", "do": "rival-agent", "card": "secrets", "space": "secrets"}))
    assert pl["tech"] == [{"id": "tech-spy-drones", "flipped": True}]
    assert pl["solari"] + 5 * pl["vp"] >= solari + 1  # the Solari (a VP trade may take Solari)
    state, before = acquired("uprising", "tech-spy-drones")
    assert state["players"]["r1"]["tech"][-1] == {"id": "tech-spy-drones", "flipped": True}
    assert state["players"]["r1"]["solari"] == before["solari"] + 1


# --- a log where the Rival does otherwise ------------------------------------------------------------------
def test_a_log_where_a_rival_takes_another_tile_is_flagged():
    for seed in range(10):
        log = simulate("uprising", 1, seed, TECH)
        state = start_of(RULES["uprising"], log)
        index, other = None, None
        for i, action in enumerate(log["actions"]):
            if action["do"] == "choose" and "tile" in action and action["by"].startswith("rival"):
                others = [t for t in state["tech"]["face_up"] if t and t != action["tile"]]
                if others:
                    index, other = i, others[0]
                    break
            RULES["uprising"].apply(state, Action(action))
        if index is not None:
            break
    mutated = copy.deepcopy(log)
    mutated["actions"][index]["tile"] = other
    report = replay(mutated)
    assert report["first_illegal"] == index
    verdict = report["verdicts"][index]
    assert verdict["code"] == "rival.wrong-tile"
    assert "rivals.tech-acquire-card" in [c["ruling"] for c in verdict["citations"]]


def test_a_players_gene_locked_vault_keeps_its_intrigue_cards_from_a_rivals_secrets_card():
    """A Rival steals through the general `steal_intrigue` step, so the Vault's protection holds
    against it as against a player (the old Rival code counted four cards whatever the tiles)."""
    rules = RULES["uprising"]
    for vault, steals in ((False, 1), (True, 0)):
        state = solo("uprising")
        to_rival_draw(rules, state)
        if vault:
            give(state, "p1", "tech-gene-locked-vault")
        state["players"]["p1"]["intrigue"] = sorted(rules.content.intrigues)[:4]
        state["board"]["occupied"].pop("secrets", None)
        ms_add(state["hagal"]["deck"], "secrets")
        rules.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": "secrets"}))
        rules.apply(state, Action({"by": "r1", "do": "rival-agent", "card": "secrets", "space": "secrets"}))
        assert len([t for t in state["stack"] if t.get("kind") == "steal-intrigue"]) == steals, vault
