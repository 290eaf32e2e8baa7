"""Setting up a game (rulings dune.setup-factions, dune.setup-traitors, dune.setup-treachery):
forces and spice per faction sheet, each player's four Traitor cards and first Treachery card as
chance outcomes, the traitor kept, the Fremen's starting forces placed."""

from __future__ import annotations

from ..core.errors import IllegalAction, MalformedLog
from ..core.observers import Hidden
from .content import BASE_FACTIONS, POLAR_SINK, SECTORS, Content, expansion_factions, sets
from .deck import draw, put, shown, take
from .forces import setup_elite
from .game import SPICE_TOTAL, Game
from .registry import MODULES, ChanceKind, Decision, ask, chance_kind, decision, first
from .traitors import hidden as hidden_traitors
from .traitors import name_unknown
from .treachery import HIDDEN

PLAYER_COUNTS = range(2, 7)
# Player markers around the board, one every three sectors from sector 1 (a reading: ruling
# dune.engine-player-markers).
MARKERS = tuple(1 + 3 * i for i in range(6))
SETUP_RULINGS = ("dune.setup-factions", "dune.setup-traitors", "dune.setup-treachery",
                 "dune.engine-player-markers", "dune.engine-spice-bank", "dune.turn-sequence")


def _count(n) -> int:
    """A sheet's reserves: a number, or one per kind (the Ixians' Cyborgs and Suboids)."""
    return sum(n.values()) if isinstance(n, dict) else n


def location(cnt: Content, terr: str) -> str:
    """A starting territory's location: the Polar Sink, else its one sector (strongholds)."""
    if terr == POLAR_SINK:
        return terr
    sectors = cnt.territories[terr]["sectors"]
    return f"{terr}@{sectors[0]}"


def new_state(cnt: Content, game: dict, setup: dict, edition: str) -> dict:
    players = game.get("players", [])
    if len(players) not in PLAYER_COUNTS:
        raise MalformedLog(f"classic Dune is played by 2 to 6 players, not {len(players)}", "/game/players",
                           code="unsupported-player-count")
    modules = game.get("modules") or []
    for i, m in enumerate(modules):  # the modules a log may name: modules/ (the advanced game: dune.advanced-game)
        if m not in MODULES.all:
            raise MalformedLog(f"module {m!r} of classic Dune is not supported (only {', '.join(MODULES.all)})",
                               f"/game/modules/{i}", code="unsupported-module")
        if m == "tech-tokens" and "ixians-tleilaxu" not in modules:
            raise MalformedLog("Tech Tokens are a module of the Ixians & Tleilaxu expansion: name both",
                               f"/game/modules/{i}", code="unsupported-module")
    ids = [p["id"] for p in players]
    if len(set(ids)) != len(ids) or "chance" in ids:
        raise MalformedLog("player ids must be unique and not 'chance'", "/game/players")
    factions = [p.get("faction") for p in players]
    for i, f in enumerate(factions):
        if f not in BASE_FACTIONS + expansion_factions(modules):
            raise MalformedLog(f"faction {f!r} is not supported", f"/game/players/{i}/faction",
                               code="unsupported-faction")
    if len(set(factions)) != len(factions):
        raise MalformedLog("each faction is played once", "/game/players")
    state = {
        "format": "dune-adjudicator/state", "version": 1,
        "game": {"system": "dune", "edition": edition, "modules": sorted(set(modules)), "seats": ids,
                 "players": {p["id"]: {"name": p.get("name", p["id"]), "faction": p["faction"]} for p in players}},
        "rng": setup.get("seed"),
        "turn": 0, "phase": "setup", "storm": cnt.map["storm_start_sector"], "order": list(ids),
        "dialers": [], "map": {}, "spice": {}, "bank": SPICE_TOTAL,
        "treachery": {"deck": sorted(c for c, d in cnt.treachery.items() if d["set"] in sets(modules)
                                     for _ in range(d["copies"])), "discard": [], "hidden": 0},
        "spice_deck": {"deck": sorted(c for c, d in cnt.spice_cards.items() if d["set"] in sets(modules)
                                      for _ in range(d.get("copies", 1))), "discard": [], "aside": []},
        "traitor_deck": sorted(c for c, d in cnt.traitors.items()
                               if d["set"] in sets(modules) and d["faction"] in (*factions, None)),
        "traitor_hidden": 0, "battle": None, "players": {}, "stack": [], "result": None,
    }
    g = Game(state, cnt)  # the advanced game's second Spice pile: modules/advanced/spice.py
    for seat, p in enumerate(players):
        sheet = cnt.factions[p["faction"]]
        state["players"][p["id"]] = {
            "faction": p["faction"], "marker": MARKERS[seat], "spice": 0, "reserves": _count(sheet["reserves"]),
            "tanks": 0, "hand": [], "traitors": [], "drawn_traitors": [],
            "leaders": {ld["id"]: "alive" for ld in sheet["leaders"]}, "fought": {}, "ally": None,
        }
        g.gain(p["id"], sheet["spice"])
        for terr, n in sorted(sheet["at_start"].items()):
            if terr not in ("choose_among", "count") and first("placed-at-start", g, p["id"], terr, n) is None:
                g.add_forces(location(cnt, terr), p["id"], n)
    traitors = [q for q in ids if first("no-traitors", g, q) is None]  # the Tleilaxu draw Face Dancers
    tasks = [{"t": "chance", "kind": "draw-traitors", "player": q} for q in traitors]
    tasks += [{"t": "decide", "kind": "keep-traitor", "player": q} for q in traitors
              if cnt.traitor_deal["keep"] < cnt.traitor_deal["draw"] and g.faction(q) != "harkonnen"]
    # the Ixians deal the first cards themselves (modules/ixians_tleilaxu/ixian_bidding.py)
    tasks += first("setup-treachery", g) or [{"t": "chance", "kind": "draw-treachery", "player": q} for q in ids
                                             for _ in range(2 if g.faction(q) == "harkonnen" else 1)]
    for q in ids:
        setup_elite(g, q)  # advanced: the special forces start in reserves (forces.py)
    fremen = g.player_of("fremen")
    if fremen:  # the ten to place wait in reserves until placed
        g.p(fremen)["reserves"] += cnt.factions["fremen"]["at_start"]["count"]
        tasks.append({"t": "decide", "kind": "place-fremen", "player": fremen,
                      "left": cnt.factions["fremen"]["at_start"]["count"]})
    # each faction's own setup tasks (the prediction, the Face Dancers), in the hooks' fixed order
    tasks += [t for own in ask("setup-tasks", g) for t in own]
    g.push(*tasks, {"t": "flow", "phase": "storm"})  # the flow waits beneath the setup
    return state


# --- traitors --------------------------------------------------------------------------------
def _deal_traitors(g: Game, task: dict) -> dict:
    return {"do": "draw-traitors", "player": task["player"],
            "cards": draw(g.state, g.state["traitor_deck"], g.c.traitor_deal["draw"])}


def _check_traitors(g: Game, task: dict, data: dict) -> None:
    """Cards may be recorded unknown ("?", traitors.py): the named ones must be in the deck."""
    cards = data.get("cards")
    left = len(g.state["traitor_deck"]) - hidden_traitors(g)
    if not isinstance(cards, list) or len(cards) != min(g.c.traitor_deal["draw"], left):
        raise IllegalAction("dune.traitor-count", "A player draws {count} Traitor cards.", ("dune.setup-traitors",),
                            params={"count": g.c.traitor_deal["draw"]})
    take(list(g.state["traitor_deck"]), [c for c in cards if c != HIDDEN], "Traitor deck")


def _apply_traitors(g: Game, task: dict, data: dict) -> None:
    take(g.state["traitor_deck"], [c for c in data["cards"] if c != HIDDEN], "Traitor deck")
    g.state["traitor_hidden"] = hidden_traitors(g) + data["cards"].count(HIDDEN)
    pl = g.p(task["player"])
    if g.faction(task["player"]) == "harkonnen":  # the Harkonnen keep every traitor they draw
        pl["traitors"] = sorted(data["cards"])
    else:
        pl["drawn_traitors"] = sorted(data["cards"])


chance_kind(ChanceKind("draw-traitors", _deal_traitors, _check_traitors, _apply_traitors,
                       ("dune.setup-traitors",), Hidden(("card", "cards"))))


def _keep_offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "keep-traitor", "card": c} for c in sorted(set(g.p(task["player"])["drawn_traitors"]))]


def _keep(g: Game, task: dict, args: dict) -> None:
    pl = g.p(task["player"])
    pl["drawn_traitors"].remove(args["card"])
    pl["traitors"] = [args["card"]]
    back = pl["drawn_traitors"]  # the others go back; an unknown one never left the deck's multiset
    put(g.state["traitor_deck"], [c for c in back if c != HIDDEN])
    g.state["traitor_hidden"] = hidden_traitors(g) - back.count(HIDDEN)
    pl["drawn_traitors"] = []
    g.finish(task)


def _keep_check(g: Game, task: dict, args: dict) -> None:
    """A kept card must be one drawn; drawn "?" (traitors.py), it is named now if the deck could have
    dealt it (unverifiable), else refused."""
    drawn, card = g.p(task["player"])["drawn_traitors"], args.get("card")
    if card in drawn:
        return
    if HIDDEN not in drawn or hidden_traitors(g) == 0 or card not in g.state["traitor_deck"]:
        raise IllegalAction("dune.not-offered", "{card} is not among the Traitor cards {player} drew.",
                            ("dune.setup-traitors",),
                            params={"player": task["player"], "card": shown(card)})
    name_unknown(g, drawn, task["player"], card)


decision(Decision("keep-traitor", ("keep-traitor",), _keep_offers, _keep, ("dune.setup-traitors",),
                  check=_keep_check, secret=Hidden(("card",), ("by",))))


# --- the Fremen's starting forces -----------------------------------------------------------
def fremen_locations(g: Game) -> list[str]:
    return sorted(f"{t}@{s}" for t in g.c.factions["fremen"]["at_start"]["choose_among"]
                  for s in g.c.territories[t]["sectors"])


def _fremen_offers(g: Game, task: dict) -> list[dict]:
    return [{"do": "place", "to": loc, "count": n} for loc in fremen_locations(g)
            for n in range(1, task["left"] + 1)]


def _place_fremen(g: Game, task: dict, args: dict) -> None:
    g.add_forces(args["to"], task["player"], args["count"])
    g.p(task["player"])["reserves"] -= args["count"]
    task["left"] -= args["count"]
    if task["left"] == 0:
        g.finish(task)


decision(Decision("place-fremen", ("place",), _fremen_offers, _place_fremen, ("dune.setup-factions", "dune.fremen")))

assert len(MARKERS) == 6 and MARKERS[-1] < SECTORS
