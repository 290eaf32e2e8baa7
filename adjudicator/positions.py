"""Positions: "was that legal?" for a contested action (or a short list of them), the legal
actions of a position, and the compact scenario of a real game cut before any action.

A position is a compact `scenario` (what a person at the table sees; docs/positions.md), a full
state (as a replay returns it) or a log prefix replayed up to the contested point. Every one is
validated before any ruling: a position with problems is answered 422 with every problem and
its JSON pointer (core.errors.InvalidPosition); nothing is stored.
"""

from __future__ import annotations

from functools import partial

from .core.actions import CHANCE, Action
from .core.canonical import checksum, dumps, restore
from .core.consequences import summary, veiled
from .core.engine import Playing
from .core.errors import AdjudicatorError, IllegalAction, InvalidPosition, MalformedLog, NotFound, problem
from .core.logs import Log, check_shape, expand, over_time, parse_log
from .core.observers import REFEREE, Observer, face_down
from .core.registry import rules_for
from .core.replay import LOOKAHEAD, Driver, Replay, deal_before
from .core.schemas import problems as schema_problems
from .core.sentences import Reader, seen_in
from .core.verdicts import ILLEGAL

MAX_CONTESTED = 50  # actions of one check: "a short list"
SCENARIO_SCHEMAS = {"dune": "dune-scenario"}  # a rule system whose scenario has its own form (position.json)


class IllegalPosition(InvalidPosition):
    code = "illegal-position"

    def __init__(self, message: str, pointer: str):
        super().__init__([problem(pointer, "illegal-position", message)], code="illegal-position")


def load(doc, deadline: float | None = None) -> Driver:
    """The position as a driver, validated: a scenario built and its `played` actions applied,
    a state as posted, or a log prefix replayed up to the contested point (no chance outcome is
    dealt past its last action: the contested action may be one). `deadline`
    (time.monotonic()) bounds the work."""
    check_shape(doc, "position")
    found = schema_problems("position", doc)
    if found:
        raise InvalidPosition(found)
    if "scenario" in doc:
        return _scenario(doc["scenario"])
    if "log" in doc:
        return _log(doc["log"], deadline)
    return _state(doc["state"])


def _scenario(sc: dict) -> Driver:
    system = sc["game"]["system"] if isinstance(sc.get("game"), dict) else None
    found = schema_problems(SCENARIO_SCHEMAS.get(system, "scenario"), sc, "/scenario")
    if found:
        raise InvalidPosition(found)
    rules = _rules(sc["game"], "/scenario/game")
    driver = Driver(rules, Playing(guarded(lambda: rules.from_scenario(sc, "/scenario"), "/scenario")))
    log = Log(game={}, setup={}, rules=rules)
    seats = driver.state["game"]["seats"]
    try:
        for i, raw in enumerate(sc.get("played", [])):
            expand(log, raw, f"/scenario/played/{i}", seats)
    except AdjudicatorError as err:
        raise InvalidPosition.of(err) from None
    for action, pointer in zip(log.actions, log.pointers, strict=True):
        guarded(lambda a=action: driver.deal(a), "/scenario")
        try:
            guarded(lambda a=action: driver.apply(a), "/scenario")
        except IllegalAction as err:
            raise IllegalPosition(f"the position's played actions are illegal: "
                                  f"{rules.humanize(err.message, driver.state)}", pointer) from None
    return driver


def _log(log_doc, deadline: float | None = None) -> Driver:
    try:
        log = parse_log(log_doc, deadline)
    except AdjudicatorError as err:
        if err.status != 400:  # a limit: it still points into the request, under /log
            err.pointer = "/log" + (err.pointer if err.pointer != "/" else "/")
            raise
        raise InvalidPosition(_every_name_problem(log_doc) or [_as_problem(err, "/log")]) from None
    try:
        replay = Replay(log, "strict", "none", deadline=deadline, deal_at_end=False)
    except AdjudicatorError as err:  # setup refused it (a module, a player count): point under /log
        err.pointer = "/log" + err.pointer
        raise
    report = replay.run()
    if not report["valid"]:
        bad = report["verdicts"][report["first_illegal"]]
        raise IllegalPosition(f"the position's log is illegal before the contested point: "
                              f"{bad['message']}", "/log" + bad["pointer"])
    return replay.driver


def _as_problem(err: AdjudicatorError, prefix: str) -> dict:
    extra = {"suggestions": err.suggestions} if getattr(err, "suggestions", None) else {}
    return problem(prefix + (err.pointer if err.pointer != "/" else ""), err.code, err.message, **extra)


def _every_name_problem(log_doc: dict) -> list[dict]:
    """Every name of a log that resolves to nothing (parse_log stops at the first)."""
    try:
        game = log_doc["game"]
        rules = rules_for(game["system"], game["edition"])
        players = [p["id"] for p in game["players"]]
    except (AdjudicatorError, KeyError, TypeError):
        return []
    found = []
    for i, p in enumerate(game["players"]):
        try:
            rules.resolve_leader(p.get(rules.plays), f"/game/players/{i}/{rules.plays}")
        except AdjudicatorError as err:
            found.append(_as_problem(err, "/log"))
    log = Log(game=game, setup={}, rules=rules)
    for i, raw in enumerate(log_doc.get("actions", [])):
        try:
            expand(log, raw, f"/actions/{i}", players)
        except AdjudicatorError as err:
            found.append(_as_problem(err, "/log"))
    return found


def _state(state: dict) -> Driver:
    found = schema_problems("state", state, "/state")
    if found:
        raise InvalidPosition(found)
    rules = _rules(state["game"], "/state/game")
    found = guarded(lambda: rules.audit(state), "/state")
    if found:
        raise InvalidPosition([dict(p, pointer="/state" + p["pointer"]) for p in found])
    guarded(lambda: rules.prompt(state), "/state")
    return Driver(rules, state)


def _rules(game: dict, pointer: str):
    try:
        return rules_for(game["system"], game["edition"], pointer)
    except MalformedLog as err:
        raise InvalidPosition.of(err) from None


def guarded(fn, pointer: str = "/state"):
    """Run engine code on a hand-written position: an inconsistent one is the client's error."""
    try:
        return fn()
    except (AdjudicatorError, IllegalAction):
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, AssertionError) as err:
        raise InvalidPosition([problem(pointer, "inconsistent-state", f"the position is inconsistent "
                                       f"({type(err).__name__}: {str(err)[:200]})")]) from None


def contested(doc: dict, rules, seats) -> list[tuple[Action, str]]:
    """The contested action, or the short list of them, each with its pointer."""
    if "action" in doc:
        raws = [("/action", doc["action"])]
    elif "actions" in doc:
        if len(doc["actions"]) > MAX_CONTESTED:
            raise MalformedLog(f"a check takes at most {MAX_CONTESTED} actions", "/actions", code="limit-actions")
        raws = [(f"/actions/{i}", a) for i, a in enumerate(doc["actions"])]
    else:
        raise MalformedLog("a position check needs the contested 'action' (or a short list of 'actions')", "/action")
    log = Log(game={}, setup={}, rules=rules)
    for pointer, raw in raws:
        expand(log, raw, pointer, seats)
    return list(zip(log.actions, log.pointers, strict=True))


def check_position(doc, deadline: float | None = None, lang: str | None = None) -> dict:
    """The verdicts on the contested actions, their sentences in `lang` (None: English, a legal
    verdict's left to render) as the viewer `as` (if any) may read them (core/sentences.py)."""
    driver = load(doc, deadline)
    rules = driver.rules
    actions = contested(doc, rules, driver.state["game"]["seats"])
    viewer = doc.get("as") if isinstance(doc, dict) else None
    verdicts, seen, hidden = [], set(), {}
    for index, (action, pointer) in enumerate(actions):
        guarded(lambda a=action: driver.deal(a))
        later = [a for a, _ in actions[index + 1:]]
        if viewer is not None:  # what the viewer may read of the action and of the table before it
            seen |= seen_in(guarded(lambda: _view(rules, driver.state, doc)))
            secret = rules.secret(action, driver.state)
            kept = secret.of(action.data) if secret is not None else None
            if kept and viewer not in kept["seen_by"]:
                hidden[index] = kept["fields"]
            else:
                seen |= seen_in(action.data)
        before = guarded(lambda: summary(rules, driver.state))
        verdict, _ = guarded(partial(driver.judge, index, action, pointer, later, before))
        if viewer is not None:
            verdict.consequences = [veiled(c, viewer) for c in verdict.consequences]
        verdicts.append(verdict)
        if verdict.verdict == ILLEGAL:
            break
    guarded(driver.deal)
    state = driver.state
    reader = Reader(rules, state["game"], lang or "en", None if viewer is None else frozenset(seen), hidden,
                    every=lang is not None)
    verdicts = [reader.verdict(v.to_json(rules.edition)) for v in verdicts]
    out = {"legal": all(v["verdict"] != ILLEGAL for v in verdicts), "verdict": verdicts[-1],
           "state": guarded(lambda: _view(rules, state, doc)), "checksum": checksum(state),
           "pending": guarded(lambda: rules.prompt(state))}
    if "actions" in doc:
        out["verdicts"] = verdicts
    return out


def _view(rules, state: dict, doc: dict) -> dict:
    """The whole state, or with `"as": player` what that player may see of it."""
    viewer = doc.get("as")
    if viewer is None:
        return state
    if viewer not in state["game"]["seats"]:
        raise MalformedLog(f"'as' names no player of this game: {viewer!r}", "/as", code="unknown-name")
    return rules.public_view(state, viewer)


def legal_actions(doc, deadline: float | None = None, lang: str = "en") -> dict:
    """The actions the position allows, each with a `label` in `lang` (what it does, in the
    game's names) and, where the offer names one thing (a faction, a card, a space), its `value`."""
    driver = load(doc, deadline)
    guarded(driver.deal)
    actions = guarded(driver.legal_actions)
    return {"pending": guarded(driver.prompt), "actions": [offer(driver, a.to_json(), lang) for a in actions],
            "checksum": checksum(driver.state)}


def offer(driver, action: dict, lang: str) -> dict:
    named = [v for k, v in action.items() if k not in ("by", "do") and isinstance(v, str) and v != "skip"]
    value = {"value": named[0]} if action["do"] == "choose" and len(action) == 3 and named else {}
    return {**action, "label": driver.rules.offer_label(action, driver.state, lang), **value}


def ranged(rules, actions: list[dict]) -> list[dict]:
    """The legal actions as a live answer's `next.actions` lists them (docs/live-games.md): of the
    verbs the rule set names (`rules.ranged`: classic Dune's shipments and moves, up to 1,600 at
    one decision), the actions alike but for their `count`, over consecutive counts, as one with
    `"count": {"min": a, "max": b}`, where the first of them stood; every other action as listed.
    `/v1/positions/legal-actions` keeps listing every action."""
    if not rules.ranged:
        return actions
    out, runs = [], {}  # an entry per action or group; a group's counts, by the action without its count
    for a in actions:
        n = a.get("count")
        if a["do"] not in rules.ranged or type(n) is not int:
            out.append(a)
            continue
        key = dumps({k: v for k, v in a.items() if k != "count"})
        if key not in runs:
            runs[key] = []
            out.append((key, a))
        runs[key].append(n)
    return [entry for one in out for entry in ([one] if isinstance(one, dict) else _runs(*one, runs[one[0]]))]


def _runs(key: bytes, first: dict, counts: list[int]) -> list[dict]:
    """One action per run of consecutive counts (one count stays a number)."""
    counts, found = sorted(set(counts)), []
    for n in counts:
        if found and found[-1][1] == n - 1:
            found[-1][1] = n
        else:
            found.append([n, n])
    return [{k: (v if k != "count" else lo if lo == hi else {"min": lo, "max": hi}) for k, v in first.items()}
            for lo, hi in found]


# --- cutting a game ---------------------------------------------------------------------------------
KEEP_ANCHORS = 8  # the latest decision points kept as candidates (an earlier one serves if one fails)


def cut(log_doc, index: int, deadline: float | None = None) -> dict:
    """The compact position before logged action `index` (0 .. number of actions): the last
    decision point a scenario can name, the actions played since (`played`), and the action at
    `index` as the contested `action`, ready to edit and send back."""
    return cuts(log_doc, [index], deadline)[index]


def cuts(log_doc, indexes, deadline: float | None = None) -> dict[int, dict]:
    """`cut` at several indexes in one pass over the log; `deadline` (time.monotonic()) bounds it."""
    log = parse_log(log_doc, deadline)
    wanted = sorted(set(indexes))
    for index in wanted:
        if not isinstance(index, int) or not 0 <= index <= len(log.actions):
            raise NotFound(f"the log has actions 0..{len(log.actions) - 1}: a position stands before one of them "
                           f"or after the last ({len(log.actions)}), not at {index}", "/index")
    rules = log.rules
    cutter = Cutter(log, Driver(rules, Playing(rules.new_state(log.game, log.setup)), omits=log.omits), -1,
                    deadline=deadline)
    out = cutter.run(wanted)
    if len(out) < len(wanted):  # the game as dealt is always a scenario
        raise NotFound("no decision point before this action can be written as a scenario", "/index")
    return out


class Cutter:
    """One pass over a log from a driver standing right after logged action `after` (-1: the game
    as dealt), marking the decision points a scenario can name. `earlier`: decision points before
    `after`, latest first, each `(entries, data, rng, fresh)` with the entries played from it up to
    `after` (a stored game's checkpoints), tried when none follows `after`. For an observer who
    may not see everything (`observer`, with `hidden`: logged action index -> the fields it may not
    see), the scenario is the observer's view and the actions played since are as it saw them."""

    def __init__(self, log: Log, driver: Driver, after: int, observer: Observer = REFEREE,
                 hidden: dict[int, list[str]] | None = None, deadline: float | None = None, earlier=()):
        self.log, self.driver, self.after, self.deadline = log, driver, after, deadline
        self.rules, self.observer, self.hidden, self.earlier = log.rules, observer, hidden or {}, earlier
        self.stream: list[dict] = []  # entries: {"action", and "index" (logged), "dealt" or "implied"}
        self.anchors: list[tuple] = []
        if after == -1:
            self.anchors.append((0, dumps(driver.state), driver.state.get("rng"), True))
        else:
            self._mark()
        self.applied = 0  # logged actions re-applied: the work of this cut

    def run(self, wanted: list[int]) -> dict[int, dict]:
        """The positions before each wanted index that can be written from here."""
        log, out = self.log, {}
        for i in range(self.after + 1, wanted[-1] + 1 if wanted else 0):
            upcoming = log.actions[i] if i < len(log.actions) else None
            over_time(self.deadline, "/index")
            self._deal(upcoming)
            if i in wanted and (found := self._position(i, upcoming)) is not None:
                out[i] = found
            if upcoming is None or i == wanted[-1]:  # the last contested action is judged by the check
                break
            try:
                outcome = self.driver.apply(upcoming, log.actions[i + 1:i + 1 + LOOKAHEAD])
            except IllegalAction as err:
                raise NotFound(f"action {i} is illegal ({err.message}): there is no position after it",
                               "/index") from None
            self.applied += 1
            self.stream += stream_entries((), outcome.implied, i, upcoming)
        return out

    def _mark(self) -> None:
        state = self.driver.state
        if self.rules.anchor(state):
            self.anchors.append((len(self.stream), dumps(state), state.get("rng"), False))
            del self.anchors[1:-KEEP_ANCHORS]

    def _deal(self, upcoming: Action | None) -> None:
        """Deal one outcome at a time, so that every decision point between them is marked."""
        rules, state = self.rules, self.driver.state
        chance = upcoming is not None and upcoming.is_chance
        if chance and not deal_before(rules, state, upcoming):
            self._mark()
            return
        while not (chance and rules.awaits(state, upcoming)):
            over_time(self.deadline, "/index")
            if (action := rules.deal(state)) is None:
                break
            self._mark()
            rules.apply(state, action, dealt=True)
            self.stream.append({"action": action.to_json(), "dealt": True})
        self._mark()

    def _candidates(self):
        for at, data, rng, fresh in reversed(self.anchors):
            yield self.stream[at:], data, rng, fresh
        for entries, data, rng, fresh in self.earlier:
            yield [*entries, *self.stream], data, rng, fresh

    def _position(self, index: int, upcoming: Action | None) -> dict | None:
        for candidate in self._candidates():
            entries, data, rng, fresh = candidate
            over_time(self.deadline, "/index")  # each candidate's scenario_of is work too
            doc = self.rules.scenario_of(state := restore(data, rng), fresh)
            if doc is not None:
                break
        else:
            return None
        if entries:
            doc["played"] = played(entries, self.rules, self.observer, self.hidden)
        if not self.observer.referee:
            doc = self.rules.public_scenario(doc, self.observer.seat, state)
        position = {"scenario": doc}
        if upcoming is not None:
            position["action"] = face_down(upcoming.to_json(), self.hidden.get(index, ()))
        return position


def stream_entries(dealt, implied, index: int, action: Action) -> list[dict]:
    """What was played up to and including logged action `index`: the outcomes dealt before it,
    the steps the engine took for the log, the action."""
    return [*({"action": a.to_json(), "dealt": True} for a in dealt),
            *({"action": a.to_json(), "implied": True} for a in implied),
            {"action": action.to_json(), "index": index}]


def played(entries: list[dict], rules, observer: Observer, hidden: dict[int, list[str]]) -> list[dict]:
    """The `played` actions of a position as `observer` saw them: a logged action's secret values
    face down, a dealt outcome's too (its kind's secret, core/observers.py); without the forced
    steps the engine took for the log (it takes them again), whose dealt cards the observer did not see."""
    if observer.referee:
        return [e["action"] for e in entries]
    out = []
    for entry in entries:
        data = entry["action"]
        if "index" in entry:
            out.append(face_down(data, hidden.get(entry["index"], ())))
        elif data["by"] == CHANCE:
            kind = rules.secret(Action(data), {"stack": []})  # a chance kind's secret needs no state
            secret = kind.of(data) if kind is not None else None
            out.append(face_down(data, secret["fields"]) if secret and not observer.sees(secret) else data)
    return out
