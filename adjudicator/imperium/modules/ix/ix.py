"""Rise of Ix's rules (rulebook pp. 3-7, 12), for the original game.

- Setup (p. 3): each player's two dreadnoughts in the supply and Freighter at the bottom of the
  Shipping track; the Ix board's three Tech stacks (the Tech tile rules of `modules/tech/tech.py`,
  with Negotiators and without the Ixian Embassy's High Council discount); the overlay's spaces
  replace the ones it covers (`data/ix/board.json`, `Game.on_board`).
- The Freighter icon (`freighter`): advance one space, or recall and take every reward at and
  below the Freighter in any order (`shipping-reward`); Dividends (p. 5).
- The Dreadnought icon (`commission-dreadnought`): one from the supply to the garrison, deployable
  in a turn whose Agent went to a Combat space as a unit recruited this turn (p. 6).
- Dreadnoughts in combat: 3 strength each (`conditions.strength` reads `units.py`); the winner
  with one must set it on a free control space (`dreadnought-control`); the others go back to the
  garrison; a dreadnought set on a space controls it until the end of the next Combat phase.
- Tech Negotiation (`negotiator`): a troop from the supply to Ix if the player chooses (`send` or
  `skip`); each returned when acquiring a tile takes 1 spice off (p. 4; the `tech` choice's
  `negotiators`).
- The keywords (p. 7): Infiltration (a card's `infiltration` icons: enemy Agents do not block, never
  past your own Agent nor The Voice, never through icons Dispatch an Envoy added) and Unload (a card's
  Reveal box also resolves when you discard or trash it).
"""

from __future__ import annotations

from ...choices import SKIP
from ...game import Game, ms_add
from ...registry import adjust, choice, custom, first, hook
from ...steps import choice_task, push_choice, run
from ..tech import STACKS, new_tech_state, tile_data
from .units import MODULE, board, move_dreadnoughts

R_FREIGHTER = "ix.freighter"
R_REWARDS = "ix.shipping-rewards"
R_TRANSPORTS = "ix.troop-transports"
R_DETONATION = "ix.detonation-devices"
R_CHAUMURKY = "ix.chaumurky"


def _setup_data(g: Game) -> dict:
    return g.content.expansion_setup[MODULE]


# --- setup ----------------------------------------------------------------------------------------
@hook("setup", module="ix")
def _setup(g: Game) -> None:
    """Step 2 and 5 (p. 3): the Ix board's stacks, each top tile turned up (a chance outcome per
    stack); each player's dreadnoughts and Freighter."""
    pieces = _setup_data(g)["player_components"]
    for pid in g.order:
        pl = g.p(pid)
        pl["dreadnoughts"] = {"supply": pieces["dreadnoughts"], "garrison": 0, "conflict": 0}
        pl["freighter"] = pieces["freighter"]
        pl["troops"]["negotiators"] = 0
        pl["tech"] = []
    g.state["board"]["dreadnoughts"] = {}
    g.rulings += ["ix.setup", "ix.overlay-covers"]
    if "tech" not in g.state:  # else the Tech Module set up every tile of both (`_with_tech_module`)
        tech = g.state["tech"] = new_tech_state(g.content, g.state["game"]["modules"])
        g.push(*({"t": "chance", "kind": "reveal-tech", "stack": i + 1} for i in range(STACKS) if tech["stacks"][i]))
    g.state["tech"]["board"] = "ix"
    if g.state["game"].get("epic"):
        _epic(g)


# --- with Bloodlines (its manual p. 7, 'Combining the Tech Module with Rise of Ix') ------------------------
@hook("setup", module=("ix", "tech"))
def _with_tech_module(g: Game) -> None:
    """All of Rise of Ix with the Tech Module: both boxes' tiles (the Tech Module's setup shuffled
    them into three stacks as even as can be) on the Ix board, not the Ixian Embassy: Tech
    Negotiation's discounts, no High Council discount (`_setup` sets the board)."""
    g.rulings.append("tech.rise-of-ix-full")


@hook("setup", module=("ix", "bloodlines"))
def _commanders_off_the_overlay(g: Game) -> None:
    """The CHOAM overlay covers two of the Commanders' starting spaces: one Commander starts on
    Dreadnought instead, the other on Tech Negotiation with four players (else it goes back to the
    box, as it did from the covered space)."""
    moved = g.content.expansion_setup["bloodlines"]["sardaukar_commanders"]["placement"]["rise-of-ix-full"]
    board = g.state["board"]
    kept = [s for s in board["commanders"] if s not in g.content.covered[MODULE]]
    board["commanders"] = sorted(kept + moved["spaces"] + (moved["four_players_extra"] if len(g.order) == 4 else []))
    g.rulings.append("bloodlines.rise-of-ix-commanders")


# --- Epic Game mode (p. 10) -------------------------------------------------------------------------------
def _epic(g: Game) -> None:
    """Conflict II and III cards only, Control the Spice for one Dune, the Desert Planet (with
    Immortality: into the discard pile, hook `epic-card`), an Intrigue card each and 5 troops in the
    garrison; the game goes to 12 VP (`_epic_goal`)."""
    epic = _setup_data(g)["epic"]
    g.state["board"]["conflict_levels"] = list(epic["conflict_levels"])
    where = first("epic-card", g) or "deck"
    for pid in g.order:
        pl = g.p(pid)
        for card, n in sorted(epic["starting_deck"]["add"].items()):
            for _ in range(n):
                ms_add(pl["deck"]["cards"] if where == "deck" else pl["discard"], card)
        if where == "deck":
            for card, n in sorted(epic["starting_deck"]["remove"].items()):
                for _ in range(n):
                    pl["deck"]["cards"].remove(card)
        extra = epic["garrison"] - pl["troops"]["garrison"]
        pl["troops"]["garrison"] += extra
        pl["troops"]["supply"] -= extra
    g.rulings.append("ix.epic")
    g.push(*({"t": "chance", "kind": "draw-intrigue", "player": pid, "n": epic["intrigue_each"]} for pid in g.order))


@hook("vp-to-end", module="ix")
def _epic_goal(goal: int, g: Game) -> int:
    return _setup_data(g)["epic"]["vp_to_end"] if g.state["game"].get("epic") else goal


@hook("epic-card", module=("immortality", "ix"))
def _epic_with_immortality(g: Game) -> str:
    """Immortality p. 12: no starting card is replaced; Control the Spice starts in the discard pile."""
    g.rulings.append("ix.epic-immortality")
    return "discard"


# --- the Shipping track --------------------------------------------------------------------------------
def _track(g: Game) -> dict:
    return board(g.content)["shipping_track"]


@custom("freighter")
def freighter(g: Game, task: dict, step: dict) -> None:
    """One Freighter icon: you may advance your Freighter or recall it (p. 5)."""
    push_choice(g, task, "freighter")


def _freighter_offers(g: Game, task: dict) -> list[dict]:
    at = g.p(task["player"])["freighter"]
    return [*([{"option": "advance"}] if at < _track(g)["top"] else []),
            *([{"option": "recall"}] if at > 0 else []), SKIP]


@choice("freighter", _freighter_offers, (R_FREIGHTER,))
def _move_freighter(g: Game, task: dict, given: dict, below: dict) -> None:
    pl = g.p(task["player"])
    if given["option"] == "advance":
        pl["freighter"] += 1
        return
    left = list(range(1, pl["freighter"] + 1))
    pl["freighter"] = 0
    g.rulings.append(R_REWARDS)
    g.push(choice_task(task["player"], "shipping-reward", task["src"], left=left))


def _reward_words(g: Game, task: dict, given: dict) -> list:
    return _track(g)["rewards"][given["option"]]


@choice("shipping-reward", lambda g, task: [{"option": k} for k in task["left"]], (R_REWARDS,), words=_reward_words)
def _shipping_reward(g: Game, task: dict, given: dict, below: dict) -> None:
    """The rewards of the spaces at and below the recalled Freighter (`option`: the space), one at
    a time in the order the player takes them (the next choice waits under the reward resolving)."""
    pid = task["player"]
    rest = [k for k in task["left"] if k != given["option"]]
    if rest:
        g.push(choice_task(pid, "shipping-reward", task["src"], left=rest))
    steps = _track(g)["rewards"][given["option"]]
    for transports in tile_rules(g, pid, "troop-transports"):  # one more troop each, deployable
        steps = [done for step in steps for done in _transported(step, transports["extra"])]
    run(g, pid, steps, f"shipping:{given['option']}")


def _transported(step: dict, extra: int) -> list[dict]:
    if "recruit" not in step:
        return [step]
    n = step["recruit"] + extra
    return [{"recruit": n}, {"custom": "deploy-transported", "count": n}]


def tile_rules(g: Game, pid: str, name: str, box: str = "passive") -> list[dict]:
    """The steps called `name` in that box of `pid`'s Tech tiles (standing rules: Troop Transports,
    Spaceport; Detonation Devices' win, Chaumurky's end of the game)."""
    return [s for t in g.p(pid).get("tech", []) for s in tile_data(g, t["id"]).get(box, [])
            if s.get("custom") == name]


@custom("deploy-transported")
def deploy_transported(g: Game, task: dict, step: dict) -> None:
    """Troop Transports: the troops just recruited from the Shipping track may be deployed to the
    Conflict, whatever space the Agent went to (they no longer count as this turn's recruits)."""
    g.rulings.append(R_TRANSPORTS)
    most = min(step["count"], g.p(task["player"])["troops"]["garrison"])
    if most:
        push_choice(g, task, "units", move="deploy", least=0, most=most, troops_only=True)


@custom("dividends")
def dividends(g: Game, task: dict, step: dict) -> None:
    """5 Solari to you and 1 to each opponent (p. 5); two-player House Hagal takes none of its
    own (hook `dividends-own`: rivals/ix.py)."""
    g.rulings.append("ix.dividends")
    g.gain(task["player"], {"solari": adjust("dividends-own", 5, g, task["player"])})
    for q in g.opponents(task["player"]):
        g.gain(q, {"solari": 1})


# --- Tech Negotiation -------------------------------------------------------------------------------
@custom("negotiator")
def negotiator(g: Game, task: dict, step: dict) -> None:
    """You may send a troop from your supply to Ix as a Negotiator (`choose send` or `skip`);
    nothing to decide without one (p. 4)."""
    g.rulings.append("ix.negotiator")
    if g.p(task["player"])["troops"]["supply"]:
        push_choice(g, task, "negotiator")


# logs written before the troop's move was a choice (session 17) never record it: moving on sends it
@choice("negotiator", lambda g, task: [{"option": "send"}, SKIP], ("ix.negotiator",), left_out={"option": "send"})
def _send_negotiator(g: Game, task: dict, given: dict, below: dict) -> None:
    troops = g.p(task["player"])["troops"]
    troops["supply"] -= 1
    troops["negotiators"] += 1


# --- the keywords Infiltration and Unload (p. 7) ----------------------------------------------------------
@hook("may-share", module="ix")
def _infiltration(g: Game, pid: str, space: dict, card_id: str) -> bool | None:
    """Enemy Agents do not block a card's Infiltration icon. The checks before this one keep the
    limits: your own Agent there (`agent.space-occupied`) and The Voice (a placement check); icons
    added by Dispatch an Envoy are no Infiltration icons (only the card's printed ones are read)."""
    if space["icon"] in g.content.cards.get(card_id, {}).get("infiltration", ()):
        g.rulings.append("ix.infiltration")
        return True
    return None


def _unload(g: Game, pid: str, card: str) -> None:
    data = g.content.cards.get(card, {})
    if data.get("unload") and data.get("reveal"):
        g.rulings.append("ix.unload")
        run(g, pid, data["reveal"], f"unload:{card}")


@hook("card-trashed", module="ix")
def _unload_trashed(g: Game, pid: str, card: str) -> None:
    _unload(g, pid, card)


@hook("card-discarded", module="ix")
def _unload_discarded(g: Game, pid: str, card: str) -> None:
    _unload(g, pid, card)


# --- dreadnoughts ------------------------------------------------------------------------------------
@custom("commission-dreadnought")
def commission(g: Game, task: dict, step: dict) -> None:
    """The Dreadnought icon: you may commission one from your supply (p. 6)."""
    if g.p(task["player"])["dreadnoughts"]["supply"]:
        push_choice(g, task, "dreadnought")
    else:
        g.rulings.append("ix.dreadnought-limit")


@choice("dreadnought", lambda g, task: [{"option": "commission"}, SKIP], ("ix.dreadnought-commission",))
def _commission(g: Game, task: dict, given: dict, below: dict) -> None:
    pid = task["player"]
    move_dreadnoughts(g, pid, "supply", "garrison", 1)
    g.rulings.append("ix.dreadnought-commission")
    turn = g.state.get("turn")
    if turn and turn["player"] == pid:  # deployable this turn, as a unit recruited in it
        turn["commissioned"] = turn.get("commissioned", 0) + 1


def _free_spaces(g: Game) -> list[str]:
    taken = g.state["board"]["dreadnoughts"]
    return [s for s in board(g.content)["dreadnought_spaces"] if s not in taken]


def _detonation(g: Game, pid: str) -> dict | None:
    """Detonation Devices' step, when `pid` owns the tile."""
    return next(iter(tile_rules(g, pid, "detonate-dreadnought", "on_win_conflict")), None)


@hook("conflict-won", module="ix")
def _winner_takes_control(g: Game, pid: str) -> None:
    """The winner with a dreadnought in the Conflict must set one on a control space with no
    dreadnought (p. 6), or with Detonation Devices may return it to the supply for VP instead."""
    if g.p(pid)["dreadnoughts"]["conflict"] and (_free_spaces(g) or _detonation(g, pid)):
        g.rulings.append("ix.dreadnought-control")
        g.push(choice_task(pid, "dreadnought-control", "conflict:first"))


def _control_offers(g: Game, task: dict) -> list[dict]:
    detonate = [{"option": "detonate"}] if _detonation(g, task["player"]) else []
    return [*({"space": s} for s in _free_spaces(g)), *detonate]


@choice("dreadnought-control", _control_offers, ("ix.dreadnought-control",))
def _control(g: Game, task: dict, given: dict, below: dict) -> None:
    pid = task["player"]
    if given.get("option") == "detonate":
        move_dreadnoughts(g, pid, "conflict", "supply", 1)
        g.gain(pid, {"vp": _detonation(g, pid)["vp"]})
        g.rulings.append(R_DETONATION)
        return
    g.p(pid)["dreadnoughts"]["conflict"] -= 1
    spaces = g.state["board"]["dreadnoughts"]
    spaces[given["space"]] = {"player": pid, "round": g.state["round"]}
    g.state["board"]["dreadnoughts"] = dict(sorted(spaces.items()))


@custom("wins-endgame-ties")
def chaumurky(g: Game, task: dict, step: dict) -> None:
    """A standing rule the final ranking reads (`_wins_ties`)."""


@hook("wins-ties", module="ix")
def _wins_ties(g: Game, pid: str) -> bool:
    """Chaumurky: its owner wins every tie on Victory Points at the end of the game."""
    if tile_rules(g, pid, "wins-endgame-ties", "endgame"):
        g.rulings.append(R_CHAUMURKY)
        return True
    return False


@custom("detonate-dreadnought")
def detonation_devices(g: Game, task: dict, step: dict) -> None:
    """Offered with the dreadnought's control of a space, in its place (`_control_offers`)."""


@hook("combat-cleanup", module="ix")
def _dreadnoughts_home(g: Game) -> None:
    """The Combat phase ends: dreadnoughts in the Conflict go back to the garrison (not the
    supply), and those that controlled a space since an earlier round leave it (p. 6)."""
    for pid in g.order:
        move_dreadnoughts(g, pid, "conflict", "garrison", g.p(pid)["dreadnoughts"]["conflict"])
    spaces = g.state["board"]["dreadnoughts"]
    for space, held in sorted(spaces.items()):
        if held["round"] < g.state["round"]:
            del spaces[space]
            g.p(held["player"])["dreadnoughts"]["garrison"] += 1
            g.rulings.append("ix.dreadnought-control-ends")
    g.rulings.append("ix.dreadnought-durable")


@hook("agent-placed", module="ix")
def _new_space(g: Game, pid: str, a: dict, turn: dict) -> None:
    if g.content.spaces[a["space"]].get("expansion") == MODULE:
        g.rulings.append("ix.spaces")


@hook("combat-strength", module="ix")
def _dreadnought_strength(g: Game) -> None:
    if any(g.p(q)["dreadnoughts"]["conflict"] for q in g.order):
        g.rulings.append("ix.dreadnought-strength")


@hook("controller", module="ix")
def _dreadnought_controls(holder, g: Game, space: str):
    held = g.state["board"]["dreadnoughts"].get(space)
    if held:
        g.rulings.append("ix.dreadnought-control")
        return held["player"]
    return holder
