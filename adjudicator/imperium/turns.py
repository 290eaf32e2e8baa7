"""Player turns: the Agent turn (send an agent, resolve effects, deploy) and the Reveal turn
(reveal, resolve, acquire, clean up). Seed 004 'Агенты', 'Символы агентов', 'Стоимость и
условия ячеек', 'Шпионы', 'Отряды и зона конфликта', 'Покупка карт' (pp. 7-13)."""

from __future__ import annotations

from ..core.errors import IllegalAction
from . import triggers
from .chance import identify
from .game import Game, describe, ms_add, spy_owners
from .steps import run
from .timing import blocking_edge
from .zones import lift_agent, recall_spy

SIGNET = "signet-ring"
SPACE_RULINGS = {
    "sietch-tabr": ["sietch-tabr.choice"],
    "high-council": ["high-council.seat"],
    "swordmaster": ["swordmaster.gain"],
    "secrets": ["intrigue.steal"],
    "dutiful-service": ["influence.faction-space"],
    "sardaukar": ["influence.faction-space"],
    "deliver-supplies": ["influence.faction-space"],
    "heighliner": ["influence.faction-space"],
    "espionage": ["influence.faction-space"],
    "desert-tactics": ["influence.faction-space"],
    "fremkit": ["influence.faction-space"],
}


# --- helpers ----------------------------------------------------------------------------------
def space_cost(g: Game, space: dict, pid: str | None = None) -> dict:
    cost = dict(space.get("cost", {}))
    if space["id"] == "swordmaster" and any(g.p(q)["swordmaster"] for q in g.order):
        cost["solari"] = g.content.rules["swordmaster_cost_after_first"]
    if pid is not None:
        reduced = triggers.space_cost_discount(g, pid, space, cost)
        if reduced != cost:
            g.rulings.append("leader.duke-leto")
        cost = reduced
    return cost


KWISATZ = "kwisatz-haderach"


def moves_agent(card: dict) -> bool:
    """Kwisatz Haderach: the Agent may be one already on the board, and may go where another
    player's Agent stands."""
    return any(s.get("custom") == KWISATZ for s in card.get("agent", []))


def agents_on(g: Game, space_id: str) -> list[str]:
    return [q for q in g.order if space_id in g.p(q)["placed"]]


def turn_flags(g: Game, pid: str) -> dict:
    """What Plot Intrigue cards played at the start of this turn changed (Dispatch an Envoy,
    Infiltrate): kept on the pending `turn` task."""
    top = g.top
    return top if top and top["t"] == "turn" and top["player"] == pid else {}


def agent_sources(g: Game, pid: str, space_id: str, card: dict) -> list[str]:
    """Where the Agent sent this turn comes from: "leader", or (Kwisatz Haderach) the board
    space of an Agent already placed. An Agent of yours already on the target space can only
    move back to it."""
    pl = g.p(pid)
    free = len(pl["placed"]) < pl["agents"]
    if not moves_agent(card):
        return ["leader"] if free else []
    if space_id in pl["placed"]:
        return [space_id]
    return (["leader"] if free else []) + sorted(set(pl["placed"]))


def _blocked_by_voice(g: Game, pid: str, space_id: str) -> str | None:
    return next((v["by"] for v in g.state["board"].get("voice", [])
                 if v["space"] == space_id and v["by"] != pid), None)


def own_spy_posts(g: Game, pid: str, space_id: str) -> list[str]:
    return [p for p in g.content.space_posts[space_id] if pid in spy_owners(g, p)]


def agent_effects(g: Game, pid: str, card_id: str) -> list:
    if card_id == SIGNET:
        return triggers.signet_effects(g, pid)
    return g.content.cards.get(card_id, {}).get("agent", [])


def _turn(g: Game, pid: str, kind: str, deployed: int = 0, **extra) -> dict:
    """A new turn; `deployed`: units already deployed at its start (a Plot Intrigue card played
    before the Agent was sent or the cards revealed)."""
    turn = {"player": pid, "kind": kind, "recruited": 0, "nodes": [], "edges": [], "done": [], **extra}
    if deployed:
        turn["deployed"] = deployed
    g.state["turn"] = turn
    return turn


# --- send an agent -----------------------------------------------------------------------------
def check_imperium_card(g: Game, card_id, verb: str) -> None:
    """An Intrigue or Conflict card named where an Imperium card is asked is illegal."""
    if card_id not in g.content.cards and (card_id in g.content.intrigues or card_id in g.content.conflicts):
        raise IllegalAction("card.wrong-kind", f"{card_id} is not an Imperium card: {verb} takes an "
                            "Imperium card", ("card.wrong-kind",))


def check_send_agent(g: Game, pid: str, a: dict) -> dict:
    """Everything that makes a placement legal. Returns the resolved space."""
    pl = g.p(pid)
    card_id, space_id = a.get("card"), a.get("space")
    check_imperium_card(g, card_id, "send-agent")
    kwisatz = moves_agent(g.content.cards.get(card_id, {}))
    if len(pl["placed"]) >= pl["agents"] and not (kwisatz and pl["placed"]):
        raise IllegalAction("agent.no-agents-left", f"{pid} has no agent left to send "
                            f"({len(pl['placed'])} of {pl['agents']} placed)",
                            ("agent.no-agents-left", "card.kwisatz-haderach"))
    space = g.content.spaces.get(space_id)
    if space is None:
        raise IllegalAction("agent.unknown-space", f"there is no board space {space_id!r}",
                            ("agent.icon-mismatch",))
    if card_id not in pl["hand"] and "?" not in pl["hand"]:
        raise IllegalAction("agent.card-required", f"{pid} has no {card_id} in hand to play",
                            ("agent.card-required",))
    card = g.content.cards.get(card_id, {})
    flags = turn_flags(g, pid)
    icons = sorted(set(card.get("icons", [])) | set(flags.get("extra_icons", [])))  # Dispatch an Envoy
    spy_route = "spy" in icons and own_spy_posts(g, pid, space_id)
    if space["icon"] not in icons and not spy_route:
        raise IllegalAction("agent.icon-mismatch", f"{card_id} shows {icons or 'no agent icon'}; "
                            f"{space_id} needs {space['icon']}",
                            ("agent.icon-mismatch", "agent.icon-table", "spy.agent-icon"))
    infiltrate, gather = a.get("infiltrate"), a.get("gather")
    for key, post, ruling in (("infiltrate", infiltrate, "spy.infiltrate"),
                              ("gather", gather, "spy.gather-intelligence")):
        if post is not None and post not in own_spy_posts(g, pid, space_id):
            raise IllegalAction(f"spy.{key}-without-spy", f"{pid} has no spy on {post!r} "
                                f"next to {space_id}", (ruling,))
    if infiltrate and infiltrate == gather:
        raise IllegalAction("spy.two-spies", "one spy cannot both infiltrate and gather "
                            "intelligence", ("spy.two-spies",))
    blocker = _blocked_by_voice(g, pid, space_id)
    if blocker is not None:
        raise IllegalAction("agent.space-blocked", f"{blocker} used The Voice on {space_id}: opponents "
                            f"may not send Agents there until {blocker}'s next turn", ("card.the-voice",))
    holder = g.state["board"]["occupied"].get(space_id)
    if pid in agents_on(g, space_id) and not kwisatz:  # whoever else came there since
        raise IllegalAction("agent.space-occupied", f"{pid} already has an Agent on {space_id}: a space "
                            "one's own Agent holds stays closed, infiltrating or not",
                            ("agent.space-occupied", "spy.infiltrate"))
    if holder is not None and not (infiltrate and holder != pid) \
            and not _may_share(g, pid, space, card, flags, kwisatz):
        raise IllegalAction("agent.space-occupied", f"{space_id} is occupied by {holder}'s agent",
                            ("agent.space-occupied", "spy.infiltrate"))
    if not agent_sources(g, pid, space_id, card):
        raise IllegalAction("agent.no-agents-left", f"{pid} has no Agent that can go to {space_id}",
                            ("agent.no-agents-left", "card.kwisatz-haderach"))
    if infiltrate and holder is None:
        raise IllegalAction("spy.infiltrate-free-space", f"{space_id} is free: there is nothing to "
                            "infiltrate", ("spy.infiltrate",))
    if space_id == "swordmaster" and pl["swordmaster"]:
        raise IllegalAction("swordmaster.once", f"{pid} already has a Swordmaster", ("swordmaster.gain",))
    need = space.get("requires")
    if need and card.get("ignore_requirements"):
        need = None  # Undercover Asset
    if need and need.get("no_seat") and pl["seat"]:
        raise IllegalAction("high-council.seat-taken", f"{pid} already has a High Council seat",
                            ("high-council.base-seat",))
    if need and "influence" in need and pl["influence"][need["influence"]] < need["at_least"]:
        raise IllegalAction("agent.influence-requirement",
                            f"{space_id} needs {need['at_least']} {need['influence']} influence; "
                            f"{pid} has {pl['influence'][need['influence']]}",
                            ("agent.influence-requirement",))
    cost = space_cost(g, space, pid)
    if not g.can_pay(pid, cost):
        raise IllegalAction("agent.space-cost", f"{space_id} costs {describe(cost)}; {pid} has "
                            f"{pl['solari']} solari, {pl['spice']} spice, {pl['water']} water",
                            ("agent.space-cost",))
    return space


def _may_share(g: Game, pid: str, space: dict, card: dict, flags: dict, kwisatz: bool) -> bool:
    """Another player's Agent does not block this one (Kwisatz Haderach, Infiltrate, Helena
    Richese's Eyes Everywhere on its icons); an Agent of your own still does, except the one
    Kwisatz Haderach moves back to where it stood."""
    mine = pid in agents_on(g, space["id"])
    if kwisatz:
        g.rulings.append("card.kwisatz-haderach")
        return True  # agent_sources limits a move onto your own Agent's space to that Agent
    if mine:
        return False
    if flags.get("ignore_occupied"):
        g.rulings.append("card.infiltrate")
        return True
    eyes = triggers.passive_step(g, pid, "eyes-everywhere")
    if eyes and space["icon"] in eyes.get("icons", []):
        g.rulings.append("leader.helena-eyes-everywhere")
        return True
    return False


def start_send_agent(g: Game, pid: str, a: dict, space: dict, deployed: int = 0) -> None:
    """After the checks: Kwisatz Haderach first asks which Agent goes when there is a choice."""
    card = g.content.cards.get(a["card"], {})
    sources = agent_sources(g, pid, space["id"], card)
    if moves_agent(card) and len(sources) > 1:
        g.push({"t": "choice", "player": pid, "kind": "agent-source", "src": f"card:{a['card']}",
                "action": {"card": a["card"], "space": space["id"]}, "sources": sources,
                **({"deployed": deployed} if deployed else {})})
        return
    apply_send_agent(g, pid, a, space, None if sources == ["leader"] else sources[0], deployed)


def apply_send_agent(g: Game, pid: str, a: dict, space: dict, source: str | None = None,
                     deployed: int = 0) -> None:
    """Place the agent (after `check_send_agent` passed), pay, and set up the turn's DAG.
    `source`: the space of an Agent moved by Kwisatz Haderach (None: one from the Leader)."""
    pl, board = g.p(pid), g.state["board"]
    card_id, space_id = a["card"], space["id"]
    if source is not None:
        lift_agent(g, pid, source)
        g.rulings.append("card.kwisatz-haderach")
    identify(g, pid, "hand", card_id)  # a face-down card taken to be this one makes it unverifiable
    pl["hand"].remove(card_id)
    pl["play"].append(card_id)
    pl["placed"].append(space_id)
    board["occupied"].setdefault(space_id, pid)  # the first Agent's player (every Agent: agents_on)
    board["occupied"] = dict(sorted(board["occupied"].items()))
    turn = _turn(g, pid, "agent", deployed, space=space_id, card=card_id)
    if a.get("infiltrate"):  # after the turn opens: "if you recalled a spy this turn" counts it
        recall_spy(g, pid, a["infiltrate"])
    paid = space_cost(g, space, pid)
    g.pay(pid, paid)
    done = ["place", "cost"]
    effects = []
    if space["effects"]:
        effects.append(f"space:{space_id}")
    if agent_effects(g, pid, card_id):
        effects.append(f"card:{card_id}")
    effects += triggers.on_agent_sent(g, pid, space_id)
    turn["nodes"] = ["place", "cost"] + (["gather"] if a.get("gather") else []) + effects
    edges = [["place", "cost", "agent.space-cost"]]
    for e in effects:
        edges.append(["cost", e, "timing.cost-before-effects"])
        if a.get("gather"):
            edges.append(["gather", e, "timing.gather-before-effects"])
    tail = "end"
    if space["combat"]:
        turn["nodes"].append("deploy")
        edges += [[e, "deploy", "timing.recruit-before-deploy"] for e in effects]
        edges.append(["deploy", "end", "deploy.limits"])
    else:
        edges += [[e, tail, "timing.effects-before-end"] for e in effects]
    if not effects and not space["combat"]:
        edges.append(["cost", tail, "timing.effects-before-end"])
    turn["nodes"].append(tail)
    turn["edges"] = edges
    g.push({"t": "agent", "player": pid})
    controller = board["control"].get(space_id)
    if controller and space.get("control"):
        g.gain(controller, space["control"])
        g.rulings.append("control.bonus")
    if a.get("gather"):
        recall_spy(g, pid, a["gather"])
        done.append("gather")
        g.push({"t": "chance", "kind": "draw", "player": pid, "n": 1})
        g.rulings.append("spy.gather-intelligence")
    turn["done"] = done
    _maybe_skip_deploy(g, turn)
    triggers.on_space_cost_paid(g, pid, paid)  # Ruthless Negotiator


def _maybe_skip_deploy(g: Game, turn: dict) -> None:
    """Deploying is a decision only when there is something to deploy."""
    if "deploy" in turn["nodes"] and "deploy" not in turn["done"] and blocking_edge(turn, "deploy") is None:
        if g.p(turn["player"])["troops"]["garrison"] == 0 or turn.get("no_deploy") \
                or (turn.get("recruits_only") and turn["recruited"] == 0):
            turn["done"].append("deploy")


def _require(turn: dict, node: str) -> None:
    edge = blocking_edge(turn, node)
    if edge:
        pred, succ, ruling = edge
        raise IllegalAction("timing.out-of-order", f"{succ} cannot happen before {pred} is resolved",
                            (ruling,), path=[pred, succ])


def apply_peek(g: Game, pid: str, a: dict) -> bool:
    """Prescience is resolved whenever its leader likes in their own turns (as the effect
    "leader:<id>"); it is never part of the turn's DAG. Returns whether `a` was that."""
    node = triggers.peek_node(g, pid)
    if node is None or a.get("effect") != node:
        return False
    g.rulings.append("leader.paul-prescience")
    run(g, pid, triggers.leader_effects(g, pid), node)
    return True


def apply_resolve(g: Game, pid: str, a: dict) -> None:
    turn, node = g.state["turn"], a.get("effect")
    if apply_peek(g, pid, a):
        return
    if node not in turn["nodes"] or node in ("place", "cost", "gather", "deploy", "end", "acquire"):
        raise IllegalAction("resolve.unknown-effect", f"{node!r} is not an effect in play this turn; "
                            f"pending: {pending_effects(turn)}", ("timing.effects-any-order",))
    if node in turn["done"]:
        raise IllegalAction("resolve.already-resolved", f"{node} was already resolved this turn",
                            ("card.agent-or-reveal",))
    _require(turn, node)
    turn["done"].append(node)
    kind, _, ident = node.partition(":")
    ident = ident.split("#")[0]
    if kind == "contract":
        triggers.complete_contract(g, pid, ident)
        return
    if kind == "leader":
        steps = triggers.leader_effects(g, pid)
        g.rulings.append("leader.ability")
    elif kind == "space":
        steps = g.content.spaces[ident]["effects"]
        g.rulings += SPACE_RULINGS.get(ident, [])
    elif kind == "card":
        steps = agent_effects(g, pid, ident)
        g.rulings += g.content.cards.get(ident, {}).get("rulings", [])
        g.rulings += ["agent.one-box-per-turn"] + (["leader.signet-ring"] if ident == SIGNET else [])
    else:  # reveal
        steps = g.content.cards.get(ident, {}).get("reveal", [])
        g.rulings += ["reveal.persuasion", *g.content.cards.get(ident, {}).get("rulings", [])]
    run(g, pid, steps, node)


def pending_effects(turn: dict) -> list[str]:
    return [n for n in turn["nodes"] if n not in turn["done"] and n not in ("deploy", "end", "acquire")]


def apply_deploy(g: Game, pid: str, a: dict) -> None:
    turn = g.state["turn"]
    if turn["kind"] != "agent" or "deploy" not in turn["nodes"]:
        raise IllegalAction("deploy.not-combat-space", f"{turn.get('space')} is not a combat space",
                            ("deploy.combat-space-only",))
    if "deploy" in turn["done"]:
        raise IllegalAction("deploy.already", "troops were already deployed this turn", ("deploy.limits",))
    _require(turn, "deploy")
    recruited, garrison = a.get("recruited", 0), a.get("garrison", 0)
    troops = g.p(pid)["troops"]
    if not (isinstance(recruited, int) and isinstance(garrison, int)) or recruited < 0 or garrison < 0:
        raise IllegalAction("deploy.bad-count", "deploy counts are whole numbers", ("deploy.limits",))
    if turn.get("no_deploy") and recruited + garrison:
        raise IllegalAction("deploy.forbidden", f"{pid} may deploy no unit this turn (Emperor of the "
                            "Known Universe)", ("leader.shaddam-signet",))
    most = 0 if turn.get("recruits_only") else 2  # Sardaukar Coordination: recruits only
    if recruited > turn["recruited"] or garrison > most or recruited + garrison > troops["garrison"]:
        raise IllegalAction("deploy.limits", f"{pid} may deploy at most the {turn['recruited']} "
                            f"troop(s) recruited this turn plus 2 from the garrison "
                            f"({troops['garrison']} there); asked {recruited} + {garrison}",
                            ("deploy.limits", "deploy.no-rerecruit"))
    troops["garrison"] -= recruited + garrison
    troops["conflict"] += recruited + garrison
    turn["done"].append("deploy")
    triggers.on_deployed(g, pid, recruited + garrison)


def deploy_candidates(g: Game, pid: str) -> list[dict]:
    turn, troops = g.state["turn"], g.p(pid)["troops"]
    if turn.get("no_deploy"):
        return [{"recruited": 0, "garrison": 0}]
    most = 0 if turn.get("recruits_only") else 2
    out = []
    for r in range(min(turn["recruited"], troops["garrison"]) + 1):
        for gar in range(min(most, troops["garrison"] - r) + 1):
            out.append({"recruited": r, "garrison": gar})
    return out


def apply_end_turn(g: Game, pid: str, task: dict) -> None:
    turn = g.state["turn"]
    _maybe_skip_deploy(g, turn)
    _require(turn, "end")
    pl = g.p(pid)
    if turn["kind"] == "reveal":
        pl["discard"].extend(pl["play"] + pl["hand"])
        pl["discard"].sort()
        pl["play"], pl["hand"] = [], []
        pl["persuasion"] = 0
        g.rulings += ["persuasion.expires", "cleanup.in-play"]
        _expire_manipulated(g, pid)
    g.state["turn"] = None
    g.finish(task)


# --- reveal and acquire ---------------------------------------------------------------------------
def check_reveal(g: Game, pid: str, a: dict) -> None:
    if g.p(pid)["revealed"]:
        raise IllegalAction("turn.reveal-once", f"{pid} has already revealed this round", ("turn.reveal-once",))
    cards = a.get("cards", [])
    if not isinstance(cards, list):
        raise IllegalAction("reveal.cards", "'cards' lists the revealed cards", ("card.agent-or-reveal",))
    for card in cards:
        check_imperium_card(g, card, "reveal")


def apply_reveal(g: Game, pid: str, a: dict, deployed: int = 0) -> None:
    pl = g.p(pid)
    for card in a.get("cards", []):
        identify(g, pid, "hand", card)
    if "?" in pl["hand"]:
        g.hidden.append(f"{pid} revealed cards the log does not name")
    turn = _turn(g, pid, "reveal", deployed)
    pl["revealed"] = True
    g.rulings.append("reveal.steps")
    effects = []
    seen: dict[str, int] = {}
    turn["revealed"] = sorted(pl["hand"])
    for card in sorted(pl["hand"]):
        pl["play"].append(card)
        if g.content.cards.get(card, {}).get("reveal"):
            seen[card] = seen.get(card, 0) + 1
            effects.append(f"reveal:{card}" + (f"#{seen[card]}" if seen[card] > 1 else ""))
    pl["hand"] = []
    pl["play"].sort()
    effects += triggers.reveal_nodes(g, pid)
    if pl["seat"]:
        pl["persuasion"] += g.content.rules["council_persuasion"]
        g.rulings.append("high-council.seat")
    for space_id in sorted(pl["placed"]):  # Hall of Oratory: while your Agent is there
        bonus = g.content.spaces[space_id].get("reveal_persuasion", 0)
        if bonus:
            pl["persuasion"] += bonus
            g.rulings.append("hall-of-oratory.reveal-persuasion")
    turn["nodes"] = ["reveal", *effects, "acquire", "end"]
    turn["edges"] = ([["reveal", e, "card.agent-or-reveal"] for e in effects]
                     + [[e, "end", "timing.effects-before-end"] for e in effects]
                     + [["reveal", "acquire", "acquire.during-reveal"], ["reveal", "end", "turn.reveal-once"]])
    turn["done"] = ["reveal"]
    g.push({"t": "reveal", "player": pid})


def reveal_drawn(g: Game, pid: str, cards: list[str]) -> None:
    """Cards drawn during a Reveal turn are revealed as well; their reveal boxes join the turn."""
    pl, turn = g.p(pid), g.state["turn"]
    g.rulings.append("reveal.draw-during-reveal")
    for card in cards:
        pl["hand"].remove(card)
        ms_add(pl["play"], card)
        ms_add(turn.setdefault("revealed", []), card)
        if g.content.cards.get(card, {}).get("reveal"):
            base = f"reveal:{card}"
            copies = sum(1 for n in turn["nodes"] if n.split("#")[0] == base)
            node = base + (f"#{copies + 1}" if copies else "")
            turn["nodes"].insert(turn["nodes"].index("acquire"), node)
            turn["edges"] += [["reveal", node, "card.agent-or-reveal"], [node, "end", "timing.effects-before-end"]]


def apply_acquire(g: Game, pid: str, a: dict) -> None:
    turn, st = g.state["turn"], g.state
    _require(turn, "acquire")
    card_id = a.get("card")
    check_imperium_card(g, card_id, "acquire")
    card = g.content.cards.get(card_id)
    in_row = card_id in st["row"]
    in_reserve = st["reserve"].get(card_id, 0) > 0 and card is not None and card.get("buyable", True)
    set_aside = _manipulated(g, pid, card_id)
    if card is None or not (in_row or in_reserve or set_aside):
        raise IllegalAction("acquire.not-available", f"{card_id} is neither in the Imperium Row "
                            f"{st['row']} nor in the Reserve", ("acquire.cost", "reserve.cards"))
    pl = g.p(pid)
    price = card_price(g, pid, card_id, set_aside is not None and not (in_row or in_reserve))
    if price > pl["persuasion"]:
        raise IllegalAction("acquire.cost", f"{card_id} costs {price} persuasion; "
                            f"{pid} has {pl['persuasion']}", ("acquire.cost",))
    pl["persuasion"] -= price
    ms_add(pl["discard"], card_id)
    g.rulings.append("acquire.to-discard")
    if card.get("acquire"):
        g.rulings.append("acquire.bonus")
    run(g, pid, card.get("acquire", []), f"acquire:{card_id}")
    triggers.on_acquire(g, pid, card_id)
    if in_row:
        st["row"].remove(card_id)
        if st["imperium_deck"]["cards"]:
            g.push({"t": "chance", "kind": "refill-row"})
        g.rulings.append("acquire.row-refill")
    elif in_reserve:
        st["reserve"][card_id] -= 1
    else:
        st["manipulated"].remove(set_aside)
        g.rulings.append("intrigue.manipulate")


def card_price(g: Game, pid: str, card_id: str, set_aside: bool = False) -> int:
    """The Persuasion a card costs `pid` now: 1 less when Manipulate set it aside for them,
    less by this turn's discounts (Guild Bankers), never below 0."""
    price = g.content.cards[card_id]["cost"] or 0
    if set_aside:
        price -= 1  # Manipulate: the card set aside for you costs 1 less
    discount = (g.state.get("turn") or {}).get("discounts", {}).get(card_id, 0)
    if discount:
        g.rulings.append("card.guild-bankers")
    return max(0, price - discount)


def acquire_candidates(g: Game, pid: str) -> list[dict]:
    st, pl = g.state, g.p(pid)
    names = sorted(set(st["row"]) | {c for c, n in st["reserve"].items()
                                     if n > 0 and g.content.cards[c].get("buyable", True)})
    out = [c for c in names if card_price(g, pid, c) <= pl["persuasion"]]
    out += [m["card"] for m in st.get("manipulated", []) if m["player"] == pid and m["card"] not in names
            and card_price(g, pid, m["card"], True) <= pl["persuasion"]]
    return [{"card": c} for c in sorted(set(out))]


def _manipulated(g: Game, pid: str, card: str) -> dict | None:
    """The Manipulate entry holding `card` for `pid` this round, if any."""
    return next((m for m in g.state.get("manipulated", []) if m["player"] == pid and m["card"] == card
                 and m["round"] == g.state["round"]), None)


def _expire_manipulated(g: Game, pid: str) -> None:
    """A card set aside by Manipulate and not bought by the end of that Reveal turn leaves the
    game (Dune: Imperium FAQ, Helena Richese's Manipulate)."""
    st = g.state
    gone = [m for m in st.get("manipulated", []) if m["player"] == pid]
    if gone:
        st["manipulated"] = [m for m in st["manipulated"] if m["player"] != pid]
        for m in gone:
            ms_add(st.setdefault("removed_cards", []), m["card"])
        g.rulings.append("intrigue.manipulate")
