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
them (Sardaukar, Fedaykin, Cyborgs) are each player's `elite` {kind: {forces: {place: n}, tanks:
n}} (among the player's `forces` and `tanks`; left out: all in reserves). A module's pieces are
read and written by its part (modules/<folder>/positions.py; core/engine/positions.py): the
Ixians & Tleilaxu's, the Tech Tokens', the advanced game's (captives, the Kwisatz Haderach, spent
Karama powers, advisors, the second Spice discard pile).
"""

from __future__ import annotations

import copy
from collections import Counter

from ..core.engine.positions import Reader as Names
from ..core.engine.positions import esc
from ..core.errors import InvalidPosition, MalformedLog, seated
from .content import HMS, Content, sets
from .flow import PHASES as FLOW
from .game import SPICE_TOTAL, Game, storm_key
from .parts import PARTS
from .spelling import indexes
from .treachery import FAMILY_ATOMICS, HIDDEN

PHASES = tuple(name for name, _ in FLOW if name not in ("collection", "mentat-pause"))  # a decision follows
BEFORE = {name: FLOW[i - 1][0] for i, (name, _) in enumerate(FLOW)}
# the base game's keys (a module's own: its part's `table_keys`, `player_keys`)
TABLE_KEYS = ("turn", "storm", "dialers", "spice", "treachery", "spice_deck", "shield_wall_destroyed", "players",
              *("treachery_discard", "spice_discard", "shield_wall"))  # the last three: deprecated aliases
PLAYER_KEYS = ("spice", "forces", "reserves", "tanks", "leaders", "hand", "traitors", "ally", "prediction", "bribes",
               "elite")
LEADER_STATES = ("alive", "tanks")
# a discard pile, named as the state nests it -> its deprecated flat name, the kind of its cards
PILES = {("treachery", "discard"): ("treachery_discard", "treachery"),
         ("spice_deck", "discard"): ("spice_discard", "spice"),
         ("spice_deck", "discard_b"): ("spice_discard_b", "spice")}


# --- forces: the one place that reads and writes them ------------------------------------------
def _count(value) -> int:
    """The number of forces a scenario (or the state's map) gives at a place."""
    return value


def _placed(state: dict, pid: str) -> dict[str, int]:
    """A player's forces on the map, place -> count."""
    return {loc: _count(here[pid]) for loc, here in sorted(state["map"].items()) if pid in here}


def total_forces(cnt: Content, faction: str) -> int:
    return sum(cnt.factions[faction]["forces"].values())


class Reader(Names):
    """Resolves a scenario's names (core/engine/positions.py): places through the rules."""

    def __init__(self, rules, prefix: str):
        super().__init__(prefix)
        self.rules, self.cnt = rules, rules.content
        self.turn = 1  # the scenario's turn (the Storm phase's state counts it in later)

    def lookup(self, kind: str, value, pointer: str) -> str:
        if kind == "place":
            return self.rules.place(value, pointer)
        return indexes(self.cnt)[kind].resolve(value, pointer)

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

    def pile(self, doc: dict, deck: str, key: str) -> tuple[list[str], str]:
        """A discard pile named as the state nests it (`treachery.discard`, `spice_deck.discard`,
        `spice_deck.discard_b`) or by its deprecated flat alias (`treachery_discard`, `spice_discard`,
        `spice_discard_b`; issue 32): its cards' ids and where it was written."""
        alias, kind = PILES[deck, key]
        listed, where = self.aliased("", doc.get(deck, {}), key, f"{deck}/{key}", doc, alias)
        where = where or f"/{deck}/{key}"
        return self.names(kind, listed or [], where), where

    def held_leaders(self, state: dict, doc: dict, faction: str, key: str, status: str, holder: str) -> dict:
        """The leaders the player of `faction` holds (`players.<id>.<key>`, read after every
        player's leaders), kept at `key` when there are any; {pid: {leader: owner}}."""
        found = {}
        for pid in state["game"]["seats"]:
            pl = state["players"][pid]
            if pl["faction"] != faction:
                continue
            held = found[pid] = self.taken_leaders(state, pid, doc.get("players", {}).get(pid, {}).get(key, []),
                                                   f"/players/{esc(pid)}/{key}", status, holder)
            if held:
                pl[key] = dict(sorted(held.items()))
            else:
                pl.pop(key, None)
        return found


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
        for key in TABLE_KEYS + PARTS.table_keys():
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
    PARTS.run("settled", state, doc)
    return state


def _back(pointer: str) -> str:
    """A state's pointer as the scenario's (players, the map's spice; the rest at the top)."""
    head = pointer.split("/")[1:3]
    if head[:1] == ["players"] and len(head) == 2:
        return f"/players/{head[1]}"
    return {"spice": "/spice", "treachery": "/treachery/discard", "spice_deck": "/spice_deck/discard"}.get(
        head[0] if head else "", "")


def _table(r: Reader, state: dict, doc: dict, phase: str) -> None:
    cnt = r.cnt
    g = Game(state, cnt)
    seats = g.seats
    turn = r.turn = doc.get("turn", 1)
    state["turn"] = turn - 1 if phase == "storm" else turn  # the Storm phase counts the turn in
    state["phase"] = BEFORE[phase]
    state["storm"] = doc.get("storm", state["storm"])
    # `shield_wall` (false: destroyed): the deprecated alias, turned around (issue 32)
    destroyed, _ = r.aliased("", doc, "shield_wall_destroyed", "shield_wall_destroyed", doc, "shield_wall",
                             lambda standing: not standing)
    if destroyed:
        state["shield_wall_destroyed"] = True
    state["dialers"] = _dialers(r, doc, seats)
    PARTS.run("read_table", r, state, doc)
    state["spice"] = {}
    for place, amount in sorted(doc.get("spice", {}).items()):
        loc = r.name("place", place, f"/spice/{esc(place)}")
        if loc is not None and amount:
            state["spice"][loc] = state["spice"].get(loc, 0) + amount
    given = doc.get("players", {})
    for pid in sorted(set(given) - set(seats)):
        r.fail(f"/players/{esc(pid)}", "seats", f"{pid!r} is not a player of this game; the players are {seats}")
    held = []
    for pid in seats:
        held += _player(r, state, pid, given.get(pid, {}), f"/players/{esc(pid)}")
    _allies(r, state, seats)
    PARTS.run("read_players", r, state, doc)
    for terr in sorted(g.strongholds):  # ruling dune.occupancy-limit: no third faction ever enters
        here = g.occupants(terr)
        if len(here) > 2:
            r.fail(f"/players/{esc(here[2])}/forces", "occupancy", f"{terr} holds forces of {', '.join(here)}: "
                   "a stronghold holds the forces of at most two players")
    # the decks: every card not seen elsewhere ("?" cards stay counted in their deck)
    _decks(r, state, doc, held)
    PARTS.run("fill", r, state, doc)
    state["bank"] = SPICE_TOTAL - sum(pl["spice"] + pl.get("bribes", 0) for pl in state["players"].values()) - sum(
        state["spice"].values())
    state["order"] = list(seats) if phase == "storm" and turn == 1 else sorted(seats, key=lambda q: storm_key(state, q))
    state["battle"], state["result"] = None, None
    state["stack"] = [{"t": "flow", "phase": phase}]


def _decks(r: Reader, state: dict, doc: dict, held: list[str]) -> None:
    """The Treachery, Spice and Traitor decks: every card not seen elsewhere ("?" cards stay
    counted in their deck); a module's own piles (its part's `read_decks`) are seen too."""
    cnt, seats = r.cnt, state["game"]["seats"]
    discard, at_discard = r.pile(doc, "treachery", "discard")
    spice_discard, at_spice = r.pile(doc, "spice_deck", "discard")
    PARTS.run("read_decks", r, state, doc)
    held = held + PARTS.seen(state, "treachery")
    used = sets(state["game"]["modules"])  # the expansion's cards too (content.sets)
    base = Counter({c: d["copies"] for c, d in cnt.treachery.items() if d["set"] in used})
    seen = Counter(c for c in held + discard if c != HIDDEN)
    _too_many(r, seen, base, "Treachery card", at_discard)
    if state.get("shield_wall_destroyed") and base[FAMILY_ATOMICS] > seen[FAMILY_ATOMICS]:
        state["treachery"]["removed"] = [FAMILY_ATOMICS]  # blown: the card is out of the game
        seen[FAMILY_ATOMICS] += 1
    state["treachery"].update(deck=sorted((base - seen).elements()), discard=discard, hidden=held.count(HIDDEN))
    seen = spice_discard + PARTS.seen(state, "spice")
    cards = Counter({c: s.get("copies", 1) for c, s in cnt.spice_cards.items() if s["set"] in used})
    _too_many(r, Counter(seen), cards, "Spice card", at_spice)
    state["spice_deck"].update(deck=sorted((cards - Counter(seen)).elements()), discard=spice_discard, aside=[])
    factions = {state["players"][q]["faction"] for q in seats}
    deck = Counter(c for c, t in cnt.traitors.items()  # the expansion's Cheap Hero traitor is no faction's
                   if t["set"] in used and t["faction"] in (*factions, None))
    traitors = [c for q in seats for c in state["players"][q]["traitors"]] + PARTS.seen(state, "traitor")
    named = Counter(c for c in traitors if c != HIDDEN)
    _too_many(r, named, deck, "Traitor card", "/players")
    state["traitor_deck"] = sorted((deck - named).elements())
    state["traitor_hidden"] = traitors.count(HIDDEN)


def _dialers(r: Reader, doc: dict, seats: list[str]) -> list[str]:
    dialers = doc.get("dialers", [])
    for i, pid in enumerate(dialers):
        if pid not in seats:
            r.fail(f"/dialers/{i}", "seats", f"{pid!r} is not a player of this game")
    return [p for p in dialers if p in seats]


def _player(r: Reader, state: dict, pid: str, sc: dict, at: str) -> list[str]:
    """One player's holdings from the scenario (setup values where it says nothing); returns the
    Treachery cards in hand."""
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
    pl["ally"] = sc.get("ally")
    pl["fought"] = {}
    _elite(r, state, pid, sc, at)
    PARTS.run("read_player", r, state, pid, sc, at)
    if "prediction" in sc or faction == "bene-gesserit":  # left out: made, but unseen
        _prediction(r, state, pid, sc.get("prediction", HIDDEN), f"{at}/prediction")
    return pl["hand"]


def _elite(r: Reader, state: dict, pid: str, sc: dict, at: str) -> None:
    """A player's forces of a special kind (after forces and tanks): each among the forces."""
    pl = state["players"][pid]
    elite = pl.get("elite", {})
    for kind in sorted(sc.get("elite", {})):
        if kind not in elite:
            r.fail(f"{at}/elite/{esc(kind)}", "unknown-name", f"{pl['faction']} have no forces of a kind {kind!r}")
    for kind, e in sorted(elite.items()):
        given = sc.get("elite", {}).get(kind, {})
        count = r.cnt.factions[pl["faction"]]["forces"][kind]
        e["map"] = {}
        for place, n in sorted(given.get("forces", {}).items()):
            loc = HMS if place == HMS else r.name("place", place, f"{at}/elite/{esc(kind)}/forces/{esc(place)}")
            if loc is not None and n:
                e["map"][loc] = e["map"].get(loc, 0) + n
        e["tanks"] = given.get("tanks", 0)
        e["reserves"] = count - e["tanks"] - sum(e["map"].values())
        placed = state["map"]
        if e["reserves"] < 0 or e["reserves"] > pl["reserves"] or e["tanks"] > pl["tanks"] or any(
                n > placed.get(loc, {}).get(pid, 0) for loc, n in e["map"].items()):
            r.fail(f"{at}/elite/{esc(kind)}", "beyond-supply", f"{pid} has {count} {kind}, each among its forces: "
                   f"{sum(e['map'].values())} on the map and {e['tanks']} in the Tanks leave {e['reserves']} of "
                   f"{pl['reserves']} reserves")


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
        doc["shield_wall_destroyed"] = True
    if state["spice"]:
        doc["spice"] = dict(sorted(state["spice"].items()))
    if state["treachery"]["discard"]:
        doc["treachery"] = {"discard": list(state["treachery"]["discard"])}
    if state["spice_deck"]["discard"]:
        doc["spice_deck"] = {"discard": list(state["spice_deck"]["discard"])}
    PARTS.run("describe_table", None, state, doc)
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
    elite = {k: {**({"forces": dict(sorted(e["map"].items()))} if e["map"] else {}),
                 **({"tanks": e["tanks"]} if e["tanks"] else {})} for k, e in sorted(pl.get("elite", {}).items())}
    if any(elite.values()):
        out["elite"] = {k: e for k, e in elite.items() if e}
    PARTS.run("describe_player", None, state, pid, out)  # a ghola or a captive is written by its holder
    return out


def same_position(a: dict, b: dict) -> bool:
    """Two states that are the same position (the dealer's RNG aside)."""
    a, b = copy.copy(PARTS.same(a)), copy.copy(PARTS.same(b))
    a.pop("rng", None)
    b.pop("rng", None)
    return a == b

