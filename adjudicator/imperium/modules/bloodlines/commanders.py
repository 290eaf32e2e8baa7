"""Bloodlines: Sardaukar Commanders and their Skills (rules manual, seed 000 pp. 3-5), the Combat
icon (p. 5), and the cards and leaders that act on Commanders, as registrations:

- setup (p. 3): the Commanders on their board spaces per edition and player count, one in the
  bank, the Skill stack with four face up, each face-up Skill dealt as a chance outcome
  (`deal-skill`);
- acquiring the Commander of the space an Agent went to (p. 4): an effect node of the turn,
  `commander:<space>`, resolved in any order with the others, answered `choose pay` or
  `choose skip`, then the Skill choice (`skill`);
- recruiting a Commander from the supply once a turn (p. 4): the verb `recruit-commander`;
- Skills (p. 4): a Reveal-timed Skill is an effect node `skill:<id>` of its owner's Reveal turn,
  a Combat-timed one adds its swords when combat is resolved; each once a round, while one of
  its owner's Commanders is in the Conflict;
- the custom steps of the cards, Tech tiles and leaders that name Commanders or Skills.

The units themselves (zones, strength, return to the supply) are `units.py`.
"""

from __future__ import annotations

from ....core import rng
from ....core.errors import IllegalAction
from ...conditions import holds
from ...game import Game, ms_add, ms_remove, my_turn
from ...registry import ChanceKind, Verb, adjust, chance_kind, choice, custom, fire, first, hook, node_kind, verb
from ...steps import choice_task, prepend, push_choice, run, source_card
from ...zones import count_deployed, lift_agent
from .stock import setup_variant, skill_copies
from .units import commanders_in, move_commanders

MODULE = "bloodlines"
PRICE = 2  # Solari, to acquire a Commander from a space or to recruit one from the supply (p. 4)
FACE_UP = 4  # Skills face up beside the stack (p. 3, step 2)
TURN_NODES = ("place", "cost", "gather", "reveal", "deploy", "acquire", "end")
# what the setup rests on, per edition, and with four players (p. 3)
SETUP_RULINGS = {"uprising": ("bloodlines.setup-commanders-uprising", "bloodlines.setup-commander-bank",
                              "bloodlines.setup-skills"),
                 "base": ("bloodlines.setup-imperium-commanders", "bloodlines.setup-commander-bank",
                          "bloodlines.setup-skills", "bloodlines.setup-imperium-no-fierce"),
                 4: ("bloodlines.setup-commander-four-players",),
                 "uprising-six-player": ("six.bloodlines-setup", "bloodlines.setup-commander-bank",
                                         "bloodlines.setup-skills")}


def playing(g: Game) -> bool:
    return MODULE in g.state["game"]["modules"]


def _setup_data(g: Game) -> dict:
    return g.content.expansion_setup[MODULE]


# --- setup (p. 3) ------------------------------------------------------------------------------
@hook("setup", module="bloodlines")
def _setup(g: Game) -> None:
    data = _setup_data(g)["sardaukar_commanders"]
    variant = setup_variant(g.state)
    where = data["placement"][variant]
    extra = where["four_players_extra"] if len(g.order) == 4 else ()
    spaces = [*where["spaces"], *where.get("emperor_board", ()), *extra]
    g.state["board"]["commanders"] = sorted(spaces)
    g.state["commanders"] = {"bank": where["bank"], "box": data["total"] - len(spaces) - where["bank"]}
    for pid in g.order:
        pl = g.p(pid)
        pl["commanders"] = {"supply": 0, "garrison": 0, "conflict": 0}
        pl["skills"] = []
        pl["skills_used"] = []
    g.state["skills"] = {"stack": skill_pool(g), "face_up": [], "trashed": []}
    g.push(*({"t": "chance", "kind": "deal-skill"} for _ in range(FACE_UP)))
    g.rulings.extend(SETUP_RULINGS.get(variant, ()) + SETUP_RULINGS.get(len(g.order), ()))


def skill_pool(g: Game) -> list[str]:
    """Every Skill of this game, one entry per copy (stock.py: six players leave out both Fierce)."""
    return sorted(skill_copies(g.content, g.state).elements())


# --- the Skill stack: a face-up Skill dealt is a chance outcome -------------------------------
def _apply_deal_skill(g: Game, task: dict, action: dict) -> None:
    skills, skill = g.state["skills"], action.get("skill")
    if skill not in g.content.skills and skill in _setup_data(g)["skills"]["exclude"].get(
            g.state["game"]["edition"], []):
        raise IllegalAction("chance.card-not-available", "{skill} is left out of the Skill stack with the original "
                            "Dune: Imperium.", ("bloodlines.setup-imperium-no-fierce",), params={"skill": skill})
    if skill in g.content.skills and skill not in skill_copies(g.content, g.state):
        raise IllegalAction("chance.card-not-available", "{skill} is left out of the Skill stack in the "
                            "six-player game.", ("six.bloodlines-setup",), params={"skill": skill})
    if not ms_remove(skills["stack"], skill):
        raise IllegalAction("chance.card-not-available", "{skill} is not left in the Skill stack.",
                            ("bloodlines.setup-skills", "chance.card-not-available"), params={"skill": str(skill)})
    ms_add(skills["face_up"], skill)


chance_kind(ChanceKind(
    "deal-skill",
    lambda g, task: [{"do": "deal-skill", "skill": s} for s in sorted(set(g.state["skills"]["stack"]))],
    lambda g, task: {"do": "deal-skill", "skill": (lambda pool: pool[rng.below(g.state, len(pool))])(
        sorted(g.state["skills"]["stack"]))},
    _apply_deal_skill, ("bloodlines.setup-skills",)))


def _refill_skills(g: Game) -> None:
    if g.state["skills"]["stack"]:
        g.push({"t": "chance", "kind": "deal-skill"})


# --- the price of a Commander -------------------------------------------------------------------
def price(g: Game, pid: str, paying: bool = False) -> int:
    """2 Solari, less this turn's discount (an Intrigue card) and a standing one (Sardaukar High
    Command: the `commander-price` listener of tech.py, which cites its tile when `paying`)."""
    cost = PRICE - g.p(pid).get("commander_discount", 0)
    return max(0, adjust("commander-price", cost, g, pid, paying))


def _recruited(g: Game, pid: str, acquired: bool) -> None:
    """A Commander reached the garrison this turn: the turn's deploy may take it (p. 4)."""
    turn = my_turn(g, pid)
    if turn:
        turn["commanders_recruited"] = turn.get("commanders_recruited", 0) + 1
    fire("commander-recruited", g, pid, acquired)


# --- acquiring the Commander of a space (p. 4) -------------------------------------------------------
@hook("agent-sent", module="bloodlines")
def _commander_node(g: Game, pid: str, space_id: str) -> list[str]:
    return [f"commander:{space_id}"] if space_id in g.state["board"].get("commanders", []) else []


@node_kind("commander")
def _resolve_commander(g: Game, pid: str, ident: str, node: str) -> None:
    g.rulings.append("bloodlines.commander-acquire")
    if first("commander-node", g, pid, ident, node):  # six players: Muad'Dib's team buys none
        return
    g.push(choice_task(pid, "commander", node, space=ident))


def _commander_offers(g: Game, task: dict) -> list[dict]:
    pid = task["player"]
    if task["space"] not in g.state["board"].get("commanders", []) or not g.can_pay(pid, {"solari": price(g, pid)}) \
            or owner(g, pid) is None:
        return []
    return [{"option": "pay"}, {"option": "skip"}]


@choice("commander", _commander_offers, ("bloodlines.commander-acquire",))
def _acquire_commander(g: Game, task: dict, given: dict, below: dict) -> None:
    pid = task["player"]
    g.pay(pid, {"solari": price(g, pid, True)}, ("bloodlines.commander-acquire", "cost.must-be-payable"))
    ms_remove(g.state["board"]["commanders"], task["space"])
    acquire(g, pid, task["src"])


def owner(g: Game, pid: str) -> str | None:
    """Whose garrison and Skill a Commander `pid` acquires goes to: theirs, but for the six-player
    Commanders (Shaddam's activated Ally's; Muad'Dib's team acquires none: None)."""
    return adjust("commander-owner", pid, g)


def acquire(g: Game, pid: str, src: str) -> None:
    """Acquire and at once recruit a Commander (to the owner's garrison), then the owner chooses
    a Skill. The recruit is `pid`'s (their turn's deployment, their Tech tiles)."""
    to = owner(g, pid)
    g.p(to)["commanders"]["garrison"] += 1
    g.rulings += ["bloodlines.commander-deploy", "bloodlines.skill-choice"]
    g.push(choice_task(to, "skill", src))
    _recruited(g, pid, True)


# --- choosing a Skill (p. 4) ------------------------------------------------------------------------
def _skill_offers(g: Game, task: dict) -> list[dict]:
    held = g.p(task["player"])["skills"]
    return [{"skill": s} for s in sorted(set(g.state["skills"]["face_up"])) if s not in held]


def _why_not_skill(g: Game, task: dict, given: dict) -> IllegalAction | None:
    skill = given.get("skill")
    if skill in g.p(task["player"])["skills"]:
        return IllegalAction("skill.already-held", "{seat} already has {skill}: a player cannot choose a copy of a "
                             "Skill already in their supply.", ("bloodlines.skill-choice",),
                             params={"seat": task["player"], "skill": skill})
    if skill is not None and skill not in g.state["skills"]["face_up"]:
        return IllegalAction("skill.not-face-up", "{skill} is not among the face-up Skills ({skills}).",
                             ("bloodlines.skill-choice", "bloodlines.setup-skills"),
                             params={"skill": str(skill), "skills": list(g.state["skills"]["face_up"])})
    return None


@choice("skill", _skill_offers, ("bloodlines.skill-choice",), why_not=_why_not_skill)
def _take_skill(g: Game, task: dict, given: dict, below: dict) -> None:
    pl = g.p(task["player"])
    ms_remove(g.state["skills"]["face_up"], given["skill"])
    ms_add(pl["skills"], given["skill"])
    _refill_skills(g)


# --- recruiting a Commander from the supply, once a turn (p. 4) ---------------------------------------
def recruit_error(g: Game, pid: str, a: dict) -> IllegalAction | None:
    """What keeps `pid` from recruiting a Commander from their supply now (one definition for the
    check and the offers)."""
    turn, mine = my_turn(g, pid), g.p(pid)["commanders"]
    rule = ("bloodlines.commander-recruit-supply",)
    if (refused := first("commander-recruit-refusal", g, pid)) is not None:  # six players
        return refused
    if set(a) - {"to"} or a.get("to", "garrison") not in ("garrison", "conflict"):
        return IllegalAction("commander.bad-args", "A recruit-commander names only where the Commander goes (to "
                             "garrison or to conflict).", rule)
    if not turn:
        return IllegalAction("commander.not-in-turn", "A Commander is recruited from the supply in an Agent or "
                             "Reveal turn, once the Agent is sent or the cards revealed.", rule)
    if turn.get("commander_from_supply"):
        return IllegalAction("commander.once-per-turn", "{seat} has already recruited a Sardaukar Commander from "
                             "their supply this turn: one a turn.", rule, params={"seat": pid})
    if mine["supply"] == 0:
        return IllegalAction("commander.none-in-supply", "{seat} has no Sardaukar Commander in their supply.", rule,
                             params={"seat": pid})
    cost = price(g, pid)
    if not g.can_pay(pid, {"solari": cost}):
        return IllegalAction("resources.cannot-pay", "{seat} cannot pay {solari} Solari.",
                             (*rule, "cost.must-be-payable"), params={"seat": pid, "solari": cost})
    if a.get("to") == "conflict" and ("deploy" not in turn["nodes"] or turn.get("no_deploy")):
        return IllegalAction("deploy.not-combat-space", "{seat} has not sent an Agent to a Combat space this turn "
                             "(nor used a Combat icon): the Commander goes to the garrison.",
                             ("bloodlines.commander-deploy", *rule), params={"seat": pid})
    return None


def _recruit_offers(g: Game, task: dict, pid: str) -> list[dict]:
    return [a for a in ({}, {"to": "conflict"}) if recruit_error(g, pid, a) is None]


def _recruit_commander(g: Game, task: dict, pid: str, a: dict) -> None:
    if (err := recruit_error(g, pid, a)) is not None:
        raise err
    g.pay(pid, {"solari": price(g, pid, True)}, ("bloodlines.commander-recruit-supply", "cost.must-be-payable"))
    my_turn(g, pid)["commander_from_supply"] = True
    move_commanders(g, pid, "supply", "garrison", 1)
    if a.get("to") == "conflict":
        move_commanders(g, pid, "garrison", "conflict", 1)
        g.rulings.append("bloodlines.commander-deploy")
        count_deployed(g, pid, 1)
        fire("commander-recruited", g, pid, False)
    else:
        _recruited(g, pid, False)


verb(Verb("recruit-commander", ("agent", "reveal"), _recruit_offers, _recruit_commander,
          ("bloodlines.commander-recruit-supply",), accepts=lambda g, task: "commanders" in g.p(task["player"])))


# --- Skills (p. 4) -----------------------------------------------------------------------------------
def active_skills(g: Game, pid: str, timing: str) -> list[str]:
    """`pid`'s Skills of that timing that work now: a Commander of theirs is in the Conflict and
    the Skill has not worked yet this round."""
    pl = g.p(pid)
    if not commanders_in(pl, "conflict"):
        return []
    return [s for s in sorted(set(pl.get("skills", []))) if g.content.skills[s]["timing"] == timing
            and s not in pl["skills_used"]]


def _use_skill(g: Game, pid: str, skill: str) -> list:
    ms_add(g.p(pid)["skills_used"], skill)
    g.rulings.extend(["bloodlines.skill-active", "bloodlines.skill-once-per-round",
                      *g.content.skills[skill].get("rulings", [])])
    return g.content.skills[skill]["effects"]


@hook("reveal-nodes", module="bloodlines")
def _skill_nodes(g: Game, pid: str) -> list[str]:
    return [f"skill:{s}" for s in active_skills(g, pid, "reveal")]


@node_kind("skill")
def _resolve_skill(g: Game, pid: str, ident: str, node: str) -> None:
    if ident not in active_skills(g, pid, "reveal"):
        return  # its last Commander left the Conflict, or it was trashed
    run(g, pid, _use_skill(g, pid, ident), node)


@hook("combat-strength", module="bloodlines")
def _combat_skills(g: Game) -> None:
    """Combat-timed Skills add their strength when combat is resolved, if a Commander of their
    owner is still in the Conflict then (Canny after Go to Ground, p. 4)."""
    if any(commanders_in(g.p(q), "conflict") for q in g.order):
        g.rulings.append("bloodlines.commander-strength")
    for pid in g.order:
        for skill in active_skills(g, pid, "combat"):
            _now(g, pid, _use_skill(g, pid, skill), f"skill:{skill}")


def _now(g: Game, pid: str, steps: list, src: str) -> None:
    """A Combat Skill's steps, resolved at once (gains under conditions; no decision in them)."""
    for step in steps:
        if "gain" in step:
            g.gain(pid, step["gain"])
        elif "if" in step:
            _now(g, pid, step["then"] if holds(g, pid, step["if"], src) else step.get("else", []), src)
        elif step.get("custom") in TESTS:
            if TESTS[step["custom"]](g, pid, step):
                _now(g, pid, step["then"], src)
        else:
            g.note_unimplemented(f"{src}: {sorted(step)}")


@hook("round-start", module="bloodlines")
def _skills_refresh(g: Game) -> None:
    for pid in g.order:
        if g.p(pid).get("skills_used"):
            g.p(pid)["skills_used"] = []


@custom("trash-this-skill")
def trash_this_skill(g: Game, task: dict, step: dict) -> None:
    """Desperate: you may trash this Skill for its effect."""
    skill = source_card(task["src"])
    if skill in g.p(task["player"]).get("skills", []):
        push_choice(g, task, "trash-skill", skill=skill, then=step["then"])


@choice("trash-skill", lambda g, task: [{"option": "pay"}, {"option": "skip"}], ("bloodlines.skill-active",))
def _trash_skill(g: Game, task: dict, given: dict, below: dict) -> None:
    ms_remove(g.p(task["player"])["skills"], task["skill"])
    ms_add(g.state["skills"]["trashed"], task["skill"])
    prepend(below, list(task["then"]))


@custom("gain-skill")
def gain_skill(g: Game, task: dict, step: dict) -> None:
    """A Skill without a Commander (a Tech tile): the same choice among the face-up Skills."""
    g.rulings.append("bloodlines.skill-choice")
    to = owner(g, task["player"])  # Shaddam's Plasteel Blades: his activated Ally's Skill
    if to is not None:
        g.push(choice_task(to, "skill", task["src"]))


# --- conditions on Commanders and units ---------------------------------------------------------------
def _agent_on_icon(g: Game, pid: str, step: dict) -> bool:
    return any(g.content.spaces[s]["icon"] == step["icon"] for s in g.p(pid)["placed"])


def _opponent_worm(g: Game, pid: str, step: dict) -> bool:
    return any(g.p(q)["worms"] > 0 for q in g.opponents(pid))


def _commander_in_conflict(g: Game, pid: str, step: dict) -> bool:
    """Whose units: a six-player Commander's are his activated Ally's (`acting-for`)."""
    return commanders_in(g.p(adjust("acting-for", pid, g)), "conflict") > 0


TESTS = {"if-agent-on-space-icon": _agent_on_icon, "if-opponent-worm-in-conflict": _opponent_worm,
         "if-commander-in-conflict": _commander_in_conflict}


@custom(*TESTS)
def conditional(g: Game, task: dict, step: dict) -> None:
    if TESTS[step["custom"]](g, task["player"], step):
        prepend(task, list(step["then"]))


@custom("solari-per-unit-type-in-conflict")
def solari_per_unit_type(g: Game, task: dict, step: dict) -> None:
    """1 Solari per kind of unit in the Conflict: troops, sandworms, Commanders, an Agent."""
    pl = g.p(adjust("acting-for", task["player"], g))  # a six-player Commander's: his Ally's units
    kinds = [pl["troops"]["conflict"] > 0, pl["worms"] > 0, commanders_in(pl, "conflict") > 0,
             bool(pl.get("agent_unit"))]
    g.gain(task["player"], {"solari": sum(kinds)})


# --- Commander discounts and the bank's Commander ----------------------------------------------------
@custom("commander-discount-this-turn")
def discount_this_turn(g: Game, task: dict, step: dict) -> None:
    """Kept on the player until their next turn starts (a Plot card may come before the Agent is
    sent, when the turn has no state yet); only their own turn can spend it."""
    pl = g.p(task["player"])
    pl["commander_discount"] = pl.get("commander_discount", 0) + step["amount"]


@hook("turn-start", module="bloodlines")
def _discount_expires(g: Game, pid: str) -> None:
    g.p(pid).pop("commander_discount", None)


@custom("acquire-bank-commander")
def acquire_bank_commander(g: Game, task: dict, step: dict) -> None:
    """Sardaukar Standard trashed: the Commander kept in the bank, acquired (so with a Skill)."""
    g.rulings.append("bloodlines.setup-commander-bank")
    if g.state["commanders"]["bank"] > 0 and owner(g, task["player"]) is not None:
        g.state["commanders"]["bank"] -= 1
        acquire(g, task["player"], task["src"])


# --- the Combat icon (p. 5) -------------------------------------------------------------------------
@custom("combat-icon")
def combat_icon(g: Game, task: dict, step: dict) -> None:
    """Deploy this turn as after a Combat space: the units recruited this turn and up to two from
    the garrison. A second icon adds nothing (still two from the garrison)."""
    pid = task["player"]
    turn = my_turn(g, pid)
    g.rulings.append("bloodlines.combat-icon")
    if not turn:  # a Plot card before the Agent is sent or the cards revealed: for the turn to come
        g.p(pid)["combat_icon"] = True
        return
    open_deploy(g, turn)


@hook("turn-opened", module="bloodlines")
def _pending_combat_icon(g: Game, pid: str, turn: dict) -> None:
    if g.p(pid).pop("combat_icon", None):
        open_deploy(g, turn)


def open_deploy(g: Game, turn: dict) -> None:
    turn.pop("recruits_only", None)
    if "deploy" in turn["nodes"]:
        g.rulings.append("bloodlines.combat-icon-garrison-limit")
        return
    effects = [n for n in turn["nodes"] if n not in TURN_NODES]
    turn["nodes"].insert(turn["nodes"].index("acquire" if "acquire" in turn["nodes"] else "end"), "deploy")
    turn["edges"] += [[e, "deploy", "timing.recruit-before-deploy"] for e in effects]
    turn["edges"].append(["deploy", "end", "deploy.limits"])


# --- Duncan Idaho's Signet Ring: Into the Fray ----------------------------------------------------------
def _fray_offers(g: Game, task: dict) -> list[dict]:
    turn = my_turn(g, task["player"])
    ok = (turn.get("kind") == "agent" and turn.get("space") in g.p(task["player"])["placed"]
          and not turn.get("no_deploy"))
    return [{"space": turn["space"]}, {"option": "skip"}] if ok else []


@custom("into-the-fray")
def into_the_fray(g: Game, task: dict, step: dict) -> None:
    push_choice(g, task, "into-the-fray", strength=step["strength"], swordmaster=step["strength_with_swordmaster"])


@choice("into-the-fray", _fray_offers, ("leader.duncan-idaho-into-the-fray",))
def _fray(g: Game, task: dict, given: dict, below: dict) -> None:
    """The Agent sent this turn leaves its space (free again) and fights as a unit that cannot
    retreat; it is out of play until the combat is over."""
    pid = task["player"]
    pl = g.p(pid)
    lift_agent(g, pid, given["space"])
    pl["agents"] -= 1
    pl["agent_unit"] = task["swordmaster"] if pl["swordmaster"] else task["strength"]
    count_deployed(g, pid, 1)


@hook("combat-cleanup", module="bloodlines")
def _fray_returns(g: Game) -> None:
    for pid in g.order:
        pl = g.p(pid)
        if pl.pop("agent_unit", None):
            pl["agents"] += 1

