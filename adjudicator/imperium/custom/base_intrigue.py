"""Code-backed rules of the original Dune: Imperium's Intrigue cards (edition "base"): Bindu
Suspension, Bypass Protocol, Recruitment Mission, Dispatch an Envoy, Infiltrate, Double Cross,
Reinforcements, Refocus, Poison Snooper, Staged Incident, To the Victor... / Demand Respect,
Corner the Market; their choice kinds, hooks and preconditions."""

from __future__ import annotations

from ...core.errors import IllegalAction
from ..conditions import copies_owned
from ..content import in_game
from ..deck import forget_top, put_on_top, take_from_deck
from ..game import Game, ms_add, my_turn
from ..registry import choice, custom, hook, intrigue_check
from ..steps import choice_task, custom_steps, prepend, push_choice, source_card
from ..zones import acquirable, count_deployed, reveal_drawn, trash_card


def _turn_task(g: Game, pid: str) -> dict | None:
    """The pending `turn` task of `pid` (the start of a turn, before an Agent is sent or the
    cards are revealed), if a Plot Intrigue card is being played there."""
    return next((t for t in reversed(g.state["stack"]) if t["t"] == "turn" and t["player"] == pid), None)


def _turn_start_cards(g: Game) -> bool:
    """Whether the edition has an Intrigue card that must open a turn (Bindu Suspension)."""
    return any(s["custom"] == "pass-turn" and s.get("at_turn_start")
               for card in g.content.intrigues.values() if in_game(card, g.state["game"]["modules"])
               for s in custom_steps(card))


@hook("intrigue-played")
def _turn_has_begun(g: Game, task: dict, pid: str, card: str) -> None:
    if task["t"] == "turn" and _turn_start_cards(g):
        task["acted"] = True  # the turn has begun: Bindu Suspension can no longer open it


@intrigue_check("pass-turn")
def _at_turn_start(g: Game, task: dict, pid: str, card: str, step: dict) -> None:
    if step.get("at_turn_start") and not (task["t"] == "turn" and not task.get("acted")):
        raise IllegalAction("intrigue.not-turn-start", "{card} must be the first thing {seat} does in a turn, "
                            "before sending an Agent or revealing.", ("card.bindu-suspension",),
                            params={"card": card, "seat": pid})


@custom("pass-turn")
def pass_turn(g: Game, task: dict, step: dict) -> None:
    """Bindu Suspension: the turn it opened ends, with no Agent sent and nothing revealed."""
    turn = _turn_task(g, task["player"])
    if turn is not None:
        g.finish(turn)
    g.rulings.append("card.bindu-suspension")


@custom("acquire-to-deck-top")
def acquire_to_deck_top(g: Game, task: dict, step: dict) -> None:
    """Bypass Protocol: acquire a card costing up to `max_cost` and put it on top of the deck."""
    spec = {"max_cost": step["max_cost"], "to": "deck-top"}
    g.rulings.append("card.bypass-protocol")
    if acquirable(g, task["player"], spec):
        push_choice(g, task, "acquire", spec=spec)


@custom("acquire-to-deck-top-this-reveal")
def arm_deck_top_this_reveal(g: Game, task: dict, step: dict) -> None:
    """Recruitment Mission: each card acquired in your Reveal turn this round may go on top of
    your deck instead of the discard pile (a choice per card)."""
    pl = g.p(task["player"])
    armed = [a for a in pl.get("armed", []) if a.get("round", g.state["round"]) >= g.state["round"]]
    armed.append({"on": "acquire-top", "round": g.state["round"], "src": task["src"]})
    pl["armed"] = armed
    g.rulings += ["card.recruitment-mission", "intrigue.delayed-effect"]


@hook("acquired")
def on_acquire_top(g: Game, pid: str, card: str) -> None:
    """Called for every acquisition: offers the deck top if Recruitment Mission is armed."""
    pl, turn = g.p(pid), my_turn(g, pid)
    if turn.get("kind") != "reveal" or card not in pl["discard"]:
        return
    if any(a["on"] == "acquire-top" and a["round"] == g.state["round"] for a in pl.get("armed", [])):
        g.push({"t": "choice", "player": pid, "kind": "deck-top", "src": "intrigue:recruitment-mission",
                "card": card})


@custom("add-agent-icons-this-turn")
def add_agent_icons(g: Game, task: dict, step: dict) -> None:
    """Dispatch an Envoy: the card played for this turn's Agent also shows these icons."""
    turn = _turn_task(g, task["player"])
    if turn is not None:
        turn["extra_icons"] = sorted(set(turn.get("extra_icons", [])) | set(step["icons"]))
    g.rulings.append("card.dispatch-an-envoy")


@custom("ignore-occupied-spaces-this-turn")
def ignore_occupied(g: Game, task: dict, step: dict) -> None:
    """Infiltrate: opponents' Agents do not block the Agent sent this turn."""
    turn = _turn_task(g, task["player"])
    if turn is not None:
        turn["ignore_occupied"] = True
    g.rulings.append("card.infiltrate")


@intrigue_check("opponent-loses-conflict-troop")
def _someone_in_conflict(g: Game, task: dict, pid: str, card: str, step: dict) -> None:
    if not any(g.p(q)["troops"]["conflict"] > 0 for q in g.opponents(pid)):
        raise IllegalAction("intrigue.condition", "No opponent of {seat} has a troop in the Conflict.",
                            ("card.double-cross", "intrigue.conditions"), params={"seat": pid})


@choice("opponent", lambda g, task: [{"option": i} for i in range(len(task["players"]))], ("card.double-cross",),
        words=lambda g, task, given: g.state["game"]["players"][task["players"][given["option"]]]["name"])
def _opponent_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    """By position in `players` (clockwise from the chooser's left)."""
    lose_from_conflict(g, task["players"][given["option"]], task["n"])


@hook("may-share")
def _infiltrating(g: Game, pid: str, space: dict, card_id: str) -> bool | None:
    """Infiltrate: opponents' Agents do not block the Agent sent this turn."""
    top = g.top
    if top and top["t"] == "turn" and top["player"] == pid and top.get("ignore_occupied"):
        g.rulings.append("card.infiltrate")
        return True
    return None


@custom("opponent-loses-conflict-troop")
def opponent_loses_conflict_troop(g: Game, task: dict, step: dict) -> None:
    """Double Cross: an opponent of your choice with a troop in the Conflict loses `n`."""
    targets = [q for q in g.clockwise_from(task["player"])[1:] if g.p(q)["troops"]["conflict"] > 0]
    if targets:
        push_choice(g, task, "opponent", players=targets, n=step.get("n", 1))


def lose_from_conflict(g: Game, pid: str, n: int) -> None:
    troops = g.p(pid)["troops"]
    n = min(n, troops["conflict"])
    troops["conflict"] -= n
    troops["supply"] += n
    g.rulings += ["card.double-cross", "troop.lose-to-supply"]


@custom("deploy-from-supply")
def deploy_from_supply(g: Game, task: dict, step: dict) -> None:
    """Double Cross: troops straight from the supply into the Conflict (none left: nothing)."""
    pid = task["player"]
    troops = g.p(pid)["troops"]
    n = min(step.get("n", 1), troops["supply"])
    troops["supply"] -= n
    troops["conflict"] += n
    g.rulings.append("card.double-cross")
    if n:
        count_deployed(g, pid, n, troops=n)


@hook("recruited")
def _remember_recruits(g: Game, task: dict, n: int) -> None:
    if any(s.get("custom") == "deploy-recruits-in-reveal-turn" for s in task["steps"]):
        task["last_recruited"] = n  # Reinforcements deploys the troops this very effect recruited


@custom("deploy-recruits-in-reveal-turn")
def deploy_recruits_in_reveal(g: Game, task: dict, step: dict) -> None:
    """Reinforcements: played in your Reveal turn, the troops it just recruited may go to the
    Conflict (in an Agent turn at a combat space they are this turn's recruits anyway)."""
    pid = task["player"]
    turn = my_turn(g, pid)
    g.rulings.append("card.reinforcements")
    if turn.get("kind") != "reveal":
        return
    most = min(task.get("last_recruited", 0), g.p(pid)["troops"]["garrison"])
    if most:
        push_choice(g, task, "count", most=most, move="deploy")


@custom("shuffle-discard-into-deck")
def shuffle_discard_into_deck(g: Game, task: dict, step: dict) -> None:
    """Refocus: the discard pile is shuffled into the deck (an empty pile: the deck is shuffled)."""
    pl = g.p(task["player"])
    for card in pl["discard"]:
        ms_add(pl["deck"]["cards"], card)
    pl["discard"] = []
    forget_top(pl["deck"])
    g.rulings.append("card.refocus")


@intrigue_check("look-top-draw-or-trash")
def _deck_not_empty(g: Game, task: dict, pid: str, card: str, step: dict) -> None:
    deck = g.p(pid)["deck"]
    if len(deck["cards"]) - deck["hidden"] <= 0:
        raise IllegalAction("intrigue.empty-deck", "{seat}'s deck is empty: there is no top card to look at (the "
                            "discard pile is not reshuffled for that).", ("card.poison-snooper",), params={"seat": pid})


@custom("look-top-draw-or-trash")
def look_top_draw_or_trash(g: Game, task: dict, step: dict) -> None:
    """Poison Snooper: look at the top card of your deck (never a reshuffle), then draw it,
    trash it or leave it there."""
    pid = task["player"]
    g.rulings.append("card.poison-snooper")
    g.push({"t": "chance", "kind": "draw", "player": pid, "n": 1, "look": True},
           choice_task(pid, "top-card", task["src"], dests=["hand", "trash"]))


@intrigue_check("lose-conflict-troops")
def _troops_to_lose(g: Game, task: dict, pid: str, card: str, step: dict) -> None:
    have = g.p(pid)["troops"]["conflict"]
    if have < step["n"]:
        raise IllegalAction("intrigue.cost", "{card} costs {count} troop(s) in the Conflict, and {seat} has "
                            "{have}.", ("card.staged-incident", "intrigue.conditions"),
                            params={"card": card, "count": step["n"], "seat": pid, "have": have})


@custom("lose-conflict-troops")
def lose_conflict_troops(g: Game, task: dict, step: dict) -> None:
    """Staged Incident: `n` of your troops in the Conflict go to your supply, then `then`
    (playing the card needs that many troops there: its intrigue check)."""
    troops = g.p(task["player"])["troops"]
    if troops["conflict"] < step["n"]:
        return
    troops["conflict"] -= step["n"]
    troops["supply"] += step["n"]
    g.rulings += ["card.staged-incident", "troop.lose-to-supply"]
    prepend(task, list(step["then"]))


@custom("when-you-win-conflict")
def when_you_win(g: Game, task: dict, step: dict) -> None:
    """To the Victor… / Demand Respect: played in the winner's window after the rewards
    (rules.check_intrigue_customs makes sure of that); `then` resolves."""
    g.rulings.append("combat.win-trigger")
    if source_card(task["src"]) == "demand-respect":
        g.rulings.append("card.demand-respect")
    prepend(task, list(step["then"]))


@custom("if-more-copies-than-each-opponent")
def more_copies_than_each_opponent(g: Game, task: dict, step: dict) -> None:
    """Corner the Market: `then` if you own more copies of `card` than every opponent, each
    counted on their own (a tie with any opponent fails)."""
    pid = task["player"]
    mine = copies_owned(g, pid, step["card"])
    g.rulings.append("card.corner-the-market")
    if all(mine > copies_owned(g, q, step["card"]) for q in g.opponents(pid)):
        prepend(task, list(step["then"]))


# --- what the answers to their choices do -----------------------------------------------------------
def _deck_top_offers(g: Game, task: dict) -> list[dict]:
    return [{"card": task["card"]}, {"option": "skip"}] if task["card"] in g.p(task["player"])["discard"] else []


@choice("deck-top", _deck_top_offers, ("card.recruitment-mission", "card.bypass-protocol"))
def _deck_top_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    deck_top(g, task["player"], task["card"])


def _top_card_offers(g: Game, task: dict) -> list[dict]:
    if not g.p(task["player"]).get("looking"):
        return []  # nothing was there to look at (playing the card needs a deck)
    return [{"option": i} for i in range(len(task["dests"]))] + [{"option": "skip"}]


@choice("top-card", _top_card_offers, ("card.poison-snooper",), handles_skip=True)
def _top_card_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    top_card(g, task["player"], given.get("option"), task)


def deck_top(g: Game, pid: str, card: str) -> None:
    """Recruitment Mission: the card just acquired goes on top of the deck (known)."""
    pl = g.p(pid)
    pl["discard"].remove(card)
    put_on_top(pl["deck"], card)
    g.rulings += ["card.recruitment-mission", "deck.known-top"]


def top_card(g: Game, pid: str, option, task: dict) -> None:
    """Poison Snooper's answer: draw the card looked at, trash it, or leave it on top (known)."""
    pl = g.p(pid)
    card = pl.pop("looking")[0]
    if option == "skip":
        if not pl["deck"].get("top"):
            pl["deck"]["top"] = [card]
        g.rulings.append("deck.known-top")
    elif task["dests"][option] == "trash":
        trash_card(g, pid, card, "deck")
    else:
        take_from_deck(pl["deck"], card)
        ms_add(pl["hand"], card)
        if my_turn(g, pid).get("kind") == "reveal":  # drawn in the Reveal turn: revealed at once
            reveal_drawn(g, pid, [card])
