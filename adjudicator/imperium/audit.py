"""Is this state a position of the game at all? Every problem of a posted or built state, each
with the JSON pointer of its place in the state: unknown ids (with the closest names), a card in
more places than it has copies, troops, spies or Agents beyond the supply, negative resources,
VP below what Influence and Alliances give, an Alliance its holder cannot hold, a Conflict card
of the wrong level for the round, seats that do not match the players, a phase that contradicts
the board or the pending decision.

The checks hold for every state the engine reaches (tests/test_positions.py audits every state
of simulated games), so a problem here is a position no game can come to. Work is bounded by the
size of the state, which the schema bounds.
"""

from __future__ import annotations

from collections import Counter

from ..core.engine.positions import esc
from ..core.errors import problem
from .content import (
    COMMANDER_DECK,
    FACTIONS,
    MODULE_KINDS,
    Content,
    board_tracks,
    excluded_words,
    in_game,
    needed_module,
)
from .deck import HIDDEN
from .parts import PARTS
from .registry import CHANCES, CHOICES
from .rounds import STEPS

PHASES = ("setup", "round-start", "player-turns", "combat", "makers", "recall", "endgame", "over")
TASKS = ("flow", "turn", "agent", "reveal", "choice", "window", "steps", "chance", "rival")
PLAYER_COUNTS = (3, 4, 6)  # seats: 1-2 players sit with Rivals (modules/rivals)
TRACK_MAX = 6


def audit(state: dict, cnt: Content) -> list[dict]:
    out: list[dict] = []
    if not _seats(state, out):
        return out  # the other checks read the players by seat
    given = as_dealt(state, cnt)
    _names(state, cnt, given, out)
    _copies(state, cnt, out)
    for pid in state["game"]["seats"]:
        _units(state, cnt, given["seats"][pid], pid, out)
        _resources(state, cnt, pid, out)
    _alliances(state, cnt, given, out)
    _conflict(state, cnt, given["conflict_levels"], out)
    _phase(state, given, out)
    PARTS.run("misplaced", state, out)  # a module's pieces where the game does not play it
    if not out:  # the modules' own counts, on a sound table
        PARTS.run("audit", state, cnt, out)
    return out


def as_dealt(state: dict, cnt: Content) -> dict:
    """What the game deals: the Conflict levels of its rounds and each seat's starting pieces
    (troops, Agents without a Swordmaster or the Mentat), whether a seat scores for Influence and
    takes turns, whether its leader is a Rival card's (no player's); a module changes them."""
    seat = {"troops": cnt.rules["troops"], "agents": cnt.rules["agents"], "scores_influence": True,
            "takes_turns": True, "leader_known": False}
    out = {"conflict_levels": list(cnt.rules["conflict_levels"]),
           "seats": {pid: dict(seat) for pid in state["game"]["seats"]}}
    PARTS.run("dealt", state, cnt, out)
    return out


def display(cnt: Content, kind: str, ident: str) -> str:
    table = {"card": cnt.cards, "intrigue": cnt.intrigues, "conflict": cnt.conflicts, "space": cnt.spaces,
             "faction": cnt.factions, "objective": cnt.objectives, "contract": cnt.contracts, "leader": cnt.leaders}
    return table.get(kind, {}).get(ident, {}).get("name", {}).get("en") or ident


def _seats(state: dict, out: list) -> bool:
    game = state["game"]
    seats, named, players = game["seats"], game["players"], state["players"]
    if len(set(seats)) != len(seats):
        out.append(problem("/game/seats", "seats", f"a player sits twice: {seats}"))
    if len(seats) not in PLAYER_COUNTS:
        out.append(problem("/game/seats", "seats", f"the game is played by {PLAYER_COUNTS} players, not {len(seats)}"))
    for where, keys in (("/game/players", named), ("/players", players)):
        if set(keys) != set(seats):
            missing, extra = sorted(set(seats) - set(keys)), sorted(set(keys) - set(seats))
            out.append(problem(where, "seats", f"the seats are {seats}; here " + "; ".join(
                x for x in (f"missing {missing}" if missing else "", f"not seated {extra}" if extra else "") if x)))
    if state["first"] not in seats:
        out.append(problem("/first", "seats", f"the first player {state['first']!r} has no seat ({seats})"))
    if out:
        return False
    for i, pid in enumerate(seats):
        pl = players[pid]
        if pl.get("seat_index", i) != i:
            out.append(problem(f"/players/{esc(pid)}/seat_index", "seats",
                               f"{pid} sits at seat {i}, not {pl['seat_index']}"))
        if named[pid].get("leader") != pl["leader"]:
            out.append(problem(f"/players/{esc(pid)}/leader", "seats",
                               f"{pid}'s leader is {named[pid].get('leader')!r} in the game, {pl['leader']!r} here"))
    return True


def _check_id(cnt: Content, kind: str, ident, pointer: str, out: list, hidden: bool = False, *, modules) -> bool:
    if hidden and ident == HIDDEN:
        return False
    table = {"card": cnt.cards, "intrigue": cnt.intrigues, "conflict": cnt.conflicts, "space": cnt.spaces,
             "faction": cnt.factions, "objective": cnt.objectives, "contract": cnt.contracts,
             "leader": cnt.leaders, "post": {**cnt.posts, **cnt.reverse_posts}}[kind]
    if isinstance(ident, str) and ident in table:
        module = needed_module(table[ident], modules) if kind in MODULE_KINDS else None
        if module:
            out.append(problem(pointer, "needs-module", excluded_words(table[ident], module), module=module))
        return module is None
    close = cnt.names[kind].suggest(ident) if isinstance(ident, str) else []
    out.append(problem(pointer, "unknown-name", f"unknown {cnt.names[kind].kind} {ident!r}"
                       + (f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""),
                       **({"suggestions": close} if close else {})))
    return False


def zones(state: dict):
    """(pointer, kind, cards, may hold face-down cards) for every list of cards in the state:
    the hidden piles first, so that a copy too many is reported where it is seen."""
    board = state["board"]
    yield "/imperium_deck/cards", "card", state["imperium_deck"]["cards"], False
    yield "/intrigue_deck/cards", "intrigue", state["intrigue_deck"]["cards"], False
    yield "/contracts/pile", "contract", state["contracts"]["pile"], False
    for lv, pool in sorted(board["conflict_pool"].items()):
        yield f"/board/conflict_pool/{esc(lv)}", "conflict", pool, False
    for pid in state["game"]["seats"]:
        pl, ptr = state["players"][pid], f"/players/{esc(pid)}"
        yield f"{ptr}/deck/cards", "card", pl["deck"]["cards"], False
        for zone in ("hand", "play", "discard"):
            yield f"{ptr}/{zone}", "card", pl[zone], True
        yield f"{ptr}/trashed", "card", pl["trashed"], False
        yield f"{ptr}/intrigue", "intrigue", pl["intrigue"], True
        yield f"{ptr}/twisted_deck", "intrigue", pl.get("twisted_deck", []), False
        yield f"{ptr}/contracts", "contract", pl["contracts"], False
        yield f"{ptr}/completed_contracts", "contract", pl["completed_contracts"], False
        yield f"{ptr}/set_aside_contracts", "contract", pl.get("set_aside_contracts", []), False
        yield f"{ptr}/conflicts", "conflict", [c["id"] for c in pl["conflicts"]], False
        yield f"{ptr}/objectives", "objective", [c["id"] for c in pl["objectives"]], False
    yield "/row", "card", state["row"], False
    yield "/removed_cards", "card", state.get("removed_cards", []), False
    yield from PARTS.zones(state)  # a module's own lists of these cards (the six-player Throne Row)
    yield "/manipulated", "card", [m["card"] for m in state.get("manipulated", [])], False
    yield "/intrigue_discard", "intrigue", state["intrigue_discard"], False
    yield "/intrigue_trashed", "intrigue", state.get("intrigue_trashed", []), False
    yield "/contracts/face_up", "contract", state["contracts"]["face_up"], False
    yield "/contracts/trashed", "contract", state["contracts"].get("trashed", []), False
    yield "/board/discarded_conflicts", "conflict", board["discarded_conflicts"], False
    if board["conflict"] is not None:
        yield "/board", "conflict", [board["conflict"]], False


def _names(state: dict, cnt: Content, given: dict, out: list) -> None:
    modules = state["game"]["modules"]
    for ptr, kind, cards, hidden in zones(state):
        for i, c in enumerate(cards):
            suffix = "/id" if ptr.endswith(("/conflicts", "/objectives")) else ""
            suffix = "/card" if ptr == "/manipulated" else suffix
            at = "/board/conflict" if ptr == "/board" else f"{ptr}/{i}{suffix}"
            _check_id(cnt, kind, c, at, out, hidden, modules=modules)
    board = state["board"]
    for key in ("occupied", "control", "bonus_spice"):
        for space in board[key]:
            _check_id(cnt, "space", space, f"/board/{key}/{esc(space)}", out, modules=modules)
    for post in board["spies"]:
        _check_id(cnt, "post", post.split("#")[0], f"/board/spies/{esc(post)}", out, modules=modules)
    for pid in state["game"]["seats"]:
        pl, ptr = state["players"][pid], f"/players/{esc(pid)}"
        if not given["seats"][pid]["leader_known"]:
            _check_id(cnt, "leader", pl["leader"], f"{ptr}/leader", out, modules=modules)
        for i, space in enumerate(pl["placed"]):
            _check_id(cnt, "space", space, f"{ptr}/placed/{i}", out, modules=modules)
        for faction in pl["influence"]:
            if faction not in FACTIONS:
                _check_id(cnt, "faction", faction, f"{ptr}/influence/{esc(faction)}", out, modules=modules)
    for faction in state["alliances"]:
        if faction not in FACTIONS:
            _check_id(cnt, "faction", faction, f"/alliances/{esc(faction)}", out, modules=modules)


def copies(cnt: Content, modules) -> dict[str, Counter]:
    """How many copies of each thing the game has (the modules in play)."""
    mods = (None, *modules)
    return {
        "card": Counter({c["id"]: c["copies"] for c in cnt.cards.values()
                         if c.get("type") in ("imperium", "reserve") and in_game(c, mods)}),
        # a six-player Commander's own cards count as starting cards too
        "starting": Counter({c["id"]: c["copies"] for c in (*cnt.of_type("starting"), *cnt.of_type(COMMANDER_DECK))}),
        "intrigue": Counter({c["id"]: c["copies"] for c in cnt.intrigues.values() if in_game(c, mods)}),
        "contract": Counter({c: d.get("copies", 1) for c, d in cnt.contracts.items() if in_game(d, mods)}
                            if "choam" in modules else {}),
        "conflict": Counter({c: 1 for c in cnt.conflicts}),
        "objective": Counter({c: d.get("copies", 1) for c, d in cnt.objectives.items()}),
    }


def _copies(state: dict, cnt: Content, out: list) -> None:
    have = copies(cnt, state["game"]["modules"])
    seen = {kind: Counter() for kind in have}
    for card, left in state["reserve"].items():  # the Reserve's piles are copies seen
        seen["card"][card] += left if isinstance(left, int) and left > 0 else 0
    mine: dict[str, Counter] = {pid: Counter() for pid in state["game"]["seats"]}
    for ptr, kind, cards, _hidden in zones(state):
        owner = ptr.split("/")[2] if ptr.startswith("/players/") else None
        for i, c in enumerate(cards):
            if c == HIDDEN or not isinstance(c, str):
                continue
            if kind == "card" and c in have["starting"]:
                if owner is None:
                    continue
                count, limit, whose = mine[owner], have["starting"][c], f"{owner}'s starting deck has"
            else:
                count, limit, whose = seen[kind], have[kind][c], "the game has"
            if limit == 0:
                continue  # an unknown id (the id check names it) or a module not in play
            count[c] += 1
            if count[c] > limit:
                at = "/board/conflict" if ptr == "/board" else f"{ptr}/{i}"
                out.append(problem(at, "too-many-copies", f"{display(cnt, kind, c)} is in more places than "
                                   f"{whose} copies ({limit})"))


def _units(state: dict, cnt: Content, seat: dict, pid: str, out: list) -> None:
    pl, ptr, rules = state["players"][pid], f"/players/{esc(pid)}", dict(cnt.rules)
    rules["troops"] = seat["troops"]
    troops = pl["troops"]
    for key, n in sorted(troops.items()):
        if n < 0 and key == "supply":  # more troops out than a player has
            out.append(problem(f"{ptr}/troops/supply", "beyond-supply", f"{pid} has {rules['troops'] - n} troops "
                               f"out of the supply; each player has {rules['troops']}"))
        elif n < 0:
            out.append(problem(f"{ptr}/troops/{esc(key)}", "negative", f"{pid} has {n} troops in {key}"))
    total = sum(troops.values())
    if total != rules["troops"] and all(n >= 0 for n in troops.values()):
        code = "beyond-supply" if total > rules["troops"] else "troops-missing"
        out.append(problem(f"{ptr}/troops", code, f"{pid} has {total} troops in all "
                           f"({', '.join(f'{n} {k}' for k, n in sorted(troops.items()))}); "
                           f"each player has {rules['troops']}"))
    board_spies = sum(1 for o in state["board"]["spies"].values() if o == pid)
    if board_spies > rules["spies"]:
        out.append(problem(f"{ptr}/spies", "beyond-supply", f"{pid} has {board_spies} spies on the board; "
                           f"each player has {rules['spies']}"))
    elif pl["spies"] + board_spies + pl.get("spies_trashed", 0) != rules["spies"]:  # trashed: a Tech tile's cost
        out.append(problem(f"{ptr}/spies", "beyond-supply", f"{pid} has {pl['spies']} spies in supply, "
                           f"{board_spies} on the board and {pl.get('spies_trashed', 0)} in the box; "
                           f"each player has {rules['spies']}"))
    agents = seat["agents"] + pl["swordmaster"] + (1 if state["board"].get("mentat") == pid else 0)
    agents -= 1 if pl.get("agent_unit") else 0  # an Agent fighting as a unit (Into the Fray) is out of play
    if pl["agents"] != agents:
        out.append(problem(f"{ptr}/agents", "beyond-supply", f"{pid} has {agents} Agents (Swordmaster, Mentat "
                           f"counted), not {pl['agents']}"))
    if len(pl["placed"]) > agents:
        out.append(problem(f"{ptr}/placed", "beyond-supply", f"{pid} has {len(pl['placed'])} Agents on the board "
                           f"but only {agents} Agents"))
    occupied = state["board"]["occupied"]
    for i, space in enumerate(pl["placed"]):
        if space not in occupied:
            out.append(problem(f"{ptr}/placed/{i}", "board", f"{pid}'s Agent on {display(cnt, 'space', space)} "
                               "is missing from the occupied spaces"))
    for space, holder in occupied.items():
        if holder not in state["players"] or space not in state["players"][holder]["placed"]:
            out.append(problem(f"/board/occupied/{esc(space)}", "board", f"{display(cnt, 'space', space)} is "
                               f"occupied by {holder!r}, who has no Agent there"))


RESOURCES = ("vp", "solari", "spice", "water", "persuasion", "swords", "worms")


def _resources(state: dict, cnt: Content, pid: str, out: list) -> None:
    pl, ptr = state["players"][pid], f"/players/{esc(pid)}"
    for key in RESOURCES:
        if pl[key] < 0:
            out.append(problem(f"{ptr}/{key}", "negative", f"{pid} has {pl[key]} {key}"))
    for faction, n in sorted(pl["influence"].items()):
        if not 0 <= n <= TRACK_MAX:
            out.append(problem(f"{ptr}/influence/{esc(faction)}", "negative" if n < 0 else "influence-track",
                               f"{pid} has Influence {n} with {display(cnt, 'faction', faction)}; "
                               f"the track runs from 0 to {TRACK_MAX}"))


def _alliances(state: dict, cnt: Content, given: dict, out: list) -> None:
    seats, players = state["game"]["seats"], state["players"]
    start = cnt.rules["vp"].get(str(len(seats)), 0)
    for faction in board_tracks(cnt, state):
        holder = state["alliances"].get(faction)
        level = {q: players[q]["influence"].get(faction, 0) for q in seats}
        name = display(cnt, "faction", faction)
        if holder is not None and holder not in seats:
            out.append(problem(f"/alliances/{faction}", "seats", f"the {name} Alliance belongs to {holder!r}, "
                               "who has no seat"))
            continue
        if holder is None:
            for q in seats:
                if level[q] >= 4:
                    out.append(problem(f"/players/{esc(q)}/influence/{faction}", "alliance",
                                       f"{q} has Influence {level[q]} with {name}, yet nobody holds its "
                                       "Alliance: the first to reach 4 takes it"))
            continue
        rival = max((q for q in seats if q != holder), key=lambda q: level[q])
        if level[rival] > level[holder] and level[rival] >= 4:
            out.append(problem(f"/alliances/{faction}", "alliance", f"{holder} holds the {name} Alliance with "
                               f"Influence {level[holder]}, but {rival} has passed them with {level[rival]}"))
    for q in seats:
        pl = players[q]
        tracks = sorted(f for f in board_tracks(cnt, state) if pl["influence"].get(f, 0) >= 2)
        allied = sorted(f for f in board_tracks(cnt, state) if state["alliances"].get(f) == q)
        least = start + len(tracks) + len(allied)
        if pl["vp"] < least and given["seats"][q]["scores_influence"]:
            out.append(problem(f"/players/{esc(q)}/vp", "victory-points",
                               f"{q} has {pl['vp']} VP, fewer than the {least} their Influence and Alliances give "
                               f"({start} at the start, 1 for each track at 2 or more: {tracks or 'none'}, "
                               f"1 for each Alliance: {allied or 'none'})"))


def _conflict(state: dict, cnt: Content, full: list[int], out: list) -> None:
    board, rnd = state["board"], state["round"]
    if rnd > len(full):
        out.append(problem("/round", "round", f"the game has at most {len(full)} rounds, not {rnd}"))
        return
    levels = board["conflict_levels"]
    used = len(full) - len(levels)
    if levels != full[used:] or used not in (rnd, rnd - 1, max(rnd - 1, 0)):
        out.append(problem("/board/conflict_levels", "conflict-level", f"round {rnd} leaves the Conflict levels "
                           f"{full[rnd:]} to come, not {levels}"))
    card = board["conflict"]
    if card is not None and card in cnt.conflicts and rnd >= 1:
        level, wanted = cnt.conflicts[card]["level"], full[rnd - 1]
        if level != wanted:
            out.append(problem("/board/conflict", "conflict-level", f"{display(cnt, 'conflict', card)} is a level "
                               f"{level} Conflict card; round {rnd} is fought over a level {wanted} card"))
    seats = state["game"]["seats"]
    fought = len(board["discarded_conflicts"]) + sum(len(state["players"][q]["conflicts"]) for q in seats)
    if fought + (card is not None) > rnd:
        out.append(problem("/board/discarded_conflicts", "conflict-level", f"{fought + (card is not None)} Conflict "
                           f"cards have been revealed by round {rnd}, one a round"))


def _phase(state: dict, given: dict, out: list) -> None:
    phase, seats, players = state["phase"], state["game"]["seats"], state["players"]
    if phase not in PHASES:
        out.append(problem("/phase", "phase", f"unknown phase {phase!r}; one of {list(PHASES)}"))
        return
    if phase in ("setup", "round-start"):
        for q in seats:
            if players[q]["placed"]:
                out.append(problem(f"/players/{esc(q)}/placed", "phase", f"{q} has Agents on the board at "
                                   f"{phase}: Agents go out during the player turns"))
            if players[q]["revealed"]:
                out.append(problem(f"/players/{esc(q)}/revealed", "phase", f"{q} has revealed at {phase}"))
    if phase == "combat":
        for q in seats:
            if not players[q]["revealed"] and given["seats"][q]["takes_turns"]:
                out.append(problem(f"/players/{esc(q)}/revealed", "phase", f"{q} has not revealed yet: the "
                                   "Combat begins when everyone has"))
    if phase == "player-turns" and state["board"]["conflict"] is None:
        out.append(problem("/board/conflict", "phase", "the player turns come after the Conflict card is revealed"))
    _stack(state, out)


def _known(value, names) -> bool:
    return isinstance(value, str) and value in names


def _stack(state: dict, out: list) -> None:
    seats, stack = state["game"]["seats"], state["stack"]
    if state["phase"] == "over" and stack:
        out.append(problem("/stack", "phase", "the game is over, yet a decision is pending"))
    for i, task in enumerate(stack):
        ptr, t = f"/stack/{i}", task["t"]
        if not _known(t, TASKS):
            out.append(problem(f"{ptr}/t", "phase", f"unknown task {t!r}"))
            continue
        if "player" in task and not _known(task["player"], seats):
            out.append(problem(f"{ptr}/player", "seats", f"{task['player']!r} has no seat"))
        if t == "flow" and not _known(task.get("step"), STEPS):
            out.append(problem(f"{ptr}/step", "phase", f"unknown step of the round {task.get('step')!r}"))
        if t == "chance" and not _known(task.get("kind"), CHANCES):
            out.append(problem(f"{ptr}/kind", "phase", f"unknown chance outcome {task.get('kind')!r}"))
        if t == "choice" and not _known(task.get("kind"), CHOICES):
            out.append(problem(f"{ptr}/kind", "phase", f"unknown kind of choice {task.get('kind')!r}"))
        order, idx = task.get("order"), task.get("idx")
        if t == "window" and (not isinstance(order, list) or not order or not all(q in seats for q in order)
                              or not isinstance(idx, int) or not 0 <= idx < len(order)):
            out.append(problem(ptr, "phase", "a window needs an order of seated players and its index in it"))
        if t in ("agent", "reveal") and (state.get("turn") or {}).get("player") != task.get("player"):
            out.append(problem("/turn", "phase", f"{task.get('player')}'s turn is pending but no turn of theirs is "
                               "under way"))
    top = stack[-1] if stack else None
    if top and top["t"] == "turn" and _known(top.get("player"), seats) and state["players"][top["player"]]["revealed"]:
        out.append(problem(f"/players/{esc(top['player'])}/revealed", "phase", f"it is {top['player']}'s turn, but "
                           "they have revealed: a player who has revealed takes no more turns this round"))
