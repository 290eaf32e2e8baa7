"""Code-backed rules of Dune: Imperium - Bloodlines: Command (6+) (p. 5), its Imperium and
Intrigue cards, the CHOAM additions (p. 2: Coercive Negotiation, the Earn any Alliance and
Immediate contracts). Wild battle icons at the Endgame (p. 5) are the general rule of
`combat.pair_wild_objectives`; the Spy with Deep Cover is the `spy` op's `deep`. The leaders
are in `leaders.py`.

Every rule here changes the game only where a Bloodlines component asks for it: a plain game
never reaches these handlers, and the hooks below answer nothing (nor write any state) there.
"""

from __future__ import annotations

from ....core import rng
from ....core.errors import IllegalAction
from ...chance import check_kind
from ...content import FACTIONS
from ...game import Game, ms_add, ms_remove, my_turn, post_of, spy_owners
from ...registry import ChanceKind, chance_kind, choice, custom, fire, hook, intrigue_check, node_kind
from ...steps import prepend, push_choice, run
from ...zones import acquire_card, complete_contract, place_spy, recall_spy

SKIP = {"option": "skip"}
COMMAND_AT = 6  # "Command (6+)"
# the seven Agent icons of the board spaces (the Spy icon opens no space of its own)
AGENT_ICONS = ("bene-gesserit", "city", "emperor", "fremen", "guild", "landsraad", "spice-trade")


def _turn_task(g: Game, pid: str) -> dict | None:
    """The pending `turn` task of `pid` (a Plot Intrigue card played before the Agent is sent)."""
    return next((t for t in reversed(g.state["stack"]) if t["t"] == "turn" and t["player"] == pid), None)


def _then(task: dict, step: dict, ok: bool) -> None:
    if ok:
        prepend(task, list(step["then"]))


# --- Command (6+), p. 5 -----------------------------------------------------------------------
@hook("revealed", module="bloodlines")
def _persuasion_of_the_reveal(g: Game, pid: str) -> None:
    """What the reveal itself gave (the High Council seat, Hall of Oratory) and what was held
    before it: the start of the Persuasion this Reveal turn generates (Command counts it all)."""
    turn = my_turn(g, pid)
    if turn:
        turn["persuasion_base"] = g.p(pid)["persuasion"] - turn.get("gained", {}).get("persuasion", 0)


def persuasion_generated(g: Game, pid: str) -> int:
    """The Persuasion generated in `pid`'s Reveal turn so far, whatever was spent of it."""
    turn = my_turn(g, pid)
    return turn.get("persuasion_base", 0) + turn.get("gained", {}).get("persuasion", 0)


@custom("command")
def command(g: Game, task: dict, step: dict) -> None:
    """Command (6+): `then` applies only in a Reveal turn generating 6 Persuasion or more, the
    card's own included. The whole turn counts: with the total still short while other effects
    of the turn are unresolved, the effect waits for them as a node of its own (a `command` node
    after them); then it applies if the total reached 6, else it lapses."""
    pid = task["player"]
    turn = my_turn(g, pid)
    g.rulings.append("bloodlines.command")
    if turn.get("kind") != "reveal":
        return
    if persuasion_generated(g, pid) >= COMMAND_AT:
        prepend(task, list(step["then"]))
        return
    waiting = [n for n in turn["nodes"] if n not in turn["done"] and n not in ("acquire", "end")]
    if not waiting:
        return
    commands = turn.setdefault("commands", {})
    node = f"command:{len(commands) + 1}"
    commands[node] = {"steps": step["then"], "src": task["src"]}
    turn["nodes"].insert(turn["nodes"].index("acquire"), node)
    turn["edges"] += [[n, node, "bloodlines.command-whole-turn"] for n in waiting]
    turn["edges"].append([node, "end", "timing.effects-before-end"])
    g.rulings.append("bloodlines.command-whole-turn")


@node_kind("command")
def _resolve_command(g: Game, pid: str, ident: str, node: str) -> None:
    waiting = g.state["turn"]["commands"][node]
    g.rulings += ["bloodlines.command", "bloodlines.command-whole-turn"]
    if persuasion_generated(g, pid) >= COMMAND_AT:
        run(g, pid, waiting["steps"], waiting["src"])


# --- conditions of single cards ------------------------------------------------------------------
@custom("if-gained-this-turn")
def if_gained_this_turn(g: Game, task: dict, step: dict) -> None:
    """Fremen War Name, Sandwalk: `then` if you gained that much of the resource this turn."""
    gained = my_turn(g, task["player"]).get("gained", {}).get(step["resource"], 0)
    _then(task, step, gained >= step["at_least"])


@custom("if-resource-at-least")
def if_resource_at_least(g: Game, task: dict, step: dict) -> None:
    """Sacred Pools (Endgame): `then` if you hold that much of the resource."""
    _then(task, step, g.p(task["player"])[step["resource"]] >= step["at_least"])


def garrison_units(g: Game, pid: str) -> int:
    """Units in the garrison: troops, and Sardaukar Commanders where the state keeps them."""
    pl = g.p(pid)
    return pl["troops"]["garrison"] + pl.get("commanders", {}).get("garrison", 0)


@custom("if-garrison-units")
def if_garrison_units(g: Game, task: dict, step: dict) -> None:
    """Imperial Throneship: `then` with that many units in your garrison."""
    _then(task, step, garrison_units(g, task["player"]) >= step["at_least"])


@custom("if-last-trashed-faction")
def if_last_trashed_faction(g: Game, task: dict, step: dict) -> None:
    """Elite Forces: `then` if the card this effect just trashed has that Faction."""
    card = my_turn(g, task["player"]).get("last_trashed")
    ok = card is not None and step["faction"] in g.content.cards.get(card, {}).get("factions", [])
    _then(task, step, ok)


@custom("each-faction-with-influence")
def each_faction_with_influence(g: Game, task: dict, step: dict) -> None:
    """Return the Favor: `then` once per Faction where you have `at_least` Influence."""
    influence = g.p(task["player"])["influence"]
    n = sum(1 for f in FACTIONS if influence[f] >= step["at_least"])
    prepend(task, list(step["then"]) * n)


# --- contracts --------------------------------------------------------------------------------
@hook("contract-completed", module="bloodlines")
def _contract_completed(g: Game, pid: str, cid: str) -> None:
    """Mercantile Affairs reads whether a contract was completed this turn."""
    turn = my_turn(g, pid)
    if turn:
        turn["contracts_completed"] = turn.get("contracts_completed", 0) + 1


@custom("if-completed-contract-this-turn")
def if_completed_contract_this_turn(g: Game, task: dict, step: dict) -> None:
    _then(task, step, my_turn(g, task["player"]).get("contracts_completed", 0) > 0)


@custom("complete-own-contract")
def complete_own_contract(g: Game, task: dict, step: dict) -> None:
    """CHOAM Demands: complete one of your face-up contracts, its condition ignored."""
    if g.p(task["player"])["contracts"]:
        push_choice(g, task, "own-contract")


@choice("own-contract", lambda g, task: [{"contract": c} for c in sorted(set(g.p(task["player"])["contracts"]))],
        ("choam.contracts",))
def _own_contract(g: Game, task: dict, given: dict, below: dict) -> None:
    complete_contract(g, task["player"], given["contract"])


@hook("alliance-taken", module="bloodlines")
def _earn_any_alliance(g: Game, pid: str, faction: str) -> None:
    """Earn any Alliance: completed when its holder next takes an Alliance token (one they did
    not hold: a token already held when the contract was taken never counts)."""
    for cid in list(g.p(pid)["contracts"]):
        if g.content.contracts[cid]["condition"].get("alliance"):
            g.rulings.append("choam.earn-any-alliance")
            complete_contract(g, pid, cid)


def _has_intrigue(g: Game, pid: str) -> bool:
    return bool(g.p(pid)["intrigue"])


@hook("contract-refusal", module="bloodlines")
def _immediate_needs_intrigue(g: Game, pid: str, cid: str) -> IllegalAction | None:
    """The Immediate contract that trashes an Intrigue card cannot be taken without one."""
    if g.content.contracts.get(cid, {}).get("take_requires") == "intrigue-card-to-trash" \
            and not _has_intrigue(g, pid):
        return IllegalAction("choam.contract-needs-intrigue", "{seat} holds no Intrigue card to trash, so the "
                             "contract {contract} cannot be taken.", ("choam.immediate-needs-intrigue",),
                             params={"seat": pid, "contract": cid})
    return None


@custom("trash-intrigue")
def trash_intrigue(g: Game, task: dict, step: dict) -> None:
    """Trash that many of your Intrigue cards (a price the Immediate contract makes sure of)."""
    g.rulings.append("bloodlines.trash-intrigue-icon")
    for _ in range(min(step.get("count", 1), len(g.p(task["player"])["intrigue"]))):
        push_choice(g, task, "intrigue", trash=True)


@custom("reveal-contracts-take-one")
def reveal_contracts_take_one(g: Game, task: dict, step: dict) -> None:
    """Coercive Negotiation: reveal that many contracts from the pile, take one, trash the rest."""
    n = min(step["reveal"], len(g.state["contracts"]["pile"]))
    g.rulings.append("choam.contracts")
    if n:
        g.push({"t": "chance", "kind": "reveal-contracts", "player": task["player"], "n": n},
               {"t": "choice", "player": task["player"], "kind": "revealed-contract", "src": task["src"]})


def _reveal_contracts(task: dict, cards: list) -> dict:
    return {"do": "reveal-contracts", "player": task["player"], "contracts": sorted(cards)}


def _deal_contracts(g: Game, task: dict) -> dict:
    pool = sorted(g.state["contracts"]["pile"])
    return _reveal_contracts(task, [pool.pop(rng.below(g.state, len(pool))) for _ in range(task["n"])])


def _apply_contracts(g: Game, task: dict, action: dict) -> None:
    check_kind(task, action)
    cards, pile = action.get("contracts"), g.state["contracts"]["pile"]
    left = list(pile)
    if not isinstance(cards, list) or len(cards) != task["n"] or not all(ms_remove(left, c) for c in cards):
        raise IllegalAction("chance.card-not-available", "{count} contracts from the pile ({contracts}) are "
                            "revealed.", ("chance.card-not-available",),
                            params={"count": task["n"], "contracts": sorted(pile)})
    g.state["contracts"]["pile"] = left
    g.p(task["player"])["revealed_contracts"] = sorted(cards)


chance_kind(ChanceKind("reveal-contracts", lambda g, task: None, _deal_contracts, _apply_contracts,
                       ("choam.contracts",)))


def _revealed_offers(g: Game, task: dict) -> list[dict]:
    pid = task["player"]
    found = sorted(set(g.p(pid).get("revealed_contracts", [])))
    return [{"contract": c} for c in found if _immediate_needs_intrigue(g, pid, c) is None] or [SKIP]


@choice("revealed-contract", _revealed_offers, ("choam.contracts",), handles_skip=True)
def _revealed_contract(g: Game, task: dict, given: dict, below: dict) -> None:
    pid = task["player"]
    pl = g.p(pid)
    seen = pl.pop("revealed_contracts", [])
    if "contract" in given:
        seen.remove(given["contract"])
        pl["contracts"].append(given["contract"])
        fire("contract-taken", g, pid, given["contract"])
    for cid in seen:  # the others are trashed
        ms_add(g.state["contracts"].setdefault("trashed", []), cid)


# --- Imperium Row --------------------------------------------------------------------------------
@custom("acquire-row-card")
def acquire_row_card(g: Game, task: dict, step: dict) -> None:
    """Engineered Miracle: acquire any card of the Imperium Row without paying (no cost limit)."""
    if g.state["row"]:
        push_choice(g, task, "row-card")


@choice("row-card", lambda g, task: [*({"card": c} for c in sorted(set(g.state["row"]))), SKIP],
        ("card.acquire-effect",))
def _row_card(g: Game, task: dict, given: dict, below: dict) -> None:
    acquire_card(g, task["player"], given["card"])


# --- opponents' troops and spies ---------------------------------------------------------------
def left_conflict(g: Game, pid: str, n: int) -> None:
    """Troops of `pid` that left the Conflict (retreated or lost): Chani's Tactics track."""
    if n:
        fire("troops-left-conflict", g, pid, n)


@custom("each-opponent-loses-troop")
def each_opponent_loses_troop(g: Game, task: dict, step: dict) -> None:
    """Holy War: each opponent (clockwise from your left) loses that many troops to the supply,
    choosing from the garrison or the Conflict."""
    for q in g.clockwise_from(task["player"])[1:]:
        troops = g.p(q)["troops"]
        for _ in range(min(step.get("count", 1), troops["garrison"] + troops["conflict"])):
            g.push({"t": "choice", "player": q, "kind": "lose-troop", "src": task["src"]})


def _lose_offers(g: Game, task: dict) -> list[dict]:
    troops = g.p(task["player"])["troops"]
    return [{"zone": z} for z in ("conflict", "garrison") if troops[z] > 0] or [SKIP]


@choice("lose-troop", _lose_offers, ("troop.lose-to-supply",), handles_skip=True)
def _lose_troop(g: Game, task: dict, given: dict, below: dict) -> None:
    zone = given.get("zone")
    if zone is None:
        return
    troops = g.p(task["player"])["troops"]
    troops[zone] -= 1
    troops["supply"] += 1
    g.rulings.append("troop.lose-to-supply")
    if zone == "conflict":
        left_conflict(g, task["player"], 1)


@custom("opponent-retreats-troop")
def opponent_retreats_troop(g: Game, task: dict, step: dict) -> None:
    """Disruption Tactics: an opponent of your choice retreats that many of their troops."""
    if any(g.p(q)["troops"]["conflict"] for q in g.opponents(task["player"])):
        push_choice(g, task, "opponent-retreat", count=step.get("count", 1))


def _retreat_offers(g: Game, task: dict) -> list[dict]:
    return [{"player": q} for q in g.clockwise_from(task["player"])[1:] if g.p(q)["troops"]["conflict"]]


@choice("opponent-retreat", _retreat_offers, ("retreat.definition",))
def _opponent_retreat(g: Game, task: dict, given: dict, below: dict) -> None:
    troops = g.p(given["player"])["troops"]
    n = min(task["count"], troops["conflict"])
    troops["conflict"] -= n
    troops["garrison"] += n
    g.rulings.append("retreat.definition")
    left_conflict(g, given["player"], n)


@custom("opponent-spies-on-space-move")
def opponent_spies_move(g: Game, task: dict, step: dict) -> None:
    """Holy War, False Orders: each opponent with a Spy on a post of the space your Agent went to
    this turn moves it to another post of their choice (clockwise from your left)."""
    space = my_turn(g, task["player"]).get("space")
    posts = g.space_posts(space)
    for q in g.clockwise_from(task["player"])[1:]:
        for post in posts:
            if q in spy_owners(g, post):
                g.push({"t": "choice", "player": q, "kind": "move-spy", "src": task["src"], "post": post})


def _move_offers(g: Game, task: dict) -> list[dict]:
    taken = {post_of(k) for k in g.state["board"]["spies"]}
    free = [{"post": p} for p in sorted(g.posts) if p not in taken]
    return free or [SKIP]


@choice("move-spy", _move_offers, ("spy.place",), handles_skip=True)
def _move_spy(g: Game, task: dict, given: dict, below: dict) -> None:
    """The Spy goes to a free post; with none free it goes back to its owner's supply."""
    pid = task["player"]
    recall_spy(g, pid, task["post"])
    if "post" in given:
        place_spy(g, pid, given["post"])


# --- Urgent Shigawire, Insider Information -----------------------------------------------------
@custom("next-bene-gesserit-card-boost")
def next_bene_gesserit_boost(g: Game, task: dict, step: dict) -> None:
    """Urgent Shigawire: this round, the next Bene Gesserit card you play has every Agent icon
    and draws a card in its Agent box."""
    g.p(task["player"])["bg_boost"] = g.state["round"]
    g.rulings.append("card.urgent-shigawire")


def _boosts(g: Game, pid: str, card_id: str) -> bool:
    return g.p(pid).get("bg_boost") == g.state["round"] \
        and "bene-gesserit" in g.content.cards.get(card_id, {}).get("factions", [])


@hook("card-icons", module="bloodlines")
def _boosted_icons(icons: list, g: Game, pid: str, card_id: str) -> list:
    if _boosts(g, pid, card_id):
        g.rulings.append("card.urgent-shigawire")
        return sorted(set(icons) | set(AGENT_ICONS))
    return icons


@hook("agent-box", module="bloodlines")
def _boosted_box(g: Game, pid: str, card_id: str) -> list | None:
    """The boosted card's Agent box draws a card too; the boost is used by that card."""
    turn = my_turn(g, pid)
    if turn.get("kind") == "agent" and turn.get("card") == card_id and _boosts(g, pid, card_id):
        g.p(pid).pop("bg_boost")
        turn["boosted"] = card_id
    if turn.get("boosted") == card_id and turn.get("card") == card_id:
        return [*g.content.cards[card_id].get("agent", []), {"draw": 1}]
    return None


@custom("ignore-influence-requirements-this-turn")
def ignore_requirements_this_turn(g: Game, task: dict, step: dict) -> None:
    """Insider Information: board spaces' Influence requirements do not bind this turn's Agent
    (played at the start of the turn, before the Agent goes out)."""
    turn = _turn_task(g, task["player"])
    if turn is not None:
        turn["ignore_requirements"] = True
    g.rulings.append("card.insider-information")


@hook("ignore-requirement", module="bloodlines")
def _ignore_requirement(g: Game, pid: str, space: dict, card_id: str) -> bool | None:
    turn = _turn_task(g, pid)
    if turn is not None and turn.get("ignore_requirements") and "influence" in space.get("requires", {}):
        g.rulings.append("card.insider-information")
        return True
    return None


# --- Grasp Arrakis ----------------------------------------------------------------------------------
def _face_up_conflicts(g: Game, pid: str) -> list[int]:
    return [i for i, c in enumerate(g.p(pid)["conflicts"]) if not c["flipped"]]


@custom("flip-conflict-cards")
def flip_conflict_cards(g: Game, task: dict, step: dict) -> None:
    """Grasp Arrakis (Endgame): flip that many of your face-up Conflict cards face down, then
    `then`. The cards are the price: the card is not playable without them."""
    if len(_face_up_conflicts(g, task["player"])) < step["count"]:
        return
    push_choice(g, task, "flip-price", left=step["count"])
    prepend(task, list(step["then"]))


@choice("flip-price", lambda g, task: [{"option": i} for i in _face_up_conflicts(g, task["player"])],
        ("card.grasp-arrakis",))
def _flip_price(g: Game, task: dict, given: dict, below: dict) -> None:
    g.p(task["player"])["conflicts"][given["option"]]["flipped"] = True
    g.rulings.append("card.grasp-arrakis")
    if task["left"] > 1:
        g.push(dict(task, left=task["left"] - 1))


@intrigue_check("flip-conflict-cards")
def _grasp_arrakis_check(g: Game, task: dict, pid: str, card: str, step: dict) -> None:
    if len(_face_up_conflicts(g, pid)) < step["count"]:
        raise IllegalAction("intrigue.precondition", "{seat} has fewer than {count} face-up Conflict cards to "
                            "flip.", ("card.grasp-arrakis",), params={"seat": pid, "count": step["count"]})


__all__ = ["command", "garrison_units", "left_conflict", "persuasion_generated"]
