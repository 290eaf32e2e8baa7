"""Rules that need code rather than effect data, referenced as `{"custom": name}` steps."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .game import Game, ms_add


def harvest(g: Game, task: dict, step: dict) -> None:
    """Maker spaces: the printed spice plus all bonus spice that built up on the space."""
    space = g.state["turn"]["space"]
    bonus = g.state["board"]["bonus_spice"].get(space, 0)
    g.state["board"]["bonus_spice"][space] = 0
    g.gain(task["player"], {"spice": step["spice"] + bonus})
    g.rulings.append("makers.bonus-spice")
    from .triggers import on_harvest

    on_harvest(g, task["player"], step["spice"] + bonus)


def control(g: Game, task: dict, step: dict) -> None:
    g.state["board"]["control"][step["space"]] = task["player"]
    g.state["board"]["control"] = dict(sorted(g.state["board"]["control"].items()))
    g.rulings += ["control.bonus", "control.marker-replace"]


def pay_now(g: Game, task: dict, step: dict) -> None:
    from .effects import pay_cost

    pay_cost(g, task["player"], step["cost"], task["src"])


def take_contract(g: Game, pid: str, contract: str) -> None:
    contracts, pl = g.state["contracts"], g.p(pid)
    aside = pl.get("set_aside_contracts", [])
    if contract in aside:  # a Sardaukar contract only Shaddam may take, instead of a face-up one
        aside.remove(contract)
        g.rulings.append("leader.sardaukar-commander")
    elif contract in contracts["face_up"]:
        contracts["face_up"].remove(contract)
        if contracts["pile"]:
            g.push({"t": "chance", "kind": "reveal-contract"})
    else:
        raise IllegalAction("choam.contract-unavailable", f"contract {contract} is not face up",
                            ("choam.contracts",))
    pl["contracts"].append(contract)
    from .triggers import on_contract_taken

    on_contract_taken(g, pid, contract)


def win_conflict(g: Game, task: dict, step: dict) -> None:
    from .combat import win_conflict as win

    win(g, task, step)


# --- cards ------------------------------------------------------------------------------------
def signet_ring(g: Game, task: dict, step: dict) -> None:
    """The Signet Ring's agent box is the leader's Signet Ring ability."""
    from .effects import _prepend
    from .triggers import signet_effects

    g.rulings.append("leader.signet-ring")
    _prepend(task, list(signet_effects(g, task["player"])))


def deploy_recruits(g: Game, task: dict, step: dict) -> None:
    """Sardaukar Coordination: troops recruited this turn may be deployed even from a space
    without a combat icon (only those troops: none from the garrison)."""
    turn = g.state.get("turn")
    if not turn or turn["player"] != task["player"] or turn["kind"] != "agent":
        return
    g.rulings.append("card.sardaukar-coordination")
    if "deploy" in turn["nodes"]:
        return  # a combat space: recruited troops may be deployed anyway
    effects = [n for n in turn["nodes"] if n not in ("place", "cost", "gather", "end")]
    turn["recruits_only"] = True
    turn["nodes"].insert(turn["nodes"].index("end"), "deploy")
    turn["edges"] += [[e, "deploy", "timing.recruit-before-deploy"] for e in effects]
    turn["edges"].append(["deploy", "end", "deploy.limits"])


def manipulate_start(g: Game, task: dict, step: dict) -> None:
    from .effects import _choice

    if g.state["row"]:
        # "other_means": the card may still be acquired by another effect, at its full cost
        # (Dune: Imperium FAQ, Helena Richese)
        _choice(g, task, "row", **({"other_means": True} if step.get("other_means") else {}))


def manipulate(g: Game, pid: str, card: str, other_means: bool = False) -> None:
    """Manipulate: the card leaves the Imperium Row (which is refilled) and waits for `pid`'s
    Reveal turn this round, where it may be bought for 1 persuasion less; if it is not bought
    by the end of that Reveal turn it leaves the game."""
    st = g.state
    st["row"].remove(card)
    st.setdefault("manipulated", []).append({"card": card, "player": pid, "round": st["round"],
                                             **({"other_means": True} if other_means else {})})
    if st["imperium_deck"]["cards"]:
        g.push({"t": "chance", "kind": "refill-row"})
    g.rulings.append("intrigue.manipulate")


def flip_battle_icon(g: Game, task: dict, step: dict) -> None:
    """Crysknife / Desert Mouse / Ornithopter (endgame): flip a face-up Conflict card of yours
    with that battle icon, or with the wild icon, face down for 1 VP."""
    from .effects import _choice

    pl = g.p(task["player"])
    open_ = [i for i, c in enumerate(pl["conflicts"]) if not c["flipped"]
             and g.content.conflicts[c["id"]].get("battle_icon") in (step["icon"], "wild")]
    if len(open_) == 1:
        flip_conflict(g, task["player"], open_[0])
    elif open_:
        _choice(g, task, "flip", open=open_)


def flip_conflict(g: Game, pid: str, index: int) -> None:
    pl = g.p(pid)
    pl["conflicts"][index]["flipped"] = True
    g.gain(pid, {"vp": 1})
    g.rulings.append("intrigue.flip-battle-icon")


# --- armed triggers (face-up Intrigue cards, "this turn" reveal effects) ----------------------
def arm_acquire_this_round(g: Game, task: dict, step: dict) -> None:
    """Call to Arms: each card you acquire during your Reveal turn this round runs `then`."""
    pl = g.p(task["player"])
    armed = [a for a in pl.get("armed", []) if a.get("round", g.state["round"]) >= g.state["round"]]
    armed.append({"on": "acquire", "round": g.state["round"], "during": "reveal",
                  "steps": step["then"], "src": task["src"]})
    pl["armed"] = armed
    g.rulings.append("intrigue.delayed-effect")


def arm_acquire_this_turn(g: Game, task: dict, step: dict) -> None:
    """Guild Spy: if you acquire `card` this turn, run `then`."""
    turn = g.state.get("turn")
    if turn and turn["player"] == task["player"]:
        turn.setdefault("armed", []).append({"card": step["card"], "steps": step["then"],
                                             "src": task["src"]})


def arm_deploy_three(g: Game, task: dict, step: dict) -> None:
    """Distraction: stays face up until a turn of yours in which you deploy three or more units
    to the Conflict; then `then` resolves (once)."""
    pid = task["player"]
    pl = g.p(pid)
    pl.setdefault("armed", []).append({"on": "deploy3", "steps": step["then"], "src": task["src"]})
    g.rulings.append("intrigue.delayed-effect")
    from .triggers import on_deployed

    on_deployed(g, pid, 0)  # three units may already have been deployed this turn


# --- leaders ---------------------------------------------------------------------------------------
def feyd_token(g: Game, task: dict, step: dict) -> None:
    g.p(task["player"])["feyd"] = step["space"]


def _track(g: Game, pid: str) -> dict:
    leader = g.content.leaders[g.p(pid)["leader"]]
    return {s["id"]: s for s in leader["training_track"]["spaces"]}


def feyd_training(g: Game, task: dict, step: dict) -> None:
    """Personal Training: move the Feyd token one space along a line of the track and resolve
    the space it reaches; at the last space it cannot move and nothing happens."""
    from .effects import _choice

    pid = task["player"]
    leader = g.content.leaders[g.p(pid)["leader"]]
    here = g.p(pid).get("feyd", leader["training_track"]["start"])
    nexts = _track(g, pid)[here]["next"]
    g.rulings.append("leader.feyd-training")
    if len(nexts) == 1:
        feyd_move(g, pid, nexts[0], task["src"])
    elif nexts:
        _choice(g, task, "track", open=list(range(len(nexts))), next=nexts)


def feyd_move(g: Game, pid: str, space: str, src: str) -> None:
    from .effects import run

    g.p(pid)["feyd"] = space
    run(g, pid, _track(g, pid)[space]["effects"], src)


def leader_face(g: Game, task: dict, step: dict) -> None:
    g.p(task["player"])["leader_face"] = step["face"]


def add_memory(g: Game, task: dict, step: dict) -> None:
    """Spice Agony: a troop from the supply becomes a memory (kept with the troops, so troops
    stay counted: supply + garrison + conflict + memories)."""
    troops = g.p(task["player"])["troops"]
    n = min(step.get("count", 1), troops["supply"])
    troops["supply"] -= n
    troops["memories"] = troops.get("memories", 0) + n
    g.rulings.append("leader.jessica-memories")


def other_memories(g: Game, task: dict, step: dict) -> None:
    """Other Memories: every memory goes back to the supply, a card is drawn for each, and the
    leader flips to Reverend Mother Jessica (also with no memory: nothing is drawn then)."""
    pid = task["player"]
    pl = g.p(pid)
    troops = pl["troops"]
    n = troops.pop("memories", 0)
    troops["supply"] += n
    pl["leader_face"] = step["flip_to"]
    g.rulings.append("leader.jessica-memories")
    if n:
        g.push({"t": "chance", "kind": "draw", "player": pid, "n": n})
    # Reverend Mother's ability answers this same Agent turn when its space qualifies.
    from .triggers import _ability

    turn = g.state.get("turn")
    when = _ability(g, pid).get("when", {})
    space = g.content.spaces.get((turn or {}).get("space"), {})
    if turn and turn["player"] == pid and turn["kind"] == "agent" \
            and when.get("trigger") == "agent-sent" and space.get("faction") in when.get("space_factions", []):
        node = f"leader:{step['flip_to']}"
        before = "deploy" if "deploy" in turn["nodes"] else "end"
        turn["nodes"].insert(turn["nodes"].index(before), node)
        turn["edges"] += [["cost", node, "timing.cost-before-effects"],
                          [node, before, "timing.recruit-before-deploy" if before == "deploy"
                           else "timing.effects-before-end"]]


def repeat_space_effects(g: Game, task: dict, step: dict) -> None:
    """Reverend Mother Jessica: the space's printed effects once more (not its cost, not the
    Influence a Faction space gives)."""
    from .effects import _prepend

    turn = g.state.get("turn") or {}
    space = g.content.spaces.get(turn.get("space"), {})
    steps = [s for s in space.get("effects", [])
             if not ("influence" in s and s.get("faction") == space.get("faction"))]
    g.rulings.append("leader.reverend-mother")
    _prepend(task, steps)


def sardaukar_commander(g: Game, task: dict, step: dict) -> None:
    """Shaddam: at setup both Sardaukar contracts leave the pile; only he may take them."""
    pl, pile = g.p(task["player"]), g.state["contracts"]["pile"]
    aside = pl.setdefault("set_aside_contracts", [])
    for cid in step["contracts"]:
        while cid in pile:
            pile.remove(cid)
            aside.append(cid)
    aside.sort()
    g.rulings.append("leader.sardaukar-commander")


def no_deploy_this_turn(g: Game, task: dict, step: dict) -> None:
    """Emperor of the Known Universe: no unit (troop or sandworm) may be deployed this turn,
    from the moment the ability resolves."""
    turn = g.state.get("turn")
    if turn and turn["player"] == task["player"]:
        turn["no_deploy"] = True
    g.rulings.append("leader.shaddam-signet")


def remove_starting_card(g: Game, task: dict, step: dict) -> None:
    """Staban Tuek's setup: one starting card goes back to the box (kept with trashed cards)."""
    pl = g.p(task["player"])
    if step["card"] in pl["deck"]["cards"]:
        pl["deck"]["cards"].remove(step["card"])
        ms_add(pl["trashed"], step["card"])
    g.rulings.append("leader.staban-limited-allies")


def recall_agents(g: Game, task: dict, step: dict) -> None:
    from .effects import _choice

    for _ in range(step.get("count", 1)):
        _choice(g, task, "agent")


def take_mentat(g: Game, task: dict, step: dict) -> None:
    """The original game's Mentat: an extra Agent for this round, back on its space at Recall."""
    board = g.state["board"]
    if board.get("mentat") is not None:
        return  # someone already has it this round
    board["mentat"] = task["player"]
    g.p(task["player"])["agents"] += 1
    g.rulings.append("mentat.take")


def return_mentat(g: Game) -> None:
    holder = g.state["board"].get("mentat")
    if holder is not None:
        g.p(holder)["agents"] -= 1
        g.state["board"]["mentat"] = None


def gain_reserve_card(g: Game, task: dict, step: dict) -> None:
    """Foldspace: the Reserve card goes to the discard pile, with no Persuasion spent."""
    card = step["card"]
    if g.state["reserve"].get(card, 0) > 0:
        g.state["reserve"][card] -= 1
        ms_add(g.p(task["player"])["discard"], card)
        g.rulings.append("foldspace.gain")


# --- the original game (Dune: Imperium, edition "base") --------------------------------------------
# Cards ------------------------------------------------------------------------------------------------
def source_card_of(task: dict) -> str:
    """The card a steps task comes from ("intrigue:demand-respect" -> "demand-respect")."""
    return task["src"].split(":", 1)[-1].split("#")[0]


def _my_turn(g: Game, pid: str) -> dict:
    turn = g.state.get("turn")
    return turn if turn and turn["player"] == pid else {}


def _turn_task(g: Game, pid: str) -> dict | None:
    """The pending `turn` task of `pid` (the start of a turn, before an Agent is sent or the
    cards are revealed), if a Plot Intrigue card is being played there."""
    return next((t for t in reversed(g.state["stack"]) if t["t"] == "turn" and t["player"] == pid), None)


def _harvest_spice(space: dict) -> int:
    """The base spice a Maker space yields (the number on its harvest step)."""
    return next((s["spice"] for s in space.get("effects", []) if s.get("custom") == "harvest"), 0)


def harvest_base_again(g: Game, task: dict, step: dict) -> None:
    """Carryall: at a Maker space, the space's base spice once more (never its bonus spice).
    Not a second harvest: Spice Addict does not answer it (our reading)."""
    space = g.content.spaces.get(_my_turn(g, task["player"]).get("space"), {})
    g.rulings.append("card.carryall")
    if space.get("maker"):
        g.gain(task["player"], {"spice": _harvest_spice(space)})


def discount_this_turn(g: Game, task: dict, step: dict) -> None:
    """Guild Bankers: every copy of `card` bought with Persuasion this turn costs `amount` less."""
    turn = _my_turn(g, task["player"])
    if turn:
        discounts = turn.setdefault("discounts", {})
        discounts[step["card"]] = discounts.get(step["card"], 0) + step["amount"]
        g.rulings.append("card.guild-bankers")


def lose_troops(g: Game, task: dict, step: dict) -> None:
    """Gun Thopter (each opponent): troops from the garrison (or the Conflict) go back to the
    supply; with none there, nothing happens."""
    troops = g.p(task["player"])["troops"]
    n = min(step.get("count", 1), troops[step.get("from", "garrison")])
    troops[step.get("from", "garrison")] -= n
    troops["supply"] += n
    g.rulings += ["troop.lose-to-supply",
                  "card.gun-thopter" if step.get("from", "garrison") == "garrison" else "card.test-of-humanity"]


def discard_or_lose_troop(g: Game, task: dict, step: dict) -> None:
    """Test of Humanity (each opponent, clockwise): discard a card from hand or lose a troop
    from the Conflict; only what the player can do is offered, nothing when neither is possible."""
    from .effects import _choice, _prepend

    pl = g.p(task["player"])
    options = []
    if pl["hand"]:
        options.append([{"discard": step.get("discard", 1)}])
    if pl["troops"][step.get("from", "conflict")] > 0:
        options.append([{"custom": "lose-troops", "from": step.get("from", "conflict"),
                         "count": step.get("troops", 1)}])
    g.rulings.append("card.test-of-humanity")
    if len(options) == 1:
        _prepend(task, options[0])
    elif options:
        _choice(g, task, "option", options=options, open=list(range(len(options))))


def discard_to_hand(g: Game, task: dict, step: dict) -> None:
    """Other Memory: a card of that Faction goes from the discard pile to the hand."""
    from .effects import _choice

    g.rulings.append("card.other-memory")
    _choice(g, task, "discard-to-hand", faction=step["faction"])


def the_voice(g: Game, task: dict, step: dict) -> None:
    """The Voice: pick a board space; opponents may not send Agents there until your next turn."""
    from .effects import _choice

    _choice(g, task, "voice")


def kwisatz_haderach(g: Game, task: dict, step: dict) -> None:
    """Kwisatz Haderach changes the placement itself (turns.check_send_agent: which Agent, which
    space); once the Agent stands on its space the box has only its card draw left."""
    g.rulings.append("card.kwisatz-haderach")


# Intrigue cards -----------------------------------------------------------------------------------------
def pass_turn(g: Game, task: dict, step: dict) -> None:
    """Bindu Suspension: the turn it opened ends, with no Agent sent and nothing revealed."""
    turn = _turn_task(g, task["player"])
    if turn is not None:
        g.finish(turn)
    g.rulings.append("card.bindu-suspension")


def acquire_to_deck_top(g: Game, task: dict, step: dict) -> None:
    """Bypass Protocol: acquire a card costing up to `max_cost` and put it on top of the deck."""
    from .effects import _acquirable, _choice

    spec = {"max_cost": step["max_cost"], "to": "deck-top"}
    g.rulings.append("card.bypass-protocol")
    if _acquirable(g, task["player"], spec):
        _choice(g, task, "acquire", spec=spec)


def arm_deck_top_this_reveal(g: Game, task: dict, step: dict) -> None:
    """Recruitment Mission: each card acquired in your Reveal turn this round may go on top of
    your deck instead of the discard pile (a choice per card)."""
    pl = g.p(task["player"])
    armed = [a for a in pl.get("armed", []) if a.get("round", g.state["round"]) >= g.state["round"]]
    armed.append({"on": "acquire-top", "round": g.state["round"], "src": task["src"]})
    pl["armed"] = armed
    g.rulings += ["card.recruitment-mission", "intrigue.delayed-effect"]


def on_acquire_top(g: Game, pid: str, card: str) -> None:
    """Called for every acquisition: offers the deck top if Recruitment Mission is armed."""
    pl, turn = g.p(pid), _my_turn(g, pid)
    if turn.get("kind") != "reveal" or card not in pl["discard"]:
        return
    if any(a["on"] == "acquire-top" and a["round"] == g.state["round"] for a in pl.get("armed", [])):
        g.push({"t": "choice", "player": pid, "kind": "deck-top", "src": "intrigue:recruitment-mission",
                "card": card})


def add_agent_icons(g: Game, task: dict, step: dict) -> None:
    """Dispatch an Envoy: the card played for this turn's Agent also shows these icons."""
    turn = _turn_task(g, task["player"])
    if turn is not None:
        turn["extra_icons"] = sorted(set(turn.get("extra_icons", [])) | set(step["icons"]))
    g.rulings.append("card.dispatch-an-envoy")


def ignore_occupied(g: Game, task: dict, step: dict) -> None:
    """Infiltrate: opponents' Agents do not block the Agent sent this turn."""
    turn = _turn_task(g, task["player"])
    if turn is not None:
        turn["ignore_occupied"] = True
    g.rulings.append("card.infiltrate")


def opponent_loses_conflict_troop(g: Game, task: dict, step: dict) -> None:
    """Double Cross: an opponent of your choice with a troop in the Conflict loses `n`."""
    from .effects import _choice

    targets = [q for q in g.clockwise_from(task["player"])[1:] if g.p(q)["troops"]["conflict"] > 0]
    if len(targets) == 1:
        _lose_from_conflict(g, targets[0], step.get("n", 1))
    elif targets:
        _choice(g, task, "opponent", players=targets, n=step.get("n", 1))


def _lose_from_conflict(g: Game, pid: str, n: int) -> None:
    troops = g.p(pid)["troops"]
    n = min(n, troops["conflict"])
    troops["conflict"] -= n
    troops["supply"] += n
    g.rulings += ["card.double-cross", "troop.lose-to-supply"]


def deploy_from_supply(g: Game, task: dict, step: dict) -> None:
    """Double Cross: troops straight from the supply into the Conflict (none left: nothing)."""
    from .triggers import on_deployed

    pid = task["player"]
    troops = g.p(pid)["troops"]
    n = min(step.get("n", 1), troops["supply"])
    troops["supply"] -= n
    troops["conflict"] += n
    g.rulings.append("card.double-cross")
    if n:
        on_deployed(g, pid, n)


def deploy_recruits_in_reveal(g: Game, task: dict, step: dict) -> None:
    """Reinforcements: played in your Reveal turn, the troops it just recruited may go to the
    Conflict (in an Agent turn at a combat space they are this turn's recruits anyway)."""
    from .effects import _choice

    pid = task["player"]
    turn = _my_turn(g, pid)
    g.rulings.append("card.reinforcements")
    if turn.get("kind") != "reveal":
        return
    most = min(task.get("last_recruited", 0), g.p(pid)["troops"]["garrison"])
    if most:
        _choice(g, task, "count", most=most, move="deploy")


def shuffle_discard_into_deck(g: Game, task: dict, step: dict) -> None:
    """Refocus: the discard pile is shuffled into the deck (an empty pile: the deck is shuffled)."""
    from .chance import forget_top

    pl = g.p(task["player"])
    for card in pl["discard"]:
        ms_add(pl["deck"]["cards"], card)
    pl["discard"] = []
    forget_top(pl["deck"])
    g.rulings.append("card.refocus")


def look_top_draw_or_trash(g: Game, task: dict, step: dict) -> None:
    """Poison Snooper: look at the top card of your deck (never a reshuffle), then draw it,
    trash it or leave it there."""
    from .effects import _choice_task

    pid = task["player"]
    g.rulings.append("card.poison-snooper")
    g.push({"t": "chance", "kind": "draw", "player": pid, "n": 1, "look": True},
           _choice_task(pid, "top-card", task["src"], dests=["hand", "trash"]))


def lose_conflict_troops(g: Game, task: dict, step: dict) -> None:
    """Staged Incident: `n` of your troops in the Conflict go to your supply, then `then`
    (playing the card needs that many troops there: rules.check_intrigue_customs)."""
    from .effects import _prepend

    troops = g.p(task["player"])["troops"]
    if troops["conflict"] < step["n"]:
        return
    troops["conflict"] -= step["n"]
    troops["supply"] += step["n"]
    g.rulings += ["card.staged-incident", "troop.lose-to-supply"]
    _prepend(task, list(step["then"]))


def when_you_win(g: Game, task: dict, step: dict) -> None:
    """To the Victor… / Demand Respect: played in the winner's window after the rewards
    (rules.check_intrigue_customs makes sure of that); `then` resolves."""
    from .effects import _prepend

    g.rulings.append("combat.win-trigger")
    if source_card_of(task) == "demand-respect":
        g.rulings.append("card.demand-respect")
    _prepend(task, list(step["then"]))


def _copies(g: Game, pid: str, card: str) -> int:
    pl = g.p(pid)
    return (pl["deck"]["cards"] + pl["hand"] + pl["discard"] + pl["play"]).count(card)


def more_copies_than_each_opponent(g: Game, task: dict, step: dict) -> None:
    """Corner the Market: `then` if you own more copies of `card` than every opponent, each
    counted on their own (a tie with any opponent fails)."""
    from .effects import _prepend

    pid = task["player"]
    mine = _copies(g, pid, step["card"])
    g.rulings.append("card.corner-the-market")
    if all(mine > _copies(g, q, step["card"]) for q in g.opponents(pid)):
        _prepend(task, list(step["then"]))


# Conflict rewards ---------------------------------------------------------------------------------------
def mentat_next_round(g: Game, task: dict, step: dict) -> None:
    """Sort Through the Chaos: the winner takes the Mentat when the next round starts
    (rounds.round_start) and uses it as an Agent that round."""
    g.state["board"]["mentat_next"] = task["player"]
    g.rulings.append("card.sort-through-the-chaos")


def claim_mentat_for_round(g: Game) -> None:
    board = g.state["board"]
    winner = board.pop("mentat_next", None)
    if winner is not None and board.get("mentat") is None:
        board["mentat"] = winner
        g.p(winner)["agents"] += 1
        g.rulings += ["card.sort-through-the-chaos", "mentat.agent"]


# Leaders ------------------------------------------------------------------------------------------------
def masterstroke_tokens(g: Game, task: dict, step: dict) -> None:
    """Baron Harkonnen at setup: secretly pick two Faction tokens (two choices, one each)."""
    from .effects import _choice

    g.p(task["player"])["masterstroke"] = []
    g.rulings.append("leader.baron-masterstroke")
    for _ in range(step.get("count", 2)):
        _choice(g, task, "masterstroke")


def masterstroke_reveal(g: Game, task: dict, step: dict) -> None:
    """Masterstroke: the tokens are revealed: 1 Influence with each of their Factions, once."""
    from .influence import change_influence

    pl = g.p(task["player"])
    if pl.get("ability_used"):
        return
    pl["ability_used"] = True
    g.rulings += ["leader.masterstroke", "leader.baron-masterstroke"]
    for faction in pl.get("masterstroke", []):
        change_influence(g, task["player"], faction, 1)


def influence_where_behind(g: Game, task: dict, step: dict) -> None:
    """Prudent Diplomacy: Influence with a Faction where some opponent has more than you."""
    from .effects import _choice

    pid = task["player"]
    mine = g.p(pid)["influence"]
    behind = [f for f in mine if any(g.p(q)["influence"][f] > mine[f] for q in g.opponents(pid))]
    g.rulings.append("leader.duke-leto")
    for _ in range(step.get("amount", 1)):
        if behind:
            _choice(g, task, "faction", factions=behind, delta=1)


def prescience(g: Game, task: dict, step: dict) -> None:
    """Prescience: look at the top card of your deck (a chance `draw` outcome that stays on the
    deck, known); with an empty deck there is nothing to look at and nothing is reshuffled."""
    pid = task["player"]
    deck = g.p(pid)["deck"]
    g.rulings.append("leader.paul-prescience")
    if len(deck["cards"]) - deck["hidden"] > 0 and not deck.get("top"):
        g.push({"t": "chance", "kind": "draw", "player": pid, "n": 1, "look": True, "peek": True})


def passive(g: Game, task: dict, step: dict) -> None:
    """A standing leader rule that the engine reads where it applies (Landsraad Popularity in
    turns.space_cost, Eyes Everywhere in turns.check_send_agent); as a step it does nothing."""
    g.rulings.append("leader.ability")


# Choices these add (effects.BASE_CHOICES) ----------------------------------------------------------------
def choice_candidates(g: Game, task: dict) -> list[dict]:
    kind, pl = task["kind"], g.p(task["player"])
    if kind == "agent-source":  # Kwisatz Haderach: which Agent goes ("skip": one from the Leader)
        return [{"space": s} for s in task["sources"] if s != "leader"] + \
            ([{"option": "skip"}] if "leader" in task["sources"] else [])
    if kind == "voice":
        return [{"space": s} for s in sorted(g.content.spaces)]
    if kind == "opponent":  # by position in `players` (clockwise from the chooser's left)
        return [{"option": i} for i in range(len(task["players"]))]
    if kind == "masterstroke":
        from .content import FACTIONS

        return [{"faction": f} for f in FACTIONS if f not in pl.get("masterstroke", [])]
    if kind == "top-card":
        if not pl.get("looking"):
            return []  # nothing was there to look at (playing the card needs a deck)
        return [{"option": i} for i in range(len(task["dests"]))] + [{"option": "skip"}]
    if kind == "deck-top":
        return [{"card": task["card"]}, {"option": "skip"}] if task["card"] in pl["discard"] else []
    if kind == "discard-to-hand":
        return [{"card": c} for c in sorted(set(pl["discard"]))
                if task["faction"] in g.content.cards.get(c, {}).get("factions", [])]
    raise AssertionError(kind)


def apply_choice(g: Game, task: dict, answer: dict) -> None:
    """The answer is one of `choice_candidates` (checked by effects.apply_choice)."""
    pid, kind, pl = task["player"], task["kind"], g.p(task["player"])
    if kind == "agent-source":
        from .turns import apply_send_agent

        source = answer.get("space")  # None: an Agent from the Leader
        apply_send_agent(g, pid, task["action"], g.content.spaces[task["action"]["space"]], source,
                         task.get("deployed", 0))
    elif kind == "voice":
        board = g.state["board"]
        board["voice"] = sorted(board.get("voice", []) + [{"space": answer["space"], "by": pid}],
                                key=lambda v: (v["space"], v["by"]))
        g.rulings.append("card.the-voice")
    elif kind == "opponent":
        _lose_from_conflict(g, task["players"][answer["option"]], task["n"])
    elif kind == "masterstroke":
        pl["masterstroke"] = sorted(pl.get("masterstroke", []) + [answer["faction"]])
    elif kind == "top-card":
        _top_card(g, pid, answer.get("option"), task)
    elif kind == "deck-top":
        if answer.get("option") != "skip":
            from .chance import put_on_top

            pl["discard"].remove(task["card"])
            put_on_top(pl["deck"], task["card"])
            g.rulings += ["card.recruitment-mission", "deck.known-top"]
    elif kind == "discard-to-hand":
        pl["discard"].remove(answer["card"])
        ms_add(pl["hand"], answer["card"])
        g.rulings.append("card.other-memory")
        turn = _my_turn(g, pid)
        if turn.get("kind") == "reveal":
            from .turns import reveal_drawn

            reveal_drawn(g, pid, [answer["card"]])


def _top_card(g: Game, pid: str, option, task: dict) -> None:
    """Poison Snooper's answer: draw the card looked at, trash it, or leave it on top (known)."""
    from .chance import take_from_deck
    from .effects import trash_card

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
        if _my_turn(g, pid).get("kind") == "reveal":  # drawn in the Reveal turn: revealed at once
            from .turns import reveal_drawn

            reveal_drawn(g, pid, [card])


CUSTOM = {
    "take-mentat": take_mentat,
    "gain-reserve-card": gain_reserve_card,
    "win-conflict": win_conflict,
    "harvest": harvest,
    "control": control,
    "pay-now": pay_now,
    "signet-ring": signet_ring,
    "deploy-recruits": deploy_recruits,
    "manipulate": manipulate_start,
    "flip-battle-icon": flip_battle_icon,
    "on-acquire-during-reveal-this-round": arm_acquire_this_round,
    "on-acquire-this-turn": arm_acquire_this_turn,
    "on-deploy-3-units-in-one-turn": arm_deploy_three,
    "feyd-token": feyd_token,
    "feyd-training": feyd_training,
    "leader-face": leader_face,
    "add-memory": add_memory,
    "other-memories": other_memories,
    "repeat-space-effects": repeat_space_effects,
    "sardaukar-commander": sardaukar_commander,
    "no-deploy-this-turn": no_deploy_this_turn,
    "remove-starting-card": remove_starting_card,
    "recall-agent": recall_agents,
    # the original game
    "harvest-base-again": harvest_base_again,
    "discount-this-turn": discount_this_turn,
    "lose-troops": lose_troops,
    "discard-or-lose-troop": discard_or_lose_troop,
    "discard-to-hand": discard_to_hand,
    "the-voice": the_voice,
    "kwisatz-haderach": kwisatz_haderach,
    "pass-turn": pass_turn,
    "acquire-to-deck-top": acquire_to_deck_top,
    "acquire-to-deck-top-this-reveal": arm_deck_top_this_reveal,
    "add-agent-icons-this-turn": add_agent_icons,
    "ignore-occupied-spaces-this-turn": ignore_occupied,
    "opponent-loses-conflict-troop": opponent_loses_conflict_troop,
    "deploy-from-supply": deploy_from_supply,
    "deploy-recruits-in-reveal-turn": deploy_recruits_in_reveal,
    "shuffle-discard-into-deck": shuffle_discard_into_deck,
    "look-top-draw-or-trash": look_top_draw_or_trash,
    "lose-conflict-troops": lose_conflict_troops,
    "when-you-win-conflict": when_you_win,
    "if-more-copies-than-each-opponent": more_copies_than_each_opponent,
    "mentat-next-round": mentat_next_round,
    "masterstroke-tokens": masterstroke_tokens,
    "masterstroke-reveal": masterstroke_reveal,
    "influence-where-behind": influence_where_behind,
    "prescience": prescience,
    "reduce-space-cost": passive,
    "eyes-everywhere": passive,
}
