"""Player turns: the Agent turn (send an agent, resolve effects, deploy) and the Reveal turn
(reveal, resolve, acquire, clean up), and the verbs that drive them. Seed 004 'Агенты',
'Символы агентов', 'Стоимость и условия ячеек', 'Шпионы', 'Отряды и зона конфликта',
'Покупка карт' (pp. 7-13).

Cards and leaders change these rules through hooks (registry.py): "placement-check",
"agent-sources", "may-join-own", "may-share", "space-cost", "card-space-cost", "agent-box", "agent-sent",
"reveal-nodes", "turn-peek", "peek", "card-price", "set-aside-offers", "take-set-aside", "market-offers",
"take-from-market",
"reveal-turn-end", "turn-end", "space-cost-paid", "card-icons", "ignore-requirement", "revealed", "spy-use-check",
"acquire-refusal", "why-not-available", "placement-variants", "placement-args", "agent-placed",
"reveal-variants", "reveal-args", "reveal-opened".
This module
names no card.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.errors import IllegalAction
from ..core.sentences import term
from .deck import identify
from .game import Game, amounts_said, ms_add, ms_remove, own_posts
from .influence import track_level
from .modules.bloodlines import commanders_in, move_commanders
from .modules.ix import dreadnoughts_in, move_dreadnoughts
from .registry import FLAG_RULINGS, NODES, Verb, adjust, ask, choice, fire, first, node_kind, verb
from .steps import run
from .timing import blocking_edge
from .zones import count_deployed, lift_agent, place_agent, recall_spy, space_closed

SPACE_RULINGS = {
    "sietch-tabr": ["sietch-tabr.choice"],
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
TURN_NODES = ("place", "cost", "gather", "deploy", "end", "acquire")


def _flat(lists) -> list:
    return [x for found in lists for x in found]


# --- helpers ----------------------------------------------------------------------------------
def space_cost(g: Game, space: dict, pid: str | None = None, card_id: str | None = None) -> dict:
    """What sending an Agent there costs; with `card_id`, also what that card takes off for the
    Agent it sends (hook `card-space-cost`: Guild Accord)."""
    cost = dict(space.get("cost", {}))
    if space["id"] == "swordmaster" and any(g.p(q)["swordmaster"] for q in g.order):
        cost["solari"] = g.content.rules["swordmaster_cost_after_first"]
    if pid is None:
        return cost
    cost = adjust("space-cost", cost, g, pid, space)
    return cost if card_id is None else card_cost(g, cost, pid, space, card_id)


def card_cost(g: Game, cost: dict, pid: str, space: dict, card_id) -> dict:
    """What the card played takes off a space's cost for the Agent it sends (Guild Accord)."""
    return adjust("card-space-cost", cost, g, pid, space, card_id)


def turn_flags(g: Game, pid: str) -> dict:
    """What Plot Intrigue cards played at the start of this turn changed (extra Agent icons,
    opponents' Agents not blocking): kept on the pending `turn` task."""
    top = g.top
    return top if top and top["t"] == "turn" and top["player"] == pid else {}


def agent_sources(g: Game, pid: str, space_id: str | None, card_id: str) -> list[str]:
    """Where the Agent sent this turn comes from: "leader", or (a card that moves an Agent) the
    board space of an Agent already placed."""
    found = first("agent-sources", g, pid, space_id, card_id)
    if found is not None:
        return found
    pl = g.p(pid)
    return ["leader"] if len(pl["placed"]) < pl["agents"] else []


def own_spy_posts(g: Game, pid: str, space_id: str, own: frozenset[str] | None = None) -> list[str]:
    """The posts beside `space_id` holding a spy of `pid`'s (`own`: every post holding one, when
    the caller has them)."""
    own = frozenset(own_posts(g, pid)) if own is None else own
    return [p for p in g.space_posts(space_id) if p in own]


def agent_effects(g: Game, pid: str, card_id: str) -> list:
    box = first("agent-box", g, pid, card_id)
    return box if box is not None else g.content.cards.get(card_id, {}).get("agent", [])


def _turn(g: Game, pid: str, kind: str, deployed: int = 0, **extra) -> dict:
    """A new turn; `deployed`: units already deployed at its start (a Plot Intrigue card played
    before the Agent was sent or the cards revealed)."""
    turn = {"player": pid, "kind": kind, "recruited": 0, "nodes": [], "edges": [], "done": [], **extra}
    if deployed:
        turn["deployed"] = deployed
    g.state["turn"] = turn
    return turn


# --- send an agent -----------------------------------------------------------------------------
def wrong_kind(g: Game, card_id, verb: str) -> IllegalAction | None:
    """An Intrigue or Conflict card named where an Imperium card is asked."""
    if card_id not in g.content.cards and (card_id in g.content.intrigues or card_id in g.content.conflicts):
        return IllegalAction("card.wrong-kind", "{card} is not an Imperium card, and {verb} takes an Imperium card.",
                             ("card.wrong-kind",), params={"card": card_id, "verb": term("actions", verb)})
    return None


class Placing:
    """What every placement check of one player in one state reads alike, whatever the card:
    each space as this game has it (None: not on its board), the player's Spies beside it, the
    spy-use check, the cost before a card's own discount, an Influence level. Hooks are pure
    functions of the state and their arguments, so a listing (one state: nothing is applied
    while it runs) finds each once, not once per card × space; a check alone makes its own."""

    def __init__(self, g: Game, pid: str):
        self.g, self.pid, self._found = g, pid, {}
        self.own = frozenset(own_posts(g, pid))

    def _once(self, key: tuple, fn, *args):
        found = self._found.get(key, self)
        if found is self:
            found = self._found[key] = fn(*args)
        return found

    def space(self, space_id) -> dict | None:
        if not isinstance(space_id, str):  # a hostile log's list or number: no key
            return None
        return self._once(("space", space_id), self._space, space_id)

    def _space(self, space_id: str) -> dict | None:
        g = self.g
        return g.space(space_id) if space_id in g.content.spaces and g.on_board(space_id) else None

    def board(self) -> list[str]:
        """The spaces on this game's board (each found as `space` finds it)."""
        found = self.g.board_spaces()
        self._found.update({("space", s): self.g.space(s) for s in found})
        return found

    def mine(self, space_id: str) -> list[str]:
        return self._once(("mine", space_id), own_spy_posts, self.g, self.pid, space_id, self.own)

    def spy_use(self, space_id: str, infiltrate, gather) -> IllegalAction | None:
        return self._once(("spy", space_id, infiltrate, gather),
                          first, "spy-use-check", self.g, self.pid, space_id, infiltrate, gather)

    def cost(self, space: dict) -> dict:
        return self._once(("cost", space["id"]), space_cost, self.g, space, self.pid)

    def level(self, faction: str) -> int:
        return self._once(("level", faction), track_level, self.g, self.pid, faction)


def placement_error(g: Game, pid: str, a: dict, icons: list[str] | None = None,
                    seen: Placing | None = None) -> IllegalAction | None:
    """Everything that makes a placement legal: the first rule `a` breaks, or None. The one
    definition behind both the check and the list of legal placements (`icons`: the card's
    `placement_icons`, and `seen`, the listing's `Placing`, when a listing has them already)."""
    seen = seen or Placing(g, pid)
    pl = g.p(pid)
    card_id, space_id = a.get("card"), a.get("space")
    if err := wrong_kind(g, card_id, "send-agent"):
        return err
    if len(pl["placed"]) >= pl["agents"] and not (pl["placed"] and agent_sources(g, pid, None, card_id)):
        return IllegalAction("agent.no-agents-left", "{seat} has no Agent left to send ({placed} of {agents} placed).",
                             ("agent.no-agents-left",),
                             params={"seat": pid, "placed": len(pl["placed"]), "agents": pl["agents"]})
    for err in ask("placement-args", g, pid, a):  # a mode's own part of a placement
        return err
    space = seen.space(space_id)
    if space is None:
        known = g.space(space_id) if isinstance(space_id, str) and space_id in g.content.spaces else None
        return IllegalAction("agent.unknown-space", "There is no board space {space} in this game.",
                             ("agent.icon-mismatch", *([known["ruling"]] if known and "ruling" in known else [])),
                             params={"space": str(space_id)})
    if card_id not in pl["hand"] and "?" not in pl["hand"]:
        return IllegalAction("agent.card-required", "{seat} has no {card} in hand to play.",
                             ("agent.card-required",), params={"seat": pid, "card": card_id})
    card = g.content.cards.get(card_id, {})
    icons = placement_icons(g, pid, card_id) if icons is None else icons
    mine = seen.mine(space_id)
    if not icon_fits(icons, space["icon"], mine):
        rulings = ("agent.icon-mismatch", *g.content.rules["icon_rulings"])
        if not icons:
            return IllegalAction("agent.icon-mismatch", "{card} shows no Agent icon, and {space} needs the "
                                 "{icon} icon.", rulings,
                                 params={"card": card_id, "space": space_id, "icon": space["icon"]})
        return IllegalAction("agent.icon-mismatch", "{card} shows the icons {icons}, and {space} needs the "
                             "{icon} icon.", rulings, params={"card": card_id, "icons": list(icons), "space": space_id,
                                              "icon": space["icon"]})
    infiltrate, gather = a.get("infiltrate"), a.get("gather")
    for key, post, ruling in (("infiltrate", infiltrate, "spy.infiltrate"),
                              ("gather", gather, "spy.gather-intelligence")):
        if post is not None and post not in mine:
            return IllegalAction(f"spy.{key}-without-spy", "{seat} has no spy on the post {post} next to {space}.",
                                 (ruling,), params={"seat": pid, "post": str(post), "space": space_id})
    if infiltrate and infiltrate == gather:
        return IllegalAction("spy.two-spies", "One spy cannot both infiltrate and gather intelligence.",
                             ("spy.two-spies",))
    if (err := seen.spy_use(space_id, infiltrate, gather)) is not None:
        return err
    if (err := space_closed(g, pid, space, card_id, infiltrate)) is not None:
        return err
    holder = g.state["board"]["occupied"].get(space_id)
    if not agent_sources(g, pid, space_id, card_id):
        return IllegalAction("agent.no-agents-left", "{seat} has no Agent that can go to {space}.",
                             ("agent.no-agents-left",), params={"seat": pid, "space": space_id})
    if infiltrate and holder is None:
        return IllegalAction("spy.infiltrate-free-space", "{space} is free, so there is nothing to infiltrate.",
                             ("spy.infiltrate",), params={"space": space_id})
    if space_id == "swordmaster" and pl["swordmaster"]:
        return IllegalAction("swordmaster.once", "{seat} already has a Swordmaster.", ("swordmaster.gain",),
                             params={"seat": pid})
    need = space.get("requires")
    if need and card.get("ignore_requirements"):
        need = None
    if need and first("ignore-requirement", g, pid, space, card_id):
        need = None
    if need and need.get("no_seat") and pl["seat"]:
        return IllegalAction("high-council.seat-taken", "{seat} already has a High Council seat.",
                             ("high-council.base-seat",), params={"seat": pid})
    # the Influence the requirement reads (a six-player Commander's: his best Ally's; an Emperor or
    # Fremen requirement on that side: the track the seat's icon reaches)
    have = seen.level(need["influence"]) if need and "influence" in need else 0
    if need and "influence" in need and have < need["at_least"]:
        return IllegalAction("agent.influence-requirement",
                             "{space} needs {needed} Influence with the {faction}, and {seat} has {have}.",
                             ("agent.influence-requirement",),
                             params={"space": space_id, "needed": need["at_least"], "faction": need["influence"],
                                     "seat": pid, "have": have})
    cost = card_cost(g, seen.cost(space), pid, space, card_id)
    if not g.can_pay(pid, cost):
        return IllegalAction("agent.space-cost", "{space} costs {cost}, and {seat} has {solari} Solari, {spice} "
                             "spice and {water} water.", ("agent.space-cost",),
                             params={"space": space_id, "cost": amounts_said(cost), "seat": pid, "solari": pl["solari"],
                                     "spice": pl["spice"], "water": pl["water"]})
    return None


def placement_icons(g: Game, pid: str, card_id) -> list[str]:
    """The Agent icons a card played this turn shows (Plot Intrigue cards' extra icons and the
    cards and leaders that add some included): the same for every space."""
    card = g.content.cards.get(card_id, {})
    icons = sorted(set(card.get("icons", [])) | set(turn_flags(g, pid).get("extra_icons", [])))
    return adjust("card-icons", icons, g, pid, card_id)


def icon_fits(icons: list[str], icon: str, mine: list[str]) -> bool:
    """The space's icon is on the card, or the card's Spy icon reaches it through a Spy of one's
    own (`mine`: the posts beside it holding one)."""
    return icon in icons or ("spy" in icons and bool(mine))


def _send_agent_offers(g: Game, task: dict, pid: str) -> Iterator[dict]:
    """One by one (a forced-step check reads two: rules.offered)."""
    pl, seen = g.p(pid), Placing(g, pid)
    spaces = [(s, seen.space(s)["icon"], seen.mine(s), s in g.state["board"]["occupied"]) for s in seen.board()]
    for card in sorted(set(pl["hand"])):
        if len(pl["placed"]) >= pl["agents"] and not (pl["placed"] and agent_sources(g, pid, None, card)):
            continue
        icons = placement_icons(g, pid, card)
        for space, icon, mine, occupied in spaces:
            if not icon_fits(icons, icon, mine):
                continue  # placement_error refuses every placement there (agent.icon-mismatch): not asked
            for infiltrate in ([None, *mine] if occupied else [None]):
                for gather in [None, *[p for p in mine if p != infiltrate]]:
                    a = {"card": card, "space": space}
                    if infiltrate:
                        a["infiltrate"] = infiltrate
                    if gather:
                        a["gather"] = gather
                    # a mode's own part of a placement (a six-player Commander's Agent token)
                    variants = adjust("placement-variants", [a], g, pid)
                    yield from (v for v in variants if placement_error(g, pid, v, icons, seen) is None)


def _send_agent(g: Game, task: dict, pid: str, a: dict) -> None:
    err = placement_error(g, pid, a)
    if err is not None:
        raise err
    g.finish(task)
    send_from_source(g, pid, a, task.get("deployed", 0))


def send_from_source(g: Game, pid: str, a: dict, deployed: int) -> None:
    """Send the Agent of a checked placement: from the Leader, or (a card that moves an Agent)
    the one on the board, the player choosing when several could go."""
    space = g.space(a["space"])
    sources = agent_sources(g, pid, space["id"], a["card"])
    if len(sources) > 1:  # a card that moves an Agent: which one goes; the spies' use waits with it
        spies = {k: a[k] for k in ("infiltrate", "gather") if a.get(k)}
        g.push({"t": "choice", "player": pid, "kind": "agent-source", "src": f"card:{a['card']}",
                "action": {"card": a["card"], "space": space["id"], **spies}, "sources": sources,
                **({"deployed": deployed} if deployed else {})})
        return
    apply_send_agent(g, pid, a, space, None if sources == ["leader"] else sources[0], deployed)


verb(Verb("send-agent", ("turn",), _send_agent_offers, _send_agent,
          ("agent.card-required", "agent.icon-mismatch", "agent.space-occupied", "agent.space-cost")))


def _source_offers(g: Game, task: dict) -> list[dict]:
    """Which Agent goes ("skip": one from the Leader)."""
    return [{"space": s} for s in task["sources"] if s != "leader"] + \
        ([{"option": "skip"}] if "leader" in task["sources"] else [])


@choice("agent-source", _source_offers, ("agent.no-agents-left",), handles_skip=True)
def _agent_source(g: Game, task: dict, given: dict, below: dict) -> None:
    apply_send_agent(g, task["player"], task["action"], g.space(task["action"]["space"]),
                     given.get("space"), task.get("deployed", 0))


def apply_send_agent(g: Game, pid: str, a: dict, space: dict, source: str | None = None,
                     deployed: int = 0) -> None:
    """Place the agent (after the checks passed), pay, and set up the turn's DAG.
    `source`: the space of an Agent moved there from the board (None: one from the Leader)."""
    pl, board = g.p(pid), g.state["board"]
    card_id, space_id = a["card"], space["id"]
    if source is not None:
        lift_agent(g, pid, source)
        g.rulings.append(FLAG_RULINGS["move-agent"])
    identify(g, pid, "hand", card_id)  # a face-down card taken to be this one makes it unverifiable
    pl["hand"].remove(card_id)
    pl["play"].append(card_id)
    place_agent(g, pid, space_id)
    turn = _turn(g, pid, "agent", deployed, space=space_id, card=card_id)
    fire("agent-placed", g, pid, a, turn)  # what the placement names besides card and space
    if a.get("infiltrate"):  # after the turn opens: "if you recalled a spy this turn" counts it
        recall_spy(g, pid, a["infiltrate"])
    paid = space_cost(g, space, pid, card_id)
    g.pay(pid, paid)
    done = ["place", "cost"]
    effects = []
    if space["effects"]:
        effects.append(f"space:{space_id}")
    if agent_effects(g, pid, card_id):
        effects.append(f"card:{card_id}")
    effects += _flat(ask("agent-sent", g, pid, space_id))
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
    controller = adjust("controller", board["control"].get(space_id), g, space_id)  # a dreadnought covers the marker
    if controller and space.get("control"):
        g.gain(controller, space["control"])
        g.rulings.append("control.bonus")
    if a.get("gather"):
        recall_spy(g, pid, a["gather"])
        done.append("gather")
        g.push({"t": "chance", "kind": "draw", "player": pid, "n": 1})
        g.rulings.append("spy.gather-intelligence")
    turn["done"] = sorted(done)  # a set kept in order: the order effects resolved in is no outcome
    fire("space-cost-paid", g, pid, paid)
    fire("turn-opened", g, pid, turn)


def _maybe_skip_deploy(g: Game, turn: dict) -> None:
    """Deploying is a decision only when there is something to deploy: it is not offered then,
    and the turn may end without it (a log may still record deploying nothing)."""
    if _deploy_moot(g, turn):
        ms_add(turn["done"], "deploy")


def _deploy_skipped(g: Game, turn: dict) -> dict:
    """The turn as it stands once a deploy with nothing to deploy is skipped (what may follow it)."""
    return dict(turn, done=[*turn["done"], "deploy"]) if _deploy_moot(g, turn) else turn


def _deploy_moot(g: Game, turn: dict) -> bool:
    return ("deploy" in turn["nodes"] and "deploy" not in turn["done"] and blocking_edge(turn, "deploy") is None
            and (_garrison_units(g.p(adjust("acting-for", turn["player"], g))) == 0 or bool(turn.get("no_deploy"))
                 or (bool(turn.get("recruits_only")) and turn["recruited"] == 0)))


def _require(turn: dict, node: str) -> None:
    edge = blocking_edge(turn, node)
    if edge:
        pred, succ, ruling = edge
        raise IllegalAction("timing.out-of-order", "The step {step} cannot happen before {before} is resolved.",
                            (ruling,), path=[pred, succ], params={"step": succ, "before": pred})


# --- reveal -----------------------------------------------------------------------------------------
def _reveal_offers(g: Game, task: dict, pid: str) -> list[dict]:
    # a mode's own part of a reveal (the Ally a six-player Commander gives its effects to)
    return [] if g.p(pid)["revealed"] else adjust("reveal-variants", [{}], g, pid)


def _reveal(g: Game, task: dict, pid: str, a: dict) -> None:
    pl = g.p(pid)
    if pl["revealed"]:
        raise IllegalAction("turn.reveal-once", "{seat} has already revealed this round.", ("turn.reveal-once",),
                            params={"seat": pid})
    cards = a.get("cards", [])
    if not isinstance(cards, list):
        raise IllegalAction("reveal.cards", "A reveal lists the revealed cards under cards.", ("card.agent-or-reveal",))
    for card in cards:
        if err := wrong_kind(g, card, "reveal"):
            raise err
    for err in ask("reveal-args", g, pid, a):
        raise err
    g.finish(task)
    named = [c for c in pl["hand"] if c != "?"]
    for card in cards:  # each copy named beyond the ones known is a face-down card shown
        if not ms_remove(named, card):
            identify(g, pid, "hand", card, another=True)
    if "?" in pl["hand"]:
        g.hidden.append(f"{pid} revealed cards the log does not name")
    turn = _turn(g, pid, "reveal", task.get("deployed", 0))
    fire("reveal-opened", g, pid, a, turn)  # what the reveal names besides its cards
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
    effects += _flat(ask("reveal-nodes", g, pid))
    if pl["seat"]:
        pl["persuasion"] += g.content.rules["council_persuasion"]
        g.rulings.append(g.content.rules["council_ruling"])
    for space_id in sorted(pl["placed"]):  # Hall of Oratory: while your Agent is there
        bonus = g.content.spaces[space_id].get("reveal_persuasion", 0)
        if bonus:
            pl["persuasion"] += bonus
            g.rulings.append("hall-of-oratory.reveal-persuasion")
    fire("revealed", g, pid)
    turn["nodes"] = ["reveal", *effects, "acquire", "end"]
    turn["edges"] = ([["reveal", e, "card.agent-or-reveal"] for e in effects]
                     + [[e, "end", "timing.effects-before-end"] for e in effects]
                     + [["reveal", "acquire", "acquire.during-reveal"], ["reveal", "end", "turn.reveal-once"]])
    turn["done"] = ["reveal"]
    g.push({"t": "reveal", "player": pid})
    fire("turn-opened", g, pid, turn)


verb(Verb("reveal", ("turn",), _reveal_offers, _reveal, ("turn.reveal-once", "card.agent-or-reveal")))


# --- resolve an effect ---------------------------------------------------------------------------
def pending_effects(turn: dict) -> list[str]:
    return [n for n in turn["nodes"] if n not in turn["done"] and n not in ("deploy", "end", "acquire")]


def _resolve_offers(g: Game, task: dict, pid: str) -> list[dict]:
    peek = first("turn-peek", g, pid)
    out = [{"effect": peek}] if peek else []
    if task["t"] != "turn":
        turn = g.state["turn"]
        probe = _deploy_skipped(g, turn)  # an effect after a deploy with nothing to deploy (Command)
        out += [{"effect": n} for n in pending_effects(turn) if blocking_edge(probe, n) is None]
    return out


def _resolve(g: Game, task: dict, pid: str, a: dict) -> None:
    node = a.get("effect")
    peek = first("turn-peek", g, pid)
    if peek is not None and node == peek:  # looking at the top of the deck: in any own turn
        fire("peek", g, pid, node)
        return
    if task["t"] == "turn":
        raise IllegalAction("resolve.unknown-effect", "The effect {effect} cannot be resolved before an Agent is "
                            "sent or the cards are revealed.", ("timing.effects-any-order",),
                            params={"effect": str(node)})
    turn = g.state["turn"]
    if (node not in turn["nodes"] or node in TURN_NODES) and not pending_effects(turn):
        raise IllegalAction("resolve.unknown-effect", "{effect} is not an effect in play this turn, and no effect "
                            "is left to resolve.", ("timing.effects-any-order",), params={"effect": str(node)})
    if node not in turn["nodes"] or node in TURN_NODES:
        raise IllegalAction("resolve.unknown-effect", "{effect} is not an effect in play this turn; the effects "
                            "still to resolve are {effects}.", ("timing.effects-any-order",),
                            params={"effect": str(node), "effects": pending_effects(turn)})
    if node in turn["done"]:
        raise IllegalAction("resolve.already-resolved", "The effect {effect} was already resolved this turn.",
                            ("card.agent-or-reveal",), params={"effect": node})
    if blocking_edge(turn, node) is not None and blocking_edge(_deploy_skipped(g, turn), node) is None:
        _maybe_skip_deploy(g, turn)  # only a deploy with nothing to deploy stood before it
    _require(turn, node)
    ms_add(turn["done"], node)
    kind, _, ident = node.partition(":")
    NODES[kind](g, pid, ident.split("#")[0], node)


verb(Verb("resolve", ("agent", "reveal", "turn"), _resolve_offers, _resolve, ("timing.effects-any-order",),
          accepts=lambda g, task: task["t"] != "turn" or first("turn-peek", g, task["player"]) is not None))


@node_kind("space")
def _resolve_space(g: Game, pid: str, ident: str, node: str) -> None:
    space = g.space(ident)
    g.rulings += [*SPACE_RULINGS.get(ident, []), *space.get("rulings", [])]
    run(g, pid, space["effects"], node)


@node_kind("card")
def _resolve_agent_box(g: Game, pid: str, ident: str, node: str) -> None:
    g.rulings += g.content.cards.get(ident, {}).get("rulings", [])
    g.rulings += ["agent.one-box-per-turn", *_flat(ask("agent-box-rulings", g, pid, ident))]
    run(g, pid, agent_effects(g, pid, ident), node)


@node_kind("reveal")
def _resolve_reveal_box(g: Game, pid: str, ident: str, node: str) -> None:
    card = g.content.cards.get(ident, {})
    g.rulings += ["reveal.persuasion", *card.get("rulings", [])]
    run(g, pid, card.get("reveal", []), node)


# --- deploy -----------------------------------------------------------------------------------------
def _deploy_limit(turn: dict) -> int:
    return 0 if turn.get("recruits_only") else 2  # recruits only: a card let a non-combat space deploy


def _garrison_units(pl: dict) -> int:
    return pl["troops"]["garrison"] + commanders_in(pl, "garrison") + dreadnoughts_in(pl, "garrison")


def _from_garrison(turn: dict, garrison: int, commanders: int, dreadnoughts: int = 0) -> int:
    """Units taken from the garrison beyond this turn's recruits: troops counted in `garrison`,
    and the Commanders deployed beyond those recruited this turn (Bloodlines p. 4: a Commander
    may be one of the "up to two"), and so the dreadnoughts beyond those commissioned this turn
    (Rise of Ix p. 6)."""
    return (garrison + max(0, commanders - turn.get("commanders_recruited", 0))
            + max(0, dreadnoughts - turn.get("commissioned", 0)))


def _deploy_offers(g: Game, task: dict, pid: str) -> list[dict]:
    # a mode where another seat decides the deployment (a six-player Commander's activated Ally)
    return adjust("deploy-offers", deploy_offers(g, pid), g, pid)


def deploy_offers(g: Game, pid: str) -> list[dict]:
    """The deployments open in `pid`'s turn now (recruited troops, troops and Commanders from the garrison)."""
    turn, pl = g.state["turn"], g.p(adjust("acting-for", pid, g))  # whose units (a Commander's Ally's)
    troops = pl["troops"]
    if "deploy" not in turn["nodes"] or "deploy" in turn["done"] or blocking_edge(turn, "deploy") is not None \
            or _deploy_moot(g, turn):
        return []
    most = _deploy_limit(turn)
    return [{"recruited": r, "garrison": gar, **({"commanders": c} if c else {}), **({"dreadnoughts": d} if d else {})}
            for r in range(min(turn["recruited"], troops["garrison"]) + 1)
            for gar in range(min(most, troops["garrison"] - r) + 1)
            for c in range(commanders_in(pl, "garrison") + 1)
            for d in range(dreadnoughts_in(pl, "garrison") + 1) if _from_garrison(turn, gar, c, d) <= most]


def _deploy(g: Game, task: dict, pid: str, a: dict) -> None:
    if first("deploy-handed", g, pid, a):  # another seat answers it (a six-player Commander's Ally)
        return
    apply_deploy(g, pid, a)


def apply_deploy(g: Game, pid: str, a: dict) -> None:
    """Deploy in `pid`'s turn, checked against the turn's limits."""
    turn = g.state["turn"]
    if "deploy" not in turn["nodes"]:
        raise IllegalAction("deploy.not-combat-space", "{space} is not a combat space.",
                            ("deploy.combat-space-only",), params={"space": str(turn.get("space"))})
    if "deploy" in turn["done"]:
        raise IllegalAction("deploy.already", "Troops were already deployed this turn.", ("deploy.limits",))
    _require(turn, "deploy")
    recruited, garrison, bosses = a.get("recruited", 0), a.get("garrison", 0), a.get("commanders", 0)
    ships = a.get("dreadnoughts", 0)
    units = adjust("acting-for", pid, g)  # whose units deploy (a six-player Commander's: his Ally's)
    troops = g.p(units)["troops"]
    if not all(isinstance(n, int) and n >= 0 for n in (recruited, garrison, bosses, ships)):
        raise IllegalAction("deploy.bad-count", "The counts of a deploy are whole numbers.", ("deploy.limits",))
    if _deploy_moot(g, turn) and recruited + garrison + bosses + ships == 0:  # nothing to deploy, recorded anyway
        _maybe_skip_deploy(g, turn)
        g.rulings.append("log.forced-steps")
        return
    if turn.get("no_deploy") and recruited + garrison + bosses + ships:
        raise IllegalAction("deploy.forbidden", "{seat} may deploy no unit this turn.",
                            (FLAG_RULINGS["no_deploy"],), params={"seat": pid})
    most = _deploy_limit(turn)
    if recruited > turn["recruited"] or garrison > most or recruited + garrison > troops["garrison"]:
        raise IllegalAction("deploy.limits", "{seat} may deploy at most the {recruited} troop(s) recruited this "
                            "turn plus {most} from the garrison ({garrison} there), not {asked_recruited} "
                            "recruited and {asked_garrison} from the garrison.",
                            ("deploy.limits", "deploy.no-rerecruit"),
                            params={"seat": pid, "recruited": turn["recruited"], "most": most,
                                    "garrison": troops["garrison"], "asked_recruited": recruited,
                                    "asked_garrison": garrison})
    if bosses > commanders_in(g.p(units), "garrison"):
        raise IllegalAction("deploy.no-commander", "{seat} has {have} Sardaukar Commander(s) in the garrison, not "
                            "{asked}: a recruit effect never recruits one (only acquiring one, or paying 2 Solari "
                            "once a turn, does).",
                            ("bloodlines.commander-recruit-supply", "bloodlines.commander-garrison"),
                            params={"seat": units, "have": commanders_in(g.p(units), "garrison"), "asked": bosses})
    if bosses and _from_garrison(turn, garrison, bosses) > most:
        raise IllegalAction("deploy.limits", "{seat} may deploy at most {most} units from the garrison, "
                            "Commanders included, not {troops} troop(s) and {commanders} Commander(s) "
                            "({recruited} Commander(s) recruited this turn).",
                            ("bloodlines.commander-garrison", "bloodlines.combat-icon-garrison-limit",
                             "bloodlines.commander-recruited-first", "deploy.limits"),
                            params={"seat": pid, "most": most, "troops": garrison, "commanders": bosses,
                                    "recruited": turn.get("commanders_recruited", 0)})
    if ships > dreadnoughts_in(g.p(units), "garrison"):
        raise IllegalAction("deploy.no-dreadnought", "{seat} has {have} Dreadnought(s) in the garrison, not {asked}.",
                            ("ix.dreadnought-deploy",),
                            params={"seat": units, "have": dreadnoughts_in(g.p(units), "garrison"), "asked": ships})
    if ships and _from_garrison(turn, garrison, bosses, ships) > most:
        raise IllegalAction("deploy.limits", "{seat} may deploy at most {most} units from the garrison, "
                            "Dreadnoughts included, not {troops} troop(s) and {dreadnoughts} Dreadnought(s) "
                            "({commissioned} commissioned this turn).", ("ix.dreadnought-deploy", "deploy.limits"),
                            params={"seat": pid, "most": most, "troops": garrison, "dreadnoughts": ships,
                                    "commissioned": turn.get("commissioned", 0)})
    troops["garrison"] -= recruited + garrison
    troops["conflict"] += recruited + garrison
    move_commanders(g, units, "garrison", "conflict", bosses)
    move_dreadnoughts(g, units, "garrison", "conflict", ships)
    if ships:
        g.rulings.append("ix.dreadnought-deploy")
    ms_add(turn["done"], "deploy")
    count_deployed(g, pid, recruited + garrison + bosses + ships, troops=recruited + garrison)


# a Reveal turn deploys only when an effect opened it (the Combat icon, Bloodlines p. 5)
verb(Verb("deploy", ("agent", "reveal"), _deploy_offers, _deploy, ("deploy.limits",),
          accepts=lambda g, task: task["t"] == "agent" or "deploy" in (g.state.get("turn") or {}).get("nodes", ())))


# --- acquire ----------------------------------------------------------------------------------------
def _acquire_terms(g: Game, pid: str, card_id: str) -> tuple[str, int] | None:
    """Where `pid` can buy `card_id` now ("row", "reserve" or "set-aside") and its price in
    Persuasion; None when it is not available."""
    st, card = g.state, g.content.cards.get(card_id)
    if card is None:
        return None
    if card_id in st["row"]:
        where = "row"
    elif st["reserve"].get(card_id, 0) > 0 and card.get("buyable", True):
        where = "reserve"
    elif card_id in _flat(ask("market-offers", g, pid)):  # a row only some players buy from
        where = "market"
    elif card_id in _flat(ask("set-aside-offers", g, pid, "persuasion")):
        where = "set-aside"
    else:
        return None
    price = adjust("card-price", card["cost"] or 0, g, pid, card_id, where == "set-aside")
    return where, max(0, price)


def _acquire_offers(g: Game, task: dict, pid: str) -> list[dict]:
    st, turn = g.state, g.state["turn"]
    if blocking_edge(turn, "acquire") is not None:
        return []
    names = set(st["row"]) | set(st["reserve"]) | set(_flat(ask("set-aside-offers", g, pid, "persuasion"))) \
        | set(_flat(ask("market-offers", g, pid)))
    out = []
    for c in sorted(names):
        terms = _acquire_terms(g, pid, c)
        if terms is not None and terms[1] <= g.p(pid)["persuasion"]:
            out.append({"card": c})
    return out


def _acquire(g: Game, task: dict, pid: str, a: dict) -> None:
    turn, st = g.state["turn"], g.state
    _require(turn, "acquire")
    card_id = a.get("card")
    if err := wrong_kind(g, card_id, "acquire") or first("acquire-refusal", g, pid, card_id, a):
        raise err
    if a.get("top"):  # never ignored: an acquired card goes to the discard pile unless an effect says so
        raise IllegalAction("acquire.deck-top", "{card} acquired goes to the discard pile of {seat}: nothing lets "
                            "it go on top of the deck here.", ("acquire.to-discard",),
                            params={"card": card_id, "seat": pid})
    terms = _acquire_terms(g, pid, card_id)
    if terms is None and (err := first("why-not-available", g, pid, card_id)):  # a row not theirs
        raise err
    if terms is None:
        raise IllegalAction("acquire.not-available", "{card} is neither in the Imperium Row ({row_cards}) nor in "
                            "the Reserve.", ("acquire.cost", "reserve.cards"),
                            params={"card": card_id, "row_cards": list(st["row"])})
    where, price = terms
    pl, card = g.p(pid), g.content.cards[card_id]
    if price > pl["persuasion"]:
        raise IllegalAction("acquire.cost", "{card} costs {price} Persuasion, and {seat} has {have}.",
                            ("acquire.cost",), params={"card": card_id, "price": price, "seat": pid,
                                                      "have": pl["persuasion"]})
    pl["persuasion"] -= price
    ms_add(pl["discard"], card_id)
    g.rulings.append("acquire.to-discard")
    if card.get("acquire"):
        g.rulings.append("acquire.bonus")
    run(g, pid, card.get("acquire", []), f"acquire:{card_id}")
    fire("acquired", g, pid, card_id)
    if where == "row":
        st["row"].remove(card_id)
        if st["imperium_deck"]["cards"]:
            g.push({"t": "chance", "kind": "refill-row"})
        g.rulings.append("acquire.row-refill")
    elif where == "reserve":
        st["reserve"][card_id] -= 1
    elif where == "market":
        first("take-from-market", g, pid, card_id)
    else:
        first("take-set-aside", g, pid, card_id, "persuasion")


verb(Verb("acquire", ("reveal",), _acquire_offers, _acquire, ("acquire.cost",)))


# --- end the turn -----------------------------------------------------------------------------------
def _end_offers(g: Game, task: dict, pid: str) -> list[dict]:
    return [{}] if blocking_edge(_deploy_skipped(g, g.state["turn"]), "end") is None else []


def _end_turn(g: Game, task: dict, pid: str, a: dict) -> None:
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
        fire("reveal-turn-end", g, pid)
    fire("turn-end", g, pid, turn)  # "at the end of the turn" effects, either kind of turn
    g.state["turn"] = None
    g.finish(task)


verb(Verb("end-turn", ("agent", "reveal"), _end_offers, _end_turn, ("turn.order",)))
