"""Rise of Ix's cards, tiles and leaders whose steps need code (docs/ix-data.md, 'Custom steps').
The ones not written yet are listed in `NOT_IMPLEMENTED` (`__init__.py`): reaching one is answered
`unverifiable` / `not-implemented`, never ignored."""

from __future__ import annotations

from ....core.errors import IllegalAction
from ....core.observers import Hidden
from ...choices import SKIP
from ...conditions import holds
from ...content import FACTIONS
from ...deck import HIDDEN, keep_one_looked_at, put_on_bottom, put_on_top
from ...game import Game, ms_remove, my_turn
from ...influence import change_influence
from ...leaders import leader_effects, leader_node, passive_step, trigger
from ...registry import CUSTOM, choice, custom, fire, hook
from ...steps import choice_task, custom_steps, prepend, push_choice, run
from ...zones import MOVES, agents_on, count_deployed, move_troops
from ..tech import tile_data
from .ix import tile_rules
from .units import MODULE, move_dreadnoughts

R_CARD = "ix.card-steps"
R_YUNA = "leader.yuna-moritani"
R_SWORDS = "ix.swords-provided"
R_EXTRA_TURN = "ix.extra-turn"
R_DISCOUNT = "ix.card-space-discount"
WIN = "win"  # an armed effect that waits for its player's win of this Conflict
SWORDS_PROVIDED = "revealed_providing_swords"


@custom("dreadnought-strength", "solari-bonus-on-gain", "acquire-to-deck-top-always", "troop-transports",
        "space-discount-this-agent")
def standing(g: Game, task: dict, step: dict) -> None:
    """A standing rule read where it applies (Rhombur's dreadnoughts, Yuna's Solari: `_standing_leaders`;
    Spaceport: `_spaceport`; Troop Transports: `ix._shipping_reward`; Guild Accord's discount, taken as
    the cost is paid: `_card_discount`)."""


@custom("if-space-has-opponent-agent")
def if_space_has_opponent_agent(g: Game, task: dict, step: dict) -> None:
    """Bounty Hunter: `then` when this turn's space holds another player's Agent."""
    space = my_turn(g, task["player"]).get("space")
    if space and any(q != task["player"] for q in agents_on(g, space)):
        g.rulings.append(R_CARD)
        prepend(task, list(step["then"]))


@custom("if-agents-on-space-icons")
def if_agents_on_space_icons(g: Game, task: dict, step: dict) -> None:
    """Armand Ecaz's Coordination: `then` with `at_least` of your Agents on spaces of those icons."""
    mine = [s for s in g.p(task["player"])["placed"] if g.space(s)["icon"] in step["icons"]]
    if len(mine) >= step["at_least"]:
        prepend(task, list(step["then"]))


@custom("influence-per-faction-with-agent")
def influence_per_faction_with_agent(g: Game, task: dict, step: dict) -> None:
    """Quid Pro Quo: Influence with each Faction where one of your Agents stands on its space."""
    pid = task["player"]
    factions = {g.space(s).get("faction") for s in g.p(pid)["placed"]}
    for faction in [f for f in FACTIONS if f in factions]:
        change_influence(g, pid, faction, step["amount"])
    g.rulings.append(R_CARD)


@custom("each-faction-with-influence-at-most")
def each_faction_with_influence_at_most(g: Game, task: dict, step: dict) -> None:
    """Spy Satellites at the end: `then` once per Faction where you have at most `at_most` Influence."""
    influence = g.p(task["player"])["influence"]
    prepend(task, list(step["then"]) * sum(1 for f in FACTIONS if influence[f] <= step["at_most"]))


@custom("vp-for-conditions")
def vp_for_conditions(g: Game, task: dict, step: dict) -> None:
    """Grand Conspiracy: the VP of the highest count of `conditions` that hold, once."""
    met = sum(1 for cond in step["conditions"] if holds(g, task["player"], cond, task["src"]))
    reached = [vp for n, vp in sorted(step["vp"].items(), key=lambda kv: int(kv[0])) if met >= int(n)]
    if reached:
        g.gain(task["player"], {"vp": reached[-1]})
    g.rulings.append(R_CARD)


@custom("retreat-dreadnoughts")
def retreat_dreadnoughts(g: Game, task: dict, step: dict) -> None:
    """Cannon Turrets (each opponent): up to `count` of your dreadnoughts back to the garrison."""
    pid = task["player"]
    move_dreadnoughts(g, pid, "conflict", "garrison", min(step["count"], g.p(pid)["dreadnoughts"]["conflict"]))
    g.rulings.append(R_CARD)


@custom("recruit-and-deploy")
def recruit_and_deploy(g: Game, task: dict, step: dict) -> None:
    """Treachery's Unload box: troops from the supply straight into the Conflict."""
    pid = task["player"]
    troops = g.p(pid)["troops"]
    n = min(step["count"], troops["supply"])
    troops["supply"] -= n
    troops["conflict"] += n
    count_deployed(g, pid, n, troops=n)
    g.rulings.append(R_CARD)


@custom("extra-turn")
def extra_turn(g: Game, task: dict, step: dict) -> None:
    """Weirding Way: you may take another turn right after this one."""
    push_choice(g, task, "extra-turn")


@choice("extra-turn", lambda g, task: [{"option": "take"}, SKIP], (R_EXTRA_TURN,))
def _take_extra_turn(g: Game, task: dict, given: dict, below: dict) -> None:
    """The round's flow goes on with this player again (rounds.turns: a player who has not
    revealed takes the turn `next` names)."""
    flow = g.state["stack"][0]
    if flow["t"] == "flow" and flow.get("step") == "turns":
        flow["next"] = task["player"]


@custom("if-win-this-conflict")
def if_win_this_conflict(g: Game, task: dict, step: dict) -> None:
    """Strategic Push: `then` waits for this Conflict's outcome; it comes with the win (first
    place), never on a tie or a loss (`_won_this_conflict`, `_conflict_over`)."""
    entry = {"on": WIN, "round": g.state["round"], "steps": step["then"], "src": task["src"]}
    g.p(task["player"]).setdefault("armed", []).append(entry)
    g.rulings.append(R_CARD)


@hook("conflict-won", module="ix")
def _won_this_conflict(g: Game, pid: str) -> None:
    pl = g.p(pid)
    for armed in [a for a in pl.get("armed", []) if a["on"] == WIN]:
        pl["armed"].remove(armed)
        run(g, pid, armed["steps"], armed["src"])


@hook("combat-cleanup", module="ix")
def _conflict_over(g: Game) -> None:
    """What waited for a win that did not come lapses with the Combat phase."""
    for pid in g.order:
        pl = g.p(pid)
        if any(a["on"] == WIN for a in pl.get("armed", [])):
            pl["armed"] = [a for a in pl["armed"] if a["on"] != WIN]


@custom("double-space-influence")
def double_space_influence(g: Game, task: dict, step: dict) -> None:
    """Treachery: this turn's Faction board space gives 2 Influence, not 1: the space gives its
    one, the card the other (nothing on a space of no Faction)."""
    faction = g.content.spaces.get(my_turn(g, task["player"]).get("space"), {}).get("faction")
    if faction:
        change_influence(g, task["player"], faction, 1)
    g.rulings.append(R_CARD)


@hook("card-space-cost", module="ix")
def _card_discount(cost: dict, g: Game, pid: str, space: dict, card_id: str) -> dict:
    """Guild Accord: the named space costs that much less spice for the Agent the card sends."""
    for step in g.content.cards.get(card_id, {}).get("agent", []):
        if step.get("custom") == "space-discount-this-agent" and step["space"] == space["id"]:
            cost = {k: v for k, v in {**cost, "spice": cost.get("spice", 0) - step["spice"]}.items() if v > 0}
            g.rulings.append(R_DISCOUNT)
    return cost


# --- Viscount Hundro Moritani's Intelligence (rulebook p. 10) ---------------------------------------------
R_INTELLIGENCE = "ix.hundro-intelligence"


@custom("draw-intrigue-keep-one")
def intelligence(g: Game, task: dict, step: dict) -> None:
    """At setup, after every other setup draw (in the Epic game, everyone's Intrigue card): look at
    the Intrigue deck's top `count` cards, keep one, the rest stay on top (known to him). The tasks
    go just above the round's flow, under all the setup's dealing."""
    pid = task["player"]
    g.state["stack"][1:1] = [choice_task(pid, "intelligence", task["src"]),
                             {"t": "chance", "kind": "draw-intrigue", "player": pid, "n": step["count"], "look": True}]
    g.rulings.append(R_INTELLIGENCE)


@choice("intelligence", lambda g, task: [{"card": c} for c in sorted(set(g.p(task["player"]).get("looking", [])))],
        (R_INTELLIGENCE,), secret=Hidden(("card",), ("by",)))
def _keep_one(g: Game, task: dict, given: dict, below: dict) -> None:
    keep_one_looked_at(g, task["player"], given["card"])
    fire("intrigue-gained", g, task["player"], 1)
    g.rulings.append("deck.known-top")


# --- Desert Ambush: an opponent's unit retreats for each troop you deploy (our reading: ix.desert-ambush) ------
R_AMBUSH = "ix.desert-ambush"


@custom("opponent-unit-retreat-per-troop-deployed")
def desert_ambush(g: Game, task: dict, step: dict) -> None:
    """Arms this Agent turn: each troop its player deploys from now on (the deploy step comes after
    the Agent box) lets them make one opponent's unit in the Conflict retreat (`_ambush`)."""
    g.rulings.append(R_AMBUSH)
    if turn := my_turn(g, task["player"]):
        turn["ambush"] = task["src"]


@hook("troops-deployed", module="ix")
def _ambush(g: Game, pid: str, n: int) -> None:
    turn = my_turn(g, pid)
    if turn.get("ambush"):
        task = choice_task(pid, "ambush", turn["ambush"], left=n)
        if _ambush_offers(g, task) != [SKIP]:
            g.push(task)


def _ambush_offers(g: Game, task: dict) -> list[dict]:
    units = [{"player": q, "unit": unit} for q in g.clockwise_from(task["player"])[1:]
             for unit, held in (("troop", g.p(q)["troops"]), ("dreadnought", g.p(q)["dreadnoughts"]))
             if held["conflict"]]
    return [*units, SKIP]


@choice("ambush", _ambush_offers, (R_AMBUSH, "retreat.definition"))
def _ambush_retreat(g: Game, task: dict, given: dict, below: dict) -> None:
    """One opponent's unit back to its garrison; `skip` lets the rest of this deployment's go."""
    if given["unit"] == "dreadnought":
        move_dreadnoughts(g, given["player"], "conflict", "garrison", 1)
    else:
        move_troops(g, given["player"], "retreat", 1)
    if task["left"] > 1 and _ambush_offers(g, task) != [SKIP]:
        g.push(dict(task, left=task["left"] - 1))


# --- Court Intrigue, Sonic Snoopers: Intrigue cards under the deck, as many drawn (rulebook p. 10) -------
R_SWAP = "ix.swap-intrigue"


@custom("swap-intrigue")
def swap_intrigue(g: Game, task: dict, step: dict) -> None:
    """Put `count` (or "any" number) of your Intrigue cards under the Intrigue deck, unrevealed,
    one choice per card; then draw as many (`_swap`)."""
    g.rulings.append(R_SWAP)
    if g.p(task["player"])["intrigue"]:
        count = step["count"]
        push_choice(g, task, "swap-intrigue", left=None if count == "any" else count, placed=0,
                    optional=bool(step.get("optional")) or count == "any")


def _swap_offers(g: Game, task: dict) -> list[dict]:
    cards = [{"card": c} for c in sorted(set(g.p(task["player"])["intrigue"]))]
    return [*cards, SKIP] if task["optional"] else cards


@choice("swap-intrigue", _swap_offers, (R_SWAP,), handles_skip=True, secret=Hidden(("card",), ("by",)))
def _swap(g: Game, task: dict, given: dict, below: dict) -> None:
    """A card goes under the deck ("?": a face-down one, as its opponents write it); `skip` ends
    the choosing. The draw takes as many as went under: never those, unless the deck runs out."""
    pid, pool, placed = task["player"], g.state["intrigue_deck"], task["placed"]
    held = g.p(pid)["intrigue"]
    if given != SKIP:
        if given["card"] == HIDDEN and pool["hidden"] == 0:
            raise IllegalAction("choice.not-offered", "That face-down Intrigue card was not drawn from the Intrigue "
                                "deck: name it.", (R_SWAP,))
        ms_remove(held, given["card"])
        put_on_bottom(pool, given["card"])
        g.rulings.append("ix.intrigue-bottom")
        placed += 1
        left = None if task["left"] is None else task["left"] - 1
        if held and left != 0:
            g.push(choice_task(pid, "swap-intrigue", task["src"], left=left, placed=placed, optional=task["optional"]))
            return
    if placed:
        g.push({"t": "chance", "kind": "draw-intrigue", "player": pid, "n": placed})


# --- Tessia Vernius's Careful Observation (our card data: one source) --------------------------------------
R_TESSIA = "ix.tessia-careful-observation"
RANKS = ("first", "second", "third", "fourth")


@custom("snooper-tokens")
def snooper_tokens(g: Game, task: dict, step: dict) -> None:
    """Setup: a Snooper on each Influence track."""
    g.p(task["player"])["snoopers"] = sorted(g.tracks)[:step["count"]]
    g.rulings.append(R_TESSIA)


@custom("careful-observation")
def careful_observation(g: Game, task: dict, step: dict) -> None:
    """Read where a Snooper comes back (`_snooper_recalled`): its Leader trigger names no one Faction."""


@hook("influence-changed", module="ix")
def _snooper_recalled(g: Game, pid: str, faction: str, before: int, after: int) -> None:
    """Her Influence with a Faction reaches 2 while its Snooper is there: the Snooper comes to her
    Leader and the steps of that recall's rank resolve, for that Faction."""
    pl = g.p(pid)
    if faction not in pl.get("snoopers", ()) or not before < 2 <= after:
        return
    pl["snoopers"].remove(faction)
    step = next(s for s in leader_effects(g, pid) if s.get("custom") == "careful-observation")
    rank = RANKS[len(RANKS) - 1 - len(pl["snoopers"])]
    run(g, pid, [_for_faction(s, faction) for s in step[rank]], leader_node(g, pid))
    g.rulings.append(R_TESSIA)


def _for_faction(step: dict, faction: str) -> dict:
    if step.get("faction") == "recalled" or step.get("custom") == "recalled-faction-bonus":
        return {**step, "faction": faction}
    return step


@custom("recalled-faction-bonus")
def recalled_faction_bonus(g: Game, task: dict, step: dict) -> None:
    """That Faction's bonus at 4 Influence (the original board's)."""
    prepend(task, list(g.content.factions[step["faction"]]["bonus"]))
    g.rulings.append(R_TESSIA)


# --- Spaceport: every card acquired may go on top of the deck ---------------------------------------------
R_SPACEPORT = "ix.spaceport"


@hook("acquired", module="ix")
def _spaceport(g: Game, pid: str, card: str) -> None:
    if card in g.p(pid)["discard"] and tile_rules(g, pid, "acquire-to-deck-top-always"):
        g.push(choice_task(pid, "spaceport", "tech:tech-spaceport", card=card))


@choice("spaceport", lambda g, task: [{"card": task["card"]}, SKIP] if task["card"] in g.p(task["player"])["discard"]
        else [], (R_SPACEPORT,))
def _on_top(g: Game, task: dict, given: dict, below: dict) -> None:
    pl = g.p(task["player"])
    pl["discard"].remove(task["card"])
    put_on_top(pl["deck"], task["card"])
    g.rulings.append("deck.known-top")


@hook("deck-top-always", module=("ix", "immortality"))
def _spaceport_tleilaxu(g: Game, pid: str) -> bool:
    """Immortality p. 14: Spaceport puts Tleilaxu cards on top too, before the first genetic marker."""
    if tile_rules(g, pid, "acquire-to-deck-top-always"):
        g.rulings.append(R_SPACEPORT)
        return True
    return False


# --- units: troops and dreadnoughts (p. 6: a card's "unit" is either) ---------------------------------
R_UNITS = "ix.units"


def _units_offers(g: Game, task: dict) -> list[dict]:
    """Every split of `least`..`most` units between troops (`count`) and dreadnoughts where the move starts."""
    pl, where = g.p(task["player"]), MOVES[task["move"]][0]
    troops, ships = pl["troops"][where], 0 if task.get("troops_only") else pl["dreadnoughts"][where]
    out = [{"count": t, **({"dreadnoughts": d} if d else {})} for n in range(task["least"], task["most"] + 1)
           for d in range(min(ships, n) + 1) if (t := n - d) <= troops]
    return [*out, SKIP] if task.get("then") else out


@choice("units", _units_offers, (R_UNITS,), decline=lambda g, task: {"count": 0} if not task["least"] else None)
def _move_units(g: Game, task: dict, given: dict, below: dict) -> None:
    pid, ships = task["player"], given.get("dreadnoughts", 0)
    move_troops(g, pid, task["move"], given["count"])
    move_dreadnoughts(g, pid, *MOVES[task["move"]], ships)
    if task["move"] == "deploy":
        count_deployed(g, pid, ships)
    turn = my_turn(g, pid)
    if task.get("troops_only") and turn:  # transported troops deployed: no longer recruits the turn may deploy
        turn["recruited"] = max(0, turn.get("recruited", 0) - given["count"])
    run(g, pid, task.get("then", []), task["src"])


def _units_at(g: Game, pid: str, where: str) -> int:
    pl = g.p(pid)
    return pl["troops"][where] + pl["dreadnoughts"][where]


@custom("deploy-units")
def deploy_units(g: Game, task: dict, step: dict) -> None:
    """Second Wave: up to `count` units from your garrison to the Conflict."""
    g.rulings.append(R_UNITS)
    most = min(step["count"], _units_at(g, task["player"], "garrison"))
    if most:
        push_choice(g, task, "units", move="deploy", least=0, most=most)


@custom("retreat-units-then")
def retreat_units_then(g: Game, task: dict, step: dict) -> None:
    """Negotiated Withdrawal: a price: retreat exactly `count` of your units to resolve `then`;
    not offered without them."""
    g.rulings.append(R_UNITS)
    if _units_at(g, task["player"], "conflict") >= step["count"]:
        push_choice(g, task, "units", move="retreat", least=step["count"], most=step["count"], then=step["then"])


# --- "each card revealed that provides swords" (Imperial Bashar, Artillery) ---------------------------
def _counts_swords(steps) -> bool:
    if isinstance(steps, dict):
        return SWORDS_PROVIDED in steps.get("each", {}) or any(_counts_swords(v) for v in steps.values())
    return isinstance(steps, list) and any(_counts_swords(s) for s in steps)


def _reveal_box(g: Game, node: str) -> list:
    kind, ident = node.split(":", 1)
    if kind == "reveal":
        return g.content.cards.get(ident.split("#")[0], {}).get("reveal", [])
    return tile_data(g, ident).get("reveal", []) if kind == "tech" else []


@hook("turn-opened", module="ix")
def _count_swords_last(g: Game, pid: str, turn: dict) -> None:
    """Rulebook p. 10 'Imperial Bashar': only cards that actually give swords this turn count, so
    a box counting them waits for the other Reveal boxes (`op_gain` keeps which gave swords)."""
    if turn["kind"] != "reveal":
        return
    effects = [n for n in turn["nodes"] if ":" in n]
    counting = [n for n in effects if _counts_swords(_reveal_box(g, n))]
    if counting:
        turn["sword_sources"] = []
        turn["edges"] += [[n, c, R_SWORDS] for c in counting for n in effects  # cards first, then tiles
                          if n.startswith("reveal:") and n != c and not (n in counting and c.startswith("reveal:"))]


# --- the new Leaders ----------------------------------------------------------------------------------
@hook("setup", module="ix")
def _standing_leaders(g: Game) -> None:
    """Rhombur Vernius: each of his dreadnoughts is worth 4 (units.dreadnought_strength reads it).
    Yuna Moritani: each gain of Solari in her own turns gives 1 more (`Game.gain` reads it)."""
    for pid in g.order:
        if step := passive_step(g, pid, "dreadnought-strength"):
            g.p(pid)["dreadnought_strength"] = step["strength"]
        if step := passive_step(g, pid, "solari-bonus-on-gain"):
            g.p(pid)["gain_bonus"] = {"gains": {"solari": step["amount"]}, "ruling": R_YUNA}


@hook("round-start", module="ix")
def _round_start_abilities(g: Game) -> None:
    """A Leader ability at Round Start (Ilesa Ecaz's One Step Ahead): its steps run, so a step
    without code is answered not-implemented."""
    for pid in g.order:
        if trigger(g, pid).get("trigger") == "round-start":
            run(g, pid, leader_effects(g, pid), leader_node(g, pid))


@hook("turn-start", module="ix")
def _abilities_without_code(g: Game, pid: str) -> None:
    """A Rise of Ix Leader whose ability or setup has a step with no code yet makes each of that
    player's turns unverifiable rather than silently judged without it: Tessia Vernius's Careful
    Observation (which acts on Influence reached at any time, and her Snoopers from setup on),
    Viscount Hundro Moritani's Intelligence (at setup, before any turn)."""
    leader = g.content.leaders.get(g.p(pid)["leader"], {})
    if leader.get("expansion") == MODULE:
        for name in sorted({s["custom"] for s in custom_steps([leader_effects(g, pid), leader.get("setup", [])])}
                           - CUSTOM.keys()):
            g.note_unimplemented(f"{leader_node(g, pid)}: {name}")
