"""The Uprising six-player team game (issue #13), played with CHOAM (`rules.MODULES_FOR_COUNT`).
Rules: the `six.*` records of rulings/seed-004-uprising.toml (the Russian booklet for 6 players,
pp. 2-8) and our readings in rulings/six-players-uprising.toml.

Two teams of three: Muad'Dib's and Shaddam's, each a Commander (the seat playing that leader) and
two Allies. The log's player list is the clockwise seating; the teams follow from it, since the
Commanders sit opposite each other and each Ally beside the other team's Commander.

Only a six-player game's state holds `six`: `teams` (team -> `commander`, `allies` in clockwise
order), `swordmaster_taken` (who sent an Agent to the Swordmaster space, sorted), `tokens` (the
Agent tokens each Commander played this round) and, while tied Allies' rewards wait, `tie`.
What is built: setup, Objectives for the Allies, a Commander's Agent tokens activating an Ally
and his Reveal given to one, the activated Ally's Influence, units, swords and deployment
decisions, shared Influence for effects and requirements, the Commanders' boards (their spaces
named in the seed, their own tracks and team rewards), where Emperor and Fremen Influence goes for
each role, the Swordmaster kept for one round only and its bonus swords (a Commander's from setup),
an Ally's own swords when he reveals outside the Conflict, Exchange gifts (Intrigue cards too),
a Commander's Combat Intrigue cards for one Ally, ties between Allies, team scoring and victory,
the Commanders' own starting decks and Shaddam's Throne Row (cards.py). Not offered (reading
six.not-offered): the booklet's rules for mixing in other boxes' cards, which no Uprising game here
admits, and its epic mode, whose Conflict deck needs a card of Rise of Ix; nor Bloodlines, of which
the booklet says nothing.
"""

from __future__ import annotations

from itertools import product

from ....core.errors import IllegalAction, MalformedLog
from ....core.sentences import term
from ...combat import REWARDS
from ...conditions import strength, units_in_conflict
from ...content import REVERSE
from ...game import RESOURCES, Game, ms_add, ms_remove
from ...registry import choice, custom, fire, hook
from ...steps import push_choice

# the Commanders: the leader a seat plays -> its team (booklet p. 2)
COMMANDERS = {"muad-dib": "muad-dib", "shaddam-corrino-iv": "shaddam"}
TEAMS = ("muad-dib", "shaddam")  # fixed order: output never follows a dict's key order
TEAM_NAMES = {"muad-dib": {"en": "Team Muad'Dib", "ru": "Команда Муад’Диба"},
              "shaddam": {"en": "Team Shaddam", "ru": "Команда Шаддама"}}
START_VP = {"commander": 4, "ally": 1}  # p. 2
CONFLICT_LEVELS = [2] * 5 + [3] * 4  # five Conflict II above four Conflict III (p. 2)
COMMANDER_AGENTS = 3  # two one-arrow tokens and the two-arrow Swordmaster (p. 2)
SWORDMASTER_BONUS = 2  # swords in every Reveal turn once the Swordmaster was taken (p. 5)
MICE = ("objective-desert-mouse-first-player", "objective-desert-mouse-4-6")
SWAPPED_MOUSE = "objective-desert-mouse-4-6"  # the card that changes hands (p. 2)
# the team icons of the six-player spaces (p. 4), named where a space meets them
REINFORCEMENTS = 3  # troops the Reinforce icon recruits (p. 4)
# what the engine does not know yet (pinned by tests/test_six_setup.py): nothing
NOT_IMPLEMENTED: tuple[str, ...] = ()


def is_six(g: Game) -> bool:
    return "six" in g.state


def teams(g: Game) -> dict:
    return g.state["six"]["teams"]


def team_of(g: Game, pid: str) -> str | None:
    return next((t for t in TEAMS if pid in members(g, t)), None)


def members(g: Game, team: str) -> list[str]:
    """The team's seats in seat order."""
    side = teams(g)[team]
    return [q for q in g.order if q == side["commander"] or q in side["allies"]]


def is_commander(g: Game, pid: str) -> bool:
    return is_six(g) and any(teams(g)[t]["commander"] == pid for t in TEAMS)


def board_faction(g: Game, pid: str) -> str | None:
    """The faction of a Commander's own board (Muad'Dib: the Fremen; Shaddam: the Emperor)."""
    if not is_commander(g, pid):
        return None
    return g.content.commander_boards[team_of(g, pid)]["faction"]


# --- setup ------------------------------------------------------------------------------------------
def seat_leaders(leaders: list[str], rnd) -> list[str]:
    """A random playout's six leaders, clockwise (simulate.py): the Commanders three seats apart
    (six.seating-from-log), the Allies drawn from the other leaders."""
    allies = [lead for lead in leaders if lead not in COMMANDERS]
    picked = [allies.pop(rnd.below(len(allies))) for _ in range(4)]
    commanders = sorted(COMMANDERS)
    first = commanders.pop(rnd.below(2))
    return [first, picked[0], picked[1], commanders[0], picked[2], picked[3]]


def seat_teams(seats: list[str], leaders: list[str]) -> dict:
    """The teams a clockwise seating makes (p. 2): the two Commanders opposite each other, each
    Commander's Allies two seats away on either side (so beside the other Commander)."""
    found = {COMMANDERS[lead]: i for i, lead in enumerate(leaders) if lead in COMMANDERS}
    if sorted(found) != sorted(TEAMS) or leaders.count("muad-dib") + leaders.count("shaddam-corrino-iv") != 2:
        raise MalformedLog("a six-player game has two Commanders: one seat plays Muad'Dib and one Shaddam "
                           "Corrino IV", "/game/players", code="six-commanders")
    if (found["shaddam"] - found["muad-dib"]) % 6 != 3:
        raise MalformedLog("the Commanders sit opposite each other: list the players clockwise with "
                           "Muad'Dib and Shaddam three seats apart", "/game/players", code="six-seating")
    return {t: {"commander": seats[i], "allies": [seats[(i + 2) % 6], seats[(i - 2) % 6]]}
            for t, i in sorted(found.items())}


@hook("setup", module="six-players")
def _setup(g: Game) -> None:
    """Teams, roles and the pieces each role starts with (p. 2)."""
    st = g.state  # CHOAM is there: Shaddam, always a Commander, is played only with it (six.choam)
    st["six"] = {"teams": seat_teams(g.order, [g.p(q)["leader"] for q in g.order]), "swordmaster_taken": [],
                 "tokens": {}}
    for pid in g.order:
        pl = g.p(pid)
        if is_commander(g, pid):
            # no troops, Combat or Control markers, nor Agent pawns: three Agent tokens, the
            # third of them the Swordmaster
            pl.update({"vp": START_VP["commander"], "agents": COMMANDER_AGENTS, "swordmaster": True,
                       "troops": {"supply": 0, "garrison": 0, "conflict": 0}})
        else:
            pl["vp"] = START_VP["ally"]
    st["board"]["conflict_levels"] = list(CONFLICT_LEVELS)
    st["board"]["conflict_pool"].pop("1", None)  # no Conflict I card is used
    reverse_side(g)
    g.rulings += ["six.teams-seating", "six.commander-setup", "six.starting-vp", "six.conflict-deck",
                  "six.choam", "six.seating-from-log", "six.not-offered"]


def reverse_side(g: Game) -> None:
    """The board turned to its six-player side (p. 2): its spaces in place of the four Emperor and
    Fremen ones, the Great Houses and Fringe Worlds tracks in place of theirs. Every player gets
    a place on the new tracks and an Alliance slot for each; the Emperor and Fremen entries stay,
    at 0, for the Commanders' own boards (each holds only its Commander's cube)."""
    board = g.state["board"]
    board["side"] = REVERSE
    new = [f for f in g.tracks if f not in g.state["alliances"]]
    for faction in new:
        g.state["alliances"][faction] = None
        for pid in g.order:
            g.p(pid)["influence"][faction] = 0
    for sid in g.board_spaces():
        if g.space(sid)["maker"]:
            board["bonus_spice"].setdefault(sid, 0)  # Habbanya Erg gathers bonus spice too
    g.rulings += ["six.board-side", "six.board-spaces"]


# --- Reinforcement: three troops shared between the team's Allies, deployable (pp. 4, 8) ----------
R_REINFORCE = ("six.reinforcement", "six.space-military-support")


@custom("reinforcement")
def _reinforce(g: Game, task: dict, step: dict) -> None:
    """The player (an Ally or the Commander) shares the troops out between the team's two Allies."""
    push_choice(g, task, "reinforce", allies=list(teams(g)[team_of(g, task["player"])]["allies"]))


def _reinforcements(g: Game, task: dict) -> int:
    """Three troops, fewer only when the two Allies' supplies hold fewer (recruit.supply)."""
    return min(REINFORCEMENTS, sum(g.p(q)["troops"]["supply"] for q in task["allies"]))


def _reinforce_offers(g: Game, task: dict) -> list[dict]:
    """`count`: the troops for the first Ally (the next clockwise after the Commander), the rest
    for the other; each within their own supply."""
    first_supply, second_supply = (g.p(q)["troops"]["supply"] for q in task["allies"])
    total = _reinforcements(g, task)
    return [{"count": n} for n in range(min(total, first_supply) + 1) if total - n <= second_supply]


@choice("reinforce", _reinforce_offers, (*R_REINFORCE, "recruit.supply"))
def _reinforced(g: Game, task: dict, given: dict, below: dict) -> None:
    shares = (given["count"], _reinforcements(g, task) - given["count"])
    deploys = []
    for ally, n in zip(task["allies"], shares, strict=True):
        troops = g.p(ally)["troops"]
        troops["supply"] -= n
        troops["garrison"] += n
        if n:  # these troops may go to the Conflict, whatever the space (p. 4)
            deploys.append({"most": n, "move": "deploy", **({"units": ally} if ally != task["player"] else {})})
    for fields in reversed(deploys):  # the first Ally's deployment is asked first
        push_choice(g, task, "count", **fields)
    g.rulings += [*R_REINFORCE, "recruit.supply"]


# --- Exchange: gifts between two teammates (pp. 4, 8) ----------------------------------------------
R_EXCHANGE = ("six.exchange", "six.space-economic-support", "six.exchange-order")


@custom("exchange")
def _exchange(g: Game, task: dict, step: dict) -> None:
    push_choice(g, task, "exchange-with")


@choice("exchange-with", lambda g, task: [{"player": q} for q in members(g, team_of(g, task["player"]))
                                          if q != task["player"]], R_EXCHANGE)
def _exchange_with(g: Game, task: dict, given: dict, below: dict) -> None:
    """The player gives first, then the teammate (our record of it, six.exchange-order)."""
    pid, mate = task["player"], given["player"]
    g.push({**task, "kind": "gift", "player": pid, "to": mate}, {**task, "kind": "gift", "player": mate, "to": pid})


def _gift_offers(g: Game, task: dict) -> list[dict]:
    """Any amount of one kind (`resource`: solari, spice or water; `count`), or Intrigue cards
    (`intrigue`: the cards given, sorted; `?` for one the log does not name), or nothing (skip)."""
    pl = g.p(task["player"])
    held = sorted(pl["intrigue"])
    kinds = sorted(set(held))
    bundles = [sorted(c for c, n in zip(kinds, counts, strict=True) for _ in range(n))
               for counts in product(*(range(held.count(c) + 1) for c in kinds))]
    return ([{"option": "skip"}] + [{"resource": k, "count": n} for k in RESOURCES for n in range(1, pl[k] + 1)]
            + [{"intrigue": b} for b in sorted(bundles) if b])


def _why_not_gift(g: Game, task: dict, given: dict) -> IllegalAction | None:
    cards = given.get("intrigue")
    if cards is None:
        return None
    left = list(g.p(task["player"])["intrigue"])
    if not isinstance(cards, list) or not cards or any(not ms_remove(left, c) for c in cards):
        return IllegalAction("six.gift-not-held", "{seat} holds no such Intrigue cards to give ({cards}).",
                             (*R_EXCHANGE, "six.exchange-intrigue"),
                             params={"seat": task["player"], "cards": cards if isinstance(cards, list) else str(cards)})
    return None


@choice("gift", _gift_offers, R_EXCHANGE, handles_skip=True, why_not=_why_not_gift)
def _gift(g: Game, task: dict, given: dict, below: dict) -> None:
    if given.get("option") == "skip":
        return
    if "intrigue" in given:  # the cards change hands; a card the log leaves unnamed stays so
        for card in given["intrigue"]:
            ms_remove(g.p(task["player"])["intrigue"], card)
            ms_add(g.p(task["to"])["intrigue"], card)
        g.rulings.append("six.exchange-intrigue")
        fire("intrigue-gained", g, task["to"], len(given["intrigue"]))
        return
    g.pay(task["player"], {given["resource"]: given["count"]})
    g.gain(task["to"], {given["resource"]: given["count"]})


# --- a Commander's Agent tokens activate an Ally (p. 3) --------------------------------------------
TOKENS = ("left", "right", "swordmaster")
R_TOKEN = ("six.ally-activation", "six.activation-sides")


def pointed(g: Game, pid: str, token: str) -> str | None:
    """The Ally a one-arrow token points to: left is the Ally next clockwise (our reading,
    six.activation-sides); the Swordmaster points to neither."""
    allies = teams(g)[team_of(g, pid)]["allies"]
    return {"left": allies[0], "right": allies[1]}.get(token)


def tokens_left(g: Game, pid: str) -> list[str]:
    used = g.state["six"]["tokens"].get(pid, [])
    return [t for t in TOKENS if t not in used and (t != "swordmaster" or g.p(pid)["swordmaster"])]


@hook("placement-variants", module="six-players")
def _with_token(variants: list, g: Game, pid: str) -> list:
    """A Commander's placements name the token and the Ally it activates."""
    if not is_commander(g, pid):
        return variants
    allies = teams(g)[team_of(g, pid)]["allies"]
    return [{**a, "token": t, "activate": ally} for a in variants for t in tokens_left(g, pid)
            for ally in ([pointed(g, pid, t)] if pointed(g, pid, t) else allies)]


@hook("placement-args", module="six-players")
def _token_check(g: Game, pid: str, a: dict):
    token, ally = a.get("token"), a.get("activate")
    if not is_commander(g, pid):
        if token is not None or ally is not None:
            return IllegalAction("six.no-token", "{seat} sends an Agent, not a Commander's Agent token: nothing to "
                                 "activate.", R_TOKEN, params={"seat": pid})
        return None
    if token not in TOKENS:
        return IllegalAction("six.token-required", "{seat} is a Commander: the placement names the Agent token "
                             "played ({tokens}) and the Ally it activates.", R_TOKEN,
                             params={"seat": pid, "tokens": [term("tokens", t) for t in TOKENS]})
    if token not in tokens_left(g, pid):
        if not tokens_left(g, pid):
            return IllegalAction("six.token-used", "{seat} has no {token} left to play this round (none is "
                                 "left).", (*R_TOKEN, "six.swordmaster"),
                                 params={"seat": pid, "token": term("tokens", token)})
        return IllegalAction("six.token-used", "{seat} has no {token} left to play this round (left: {left}).",
                             (*R_TOKEN, "six.swordmaster"),
                             params={"seat": pid, "token": term("tokens", token),
                                     "left": [term("tokens", t) for t in tokens_left(g, pid)]})
    allies = teams(g)[team_of(g, pid)]["allies"]
    want = pointed(g, pid, token)
    if (want and ally not in (None, want)) or (not want and ally not in allies):
        return IllegalAction("six.wrong-ally", "The {token} of {seat} activates {allies}, not {ally}.", R_TOKEN,
                             params={"token": term("tokens", token), "seat": pid,
                                     "allies": [want] if want else list(allies),
                                     "ally": str(ally)})
    return None


@hook("agent-placed", module="six-players")
def _token_played(g: Game, pid: str, a: dict, turn: dict) -> None:
    if not is_commander(g, pid):
        return
    used = g.state["six"]["tokens"].setdefault(pid, [])
    used.append(a["token"])
    used.sort()
    turn["activated"] = pointed(g, pid, a["token"]) or a["activate"]
    g.rulings += list(R_TOKEN)


@hook("reveal-variants", module="six-players")
def _reveal_to_an_ally(variants: list, g: Game, pid: str) -> list:
    """A Commander's Reveal turn names the Ally who gets its effects (p. 3)."""
    if not is_commander(g, pid):
        return variants
    return [{**a, "activate": ally} for a in variants for ally in teams(g)[team_of(g, pid)]["allies"]]


@hook("reveal-args", module="six-players")
def _reveal_check(g: Game, pid: str, a: dict):
    ally = a.get("activate")
    if not is_commander(g, pid):
        if ally is not None:
            return IllegalAction("six.no-token", "{seat} reveals for themself: only a Commander gives his Reveal "
                                 "turn's effects to an Ally.", R_TOKEN, params={"seat": pid})
        return None
    allies = teams(g)[team_of(g, pid)]["allies"]
    if ally not in allies:
        return IllegalAction("six.wrong-ally", "{seat} is a Commander: his Reveal names one of his Allies ({allies}) "
                             "to get its effects, not {ally}.", R_TOKEN,
                             params={"seat": pid, "allies": list(allies), "ally": str(ally)})
    return None


@hook("reveal-opened", module="six-players")
def _reveal_given(g: Game, pid: str, a: dict, turn: dict) -> None:
    if is_commander(g, pid):
        turn["activated"] = a["activate"]
        g.rulings.append("six.ally-activation")
    else:
        turn["swords_before"] = g.p(pid)["swords"]  # what a Commander gave before: it may count


@hook("turn-end", module="six-players")
def _own_swords_outside(g: Game, pid: str, turn: dict) -> None:
    """An Ally who ends his Reveal turn with no unit in the Conflict can get there only through a
    Commander: the swords of his own Reveal turn then never count (p. 3; reading
    six.ally-swords-outside); a Commander's swords, before or after, still do."""
    if turn.get("kind") != "reveal" or "swords_before" not in turn or units_in_conflict(g.p(pid)):
        return
    pl = g.p(pid)
    if pl["swords"] > turn["swords_before"]:
        pl["swords"] = turn["swords_before"]
        g.rulings += ["six.activated-ally-gains", "six.ally-swords-outside"]


@hook("influence-of", module="six-players")
def _shared_influence(value: int, g: Game, pid: str, faction: str) -> int:
    """A Commander counts, for effects, the Influence of his most influential Ally with that
    faction, whichever Ally he activates (p. 4)."""
    if not is_commander(g, pid) or faction == board_faction(g, pid):
        return value  # his own board's track holds his own cube (p. 3)
    g.rulings.append("six.shared-influence")
    return max(g.p(q)["influence"][faction] for q in teams(g)[team_of(g, pid)]["allies"])


def activated_ally(g: Game, pid: str) -> str | None:
    """The Ally `pid`'s turn activated, if `pid` is a Commander in his turn: the Ally his Agent
    token activates, or to whom he gives his Reveal turn."""
    turn = g.state.get("turn")
    if is_commander(g, pid) and turn and turn["player"] == pid:
        return turn.get("activated")
    return None


@hook("acting-for", module="six-players")
def _activated_ally(pid: str, g: Game) -> str:
    """In a Commander's turn, the Influence he would gain or lose on the board's tracks, the units
    he would recruit, deploy or retreat and the swords he would get are the activated Ally's (p. 3-4)."""
    ally = activated_ally(g, pid)
    if ally is None:
        return pid
    g.rulings += ["six.activated-ally-gains", "six.shared-units"]
    return ally


# --- Objective cards: the Allies only, one Desert Mouse per team (p. 2) ---------------------------
@hook("objective-seats", module="six-players")
def _allies_take_objectives(seats: list, g: Game) -> list:
    return [q for q in seats if not is_commander(g, q)]


@hook("objectives-dealt", module="six-players")
def _one_mouse_per_team(g: Game) -> None:
    g.rulings.append("six.objectives")
    holders = {q: g.p(q)["objectives"][0]["id"] for q in g.order if g.p(q)["objectives"]}
    mice = {team_of(g, q) for q, card in holders.items() if card in MICE}
    if len(mice) != 1:
        return
    holder = next(q for q, card in holders.items() if card == SWAPPED_MOUSE)
    # the nearest opponent clockwise who holds a card (a Commander holds none): our reading
    other = next(q for q in g.clockwise_from(holder) if q in holders and team_of(g, q) != team_of(g, holder))
    mine, theirs = g.p(holder)["objectives"], g.p(other)["objectives"]
    g.p(holder)["objectives"], g.p(other)["objectives"] = theirs, mine
    g.rulings.append("six.objective-swap-nearest")


# --- ties between Allies (p. 5) -------------------------------------------------------------------------
HIGHER = {1: "first", 2: "second", 3: "third"}  # the reward a lone player at that position takes
NEXT = {"first": "second", "second": "third", "third": None}


def tied_allies(g: Game) -> tuple[list[str], int] | None:
    """Two players of one team alone on the same strength, within the rewards: the pair (in
    turn order) and their position."""
    fighters = [q for q in g.clockwise_from(g.first) if strength(g, q) > 0]
    position = 1
    for level in sorted({strength(g, q) for q in fighters}, reverse=True):
        group = [q for q in fighters if strength(g, q) == level]
        if position > 3:
            return None
        if len(group) == 2 and team_of(g, group[0]) == team_of(g, group[1]):
            return group, position
        position += len(group)
    return None


@hook("before-rewards", module="six-players")
def _ask_who_yields(g: Game):
    """Allies of one team tied on strength: one may yield the higher reward to the other."""
    if g.state["six"].get("tie") is not None:
        return None
    tie = tied_allies(g)
    if tie is None:
        return None
    pair, position = tie
    g.push({"t": "choice", "player": pair[0], "kind": "ally-tie", "src": "conflict:ally-tie", "pair": pair,
            "position": position})
    g.rulings += ["six.ally-ties", "six.ally-tie-choice"]
    return True


def _tie_offers(g: Game, task: dict) -> list[dict]:
    return [{"player": q} for q in task["pair"]] + [{"option": "skip"}]


@choice("ally-tie", _tie_offers, ("six.ally-ties", "six.ally-tie-choice"), handles_skip=True)
def _who_yields(g: Game, task: dict, given: dict, below: dict) -> None:
    g.state["six"]["tie"] = {"pair": task["pair"], "position": task["position"], "higher": given.get("player")}


@hook("placements", module="six-players")
def _yielded(out: list, g: Game) -> list:
    tie = g.state["six"].get("tie")
    if not tie or tie["higher"] is None:
        return out
    higher = HIGHER[tie["position"]]
    lower = [q for q in tie["pair"] if q != tie["higher"]][0]
    given = {tie["higher"]: higher, lower: NEXT[higher]}
    kept = [(q, r) for q, r in out if q not in given]
    placed = kept + [(q, r) for q, r in given.items() if r]
    return sorted(placed, key=lambda pr: REWARDS.index(pr[1]))


@hook("combat-cleanup", module="six-players")
def _tie_settled(g: Game) -> None:
    g.state["six"].pop("tie", None)


# --- the Swordmaster: one round only, its bonus for the rest of the game (p. 5) -------------------
def took_swordmaster(g: Game, pid: str) -> bool:
    """Has `pid` sent an Agent to the Swordmaster space (its bonus token is on the board)?"""
    return pid in g.state["six"]["swordmaster_taken"]


@hook("agent-sent", module="six-players")
def _swordmaster_taken(g: Game, pid: str, space_id: str) -> list[str]:
    if space_id == "swordmaster" and not took_swordmaster(g, pid):
        taken = g.state["six"]["swordmaster_taken"]
        taken.append(pid)
        taken.sort()
    g.rulings += g.space(space_id).get("rulings", [])  # a six-player space cites its records
    return []


@hook("space-cost", module="six-players")
def _swordmaster_price(cost: dict, g: Game, pid: str, space: dict) -> dict:
    """8 Solari until someone has taken the space, then 6: the Commanders' two-arrow tokens do
    not lower it (our reading, six.swordmaster-price)."""
    if space["id"] != "swordmaster":
        return cost
    cheaper = any(took_swordmaster(g, q) for q in g.order)
    g.rulings.append("six.swordmaster-price")
    return {**cost, "solari": g.content.rules["swordmaster_cost_after_first"] if cheaper
            else space["cost"]["solari"]}


@hook("recall", module="six-players")
def _swordmaster_to_box(g: Game) -> None:
    """At the end of the round in which an Ally played all three Agents, or a Commander his
    two-arrow token, the Swordmaster goes back to the box."""
    tokens = g.state["six"]["tokens"]
    for pid in g.order:
        pl = g.p(pid)
        played = "swordmaster" in tokens.get(pid, ()) if is_commander(g, pid) else len(pl["placed"]) >= 3
        if pl["swordmaster"] and played:
            pl["swordmaster"] = False
            pl["agents"] -= 1
            g.rulings.append("six.swordmaster")
    g.state["six"]["tokens"] = {}  # every token comes back with the Agents


@hook("placement-check", module="six-players")
def _swordmaster_once_per_game(g: Game, pid: str, space_id: str, card_id):
    if space_id == "swordmaster" and (took_swordmaster(g, pid) or is_commander(g, pid)):
        return IllegalAction("six.swordmaster-once", "{seat} has had a Swordmaster already: in the six-player game "
                             "each player sends an Agent to the Swordmaster space once a game at most.",
                             ("six.space-swordmaster", "six.swordmaster-once-each"), params={"seat": pid})
    return None


def has_bonus(g: Game, pid: str) -> bool:
    """Does `pid` hold a Swordmaster bonus token? An Ally once he took the Swordmaster space; a
    Commander from setup, with the two-arrow token he starts with (our reading,
    six.commander-swordmaster-bonus)."""
    return is_commander(g, pid) or took_swordmaster(g, pid)


@hook("revealed", module="six-players")
def _swordmaster_bonus(g: Game, pid: str) -> None:
    """The bonus token: 2 swords in every Reveal turn for the rest of the game, also once the
    Swordmaster itself is back in the box; a Commander's go to the Ally his Reveal names."""
    if not has_bonus(g, pid):
        return
    g.gain(_activated_ally(pid, g), {"swords": SWORDMASTER_BONUS})
    g.rulings += ["six.swordmaster", "six.space-swordmaster"]
    if is_commander(g, pid):
        g.rulings.append("six.commander-swordmaster-bonus")


# --- the end: team scoring and victory (p. 5) -------------------------------------------------------
TIEBREAK = ("spice", "solari", "water", "garrison")


def team_score(g: Game, team: str) -> dict:
    """The team's VP and tiebreakers: the sums over its three players."""
    seats = members(g, team)
    totals = {"vp": sum(g.p(q)["vp"] for q in seats)}
    for key in TIEBREAK:
        totals[key] = sum(g.p(q)["troops"]["garrison"] if key == "garrison" else g.p(q)[key] for q in seats)
    return totals


@hook("game-result", module="six-players")
def _team_result(g: Game):
    scores = {t: team_score(g, t) for t in TEAMS}

    def key(t):
        return tuple(scores[t][k] for k in ("vp", *TIEBREAK))

    ranked = sorted(TEAMS, key=lambda t: tuple(-v for v in key(t)))
    won = ranked[0] if key(ranked[0]) != key(ranked[1]) else None
    g.rulings += ["six.endgame"]
    return {
        "finished": True,
        "vp": {q: g.p(q)["vp"] for q in g.order},
        "tiebreakers": {q: {k: (g.p(q)["troops"]["garrison"] if k == "garrison" else g.p(q)[k]) for k in TIEBREAK}
                        for q in g.order},
        "ranking": [q for t in ranked for q in members(g, t)],
        "winner": None,  # a team wins: its three players share the victory
        "shared": members(g, won) if won else [],
        "teams": {t: {"name": TEAM_NAMES[t]["en"], "members": members(g, t), **scores[t]} for t in TEAMS},
        "winning_team": won,
    }
