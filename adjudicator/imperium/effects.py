"""The effect language interpreter (the language is documented in docs/effects.md).

Effects run as a `steps` task on the stack (`steps.run` queues one). Steps that need nothing
from anyone apply at once; a step that needs a decision pushes a `choice` task (or a chance
task for draws) and the steps resume when it is done. `choice` tasks are answered with
`choose` actions (choices.py).

This module holds the interpreter and the ops; conditions and counters are in conditions.py,
costs in costs.py, moves between zones in zones.py, rules that need code in custom/.
"""

from __future__ import annotations

from ..core.errors import IllegalAction
from .conditions import count, holds
from .costs import affordable, can_afford
from .game import Game, ms_add, my_turn
from .influence import change_influence, track_holder
from .modules.bloodlines import commanders_in
from .registry import CUSTOM, FLAG_RULINGS, OPS, adjust, custom_runs, fire, first
from .steps import choice_task, prepend, push_choice, source_card
from .zones import acquirable, count_deployed, trash_card


def advance_steps(g: Game, task: dict) -> None:
    """Run steps until one needs a decision (pushed above) or all are done."""
    while task["steps"]:
        step = task["steps"].pop(0)
        OPS[step_op(step)](g, task, step)
        if g.top is not task:
            return
    g.finish(task)


def resolve_at_once(g: Game, pid: str, steps: list, src: str) -> dict:
    """The steps of a seat that decides nothing (a Rival card's Signet Ring or spy network), run by
    the same ops now, in order, where the rule that calls them stands (an `if` prepends its
    branch; a chance a step pushes is dealt after). Returns the task they ran in, which a step may
    mark for its caller (the troops a Rival card recruits: `recruits`)."""
    task = {"t": "steps", "player": pid, "src": src, "steps": list(steps)}
    while task["steps"]:
        step = task["steps"].pop(0)
        OPS[step_op(step)](g, task, step)
    return task


def step_op(step: dict) -> str:
    """The operation of a step: its one key that names an op (`OPS`); the other keys are the op's
    arguments. Found by name, never by position: a state that went through JSON with sorted keys
    (or any other order) resolves its pending steps exactly as before."""
    found = [key for key in step if key in OPS]
    if len(found) != 1:
        raise ValueError(f"a step names exactly one operation, not {sorted(found)}: {sorted(step)}")
    return found[0]


def op_gain(g, task, step):
    gains = dict(step["gain"])
    if "swords" in gains:  # swords go to whoever fights for the player (a six-player Commander's Ally)
        g.gain(adjust("acting-for", task["player"], g), {"swords": gains.pop("swords")})
        sources = my_turn(g, task["player"]).get("sword_sources")
        if sources is not None and task["src"] not in sources:  # kept where a card counts them (Rise of Ix)
            ms_add(sources, task["src"])
    if gains:
        g.gain(task["player"], gains)


def op_lose(g, task, step):
    g.gain(task["player"], {k: -v for k, v in step["lose"].items()})


def op_draw(g, task, step):
    g.push({"t": "chance", "kind": "draw", "player": task["player"], "n": step["draw"]})


def op_intrigue(g, task, step):
    g.push({"t": "chance", "kind": "draw-intrigue", "player": task["player"], "n": step["intrigue"]})


def op_recruit(g, task, step):
    g.rulings.append("recruit.supply")
    troops = g.p(adjust("acting-for", task["player"], g))["troops"]  # a Commander recruits for his Ally
    n = min(step["recruit"], troops["supply"])
    troops["supply"] -= n
    troops["garrison"] += n
    fire("recruited", g, task, n)
    turn = g.state.get("turn")
    if turn and turn["player"] == task["player"]:
        turn["recruited"] += n


def worm_refusal(g, pid, step, wall=None, hooks=None):
    """Why a rule forbids this sandworm step now, as (code, template, ruling, params), or None (worm_error
    makes it a refusal). `wall` and
    `hooks`: the Shield Wall and Maker Hooks as earlier steps of the same effect leave them."""
    if first("worm-replaced", g, pid) is not None:
        return None  # a player who summons no sandworm resolves something else instead (op_worm)
    wall = g.state["board"]["shield_wall"] if wall is None else wall
    hooks = g.p(pid)["maker_hooks"] if hooks is None else hooks
    conflict = g.content.conflicts.get(g.state["board"]["conflict"] or "", {})
    if not hooks and not step.get("no_hooks"):
        return ("worm.maker-hooks", "{seat} has no Maker Hooks, so no sandworm can be summoned.", "worm.maker-hooks",
                {"seat": pid})
    if wall and conflict.get("shield_wall"):
        return ("worm.shield-wall", "The Shield Wall still stands and protects the Conflict {conflict}: no "
                "sandworm may join it.", "worm.shield-wall", {"conflict": g.state["board"]["conflict"]})
    if my_turn(g, pid).get("no_deploy"):
        return ("worm.no-deploy", "{seat} may deploy no unit this turn, sandworms included.",
                FLAG_RULINGS["no_deploy"], {"seat": pid})
    return None


def worm_error(refusal: tuple, *rulings: str) -> IllegalAction:
    """A worm_refusal as the refusal of an action, its own ruling first."""
    code, template, ruling, params = refusal
    return IllegalAction(code, template, (ruling, *rulings), params=params)


def resolves_to(g, pid, steps, src, wall=None, hooks=None):
    """What resolving `steps` now would come to: a refusal (worm_refusal) when they summon a
    sandworm a rule forbids whatever the player chooses, NOTHING when they would change nothing
    (an `if` that fails, an arrow that cannot be paid or buys nothing), else SOMETHING."""
    wall = g.state["board"]["shield_wall"] if wall is None else wall
    hooks = g.p(pid)["maker_hooks"] if hooks is None else hooks
    steps, result = list(steps), NOTHING
    while steps:
        step = steps.pop(0)
        if "if" in step:
            steps[:0] = step["then"] if holds(g, pid, step["if"], src) else step.get("else", [])
            continue
        if "worm" in step and (refusal := worm_refusal(g, pid, step, wall, hooks)):
            return refusal
        if "pay" in step and (not can_afford(g, pid, step["pay"], src)
                              or resolves_to(g, pid, step["then"], src, wall, hooks) != SOMETHING):
            continue  # an arrow that is not offered
        if "choose" in step:
            outcomes = [resolves_to(g, pid, opt + steps, src, wall, hooks) for opt in step["choose"]
                        if affordable(g, pid, opt, src)]
            if outcomes and all(isinstance(o, tuple) for o in outcomes):
                return outcomes[0]
            return SOMETHING if SOMETHING in outcomes or result == SOMETHING else NOTHING
        wall = wall and "break_shield_wall" not in step
        hooks = hooks or "maker_hooks" in step
        result = SOMETHING
    return result


NOTHING, SOMETHING = "nothing", "something"


def op_worm(g, task, step):
    pid = task["player"]
    pl = g.p(pid)
    instead = first("worm-replaced", g, pid)
    if instead is not None:
        prepend(task, list(instead) * step["worm"])
        return
    refusal = worm_refusal(g, pid, step)
    if refusal:  # never a silent no-op: the options that lead here are not offered
        raise worm_error(refusal, "worm.direct-to-conflict")
    pl["worms"] += step["worm"]
    g.rulings.append("worm.direct-to-conflict")
    count_deployed(g, pid, step["worm"])


def op_influence(g, task, step):
    n, faction = step["influence"], step.get("faction", "any")
    if faction == "space":  # the Faction of the board space the agent went to this turn
        faction = g.content.spaces.get((g.state.get("turn") or {}).get("space"), {}).get("faction")
        if not faction:
            return
    if isinstance(faction, str) and faction != "any":
        # a six-player Commander may take an Emperor or Fremen point on his own board or the main one
        options = adjust("influence-options", [faction], g, task["player"], task["src"])
        if len(options) == 1:
            change_influence(g, task["player"], faction, n)
            return
        faction = options
    allowed = list(g.tracks) if faction == "any" else list(faction)  # the tracks on this game's board
    if n < 0 and step.get("if_possible"):
        # a loss "if possible": only where the player has Influence to lose; none anywhere, none lost
        # (the rest of the option still applies); the step names the ruling that says so
        allowed = [f for f in allowed if g.p(track_holder(g, task["player"], f))["influence"][f] > 0]
        if step.get("ruling"):
            g.rulings.append(step["ruling"])
        if not allowed:
            return
    if step.get("different"):  # one point each with different Factions: each pick narrows the next
        push_choice(g, task, "faction", factions=allowed, delta=1 if n > 0 else -1, more=abs(n) - 1)
        return
    for _ in range(abs(n)):
        push_choice(g, task, "faction", factions=allowed, delta=1 if n > 0 else -1)


def op_trash(g, task, step):
    if step.get("self"):
        card = task["src"].split(":", 1)[-1].split("#")[0]
        if card in g.p(task["player"])["play"]:  # it may already be trashed by another effect
            trash_card(g, task["player"], card, "play")
        return
    my_turn(g, task["player"]).pop("last_trashed", None)
    for _ in range(step["trash"]):
        push_choice(g, task, "trash", zones=step.get("from", ["hand", "discard", "play"]))


def op_discard(g, task, step):
    my_turn(g, task["player"]).pop("last_discarded", None)
    for _ in range(step["discard"]):
        push_choice(g, task, "discard")


def op_spy(g, task, step):
    posts = step.get("posts")
    if posts:
        g.rulings.append("spy.restricted-post")
    if posts == "space":  # the posts connected to the space the agent went to this turn
        posts = g.space_posts((g.state.get("turn") or {}).get("space"))
    for _ in range(step["spy"]):
        fields = {"posts": posts}
        if step.get("deep"):
            fields["deep"] = True
        push_choice(g, task, "post", **fields)


def op_contract(g, task, step):
    pid = task["player"]
    if "choam" not in g.state["game"]["modules"]:
        g.gain(pid, {"solari": g.content.rules["no_choam_contract_solari"]})
        g.rulings += ["choam.module", "choam.contract-icon"]
        return
    instead = first("contract-instead", g, pid)  # a seat that takes no contract (a Rival) gains this
    if instead is not None:
        for _ in range(step["contract"]):
            g.gain(pid, instead)
        return
    for _ in range(step["contract"]):
        if g.state["contracts"]["face_up"] or g.state["contracts"]["pile"] \
                or g.p(pid).get("set_aside_contracts"):
            push_choice(g, task, "contract")
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
        if len(g.p(q)["intrigue"]) >= adjust("steal-threshold", 4, g, q):
            g.push({"t": "chance", "kind": "steal-intrigue", "player": pid, "from": q})


def op_retreat(g, task, step):
    g.rulings += ["retreat.definition", "retreat.any-number"]
    holder = adjust("acting-for", task["player"], g)  # whose units (a six-player Commander's: his Ally's)
    pl = g.p(holder)
    most = min(step["retreat"], pl["troops"]["conflict"] + commanders_in(pl, "conflict"))  # Commanders are troops
    if most:  # the holder of the units decides (a six-player Commander's activated Ally, p. 3)
        g.push(choice_task(holder, "count", task["src"], most=most, move="retreat"))


def op_deploy(g, task, step):
    pid = task["player"]
    if my_turn(g, pid).get("no_deploy"):
        g.rulings.append(FLAG_RULINGS["no_deploy"])
        return
    holder = adjust("acting-for", pid, g)
    pl = g.p(holder)
    most = min(step["deploy"], pl["troops"]["garrison"] + commanders_in(pl, "garrison"))
    if most:  # the holder of the units decides (a six-player Commander's activated Ally, p. 3)
        g.push(choice_task(holder, "count", task["src"], most=most, move="deploy"))


def op_swordmaster(g, task, step):
    pl = g.p(task["player"])
    if not pl["swordmaster"]:  # one Agent more: a player holding the Mentat has 4 this round
        pl["agents"] += 1
    pl["swordmaster"] = True
    g.rulings.append("swordmaster.gain")


def op_high_council(g, task, step):
    g.p(task["player"])["seat"] = True
    g.rulings.append(g.content.rules["council_ruling"])  # once a game in the original, not in Uprising
    fire("seat-taken", g, task["player"])


def op_pay(g, task, step):
    if can_afford(g, task["player"], step["pay"], task["src"]) \
            and resolves_to(g, task["player"], step["then"], task["src"]) == SOMETHING:
        push_choice(g, task, "pay", cost=step["pay"], then=step["then"])


def op_choose(g, task, step):
    options = [i for i, opt in enumerate(step["choose"])
               if affordable(g, task["player"], opt, task["src"]) and option_open(g, task, opt)]
    if options:  # one open option is a forced choice: a log may record it or leave it out
        push_choice(g, task, "option", options=step["choose"], open=options)


def option_open(g, task, option) -> bool:
    """A `choose` option a rule forbids (a sandworm that cannot come, here or in the steps that
    follow it) is not offered, nor one that would do nothing (an explicitly empty option stays)."""
    outcome = resolves_to(g, task["player"], option + task["steps"], task["src"])
    if isinstance(outcome, tuple):
        g.rulings.append(outcome[2])
        return False
    return not option or resolves_to(g, task["player"], option, task["src"]) == SOMETHING


def op_if(g, task, step):
    branch = step["then"] if holds(g, task["player"], step["if"], task["src"]) else step.get("else", [])
    prepend(task, list(branch))


def op_each(g, task, step):
    prepend(task, list(step["then"]) * count(g, task["player"], step["each"], task["src"]))


def op_opponents(g, task, step):
    """Each opponent, clockwise from your left, resolves the steps as their own."""
    g.push(*({"t": "steps", "player": q, "src": task["src"], "steps": list(step["opponents"])}
             for q in g.clockwise_from(task["player"])[1:]))


def op_acquire(g, task, step):
    spec = dict(step["acquire"])
    if spec.pop("to_hand_if", None) is not None:
        cond = step["acquire"]["to_hand_if"]
        spec["to"] = "hand" if holds(g, task["player"], cond, task["src"]) else spec.get("to", "discard")
    if acquirable(g, task["player"], spec):
        push_choice(g, task, "acquire", spec=spec)


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
    choices = [choice_task(pid, "look", task["src"], dest=d, last=(i == len(dests) - 2))
               for i, d in enumerate(dests[:-1])]
    for c in choices:
        c["rest"] = dests[-1] if c["last"] else None
    g.push({"t": "chance", "kind": "draw", "player": pid, "n": step["look"], "look": True}, *choices)


def op_recall_agent(g, task, step):
    for _ in range(step["recall_agent"]):
        push_choice(g, task, "agent")


def op_custom(g, task, step):
    handler = CUSTOM.get(step["custom"])
    if handler is None:
        g.note_unimplemented(f"{task['src']}: {step['custom']}")
    elif custom_runs(g, step["custom"]):  # dispatch by module: a module's step does nothing elsewhere
        handler(g, task, step)


def op_todo(g, task, step):
    g.note_unimplemented(f"{task['src']}: {step['todo']}")


OPS.update({name[3:]: fn for name, fn in globals().items() if name.startswith("op_")})
