"""Every player choice inside effects: the `choice` tasks the ops, costs and custom rules push,
what each kind offers (`choice_candidates`) and what an answer does (`apply_choice`)."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .content import FACTIONS
from .costs import commit_option, pay_cost
from .custom.base import masterstroke_token, take_from_discard, voice_space
from .custom.base_intrigue import deck_top, lose_from_conflict, top_card
from .custom.common import manipulate
from .custom.uprising import feyd_move, flip_conflict, take_contract
from .effects import resolves_to
from .game import Game, my_turn, own_posts, post_of, spy_owners
from .influence import change_influence, pass_alliance
from .steps import choice_task, prepend
from .turns import apply_send_agent
from .zones import (
    acquirable,
    acquire_card,
    discard_card,
    look_move,
    move_troops,
    pay_intrigue,
    place_spy,
    recall_agent,
    recall_spy,
    trash_candidates,
    trash_card,
)

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
    "alliance": ("influence.alliance-loss",),
}


def _intrigue_names(g: Game, pid: str) -> list[str]:
    """The Intrigue cards `pid` could pay with, by name (a face-down one may be any card
    still hidden in the Intrigue deck)."""
    held = g.p(pid)["intrigue"]
    known = sorted({c for c in held if c != "?"})
    deck = g.state["intrigue_deck"]
    if "?" in held and deck["hidden"] > 0:
        known += sorted(set(deck["cards"]) - set(known))
    return known


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
            found = trash_candidates(g, pid, dict(task["filter"], **{"from": task["zones"]}), task["src"])
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
        return [{"card": c} for c in acquirable(g, pid, task["spec"])] + [{"option": "skip"}]
    if kind == "look":
        return [{"card": c} for c in sorted(set(pl.get("looking", [])))]
    if kind == "agent":
        return [{"space": s} for s in _recallable_agents(g, pid)]
    if kind in ("track", "flip"):
        return [{"option": i} for i in task["open"]]
    if kind == "row":
        return [{"card": c} for c in sorted(set(g.state["row"]))]
    # the original game's cards and leaders
    if kind == "agent-source":  # Kwisatz Haderach: which Agent goes ("skip": one from the Leader)
        return [{"space": s} for s in task["sources"] if s != "leader"] + \
            ([{"option": "skip"}] if "leader" in task["sources"] else [])
    if kind == "voice":
        return [{"space": s} for s in sorted(g.content.spaces)]
    if kind == "opponent":  # by position in `players` (clockwise from the chooser's left)
        return [{"option": i} for i in range(len(task["players"]))]
    if kind == "masterstroke":
        return [{"faction": f} for f in FACTIONS if f not in pl.get("masterstroke", [])]
    if kind == "top-card":
        if not pl.get("looking"):
            return []  # nothing was there to look at (playing the card needs a deck)
        return [{"option": i} for i in range(len(task["dests"]))] + [{"option": "skip"}]
    if kind == "deck-top":
        return [{"card": task["card"]}, {"option": "skip"}] if task["card"] in pl["discard"] else []
    if kind == "discard-to-hand":
        return [{"card": c} for c in sorted(set(pl["discard"]))
                if task["faction"] in g.content.cards.get(c, {}).get("factions", [])]
    if kind == "alliance":  # the holder names who of the tied players takes the token
        return [{"player": q} for q in task["players"]]
    raise AssertionError(kind)


def _recallable_agents(g: Game, pid: str) -> list[str]:
    """Agents on the board that may be recalled: not the one sent on this very turn."""
    placed = list(g.p(pid)["placed"])
    turn = my_turn(g, pid)
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
    if answer not in legal and kind == "option" and answer.get("option") in range(len(task["options"])):
        refusal = resolves_to(g, pid, task["options"][answer["option"]], task["src"])
        if isinstance(refusal, tuple):  # a sandworm a rule forbids
            raise IllegalAction(refusal[0], refusal[1], (refusal[2], *CHOICE_RULINGS[kind]))
    if answer not in legal:
        raise IllegalAction("choice.not-offered",
                            f"{answer} is not one of the options {legal} for this {kind} choice",
                            CHOICE_RULINGS.get(kind, ()))
    if kind == "intrigue":
        names = _intrigue_names(g, pid)  # before the task goes: the list is the one offered
    g.finish(task)
    below = g.top
    if kind == "agent-source":  # "skip": an Agent from the Leader
        apply_send_agent(g, pid, task["action"], g.content.spaces[task["action"]["space"]], answer.get("space"),
                         task.get("deployed", 0))
        return
    if kind == "top-card":  # "skip" leaves the card on top of the deck, known
        top_card(g, pid, answer.get("option"), task)
        return
    if answer.get("option") == "skip":
        return
    if kind == "option":
        prepend(below, commit_option(task["options"][answer["option"]]))
    elif kind == "pay":
        prepend(below, list(task["then"]))
        pay_cost(g, pid, task["cost"], task["src"])
    elif kind == "faction":
        if task.get("more"):  # "different": the next point goes to another Faction
            g.push(choice_task(pid, "faction", task["src"], delta=task["delta"], more=task["more"] - 1,
                               factions=[f for f in task["factions"] if f != answer["faction"]]))
        change_influence(g, pid, answer["faction"], task["delta"])
    elif kind == "trash":
        trash_card(g, pid, answer["card"], answer["zone"])
    elif kind == "discard":
        discard_card(g, pid, answer["card"])
    elif kind == "post":
        place_spy(g, pid, answer["post"], answer.get("recall"), task.get("deep", False))
    elif kind == "contract":
        take_contract(g, pid, answer["contract"])
    elif kind == "count":
        move_troops(g, pid, task["move"], answer["count"])
    elif kind == "recall":
        recall_spy(g, pid, answer["post"])
    elif kind == "intrigue":
        pay_intrigue(g, pid, names[answer["option"]], task.get("trash", False))
    elif kind == "acquire":
        spec = task["spec"]
        acquire_card(g, pid, answer["card"], spec.get("to", "discard"), spec.get("pay"))
    elif kind == "look":
        look_move(g, pid, answer["card"], task["dest"])
        if task.get("last"):
            for card in list(g.p(pid).get("looking", [])):
                look_move(g, pid, card, task["rest"])
    elif kind == "agent":
        recall_agent(g, pid, answer["space"])
    elif kind == "track":
        feyd_move(g, pid, task["next"][answer["option"]], task["src"])
    elif kind == "flip":
        flip_conflict(g, pid, answer["option"])
    elif kind == "row":
        manipulate(g, pid, answer["card"], task.get("other_means", False))
    elif kind == "voice":
        voice_space(g, pid, answer["space"])
    elif kind == "opponent":
        lose_from_conflict(g, task["players"][answer["option"]], task["n"])
    elif kind == "masterstroke":
        masterstroke_token(g, pid, answer["faction"])
    elif kind == "deck-top":
        deck_top(g, pid, task["card"])
    elif kind == "discard-to-hand":
        take_from_discard(g, pid, answer["card"])
    elif kind == "alliance":
        pass_alliance(g, task["faction"], answer["player"])
