"""Issue 9, finding 6 and the rate limits against the real server: bench/attack.py scaled down
(120 slow clients, a 64 MiB chunked body, a bearer per request) with /healthz timed throughout."""

from bench.attack import run


def test_attacks_on_the_real_server_leave_healthz_answering():
    slow, body, spray = run(["slow", "body", "spray"], seconds=5, connections=120, count=80,
                            env={"ADJUDICATOR_RATELIMIT_READ": "50 per minute"}, server_args=("--read-seconds", "2"))
    for result in (slow, body, spray):
        assert result["healthz_under_1s"], result
    # more slow clients than waitress's default 100 connections, none refused, all cut off by the
    # whole-request read deadline (2 s here) though each sent a header line every 2 s
    assert slow["refused"] == 0 and slow["closed_by_server"] == 120, slow
    assert body["chunked_64MiB"].startswith("HTTP/1.1 413") and body["chunked_bytes_sent_MiB"] < 16, body
    assert body["declared_1GiB"].startswith("HTTP/1.1 413"), body
    assert body["chunked_3MiB"] == "413 application/problem+json" and body["chunked_3MiB_code"] == "limit-body-size"
    assert spray["first_429_at"] == 51 and spray["statuses"] == {200: 50, 429: 30}, spray
    assert 1 <= int(spray["retry_after"]) <= 60


def test_compute_attacks_meet_the_cpu_budget_and_the_in_flight_cap():
    """Issue 28, findings 3-5, scaled to seconds: readers of a stored game's positions and states,
    eight clients looping a 10,000-action continue-mode replay (about 1.2 CPU s each, against a
    budget of 1 CPU s a minute, so it runs out at the first answer), and 80 long `?game=` values.
    /healthz is timed but its latency is not asserted on here (the figures go to docs/security.md);
    what is asserted is what the server answered."""
    positions, compute, keys = run(["positions", "compute", "keys"], seconds=4, connections=0, count=80,
                                   env={"ADJUDICATOR_BUDGET_COMPUTE": "1 per minute"})
    for result in (positions, compute):
        assert result["healthz_failures"] == 0 and result["healthz_probes"] > 0, result
    assert set(positions["statuses"]) <= {200, 429, 503} and positions["statuses"].get(200), positions
    # eight clients, at most six compute requests at once (8 threads - 2, and no more than the
    # cores): the rest are turned away; then the address's CPU second is spent
    assert set(compute["statuses"]) <= {200, 413, 429, 503} and compute["statuses"].get(503), compute
    assert compute["statuses"].get(429) and compute["problem_codes"].get("overloaded"), compute
    assert keys["statuses"] == {"400 bad-parameter": 80}, keys  # refused before the name is folded
