"""The ruleset facade the replay driver talks to: set up, what is pending, what is legal,
apply an action. One class serves every edition of the family; editions differ in data."""

from __future__ import annotations

from ..core.actions import CHANCE, Action
from ..core.errors import IllegalAction, MalformedLog, UnknownName
from ..core.verdicts import LEGAL, UNVERIFIABLE, Outcome
from . import chance, triggers, turns
from .chance import identify
from .choices import apply_choice, choice_candidates
from .conditions import holds, units_in_conflict
from .content import FACTIONS, Content, content
from .costs import can_afford, commit_option
from .effects import advance_steps, resolves_to
from .game import Game
from .rounds import advance_flow
from .steps import run
from .timing import TIMING_RULINGS, allows, blocking_edge

MODULES = {"uprising": ("choam",), "base": ()}
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
PLAYER_COUNTS = (3, 4)
INTRIGUE_TIMINGS = ("plot", "combat", "endgame")

VERB_RULINGS = {
    "send-agent": ("agent.card-required", "agent.icon-mismatch", "agent.space-occupied", "agent.space-cost"),
    "reveal": ("turn.reveal-once", "card.agent-or-reveal"),
    "resolve": ("timing.effects-any-order",),
    "deploy": ("deploy.limits",),
    "acquire": ("acquire.cost",),
    "end-turn": ("turn.order",),
    "pass": ("combat.intrigue-window",),
    "choose": (),
    "play-intrigue": (),
}
# which verbs each pending task accepts
ACCEPTS = {
    "turn": ("send-agent", "reveal", "play-intrigue"),
    "agent": ("resolve", "deploy", "end-turn", "play-intrigue"),
    "reveal": ("resolve", "acquire", "end-turn", "play-intrigue"),
    "choice": ("choose",),
    "window": ("play-intrigue", "pass"),
}


class ImperiumRules:
    system = "imperium"
    setup_rulings = SETUP_RULINGS

    def __init__(self, edition: str):
        self.edition = edition
        self.content: Content = content(edition)
        self.setup_rulings = EDITION_SETUP_RULINGS.get(edition, SETUP_RULINGS)
        # an Intrigue card that must be the first thing in a turn (Bindu Suspension)
        self.turn_start_cards = any(s["custom"] == "pass-turn" and s.get("at_turn_start")
                                    for card in self.content.intrigues.values()
                                    for s in _custom_steps(card))

    # --- setup -------------------------------------------------------------------------------
    def new_state(self, game: dict, setup: dict) -> dict:
        cnt = self.content
        players = game.get("players", [])
        if len(players) not in PLAYER_COUNTS:
            raise MalformedLog(f"{self.edition} is supported for {PLAYER_COUNTS} players, "
                               f"not {len(players)}", "/game/players", code="unsupported-player-count")
        modules = sorted(set(game.get("modules", [])))
        for i, module in enumerate(game.get("modules", [])):  # the index in the log's own list
            if module not in MODULES[self.edition]:
                raise MalformedLog(f"module {module!r} is not supported for {self.edition}",
                                   f"/game/modules/{i}", code="unsupported-module")
        for i, p in enumerate(players):
            needs = cnt.leaders.get(p["leader"], {}).get("requires_module")
            if needs and needs not in modules:
                raise MalformedLog(f"{p['leader']} is played only with the {needs} module",
                                   f"/game/players/{i}/leader", code="leader-needs-module")
        ids = [p["id"] for p in players]
        if len(set(ids)) != len(ids) or CHANCE in ids:
            raise MalformedLog("player ids must be unique and not 'chance'", "/game/players")
        rules = cnt.rules
        starting = sorted(c["id"] for c in cnt.of_type("starting") for _ in range(c["copies"]))
        state = {
            "format": "dune-adjudicator/state", "version": 1,
            "game": {"system": self.system, "edition": self.edition, "modules": modules, "seats": ids,
                     "players": {p["id"]: {"name": p.get("name", p["id"]), "leader": p["leader"]}
                                 for p in players}},
            "rng": setup.get("seed"),
            "round": 0, "phase": "setup", "first": ids[0],
            "board": {"occupied": {}, "spies": {}, "control": {}, "shield_wall": True,
                      "bonus_spice": {s: 0 for s, d in sorted(cnt.spaces.items()) if d["maker"]},
                      "conflict": None, "conflict_levels": list(rules["conflict_levels"]),
                      "conflict_pool": {str(lv): sorted(c for c, d in cnt.conflicts.items() if d["level"] == lv)
                                        for lv in sorted(set(rules["conflict_levels"]))},
                      "discarded_conflicts": []},
            "row": [],
            "imperium_deck": {"cards": self._deck(cnt.of_type("imperium"), modules), "hidden": 0},
            "reserve": {c["id"]: c["copies"] for c in sorted(cnt.of_type("reserve"), key=lambda c: c["id"])},
            "intrigue_deck": {"cards": self._deck(cnt.intrigues.values(), modules), "hidden": 0},
            "intrigue_discard": [],
            "alliances": dict.fromkeys(FACTIONS),
            "contracts": {"pile": sorted(c for c, d in cnt.contracts.items() for _ in range(d.get("copies", 1)))
                          if "choam" in modules else [], "face_up": []},
            "players": {},
            "turn": None,
            "stack": [],
            "result": None,
        }
        for seat, p in enumerate(players):
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
                "seat_index": seat,
            }
        g = Game(state, cnt)
        g.push({"t": "flow", "step": "round-start"})
        triggers.at_setup(g)
        g.push(*({"t": "chance", "kind": "refill-row"} for _ in range(rules["row"])))
        if cnt.objectives:
            g.push({"t": "chance", "kind": "deal-objectives"})
        if "choam" in modules:
            g.push(*({"t": "chance", "kind": "reveal-contract"} for _ in range(2)))
        self.settle(g)
        return state

    @staticmethod
    def _deck(cards, modules) -> list[str]:
        return sorted(c["id"] for c in cards if c.get("module") in (None, *modules)
                      for _ in range(c["copies"]))

    # --- names ---------------------------------------------------------------------------------
    NAME_FIELDS = {"card": "card", "space": "space", "faction": "faction", "post": "post",
                   "infiltrate": "post", "gather": "post", "recall": "post", "contract": "contract"}

    def normalize(self, data: dict, pointer: str, players: list[str]) -> dict:
        """Resolve every name in an action to its id (English, Russian, case/punctuation folded)."""
        out = dict(data)
        by = out.get("by")
        if by != CHANCE and by not in players:
            raise UnknownName(f"unknown player {by!r}", f"{pointer}/by")
        for key in ("player", "from"):
            if key in out and out[key] not in players:
                raise UnknownName(f"unknown player {out[key]!r}", f"{pointer}/{key}")
        for key, kind in self.NAME_FIELDS.items():
            if key in out:
                index = self._index_for(out, kind)
                out[key] = self._resolve(index, kind, out[key], f"{pointer}/{key}")
        if isinstance(out.get("objectives"), dict):
            index = self.content.names["objective"]
            out["objectives"] = {k: index.resolve(v, f"{pointer}/objectives/{k}") for k, v in out["objectives"].items()}
        if isinstance(out.get("cards"), list):
            index = self.content.names["intrigue" if out.get("do") == "draw-intrigue" else "card"]
            out["cards"] = [c if c == chance.HIDDEN else self._resolve(index, "card", c, f"{pointer}/cards/{i}")
                            for i, c in enumerate(out["cards"])]
        return out

    CARD_KINDS = ("card", "intrigue", "conflict")

    def _resolve(self, index, kind: str, name, pointer: str) -> str:
        """A card of another kind than the action asks for still resolves (to its id), so that
        the checks answer `card.wrong-kind` instead of an unknown name."""
        try:
            return index.resolve(name, pointer)
        except UnknownName as err:
            if kind != "card" or err.code == "ambiguous-name":
                raise
            for other in self.CARD_KINDS:
                try:
                    return self.content.names[other].resolve(name, pointer)
                except UnknownName:
                    continue
            raise

    def _index_for(self, data: dict, kind: str):
        if kind == "card":
            do = data.get("do")
            if do in ("play-intrigue", "steal-intrigue"):
                return self.content.names["intrigue"]
            if do == "reveal-conflict":
                return self.content.names["conflict"]
        return self.content.names[kind]

    def resolve_leader(self, name: str, pointer: str) -> str:
        return self.content.names["leader"].resolve(name, pointer)

    # --- progress ----------------------------------------------------------------------------
    def settle(self, g: Game) -> None:
        """Run everything that needs no decision."""
        while (task := g.top) is not None:
            t = task["t"]
            if t == "steps":
                advance_steps(g, task)
            elif t == "flow":
                advance_flow(g, task)
            elif t == "window" and self._window_skip(g, task):
                continue
            elif t == "choice" and not choice_candidates(g, task):
                g.finish(task)
            else:
                return

    def _window_skip(self, g: Game, task: dict) -> bool:
        """Players without units in the combat simply pass; a window everyone passed closes."""
        if task["passes"] >= len(task["order"]):
            g.finish(task)
            return True
        pid = task["order"][task["idx"]]
        if task["kind"] == "combat" and units_in_conflict(g.p(pid)) == 0:
            _pass(task)
            return True
        return False

    def prompt(self, state: dict) -> dict | None:
        g = Game(state, self.content)
        task = g.top
        if task is None:
            return None
        if task["t"] == "chance":
            return {"by": CHANCE, "kind": task["kind"], **chance.prompt_fields(g, task)}
        return {"by": self.actor(task), "kind": task.get("kind", task["t"]) if task["t"] == "choice"
                else task["t"], "window": self.window(g, task), "verbs": self.verbs(g, task)}

    def verbs(self, g: Game, task: dict) -> list[str]:
        """The verbs the pending task accepts; at the start of a turn a leader who may look at
        the top of their deck (Prescience) may also `resolve` that."""
        out = list(ACCEPTS[task["t"]])
        if task["t"] == "turn" and triggers.peek_node(g, task["player"]):
            out.append("resolve")
        return out

    @staticmethod
    def actor(task: dict) -> str:
        if task["t"] == "window":
            return task["order"][task["idx"]]
        return task["player"]

    def window(self, g: Game, task: dict) -> str:
        t = task["t"]
        if t == "turn":
            return "agent-turn.place"
        if t == "agent":
            return "agent-turn.effects"
        if t == "reveal":
            return "reveal-turn.resolve"
        if t == "window":
            return WINDOW_NAMES[task["kind"]]
        stack = g.state["stack"]
        below = [x for x in stack if x["t"] in ("turn", "agent", "reveal", "window")]
        return self.window(g, below[-1]) if below else g.state["phase"]

    # --- legality and application -------------------------------------------------------------
    def apply(self, state: dict, action: Action) -> Outcome:
        """Check and apply one action; raises IllegalAction (the state may then be partly
        changed: the caller restores it from the previous snapshot)."""
        g = Game(state, self.content)
        task = g.top
        if task is None:
            raise IllegalAction("game.over", "the game is over: no action can follow", ("endgame.tiebreak",))
        a = action.data
        if task["t"] == "chance":
            if not action.is_chance:
                raise IllegalAction("log.missing-chance", f"the game waits for a chance outcome "
                                    f"({task['kind']}) before {action.by} can act", ("log.hidden-outcome",))
            if state.get("rng") is not None:
                chance.deal(Game(state, self.content), task)  # keep the dealer in step
            chance.apply(g, task, a)
        else:
            self._apply_decision(g, task, action)
        self.settle(g)
        return self._outcome(g, action)

    def _apply_decision(self, g: Game, task: dict, action: Action) -> None:
        a, verb, actor = action.data, action.do, self.actor(task)
        if action.is_chance:
            raise IllegalAction("log.unexpected-chance", f"the game waits for {actor}, not for chance",
                                ("turn.order",))
        if action.by != actor:
            raise IllegalAction("turn.not-your-turn", f"it is {actor}'s decision, not {action.by}'s",
                                ("turn.order",))
        if verb not in self.verbs(g, task):
            if verb == "play-intrigue":
                self._check_intrigue_timing(g, task, a)
            if verb in ("resolve", "deploy", "end-turn", "acquire") and task["t"] == "choice":
                raise IllegalAction("timing.choice-pending", f"{actor} must first answer the "
                                    f"{task['kind']} choice of {task['src']}", ("timing.effects-any-order",))
            raise IllegalAction("turn.unexpected-action", f"{verb} is not possible now: {actor} "
                                f"may {', '.join(ACCEPTS[task['t']])}", ("turn.order",))
        if verb == "send-agent":
            space = turns.check_send_agent(g, actor, a)
            g.finish(task)
            turns.start_send_agent(g, actor, a, space, task.get("deployed", 0))
        elif verb == "resolve" and task["t"] == "turn":
            if not turns.apply_peek(g, actor, a):
                raise IllegalAction("resolve.unknown-effect", f"{a.get('effect')!r} cannot be resolved "
                                    "before an Agent is sent or the cards are revealed",
                                    ("timing.effects-any-order", "leader.paul-prescience"))
        elif verb == "reveal":
            turns.check_reveal(g, actor, a)
            g.finish(task)
            turns.apply_reveal(g, actor, a, task.get("deployed", 0))
        elif verb == "resolve":
            turns.apply_resolve(g, actor, a)
        elif verb == "deploy":
            turns.apply_deploy(g, actor, a)
        elif verb == "acquire":
            turns.apply_acquire(g, actor, a)
        elif verb == "end-turn":
            turns.apply_end_turn(g, actor, task)
        elif verb == "choose":
            apply_choice(g, task, {k: v for k, v in a.items() if k not in ("by", "do")})
        elif verb == "pass":
            _pass(task)
        elif verb == "play-intrigue":
            self._play_intrigue(g, task, actor, a)

    def _check_intrigue_timing(self, g: Game, task: dict, a: dict) -> str:
        if a.get("card") not in self.content.intrigues:
            raise IllegalAction("card.wrong-kind", f"{a.get('card')} is not an Intrigue card: only Intrigue "
                                "cards are played with play-intrigue", ("card.wrong-kind", "intrigue.hidden"))
        card = self.content.intrigues.get(a.get("card"), {})
        timings = card_timings(card)
        window = self.window(g, task)
        usable = [t for t in timings if allows(window, t, "uprising")]
        if not usable:
            raise IllegalAction("intrigue.wrong-window",
                                f"{a.get('card')} is a {'/'.join(timings) or 'no'} intrigue; the open "
                                f"window is {window}", tuple(TIMING_RULINGS[t] for t in timings),
                                path=[window])
        return usable[0]

    def _check_intrigue(self, g: Game, task: dict, pid: str, a: dict) -> tuple[str, list]:
        """May `pid` play this Intrigue card now? Returns its timing and the steps to run
        (an Intrigue card's own cost is not optional: playing the card pays it)."""
        timing = self._check_intrigue_timing(g, task, a)
        if task["t"] == "window" and task["kind"] == "combat" and units_in_conflict(g.p(pid)) == 0:
            raise IllegalAction("combat.no-units", f"{pid} has no unit in the Conflict",
                                ("combat.intrigue-window",))
        card, held = a["card"], g.p(pid)["intrigue"]
        if card not in held and chance.HIDDEN not in held:
            raise IllegalAction("card.not-held", f"{pid} holds no {card}", ("intrigue.hidden",))
        need = self.content.intrigues[card].get("requires")
        if need and not holds(g, pid, need, f"intrigue:{card}"):
            raise IllegalAction("intrigue.condition", f"{pid} does not meet what {card} requires to be "
                                "played", ("intrigue.conditions",))
        steps = self.content.intrigues[card][TIMING_BOX.get(timing, timing)]
        check_intrigue_customs(g, task, pid, card, steps)
        if steps and "pay" in steps[0]:
            if not can_afford(g, pid, steps[0]["pay"], f"intrigue:{card}"):
                raise IllegalAction("intrigue.cost", f"{pid} cannot pay what {card} costs",
                                    ("intrigue.conditions",))
            steps = commit_option(steps)
        refusal = resolves_to(g, pid, steps, f"intrigue:{card}")
        if isinstance(refusal, tuple):  # its sandworm cannot come, whatever the player chooses
            raise IllegalAction(refusal[0], refusal[1], (refusal[2], "intrigue.conditions"))
        return timing, steps

    def _play_intrigue(self, g: Game, task: dict, pid: str, a: dict) -> None:
        timing, steps = self._check_intrigue(g, task, pid, a)
        card = a["card"]
        identify(g, pid, "intrigue", card)
        g.p(pid)["intrigue"].remove(card)
        g.state["intrigue_discard"].append(card)
        g.state["intrigue_discard"].sort()
        if task["t"] == "window":
            task["passes"] = 0
            if task["kind"] == "combat":  # the decision passes on after a play too (rulebook p. 12)
                task["idx"] = (task["idx"] + 1) % len(task["order"])
                g.rulings.append("combat.intrigue-window-turns")
        if task["t"] == "turn" and self.turn_start_cards:
            task["acted"] = True  # the turn has begun (Bindu Suspension must come first)
        g.rulings += [TIMING_RULINGS[timing], "intrigue.conditions", *self.content.intrigues[card].get("rulings", [])]
        if timing == "combat":
            g.rulings.append("combat.marker-adjust")
        run(g, pid, steps, f"intrigue:{card}")

    def _outcome(self, g: Game, action: Action) -> Outcome:
        rulings = list(VERB_RULINGS.get(action.do, ())) + g.rulings
        if g.unimplemented:
            return Outcome(UNVERIFIABLE, "not-implemented",
                           "not implemented: " + "; ".join(g.unimplemented), rulings)
        if g.hidden:
            return Outcome(UNVERIFIABLE, "hidden-information", "; ".join(g.hidden),
                           rulings + ["log.hidden-outcome"])
        return Outcome(LEGAL, "ok", "", rulings)

    # --- listing legal actions -------------------------------------------------------------------
    def legal_actions(self, state: dict) -> list[Action]:
        g = Game(state, self.content)
        task = g.top
        if task is None:
            return []
        if task["t"] == "chance":
            options = chance.candidates(g, task)
            return [Action({"by": CHANCE, **o}) for o in options or []]
        actor = self.actor(task)
        return [Action({"by": actor, **o}) for o in self._candidates(g, task, actor)]

    def _candidates(self, g: Game, task: dict, pid: str) -> list[dict]:
        t, out = task["t"], []
        if t == "choice":
            return [{"do": "choose", **o} for o in choice_candidates(g, task)]
        if t == "turn":
            out += self._agent_options(g, pid)
            out.append({"do": "reveal"})
        peek = triggers.peek_node(g, pid) if t in ("turn", "agent", "reveal") else None
        if peek:  # Prescience: look at the top card of the deck
            out.append({"do": "resolve", "effect": peek})
        turn = g.state.get("turn")
        if t in ("agent", "reveal"):
            out += [{"do": "resolve", "effect": n} for n in turns.pending_effects(turn)
                    if blocking_edge(turn, n) is None]
            if t == "agent" and "deploy" in turn["nodes"] and "deploy" not in turn["done"] \
                    and blocking_edge(turn, "deploy") is None:
                out += [{"do": "deploy", **o} for o in turns.deploy_candidates(g, pid)]
            if t == "reveal" and blocking_edge(turn, "acquire") is None:
                out += [{"do": "acquire", **o} for o in turns.acquire_candidates(g, pid)]
            probe = dict(turn, done=list(turn["done"]))
            if t == "agent" and "deploy" in probe["nodes"] and g.p(pid)["troops"]["garrison"] == 0 \
                    and blocking_edge(probe, "deploy") is None:
                probe["done"].append("deploy")
            if blocking_edge(probe, "end") is None:
                out.append({"do": "end-turn"})
        if t == "window":
            out.append({"do": "pass"})
        out += self._intrigue_options(g, task, pid)
        return out

    def _agent_options(self, g: Game, pid: str) -> list[dict]:
        pl = g.p(pid)
        out = []
        for card in sorted(set(pl["hand"])):
            if len(pl["placed"]) >= pl["agents"] and not (
                    pl["placed"] and turns.moves_agent(self.content.cards.get(card, {}))):
                continue
            for space in self.content.spaces:
                mine = turns.own_spy_posts(g, pid, space)
                occupied = space in g.state["board"]["occupied"]
                # an occupied space: by infiltrating (Uprising) or by a card or leader that lets
                # an Agent share it (the original game)
                for infiltrate in ([None, *mine] if occupied else [None]):
                    for gather in [None, *[p for p in mine if p != infiltrate]]:
                        a = {"do": "send-agent", "card": card, "space": space}
                        if infiltrate:
                            a["infiltrate"] = infiltrate
                        if gather:
                            a["gather"] = gather
                        try:
                            turns.check_send_agent(g, pid, a)
                        except IllegalAction:
                            continue
                        out.append(a)
        return out

    def _intrigue_options(self, g: Game, task: dict, pid: str) -> list[dict]:
        if task["t"] == "turn" or task["t"] in ("agent", "reveal", "window"):
            out = []
            for card in sorted(set(g.p(pid)["intrigue"]) - {chance.HIDDEN}):
                try:
                    self._check_intrigue(g, task, pid, {"card": card})
                except IllegalAction:
                    continue
                out.append({"do": "play-intrigue", "card": card})
            return out
        return []

    def deal(self, state: dict) -> Action | None:
        g = Game(state, self.content)
        task = g.top
        if task is None or task["t"] != "chance":
            return None
        probe = {**state, "rng": state["rng"]}
        return Action({"by": CHANCE, **chance.deal(Game(probe, self.content), task)})

    def result(self, state: dict) -> dict:
        if state.get("result"):
            return state["result"]
        g = Game(state, self.content)
        return {"finished": False, "vp": {q: g.p(q)["vp"] for q in g.order}, "winner": None}

    def public_view(self, state: dict, viewer: str | None) -> dict:
        """What `viewer` may see: others' hands, intrigue cards and deck contents become counts,
        the decks' contents too, and the dealer's RNG (which would predict the deals) is gone."""
        import copy

        view = copy.deepcopy(state)
        view.pop("rng", None)
        for pid, pl in view["players"].items():
            if pid == viewer:
                continue
            if "masterstroke" in pl and not pl.get("ability_used"):  # face-down Faction tokens
                pl["masterstroke"] = len(pl["masterstroke"])
            pl["hand"] = len(pl["hand"])
            pl["intrigue"] = len(pl["intrigue"])
            pl["deck"] = len(pl["deck"]["cards"])
        view["imperium_deck"] = len(view["imperium_deck"]["cards"])
        view["intrigue_deck"] = len(view["intrigue_deck"]["cards"])
        return view


# A Combat card that acts 'when you win a Conflict' has a timing of its own: the winner's window
# after the rewards (combat.victory), never the play-or-pass window before them.
TIMING_BOX = {"when-you-win": "combat"}


def card_timings(card: dict) -> list[str]:
    from .combat import is_victory_card

    return ["when-you-win" if t == "combat" and is_victory_card(card) else t
            for t in INTRIGUE_TIMINGS if t in card]


WINDOW_NAMES = {"combat": "combat.intrigue-window", "victory": "combat.victory",
                "endgame": "endgame.intrigue"}


def check_intrigue_customs(g: Game, task: dict, pid: str, card: str, steps: list) -> None:
    """What some Intrigue cards need before they may be played (FAQ 'Intrigue cards': meet the
    condition)."""
    pl = g.p(pid)
    for step in _custom_steps(steps):
        name = step["custom"]
        if name == "pass-turn" and step.get("at_turn_start") and not (
                task["t"] == "turn" and not task.get("acted")):
            raise IllegalAction("intrigue.not-turn-start", f"{card} must be the first thing {pid} does in "
                                "a turn, before sending an Agent or revealing", ("card.bindu-suspension",))
        if name == "opponent-loses-conflict-troop" and not any(
                g.p(q)["troops"]["conflict"] > 0 for q in g.opponents(pid)):
            raise IllegalAction("intrigue.condition", f"no opponent of {pid} has a troop in the Conflict",
                                ("card.double-cross", "intrigue.conditions"))
        if name == "lose-conflict-troops" and pl["troops"]["conflict"] < step["n"]:
            raise IllegalAction("intrigue.cost", f"{card} costs {step['n']} troops in the Conflict; "
                                f"{pid} has {pl['troops']['conflict']} there",
                                ("card.staged-incident", "intrigue.conditions"))
        if name == "take-mentat" and g.state["board"].get("mentat") is not None:
            raise IllegalAction("intrigue.condition", f"{card} takes the Mentat only from its own space, and "
                                f"{g.state['board']['mentat']} has it this round",
                                ("card.calculated-hire", "intrigue.conditions"))
        if name == "look-top-draw-or-trash" and len(pl["deck"]["cards"]) - pl["deck"]["hidden"] <= 0:
            raise IllegalAction("intrigue.empty-deck", f"{pid}'s deck is empty: there is no top card to "
                                "look at (the discard pile is not reshuffled for that)",
                                ("card.poison-snooper",))


def _custom_steps(steps) -> list[dict]:
    found = []
    if isinstance(steps, dict):
        if "custom" in steps:
            found.append(steps)
        for value in steps.values():
            if isinstance(value, (list, dict)):
                found += _custom_steps(value)
    elif isinstance(steps, list):
        for item in steps:
            found += _custom_steps(item)
    return found


def _pass(task: dict) -> None:
    task["passes"] += 1
    task["idx"] = (task["idx"] + 1) % len(task["order"])


RULESETS: dict[str, ImperiumRules] = {}


def ruleset(edition: str) -> ImperiumRules:
    if edition not in RULESETS:
        RULESETS[edition] = ImperiumRules(edition)
    return RULESETS[edition]
