"""An effect's steps (the effect language of effects.py) in a player's words, for the label of an
option offered at a choice ("pay 1 Spice: gain 4 Solari"). Russian words follow the Russian
Uprising rules (seeds/004: пряность, солярии, влияние, шпион, интрига, черви); names of factions,
spaces and cards come from the content in the reader's language."""

from __future__ import annotations

from ..core.catalog import words
from .content import Content
from .effects import step_op
from .game import Game
from .registry import CHOICES
from .view import DATA, VERBS, action_parts, name_of, seat_name, standing

RESOURCES = words(DATA, "resources")
WORDS = words(DATA, "effects")


def _amounts(things: dict, lang: str) -> str:
    names = RESOURCES[lang]
    return ", ".join(f"{n} {names.get(k, k.replace('_', ' '))}" if not isinstance(n, bool) else names.get(k, k)
                     for k, n in sorted(things.items()))


def _condition(cnt: Content, cond, lang: str) -> str:
    if isinstance(cond, dict):
        return ", ".join(f"{k.replace('_', ' ')} {_condition(cnt, v, lang)}" for k, v in sorted(cond.items()))
    if isinstance(cond, list):
        return WORDS[lang]["or"].join(_condition(cnt, c, lang) for c in cond)
    return name_of(cnt, lang, cond) if isinstance(cond, str) else str(cond)


def step_words(cnt: Content, step: dict, lang: str = "en") -> str:
    """One step in words; an op without words of its own reads as its name (never a dict)."""
    words = WORDS[lang]
    try:
        op = step_op(step)
    except ValueError:
        return ", ".join(sorted(step)).replace("_", " ")
    arg, then = step[op], steps_words(cnt, step.get("then", []), lang)
    if op == "pay":
        return words["pay"].format(_amounts(arg, lang)) + (f": {then}" if then else "")
    if op in ("gain", "lose"):
        return words[op].format(_amounts(arg, lang))
    if op == "influence":
        return words["influence"].format(n=arg, faction=name_of(cnt, lang, step.get("faction", "any")))
    if op == "acquire":
        return words["acquire"].format(n=arg.get("cost", "?") if isinstance(arg, dict) else arg)
    if op == "choose":
        return words["choose"].format(words["or"].join(steps_words(cnt, o, lang) or words["nothing"] for o in arg))
    if op == "if":
        return words["if"].format(_condition(cnt, arg, lang)) + f": {then}"
    if op in ("each", "opponents"):
        return words[op].format(steps_words(cnt, arg, lang) if isinstance(arg, list) else then)
    if op == "custom":  # a card's own operation: its name, and its amounts
        amounts = {k: v for k, v in step.items() if k in RESOURCES["en"] and isinstance(v, int)}
        return str(arg).replace("-", " ") + (f": {_amounts(amounts, lang)}" if amounts else "")
    if op in words:
        return words[op].format(n=arg) if "{n" in words[op] else words[op]
    return op.replace("_", " ")


def steps_words(cnt: Content, steps: list, lang: str = "en") -> str:
    return "; ".join(step_words(cnt, s, lang) for s in steps)


def offer_label(cnt: Content, action: dict, state: dict, lang: str = "en") -> str:
    """An offered action in words, without who takes it: an option of the pending choice by
    what it does ("pay 1 Spice: gain 4 Solari"), anything else by what it names. `state`: the
    state the action is offered in."""
    option, top = action.get("option"), (state["stack"] or [{}])[-1]
    if action.get("do") == "choose" and isinstance(option, int) and top.get("t") == "choice":
        kind = CHOICES[top["kind"]]
        if kind.words is not None:
            said = kind.words(Game(state, cnt), top, {"option": option})
            return name_of(cnt, lang, said) if isinstance(said, str) else steps_words(cnt, said, lang) \
                or WORDS[lang]["nothing"]
        if option in range(len(top.get("options", ()))):
            return steps_words(cnt, top["options"][option], lang) or WORDS[lang]["nothing"]
    parts, verb = action_parts(cnt, action, state, lang), VERBS[lang].get(action.get("do"), action.get("do", ""))
    if action.get("do") == "choose":  # the pending choice asks for the thing named
        return "; ".join(parts) or verb
    return verb + (": " + "; ".join(parts) if parts else "")


PLACES = words(DATA, "places")


def rewards(cnt: Content, card: dict, lang: str) -> list[dict]:
    """A Conflict card's rewards by place, in words."""
    return [{"place": place, "place_name": PLACES[lang][place], "words": steps_words(cnt, steps, lang)}
            for place, steps in card.get("rewards", {}).items() if place in PLACES[lang]]


COMBAT_WORDS = words(DATA, "combat")


def combat_outcome(cnt: Content, before: dict, after: dict, lang: str) -> list[str]:
    """After the step that resolved a Conflict: who placed and what each reward gives, in words
    (the placements the engine counted on the state just before; sandworms double them)."""
    card_id = before["board"].get("conflict")
    if not card_id or after["board"].get("conflict") == card_id or before.get("phase") != "combat":
        return []
    card, words, name = cnt.conflicts.get(card_id, {}), COMBAT_WORDS[lang], name_of(cnt, lang, card_id)
    said = {r["place"]: r["words"] for r in rewards(cnt, card, lang)}
    out = []
    for pid, place in standing(cnt, before).items():
        who = seat_name(before, pid, lang)
        head = (words["won"].format(who=who, card=name) if place == "first"
                else words["placed"].format(who=who, place=PLACES[lang][place]))
        worm = words["worm"] if before["players"][pid].get("worms", 0) else ""
        out.append(f"{head}: {said.get(place, '')}{worm}")
    return out or [words["nobody"].format(card=name)]
