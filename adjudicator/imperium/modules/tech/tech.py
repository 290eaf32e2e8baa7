"""The Tech Module (Bloodlines rules manual pp. 6-7 and the back cover) and Kota Odax of Ix.

- Setup: the Ixian Embassy's three stacks (`tiles.py` keeps them), each stack's top tile revealed
  as a chance outcome (`reveal-tech`).
- Acquiring a tile: the custom step `acquire-tech` (the Embassy's Acquire Tech each time an
  Agent goes to a board space of the kind the Embassy shows, and the Tech Discount icon of cards),
  answered by the choice `tech`; the price in spice less the High Council discount and the icon's
  own discount, never below 0; the stack's next tile is revealed; the tile's Acquire effect
  resolves.
- The tiles' abilities: Reveal-turn boxes (turn nodes `tech:<tile>`), winning a Conflict,
  completing a contract, the endgame, the flip abilities (the verb `flip-tech`, once per round,
  face up again at Round Start) and the standing rules, each through a hook.
- Kota Odax of Ix: Secret Project (a bottom tile set aside at setup, acquirable instead of a
  face-up tile for 1 spice less) and her Signet Ring's `trash-own-tech`.
"""

from __future__ import annotations

from ....core import rng
from ....core.errors import IllegalAction
from ....core.observers import Hidden
from ...combat import face_up_icons
from ...content import FACTIONS
from ...game import Game, ms_add, ms_remove, my_turn, own_posts, post_of
from ...influence import change_influence
from ...leaders import passive_step
from ...registry import (
    CUSTOM,
    ChanceKind,
    Verb,
    adjust,
    chance_kind,
    choice,
    custom,
    fire,
    first,
    hook,
    node_kind,
    verb,
)
from ...steps import choice_task, prepend, push_choice, run
from ...zones import count_deployed
from .tiles import (
    STACKS,
    embassy,
    face_up_again,
    new_tech_state,
    owned,
    price,
    requirement_met,
    seat_discount,
    tile_data,
)

SKIP = {"option": "skip"}
EMBASSY = "embassy:ixian-embassy"  # the turn node of the Embassy's Acquire Tech
R_ABILITY = "tech.acquire-effect"  # a tile's ability works at the times it names (p. 7)
R_SECRET = "leader.kota-secret-project"


def _entries(g: Game, pid: str) -> list[dict]:
    return g.p(pid).get("tech", [])


def _passive(g: Game, pid: str, name: str) -> list[dict]:
    """The standing-rule steps called `name` on the tiles `pid` owns (a solo Rival has none of some)."""
    return [s for t in owned(g.p(pid)) if not first("acquire-only", g, pid, t)
            for s in tile_data(g, t).get("passive", []) if s.get("custom") == name]


def _cite(g: Game, ix_ruling: str) -> None:
    """On Rise of Ix's Ix board, the Rise of Ix rulebook's record too (the Tech Module's are cited
    beside it: the same rule)."""
    if not embassy(g):
        g.rulings.append(ix_ruling)


def _tile_of(src: str) -> str:
    """The tile whose effect is resolving: "tech:tech-glowglobes" -> "tech-glowglobes"."""
    return src.split(":", 1)[-1].split("#")[0]


# --- setup ----------------------------------------------------------------------------------------
@hook("setup", module="tech")
def _setup(g: Game) -> None:
    """Step A (seed p. 6): the tiles of this game shuffled into three stacks; the top of each
    turned face up (one chance outcome per stack)."""
    tech = g.state["tech"] = new_tech_state(g.content, g.state["game"]["modules"])
    for pid in g.order:
        g.p(pid)["tech"] = []
    g.push(*({"t": "chance", "kind": "reveal-tech", "stack": i + 1} for i in range(STACKS) if tech["stacks"][i]))


def _reveal_candidates(g: Game, task: dict) -> list[str]:
    tech, i = g.state["tech"], task["stack"] - 1
    if not task.get("bottom") and tech["stacks"][i] == 1 and tech["bottoms"][i]:
        return [tech["bottoms"][i]]  # the last face-down tile is the known bottom one
    return sorted(set(tech["pool"]))


def _reveal_action(task: dict, tile: str) -> dict:
    return {"do": "reveal-tech", "stack": task["stack"], "tile": tile,
            **({"player": task["player"]} if "player" in task else {})}


def _deal_reveal(g: Game, task: dict) -> dict:
    tech, i = g.state["tech"], task["stack"] - 1
    if not task.get("bottom") and tech["stacks"][i] == 1 and tech["bottoms"][i]:
        return _reveal_action(task, tech["bottoms"][i])
    pool = tech["pool"]
    return _reveal_action(task, pool[rng.below(g.state, len(pool))])


def _apply_reveal(g: Game, task: dict, action: dict) -> None:
    tech, i, tile = g.state["tech"], task["stack"] - 1, action.get("tile")
    if action.get("stack") != task["stack"]:
        raise IllegalAction("chance.wrong-stack", "This reveal is for Tech stack {stack}.", ("tech.setup-stacks",),
                            params={"stack": task["stack"]})
    if tile not in _reveal_candidates(g, task):
        raise IllegalAction("chance.card-not-available", "{tile} cannot be the next tile of Tech stack {stack}.",
                            ("tech.setup-stacks", "tech.setup-exclusions"),
                            params={"tile": str(tile), "stack": task["stack"]})
    if task.get("bottom"):  # Secret Project: seen by Kota, it stays at the bottom until set aside
        ms_remove(tech["pool"], tile)
        tech["bottoms"][i] = tile
        g.rulings.append(R_SECRET)
        return
    if tech["bottoms"][i] == tile:
        tech["bottoms"][i] = None
    else:
        ms_remove(tech["pool"], tile)
    tech["stacks"][i] -= 1
    tech["face_up"][i] = tile
    fire("tech-face-up", g)


chance_kind(ChanceKind(
    "reveal-tech",
    lambda g, task: [_reveal_action(task, t) for t in _reveal_candidates(g, task)],
    _deal_reveal, _apply_reveal, ("tech.setup-stacks", "tech.acquire-tile")))


# --- acquiring a tile -------------------------------------------------------------------------------
def _choosable(g: Game, pid: str) -> list[str]:
    """The tiles this acquisition may take: the face-up ones, and Kota's set-aside tile."""
    pl = g.p(pid)
    found = sorted(t for t in g.state["tech"]["face_up"] if t)
    if pl.get("secret_project") and passive_step(g, pid, "secret-project-tech"):
        found.append(pl["secret_project"])
    return found


@custom("acquire-tech", module="tech")
@custom("acquire-tech", module="ix")  # Tech tiles: the Tech Module's Ixian Embassy or Rise of Ix's Ix board
def acquire_tech(g: Game, task: dict, step: dict) -> None:
    """One Acquire Tech icon: you may acquire one tile (the discount is the icon's own)."""
    if _choosable(g, task["player"]):
        push_choice(g, task, "tech", discount=step.get("discount", 0))


def _negotiators(given: dict) -> int:
    return given.get("negotiators", 0)


def _tech_offers(g: Game, task: dict) -> list[dict]:
    """Each tile you can pay for, with as many of your Negotiators returned from Ix as you like
    (Rise of Ix p. 4; a game with no Negotiators never names them)."""
    pid = task["player"]
    spice = g.p(pid)["spice"]
    return [*({"tile": t, **({"negotiators": n} if n else {})} for t in _choosable(g, pid)
              for n in range(g.p(pid)["troops"].get("negotiators", 0) + 1)
              if price(g, pid, t, task["discount"], n) <= spice and requirement_met(g, pid, t)), SKIP]


def _tech_refused(g: Game, task: dict, given: dict) -> IllegalAction | None:
    pid, tile = task["player"], given.get("tile")
    if tile not in _choosable(g, pid):
        return IllegalAction("tech.not-available", "{tile} is not a face-up Tech tile: the choice is among {tiles}.",
                             ("tech.acquire-tile",), params={"tile": str(tile), "tiles": list(_choosable(g, pid))})
    back = _negotiators(given)
    if not isinstance(back, int) or not 0 <= back <= g.p(pid)["troops"].get("negotiators", 0):
        return IllegalAction("tech.negotiators", "{seat} has {have} Negotiator(s) on Ix, not {count}.",
                             ("ix.negotiator",),
                             params={"seat": pid, "have": g.p(pid)["troops"].get("negotiators", 0), "count": str(back)})
    cost = price(g, pid, tile, task["discount"], back)
    if cost > g.p(pid)["spice"]:
        cited = ["tech.acquire-tile", "tech.cost-floor"]
        if seat_discount(g, pid):
            cited.append("tech.embassy-council-discount")
        if task["discount"]:
            cited.append("tech.discount-once")
        return IllegalAction("tech.cost", "{tile} costs {seat} {cost} spice after the discounts, and {seat} has "
                             "{have}.", tuple(cited), params={"tile": tile, "seat": pid, "cost": cost,
                                                              "have": g.p(pid)["spice"]})
    if not requirement_met(g, pid, tile):
        return IllegalAction("tech.requirement", "{tile} can be acquired only by trashing one of one's spies from "
                             "the board.", ("tech.acquire-tile",), params={"tile": tile})
    return first("tech-refused", g, task, given)  # a tile a rule forbids this seat (a solo Rival's)


@choice("tech", _tech_offers, ("tech.acquire-tile", "tech.acquire-icon"), why_not=_tech_refused)
def _acquire_choice(g: Game, task: dict, given: dict, below: dict) -> None:
    acquire(g, task["player"], given["tile"], task["discount"], _negotiators(given))


def acquire(g: Game, pid: str, tile: str, discount: int, negotiators: int = 0) -> None:
    """Pay, take the tile into the supply, turn the stack's next tile up, then its Acquire
    effect (seed p. 7); Negotiators returned from Ix go back to the troop supply (Rise of Ix p. 4)."""
    pl, tech = g.p(pid), g.state["tech"]
    cost = price(g, pid, tile, discount, negotiators)
    g.pay(pid, {"spice": cost}, ("tech.acquire-tile",))
    _cite(g, "ix.tech-acquire")
    if negotiators:
        pl["troops"]["negotiators"] -= negotiators
        pl["troops"]["supply"] += negotiators
        g.rulings.append("ix.negotiator")
    if seat_discount(g, pid):
        g.rulings.append("tech.embassy-council-discount")
    if discount:
        g.rulings.append("tech.discount-once")
    if cost == 0:
        g.rulings.append("tech.cost-floor")
    data = tile_data(g, tile)
    for step in data.get("passive", []):  # a standing rule with no code yet: said, never ignored
        if step.get("custom") not in CUSTOM:
            g.note_unimplemented(f"tech:{tile}: {step['custom']}")
    effects = adjust("tech-acquire-steps", data.get("acquire", []), g, pid, tile)  # a Rival's differ
    run(g, pid, [*([data["acquire_requires"]] if "acquire_requires" in data else []), *effects], f"tech:{tile}")
    if data.get("acquire"):
        g.rulings.append(R_ABILITY)
    if tile == pl.get("secret_project"):
        del pl["secret_project"]
        g.rulings.append(R_SECRET)
    else:
        i = tech["face_up"].index(tile)
        tech["face_up"][i] = None
        if tech["stacks"][i]:
            g.push({"t": "chance", "kind": "reveal-tech", "stack": i + 1})
    pl["tech"] = sorted([*pl["tech"], {"id": tile, "flipped": False}], key=lambda e: e["id"])
    if _passive(g, pid, "all-battle-icons-ornithopter"):
        pair_all_icons(g, pid)
    fire("tech-acquired", g, pid, tile)
    fire("tech-face-up", g)  # a solo game's Rivals need a marked tile face up (modules/rivals/tech.py)


@hook("agent-sent", module="tech")
def _embassy(g: Game, pid: str, space_id: str) -> list[str]:
    """The Ixian Embassy: an Acquire Tech each time an Agent goes to a board space of the kind
    it shows (our reading: a Landsraad space, recorded in setup.json). Not with all of Rise of Ix,
    whose Ix board takes the Embassy's place (Bloodlines p. 7)."""
    icon = g.content.expansion_setup["bloodlines"]["tech_module"]["embassy_space_icon"]
    return [EMBASSY] if embassy(g) and g.content.spaces[space_id]["icon"] == icon else []


@node_kind("embassy")
def _resolve_embassy(g: Game, pid: str, ident: str, node: str) -> None:
    g.rulings += ["tech.embassy-acquire", "tech.embassy-space-kind"]
    run(g, pid, [{"custom": "acquire-tech", "discount": 0}], node)


@custom("trash-own-spy")
def trash_own_spy(g: Game, task: dict, step: dict) -> None:
    """A requirement (Advanced Data Analysis): one of your Spies leaves the board for the box."""
    push_choice(g, task, "trash-spy")


@choice("trash-spy", lambda g, task: [{"post": p} for p in own_posts(g, task["player"])], ("tech.acquire-tile",))
def _trash_spy(g: Game, task: dict, given: dict, below: dict) -> None:
    pid, spies = task["player"], g.state["board"]["spies"]
    key = next(k for k, o in sorted(spies.items()) if o == pid and post_of(k) == given["post"])
    del spies[key]
    if key == given["post"]:  # a deep-cover spy left on the post becomes its first spy
        extra = sorted(k for k in spies if post_of(k) == key)
        if extra:
            spies[key] = spies.pop(extra[0])
    g.state["board"]["spies"] = dict(sorted(spies.items()))
    pl = g.p(pid)
    pl["spies_trashed"] = pl.get("spies_trashed", 0) + 1


# --- flip abilities -------------------------------------------------------------------------------
def _flip_error(g: Game, task: dict, pid: str, tile) -> IllegalAction | None:
    entry = next((e for e in _entries(g, pid) if e["id"] == tile), None)
    if entry is None or not {"flip", "use"} & set(tile_data(g, tile)):
        return IllegalAction("tech.no-flip", "{seat} owns no Tech tile {tile} with a flip ability.",
                             ("tech.flip-once-per-round",), params={"seat": pid, "tile": str(tile)})
    if entry["flipped"]:
        return IllegalAction("tech.flipped", "{tile} is already face down: its ability is used once per round.",
                             ("tech.flip-once-per-round",), params={"tile": tile})
    if tile_data(g, tile).get("flip_turn") == "agent" and task["t"] != "agent":
        return IllegalAction("tech.flip-timing", "{tile} is flipped only in an Agent turn, after the Agent is sent.",
                             ("tech.flip-once-per-round",), params={"tile": tile})
    return None


def _flip_offers(g: Game, task: dict, pid: str) -> list[dict]:
    return [{"tile": e["id"]} for e in _entries(g, pid) if _flip_error(g, task, pid, e["id"]) is None]


def _flip(g: Game, task: dict, pid: str, a: dict) -> None:
    tile = a.get("tile")
    if err := _flip_error(g, task, pid, tile):
        raise err
    data = tile_data(g, tile)
    if "flip" in data:  # a Rise of Ix `use` ability (it trashes its tile) is used without flipping
        next(e for e in _entries(g, pid) if e["id"] == tile)["flipped"] = True
    _cite(g, "ix.tech-timings")
    run(g, pid, data.get("flip") or data["use"], f"tech:{tile}")


def _owns_flip_tile(g: Game, task: dict) -> bool:
    return any({"flip", "use"} & set(tile_data(g, t)) for t in owned(g.p(task["player"])))


verb(Verb("flip-tech", ("turn", "agent", "reveal"), _flip_offers, _flip, ("tech.flip-once-per-round",),
          accepts=_owns_flip_tile))


@hook("round-start", module="tech")
@hook("round-start", module="ix")
def _face_up_again(g: Game) -> None:
    if face_up_again(g.state):
        g.rulings.append("tech.flip-once-per-round")
        _cite(g, "ix.tech-timings")


# --- abilities at their times ------------------------------------------------------------------------
def _boxes(g: Game, pid: str, box: str) -> list[tuple[str, list]]:
    return [(t, tile_data(g, t)[box]) for t in owned(g.p(pid)) if tile_data(g, t).get(box)]


@hook("reveal-nodes", module="tech")
@hook("reveal-nodes", module="ix")
def _reveal_nodes(g: Game, pid: str) -> list[str]:
    return [f"tech:{t}" for t, _ in _boxes(g, pid, "reveal")]


@node_kind("tech")
def _resolve_tile(g: Game, pid: str, ident: str, node: str) -> None:
    g.rulings.append(R_ABILITY)
    _cite(g, "ix.tech-timings")
    run(g, pid, tile_data(g, ident)["reveal"], node)


def _run_box(g: Game, pid: str, box: str) -> None:
    for tile, steps in reversed(_boxes(g, pid, box)):  # pushed last first: resolved in tile order
        g.rulings.append(R_ABILITY)
        _cite(g, "ix.tech-timings")
        run(g, pid, adjust("tech-box-steps", steps, g, pid, tile, box), f"tech:{tile}")  # a solo Rival's differ


@hook("conflict-won", module="tech")
@hook("conflict-won", module="ix")
def _won(g: Game, pid: str) -> None:
    _run_box(g, pid, "on_win_conflict")


@hook("contract-completed", module="tech")
def _completed(g: Game, pid: str, cid: str) -> None:
    _run_box(g, pid, "on_complete_contract")


@hook("endgame", module="tech")
@hook("endgame", module="ix")
def _endgame(g: Game) -> None:
    for pid in reversed(g.clockwise_from(g.first)):  # the first player's resolve first
        _run_box(g, pid, "endgame")


@hook("round-start", module="ix")
def _round_start(g: Game) -> None:
    """A tile's ability at the start of each round (Rise of Ix p. 4; the Tech Module's tiles have none)."""
    for pid in reversed(g.clockwise_from(g.first)):  # the first player's resolve first
        _run_box(g, pid, "round_start")


# --- the tiles' own steps -----------------------------------------------------------------------------
def trash_tile(g: Game, pid: str, tile: str) -> None:
    pl = g.p(pid)
    if tile in owned(pl):
        pl["tech"] = [e for e in pl["tech"] if e["id"] != tile]
        ms_add(g.state["tech"]["trashed"], tile)


@custom("trash-this-tech")
def trash_this_tech(g: Game, task: dict, step: dict) -> None:
    g.rulings.append(R_ABILITY)
    trash_tile(g, task["player"], _tile_of(task["src"]))


@custom("trash-this-tech-then")
def trash_this_tech_then(g: Game, task: dict, step: dict) -> None:
    """You may trash this tile to resolve `then`."""
    if _tile_of(task["src"]) in owned(g.p(task["player"])):
        prepend(task, [{"choose": [[{"custom": "trash-this-tech"}, *step["then"]], []]}])


@custom("lose-all")
def lose_all(g: Game, task: dict, step: dict) -> None:
    pl = g.p(task["player"])
    pl[step["resource"]] = 0


@custom("if-tech-tiles")
def if_tech_tiles(g: Game, task: dict, step: dict) -> None:
    if len(owned(g.p(task["player"]))) >= step["at_least"]:
        prepend(task, list(step["then"]))


@custom("influence-where-at-most")
def influence_where_at_most(g: Game, task: dict, step: dict) -> None:
    pid = task["player"]
    for faction in [f for f in FACTIONS if g.p(pid)["influence"][f] <= step["at_most"]]:
        change_influence(g, pid, faction, step["amount"])


@custom("trash-own-tech")
def trash_own_tech(g: Game, task: dict, step: dict) -> None:
    """Kota's Reverse Engineering: trash one of your tiles, then `then` (nothing without a tile)."""
    if owned(g.p(task["player"])):
        push_choice(g, task, "trash-tech", then=step["then"])


@choice("trash-tech", lambda g, task: [{"tile": t} for t in owned(g.p(task["player"]))], ("leader.signet-ring",))
def _trash_tech(g: Game, task: dict, given: dict, below: dict) -> None:
    trash_tile(g, task["player"], given["tile"])
    run(g, task["player"], task["then"], task["src"])


# --- standing rules ------------------------------------------------------------------------------------
@custom("all-battle-icons-ornithopter", "intrigue-gained-troop-to-conflict", "intrigue-steal-protection",
        "peek-top-card-any-time", "signet-ring-faction-icons", "space-cost-discount", "secret-project-tech",
        "commander-cost-discount")
def standing(g: Game, task: dict, step: dict) -> None:
    """A standing rule read where it applies (the hooks below); as a step it does nothing."""


@hook("space-cost", module="tech")
def _space_discount(cost: dict, g: Game, pid: str, space: dict) -> dict:
    """Navigation Chamber: a board space costs 1 of those resources less (the first it costs)."""
    for step in _passive(g, pid, "space-cost-discount"):
        key = next((k for k in step["resources"] if cost.get(k, 0) > 0), None)
        if key:
            cost = {k: v - (step["amount"] if k == key else 0) for k, v in cost.items()}
            cost = {k: v for k, v in cost.items() if v > 0}
            g.rulings.append(R_ABILITY)
    return cost


@hook("commander-price", module="tech")
def _high_command(cost: int, g: Game, pid: str, paying: bool) -> int:
    """Sardaukar High Command: a Sardaukar Commander costs its owner 1 Solari less, whether
    acquired from a board space or recruited from the supply (Bloodlines back cover)."""
    for step in _passive(g, pid, "commander-cost-discount"):
        cost -= step["amount"]
        if paying:
            g.rulings.append(R_ABILITY)
    return cost


@hook("commander-recruited", module="tech")
def _plasteel_blades(g: Game, pid: str, acquired: bool) -> None:
    """Plasteel Blades: whenever its owner recruits a Commander (acquiring one is recruiting it
    too), they may trash the tile for one more Skill."""
    _run_box(g, pid, "on_commander_recruit")


@hook("turn-peek", module="tech")
def _glowglobes(g: Game, pid: str) -> str | None:
    """Look at the top card of your deck at any time: offered in your own turns, while the top
    card is unknown and the deck is not empty."""
    deck = g.p(pid)["deck"]
    found = [t for t in owned(g.p(pid)) if any(s.get("custom") == "peek-top-card-any-time"
                                               for s in tile_data(g, t).get("passive", []))]
    if not found or len(deck["cards"]) - deck["hidden"] <= 0 or deck.get("top"):
        return None
    return f"peek:{found[0]}"


@hook("peek", module="tech")
def _peek(g: Game, pid: str, node: str) -> None:
    if node.startswith("peek:") and node[5:] in owned(g.p(pid)):
        g.rulings.append(R_ABILITY)
        g.push({"t": "chance", "kind": "draw", "player": pid, "n": 1, "look": True, "peek": True,
                "ruling": R_ABILITY})


@hook("steal-threshold", module="tech")
def _steal_protection(least: int, g: Game, pid: str) -> int:
    """Gene-Locked Vault: your Intrigue cards cannot be stolen while you hold fewer than `below`."""
    for step in _passive(g, pid, "intrigue-steal-protection"):
        if step["below"] > least:
            least = step["below"]
            g.rulings.append(R_ABILITY)
    return least


@hook("intrigue-gained", module="tech")
def _suspensor_suits(g: Game, pid: str, n: int) -> None:
    """Suspensor Suits: each Intrigue card drawn or stolen during your turn brings a troop from
    your supply straight into the Conflict."""
    if not _passive(g, pid, "intrigue-gained-troop-to-conflict") or not my_turn(g, pid):
        return
    troops = g.p(pid)["troops"]
    moved = min(n, troops["supply"])
    if moved:
        troops["supply"] -= moved
        troops["conflict"] += moved
        g.rulings.append(R_ABILITY)
        count_deployed(g, pid, moved, troops=moved)


@hook("card-icons", module="tech")
def _servo_receivers(icons: list, g: Game, pid: str, card: str) -> list:
    """Servo-Receivers: your Signet Ring card also has the four Faction Agent icons."""
    if card == "signet-ring" and _passive(g, pid, "signet-ring-faction-icons"):
        g.rulings.append(R_ABILITY)
        return sorted(set(icons) | set(FACTIONS))
    return icons


@hook("battle-icon", module="tech")
def _ornithopter_fleet(icon, g: Game, pid: str):
    """Ornithopter Fleet: every battle icon you have, wild ones included, is an Ornithopter."""
    if icon and _passive(g, pid, "all-battle-icons-ornithopter"):
        return "ornithopter"
    return icon


def pair_all_icons(g: Game, pid: str) -> None:
    """Icons that now match pair at once, 1 VP a pair (back cover, Ornithopter Fleet)."""
    g.rulings.append("tech.ornithopter-fleet")
    by_icon: dict[str, list] = {}
    for icon, card in face_up_icons(g, pid):
        if icon:
            by_icon.setdefault(icon, []).append(card)
    for icon in sorted(by_icon):
        cards = by_icon[icon]
        for a, b in zip(cards[0::2], cards[1::2], strict=False):
            a["flipped"] = b["flipped"] = True
            g.p(pid)["vp"] += 1
            g.rulings.append("combat.battle-icons")


# --- Kota Odax of Ix -----------------------------------------------------------------------------------
@custom("secret-project-setup", module="tech")
@custom("secret-project-setup", module="ix")
def secret_project_setup(g: Game, task: dict, step: dict) -> None:
    """Game start: look at the bottom tile of each stack and set one of them aside, face down,
    on the Leader (the others stay where they are)."""
    pid, tech = task["player"], g.state["tech"]
    g.rulings.append(R_SECRET)
    g.push(*({"t": "chance", "kind": "reveal-tech", "stack": i + 1, "player": pid, "bottom": True}
             for i in range(STACKS) if tech["stacks"][i]),
           choice_task(pid, "secret-project", task["src"]))


@choice("secret-project", lambda g, task: [{"tile": t} for t in g.state["tech"]["bottoms"] if t], (R_SECRET,),
        secret=Hidden(("tile",), ("by",)))  # set aside face down
def _set_aside(g: Game, task: dict, given: dict, below: dict) -> None:
    tech = g.state["tech"]
    i = tech["bottoms"].index(given["tile"])
    tech["bottoms"][i] = None
    tech["stacks"][i] -= 1
    g.p(task["player"])["secret_project"] = given["tile"]
