"""House Hagal Rivals at setup (booklet for 1-2 players p. 1; rulebook pp. 19-20): the Rival
seats a log's setup names, the optional rules in play, what the state starts with for them, the
solo game's own setup after the module components, and the Rival seats of a random playout.
The facade (`rules.py`) calls these in `new_state`; it names no Rival rule itself."""

from __future__ import annotations

from ....core.errors import MalformedLog
from ...content import Content
from ...game import Game
from . import base as rivals_base
from . import hagal as rivals


def read(edition: str, cnt: Content, n_players: int, setup: dict, modules=()) -> list[dict]:
    """The Rival seats a game of one or two players adds (booklet for 1-2 players p. 1):
    `setup.rivals`, each an id and a leader whose Rival card the engine knows (with Bloodlines
    in Uprising, that box's Rival cards too: hagal.rival_cards)."""
    listed = setup.get("rivals", [])
    want = rivals.RIVALS_FOR.get(n_players, 0)
    if len(listed) != want:
        raise MalformedLog(f"a game of {n_players} players has {want} Rivals, not {len(listed)}",
                           "/setup/rivals", code="rival-count")
    known = rivals.rival_cards(edition, modules, n_players) if edition != "base" else \
        rivals_base.rival_leaders(cnt, n_players)
    for i, r in enumerate(listed):
        if r["leader"] not in known:
            raise MalformedLog(f"no Rival card is known for {r['leader']!r} (known: {sorted(known)})",
                               f"/setup/rivals/{i}/leader", code="unknown-rival-leader")
    return listed


def options(edition: str, setup: dict, humans: int) -> list[str]:
    """The optional rules in play: those named, and those the difficulty requires (p. 4).
    Unambitious Rivals is for two players only, the Row refresh for solo only; the English
    rules' names are read as ours (hagal.OPTION_ALIASES)."""
    named = [rivals.OPTION_ALIASES.get(name, name) for name in setup.get("options", [])]
    chosen = set(named)
    for i, name in enumerate(named):
        if rivals.OPTION_PLAYERS.get(name, humans) != humans:
            raise MalformedLog(f"the option {name!r} is played with {rivals.OPTION_PLAYERS[name]} "
                               f"player(s) only", f"/setup/options/{i}", code="rival-option")
    chosen |= set(rivals.hagal(edition)["difficulty"].get(setup.get("difficulty"), {}).get("options", ()))
    return sorted(chosen)


def seat(state: dict, setup: dict, humans: list[str], rival_list: list[dict], leaders: list[str]) -> None:
    """What the state starts with for the Rivals, before the modules' components: the options
    and difficulty, the House Hagal deck, each Rival's seat (`leaders`: the players')."""
    edition, modules = state["game"]["edition"], state["game"]["modules"]
    if edition == "base":
        rivals_base.check_setup(setup)
    rivals.check_difficulty(edition, setup, len(humans))
    state["game"]["rival_options"] = options(edition, setup, len(humans))
    if setup.get("difficulty") is not None:
        state["game"]["rival_difficulty"] = setup["difficulty"]
    state["hagal"] = rivals.new_hagal(len(humans), edition, modules, leaders)
    for r in rival_list:
        rivals.setup_rival(state["players"][r["id"]], r["leader"])
        if edition == "base" and len(humans) == 2:
            rivals_base.setup_spoiler(state["players"][r["id"]])


def setup_solo(g: Game, humans: list[str]) -> None:
    """A solo game's own setup, once the modules' components and the Row are dealt."""
    if len(humans) != 1:
        return
    if g.state["game"]["edition"] == "base":
        rivals_base.setup_solo(g, humans)
    else:
        rivals.setup_solo(g, humans)


def random_setup(edition: str, cnt: Content, players: int, taken: list[str], rnd, chosen=(),
                 leaders=()) -> dict:
    """Rival seats for a random playout of one or two players (simulate.py): `leaders` first
    (a Rival card the playout asks for, e.g. one of Bloodlines'), the others drawn from the
    edition's own Rival cards, none of them a player's."""
    want = rivals.RIVALS_FOR.get(players, 0)
    if not want:
        return {}
    known = rivals.hagal(edition)["rival_leaders"] if edition != "base" else \
        rivals_base.rival_leaders(cnt, players, [])  # a random game: the base box's Leaders
    pool = sorted(set(known) - set(taken) - set(leaders))
    picked = list(leaders[:want])
    picked += [pool.pop(rnd.below(len(pool))) for _ in range(want - len(picked))]
    out = {"rivals": [{"id": f"rival-{i + 1}", "leader": lead} for i, lead in enumerate(picked)],
           "options": sorted(chosen) if edition != "base" else []}
    if players == 1:  # a level of the solo difficulty chart
        levels = list(rivals.hagal(edition)["difficulty"])
        out["difficulty"] = levels[rnd.below(len(levels))]
    return out
