"""What a Rival does once its House Hagal card is known: the `rival-agent` action (the one the
card allows), the card's gains, the Swordmaster savings and VP trades, its combat swords and the
choices a Rival makes by rule. Rules: rulings/rivals-uprising.toml (booklet for 1-2 players,
pp. 2-4); the deck, seats and turn order: rivals.py.
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from ..conditions import units_in_conflict
from ..effects import worm_refusal
from ..game import Game, ms_add, spies_on_board
from ..influence import change_influence
from ..registry import Verb, custom, hook, verb
from ..steps import run
from ..zones import count_deployed
from .rivals import NOT_IMPLEMENTED, base_spice, hagal, has_option, is_rival, leader_card, rivals

R_SPACE = ("rivals.agent-placement", "rivals.engine-forced")
SPEND_ORDER = ("solari", "spice", "intrigue", "water")  # Swordmaster savings (p. 3)
TRADES = ("intrigue", "spice", "water", "solari")  # the order we trade in (our reading: the booklet sets none)


# --- the Agent: one legal action ---------------------------------------------------------------------
def _offers(g: Game, task: dict, pid: str) -> list[dict]:
    return [{"card": task["card"], "space": task["space"]}] if task.get("card") else []


def _send(g: Game, task: dict, pid: str, args: dict) -> None:
    offer = _offers(g, task, pid)
    if [args] != offer:
        want = offer[0] if offer else {}
        raise IllegalAction("rival.wrong-space", f"the House Hagal card {want.get('card')} sends {pid}'s Agent "
                            f"to {want.get('space')}, not {args.get('space')} with {args.get('card')}", R_SPACE)
    g.finish(task)
    card = hagal()["by_id"][task["card"]]
    agent_turn(g, pid, next(o for o in card["agent"]["options"] if o["space"] == task["space"]))


verb(Verb("rival-agent", ("rival",), _offers, _send, ("rivals.card-effects", "rivals.engine-forced")))


def agent_turn(g: Game, pid: str, option: dict) -> None:
    """Place the Agent and give what the card shows, never the space's own effects (p. 2)."""
    pl, board, space_id = g.p(pid), g.state["board"], option["space"]
    space = g.content.spaces[space_id]
    pl["placed"].append(space_id)
    board["occupied"][space_id] = pid
    board["occupied"] = dict(sorted(board["occupied"].items()))
    controller = board["control"].get(space_id)
    if controller and space.get("control"):
        g.gain(controller, space["control"])
        g.rulings.append("control.bonus")
    run(g, pid, [{"custom": "rival-economy"}], "rival")  # after the draws the card pushes below
    recruited = option.get("troops", 0)
    for key in ("solari", "spice", "water"):
        if option.get(key):
            g.gain(pid, {key: option[key]})
    if option.get("influence"):
        raise_influence(g, pid, option["influence"])
    if option.get("signet"):
        recruited += _signet(g, pid)
    if option.get("maker_hook"):
        pl["maker_hooks"] = True
        g.rulings.append("rivals.card-effects")
    if option.get("shield_wall") and pl["maker_hooks"] and board["shield_wall"]:
        board["shield_wall"] = False
    if option.get("harvest"):
        _harvest(g, pid, space_id)
    if option.get("spy") == "priority":
        place_priority_spy(g, pid)
    _troops(g, pid, recruited, space["combat"])
    if option.get("intrigue"):
        g.push({"t": "chance", "kind": "draw-intrigue", "player": pid, "n": option["intrigue"]})
    if option.get("steal_intrigue"):
        for q in g.opponents(pid):
            if len(g.p(q)["intrigue"]) >= 4:
                g.push({"t": "chance", "kind": "steal-intrigue", "player": pid, "from": q})
    g.rulings += ["rivals.card-effects", "rivals.resources"]


def raise_influence(g: Game, pid: str, what: str) -> None:
    """A faction named on the card, or the one ranked N on the Rival's leader card (p. 2)."""
    if what.startswith("priority:"):
        what = leader_card(g, pid)["priority"][int(what.split(":")[1]) - 1]
    change_influence(g, pid, what, 1)


def _signet(g: Game, pid: str) -> int:
    """The leader card's Signet Ring: the troops it recruits (added to the card's), resources."""
    signet = leader_card(g, pid)["signet"]
    if "unimplemented" in signet:
        g.note_unimplemented(NOT_IMPLEMENTED[1])
        return 0
    for key in ("solari", "spice", "water"):
        if signet.get(key):
            g.gain(pid, {key: signet[key]})
    return signet.get("troops", 0)


def _troops(g: Game, pid: str, recruited: int, combat_space: bool) -> None:
    """Recruits go to the Conflict on a combat space (with up to two more from the garrison),
    else to the garrison (p. 2). Considered Deployment keeps them home at levels I-II when the
    Rival already leads by three units or more (p. 4)."""
    troops = g.p(pid)["troops"]
    recruited = min(recruited, troops["supply"])
    troops["supply"] -= recruited
    troops["garrison"] += recruited
    if not combat_space:
        return
    g.rulings.append("rivals.combat-deploy")
    if has_option(g, "considered-deployment") and _holds_back(g, pid):
        g.rulings.append("rivals.opt-measured-deployment")
        return
    n = min(troops["garrison"], recruited + 2)
    troops["garrison"] -= n
    troops["conflict"] += n
    if n:
        count_deployed(g, pid, n)


def _holds_back(g: Game, pid: str) -> bool:
    level = g.content.conflicts.get(g.state["board"]["conflict"] or "", {}).get("level", 1)
    others = max((units_in_conflict(g.p(q)) for q in g.opponents(pid)), default=0)
    return level < 3 and units_in_conflict(g.p(pid)) - others >= 3


def _harvest(g: Game, pid: str, space_id: str) -> None:
    """Bonus spice always; with Maker Hooks, sandworms on Hagga Basin (1) or the Deep Desert (2)
    where a rule lets them come, else the space's own spice (p. 3)."""
    pl, board = g.p(pid), g.state["board"]
    bonus = board["bonus_spice"].get(space_id, 0)
    board["bonus_spice"][space_id] = 0
    unambitious = (has_option(g, "unambitious-rivals") and pl["swordmaster"]
                   and pl["rival"]["leader"] == "lady-amber-metulli")
    if unambitious:
        g.rulings.append("rivals.opt-unambitious")  # the bonus spice goes back to the bank
    else:
        g.gain(pid, {"spice": bonus})
    worms = {"hagga-basin": 1, "deep-desert": 2}.get(space_id, 0)
    if worms and pl["maker_hooks"] and worm_refusal(g, pid, {"worm": worms}) is None:
        pl["worms"] += worms
        count_deployed(g, pid, worms)
    else:
        g.gain(pid, {"spice": base_spice(g, space_id)})
    g.rulings += ["rivals.makers-worms", "makers.bonus-spice"]


def place_priority_spy(g: Game, pid: str) -> None:
    """A spy on the first free faction post in the leader card's priority order; none free:
    nothing (p. 2). The third spy would trigger the spy network, not derived yet."""
    spies, pl = g.state["board"]["spies"], g.p(pid)
    free = [f"post-{f}" for f in leader_card(g, pid)["priority"] if f"post-{f}" not in spies]
    if not free or pl["spies"] <= 0:
        return
    if spies_on_board(g, pid) >= 2:
        g.note_unimplemented(NOT_IMPLEMENTED[0])
        return
    pl["spies"] -= 1
    spies[free[0]] = pid
    g.state["board"]["spies"] = dict(sorted(spies.items()))
    g.rulings.append("rivals.spy-network")


# --- Swordmaster savings and VP trades -----------------------------------------------------------
@custom("rival-economy")
def economy(g: Game, task: dict, step: dict) -> None:
    pid = task["player"]
    pl = g.p(pid)
    if not pl["swordmaster"]:
        cost = leader_card(g, pid)["swordmaster"]
        if _capital(g, pid) >= cost:
            _spend(g, pid, cost)
            pl["swordmaster"] = True
            pl["agents"] += 1
            g.rulings.append("rivals.swordmaster")
    if pl["swordmaster"]:
        _trade(g, pid)
    pl["revealed"] = len(pl["placed"]) >= pl["agents"]  # a Rival never reveals: done with its last Agent


def _capital(g: Game, pid: str) -> int:
    pl = g.p(pid)
    return pl["solari"] + pl["spice"] + pl["water"] + len(pl["intrigue"])


def _spend(g: Game, pid: str, amount: int) -> None:
    pl = g.p(pid)
    for key in SPEND_ORDER:
        have = len(pl["intrigue"]) if key == "intrigue" else pl[key]
        n = min(have, amount)
        amount -= n
        if key == "intrigue":
            _discard_intrigue(g, pid, n)
        else:
            pl[key] -= n


def _discard_intrigue(g: Game, pid: str, n: int) -> None:
    pl = g.p(pid)
    for card in pl["intrigue"][:n]:  # sorted: the same cards whatever the log
        ms_add(g.state["intrigue_discard"], card)
    del pl["intrigue"][:n]


def _trade(g: Game, pid: str) -> None:
    pl, rates = g.p(pid), hagal()["vp_trades"]
    for key in TRADES:
        while (len(pl["intrigue"]) if key == "intrigue" else pl[key]) >= rates[key]:
            if key == "intrigue":
                _discard_intrigue(g, pid, rates[key])
            else:
                pl[key] -= rates[key]
            pl["vp"] += 1
            g.rulings.append("rivals.vp-exchange")


# --- combat -----------------------------------------------------------------------------------------
@hook("combat-start")
def _swords(g: Game) -> None:
    """One House Hagal card per Rival with a unit in the Conflict, two at level III with
    Brutal Escalation; only its swords count (p. 3-4)."""
    level = g.content.conflicts.get(g.state["board"]["conflict"] or "", {}).get("level", 1)
    draws = 2 if has_option(g, "brutal-escalation") and level >= 3 else 1
    fighting = [q for q in g.clockwise_from(g.first) if is_rival(g, q) and units_in_conflict(g.p(q)) > 0]
    g.push(*({"t": "chance", "kind": "draw-hagal", "player": q, "purpose": "swords"}
             for q in fighting for _ in range(draws)))
    if fighting:
        g.rulings.append("rivals.combat-strength")
        if draws == 2:
            g.rulings.append("rivals.opt-sudden-escalation")


@hook("combat-cleanup")
def _after_combat(g: Game) -> None:
    for q in rivals(g):  # rewards may complete the Swordmaster savings or a trade
        run(g, q, [{"custom": "rival-economy"}], "rival")


@hook("choice-offers")
def _rival_choice(offers: list, g: Game, task: dict) -> list:
    """A Rival's choices follow its rules: influence where it has least, ties to the left of
    its leader card (p. 3); the defensive bonus, taken; others not derived yet."""
    pid = task.get("player")
    if pid is None or pid not in g.state["players"] or not is_rival(g, pid) or len(offers) <= 1:
        return offers
    if all(set(o) == {"faction"} for o in offers):
        prio = leader_card(g, pid)["priority"]
        sign = 1 if task.get("delta", 1) > 0 else -1
        best = min(offers, key=lambda o: (sign * g.p(pid)["influence"][o["faction"]], prio.index(o["faction"])))
        g.rulings.append("rivals.combat-rewards")
        return [best]
    if task["kind"] == "count" and task.get("move") == "defend":  # the defensive bonus, taken (p. 3)
        return [max(offers, key=lambda o: o.get("count", 0))]
    g.note_unimplemented(NOT_IMPLEMENTED[2])
    return offers



@hook("skips-faction-bonus")
def _no_faction_bonus(g: Game, pid: str):
    """Rivals gain and lose Alliances but never take a faction's bonus (p. 2)."""
    if is_rival(g, pid):
        g.rulings.append("rivals.combat-deploy")
        return True
    return None
