"""The compact scenario of a classic Dune position (docs/positions.md, schemas/dune-scenario.json):
what a person at the table sees, turned into an engine state, and back (the cut).

A scenario stands at the start of a phase (`phase`, left out: the Storm) of a turn, or at the
game as dealt (`"phase": "setup"`). It names the storm's sector, the spice on the map, and per
player what they hold: spice, forces by `territory@sector`, reserves, the Tleilaxu Tanks, leaders
in the Tanks, Treachery cards (names or "?"), traitors, the ally, the Bene Gesserit prediction and
bribes waiting in front of their shield. Everything unsaid is filled in: a player left out keeps
the faction sheet's setup; reserves are the forces not placed nor in the Tanks; the Treachery,
Traitor and Spice decks are every card not seen elsewhere (a "?" card stays counted in its deck,
ruling dune.engine-hidden-cards); the bank holds the rest of the spice. Every name that matches
nothing and every count that cannot be is a problem pointed into the scenario.

How forces are read and written is in one place (`_count`, `_placed`); the special kinds among
them (Sardaukar, Fedaykin, Cyborgs) are each player's `elite`. The expansion's pieces are read and
written by scenario_ixtl.py, the advanced game's (captives, the Kwisatz Haderach, spent Karama
powers, advisors, the second Spice discard pile) by scenario_advanced.py.
"""

from __future__ import annotations

import copy
from collections import Counter

from ..core.errors import InvalidPosition, MalformedLog, UnknownName, problem, seated
from . import scenario_advanced as adv
from . import scenario_ixtl as ixtl
from .content import HMS, Content, sets, territory
from .flow import PHASES as FLOW
from .game import SPICE_TOTAL, Game, storm_key
from .spelling import indexes
from .treachery import HIDDEN

PHASES = tuple(name for name, _ in FLOW if name not in ("collection", "mentat-pause"))  # a decision follows
BEFORE = {name: FLOW[i - 1][0] for i, (name, _) in enumerate(FLOW)}
TABLE_KEYS = ("turn", "storm", "dialers", "spice", "treachery_discard", "spice_discard", "shield_wall", "hms",
              "tech_tokens", "tech_due", "treachery_deck", "sandtrout", "amal", "players")
PLAYER_KEYS = ("spice", "forces", "reserves", "tanks", "leaders", "hand", "traitors", "ally", "prediction", "bribes")
LEADER_STATES = ("alive", "tanks")


def esc(key: str) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


# --- forces: the one place that reads and writes them ------------------------------------------
def _count(value) -> int:
    """The number of forces a scenario (or the state's map) gives at a place."""
    return value


def _placed(state: dict, pid: str) -> dict[str, int]:
    """A player's forces on the map, place -> count."""
    return {loc: _count(here[pid]) for loc, here in sorted(state["map"].items()) if pid in here}


def total_forces(cnt: Content, faction: str) -> int:
    return sum(cnt.factions[faction]["forces"].values())


class Reader:
    """Resolves a scenario's names, collecting every failure as a problem with its pointer."""

    def __init__(self, rules, prefix: str):
        self.rules, self.cnt, self.prefix = rules, rules.content, prefix
        self.problems: list[dict] = []
        self.turn = 1  # the scenario's turn (the Storm phase's state counts it in later)

    def fail(self, pointer: str, code: str, detail: str, **extra) -> None:
        self.problems.append(problem(self.prefix + pointer, code, detail, **extra))

    def name(self, kind: str, value, pointer: str, hidden: bool = False):
        if hidden and value == HIDDEN:
            return HIDDEN
        try:
            if kind == "place":
                return self.rules.place(value, self.prefix + pointer)
            return indexes(self.cnt)[kind].resolve(value, self.prefix + pointer)
        except UnknownName as err:
            self.problems.append(err.as_problem())
            return None

    def names(self, kind: str, values, pointer: str, hidden: bool = False) -> list[str]:
        found = [self.name(kind, v, f"{pointer}/{i}", hidden) for i, v in enumerate(values or [])]
        return [c for c in found if c is not None]

    def taken_leaders(self, state: dict, pid: str, names, at: str, status: str, holder: str) -> dict:
        """Other players' leaders `pid` holds (the Harkonnen's captives, the Tleilaxu's gholas):
        each alive on its owner's sheet, then marked `status` there; {leader: owner}."""
        held = {}
        for i, name in enumerate(names):
            ld = self.name("leader", name, f"{at}/{i}")
            if ld is None:
                continue
            owner = next((q for q in state["game"]["seats"] if ld in state["players"][q]["leaders"]), None)
            if owner is None or owner == pid:
                self.fail(f"{at}/{i}", "not-in-game", f"{ld} is no leader of another player in this game")
            elif state["players"][owner]["leaders"][ld] != "alive":
                self.fail(f"{at}/{i}", status, f"{ld} is {holder}: {owner} cannot have it "
                          f"{state['players'][owner]['leaders'][ld]}")
            else:
                state["players"][owner]["leaders"][ld] = status
                held[ld] = owner
        return held


# --- scenario -> state ---------------------------------------------------------------------------
def build(rules, doc: dict, prefix: str = "") -> dict:
    """The engine state of a scenario (checked against its schema); InvalidPosition lists every
    problem, each pointed into the scenario."""
    players = seated(rules, doc["game"]["players"], "faction", prefix)
    game = {"system": "dune", "edition": rules.edition, "modules": list(doc["game"].get("modules", [])),
            "players": players}
    try:
        state = rules.new_state(game, {"seed": doc.get("seed")})
    except MalformedLog as err:
        raise InvalidPosition.of(err, prefix) from None
    phase = doc.get("phase", "storm")
    r = Reader(rules, prefix)
    if phase == "setup":
        for key in TABLE_KEYS:
            if key in doc:
                r.fail(f"/{key}", "setup-takes-no-table", f"a setup position is the game as dealt: leave out {key!r}")
    else:
        _table(r, state, doc, phase)
    if r.problems:
        raise InvalidPosition(r.problems)
    found = rules.audit(state)
    if found:
        raise InvalidPosition([dict(p, pointer=prefix + _back(p["pointer"])) for p in found])
    rules.settle(Game(state, rules.content))
    ixtl.settled(state, doc)
    return state


def _back(pointer: str) -> str:
    """A state's pointer as the scenario's (players, the map's spice; the rest at the top)."""
    head = pointer.split("/")[1:3]
    if head[:1] == ["players"] and len(head) == 2:
        return f"/players/{head[1]}"
    return {"spice": "/spice", "treachery": "/treachery_discard", "spice_deck": "/spice_discard"}.get(
        head[0] if head else "", "")


def _table(r: Reader, state: dict, doc: dict, phase: str) -> None:
    cnt = r.cnt
    g = Game(state, cnt)
    seats = g.seats
    turn = r.turn = doc.get("turn", 1)
    state["turn"] = turn - 1 if phase == "storm" else turn  # the Storm phase counts the turn in
    state["phase"] = BEFORE[phase]
    state["storm"] = doc.get("storm", state["storm"])
    if doc.get("shield_wall") is False:
        state["shield_wall_destroyed"] = True
    state["dialers"] = _dialers(r, doc, seats)
    _hms(r, state, doc)
    ixtl.read_tokens(r, state, doc, seats)
    state["spice"] = {}
    for place, amount in sorted(doc.get("spice", {}).items()):
        loc = r.name("place", place, f"/spice/{esc(place)}")
        if loc is not None and amount:
            state["spice"][loc] = state["spice"].get(loc, 0) + amount
    given = doc.get("players", {})
    for pid in sorted(set(given) - set(seats)):
        r.fail(f"/players/{esc(pid)}", "seats", f"{pid!r} is not a player of this game; the players are {seats}")
    held, traitors = [], []
    for pid in seats:
        held += _player(r, state, pid, given.get(pid, {}), f"/players/{esc(pid)}", traitors)
    _allies(r, state, seats)
    ixtl.read_gholas(r, state, given, seats)
    adv.read_captives(r, state, given, seats)
    for terr in sorted(g.strongholds):  # ruling dune.occupancy-limit: no third faction ever enters
        here = g.occupants(terr)
        if len(here) > 2:
            r.fail(f"/players/{esc(here[2])}/forces", "occupancy", f"{terr} holds forces of {', '.join(here)}: "
                   "a stronghold holds the forces of at most two players")
    # the decks: every card not seen elsewhere ("?" cards stay counted in their deck)
    discard = r.names("treachery", doc.get("treachery_discard", []), "/treachery_discard")
    aside = ixtl.read_aside(r, state, doc)  # set aside (out of the deck) or known in it
    held += aside.get("up", []) + aside.get("offered", [])
    used = sets(state["game"]["modules"])  # the expansion's cards too (content.sets)
    base = Counter({c: d["copies"] for c, d in cnt.treachery.items() if d["set"] in used})
    _too_many(r, Counter(c for c in held + discard if c != HIDDEN), base, "Treachery card", "/treachery_discard")
    state["treachery"] = {"deck": sorted((base - Counter(c for c in held + discard if c != HIDDEN)).elements()),
                          "discard": discard, "hidden": held.count(HIDDEN), **aside}
    for key in ixtl.KNOWN:
        if Counter(aside.get(key, [])) - Counter(state["treachery"]["deck"]):
            r.fail(f"/treachery_deck/{key}", "not-in-deck", "a card known in the Treachery deck is in it, not "
                   "in a hand, set aside or discarded")
    spice_discard = r.names("spice", doc.get("spice_discard", []), "/spice_discard")
    second = adv.read_discard_b(r, state, doc)  # the advanced game's double blow
    cards = Counter({c: s.get("copies", 1) for c, s in cnt.spice_cards.items() if s["set"] in used})
    _too_many(r, Counter(spice_discard + second), cards, "Spice card", "/spice_discard")
    state["spice_deck"] = {"deck": sorted((cards - Counter(spice_discard + second)).elements()),
                           "discard": spice_discard, "aside": [],
                           **({"discard_b": second} if "discard_b" in state["spice_deck"] else {})}
    ixtl.read_flags(r, state, doc)
    factions = {g.faction(q) for q in seats}
    deck = Counter(c for c, t in cnt.traitors.items()  # the expansion's Cheap Hero traitor is no faction's
                   if t["set"] in used and t["faction"] in (*factions, None))
    named = Counter(c for c in traitors if c != HIDDEN)
    _too_many(r, named, deck, "Traitor card", "/players")
    state["traitor_deck"] = sorted((deck - named).elements())
    state["traitor_hidden"] = traitors.count(HIDDEN)
    state["bank"] = SPICE_TOTAL - sum(pl["spice"] + pl.get("bribes", 0) for pl in state["players"].values()) - sum(
        state["spice"].values())
    state["order"] = list(seats) if phase == "storm" and turn == 1 else sorted(seats, key=lambda q: storm_key(state, q))
    state["battle"], state["result"] = None, None
    state["stack"] = [{"t": "flow", "phase": phase}]


def _hms(r: Reader, state: dict, doc: dict) -> None:
    """Where the Ixians' Hidden Mobile Stronghold points (`hms`, a place); who is inside is each
    player's `forces` at `hidden-mobile-stronghold` (factions/ixians_hms.py)."""
    if "hms" not in doc:
        return
    if "hms" not in state:
        r.fail("/hms", "not-in-game", "the Hidden Mobile Stronghold is the Ixians': they do not play")
        return
    loc = r.name("place", doc["hms"], "/hms")
    if loc is not None and (loc == HMS or territory(loc) in r.cnt.strongholds):
        r.fail("/hms", "hms-bad-aim", "the Hidden Mobile Stronghold points at a sector of a territory that is no "
               "stronghold")
    elif loc is not None:
        state["hms"]["points_at"] = loc


def _dialers(r: Reader, doc: dict, seats: list[str]) -> list[str]:
    dialers = doc.get("dialers", [])
    for i, pid in enumerate(dialers):
        if pid not in seats:
            r.fail(f"/dialers/{i}", "seats", f"{pid!r} is not a player of this game")
    return [p for p in dialers if p in seats]


def _player(r: Reader, state: dict, pid: str, sc: dict, at: str, traitors: list) -> list[str]:
    """One player's holdings from the scenario (setup values where it says nothing); returns the
    Treachery cards in hand and adds the traitors held to `traitors`."""
    cnt, pl = r.cnt, state["players"][pid]
    faction = pl["faction"]
    if "forces" in sc:
        for loc in list(_placed(state, pid)):
            Game(state, cnt).add_forces(loc, pid, -_placed(state, pid)[loc])
        for place, n in sorted(sc["forces"].items()):
            loc = r.name("place", place, f"{at}/forces/{esc(place)}")
            if loc is not None and _count(n):
                Game(state, cnt).add_forces(loc, pid, _count(n))
    for key in ("spice", "bribes"):
        if key in sc:
            pl[key] = sc[key]
    pl["tanks"] = sc.get("tanks", 0)
    placed = sum(_placed(state, pid).values())
    rest = total_forces(cnt, faction) - placed - pl["tanks"]
    pl["reserves"] = sc.get("reserves", rest)
    if pl["reserves"] != rest:
        r.fail(f"{at}/reserves", "beyond-supply", f"{pid} has {total_forces(cnt, faction)} forces: "
               f"{pl['reserves']} in reserves, {placed} on the map and {pl['tanks']} in the Tanks make "
               f"{pl['reserves'] + placed + pl['tanks']}")
    elif rest < 0:
        r.fail(f"{at}/forces", "beyond-supply", f"{pid} has {total_forces(cnt, faction)} forces, not "
               f"{placed + pl['tanks']} on the map and in the Tanks")
    own = {ld["id"] for ld in cnt.factions[faction]["leaders"]}
    for name, status in sorted(sc.get("leaders", {}).items()):
        ld = r.name("leader", name, f"{at}/leaders/{esc(name)}")
        if ld is not None and ld not in own:
            r.fail(f"{at}/leaders/{esc(name)}", "not-this-faction", f"{ld} is not a leader of {faction}")
        elif ld is not None:
            pl["leaders"][ld] = status
    hand = r.names("treachery", sc.get("hand", []), f"{at}/hand", hidden=True)
    limit = cnt.factions[faction]["hand_limit"]
    if len(hand) > limit:
        r.fail(f"{at}/hand", "hand-limit", f"{faction} hold at most {limit} Treachery cards, not {len(hand)}")
    pl["hand"] = sorted(hand)
    keep = 4 if faction == "harkonnen" else 1  # traitors left out: the ones kept, unseen
    pl["traitors"] = sorted(r.names("traitor", sc["traitors"], f"{at}/traitors", hidden=True)
                            if "traitors" in sc else [HIDDEN] * keep)
    pl["drawn_traitors"] = []
    traitors += pl["traitors"]
    pl["ally"] = sc.get("ally")
    pl["fought"] = {}
    ixtl.read_player(r, state, pid, sc, at, traitors)
    adv.read_player(r, state, pid, sc, at)
    if "prediction" in sc or faction == "bene-gesserit":  # left out: made, but unseen
        _prediction(r, state, pid, sc.get("prediction", HIDDEN), f"{at}/prediction")
    return pl["hand"]


def _prediction(r: Reader, state: dict, pid: str, value, at: str) -> None:
    pl = state["players"][pid]
    if pl["faction"] != "bene-gesserit":
        r.fail(at, "not-this-faction", "only the Bene Gesserit predict")
    elif value == HIDDEN:
        pl["prediction"] = {"faction": HIDDEN, "turn": HIDDEN}
    else:
        faction = r.name("faction", value["faction"], f"{at}/faction")
        if faction is not None and faction not in {p["faction"] for p in state["players"].values()} - {"bene-gesserit"}:
            r.fail(f"{at}/faction", "not-in-game", f"the Bene Gesserit predict another faction in play, not {faction}")
        pl["prediction"] = {"faction": faction, "turn": value["turn"]}


def _allies(r: Reader, state: dict, seats: list[str]) -> None:
    for pid in seats:
        ally = state["players"][pid]["ally"]
        if ally is None:
            continue
        if ally not in seats or ally == pid:
            r.fail(f"/players/{esc(pid)}/ally", "seats", f"{ally!r} is not another player of this game")
        elif state["players"][ally]["ally"] != pid:
            r.fail(f"/players/{esc(pid)}/ally", "alliance", f"an alliance binds two players: {ally} names "
                   f"{state['players'][ally]['ally']!r}, not {pid}")


def _too_many(r: Reader, seen: Counter, copies: Counter, what: str, at: str) -> None:
    for card in sorted(seen - copies):
        r.fail(at, "too-many-copies", f"{card} is seen {seen[card]} times: the game has {copies[card]} such {what}")


# --- state -> scenario (the cut) -----------------------------------------------------------------
def write(state: dict) -> dict | None:
    """The scenario of a state at the start of a phase (or as dealt); None when the state stands
    elsewhere (within a phase): the caller verifies that the scenario builds back the state."""
    game = state["game"]
    doc = {"game": {"system": "dune", "edition": game["edition"],
                    "players": [{"id": q, "name": game["players"][q]["name"], "faction": game["players"][q]["faction"]}
                                for q in game["seats"]]}}
    if game.get("modules"):
        doc["game"]["modules"] = list(game["modules"])
    if state.get("rng") is not None:
        doc["seed"] = state["rng"]
    if state["phase"] == "setup" and state["turn"] == 0:
        doc["phase"] = "setup"
        return doc
    phase = state["phase"]
    if phase not in PHASES:
        return None
    doc.update({"turn": state["turn"], "phase": phase, "storm": state["storm"]})
    if state["dialers"]:
        doc["dialers"] = list(state["dialers"])
    if state.get("shield_wall_destroyed"):
        doc["shield_wall"] = False
    if state.get("hms", {}).get("points_at"):
        doc["hms"] = state["hms"]["points_at"]
    if state["spice"]:
        doc["spice"] = dict(sorted(state["spice"].items()))
    if state["treachery"]["discard"]:
        doc["treachery_discard"] = list(state["treachery"]["discard"])
    if state["spice_deck"]["discard"]:
        doc["spice_discard"] = list(state["spice_deck"]["discard"])
    ixtl.write_table(state, doc)
    adv.write_table(state, doc)
    doc["players"] = {q: _held(state, q) for q in game["seats"]}
    return doc


def _held(state: dict, pid: str) -> dict:
    pl = state["players"][pid]
    out = {"spice": pl["spice"], "forces": _placed(state, pid), "reserves": pl["reserves"], "tanks": pl["tanks"],
           "leaders": {ld: s for ld, s in sorted(pl["leaders"].items()) if s not in ("alive", "ghola", "captured")},
           "hand": list(pl["hand"]), "traitors": list(pl["traitors"])}
    for key in ("ally", "bribes"):
        if pl.get(key):
            out[key] = pl[key]
    if pl.get("prediction"):
        guess = pl["prediction"]
        out["prediction"] = HIDDEN if guess["faction"] == HIDDEN else dict(guess)
    ixtl.write_player(pl, out)  # a ghola is written by its holder, the Tleilaxu
    adv.write_player(pl, out)  # a captive by its holder, the Harkonnen
    return out


def same_position(a: dict, b: dict) -> bool:
    """Two states that are the same position (the dealer's RNG aside)."""
    a, b = copy.copy(adv.same(ixtl.same_piles(a))), copy.copy(adv.same(ixtl.same_piles(b)))
    a.pop("rng", None)
    b.pop("rng", None)
    return a == b

