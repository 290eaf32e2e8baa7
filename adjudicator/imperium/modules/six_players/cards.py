"""The Uprising six-player team game, the Commanders' own cards (issue #13; see teams.py): each
Commander's ten starting cards (data: `imperium.json`, type `commander-deck`, booklet p. 2 names the
decks, the fan sources their cards) and what their effects need beyond the effect language: a
reward split with the activated Ally, the team paying together, each Ally's troops and contracts,
the Swordmaster bonus token as a condition, the activated Ally's sandworm; and Shaddam's Throne
Row (booklet p. 5), which Imperial Tent fills. Readings: rulings/six-commander-decks.toml."""

from __future__ import annotations

from itertools import product

from ....core.errors import IllegalAction
from ...content import COMMANDER_DECK, commander_deck
from ...costs import can_afford, pay_cost
from ...custom.common import signet_effects
from ...effects import worm_error, worm_refusal
from ...game import Game
from ...registry import choice, custom, hook
from ...steps import prepend, push_choice, run
from ...zones import count_deployed, take_contract
from .teams import activated_ally, has_bonus, is_commander, team_of, teams

R_DECKS = ("six.commander-decks", "six.commander-deck-cards")
R_SPLIT = ("six.commander-card-split", "six.activated-ally-gains")
R_THRONE = ("six.throne-row", "six.throne-row-imperial-tent")


# --- setup: a Commander's own ten cards (p. 2) -------------------------------------------------------
@hook("setup", module="six-players")
def _commander_decks(g: Game) -> None:
    """Each Commander's deck is his team's ten cards, not the ordinary starting deck; the
    Throne Row starts empty (only Imperial Tent fills it: reading six.throne-row-setup)."""
    for team, side in sorted(teams(g).items()):
        g.p(side["commander"])["deck"]["cards"] = commander_deck(g.content, team)
    g.state["six"]["throne_row"] = []
    g.rulings += [*R_DECKS, "six.throne-row-setup"]


def starting_cards(g: Game, pid: str) -> list[str] | None:
    """The cards `pid` started with when they are not the ordinary deck (invariants, audit)."""
    return commander_deck(g.content, team_of(g, pid)) if is_commander(g, pid) else None


@hook("agent-box", module="six-players")
def _commander_signet(g: Game, pid: str, card: str) -> list | None:
    """A Commander's Signet Ring is his leader's Signet Ring ability, as the ordinary card's."""
    data = g.content.cards.get(card, {})
    if data.get("type") == COMMANDER_DECK and data.get("agent") == [{"custom": "signet-ring"}]:
        return signet_effects(g, pid)
    return None


# --- conditions: the Swordmaster bonus token, the activated Ally's sandworm --------------------------
@custom("six-if-swordmaster-bonus", module="six-players")
def _if_bonus(g: Game, task: dict, step: dict) -> None:
    """Command Respect, Devastating Assault: only with a Swordmaster bonus token (six.has_bonus)."""
    g.rulings.append("six.commander-card-bonus-token")
    if has_bonus(g, task["player"]):
        prepend(task, list(step["then"]))


def _summoner(g: Game, pid: str) -> str:
    return activated_ally(g, pid) or pid


@custom("six-if-ally-worm")
def _if_worm(g: Game, task: dict, step: dict) -> None:
    """Desert Call: offered only when the sandworm may come (the Maker Hooks icon): the
    activated Ally's Maker Hooks, Shield Wall and deployment, since the worm is his."""
    if worm_refusal(g, _summoner(g, task["player"]), {"worm": 1}) is None:
        prepend(task, list(step["then"]))


@custom("six-ally-worm")
def _ally_worm(g: Game, task: dict, step: dict) -> None:
    """A Commander has no units: the sandworm he summons is his activated Ally's (p. 3)."""
    who = _summoner(g, task["player"])
    refusal = worm_refusal(g, who, step)
    if refusal:
        raise worm_error(refusal, "six.commander-card-worm")
    g.p(who)["worms"] += step["count"]
    count_deployed(g, task["player"], step["count"])
    g.rulings += ["six.commander-card-worm", "worm.direct-to-conflict"]


# --- Usul, Critical Shipments: one reward for the Commander, the other for his Ally ---------------------
@custom("six-split")
def _split(g: Game, task: dict, step: dict) -> None:
    push_choice(g, task, "split", options=step["options"], ally=activated_ally(g, task["player"]))


def _split_offers(g: Game, task: dict) -> list[dict]:
    return [{"resource": next(iter(o))} for o in task["options"]]


@choice("split", _split_offers, R_SPLIT)
def _split_chosen(g: Game, task: dict, given: dict, below: dict) -> None:
    """`resource`: what the player keeps; the other goes to the activated Ally (none outside a
    Commander's turn: then only the kept one is gained)."""
    for option in task["options"]:
        if given["resource"] in option:
            g.gain(task["player"], option)
        elif task.get("ally"):
            g.gain(task["ally"], option)


# --- Threaten Spice Production: the team pays together ---------------------------------------------------
@custom("six-team-pays", module="six-players")
def _team_pays(g: Game, task: dict, step: dict) -> None:
    team = _team(g, task["player"])
    if sum(g.p(q)["spice"] for q in team) >= step["spice"] and can_afford(g, task["player"], {"trash_self": True},
                                                                          task["src"]):
        push_choice(g, task, "team-pays", price=step["spice"], then=step["then"], team=team)


def _team(g: Game, pid: str) -> list[str]:
    """The player first, then his teammates clockwise."""
    team = team_of(g, pid)
    return [q for q in g.clockwise_from(pid) if q == pid or team_of(g, q) == team]


def _team_pay_offers(g: Game, task: dict) -> list[dict]:
    """`shares`: the spice each member puts in (every member named, 0 for none), or skip."""
    held = [g.p(q)["spice"] for q in task["team"]]
    out = [{"option": "skip"}]
    for counts in product(*(range(min(h, task["price"]) + 1) for h in held)):
        if sum(counts) == task["price"]:
            out.append({"shares": dict(zip(task["team"], counts, strict=True))})
    return out


@choice("team-pays", _team_pay_offers, ("six.commander-card-team-spice",), handles_skip=True)
def _team_paid(g: Game, task: dict, given: dict, below: dict) -> None:
    if given.get("option") == "skip":
        return
    for q, n in given["shares"].items():
        if n:
            g.pay(q, {"spice": n}, ("six.commander-card-team-spice",))
    pay_cost(g, task["player"], {"trash_self": True}, task["src"])  # the card goes too: part of the price
    run(g, task["player"], list(task["then"]), task["src"])


# --- Corrino Might: each Ally gains troops; Demand Results: a contract to each Ally ---------------------
@custom("six-allies-recruit")
def _allies_recruit(g: Game, task: dict, step: dict) -> None:
    """Each of the player's Allies takes that many troops from his supply to his garrison."""
    if not is_commander(g, task["player"]):
        return
    for ally in teams(g)[team_of(g, task["player"])]["allies"]:
        troops = g.p(ally)["troops"]
        n = min(step["count"], troops["supply"])
        troops["supply"] -= n
        troops["garrison"] += n
    g.rulings += ["six.commander-card-allies", "recruit.supply"]


@custom("six-contracts-to-allies")
def _contracts_to_allies(g: Game, task: dict, step: dict) -> None:
    face_up = g.state["contracts"]["face_up"]
    if is_commander(g, task["player"]) and face_up:
        push_choice(g, task, "contracts-to-allies", allies=list(teams(g)[team_of(g, task["player"])]["allies"]))


def _contracts_offers(g: Game, task: dict) -> list[dict]:
    """`contract`: the face-up contract the first Ally (the next clockwise after the Commander)
    takes; the other one goes to the other Ally. With one face up: `player`, who takes it."""
    face_up = sorted(set(g.state["contracts"]["face_up"]))
    if len(g.state["contracts"]["face_up"]) == 1:
        return [{"player": q} for q in task["allies"]]
    return [{"contract": c} for c in face_up]


@choice("contracts-to-allies", _contracts_offers, ("six.commander-card-allies", "choam.contracts"))
def _contracts_given(g: Game, task: dict, given: dict, below: dict) -> None:
    face_up = list(g.state["contracts"]["face_up"])
    if "player" in given:
        take_contract(g, given["player"], face_up[0])
        return
    rest = list(face_up)
    rest.remove(given["contract"])
    first_ally, second_ally = task["allies"]
    take_contract(g, first_ally, given["contract"])
    take_contract(g, second_ally, rest[0])


# --- the Throne Row (p. 5) -----------------------------------------------------------------------------
def throne_row(g: Game) -> list[str]:
    return g.state["six"].get("throne_row", [])


@custom("six-throne-row", module="six-players")
def _imperial_tent(g: Game, task: dict, step: dict) -> None:
    """Imperial Tent: a non-Fremen card of the Imperium Row goes to the Throne Row."""
    if _tent_offers(g, task):
        push_choice(g, task, "throne-row")


def _tent_offers(g: Game, task: dict) -> list[dict]:
    return [{"card": c} for c in sorted(set(g.state["row"])) if "fremen" not in g.content.cards[c]["factions"]]


@choice("throne-row", _tent_offers, R_THRONE)
def _moved_to_throne(g: Game, task: dict, given: dict, below: dict) -> None:
    """The card leaves the Imperium Row, refilled at once, and joins the Throne Row (in arrival
    order: any number of cards may wait there)."""
    g.state["row"].remove(given["card"])
    g.state["six"]["throne_row"].append(given["card"])
    if g.state["imperium_deck"]["cards"]:
        g.push({"t": "chance", "kind": "refill-row"})
    g.rulings += [*R_THRONE, "acquire.row-refill"]


def may_buy_throne(g: Game, pid: str) -> bool:
    """Shaddam and his Allies only (p. 5)."""
    return team_of(g, pid) == "shaddam"


@hook("market-offers", module="six-players")
def _throne_offers(g: Game, pid: str) -> list[str] | None:
    """The Throne Row, for Shaddam's team: with Persuasion in a Reveal turn at the printed cost,
    and by acquire effects."""
    return sorted(set(throne_row(g))) if may_buy_throne(g, pid) else None


@hook("take-from-market", module="six-players")
def _bought_from_throne(g: Game, pid: str, card: str) -> bool | None:
    """A card bought from the Throne Row is not replaced."""
    row = throne_row(g)
    if card not in row or not may_buy_throne(g, pid):
        return None
    row.remove(card)
    g.rulings += ["six.throne-row", "six.throne-row-buy"]
    return True


@hook("why-not-available", module="six-players")
def _not_your_throne(g: Game, pid: str, card: str) -> IllegalAction | None:
    """A Muad'Dib-team player names a card he could buy from nowhere but the Throne Row."""
    if card in throne_row(g) and not may_buy_throne(g, pid):
        return IllegalAction("six.throne-row-team", "{card} is in Shaddam's Throne Row: only Shaddam and his Allies "
                             "acquire from it, and {seat} plays for Muad'Dib's team.",
                             ("six.throne-row", "six.throne-row-buy"), params={"card": card, "seat": pid})
    return None
