"""The Uprising six-player team game, the Commanders' side of it (issue #13; see teams.py): their
own boards (spaces open to them alone, their own tracks and team rewards) and where an Emperor or
Fremen Influence point goes for each role (the Russian booklet for 6 players, pp. 3-4), the
activated Ally deciding the deployment of a Commander's turn (p. 3), and a Commander's Combat
Intrigue cards played for one Ally (p. 5). Readings: rulings/six-players-uprising.toml."""

from __future__ import annotations

from ....core.errors import IllegalAction
from ...conditions import units_in_conflict
from ...game import Game
from ...registry import choice, hook
from ...steps import run
from ...turns import apply_deploy, deploy_offers
from .teams import activated_ally, board_faction, is_commander, team_of, teams

# --- the activated Ally decides the deployment of a Commander's turn (p. 3) -------------------------
R_DEPLOY = ("six.activated-ally-gains", "six.ally-deploy-order")


@hook("deploy-offers", module="six-players")
def _commander_hands_over(offers: list, g: Game, pid: str) -> list:
    """A Commander's `deploy` only hands the decision to his activated Ally (`{}`)."""
    return [{}] if offers and activated_ally(g, pid) else offers


@hook("deploy-handed", module="six-players")
def _ask_the_ally(g: Game, pid: str, a: dict):
    ally = activated_ally(g, pid)
    if ally is None:
        return None
    if not deploy_offers(g, pid):
        return None  # nothing to deploy: recorded as the turn's own forced step
    if a:
        raise IllegalAction("six.ally-deploys", "{seat} is a Commander: his activated Ally {ally} decides the "
                            "deployment (deploy with no counts, then {ally} chooses).", R_DEPLOY,
                            params={"seat": pid, "ally": ally})
    g.push({"t": "choice", "player": ally, "kind": "ally-deploy", "src": f"turn:{pid}", "commander": pid})
    g.rulings += list(R_DEPLOY)
    return True


def _ally_deploy_offers(g: Game, task: dict) -> list[dict]:
    return deploy_offers(g, task["commander"])


@choice("ally-deploy", _ally_deploy_offers, R_DEPLOY)
def _ally_deployed(g: Game, task: dict, given: dict, below: dict) -> None:
    apply_deploy(g, task["commander"], given)


# --- the Commanders' own boards: two spaces and a track each (p. 3) ---------------------------------
R_BOARD = ("six.commander-board", "six.commander-track")


@hook("placement-check", module="six-players")
def _own_board_only(g: Game, pid: str, space_id: str, card_id):
    """A Commander board's spaces are open to that Commander alone."""
    owner = g.space(space_id).get("commander")
    if owner is None:
        return None
    g.rulings.append("six.commander-board")
    if teams(g)[owner]["commander"] != pid:
        return IllegalAction("six.commander-board-only", "{space} is on the board of {commander}, the Commander of "
                             "the {team} team: only he sends an Agent there.", R_BOARD,
                             params={"space": space_id, "commander": teams(g)[owner]["commander"], "team": owner})
    return None


FRONT_OF = {"emperor": "great-houses", "fremen": "fringe-worlds"}  # what the six-player side shows instead


@hook("influence-track", module="six-players")
def _icon_reaches(faction: str, g: Game, pid: str) -> str:
    """An Emperor or Fremen point reaches the Commander whose board carries that track; everyone
    else's goes to the Great Houses or the Fringe Worlds (p. 4; six.faction-icons)."""
    if faction not in FRONT_OF or faction == board_faction(g, pid):
        return faction
    g.rulings.append("six.faction-icons")
    return FRONT_OF[faction]


@hook("influence-options", module="six-players")
def _commander_may_choose(options: list, g: Game, pid: str, src: str) -> list:
    """Shaddam, given an Emperor point, may take it on the Great Houses or his own Emperor track
    (Muad'Dib likewise with the Fremen): the choice `faction` asks which (p. 4). His own board's
    spaces raise his own track."""
    if len(options) != 1 or options[0] != board_faction(g, pid):
        return options
    if src.startswith("space:") and g.space(src.removeprefix("space:")).get("commander"):
        return options
    g.rulings += ["six.faction-icons", "six.faction-icon-choice"]
    return [FRONT_OF[options[0]], options[0]]


@hook("influence-reads", module="six-players")
def _requirement_reads(factions: list, g: Game, pid: str) -> list:
    """A requirement or condition shown with the Emperor or Fremen icon reads the track that icon
    reaches for the seat: the Great Houses or Fringe Worlds, and for the Commander whose board
    carries that faction his own track too, the better of the two (reading six.faction-icon-reads)."""
    if factions != factions[:1] or factions[0] not in FRONT_OF:
        return factions
    g.rulings += ["six.faction-icons", "six.faction-icon-reads"]
    faction = factions[0]
    return [FRONT_OF[faction], faction] if faction == board_faction(g, pid) else [FRONT_OF[faction]]


@hook("own-track", module="six-players")
def _own_track(g: Game, pid: str, faction: str):
    """A Commander's own board's track moves his own cube, not his activated Ally's."""
    return True if faction == board_faction(g, pid) else None


@hook("skips-faction-bonus", module="six-players")
def _board_track_steps(g: Game, pid: str, faction: str):
    """The 4th step of a Commander's track gives the Alliance token and its point, no faction
    bonus besides (p. 3)."""
    return True if faction == board_faction(g, pid) else None


TEAM_REWARD_STEPS = (1, 3)


@hook("influence-changed", module="six-players")
def _team_reward(g: Game, pid: str, faction: str, before: int, after: int) -> None:
    """The 1st and 3rd steps of a Commander's track: the team reward for each member of the
    team, the Commander first, then clockwise (our order, six.commander-track)."""
    if faction != board_faction(g, pid):
        return
    g.rulings += list(R_BOARD)
    rewards = g.content.commander_boards[team_of(g, pid)]["team_reward"]
    for level in TEAM_REWARD_STEPS:
        if before < level <= after:
            g.rulings.append("six.team-reward")
            mates = [q for q in g.clockwise_from(pid) if team_of(g, q) == team_of(g, pid)]
            for q in reversed(mates):  # the last pushed runs first: the Commander's comes first
                run(g, q, rewards[str(level)], f"six:team-reward:{faction}:{level}")


# --- a Commander's Combat Intrigue cards, for one Ally (p. 5) -------------------------------------
R_COMBAT_INTRIGUE = ("six.combat-intrigue", "six.combat-intrigue-for")


def fighting_allies(g: Game, pid: str) -> list[str]:
    """The Commander's Allies with a unit in the Conflict, in seat order."""
    return [q for q in teams(g)[team_of(g, pid)]["allies"] if units_in_conflict(g.p(q))]


def _combat_window(task: dict) -> bool:
    return task["t"] == "window" and task["kind"] == "combat"


@hook("in-combat", module="six-players")
def _commander_in_combat(fights: bool, g: Game, pid: str) -> bool:
    """A Commander, who has no unit, takes part in the combat window while an Ally of his fights."""
    return fights or (is_commander(g, pid) and bool(fighting_allies(g, pid)))


@hook("intrigue-variants", module="six-players")
def _play_for(variants: list, g: Game, task: dict, pid: str) -> list:
    if not (is_commander(g, pid) and _combat_window(task)):
        return variants
    return [{**a, "for": ally} for a in variants for ally in fighting_allies(g, pid)]


@hook("intrigue-args", module="six-players")
def _play_for_check(g: Game, task: dict, pid: str, a: dict):
    ally = a.get("for")
    if not (is_commander(g, pid) and _combat_window(task)):
        if ally is not None:
            return IllegalAction("six.no-intrigue-for", "{seat} plays this card for themself: only a Commander names "
                                 "the Ally a Combat Intrigue card is for.", R_COMBAT_INTRIGUE, params={"seat": pid})
        return None
    if ally not in fighting_allies(g, pid):
        return IllegalAction("six.intrigue-for", "{seat} is a Commander: a Combat Intrigue card names one of his "
                             "Allies with a unit in the Conflict ({allies}), not {ally}.", R_COMBAT_INTRIGUE,
                             params={"seat": pid, "allies": list(fighting_allies(g, pid)), "ally": str(ally)})
    return None


@hook("intrigue-for", module="six-players")
def _whose_card(pid: str, g: Game, task: dict, a: dict) -> str:
    """The whole effect is the named Ally's, his choices and costs included (reading)."""
    if is_commander(g, pid) and _combat_window(task):
        g.rulings += list(R_COMBAT_INTRIGUE)
        return a["for"]
    return pid
