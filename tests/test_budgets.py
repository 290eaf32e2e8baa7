"""Issue 28, findings 3-5: the deadline holds inside every loop a request drives, the compute
budget is CPU seconds per client, compute requests in flight are capped per process, and no
user-supplied key grows a cache. CPU and clocks are injected: nothing here reads wall time."""

import itertools
import threading

import pytest
from hostile import app_on, auth, problem, sample, token

from adjudicator.core import logs, names
from adjudicator.core import replay as replay_module
from adjudicator.core.errors import LimitExceeded
from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Driver, Replay


@pytest.fixture()
def path(tmp_path):
    return tmp_path / "budgets.db"


class SlowClock:
    """time.monotonic as the replay sees it: every action applied costs `per_action` seconds."""

    def __init__(self, per_action: float):
        self.now, self.per_action, self.applied = 1000.0, per_action, 0

    def monotonic(self) -> float:
        return self.now

    def install(self, monkeypatch, *modules) -> None:
        for module in modules:
            monkeypatch.setattr(module, "time", self)
        real = Driver.apply

        def slow_apply(driver, *args, **kwargs):
            self.applied += 1
            self.now += self.per_action
            return real(driver, *args, **kwargs)

        monkeypatch.setattr(Driver, "apply", slow_apply)


def ticking(seconds: float):
    """A CPU clock that advances `seconds` at every reading: each request measures `seconds`."""
    ticks = itertools.count()
    return lambda: next(ticks) * seconds


# --- finding 4: the deadline inside the replay loop ----------------------------------------------

def test_a_replay_stops_within_one_action_of_its_deadline(monkeypatch):
    log = parse_log(sample())
    clock = SlowClock(per_action=1.0)
    clock.install(monkeypatch, replay_module)
    with pytest.raises(LimitExceeded) as err:
        Replay(log, "continue", "none", deadline=clock.now + 5.5).run()
    assert err.value.code == "limit-replay-time"
    assert clock.applied == 6  # actions 0..5 began before 5.5 s had passed; the 7th never starts
    assert clock.now - 1000.0 <= 5.5 + clock.per_action


def test_the_service_answers_limit_replay_time_one_action_past_the_deadline(path, monkeypatch):
    from api import limits

    clock = SlowClock(per_action=0.5)
    clock.install(monkeypatch, replay_module, logs, limits)
    client = app_on(path, REPLAY_SECONDS=3).test_client()
    problem(client.post("/v1/replays?mode=continue", json=sample()), 413, "limit-replay-time")
    assert clock.applied == 7  # 3 s at 0.5 s an action: six started in time, the seventh ran over


def test_reading_a_log_stops_at_the_deadline(monkeypatch):
    clock = SlowClock(per_action=0)
    monkeypatch.setattr(logs, "time", clock)
    real = logs.expand

    def slow_expand(*args):
        clock.now += 1.0
        real(*args)

    monkeypatch.setattr(logs, "expand", slow_expand)
    with pytest.raises(LimitExceeded):
        parse_log(sample(), clock.now + 4.5)
    assert clock.now - 1000.0 == 5  # five distinct actions read (a repeated one costs nothing), then refused


def test_a_stored_position_stops_at_the_deadline(monkeypatch):
    from adjudicator.positions import cuts

    log = sample()
    clock = SlowClock(per_action=1.0)
    clock.install(monkeypatch, replay_module, logs)
    with pytest.raises(LimitExceeded):
        cuts(log, [len(log["actions"]) - 1], clock.now + 10.5)
    assert clock.applied <= 12  # not the whole log


# --- finding 4: the compute budget is CPU seconds -------------------------------------------------

def test_a_client_over_its_cpu_budget_gets_429_and_another_client_does_not(path):
    client = app_on(path, BUDGET_COMPUTE="10 per minute", CPU_CLOCK=ticking(3.0)).test_client()
    answers = [client.post("/v1/positions/legal-actions", json={"log": sample()}) for _ in range(5)]
    # spent before each: 0, 3, 6, 9 s (under 10: answered), then 12 s
    assert [r.status_code for r in answers] == [200, 200, 200, 200, 429]
    assert answers[0].headers["X-Compute-Seconds"] == "3.000" and answers[3].headers["X-Compute-Remaining"] == "0.000"
    limited = problem(answers[4], 429, "rate-limited")
    assert 1 <= int(answers[4].headers["Retry-After"]) <= 60 and "10 per 1 minute" in limited["detail"]
    assert all("Retry-After" not in r.headers for r in answers[:4])
    alice = token(path, "alice")
    assert client.post("/v1/replays", json=sample(), headers=auth(alice)).status_code == 200  # her own budget
    other = client.post("/v1/replays", json=sample(), environ_overrides={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 200
    assert client.get("/v1/rulings").status_code == 200 and client.get("/healthz").status_code == 200  # reads


def test_a_cheap_compute_request_costs_little_of_the_budget(path):
    client = app_on(path, BUDGET_COMPUTE="1 per minute", CPU_CLOCK=ticking(0.1)).test_client()
    codes = [client.post("/v1/positions/legal-actions", json={"log": sample()}).status_code for _ in range(12)]
    assert codes == [200] * 10 + [429] * 2  # ten of 0.1 s fill one second; a request count would not know


def test_workers_share_one_cpu_budget(path):
    first, second = (app_on(path, BUDGET_COMPUTE="4 per minute", CPU_CLOCK=ticking(1.0)).test_client()
                     for _ in range(2))
    answers = [(first if i % 2 else second).post("/v1/positions/legal-actions", json={"log": sample()})
               for i in range(5)]
    assert [r.status_code for r in answers] == [200, 200, 200, 200, 429]


def test_stored_game_reads_from_checkpoints_are_reads_and_a_timeline_is_compute(path):
    client = app_on(path, BUDGET_COMPUTE="1 per minute", CPU_CLOCK=ticking(1.0)).test_client()
    alice = token(path, "alice")
    game = client.post("/v1/games", json=sample(), headers=auth(alice)).get_json()["id"]  # an upload replays
    for url in (f"/v1/games/{game}/positions/3", f"/v1/games/{game}/states/3", f"/v1/games/{game}/views/3",
                f"/v1/games/{game}"):  # from a checkpoint: at most 32 actions re-applied
        answer = client.get(url)
        assert answer.status_code == 200 and "X-Compute-Seconds" not in answer.headers, url
    assert client.get(f"/v1/games/{game}/views/3?timeline=true").status_code == 200  # the whole log: compute
    problem(client.get(f"/v1/games/{game}/views/3?timeline=true"), 429, "rate-limited")  # one budget, spent


# --- finding 4: compute requests in flight per process ----------------------------------------------

def test_compute_requests_beyond_the_cap_get_503_and_healthz_still_answers(path):
    app = app_on(path, COMPUTE_IN_FLIGHT=2)
    entered, release = threading.Semaphore(0), threading.Event()
    real = app.view_functions["v1.post_replay"]

    def held():
        entered.release()
        release.wait(timeout=30)
        return real()

    app.view_functions["v1.post_replay"] = held
    statuses = []
    workers = [threading.Thread(target=lambda: statuses.append(
        app.test_client().post("/v1/replays", json=sample()).status_code)) for _ in range(2)]
    for worker in workers:
        worker.start()
    try:
        assert entered.acquire(timeout=30) and entered.acquire(timeout=30)  # both held inside the app
        client = app.test_client()
        busy = client.post("/v1/positions/legal-actions", json={"log": sample()})
        problem(busy, 503, "overloaded")
        assert int(busy.headers["Retry-After"]) >= 1
        assert client.get("/healthz").status_code == 200 and client.get("/v1/rulings").status_code == 200
    finally:
        release.set()
        for worker in workers:
            worker.join(timeout=30)
    assert statuses == [200, 200]
    assert app.test_client().post("/v1/positions/legal-actions", json={"log": sample()}).status_code == 200
    assert app.extensions["compute_in_flight"].running == 0


def test_every_refused_or_failed_compute_request_gives_its_place_back(path):
    app = app_on(path, COMPUTE_IN_FLIGHT=1, BUDGET_COMPUTE="1 per minute", CPU_CLOCK=ticking(0.6))
    client = app.test_client()
    problem(client.post("/v1/replays", data=b"{", content_type="application/json"), 400)  # 0.6 s spent
    assert client.post("/v1/replays", json=sample()).status_code == 200  # 1.2 s spent
    problem(client.post("/v1/replays", json=sample()), 429, "rate-limited")
    elsewhere = {"REMOTE_ADDR": "192.0.2.8"}
    problem(client.post("/v1/games", json=sample(), environ_overrides=elsewhere), 401)  # a write that replays
    assert app.extensions["compute_in_flight"].running == 0


def test_serve_leaves_two_threads_for_cheap_requests_and_runs_no_more_than_the_cores(path, monkeypatch):
    from api import server

    monkeypatch.setattr(server, "Server", lambda *args, **kwargs: type("S", (), {"run": lambda self: None})())
    for cores, threads, cap in ((16, 8, 6), (16, 3, 1), (16, 1, 1), (2, 8, 2), (None, 8, 1)):
        monkeypatch.setattr(server.os, "cpu_count", lambda cores=cores: cores)
        app = app_on(path)
        server.serve(app, "127.0.0.1", 0, threads=threads)
        assert app.config["COMPUTE_IN_FLIGHT"] == cap
    configured = app_on(path, COMPUTE_IN_FLIGHT=3)
    server.serve(configured, "127.0.0.1", 0, threads=8)
    assert configured.config["COMPUTE_IN_FLIGHT"] == 3


# --- finding 5: user-supplied keys are bounded before a cache ---------------------------------------

def test_a_thousand_long_game_names_do_not_grow_the_name_cache(path):
    client = app_on(path, RATELIMIT_READ="100000 per minute").test_client()
    assert client.get("/v1/cards?game=dune").status_code == 200
    before = names._cached_fold.cache_info().currsize
    for i in range(1000):
        route = "/v1/cards" if i % 2 else "/v1/timing-graph"
        answer = client.get(f"{route}?game={i:06d}{'x' * 5000}")
        assert problem(answer, 400, "bad-parameter")["pointer"] == "?game"
    assert names._cached_fold.cache_info().currsize == before


def test_long_names_are_folded_but_never_cached():
    before = names._cached_fold.cache_info().currsize
    for i in range(1000):
        assert names.fold(f"Card {i} " + "y" * 200) == f"card{i}" + "y" * 200
    assert names._cached_fold.cache_info().currsize == before
    # what the cache can hold: 8,192 keys of at most 100 characters
    assert names._cached_fold.cache_info().maxsize * names.MAX_CACHED_NAME <= 1_000_000


def test_a_game_name_at_the_bound_is_still_looked_up():
    from adjudicator.core.errors import MalformedLog
    from adjudicator.core.registry import MAX_GAME_NAME, resolve_game

    assert resolve_game("Dune: Imperium – Uprising") == resolve_game("uprising")
    with pytest.raises(MalformedLog) as err:
        resolve_game("x" * MAX_GAME_NAME, "?game")
    assert err.value.code == "unknown-game"
    with pytest.raises(MalformedLog) as err:
        resolve_game("x" * (MAX_GAME_NAME + 1), "?game")
    assert err.value.code == "bad-parameter" and err.value.pointer == "?game"
