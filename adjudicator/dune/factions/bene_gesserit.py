"""Bene Gesserit (rulings dune.bene-gesserit, dune.setup-bg-prediction; our readings in
dune.engine-faction-readings).

- Prediction: at setup the Bene Gesserit secretly name a faction and a turn; if that faction
  wins (alone or with an ally) on that turn, the Bene Gesserit win alone instead. A log may
  record it as unknown ("?"): a victory then cannot be checked and is answered unverifiable.
- The Voice: before plans in a battle they or their ally fight, they may command the opponent
  to play, or not to play, one kind of card; a plan that disobeys while able to obey is illegal.
  A command that cannot be obeyed binds nothing (ruling dune.engine-voice-impossible): a card
  other than a Cheap Hero cannot be played by a side with no leader nor Cheap Hero, and a side
  forbidden its only Cheap Hero fights with no leader.
- Spiritual advisor: when another player ships from reserves (not the Fremen bringing forces
  in, which is no shipment from off-planet), they may send one force from reserves to the Polar
  Sink free (advanced: or as an advisor where that faction shipped).
- Advanced: their forces may be advisors, a worthless card may be their Karama, and they claim
  CHOAM Charity whatever they hold (modules/advanced/bene_gesserit_advisors.py,
  modules/advanced/bene_gesserit.py; ruling dune.bene-gesserit-advanced): in the basic game they
  receive charity as any other faction.
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.observers import Hidden
from ..alliance import side
from ..battle import leaders_available
from ..content import POLAR_SINK
from ..game import Game
from ..karama import stopped
from ..registry import Decision, ask, decision, fire, first, hook
from ..treachery import HIDDEN
from ..weapons import could_answer, named_as, obeys, special_names

FACTION = "bene-gesserit"
RULINGS = ("dune.bene-gesserit", "dune.engine-faction-readings")
IMPOSSIBLE = ("dune.engine-voice-impossible",)
LAST_TURN = 10
# the generic kinds a Voice may name; the special battle cards are named one by one (weapons.py:
# seed 002 paragraphs 68-70, ruling ixcards.voice), never all at once
GENERIC = ("poison-weapon", "projectile-weapon", "poison-defense", "projectile-defense")
LAST = ("worthless", "cheap-hero")


def voice_names(g: Game) -> list[str]:
    return [*GENERIC, *special_names(g), *LAST]


def _voice_rulings(g: Game) -> tuple[str, ...]:
    """The Voice's own, and the rulings a module adds to it (the expansion's card types:
    modules/ixians_tleilaxu/ixcards.py)."""
    return RULINGS + tuple(r for own in ask("voice-rulings", g) for r in own)


def _me(g: Game) -> str | None:
    return g.player_of(FACTION)


# --- the prediction -------------------------------------------------------------------------------
@hook("setup-tasks")
def ask_prediction(g: Game) -> list[dict] | None:
    me = _me(g)
    return [{"t": "decide", "kind": "predict", "player": me}] if me else None


def _predict_offers(g: Game, task: dict) -> list[dict]:
    others = sorted(g.faction(q) for q in g.seats if q != task["player"])
    return [{"do": "predict", "faction": f, "turn": t} for f in others for t in range(1, LAST_TURN + 1)]


def _predict_check(g: Game, task: dict, args: dict) -> None:
    if (args.get("faction"), args.get("turn")) == (HIDDEN, HIDDEN):
        return  # recorded unknown
    if {"do": "predict", "faction": args.get("faction"), "turn": args.get("turn")} not in _predict_offers(g, task):
        raise IllegalAction("dune.bad-prediction", "The Bene Gesserit predict another faction in play and a turn "
                            "from 1 to {last}.", ("dune.setup-bg-prediction",), params={"last": LAST_TURN})


def _predict(g: Game, task: dict, args: dict) -> None:
    g.p(task["player"])["prediction"] = {"faction": args["faction"], "turn": args["turn"]}
    g.finish(task)


decision(Decision("predict", ("predict",), _predict_offers, _predict, ("dune.setup-bg-prediction",),
                  _predict_check, Hidden(("faction", "turn"), ("by",))))  # secret until it comes true


@hook("victory")
def prediction_comes_true(g: Game, result: dict) -> dict | None:
    me = _me(g)
    if me is None:
        return None
    guess = g.p(me).get("prediction")
    if guess is None:
        return None
    if guess["faction"] == HIDDEN:
        g.hidden.append("the Bene Gesserit prediction was recorded unknown: whether it came true cannot be checked")
        return None
    # only a stronghold victory fulfils it, never the Fremen's or the Guild's end-of-game one
    if result["how"] == "strongholds" and guess["turn"] == result["turn"] and any(
            g.faction(q) == guess["faction"] for q in result["winners"]):
        g.rulings.append("dune.setup-bg-prediction")
        return {**result, "winners": [me], "how": "prediction"}
    return None


# --- the Voice --------------------------------------------------------------------------------------
@hook("battle-opened")
def offer_voice(g: Game, battle: dict) -> None:
    me = _me(g)
    if me is None:
        return
    fighters = (battle["aggressor"], battle["defender"])
    fighter = next((q for q in fighters if q in side(g, me)), None)
    if fighter is not None:
        target = fighters[1] if fighter == fighters[0] else fighters[0]
        g.push({"t": "decide", "kind": "voice", "player": me, "target": target})


def _voice_offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "voice", "command": c, "card": k} for c in ("play", "not-play") for k in voice_names(g)] + [
        {"do": "pass"}]


def _voice(g: Game, task: dict, args: dict) -> None:
    if args["do"] == "voice":
        g.state["battle"]["voice"] = {"target": task["target"], "command": args["command"], "card": args["card"]}
    g.finish(task)


decision(Decision("voice", ("voice", "pass"), _voice_offers, _voice, RULINGS))


@hook("plan-check")
def obey_voice(g: Game, pid: str, plan: dict, hand: list) -> IllegalAction | None:
    """Each card answers to the names of the role it is played in (weapons.named_as); only its
    default role makes a side able to obey a command to play (weapons.could_answer)."""
    voice = (g.state["battle"] or {}).get("voice")
    if not voice or voice["target"] != pid:
        return None
    name = voice["card"]
    slots = ("leader",) if name == "cheap-hero" else ("weapon", "defense")
    matches = [plan.get(k) for k in slots if name in named_as(g, plan.get(k), k)]
    if voice["command"] == "not-play" and matches:
        return IllegalAction("dune.voice-disobeyed", "The Voice forbade {player} to play {named}.",
                             _voice_rulings(g), params={"player": pid, "named": name})
    able = any(could_answer(g, c, name) for c in hand if c != HIDDEN)
    if able and name != "cheap-hero" and not _has_fighter(g, pid, hand):
        able = False  # no leader nor Cheap Hero: no Treachery card can be played (dune.engine-voice-impossible)
        g.rulings.extend(r for r in IMPOSSIBLE if r not in g.rulings)
    if voice["command"] == "play" and able and not any(obeys(g, plan.get(k), name, k) for k in slots):
        return IllegalAction("dune.voice-disobeyed", "The Voice commanded {player} to play {named}, and {player} "
                             "holds one.", _voice_rulings(g), params={"player": pid, "named": name})
    return None


def _hero(g: Game, card: str) -> bool:
    return could_answer(g, card, "cheap-hero")


def _has_fighter(g: Game, pid: str, hand: list) -> bool:
    return bool(leaders_available(g, pid)) or any(_hero(g, c) for c in hand if c != HIDDEN)


@hook("barred-heroes")
def voice_bars_hero(g: Game, pid: str) -> list[str] | None:
    """Cheap Heroes the Voice forbids `pid` to play: then they are no leader it must play."""
    voice = (g.state["battle"] or {}).get("voice")
    if not voice or voice["target"] != pid or voice["command"] != "not-play" or voice["card"] != "cheap-hero":
        return None
    return [c for c in g.p(pid)["hand"] if c != HIDDEN and _hero(g, c)]


# --- the spiritual advisor --------------------------------------------------------------------------
@hook("shipped")
def offer_advisor(g: Game, pid: str, to: str, count: int) -> None:
    """The task keeps where the other faction shipped: in the advanced game the free force may go
    there as an advisor instead (modules/advanced/bene_gesserit_advisors.py, hook `advisor-targets`)."""
    me = _me(g)
    if me and pid != me and g.faction(pid) != "fremen" and g.p(me)["reserves"]:
        g.push({"t": "decide", "kind": "advisor", "player": me, "to": to})



def _advisor(g: Game, task: dict, args: dict) -> None:
    if args["do"] == "send-advisor":
        g.p(task["player"])["reserves"] -= 1
        if "to" in args:  # advanced: as an advisor where the other faction shipped
            fire("advisor-sent", g, task["player"], args["to"])  # modules/advanced/bene_gesserit_advisors.py
        else:
            g.add_forces(POLAR_SINK, task["player"], 1)
    g.finish(task)


def _advisor_offers(g: Game, task: dict) -> list[dict]:
    if stopped(g, "spiritual-advisor", task):
        return [{"do": "pass"}]
    targets = first("advisor-targets", g, task["player"], task.get("to", POLAR_SINK), default=[])  # advanced
    there = [{"do": "send-advisor", "to": to} for to in targets]
    return [{"do": "send-advisor"}, *there, {"do": "pass"}]


decision(Decision("advisor", ("send-advisor", "pass"), _advisor_offers, _advisor, RULINGS))
