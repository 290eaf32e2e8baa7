"""Code-backed rules of Dune: Imperium - Uprising: CHOAM contracts, its cards and Intrigue
cards (Sardaukar Coordination, battle icons, armed triggers) and its leaders (Feyd-Rautha,
Lady Jessica, Shaddam, Staban Tuek)."""

from __future__ import annotations

from ...core.errors import IllegalAction
from ..game import Game, ms_add
from ..leaders import trigger
from ..registry import FLAG_RULINGS, adjust, ask, choice, custom, hook
from ..steps import prepend, push_choice, run
from ..zones import count_deployed, take_contract

FLAG_RULINGS["no_deploy"] = "leader.shaddam-signet"


def _contract_offers(g: Game, task: dict) -> list[dict]:
    offered = sorted(set(g.state["contracts"]["face_up"]) | set(g.p(task["player"]).get("set_aside_contracts", [])))
    offered = [c for c in offered if not ask("contract-refusal", g, task["player"], c)]
    return [{"contract": c} for c in offered] or [{"option": "skip"}]


def _contract_refused(g: Game, task: dict, given: dict) -> IllegalAction | None:
    return next(iter(ask("contract-refusal", g, task["player"], given.get("contract"))), None)


@choice("contract", _contract_offers, ("choam.contracts",), why_not=_contract_refused)
def _contract_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    take_contract(g, task["player"], given["contract"])


# --- cards ------------------------------------------------------------------------------------
@custom("deploy-recruits")
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


@custom("flip-battle-icon")
def flip_battle_icon(g: Game, task: dict, step: dict) -> None:
    """Crysknife / Desert Mouse / Ornithopter (endgame): flip a face-up Conflict card of yours
    with that battle icon, or with the wild icon, face down for 1 VP."""
    pl = g.p(task["player"])
    open_ = [i for i, c in enumerate(pl["conflicts"]) if not c["flipped"]  # icons as a standing rule reads them
             and adjust("battle-icon", g.content.conflicts[c["id"]].get("battle_icon"), g, task["player"])
             in (step["icon"], "wild")]
    if open_:
        push_choice(g, task, "flip", open=open_)


@choice("flip", lambda g, task: [{"option": i} for i in task["open"]], ("intrigue.flip-battle-icon",))
def _flip_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    flip_conflict(g, task["player"], given["option"])


def flip_conflict(g: Game, pid: str, index: int) -> None:
    pl = g.p(pid)
    pl["conflicts"][index]["flipped"] = True
    g.gain(pid, {"vp": 1})
    g.rulings.append("intrigue.flip-battle-icon")


# --- armed triggers (face-up Intrigue cards, "this turn" reveal effects) ----------------------
@custom("on-acquire-during-reveal-this-round")
def arm_acquire_this_round(g: Game, task: dict, step: dict) -> None:
    """Call to Arms: each card you acquire during your Reveal turn this round runs `then`."""
    pl = g.p(task["player"])
    armed = [a for a in pl.get("armed", []) if a.get("round", g.state["round"]) >= g.state["round"]]
    armed.append({"on": "acquire", "round": g.state["round"], "during": "reveal",
                  "steps": step["then"], "src": task["src"]})
    pl["armed"] = armed
    g.rulings.append("intrigue.delayed-effect")


@custom("on-acquire-this-turn")
def arm_acquire_this_turn(g: Game, task: dict, step: dict) -> None:
    """Guild Spy: if you acquire `card` this turn, run `then`."""
    turn = g.state.get("turn")
    if turn and turn["player"] == task["player"]:
        turn.setdefault("armed", []).append({"card": step["card"], "steps": step["then"],
                                             "src": task["src"]})


# "deploy<N>": armed until a turn in which its player deploys N units (Distraction 3, Rise of Ix's Diversion 4)
DEPLOY_TRIGGERS = {"on-deploy-3-units-in-one-turn": "deploy3", "on-deploy-4-units-in-one-turn": "deploy4"}


@custom(*DEPLOY_TRIGGERS)
def arm_deploy_units(g: Game, task: dict, step: dict) -> None:
    """Distraction (Diversion): stays face up until a turn of yours in which you deploy three
    (four) or more units to the Conflict; then `then` resolves (once)."""
    pid = task["player"]
    pl = g.p(pid)
    trigger = DEPLOY_TRIGGERS[step["custom"]]
    pl.setdefault("armed", []).append({"on": trigger, "steps": step["then"], "src": task["src"]})
    g.rulings.append("intrigue.delayed-effect")
    count_deployed(g, pid, 0)  # the units may already have been deployed this turn


def _deploy_reached(armed: dict, after: int) -> bool:
    return armed["on"] in DEPLOY_TRIGGERS.values() and after >= int(armed["on"].removeprefix("deploy"))


@hook("units-deployed")
def _distraction(g: Game, pid: str, before: int, after: int) -> None:
    """Distraction (Diversion) fires in the turn its player's deployed units reach three (four)."""
    if after < 3:
        return
    pl = g.p(pid)
    fired = [a for a in pl.get("armed", []) if _deploy_reached(a, after)]
    if fired:
        pl["armed"] = [a for a in pl["armed"] if a not in fired]
        for armed in fired:
            run(g, pid, armed["steps"], armed["src"])


@hook("acquired")
def _armed_acquire(g: Game, pid: str, card: str) -> None:
    """Guild Spy ("if you acquire X this turn") and Call to Arms (cards acquired in your Reveal
    turn this round)."""
    turn = g.state.get("turn")
    mine = turn if turn and turn["player"] == pid else None
    for armed in (mine or {}).get("armed", []):
        if armed.get("card") == card:
            run(g, pid, armed["steps"], armed["src"])
    for armed in g.p(pid).get("armed", []):
        if armed["on"] == "acquire" and armed["round"] == g.state["round"] \
                and mine is not None and mine["kind"] == armed["during"]:
            run(g, pid, armed["steps"], armed["src"])


# --- leaders ---------------------------------------------------------------------------------------
@custom("feyd-token")
def feyd_token(g: Game, task: dict, step: dict) -> None:
    g.p(task["player"])["feyd"] = step["space"]


def _track(g: Game, pid: str) -> dict:
    leader = g.content.leaders[g.p(pid)["leader"]]
    return {s["id"]: s for s in leader["training_track"]["spaces"]}


@custom("feyd-training")
def feyd_training(g: Game, task: dict, step: dict) -> None:
    """Personal Training: move the Feyd token one space along a line of the track and resolve
    the space it reaches; at the last space it cannot move and nothing happens."""
    pid = task["player"]
    leader = g.content.leaders[g.p(pid)["leader"]]
    here = g.p(pid).get("feyd", leader["training_track"]["start"])
    nexts = _track(g, pid)[here]["next"]
    g.rulings.append("leader.feyd-training")
    if nexts:
        push_choice(g, task, "track", open=list(range(len(nexts))), next=nexts)


@choice("track", lambda g, task: [{"option": i} for i in task["open"]], ("leader.feyd-training",),
        words=lambda g, task, given: _track(g, task["player"])[task["next"][given["option"]]]["effects"])
def _track_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    feyd_move(g, task["player"], task["next"][given["option"]], task["src"])


def feyd_move(g: Game, pid: str, space: str, src: str) -> None:
    g.p(pid)["feyd"] = space
    run(g, pid, _track(g, pid)[space]["effects"], src)


@custom("leader-face")
def leader_face(g: Game, task: dict, step: dict) -> None:
    g.p(task["player"])["leader_face"] = step["face"]


@custom("add-memory")
def add_memory(g: Game, task: dict, step: dict) -> None:
    """Spice Agony: a troop from the supply becomes a memory (kept with the troops, so troops
    stay counted: supply + garrison + conflict + memories)."""
    troops = g.p(task["player"])["troops"]
    n = min(step.get("count", 1), troops["supply"])
    troops["supply"] -= n
    troops["memories"] = troops.get("memories", 0) + n
    g.rulings.append("leader.jessica-memories")


@custom("other-memories")
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
    turn = g.state.get("turn")
    when = trigger(g, pid)
    space = g.content.spaces.get((turn or {}).get("space"), {})
    if turn and turn["player"] == pid and turn["kind"] == "agent" \
            and when.get("trigger") == "agent-sent" and space.get("faction") in when.get("space_factions", []):
        node = f"leader:{step['flip_to']}"
        before = "deploy" if "deploy" in turn["nodes"] else "end"
        turn["nodes"].insert(turn["nodes"].index(before), node)
        turn["edges"] += [["cost", node, "timing.cost-before-effects"],
                          [node, before, "timing.recruit-before-deploy" if before == "deploy"
                           else "timing.effects-before-end"]]


@custom("repeat-space-effects")
def repeat_space_effects(g: Game, task: dict, step: dict) -> None:
    """Reverend Mother Jessica: the space's printed effects once more (not its cost, not the
    Influence a Faction space gives)."""
    turn = g.state.get("turn") or {}
    space = g.content.spaces.get(turn.get("space"), {})
    steps = [s for s in space.get("effects", [])
             if not ("influence" in s and s.get("faction") == space.get("faction"))]
    g.rulings.append("leader.reverend-mother")
    prepend(task, steps)


@custom("sardaukar-commander")
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


@custom("no-deploy-this-turn")
def no_deploy_this_turn(g: Game, task: dict, step: dict) -> None:
    """Emperor of the Known Universe: no unit (troop or sandworm) may be deployed this turn,
    from the moment the ability resolves."""
    turn = g.state.get("turn")
    if turn and turn["player"] == task["player"]:
        turn["no_deploy"] = True
    g.rulings.append("leader.shaddam-signet")


@custom("remove-starting-card")
def remove_starting_card(g: Game, task: dict, step: dict) -> None:
    """Staban Tuek's setup: one starting card goes back to the box (kept with trashed cards)."""
    pl = g.p(task["player"])
    if step["card"] in pl["deck"]["cards"]:
        pl["deck"]["cards"].remove(step["card"])
        ms_add(pl["trashed"], step["card"])
    g.rulings.append("leader.staban-limited-allies")


@custom("recall-agent")
def recall_agents(g: Game, task: dict, step: dict) -> None:
    for _ in range(step.get("count", 1)):
        push_choice(g, task, "agent")
