"""The Bloodlines leaders (rules manual p. 2 and the back cover's Clarifications, cited as p. 12):
their abilities, Signet Rings and components. Chani's Tactics token, Count Hasimir Fenring,
Duncan Idaho's Ginaz Swordmaster, Gaius Helen Mohiam's Spy icon, Liet Kynes's Sietch Tabr,
Piter De Vries's Twisted Intrigue deck and cards, Steersman Y'rkoon's Navigation cards and
Strange Form. (Kota Odax of Ix belongs to the Tech module; Duncan's Into the Fray to the
Sardaukar Commanders.)

Hidden decks follow the engine's model (chance.py): a deck is a multiset, each draw is a chance
outcome the dealer deals from the seed or a log records, checked against what is left.
"""

from __future__ import annotations

from ....core import rng
from ....core.errors import IllegalAction
from ...chance import DEALT, check_kind
from ...content import FACTIONS, in_game
from ...deck import HIDDEN, set_top
from ...game import Game, ms_add, ms_remove, spy_owners
from ...leaders import leader_effects, leader_node, leader_side, passive_step, trigger
from ...registry import ChanceKind, adjust, chance_kind, choice, custom, hook, intrigue_check
from ...steps import choice_task, prepend, push_choice, run
from ...zones import acquire_card, look_move, pay_intrigue
from .cards import left_conflict

SKIP = {"option": "skip"}


def _leader(g: Game, pid: str) -> dict:
    return g.content.leaders.get(g.p(pid)["leader"], {})


# --- Chani: the Tactics track (p. 12) -----------------------------------------------------------
def _tactics(g: Game, pid: str) -> tuple[dict, int]:
    track = _leader(g, pid)["tactics_track"]
    return track, track["start"]["6" if len(g.order) >= 6 else "1-4"]


@custom("tactics-token")
def tactics_token(g: Game, task: dict, step: dict) -> None:
    """Setup: the token goes on the start space for the number of players."""
    g.p(task["player"])["tactics"] = _tactics(g, task["player"])[1]
    g.rulings.append("leader.chani-tactics")


@hook("troops-left-conflict", module="bloodlines")
def _tactician(g: Game, pid: str, n: int) -> None:
    """Whenever Chani's troops retreat or are lost from the Conflict: one space per troop."""
    if trigger(g, pid).get("trigger") == "troops-left-conflict":
        g.rulings.append("leader.ability")
        run(g, pid, [dict(s, count=n) if s.get("custom") == "tactics-track-advance" else s
                     for s in leader_effects(g, pid)], leader_node(g, pid))


@custom("tactics-track-advance")
def tactics_track_advance(g: Game, task: dict, step: dict) -> None:
    """Advance one space per troop, taking each reached space's reward; the last space sends the
    token back to its start, and movement beyond it is lost."""
    pid = task["player"]
    pl = g.p(pid)
    track, start = _tactics(g, pid)
    here, rewards = pl.get("tactics", start), []
    g.rulings.append("leader.chani-tactics")
    for moved in range(1, step.get("count", 1) + 1):
        here += 1
        rewards += track["rewards"].get(str(here), [])
        if here >= track["spaces"]:
            here = start
            if moved < step.get("count", 1):
                g.rulings.append("leader.chani-tactics-overflow")
            break
    pl["tactics"] = here
    prepend(task, rewards)


# --- Count Hasimir Fenring, Duncan Idaho, Gaius Helen Mohiam, Liet Kynes --------------------------
@hook("card-trashed", module="bloodlines")
def _assassin(g: Game, pid: str, card: str) -> None:
    """Fenring: 1 Solari per card trashed (an Intrigue card trashed is no card of this kind)."""
    when = trigger(g, pid)
    if when.get("trigger") == "card-trashed":
        g.rulings += ["leader.ability", "leader.fenring-trash-intrigue"]
        run(g, pid, leader_effects(g, pid), leader_node(g, pid))


@hook("space-cost", module="bloodlines")
def _ginaz_swordmaster(cost: dict, g: Game, pid: str, space: dict) -> dict:
    """Duncan Idaho: the named board space costs him less (never below 0)."""
    when = trigger(g, pid)
    if when.get("trigger") != "space-cost" or when.get("space") != space["id"]:
        return cost
    reduced = dict(cost)
    for step in leader_effects(g, pid):
        if step.get("custom") == "reduce-space-cost" and step.get("space") == space["id"]:
            reduced["solari"] = max(0, reduced.get("solari", 0) - step.get("solari", 0))
    g.rulings.append("leader.ability")
    return {k: v for k, v in reduced.items() if v > 0}


@custom("all-cards-spy-icon", "ignore-space-requirement", "must-gather-intelligence", "replace-sandworms")
def standing_rule(g: Game, task: dict, step: dict) -> None:
    """A standing leader rule the engine reads where it applies (hooks below)."""
    g.rulings.append("leader.ability")


@hook("card-icons", module="bloodlines")
def _clandestine(icons: list, g: Game, pid: str, card_id: str) -> list:
    """Mohiam: every card she plays also has the Spy icon."""
    if passive_step(g, pid, "all-cards-spy-icon") is not None and "spy" not in icons:
        return sorted([*icons, "spy"])
    return icons


@hook("spy-use-check", module="bloodlines")
def _must_gather(g: Game, pid: str, space_id: str, infiltrate: str | None, gather: str | None) -> IllegalAction | None:
    """Mohiam: whenever she could recall a Spy to gather intelligence, she must: an Agent sent
    next to a post holding her Spy (one not used to infiltrate) gathers intelligence."""
    if gather is not None or passive_step(g, pid, "must-gather-intelligence") is None:
        return None
    usable = [p for p in g.space_posts(space_id) if p != infiltrate and pid in spy_owners(g, p)]
    if usable:
        return IllegalAction("spy.must-gather", "{seat} has a spy on the post {post} next to {space} and must "
                             "recall it to gather intelligence.", ("leader.mohiam-clandestine",),
                             params={"seat": pid, "post": usable[0], "space": space_id})
    return None


@hook("worm-replaced", module="bloodlines")
def _no_sandworms(g: Game, pid: str) -> list | None:
    """Liet Kynes summons no sandworm: for each one she would, `then` (Shield Wall or not)."""
    step = passive_step(g, pid, "replace-sandworms")
    if step is None:
        return None
    g.rulings.append("leader.liet-kynes-planetologist")
    return step["then"]


@hook("ignore-requirement", module="bloodlines")
def _planetologist(g: Game, pid: str, space: dict, card_id: str) -> bool | None:
    """Liet Kynes: Sietch Tabr's Influence requirement does not apply to her."""
    step = passive_step(g, pid, "ignore-space-requirement")
    if step is not None and step["space"] == space["id"]:
        g.rulings.append("leader.ability")
        return True
    return None


# --- Piter De Vries: the Twisted Intrigue deck (pp. 2, 12) ---------------------------------------
@custom("twisted-intrigue-deck")
def twisted_intrigue_deck(g: Game, task: dict, step: dict) -> None:
    """Setup: the Twisted Intrigue cards, shuffled face down, are his own deck."""
    modules = g.state["game"]["modules"]
    cards = sorted(c for c, d in g.content.twisted_intrigue.items() if in_game(d, modules)
                   for _ in range(d.get("copies", 1)))
    g.p(task["player"])["twisted_deck"] = cards
    g.rulings.append("leader.piter-twisted-intrigue")


@hook("round-start", module="bloodlines")
def _twisted_genius(g: Game) -> None:
    for pid in g.order:
        if trigger(g, pid).get("trigger") == "round-start":
            g.rulings.append("leader.ability")
            run(g, pid, leader_effects(g, pid), leader_node(g, pid))


@custom("draw-twisted-intrigue")
def draw_twisted_intrigue(g: Game, task: dict, step: dict) -> None:
    """Draw from his Twisted Intrigue deck into his Intrigue cards (none left: nothing)."""
    pl = g.p(task["player"])
    n = min(step.get("count", 1), len(pl.get("twisted_deck", [])) - pl.get("twisted_hidden", 0))
    if n:
        g.push({"t": "chance", "kind": "draw-twisted", "player": task["player"], "n": n})


def _deal_twisted(g: Game, task: dict) -> dict:
    pool = sorted(g.p(task["player"])["twisted_deck"])
    return {"do": "draw-twisted", "player": task["player"],
            "cards": sorted(pool.pop(rng.below(g.state, len(pool))) for _ in range(task["n"]))}


def _apply_twisted(g: Game, task: dict, action: dict) -> None:
    """The cards drawn, each named or "?" (a log written without sight of them: the card stays counted
    in his deck, `twisted_hidden` of its cards being in his hand face down, until he plays one)."""
    check_kind(task, action)
    pl, cards = g.p(task["player"]), action.get("cards")
    left, hidden = list(pl["twisted_deck"]), pl.get("twisted_hidden", 0)
    unseen = cards.count(HIDDEN) if isinstance(cards, list) else 0
    if not isinstance(cards, list) or len(cards) != task["n"] \
            or not all(ms_remove(left, c) for c in cards if c != HIDDEN) or len(left) - hidden < unseen:
        raise IllegalAction("chance.card-not-available", "{seat}'s Twisted Intrigue deck holds {count} of {cards} "
                            "to draw.", ("chance.card-not-available", "leader.piter-twisted-intrigue"),
                            params={"seat": task["player"], "count": task["n"],
                                    "cards": sorted(set(pl["twisted_deck"]))})
    pl["twisted_deck"] = left
    for card in cards:
        ms_add(pl["intrigue"], card)
    if unseen:
        pl["twisted_hidden"] = hidden + unseen


@hook("face-down-drawn", module="bloodlines")
def _twisted_face_down(g: Game, pid: str, zone: str, card: str) -> bool | None:
    """A Twisted Intrigue card Piter plays or shows while holding one drawn face down: it was that one."""
    pl = g.p(pid)
    if zone != "intrigue" or not pl.get("twisted_hidden") or not ms_remove(pl.get("twisted_deck", []), card):
        return None
    pl["twisted_hidden"] -= 1
    if not pl["twisted_hidden"]:
        del pl["twisted_hidden"]
    return True


chance_kind(ChanceKind("draw-twisted", lambda g, task: None, _deal_twisted, _apply_twisted,
                       ("leader.piter-twisted-intrigue",), secret=DEALT))


@custom("recruit-undeployable")
def recruit_undeployable(g: Game, task: dict, step: dict) -> None:
    """Harkonnen Advisor: troops to the garrison that are not this turn's recruits, so no
    deployment this turn may take them."""
    troops = g.p(task["player"])["troops"]
    n = min(step.get("count", 1), troops["supply"])
    troops["supply"] -= n
    troops["garrison"] += n
    g.rulings += ["recruit.supply", "leader.signet-ring"]


def _units(g: Game, pid: str, where: str) -> int:
    troops = g.p(pid)["troops"]
    return troops["conflict"] + (troops["garrison"] if where == "any" else 0)


@custom("lose-troops-cost")
def lose_troops_cost(g: Game, task: dict, step: dict) -> None:
    """A price: lose that many of your troops to the supply (from the garrison or the Conflict,
    as `from` allows), then `then`. Not payable: nothing happens (the card is not playable).
    Whose troops: `acting-for` (a six-player Commander's activated Ally loses them and picks them)."""
    pid, n = adjust("acting-for", task["player"], g), step["count"]
    if _units(g, pid, step["from"]) < n:
        return
    g.rulings.append("troop.lose-to-supply")
    if step["from"] == "conflict":
        troops = g.p(pid)["troops"]
        troops["conflict"] -= n
        troops["supply"] += n
        prepend(task, list(step["then"]))
        left_conflict(g, pid, n)
        return
    prepend(task, list(step["then"]))
    for _ in range(n):
        g.push(choice_task(pid, "lose-troop", task["src"]))


@intrigue_check("lose-troops-cost")
def _can_lose_troops(g: Game, task: dict, pid: str, card: str, step: dict) -> None:
    pid = adjust("acting-for", pid, g)  # a six-player Commander's troops are his activated Ally's
    if _units(g, pid, step["from"]) < step["count"]:
        raise IllegalAction("intrigue.cost", "{card} costs {count} troop(s) in the Conflict, and {seat} has {have}."
                            if step["from"] == "conflict" else "{card} costs {count} troop(s), and {seat} has {have}.",
                            ("troop.lose-to-supply",), params={"card": card, "count": step["count"], "seat": pid,
                                                              "have": _units(g, pid, step["from"])})


@custom("trash-card")
def trash_card_step(g: Game, task: dict, step: dict) -> None:
    """Devious: trash a card from those zones; `mandatory`: it cannot be declined."""
    pl = g.p(task["player"])
    if any(pl[z] for z in step["from"]):  # a face-down card too: the answer names it (choices.answer)
        push_choice(g, task, "trash", zones=step["from"], **({"cost": True} if step.get("mandatory") else {}))


def _other_intrigues(g: Game, pid: str) -> list[str]:
    return sorted(set(g.p(pid)["intrigue"]))  # "?": a face-down one, named by the answer (choices.answer)


def _twisted(g: Game, card: str) -> bool:
    return bool(g.content.intrigues.get(card, {}).get("twisted"))


@custom("trash-intrigue-then")
def trash_intrigue_then(g: Game, task: dict, step: dict) -> None:
    """Unnatural: trash an Intrigue card from your hand, then `then`, plus `if_not_twisted` when
    it was not a Twisted card."""
    if _other_intrigues(g, task["player"]):
        push_choice(g, task, "intrigue-for", then=step["then"], if_not_twisted=step.get("if_not_twisted", []),
                    to=None)


@custom("give-intrigue-to-opponent")
def give_intrigue(g: Game, task: dict, step: dict) -> None:
    """Insidious: give an Intrigue card from your hand to an opponent of your choice, then `then`,
    plus `if_not_twisted` when it was not a Twisted card."""
    if _other_intrigues(g, task["player"]):
        push_choice(g, task, "intrigue-for", then=step["then"], if_not_twisted=step.get("if_not_twisted", []),
                    to="opponent")


def _intrigue_for_offers(g: Game, task: dict) -> list[dict]:
    pid, cards = task["player"], _other_intrigues(g, task["player"])
    if task["to"] == "opponent":
        return [{"card": c, "player": q} for c in cards for q in g.clockwise_from(pid)[1:]]
    return [{"card": c} for c in cards]


@choice("intrigue-for", _intrigue_for_offers, ("bloodlines.trash-intrigue-icon",))
def _intrigue_for(g: Game, task: dict, given: dict, below: dict) -> None:
    pid, card = task["player"], given["card"]
    if task["to"] == "opponent":
        g.p(pid)["intrigue"].remove(card)
        ms_add(g.p(given["player"])["intrigue"], card)
    else:
        pay_intrigue(g, pid, card, trash=True)
    run(g, pid, list(task["then"]) + ([] if _twisted(g, card) else list(task["if_not_twisted"])), task["src"])


@intrigue_check("trash-intrigue-then")
@intrigue_check("give-intrigue-to-opponent")
def _another_intrigue(g: Game, task: dict, pid: str, card: str, step: dict) -> None:
    held = list(g.p(pid)["intrigue"])
    ms_remove(held, card)
    if not held:
        raise IllegalAction("intrigue.cost", "{card} needs another Intrigue card in {seat}'s hand.",
                            ("bloodlines.trash-intrigue-icon",), params={"card": card, "seat": pid})


@custom("look-top-keep-discard-or-buy")
def look_top_keep_discard_or_buy(g: Game, task: dict, step: dict) -> None:
    """Controlled: look at your deck's top card; leave it, discard it, or pay Solari to draw it."""
    pid = task["player"]
    deck = g.p(pid)["deck"]
    if len(deck["cards"]) - deck["hidden"] > 0:
        g.push({"t": "chance", "kind": "draw", "player": pid, "n": 1, "look": True},
               choice_task(pid, "keep-discard-buy", task["src"], solari=step["solari"]))


def _kdb_offers(g: Game, task: dict) -> list[dict]:
    pid = task["player"]
    return [{"option": "keep"}, {"option": "discard"}] + \
        ([{"option": "draw"}] if g.p(pid)["solari"] >= task["solari"] else [])


@choice("keep-discard-buy", _kdb_offers, ("card.look-at-top-cards",))
def _keep_discard_buy(g: Game, task: dict, given: dict, below: dict) -> None:
    pid = task["player"]
    pl = g.p(pid)
    card = pl["looking"][0]
    if given["option"] == "keep":
        pl.pop("looking")
        set_top(pl["deck"], [card, *pl["deck"].get("top", [])])
        g.rulings.append("deck.known-top")
    elif given["option"] == "discard":
        look_move(g, pid, card, "discard")
    else:
        g.pay(pid, {"solari": task["solari"]})
        look_move(g, pid, card, "hand")


# --- Steersman Y'rkoon: Navigation cards, Strange Form (pp. 2-3, 12) -------------------------------
@hook("leaders-setup", module="bloodlines")
def _further_abilities(g: Game) -> None:
    """A leader's further printed abilities that act at setup (Y'rkoon's Strange Form)."""
    for pid in g.order:
        for ability in leader_side(g, pid).get("abilities", []):
            if ability.get("when", {}).get("trigger") == "setup":
                run(g, pid, ability["effects"], f"setup:{g.p(pid)['leader']}")


@custom("starting-water")
def starting_water(g: Game, task: dict, step: dict) -> None:
    g.p(task["player"])["water"] = step["amount"]
    g.rulings.append("leader.ability")


@custom("navigation-setup")
def navigation_setup(g: Game, task: dict, step: dict) -> None:
    """Setup: draw `deal` Navigation cards from the shuffled ones, place `keep` face down in
    slots 1.. in the order chosen, box the rest."""
    pid = task["player"]
    pool = sorted(g.content.navigation)
    g.p(pid)["navigation"] = []
    g.rulings.append("bloodlines.leader-components")
    n = min(step["deal"], len(pool))
    g.push({"t": "chance", "kind": "draw-navigation", "player": pid, "n": n},
           *(choice_task(pid, "navigation-slot", task["src"], last=i == step["keep"] - 1)
             for i in range(min(step["keep"], n))))


def _navigation_pool(g: Game) -> list[str]:
    taken = [c for q in g.order for c in g.p(q).get("navigation", []) + g.p(q).get("navigation_drawn", [])]
    pool = sorted(c for c, d in g.content.navigation.items() for _ in range(d.get("copies", 1)))
    for c in taken:
        ms_remove(pool, c)
    return pool


def _deal_navigation(g: Game, task: dict) -> dict:
    pool = _navigation_pool(g)
    return {"do": "draw-navigation", "player": task["player"],
            "cards": sorted(pool.pop(rng.below(g.state, len(pool))) for _ in range(task["n"]))}


def _apply_navigation(g: Game, task: dict, action: dict) -> None:
    check_kind(task, action)
    cards, left = action.get("cards"), _navigation_pool(g)
    if not isinstance(cards, list) or len(cards) != task["n"] or not all(ms_remove(left, c) for c in cards):
        raise IllegalAction("chance.card-not-available", "{count} Navigation cards are drawn from {cards}.",
                            ("chance.card-not-available",),
                            params={"count": task["n"], "cards": sorted(set(_navigation_pool(g)))})
    g.p(task["player"])["navigation_drawn"] = sorted(cards)


chance_kind(ChanceKind("draw-navigation", lambda g, task: None, _deal_navigation, _apply_navigation,
                       ("bloodlines.leader-components",), secret=DEALT))


@choice("navigation-slot", lambda g, task: [{"card": c} for c in sorted(set(g.p(task["player"])["navigation_drawn"]))],
        ("bloodlines.leader-components",))
def _navigation_slot(g: Game, task: dict, given: dict, below: dict) -> None:
    """The next slot from the left takes the chosen card; after the last, the rest are boxed."""
    pl = g.p(task["player"])
    pl["navigation_drawn"].remove(given["card"])
    pl["navigation"].append(given["card"])
    if task["last"]:
        pl.pop("navigation_drawn")


@hook("influence-changed", module="bloodlines")
def _plot_course(g: Game, pid: str, faction: str, before: int, after: int) -> None:
    """Y'rkoon: reaching 2 Influence with a Faction (again after losing it, too) plays the next
    Navigation card from the left."""
    for ability in leader_side(g, pid).get("abilities", []):
        when = ability.get("when", {})
        if when.get("trigger") == "reach-influence" and when.get("faction") in ("any", faction) \
                and before < when["level"] <= after:
            g.rulings.append("leader.yrkoon-navigation-repeat")
            run(g, pid, [dict(s, faction=faction) for s in ability["effects"]], leader_node(g, pid))


@custom("play-next-navigation")
def play_next_navigation(g: Game, task: dict, step: dict) -> None:
    pl = g.p(task["player"])
    slots = pl.get("navigation", [])
    if not slots:
        return
    played = pl.setdefault("navigation_played", [])
    card = slots.pop(0)
    played.append({"card": card, "slot": len(played) + 1, "faction": step.get("faction")})
    g.rulings.append("leader.ability")
    run(g, task["player"], g.content.navigation[card]["effects"], f"navigation:{card}")


def _playing(g: Game, pid: str) -> dict:
    return (g.p(pid).get("navigation_played") or [{}])[-1]


@custom("if-navigation-slot")
def if_navigation_slot(g: Game, task: dict, step: dict) -> None:
    if _playing(g, task["player"]).get("slot") == step["slot"]:
        prepend(task, list(step["then"]))


@custom("if-navigation-trigger-faction")
def if_navigation_trigger_faction(g: Game, task: dict, step: dict) -> None:
    if _playing(g, task["player"]).get("faction") == step["faction"]:
        prepend(task, list(step["then"]))


@custom("influence-other-faction-at")
def influence_other_faction_at(g: Game, task: dict, step: dict) -> None:
    """Influence with a Faction other than the one this Navigation card was played for, where you
    have `at_least` already."""
    pid = task["player"]
    reached = _playing(g, pid).get("faction")
    factions = [f for f in FACTIONS if f != reached and g.p(pid)["influence"][f] >= step["at_least"]]
    for _ in range(step.get("amount", 1)):
        if factions:
            push_choice(g, task, "faction", factions=factions, delta=1)


@custom("permanent-reveal-persuasion")
def permanent_reveal_persuasion(g: Game, task: dict, step: dict) -> None:
    pl = g.p(task["player"])
    pl["reveal_persuasion"] = pl.get("reveal_persuasion", 0) + step["amount"]


@hook("revealed", module="bloodlines")
def _reveal_persuasion(g: Game, pid: str) -> None:
    if g.p(pid).get("reveal_persuasion"):
        g.gain(pid, {"persuasion": g.p(pid)["reveal_persuasion"]})
        g.rulings.append("reveal.persuasion")


@custom("acquire-reserve-card")
def acquire_reserve_card(g: Game, task: dict, step: dict) -> None:
    """That Reserve card, acquired without paying (its acquire box applies)."""
    if g.state["reserve"].get(step["card"], 0) > 0:
        acquire_card(g, task["player"], step["card"])
