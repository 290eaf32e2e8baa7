"""The classic Dune content data (adjudicator/dune/data/): counts the rulebooks fix, a map whose
adjacency is symmetric and connected, strongholds that are territories, unique names, and
rulings for the classic game that are all informational until the engine (adjudicator/dune/) cites them (issue #15)."""

import json
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

from adjudicator.core.rulings import all_rulings

DATA = Path(__file__).resolve().parent.parent / "adjudicator" / "dune" / "data"
FILES = ("map", "factions", "treachery", "spice", "traitors", "alliances", "karama", "expansion")
BASE_FACTIONS = {"atreides", "bene-gesserit", "emperor", "fremen", "harkonnen", "spacing-guild"}


def load(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def board():
    return load("map")


@pytest.fixture(scope="module")
def factions():
    return {f["id"]: f for f in load("factions")["factions"]}


def territory_graph(board) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(t["id"] for t in board["territories"])
    g.add_edges_from(board["adjacency"])
    return g


@pytest.mark.parametrize("name", FILES)
def test_every_file_names_its_sources(name):
    assert len(load(name)["note"]) > 40


def test_territories_and_sectors(board):
    territories = board["territories"]
    assert len(territories) == 42
    assert board["sectors"] == 18
    sectors = {s for t in territories for s in t["sectors"]}
    assert sectors == set(range(18))
    assert Counter(t["kind"] for t in territories) == {"sand": 29, "rock": 7, "stronghold": 5, "polar-sink": 1}
    polar = next(t for t in territories if t["id"] == board["polar_sink"])
    assert polar["kind"] == "polar-sink" and polar["sectors"] == []


def test_strongholds_are_territories(board):
    kinds = {t["id"]: t["kind"] for t in board["territories"]}
    assert board["strongholds"] == ["arrakeen", "carthag", "habbanya-sietch", "sietch-tabr", "tueks-sietch"]
    assert all(kinds[s] == "stronghold" for s in board["strongholds"])
    assert {t for t, k in kinds.items() if k == "stronghold"} == set(board["strongholds"])
    assert set(board["ornithopter_strongholds"]) <= set(board["strongholds"])
    assert set(board["shield_wall"]["shelters"]) <= set(kinds) and kinds[board["shield_wall"]["territory"]] == "rock"


def test_adjacency_names_territories_and_is_symmetric(board):
    ids = {t["id"] for t in board["territories"]}
    pairs = [tuple(p) for p in board["adjacency"]]
    assert all(a in ids and b in ids and a != b for a, b in pairs)
    # one entry per unordered pair, so reading it either way gives the same neighbours
    assert len({frozenset(p) for p in pairs}) == len(pairs)
    neighbours = {t: set() for t in ids}
    for a, b in pairs:
        neighbours[a].add(b)
        neighbours[b].add(a)
    assert all(a in neighbours[b] for a in ids for b in neighbours[a])


def test_map_is_connected(board):
    g = territory_graph(board)
    assert nx.is_connected(g)
    # the Polar Sink touches the eight territories of the inner ring; Habbanya Sietch, on the rim,
    # touches only Habbanya Ridge Flat (both public maps agree)
    assert g.degree("polar-sink") == 8
    assert sorted(g.neighbors("habbanya-sietch")) == ["habbanya-ridge-flat"]
    assert all(g.degree(s) >= 1 for s in board["strongholds"])


def test_sector_pieces_agree_with_territories(board):
    sectors = {t["id"]: set(t["sectors"]) for t in board["territories"]}
    g = nx.Graph()
    for a, b in board["sector_adjacency"]:
        for piece in (a, b):
            territory, _, sector = piece.partition("@")
            assert territory in sectors
            assert (int(sector) in sectors[territory]) if sector else sectors[territory] == set()
        g.add_edge(a, b)
    assert nx.is_connected(g)
    # two territories touch exactly when some of their sector pieces touch
    touching = {frozenset((a.partition("@")[0], b.partition("@")[0])) for a, b in board["sector_adjacency"]}
    touching = {p for p in touching if len(p) == 2}
    assert touching == {frozenset(p) for p in board["adjacency"]}


def test_spice_blow_locations(board):
    blows = {t["id"]: t["spice_blow"] for t in board["territories"] if "spice_blow" in t}
    assert len(blows) == 15
    kinds = {t["id"]: t for t in board["territories"]}
    for territory, blow in blows.items():
        assert kinds[territory]["kind"] == "sand"
        assert blow["sector"] in kinds[territory]["sectors"]
        assert blow["amount"] in (6, 8, 10, 12)
    assert sum(b["amount"] for b in blows.values()) == 118


def test_spice_deck(board):
    cards = load("spice")["cards"]
    copies = Counter()
    for c in cards:
        copies[c["set"]] += c.get("copies", 1)
    assert copies == {"base": 21, "ixians-tleilaxu": 1}
    blows = {t["id"]: t["spice_blow"] for t in board["territories"] if "spice_blow" in t}
    for c in cards:
        if c["kind"] == "territory":
            assert blows[c["territory"]] == {"sector": c["sector"], "amount": c["amount"]}
    assert {c["territory"] for c in cards if c["kind"] == "territory"} == set(blows)
    assert next(c for c in cards if c["kind"] == "shai-hulud")["copies"] == 6


def test_treachery_deck():
    cards = load("treachery")["cards"]
    by_set = Counter()
    for c in cards:
        by_set[c["set"]] += c["copies"]
    assert by_set == {"base": 33, "ixians-tleilaxu": 14}
    base = Counter()
    for c in cards:
        if c["set"] == "base":
            base[(c["kind"], c.get("subtype"))] += c["copies"]
    assert base[("weapon", "projectile")] == 4 and base[("weapon", "poison")] == 4
    assert base[("defense", "projectile")] == 4 and base[("defense", "poison")] == 4
    assert base[("worthless", None)] == 5
    assert sum(c["copies"] for c in cards if c["name"] == "Karama") == 2
    expansion = [c for c in cards if c["set"] == "ixians-tleilaxu"]
    # twelve new designs of one copy, plus one ordinary Shield and one ordinary Snooper (seed 002 ¶63)
    assert len([c for c in expansion if "same_as" not in c]) == 12
    assert all(c["copies"] == 1 for c in expansion)
    assert sorted(c["same_as"] for c in expansion if "same_as" in c) == ["shield", "snooper"]
    assert {c["id"] for c in cards} >= {c["same_as"] for c in expansion if "same_as" in c}


def test_factions(factions):
    assert set(factions) == BASE_FACTIONS | {"ixians", "tleilaxu"}
    for f in factions.values():
        assert len(f["leaders"]) == 5, f["id"]
        assert sum(f["forces"].values()) == 20, f["id"]
        on_planet = f["at_start"]
        if "count" in on_planet:  # the Fremen choose where their ten go
            placed = on_planet["count"]
        else:
            placed = sum(v if isinstance(v, int) else sum(v.values()) for v in on_planet.values())
        reserves = f["reserves"] if isinstance(f["reserves"], int) else sum(f["reserves"].values())
        assert placed + reserves == 20, f["id"]
    assert {f: factions[f]["spice"] for f in factions} == {
        "atreides": 10, "bene-gesserit": 5, "emperor": 10, "fremen": 3, "harkonnen": 10, "spacing-guild": 5,
        "ixians": 10, "tleilaxu": 5}
    assert {f: factions[f]["free_revival"] for f in factions} == {
        "atreides": 2, "bene-gesserit": 1, "emperor": 1, "fremen": 3, "harkonnen": 2, "spacing-guild": 1,
        "ixians": 1, "tleilaxu": 2}
    assert factions["harkonnen"]["hand_limit"] == 8


def test_starting_places_are_on_the_map(board, factions):
    ids = {t["id"] for t in board["territories"]} | {"hidden-mobile-stronghold"}
    for f in factions.values():
        places = f["at_start"].get("choose_among") or [p for p in f["at_start"] if p != "count"]
        assert set(places) <= ids, f["id"]


def test_leader_strengths(factions):
    strengths = sorted(s for f in factions.values() for s in (ld["strength"] for ld in f["leaders"]) if s is not None)
    assert len(strengths) == 39 and strengths[0] == 1 and strengths[-1] == 7
    assert [ld["name"] for ld in factions["tleilaxu"]["leaders"] if ld["strength"] is None] == ["Zoal"]


def test_names_are_unique(board, factions):
    territory_names = [t["name"] for t in board["territories"]]
    assert len(set(territory_names)) == len(territory_names)
    leaders = [ld["id"] for f in factions.values() for ld in f["leaders"]]
    assert len(set(leaders)) == len(leaders) == 40
    every = [n for f in factions.values() for ld in f["leaders"] for n in [ld["name"], *ld.get("aliases", [])]]
    assert len(set(every)) == len(every)
    cards = load("treachery")["cards"]
    assert len({c["id"] for c in cards}) == len(cards)
    assert len({c["name"] for c in cards if "same_as" not in c}) == len([c for c in cards if "same_as" not in c])
    assert len({c["id"] for c in load("spice")["cards"]}) == len(load("spice")["cards"])


def test_traitor_deck(factions):
    traitors = load("traitors")["cards"]
    assert Counter(t["set"] for t in traitors) == {"base": 30, "ixians-tleilaxu": 11}
    leaders = {(f["id"], ld["id"]) for f in factions.values() for ld in f["leaders"]}
    assert {(t["faction"], t["leader"]) for t in traitors if t["leader"]} == leaders


def test_alliances_and_karama_cover_every_faction(factions):
    assert set(load("alliances")["advantages"]) == set(factions)
    karama = load("karama")
    assert set(karama["special_powers"]) == set(factions) and karama["copies"] == 2


def test_expansion_components_point_at_the_data(factions):
    x = load("expansion")
    cards = {c["id"]: c for c in load("treachery")["cards"]}
    assert all(cards[c]["set"] == "ixians-tleilaxu" for c in x["new_treachery_cards"])
    assert len(x["new_treachery_cards"]) == 14
    for faction, leaders in x["new_leaders"].items():
        assert leaders == [ld["id"] for ld in factions[faction]["leaders"]]
    hms = x["hidden_mobile_stronghold"]
    assert hms["starts"] == factions["ixians"]["at_start"]["hidden-mobile-stronghold"]
    assert {t["home"] for t in x["tech_tokens"]} <= set(factions) and len(x["tech_tokens"]) == 3
    assert x["face_dancers"]["count"] == load("traitors")["deal"]["face_dancers"] == 3


def test_classic_dune_rulings_are_informational_until_cited_and_cite_their_source():
    # the classic game's own records (a tournament's formats and the log format's records, in
    # rulings/tournaments.toml and rulings/engine.toml, serve every game)
    records = [r for r in all_rulings().values()
               if "dune" in r["games"] and r["file"] not in ("tournaments.toml", "engine.toml")]
    files = Counter(r["file"] for r in records)
    assert files["dune-base.toml"] >= 40 and files["seed-002-ixians-tleilaxu.toml"] >= 70
    assert {"dune-base.toml", "seed-002-ixians-tleilaxu.toml", "dune-engine.toml",
            "dune-ixians-tleilaxu.toml"} <= set(files)
    assert all(f.startswith(("dune-", "seed-002-")) for f in files), files  # the classic game's files only
    engine = "\n".join(p.read_text() for p in sorted((DATA.parent).rglob("*.py")) if p.name != "not_implemented.py")
    for r in records:
        # a record the engine (adjudicator/dune/) cites is a rule in force; the rest stay informational
        assert r["games"] == ["dune"] and r["informational"] is (f'"{r["id"]}"' not in engine), r["id"]
        if r["kind"] != "engine":
            assert r["sources"] and all(s.get("section") for s in r["sources"]), r["id"]
    seed = [r for r in records if r["file"].startswith("seed-002")]
    assert all(r["modules"][0] == "ixians-tleilaxu" for r in seed)
    # every paragraph of the seed is cited but 5, which only introduces what follows
    cited = {int(n) for r in seed for s in r["sources"] for n in s["section"].split(" ", 1)[1].split(", ")}
    assert set(range(1, 81)) - cited == {5}
