"""House Hagal Rivals for one and two players: their seats, the House Hagal deck as a chance
outcome (`draw-hagal`), and the Rival's Agent turn, which the engine derives from the card drawn
and offers as the one legal `rival-agent` action. Rules: rulings/rivals-uprising.toml (the Russian
booklet for 1-2 players, pp. 1-4); card facts: data/<edition>/house-hagal.json. The original
game's differences live in base.py.

A Rival is a seat like a player's (turn order, influence, combat, VP read it unchanged) whose
player record carries `rival` (its leader card); `state["hagal"]` holds the deck and discard as
sorted multisets. What the engine does not derive yet is noted as not implemented
(`NOT_IMPLEMENTED`), so a verdict never rests on a rule the engine does not know.
"""

from __future__ import annotations

import json
from functools import cache

from ....core import rng
from ....core.errors import IllegalAction, MalformedLog
from ....core.names import NameIndex
from ....resources import data_dir
from ...game import Game, ms_add, ms_remove, spy_owners
from ...registry import ChanceKind, chance_kind, first, hook
from ...steps import run
from ...zones import place_spy, space_closed

# the options themselves: the log schema's `setup.options` (booklet p. 4)
OPTION_PLAYERS = {"unambitious-rivals": 2, "row-refresh": 1}  # options for one player count (p. 4)
# the English rules' names of the options (reading rivals.reading-streamlined for the third)
OPTION_ALIASES = {"smart-politics": "calculated-politics", "expert-deployment": "considered-deployment",
                  "streamlined-rivals": "unambitious-rivals", "imperium-row-churn": "row-refresh"}
RIVALS_FOR = {1: 2, 2: 1}  # players -> Rivals (booklet p. 1)
# the free faction spaces Calculated Politics names (booklet p. 4)
FREE_FACTION_SPACES = ("dutiful-service", "deliver-supplies", "secrets", "fremkit")
TWO_PLAYER_OBJECTIVE = "objective-ornithopter-1-3"  # the Rival's card with two players (p. 1)
UNAMBITIOUS = ("lady-amber-metulli", "glossu-rabban")  # the Rivals the option names (p. 4)
R_AVAIL = ("chance.card-not-available",)
# what is not derived yet: a Rival meeting one of these makes the verdict `not-implemented`
NOT_IMPLEMENTED: tuple[str, ...] = ()
# what the Rivals do not know: a game naming these is refused as an unsupported module
# (rules.RIVAL_MODULE_EDITIONS lists what is known; rulings rivals-x.refused)
REFUSED_WITH_RIVALS: tuple[str, ...] = ()
# the record each edition's difficulty chart is cited by
LEVEL_RULINGS = {"base": "rivals.base-solo-setup", "uprising": "rivals.reading-difficulty"}


EDITION_DIR = {"uprising": "uprising", "base": "base"}  # where each edition's House Hagal data lives
# the expansions whose own House Hagal cards join an edition's deck (their `module`), each with the
# edition's cards they take out (`removes`: Rise of Ix p. 8, the Hall of Oratory and Rally Troops cards)
EXPANSION_CARDS = {"base": ("ix",)}


def _load(folder: str) -> dict:
    with (data_dir() / folder / "house-hagal.json").open(encoding="utf-8") as fh:
        return json.load(fh)


@cache
def hagal(edition: str = "uprising") -> dict:
    data = _load(EDITION_DIR[edition])
    for module in EXPANSION_CARDS.get(edition, ()):
        extra = _load(module)
        for card in data["cards"]:
            if card["id"] in extra["removes"]:
                card["left_out_with"] = {module: extra["removes"][card["id"]]}
        data["cards"] += extra["cards"]
    data["by_id"] = {c["id"]: c for c in data["cards"]}
    data.setdefault("rival_leaders", {})
    return data


def deck_data(g: Game) -> dict:
    return hagal(g.state["game"]["edition"])


@cache
def bloodlines_cards() -> dict:
    """Bloodlines' six Rival cards for Uprising (data/bloodlines/house-hagal.json, third-party facts,
    reading rivals-x.bl-rival-cards), keyed by the Bloodlines Leader's id."""
    with (data_dir() / "bloodlines" / "house-hagal.json").open(encoding="utf-8") as fh:
        return json.load(fh)["rival_leaders"]


def rival_cards(edition: str, modules=(), players: int = 1) -> dict:
    """The Rival cards a game may seat: its edition's, and with Bloodlines in Uprising that box's
    six (seed 000 p. 8: not with the original game; a card's `module` only with it, `solo_only`
    only in a solo game: Kota Odax of Ix)."""
    cards = dict(hagal(edition)["rival_leaders"])
    if edition == "uprising" and "bloodlines" in modules:
        cards.update({lead: c for lead, c in bloodlines_cards().items()
                      if c.get("module") in (None, *modules) and not (c.get("solo_only") and players != 1)})
    return cards


@cache
def hagal_names(edition: str = "uprising") -> NameIndex:
    index = NameIndex("house-hagal card")
    for c in hagal(edition)["cards"]:
        index.add(c["id"], c["name"]["en"], c["name"].get("ru", ""))
    return index


@cache
def rival_only_names(edition: str = "uprising") -> NameIndex:
    """The leaders found only on a Rival card (no player's leader): by id and name."""
    index = NameIndex("Rival card leader")
    for lead, data in sorted(hagal(edition)["rival_leaders"].items()):
        if "name" in data:
            index.add(lead, data["name"]["en"])
    return index


def is_rival(g: Game, pid: str) -> bool:
    return "rival" in g.p(pid)


def rivals(g: Game) -> list[str]:
    return [q for q in g.order if is_rival(g, q)]


# which calls a listener answers (Hooks' `when`): the seat it is called for, `pid` after the table
def rival_seat(g: Game, pid: str, *_) -> bool:
    return is_rival(g, pid)


def player_seat(g: Game, pid: str, *_) -> bool:
    return not is_rival(g, pid)


def rival_chooser(g: Game, task: dict) -> bool:
    """A choice task a Rival answers."""
    return task.get("player") in g.state["players"] and is_rival(g, task["player"])


def has_option(g: Game, name: str) -> bool:
    return name in g.state["game"].get("rival_options", ())


# --- setup ------------------------------------------------------------------------------------
def rival_seats(humans: list[str], rival_ids: list[str]) -> list[str]:
    """Solo: the Rivals after the player (the marker goes round every seat). Two players: the
    Rival sits just after the first player (booklet p. 2)."""
    if len(humans) == 2:
        return [humans[0], rival_ids[0], humans[1]]
    return humans + rival_ids


def setup_rival(pl: dict, leader: str) -> None:
    """A Rival's pieces (booklet p. 1): no deck, water and spies as a player, three troops in
    the garrison (the engine's starting garrison), two Agents."""
    pl.update({"rival": {"leader": leader}, "hand": [], "deck": {"cards": [], "hidden": 0}})


def new_hagal(players: int, edition: str = "uprising", modules=(), leaders=()) -> dict:
    """The deck for the player count: solo leaves out the 2P cards, two players the 1P ones; a
    module's cards only with it (and a player's leader they need), and a solo deck leaves out
    the copies a module's cards replace (Immortality: the original game's three Carthag cards,
    one of Uprising's two Research Station cards, reading rivals-x.imm-uprising)."""
    deck = sorted(c["id"] for c in hagal(edition)["cards"] for _ in range(c["copies"] - _left_out(c, players, modules))
                  if not c.get("two_player_only" if players == 1 else "solo_only")
                  and c.get("module") in (None, *modules)
                  and c.get("needs_leader") in (None, *leaders))
    return {"deck": deck, "discard": []}


def _left_out(card: dict, players: int, modules) -> int:
    """The copies of `card` a deck leaves out with these modules (data: module -> copies; `solo_`: a
    solo deck only)."""
    out = sum(n for m, n in card.get("left_out_with", {}).items() if m in modules)
    return out + (sum(n for m, n in card.get("solo_left_out_with", {}).items() if m in modules) if players == 1 else 0)


# --- the solo difficulty chart -------------------------------------------------------------------
def check_difficulty(edition: str, setup: dict, humans: int) -> None:
    """A solo game names a level of its edition's chart (rulebook p. 20; booklet p. 1); a
    two-player game has none."""
    chart, named = hagal(edition)["difficulty"], setup.get("difficulty")
    if humans == 1 and named not in chart:
        raise MalformedLog(f"a solo game names its difficulty: one of {list(chart)}", "/setup/difficulty",
                           code="rival-difficulty")
    if humans == 2 and named is not None:
        raise MalformedLog("a two-player game has no difficulty level", "/setup/difficulty",
                           code="rival-difficulty")


def level(g: Game) -> dict:
    """The difficulty chart's column for this game ({} with two players)."""
    named = g.state["game"].get("rival_difficulty")
    return deck_data(g)["difficulty"][named] if named else {}


def setup_solo(g: Game, humans: list[str]) -> None:
    """The difficulty chart's setup: each Rival's garrison (the troops beyond it back to its
    supply) and the extra resources and Intrigue cards it gives the player and the Rivals."""
    chart = level(g)
    for pid in humans + rivals(g):
        extra = dict(chart.get("rival_extra" if is_rival(g, pid) else "player_extra", {}))
        if intrigue := extra.pop("intrigue", 0):
            g.push({"t": "chance", "kind": "draw-intrigue", "player": pid, "n": intrigue})
        g.gain(pid, extra)
    for pid in rivals(g):
        troops = g.p(pid)["troops"]
        keep = min(chart["rival_garrison"], troops["garrison"])
        troops["supply"] += troops["garrison"] - keep
        troops["garrison"] = keep
    g.rulings.append(LEVEL_RULINGS[g.state["game"]["edition"]])


@hook("placement-check", module="rivals", when=player_seat)
def _no_swordmaster_for_the_player(g: Game, pid: str, space_id: str, card_id):
    """At Kwisatz Haderach the player cannot gain a Swordmaster (rulebook p. 20; reading
    rivals.reading-difficulty)."""
    if space_id == "swordmaster" and level(g).get("player_no_swordmaster"):
        return IllegalAction("rival.no-swordmaster", "At Kwisatz Haderach difficulty the player cannot gain a "
                             "Swordmaster.", (LEVEL_RULINGS[g.state["game"]["edition"]],))
    return None


def unambitious(g: Game, pid: str) -> bool:
    return has_option(g, "unambitious-rivals") and g.p(pid)["rival"]["leader"] in UNAMBITIOUS


def leader_card(g: Game, pid: str) -> dict:
    lead, cards = g.p(pid)["rival"]["leader"], deck_data(g)["rival_leaders"]
    return cards[lead] if lead in cards else bloodlines_cards()[lead]  # a Bloodlines Rival card


# --- turn order ---------------------------------------------------------------------------------
@hook("seat-turn", module="rivals", when=rival_seat)
def _rival_turn(g: Game, pid: str):
    g.push({"t": "rival", "player": pid})
    g.push({"t": "chance", "kind": "draw-hagal", "player": pid, "purpose": "agent"})
    g.rulings += ["rivals.turn-structure", "rivals.agent-placement"]
    return True


@hook("hand-seats", module="rivals")
def _no_hand(seats: list, g: Game) -> list:
    return [q for q in seats if not is_rival(g, q)]


@hook("next-first", module="rivals")
def _first_passes_between_players(nxt: str, g: Game) -> str:
    """Two players: the marker never stops at the Rival (booklet p. 2)."""
    if is_rival(g, nxt) and len(g.order) - len(rivals(g)) == 2:
        return g.order[(g.order.index(nxt) + 1) % len(g.order)]
    return nxt


@hook("turn-ring", module="rivals")
def _rival_always_second(ring: list, g: Game) -> list:
    """Two players: the Rival sits straight after the first player, whoever holds the marker,
    so it always acts second (booklet p. 2): first player, Rival, the other player."""
    if len(g.order) - len(rivals(g)) != 2 or g.state["game"]["edition"] != "uprising":
        return ring
    rival = rivals(g)[0]
    g.rulings.append("rivals.turn-structure")
    return [g.first, rival, *(q for q in ring if q not in (g.first, rival))]


@hook("passes-window", module="rivals", when=lambda g, task, pid: is_rival(g, pid))
def _rival_passes(g: Game, task: dict, pid: str):
    """Rivals play no Intrigue card: their Intrigue cards are a resource (booklet p. 3)."""
    return True


# --- the House Hagal deck -------------------------------------------------------------------------
def _pool(g: Game) -> list[str]:
    h = g.state["hagal"]
    return h["deck"] or h["discard"]  # an empty deck is reshuffled from the discard


def _deal(g: Game, task: dict) -> dict:
    pool = _pool(g)
    return {"do": "draw-hagal", "player": task["player"], "card": pool[rng.below(g.state, len(pool))]}


def _apply_draw(g: Game, task: dict, action: dict) -> None:
    h, card = g.state["hagal"], action.get("card")
    if not h["deck"]:
        h["deck"], h["discard"] = h["discard"], []
    if not ms_remove(h["deck"], card):
        raise IllegalAction("chance.card-not-available", "{card} is not in the House Hagal deck.", R_AVAIL,
                            params={"card": str(card)})
    data = deck_data(g)["by_id"][card]
    ms_add(h["discard"], card)
    g.rulings += deck_data(g)["draw_rulings"]  # the original game: the deck's cards for this player count
    if data["agent"].get("reshuffle"):
        h["deck"], h["discard"] = sorted(h["deck"] + h["discard"]), []
        g.rulings.append("rivals.agent-placement")
        _again(g, task)
    elif task["purpose"] == "swords":
        g.p(task["player"])["swords"] += data["swords"]
        g.rulings.append("rivals.combat-strength")
    else:
        _for_agent(g, task, card, data)


def _again(g: Game, task: dict) -> None:
    g.push(dict(task))


def _for_agent(g: Game, task: dict, card: str, data: dict) -> None:
    pid, agent = task["player"], data["agent"]
    if "spy_posts" in agent:  # a spy card: place where possible, then another card (p. 2)
        _place_spy(g, pid, agent["spy_posts"])
        g.rulings.append("rivals.spy-cards")
        _again(g, task)
        return
    if agent.get("acquire_tech"):  # Bloodlines' Acquire Tech card (tech.py): no Agent goes with it
        _again(g, task)
        run(g, pid, [{"custom": "rival-acquire-tech"}], f"hagal:{card}")
        return
    if not any(g.on_board(o["space"]) for o in agent["options"]):
        # Immortality's Carthag cards with Uprising, whose board has no Carthag: the Agent's part (space,
        # troop) ignored, the rest of the card done (its Tleilaxu icons), then the next card (reading
        # rivals-x.imm-uprising)
        _again(g, task)
        run(g, pid, [s for s in agent["options"][0]["effects"] if s.get("custom") != "rival-troops"],
            f"hagal:{card}")
        g.rulings.append("rivals-x.imm-uprising")
        return
    option = chosen_option(g, pid, agent["options"])
    if option is not None and skips_free_space(g, pid, option):
        option = None  # Calculated Politics: the card is passed over like a taken space (p. 4)
    if option is None:
        _again(g, task)  # the space is taken: turn over the next card (p. 2; FAQ: never the other space)
        return
    rival_task = next(t for t in reversed(g.state["stack"]) if t["t"] == "rival" and t["player"] == pid)
    rival_task.update({"card": card, "space": option["space"]})


def skips_free_space(g: Game, pid: str, option: dict) -> bool:
    """Calculated Politics (p. 4): a free faction space is passed over when the Rival holds the
    Alliance and leads the nearest other seat by 1 or more, or has 2 or more and trails the
    leader by 2 or more."""
    if option["space"] not in FREE_FACTION_SPACES or not has_option(g, "calculated-politics"):
        return False
    faction = g.content.spaces[option["space"]]["faction"]
    mine = g.p(pid)["influence"][faction]
    best_other = max(g.p(q)["influence"][faction] for q in g.order if q != pid)
    skip = (g.state["alliances"].get(faction) == pid and mine - best_other >= 1) or (
        mine >= 2 and best_other - mine >= 2)
    if skip:
        g.rulings.append("rivals.opt-calculated-politics")
    return skip


def chosen_option(g: Game, pid: str, options: list[dict]) -> dict | None:
    """The one space of the card that fits the Rival's state now ("when" in the data), or None
    when that space cannot take it (then the next card is turned over)."""
    board = g.state["board"]
    if any(o.get("when") == "more-bonus-spice" for o in options):
        # the open basin with the most bonus spice (none: no basin), more spice in all on a tie
        free = [o for o in options if board["bonus_spice"].get(o["space"], 0) > 0 and _open(g, pid, o["space"])]
        return max(free, key=lambda o: (board["bonus_spice"][o["space"]], base_spice(g, o["space"])),
                   default=None)
    option = next((o for o in options if _fits(g, pid, o.get("when"))), None)
    return option if option is not None and _open(g, pid, option["space"]) else None


def _open(g: Game, pid: str, space_id: str) -> bool:
    """Whether the Rival's Agent may go to the space, by the placement rules a player's Agent
    meets there (zones.space_closed: occupied, The Voice, a mode's own spaces); not their
    costs or Influence requirements, which a Rival ignores (p. 2). A space a rule other than
    occupancy closes is passed over like an occupied one (reading rivals.reading-closed-space)."""
    if not g.on_board(space_id):
        return False
    err = space_closed(g, pid, g.content.spaces[space_id], None)
    if err is not None and err.code != "agent.space-occupied":
        g.rulings += [*err.rulings, "rivals.reading-closed-space"]
    return err is None


def _fits(g: Game, pid: str, when: str | None) -> bool:
    board = g.state["board"]
    level = g.content.conflicts.get(board["conflict"] or "", {}).get("level", 1)
    if when in (None, "otherwise"):
        return True
    if when == "conflict-level-below-3":
        return level < 3
    if when == "conflict-level-3":
        return level >= 3
    if when == "bonus-spice":
        return board["bonus_spice"].get("deep-desert", 0) > 0
    if when.startswith("alliance-or-friendship:"):
        faction = when.split(":", 1)[1]
        return g.p(pid)["influence"][faction] >= 2 or g.state["alliances"].get(faction) == pid
    return bool(first("rival-card-fits", g, pid, when))  # a module's own condition (Rise of Ix: rivals/ix.py)


def base_spice(g: Game, space_id: str) -> int:
    """The spice a maker space gives without a sandworm: its first harvest step."""
    return _first_harvest(g.content.spaces[space_id]["effects"]) or 0


def _first_harvest(node) -> int | None:
    if isinstance(node, dict):
        if node.get("custom") == "harvest":
            return node["spice"]
        node = [node[k] for k in sorted(node)]
    if isinstance(node, list):
        return next((s for s in map(_first_harvest, node) if s is not None), None)
    return None


def _place_spy(g: Game, pid: str, posts: list[str]) -> None:
    """The first free post of the kind the card names (a third spy sets off the spy network:
    hook `spy-placed` in turn.py)."""
    free = [p for p in posts if not spy_owners(g, p)]
    if free and g.p(pid)["spies"] > 0:
        place_spy(g, pid, free[0])


chance_kind(ChanceKind(
    "draw-hagal",
    lambda g, task: [{"do": "draw-hagal", "player": task["player"], "card": c} for c in sorted(set(_pool(g)))],
    _deal, _apply_draw, ("rivals.agent-placement",)))




# --- the solo Imperium Row refresh (option) ----------------------------------------------------------
ROW_PLACES = 5  # the dice count the Row's cards 1 to 5 from the left; a 6 removes nothing (p. 4)


@hook("reveal-turn-end", module="rivals", when=player_seat)
def _row_refresh(g: Game, pid: str) -> None:
    if has_option(g, "row-refresh"):
        g.push({"t": "chance", "kind": "row-refresh", "player": pid})
        g.rulings.append("rivals.opt-market-refresh")


def _refresh_candidates(g: Game, task: dict) -> list[dict]:
    """What two dice can remove: no card (two sixes), one card (one six, or a double), two cards
    (our reading: the engine keeps the Row sorted, so an outcome names the cards, not places)."""
    row = g.state["row"]
    sets = {()} | {(c,) for c in row} | {tuple(sorted((row[i], row[j])))
                                         for i in range(len(row)) for j in range(i + 1, len(row))}
    return [{"do": "row-refresh", "player": task["player"], "cards": list(c)} for c in sorted(sets)]


def _deal_refresh(g: Game, task: dict) -> dict:
    """Two dice; each face 1-5 names the card in that place of the Row as the engine holds it
    (any fixed order gives each card and pair the chance the table gives it)."""
    row = g.state["row"]
    faces = sorted({rng.below(g.state, 6) for _ in range(2)})
    return {"do": "row-refresh", "player": task["player"],
            "cards": sorted(row[f] for f in faces if f < min(ROW_PLACES, len(row)))}


def _apply_refresh(g: Game, task: dict, action: dict) -> None:
    cards, st = action.get("cards"), g.state
    if not isinstance(cards, list) or sorted(cards) not in [c["cards"] for c in _refresh_candidates(g, task)]:
        raise IllegalAction("chance.card-not-available", "Two dice cannot remove {cards} from the Imperium Row "
                            "({row_cards}).", ("rivals.opt-market-refresh", *R_AVAIL),
                            params={"cards": cards if isinstance(cards, list) else str(cards),
                                    "row_cards": list(st["row"])})
    for card in sorted(cards):  # discarded from the game: no Imperium discard pile exists
        ms_remove(st["row"], card)
        ms_add(st.setdefault("removed_cards", []), card)
    g.push(*({"t": "chance", "kind": "refill-row"} for _ in cards[:len(st["imperium_deck"]["cards"])]))
    g.rulings += ["rivals.opt-market-refresh", "rivals.reading-row-refresh"]


chance_kind(ChanceKind("row-refresh", _refresh_candidates, _deal_refresh, _apply_refresh,
                       ("rivals.opt-market-refresh", "rivals.reading-row-refresh")))


@hook("objective-fixed", module="rivals")
def _two_player_objective(g: Game):
    """Two players: the Rival takes the Ornithopter Objective, the players share the rest at
    random (p. 1)."""
    if len(g.order) - len(rivals(g)) == 2:
        g.rulings.append("rivals.objectives")
        return {rivals(g)[0]: TWO_PLAYER_OBJECTIVE}
    return None


@hook("cannot-win", module="rivals", when=rival_seat)
def _unambitious(g: Game, pid: str):
    """Unambitious Rivals (two players, p. 4): these Rivals are ranked but cannot win."""
    if unambitious(g, pid):
        g.rulings.append("rivals.opt-unambitious")
        return True
    return None
