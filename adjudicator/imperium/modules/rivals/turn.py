"""What a Rival does once its House Hagal card is known: the `rival-agent` action (the one the
card allows), the card's gains, the Swordmaster savings and VP trades, its combat swords and the
choices a Rival makes by rule. Rules: rulings/rivals-uprising.toml (booklet for 1-2 players,
pp. 2-4); the deck, seats and turn order: hagal.py.
"""

from __future__ import annotations

from ....core.errors import IllegalAction
from ...choices import SKIP
from ...conditions import units_in_conflict
from ...content import FACTIONS
from ...costs import can_afford
from ...effects import resolve_at_once, worm_refusal
from ...game import Game, ms_add, own_posts, spy_owners
from ...influence import change_influence
from ...leaders import signet_effects
from ...registry import Verb, adjust, custom, fire, first, hook, verb
from ...steps import run
from ...zones import count_deployed, place_agent, place_spy, recall_spy
from .base import expert, is_spoiler
from .hagal import (
    base_spice,
    deck_data,
    has_option,
    is_rival,
    leader_card,
    rival_chooser,
    rival_seat,
    rivals,
    unambitious,
)

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
        raise IllegalAction("rival.wrong-space", "The House Hagal card {card} sends {seat}'s Agent to {space}, not "
                            "to {given} with {given_card}.", R_SPACE,
                            params={"card": str(want.get("card")), "seat": pid, "space": str(want.get("space")),
                                    "given": str(args.get("space")), "given_card": str(args.get("card"))})
    g.finish(task)
    card = deck_data(g)["by_id"][task["card"]]
    agent_turn(g, pid, task["card"], next(o for o in card["agent"]["options"] if o["space"] == task["space"]),
               task.get("network_troops", 0))


verb(Verb("rival-agent", ("rival",), _offers, _send, ("rivals.agent-placement", "rivals.engine-forced")))


def agent_turn(g: Game, pid: str, card: str, option: dict, network_troops: int = 0) -> None:
    """Place the Agent and give what the card shows, never the space's own effects (p. 2): the
    option's `effects`, steps of the effect language run by its interpreter (docs/effects.md,
    "House Hagal cards"). `network_troops`: troops a spy network recruited during this turn's
    draws, before the Agent went (they join the Conflict with the card's on a combat space, p. 3)."""
    board, space_id = g.state["board"], option["space"]
    space = g.content.spaces[space_id]
    fire("rival-agent-start", g, pid, space_id)  # a solo Rival's tiles (rivals/tech.py, rivals/ix_tech.py)
    place_agent(g, pid, space_id)
    controller = adjust("controller", board["control"].get(space_id), g, space_id)
    if controller and space.get("control"):
        g.gain(controller, space["control"])
        g.rulings.append("control.bonus")
    run(g, pid, [{"custom": "rival-tech-reveal"}], "rival")  # last: after the economy's Swordmaster
    run(g, pid, [{"custom": "rival-economy"}], "rival")  # after the card's effects
    g.push({"t": "steps", "player": pid, "src": f"hagal:{card}", "steps": list(option["effects"]),
            "space": space_id, **({"network": network_troops} if network_troops else {})})
    g.rulings += deck_data(g)["card_rulings"]  # the card's icons: the Uprising booklet's list, or the rulebook's


# --- the Rival's own steps of the effect language (data/<edition>/house-hagal.json) -------------------------
@custom("rival-influence")
def _priority_influence(g: Game, task: dict, step: dict) -> None:
    """One Influence with the faction ranked `priority` on the Rival's leader card (p. 2); or, on
    the leader card itself, `amount` (1) with the faction it names (`faction`: `leader_faction`)."""
    pid = task["player"]
    if "priority" in step:
        change_influence(g, pid, leader_card(g, pid)["priority"][step["priority"] - 1], 1)
        return
    amount = step.get("amount", 1)
    change_influence(g, pid, leader_faction(g, pid, step["faction"], amount), amount)


@custom("rival-spy")
def _priority_spy(g: Game, task: dict, step: dict) -> None:
    place_priority_spy(g, task["player"])


@custom("rival-harvest")
def _harvest_step(g: Game, task: dict, step: dict) -> None:
    _harvest(g, task["player"], task["space"], step)


@custom("rival-troops")
def _units(g: Game, task: dict, step: dict) -> None:
    """The card's troops and any its Signet Ring recruited: the Commander on the space first
    (Bloodlines), then recruited, and deployed from a Combat space, or another the solo Tech
    Module's Rapid Dropships makes one."""
    pid, space_id = task["player"], task["space"]
    fire("rival-agent-space", g, pid, space_id)
    combat = g.content.spaces[space_id]["combat"] or bool(first("rival-combat-space", g, pid, space_id))
    _troops(g, pid, step.get("troops", 0) + task.pop("recruits", 0), combat, task.get("network", 0))


@custom("rival-signet")
def rival_signet_ring(g: Game, task: dict, step: dict) -> None:
    """A Rival's Signet Ring, on its card or outside its Agent turn (Servo-Receivers' Acquire
    effect, seed 000 p. 9). Where the edition prints it (`signet_ring` in its House Hagal data):
    the Leader's own, whose choices a player makes for the Rival (rulebook p. 20), or the Rival
    card's gains (booklet p. 2), whose troops join the card's (`recruits`) or go to the garrison."""
    pid = task["player"]
    if deck_data(g)["signet_ring"] == "leader":
        run(g, pid, _signet(g, pid), f"signet:{g.p(pid)['leader']}")
        g.rulings.append("rivals.base-solo-play")
        return
    g.rulings.append("rivals.leader-cards")
    troops = leader_gains(g, pid, "signet")
    if step.get("recruits"):
        task["recruits"] = task.get("recruits", 0) + troops
    else:
        _troops(g, pid, troops, False)


def _signet(g: Game, pid: str) -> list:
    """A solo Rival's Signet Ring in the original game: its Leader's (a Bloodlines Leader's
    exception: hook `rival-signet`)."""
    steps = first("rival-signet", g, pid)
    return signet_effects(g, pid) if steps is None else steps


@custom("rival-tech-reveal")
def _tech_reveal(g: Game, task: dict, step: dict) -> None:
    """The step queued after the Rival's Agent turn: the solo Tech Module's Reveal tiles."""
    fire("rival-agent-done", g, task["player"])


def leader_gains(g: Game, pid: str, box: str) -> int:
    """What a Rival card's Signet Ring or spy network (`box`) gives: steps of the effect language
    (data: `rival_leaders`, docs/effects.md), run at once by the one interpreter, where the rule
    that sets them off stands. The troops they recruit are returned, for the caller to send where
    its rule says."""
    src = f"{box}:{g.p(pid)['rival']['leader']}"
    return resolve_at_once(g, pid, leader_card(g, pid)[box], src).get("recruits", 0)


# --- the leader cards' own steps (their Signet Rings and spy networks) --------------------------------
@custom("rival-recruits")
def _recruits(g: Game, task: dict, step: dict) -> None:
    """`troops` recruited, sent where the rule that ran the card says (`leader_gains`)."""
    task["recruits"] = task.get("recruits", 0) + step["troops"]


@custom("rival-shield-wall")
def _shield_wall(g: Game, task: dict, step: dict) -> None:
    """Muad'Dib's network: the Shield Wall falls if the Rival has Maker Hooks."""
    if g.p(task["player"])["maker_hooks"] and g.state["board"]["shield_wall"]:
        g.state["board"]["shield_wall"] = False


@custom("rival-drain-spice")
def _drain_spice(g: Game, task: dict, step: dict) -> None:
    """Chani's Scheme: `spice` from each opponent that has it, gained as lost (data/bloodlines)."""
    pid, n = task["player"], step["spice"]
    drained = [q for q in g.opponents(pid) if g.p(q)["spice"] >= n]
    for q in drained:
        g.pay(q, {"spice": n}, ("rivals-x.bl-rival-cards",))
    g.gain(pid, {"spice": n * len(drained)})


@custom("rival-signet-tech")
def _signet_tech(g: Game, task: dict, step: dict) -> None:
    """Kota Odax's Signet Ring: a tile as the Acquire Tech card takes it (tech.py), in its own turn
    of steps."""
    run(g, task["player"], [{"custom": "rival-acquire-tech", "signet": True}], task["src"])


@custom("rival-cite")
def _cite(g: Game, task: dict, step: dict) -> None:
    """The rulings a leader card's steps read (Bloodlines' Rival cards: rivals-x.bl-rival-cards)."""
    g.rulings += step["rulings"]


def leader_faction(g: Game, pid: str, what: str, amount: int = 1) -> str:
    """The faction a Rival card names: a faction; `most`: where the Rival has most; `least`:
    where it has least; `alliance`: where `amount` more takes an Alliance, else where it has
    least. Ties go to the faction further left on its card (p. 3)."""
    prio, influence = leader_card(g, pid)["priority"], g.p(pid)["influence"]
    if what in FACTIONS:
        return what
    if what == "most":
        return max(prio, key=lambda f: (influence[f], -prio.index(f)))
    pool = [f for f in prio if takes_alliance(g, pid, f, amount)] if what == "alliance" else []
    return min(pool or prio, key=lambda f: (influence[f], prio.index(f)))


def takes_alliance(g: Game, pid: str, faction: str, amount: int) -> bool:
    holder, after = g.state["alliances"].get(faction), g.p(pid)["influence"][faction] + amount
    return holder != pid and after >= 4 and (holder is None or after > g.p(holder)["influence"][faction])


@hook("spy-placed", module="rivals", when=rival_seat)
def spy_network(g: Game, pid: str, post: str) -> None:
    """A Rival's third spy (p. 3): the other two come back and its card's spy network fires.
    Troops it recruits go to the garrison; fired during the draws before the Agent goes, they
    are noted on the turn so that they join the Conflict on a combat space."""
    if g.p(pid)["spies"] > 0:
        return
    for other in own_posts(g, pid):
        if other != post:
            recall_spy(g, pid, other)
    troops = g.p(pid)["troops"]
    n = min(leader_gains(g, pid, "network"), troops["supply"])
    troops["supply"] -= n
    troops["garrison"] += n
    turn = next((t for t in g.state["stack"] if t["t"] == "rival" and t["player"] == pid and "card" not in t), None)
    if turn is not None and n:
        turn["network_troops"] = turn.get("network_troops", 0) + n
    g.rulings += ["rivals.spy-network", "rivals.leader-cards"]


def _troops(g: Game, pid: str, recruited: int, combat_space: bool, network: int = 0) -> None:
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
    if has_option(g, "considered-deployment") and holds_back(g, pid, 3):
        g.rulings.append("rivals.opt-measured-deployment")
        return
    if expert(g) and holds_back(g, pid, 2):  # the original game's Expert Troop Deployment (p. 20; FAQ)
        g.rulings += ["rivals.base-solo-play", "rivals.base-solo-scoring"]
        return
    # Bloodlines: the Commanders go first
    commanders = first("rival-deploy-commanders", g, pid, recruited + network + 2, default=0)
    # Rise of Ix: its dreadnoughts before troops, within the two from the garrison (rivals/ix.py)
    ships = first("rival-deploy-dreadnoughts", g, pid, max(0, 2 - commanders), default=0)
    n = min(troops["garrison"], recruited + network + 2 - commanders - ships)
    troops["garrison"] -= n
    troops["conflict"] += n
    if n + commanders + ships:
        count_deployed(g, pid, n + commanders + ships, troops=n)


def holds_back(g: Game, pid: str, lead: int) -> bool:
    """Levels I-II, the Rival leading every opponent in the Conflict by `lead` units or more."""
    level = g.content.conflicts.get(g.state["board"]["conflict"] or "", {}).get("level", 1)
    others = max((units_in_conflict(g.p(q)) for q in g.opponents(pid)), default=0)
    return level < 3 and units_in_conflict(g.p(pid)) - others >= lead


def _harvest(g: Game, pid: str, space_id: str, step: dict) -> None:
    """Bonus spice always, and the space's own spice; with Maker Hooks, sandworms instead where the
    step's `worms` name the space (Uprising: Hagga Basin 1, the Deep Desert 2) and the sandworm
    rules let them come (p. 3)."""
    pl, board = g.p(pid), g.state["board"]
    bonus = board["bonus_spice"].get(space_id, 0)
    board["bonus_spice"][space_id] = 0
    if is_spoiler(g, pid):  # House Hagal of two players: the bonus goes to the bank
        g.rulings += ["rivals.base-two-player", "makers.bonus-spice"]
        return
    if pl["swordmaster"] and unambitious(g, pid):
        g.rulings.append("rivals.opt-unambitious")  # the bonus spice goes back to the bank
    else:
        g.gain(pid, {"spice": bonus})
    worms = step.get("worms", {}).get(space_id, 0)
    if worms and pl["maker_hooks"] and worm_refusal(g, pid, {"worm": worms}) is None:
        pl["worms"] += worms
        count_deployed(g, pid, worms)
    else:
        g.gain(pid, {"spice": base_spice(g, space_id)})
    g.rulings += [step["ruling"], "makers.bonus-spice"]


def place_priority_spy(g: Game, pid: str) -> None:
    """A spy on the first free faction post in the leader card's priority order; none free:
    nothing (p. 2). A third spy sets off the spy network (hook `spy-placed`)."""
    free = [f"post-{f}" for f in leader_card(g, pid)["priority"] if not spy_owners(g, f"post-{f}")]
    if free and g.p(pid)["spies"] > 0:
        place_spy(g, pid, free[0])
        g.rulings.append("rivals.spy-network")


# --- Swordmaster savings and VP trades -----------------------------------------------------------
@custom("rival-economy")
def economy(g: Game, task: dict, step: dict) -> None:
    """After each Agent turn and each Conflict: the edition's `economy` (data). Uprising: savings
    for the Swordmaster, then VP trades once it has come (booklet p. 3); the original game: the
    Swordmaster comes with the Conflict deck and a solo Rival trades at once, House Hagal of two
    players collects nothing (rulebook pp. 19-20)."""
    pid = task["player"]
    pl, rules = g.p(pid), deck_data(g)["economy"]
    if rules["swordmaster_savings"] and not pl["swordmaster"]:
        cost = leader_card(g, pid)["swordmaster"]
        if _capital(g, pid) >= cost:
            _spend(g, pid, cost)
            pl["swordmaster"] = True
            pl["agents"] += 1
            g.rulings.append("rivals.swordmaster")
    if (pl["swordmaster"] or not rules["trades_after_swordmaster"]) and not is_spoiler(g, pid):
        _trade(g, pid, rules["trade_ruling"])
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


def _trade(g: Game, pid: str, ruling: str = "rivals.vp-exchange") -> None:
    pl, rates = g.p(pid), deck_data(g)["vp_trades"]
    for key in TRADES:
        if key == "spice" and first("rival-keeps-spice", g, pid):  # solo Tech Module: spice kept for tiles
            continue
        while (len(pl["intrigue"]) if key == "intrigue" else pl[key]) >= rates[key]:
            if key == "intrigue":
                _discard_intrigue(g, pid, rates[key])
            else:
                pl[key] -= rates[key]
            pl["vp"] += 1
            g.rulings.append(ruling)


# --- combat -----------------------------------------------------------------------------------------
@hook("combat-start", module="rivals")
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


@hook("combat-cleanup", module="rivals")
def _after_combat(g: Game) -> None:
    for q in rivals(g):  # rewards may complete the Swordmaster savings or a trade
        run(g, q, [{"custom": "rival-economy"}], "rival")


@hook("choice-offers", module="rivals", when=rival_chooser)
def _rival_choice(offers: list, g: Game, task: dict) -> list:
    """A Rival's choices follow its rules (p. 3): influence where it has least, ties to the left
    of its leader card; a paid reward bought whenever it can pay; the defensive bonus taken; a
    spy by its card's priority. What no rule settles a player decides: every answer stays legal."""
    pid = task["player"]
    if len(offers) <= 1:
        return offers
    if (forced := first("rival-forced-choice", g, pid, task, offers)) is not None:  # solo Tech Module
        return [forced]
    if g.state["game"]["edition"] == "base":
        return _base_pick(g, pid, task, offers)
    picked = _rival_pick(g, pid, task, offers)
    if picked is None:
        g.rulings.append("rivals.reading-player-decides")
        return offers
    return [picked]


def _rival_pick(g: Game, pid: str, task: dict, offers: list) -> dict | None:
    kind = task["kind"]
    if all(set(o) == {"faction"} for o in offers):
        g.rulings.append("rivals.combat-rewards")
        return _least_influence(g, pid, [o["faction"] for o in offers], task.get("delta", 1))
    if kind == "option":
        return _influence_option(g, pid, task, offers)
    if kind == "pay":  # paid when it can pay, spies on the board included (p. 3)
        g.rulings.append("rivals.combat-rewards")
        return {"option": "pay"} if can_afford(g, pid, task["cost"], task["src"]) else SKIP
    if kind == "count" and task.get("move") == "defend":  # the defensive bonus, taken (p. 3)
        return max(offers, key=lambda o: o.get("count", 0))
    if kind == "post":
        return _priority_post(g, pid, offers)
    if kind == "recall" and all(set(o) == {"post"} for o in offers):
        g.rulings.append("rivals.reading-reward-spies")  # the booklet names no spy: the first in board order
        return offers[0]
    return None


def _base_pick(g: Game, pid: str, task: dict, offers: list) -> list:
    """The original game: Influence where the Rival has least; a tie, or any other choice, is
    made for it by a player (FAQ 'Rivals'), so every tied answer stays legal."""
    if task["kind"] == "count" and task.get("move") == "defend":  # the defensive bonus, taken (p. 20)
        g.rulings.append("rivals.base-solo-play")
        return [max(offers, key=lambda o: o.get("count", 0))]
    if not all(set(o) == {"faction"} for o in offers):
        return offers
    g.rulings.append("rivals.base-choices")
    least = min(g.p(pid)["influence"][o["faction"]] for o in offers)
    return [o for o in offers if g.p(pid)["influence"][o["faction"]] == least]


def _least_influence(g: Game, pid: str, factions: list[str], delta: int = 1) -> dict:
    prio = leader_card(g, pid)["priority"]
    sign = 1 if delta > 0 else -1
    return {"faction": min(factions, key=lambda f: (sign * g.p(pid)["influence"][f], prio.index(f)))}


def _influence_option(g: Game, pid: str, task: dict, offers: list) -> dict | None:
    """An option that only spreads influence (a doubled reward: two in one faction or one in
    two): the points go one by one where the Rival has least (p. 3)."""
    spreads = []
    for o in offers:
        steps = task["options"][o["option"]] if isinstance(o.get("option"), int) else None
        if not steps or any(set(s) != {"faction", "influence"} or s["influence"] < 1 for s in steps):
            return None
        spreads.append(sorted((s["faction"], s["influence"]) for s in steps))
    influence, wanted = dict(g.p(pid)["influence"]), {}
    # "one Influence with each of two different factions": the second point goes to another faction
    different = all(n == 1 for s in spreads for _, n in s)
    prio = leader_card(g, pid)["priority"]
    for _ in range(sum(n for _, n in spreads[0])):
        best = min((f for f in prio if not (different and f in wanted)), key=lambda f: (influence[f], prio.index(f)))
        influence[best] += 1
        wanted[best] = wanted.get(best, 0) + 1
    match = sorted(wanted.items())
    g.rulings.append("rivals.combat-rewards")
    return next((o for o, s in zip(offers, spreads, strict=True) if s == match), None)


def _priority_post(g: Game, pid: str, offers: list) -> dict | None:
    """A spy from a reward goes as a card's spy with no post named: the first free faction post
    in the leader card's order, else none (p. 2); a third spy sets off the spy network."""
    if any("recall" in o for o in offers):
        return None
    for faction in leader_card(g, pid)["priority"]:
        if {"post": f"post-{faction}"} in offers:
            g.rulings.append("rivals.reading-reward-spies")
            return {"post": f"post-{faction}"}
    return SKIP if SKIP in offers else None


@hook("contract-instead", module="rivals", when=rival_seat)
def _no_contracts(g: Game, pid: str):
    """Rivals take no contract: 2 Solari instead (p. 3)."""
    g.rulings.append("rivals.combat-rewards")
    return {"solari": 2}


@hook("skips-faction-bonus", module="rivals", when=rival_seat)
def _no_faction_bonus(g: Game, pid: str, faction: str):
    """Rivals gain and lose Alliances but never take a faction's bonus (p. 2)."""
    g.rulings.append("rivals.combat-deploy")
    return True
