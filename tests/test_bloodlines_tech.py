"""The Tech Module (Bloodlines rules manual pp. 6-7 and the back cover) and Kota Odax of Ix:
the Ixian Embassy's stacks as chance, acquiring a tile with its discounts, flip abilities once
per round, the tiles' timings and standing rules, Kota's Secret Project, and tiles conserved.
Each check asserts the ruling record it cites."""

from __future__ import annotations

import pytest
from helpers import P, act, deal, drive, give_intrigue, hand

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction
from adjudicator.imperium.effects import advance_steps
from adjudicator.imperium.game import Game
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.modules.bloodlines.commanders import price as commander_price
from adjudicator.imperium.modules.tech.tech import price
from adjudicator.imperium.modules.tech.tiles import stack_sizes, tiles_seen
from adjudicator.imperium.registry import adjust, fire
from adjudicator.imperium.rules import ruleset
from adjudicator.imperium.steps import run

TECH = ("bloodlines", "tech")
IDS = ("red", "blue", "green")
UPRISING_LEADERS = ("gurney-halleck", "lady-amber-metulli", "muad-dib")
BASE_LEADERS = ("count-ilban-richese", "duke-leto-atreides", "helena-richese")  # no setup decision
TOPS = ("tech-glowglobes", "tech-training-depot", "tech-navigation-chamber")
BASE_FIVE = {"tech-advanced-data-analysis", "tech-forbidden-weapons", "tech-ornithopter-fleet", "tech-panopticon",
             "tech-spy-drones"}


def new_game(edition="uprising", modules=TECH, leaders=None, seed=1):
    rules = ruleset(edition)
    leaders = leaders or (UPRISING_LEADERS if edition == "uprising" else BASE_LEADERS)
    game = {"system": "imperium", "edition": edition, "modules": list(modules),
            "players": [{"id": p, "leader": lead} for p, lead in zip(IDS, leaders, strict=True)]}
    state = rules.new_state(game, {"seed": seed})
    if edition == "uprising":  # red is dealt the first-player Objective
        pile = sorted(o for o, d in rules.content.objectives.items() if 3 in d["players"])
        first = "objective-desert-mouse-first-player"
        pile.remove(first)
        rules.apply(state, Action({"by": "chance", "do": "deal-objectives",
                                   "objectives": dict(zip(IDS, [first, *pile], strict=True))}))
    return rules, state


def tech_game(tops=TOPS, **kw):
    """A game whose three face-up tiles are `tops`, dealt up to red's first decision."""
    rules, state = new_game(**kw)
    for i, tile in enumerate(tops):
        rules.apply(state, Action({"by": "chance", "do": "reveal-tech", "stack": i + 1, "tile": tile}))
    deal(rules, state)
    return rules, state


def grant(state, pid, tile):
    """Give `pid` a tile, taken from where it waits (conserving the tiles)."""
    tech = state["tech"]
    if tile in tech["face_up"]:
        tech["face_up"][tech["face_up"].index(tile)] = None
    else:
        tech["pool"].remove(tile)
        i = max(range(3), key=lambda k: tech["stacks"][k])
        tech["stacks"][i] -= 1
    P(state, pid)["tech"] = sorted([*P(state, pid)["tech"], {"id": tile, "flipped": False}], key=lambda e: e["id"])


def refused(rules, state, by, do, **args) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        rules.apply(state, Action({"by": by, "do": do, **args}))
    return err.value


def legal(rules, state) -> list[dict]:
    """The legal actions, as their arguments (without `by` and `do` for answers to a choice)."""
    return [{k: v for k, v in a.data.items() if a.do != "choose" or k not in ("by", "do")}
            for a in rules.legal_actions(state)]


def steps_now(rules, state, pid, steps, src="tech:test"):
    """Resolve effect steps for `pid` at once (a unit check of a custom step)."""
    g = Game(state, rules.content)
    run(g, pid, steps, src)
    advance_steps(g, g.top)
    rules.settle(g)
    deal(rules, state)
    return g


# --- setup (p. 6, step A) -------------------------------------------------------------------------------
def test_three_stacks_with_choam_transports_only_with_choam():
    rules, state = new_game()
    tiles = tiles_seen(state)
    assert sum(tiles.values()) == 17 and "tech-choam-transports" not in tiles
    assert state["tech"]["stacks"] == [6, 6, 5] == stack_sizes(17)  # as evenly as possible
    err = refused(rules, state, "chance", "reveal-tech", stack=1, tile="tech-choam-transports")
    assert err.code == "chance.card-not-available" and "tech.setup-exclusions" in err.rulings
    _, with_choam = new_game(modules=("bloodlines", "tech", "choam"))
    assert "tech-choam-transports" in tiles_seen(with_choam) and with_choam["tech"]["stacks"] == [6, 6, 6]


def test_the_original_game_leaves_out_five_tiles():
    rules, state = new_game(edition="base")
    tiles = tiles_seen(state)
    assert sum(tiles.values()) == 12 and not BASE_FIVE & set(tiles) and state["tech"]["stacks"] == [4, 4, 4]
    err = refused(rules, state, "chance", "reveal-tech", stack=2, tile="tech-spy-drones")
    assert err.code == "chance.card-not-available" and "tech.setup-exclusions" in err.rulings


def test_the_plain_games_have_no_tech():
    _, state = new_game(modules=("bloodlines",))
    assert "tech" not in state and "tech" not in P(state, "red")


def test_the_stack_tops_are_dealt_or_recorded_in_any_order():
    rules, state = new_game()
    seeded = ruleset("uprising").deal(dict(state, stack=list(state["stack"]), rng=state["rng"]))
    assert seeded.do in ("refill-row", "reveal-tech")  # the dealer deals them from the seed
    out = rules.apply(state, Action({"by": "chance", "do": "reveal-tech", "stack": 3, "tile": "tech-glowglobes"}))
    assert state["tech"]["face_up"] == [None, None, "tech-glowglobes"] and state["tech"]["stacks"] == [6, 6, 4]
    assert "tech.setup-stacks" in out.rulings
    err = refused(rules, state, "chance", "reveal-tech", stack=1, tile="tech-glowglobes")  # already face up
    assert err.code == "chance.card-not-available" and "tech.setup-stacks" in err.rulings
    deal(rules, state)
    assert None not in state["tech"]["face_up"] and sorted(state["tech"]["stacks"]) == [4, 5, 5]
    assert violations(state) == []


# --- acquiring (p. 7) -------------------------------------------------------------------------------------
def test_the_manual_example_high_council_and_glowglobes():
    """p. 7: Brennen pays 5 Solari for High Council, takes a seat, then with the Ixian Embassy
    buys Glowglobes (2 spice) for 1 spice, gains one Influence and may look at his deck's top."""
    rules, state = tech_game()
    red = P(state, "red")
    red["solari"], red["spice"] = 5, 1
    hand(state, "red", ["dagger", "convincing-argument"])
    act(rules, state, "red", "send-agent", card="dagger", space="high-council")
    assert red["solari"] == 0
    assert "embassy:ixian-embassy" in state["turn"]["nodes"]  # High Council is a Landsraad space
    act(rules, state, "red", "resolve", effect="space:high-council")
    assert red["seat"]
    out = act(rules, state, "red", "resolve", effect="embassy:ixian-embassy")
    assert {"tech.embassy-acquire", "tech.embassy-space-kind"} <= set(out.rulings)
    assert {"tile": "tech-glowglobes"} in legal(rules, state)
    out = act(rules, state, "red", "choose", tile="tech-glowglobes")
    assert red["spice"] == 0 and [e["id"] for e in red["tech"]] == ["tech-glowglobes"]
    assert {"tech.acquire-tile", "tech.embassy-council-discount", "tech.acquire-effect"} <= set(out.rulings)
    tech = state["tech"]
    assert tech["face_up"][0] not in (None, "tech-glowglobes") and tech["stacks"][0] == 4  # the next tile up
    act(rules, state, "red", "choose", faction="fremen")  # the Acquire effect: one Influence
    assert red["influence"]["fremen"] == 1
    peek = {"by": "red", "do": "resolve", "effect": "peek:tech-glowglobes"}
    assert peek in legal(rules, state)  # the top card of the deck, at any time of his turns
    out = act(rules, state, "red", "resolve", effect="peek:tech-glowglobes")
    assert len(red["deck"]["top"]) == 1 and "tech.acquire-effect" in out.rulings
    assert violations(state) == []


def test_a_tile_without_enough_spice_after_its_discounts_is_refused():
    rules, state = tech_game()
    red = P(state, "red")
    red["spice"] = 1
    hand(state, "red", ["dagger"])
    act(rules, state, "red", "send-agent", card="dagger", space="assembly-hall")
    act(rules, state, "red", "resolve", effect="embassy:ixian-embassy")
    assert {"tile": "tech-training-depot"} in legal(rules, state)  # 1 spice: affordable
    assert {"tile": "tech-glowglobes"} not in legal(rules, state)
    err = refused(rules, state, "red", "choose", tile="tech-glowglobes")  # 2 spice, no seat: no discount
    assert err.code == "tech.cost" and "tech.acquire-tile" in err.rulings
    err = refused(rules, state, "red", "choose", tile="tech-spy-drones")  # not face up
    assert err.code == "tech.not-available" and "tech.acquire-tile" in err.rulings
    act(rules, state, "red", "choose", option="skip")  # the Embassy's Acquire Tech is optional
    assert red["spice"] == 1 and red["tech"] == []


def test_the_tech_discount_applies_once_per_acquisition():
    """Rapid Engineering's Tech Discount icon: 1 spice off one tile, combined with the High
    Council seat; the Embassy's acquisition in the same turn gets only the seat's discount."""
    rules, state = tech_game(tops=("tech-navigation-chamber", "tech-training-depot", "tech-glowglobes"))
    red = P(state, "red")
    red["spice"], red["seat"] = 3, True
    g = Game(state, rules.content)
    assert price(g, "red", "tech-navigation-chamber", 1) == 3  # 5 - 1 (seat) - 1 (icon)
    assert price(g, "red", "tech-navigation-chamber", 0) == 4
    assert price(g, "red", "tech-training-depot", 1) == 0  # never below 0
    give_intrigue(state, "red", ["rapid-engineering"])
    hand(state, "red", ["dagger", "convincing-argument"])
    act(rules, state, "red", "play-intrigue", card="rapid-engineering")
    act(rules, state, "red", "choose", option=0)
    act(rules, state, "red", "choose", card="convincing-argument")  # the discard paid
    out = act(rules, state, "red", "choose", tile="tech-navigation-chamber")
    assert red["spice"] == 0 and "tech.discount-once" in out.rulings
    act(rules, state, "red", "choose", faction="guild")
    red["spice"] = 0
    act(rules, state, "red", "send-agent", card="dagger", space="assembly-hall")
    act(rules, state, "red", "resolve", effect="embassy:ixian-embassy")
    err = refused(rules, state, "red", "choose", tile="tech-glowglobes")  # 2 - 1 (seat) = 1: the icon is spent
    assert err.code == "tech.cost" and "tech.embassy-council-discount" in err.rulings
    assert "tech.discount-once" not in err.rulings


def test_a_requirement_to_acquire():
    """Advanced Data Analysis: one of your Spies goes to the box."""
    rules, state = tech_game(tops=("tech-advanced-data-analysis", "tech-training-depot", "tech-glowglobes"))
    red = P(state, "red")
    red["spice"] = 5
    g = steps_now(rules, state, "red", [{"custom": "acquire-tech", "discount": 0}])
    assert {"tile": "tech-advanced-data-analysis"} not in legal(rules, state)  # no Spy on the board
    err = refused(rules, state, "red", "choose", tile="tech-advanced-data-analysis")
    assert err.code == "tech.requirement" and "tech.acquire-tile" in err.rulings
    act(rules, state, "red", "choose", option="skip")
    assert g.state is state
    state["board"]["spies"]["imperial-basin"] = "red"
    red["spies"] -= 1
    steps_now(rules, state, "red", [{"custom": "acquire-tech", "discount": 0}])
    act(rules, state, "red", "choose", tile="tech-advanced-data-analysis")
    assert state["board"]["spies"] == {} and red["spies_trashed"] == 1 and red["spice"] == 2
    assert violations(state) == []


# --- flip abilities (p. 7) -------------------------------------------------------------------------------
def test_a_tile_flips_once_per_round_and_turns_up_at_round_start():
    rules, state = tech_game()
    grant(state, "red", "tech-advanced-data-analysis")  # flip in any turn: 1 Intrigue card
    assert {"by": "red", "do": "flip-tech", "tile": "tech-advanced-data-analysis"} in legal(rules, state)
    out = act(rules, state, "red", "flip-tech", tile="tech-advanced-data-analysis")
    assert "tech.flip-once-per-round" in out.rulings and len(P(state, "red")["intrigue"]) == 1
    err = refused(rules, state, "red", "flip-tech", tile="tech-advanced-data-analysis")
    assert err.code == "tech.flipped" and "tech.flip-once-per-round" in err.rulings
    err = refused(rules, state, "red", "flip-tech", tile="tech-glowglobes")
    assert err.code == "tech.no-flip" and "tech.flip-once-per-round" in err.rulings
    drive(rules, state, lambda s: s["round"] == 2 and s["phase"] == "player-turns")
    assert P(state, "red")["tech"] == [{"id": "tech-advanced-data-analysis", "flipped": False}]
    assert violations(state) == []


def test_an_agent_turn_flip_waits_for_the_agent():
    rules, state = tech_game()
    grant(state, "red", "tech-rapid-dropships")
    err = refused(rules, state, "red", "flip-tech", tile="tech-rapid-dropships")
    assert err.code == "tech.flip-timing" and "tech.flip-once-per-round" in err.rulings
    hand(state, "red", ["dagger"])
    act(rules, state, "red", "send-agent", card="dagger", space="assembly-hall")
    act(rules, state, "red", "flip-tech", tile="tech-rapid-dropships")  # its Combat icon: the commanders' part
    assert P(state, "red")["tech"][0]["flipped"]


def test_no_flip_verb_without_a_flip_tile():
    rules, state = tech_game()
    assert "flip-tech" not in rules.prompt(state)["verbs"]
    grant(state, "red", "tech-glowglobes")
    assert "flip-tech" not in rules.prompt(state)["verbs"]


# --- the tiles' timings ------------------------------------------------------------------------------------
def test_a_reveal_box_is_a_node_of_the_reveal_turn():
    rules, state = tech_game()
    grant(state, "red", "tech-self-destroying-messages")
    hand(state, "red", ["dagger"])
    act(rules, state, "red", "reveal")
    assert "tech:tech-self-destroying-messages" in state["turn"]["nodes"]
    before = P(state, "red")["persuasion"]
    out = act(rules, state, "red", "resolve", effect="tech:tech-self-destroying-messages")
    assert P(state, "red")["persuasion"] == before + 1 and "tech.acquire-effect" in out.rulings


def test_winning_a_conflict_completing_a_contract_and_the_endgame():
    rules, state = tech_game(modules=("bloodlines", "tech", "choam"))
    grant(state, "red", "tech-planetary-array")
    grant(state, "red", "tech-choam-transports")
    grant(state, "red", "tech-panopticon")
    red = P(state, "red")
    g = Game(state, rules.content)
    hand_before = len(red["hand"])
    fire("conflict-won", g, "red")  # Planetary Array: draw a card
    rules.settle(g)
    deal(rules, state)
    assert len(red["hand"]) == hand_before + 1
    red["influence"].update({"emperor": 0, "guild": 1, "bene-gesserit": 2, "fremen": 3})
    red["completed"] = 4
    vp = red["vp"]
    g = Game(state, rules.content)
    fire("endgame", g)  # Panopticon: +1 where at most 1; CHOAM Transports: 1 VP with 4 contracts
    rules.settle(g)
    assert red["influence"] == {"emperor": 1, "guild": 2, "bene-gesserit": 2, "fremen": 3}
    assert red["vp"] >= vp + 2  # 1 VP for 2 Guild influence, 1 for the contracts
    assert "tech.acquire-effect" in g.rulings


# --- the tiles' own steps and standing rules -----------------------------------------------------------------
def test_forbidden_weapons_lose_all_spice_and_trash_the_tile():
    rules, state = tech_game()
    grant(state, "red", "tech-forbidden-weapons")
    red = P(state, "red")
    red["spice"] = 4
    steps_now(rules, state, "red", [{"custom": "lose-all", "resource": "spice"}, {"custom": "trash-this-tech"}],
              src="tech:tech-forbidden-weapons")
    assert red["spice"] == 0 and red["tech"] == [] and state["tech"]["trashed"] == ["tech-forbidden-weapons"]
    assert violations(state) == []


def test_trash_this_tech_then_is_optional():
    rules, state = tech_game()
    grant(state, "red", "tech-plasteel-blades")
    step = {"custom": "trash-this-tech-then", "then": [{"gain": {"solari": 1}}]}
    steps_now(rules, state, "red", [step], src="tech:tech-plasteel-blades")
    act(rules, state, "red", "choose", option=1)  # kept
    assert P(state, "red")["tech"] != []
    steps_now(rules, state, "red", [step], src="tech:tech-plasteel-blades")
    solari = P(state, "red")["solari"]
    act(rules, state, "red", "choose", option=0)
    assert P(state, "red")["tech"] == [] and P(state, "red")["solari"] == solari + 1


def test_if_tech_tiles():
    rules, state = tech_game()
    step = {"custom": "if-tech-tiles", "at_least": 2, "then": [{"gain": {"water": 1}}]}
    grant(state, "red", "tech-glowglobes")
    steps_now(rules, state, "red", [step])
    assert P(state, "red")["water"] == 1
    grant(state, "red", "tech-training-depot")
    steps_now(rules, state, "red", [step])
    assert P(state, "red")["water"] == 2


def test_navigation_chamber_lowers_a_space_cost():
    rules, state = tech_game()
    g = Game(state, rules.content)
    space = rules.content.spaces["high-council"]
    assert adjust("space-cost", {"solari": 5}, g, "red", space) == {"solari": 5}
    grant(state, "red", "tech-navigation-chamber")
    assert adjust("space-cost", {"solari": 5}, g, "red", space) == {"solari": 4}
    assert adjust("space-cost", {"water": 1}, g, "red", space) == {"water": 1}
    assert "tech.acquire-effect" in g.rulings


def test_gene_locked_vault_protects_intrigue_cards():
    rules, state = tech_game()
    g = Game(state, rules.content)
    assert adjust("steal-threshold", 4, g, "blue") == 4
    grant(state, "blue", "tech-gene-locked-vault")
    assert adjust("steal-threshold", 4, g, "blue") == 5
    give_intrigue(state, "blue", sorted(state["intrigue_deck"]["cards"])[:4])
    steps_now(rules, state, "red", [{"steal_intrigue": True}])
    assert len(P(state, "blue")["intrigue"]) == 4  # four held: not enough to be stolen from


def test_suspensor_suits_send_a_troop_per_intrigue_drawn_in_your_turn():
    rules, state = tech_game()
    grant(state, "red", "tech-suspensor-suits")
    hand(state, "red", ["dagger"])
    act(rules, state, "red", "send-agent", card="dagger", space="assembly-hall")
    act(rules, state, "red", "resolve", effect="space:assembly-hall")  # 1 Intrigue card
    assert P(state, "red")["troops"]["conflict"] == 1
    assert violations(state) == []


def test_servo_receivers_give_the_signet_ring_the_faction_icons():
    rules, state = tech_game()
    hand(state, "red", ["signet-ring"])
    sent = {"by": "red", "do": "send-agent", "card": "signet-ring", "space": "dutiful-service"}
    assert sent not in legal(rules, state)
    grant(state, "red", "tech-servo-receivers")
    assert sent in legal(rules, state)


def test_ornithopter_fleet_pairs_every_battle_icon():
    rules, state = tech_game(tops=("tech-ornithopter-fleet", "tech-training-depot", "tech-glowglobes"))
    red = P(state, "red")
    wilds = [c for c, d in rules.content.conflicts.items() if d.get("battle_icon") == "wild"][:1]
    crysknives = [c for c, d in rules.content.conflicts.items() if d.get("battle_icon") == "crysknife"][:1]
    red["conflicts"] = [{"id": c, "flipped": False} for c in wilds + crysknives]
    vp = red["vp"]
    red["spice"] = 10
    steps_now(rules, state, "red", [{"custom": "acquire-tech", "discount": 0}])
    out = act(rules, state, "red", "choose", tile="tech-ornithopter-fleet")
    assert red["vp"] == vp + 1 and all(c["flipped"] for c in red["conflicts"])  # paired at once
    assert "tech.ornithopter-fleet" in out.rulings
    assert violations(state) == []
    red["conflicts"] = [{"id": c, "flipped": False} for c in crysknives]  # Crysknife cannot score now
    steps_now(rules, state, "red", [{"custom": "flip-battle-icon", "icon": "crysknife"}])
    assert not any(t["t"] == "choice" and t["kind"] == "flip" for t in state["stack"])


# --- Kota Odax of Ix ---------------------------------------------------------------------------------------
def test_kota_secret_project():
    rules, state = new_game(leaders=("kota-odax-of-ix-leader", "lady-amber-metulli", "muad-dib"))
    bottoms = ("tech-planetary-array", "tech-gene-locked-vault", "tech-navigation-chamber")
    for i, tile in enumerate(bottoms):  # she sees the bottom tile of each stack
        out = rules.apply(state, Action({"by": "chance", "do": "reveal-tech", "stack": i + 1, "player": "red",
                                         "tile": tile}))
        assert "leader.kota-secret-project" in out.rulings
    deal(rules, state)
    assert rules.prompt(state)["kind"] == "secret-project"
    assert [a["tile"] for a in legal(rules, state)] == list(bottoms)
    act(rules, state, "red", "choose", tile="tech-navigation-chamber")
    red, tech = P(state, "red"), state["tech"]
    assert red["secret_project"] == "tech-navigation-chamber"
    assert tech["bottoms"] == ["tech-planetary-array", "tech-gene-locked-vault", None]
    assert tech["stacks"] == [5, 5, 3] and None not in tech["face_up"]  # tops turned up after
    assert not {"tech-planetary-array", "tech-gene-locked-vault"} & set(tech["face_up"])  # still at the bottom
    assert violations(state) == []
    # whenever she could acquire a tile she may take that one, 1 spice less (5 - 1)
    red["spice"] = 4
    steps_now(rules, state, "red", [{"custom": "acquire-tech", "discount": 0}])
    assert {"tile": "tech-navigation-chamber"} in legal(rules, state)
    out = act(rules, state, "red", "choose", tile="tech-navigation-chamber")
    assert red["spice"] == 0 and "secret_project" not in red and "leader.kota-secret-project" in out.rulings
    assert tech["stacks"] == [5, 5, 3]  # no stack changes
    act(rules, state, "red", "choose", faction="emperor")
    assert violations(state) == []


def test_kota_reverse_engineering_trashes_a_tile():
    rules, state = new_game(leaders=("kota-odax-of-ix-leader", "lady-amber-metulli", "muad-dib"))
    deal(rules, state)
    act(rules, state, "red", "choose", tile=state["tech"]["bottoms"][0])
    grant(state, "red", "tech-glowglobes" if "tech-glowglobes" in tiles_seen(state) else "tech-training-depot")
    red = P(state, "red")
    held = red["tech"][0]["id"]
    intrigue = len(red["intrigue"])
    steps_now(rules, state, "red", [{"custom": "trash-own-tech", "then": [{"intrigue": 1}]}])
    act(rules, state, "red", "choose", tile=held)
    assert red["tech"] == [] and held in state["tech"]["trashed"] and len(red["intrigue"]) == intrigue + 1
    assert violations(state) == []


def test_kota_only_with_the_tech_module():
    rules = ruleset("uprising")
    assert "kota-odax-of-ix-leader" in rules.leader_ids(TECH)
    assert "kota-odax-of-ix-leader" not in rules.leader_ids(("bloodlines",))


# --- conservation ------------------------------------------------------------------------------------------
def test_tiles_are_conserved_and_a_lost_tile_is_seen():
    rules, state = tech_game()
    assert violations(state) == []
    state["tech"]["pool"].pop()
    assert any("Tech tiles not conserved" in v for v in violations(state))


@pytest.mark.parametrize(("edition", "modules"), [("uprising", ("bloodlines", "tech", "choam")),
                                                  ("base", ("bloodlines", "tech"))])
def test_random_tech_games_keep_the_invariants(edition, modules):
    """Seeded playouts taking the first legal action that is a Tech one when there is one."""
    rules, state = new_game(edition=edition, modules=modules, seed=3)
    acquired = 0
    for _ in range(2500):
        deal(rules, state)
        if rules.prompt(state) is None:
            break
        options = rules.legal_actions(state)
        tech = [a for a in options if a.do == "flip-tech" or "tile" in a.data]
        action = tech[0] if tech else options[len(options) // 2]
        acquired += action.do == "choose" and "tile" in action.data
        rules.apply(state, action)
        assert violations(state) == []
    assert acquired > 0


# --- the tiles that act on Sardaukar Commanders (back cover; before: data only, never applied) ----------
def commander_turn(tile):
    """Red owns `tile` and sends an Agent (Diplomacy) to Dutiful Service, which holds a Commander."""
    rules, state = tech_game()
    grant(state, "red", tile)
    hand(state, "red", ["diplomacy"])
    act(rules, state, "red", "send-agent", card="diplomacy", space="dutiful-service")
    assert "dutiful-service" in state["board"]["commanders"]
    return rules, state


def test_sardaukar_high_command_lowers_a_commanders_price():
    """Recruiting a Commander, acquiring one included, costs 1 Solari less with the tile."""
    rules, state = commander_turn("tech-sardaukar-high-command")
    red = P(state, "red")
    red["solari"] = 1  # 2 Solari less 1: one is enough
    g = Game(state, rules.content)
    assert commander_price(g, "red") == 1 and commander_price(g, "blue") == 2
    act(rules, state, "red", "resolve", effect="commander:dutiful-service")
    outcome = act(rules, state, "red", "choose", option="pay")
    assert red["solari"] == 0 and red["commanders"]["garrison"] == 1
    assert "tech.acquire-effect" in outcome.rulings


def test_without_high_command_one_solari_does_not_buy_a_commander():
    rules, state = commander_turn("tech-glowglobes")
    P(state, "red")["solari"] = 1
    act(rules, state, "red", "resolve", effect="commander:dutiful-service")
    assert P(state, "red")["commanders"]["garrison"] == 0  # no offer: the node resolved with nothing


def test_plasteel_blades_may_be_trashed_for_a_second_skill():
    """Whenever you recruit a Commander you may trash the tile for one more Skill: acquiring the
    Commander of a space gives its own Skill and, with the tile trashed, a second."""
    rules, state = commander_turn("tech-plasteel-blades")
    red = P(state, "red")
    red["solari"] = 2
    act(rules, state, "red", "resolve", effect="commander:dutiful-service")
    act(rules, state, "red", "choose", option="pay")
    for _ in range(3):  # the tile's offer (trash it) and both Skill choices, in the order asked
        task = state["stack"][-1]
        assert task["t"] == "choice", task
        if task["kind"] == "skill":
            act(rules, state, "red", "choose", skill=legal(rules, state)[0]["skill"])
        else:
            act(rules, state, "red", "choose", option=0)
    assert len(red["skills"]) == 2 and red["tech"] == []
    assert "tech-plasteel-blades" in state["tech"]["trashed"]


def test_plasteel_blades_may_be_kept():
    rules, state = commander_turn("tech-plasteel-blades")
    red = P(state, "red")
    red["solari"] = 2
    act(rules, state, "red", "resolve", effect="commander:dutiful-service")
    act(rules, state, "red", "choose", option="pay")
    while state["stack"][-1]["t"] == "choice":
        task = state["stack"][-1]
        if task["kind"] == "skill":
            act(rules, state, "red", "choose", skill=legal(rules, state)[0]["skill"])
        else:
            act(rules, state, "red", "choose", option=1)  # kept
    assert len(red["skills"]) == 1 and [e["id"] for e in red["tech"]] == ["tech-plasteel-blades"]
