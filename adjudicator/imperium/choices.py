"""Every player choice inside effects is a `choice` task of a registered kind (registry.CHOICES):
the kind lists its legal answers and applies one; an answer is legal exactly when it is among
the offers. The general kinds are here; a card's own kinds are registered in its module
(custom/). `choose` is the verb that answers them."""

from __future__ import annotations

from ..core import sentences
from ..core.catalog import LANGS
from ..core.errors import IllegalAction, LimitExceeded
from ..core.names import fold
from ..core.observers import BY_WORDS, Hidden
from ..core.sentences import said, term
from .costs import can_afford, commit_option, pay_cost
from .deck import HIDDEN, identify
from .effect_words import offer_label
from .effects import resolves_to, worm_error
from .game import Game, my_turn, own_posts, post_of, spy_owners
from .influence import change_influence, track_holder
from .modules.bloodlines import commanders_in, move_commanders
from .registry import CHOICES, Verb, adjust, choice, verb
from .steps import choice_task, prepend
from .zones import (
    MOVES,
    acquirable,
    acquire_card,
    count_deployed,
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

SKIP = {"option": "skip"}


def offers(g: Game, task: dict) -> list[dict]:
    # a seat whose choices a rule makes for it (a Rival) narrows them: hook `choice-offers`
    return adjust("choice-offers", CHOICES[task["kind"]].offers(g, task), g, task)


def answer(g: Game, task: dict, given: dict) -> None:
    """Apply an answer to the pending choice: legal exactly when it is one of the offers."""
    kind = CHOICES[task["kind"]]
    legal = offers(g, task)
    given = _by_words(g, task, given, legal, kind)
    if given not in legal and _face_down_offered(g, task, given, legal):
        legal = offers(g, task)
    if given == SKIP and given not in legal and kind.decline is not None:  # one way to decline
        given = kind.decline(g, task) or given
        g.rulings.append("log.decline-optional")
    if given not in legal:
        if kind.why_not is not None and (reason := kind.why_not(g, task, given)) is not None:
            raise reason
        raise IllegalAction("choice.not-offered", "The answer {answer} is not one of the options of this {choice} "
                            "choice: {options}.", kind.rulings,
                            params={"answer": answer_of(given), "choice": term("choices", kind.name),
                                    "options": option_words(g, task, legal)})
    g.finish(task)
    g.rulings += kind.rulings
    if given == SKIP and not kind.handles_skip:
        return
    kind.apply(g, task, given, g.top)


def face_down_only(g: Game, task: dict) -> bool:
    """Whether the choice is asked only because of face-down cards ("?" in the hand or Intrigue
    cards, any card they could be): with them set aside it offers nothing but `skip` (a "pay"
    choice: its cost cannot be paid). A log written without those cards moves on past it."""
    pl = g.p(task["player"])
    saved = {z: pl[z] for z in ("hand", "intrigue")}
    if not any(HIDDEN in cards for cards in saved.values()):
        return False
    try:
        for zone, cards in saved.items():
            pl[zone] = [c for c in cards if c != HIDDEN]
        if task["kind"] == "pay":
            return not can_afford(g, task["player"], task["cost"], task["src"])
        return all(o == SKIP for o in offers(g, task))
    finally:
        pl.update(saved)


def _face_down_offered(g: Game, task: dict, given: dict, legal: list[dict]) -> bool:
    """A card named where the offers hold a face-down one ("?", a card of the hand or the Intrigue
    cards the log never named): it is identified if it could be that card (the verdict is then
    unverifiable), refused if it no longer could (deck.identify)."""
    zone = given.get("zone", "intrigue" if given.get("card") in g.content.intrigues else "hand")
    if "card" not in given or zone not in ("hand", "intrigue") or {**given, "card": HIDDEN} not in legal:
        return False
    identify(g, task["player"], zone, given["card"])
    return True


def _by_words(g: Game, task: dict, given: dict, legal: list[dict], kind) -> dict:
    """An answer given by its words: beside the answer's own fields a label or value is a
    comment; alone, it names the one offer with that label (English or Russian) or value."""
    words = {k: given[k] for k in BY_WORDS if k in given}
    rest = {k: v for k, v in given.items() if k not in words}
    if not words or rest:
        return rest
    wanted, state = {fold(str(w)) for w in words.values()}, g.state  # the choice is the task on top

    def says(offer: dict) -> bool:
        said = {fold(offer_label(g.content, {"do": "choose", **offer}, state, lang)) for lang in LANGS}
        return bool(wanted & (said | {fold(str(v)) for v in offer.values()}))

    found = [offer for offer in legal if says(offer)]
    if len(found) != 1:
        raise IllegalAction("choice.not-offered", "More than one option of this {choice} choice is called {words}; "
                            "the options: {options}." if found else "No option of this {choice} choice is called "
                            "{words}; the options: {options}.", kind.rulings,
                            params={"choice": term("choices", kind.name), "words": [str(w) for w in words.values()],
                                    "options": option_words(g, task, legal)})
    return found[0]


def option_words(g: Game, task: dict, legal: list[dict]) -> list[dict]:
    """The offers as a refusal lists them: each one's label in every language (it needs the
    state), with the cards it names, so a reader who has not seen a card of another's hand
    or Intrigue cards reads "a card" (core/sentences.py `said`)."""
    kind = CHOICES[task["kind"]]

    def named(offer: dict) -> list:
        option = offer.get("option")
        if isinstance(option, int) and kind.words is not None:
            return [offer, kind.words(g, task, offer)]
        if isinstance(option, int) and option in range(len(task.get("options", ()))):
            return [offer, task["options"][option]]
        return [offer]

    return [said({lang: offer_label(g.content, {"do": "choose", **o}, g.state, lang) for lang in LANGS},
                 card_ids(g.content, named(o))) for o in legal]


def card_ids(cnt, value) -> list[str]:
    """The ids of Imperium and Intrigue cards anywhere in `value` (strings, lists, mappings)."""
    if isinstance(value, str):
        return [value] if value in cnt.cards or value in cnt.intrigues else []
    if isinstance(value, dict):
        return [c for v in value.values() for c in card_ids(cnt, v)]
    if isinstance(value, list):
        return [c for v in value for c in card_ids(cnt, v)]
    return []


def answer_of(given: dict) -> dict:
    """An answer as a refusal names it (core/sentences.py `answer`: "faction emperor, option 2" in
    words, a field the choice keeps secret face down for a reader who may not see it); a zone in
    the reader's words."""
    return sentences.answer({k: term("zones", v) if k == "zone" and isinstance(v, str) else v
                             for k, v in given.items()})


def _choose_offers(g: Game, task: dict, pid: str) -> list[dict]:
    return offers(g, task)


def _choose(g: Game, task: dict, pid: str, args: dict) -> None:
    answer(g, task, args)


verb(Verb("choose", ("choice",), _choose_offers, _choose))


# --- the general kinds ----------------------------------------------------------------------------
def _open_options(g: Game, task: dict) -> list[dict]:
    return [{"option": i} for i in task["open"]]


def _forbidden_option(g: Game, task: dict, given: dict) -> IllegalAction | None:
    """An option left out because it summons a sandworm a rule forbids: say which rule."""
    if given.get("option") not in range(len(task["options"])):
        return None
    refusal = resolves_to(g, task["player"], task["options"][given["option"]], task["src"])
    if not isinstance(refusal, tuple):
        return None
    return worm_error(refusal, *CHOICES["option"].rulings)


def _empty_option(g: Game, task: dict) -> dict | None:
    """An explicitly empty option is the way to decline the effect."""
    return next(({"option": i} for i in task["open"] if task["options"][i] == []), None)


@choice("option", _open_options, ("agent.arrow-cost", "effects.mandatory-unless-optional"),
        why_not=_forbidden_option, decline=_empty_option)
def _option(g: Game, task: dict, given: dict, below: dict) -> None:
    prepend(below, commit_option(task["options"][given["option"]]))


@choice("pay", lambda g, task: [{"option": "pay"}, SKIP], ("agent.arrow-cost",))
def _pay(g: Game, task: dict, given: dict, below: dict) -> None:
    prepend(below, list(task["then"]))
    pay_cost(g, task["player"], task["cost"], task["src"])


def _faction_offers(g: Game, task: dict) -> list[dict]:
    factions = task["factions"]
    if task["delta"] < 0:
        # whose cube would fall (a six-player Commander's: his activated Ally's, or his own board's)
        factions = [f for f in factions if g.p(track_holder(g, task["player"], f))["influence"][f] > 0] \
            or ([] if task.get("cost") else factions)
    return [{"faction": f} for f in factions]


@choice("faction", _faction_offers, ("influence.vp-at-2",))
def _faction(g: Game, task: dict, given: dict, below: dict) -> None:
    if task.get("more"):  # "different": the next point goes to another Faction
        g.push(choice_task(task["player"], "faction", task["src"], delta=task["delta"], more=task["more"] - 1,
                           factions=[f for f in task["factions"] if f != given["faction"]]))
    change_influence(g, task["player"], given["faction"], task["delta"])


def _trash_offers(g: Game, task: dict) -> list[dict]:
    pid, pl = task["player"], g.p(task["player"])
    if task.get("filter") is not None:
        found = trash_candidates(g, pid, dict(task["filter"], **{"from": task["zones"]}), task["src"])
    else:
        found = [{"card": c, "zone": z} for z in task["zones"] for c in sorted(set(pl[z]))]
    return found if task.get("cost") else [*found, SKIP]


@choice("trash", _trash_offers, ("deck.trash",))
def _trash(g: Game, task: dict, given: dict, below: dict) -> None:
    trash_card(g, task["player"], given["card"], given["zone"])


@choice("discard", lambda g, task: [{"card": c} for c in sorted(set(g.p(task["player"])["hand"]))] or [SKIP],
        ("discard.from-hand",))
def _discard(g: Game, task: dict, given: dict, below: dict) -> None:
    discard_card(g, task["player"], given["card"])


def _post_offers(g: Game, task: dict) -> list[dict]:
    pid, allowed, deep = task["player"], task.get("posts"), task.get("deep", False)
    taken = {post_of(k) for k in g.state["board"]["spies"]}
    free = [p for p in g.posts if (allowed is None or p in allowed)
            and (p not in taken or (deep and pid not in spy_owners(g, p)))]
    if g.p(pid)["spies"] > 0:
        return [*({"post": p} for p in free), SKIP]
    mine = own_posts(g, pid)
    return [*({"post": p, "recall": r} for p in free for r in mine), SKIP]


@choice("post", _post_offers, ("spy.place",))
def _post(g: Game, task: dict, given: dict, below: dict) -> None:
    place_spy(g, task["player"], given["post"], given.get("recall"), task.get("deep", False))


MAX_COUNT_OFFERS = 100  # far above any count the rules allow (a player has 12 troops or so)


def _count_offers(g: Game, task: dict) -> list[dict]:
    """Every count from `least` to `most`, never more than the units the move takes from (a
    hand-written state may ask for absurd counts: the troops there bound them)."""
    least = task.get("least", 0)
    pl, src = g.p(task.get("units", task["player"])), MOVES[task["move"]][0]
    troops = pl["troops"][src]
    # Commanders are troops a unit move may take too (Bloodlines p. 4): `commanders` of them
    # besides `count` troops, written only when there are some
    bosses = commanders_in(pl, src) if task["move"] in ("deploy", "retreat") else 0
    most = min(task["most"], troops + bosses)
    if most - least > MAX_COUNT_OFFERS:
        raise LimitExceeded(f"a count choice from {least} to {most} is beyond what the rules allow",
                            "/state", code="limit-legal-actions")
    return [{"count": n - k, **({"commanders": k} if k else {})} for n in range(least, most + 1)
            for k in range(min(bosses, n) + 1) if n - k <= troops]


@choice("count", _count_offers, ("deploy.limits",),
        decline=lambda g, task: {"count": 0} if task.get("least", 0) == 0 else None)
def _count(g: Game, task: dict, given: dict, below: dict) -> None:
    units = task.get("units", task["player"])  # whose units move (a six-player Commander's: his Ally's)
    move_troops(g, units, task["move"], given["count"])
    if given.get("commanders"):
        src, dst = MOVES[task["move"]]
        move_commanders(g, units, src, dst, given["commanders"])
        if task["move"] == "deploy":
            count_deployed(g, units, given["commanders"])


@choice("recall", lambda g, task: [{"post": p} for p in own_posts(g, task["player"])], ("spy.recall-cost",))
def _recall(g: Game, task: dict, given: dict, below: dict) -> None:
    recall_spy(g, task["player"], given["post"])


def intrigue_names(g: Game, pid: str) -> list[str]:
    """The Intrigue cards `pid` could pay with, by name (a face-down one may be any card
    still hidden in the Intrigue deck)."""
    held = g.p(pid)["intrigue"]
    known = sorted({c for c in held if c != HIDDEN})
    deck = g.state["intrigue_deck"]
    if HIDDEN in held and deck["hidden"] > 0:
        known += sorted(set(deck["cards"]) - set(known))
    return known


# named by position in the sorted list of the Intrigue cards held
@choice("intrigue", lambda g, task: [{"option": i} for i in range(len(intrigue_names(g, task["player"])))],
        ("cost.must-be-payable",),
        words=lambda g, task, given: intrigue_names(g, task["player"])[given["option"]])
def _intrigue(g: Game, task: dict, given: dict, below: dict) -> None:
    pid = task["player"]
    pay_intrigue(g, pid, intrigue_names(g, pid)[given["option"]], task.get("trash", False))


@choice("acquire", lambda g, task: [*({"card": c} for c in acquirable(g, task["player"], task["spec"])), SKIP],
        ("card.acquire-effect",))
def _acquire(g: Game, task: dict, given: dict, below: dict) -> None:
    spec = task["spec"]
    acquire_card(g, task["player"], given["card"], spec.get("to", "discard"), spec.get("pay"))


@choice("look", lambda g, task: [{"card": c} for c in sorted(set(g.p(task["player"]).get("looking", [])))],
        ("card.look-at-top-cards",), secret=Hidden(("card",), ("by",)))  # only its player saw the cards
def _look(g: Game, task: dict, given: dict, below: dict) -> None:
    pid = task["player"]
    look_move(g, pid, given["card"], task["dest"])
    if task.get("last"):
        for card in list(g.p(pid).get("looking", [])):
            look_move(g, pid, card, task["rest"])


def _recallable_agents(g: Game, task: dict) -> list[dict]:
    """Agents on the board that may be recalled: not the one sent on this very turn."""
    pid = task["player"]
    placed = list(g.p(pid)["placed"])
    turn = my_turn(g, pid)
    if turn.get("kind") == "agent" and turn.get("space") in placed:
        placed.remove(turn["space"])
    return [{"space": s} for s in sorted(set(placed))]


@choice("agent", _recallable_agents, ("recall.agents",))
def _agent(g: Game, task: dict, given: dict, below: dict) -> None:
    recall_agent(g, task["player"], given["space"])

