"""Code-backed rules of the original Dune: Imperium (edition "base"): the Mentat, Foldspace,
its Imperium cards (Carryall, Guild Bankers, Gun Thopter, Test of Humanity, Other Memory, The
Voice, Kwisatz Haderach), a Conflict reward and its leaders, and what the answers to their
choices do (registered choice kinds). Its Intrigue cards are in base_intrigue.py."""

from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.observers import Hidden
from ..content import FACTIONS
from ..game import Game, ms_add, my_turn
from ..influence import change_influence
from ..registry import FLAG_RULINGS, choice, custom, hook, intrigue_check
from ..steps import push_choice
from ..zones import reveal_drawn

FLAG_RULINGS["move-agent"] = "card.kwisatz-haderach"


# --- the Mentat and Foldspace -----------------------------------------------------------------------
@custom("take-mentat")
def take_mentat(g: Game, task: dict, step: dict) -> None:
    """The original game's Mentat: an extra Agent for this round, back on its space at Recall."""
    board = g.state["board"]
    if board.get("mentat") is not None:
        return  # someone already has it this round
    board["mentat"] = task["player"]
    g.p(task["player"])["agents"] += 1
    g.rulings.append("mentat.take")


@intrigue_check("take-mentat")
def _mentat_free(g: Game, task: dict, pid: str, card: str, step: dict) -> None:
    """Calculated Hire takes the Mentat only from its own space."""
    if g.state["board"].get("mentat") is not None:
        raise IllegalAction("intrigue.condition", "{card} takes the Mentat only from its own space, and {holder} "
                            "has it this round.", ("card.calculated-hire", "intrigue.conditions"),
                            params={"card": card, "holder": g.state["board"]["mentat"]})


@hook("recall")
def return_mentat(g: Game) -> None:
    holder = g.state["board"].get("mentat")
    if holder is not None:
        g.p(holder)["agents"] -= 1
        g.state["board"]["mentat"] = None


@custom("mentat-next-round")
def mentat_next_round(g: Game, task: dict, step: dict) -> None:
    """Sort Through the Chaos: the winner takes the Mentat when the next round starts
    (hook "round-start") and uses it as an Agent that round."""
    g.state["board"]["mentat_next"] = task["player"]
    g.rulings.append("card.sort-through-the-chaos")


@hook("round-start")
def claim_mentat_for_round(g: Game) -> None:
    board = g.state["board"]
    winner = board.pop("mentat_next", None)
    if winner is not None and board.get("mentat") is None:
        board["mentat"] = winner
        g.p(winner)["agents"] += 1
        g.rulings += ["card.sort-through-the-chaos", "mentat.agent"]


@custom("gain-reserve-card")
def gain_reserve_card(g: Game, task: dict, step: dict) -> None:
    """Foldspace: the Reserve card goes to the discard pile, with no Persuasion spent."""
    card = step["card"]
    if g.state["reserve"].get(card, 0) > 0:
        g.state["reserve"][card] -= 1
        ms_add(g.p(task["player"])["discard"], card)
        g.rulings.append("foldspace.gain")


# --- Imperium cards ----------------------------------------------------------------------------------
def _harvest_spice(space: dict) -> int:
    """The base spice a Maker space yields (the number on its harvest step)."""
    return next((s["spice"] for s in space.get("effects", []) if s.get("custom") == "harvest"), 0)


@custom("harvest-base-again")
def harvest_base_again(g: Game, task: dict, step: dict) -> None:
    """Carryall: at a Maker space, the space's base spice once more (never its bonus spice).
    Not a second harvest: Spice Addict does not answer it (our reading)."""
    space = g.content.spaces.get(my_turn(g, task["player"]).get("space"), {})
    g.rulings.append("card.carryall")
    if space.get("maker"):
        g.gain(task["player"], {"spice": _harvest_spice(space)})


@custom("discount-this-turn")
def discount_this_turn(g: Game, task: dict, step: dict) -> None:
    """Guild Bankers: every copy of `card` bought with Persuasion this turn costs `amount` less."""
    turn = my_turn(g, task["player"])
    if turn:
        discounts = turn.setdefault("discounts", {})
        discounts[step["card"]] = discounts.get(step["card"], 0) + step["amount"]
        g.rulings.append("card.guild-bankers")


@hook("card-price")
def _bankers_discount(price: int, g: Game, pid: str, card: str, set_aside: bool) -> int:
    discount = (g.state.get("turn") or {}).get("discounts", {}).get(card, 0)
    if discount:
        g.rulings.append("card.guild-bankers")
    return price - discount


@custom("lose-troops")
def lose_troops(g: Game, task: dict, step: dict) -> None:
    """Gun Thopter (each opponent): troops from the garrison (or the Conflict) go back to the
    supply; with none there, nothing happens."""
    troops = g.p(task["player"])["troops"]
    n = min(step.get("count", 1), troops[step.get("from", "garrison")])
    troops[step.get("from", "garrison")] -= n
    troops["supply"] += n
    g.rulings += ["troop.lose-to-supply",
                  "card.gun-thopter" if step.get("from", "garrison") == "garrison" else "card.test-of-humanity"]


@custom("discard-or-lose-troop")
def discard_or_lose_troop(g: Game, task: dict, step: dict) -> None:
    """Test of Humanity (each opponent, clockwise): discard a card from hand or lose a troop
    from the Conflict; only what the player can do is offered, nothing when neither is possible."""
    pl = g.p(task["player"])
    options = []
    if pl["hand"]:
        options.append([{"discard": step.get("cards", 1)}])
    if pl["troops"][step.get("from", "conflict")] > 0:
        options.append([{"custom": "lose-troops", "from": step.get("from", "conflict"),
                         "count": step.get("troops", 1)}])
    g.rulings.append("card.test-of-humanity")
    if options:
        push_choice(g, task, "option", options=options, open=list(range(len(options))))


@custom("discard-to-hand")
def discard_to_hand(g: Game, task: dict, step: dict) -> None:
    """Other Memory: a card of that Faction goes from the discard pile to the hand."""
    g.rulings.append("card.other-memory")
    push_choice(g, task, "discard-to-hand", faction=step["faction"])


@custom("the-voice")
def the_voice(g: Game, task: dict, step: dict) -> None:
    """The Voice: pick a board space; opponents may not send Agents there until your next turn."""
    push_choice(g, task, "voice")


@choice("voice", lambda g, task: [{"space": s} for s in g.board_spaces()], ("card.the-voice",))
def _voice_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    voice_space(g, task["player"], given["space"])


@hook("placement-check")
def _voice_blocks(g: Game, pid: str, space_id: str, card_id: str) -> IllegalAction | None:
    blocker = next((v["by"] for v in g.state["board"].get("voice", []) if v["space"] == space_id and v["by"] != pid),
                   None)
    if blocker is None:
        return None
    return IllegalAction("agent.space-blocked", "{seat} used The Voice on {space}: opponents may not send Agents "
                         "there until {seat}'s next turn.", ("card.the-voice",),
                         params={"seat": blocker, "space": space_id})


@hook("turn-start")
def _lift_voice(g: Game, pid: str) -> None:
    """The Voice's marker comes off at the start of its player's next turn."""
    board = g.state["board"]
    if any(v["by"] == pid for v in board.get("voice", [])):
        board["voice"] = [v for v in board["voice"] if v["by"] != pid]
        g.rulings.append("card.the-voice")


@hook("recall")
def _voice_ends(g: Game) -> None:
    g.state["board"].pop("voice", None)


# --- Kwisatz Haderach --------------------------------------------------------------------------------
def _moves_agent(g: Game, card_id: str | None) -> bool:
    return any(s.get("custom") == "kwisatz-haderach" for s in g.content.cards.get(card_id, {}).get("agent", []))


@hook("agent-sources")
def _kwisatz_sources(g: Game, pid: str, space_id: str | None, card_id: str) -> list[str] | None:
    """Kwisatz Haderach: the Agent may be one already on the board (an Agent of yours already on
    the target space can only move back to it), and may go where another player's Agent stands."""
    if not _moves_agent(g, card_id):
        return None
    pl = g.p(pid)
    if space_id in pl["placed"]:
        return [space_id]
    return (["leader"] if len(pl["placed"]) < pl["agents"] else []) + sorted(set(pl["placed"]))


@hook("may-join-own")
def _kwisatz_own(g: Game, pid: str, space: dict, card_id: str) -> bool | None:
    return True if _moves_agent(g, card_id) else None  # the sources limit it to that very Agent


@hook("may-share")
def _kwisatz_share(g: Game, pid: str, space: dict, card_id: str) -> bool | None:
    if _moves_agent(g, card_id):
        g.rulings.append("card.kwisatz-haderach")
        return True
    return None


@custom("kwisatz-haderach")
def kwisatz_haderach(g: Game, task: dict, step: dict) -> None:
    """Kwisatz Haderach changes the placement itself (its hooks above: which Agent, which
    space); once the Agent stands on its space the box has only its card draw left."""
    g.rulings.append("card.kwisatz-haderach")


# --- leaders -----------------------------------------------------------------------------------------
@custom("masterstroke-tokens")
def masterstroke_tokens(g: Game, task: dict, step: dict) -> None:
    """Baron Harkonnen at setup: secretly pick two Faction tokens (two choices, one each)."""
    g.p(task["player"])["masterstroke"] = []
    g.rulings.append("leader.baron-masterstroke")
    for _ in range(step.get("count", 2)):
        push_choice(g, task, "masterstroke")


@custom("masterstroke-reveal")
def masterstroke_reveal(g: Game, task: dict, step: dict) -> None:
    """Masterstroke: the tokens are revealed: 1 Influence with each of their Factions, once."""
    pl = g.p(task["player"])
    if pl.get("ability_used"):
        return
    pl["ability_used"] = True
    g.rulings += ["leader.masterstroke", "leader.baron-masterstroke"]
    for faction in pl.get("masterstroke", []):
        change_influence(g, task["player"], faction, 1)


@custom("influence-where-behind")
def influence_where_behind(g: Game, task: dict, step: dict) -> None:
    """Prudent Diplomacy: Influence with a Faction where some opponent has more than you."""
    pid = task["player"]
    mine = g.p(pid)["influence"]
    behind = [f for f in FACTIONS if any(g.p(q)["influence"][f] > mine[f] for q in g.opponents(pid))]
    g.rulings.append("leader.duke-leto")
    for _ in range(step.get("amount", 1)):
        if behind:
            push_choice(g, task, "faction", factions=behind, delta=1)


@custom("prescience")
def prescience(g: Game, task: dict, step: dict) -> None:
    """Prescience: look at the top card of your deck (a chance `draw` outcome that stays on the
    deck, known); with an empty deck there is nothing to look at and nothing is reshuffled."""
    pid = task["player"]
    deck = g.p(pid)["deck"]
    g.rulings.append("leader.paul-prescience")
    if len(deck["cards"]) - deck["hidden"] > 0 and not deck.get("top"):
        g.push({"t": "chance", "kind": "draw", "player": pid, "n": 1, "look": True, "peek": True})


@custom("reduce-space-cost", "eyes-everywhere")
def passive(g: Game, task: dict, step: dict) -> None:
    """A standing leader rule that the engine reads where it applies (Landsraad Popularity and Eyes Everywhere:
    hooks "space-cost" and "may-share" in triggers.py); as a step it does nothing."""
    g.rulings.append("leader.ability")


# --- what the answers to their choices do -------------------------------------------------------------
def voice_space(g: Game, pid: str, space: str) -> None:
    """The Voice: opponents may not send Agents to `space` until `pid`'s next turn starts."""
    board = g.state["board"]
    board["voice"] = sorted(board.get("voice", []) + [{"space": space, "by": pid}],
                            key=lambda v: (v["space"], v["by"]))
    g.rulings.append("card.the-voice")


@choice("masterstroke", lambda g, task: [{"faction": f} for f in FACTIONS
                                         if f not in g.p(task["player"]).get("masterstroke", [])],
        ("leader.masterstroke", "leader.baron-masterstroke"),
        secret=Hidden(("faction",), ("by",), lambda final, action, later: not final["players"][action["by"]].get(
            "ability_used")))  # face down until Masterstroke reveals them
def _masterstroke_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    masterstroke_token(g, task["player"], given["faction"])


def masterstroke_token(g: Game, pid: str, faction: str) -> None:
    """Masterstroke: one of the Baron's two secret Faction tokens (hidden from other viewers)."""
    pl = g.p(pid)
    pl["masterstroke"] = sorted(pl.get("masterstroke", []) + [faction])


@choice("discard-to-hand", lambda g, task: [{"card": c} for c in sorted(set(g.p(task["player"])["discard"]))
                                            if task["faction"] in g.content.cards.get(c, {}).get("factions", [])],
        ("card.other-memory",))
def _discard_to_hand_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    take_from_discard(g, task["player"], given["card"])


def take_from_discard(g: Game, pid: str, card: str) -> None:
    """Other Memory: the card goes from the discard pile to the hand (revealed in a Reveal turn)."""
    pl = g.p(pid)
    pl["discard"].remove(card)
    ms_add(pl["hand"], card)
    g.rulings.append("card.other-memory")
    turn = my_turn(g, pid)
    if turn.get("kind") == "reveal":
        reveal_drawn(g, pid, [card])
