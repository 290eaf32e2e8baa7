"""The Rival additions of the expansions (issue #13; rulings/rivals-expansions.toml). Immortality
with the original game's Rivals (seed 003 p. 13): the solo deck trades its three Carthag cards
for Immortality's four, a card's Tleilaxu icons move the Rival's Tleilaxu token, a crossed-out
Row icon removes a Tleilaxu Row card; two players are unchanged. Immortality with Uprising's Rivals
(reading rivals-x.imm-uprising): the same four cards for one of Uprising's two Research Station
cards, a Carthag card sending no Agent. Bloodlines with the original
game's Rivals (seed 000 p. 8): two players Streamlined, solo not (no Commander before the
Swordmaster, 2 Solari, deployed first, 4 strength, boxed after the Conflict), the Tuek's Sietch
cards with a player's Esmar Tuek, garrison first when a Rival loses a troop, Esmar Tuek and Piter
De Vries as Rivals; Tech tiles ignored with two players (the solo Tech Module's rules:
test_rivals_tech.py). What stays refused with Rivals is pinned here. The random playouts of these
modes are rows of tests/matrix.py, with what they must meet (matrix.EXPECT)."""

import copy
from collections import Counter

import pytest
from helpers import start_of
from rivals_helpers import apply, draw, hagal_draw, until

from adjudicator.core.actions import Action
from adjudicator.core.errors import IllegalAction, MalformedLog
from adjudicator.core.replay import replay
from adjudicator.imperium.game import Game
from adjudicator.imperium.invariants import violations
from adjudicator.imperium.modules.immortality.board import board as immortality_board
from adjudicator.imperium.modules.rivals import hagal as rivals
from adjudicator.imperium.modules.rivals.bloodlines import commander_on_space
from adjudicator.imperium.registry import fire
from adjudicator.imperium.rules import RIVAL_MODULE_EDITIONS, ruleset
from adjudicator.simulate import simulate

RULES = ruleset("base")
IMMORTALITY_SOLO = {"carthag-tleilaxu-left": 1, "carthag-tleilaxu-right": 1, "carthag-tleilaxu": 1,
                    "research-station": 1}
# what the Rivals do not know yet: refused as unsupported modules (rules.RIVAL_MODULE_EDITIONS)
REFUSED = ()  # Rise of Ix's solo additions, the last, are refereed since session 18 (rivals/ix_tech.py)


def test_what_stays_refused_is_pinned():
    assert rivals.REFUSED_WITH_RIVALS == REFUSED
    assert RIVAL_MODULE_EDITIONS == {"immortality": (("base", 1), ("base", 2), ("uprising", 1), ("uprising", 2)),
                                     "bloodlines": (("base", 1), ("base", 2), ("uprising", 1), ("uprising", 2)),
                                     "tech": (("base", 1), ("base", 2), ("uprising", 1), ("uprising", 2)),
                                     "ix": (("base", 1), ("base", 2))}


def solo(seed: int = 1, modules=("immortality",)) -> dict:
    game = {"system": "imperium", "edition": "base", "modules": list(modules),
            "players": [{"id": "p1", "leader": "duke-leto-atreides"}]}
    return RULES.new_state(game, {"seed": seed, "difficulty": "mentat",
                                  "rivals": [{"id": "r1", "leader": "glossu-rabban"},
                                             {"id": "r2", "leader": "baron-vladimir-harkonnen"}]})


def two_players(seed: int = 1, modules=("immortality",)) -> dict:
    game = {"system": "imperium", "edition": "base", "modules": list(modules),
            "players": [{"id": "p1", "leader": "duke-leto-atreides"}, {"id": "p2", "leader": "glossu-rabban"}]}
    return RULES.new_state(game, {"seed": seed, "rivals": [{"id": "hagal", "leader": "house-hagal"}]})


def deck(state: dict) -> Counter:
    return Counter(state["hagal"]["deck"]) + Counter(state["hagal"]["discard"])


def test_the_solo_deck_swaps_the_three_carthag_cards_for_immortalitys_four():
    plain, imm = deck(solo(modules=())), deck(solo())
    assert plain["carthag"] == 3 and imm["carthag"] == 0
    assert imm - plain == Counter(IMMORTALITY_SOLO) and plain - imm == Counter({"carthag": 3})
    state = solo()
    for rid in ("r1", "r2"):  # Tleilaxu tokens at the start of the track
        assert state["players"][rid]["tleilaxu"] == 0


def test_two_players_keep_the_original_deck():
    assert deck(two_players()) == deck(two_players(modules=()))


def test_kota_odax_is_refused_as_a_solo_rival_of_the_original_game():
    """The original game plays no Rival cards and names only Esmar Tuek and Piter De Vries among
    Bloodlines' Leaders as Rivals (seed 000 p. 8); Uprising's solo Kota: test_rivals_bloodlines_cards.py."""
    game = {"system": "imperium", "edition": "base", "modules": ["bloodlines", "tech"],
            "players": [{"id": "p1", "leader": "duke-leto-atreides"}]}
    setup = {"seed": 1, "difficulty": "mentat", "rivals": [{"id": "r1", "leader": "kota-odax-of-ix-leader"},
                                                           {"id": "r2", "leader": "glossu-rabban"}]}
    with pytest.raises(MalformedLog) as err:
        ruleset("base").new_state(game, setup)
    assert err.value.code == "unknown-rival-leader"


def to_rival_draw(state: dict) -> dict:
    for _ in range(3000):
        top = state["stack"][-1]
        if top["t"] == "chance" and top["kind"] == "draw-hagal" and top["purpose"] == "agent":
            return top
        dealt = RULES.deal(state)
        if dealt is not None:
            RULES.apply(state, dealt, dealt=True)
            continue
        legal = RULES.legal_actions(state)
        RULES.apply(state, ([a for a in legal if a.do not in ("reveal", "end-turn")] or legal)[0])
    raise AssertionError("no Rival draw")


def rival_turn(state: dict, card: str) -> str:
    pid = to_rival_draw(state)["player"]
    RULES.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": pid, "card": card}))
    return pid


def test_a_carthag_card_moves_the_token_and_removes_the_crossed_out_row_card():
    state = solo()
    pid = rival_turn(state, "carthag-tleilaxu-left")
    row_before = list(state["tleilaxu"]["row"])
    RULES.apply(state, Action({"by": pid, "do": "rival-agent", "card": "carthag-tleilaxu-left",
                               "space": "carthag"}))
    assert state["players"][pid]["tleilaxu"] == 1
    assert state["board"]["occupied"]["carthag"] == pid
    top = state["stack"][-1]
    assert top["kind"] == "hagal-row-trash" and top["player"] == pid
    stranger = next(c for c in sorted(state["tleilaxu"]["deck"]) if c not in row_before)
    with pytest.raises(IllegalAction) as err:  # only a card in the Row can be the one crossed out
        RULES.apply(state, Action({"by": "chance", "do": "hagal-row-trash", "player": pid, "card": stranger}))
    assert err.value.code == "chance.card-not-available"
    gone = row_before[0]
    RULES.apply(state, Action({"by": "chance", "do": "hagal-row-trash", "player": pid, "card": gone}))
    assert state["tleilaxu"]["removed"] == [gone]
    assert state["stack"][-1]["kind"] == "refill-tleilaxu-row"  # a new card takes its place
    assert violations(state) == []


def test_research_station_moves_the_token_two_spaces_with_their_bonuses():
    state = solo()
    pid = rival_turn(state, "research-station")
    intrigue = len(state["players"][pid]["intrigue"])
    RULES.apply(state, Action({"by": pid, "do": "rival-agent", "card": "research-station",
                               "space": "research-station"}))
    for _ in range(5):  # the second space's Intrigue card is dealt
        dealt = RULES.deal(state)
        if dealt is None or dealt.do != "draw-intrigue":
            break
        RULES.apply(state, dealt, dealt=True)
    assert state["players"][pid]["tleilaxu"] == 2
    assert len(state["players"][pid]["intrigue"]) == intrigue + 1  # Tleilaxu track space 2: 1 Intrigue card
    assert "hagal-row-trash" not in [t.get("kind") for t in state["stack"]]


def test_a_card_without_a_row_icon_leaves_the_row():
    state = solo()
    pid = rival_turn(state, "carthag-tleilaxu")
    row = list(state["tleilaxu"]["row"])
    RULES.apply(state, Action({"by": pid, "do": "rival-agent", "card": "carthag-tleilaxu", "space": "carthag"}))
    assert state["players"][pid]["tleilaxu"] == 1 and state["tleilaxu"]["row"] == row



def test_a_rival_sent_to_the_wrong_space_for_an_immortality_card_is_flagged():
    for seed in range(10):
        log = simulate("base", 1, seed, ("immortality",))
        index = next((i for i, a in enumerate(log["actions"])
                      if a["do"] == "rival-agent" and a["card"] in IMMORTALITY_SOLO), None)
        if index is not None:
            break
    mutated = copy.deepcopy(log)
    mutated["actions"][index]["space"] = "secrets"
    report = replay(mutated)
    assert report["first_illegal"] == index
    assert report["verdicts"][index]["code"] == "rival.wrong-space"


def test_a_row_card_not_in_the_row_is_flagged():
    for seed in range(10):
        log = simulate("base", 1, seed, ("immortality",))
        index = next((i for i, a in enumerate(log["actions"]) if a["do"] == "hagal-row-trash"), None)
        if index is not None:
            break
    mutated = copy.deepcopy(log)
    row_cards = {a["card"] for a in log["actions"][:index] if a["do"] == "refill-tleilaxu-row"}
    mutated["actions"][index]["card"] = next(a["card"] for a in log["actions"][index:]
                                             if a["do"] == "refill-tleilaxu-row" and a["card"] not in row_cards)
    report = replay(mutated)
    assert report["first_illegal"] == index
    assert "immortality.solo-hagal-cards" in [c["ruling"] for c in report["verdicts"][index]["citations"]]


# --- Bloodlines, two players with the original game ----------------------------------------------
def test_tueks_sietch_cards_join_only_when_a_player_leads_esmar_tuek():
    game = {"system": "imperium", "edition": "base", "modules": ["bloodlines"],
            "players": [{"id": "p1", "leader": "esmar-tuek-leader"}, {"id": "p2", "leader": "glossu-rabban"}]}
    with_esmar = RULES.new_state(game, {"seed": 1, "rivals": [{"id": "hagal", "leader": "house-hagal"}]})
    without = two_players(modules=("bloodlines",))
    assert deck(with_esmar) - deck(without) == Counter({"tueks-sietch": 2})
    assert deck(without) == deck(two_players(modules=()))


def test_house_hagal_sends_a_commander_to_the_box_without_a_swordmaster():
    state = two_players(modules=("bloodlines",))
    assert "conspire" in state["board"]["commanders"]  # original game: a Commander on Conspire (p. 3)
    pid = rival_turn(state, "conspire")
    assert not state["players"][pid]["swordmaster"]
    box = state["commanders"]["box"]
    RULES.apply(state, Action({"by": pid, "do": "rival-agent", "card": "conspire", "space": "conspire"}))
    assert "conspire" not in state["board"]["commanders"]
    assert state["commanders"]["box"] == box + 1
    assert "commanders" not in state["players"][pid] or not any(state["players"][pid]["commanders"].values())
    assert violations(state) == []


def test_a_rival_that_loses_a_troop_loses_it_from_its_garrison_first():
    state = two_players(modules=("bloodlines",))
    pid = "hagal"
    state["players"][pid]["troops"].update({"garrison": 1, "conflict": 2, "supply": 9})
    state["stack"].append({"t": "choice", "player": pid, "kind": "lose-troop", "src": "test"})
    assert [a.data.get("zone") for a in RULES.legal_actions(state)] == ["garrison"]
    state["players"][pid]["troops"]["garrison"] = 0
    assert [a.data.get("zone") for a in RULES.legal_actions(state)] == ["conflict"]


def test_a_log_where_house_hagal_buys_a_commander_is_flagged():
    """House Hagal never pays for a Commander: a log recording it paying at a Commander space is
    flagged at that action (the Commander went to the box with the Agent)."""
    for seed in range(20):
        log = simulate("base", 2, seed, ("bloodlines",))
        state = start_of(RULES, log)
        index = None
        for i, action in enumerate(log["actions"]):
            before = list(state["board"].get("commanders", []))
            RULES.apply(state, Action(action))
            if action["do"] == "rival-agent" and action["space"] in before:
                index = i
                break
        if index is not None:
            break
    mutated = copy.deepcopy(log)
    mutated["actions"].insert(index + 1, {"by": log["actions"][index]["by"], "do": "choose", "option": "pay"})
    report = replay(mutated)
    assert report["first_illegal"] == index + 1


# --- Bloodlines, solo with the original game (not Streamlined) --------------------------------------
def solo_bloodlines(seed: int = 1) -> dict:
    return solo(seed, modules=("bloodlines",))


def test_a_solo_rival_leaves_the_commander_before_its_swordmaster():
    state = solo_bloodlines()
    pid = rival_turn(state, "conspire")
    assert not state["players"][pid]["swordmaster"]
    state["players"][pid]["solari"] = 5
    RULES.apply(state, Action({"by": pid, "do": "rival-agent", "card": "conspire", "space": "conspire"}))
    assert "conspire" in state["board"]["commanders"]
    assert state["players"][pid]["commanders"]["garrison"] == 0 and state["players"][pid]["solari"] == 5


@pytest.mark.parametrize(("solari", "bought"), [(3, True), (1, False)])
def test_a_solo_rival_with_its_swordmaster_buys_the_commander_when_it_has_2_solari(solari, bought):
    state = solo_bloodlines()
    pid = rival_turn(state, "conspire")
    pl = state["players"][pid]
    pl.update({"swordmaster": True, "solari": solari})
    RULES.apply(state, Action({"by": pid, "do": "rival-agent", "card": "conspire", "space": "conspire"}))
    assert ("conspire" not in state["board"]["commanders"]) is bought
    assert pl["commanders"]["garrison"] == (1 if bought else 0)
    assert pl["solari"] == (solari - 2 if bought else solari)
    assert violations(state) == []


def test_a_solo_rival_deploys_its_commander_first_and_it_counts_4_strength():
    state = solo_bloodlines()
    pid = rival_turn(state, "heighliner")
    pl = state["players"][pid]
    pl["commanders"]["garrison"] = 1
    state["commanders"]["bank"] -= 1  # keep the Commanders conserved: this one came from the bank
    garrison = pl["troops"]["garrison"]
    RULES.apply(state, Action({"by": pid, "do": "rival-agent", "card": "heighliner", "space": "heighliner"}))
    assert pl["commanders"] == {"supply": 0, "garrison": 0, "conflict": 1}
    # Heighliner's 3 recruits and up to two more from the garrison: 5 units, the Commander one of them
    assert pl["troops"]["conflict"] == min(4, garrison + 3)
    swords = pl["swords"]
    fire("combat-strength", Game(state, RULES.content))
    assert pl["swords"] == swords + 2  # with the unit's 2: a Rival's Commander is worth 4


def test_a_solo_rivals_commanders_go_to_the_box_after_the_conflict():
    state = solo_bloodlines()
    pid = "r1"
    pl = state["players"][pid]
    pl["commanders"]["supply"] = 1  # where the general cleanup has just put a Commander that fought
    state["commanders"]["bank"] -= 1
    box = state["commanders"]["box"]
    fire("combat-cleanup", Game(state, RULES.content))
    assert pl["commanders"]["supply"] == 0 and state["commanders"]["box"] == box + 1
    assert violations(state) == []


def solo_with(leader: str, modules=("bloodlines",)) -> dict:
    game = {"system": "imperium", "edition": "base", "modules": list(modules),
            "players": [{"id": "p1", "leader": "duke-leto-atreides"}]}
    return RULES.new_state(game, {"seed": 1, "difficulty": "mentat",
                                  "rivals": [{"id": "r1", "leader": leader}, {"id": "r2", "leader": "glossu-rabban"}]})


def test_of_the_bloodlines_leaders_only_esmar_tuek_and_piter_de_vries_play_a_solo_rival():
    for leader in ("esmar-tuek-leader", "piter-de-vries-leader"):
        assert solo_with(leader)["players"]["r1"]["rival"] == {"leader": leader}
    with pytest.raises(MalformedLog):
        solo_with("chani-leader")
    assert "tueks-sietch" not in solo_with("esmar-tuek-leader")["board"]["bonus_spice"]  # not placed


def esmar_signet(bonus: dict) -> dict:
    state = solo_with("esmar-tuek-leader")
    to_rival_draw(state)
    while state["stack"][-1]["player"] != "r1":  # r2's turn: give it one
        rival_turn(state, "secrets")
        RULES.apply(state, Action({"by": "r2", "do": "rival-agent", "card": "secrets", "space": "secrets"}))
        to_rival_draw(state)
    state["board"]["bonus_spice"].update(bonus)
    RULES.apply(state, Action({"by": "chance", "do": "draw-hagal", "player": "r1", "card": "arrakeen-1p"}))
    RULES.apply(state, Action({"by": "r1", "do": "rival-agent", "card": "arrakeen-1p", "space": "arrakeen"}))
    return state


def test_a_rival_esmar_takes_a_bonus_spice_from_the_space_with_the_most():
    state = esmar_signet({"imperial-basin": 1, "hagga-basin": 2, "the-great-flat": 0})
    spice = state["players"]["r1"]["spice"]
    legal = RULES.legal_actions(state)
    assert [a.data.get("space") for a in legal] == ["hagga-basin"]
    RULES.apply(state, legal[0])
    assert state["board"]["bonus_spice"]["hagga-basin"] == 1 and state["players"]["r1"]["spice"] == spice + 1


def test_a_rival_esmar_breaks_a_bonus_tie_by_the_most_spice_in_all():
    state = esmar_signet({"imperial-basin": 1, "hagga-basin": 1, "the-great-flat": 1})
    assert [a.data.get("space") for a in RULES.legal_actions(state)] == ["the-great-flat"]  # 4 spice there


def test_a_rival_esmar_ignores_his_signet_without_bonus_spice():
    state = esmar_signet({"imperial-basin": 0, "hagga-basin": 0, "the-great-flat": 0})
    assert all(t.get("kind") != "bonus-spice-from" for t in state["stack"])


def test_a_log_where_a_solo_rival_takes_a_commander_before_its_swordmaster_is_flagged():
    for seed in range(20):
        log = simulate("base", 1, seed, ("bloodlines",))
        state = start_of(RULES, log)
        index = None
        for i, action in enumerate(log["actions"]):
            before = list(state["board"].get("commanders", []))
            swordmaster = action["do"] == "rival-agent" and state["players"][action["by"]]["swordmaster"]
            RULES.apply(state, Action(action))
            if action["do"] == "rival-agent" and action["space"] in before and not swordmaster:
                index = i
                break
        if index is not None:
            break
    mutated = copy.deepcopy(log)
    mutated["actions"].insert(index + 1, {"by": log["actions"][index]["by"], "do": "choose", "option": "pay"})
    report = replay(mutated)
    assert report["first_illegal"] == index + 1


# --- Bloodlines with Uprising's Rivals ------------------------------------------------------------
UP = ruleset("uprising")


def uprising(players: int, leader: str = "muad-dib", modules=("bloodlines",)) -> dict:
    leaders = [leader, "princess-irulan"][:players]
    game = {"system": "imperium", "edition": "uprising", "modules": list(modules),
            "players": [{"id": f"p{i + 1}", "leader": lead} for i, lead in enumerate(leaders)]}
    rivals_ = ([{"id": "r1", "leader": "staban-tuek"}, {"id": "r2", "leader": "feyd-rautha-harkonnen"}]
               if players == 1 else [{"id": "r1", "leader": "gurney-halleck"}])
    return UP.new_state(game, {"seed": 1, "rivals": rivals_, **({"difficulty": "sardaukar"} if players == 1 else {})})


@pytest.mark.parametrize("players", [1, 2])
def test_uprising_tueks_sietch_cards_only_with_a_players_esmar_tuek(players):
    with_esmar = deck(uprising(players, "esmar-tuek-leader"))
    assert with_esmar - deck(uprising(players)) == Counter({"tueks-sietch": 2})
    assert deck(uprising(players)) == deck(uprising(players, modules=()))


def move_spy_state(occupied: dict) -> tuple[dict, dict]:
    state = uprising(1)
    state["board"]["spies"].update(occupied)
    state["players"]["r1"]["spies"] -= sum(1 for q in occupied.values() if q == "r1")
    task = {"t": "choice", "player": "r1", "kind": "move-spy", "src": "test", "post": "post-emperor"}
    state["stack"].append(task)
    return state, task


def test_a_rival_moves_a_spy_to_the_first_free_faction_post_of_its_priority():
    prio = rivals.hagal("uprising")["rival_leaders"]["staban-tuek"]["priority"]
    first_other = next(f for f in prio if f != "emperor")
    state, _ = move_spy_state({"post-emperor": "r1", f"post-{first_other}": "p1"})
    want = next(f"post-{f}" for f in prio if f not in ("emperor", first_other))
    assert [a.data.get("post") for a in UP.legal_actions(state)] == [want]


def test_a_rival_loses_a_spy_it_must_move_when_the_other_faction_posts_are_full():
    full = {f"post-{f}": "p1" for f in ("guild", "bene-gesserit", "fremen")}
    state, _ = move_spy_state({"post-emperor": "r1", **full})
    spies = state["players"]["r1"]["spies"]
    legal = UP.legal_actions(state)
    assert [a.data.get("option") for a in legal] == ["skip"]
    UP.apply(state, legal[0])
    assert "post-emperor" not in state["board"]["spies"] and state["players"]["r1"]["spies"] == spies + 1


def test_a_rivals_deep_cover_spy_ignores_an_opponents_spy_on_its_first_faction():
    prio = rivals.hagal("uprising")["rival_leaders"]["staban-tuek"]["priority"]
    state = uprising(1)
    state["board"]["spies"][f"post-{prio[0]}"] = "p1"
    state["stack"].append({"t": "choice", "player": "r1", "kind": "post", "src": "test", "posts": None, "deep": True})
    assert [a.data.get("post") for a in UP.legal_actions(state)] == [f"post-{prio[0]}"]
    state["stack"][-1]["deep"] = False  # without Deep Cover the occupied post is passed over
    assert [a.data.get("post") for a in UP.legal_actions(state)] == [f"post-{prio[1]}"]


# --- Immortality with Uprising's Rivals (reading rivals-x.imm-uprising) ---------------------------
UP_IMMORTALITY_SOLO = {"carthag-tleilaxu-left": 1, "carthag-tleilaxu-right": 1, "carthag-tleilaxu": 1,
                       "research-station-tleilaxu": 1}
CARTHAG = ("carthag-tleilaxu-left", "carthag-tleilaxu-right", "carthag-tleilaxu")


def research_start() -> str:
    return immortality_board(UP.content)["research_track"]["start"]


def test_the_uprising_solo_deck_takes_immortalitys_four_cards_for_one_research_station():
    plain, imm = deck(uprising(1, modules=())), deck(uprising(1, modules=("immortality",)))
    assert plain["research-station"] == 2 and imm["research-station"] == 1
    assert imm - plain == Counter(UP_IMMORTALITY_SOLO) and plain - imm == Counter({"research-station": 1})
    assert sum(imm.values()) == sum(plain.values()) + 3 == 40
    state = uprising(1, modules=("immortality",))
    for rid in ("r1", "r2"):  # a Tleilaxu token at the start of its track; the research track unused
        assert state["players"][rid]["tleilaxu"] == 0 and state["players"][rid]["research"] == research_start()


def test_uprising_two_players_keep_their_deck_with_immortality():
    state = uprising(2, modules=("immortality",))
    assert deck(state) == deck(uprising(2, modules=()))
    assert state["tleilaxu"]["deck"]  # Immortality is played as usual


def uprising_rival_turn(card: str) -> tuple[dict, str, dict]:
    """A solo Uprising game with Immortality at a Rival's Agent draw, `card` drawn; the Rival as it
    was before."""
    state = uprising(1, modules=("immortality",))
    pid = until(state, hagal_draw())["player"]
    before = copy.deepcopy(state["players"][pid])
    draw(state, card)
    return state, pid, before


@pytest.mark.parametrize("card", CARTHAG)
def test_an_uprising_carthag_card_sends_no_agent_but_moves_the_token_then_the_next_card_comes(card):
    state, pid, before = uprising_rival_turn(card)
    row = list(state["tleilaxu"]["row"])
    pl = state["players"][pid]
    assert pl["tleilaxu"] == 1  # the Tleilaxu icon
    assert (pl["placed"], pl["troops"]) == (before["placed"], before["troops"])  # no space, no troop
    assert pid not in state["board"]["occupied"].values()
    assert not [a for a in UP.legal_actions(state) if a.data["do"] == "rival-agent"]
    if card != "carthag-tleilaxu":  # the crossed-out Row icon: that Row card goes
        top = state["stack"][-1]
        assert top["kind"] == "hagal-row-trash" and top["player"] == pid
        apply(state, by="chance", do="hagal-row-trash", player=pid, card=row[0])
        assert state["tleilaxu"]["removed"] == [row[0]]
        assert state["stack"][-1]["kind"] == "refill-tleilaxu-row"
    else:
        assert "hagal-row-trash" not in [t.get("kind") for t in state["stack"]] and state["tleilaxu"]["row"] == row
    assert until(state, lambda t: t["t"] != "chance" or t["kind"] == "draw-hagal") == {
        "t": "chance", "kind": "draw-hagal", "player": pid, "purpose": "agent"}  # the next card, same Agent
    assert pl["placed"] == before["placed"]
    draw(state, "sietch-tabr")
    assert [a.data for a in UP.legal_actions(state)] == [
        {"by": pid, "do": "rival-agent", "card": "sietch-tabr", "space": "sietch-tabr"}]
    assert violations(state) == []


def test_the_uprising_research_station_card_sends_the_agent_there_with_two_tleilaxu_steps():
    state, pid, before = uprising_rival_turn("research-station-tleilaxu")
    apply(state, by=pid, do="rival-agent", card="research-station-tleilaxu", space="research-station")
    until(state, lambda t: t["t"] != "chance" or t["kind"] not in ("draw-intrigue",))
    pl = state["players"][pid]
    assert state["board"]["occupied"]["research-station"] == pid
    assert pl["tleilaxu"] == 2 and pl["research"] == research_start()
    assert len(pl["intrigue"]) == len(before["intrigue"]) + 1  # the track's second space: an Intrigue card
    assert pl["troops"]["supply"] == before["troops"]["supply"]  # the card recruits no troop
    assert "hagal-row-trash" not in [t.get("kind") for t in state["stack"]]


def test_a_log_sending_an_agent_with_an_uprising_carthag_card_is_flagged():
    for seed in range(20):
        log = simulate("uprising", 1, seed, ("immortality",))
        state = start_of(UP, log)
        index = None
        for i, a in enumerate(log["actions"]):
            if a["do"] == "draw-hagal" and a["card"] in CARTHAG and state["stack"][-1]["purpose"] == "agent":
                index = i
                break
            UP.apply(state, Action(a))
        if index is not None:
            break
    drawn = log["actions"][index]
    mutated = copy.deepcopy(log)  # as if the card sent the Agent to Carthag, as in the original game
    mutated["actions"].insert(index + 1, {"by": drawn["player"], "do": "rival-agent", "card": drawn["card"],
                                          "space": "carthag"})
    report = replay(mutated)
    assert report["first_illegal"] == index + 1
    assert report["verdicts"][index + 1]["code"] == "rival.wrong-space"
    assert "rivals-x.imm-uprising" in [c["ruling"] for c in report["verdicts"][index]["citations"]]


@pytest.mark.parametrize(("edition", "players", "modules"), [
    ("base", 1, ("bloodlines",)), ("base", 2, ("bloodlines", "tech")), ("base", 2, ("immortality",)),
    ("base", 1, ("bloodlines", "tech")), ("uprising", 1, ("bloodlines",)), ("uprising", 1, ("bloodlines", "tech")),
    ("uprising", 2, ("bloodlines", "choam")),
    ("uprising", 1, ("immortality",)), ("uprising", 2, ("immortality",))])
def test_a_rival_sent_to_the_wrong_space_is_flagged_with_the_modules(edition, players, modules):
    log = simulate(edition, players, 2, modules)
    index = next(i for i, a in enumerate(log["actions"]) if a["do"] == "rival-agent")
    mutated = copy.deepcopy(log)
    mutated["actions"][index]["space"] = "secrets" if log["actions"][index]["space"] != "secrets" else "carthag"
    report = replay(mutated)
    assert report["first_illegal"] == index
    assert report["verdicts"][index]["code"] == "rival.wrong-space"


@pytest.mark.parametrize(("leader", "options", "swordmaster", "boxed", "bought"), [
    ("glossu-rabban", ["unambitious-rivals"], True, True, False),  # Streamlined
    ("glossu-rabban", ["unambitious-rivals"], False, False, False),  # nothing before the Swordmaster
    ("glossu-rabban", [], True, False, True),  # without the variant: bought
    ("gurney-halleck", ["unambitious-rivals"], True, False, True)])  # the variant names other leaders
def test_an_uprising_streamlined_rival_boxes_a_commander_once_it_has_its_swordmaster(
        leader, options, swordmaster, boxed, bought):
    """Reading rivals.reading-streamlined: Unambitious Rivals is Bloodlines' Streamlined Rivals."""
    game = {"system": "imperium", "edition": "uprising", "modules": ["bloodlines"],
            "players": [{"id": "p1", "leader": "muad-dib"}, {"id": "p2", "leader": "princess-irulan"}]}
    state = UP.new_state(game, {"seed": 1, "options": options, "rivals": [{"id": "r1", "leader": leader}]})
    g = Game(state, UP.content)
    space = state["board"]["commanders"][0]
    g.p("r1").update({"swordmaster": swordmaster, "solari": 3})
    box = state["commanders"]["box"]
    commander_on_space(g, "r1", space)
    assert (state["commanders"]["box"] == box + 1) is boxed
    assert (g.p("r1")["commanders"]["garrison"] == 1) is bought
    assert (space in state["board"]["commanders"]) is not (boxed or bought)
    assert ("rivals.reading-streamlined" in g.rulings) is boxed


@pytest.mark.parametrize(("tile", "solari", "bought"), [("tech-sardaukar-high-command", 1, True),
                                                        ("tech-glowglobes", 1, False)])
def test_a_solo_rival_with_sardaukar_high_command_buys_a_commander_for_1_solari(tile, solari, bought):
    """Bloodlines p. 9: a Tech tile works for a Rival as for a player; High Command takes 1 Solari
    off a Commander's price (back cover)."""
    game = {"system": "imperium", "edition": "uprising", "modules": ["bloodlines", "tech"],
            "players": [{"id": "p1", "leader": "muad-dib"}]}
    state = UP.new_state(game, {"seed": 1, "difficulty": "sardaukar",
                                "rivals": [{"id": "r1", "leader": "glossu-rabban"},
                                           {"id": "r2", "leader": "staban-tuek"}]})
    g = Game(state, UP.content)
    space = state["board"]["commanders"][0]
    g.p("r1").update({"swordmaster": True, "solari": solari, "tech": [{"id": tile, "flipped": False}]})
    commander_on_space(g, "r1", space)
    assert (g.p("r1")["commanders"]["garrison"] == 1) is bought
    assert g.p("r1")["solari"] == (0 if bought else solari)
