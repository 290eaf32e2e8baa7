"""Random legal playouts: a whole game played by random legal choices, recorded as a log.

The log records every chance outcome and also gives the seed, so it replays both ways.
"""

from __future__ import annotations

from .core.engine import Playing
from .core.logs import FORMAT, VERSION
from .core.registry import resolve_game, rules_for
from .core.replay import Driver
from .core.rng import Random

MAX_STEPS = 20_000
# Random play that reveals at once or never buys makes dull, short games: lean towards acting.
PREFERRED = ("send-agent", "acquire", "deploy", "play-intrigue")


def simulate(game: str = "uprising", players: int = 4, seed: int = 0, modules=(), options=(),
             rival_leaders=(), difficulty: str | None = None) -> dict:
    """`rival_leaders`: the leaders of Rival cards to seat first (Imperium 1-2 players); no
    player draws them. `difficulty`: a solo game's level, else drawn at random."""
    system, edition = resolve_game(game)
    rules = rules_for(system, edition)
    if hasattr(rules, "simulate"):  # a rule system's own playout driver (classic Dune)
        return rules.simulate(players, seed, modules)
    rnd = Random(seed * 2654435761 + 1)
    leaders = [lead for lead in rules.leader_ids(modules) if lead not in rival_leaders]
    colours = ["red", "blue", "green", "yellow", "purple", "black"][:players]
    # a mode that fixes some seats' leaders (the six-player Commanders) seats them itself
    chosen = rules.seat_leaders(players, leaders, rnd) if hasattr(rules, "seat_leaders") else None
    if chosen is None:
        chosen = [leaders.pop(rnd.below(len(leaders))) for _ in colours]
    seats = [{"id": c, "name": c.title(), "leader": lead} for c, lead in zip(colours, chosen, strict=True)]
    game_doc = {"system": system, "edition": edition, "modules": sorted(modules), "players": seats}
    setup = {"seed": seed}
    if hasattr(rules, "rival_setup"):  # the automated seats a small game adds (Imperium Rivals)
        setup.update(rules.rival_setup(players, [s["leader"] for s in seats], rnd, options, tuple(rival_leaders)))
        if difficulty is not None and "difficulty" in setup:
            setup["difficulty"] = difficulty
    # only offered actions are applied: an illegal one would be an engine bug, so no rollback
    driver = Driver(rules, Playing(rules.new_state(game_doc, setup)), rollback=False)
    actions = []
    while len(actions) < MAX_STEPS:
        actions += [a.to_json() for a in driver.deal()]
        if driver.prompt() is None:
            break
        action = choose(rnd, driver.legal_actions())
        if action is None:
            raise RuntimeError(f"dead end: no legal action at {driver.prompt()}")
        driver.apply(action)
        actions.append(action.to_json())
    else:
        raise RuntimeError("the playout did not end")
    return {"format": FORMAT, "version": VERSION, "game": game_doc, "setup": setup,
            "actions": actions}


def choose(rnd: Random, legal: list):
    if not legal:
        return None
    preferred = [a for a in legal if a.do in PREFERRED]
    if preferred and rnd.below(10) < 8:
        return rnd.choice(preferred)
    return rnd.choice(legal)
