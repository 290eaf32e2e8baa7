"""Tech Tokens, the expansion's optional module (`modules: [ixians-tleilaxu, tech-tokens]`, named
only beside the expansion: setup.py): seed 002 paragraphs 54-60, rulings ixtl.tech-* and ours in
rulings/dune-ixtl-cards.toml (ixcards.tech-*).

- Setup: each token whose home faction plays starts with it; after the first storm movement the
  tokens of absent factions go at random to the next factions in storm order holding none, one
  each (chance `tech-tokens {tokens: {player: token}}`); a token left over stays out of play.
- Income: each token pays once in its phase when a faction qualifies (data/expansion.json): its
  owner is due 1 spice for every token it holds, paid from the bank when the phase ends.
- A battle's winner takes one token from a loser who holds any (decision `take-tech-token
  {token}` when there is a choice), before a Face Dancer reveal.
- One faction holding all three counts them as one stronghold (hook `extra-strongholds`)."""

from __future__ import annotations

from ....core.errors import IllegalAction
from ....core.rng import below
from ...game import Game
from ...registry import ChanceKind, Decision, chance_kind, decision, hook

MODULE = "tech-tokens"  # every listener here runs only in its games
TOKENS = ("axlotl-tanks", "heighliners", "spice-production")
HOMES = {"axlotl-tanks": "tleilaxu", "heighliners": "ixians", "spice-production": "fremen"}
# the phase each token pays in, and the factions whose qualifying action does not make it pay
PAYS_IN = {"axlotl-tanks": "revival", "heighliners": "shipment-movement", "spice-production": "charity"}
NOT_FOR = {"axlotl-tanks": "tleilaxu", "heighliners": "spacing-guild", "spice-production": "bene-gesserit"}
SETUP = ("ixtl.tech-tokens-deal", "ixcards.tech-setup")
INCOME = ("ixtl.tech-tokens-income", "ixcards.tech-income")
CAPTURE = ("ixtl.tech-tokens-capture",)
STRONGHOLD = ("ixtl.tech-tokens-victory",)
HEIGHLINERS = ("ixtl.heighliners-guild",)


def tokens_of(g: Game, pid: str) -> list[str]:
    return sorted(t for t, owner in g.state.get("tech_tokens", {}).items() if owner == pid)


@hook("setup-tasks", module=MODULE)
def deal_home_tokens(g: Game) -> None:
    """Not a task: the home tokens are placed at once (the hook runs once, at setup)."""
    g.state["tech_tokens"] = {t: g.player_of(HOMES[t]) for t in TOKENS}
    g.state["tech_due"] = {}


# --- the absent factions' tokens, after the first storm movement -------------------------------------
def _recipients(g: Game) -> list[str]:
    absent = [t for t in TOKENS if g.state["tech_tokens"][t] is None]
    return [q for q in g.order if not tokens_of(g, q)][:len(absent)]


@hook("phase-starts", module=MODULE)
def at_phase_start(g: Game, phase: str) -> None:
    _pay(g)
    if phase == "spice-blow" and g.state["turn"] == 1 and _recipients(g):
        g.push({"t": "chance", "kind": "tech-tokens"})


def _deal(g: Game, task: dict) -> dict:
    left = [t for t in TOKENS if g.state["tech_tokens"][t] is None]
    dealt = {}
    for q in _recipients(g):
        dealt[q] = left.pop(below(g.state, len(left)))
    return {"do": "tech-tokens", "tokens": dealt}


def _check(g: Game, task: dict, data: dict) -> None:
    tokens, absent = data.get("tokens"), {t for t in TOKENS if g.state["tech_tokens"][t] is None}
    if (not isinstance(tokens, dict) or sorted(tokens) != sorted(_recipients(g))
            or len(set(tokens.values())) != len(tokens) or not set(tokens.values()) <= absent):
        raise IllegalAction("dune.bad-tech-tokens", "The absent factions' tokens go one each to the next factions "
                            "in storm order holding none: {players}.", SETUP, params={"players": list(_recipients(g))})


def _apply(g: Game, task: dict, data: dict) -> None:
    for pid, token in sorted(data["tokens"].items()):
        g.state["tech_tokens"][token] = pid
    g.rulings += list(SETUP)


chance_kind(ChanceKind("tech-tokens", _deal, _check, _apply, SETUP))


# --- income ----------------------------------------------------------------------------------------------
def _trigger(g: Game, token: str, pid: str) -> None:
    """`pid` did what makes `token` pay: once a phase, whoever qualifies (paragraph 56)."""
    owner = g.state["tech_tokens"].get(token)
    if owner is None or g.faction(pid) == NOT_FOR[token] or g.state["phase"] != PAYS_IN[token]:
        return
    if token not in g.state["tech_due"]:
        g.state["tech_due"][token] = len(tokens_of(g, owner))
        g.rulings += [*INCOME, *(HEIGHLINERS if token == "heighliners" else ())]


def _pay(g: Game) -> None:
    """The phase ended: each token's income goes to its owner, from the bank (not CHOAM-inflated)."""
    for token, amount in sorted(g.state.get("tech_due", {}).items()):
        owner = g.state["tech_tokens"][token]
        if owner is not None:
            g.gain(owner, amount)
    g.state["tech_due"] = {}


@hook("free-revival", module=MODULE)
def axlotl_tanks(g: Game, pid: str) -> None:
    _trigger(g, "axlotl-tanks", pid)


@hook("shipped", module=MODULE)
def heighliners(g: Game, pid: str, to: str, count: int) -> None:
    """From off-planet: the Fremen bringing forces in ship nothing (ruling ixcards.tech-income)."""
    if g.faction(pid) != "fremen":
        _trigger(g, "heighliners", pid)


@hook("charity-claimed", module=MODULE)
def spice_production(g: Game, pid: str) -> None:
    _trigger(g, "spice-production", pid)


# --- taken in battle -------------------------------------------------------------------------------------
@hook("battle-decided", module=MODULE)
def take_on_defeat(g: Game, winner: str, locs: list[str], plans: dict, lost: bool) -> None:
    """Registered after the Tleilaxu's reveal (modules/__init__.py loads the expansion before this
    module): pushed later, asked first, so the token is taken before any Face Dancer reveal
    (paragraph 57)."""
    loser = next(q for q in plans if q != winner)
    held = tokens_of(g, loser)
    if len(held) == 1:
        _take(g, winner, held[0])
    elif held:
        g.push({"t": "decide", "kind": "take-tech-token", "player": winner, "from": loser})


def _take(g: Game, pid: str, token: str) -> None:
    g.state["tech_tokens"][token] = pid
    g.rulings += list(CAPTURE)


def _take_offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "take-tech-token", "token": t} for t in tokens_of(g, task["from"])]


def _take_apply(g: Game, task: dict, args: dict) -> None:
    _take(g, task["player"], args["token"])
    g.finish(task)


decision(Decision("take-tech-token", ("take-tech-token",), _take_offers, _take_apply, CAPTURE))


# --- victory ----------------------------------------------------------------------------------------------
@hook("extra-strongholds", module=MODULE)
def all_three(g: Game, pid: str) -> int | None:
    """One faction's three tokens count as one stronghold; an alliance cannot pool them."""
    if len(tokens_of(g, pid)) == len(TOKENS):
        g.rulings += list(STRONGHOLD)
        return 1
    return None
