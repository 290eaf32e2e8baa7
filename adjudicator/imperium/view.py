"""What the replay viewer draws of one state (issue 14): the board, each player's mat, the
Conflict, the Imperium Row, the turn's timing graph, and a label for each action, in English
or Russian display names. Only reads the state; every number is the engine's own (strength is
`conditions.strength`), so the page in the browser draws and never computes a rule.

A state here may be a public view (`rules.public_view`): a hand, an Intrigue hand or a deck is
then a count instead of a list, and stays a count."""

from __future__ import annotations

import copy
import re
from functools import cache
from pathlib import Path

from ..core.catalog import words
from ..core.sentences import YES_NO
from .combat import placements
from .conditions import strength
from .content import Content, _load, board_tracks
from .deck import HIDDEN
from .game import Game, post_of
from .modules.immortality import MODULE as IMMORTALITY
from .modules.immortality import markers, reclaimed_forces, tleilax_board
from .modules.ix import MODULE as IX
from .modules.ix import board as ix_board
from .modules.ix import dreadnoughts
from .registry import adjust, fire

DATA = Path(__file__).resolve().parent / "data"  # words-<lang>.toml: the tables below
AREAS = ("emperor", "guild", "bene-gesserit", "fremen", "landsraad", "spice-trade", "city")  # the board, top down
TABLES = ("factions", "spaces", "leaders", "objectives", "contracts", "conflicts", "intrigues", "cards", "skills",
          "tech", "navigation", "tleilaxu")
# the verbs of a log, as a person reads them (a verb missing here is shown as the log writes it)
VERBS = words(DATA, "verbs")
CHANCE_WORDS = words(DATA, "chance")
# an action's amounts as a person reads them (English: the log's own key)
AMOUNT_WORDS = words(DATA, "amounts")
# the board's areas that are no faction's, by their icon
AREA_NAMES = words(DATA, "areas")


@cache
def names(cnt: Content, lang: str) -> dict[str, str]:
    """id -> display name in `lang`, the English name where the data has none in `lang`; an
    observation post by the spaces it watches."""
    out: dict[str, str] = {}
    for table in TABLES:
        for ident, thing in getattr(cnt, table).items():
            shown = thing.get("name", {})
            # a contract tile has no printed name: its label (what it asks and gives) names it
            name = shown.get(lang) or shown.get("en") or thing.get("label")
            if name:
                out.setdefault(ident, name)
    for leader in cnt.leaders.values():  # a two-sided leader's other face (Reverend Mother Jessica)
        back = leader.get("reverse") or {}
        shown = back.get("name", {})
        if shown.get(lang) or shown.get("en"):
            out.setdefault(back["id"], shown.get(lang) or shown["en"])
    # House Hagal's cards (Rivals), drawn and played in the log: read as data (data/<edition>/house-hagal.json)
    for card in _load(cnt.edition, "house-hagal").get("cards", []):
        shown = card.get("name", {})
        if shown.get(lang) or shown.get("en"):
            out.setdefault(card["id"], shown.get(lang) or shown["en"])
    for post, spaces in sorted({**cnt.posts, **cnt.reverse_posts}.items()):
        out.setdefault(post, " / ".join(out.get(s, s) for s in spaces))
    return out


# where cards and troops lie ("hand", "garrison"), as a refusal or an option names them
ZONE_WORDS = words(DATA, "zones")
# the other words an action may hold: an option named by a word (`skip`, `pay`), a resource, an
# effect node no card names (the Ixian Embassy's, a Bloodlines Command's `command:2`)
OTHER_WORDS = words(DATA, "words")


def name_of(cnt: Content, lang: str, ident) -> str:
    """The display name of an id; an effect node (`space:arrakeen`) by the name of what it
    names; a zone or another word in words; anything else as written."""
    if not isinstance(ident, str):
        return str(ident)
    if ident == HIDDEN:
        return "?"
    known, other = names(cnt, lang), OTHER_WORDS[lang]
    kind, _, named = ident.rpartition(":")
    if named.isdigit() and kind in other:  # a numbered node: "Command 2"
        return f"{other[kind]} {named}"
    return known.get(ident) or known.get(named.partition("#")[0]) or ZONE_WORDS[lang].get(ident) \
        or other.get(ident) or other.get(named, ident)


def _cards(cnt: Content, lang: str, pile) -> list[dict] | int:
    """A pile as cards with names, or its count when the view hides it."""
    if isinstance(pile, int):
        return pile
    return [{"id": c, "name": name_of(cnt, lang, c)} for c in pile]


def board(cnt: Content, state: dict, lang: str) -> dict:
    g = Game(state, cnt)
    b = state["board"]
    seats = g.order
    agents: dict[str, list[str]] = {}
    for pid in seats:
        for space in state["players"][pid]["placed"]:
            agents.setdefault(space, []).append(pid)
    spaces = [{"id": sid, "name": name_of(cnt, lang, sid), "area": d["icon"], "faction": d.get("faction"),
               "combat": bool(d.get("combat")), "maker": bool(d.get("maker")),
               "agents": agents.get(sid, []), "control": b["control"].get(sid) if d.get("control") else None,
               "has_control": bool(d.get("control")), "bonus_spice": b["bonus_spice"].get(sid) if d["maker"] else None,
               "posts": g.space_posts(sid)}
              for sid, d in sorted(((s, g.space(s)) for s in cnt.spaces if g.on_board(s)),
                                   key=lambda kv: (AREAS.index(kv[1]["icon"]), kv[0]))]
    spies: dict[str, list[str]] = {}
    for key in sorted(b["spies"]):
        spies.setdefault(post_of(key), []).append(b["spies"][key])
    posts = [{"id": post, "spaces": sorted(on), "spies": spies.get(post, [])} for post, on in sorted(g.posts.items())]
    conflict = None
    if b.get("conflict"):
        card = cnt.conflicts.get(b["conflict"], {})
        placed = standing(cnt, state)
        conflict = {"id": b["conflict"], "name": name_of(cnt, lang, b["conflict"]), "level": card.get("level"),
                    "units": [{**_units(g, state["players"][pid], pid), "place": placed.get(pid)} for pid in seats],
                    "shield_wall": bool(card.get("shield_wall")),  # its rewards in words: effect_words.rewards
                    "controls": name_of(cnt, lang, card["controls"]) if card.get("controls") else None}
    factions = [{"id": f, "name": name_of(cnt, lang, f), "alliance": state["alliances"].get(f),
                 "influence": {pid: state["players"][pid]["influence"].get(f, 0) for pid in seats}}
                for f in board_tracks(cnt, state)]
    areas = [{"id": a, "name": AREA_NAMES[lang].get(a) or name_of(cnt, lang, a)}
             for a in AREAS if any(s["area"] == a for s in spaces)]
    out = {"areas": areas, "spaces": spaces, "posts": posts, "factions": factions, "conflict": conflict,
           "high_council": [pid for pid in seats if state["players"][pid].get("seat")],
           "row": _cards(cnt, lang, state["row"]),
           "contracts": _cards(cnt, lang, state.get("contracts", {}).get("face_up", [])),
           "vp_to_end": cnt.rules["vp_to_end"]}
    if any(c.get("shield_wall") for c in cnt.conflicts.values()):  # Uprising's board has one
        out["shield_wall"] = bool(b.get("shield_wall"))
    if IMMORTALITY in state["game"]["modules"]:
        out["bene_tleilax"] = bene_tleilax(cnt, state, lang)
    if IX in state["game"]["modules"]:
        out["ix"] = rise_of_ix(cnt, state, lang)
    return out


def standing(cnt: Content, state: dict) -> dict[str, str]:
    """player -> the reward (first, second, third) the Conflict would give if resolved now: the
    engine's own placements, after the strength a module adds at resolution (Commander Skills),
    on a copy (the state itself is only read)."""
    if not state["board"].get("conflict"):
        return {}
    g = Game(copy.deepcopy(state), cnt)
    fire("combat-strength", g)
    return dict(placements(g))


def rise_of_ix(cnt: Content, state: dict, lang: str) -> dict:
    """Rise of Ix on the board (rulebook pp. 3-6): the dreadnoughts controlling spaces, each
    player's Freighter on the Shipping track and Negotiators on Ix, the Tech stacks' face-up tiles."""
    seats = Game(state, cnt).order
    pls = {pid: state["players"][pid] for pid in seats}
    tech = state.get("tech", {})
    return {
        "dreadnoughts": [{"space": space, "name": name_of(cnt, lang, space), "player": held["player"]}
                         for space, held in sorted(state["board"].get("dreadnoughts", {}).items())],
        "shipping": {"top": ix_board(cnt)["shipping_track"]["top"],
                     "freighters": {q: pls[q]["freighter"] for q in seats}},
        "negotiators": {q: pls[q]["troops"].get("negotiators", 0) for q in seats},
        "tech_face_up": [{"id": t, "name": name_of(cnt, lang, t)} for t in tech.get("face_up", []) if t],
        "tech_stacks": list(tech.get("stacks", [])),
    }


def bene_tleilax(cnt: Content, state: dict, lang: str) -> dict:
    """Immortality's board (rulebook pp. 6-9): the research track's hexagons with the tokens on
    them and the genetic markers' columns, the Tleilaxu track with its tokens and the spice on the
    Victory Point space, the specimens in each player's Axolotl tanks, the Tleilaxu Row beside
    Reclaimed Forces."""
    data, seats = tleilax_board(cnt), Game(state, cnt).order
    pls = {pid: state["players"][pid] for pid in seats}
    research = data["research_track"]
    t = state["tleilaxu"]
    return {
        "research": {"spaces": [{"id": s["id"], "column": s["column"], "row": s["row"], "next": list(s["next"]),
                                 "tokens": [pid for pid in seats if pls[pid]["research"] == s["id"]]}
                                for s in research["spaces"]],
                     "markers": [research["genetic_markers"][k] for k in sorted(research["genetic_markers"])]},
        "tleilaxu_track": {"spaces": [{"space": s["space"], "vp": sum(b.get("gain", {}).get("vp", 0)
                                                                    for b in s["bonus"]),
                                       "tokens": [pid for pid in seats if pls[pid]["tleilaxu"] == s["space"]]}
                                      for s in data["tleilaxu_track"]["spaces"]],
                           "spice": t["spice"]},
        "tanks": {pid: pls[pid]["troops"].get("tanks", 0) for pid in seats},
        "row": _cards(cnt, lang, t["row"]),
        "reclaimed_forces": _cards(cnt, lang, [reclaimed_forces(cnt)])[0],
    }


def players(cnt: Content, state: dict, lang: str) -> list[dict]:
    g = Game(state, cnt)
    out = []
    for pid in g.order:
        pl = state["players"][pid]
        leader = pl["leader"]
        out.append({
            "id": pid, "name": seat_name(state, pid, lang), "leader": leader,
            "leader_name": name_of(cnt, lang, leader), "first": pid == state.get("first"),
            "vp": pl["vp"], "solari": pl["solari"], "spice": pl["spice"], "water": pl["water"],
            "persuasion": pl["persuasion"], "swords": pl["swords"], "strength": strength(g, pid),
            "troops": {k: pl["troops"][k] for k in ("supply", "garrison", "conflict")}, "sandworms": pl.get("worms", 0),
            "agents": pl["agents"], "agents_placed": len(pl["placed"]), "spies_in_supply": pl.get("spies", 0),
            "high_council": bool(pl.get("seat")), "swordmaster": bool(pl.get("swordmaster")),
            "revealed": bool(pl.get("revealed")),
            "influence": {f: pl["influence"].get(f, 0) for f in board_tracks(cnt, state)},
            "alliances": [f for f in board_tracks(cnt, state) if state["alliances"].get(f) == pid],
            "hand": _cards(cnt, lang, pl["hand"]), "intrigue": _cards(cnt, lang, pl["intrigue"]),
            "in_play": _cards(cnt, lang, pl["play"]),
            "deck": pl["deck"] if isinstance(pl["deck"], int) else len(pl["deck"]["cards"]),
            "discard": len(pl["discard"]),
            "conflicts_won": [name_of(cnt, lang, c["id"]) for c in pl.get("conflicts", [])],
            "contracts": [name_of(cnt, lang, c) for c in pl.get("contracts", [])],
            **_bloodlines_pieces(cnt, lang, pl),
            **({"dreadnoughts": dict(dreadnoughts(pl))} if "dreadnoughts" in pl else {}),
            **_immortality_pieces(g, pid),
        })
    return out


def _units(g: Game, pl: dict, pid: str) -> dict:
    out = {"player": pid, "troops": pl["troops"]["conflict"], "sandworms": pl.get("worms", 0),
           "strength": strength(g, pid)}
    if "commanders" in pl:  # Bloodlines: Sardaukar Commanders fight beside the troops (p. 4)
        out["commanders"] = pl["commanders"]["conflict"]
    if "dreadnoughts" in pl:  # Rise of Ix: dreadnoughts fight beside them (p. 6)
        out["dreadnoughts"] = pl["dreadnoughts"]["conflict"]
    return out


def _bloodlines_pieces(cnt: Content, lang: str, pl: dict) -> dict:
    """A Bloodlines player's Sardaukar Commanders, Skills and Tech tiles (absent otherwise)."""
    out = {}
    if "commanders" in pl:
        out["commanders"] = dict(pl["commanders"])
        out["skills"] = _cards(cnt, lang, pl["skills"])
    if "tech" in pl:
        out["tech"] = [{"id": t["id"], "name": name_of(cnt, lang, t["id"]), "flipped": t["flipped"]}
                       for t in pl["tech"]]
    return out


def _immortality_pieces(g: Game, pid: str) -> dict:
    """An Immortality player's tokens, specimens and Family Atomics (absent otherwise); the genetic
    markers he counts (a six-player Commander: his most advanced Ally's, hook `genetic-markers`)."""
    pl = g.p(pid)
    if "research" not in pl:
        return {}
    markers_counted = adjust("genetic-markers", markers(g.content, pl), g, pid)
    return {"research": pl["research"], "genetic_markers": markers_counted, "tleilaxu": pl["tleilaxu"],
            "specimens": pl["troops"].get("tanks", 0), "atomics": bool(pl["atomics"])}


PHASES = words(DATA, "phases")


def moment(state: dict, lang: str = "en") -> dict:
    """Where the game stands: the round, the phase and the player turn in progress."""
    turn, phase = state.get("turn"), state.get("phase", "")
    return {"round": state.get("round", 0), "phase": phase, "phase_name": PHASES[lang].get(phase, phase),
            "turn": {"player": turn["player"], "kind": turn["kind"],
                     "name": PHASES[lang].get(turn["kind"], turn["kind"])} if turn else None}


def turn_graph(cnt: Content, state: dict, lang: str) -> dict | None:
    """The effect graph of the turn in progress: its nodes (resolved or not, with the name of
    the space, card or leader each resolves) and its edges, each with the ruling that makes it."""
    turn = state.get("turn")
    if not turn:
        return None
    done = set(turn["done"])
    return {"player": turn["player"], "kind": turn["kind"],
            "nodes": [{"id": n, "done": n in done, "label": name_of(cnt, lang, n)} for n in turn["nodes"]],
            "edges": [{"from": u, "to": v, "ruling": r} for u, v, r in turn["edges"]]}


# a six-player Commander's Agent token and the Ally it activates, in the timeline's words
ACTIVATES = words(DATA, "activates")
TOKEN_WORDS = words(DATA, "tokens")


def label(cnt: Content, action: dict, state: dict, lang: str) -> str:
    """One line for the timeline: who does what, with display names ("Red sends an Agent:
    Dagger, Arrakeen")."""
    by = action.get("by")
    who = CHANCE_WORDS[lang] if by == "chance" else seat_name(state, by, lang)
    do = action.get("do", "")
    parts = action_parts(cnt, action, state, lang)
    return f"{who} {VERBS[lang].get(do, do)}" + (": " + "; ".join(parts) if parts else "")


def _named(cnt: Content, state: dict, lang: str, ident) -> str:
    """A seat by its player's name (Objectives dealt per player), anything else by name_of."""
    if isinstance(ident, str) and (ident in state["game"]["players"] or RIVAL_SEAT.fullmatch(ident)):
        return seat_name(state, ident, lang)
    return name_of(cnt, lang, ident)


RESEARCH_WORDS = words(DATA, "research")


def research_place(cnt: Content, ident: str, lang: str) -> str:
    """A research hexagon has no printed name: its column and row (row 1 on top)."""
    space = next((s for s in tleilax_board(cnt)["research_track"]["spaces"] if s["id"] == ident), None)
    return RESEARCH_WORDS[lang].format(c=space["column"], r=space["row"] + 1) if space else ident


RIVAL_WORDS = words(DATA, "rival")
RIVAL_SEAT = re.compile(r"rival-\d+")  # a House Hagal seat's id (setup `rivals`): unnamed, it is numbered


def seat_name(state: dict, pid: str, lang: str) -> str:
    """A seat as a person reads it: its player's name; a House Hagal Rival the log left unnamed
    (its name is its seat id, `rival-1`) as "House Hagal Rival 1"."""
    seat = state["game"]["players"].get(pid)
    if seat is None and not RIVAL_SEAT.fullmatch(pid):
        return pid
    name = (seat or {}).get("name") or pid
    if name == pid and (RIVAL_SEAT.fullmatch(pid) or state.get("players", {}).get(pid, {}).get("rival") is not None):
        number = pid.rpartition("-")[2]
        return f"{RIVAL_WORDS[lang]} {number}" if number.isdigit() else RIVAL_WORDS[lang]
    return name


def action_parts(cnt: Content, action: dict, state: dict, lang: str) -> list[str]:
    """What an action names (cards, spaces, factions, players, amounts), in display names."""
    parts = []
    for key in sorted(action):
        if key in ("by", "do"):
            continue
        value = action[key]
        if isinstance(value, list):
            parts.append(", ".join(_named(cnt, state, lang, v) for v in value))
        elif isinstance(value, dict):
            parts.append(", ".join(f"{_named(cnt, state, lang, k)}: {_named(cnt, state, lang, v)}"
                                   for k, v in sorted(value.items())))
        elif key in ("player", "from") and isinstance(value, str):
            parts.append(seat_name(state, value, lang))
        elif key == "activate" and isinstance(value, str):  # a six-player Commander's Ally
            parts.append(f"{ACTIVATES[lang]} {seat_name(state, value, lang)}")
        elif key == "research" and isinstance(value, str):  # a research hexagon: where it lies
            parts.append(research_place(cnt, value, lang))
        elif key == "token" and isinstance(value, str):
            parts.append(TOKEN_WORDS[lang].get(value, value))
        elif isinstance(value, bool):  # a yes-or-no answer in words, never Python's True
            parts.append(f"{AMOUNT_WORDS[lang].get(key, key)}: {YES_NO[lang][value]}")
        elif isinstance(value, int):
            parts.append(f"{AMOUNT_WORDS[lang].get(key, key)} {value}")
        else:
            parts.append(name_of(cnt, lang, value))
    return parts
