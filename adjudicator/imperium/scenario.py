"""Compact positions (`scenario`): what a person at the table sees, turned into an engine state.

A scenario names the game, the round, whose decision it is and what lies on the table; the
rest comes from `new_state` (every default) and from the cards: decks are the cards not seen
anywhere else (order unknown), the Reserve, the Intrigue deck, the contract pile and the
Conflict pool likewise. Names may be ids, English or Russian names in any case. Every name that
matches nothing is collected as a problem with its pointer (and the closest names); the state
built is then checked as a whole (audit.py) and its problems are pointed back into the scenario.
docs/positions.md describes the format.
"""

from __future__ import annotations

from collections import Counter

from ..core.engine.positions import Reader as Names
from ..core.engine.positions import esc
from ..core.errors import InvalidPosition, MalformedLog, seated
from ..core.names import fold
from .combat import participants
from .content import FACTIONS, Content, in_game
from .deck import HIDDEN
from .game import Game
from .parts import PARTS
from .registry import adjust

FORMAT = "dune-adjudicator/scenario"
# decision kind -> the phase it stands in
PHASES = {"turn": "player-turns", "combat": "combat", "endgame": "endgame", "round-start": "round-start",
          "setup": "setup"}
PILES = ("hand", "intrigue", "play", "in_play", "discard", "deck", "deck_top", "trashed")
# a player's key named as in the state -> its old name, still read (deprecated, issue 32)
ALIASES = {"play": "in_play", "worms": "sandworms", "seat": "high_council", "placed": "agents_order",
           "leader_face": "leader_side"}
# the base game's top-level keys (a module's own: its part's `table_keys`)
TABLE_KEYS = ("round", "first", "conflict", "discarded_conflicts", "row", "board", "contracts",
              "intrigue_discard", "intrigue_trashed", "intrigue_top", "intrigue_bottom", "out_of_game", "manipulated",
              "players")


class Reader(Names):
    """Resolves the names of one scenario (core/engine/positions.py) and its players' names."""

    def __init__(self, cnt: Content, players: dict[str, str], prefix: str):
        super().__init__(prefix)
        self.cnt = cnt
        self._players = {fold(k): k for k in players} | {fold(v): k for k, v in players.items() if fold(v)}

    def lookup(self, kind: str, value, pointer: str) -> str:
        return self.cnt.resolve(kind, value, pointer)

    def player(self, value, pointer: str):
        pid = self._players.get(fold(value)) if isinstance(value, str) else None
        if pid is None:
            known = sorted(set(self._players.values()))
            self.fail(pointer, "unknown-name", f"unknown player {value!r}; the players are {known}")
        return pid

    def players(self, value, pointer: str) -> list[str]:
        values = value if isinstance(value, list) else [value]
        found = [self.player(v, f"{pointer}/{i}" if isinstance(value, list) else pointer) for i, v in enumerate(values)]
        return [p for p in found if p is not None]


def read_game(rules, doc: dict, prefix: str) -> dict:
    """The scenario's `game` as new_state takes it (leaders resolved, the edition canonical)."""
    return {"system": rules.system, "edition": rules.edition, "modules": list(doc.get("modules", [])),
            "players": seated(rules, doc["players"], "leader", prefix)}


def build(rules, doc: dict, prefix: str = "") -> tuple[dict, Reader]:
    """The engine state of a scenario (already checked against schemas/scenario.json) and the
    reader that resolved it. Raises InvalidPosition listing every unknown name."""
    game = read_game(rules, doc["game"], prefix)
    setup, found = PARTS.setup(rules, doc, prefix)  # a module's seats and options (Rivals)
    if found:
        raise InvalidPosition(found)
    try:
        state = rules.new_state(game, {"seed": doc.get("seed"), **setup})
    except MalformedLog as err:
        err.pointer = PARTS.setup_pointer(err.pointer)
        raise InvalidPosition.of(err, prefix) from None
    names = {p["id"]: p["name"] for p in game["players"]} | {q: q for q in PARTS.seated(state)}
    r = Reader(rules.content, names, prefix)
    decision = doc.get("decision", {})
    kind = decision.get("kind", "turn")
    if "phase" in doc and fold(doc["phase"]) != fold(PHASES[kind]):
        r.fail("/phase", "phase", f"a {kind} decision stands in the {PHASES[kind]} phase, not {doc['phase']!r}")
    if kind == "setup":
        extra = [k for k in TABLE_KEYS + PARTS.table_keys() if k in doc]
        for key in extra:
            r.fail(f"/{key}", "setup-takes-no-table", "a setup position is the game as dealt: "
                   f"leave out {key!r} (or name another decision)")
    else:
        _table(r, state, doc, kind, decision)
    if r.problems:
        raise InvalidPosition(r.problems)
    return state, r


def _table(r: Reader, state: dict, doc: dict, kind: str, decision: dict) -> None:
    cnt, ids = r.cnt, state["game"]["seats"]
    state["round"] = doc.get("round", 1)
    state["phase"] = PHASES[kind]
    state["first"] = r.player(doc.get("first", ids[0]), "/first") or ids[0]
    state["stack"], state["turn"], state["result"] = [], None, None
    board = state["board"]
    levels = list(board["conflict_levels"])  # as dealt: the edition's, or the six-player game's (six.py)
    revealed = state["round"] - (1 if kind == "round-start" else 0)  # Conflict cards revealed so far
    board["conflict_levels"] = levels[max(0, revealed):]
    board["conflict"] = r.name("conflict", doc["conflict"], "/conflict") if doc.get("conflict") else None
    board["discarded_conflicts"] = r.names("conflict", doc.get("discarded_conflicts"), "/discarded_conflicts")
    if "row" in doc:
        state["row"] = sorted(r.names("card", doc["row"], "/row"))
    _board(r, state, doc.get("board", {}))
    PARTS.run("read_table", r, state, doc)
    for key, target, kind_ in (("intrigue_discard", "intrigue_discard", "intrigue"),
                               ("intrigue_trashed", "intrigue_trashed", "intrigue"),
                               ("out_of_game", "removed_cards", "card")):
        if key in doc:
            state[target] = sorted(r.names(kind_, doc[key], f"/{key}"))
    if "manipulated" in doc:
        state["manipulated"] = [
            {"card": r.name("card", m["card"], f"/manipulated/{i}/card"),
             "player": r.player(m["player"], f"/manipulated/{i}/player"), "round": m.get("round", state["round"]),
             **({"other_means": True} if m.get("other_means") else {})}
            for i, m in enumerate(doc["manipulated"])]
    if "contracts" in doc:
        state["contracts"]["face_up"] = sorted(r.names("contract", doc["contracts"], "/contracts"))
    given = doc.get("players", {})
    for key in given:
        if key not in ids:
            r.fail(f"/players/{esc(key)}", "seats", f"{key!r} is not a player of this game; the players are {ids}")
    for pid in ids:
        _player(r, state, pid, given.get(pid, {}), f"/players/{pid}")
    _pools(state, cnt, "row" not in doc)
    if doc.get("intrigue_top"):  # known on top of the Intrigue deck (Imperium Ceremony, Hundro Moritani)
        state["intrigue_deck"]["top"] = r.names("intrigue", doc["intrigue_top"], "/intrigue_top")
    if doc.get("intrigue_bottom"):  # put under the Intrigue deck (Court Intrigue, Sonic Snoopers)
        _intrigue_bottom(r, state, r.names("intrigue", doc["intrigue_bottom"], "/intrigue_bottom", hidden=True))
    PARTS.run("fill", r, state, doc)
    _stack(r, state, kind, decision)
    PARTS.run("read_decision", r, state, kind, decision)


def _intrigue_bottom(r: Reader, state: dict, bottom: list) -> None:
    """The known bottom holds cards of the deck, below its known top ("?": one its writer did not see)."""
    pool = state["intrigue_deck"]
    left = Counter(pool["cards"]) - Counter(pool.get("top", []))
    named = Counter(c for c in bottom if c != HIDDEN)
    if named - left or len(bottom) + len(pool.get("top", [])) > len(pool["cards"]) - pool["hidden"]:
        r.fail("/intrigue_bottom", "not-in-deck", "the cards known at the bottom of the Intrigue deck must be "
               "cards of that deck, below its known top")
        return
    pool["bottom"] = bottom


def _board(r: Reader, state: dict, src: dict) -> None:
    board, cnt = state["board"], r.cnt
    _agents_and_spies(r, state, src)
    for space, who in src.get("control", {}).items():
        sid, pid = r.name("space", space, f"/board/control/{esc(space)}"), r.player(who, f"/board/control/{esc(space)}")
        if sid and pid:
            board["control"][sid] = pid
    board["control"] = dict(sorted(board["control"].items()))
    for space, n in src.get("bonus_spice", {}).items():
        sid = r.name("space", space, f"/board/bonus_spice/{esc(space)}")
        if sid and sid not in board["bonus_spice"]:
            r.fail(f"/board/bonus_spice/{esc(space)}", "not-a-maker-space",
                   f"{cnt.spaces[sid]['name']['en']} has no Maker icon: bonus spice builds up only on "
                   f"{sorted(board['bonus_spice'])}")
        elif sid:
            board["bonus_spice"][sid] = n
    if "shield_wall" in src:
        board["shield_wall"] = src["shield_wall"]
    for key in ("mentat", "mentat_next"):
        if key in src and "mentat" not in cnt.spaces:
            r.fail(f"/board/{key}", "unknown-name", f"there is no Mentat in {cnt.edition}")
        elif src.get(key) is not None:
            board[key] = r.player(src[key], f"/board/{key}")
        elif key in src:  # null: back on its space after a player had it (as the engine keeps it)
            board[key] = None
    if "voice" in src:
        board["voice"] = sorted(({"space": r.name("space", v["space"], f"/board/voice/{i}/space"),
                                  "by": r.player(v["by"], f"/board/voice/{i}/by")}
                                 for i, v in enumerate(src["voice"])), key=lambda v: (str(v["space"]), str(v["by"])))


def _agents_and_spies(r: Reader, state: dict, src: dict) -> None:
    board = state["board"]
    for space, who in src.get("agents", {}).items():
        sid = r.name("space", space, f"/board/agents/{esc(space)}")
        for pid in r.players(who, f"/board/agents/{esc(space)}"):
            if sid:
                state["players"][pid]["placed"].append(sid)
                board["occupied"][sid] = pid  # with two Agents there, the later one (infiltrating)
    board["occupied"] = dict(sorted(board["occupied"].items()))
    for pid in state["game"]["seats"]:  # in name order unless the player's `placed` says (_agents_order)
        state["players"][pid]["placed"].sort()
    for post, who in src.get("spies", {}).items():
        pid_post = r.name("post", post, f"/board/spies/{esc(post)}")
        for n, pid in enumerate(r.players(who, f"/board/spies/{esc(post)}")):
            if pid_post:
                board["spies"][pid_post if n == 0 else f"{pid_post}#{pid}"] = pid
    board["spies"] = dict(sorted(board["spies"].items()))


def _cards_with_flags(r: Reader, kind: str, values, pointer: str) -> list[dict]:
    out = []
    for i, v in enumerate(values or []):
        card, flipped = (v, False) if isinstance(v, str) else (v["card"], v.get("flipped", False))
        ident = r.name(kind, card, f"{pointer}/{i}" if isinstance(v, str) else f"{pointer}/{i}/card")
        if ident:
            out.append({"id": ident, "flipped": flipped})
    return out


def _player(r: Reader, state: dict, pid: str, src: dict, ptr: str) -> None:
    """One player's pieces: the base game's, then each module's (its part)."""
    pl = state["players"][pid]
    agents = pl["agents"] - pl["swordmaster"]  # as dealt, without a Swordmaster (House Hagal's three too)
    for key in ("vp", "solari", "spice", "water", "persuasion", "swords"):
        if key in src:
            pl[key] = src[key]
    _influence(r, state, pid, src, ptr)
    _piles(r, pl, src, ptr)
    troops = pl["troops"]
    total = sum(troops.values())  # as dealt: 12, none for a six-player Commander
    for key in ("garrison", "conflict", "memories"):
        if key in src.get("troops", {}):
            troops[key] = src["troops"][key]
    troops["supply"] = src.get("troops", {}).get(
        "supply", total - sum(v for k, v in troops.items() if k != "supply"))
    pl["worms"] = _given(r, src, ptr, "worms")[0] or 0
    seat = _given(r, src, ptr, "seat")[0]
    if seat is not None:
        pl["seat"] = seat
    for key in ("swordmaster", "maker_hooks", "revealed"):
        if key in src:
            pl[key] = src[key]
    if src.get("ability_used"):
        pl["ability_used"] = True
    _agents_order(r, pl, *_given(r, src, ptr, "placed"))
    pl["agents"] = agents + pl["swordmaster"] + (1 if state["board"].get("mentat") == pid else 0)
    pl["spies"] = r.cnt.rules["spies"] - sum(1 for o in state["board"]["spies"].values() if o == pid)
    _won(r, pl, src, ptr)
    _leader_tokens(r, state, pid, src, ptr)
    PARTS.run("read_player", r, state, pid, src, ptr)


def _influence(r: Reader, state: dict, pid: str, src: dict, ptr: str) -> None:
    pl = state["players"][pid]
    for name, n in src.get("influence", {}).items():
        faction = r.name("faction", name, f"{ptr}/influence/{esc(name)}")
        if faction:
            pl["influence"][faction] = n
    for i, name in enumerate(src.get("alliances", [])):
        faction = r.name("faction", name, f"{ptr}/alliances/{i}")
        if faction and state["alliances"][faction] not in (None, pid):
            r.fail(f"{ptr}/alliances/{i}", "alliance-twice",
                   f"the {r.cnt.factions[faction]['name']['en']} Alliance is already {state['alliances'][faction]}'s")
        elif faction:
            state["alliances"][faction] = pid


def _piles(r: Reader, pl: dict, src: dict, ptr: str) -> None:
    """Hand, Intrigue cards, cards in play, discard, trashed, and the deck: as written, else the
    starting cards not seen elsewhere (an acquired card is wherever the scenario puts it)."""
    pl["hand"] = sorted(r.names("card", src.get("hand"), f"{ptr}/hand", hidden=True))
    pl["intrigue"] = sorted(r.names("intrigue", src.get("intrigue"), f"{ptr}/intrigue", hidden=True))
    pl["play"] = r.names("card", *_or_none(_given(r, src, ptr, "play"), f"{ptr}/play"), hidden=True)
    pl["discard"] = sorted(r.names("card", src.get("discard"), f"{ptr}/discard", hidden=True))
    pl["trashed"] = sorted(r.names("card", src.get("trashed"), f"{ptr}/trashed"))
    seen = Counter(pl["hand"]) + Counter(pl["play"]) + Counter(pl["discard"]) + Counter(pl["trashed"])
    if "deck" in src:
        deck = r.names("card", src["deck"], f"{ptr}/deck")
    else:
        deck = list((Counter(pl["deck"]["cards"]) - seen).elements())
    pl["deck"] = {"cards": sorted(deck), "hidden": seen[HIDDEN]}
    if src.get("deck_top"):
        pl["deck"]["top"] = r.names("card", src["deck_top"], f"{ptr}/deck_top")


def _won(r: Reader, pl: dict, src: dict, ptr: str) -> None:
    """Conflict cards won, Objective cards, contracts."""
    if "conflicts" in src:
        pl["conflicts"] = _cards_with_flags(r, "conflict", src["conflicts"], f"{ptr}/conflicts")
    if "objectives" in src:
        pl["objectives"] = _cards_with_flags(r, "objective", src["objectives"], f"{ptr}/objectives")
    pl["contracts"] = r.names("contract", src.get("contracts"), f"{ptr}/contracts")
    pl["completed_contracts"] = r.names("contract", src.get("completed_contracts"), f"{ptr}/completed_contracts")
    pl["completed"] = len(pl["completed_contracts"])
    if "set_aside_contracts" in src:
        aside = r.names("contract", src["set_aside_contracts"], f"{ptr}/set_aside_contracts")
        pl["set_aside_contracts"] = sorted(aside)


def _given(r: Reader, src: dict, ptr: str, key: str) -> tuple:
    """A player's value under its state's name or its old one, and where it was written."""
    return r.renamed(ptr, src, key, ALIASES[key])


def _or_none(found: tuple, ptr: str) -> tuple:
    """A value `Reader.renamed` found and its pointer; nothing written: None at the state's name."""
    return found if found[1] else (None, ptr)


def _agents_order(r: Reader, pl: dict, order, ptr: str | None) -> None:
    """The order the player's Agents went out in: bookkeeping no rule reads, written so that a
    position cut from a game builds back its very state (and checksum)."""
    if order is None:
        return
    spaces = r.names("space", order, ptr)
    if sorted(spaces) != pl["placed"]:
        r.fail(ptr, "board", f"the Agents' order {spaces} names other spaces than board.agents {pl['placed']}")
    else:
        pl["placed"] = spaces


def _leader_tokens(r: Reader, state: dict, pid: str, src: dict, ptr: str) -> None:
    """What a leader keeps on its card: its face (Lady Jessica), the Baron's Masterstroke tokens,
    Feyd-Rautha's training track, and face-up cards whose effect waits for a trigger."""
    cnt, pl = r.cnt, state["players"][pid]
    leader = cnt.leaders.get(pl["leader"], {})
    written, where = _given(r, src, ptr, "leader_face")
    if where:
        reverse, side = leader.get("reverse") or {}, fold(written)
        if reverse and side and side in (fold(reverse["id"]), fold(reverse.get("name", {}).get("en", "-"))):
            pl["leader_face"] = reverse["id"]
        elif not side or side not in (fold(pl["leader"]), fold(leader.get("name", {}).get("en", "-"))):
            r.fail(where, "unknown-name", f"{leader.get('name', {}).get('en', pl['leader'])} has no side {written!r}")
    if "masterstroke" in src:
        pl["masterstroke"] = sorted(f for f in (r.name("faction", v, f"{ptr}/masterstroke/{i}")
                                               for i, v in enumerate(src["masterstroke"])) if f)
    if "training" in src:
        track = [s["id"] for s in leader.get("training_track", {}).get("spaces", [])]
        if src["training"] not in track:
            r.fail(f"{ptr}/training", "unknown-name", f"{src['training']!r} is not a space of this leader's "
                   f"training track {track}")
        else:
            pl["feyd"] = src["training"]
    if "armed" in src:
        pl["armed"] = [a for a in (_armed(r, state, v, f"{ptr}/armed/{i}") for i, v in enumerate(src["armed"])) if a]


# The delayed effects a played card leaves face up: the custom step that arms it -> its trigger.
ARMING = {"on-deploy-3-units-in-one-turn": {"on": "deploy3"}, "on-deploy-4-units-in-one-turn": {"on": "deploy4"},
          "if-win-this-conflict": {"on": "win", "round": True},
          "on-acquire-during-reveal-this-round": {"on": "acquire", "during": "reveal", "round": True},
          "acquire-to-deck-top-this-reveal": {"on": "acquire-top", "round": True}}


def armed_entry(cnt: Content, card: str, rnd: int) -> dict | None:
    """The waiting effect an Intrigue card leaves when played (as the engine arms it)."""
    data = cnt.intrigues.get(card, {})
    for timing in ("plot", "combat", "endgame"):
        for step in data.get(timing, []):
            arm = ARMING.get(step.get("custom"))
            if arm:
                entry = {"on": arm["on"], "src": f"intrigue:{card}"}
                if "then" in step:
                    entry["steps"] = step["then"]
                if arm.get("during"):
                    entry["during"] = arm["during"]
                if arm.get("round"):
                    entry["round"] = rnd
                return entry
    return None


def _armed(r: Reader, state: dict, value, pointer: str) -> dict | None:
    """A card name, or `{"card", "round"}` for one armed in an earlier round (its effect waits no
    more; the engine keeps the entry, so a cut game writes it)."""
    card, rnd = (value, state["round"]) if isinstance(value, str) else (value["card"], value["round"])
    card = r.name("intrigue", card, pointer if isinstance(value, str) else f"{pointer}/card")
    if card is None:
        return None
    entry = armed_entry(r.cnt, card, rnd)
    if entry is None:
        r.fail(pointer, "not-armed", f"{r.cnt.intrigues[card]['name']['en']} leaves no effect waiting")
    return entry


def _pools(state: dict, cnt: Content, row_open: bool = False) -> None:
    """Decks, the Reserve and the piles: every copy not seen anywhere else."""
    modules = (None, *state["game"]["modules"])
    players = [state["players"][q] for q in state["game"]["seats"]]
    owned = Counter()
    for pl in players:
        owned.update(c for zone in (pl["hand"], pl["play"], pl["discard"], pl["trashed"], pl["deck"]["cards"])
                     for c in zone if c != HIDDEN)
    imperium = Counter({c["id"]: c["copies"] for c in cnt.of_type("imperium") if in_game(c, modules)})
    aside = Counter(m["card"] for m in state.get("manipulated", []) if m["card"])
    aside += Counter(state.get("removed_cards", [])) + Counter(PARTS.seen(state, "imperium"))
    left = sorted((imperium - Counter(state["row"]) - owned - aside).elements())
    if row_open:  # a Row the writer does not care about: the first cards left, in name order
        state["row"] = left[: cnt.rules["row"]]
        left = left[cnt.rules["row"]:]
    state["imperium_deck"] = {"cards": left, "hidden": 0}
    state["reserve"] = {c["id"]: max(0, c["copies"] - owned[c["id"]])
                        for c in sorted(cnt.of_type("reserve"), key=lambda c: c["id"])}
    intrigue = Counter({c["id"]: c["copies"] for c in cnt.intrigues.values()
                        if in_game(c, modules) and not c.get("twisted")})  # Piter's own deck: not these
    held = Counter(c for pl in players for c in pl["intrigue"] if c != HIDDEN)
    gone = held + Counter(state["intrigue_discard"]) + Counter(state.get("intrigue_trashed", []))
    state["intrigue_deck"] = {"cards": sorted((intrigue - gone).elements()),
                              "hidden": sum(pl["intrigue"].count(HIDDEN) for pl in players)}
    contracts = state["contracts"]
    if "choam" in state["game"]["modules"]:
        total = Counter({c: d.get("copies", 1) for c, d in cnt.contracts.items() if in_game(d, modules)})
        taken = Counter(contracts["face_up"]) + Counter(contracts.get("trashed", [])) + Counter(
            c for pl in players
            for c in pl["contracts"] + pl["completed_contracts"] + pl.get("set_aside_contracts", []))
        contracts["pile"] = sorted((total - taken).elements())
    board = state["board"]
    used = Counter(board["discarded_conflicts"]) + Counter(c["id"] for pl in players for c in pl["conflicts"])
    if board["conflict"]:
        used[board["conflict"]] += 1
    board["conflict_pool"] = {lv: sorted(c for c, d in cnt.conflicts.items()
                                         if d["level"] == int(lv) and not used[c] and in_game(d, modules))
                              for lv in board["conflict_pool"]}


def _stack(r: Reader, state: dict, kind: str, decision: dict) -> None:
    """The pending work of the decision point: the round's flow and the task on top of it."""
    g = Game(state, r.cnt)
    if kind == "turn":
        pid = r.player(decision.get("player", state["first"]), "/decision/player") or state["first"]
        ring = adjust("turn-ring", g.clockwise_from(g.first), g)  # a two-player game's Rival acts second
        after = ring[(ring.index(pid) + 1) % len(ring)]
        g.push({"t": "flow", "step": "turns", "next": after})
        g.state["stack"].append({"t": "turn", "player": pid})
    elif kind == "combat":
        fighters = participants(g)
        g.push({"t": "flow", "step": "combat-resolve"})
        if not fighters:
            r.fail("/decision", "phase", "nobody has a unit in the Conflict: there is no Combat Intrigue window")
            return
        idx = 0
        if decision.get("player") is not None:
            pid = r.player(decision["player"], "/decision/player")
            if pid is not None and pid not in fighters:
                r.fail("/decision/player", "phase", f"{pid} has no unit in the Conflict; the window is for {fighters}")
            idx = fighters.index(pid) if pid in fighters else 0
        state["stack"].append({"t": "window", "kind": "combat", "order": fighters, "idx": idx, "passes": idx})
    elif kind == "endgame":
        g.push({"t": "flow", "step": "final"})
        state["stack"].append({"t": "window", "kind": "endgame", "order": g.clockwise_from(g.first), "idx": 0,
                               "passes": 0})
    elif kind == "round-start":
        g.push({"t": "flow", "step": "defensive-bonus"})
        state["stack"].append({"t": "chance", "kind": "reveal-conflict"})
    if kind != "turn" and decision.get("player") is not None and kind != "combat":
        r.fail("/decision/player", "phase", f"a {kind} decision names no player")
    if "turns_next" in decision:  # where the round's Player Turns left off: bookkeeping no rule reads
        pid = r.player(decision["turns_next"], "/decision/turns_next")
        if kind == "turn":
            r.fail("/decision/turns_next", "phase", "a turn decision says whose turn it is: `player`")
        elif pid is not None and state["stack"]:
            state["stack"][0]["next"] = pid


__all__ = ["FACTIONS", "FORMAT", "PHASES", "Reader", "armed_entry", "build"]
