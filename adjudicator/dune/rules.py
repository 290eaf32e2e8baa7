"""The classic Dune rule system's facade (`DuneRules`): set up, what is pending, what is legal,
apply an action. Every pending thing is a registered kind (registry.py); importing the rule
modules below is what registers them.

Registered as the rule system `dune` (pyproject.toml); its modules (the advanced game, the Ixians &
Tleilaxu expansion, its Tech Tokens) are folders of modules/, loaded with the factions by importing
that package. Names: spelling.py; positions: table.py; the viewer: view.py.
"""

from __future__ import annotations

from ..core import results
from ..core.actions import ANSWERS, CHANCE, Action, check_answers, dealt
from ..core.canonical import copied
from ..core.engine import awaited_index
from ..core.errors import IllegalAction, MalformedLog
from ..core.observers import Hidden
from ..core.verdicts import Outcome
from . import (  # noqa: F401  (importing a rule module registers its kinds)
    alliance,
    battle,
    bidding,
    bribes,
    cards,
    modules,
    movement,
    revival,
    setup,
    spice,
    storm,
    supply,
    treachery,
)
from .consequences import KINDS as CONSEQUENCE_KINDS
from .consequences import noted as noted_events
from .consequences import pieces as pieces_of
from .content import content
from .facts import DuneTally
from .flow import advance_flow
from .game import Game
from .playing import play
from .registry import AUTOS, CHANCES, DECISIONS, INTERJECTIONS, MODULES, fire
from .spelling import DuneSpelling, tables
from .table import DunePositions
from .timing import export
from .together import RULING as SIMULTANEOUS
from .together import bring_up
from .treachery import HIDDEN_RULINGS
from .victory import held
from .view import LANGS, battle_outcome, board, label, moment, offer_label, players

RULE_MODULES = (alliance, battle, bidding, bribes, cards, modules, movement, revival, setup, spice, storm, treachery)
AWAITED_KEYS = ("player",)
# the rulings the kernel cites refusing an action that answers nothing pending (core/engine/table.py)
ANSWERED_RULINGS = {"over": "dune.victory", "missing": "dune.engine-chance-outcomes",
                    "unexpected": "dune.engine-chance-outcomes"}


class DuneRules(DuneSpelling, DunePositions):  # names: spelling.py; positions: table.py
    system = "dune"
    setup_rulings = setup.SETUP_RULINGS
    plays = "faction"  # what a log's seat names (`players[].faction`)
    ruling_game = "dune"  # the `games` value of its ruling records
    round_word = {"en": "Turn", "ru": "Ход"}  # the classic game's ten turns (its phases make one)
    languages = LANGS
    # the zones whose canonical bytes are kept between actions until written (core/engine/zones.py;
    # the players, written most actions, and zones under about 200 bytes cost more to keep than to dump)
    zones = {z: True for z in ("game", "map", "spice_deck", "traitor_deck", "treachery")}

    def __init__(self, edition: str = "basic"):
        self.edition = edition
        self.content = content()

    def new_state(self, game: dict, setup_doc: dict) -> dict:
        state = setup.new_state(self.content, game, setup_doc, self.edition)
        self.settle(Game(state, self.content))
        return state

    # --- progress --------------------------------------------------------------------------
    def settle(self, g: Game) -> None:
        """Run everything that needs no decision; then what holds whenever the game waits (hook
        `settled`: the advanced Bene Gesserit's advisors left alone turn fighters)."""
        while (task := g.top) is not None:
            if task["t"] == "flow":
                advance_flow(g, task)
            elif task["t"] == "auto":
                AUTOS[task["kind"]](g, task)
            else:
                break
        fire("settled", g)

    def prompt(self, state: dict) -> dict | None:
        task = Game(state, self.content).top
        if task is None:
            return None
        if task["t"] == "chance":
            return {"by": CHANCE, **{k: v for k, v in task.items() if k != "t"}}
        return {"by": task["player"], "kind": task["kind"], "verbs": list(DECISIONS[task["kind"]].verbs)}

    # --- legality and application ----------------------------------------------------------
    def apply(self, state: dict, action: Action, dealt: bool = False) -> Outcome:
        g = Game(state, self.content)
        self._pass_unseen(g, action)
        asked = list(state["stack"])
        together = action.do not in INTERJECTIONS and bring_up(g, action)  # decided at once (together.py)
        try:
            return self._apply(g, action, dealt, together)
        except IllegalAction:
            if together:  # refused: the questions stay in the order they were asked
                state["stack"][:] = asked
            raise

    def _apply(self, g: Game, action: Action, dealt: bool, together: bool) -> Outcome:
        state = g.state
        task = g.answered(action, AWAITED_KEYS, ANSWERED_RULINGS)
        if task["t"] == "chance":
            kind = CHANCES[task["kind"]]
            kind.check(g, task, action.data)
            if state.get("rng") is not None and not dealt:
                kind.deal(g, task)  # a recorded outcome keeps the seeded dealer in step
            kind.apply(g, task, action.data)
            g.rulings[:0] = kind.rulings
            g.finish(task)
        elif action.do in INTERJECTIONS and not action.is_chance:
            self._interject(g, action)
        else:
            self._decide(g, task, action)
            if together:
                g.rulings.append(SIMULTANEOUS)
        self.settle(g)
        return g.outcome(hidden_first=True)

    def _pass_unseen(self, g: Game, action: Action) -> None:
        """Decisions asked only because a card is recorded "?" (a Face Dancer that may be the
        winner's leader): a log that moves on without answering could not know they were asked,
        so each is taken as a pass unless the action acts on it (issue 31; the verdict is unverifiable).
        A decision with a `left_out` answer (one older logs never recorded) is taken so too, openly."""
        while (task := g.top) is not None and task["t"] == "decide" and not self.out_of_turn(action):
            kind = DECISIONS[task["kind"]]
            if kind.left_out is not None:  # a decision older logs never recorded (Decision.left_out)
                if action.by == task["player"] and action.do in kind.verbs:
                    return
                kind.apply(g, task, {"do": kind.left_out})
                self.settle(g)
                continue
            # only a reveal answers it: a logged pass is the next decision's (the writer saw none)
            answers = action.by == task["player"] and action.do in kind.verbs and action.do != "pass"
            if answers or kind.unseen is None or not kind.unseen(g, task):
                return
            kind.apply(g, task, {"do": "pass"})
            g.hidden.append(f"{task['player']} moves on past a {task['kind']} decision that only a card "
                            "recorded unknown could allow: taken as a pass")
            g.rulings += HIDDEN_RULINGS
            self.settle(g)

    def _decide(self, g: Game, task: dict, action: Action) -> None:
        who, kind = task["player"], DECISIONS[task["kind"]]
        if action.is_chance:
            raise IllegalAction("log.unexpected-chance", "The game waits for a decision of {player}, not for "
                                "chance.", ("dune.storm-order",), params={"player": who})
        if action.by != who:
            raise IllegalAction("turn.not-your-turn", "It is {player}'s decision now, not {actor}'s.",
                                ("dune.storm-order",), params={"player": who, "actor": action.by})
        if action.do not in kind.verbs:
            raise IllegalAction("turn.unexpected-action", "That is not possible now: {player} may {verbs}.",
                                kind.rulings, params={"player": who, "verbs": list(kind.verbs)})
        check_answers(action.data, (task["kind"],))
        args = {k: v for k, v in action.data.items() if k not in ("by", ANSWERS)}
        if kind.check is not None:
            kind.check(g, task, args)
        elif Action(args) not in {Action(o) for o in kind.offers(g, task)}:
            raise IllegalAction("dune.not-offered", "{player} cannot {verb} so now.", kind.rulings,
                                params={"player": who, "verb": action.do})
        kind.apply(g, task, args)
        g.rulings[:0] = kind.rulings
        fire("decided", g, task)  # the phase's opening is over (Amal's window: modules/ixians_tleilaxu/ixcards.py)

    @staticmethod
    def _interject(g: Game, action: Action) -> None:
        """Out of turn: the pending decision stays where it is (ruling dune.engine-card-plays)."""
        kind = INTERJECTIONS[action.do]
        if action.by not in g.seats:
            raise IllegalAction("turn.not-a-player", "{actor} plays no faction.", kind.rulings,
                                params={"actor": action.by})
        if g.state["turn"] < 1:
            raise IllegalAction("dune.not-before-play", "Nothing is played out of turn before the first Storm "
                                "phase: setup is not over.", ("dune.engine-card-plays",))
        args = {k: v for k, v in action.data.items() if k != "by"}
        kind.check(g, action.by, args)
        kind.apply(g, action.by, args)
        g.rulings[:0] = kind.rulings

    def awaits(self, state: dict, action: Action) -> bool:
        return awaited_index(state["stack"], action, AWAITED_KEYS) is not None

    def implied(self, state: dict, action: Action, later=()) -> list[Action]:
        return []  # every step is recorded: the classic engine takes none on a log's behalf

    def forced(self, state: dict, offers: list[Action] | None = None) -> Action | None:
        return None  # every choice is asked, even one with a single answer

    @staticmethod
    def out_of_turn(action: Action) -> bool:
        """An action made whenever a card or rule allows (a `play`, a bribe), not asked of anyone."""
        return action.do in INTERJECTIONS and not action.is_chance

    def legal_actions(self, state: dict) -> list[Action]:
        """The decisions open now. Chance outcomes are not listed (multi-card draws are too many):
        the dealer draws them, a recorded one is checked."""
        g = Game(state, self.content)
        task = g.top
        if task is None or task["t"] == "chance":
            return []
        pid = task["player"]
        out = [Action({"by": pid, **o}) for o in DECISIONS[task["kind"]].offers(g, task)]
        if state["turn"] >= 1:  # what the prompted player may also do out of turn now
            out += [Action({"by": pid, **o}) for kind in INTERJECTIONS.values() for o in kind.offers(g, pid)]
        return out

    def deal(self, state: dict) -> Action | None:
        return dealt(Game(state, self.content), CHANCES)

    # what an action changed (core/consequences.py)
    consequence_kinds, noted = CONSEQUENCE_KINDS, staticmethod(noted_events)

    def pieces(self, state: dict) -> dict:
        return pieces_of(state, Game(state, self.content).strongholds)

    def tally(self) -> DuneTally:
        """What this rule system notes of a game while it is replayed (facts.py; core/facts.py)."""
        return DuneTally()

    def result(self, state: dict) -> dict:
        """The one result shape (core/results.py) over what victory.py recorded: the winners (two
        allies share a win) first, the others after them by the strongholds their side holds,
        then their spice (ruling dune.placings), level seats sharing a place; the turn beside it."""
        r = state["result"]
        if not r:
            return results.ongoing(turn=state["turn"])
        g = Game(state, self.content)

        def standing(pid: str) -> tuple[int, int]:
            return len(held(g, pid)), state["players"][pid]["spice"]

        order = sorted(state["order"], key=standing, reverse=True)  # stable: storm order among equals
        return results.ended(r["winners"], r["how"], results.places(order, r["winners"], standing), turn=r["turn"])

    def secret(self, action: Action, state: dict) -> Hidden | None:
        """What `action` keeps from the other players, declared on its kind (core/observers.py):
        a chance outcome's own kind, a decision's pending kind. `state`: before it."""
        if action.is_chance:
            kind = CHANCES.get(action.do)
        elif action.do in INTERJECTIONS:
            return None
        else:
            top = state["stack"][-1] if state["stack"] else {}
            kind = DECISIONS.get(top.get("kind")) if top.get("t") == "decide" else None
        return kind.secret if kind is not None else None

    def public_view(self, state: dict, viewer: str | None) -> dict:
        """What `viewer` may see: others' hands and traitors become counts; decks become sizes;
        the dealer's RNG and a battle's first plan are gone until the second is set (both are then
        revealed, "dune.battle-plans-revealed"). Spice stays open, also behind the shield
        ("dune.shield-spice-open")."""
        view = copied({k: v for k, v in state.items() if k != "rng"})
        for pid, pl in view["players"].items():
            if pid != viewer:
                for key in ("hand", "traitors", "drawn_traitors"):
                    pl[key] = len(pl[key])
                if "face_dancers" in pl:  # the Tleilaxu's; those revealed are in `revealed`
                    pl["face_dancers"] = len(pl["face_dancers"])
                if pl.get("prediction"):  # the Bene Gesserit prediction is secret until it comes true
                    pl["prediction"] = "hidden"
        view["treachery"]["deck"] = len(view["treachery"]["deck"])
        ixian = viewer in view["players"] and view["players"][viewer]["faction"] == "ixians"
        supply.public(view["treachery"], ixian)  # what the Ixians set aside and saw (supply.py)
        view["spice_deck"]["deck"] = len(view["spice_deck"]["deck"])
        view["traitor_deck"] = len(view["traitor_deck"])
        if view["battle"] and len(view["battle"]["plans"]) < 2:  # both set: revealed together
            view["battle"]["plans"] = {p: plan for p, plan in view["battle"]["plans"].items() if p == viewer}
        return view

    def leader_ids(self, modules=()) -> list[str]:
        return sorted(ld for ld, d in self.content.leaders.items() if self.content.in_set(
            self.content.factions[d["faction"]], modules))

    def cards(self, card_type: str | None = None, modules=None) -> list[dict]:
        """The decks' cards, names as `{"en", "ru"}` like every catalogue (the store indexes them)."""
        for i, m in enumerate(modules or ()):
            if m not in MODULES.all:  # the advanced game adds rules, not cards
                raise MalformedLog(f"module {m!r} is not supported for classic Dune", f"/modules/{i}",
                                   code="unsupported-module")
        decks = {"treachery": self.content.treachery, "spice": self.content.spice_cards,
                 "traitor": self.content.traitors}
        names = tables(self.content)
        return [{"type": t, **d, "name": {k: v for k, v in names[t][c].items() if v}}
                for t, cards in sorted(decks.items()) if card_type in (None, t)
                for c, d in sorted(cards.items()) if self.content.in_set(d, modules or ())]

    def timing_graph(self, fmt: str = "node-link"):
        """The phases' windows and what may be played in each (timing.py)."""
        return export(fmt)

    def simulate(self, players: int, seed: int, modules=()) -> dict:
        """A random legal game as a log (playing.py), for `adjudicator simulate`."""
        if modules:
            self.cards(None, list(modules))  # refuses a module
        return play(self, players, seed, modules=tuple(modules))[0]

    # --- the replay viewer (view.py) ------------------------------------------------------------
    def view(self, state: dict, lang: str = "en") -> dict:
        return {"board": board(self.content, state, lang), "players": players(self.content, state, lang),
                "moment": moment(state, lang), "turn_graph": None}

    def describe(self, action: dict, state: dict, lang: str = "en") -> str:
        return label(self.content, action, state, lang)

    def offer_label(self, action: dict, state: dict, lang: str = "en") -> str:
        return offer_label(self.content, action, state, lang)

    def moment(self, state: dict, lang: str = "en") -> dict:
        return moment(state, lang)

    def may_decide(self, state: dict) -> bool:
        return bool(state.get("battle"))

    def outcome(self, before: dict, after: dict, action: dict, lang: str = "en") -> dict:
        return battle_outcome(self.content, before, after, action, lang)


class DuneSystem:
    name = "dune"
    games = {"dune": "basic", "classicdune": "basic", "dunebasic": "basic", "basic": "basic", "дюна": "basic"}
    card_types = ("treachery", "spice", "traitor")

    def ruleset(self, edition: str) -> DuneRules:
        if edition not in RULESETS:
            RULESETS[edition] = DuneRules(edition)
        return RULESETS[edition]


RULESETS: dict[str, DuneRules] = {}


SYSTEM = DuneSystem()
