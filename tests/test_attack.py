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
