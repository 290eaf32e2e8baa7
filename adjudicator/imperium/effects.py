"""The effect language interpreter (the language is documented in docs/effects.md).

Effects run as a `steps` task on the stack. Steps that need nothing from anyone apply at
once; a step that needs a decision pushes a `choice` task (or a chance task for draws) and
the steps resume when it is done. `choice` tasks are answered with `choose` actions.
"""

from __future__ import annotations

from ..core.errors import IllegalAction
from .content import FACTIONS
from .game import Game, spies_on_board
from .influence import change_influence, has_alliance

CHOICE_RULINGS = {
    "option": ("agent.arrow-cost",),
    "pay": ("agent.arrow-cost",),
    "faction": ("influence.vp-at-2",),
    "trash": ("deck.trash",),
    "discard": ("deck.trash",),
    "post": ("spy.place",),
    "contract": ("choam.contracts",),
    "count": ("deploy.limits",),
    "recall": ("spy.recall-cost",),
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
    g.push({"t": "choice", "player": task["player"], "kind": kind, "src": task["src"], **fields})


# --- conditions and counters ----------------------------------------------------------------
def holds(g: Game, pid: str, cond: dict, src: str = "") -> bool:
    pl = g.p(pid)
    turn = g.state.get("turn") or {}
    (key, value), = cond.items()
    if key == "alliance":
        return has_alliance(g, pid, value)
    if key == "influence":
        return pl["influence"][value] >= cond.get("at_least", 1)
    if key == "at_least":
        return True  # read together with "influence"
    if key == "bond":
        own = src.split(":", 1)[-1]
        others = list(pl["play"])
        if own in others:
            others.remove(own)
        return any(value in g.content.cards.get(c, {}).get("factions", []) for c in others)
    if key == "in_conflict":
        return units_in_conflict(pl) > 0
    if key == "spies":
        return spies_on_board(g, pid) >= value
    if key in ("seat", "swordmaster", "maker_hooks"):
        return bool(pl[key]) == bool(value)
    if key == "space_icon":
        return g.content.spaces.get(turn.get("space"), {}).get("icon") == value
    if key == "maker_space":
        return bool(g.content.spaces.get(turn.get("space"), {}).get("maker")) == value
    if key == "combat_space":
        return bool(g.content.spaces.get(turn.get("space"), {}).get("combat")) == value
    if key == "completed_contracts":
        return pl["completed"] >= value
    if key == "all":
        return all(holds(g, pid, c, src) for c in value)
    if key == "any":
        return any(holds(g, pid, c, src) for c in value)
    if key == "not":
        return not holds(g, pid, value, src)
    g.note_unimplemented(f"condition {key}")
    return False


def _cond(g, pid, cond, src):
    # {"influence": "fremen", "at_least": 2} has two keys: read them as one condition.
    if "influence" in cond:
        return g.p(pid)["influence"][cond["influence"]] >= cond.get("at_least", 1)
    return holds(g, pid, cond, src)


def count(g: Game, pid: str, counter: dict, src: str) -> int:
    (key, value), = counter.items()
    pl = g.p(pid)
    if key == "spies_on_board":
        return spies_on_board(g, pid)
    if key == "cards_in_play":
        own = src.split(":", 1)[-1]
        return sum(1 for c in pl["play"] if c != own
                   and value in g.content.cards.get(c, {}).get("factions", []))
    if key == "completed_contracts":
        return pl["completed"]
    if key == "units_in_conflict":
        return units_in_conflict(pl)
    g.note_unimplemented(f"counter {key}")
    return 0


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
    troops = g.p(task["player"])["troops"]
    n = min(step["recruit"], troops["supply"])
    troops["supply"] -= n
    troops["garrison"] += n
    turn = g.state.get("turn")
    if turn and turn["player"] == task["player"]:
        turn["recruited"] += n


def op_worm(g, task, step):
    pid = task["player"]
    pl = g.p(pid)
    conflict = g.content.conflicts.get(g.state["board"]["conflict"] or "", {})
    if not pl["maker_hooks"]:
        g.rulings.append("worm.maker-hooks")
        return
    if g.state["board"]["shield_wall"] and conflict.get("shield_wall"):
        g.rulings.append("worm.shield-wall")
        return
    pl["worms"] += step["worm"]
    g.rulings.append("worm.direct-to-conflict")


def op_influence(g, task, step):
    n, faction = step["influence"], step.get("faction", "any")
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
    for _ in range(step["trash"]):
        _choice(g, task, "trash", zones=step.get("from", ["hand", "discard", "play"]))


def op_discard(g, task, step):
    for _ in range(step["discard"]):
        _choice(g, task, "discard")


def op_spy(g, task, step):
    for _ in range(step["spy"]):
        _choice(g, task, "post", posts=step.get("posts"))


def op_contract(g, task, step):
    if "choam" in g.state["game"]["modules"]:
        for _ in range(step["contract"]):
            _choice(g, task, "contract")
    else:
        g.gain(task["player"], {"solari": g.content.rules["no_choam_contract_solari"]})
        g.rulings.append("choam.module")


def op_maker_hooks(g, task, step):
    g.p(task["player"])["maker_hooks"] = True


def op_break_shield_wall(g, task, step):
    g.state["board"]["shield_wall"] = False
    g.rulings.append("shield-wall.break")


def op_steal_intrigue(g, task, step):
    pid = task["player"]
    for q in g.opponents(pid):
        if len(g.p(q)["intrigue"]) >= 4:
            g.push({"t": "chance", "kind": "steal-intrigue", "player": pid, "from": q})


def op_retreat(g, task, step):
    most = min(step["retreat"], g.p(task["player"])["troops"]["conflict"])
    if most:
        _choice(g, task, "count", most=most, move="retreat")


def op_deploy(g, task, step):
    most = min(step["deploy"], g.p(task["player"])["troops"]["garrison"])
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


def op_pay(g, task, step):
    if g.can_pay(task["player"], step["pay"]):
        _choice(g, task, "pay", cost=step["pay"], then=step["then"])


def op_choose(g, task, step):
    options = [i for i, opt in enumerate(step["choose"]) if _affordable(g, task["player"], opt)]
    if len(options) == 1:
        _prepend(task, _commit(step["choose"][options[0]]))
    elif options:
        _choice(g, task, "option", options=step["choose"], open=options)


def op_if(g, task, step):
    branch = step["then"] if _cond(g, task["player"], step["if"], task["src"]) else step.get("else", [])
    _prepend(task, list(branch))


def op_each(g, task, step):
    _prepend(task, list(step["then"]) * count(g, task["player"], step["each"], task["src"]))


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


def _affordable(g: Game, pid: str, option: list) -> bool:
    return not option or "pay" not in option[0] or g.can_pay(pid, option[0]["pay"])


def _commit(option: list) -> list:
    """A chosen option that starts with an arrow cost must pay it: the choice was the payment."""
    if option and "pay" in option[0]:
        return [{"custom": "pay-now", "cost": option[0]["pay"]}, *option[0]["then"], *option[1:]]
    return list(option)


# --- zones -------------------------------------------------------------------------------------
def trash_card(g: Game, pid: str, card: str, zone: str) -> None:
    pl = g.p(pid)
    if card not in pl[zone]:
        raise IllegalAction("card.not-in-zone", f"{card} is not in {pid}'s {zone}", ("deck.trash",))
    pl[zone].remove(card)
    pl["trashed"].append(card)
    pl["trashed"].sort()


# --- choices -------------------------------------------------------------------------------------
def choice_candidates(g: Game, task: dict) -> list[dict]:
    pid, kind, pl = task["player"], task["kind"], g.p(task["player"])
    if kind == "option":
        return [{"option": i} for i in task["open"]]
    if kind == "pay":
        return [{"option": "pay"}, {"option": "skip"}]
    if kind == "faction":
        factions = task["factions"]
        if task["delta"] < 0:
            factions = [f for f in factions if pl["influence"][f] > 0] or factions
        return [{"faction": f} for f in factions]
    if kind == "trash":
        return [{"card": c, "zone": z} for z in task["zones"] for c in sorted(set(pl[z]))] + [{"option": "skip"}]
    if kind == "discard":
        return [{"card": c} for c in sorted(set(pl["hand"]))] or [{"option": "skip"}]
    if kind == "post":
        return _post_candidates(g, pid, task.get("posts")) + [{"option": "skip"}]
    if kind == "contract":
        return [{"contract": c} for c in g.state["contracts"]["face_up"]] or [{"option": "skip"}]
    if kind == "count":
        return [{"count": n} for n in range(task["most"] + 1)]
    if kind == "recall":
        return [{"post": p} for p, owner in g.state["board"]["spies"].items() if owner == pid]
    raise AssertionError(kind)


def _post_candidates(g: Game, pid: str, allowed) -> list[dict]:
    spies = g.state["board"]["spies"]
    free = [p for p in g.content.posts if p not in spies and (allowed is None or p in allowed)]
    if g.p(pid)["spies"] > 0:
        return [{"post": p} for p in free]
    mine = sorted(p for p, owner in spies.items() if owner == pid)
    return [{"post": p, "recall": r} for p in free for r in mine]


def apply_choice(g: Game, task: dict, answer: dict) -> None:
    pid, kind = task["player"], task["kind"]
    legal = choice_candidates(g, task)
    if answer not in legal:
        raise IllegalAction("choice.not-offered",
                            f"{answer} is not one of the options {legal} for this {kind} choice",
                            CHOICE_RULINGS.get(kind, ()))
    g.finish(task)
    below = g.top
    if answer.get("option") == "skip":
        return
    if kind == "option":
        _prepend(below, _commit(task["options"][answer["option"]]))
    elif kind == "pay":
        g.pay(pid, task["cost"], ("agent.arrow-cost",))
        _pay_extras(g, pid, task["cost"])
        _prepend(below, list(task["then"]))
    elif kind == "faction":
        change_influence(g, pid, answer["faction"], task["delta"])
    elif kind == "trash":
        trash_card(g, pid, answer["card"], answer["zone"])
    elif kind == "discard":
        g.p(pid)["hand"].remove(answer["card"])
        g.p(pid)["discard"].append(answer["card"])
    elif kind == "post":
        place_spy(g, pid, answer["post"], answer.get("recall"))
    elif kind == "contract":
        from .custom import take_contract

        take_contract(g, pid, answer["contract"])
    elif kind == "count":
        troops = g.p(pid)["troops"]
        src, dst = MOVES[task["move"]]
        troops[src] -= answer["count"]
        troops[dst] += answer["count"]
    elif kind == "recall":
        recall_spy(g, pid, answer["post"])


MOVES = {"retreat": ("conflict", "garrison"), "deploy": ("garrison", "conflict"),
         "defend": ("supply", "conflict")}


def _pay_extras(g: Game, pid: str, cost: dict) -> None:
    """Costs that are not resources: recall a spy, trash this card. They push choices."""
    if cost.get("recall_spy"):
        g.push({"t": "choice", "player": pid, "kind": "recall", "src": "cost"})


def recall_spy(g: Game, pid: str, post: str) -> None:
    if g.state["board"]["spies"].get(post) != pid:
        raise IllegalAction("spy.not-yours", f"no spy of {pid} on {post}", ("spy.recall-cost",))
    del g.state["board"]["spies"][post]
    g.p(pid)["spies"] += 1


def place_spy(g: Game, pid: str, post: str, recall: str | None = None) -> None:
    spies, pl = g.state["board"]["spies"], g.p(pid)
    if recall:
        recall_spy(g, pid, recall)
    if post in spies:
        raise IllegalAction("spy.post-occupied", f"{post} already has a spy", ("spy.place",))
    if pl["spies"] <= 0:
        raise IllegalAction("spy.none-left", f"{pid} has no spy in supply", ("spy.recall-to-place",))
    pl["spies"] -= 1
    spies[post] = pid
    g.state["board"]["spies"] = dict(sorted(spies.items()))
