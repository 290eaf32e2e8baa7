"""The effect language interpreter (the language is documented in docs/effects.md).

Effects run as a `steps` task on the stack. Steps that need nothing from anyone apply at
once; a step that needs a decision pushes a `choice` task (or a chance task for draws) and
the steps resume when it is done. `choice` tasks are answered with `choose` actions.
"""

from __future__ import annotations

from ..core.errors import IllegalAction
from .content import FACTIONS
from .game import RESOURCES, Game, ms_add, own_posts, post_of, spies_on_board, spy_owners
from .influence import change_influence, has_alliance

CHOICE_RULINGS = {
    "option": ("agent.arrow-cost", "effects.mandatory-unless-optional"),
    "pay": ("agent.arrow-cost",),
    "faction": ("influence.vp-at-2",),
    "trash": ("deck.trash",),
    "discard": ("discard.from-hand",),
    "post": ("spy.place",),
    "contract": ("choam.contracts",),
    "count": ("deploy.limits",),
    "recall": ("spy.recall-cost",),
    "intrigue": ("cost.must-be-payable",),
    "acquire": ("card.acquire-effect",),
    "look": ("card.look-at-top-cards",),
    "agent": ("recall.agents",),
    "track": ("leader.feyd-training",),
    "flip": ("intrigue.flip-battle-icon",),
    "row": ("intrigue.manipulate",),
    "agent-source": ("card.kwisatz-haderach",),
    "voice": ("card.the-voice",),
    "opponent": ("card.double-cross",),
    "masterstroke": ("leader.masterstroke", "leader.baron-masterstroke"),
    "top-card": ("card.poison-snooper",),
    "deck-top": ("card.recruitment-mission", "card.bypass-protocol"),
    "discard-to-hand": ("card.other-memory",),
}


def run(g: Game, pid: str, steps: list, src: str) -> None:
    """Queue `steps` for `pid`; they run when the stack reaches them (right away if on top)."""
    if steps:
        g.push({"t": "steps", "player": pid, "src": src, "steps": list(steps)})


def advance_steps(g: Game, task: dict) -> None:
    """Run steps until one needs a decision (pushed above) or all are done."""
    while task["steps"]:
        step = task["steps"].pop(0)
        op = next(iter(step))
        OPS[op](g, task, step)
        if g.top is not task:
            return
    g.finish(task)


def _prepend(task: dict, steps: list) -> None:
    task["steps"][:0] = steps


def _choice(g: Game, task: dict, kind: str, **fields) -> None:
    g.push(_choice_task(task["player"], kind, task["src"], **fields))


def _choice_task(pid: str, kind: str, src: str, **fields) -> dict:
    return {"t": "choice", "player": pid, "kind": kind, "src": src, **fields}


def source_card(src: str) -> str:
    """The card an effect comes from: "reveal:x#2" -> "x" (empty when not a card)."""
    return src.split(":", 1)[-1].split("#")[0] if ":" in src else ""


def _others(cards: list, own: str) -> list:
    """`cards` without one copy of `own` (the card whose effect is resolving)."""
    out = list(cards)
    if own in out:
        out.remove(own)
    return out


def _my_turn(g: Game, pid: str) -> dict:
    turn = g.state.get("turn")
    return turn if turn and turn["player"] == pid else {}


def _factions_of(g: Game, card: str) -> list:
    return g.content.cards.get(card, {}).get("factions", [])


# --- conditions and counters ----------------------------------------------------------------
CONDITIONS = ("alliance", "influence", "bond", "in_conflict", "spies", "seat", "swordmaster",
              "maker_hooks", "space_icon", "maker_space", "combat_space", "faction_space",
              "completed_contracts", "units_in_conflict", "worms", "strength", "recalled_spy",
              "spy_on", "discarded", "trashed_cost", "deck_at_least", "gained", "owns",
              "rival_alliance_at", "all", "any", "not")
COUNTERS = ("spies_on_board", "cards_in_play", "completed_contracts", "units_in_conflict",
            "worms_in_conflict", "revealed", "revealed_with_swords")


def holds(g: Game, pid: str, cond: dict, src: str = "") -> bool:
    pl = g.p(pid)
    turn = g.state.get("turn") or {}
    mine = _my_turn(g, pid)
    if "influence" in cond:
        # {"influence": "fremen", "at_least": 2} has two keys: read them as one condition.
        return pl["influence"][cond["influence"]] >= cond.get("at_least", 1)
    (key, value), = cond.items()
    space = g.content.spaces.get(turn.get("space"), {})
    if key == "alliance":
        g.rulings.append("alliance.effect-requirement")
        return has_alliance(g, pid, value)
    if key == "bond":
        g.rulings.append("fremen-bond.in-play")
        return any(value in _factions_of(g, c) for c in _others(pl["play"], source_card(src)))
    if key == "in_conflict":
        return units_in_conflict(pl) > 0
    if key == "spies":
        return spies_on_board(g, pid) >= value
    if key in ("seat", "swordmaster", "maker_hooks"):
        return bool(pl[key]) == bool(value)
    if key == "space_icon":
        return space.get("icon") == value
    if key == "maker_space":
        return bool(space.get("maker")) == value
    if key == "combat_space":
        return bool(space.get("combat")) == value
    if key == "faction_space":
        return bool(space.get("faction")) == value
    if key == "completed_contracts":
        return pl["completed"] >= value
    if key == "units_in_conflict":
        return units_in_conflict(pl) >= value
    if key == "worms":
        return pl["worms"] >= value
    if key == "strength":
        from .combat import strength

        return strength(g, pid) >= value
    if key == "recalled_spy":
        return (mine.get("recalled", 0) > 0) == bool(value)
    if key == "spy_on":
        posts = [value] if isinstance(value, str) else value
        return any(p in own_posts(g, pid) for p in posts)
    if key == "discarded":
        last = mine.get("last_discarded")
        return bool(last) and value in _factions_of(g, last)
    if key == "trashed_cost":
        last = mine.get("last_trashed")
        return bool(last) and (g.content.cards.get(last, {}).get("cost") or 0) >= value
    if key == "deck_at_least":
        return len(pl["deck"]["cards"]) - pl["deck"]["hidden"] >= value
    if key == "gained":
        return mine.get("gained", {}).get(value, 0) > 0
    if key == "owns":
        zones = pl["deck"]["cards"] + pl["hand"] + pl["discard"] + pl["play"]
        return zones.count(value["card"]) >= value.get("at_least", 1)
    if key == "rival_alliance_at":
        return any(holder not in (None, pid) and pl["influence"][f] >= value
                   for f, holder in g.state["alliances"].items())
    if key == "all":
        return all(holds(g, pid, c, src) for c in value)
    if key == "any":
        return any(holds(g, pid, c, src) for c in value)
    if key == "not":
        return not holds(g, pid, value, src)
    g.note_unimplemented(f"condition {key}")
    return False


def _cond(g, pid, cond, src):
    return holds(g, pid, cond, src)


def count(g: Game, pid: str, counter: dict, src: str) -> int:
    (key, value), = counter.items()
    pl = g.p(pid)
    own = source_card(src)
    if key == "spies_on_board":
        return spies_on_board(g, pid)
    if key == "cards_in_play":
        return sum(1 for c in pl["play"] if c != own and value in _factions_of(g, c))
    if key == "completed_contracts":
        return pl["completed"]
    if key == "units_in_conflict":
        return units_in_conflict(pl)
    if key == "worms_in_conflict":
        return pl["worms"]
    if key == "revealed":  # other cards of a faction revealed this turn
        return sum(1 for c in _others(_my_turn(g, pid).get("revealed", []), own)
                   if value in _factions_of(g, c))
    if key == "revealed_with_swords":  # other revealed cards whose Reveal box shows swords
        return sum(1 for c in _others(_my_turn(g, pid).get("revealed", []), own)
                   if _gives(g.content.cards.get(c, {}).get("reveal", []), "swords"))
    g.note_unimplemented(f"counter {key}")
    return 0


def _gives(steps, resource: str) -> bool:
    """Whether a box shows a gain of `resource` anywhere (any branch)."""
    if isinstance(steps, dict):
        if resource in steps.get("gain", {}):
            return True
        return any(_gives(v, resource) for v in steps.values() if isinstance(v, (list, dict)))
    if isinstance(steps, list):
        return any(_gives(s, resource) for s in steps)
    return False


def units_in_conflict(pl: dict) -> int:
    return pl["troops"]["conflict"] + pl["worms"]


# --- operations ----------------------------------------------------------------------------
def op_gain(g, task, step):
    g.gain(task["player"], step["gain"])


def op_lose(g, task, step):
    g.gain(task["player"], {k: -v for k, v in step["lose"].items()})


def op_draw(g, task, step):
    g.push({"t": "chance", "kind": "draw", "player": task["player"], "n": step["draw"]})


def op_intrigue(g, task, step):
    g.push({"t": "chance", "kind": "draw-intrigue", "player": task["player"], "n": step["intrigue"]})


def op_recruit(g, task, step):
    g.rulings.append("recruit.supply")
    troops = g.p(task["player"])["troops"]
    n = min(step["recruit"], troops["supply"])
    troops["supply"] -= n
    troops["garrison"] += n
    if any(s.get("custom") == "deploy-recruits-in-reveal-turn" for s in task["steps"]):
        task["last_recruited"] = n  # Reinforcements deploys the troops this very effect recruited
    turn = g.state.get("turn")
    if turn and turn["player"] == task["player"]:
        turn["recruited"] += n


def op_worm(g, task, step):
    pid = task["player"]
    pl = g.p(pid)
    conflict = g.content.conflicts.get(g.state["board"]["conflict"] or "", {})
    if not pl["maker_hooks"] and not step.get("no_hooks"):
        g.rulings.append("worm.maker-hooks")
        return
    if g.state["board"]["shield_wall"] and conflict.get("shield_wall"):
        g.rulings.append("worm.shield-wall")
        return
    if _my_turn(g, pid).get("no_deploy"):
        g.rulings.append("leader.shaddam-signet")
        return
    pl["worms"] += step["worm"]
    g.rulings.append("worm.direct-to-conflict")
    from .triggers import on_deployed

    on_deployed(g, pid, step["worm"])


def op_influence(g, task, step):
    n, faction = step["influence"], step.get("faction", "any")
    if faction == "space":  # the Faction of the board space the agent went to this turn
        faction = g.content.spaces.get((g.state.get("turn") or {}).get("space"), {}).get("faction")
        if not faction:
            return
    if isinstance(faction, str) and faction != "any":
        change_influence(g, task["player"], faction, n)
        return
    allowed = list(FACTIONS) if faction == "any" else list(faction)
    for _ in range(abs(n)):
        _choice(g, task, "faction", factions=allowed, delta=1 if n > 0 else -1)


def op_trash(g, task, step):
    if step.get("self"):
        card = task["src"].split(":", 1)[-1].split("#")[0]
        if card in g.p(task["player"])["play"]:  # it may already be trashed by another effect
            trash_card(g, task["player"], card, "play")
        return
    _my_turn(g, task["player"]).pop("last_trashed", None)
    for _ in range(step["trash"]):
        _choice(g, task, "trash", zones=step.get("from", ["hand", "discard", "play"]))


def op_discard(g, task, step):
    _my_turn(g, task["player"]).pop("last_discarded", None)
    for _ in range(step["discard"]):
        _choice(g, task, "discard")


def op_spy(g, task, step):
    posts = step.get("posts")
    if posts:
        g.rulings.append("spy.restricted-post")
    if posts == "space":  # the posts connected to the space the agent went to this turn
        posts = g.content.space_posts.get((g.state.get("turn") or {}).get("space"), [])
    for _ in range(step["spy"]):
        fields = {"posts": posts}
        if step.get("deep"):
            fields["deep"] = True
        _choice(g, task, "post", **fields)


def op_contract(g, task, step):
    pid = task["player"]
    if "choam" not in g.state["game"]["modules"]:
        g.gain(pid, {"solari": g.content.rules["no_choam_contract_solari"]})
        g.rulings += ["choam.module", "choam.contract-icon"]
        return
    for _ in range(step["contract"]):
        if g.state["contracts"]["face_up"] or g.state["contracts"]["pile"] \
                or g.p(pid).get("set_aside_contracts"):
            _choice(g, task, "contract")
        else:  # every contract is taken: the icon gives Solari instead
            g.gain(pid, {"solari": g.content.rules["no_choam_contract_solari"]})
            g.rulings.append("choam.contract-icon")
            g.rulings.append("choam.contracts")


def op_maker_hooks(g, task, step):
    g.p(task["player"])["maker_hooks"] = True


def op_break_shield_wall(g, task, step):
    g.state["board"]["shield_wall"] = False
    g.rulings.append("shield-wall.break")


def op_steal_intrigue(g, task, step):
    g.rulings.append("intrigue.steal")
    pid = task["player"]
    for q in g.opponents(pid):
        if len(g.p(q)["intrigue"]) >= 4:
            g.push({"t": "chance", "kind": "steal-intrigue", "player": pid, "from": q})


def op_retreat(g, task, step):
    g.rulings += ["retreat.definition", "retreat.any-number"]
    most = min(step["retreat"], g.p(task["player"])["troops"]["conflict"])
    if most:
        _choice(g, task, "count", most=most, move="retreat")


def op_deploy(g, task, step):
    pid = task["player"]
    if _my_turn(g, pid).get("no_deploy"):
        g.rulings.append("leader.shaddam-signet")
        return
    most = min(step["deploy"], g.p(pid)["troops"]["garrison"])
    if most:
        _choice(g, task, "count", most=most, move="deploy")


def op_swordmaster(g, task, step):
    pl = g.p(task["player"])
    pl["swordmaster"] = True
    pl["agents"] = 3
    g.rulings.append("swordmaster.gain")


def op_high_council(g, task, step):
    g.p(task["player"])["seat"] = True
    g.rulings.append("high-council.seat")
    from .triggers import on_seat

    on_seat(g, task["player"])


def op_pay(g, task, step):
    if can_afford(g, task["player"], step["pay"], task["src"]):
        _choice(g, task, "pay", cost=step["pay"], then=step["then"])


def op_choose(g, task, step):
    options = [i for i, opt in enumerate(step["choose"])
               if _affordable(g, task["player"], opt, task["src"])]
    if len(options) == 1:
        _prepend(task, commit_option(step["choose"][options[0]]))
    elif options:
        _choice(g, task, "option", options=step["choose"], open=options)


def op_if(g, task, step):
    branch = step["then"] if _cond(g, task["player"], step["if"], task["src"]) else step.get("else", [])
    _prepend(task, list(branch))


def op_each(g, task, step):
    _prepend(task, list(step["then"]) * count(g, task["player"], step["each"], task["src"]))


def op_opponents(g, task, step):
    """Each opponent, clockwise from your left, resolves the steps as their own."""
    g.push(*({"t": "steps", "player": q, "src": task["src"], "steps": list(step["opponents"])}
             for q in g.clockwise_from(task["player"])[1:]))


def op_acquire(g, task, step):
    spec = dict(step["acquire"])
    if spec.pop("to_hand_if", None) is not None:
        cond = step["acquire"]["to_hand_if"]
        spec["to"] = "hand" if holds(g, task["player"], cond, task["src"]) else spec.get("to", "discard")
    if _acquirable(g, task["player"], spec):
        _choice(g, task, "acquire", spec=spec)


def op_return_to_hand(g, task, step):
    pid, card = task["player"], source_card(task["src"])
    pl = g.p(pid)
    if card in pl["play"]:
        pl["play"].remove(card)
        ms_add(pl["hand"], card)


def op_look(g, task, step):
    """Look at the top N cards of your deck (no reshuffle) and send one to each destination
    in order; the last destination takes what is left."""
    pid = task["player"]
    dests = list(step["to"])
    choices = [_choice_task(pid, "look", task["src"], dest=d, last=(i == len(dests) - 2))
               for i, d in enumerate(dests[:-1])]
    for c in choices:
        c["rest"] = dests[-1] if c["last"] else None
    g.push({"t": "chance", "kind": "draw", "player": pid, "n": step["look"], "look": True}, *choices)


def op_recall_agent(g, task, step):
    for _ in range(step["recall_agent"]):
        _choice(g, task, "agent")


def op_custom(g, task, step):
    from .custom import CUSTOM

    handler = CUSTOM.get(step["custom"])
    if handler is None:
        g.note_unimplemented(f"{task['src']}: {step['custom']}")
    else:
        handler(g, task, step)


def op_todo(g, task, step):
    g.note_unimplemented(f"{task['src']}: {step['todo']}")


OPS = {name[3:]: fn for name, fn in globals().items() if name.startswith("op_")}


def _affordable(g: Game, pid: str, option: list, src: str = "") -> bool:
    return not option or "pay" not in option[0] or can_afford(g, pid, option[0]["pay"], src)


def commit_option(option: list) -> list:
    """A chosen option that starts with an arrow cost must pay it: the choice was the payment."""
    if option and "pay" in option[0]:
        return [{"custom": "pay-now", "cost": option[0]["pay"]}, *option[0]["then"], *option[1:]]
    return list(option)


# --- costs -----------------------------------------------------------------------------------------
COST_KEYS = (*RESOURCES, "recall_spy", "intrigue", "trash_intrigue", "influence", "trash_self",
             "trash", "discard", "retreat")


def can_afford(g: Game, pid: str, cost: dict, src: str = "") -> bool:
    """Whether `pid` can pay every part of an arrow cost (resources and the other kinds)."""
    pl = g.p(pid)
    if not g.can_pay(pid, {k: v for k, v in cost.items() if k in RESOURCES or k == "recall_spy"}):
        return False
    for key, value in cost.items():
        if key in ("intrigue", "trash_intrigue") and len(pl["intrigue"]) < value:
            return False
        if key == "influence":
            faction, amount = value.get("faction", "any"), value.get("amount", 1)
            have = sum(pl["influence"].values()) if faction == "any" else pl["influence"][faction]
            if have < amount:
                return False
        if key == "trash_self" and value and source_card(src) not in pl["play"]:
            return False
        if key == "trash" and not _trash_candidates(g, pid, value, src):
            return False
        if key == "discard" and len(pl["hand"]) < value:
            return False
        if key == "retreat" and pl["troops"]["conflict"] < _retreat_range(value)[0]:
            return False
    return True


def _retreat_range(value) -> tuple[int, int]:
    if isinstance(value, dict):
        return value.get("min", 1), value.get("max", value.get("min", 1))
    return value, value


def _pay_extras(g: Game, pid: str, cost: dict, src: str = "") -> None:
    """Costs that are not resources: they move cards, spies, troops or influence, and push
    the choices that say which."""
    pl, tasks = g.p(pid), []
    for _ in range(cost.get("recall_spy", 0)):
        tasks.append(_choice_task(pid, "recall", src or "cost"))
    for key in ("intrigue", "trash_intrigue"):
        for _ in range(cost.get(key, 0)):
            tasks.append(_choice_task(pid, "intrigue", src or "cost", trash=key == "trash_intrigue"))
    if "influence" in cost:
        faction, amount = cost["influence"].get("faction", "any"), cost["influence"].get("amount", 1)
        if faction == "any":
            tasks += [_choice_task(pid, "faction", src or "cost", factions=list(FACTIONS), delta=-1,
                                   cost=True) for _ in range(amount)]
        else:
            change_influence(g, pid, faction, -amount)
    if cost.get("trash_self"):
        card = source_card(src)
        if card in pl["play"]:
            trash_card(g, pid, card, "play")
    if "trash" in cost:
        spec = cost["trash"]
        _my_turn(g, pid).pop("last_trashed", None)
        tasks += [_choice_task(pid, "trash", src or "cost", zones=spec.get("from", ["hand", "discard", "play"]),
                               filter=spec, cost=True) for _ in range(spec.get("n", 1))]
    if cost.get("discard"):
        _my_turn(g, pid).pop("last_discarded", None)
        tasks += [_choice_task(pid, "discard", src or "cost") for _ in range(cost["discard"])]
    if "retreat" in cost:
        least, most = _retreat_range(cost["retreat"])
        most = min(most, pl["troops"]["conflict"])
        if least == most:
            move_troops(g, pid, "retreat", least)
        else:
            tasks.append(_choice_task(pid, "count", src or "cost", least=least, most=most, move="retreat"))
    if tasks:
        g.push(*tasks)


def pay_cost(g: Game, pid: str, cost: dict, src: str = "") -> None:
    if not can_afford(g, pid, cost, src):
        from .game import describe

        raise IllegalAction("resources.cannot-pay", f"{pid} cannot pay {describe(cost)}",
                            ("agent.arrow-cost", "cost.must-be-payable"))
    g.pay(pid, {k: v for k, v in cost.items() if k in RESOURCES}, ("agent.arrow-cost",))
    _pay_extras(g, pid, cost, src)


# --- zones -------------------------------------------------------------------------------------
def trash_card(g: Game, pid: str, card: str, zone: str) -> None:
    """Trash a card from one of `pid`'s zones ("deck" for a card looked at on top of it).
    A Reserve card goes back to its Reserve stack; a card with a "trashed" box fires it."""
    from .chance import take_from_deck

    pl = g.p(pid)
    held = pl["deck"]["cards"] if zone == "deck" else pl[zone]
    if card not in held:
        raise IllegalAction("card.not-in-zone", f"{card} is not in {pid}'s {zone}", ("deck.trash",))
    if zone == "deck":
        take_from_deck(pl["deck"], card)
    else:
        held.remove(card)
    data = g.content.cards.get(card, {})
    if data.get("type") == "reserve":
        g.state["reserve"][card] = g.state["reserve"].get(card, 0) + 1
    else:
        ms_add(pl["trashed"], card)
    turn = _my_turn(g, pid)
    if turn:
        turn["last_trashed"] = card
    if data.get("trashed"):
        run(g, pid, data["trashed"], f"trashed:{card}")


def discard_card(g: Game, pid: str, card: str) -> None:
    """Discard a card from hand; a card with a "discarded" box fires it (only a discard from
    the hand counts, not the clean-up at the end of the Reveal turn)."""
    from .chance import identify

    pl = g.p(pid)
    identify(g, pid, "hand", card)
    pl["hand"].remove(card)
    ms_add(pl["discard"], card)
    turn = _my_turn(g, pid)
    if turn:
        turn["last_discarded"] = card
    data = g.content.cards.get(card, {})
    if data.get("discarded"):
        run(g, pid, data["discarded"], f"discarded:{card}")


def move_troops(g: Game, pid: str, move: str, n: int) -> None:
    troops = g.p(pid)["troops"]
    src, dst = MOVES[move]
    troops[src] -= n
    troops[dst] += n
    if move == "deploy" and n:
        from .triggers import on_deployed

        on_deployed(g, pid, n)


def _acquirable(g: Game, pid: str, spec: dict) -> list[str]:
    """Cards an effect may acquire: the Row, the Reserve (not a card only its icon gives, such as
    Foldspace) and a card Manipulate set aside for `pid` (at its full cost: FAQ, Helena Richese)."""
    st, pl = g.state, g.p(pid)
    names = sorted(set(st["row"]) | {c for c, n in st["reserve"].items()
                                     if n > 0 and g.content.cards[c].get("buyable", True)}
                   | {m["card"] for m in st.get("manipulated", []) if m["player"] == pid and m.get("other_means")})
    out = []
    for c in names:
        cost = g.content.cards[c]["cost"] or 0
        if "cost" in spec and cost != spec["cost"]:
            continue
        if "max_cost" in spec and cost > spec["max_cost"]:
            continue
        if spec.get("pay") == "solari" and cost > pl["solari"]:
            continue
        out.append(c)
    return out


def acquire_card(g: Game, pid: str, card: str, to: str = "discard", pay: str | None = None) -> None:
    """Acquire a card from the Imperium Row or the Reserve by an effect (not with persuasion)."""
    st, pl = g.state, g.p(pid)
    data = g.content.cards[card]
    if pay == "solari":
        g.pay(pid, {"solari": data["cost"] or 0}, ("card.acquire-effect",))
    if to == "deck-top":  # Bypass Protocol: the card goes on top of the deck, known to be there
        from .chance import put_on_top

        put_on_top(pl["deck"], card)
        g.rulings.append("deck.known-top")
    else:
        ms_add(pl["hand" if to == "hand" else "discard"], card)
    g.rulings.append("card.acquire-effect")
    turn = _my_turn(g, pid)
    if to == "hand" and turn.get("kind") == "reveal":  # a card reaching the hand now is revealed
        from .turns import reveal_drawn

        reveal_drawn(g, pid, [card])
    run(g, pid, data.get("acquire", []), f"acquire:{card}")
    from .triggers import on_acquire

    on_acquire(g, pid, card)
    aside = next((m for m in st.get("manipulated", []) if m["player"] == pid and m["card"] == card
                  and m.get("other_means")), None)
    if card in st["row"]:
        st["row"].remove(card)
        if st["imperium_deck"]["cards"]:
            g.push({"t": "chance", "kind": "refill-row"})
        g.rulings.append("acquire.row-refill")
    elif st["reserve"].get(card, 0) > 0 and data.get("buyable", True):
        st["reserve"][card] -= 1
    elif aside is not None:  # set aside by Manipulate: taken by another means, no discount
        st["manipulated"].remove(aside)
        g.rulings.append("leader.helena-richese")
    else:
        raise IllegalAction("acquire.not-available", f"{card} cannot be acquired now", ("acquire.cost",))


def recall_agent(g: Game, pid: str, space: str) -> None:
    lift_agent(g, pid, space)
    g.rulings.append("recall.agents")


def lift_agent(g: Game, pid: str, space: str) -> None:
    """Take one of `pid`'s Agents off `space` (recalled, or moved by Kwisatz Haderach)."""
    pl, occupied = g.p(pid), g.state["board"]["occupied"]
    if space not in pl["placed"]:
        raise IllegalAction("agent.not-placed", f"{pid} has no agent on {space}", ("recall.agents",))
    pl["placed"].remove(space)
    if occupied.get(space) == pid:
        others = [q for q in g.order if q != pid and space in g.p(q)["placed"]]
        if others:
            occupied[space] = others[0]
        else:
            del occupied[space]


# --- choices -------------------------------------------------------------------------------------
def _intrigue_names(g: Game, pid: str) -> list[str]:
    """The Intrigue cards `pid` could pay with, by name (a face-down one may be any card
    still hidden in the Intrigue deck)."""
    held = g.p(pid)["intrigue"]
    known = sorted({c for c in held if c != "?"})
    deck = g.state["intrigue_deck"]
    if "?" in held and deck["hidden"] > 0:
        known += sorted(set(deck["cards"]) - set(known))
    return known


def _trash_candidates(g: Game, pid: str, spec: dict, src: str) -> list[dict]:
    pl = g.p(pid)
    out = []
    for zone in spec.get("from", ["hand", "discard", "play"]):
        cards = pl[zone]
        if zone == "play" and spec.get("other"):
            cards = _others(cards, source_card(src))
        for c in sorted(set(cards)):
            if c == "?":
                continue
            data = g.content.cards.get(c, {})
            if "faction" in spec and spec["faction"] not in data.get("factions", []):
                continue
            if (data.get("cost") or 0) < spec.get("min_cost", 0):
                continue
            out.append({"card": c, "zone": zone})
    return out


def choice_candidates(g: Game, task: dict) -> list[dict]:
    pid, kind, pl = task["player"], task["kind"], g.p(task["player"])
    if kind == "option":
        return [{"option": i} for i in task["open"]]
    if kind == "pay":
        return [{"option": "pay"}, {"option": "skip"}]
    if kind == "faction":
        factions = task["factions"]
        if task["delta"] < 0:
            factions = [f for f in factions if pl["influence"][f] > 0] or ([] if task.get("cost") else factions)
        return [{"faction": f} for f in factions]
    if kind == "trash":
        if task.get("filter") is not None:
            found = _trash_candidates(g, pid, dict(task["filter"], **{"from": task["zones"]}), task["src"])
        else:
            found = [{"card": c, "zone": z} for z in task["zones"] for c in sorted(set(pl[z]))]
        return found if task.get("cost") else found + [{"option": "skip"}]
    if kind == "discard":
        return [{"card": c} for c in sorted(set(pl["hand"]))] or [{"option": "skip"}]
    if kind == "post":
        return _post_candidates(g, pid, task.get("posts"), task.get("deep", False)) + [{"option": "skip"}]
    if kind == "contract":
        offered = sorted(set(g.state["contracts"]["face_up"]) | set(pl.get("set_aside_contracts", [])))
        return [{"contract": c} for c in offered] or [{"option": "skip"}]
    if kind == "count":
        return [{"count": n} for n in range(task.get("least", 0), task["most"] + 1)]
    if kind == "recall":
        return [{"post": p} for p in own_posts(g, pid)]
    if kind == "intrigue":  # named by position in the sorted list of the Intrigue cards held
        return [{"option": i} for i in range(len(_intrigue_names(g, pid)))]
    if kind == "acquire":
        return [{"card": c} for c in _acquirable(g, pid, task["spec"])] + [{"option": "skip"}]
    if kind == "look":
        return [{"card": c} for c in sorted(set(pl.get("looking", [])))]
    if kind == "agent":
        return [{"space": s} for s in _recallable_agents(g, pid)]
    if kind in ("track", "flip"):
        return [{"option": i} for i in task["open"]]
    if kind == "row":
        return [{"card": c} for c in sorted(set(g.state["row"]))]
    if kind in BASE_CHOICES:
        from .custom import choice_candidates as base_candidates

        return base_candidates(g, task)
    raise AssertionError(kind)


def _recallable_agents(g: Game, pid: str) -> list[str]:
    """Agents on the board that may be recalled: not the one sent on this very turn."""
    placed = list(g.p(pid)["placed"])
    turn = _my_turn(g, pid)
    if turn.get("kind") == "agent" and turn.get("space") in placed:
        placed.remove(turn["space"])
    return sorted(set(placed))


def _post_candidates(g: Game, pid: str, allowed, deep: bool = False) -> list[dict]:
    spies = g.state["board"]["spies"]
    taken = {post_of(k) for k in spies}
    free = [p for p in g.content.posts if (allowed is None or p in allowed)
            and (p not in taken or (deep and pid not in spy_owners(g, p)))]
    if g.p(pid)["spies"] > 0:
        return [{"post": p} for p in free]
    mine = own_posts(g, pid)
    return [{"post": p, "recall": r} for p in free for r in mine]


def apply_choice(g: Game, task: dict, answer: dict) -> None:
    pid, kind = task["player"], task["kind"]
    legal = choice_candidates(g, task)
    if answer not in legal:
        raise IllegalAction("choice.not-offered",
                            f"{answer} is not one of the options {legal} for this {kind} choice",
                            CHOICE_RULINGS.get(kind, ()))
    if kind == "intrigue":
        names = _intrigue_names(g, pid)  # before the task goes: the list is the one offered
    g.finish(task)
    below = g.top
    if kind in BASE_CHOICES:
        from .custom import apply_choice as base_apply

        base_apply(g, task, answer)
        return
    if answer.get("option") == "skip":
        return
    if kind == "option":
        _prepend(below, commit_option(task["options"][answer["option"]]))
    elif kind == "pay":
        _prepend(below, list(task["then"]))
        pay_cost(g, pid, task["cost"], task["src"])
    elif kind == "faction":
        change_influence(g, pid, answer["faction"], task["delta"])
    elif kind == "trash":
        trash_card(g, pid, answer["card"], answer["zone"])
    elif kind == "discard":
        discard_card(g, pid, answer["card"])
    elif kind == "post":
        place_spy(g, pid, answer["post"], answer.get("recall"), task.get("deep", False))
    elif kind == "contract":
        from .custom import take_contract

        take_contract(g, pid, answer["contract"])
    elif kind == "count":
        move_troops(g, pid, task["move"], answer["count"])
    elif kind == "recall":
        recall_spy(g, pid, answer["post"])
    elif kind == "intrigue":
        _pay_intrigue(g, pid, names[answer["option"]], task.get("trash", False))
    elif kind == "acquire":
        spec = task["spec"]
        acquire_card(g, pid, answer["card"], spec.get("to", "discard"), spec.get("pay"))
    elif kind == "look":
        _look_move(g, pid, answer["card"], task["dest"])
        if task.get("last"):
            for card in list(g.p(pid).get("looking", [])):
                _look_move(g, pid, card, task["rest"])
    elif kind == "agent":
        recall_agent(g, pid, answer["space"])
    elif kind == "track":
        from .custom import feyd_move

        feyd_move(g, pid, task["next"][answer["option"]], task["src"])
    elif kind == "flip":
        from .custom import flip_conflict

        flip_conflict(g, pid, answer["option"])
    elif kind == "row":
        from .custom import manipulate

        manipulate(g, pid, answer["card"], task.get("other_means", False))


MOVES = {"retreat": ("conflict", "garrison"), "deploy": ("garrison", "conflict"),
         "defend": ("supply", "conflict")}
# choice kinds the original game's cards and leaders add (custom.choice_candidates / apply_choice)
BASE_CHOICES = ("agent-source", "voice", "opponent", "masterstroke", "top-card", "deck-top",
                "discard-to-hand")


def _pay_intrigue(g: Game, pid: str, card: str, trash: bool) -> None:
    from .chance import identify

    identify(g, pid, "intrigue", card)
    g.p(pid)["intrigue"].remove(card)
    if trash:
        ms_add(g.state.setdefault("intrigue_trashed", []), card)
    else:
        ms_add(g.state["intrigue_discard"], card)


def _look_move(g: Game, pid: str, card: str, dest: str) -> None:
    """A card looked at on top of the deck goes to the hand, the discard pile or the trash."""
    from .chance import take_from_deck

    pl = g.p(pid)
    pl["looking"].remove(card)
    if not pl["looking"]:
        del pl["looking"]
    if dest == "trash":
        trash_card(g, pid, card, "deck")
        return
    take_from_deck(pl["deck"], card)
    ms_add(pl["hand" if dest == "hand" else "discard"], card)


def recall_spy(g: Game, pid: str, post: str) -> None:
    spies = g.state["board"]["spies"]
    key = post if spies.get(post) == pid else f"{post}#{pid}"
    if spies.get(key) != pid:
        raise IllegalAction("spy.not-yours", f"no spy of {pid} on {post}", ("spy.recall-cost",))
    del spies[key]
    if key == post:  # a deep-cover spy left on the post becomes its first spy
        extra = sorted(k for k in spies if post_of(k) == post)
        if extra:
            spies[post] = spies.pop(extra[0])
    g.state["board"]["spies"] = dict(sorted(spies.items()))
    g.p(pid)["spies"] += 1
    turn = _my_turn(g, pid)
    if turn:
        turn["recalled"] = turn.get("recalled", 0) + 1  # "if you recalled a spy this turn"


def place_spy(g: Game, pid: str, post: str, recall: str | None = None, deep: bool = False) -> None:
    spies, pl = g.state["board"]["spies"], g.p(pid)
    if recall:
        recall_spy(g, pid, recall)
    owners = spy_owners(g, post)
    if owners and not deep:
        raise IllegalAction("spy.post-occupied", f"{post} already has a spy", ("spy.place",))
    if pid in owners:
        raise IllegalAction("spy.post-occupied", f"{post} already has {pid}'s spy", ("spy.deep-cover",))
    if pl["spies"] <= 0:
        raise IllegalAction("spy.none-left", f"{pid} has no spy in supply", ("spy.recall-to-place",))
    pl["spies"] -= 1
    spies[post if not owners else f"{post}#{pid}"] = pid
    if owners:
        g.rulings.append("spy.deep-cover")
    g.state["board"]["spies"] = dict(sorted(spies.items()))
