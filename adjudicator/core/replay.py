"""The driver: one game in progress, action by action. Replays, position checks, legal actions
and the simulator all go through it (`Driver`, and `deal` for code that holds a bare state).

A replay checks every logged action against the rules and answers it with a verdict; a checksum
of the state follows every step. Strict mode stops at the first illegal action. Continue mode
skips it (the state is restored to before it) and goes on, marking every later verdict
`conditional`. Replay never invents a decision: only chance outcomes are dealt, and only when
the log gives a seed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from .. import ENGINE_VERSION
from .actions import Action
from .canonical import digest, restore, snapshot
from .consequences import consequences, summary
from .engine import Playing
from .engine.zones import Zones
from .errors import NOT_YOUR_TURN, IllegalAction, LimitExceeded
from .explain import Explainer
from .facts import game_facts
from .logs import Log, parse_log
from .rulings import citations
from .sentences import Reader
from .verdicts import ILLEGAL, Outcome, Verdict

SNAPSHOTS = ("none", "final", "all")
MODES = ("strict", "continue")


def deal(rules, state: dict, upcoming: Action | None = None) -> list[Action]:
    """With a seed in the state, deal every chance outcome the game waits for, up to the next
    decision, and return them. When `upcoming` is a chance outcome, deal only up to where the
    game waits for it (among the outcomes it waits for at once), and nothing if it never does
    before the next decision: the log records it (applying it advances the RNG as dealing it
    would), and a wrong one is refused where the log put it.

    Each outcome is dealt once: `rules.deal` draws it and advances the state's RNG, and it is
    applied as dealt (`dealt=True`), without drawing it again."""
    if upcoming is not None and upcoming.is_chance and not deal_before(rules, state, upcoming):
        return []
    out: list[Action] = []
    while not (upcoming is not None and upcoming.is_chance and rules.awaits(state, upcoming)):
        action = rules.deal(state)
        if action is None:
            break
        rules.apply(state, action, dealt=True)
        out.append(action)
    return out


def deal_before(rules, state: dict, upcoming: Action) -> bool:
    """Is there something to deal before this recorded chance outcome? (The game does not wait
    for it yet, and dealing from the seed reaches a point where it does.)"""
    return not rules.awaits(state, upcoming) and _dealt_until(rules, _copy(state), upcoming)


def _dealt_until(rules, state: dict, upcoming: Action) -> bool:
    """Does dealing from the seed reach a point where the game waits for `upcoming`?"""
    while not rules.awaits(state, upcoming):
        action = rules.deal(state)
        if action is None:
            return False
        rules.apply(state, action, dealt=True)
    return True


def _copy(state: dict) -> dict:
    return restore(snapshot(state)[0], state.get("rng"))


def sole_action(rules, state: dict, offers: list[Action] | None = None) -> Action | None:
    """The one legal action of the decision the game waits for, when it has no other (None when
    chance is awaited, the game is over or there is a choice): a forced step in any rule system.
    `offers`: the state's legal actions, when listed already."""
    top = state["stack"][-1] if state.get("stack") else None
    if top is None or top.get("t") == "chance":
        return None
    offers = rules.legal_actions(state) if offers is None else offers
    return offers[0] if len(offers) == 1 else None


LOOKAHEAD = 64  # the logged actions after one that the engine reads to tell what the log left out
MAX_IMPLIED = 500  # steps the engine takes before one logged action; far above any real turn


class Driver:
    """One game in progress: the ruleset, the state, the seeded dealer and the rollback.

    - `deal(upcoming)`: deal from the seed up to the next decision (see `deal`).
    - `apply(action)`: check and apply one action. An illegal action raises IllegalAction and
      leaves no trace: the state is restored from the canonical snapshot taken before it (so
      `driver.state` may be a new object afterwards). With `rollback=False` (the simulator,
      which applies only offered actions) no snapshot is taken and nothing is restored.
    - `checkpoint()`: the checksum of the state now; the canonical bytes it is taken over are
      also the rollback point of the next action (one dump per action serves both). The bytes
      are assembled zone by zone (`zones`, core/engine/zones.py): only the zones written since
      the last dump are serialised again, and a rollback keeps the zones no write marked.
    """

    def __init__(self, rules, state: dict, rollback: bool = True, omits: tuple[str, ...] = (),
                 check_zones: bool = False):
        """`omits`: what the log declares it left out; with `forced-steps` every forced decision is
        taken before the next logged action and after the last (ruling log.omits-forced-steps).
        `check_zones`: compare every zone-assembled dump with the full dump (engine/zones.py)."""
        self.rules, self.state, self.rollback = rules, state, rollback
        self.zones = Zones(getattr(rules, "zones", None), check_zones)  # the state's bytes, zone by zone
        self.eager = "forced-steps" in omits
        self.dealt = 0  # chance outcomes dealt from the seed
        self._saved: bytes | None = None  # the canonical bytes of the state (RNG aside), while current
        self._saved_at = 0  # which of the zones' dumps gave them (`Zones.restore`)
        self.noted: list[dict] = []  # what the steps taken for the action being applied noted (Outcome.events)

    def deal(self, upcoming: Action | None = None) -> list[Action]:
        dealt = deal(self.rules, self.state, upcoming)
        if dealt:
            self.dealt += len(dealt)
            self._saved = None
        return dealt

    def apply(self, action: Action, later: Sequence[Action] = ()) -> Outcome:
        """Apply a logged action. Where it is refused as it stands, the engine first takes the
        steps a log may leave out (`rules.implied`: forced decisions, order-free effects; never
        one that `later`, the actions the log records next, takes itself) and tries again; the
        outcome lists them (`implied`). If it is still refused, the state is restored to before
        all of them and the refusal that explains most is raised (`_after_implied`)."""
        if not self.rollback:
            return self.rules.apply(self.state, action)
        if self._saved is None:
            self.checkpoint()
        start = self._saved, self.state.get("rng"), self._saved_at
        self.noted = []
        try:
            if self.eager and self.rules.out_of_turn(action):
                taken, outcome = self._out_of_turn(action)
            else:
                taken = self._forced_steps(action) if self.eager else []
                outcome = self.rules.apply(self.state, action)
        except IllegalAction as err:
            self.state, self.noted = self.zones.restore(*start), []
            outcome = self._after_implied(action, err, start, later)
        else:
            outcome.events = [*self.noted, *outcome.events]
            if taken:
                self.dealt += sum(step.is_chance for step in taken)
                outcome.implied = taken + list(outcome.implied or [])
                outcome.rulings = [*outcome.rulings, "log.omits-forced-steps"]
        self._saved = None
        return outcome

    def _out_of_turn(self, action: Action) -> tuple[list[Action], Outcome]:
        """An action made out of turn in a log without forced steps: where it stands, else after the
        fewest forced steps that let it stand (the first refusal is raised when none do)."""
        taken: list[Action] = []
        while True:
            before = self.zones.dump(self.state), self.state.get("rng"), self.zones.dumped
            try:
                return taken, self.rules.apply(self.state, action)
            except IllegalAction:
                self.state = self.zones.restore(*before)
                step = sole_action(self.rules, self.state)
                if step is None or len(taken) >= MAX_IMPLIED:
                    raise
            self._take(step)
            taken += [step, *deal(self.rules, self.state, action)]

    def _take(self, step: Action) -> None:
        """Apply a step the engine takes for the logged action, keeping what it noted."""
        self.noted += self.rules.apply(self.state, step).events

    def _forced_steps(self, upcoming: Action | None) -> list[Action]:
        """Take every forced decision the game waits for (and deal from the seed after each), as a
        log that declares its forced steps left out asks."""
        taken: list[Action] = []
        while len(taken) < MAX_IMPLIED and (step := sole_action(self.rules, self.state)) is not None:
            self._take(step)
            taken += [step, *deal(self.rules, self.state, upcoming)]
        return taken

    def _after_implied(self, action: Action, refusal: IllegalAction, start: tuple, later) -> Outcome:
        """Take the implied steps one batch at a time, trying `action` after each. When it is
        still refused, restore `start` and raise the refusal that explains most: where the log
        put the action, once the engine took a forced decision on the way (the action was not
        meant after it), unless that refusal only said the decision was another seat's and the
        forced steps brought the actor's own (then what decides is why the actor's action fails
        there: an icon mismatch, not the turn order); else the last one (why what the log left
        out cannot be taken)."""
        implied: list[Action] = []
        last, forced_taken, mine = refusal, False, False
        while len(implied) < MAX_IMPLIED:
            try:
                steps = self.rules.implied(self.state, action, later)
            except IllegalAction as err:  # the log had to record what it left out
                last = err
                break
            if not steps:
                break
            forced_taken = forced_taken or steps[0] == self.rules.forced(self.state)
            for step in steps:
                self._take(step)
            implied += steps + deal(self.rules, self.state, action)
            before = self.zones.dump(self.state), self.state.get("rng"), self.zones.dumped
            try:
                outcome = self.rules.apply(self.state, action)
            except IllegalAction as err:
                last = err
                mine = (self.rules.prompt(self.state) or {}).get("by") == action.by  # the actor's decision
                self.state = self.zones.restore(*before)
                continue
            self.dealt += sum(step.is_chance for step in implied)
            outcome.events = [*self.noted, *outcome.events]
            outcome.implied = implied
            outcome.rulings = [*outcome.rulings, "log.forced-steps"]
            return outcome
        self.state = self.zones.restore(*start)
        if forced_taken and refusal.code == NOT_YOUR_TURN and mine:
            raise last
        raise refusal if forced_taken else last

    def settle(self, offers: list[Action] | None = None) -> list[Action]:
        """After the last logged action: deal from the seed and take the forced decisions, up to
        the next decision with a choice (or chance without a seed). `offers`: the legal actions
        of the state as it stands, when listed already (a live game's next decision)."""
        taken = self.deal()
        forced = (lambda state, known: sole_action(self.rules, state, known)) if self.eager else self.rules.forced
        while len(taken) < MAX_IMPLIED and (step := forced(self.state, None if taken else offers)) is not None:
            self.rules.apply(self.state, step)
            self._saved = None
            taken += [step, *self.deal()]
        return taken

    def checkpoint(self) -> str:
        self._saved, self._saved_at = self.zones.dump(self.state), self.zones.dumped
        return digest(self._saved)

    def frozen(self) -> tuple[bytes, int | None]:
        """The state now as canonical bytes and the dealer's RNG (`restore` reads them back)."""
        if self._saved is None:
            self.checkpoint()
        return self._saved, self.state.get("rng")

    def copy_state(self) -> dict:
        """A copy of the state as it stands (read back from its canonical bytes)."""
        if self._saved is None:
            self.checkpoint()
        return restore(self._saved, self.state.get("rng"))

    def prompt(self) -> dict | None:
        return self.rules.prompt(self.state)

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)


class Replay:
    """Replays one log. `run()` returns the report (see schemas/report.json)."""

    def __init__(self, log: Log, mode: str = "strict", snapshots: str = "final", deadline: float | None = None,
                 deal_at_end: bool = True, explain: bool = False, driver: Driver | None = None, observe=None,
                 start: int = 0, secrets: bool = False, tally: bool = False, consequences: bool = False,
                 lang: str | None = None):
        """`deadline` (time.monotonic() value) bounds the replay time of a service request.
        `deal_at_end=False` stops right after the last logged action (a position's log prefix,
        a stored game's state after one action) instead of dealing up to the next decision.
        `explain`: an illegal verdict says what was expected instead (core/explain.py).
        `driver`: start from this game in progress (a position) instead of the log's setup.
        `observe(verdict, driver)` is called after every step, its checksum taken (the viewer).
        `start`: the first logged action to replay, `driver` standing right after the one before
        it (a stored game's checkpoint). `secrets`: note what each action keeps from whom
        (`self.secrets`, core/observers.py), for the views of a stored game. `tally`: take the
        game's facts on the way (`self.facts` after `run()`; core/facts.py). `consequences`: each
        verdict says what its action changed (core/consequences.py; an illegal action nothing);
        off where no one reads them (the internal replays), for their cost (docs/consequences.md).
        `lang`: the language of the report's sentences, every verdict's (core/sentences.py); None:
        only those of the verdicts that refuse or doubt, in English."""
        self.log, self.mode, self.snapshots, self.deadline = log, mode, snapshots, deadline
        self.deal_at_end, self.observe, self.lang = deal_at_end, observe, lang
        self.rules = log.rules
        self.driver = driver or Driver(self.rules, Playing(self.rules.new_state(log.game, log.setup)),
                                            omits=log.omits)
        self.driver.eager = self.driver.eager or "forced-steps" in log.omits
        self.verdicts: list[Verdict] = []
        self.snapshot_list: list[dict] = []
        self.first_illegal: int | None = None
        self.explain = Explainer(log) if explain else None
        # the actions the log records after each one, read to tell what it left out (a caller
        # that replays a prefix of a log gives the whole log here)
        self.ahead = log.actions
        self.start = start
        self.dealt_now: list[Action] = []  # the chance outcomes dealt before the action being judged
        self.secrets: list[dict] | None = [] if secrets else None
        self.settled: list[Action] = []  # what `settle` took after the last logged action
        self.tally = self.rules.tally() if tally else None
        self.facts: dict | None = None
        self.consequences = consequences
        self._summary: dict | None = None  # the summary of the state as it stands, while current

    @property
    def state(self) -> dict:
        return self.driver.state

    @property
    def dealt(self) -> int:
        return self.driver.dealt

    def step(self, index: int, action: Action) -> Verdict:
        pointer = self.log.pointers[index]
        before = self._summary_now() if self.consequences else None
        round_ = self.rules.moment(self.state)["round"]
        try:
            outcome = self.driver.apply(action, self.ahead[index + 1:index + 1 + LOOKAHEAD])
        except IllegalAction as err:
            verdict = Verdict.refused(index, err, pointer)
            if self.explain is not None:  # the driver has restored the state to before the action
                verdict.expected = self.explain(self.driver.state, action)
            if before is not None:  # nothing changed
                verdict.consequences = []
            return verdict
        verdict = Verdict.allowed(index, outcome, pointer, round_, action.data)
        if before is not None:
            self._summary = summary(self.rules, self.driver.state)
            verdict.consequences = consequences(self.rules, before, self._summary, outcome.events)
        return verdict

    def _summary_now(self) -> dict:
        """The summary of the state before the action: the one taken after the previous action,
        unless chance was dealt since (what it dealt is no action's consequence)."""
        if self._summary is None or self.dealt_now:
            self._summary = summary(self.rules, self.driver.state)
        return self._summary

    def reader(self, lang: str | None = None, seen: frozenset[str] | None = None, hidden: dict | None = None) -> Reader:
        """Who reads the verdicts' sentences (core/sentences.py): the referee unless told; with no
        `lang`, in English and with the legal verdicts' sentences left unrendered."""
        return Reader(self.rules, self.log.game, lang or "en", seen, hidden or {}, every=lang is not None)

    def verdicts_json(self, reader: Reader | None = None) -> list[dict]:
        """The verdicts as `reader` reads them (their sentences rendered). With no reader and no
        `lang` asked, only the sentences of the verdicts that refuse or doubt are rendered (in
        English): a legal verdict keeps its `template` and `params` and an empty `message`, since
        rendering thousands of them would cost more than a tenth of a replay (docs/performance.md)."""
        reader = reader or self.reader(self.lang)
        return [reader.verdict(v.to_json(self.rules.edition)) for v in self.verdicts]

    def run(self) -> dict:
        if self.tally is not None:
            self.tally.start(self.driver.state)
        for index in range(self.start, len(self.log.actions)):
            verdict = self.advance(index)
            if verdict.verdict == ILLEGAL and self.mode == "strict":
                break
        if self.first_illegal is None and self.deal_at_end:
            self.settled = self.driver.settle()
            self._summary = None  # what settling took is no action's consequence
            if self.tally is not None:
                self.tally.step(self.driver.state, None, None)
        if self.secrets is not None:
            self.secrets = self._kept(self.secrets)
        report = self.report()
        if self.tally is not None:
            self.facts = game_facts(report, self.tally.facts(self.driver.state))
        return report

    def advance(self, index: int) -> Verdict:
        """Judge logged action `index` (the driver standing right after the one before it): one
        step of `run`, and of a live game's append (service/live.py)."""
        driver, action = self.driver, self.log.actions[index]
        if self.deadline is not None and time.monotonic() > self.deadline:  # every action, not every 256th
            raise LimitExceeded("the replay took longer than this service allows", "/actions",
                                code="limit-replay-time")
        self.dealt_now = driver.deal(action)
        if self.secrets is not None:
            self._note_secret(index, action)
        verdict = self.step(index, action)
        verdict.conditional = self.first_illegal is not None
        self.verdicts.append(verdict)
        if self.tally is not None:
            self.tally.step(driver.state, action, verdict)
        if verdict.verdict == ILLEGAL and self.first_illegal is None:
            self.first_illegal = index
            if self.mode == "strict":
                return verdict
        verdict.checksum = driver.checkpoint()
        if self.snapshots == "all":
            self.snapshot_list.append(driver.copy_state())
        if self.observe is not None:
            self.observe(verdict, driver)
        return verdict

    def _note_secret(self, index: int, action: Action) -> None:
        hidden = self.rules.secret(action, self.driver.state)
        found = hidden.of(action.data) if hidden is not None else None
        if found:
            self.secrets.append({"index": index, "pointer": self.log.pointers[index], **found, "kind": hidden})

    def _kept(self, noted: list[dict]) -> list[dict]:
        """The secrets still secret where the log ends (a battle plan is not, once both are set)."""
        data = [a.data for a in self.log.actions]
        out = []
        for secret in noted:
            hidden, i = secret.pop("kind"), secret["index"]
            if hidden.kept is None or hidden.kept(self.state, data[i], data[i + 1:]):
                out.append(secret)
        return out

    def report(self) -> dict:
        out = {
            "format": "dune-adjudicator/report",
            "version": 1,
            "engine": ENGINE_VERSION,
            "game": self.log.game,
            "mode": self.mode,
            "valid": self.first_illegal is None,
            "first_illegal": self.first_illegal,
            "actions": len(self.log.actions),
            "dealt": self.dealt,
            "verdicts": self.verdicts_json(),
            "final_checksum": self.driver.checkpoint(),
            "setup_citations": citations(self.rules.setup_rulings, self.rules.edition),
            "result": self.rules.result(self.state),
            "pending": self.rules.prompt(self.state),
        }
        if self.snapshots in ("final", "all"):
            out["final_state"] = self.state
        if self.snapshots == "all":
            out["snapshots"] = self.snapshot_list
        return out


def replay(doc, mode: str = "strict", snapshots: str = "final", consequences: bool = False) -> dict:
    return Replay(parse_log(doc), mode, snapshots, consequences=consequences).run()
