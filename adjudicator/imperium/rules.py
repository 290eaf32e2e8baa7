"""The ruleset facade the replay driver talks to: set up, what is pending, what is legal,
apply an action. One class serves every edition of the family; editions differ in data.

Every decision is a look-up: the pending task's kind names the registered verbs, choice kinds
and chance kinds (registry.py) that offer and apply actions. Importing the rule modules below
is the plugin loading that fills the registries.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from ..core import results
from ..core.actions import ANSWERS, CHANCE, Action, check_answers, dealt
from ..core.canonical import copied
from ..core.engine import awaited_index
from ..core.errors import IllegalAction, MalformedLog, UnknownName
from ..core.observers import Hidden
from ..core.verdicts import Outcome
from . import choices, custom, implied, turns
from .catalogue import CARD_TYPES, cards_of
from .chance import check_kind
from .consequences import KINDS as CONSEQUENCE_KINDS
from .consequences import noted as noted_events
from .consequences import pieces as pieces_of
from .content import (
    EXCLUDED,
    FACTIONS,
    NAMING_KEYS,
    Content,
    content,
    in_game,
    module_title,
    needed_module,
    starting_deck,
)
from .deck import HIDDEN
from .effect_words import combat_outcome, offer_label, rewards
from .effects import advance_steps
from .facts import ImperiumTally
from .game import Game
from .intrigue import check_timing, skip_window, window
from .modules import rivals, six_players  # their files are loaded by `custom` (plugin loading) above
from .registry import CHANCES, CHOICES, VERBS, adjust, fire
from .rounds import advance_flow
from .spelling import Spelling
from .table import TablePositions
from .timing import export
from .view import LANGS, RIVAL_SEAT, RIVAL_WORDS, board, label, moment, name_of, players, turn_graph

MODULES = {"uprising": ("choam", "bloodlines", "tech", "immortality"),
           "base": ("bloodlines", "tech", "immortality", "ix")}
# a module that only exists inside another one
MODULE_NEEDS = {"tech": "bloodlines"}
EPIC = "epic"  # the log setup option of Rise of Ix's Epic Game mode
# What the setup rests on; a replay report cites these for the position it starts from.
SETUP_RULINGS = ("setup.uprising", "deck.starting-deck", "setup.conflict-deck", "setup.no-mentat",
                 "round.phases", "setup.objectives", "choam.components")
# The original game's setup and the base-board rules its data encodes (rulebook, seed 001).
BASE_SETUP_RULINGS = ("setup.imperium", "setup.imperium-first-player", "deck.starting-deck",
                      "setup.conflict-deck", "round.phases", "reserve.arrakis-liaison",
                      "agent.base-icon-table", "agent.base-space-costs", "harvest.base-spaces",
                      "control.base-spaces", "deploy.base-limits", "combat.base-rewards-by-players",
                      "combat.rewards-player-count", "reveal.base-steps", "strength.set-after-reveal",
                      "mentat.agent", "high-council.base-seat", "sell-melange.trade", "secure-contract.gain")
EDITION_SETUP_RULINGS = {"base": BASE_SETUP_RULINGS}
PLAYER_COUNTS = (1, 2, 3, 4, 6)
# the player counts each edition's House Hagal Rivals play
RIVAL_EDITIONS = {"uprising": (1, 2), "base": (1, 2)}
# the modules a player-count mode is played with (Rivals: see RIVAL_MODULE_EDITIONS; six players:
# CHOAM always, Immortality by the booklet's compatibility rules, modules/six_players/immortality.py,
# Bloodlines and its Tech Module by the Bloodlines manual p. 10, modules/six_players/bloodlines.py;
# what is not offered: reading six.not-offered)
MODULES_FOR_COUNT = {1: ("choam",), 2: ("choam",), 6: ("choam", "immortality", "bloodlines", "tech")}
# the editions and player counts whose Rivals know a module: both editions' solo decks with Immortality
# (seed 003 p. 13; Uprising's: reading rivals-x.imm-uprising; two players unchanged), both editions'
# Rivals with Bloodlines (seed 000 p. 8)
RIVAL_MODULE_EDITIONS = {"immortality": (("base", 1), ("base", 2), ("uprising", 1), ("uprising", 2)),
                         "bloodlines": (("base", 1), ("base", 2), ("uprising", 1), ("uprising", 2)),
                         # solo: Hagal-marked tiles and the Acquire Tech cards; two players: the
                         # Rival ignores Tech tiles (seed 000 p. 9; modules/rivals/tech.py)
                         "tech": (("base", 1), ("base", 2), ("uprising", 1), ("uprising", 2)),
                         # Rise of Ix: two-player House Hagal (p. 8); solo not yet (its Tech tile rules, p. 9)
                         "ix": (("base", 2),)}
# the editions with a six-player game (Uprising's team game; the original game has none)
SIX_EDITIONS = ("uprising",)
RULE_MODULES = (choices, custom, turns)  # loaded for their registrations



def _decision_names(task: dict) -> tuple[str, ...]:
    """What a `choose` may name as the decision it answers (log.answers): the effect that asked,
    `card:<card id>`, or its card or space alone. Other decisions have no such name."""
    src = task.get("src") if task["t"] == "choice" else None
    return (src, src.split(":", 1)[-1].split("#")[0]) if isinstance(src, str) else ()

class ImperiumRules(TablePositions, Spelling):  # positions: table.py; names written back: spelling.py
    system = "imperium"
    setup_rulings = SETUP_RULINGS
    plays = "leader"  # what a log's seat names
    round_word = {"en": "Round", "ru": "Раунд"}
    # the zones whose canonical bytes are kept between actions until written (core/engine/zones.py;
    # the players, written most actions, and zones under about 200 bytes cost more to keep than to dump)
    zones = {z: True for z in ("board", "contracts", "game", "imperium_deck", "intrigue_deck", "intrigue_discard",
                               "objectives")}

    def __init__(self, edition: str):
        self.edition = edition
        self.content: Content = content(edition)
        self.setup_rulings = EDITION_SETUP_RULINGS.get(edition, SETUP_RULINGS)
        self.ruling_game = "imperium" if edition == "base" else edition  # its records' `games`

    # --- setup -------------------------------------------------------------------------------
    def check_modules(self, named: list, pointer: str, players: int | None = None) -> list[str]:
        """The modules named, sorted, once each is known to be playable with this edition, with
        the others and with this many players (`pointer`/i names the first one that is not)."""
        modules = sorted(set(named))
        for i, module in enumerate(named):  # the index in the caller's own list
            if module not in MODULES[self.edition]:
                raise MalformedLog(f"module {module!r} is not supported for {self.edition}",
                                   f"{pointer}/{i}", code="unsupported-module")
            rivals_know = (self.edition, players) in RIVAL_MODULE_EDITIONS.get(module, ())
            if module not in MODULES_FOR_COUNT.get(players, (module,)) and not rivals_know:
                raise MalformedLog(f"module {module!r} is not supported with {players} players yet",
                                   f"{pointer}/{i}", code="unsupported-module")
            if MODULE_NEEDS.get(module, module) not in modules:
                raise MalformedLog(f"module {module!r} is played only with {MODULE_NEEDS[module]!r}",
                                   f"{pointer}/{i}", code="unsupported-module")
        return modules

    def new_state(self, game: dict, setup: dict) -> dict:
        cnt = self.content
        players = game.get("players", [])
        n = len(players)
        if n not in PLAYER_COUNTS or (n in rivals.hagal.RIVALS_FOR and n not in RIVAL_EDITIONS.get(self.edition, ())) \
                or (n == 6 and self.edition not in SIX_EDITIONS):
            raise MalformedLog(f"{self.edition} is supported for "
                               f"{list(PLAYER_COUNTS)} players, "
                               f"not {len(players)}", "/game/players", code="unsupported-player-count")
        modules = self.check_modules(game.get("modules", []), "/game/modules", len(players))
        epic = EPIC in setup.get("options", [])
        if epic and "ix" not in modules:
            raise MalformedLog("the Epic Game mode is Rise of Ix's: name the module 'ix' (Rise of Ix rulebook p. 10)",
                               "/setup/options", code="unsupported-module")
        rival_list = self._rivals(len(players), setup, modules)
        players = players + [{"id": r["id"], "leader": r["leader"]} for r in rival_list]
        for i, p in enumerate(players):
            leader = cnt.leaders.get(p["leader"], {})
            if not in_game(leader, modules):
                needs = " and ".join(sorted({leader.get(k) for k in ("expansion", "requires_module")} - {None}))
                raise MalformedLog(f"{p['leader']} is played only with {needs}",
                                   f"/game/players/{i}/leader", code="leader-needs-module")
        ids = [p["id"] for p in players]
        if len(set(ids)) != len(ids) or CHANCE in ids:
            raise MalformedLog("player ids must be unique and not 'chance'", "/game/players")
        humans = [p["id"] for p in players[:len(players) - len(rival_list)]]
        if rival_list:
            ids = rivals.hagal.rival_seats(humans, [r["id"] for r in rival_list])
        rules = cnt.rules
        starting = starting_deck(cnt, modules)
        state = {
            "format": "dune-adjudicator/state", "version": 1,
            "game": {"system": self.system, "edition": self.edition, "modules": modules, "seats": ids,
                     "players": {p["id"]: {"name": p.get("name", p["id"]), "leader": p["leader"]}
                                 for p in players}},
            "rng": setup.get("seed"),
            "round": 0, "phase": "setup", "first": ids[0],
            "board": {"occupied": {}, "spies": {}, "control": {}, "shield_wall": True,
                      "bonus_spice": {s: 0 for s, d in sorted(cnt.spaces.items())
                                      if d["maker"] and not d.get("requires_leader")
                                      and d.get("side") is None},  # the six-player side: six.py
                      "conflict": None, "conflict_levels": list(rules["conflict_levels"]),
                      "conflict_pool": {str(lv): sorted(c for c, d in cnt.conflicts.items()
                                                        if d["level"] == lv and in_game(d, modules))
                                        for lv in sorted(set(rules["conflict_levels"]))},
                      "discarded_conflicts": []},
            "row": [],
            "imperium_deck": {"cards": self._deck(cnt.of_type("imperium"), modules), "hidden": 0},
            "reserve": {c["id"]: c["copies"] for c in sorted(cnt.of_type("reserve"), key=lambda c: c["id"])},
            "intrigue_deck": {"cards": self._deck([c for c in cnt.intrigues.values() if not c.get("twisted")],
                                                  modules), "hidden": 0},
            "intrigue_discard": [],
            "alliances": dict.fromkeys(FACTIONS),
            "contracts": {"pile": sorted(c for c, d in cnt.contracts.items() if in_game(d, modules)
                                         for _ in range(d.get("copies", 1)))
                          if "choam" in modules else [], "face_up": []},
            "players": {},
            "turn": None,
            "stack": [],
            "result": None,
        }
        for p in players:
            state["players"][p["id"]] = {
                "leader": p["leader"], "vp": rules["vp"].get(str(len(players)), 0),
                "solari": rules["solari"], "spice": rules["spice"], "water": rules["water"],
                "persuasion": 0, "swords": 0, "influence": dict.fromkeys(FACTIONS, 0),
                "hand": [], "deck": {"cards": list(starting), "hidden": 0}, "discard": [], "play": [],
                "trashed": [], "intrigue": [],
                "troops": {"supply": rules["troops"] - rules["garrison"], "garrison": rules["garrison"],
                           "conflict": 0},
                "worms": 0, "agents": rules["agents"], "placed": [], "spies": rules["spies"],
                "maker_hooks": False, "seat": False, "swordmaster": False, "revealed": False,
                "conflicts": [], "objectives": [], "contracts": [], "completed": 0, "completed_contracts": [],
                "seat_index": ids.index(p["id"]),
            }
        if epic:  # a mode of Rise of Ix, which sets it up (modules/ix/ix.py)
            state["game"]["epic"] = True
        if rival_list:  # the Rival seats, before the modules' components (modules/rivals/setup.py)
            rivals.setup.seat(state, setup, humans, rival_list, [p["leader"] for p in players[:len(humans)]])
        g = Game(state, cnt)
        g.push({"t": "flow", "step": "round-start"})
        fire("setup", g)  # the components of the game's modules
        fire("leaders-setup", g)  # then the leaders' setup abilities, which may use them
        g.push(*({"t": "chance", "kind": "refill-row"} for _ in range(rules["row"])))
        if cnt.objectives:
            g.push({"t": "chance", "kind": "deal-objectives"})
        if "choam" in modules:
            g.push(*({"t": "chance", "kind": "reveal-contract"} for _ in range(2)))
        if rival_list:
            rivals.setup.setup_solo(g, humans)
        self.settle(g)
        return state

    def _rivals(self, n_players: int, setup: dict, modules=()) -> list[dict]:
        return rivals.setup.read(self.edition, self.content, n_players, setup, modules)

    def rival_setup(self, players: int, taken: list[str], rnd, options=(), leaders=()) -> dict:
        """Rival seats for a random playout of one or two players (simulate.py; modules/rivals/setup.py)."""
        if players not in RIVAL_EDITIONS.get(self.edition, ()):
            return {}
        return rivals.setup.random_setup(self.edition, self.content, players, taken, rnd, options, leaders)

    def seat_leaders(self, players: int, leaders: list[str], rnd) -> list[str] | None:
        """The leaders of a random playout's seats, clockwise, where a mode fixes some (simulate.py;
        None: every seat drawn at random): with six players the Commanders three seats apart
        (six.seating-from-log) and the Allies drawn from the other leaders, save those the Bloodlines
        manual does not recommend for six players (p. 10: Liet Kynes)."""
        if players != 6 or self.edition not in SIX_EDITIONS:
            return None
        advice = self.content.expansion_setup.get("bloodlines", {}).get("other_rules", {})
        left_out = advice.get("six_player_recommended_allies", {}).get("not_recommended", [])
        return six_players.teams.seat_leaders([lead for lead in leaders if lead not in left_out], rnd)

    @staticmethod
    def _deck(cards, modules) -> list[str]:
        return sorted(c["id"] for c in cards if in_game(c, modules)
                      for _ in range(c["copies"]))

    # --- names ---------------------------------------------------------------------------------
    NAME_FIELDS = {"card": "card", "space": "space", "faction": "faction", "post": "post",
                   "infiltrate": "post", "gather": "post", "recall": "post", "contract": "contract", "tile": "tech",
                   "skill": "skill"}

    def normalize(self, data: dict, pointer: str, players: list[str]) -> dict:
        """Resolve every name in an action to its id (English, Russian, case/punctuation folded)."""
        out = dict(data)
        by = out.get("by")
        if by != CHANCE and by not in players:
            raise UnknownName(f"unknown player {by!r}", f"{pointer}/by")
        for key in ("player", "from", "activate"):
            if key in out and out[key] not in players:
                raise UnknownName(f"unknown player {out[key]!r}", f"{pointer}/{key}")
        for key, kind in self.NAME_FIELDS.items():
            if key in out and not (out[key] == HIDDEN and out.get("do") in self.FACE_DOWN_CHANCE):
                index = self._index_for(out, kind)
                out[key] = self._resolve(index, kind, out[key], f"{pointer}/{key}")
        if isinstance(out.get("objectives"), dict):
            out["objectives"] = {k: self.content.resolve("objective", v, f"{pointer}/objectives/{k}")
                                 for k, v in sorted(out["objectives"].items())}
        if isinstance(out.get("cards"), list):
            index = self.content.names[self.DRAWN_KINDS.get(out.get("do"), "card")]
            out["cards"] = [c if c == HIDDEN else self._resolve(index, "card", c, f"{pointer}/cards/{i}")
                            for i, c in enumerate(out["cards"])]
        return out

    FACE_DOWN_CHANCE = ("steal-intrigue", "reveal-conflict")  # "?" read here, judged by the chance kind
    DRAWN_KINDS = {"draw-intrigue": "intrigue", "draw-twisted": "intrigue", "draw-navigation": "navigation"}
    CARD_KINDS = ("card", "intrigue", "conflict", "navigation", "tleilaxu")  # tleilaxu: Reclaimed Forces

    def _resolve(self, index, kind: str, name, pointer: str) -> str:
        """A card of another kind than the action asks for still resolves (to its id), so that
        the checks answer `card.wrong-kind` instead of an unknown name."""
        found = index.lookup(name, pointer)  # a shared name raises here, whatever the kind
        if found is None and kind == "card":
            for other in self.CARD_KINDS:
                try:
                    found = self.content.names[other].lookup(name, pointer)
                except UnknownName:
                    continue
                if found is not None:
                    break
        if found is None:
            self.content.refuse_elsewhere(name, pointer)
        return found if found is not None else index.resolve(name, pointer)  # unknown: with suggestions

    def _index_for(self, data: dict, kind: str):
        if kind == "card":
            do = data.get("do")
            if do in ("draw-hagal", "rival-agent"):
                return rivals.hagal.hagal_names(self.edition)
            if do in ("play-intrigue", "steal-intrigue"):
                return self.content.names["intrigue"]
            if do == "reveal-conflict":
                return self.content.names["conflict"]
            if do == "acquire-tleilaxu":
                return self.content.names["tleilaxu"]
        return self.content.names[kind]

    def resolve_leader(self, name: str, pointer: str) -> str:
        return self.content.names["leader"].resolve(name, pointer)

    def resolve_rival(self, name: str, pointer: str) -> str:
        """A Rival card's leader: a player's leader, or one found only on a Rival card (Glossu
        Rabban, Vladimir Harkonnen), known by its id or its name in the House Hagal data."""
        if self.edition in RIVAL_EDITIONS and name in (only := rivals.hagal.rival_only_names(self.edition)):
            return only.resolve(name, pointer)
        return self.resolve_leader(name, pointer)

    # --- progress ----------------------------------------------------------------------------
    def settle(self, g: Game) -> None:
        """Run everything that needs no decision."""
        while (task := g.top) is not None:
            t = task["t"]
            if t == "steps":
                advance_steps(g, task)
            elif t == "flow":
                advance_flow(g, task)
            elif t == "window" and skip_window(g, task):
                continue
            elif t == "choice" and not choices.offers(g, task):
                g.finish(task)
            else:
                return

    def prompt(self, state: dict) -> dict | None:
        g = Game(state, self.content)
        task = g.top
        if task is None:
            return None
        if task["t"] == "chance":
            kind = CHANCES[task["kind"]]
            extra = kind.prompt(g, task) if kind.prompt else {}
            return {"by": CHANCE, **{k: v for k, v in task.items() if k != "t"}, **extra}
        return {"by": actor(task), "kind": task["kind"] if task["t"] == "choice" else task["t"],
                "window": window(g, task), "verbs": [v.name for v in verbs(g, task)]}

    # --- legality and application -------------------------------------------------------------
    def apply(self, state: dict, action: Action, dealt: bool = False) -> Outcome:
        """Check and apply one action; raises IllegalAction (the state may then be partly
        changed: the caller restores it from the previous snapshot).

        `dealt`: the action is the chance outcome `deal` has just drawn from this state's seed,
        so the RNG has advanced already. A chance outcome the log records (not dealt) advances
        the RNG as dealing it would, so that a seeded log may record some outcomes and leave
        the others to the dealer."""
        g = Game(state, self.content)
        task = g.answered(action, AWAITED_KEYS, {"over": "endgame.tiebreak", "missing": "log.hidden-outcome"})
        if task["t"] == "chance":
            kind = CHANCES[task["kind"]]
            check_kind(task, action.data)
            if state.get("rng") is not None and not dealt:
                kind.deal(Game(state, self.content), task)  # a recorded outcome: keep the dealer in step
            kind.apply(g, task, action.data)
            g.rulings += kind.rulings
            g.finish(task)
        else:
            self._decide(g, task, action)
        self.settle(g)
        return g.outcome(hidden_ruling="log.hidden-outcome")

    def awaits(self, state: dict, action: Action) -> bool:
        """Does the game wait for this chance outcome now? The chance outcomes it waits for at
        once (setup's contracts, objectives and Row; the round's draws) are independent of
        each other: a log may record them in any order."""
        return awaited_index(state["stack"], action, AWAITED_KEYS) is not None

    def implied(self, state: dict, action: Action, later=()) -> list[Action]:
        """What the engine does before `action`, refused where it stands (implied.py)."""
        return implied.steps_before(self, state, action, later)

    def forced(self, state: dict, offers: list[Action] | None = None) -> Action | None:
        return implied.forced(self, state, offers)

    @staticmethod
    def out_of_turn(action: Action) -> bool:
        return False  # every action answers the decision pending (Intrigue windows are decisions)

    def _decide(self, g: Game, task: dict, action: Action) -> None:
        who = actor(task)
        if action.is_chance:
            raise IllegalAction("log.unexpected-chance", "The game waits for {seat}, not for a chance outcome.",
                                ("turn.order",), params={"seat": who})
        v = VERBS.get(action.do)
        any_time = v is not None and v.any_time and action.by in g.state["players"] \
            and (v.accepts is None or v.accepts(g, task))
        if any_time:  # anyone's, beside the decision that stays pending
            who = action.by
        elif action.by != who:
            raise IllegalAction("turn.not-your-turn", "It is {seat}'s decision, not {by}'s.",
                                ("turn.order",), params={"seat": who, "by": str(action.by)})
        self._check_in_game(g, action)
        accepted = (v,) if any_time else verbs(g, task)
        if v not in accepted:
            if action.do == "play-intrigue":
                check_timing(g, task, action.get("card"))
            if action.do in ("resolve", "deploy", "end-turn", "acquire") and task["t"] == "choice":
                optional = choices.SKIP in choices.offers(g, task)
                if optional and choices.face_down_only(g, task):  # the log could not know it was asked
                    choices.answer(g, task, choices.SKIP)
                    g.hidden.append(f"{who} moves on past a choice of {task['src']} that only face-down "
                                    "cards could allow: taken as declined")
                    self.settle(g)
                    return self._decide(g, g.top, action)
                raise IllegalAction("timing.choice-pending", "{seat} must first answer the {choice} choice of "
                                    "{source} (to decline it: choose skip)." if optional else "{seat} must first "
                                    "answer the {choice} choice of {source}.",
                                    ("timing.effects-any-order", *(("log.decline-optional",) if optional else ())),
                                    params={"seat": who, "choice": task["kind"], "source": task["src"]})
            raise IllegalAction("turn.unexpected-action", "{verb} is not possible now: {seat} may {verbs}.",
                                ("turn.order",), params={"verb": str(action.do), "seat": who,
                                                         "verbs": [x.name for x in accepted]})
        check_answers(action.data, _decision_names(task))
        v.apply(g, task, who, {k: action.data[k] for k in sorted(action.data) if k not in ("by", "do", ANSWERS)})
        g.rulings[:0] = v.rulings

    def _check_in_game(self, g: Game, action: Action) -> None:
        """A component of a module the game does not play is in the box: refused, naming the module."""
        for key in NAMING_KEYS:
            item = self.content.named(key, action.data.get(key))
            module = item and needed_module(item, g.state["game"]["modules"])
            if module:
                raise IllegalAction("setup.module-components", EXCLUDED, ("setup.module-components",),
                                    params={"component": item["id"], "module": module_title(module)})

    # --- listing legal actions -------------------------------------------------------------------
    def legal_actions(self, state: dict) -> list[Action]:
        return list(self.offered(state))

    def offered(self, state: dict) -> Iterator[Action]:
        """The legal actions one by one, listed only as far as they are read: whether a decision
        is forced needs two of them, not a busy turn's every placement (implied.forced)."""
        g = Game(state, self.content)
        task = g.top
        if task is None:
            return
        if task["t"] == "chance":
            options = CHANCES[task["kind"]].candidates(g, task)
            yield from (Action({"by": CHANCE, **o}) for o in options or [])
            return
        who = actor(task)
        for v in verbs(g, task):
            yield from (Action({"by": who, "do": v.name, **o}) for o in v.offers(g, task, who))

    def deal(self, state: dict) -> Action | None:
        """The chance outcome the game waits for, drawn from the seed in the state (None when
        the game waits for a decision, or has no seed). Advances the state's RNG, once: apply
        the outcome with `dealt=True` (core.replay.deal does both)."""
        return dealt(Game(state, self.content), CHANCES)

    # what an action changed (core/consequences.py)
    consequence_kinds, pieces, noted = CONSEQUENCE_KINDS, staticmethod(pieces_of), staticmethod(noted_events)

    def tally(self) -> ImperiumTally:
        """What this rule system notes of a game while it is replayed (facts.py; core/facts.py)."""
        return ImperiumTally()

    def result(self, state: dict) -> dict:
        """The one result shape (core/results.py) over what the endgame recorded (rounds.py; the
        six-player game's teams: modules/six_players/teams.py): the VP and tiebreakers beside it."""
        r = state.get("result")
        if not r:
            return results.ongoing(vp={q: state["players"][q]["vp"] for q in state["game"]["seats"]})
        detail = {k: r[k] for k in ("vp", "tiebreakers", "teams", "winning_team") if k in r}
        if "teams" in r:
            everyone = [q for team in sorted(r["teams"]) for q in r["teams"][team]["members"]]
            winners = r["shared"] or everyone  # teams tied after every tiebreaker all share the win
            return results.ended(winners, "team" if r["shared"] else "tie",
                                 results.places(r["ranking"], winners), **detail)
        winners = [r["winner"]] if r["winner"] else r["shared"]

        def key(pid):
            return (r["vp"][pid], *r["tiebreakers"][pid].values())

        tied_vp = any(q != winners[0] and r["vp"][q] == r["vp"][winners[0]] for q in r["ranking"])
        how = "tie" if len(winners) > 1 else "tiebreak" if tied_vp else "vp"
        return results.ended(winners, how, results.places(r["ranking"], winners, key), **detail)

    def leader_ids(self, modules) -> list[str]:
        return sorted(lid for lid, lead in self.content.leaders.items() if in_game(lead, modules))

    def cards(self, card_type: str | None = None, modules: list | None = None) -> list[dict]:
        if modules is None:  # the edition's own components (and CHOAM's, a part of Uprising's box)
            return cards_of(self.content, card_type)
        return cards_of(self.content, card_type, self.check_modules(modules, "/modules"))

    def timing_graph(self, fmt: str = "node-link"):
        return export(self.edition, fmt)

    languages = LANGS

    def view(self, state: dict, lang: str = "en") -> dict:
        """What the replay viewer draws (view.py)."""
        drawn = board(self.content, state, lang)
        if drawn.get("conflict"):  # the rewards in the effect language's words
            card = self.content.conflicts.get(state["board"]["conflict"], {})
            drawn["conflict"]["rewards"] = rewards(self.content, card, lang)
        return {"board": drawn, "players": players(self.content, state, lang),
                "moment": moment(state, lang), "turn_graph": turn_graph(self.content, state, lang)}

    def describe(self, action: dict, state: dict, lang: str = "en") -> str:
        return label(self.content, action, state, lang)

    def display_name(self, value: str, lang: str = "en") -> str:
        """An id's name in `lang`; an unnamed House Hagal seat (`rival-1`) as "House Hagal Rival 1"."""
        if RIVAL_SEAT.fullmatch(value):
            return f"{RIVAL_WORDS[lang]} {value.rpartition('-')[2]}"
        return name_of(self.content, lang, value)

    def may_decide(self, state: dict) -> bool:
        return state.get("phase") == "combat" and bool(state["board"].get("conflict"))

    def outcome(self, before: dict, after: dict, action: dict, lang: str = "en") -> dict:
        lines = combat_outcome(self.content, before, after, lang)
        return {"lines": lines} if lines else {}

    def offer_label(self, action: dict, state: dict, lang: str = "en") -> str:
        return offer_label(self.content, action, state, lang)

    def moment(self, state: dict, lang: str = "en") -> dict:
        return moment(state, lang)

    def secret(self, action: Action, state: dict) -> Hidden | None:
        """What `action` keeps from the other players, declared on its kind (core/observers.py):
        a chance outcome's own kind, a `choose` answer's pending choice. `state`: before it."""
        if action.is_chance:
            kind = CHANCES.get(action.do)
        elif action.do == "choose":
            top = state["stack"][-1] if state["stack"] else {}
            kind = CHOICES.get(top.get("kind")) if top.get("t") == "choice" else None
        else:
            return None
        return kind.secret if kind is not None else None

    def public_view(self, state: dict, viewer: str | None) -> dict:
        """What `viewer` may see: others' hands, intrigue cards and deck contents become counts,
        the decks' contents too, and the dealer's RNG (which would predict the deals) is gone."""
        view = copied({k: v for k, v in state.items() if k != "rng"})
        for pid, pl in view["players"].items():
            if pid == viewer:
                continue
            if "masterstroke" in pl and not pl.get("ability_used"):  # face-down Faction tokens
                pl["masterstroke"] = len(pl["masterstroke"])
            pl["hand"] = len(pl["hand"])
            pl["intrigue"] = len(pl["intrigue"])
            pl["deck"] = len(pl["deck"]["cards"])
            if "looking" in pl:  # cards only their player looks at
                pl["looking"] = len(pl["looking"])
        view["imperium_deck"] = len(view["imperium_deck"]["cards"])
        view["intrigue_deck"] = len(view["intrigue_deck"]["cards"])
        return adjust("public-view", view, Game(state, self.content), viewer)  # a module's own hidden pieces


AWAITED_KEYS = ("player", "from", "stack")  # what tells apart the chance outcomes awaited at once


def actor(task: dict) -> str:
    return task["order"][task["idx"]] if task["t"] == "window" else task["player"]


def verbs(g: Game, task: dict) -> list:
    """The registered verbs the pending task accepts now."""
    return [v for v in _verbs_of(task["t"]) if v.accepts is None or v.accepts(g, task)]


@cache
def _verbs_of(kind: str) -> tuple:
    return tuple(v for v in VERBS.values() if kind in v.tasks)


RULESETS: dict[str, ImperiumRules] = {}


def ruleset(edition: str) -> ImperiumRules:
    if edition not in RULESETS:
        RULESETS[edition] = ImperiumRules(edition)
    return RULESETS[edition]


class ImperiumSystem:
    """The Dune: Imperium family as a rule-system plug-in (entry point `imperium`)."""

    name = "imperium"
    games = {"uprising": "uprising", "duneimperiumuprising": "uprising", "восстание": "uprising",
             "imperium": "base", "duneimperium": "base", "base": "base"}
    card_types = CARD_TYPES

    def ruleset(self, edition: str) -> ImperiumRules:
        return ruleset(edition)


SYSTEM = ImperiumSystem()
