"""Combat: the intrigue window, strength, rewards with every tie rule, sandworm doubling,
control, the conflict card and battle icons, and clean-up.
Seed 004 'Подсчёт боевой силы', 'Карты сражения', 'Награды', 'Боевые символы',
'Удвоение награды' (pp. 12-15); Dune: Imperium rulebook p. 12 (ties)."""

from __future__ import annotations

from .conditions import strength, units_in_conflict
from .content import in_game
from .game import Game
from .modules.bloodlines import return_to_supply
from .registry import adjust, custom, fire, first
from .steps import run

REWARDS = ("first", "second", "third")


def participants(g: Game) -> list[str]:
    """Who takes part in the combat window, in turn order: a unit in the Conflict (a six-player
    Commander: one of his Allies has one, hook `in-combat`)."""
    return [q for q in g.clockwise_from(g.first) if adjust("in-combat", units_in_conflict(g.p(q)) > 0, g, q)]


def placements(g: Game) -> list[tuple[str, str]]:
    """(player, reward) pairs in order of rank; ties share the lower reward."""
    fighters = [q for q in g.clockwise_from(g.first) if strength(g, q) > 0]
    levels = sorted({strength(g, q) for q in fighters}, reverse=True)
    third_for_single = len(g.order) >= 4
    out, position = [], 1
    for level in levels:
        group = [q for q in fighters if strength(g, q) == level]
        if position == 1:
            reward = "first" if len(group) == 1 else "second"
        elif position == 2:
            reward = "second" if len(group) == 1 else "third"
        elif position == 3 and len(group) == 1 and third_for_single:
            reward = "third"
        else:
            reward = None
        if reward:
            out += [(q, reward) for q in group]
        position += len(group)
    return adjust("placements", out, g)  # a mode's own tie rule (six-player Allies yielding)


def resolve(g: Game) -> str | None:
    """Give the rewards (doubled by a sandworm, except control) and the conflict card; returns
    the winner (None on a tie for first or with nobody fighting)."""
    board = g.state["board"]
    conflict = g.content.conflicts.get(board["conflict"] or "", {})
    fire("combat-strength", g)  # strength a module adds when combat is resolved (Commander Skills)
    placed = placements(g)
    g.rulings += ["strength.units", "strength.needs-unit", "strength.swords-revealed", "combat.rewards",
                  "combat.zero-strength", *g.content.rules["strength_rulings"], *conflict.get("rulings", [])]
    if any(r == "third" for _, r in placed):
        g.rulings.append("combat.third-place")
    tasks = []
    for pid, reward in placed:
        steps = list(conflict.get("rewards", {}).get(reward, []))
        instead = first("no-rewards", g, pid, reward)  # a seat that earns none (the original House Hagal)
        if instead is not None:
            tasks.append((pid, instead, f"conflict:{reward}"))
            continue
        if g.p(pid)["worms"] > 0:
            steps += [s for s in steps if s.get("custom") != "control"]
            g.rulings += ["worm.doubling", "worm.doubling-paid", "worm.doubling-influence"]
        if reward == "first":
            steps.append({"custom": "win-conflict"})
        tasks.append((pid, steps, f"conflict:{reward}"))
    if any(r != "first" for _, r in placed) and len(placed) > 1:
        g.rulings.append("combat.ties")
    for pid, steps, src in reversed(tasks):
        run(g, pid, steps, src)
    if not any(r == "first" for _, r in placed) and board["conflict"]:
        board["discarded_conflicts"].append(board["conflict"])
        board["conflict"] = None
    return next((pid for pid, r in placed if r == "first"), None)


def is_victory_card(card: dict) -> bool:
    """A Combat Intrigue card that acts 'when you win a Conflict'."""
    return any(s.get("custom") == "when-you-win-conflict" for s in card.get("combat", []))


def has_victory_cards(g: Game) -> bool:
    """Whether the edition has any such card (Uprising has none: no window to open)."""
    modules = g.state["game"]["modules"]
    return any(is_victory_card(card) for card in g.content.intrigues.values() if in_game(card, modules))


def may_hold_victory_card(g: Game, pid: str) -> bool:
    held = g.p(pid)["intrigue"]
    cards = g.content.intrigues
    if any(is_victory_card(cards.get(c, {})) for c in held):
        return True
    deck = g.state["intrigue_deck"]
    return "?" in held and deck["hidden"] > 0 and any(is_victory_card(cards.get(c, {})) for c in deck["cards"])


@custom("win-conflict")
def win_conflict(g: Game, task: dict, step: dict) -> None:
    """The winner keeps the conflict card face up and pairs its battle icon if it can."""
    pid, board = task["player"], g.state["board"]
    card = board["conflict"]
    board["conflict"] = None
    fire("conflict-won", g, pid)
    if not g.content.rules["battle_icons"]:  # the original game: won cards stay beside the deck
        board["discarded_conflicts"].append(card)
        return
    pl = g.p(pid)
    pl["conflicts"].append({"id": card, "flipped": False})
    g.rulings += ["combat.conflict-card", "combat.win-trigger"]
    icon = adjust("battle-icon", g.content.conflicts[card].get("battle_icon"), g, pid)
    if icon:
        pair_icon(g, pid, icon, card)


def face_up_icons(g: Game, pid: str) -> list[tuple[str, dict]]:
    pl = g.p(pid)
    out = [(g.content.conflicts[c["id"]].get("battle_icon"), c) for c in pl["conflicts"] if not c["flipped"]]
    out += [(g.content.objectives[o["id"]].get("battle_icon"), o) for o in pl["objectives"] if not o["flipped"]]
    return [(adjust("battle-icon", icon, g, pid), c) for icon, c in out]  # a standing rule may change them


def pair_icon(g: Game, pid: str, icon: str, new_card: str) -> None:
    if icon == "wild":  # a wild icon is matched only during the Endgame (pair_wild_objectives)
        return
    mine = face_up_icons(g, pid)
    new = next(c for i, c in mine if c["id"] == new_card and i == icon)
    partner = next((c for i, c in mine if i == icon and c is not new), None)
    if partner:
        new["flipped"] = partner["flipped"] = True
        g.p(pid)["vp"] += 1
        g.rulings.append("combat.battle-icons")


def cleanup(g: Game) -> None:
    return_to_supply(g)
    fire("combat-cleanup", g)
    for pid in g.order:
        pl = g.p(pid)
        pl["troops"]["supply"] += pl["troops"]["conflict"]
        pl["troops"]["conflict"] = 0
        pl["worms"] = 0
        pl["swords"] = 0
    g.rulings += ["combat.cleanup", "troop.lose-to-supply"]


def pair_wild_objectives(g: Game) -> None:
    """At the end of the game a wild battle icon pairs with any other face-up icon, another wild
    one included (Bloodlines p. 5). Each wild takes a standard icon first and only then another
    wild: that makes the most pairs (two wilds and two unmatched standard icons: 2 VP, not 1)."""
    for pid in g.order:
        for icon, card in face_up_icons(g, pid):
            if icon != "wild" or card["flipped"]:
                continue
            open_ = [(i, c) for i, c in face_up_icons(g, pid) if c is not card and i and not c["flipped"]]
            found = next(((i, c) for i, c in open_ if i != "wild"), None) or next(iter(open_), None)
            if found:
                card["flipped"] = found[1]["flipped"] = True
                g.p(pid)["vp"] += 1
                g.rulings.append("combat.battle-icons-wild")
                if found[0] == "wild":
                    g.rulings.append("bloodlines.wild-battle-icons")
