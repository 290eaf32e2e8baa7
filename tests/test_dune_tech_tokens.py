"""Tech Tokens (`modules: [ixians-tleilaxu, tech-tokens]`; seed 002 paragraphs 54-60, rulings
ixtl.tech-tokens-*, ixtl.heighliners-guild and ixcards.tech-*): only beside the expansion, the home
tokens and the deal of the absent factions' after the first storm movement, the income once a
phase paid when it ends, the token taken by a battle's winner before a Face Dancer reveal, the
three tokens of one faction as one stronghold. Random playouts with the tokens: the matrix rows
dune-4p-basic-ixtl-tech and dune-6p-basic-ixtl-tech (tests/matrix.py EXPECT)."""

import pytest
from dune_helpers import RULES, act, refused
from ixtl_helpers import new_ixtl

from adjudicator.core.errors import MalformedLog
from adjudicator.dune.game import Game
from adjudicator.dune.invariants import problems
from adjudicator.dune.victory import winners_now

MODULES = ["ixians-tleilaxu", "tech-tokens"]


def tokens(state):
    return state["tech_tokens"]


def test_tech_tokens_need_the_expansion_module():
    game = {"system": "dune", "modules": ["tech-tokens"],
            "players": [{"id": f, "faction": f} for f in ("emperor", "harkonnen")]}
    with pytest.raises(MalformedLog) as err:
        RULES.new_state(game, {})
    assert err.value.code == "unsupported-module"


def test_home_tokens_start_with_their_factions_and_no_tokens_without_the_module():
    state = new_ixtl("ixians", "tleilaxu", "fremen", "emperor", modules=MODULES)
    assert tokens(state) == {"axlotl-tanks": "tleilaxu", "heighliners": "ixians", "spice-production": "fremen"}
    assert "tech_tokens" not in new_ixtl("ixians", "tleilaxu")


def first_blow(*factions, seed=3):
    """Turn 1 reaching the Spice Blow (the storm has moved), the Spice Blow's cards dealt."""
    state = new_ixtl(*factions, modules=MODULES, seed=seed)
    state["turn"], state["stack"] = 1, [{"t": "flow", "phase": "spice-blow"}]
    RULES.settle(Game(state))
    while (p := RULES.prompt(state)) and p["by"] == "chance" and p["kind"] != "tech-tokens":
        RULES.apply(state, RULES.deal(state), dealt=True)
        while (p := RULES.prompt(state)) and p["by"] != "chance":  # the first legal answer (a pass)
            RULES.apply(state, RULES.legal_actions(state)[0])
    return state


def test_absent_tokens_go_to_the_next_factions_holding_none_one_each():
    state = first_blow("ixians", "tleilaxu", "emperor", "harkonnen")
    state["order"] = ["harkonnen", "ixians", "emperor", "tleilaxu"]
    assert RULES.prompt(state)["kind"] == "tech-tokens"
    err = refused(state, "chance", "tech-tokens", tokens={"emperor": "spice-production"})
    assert err.code == "dune.bad-tech-tokens" and "ixtl.tech-tokens-deal" in err.rulings
    assert refused(state, "chance", "tech-tokens", tokens={"harkonnen": "heighliners"}).code == "dune.bad-tech-tokens"
    out = act(state, "chance", "tech-tokens", tokens={"harkonnen": "spice-production"})
    assert "ixcards.tech-setup" in out.rulings and tokens(state)["spice-production"] == "harkonnen"


def test_no_deal_when_every_home_faction_plays():
    from adjudicator.dune.modules.tech_tokens.tokens import at_phase_start
    state = new_ixtl("ixians", "tleilaxu", "fremen", modules=MODULES)
    state["turn"], state["stack"] = 1, []
    at_phase_start(Game(state), "spice-blow")
    assert state["stack"] == []


# --- income -------------------------------------------------------------------------------------------------
def charity_position():
    state = new_ixtl("ixians", "tleilaxu", "fremen", "emperor", modules=MODULES)
    g = Game(state)
    for q in ("ixians", "emperor"):
        g.pay(q, g.p(q)["spice"])  # nothing left: both may claim charity
    state["phase"], state["turn"] = "charity", 2
    state["stack"] = [{"t": "flow", "phase": "bidding"}]
    from adjudicator.dune.spice import start_charity
    start_charity(g)
    return state, g


def test_spice_production_pays_once_a_phase_when_it_ends():
    state, g = charity_position()
    before = g.p("fremen")["spice"]
    act(state, "ixians", "claim-charity")
    assert state["tech_due"] == {"spice-production": 1} and g.p("fremen")["spice"] == before  # not yet
    act(state, "emperor", "claim-charity")  # a second claim: the token pays once
    while RULES.prompt(state)["kind"] == "charity":
        act(state, RULES.prompt(state)["by"], "pass")
    assert state["phase"] == "bidding"
    assert g.p("fremen")["spice"] == before + 1 and state["tech_due"] == {} and problems(state) == []


def test_a_token_pays_one_for_each_token_its_owner_holds():
    state, g = charity_position()
    tokens(state)["heighliners"] = "fremen"
    before = g.p("fremen")["spice"]
    out = act(state, "ixians", "claim-charity")
    assert "ixtl.tech-tokens-income" in out.rulings
    while RULES.prompt(state)["kind"] == "charity":
        act(state, RULES.prompt(state)["by"], "pass")
    assert g.p("fremen")["spice"] == before + 2


def ship_position(shipper):
    state = new_ixtl("ixians", "tleilaxu", "spacing-guild", "emperor", modules=MODULES)
    state["phase"], state["turn"] = "shipment-movement", 2
    state["stack"] = [{"t": "flow", "phase": "battle"}, {"t": "decide", "kind": "ship", "player": shipper}]
    return state, Game(state)


def test_heighliners_do_not_pay_for_the_guild_alone():
    state, g = ship_position("spacing-guild")
    before = g.p("ixians")["spice"]
    act(state, "spacing-guild", "ship", to="the-great-flat@14", count=1)
    assert g.p("ixians")["spice"] == before  # the phase is over: nothing was due
    state, g = ship_position("emperor")
    out = act(state, "emperor", "ship", to="the-great-flat@14", count=1)
    assert g.p("ixians")["spice"] == before + 1 and "ixtl.heighliners-guild" in out.rulings


# --- taken in battle ------------------------------------------------------------------------------------------
def tech_battle(loser_tokens):
    state = new_ixtl("emperor", "harkonnen", "ixians", "tleilaxu", modules=MODULES)
    state["storm"], state["order"] = 0, ["emperor", "harkonnen", "ixians", "tleilaxu"]
    state["stack"] = [{"t": "flow", "phase": "collection"}, {"t": "auto", "kind": "battles"}]
    g = Game(state)
    for t in loser_tokens:
        tokens(state)[t] = "harkonnen"
    for pid, n in (("emperor", 5), ("harkonnen", 2)):
        g.p(pid)["reserves"] -= n
        g.add_forces("the-great-flat@14", pid, n)
    RULES.settle(g)
    act(state, "emperor", "battle", territory="the-great-flat", opponent="harkonnen")
    act(state, "emperor", "plan", leader="caid", dial=5)
    act(state, "harkonnen", "plan", leader="umman-kudu", dial=0)
    act(state, "emperor", "pass")
    return state, g


def test_the_winner_takes_the_losers_only_token():
    state, g = tech_battle(["heighliners"])
    out = act(state, "harkonnen", "pass")
    assert tokens(state)["heighliners"] == "emperor" and "ixtl.tech-tokens-capture" in out.rulings


def test_the_winner_chooses_among_several_before_a_face_dancer_reveal():
    state, g = tech_battle(["heighliners", "axlotl-tanks"])
    g.p("tleilaxu")["face_dancers"] = ["caid"]  # the Emperor's leader is a Face Dancer
    act(state, "harkonnen", "pass")
    assert [RULES.prompt(state)[k] for k in ("by", "kind")] == ["emperor", "take-tech-token"]
    assert refused(state, "emperor", "take-tech-token", token="spice-production").code == "dune.not-offered"
    act(state, "emperor", "take-tech-token", token="axlotl-tanks")
    assert tokens(state)["axlotl-tanks"] == "emperor" and tokens(state)["heighliners"] == "harkonnen"
    assert RULES.prompt(state)["kind"] == "face-dancer"  # the reveal comes after and moves no token
    act(state, "tleilaxu", "reveal", leader="caid", place={})
    assert tokens(state)["axlotl-tanks"] == "emperor"


# --- victory ------------------------------------------------------------------------------------------------
def test_three_tokens_of_one_faction_count_as_one_stronghold_but_allies_do_not_pool():
    state = new_ixtl("emperor", "harkonnen", "ixians", "tleilaxu", modules=MODULES)
    g = Game(state)
    for s in ("arrakeen", "carthag"):
        loc = f"{s}@{g.c.territories[s]['sectors'][0]}"
        g.p("emperor")["reserves"] -= 1
        g.add_forces(loc, "emperor", 1)
    for loc in list(state["map"]):  # the strongholds hold the Emperor alone
        for q in list(state["map"][loc]):
            if q != "emperor" and loc.split("@")[0] in g.c.strongholds:
                g.p(q)["reserves"] += g.forces(loc, q)
                g.add_forces(loc, q, -g.forces(loc, q))
    assert winners_now(g) == []
    for t in tokens(state):
        tokens(state)[t] = "emperor"
    assert winners_now(g) == [["emperor"]] and "ixtl.tech-tokens-victory" in g.rulings
    tokens(state)["heighliners"] = "harkonnen"
    g.p("emperor")["ally"], g.p("harkonnen")["ally"] = "harkonnen", "emperor"
    assert winners_now(g) == []  # four needed together, and the tokens are split: none counts
