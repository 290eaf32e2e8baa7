"""The replay viewer's step view (issue 14): everything the page draws at one step of a game,
computed here by the engine, so that the page only draws.

A game is a log, a position with its contested actions, or a stored game. Step `i` is logged
action `i`: its verdict, and the state right after it (after an illegal action the state as it
stood, since an illegal action leaves no trace). The game is replayed in continue mode, so an
invalid game can be stepped through to its end; verdicts after the first illegal action are
`conditional`. With `timeline`, the answer also lists every action, grouped by round and turn,
and the game's result at its end.

Who sees what follows the stored games' rules (visibility.py): a stored game's uploader, or
anyone once it is finished, sees everything; otherwise the board is the public view and dealt
cards are face down. `as=<player>` shows that player's view.
"""

from __future__ import annotations

import copy

from ..core.canonical import checksum
from ..core.errors import MalformedLog, NotFound
from ..core.logs import Log, parse_log
from ..core.observers import REFEREE, Observer, face_down, unseen
from ..core.replay import Replay
from ..core.rulings import all_rulings
from ..core.verdicts import ILLEGAL
from ..positions import contested, guarded, load
from . import checkpoints
from .games import get_row, stored_log
from .records import rulings_of
from .visibility import observer_of, secrets_of, verdict_view

FORMAT = "dune-adjudicator/view"
POSITION_KEYS = ("scenario", "state", "log")  # a position names its start with one of these; a log has none


def of_body(doc, step: int, viewer: str | None, lang: str, timeline: bool, deadline: float | None) -> dict:
    """A posted log or position: its sender holds the whole of it, so sees everything."""
    if isinstance(doc, dict) and any(k in doc for k in POSITION_KEYS):
        driver = load(doc, deadline)
        rules = driver.rules
        log = Log(game={}, setup={}, rules=rules)
        for action, pointer in contested(doc, rules, driver.state["game"]["seats"]):
            log.actions.append(action)
            log.pointers.append(pointer)
        viewer = viewer if viewer is not None else doc.get("as")
        where = "/" + next(k for k in POSITION_KEYS if k in doc)
        observer = Observer(viewer) if viewer is not None else REFEREE
        # a hand-written position the engine cannot follow is the client's error (422), as in a check
        return guarded(lambda: _view(log, step, observer, lang, timeline, deadline, driver=driver), where)
    observer = Observer(viewer) if viewer is not None else REFEREE
    return _view(parse_log(doc, deadline), step, observer, lang, timeline, deadline)


def of_stored(db, game_id: str, step: int, viewer: str | None, token: str | None, lang: str, timeline: bool,
              deadline: float | None) -> dict:
    """A stored game's step, as the caller may see it. Without the timeline, from the nearest
    checkpoint (the timeline names every action, so it replays the whole log)."""
    row = get_row(db, game_id)
    observer = observer_of(row, token, viewer)
    log, row = stored_log(db, row, deadline)
    hidden = unseen(secrets_of(row), observer)
    resume = None
    if not timeline and 0 <= step < len(log.actions):
        resume = checkpoints.nearest(db, row["id"], log.rules, step - 1)
    out = _view(log, step, observer, lang, timeline, deadline, hidden, step_pointer="/step", resume=resume)
    out["game"]["id"] = game_id
    judged = [r for r in rulings_of(db, game_id) if r["step"] == step]
    if judged:  # a tournament judge's rulings at this step (service/judging.py)
        out["judged"] = judged
    return out


def _view(log: Log, step: int, observer: Observer, lang: str, timeline: bool, deadline: float | None,
          hidden: dict[int, list[str]] | None = None, driver=None, step_pointer: str = "?step",
          resume: tuple | None = None) -> dict:
    """`hidden`: logged action index -> what the observer may not see (a stored game's secrets);
    without it, what the replay finds secret from the observer's seat. `resume`: the checkpoint
    (index, driver) to start from."""
    rules = log.rules
    if lang not in rules.languages:
        raise MalformedLog(f"lang must be one of {list(rules.languages)}", "?lang", code="bad-parameter")
    total = len(log.actions)
    if not 0 <= step < total:
        raise NotFound(f"the game has steps 0..{total - 1}, not {step}" if total else "the game has no actions",
                       step_pointer)
    actions = log.actions
    if not timeline:  # the steps after this one are not needed
        log = Log(log.game, log.setup, actions[: step + 1], log.pointers[: step + 1], rules)
    start, driver = resume if resume is not None else (-1, driver)
    run = Replay(log, "continue", "none", deadline=deadline, deal_at_end=False, driver=driver, start=start + 1,
                  secrets=hidden is None and not observer.referee)
    watch = run.observe = _Watch(rules, actions, step, lang, _veil(run, observer, hidden))
    run.lang, run.ahead = lang, actions
    watch.start(run.state)
    report = run.run()
    state = watch.state
    viewer = observer.seat
    if viewer is not None and viewer not in state["game"]["seats"]:
        raise MalformedLog(f"'as' names no player of this game: {viewer!r}", "?as", code="unknown-name")
    seats = state["game"]["seats"]
    public = observer.public
    shown = rules.public_view(state, viewer) if public else state
    verdict = watch.verdict
    if public:  # no checksum of the whole state, its sentence naming no card the viewer was not shown
        hidden_now = {step: watch.step_fields} if watch.veiled(step) else {}
        verdict = {**verdict_view(verdict, hidden_now, run.reader(lang, frozenset(), hidden_now), viewer),
                   "checksum": checksum(shown)}
    else:
        verdict = run.reader(lang).verdict(verdict)
    drawn = rules.view(shown, lang)
    before = watch.before_state if watch.verdict["verdict"] != ILLEGAL else state  # an illegal action left no trace
    shown_names = {p["id"]: p.get("name") for p in drawn["players"]}  # as the rule system names a seat
    earlier = rules.view(rules.public_view(before, viewer) if public else before, lang)["players"]
    out = {
        "format": FORMAT, "version": 1, "lang": lang, "languages": list(rules.languages),
        "game": {"system": rules.system, "edition": rules.edition, "modules": state["game"].get("modules", []),
                 "players": [{"id": p, "name": shown_names.get(p) or state["game"]["players"][p]["name"]}
                             for p in seats]},
        "step": step, "steps": total, "viewer": viewer, "public_view": public,
        "action": {"index": step, "by": actions[step].by, "label": watch.labels[step], "pointer": verdict["pointer"]},
        "verdict": verdict,
        "rulings": explained(verdict["citations"]),
        "timing": _timing(verdict, drawn.pop("turn_graph")),
        **drawn,
        "result": rules.result(state),
        "changes": changes(earlier, drawn["players"]),
        # what the step decided is public once decided (a battle's plans are revealed then): read
        # off the whole states; an illegal action decided nothing; a veiled action is not read
        "outcome": rules.outcome(before, state, {} if watch.veiled(step) else actions[step].to_json(), lang)
        if watch.verdict["verdict"] != ILLEGAL else {},
        "first_illegal": report["first_illegal"],
    }
    if timeline:
        out["timeline"] = watch.timeline
        out["groups"] = watch.groups
        out["final"] = {"valid": report["valid"], "first_illegal": report["first_illegal"],
                        "result": report["result"]}
        if watch.scores:  # the chart of victory points by round (a game that counts them)
            out["scores"] = [*watch.scores, {"round": watch.round, "end": True, "vp": report["result"]["vp"]}]
        if watch.stocks:  # the charts of spice and Solari by round
            out["stocks"] = watch.stocks
    return out


def _veil(run: Replay, observer: Observer, hidden: dict[int, list[str]] | None):
    """index -> the fields of that logged action the observer may not see (None: all of it shown)."""
    if observer.referee:
        return lambda index: None
    if hidden is not None:
        return hidden.get

    def noted(index: int):  # what this replay has just found secret (a posted log seen from one seat)
        last = run.secrets[-1] if run.secrets else None
        return last["fields"] if last and last["index"] == index and not observer.sees(last) else None
    return noted


STOCKS = ("spice", "solari")  # what the resource charts follow


class _Watch:
    """Called after every step of the replay: the timeline entry and its group, and a copy of
    the state at the chosen step. `veil(index)`: what of that action the observer may not see."""

    def __init__(self, rules, actions, step: int, lang: str, veil):
        self.rules, self.actions, self.step, self.lang, self.veil = rules, actions, step, lang, veil
        self.state, self.verdict = None, None
        self.step_fields: list[str] = []  # the fields of the chosen step's action the observer may not see
        self.before_state = None  # the state just before the chosen step
        self.scores: list[dict] = []  # each player's VP as each round began
        self.stocks: list[dict] = []  # each player's spice and Solari as each round began, and at the end
        self.round = None
        self.labels: dict[int, str] = {}
        self.secret: set[int] = set()
        self.timeline: list[dict] = []
        self.groups: list[dict] = []
        self.before = None  # the moment before the next action
        self.deciding = None  # a copy of the state before the next action, where that may decide something
        self.turns = 0
        self.key = None
        self._ended = False  # the last action ended a turn

    def start(self, state: dict) -> None:
        self.before = self.rules.moment(state, self.lang)
        self.before_state = copy.deepcopy(state)
        self.deciding = self.before_state if self.rules.may_decide(state) else None

    def __call__(self, verdict, driver) -> None:
        index = verdict.index
        state = driver.state
        data = self.actions[index].to_json()
        fields = self.veil(index)
        if fields:
            data = face_down(data, fields)
            self.secret.add(index)
        if index == self.step:
            self.step_fields = list(fields or ())
        self.labels[index] = self.rules.describe(data, state, self.lang)
        after = self.rules.moment(state, self.lang)
        if after["round"] != self.round:
            self.round = after["round"]
            vp = self.rules.result(state).get("vp")
            if vp is not None:
                self.scores.append({"round": self.round, "end": False, "vp": vp})
            self._stock(state, end=False)
        if index == len(self.actions) - 1:
            self._stock(state, end=True)
        group = self._group(self.before, after, state, data["by"])
        self.before = after
        entry = {"index": index, "by": data["by"], "label": self.labels[index], "verdict": verdict.verdict,
                 "code": verdict.code, "group": group, **({"conditional": True} if verdict.conditional else {})}
        if self.deciding is not None and verdict.verdict != ILLEGAL:  # what the step decided, in words
            decided = self.rules.outcome(self.deciding, state, {} if fields else data, self.lang).get("lines")
            if decided:
                entry["decided"] = decided
        self.deciding = driver.copy_state() if self.rules.may_decide(state) else None
        self.timeline.append(entry)
        if index == self.step - 1:
            self.before_state = driver.copy_state()
        if index == self.step:
            self.state = driver.copy_state()
            self.verdict = verdict.to_json(self.rules.edition)

    def _stock(self, state: dict, end: bool) -> None:
        """Each player's spice and Solari (those the game has: public counts in both games'
        player panels), as the rule system draws them."""
        held = {p["id"]: {k: p[k] for k in STOCKS if isinstance(p.get(k), int)}
                for p in self.rules.view(state, self.lang)["players"]}
        if any(held.values()) or self.stocks:
            self.stocks.append({"round": self.round, "end": end, "players": held})

    def veiled(self, index: int) -> bool:
        return index in self.secret

    def _group(self, before: dict, after: dict, state: dict, by: str) -> int:
        """Actions of one player turn form a group (from the action that starts the turn to the
        one that ends it); the others are grouped by round and phase."""
        turn = before["turn"] or after["turn"]
        if turn is not None:
            if self.key is None or self.key[:3] != ("turn", turn["player"], turn["kind"]) or self._ended:
                self.turns += 1
            key = ("turn", turn["player"], turn["kind"], self.turns)
            moment = before if before["turn"] else after
        else:  # a decision belongs where it was asked; a chance outcome where it leads
            moment = after if by == "chance" else before
            key = ("phase", moment["round"], moment["phase"])
        self._ended = before["turn"] is not None and after["turn"] is None
        if key != self.key:
            self.key = key
            self.groups.append(self._describe(len(self.groups), moment, turn, state))
        return len(self.groups) - 1

    def _describe(self, number: int, moment: dict, turn: dict | None, state: dict) -> dict:
        where = f"{self.rules.round_word[self.lang]} {moment['round']}"
        if turn is not None:
            name = state["game"]["players"][turn["player"]]["name"]
            return {"id": number, "round": moment["round"], "phase": moment["phase"], "player": turn["player"],
                    "kind": turn["kind"], "label": f"{where} · {name}: {turn['name']}"}
        return {"id": number, "round": moment["round"], "phase": moment["phase"], "player": None, "kind": None,
                "label": f"{where} · {moment['phase_name']}"}


def _counts(player: dict, prefix: str = "") -> dict[str, int]:
    """A drawn player's counts (vp, spice, troops.garrison, ...) by dotted key; no flags, no ids."""
    out = {}
    for key, value in player.items():
        if isinstance(value, dict):
            out.update(_counts(value, f"{prefix}{key}."))
        elif isinstance(value, int) and not isinstance(value, bool):
            out[prefix + key] = value
    return out


def changes(before: list[dict], after: list[dict]) -> list[dict]:
    """What the step changed of each player's counts, in seat order: the outcome line's facts
    (a Conflict's rewards, a battle's losses, a purchase's cost) read off the drawn players."""
    was = {p["id"]: _counts(p) for p in before}
    out = []
    for p in after:
        old, new = was.get(p["id"], {}), _counts(p)
        delta = {k: v - old[k] for k, v in sorted(new.items()) if k in old and v != old[k]}
        if delta:
            out.append({"player": p["id"], "delta": delta})
    return out


def explained(citations: list[dict]) -> list[dict]:
    """The title and statement (our words) of each cited ruling, in the citations' order."""
    records = all_rulings()
    return [{"ruling": c["ruling"], "title": records.get(c["ruling"], {}).get("title", ""),
             "statement": " ".join(str(records.get(c["ruling"], {}).get("statement", "")).split())}
            for c in citations]


def _timing(verdict: dict, graph: dict | None) -> dict | None:
    """The turn's timing graph, with the edge an out-of-order action violated (its `path`), or
    the window an Intrigue card was played out of."""
    path = verdict.get("path")
    if graph is None and not path:
        return None
    out = dict(graph or {"player": None, "kind": None, "nodes": [], "edges": []})
    out["violated"] = path if verdict["verdict"] == ILLEGAL and path and len(path) == 2 else None
    out["window"] = path[0] if verdict["verdict"] == ILLEGAL and path and len(path) == 1 else None
    return out
