"""Random legal playouts of the classic game (`DuneRules.simulate`, hence `adjudicator simulate --game
dune`): every decision drawn from the legal actions by a seeded generator, every chance outcome dealt
from the game's seed; the result is a log that records both and replays either way. The rules are
passed in (rules.py uses this module; playout.py is the tests' entry)."""

from __future__ import annotations

from ..core.actions import Action
from ..core.replay import Driver
from ..core.rng import Random
from .content import BASE_FACTIONS, expansion_factions

MAX_STEPS = 20_000
COLOURS = ("red", "blue", "green", "yellow", "purple", "black")
# Random play that always passes never fights: lean towards shipping, moving and bidding.
PREFERRED = ("ship", "move", "bid", "revive", "claim-charity")
# A window asked only for a special Karama power (modules/advanced/karama_powers.py): mostly used when asked.
WINDOWS = {"karama-window": "play"}
BRIBE_ODDS = 40  # bribes are checked, not listed (bribes.py): now and then the playout pays one


def _bribe(driver: Driver, pid: str, rnd: Random) -> Action | None:
    spice = driver.state["players"][pid]["spice"]
    others = [q for q in driver.state["game"]["seats"] if q != pid]
    if not spice:
        return None
    return Action({"by": pid, "do": "bribe", "to": rnd.choice(others), "amount": 1 + rnd.below(min(3, spice))})


def game_doc(players: int, rnd: Random, modules=()) -> dict:
    factions = list(BASE_FACTIONS)
    first = list(expansion_factions(modules))[:players]  # the expansion's factions always sit
    seats = [{"id": c, "faction": first.pop(0) if first else factions.pop(rnd.below(len(factions)))}
             for c in COLOURS[:players]]
    return {"system": "dune", "edition": "basic", "modules": sorted(modules), "players": seats}


def play(rules, players: int = 4, seed: int = 0, check=None, modules=()) -> tuple[dict, dict]:
    """A whole game as a log, and its final state; `check(state)` runs after every action."""
    rnd = Random(seed * 2654435761 + 1)
    game = game_doc(players, rnd, modules)
    driver = Driver(rules, rules.new_state(game, {"seed": seed}), rollback=False)
    actions = []
    while len(actions) < MAX_STEPS:
        while (action := rules.deal(driver.state)) is not None:  # one at a time, so each is checked
            rules.apply(driver.state, action, dealt=True)
            actions.append(action.to_json())
            if check:
                check(driver.state)
        if driver.prompt() is None:
            break
        legal = driver.legal_actions()
        if not legal:
            raise RuntimeError(f"dead end at {driver.prompt()}")
        verb = WINDOWS.get(driver.prompt().get("kind"))
        preferred = [a for a in legal if a.do in PREFERRED or a.do == verb]
        action = rnd.choice(preferred if preferred and rnd.below(10) < 7 else legal)
        if rnd.below(BRIBE_ODDS) == 0 and driver.state["turn"] >= 1:
            action = _bribe(driver, action.by, rnd) or action
        driver.apply(action)
        actions.append(action.to_json())
        if check:
            check(driver.state)
    else:
        raise RuntimeError("the playout did not end")
    return {"format": "dune-adjudicator/log", "version": 1, "game": game, "setup": {"seed": seed},
            "actions": actions}, driver.state
