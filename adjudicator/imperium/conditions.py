"""Conditions (`if`, `requires`, `to_hand_if`) and counters (`each`) of the effect language
(docs/effects.md, "Conditions" and "Counters")."""

from __future__ import annotations

from .game import Game, my_turn, own_posts, spies_on_board
from .influence import has_alliance, influence_of, track_level
from .modules.bloodlines import extra_strength, extra_units
from .modules.ix import dreadnought_strength, dreadnoughts_in
from .registry import adjust
from .steps import others, source_card

CONDITIONS = ("alliance", "influence", "bond", "in_conflict", "spies", "seat", "swordmaster",
              "maker_hooks", "space_icon", "maker_space", "combat_space", "faction_space",
              "bonus_spice", "completed_contracts", "units_in_conflict", "worms", "strength", "recalled_spy",
              "dreadnoughts", "factions_with_influence",
              "spy_on", "discarded", "trashed_cost", "deck_at_least", "gained", "owns",
              "rival_alliance_at", "alliances", "six_players", "all", "any", "not")
COUNTERS = ("spies_on_board", "cards_in_play", "completed_contracts", "units_in_conflict",
            "worms_in_conflict", "revealed", "revealed_with_swords", "revealed_providing_swords",
            "dreadnoughts_in_conflict")


def _factions_of(g: Game, card: str) -> list:
    return g.content.cards.get(card, {}).get("factions", [])


def copies_owned(g: Game, pid: str, card: str) -> int:
    """How many copies of `card` a player owns (a solo Rival owns none, yet counts some: hook
    `copies-owned`, the original game's two The Spice Must Flow: Corner the Market, Holtzman Engine)."""
    pl = g.p(pid)
    return adjust("copies-owned", (pl["deck"]["cards"] + pl["hand"] + pl["discard"] + pl["play"]).count(card),
                  g, pid, card)


def holds(g: Game, pid: str, cond: dict, src: str = "") -> bool:
    pl = g.p(pid)
    turn = g.state.get("turn") or {}
    mine = my_turn(g, pid)
    if "influence" in cond:
        # {"influence": "fremen", "at_least": 2} has two keys: read them as one condition.
        return track_level(g, pid, cond["influence"]) >= cond.get("at_least", 1)
    if "factions_with_influence" in cond:  # that many Faction tracks at `at_least` (Rise of Ix)
        return sum(1 for f in pl["influence"] if influence_of(g, pid, f) >= cond["at_least"]) \
            >= cond["factions_with_influence"]
    (key, value), = cond.items()
    space = g.content.spaces.get(turn.get("space"), {})
    if key == "alliance":
        g.rulings.append("alliance.effect-requirement")
        return has_alliance(g, pid, value)
    if key == "bond":
        g.rulings.append("fremen-bond.in-play")
        return any(value in _factions_of(g, c) for c in others(pl["play"], source_card(src)))
    if key == "in_conflict":
        return units_in_conflict(pl) > 0
    if key == "spies":
        return spies_on_board(g, pid) >= value
    if key in ("seat", "swordmaster", "maker_hooks"):
        return bool(pl[key]) == bool(value)
    if key == "space_icon":
        return space.get("icon") == value
    if key == "maker_space":
        return bool(space.get("maker")) == value
    if key == "combat_space":
        return bool(space.get("combat")) == value
    if key == "faction_space":
        return bool(space.get("faction")) == value
    if key == "bonus_spice":  # some Maker space holds at least this much bonus spice
        return max(g.state["board"]["bonus_spice"].values(), default=0) >= value
    if key == "completed_contracts":
        return pl["completed"] >= value
    if key == "units_in_conflict":
        return units_in_conflict(pl) >= value
    if key == "worms":
        return pl["worms"] >= value
    if key == "dreadnoughts":  # commissioned: out of the supply (Rise of Ix)
        return "dreadnoughts" in pl and 2 - dreadnoughts_in(pl, "supply") >= value
    if key == "strength":
        return strength(g, pid) >= value
    if key == "six_players":  # the team game: a printed number for six players (Gurney Halleck)
        return ("six" in g.state) == bool(value)
    if key == "recalled_spy":
        return (mine.get("recalled", 0) > 0) == bool(value)
    if key == "spy_on":
        posts = [value] if isinstance(value, str) else value
        return any(p in own_posts(g, pid) for p in posts)
    if key == "discarded":
        last = mine.get("last_discarded")
        return bool(last) and value in _factions_of(g, last)
    if key == "trashed_cost":
        last = mine.get("last_trashed")
        return bool(last) and (g.content.cards.get(last, {}).get("cost") or 0) >= value
    if key == "deck_at_least":
        return len(pl["deck"]["cards"]) - pl["deck"]["hidden"] >= value
    if key == "gained":
        return mine.get("gained", {}).get(value, 0) > 0
    if key == "owns":
        return copies_owned(g, pid, value["card"]) >= value.get("at_least", 1)
    if key == "alliances":  # holds at least this many Alliances, any Factions'
        return sum(holder == pid for holder in g.state["alliances"].values()) >= value
    if key == "rival_alliance_at":
        return any(holder not in (None, pid) and influence_of(g, pid, f) >= value
                   for f, holder in g.state["alliances"].items())
    if key == "all":
        return all(holds(g, pid, c, src) for c in value)
    if key == "any":
        return any(holds(g, pid, c, src) for c in value)
    if key == "not":
        return not holds(g, pid, value, src)
    g.note_unimplemented(f"condition {key}")
    return False


def count(g: Game, pid: str, counter: dict, src: str) -> int:
    (key, value), = counter.items()
    pl = g.p(pid)
    own = source_card(src)
    if key == "spies_on_board":
        return spies_on_board(g, pid)
    if key == "cards_in_play":
        return sum(1 for c in pl["play"] if c != own and value in _factions_of(g, c))
    if key == "bonus_spice":  # some Maker space holds at least this much bonus spice
        return max(g.state["board"]["bonus_spice"].values(), default=0) >= value
    if key == "completed_contracts":
        return pl["completed"]
    if key == "units_in_conflict":
        return units_in_conflict(pl)
    if key == "worms_in_conflict":
        return pl["worms"]
    if key == "dreadnoughts_in_conflict":
        return dreadnoughts_in(pl, "conflict")
    if key == "revealed":  # other cards of a faction revealed this turn
        return sum(1 for c in others(my_turn(g, pid).get("revealed", []), own)
                   if value in _factions_of(g, c))
    if key == "revealed_with_swords":  # other revealed cards whose Reveal box shows swords
        return sum(1 for c in others(my_turn(g, pid).get("revealed", []), own)
                   if _gives(g.content.cards.get(c, {}).get("reveal", []), "swords"))
    if key == "revealed_providing_swords":  # other revealed cards whose Reveal box gave swords this turn
        return sum(1 for node in my_turn(g, pid).get("sword_sources", []) if node.startswith("reveal:") and node != src)
    g.note_unimplemented(f"counter {key}")
    return 0


def _gives(steps, resource: str) -> bool:
    """Whether a box shows a gain of `resource` anywhere (any branch)."""
    if isinstance(steps, dict):
        if resource in steps.get("gain", {}):
            return True
        return any(_gives(v, resource) for v in steps.values() if isinstance(v, (list, dict)))
    if isinstance(steps, list):
        return any(_gives(s, resource) for s in steps)
    return False


def units_in_conflict(pl: dict) -> int:
    """Troops, sandworms, Commanders and dreadnoughts (Rise of Ix p. 6: a dreadnought alone still fights)."""
    return pl["troops"]["conflict"] + pl["worms"] + extra_units(pl) + dreadnoughts_in(pl, "conflict")


TROOP, WORM = 2, 3  # strength of a troop and of a sandworm


def strength(g: Game, pid: str) -> int:
    pl = g.p(pid)
    if units_in_conflict(pl) == 0:
        return 0  # no unit, no strength: swords and bonuses cannot add to zero
    return (TROOP * pl["troops"]["conflict"] + WORM * pl["worms"] + extra_strength(pl) + dreadnought_strength(pl)
            + pl["swords"])
