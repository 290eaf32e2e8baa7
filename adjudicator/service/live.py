"""Live games (issue 36): a stored game that grows action by action.

`POST /v1/games` with a valid log that has not ended opens a live game; each append judges the
new actions only. The game in progress is a `Replay` kept in a small in-process LRU (`Table`),
standing right after the last stored action; a game not in it (evicted, another process, a
restart) is resumed from its latest checkpoint (service/checkpoints.py) and the at most
`checkpoints.EVERY` actions logged since. An append is written in one transaction that checks
the index it was judged against is still the game's (another append in between: 409, and the
kept replay, now ahead of the store, is dropped), so nothing is acknowledged that is not stored.

Who sees what goes through the stored game's observers (service/visibility.py): an append's
answer, the followers' events and every read are built for the caller's observer.
"""

from __future__ import annotations

import hashlib
import json
import secrets as random
import threading
import time
from collections import OrderedDict
from datetime import UTC, datetime, timedelta

from ..core.canonical import checksum, dumps
from ..core.errors import (
    AdjudicatorError,
    Conflict,
    Forbidden,
    IllegalAction,
    LimitExceeded,
    MalformedLog,
    NotFound,
    PreconditionFailed,
)
from ..core.logs import MAX_ACTIONS, Log, expand, parse_log
from ..core.observers import Observer, face_down
from ..core.replay import Driver, Replay
from ..core.results import winners_named
from ..core.schemas import problems as schema_problems
from ..core.verdicts import ILLEGAL
from ..positions import offer, ranged
from ..store import save_facts, transaction
from . import checkpoints
from .tokens import SEAT_PREFIX, digest, now
from .visibility import observer_of, seat_of, verdict_view

MAX_LIVE_ACTIONS = MAX_ACTIONS  # a live game is as long as a log may be
KEPT = 64  # live games whose replay one process keeps in memory
IDLE = 900.0  # seconds a live game's replay stays in memory without an append (LIVE_IDLE_SECONDS)
SWEEP_MIN = 1.0  # seconds: the sweeper of idle replays looks no more often than this
# Idempotency-Key answers kept (live_requests): a retry comes within seconds, so a day (the IETF
# idempotency-key draft's example) and the game's last 1,000 keyed appends are plenty.
REQUESTS_SECONDS, REQUESTS_KEPT = 24 * 3600, 1_000


class Table:
    """The replays of the live games this process served last, least recently used first out, and
    none idle longer than `idle` seconds (`LIVE_IDLE_SECONDS`; a game left for the evening holds
    no memory: its next append resumes it from its checkpoint). An entry is taken out while an
    append works on it and put back only once stored.

    Idle replays leave by themselves: while the table holds any, a sweeper thread looks every
    `idle / 4` seconds (at least SWEEP_MIN) and drops those idle too long, then ends once the
    table is empty (the next `put` starts it again); each `take` and `put` sweeps too. `clock`
    and `pause` (how the sweeper waits) are the tests' to replace."""

    def __init__(self, size: int = KEPT, idle: float = IDLE, clock=time.monotonic, pause=time.sleep):
        self.size, self.idle, self.clock, self.pause = size, idle, clock, pause
        self.lock, self.runs, self.used = threading.Lock(), OrderedDict(), {}
        self.sweeper: threading.Thread | None = None

    def take(self, game: str, index: int | None = None) -> Replay | None:
        """The replay of `game` standing before action `index` (None: whatever it stands at)."""
        with self.lock:
            self._expire()
            run = self.runs.get(game)
            if run is None or index is not None and len(run.log.actions) != index:
                return None
            self.used.pop(game)
            return self.runs.pop(game)

    def put(self, game: str, run: Replay) -> None:
        with self.lock:
            self.runs[game], self.used[game] = run, self.clock()
            self.runs.move_to_end(game)
            self._expire()
            while len(self.runs) > self.size:
                self.used.pop(self.runs.popitem(last=False)[0])  # its checkpoints are stored: it resumes
            if self.runs and (self.sweeper is None or not self.sweeper.is_alive()):  # (none in a forked child)
                self.sweeper = threading.Thread(target=self._sweep, name="live-games-sweeper", daemon=True)
                self.sweeper.start()

    def clear(self) -> None:
        with self.lock:
            self.runs.clear()
            self.used.clear()

    def _sweep(self) -> None:
        while True:
            self.pause(max(SWEEP_MIN, self.idle / 4))
            with self.lock:
                self._expire()
                if not self.runs:
                    self.sweeper = None
                    return

    def _expire(self) -> None:
        """Drop the replays idle too long: least recently used first, so the oldest lead."""
        limit = self.clock() - self.idle
        while self.runs and self.used[next(iter(self.runs))] < limit:
            self.used.pop(self.runs.popitem(last=False)[0])


TABLE = Table()
# This process's appends take the database's write lock one at a time: threads that wait for it in
# SQLite's busy handler sleep in growing steps (up to 100 ms each), a queue here wakes the next at once.
WRITING = threading.Lock()


def is_live(report: dict) -> bool:
    """An upload opens a live game when its log is valid and has not ended."""
    return bool(report["valid"]) and not report["result"].get("finished")


HEADER = ("actions", "valid", "first_illegal", "mode", "result", "pending", "final_checksum", "dealt")


def opened(report: dict, written: int) -> str:
    """The `live_report` of a game opened live: its report's fields an append changes (the verdicts
    are its events) and the number of entries its log holds as written."""
    return dumps({**{k: report[k] for k in HEADER}, "written": written}).decode()


def events_of(run: Replay, first: int, secrets: list[dict], entries: dict[int, dict] | None = None) -> list[tuple]:
    """Rows of `live_events` for logged actions `first`.. of a replay; `entries`: the log entries
    as appended, by the index of their first action (an upload's are in its stored log)."""
    secret = {s["index"]: s for s in secrets}
    entries, created, reader = entries or {}, now(), run.reader()  # sentences as a whole replay stores them
    return [(v.index, dumps(run.log.actions[v.index].to_json()).decode(),
             dumps(reader.verdict(v.to_json(run.rules.edition))).decode(),
             dumps(secret[v.index]).decode() if v.index in secret else None,
             dumps(entries[v.index]).decode() if v.index in entries else None, created)
            for v in run.verdicts if v.index >= first]


def save_events(db, game_id: str, rows: list[tuple]) -> None:
    db.conn.executemany("insert or replace into live_events (game, idx, action, verdict, secret, entry, created) "
                        "values (?, ?, ?, ?, ?, ?, ?)", [(game_id, *r) for r in rows])


def merged(db, row: dict) -> dict:
    """A live game's row as a stored game's: its log, report and secrets with what was appended
    (appends write only their events and the report's changed fields, never the whole log)."""
    if not row.get("live"):
        return row
    log, report = json.loads(row["log"]), json.loads(row["report"])
    secrets = json.loads(row["secrets"]) if row.get("secrets") is not None else None
    noted = {s["index"] for s in secrets or ()}  # a new engine's rebuild notes them all (checkpoints.current)
    uploaded = len(report["verdicts"])
    for event in db.query("select verdict, secret, entry from live_events where game = ? and idx >= ? order by idx",
                          [row["id"], uploaded]):
        report["verdicts"].append(json.loads(event["verdict"]))
        if event["entry"] is not None:
            log["actions"].append(json.loads(event["entry"]))
        if event["secret"] is not None and secrets is not None:
            secret = json.loads(event["secret"])
            if secret["index"] not in noted:
                secrets.append(secret)
    header = json.loads(row["live_report"])
    report.update({k: header[k] for k in HEADER})
    return {**row, "log": dumps(log).decode(), "report": dumps(report).decode(),
            "secrets": None if secrets is None else json.dumps(secrets)}


# --- appending ---------------------------------------------------------------------------------

LIGHT = "id, seq, owner, live, closed, finished, actions, first_illegal, dealt_live, live_report, public_checksum"


def light_row(db, game_id: str) -> dict:
    """What an append reads of its game (not the log or the report)."""
    row = next(iter(db.query(f"select {LIGHT} from games where id = ?", [game_id])), None)
    if row is None:
        raise NotFound(f"no stored game {game_id!r}", "/id")
    return row


def etag(row: dict) -> str:
    """A live game's version as a strong entity tag (RFC 9110 8.8.3): the index its next action
    takes and the public checksum of its state (public: it tells no hidden card; the index, since
    an illegal action stored in continue mode leaves the state as it was)."""
    return f'"{row["actions"]}-{row["public_checksum"]}"'


def moved(row: dict | None, expected: str, conditional: bool) -> Conflict:
    """The answer to an append judged against a version of the game that is no longer its own: 412
    to an `If-Match` (RFC 9110 13.1.1: the condition is false, the method is not performed), else
    409; either names the game's current index and entity tag, from which the client goes on."""
    extra = {"index": row["actions"], "etag": etag(row)} if row else {"index": None}
    now = row["actions"] if row else None
    if conditional:
        return PreconditionFailed(f"the game has moved on from the entity tag sent: it is now {extra.get('etag')}",
                                  "/headers/If-Match", code="etag-moved", **extra)
    return Conflict(f"another append came first: the game's next action is {now}, not {expected}", "/index",
                    code="index-moved", **extra)


def append(db, game_id: str, body, token: str, mode: str = "strict", key: str | None = None,
           deadline: float | None = None, lang: str | None = None, if_match: tuple[str, ...] | None = None
           ) -> tuple[dict, bool]:
    """Judge and store the actions of `body` ({"index": N, "actions": [...]}, the index optional
    with `if_match`, the entity tags of an If-Match header); returns the answer and whether it is
    new (False: the first answer to this Idempotency-Key, again)."""
    found = schema_problems("live-append", body)
    if found:
        raise MalformedLog(found[0]["detail"], found[0]["pointer"], code="schema")
    if "index" not in body and if_match is None:
        raise MalformedLog("an append names the index its first action takes, or sends If-Match with the game's "
                           "entity tag", "/index", code="schema")
    row = light_row(db, game_id)
    seat = _may_append(row, token)
    fingerprint = hashlib.sha256(dumps(body) + mode.encode()).hexdigest()
    if key is not None and (earlier := _earlier(db, game_id, token, key, fingerprint)) is not None:
        return earlier, False  # RFC 9110 13.1.1: a change already made may be answered 2xx
    if not row["live"]:
        why = f"closed ({row['closed']})" if row["closed"] else "it has ended"
        raise Conflict(f"the game is no longer live: {why}", "/id", code="not-live")
    if if_match is not None and "*" not in if_match and etag(row) not in if_match:
        raise moved(row, ", ".join(if_match), True)
    base = row["actions"]
    if body.get("index", base) != base:
        raise moved(row, str(body["index"]), False)
    if base + len(body["actions"]) > MAX_LIVE_ACTIONS:
        raise LimitExceeded(f"a live game may hold at most {MAX_LIVE_ACTIONS} actions", "/actions",
                            code="limit-actions")
    header = json.loads(row["live_report"])
    run = TABLE.take(game_id, base) or resume(db, game_id, deadline)
    if len(run.log.actions) != base:  # another append was stored since this one read the game
        raise moved(light_row(db, game_id), str(base), if_match is not None)
    dealt = run.dealt
    entries = _added(run, body["actions"], header["written"], seat)  # the replay is not put back on any error
    run.mode, run.deadline, run.secrets, run.verdicts = mode, deadline, [], []
    for index in range(base, len(run.log.actions)):
        verdict = run.advance(index)
        if verdict.verdict == ILLEGAL and mode == "strict":
            raise Refused(run.reader(lang).verdict(verdict.to_json(run.rules.edition)))
    run.secrets = [{k: v for k, v in s.items() if k != "kind"} for s in run.secrets]
    header["written"] += len(body["actions"])
    answer, header = _judged(run, row, header, run.dealt - dealt, lang, observer_of(row, token))
    facts = None if answer["live"] else facts_of(run.log)  # it has ended: as a whole upload's
    with WRITING, transaction(db):
        now_row = next(iter(db.query(f"select {LIGHT} from games where id = ?", [game_id])), None)
        if now_row is None or now_row["actions"] != base or not now_row["live"]:
            raise moved(now_row, str(base), if_match is not None)
        db.execute("update games set live_report = ?, actions = ?, valid = ?, first_illegal = ?, final_checksum = ?, "
                   "public_checksum = ?, winner = ?, finished = ?, dealt_live = ? where seq = ?",
                   [dumps(header).decode(), header["actions"], int(header["valid"]), header["first_illegal"],
                    header["final_checksum"], header["public_checksum"], header["winner"],
                    int(bool(header["result"].get("finished"))), header["dealt_live"], row["seq"]])
        checkpoints.add(db, game_id, run.observe.rows)
        save_events(db, game_id, events_of(run, base, run.secrets, entries))
        if not answer["live"]:
            _settle(db, game_id, None, facts)
        if key is not None:
            db.execute("insert into live_requests (game, token, key, fingerprint, answer, created) "
                       "values (?, ?, ?, ?, ?, ?)", [game_id, token, key, fingerprint, dumps(answer).decode(), now()])
            prune_requests(db, game_id)
    run.observe.rows = []  # stored
    if answer["live"]:
        TABLE.put(game_id, run)
    return answer, True


def prune_requests(db, game_id: str | None = None) -> None:
    """Inside the caller's transaction: forget the Idempotency-Key answers older than
    REQUESTS_SECONDS and, of one game, all but its REQUESTS_KEPT latest (without `game_id`: the
    old answers of every game, abandoned ones too; done when a game ends or is closed)."""
    cutoff = (datetime.now(UTC) - timedelta(seconds=REQUESTS_SECONDS)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    if game_id is None:
        db.execute("delete from live_requests where created < ?", [cutoff])
        return
    db.execute("delete from live_requests where game = ? and (created < ? or (token, key) in (select token, key "
               "from live_requests where game = ? order by created desc, token, key limit -1 offset ?))",
               [game_id, cutoff, game_id, REQUESTS_KEPT])


def _settle(db, game_id: str, closed: str | None, facts: dict) -> None:
    """Inside the caller's transaction: the game stops being live and is stored whole, as any
    stored game (its log, report and secrets written out from its events, its facts refreshed)."""
    row = merged(db, next(iter(db.query("select * from games where id = ?", [game_id]))))
    db.execute("update games set log = ?, report = ?, secrets = ?, live = 0, closed = ? where seq = ?",
               [row["log"], row["report"], row["secrets"], closed, row["seq"]])
    save_facts(db, game_id, facts)
    prune_requests(db)


class Refused(IllegalAction):
    """An illegal action in strict mode: nothing of the append is stored; the answer carries its verdict."""

    def __init__(self, verdict: dict):
        super().__init__(verdict["code"], f"action {verdict['index']} is illegal: {verdict['message']}")
        self.pointer, self.verdict = verdict["pointer"], verdict

    @property
    def extra(self) -> dict:
        return {"verdict": self.verdict}


def _may_append(row: dict, token: str) -> str | None:
    """The seat whose decisions the caller may append (None: the owner, who may append any)."""
    if token == row["owner"]:
        return None
    seat = seat_of(row, token)
    if seat is None:
        raise Forbidden("only the game's owner or one of its seat tokens may append to it", "/id")
    return seat


def _earlier(db, game_id: str, token: str, key: str, fingerprint: str) -> dict | None:
    rows = list(db.query("select fingerprint, answer from live_requests where game = ? and token = ? and key = ?",
                         [game_id, token, key]))
    if not rows:
        return None
    if rows[0]["fingerprint"] != fingerprint:
        raise Conflict("this Idempotency-Key was used for a different append; use a new key for a new request",
                       "/headers/Idempotency-Key", code="idempotency-key-reused")
    return json.loads(rows[0]["answer"])


def resume(db, game_id: str, deadline: float | None) -> Replay:
    """The live game as a replay standing after its last stored action: from the latest
    checkpoint, re-applying the actions logged since (a flagged illegal one left out again)."""
    row = merged(db, next(iter(db.query("select * from games where id = ?", [game_id]))))
    log = parse_log(json.loads(row["log"]), deadline)
    row = checkpoints.current(db, row, log, deadline)
    start, driver = checkpoints.nearest(db, row["id"], log.rules, len(log.actions) - 1)
    run = Replay(log, "continue", "none", deadline=deadline, driver=driver, start=start + 1, consequences=True)
    run.observe = checkpoints.Recorder(run, start)
    run.first_illegal = row["first_illegal"]
    for index in range(start + 1, len(log.actions)):
        run.advance(index)
    run.observe.rows = []  # stored already
    return run


def _added(run: Replay, entries: list, written: int, seat: str | None) -> dict[int, dict]:
    """Read the new log entries onto the replay's log (names resolved as an upload's); a seat
    token's entries must all be its own decisions. Returns them by the index of their first action."""
    log: Log = run.log
    ids = [p["id"] for p in log.game["players"]] + [r["id"] for r in log.setup.get("rivals", [])]
    out = {}
    for i, raw in enumerate(entries):
        out[len(log.actions)] = raw
        if seat is not None and raw.get("by") != seat:
            raise Forbidden(f"a seat token appends only its seat's decisions ({seat!r}); chance outcomes and "
                            "table-wide actions are the owner's", f"/actions/{i}/by")
        try:
            expand(log, raw, f"/actions/{written + i}", ids)  # where it stands in the stored log
        except AdjudicatorError as err:
            err.pointer = err.pointer.replace(f"/actions/{written + i}", f"/actions/{i}", 1)
            raise
    return out


def _listed(run: Replay, driver: Driver, lang: str) -> tuple[list, list[dict]]:
    """The legal actions of the decision `driver` waits for (as listed, for settle) and as the
    answer's `next.actions` shows them (labelled, classic Dune's counts as ranges:
    positions.ranged). The appends of a
    chain of chance outcomes (a round's Conflict card and draws) all come to the same decision,
    dealt ahead on the copy: its listing (a busy send-agent turn: the costliest part of an
    append) is kept on the replay with the state it was made for, and served again while the
    copy stands in that very state (its checksum and RNG) in the same language."""
    key = (checksum(driver.state), driver.state.get("rng"), lang)
    kept = getattr(run, "listed", None)
    if kept is None or kept[0] != key:
        offers = driver.legal_actions()
        shown = ranged(run.rules, [a.to_json() for a in offers])
        kept = run.listed = (key, offers, [offer(driver, a, lang) for a in shown])
    return list(kept[1]), list(kept[2])


def _judged(run: Replay, row: dict, header: dict, dealt: int, lang: str | None,
            observer: Observer) -> tuple[dict, dict]:
    """The append's answer for its caller, and the new `live_report`. What comes next is read on a
    copy, so that the live game stands where its log ends, as a whole replay's does."""
    driver = Driver(run.rules, run.driver.copy_state())
    driver.deal()
    pending = driver.prompt()
    offers = actions = None  # for anyone but the referee and the deciding seat: the legal actions name its hand
    if observer.referee or (pending and observer.seat == pending.get("by")):
        offers, actions = _listed(run, driver, lang or "en")
    # the game stays live until it has ended without the forced steps a log may still record
    # (the last passes of the endgame), so that appending them is the stored-whole replay's
    going = not run.rules.result(driver.state).get("finished")
    dealt_live = row["dealt_live"] + dealt
    header = {**header, "actions": len(run.log.actions), "valid": run.first_illegal is None,
              "first_illegal": run.first_illegal, "mode": run.mode, "dealt_live": dealt_live}
    ahead = _forced_ahead(run, header.pop(AHEAD, None))
    if ahead is not None:  # the log took the next forced steps the append before settled: the same end
        header[AHEAD] = ahead
    else:  # as a whole replay ends: the result and the final checksum are of this state (the legal
        # actions listed above tell whether a forced step follows: not listed twice)
        settled = driver.settle(offers)
        header.update({"result": run.rules.result(driver.state), "pending": driver.prompt() if settled else pending,
                       "final_checksum": checksum(driver.state), "dealt": dealt_live + driver.dealt,
                       "public_checksum": checksum(run.rules.public_view(driver.state, None))})
        header["winner"] = winners_named({"game": run.log.game, "result": header["result"]})
        if any(not step.is_chance for step in settled):
            header[AHEAD] = [step.data for step in settled if not step.is_chance]
    result = header["result"]
    hidden = {s["index"]: s["fields"] for s in run.secrets if not observer.sees(s)}
    # a seat reads the sentences with every card it was not shown veiled (its view of the whole log is not at hand)
    reader = run.reader(lang) if observer.referee else run.reader(lang, frozenset(), hidden)
    verdicts = [v.to_json(run.rules.edition) for v in run.verdicts]
    shown = [reader.verdict(v) if observer.referee else verdict_view(v, hidden, reader, observer.seat)
             for v in verdicts]
    answer = {"index": len(run.log.actions), "verdicts": shown, "next": {"pending": pending, "actions": actions},
              "result": result, "live": going, "etag": etag(header)}
    return answer, header


AHEAD = "forced_ahead"  # in `live_report`: the forced decisions the last settle took, still to be logged


def _forced_ahead(run: Replay, ahead: list[dict] | None) -> list[dict] | None:
    """What is left of the forced decisions the append before settled past (`ahead`) when this
    append logged exactly the first of them (or the first few), none refused, no chance outcome recorded and no
    step implied: the live game is then on that settle's path (the outcomes between its steps
    dealt from the seed as the settle dealt them), and its end, the report's end, is the same
    (a chain of forced steps logged one by one is settled once, not once per step). Else None."""
    appended = run.log.actions[len(run.log.actions) - len(run.verdicts):]
    if not ahead or len(appended) > len(ahead) or any(a.is_chance for a in appended) \
            or any(v.verdict == ILLEGAL or v.implied for v in run.verdicts):
        return None
    if [dumps(a.data) for a in appended] != [dumps(d) for d in ahead[:len(appended)]]:
        return None
    return ahead[len(appended):]


# --- closing, seats, events --------------------------------------------------------------------


def close(db, row: dict, token: str, body) -> dict:
    """The owner ends a live game that will not be finished, saying why; it is stored whole as it
    stands. Returns the row as it is now."""
    found = schema_problems("live-close", body)
    if found:
        raise MalformedLog(found[0]["detail"], found[0]["pointer"], code="schema")
    if row["owner"] != token:
        raise Forbidden("only the game's owner may close it", "/id")
    if not end(db, row["id"], body["reason"]):
        raise Conflict("the game is not live", "/id", code="not-live")
    return next(iter(db.query("select * from games where id = ?", [row["id"]])))


def end(db, game_id: str, reason: str) -> bool:
    """Close a live game as it stands (its owner's close, a tournament judge's off-board ending:
    service/judging.py), its facts taken anew from its whole log. False: it was not live."""
    while True:  # the facts are taken outside the write lock: again if an append came meanwhile
        row = merged(db, next(iter(db.query("select * from games where id = ?", [game_id]))))
        if not row["live"]:
            return False
        facts = facts_of(parse_log(json.loads(row["log"])))
        with transaction(db):
            now_row = light_row(db, game_id)
            if now_row["live"] and now_row["actions"] == row["actions"]:
                _settle(db, game_id, reason, facts)
                break
    TABLE.take(game_id)
    return True


def facts_of(log: Log) -> dict:
    """A game's facts (core/facts.py, what GET /v1/analytics reads) as its stored-whole upload
    takes them: a strict replay of the whole log (no deadline: a live game is at most
    MAX_LIVE_ACTIONS long, and the append or close that ends it has been admitted)."""
    run = Replay(log, "strict", "none", tally=True)
    run.run()
    return run.facts


def seat_token(db, row: dict, token: str, body) -> dict:
    """A new token for one seat of a live game (the owner's request); it replaces the seat's last one."""
    found = schema_problems("seat-token", body)
    if found or "token" in body or "game" in body:
        raise MalformedLog(found[0]["detail"] if found else "ask with {\"seat\": <player id>} only",
                           found[0]["pointer"] if found else "/", code="schema")
    game_id, seat = row["id"], body["seat"]
    if row["owner"] != token:
        raise Forbidden("only the game's owner may issue seat tokens", "/id")
    if not row["live"]:
        raise Conflict("the game is not live", "/id", code="not-live")
    seats = [p["id"] for p in json.loads(row["log"])["game"]["players"]]
    if seat not in seats:
        raise MalformedLog(f"seat names no player of this game: {seat!r} (one of {seats})", "/seat",
                           code="unknown-name")
    secret = SEAT_PREFIX + random.token_urlsafe(24)
    with transaction(db):
        db.execute("insert or replace into seat_tokens (game, seat, hash, created) values (?, ?, ?, ?)",
                   [game_id, seat, digest(secret), now()])
    return {"game": game_id, "seat": seat, "token": secret}


def events(db, game_id: str, after: int, token: str | None, limit: int = 200) -> tuple[list[dict], bool]:
    """The logged actions after `after` as the caller may see them, and whether the game is live."""
    row = next(iter(db.query("select * from games where id = ?", [game_id])), None)
    if row is None:
        return [], False  # deleted while followed
    observer = observer_of(row, token)
    rows = db.query("select idx, action, verdict, secret from live_events where game = ? and idx > ? "
                    "order by idx limit ?", [game_id, after, limit])
    out = []
    for r in rows:
        action, verdict = json.loads(r["action"]), json.loads(r["verdict"])
        secret = json.loads(r["secret"]) if r["secret"] else None
        if not observer.referee:
            hidden = {r["idx"]: secret["fields"]} if secret and not observer.sees(secret) else {}
            action = face_down(action, hidden.get(r["idx"], ()))
            verdict = verdict_view(verdict, hidden, seat=observer.seat)
        out.append({"index": r["idx"], "action": action, "verdict": verdict})
    return out, bool(row["live"])
