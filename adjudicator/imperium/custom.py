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
        _choice(g, task, "row")


def manipulate(g: Game, pid: str, card: str) -> None:
    """Manipulate: the card leaves the Imperium Row (which is refilled) and waits for `pid`'s
    Reveal turn this round, where it may be bought for 1 persuasion less; if it is not bought
    by the end of that Reveal turn it leaves the game."""
    st = g.state
    st["row"].remove(card)
    st.setdefault("manipulated", []).append({"card": card, "player": pid, "round": st["round"]})
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
}
