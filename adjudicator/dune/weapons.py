"""What a battle card does in the role it is played in: the base game's weapons and defenses
(ruling dune.treachery-weapons-defenses, dune.lasgun-shield) and the Ixians & Tleilaxu
expansion's (rulings ixcards.*, rulings/dune-ixtl-cards.toml). One place for the card effects
battle.py resolves, the Voice names (factions/bene_gesserit.py) and prescience shows.

A plan's `weapon` and `defense` slots are the roles: Weirding Way in the defense slot is a
projectile defense (only beside another weapon), Chemistry in the weapon slot a poison weapon
(only beside another defense): seed 002 paragraphs 66 and 70, ruling ixcards.dual-roles."""

from __future__ import annotations

from .content import sets
from .game import Game
from .registry import Decision, decision

PROJECTILE, POISON = "projectile", "poison"
# the cards whose effect is not "kill the opposing leader unless it holds the matching defense"
UNSTOPPABLE = ("lasgun",)  # no defense stops it
BOTH_LEADERS = ("artillery-strike", "poison-tooth")  # they kill both leaders
NO_LEADER_SPICE = ("artillery-strike",)  # no spice for any leader killed in that battle
SINGLE_USE = ("artillery-strike",)  # discarded after use, win or lose
DUAL = {"weirding-way": ("defense", "weapon"), "chemistry": ("weapon", "defense")}  # card: (alternate, other)
SHIELDS = ("shield-snooper",)  # besides the plain Shields: what sets off a Lasgun (ruling ixcards.shield-snooper)
STOPPED_RULINGS = {"artillery-strike": ("ixcards.weirding-way-artillery",),
                   "poison-tooth": ("ixcards.chemistry-poison-tooth-reading",)}
RULINGS = ("ixcards.battle-cards", "ixtl.new-cards", "ixtl.weapons-kill-leaders")
ROLES = ("ixcards.dual-roles", "ixtl.card-roles")


def _info(g: Game, card) -> dict:
    return g.c.treachery.get(card, {}) if isinstance(card, str) else {}


def fits(g: Game, card: str, slot: str, plan: dict) -> bool:
    """May `card` be played in `slot` of `plan`? A weapon or worthless card as the weapon, a
    defense or worthless card as the defense, and a dual card in its alternate role beside
    another card of that slot's own kind."""
    kind = _info(g, card).get("kind")
    if kind in (slot, "worthless"):
        return True
    if DUAL.get(card, (None,))[0] != slot:
        return False
    other = plan.get("defense" if slot == "weapon" else "weapon")
    return other is not None and other != card and _info(g, other).get("kind") == DUAL[card][1]


# the special cards whose harm or protection is not their sheet's one subtype
HARMS = {"poison-blade": (PROJECTILE, POISON), "chemistry": (POISON,), "weirding-way": (PROJECTILE,),
         "artillery-strike": (PROJECTILE,)}  # Shields protect against it (treachery.json, DuneBot's card text)
GUARDS = {"shield-snooper": (PROJECTILE, POISON), "weirding-way": (PROJECTILE,), "chemistry": (POISON,)}


def _kinds(g: Game, card: str | None, special: dict, kind: str) -> frozenset[str]:
    if card in special:
        return frozenset(special[card])
    info = _info(g, card)
    return frozenset((info.get("subtype"),)) if info.get("kind") == kind else frozenset()


def attack(g: Game, plan: dict) -> frozenset[str]:
    """The kinds of harm the plan's weapon does (empty: none, or a worthless card)."""
    return _kinds(g, plan.get("weapon"), HARMS, "weapon")


def protection(g: Game, plan: dict) -> frozenset[str]:
    return _kinds(g, plan.get("defense"), GUARDS, "defense")


def is_shield(g: Game, card) -> bool:
    """A Shield: a plain one or a Shield Snooper, never Weirding Way played as a defense (ruling
    ixcards.shield-snooper)."""
    return card in SHIELDS or (_info(g, card).get("kind"), _info(g, card).get("subtype")) == ("defense", PROJECTILE)


# the weapons only some defenses stop, whatever the kinds of harm they name: an Artillery Strike
# only a Shield (ruling ixcards.weirding-way-artillery), a Poison Tooth only Chemistry, which is no
# Snooper (our reading, ixcards.chemistry-poison-tooth-reading)
STOPPED_BY = {"artillery-strike": is_shield, "poison-tooth": lambda g, card: card == "chemistry"}


def _hits(g: Game, weapon_plan: dict, target: dict) -> bool:
    weapon = weapon_plan.get("weapon")
    if weapon in STOPPED_BY:
        return not STOPPED_BY[weapon](g, target.get("defense"))
    harm = attack(g, weapon_plan)
    if weapon in UNSTOPPABLE:
        return True
    return bool(harm) and not harm <= protection(g, target)  # Poison Blade needs both defenses


def _active(plan: dict) -> bool:
    """A Poison Tooth held back after the reveal (decision `poison-tooth`) does nothing."""
    return not plan.get("tooth_withheld")


def leader_killed(g: Game, plan: dict, against: dict) -> bool:
    """Killed by the opposing weapon, or by its own side's weapon that kills both leaders."""
    if plan.get("leader") is None:
        return False
    if against.get("weapon") and _active(against) and _hits(g, against, plan):
        return True
    own = plan.get("weapon")
    return own in BOTH_LEADERS and _active(plan) and _hits(g, plan, plan)


def pays_for_leaders(g: Game, plans: dict) -> bool:
    return not any(p.get("weapon") in NO_LEADER_SPICE for p in plans.values())


def explodes(g: Game, plans: dict) -> bool:
    """A Lasgun beside a Shield (ruling dune.lasgun-shield): a Shield Snooper counts as a Shield,
    Weirding Way played as a defense does not (ruling ixcards.shield-snooper)."""
    weapons = [p.get("weapon") for p in plans.values()]
    shields = [p.get("defense") for p in plans.values()]
    return "lasgun" in weapons and any(is_shield(g, c) for c in shields)


def cited(g: Game, plans: dict) -> list[str]:
    """The expansion's rulings a battle's resolution rests on, when its cards were played."""
    cards = [c for p in plans.values() for c in (p.get("weapon"), p.get("defense")) if c]
    out = list(RULINGS) if any(_info(g, c).get("set", "base") != "base" for c in cards) else []
    if any(p.get("weapon") in DUAL or p.get("defense") in DUAL for p in plans.values()):
        out += ROLES
    if "lasgun" in cards and any(c in SHIELDS for c in cards):
        out.append("ixcards.shield-snooper")
    return out + [r for c in cards for r in STOPPED_RULINGS.get(c, ())]


def spent(g: Game, plan: dict) -> list[str]:
    """Weapons and defenses the winner may not keep: Artillery Strike, and a Poison Tooth used."""
    weapon = plan.get("weapon")
    if weapon in SINGLE_USE or (weapon == "poison-tooth" and _active(plan)):
        return [weapon]
    return []


# --- the Voice's names (seed 002 paragraphs 68-70; ruling ixcards.voice) ---------------------------
def named_as(g: Game, card: str | None, slot: str) -> set[str]:
    """The Voice's names a card played in `slot` answers to: its generic types in that role, and
    its own name if it is a special card."""
    info = _info(g, card)
    if not info:
        return set()
    if slot == "leader":
        return {"cheap-hero"} if (info["kind"], info.get("subtype")) == ("special", "leader") else set()
    if info["kind"] == "worthless":
        return {"worthless"}
    harm = attack(g, {"weapon": card}) if slot == "weapon" else protection(g, {"defense": card})
    names = {f"{h}-{slot}" for h in harm}
    if card == "poison-tooth":
        names = {"poison-weapon"}
    if card in ("lasgun", "artillery-strike"):  # named only by name (paragraph 68)
        names = set()
    if info.get("subtype") == "special" or card in ("poison-tooth", "lasgun"):
        names.add(card)
    return names


def could_answer(g: Game, card: str, name: str) -> bool:
    """Could the card be played to obey a command to play `name`? Only in its default role: the
    Voice cannot force Weirding Way into a defense nor Chemistry into a weapon (paragraph 70)."""
    info = _info(g, card)
    if not info:
        return False
    if (info["kind"], info.get("subtype")) == ("special", "leader"):
        return name == "cheap-hero"
    slot = "defense" if info["kind"] == "defense" else "weapon"
    return name in named_as(g, card, slot)


def obeys(g: Game, card: str | None, name: str, slot: str) -> bool:
    """Does `card` played in `slot` obey a command to play `name`? It answers to the name in that
    role, and a dual card named by its own name fills its default role: the Voice compels Weirding
    Way as a weapon and Chemistry as a defense, never in the role they take beside another card
    (paragraph 70, ruling ixcards.voice)."""
    return name in named_as(g, card, slot) and not (card == name and DUAL.get(card, (None,))[0] == slot)


def special_names(g: Game) -> list[str]:
    """The special battle cards a Voice may name by name in this game's deck, the Lasgun first
    (the base game's only one, its offers unchanged); never "all special cards" (paragraph 68)."""
    used = sets(g.state["game"]["modules"])
    return sorted((c for c, d in g.c.treachery.items() if d["set"] in used and d["kind"] in ("weapon", "defense")
                   and (d.get("subtype") == "special" or c == "poison-tooth")), key=lambda c: (c != "lasgun", c))


# --- Poison Tooth held back (ruling ixcards.poison-tooth) ---------------------------------------------
def ask_tooth(g: Game) -> bool:
    """Before a battle is resolved, a side whose plan holds a Poison Tooth says whether it uses it
    (the plans are revealed by then); not after a traitor call or a Lasgun explosion, which decide
    the battle whatever the weapons. True while such a decision is pending."""
    b = g.state["battle"]
    if b["traitors"] or explodes(g, b["plans"]):
        return False
    for pid in (b["aggressor"], b["defender"]):
        plan = b["plans"][pid]
        if plan.get("weapon") == "poison-tooth" and "tooth_withheld" not in plan:
            g.push({"t": "decide", "kind": "poison-tooth", "player": pid})
            return True
    return False


def _tooth(g: Game, task: dict, args: dict) -> None:
    g.state["battle"]["plans"][task["player"]]["tooth_withheld"] = args["do"] == "keep"
    g.finish(task)


decision(Decision("poison-tooth", ("pass", "keep"), lambda g, task: [{"do": "pass"}, {"do": "keep"}], _tooth,
                  ("ixcards.poison-tooth", *RULINGS)))
