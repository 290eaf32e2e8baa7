"""From an engine state back to a compact scenario: "cut a real game at the disputed point".

Only a state at a decision point a scenario can name (an *anchor*: the start of a player's turn,
the opening of the Combat or endgame Intrigue window, the start of a round, the game as dealt)
is described; a position inside a turn is the last anchor before it plus the actions played
since (`played`). Every description is verified: built back (scenario.py), it must give the
same table (`comparable`), else the caller takes an earlier anchor. Names are written in
English where the name says exactly one thing, else as the id.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass

from ..core.engine.positions import Unexpressible
from ..core.errors import InvalidPosition
from .content import FACTIONS, Content
from .deck import HIDDEN
from .parts import PARTS
from .scenario import FORMAT, armed_entry, build

__all__ = ["Labels", "Unexpressible", "anchor", "comparable", "describe", "scenario_of"]


def anchor(state: dict) -> str | None:
    """The kind of decision point the state stands at, when a scenario can name it (the game as
    dealt, "setup", is known only to whoever dealt it: `scenario_of(..., fresh=True)`)."""
    stack, phase = state["stack"], state["phase"]
    if len(stack) != 2 or state.get("turn") is not None:
        return None
    flow, top = stack
    if flow["t"] != "flow":
        return None
    step = flow.get("step")
    if step == "turns" and set(top) == {"t", "player"} and top["t"] == "turn" and phase == "player-turns":
        return "turn"
    if top["t"] == "window" and top["idx"] == 0 and top["passes"] == 0 and not top.get("played"):
        if step == "combat-resolve" and top["kind"] == "combat":
            return "combat"
        if step == "final" and top["kind"] == "endgame":
            return "endgame"
    if step == "defensive-bonus" and top == {"t": "chance", "kind": "reveal-conflict"}:
        return "round-start"
    return None


def comparable(state: dict) -> dict:
    """The table of a state: everything but the dealer's RNG and bookkeeping no player can see and
    no rule reads (where the round's flow would have gone on from outside the player turns, the
    order Agents were placed in, waiting effects of past rounds, empty optional piles)."""
    out = copy.deepcopy(state)
    out.pop("rng", None)
    for task in out["stack"]:
        if task["t"] == "flow" and task.get("step") != "turns":
            task.pop("next", None)
    for pl in out["players"].values():
        pl["placed"] = sorted(pl["placed"])
        armed = [a for a in pl.get("armed", []) if a.get("round", out["round"]) >= out["round"]]
        pl.pop("armed", None)
        if armed:
            pl["armed"] = armed
        if pl.get("bg_boost", out["round"]) != out["round"]:  # Urgent Shigawire's boost of a past round
            del pl["bg_boost"]
    for key in ("manipulated", "removed_cards", "intrigue_trashed"):
        if not out.get(key):
            out.pop(key, None)
    for key in ("voice", "mentat", "mentat_next"):
        if not out["board"].get(key):
            out["board"].pop(key, None)
    return out


class Labels:
    """Ids as the names a person writes: English where it names exactly one thing, else the id."""

    def __init__(self, cnt: Content):
        self.cnt = cnt

    def __call__(self, kind: str, ident: str) -> str:
        if ident == HIDDEN:
            return ident
        table = {"card": self.cnt.cards, "intrigue": self.cnt.intrigues, "conflict": self.cnt.conflicts,
                 "space": self.cnt.spaces, "faction": self.cnt.factions, "objective": self.cnt.objectives,
                 "contract": self.cnt.contracts, "leader": self.cnt.leaders,
                 "tleilaxu": self.cnt.tleilaxu}.get(kind, {})
        return self.written(self.cnt.names.get(kind), table, ident)

    @staticmethod
    def written(index, table: dict, ident: str) -> str:
        """`ident` by its English name in `table` where `index` resolves that name to it alone."""
        name = table.get(ident, {}).get("name", {}).get("en")
        if not name:
            return ident
        try:
            return name if index.resolve(name) == ident else ident
        except Exception:  # an ambiguous name ("Skirmish"): the id says which
            return ident

    def many(self, kind: str, idents) -> list[str]:
        return [self(kind, i) for i in idents]


def scenario_of(rules, state: dict, fresh: bool = False) -> dict | None:
    """The compact scenario of a state at an anchor, verified; None when there is none.
    `fresh`: the state is the game as dealt by new_state (nothing applied yet)."""
    kind = "setup" if fresh else anchor(state)
    if kind is None:
        return None
    try:
        doc = describe(rules, state, kind)
        rebuilt, _ = build(rules, doc)
    except (InvalidPosition, Unexpressible):
        return None
    return doc if comparable(rebuilt) == comparable(state) else None


@dataclass(frozen=True)
class Cut:
    """What a module's part of the cut is given (core/engine/positions.py `describe_*`)."""

    cnt: Content
    name: Labels  # how a name is written
    default: dict  # the state as dealt to the same seats: a piece as dealt is left out


def describe(rules, state: dict, kind: str) -> dict:
    cnt, name = rules.content, Labels(rules.content)
    game = state["game"]
    seats = game["seats"]
    humans = [p for p in seats if p not in PARTS.seated(state)]  # a Rival is seated by `rivals`
    doc = {"format": FORMAT, "version": 1,
           "game": {"system": game["system"], "edition": game["edition"], "modules": list(game["modules"]),
                    "players": [{"id": p, "name": game["players"][p].get("name", p),
                                 "leader": name("leader", game["players"][p]["leader"])} for p in humans]}}
    PARTS.run("describe_setup", state, doc)
    if state.get("rng") is not None:  # the dealer as it stands: it deals what follows as the game did
        doc["seed"] = state["rng"]
    if kind == "setup":
        doc["decision"] = {"kind": "setup"}
        return doc
    top = state["stack"][-1]
    doc["round"] = state["round"]
    doc["first"] = state["first"]
    doc["decision"] = {"kind": kind, **({"player": top["player"]} if kind == "turn" else {})}
    if kind != "turn" and state["stack"][0].get("next") is not None:  # so the state is rebuilt exactly
        doc["decision"]["turns_next"] = state["stack"][0]["next"]
    board = state["board"]
    if board["conflict"]:
        doc["conflict"] = name("conflict", board["conflict"])
    if board["discarded_conflicts"]:
        doc["discarded_conflicts"] = name.many("conflict", board["discarded_conflicts"])
    doc["row"] = name.many("card", state["row"])
    doc["board"] = _board(state, name)
    if "choam" in game["modules"]:
        doc["contracts"] = name.many("contract", state["contracts"]["face_up"])
    for key, target, kind_ in (("intrigue_discard", "intrigue_discard", "intrigue"),
                               ("intrigue_trashed", "intrigue_trashed", "intrigue"),
                               ("removed_cards", "out_of_game", "card")):
        if state.get(key):
            doc[target] = name.many(kind_, state[key])
    if state["intrigue_deck"].get("top"):
        doc["intrigue_top"] = name.many("intrigue", state["intrigue_deck"]["top"])
    if state["intrigue_deck"].get("bottom"):
        doc["intrigue_bottom"] = name.many("intrigue", state["intrigue_deck"]["bottom"])
    if "manipulated" in state:  # an empty list too: the engine keeps it once made
        doc["manipulated"] = [{"card": name("card", m["card"]), "player": m["player"], "round": m["round"],
                               **({"other_means": True} if m.get("other_means") else {})}
                              for m in state["manipulated"]]
    defaults = rules.new_state({"system": game["system"], "edition": game["edition"], "modules": game["modules"],
                                "players": [{"id": p, "leader": game["players"][p]["leader"]} for p in humans]},
                               PARTS.setup(rules, doc, "")[0])  # without the seed: the pieces as dealt
    c = Cut(cnt, name, defaults)
    doc["players"] = {p: _player(c, state, p) for p in seats}
    PARTS.run("describe_table", c, state, doc)
    return doc


def _one_or_many(owners: list[str]):
    return owners[0] if len(owners) == 1 else owners


def _board(state: dict, name: Labels) -> dict:
    board, out = state["board"], {}
    agents: dict[str, list[str]] = {}
    for pid in state["game"]["seats"]:
        for space in state["players"][pid]["placed"]:
            agents.setdefault(space, []).append(pid)
    if agents:  # the player whose Agent came last (the one on `occupied`) is written last
        out["agents"] = {name("space", s): _one_or_many(sorted(o, key=lambda q: q == board["occupied"].get(s)))
                         for s, o in sorted(agents.items())}
    spies: dict[str, list[str]] = {}
    for key, owner in sorted(board["spies"].items(), key=lambda kv: ("#" in kv[0], kv[0])):
        spies.setdefault(key.split("#")[0], []).append(owner)
    if spies:
        out["spies"] = {p: _one_or_many(o) for p, o in sorted(spies.items())}
    if board["control"]:
        out["control"] = {name("space", s): q for s, q in sorted(board["control"].items())}
    bonus = {name("space", s): n for s, n in sorted(board["bonus_spice"].items()) if n}
    if bonus:
        out["bonus_spice"] = bonus
    if not board["shield_wall"]:
        out["shield_wall"] = False
    for key in ("mentat", "mentat_next"):
        if key in board:  # null: back on its space after a player had it
            out[key] = board[key]
    if "voice" in board:
        out["voice"] = [{"space": name("space", v["space"]), "by": v["by"]} for v in board["voice"]]
    return out


def _flagged(name: Labels, kind: str, cards: list[dict]) -> list:
    return [{"card": name(kind, c["id"]), "flipped": True} if c["flipped"] else name(kind, c["id"]) for c in cards]


def _player(c: Cut, state: dict, pid: str) -> dict:
    """One player's pieces: the base game's, then each module's (its part)."""
    out: dict = {}
    _holdings(c, state, pid, out)
    _cards(c, state, pid, out)
    _leader(c, state, pid, out)
    PARTS.run("describe_player", c, state, pid, out)
    return out


def _holdings(c: Cut, state: dict, pid: str, out: dict) -> None:
    """Resources, Influence and Alliances, the card piles, units and the flags a round turns over."""
    name, default, pl = c.name, c.default["players"][pid], state["players"][pid]
    for key in ("vp", "solari", "spice", "water", "persuasion", "swords"):
        if pl[key] != default[key]:
            out[key] = pl[key]
    tracks = (*FACTIONS, *(f for f in sorted(pl["influence"]) if f not in FACTIONS))  # + the six-player side's
    influence = {name("faction", f): pl["influence"][f] for f in tracks if pl["influence"].get(f)}
    if influence:
        out["influence"] = influence
    allied = [name("faction", f) for f in tracks if state["alliances"].get(f) == pid]
    if allied:
        out["alliances"] = allied
    for key, zone in (("hand", "hand"), ("intrigue", "intrigue"), ("play", "play"), ("discard", "discard"),
                      ("trashed", "trashed")):
        if pl[zone]:
            out[key] = name.many("intrigue" if zone == "intrigue" else "card", pl[zone])
    seen = Counter(pl["hand"]) + Counter(pl["play"]) + Counter(pl["discard"]) + Counter(pl["trashed"])
    if Counter(pl["deck"]["cards"]) != Counter(default["deck"]["cards"]) - seen:
        out["deck"] = name.many("card", pl["deck"]["cards"])
    if pl["deck"].get("top"):
        out["deck_top"] = name.many("card", pl["deck"]["top"])
    if pl["placed"] != sorted(pl["placed"]):
        out["placed"] = name.many("space", pl["placed"])
    troops = {k: n for k, n in sorted(pl["troops"].items())
              if k not in ("supply", "tanks", "negotiators")  # tanks, negotiators: the modules' parts write them
              and n != default["troops"].get(k, 0)}
    if troops:
        out["troops"] = troops
    if pl["worms"]:
        out["worms"] = pl["worms"]
    for key in ("swordmaster", "seat", "maker_hooks", "revealed", "ability_used"):
        if bool(pl.get(key)) != bool(default.get(key)):  # a six-player Commander starts with a Swordmaster
            out[key] = bool(pl.get(key))


def _cards(c: Cut, state: dict, pid: str, out: dict) -> None:
    """Conflict cards won, Objective cards, contracts."""
    name, default, pl = c.name, c.default["players"][pid], state["players"][pid]
    if pl["conflicts"]:
        out["conflicts"] = _flagged(name, "conflict", pl["conflicts"])
    if pl["objectives"]:
        out["objectives"] = _flagged(name, "objective", pl["objectives"])
    for key in ("contracts", "completed_contracts"):
        if pl[key]:
            out[key] = name.many("contract", pl[key])
    if pl.get("set_aside_contracts", []) != default.get("set_aside_contracts", []) or \
            ("set_aside_contracts" in pl) != ("set_aside_contracts" in default):
        out["set_aside_contracts"] = name.many("contract", pl.get("set_aside_contracts", []))


def _leader(c: Cut, state: dict, pid: str, out: dict) -> None:
    """What a leader keeps on its card (scenario.py `_leader_tokens`) and the effects waiting."""
    name, default, pl = c.name, c.default["players"][pid], state["players"][pid]
    if pl.get("leader_face"):
        out["leader_face"] = pl["leader_face"]
    if "masterstroke" in pl and pl["masterstroke"] != default.get("masterstroke"):
        out["masterstroke"] = name.many("faction", pl["masterstroke"])
    if "feyd" in pl:
        out["training"] = pl["feyd"]
    armed = pl.get("armed", [])
    if armed or ("armed" in pl) != ("armed" in default):  # an empty list too: the engine keeps it once made
        # those of earlier rounds wait no more, but the engine keeps them: written with their round
        cards = [(a["src"].partition(":")[2], a.get("round", state["round"])) for a in armed]
        out["armed"] = [name("intrigue", card) if rnd == state["round"]
                        else {"card": name("intrigue", card), "round": rnd} for card, rnd in cards]
        if [armed_entry(c.cnt, card, rnd) for card, rnd in cards] != armed:
            raise Unexpressible(f"{pid}'s waiting effects {armed}")
