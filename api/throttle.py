"""Rate limits per authenticated token (else per address), counted in the database so every
worker shares one budget. Three budgets: reads, writes, and compute (replays, positions, the
state of a stored game, a dry-run reverify, a stored report with `?explain`), which cost far
more than a read. `/healthz`, `/openapi.json` and the viewer's static page are never limited.
`Retry-After` is sent only with a 429."""

from __future__ import annotations

from flask import Flask, current_app, g, request

from adjudicator.service.ratelimit import Counter, Limit

from .auth import rate_key

COMPUTE = {"v1.post_replay", "v1.post_check", "v1.post_legal_actions", "v1.post_view", "games.state", "games.view",
           "games.reverify_check"}
EXPLAINED = {"games.report"}  # compute when asked to explain (it replays the stored log)


def budget() -> str | None:
    endpoint = request.endpoint or ""
    if endpoint.startswith(("meta.", "web.")) or request.method == "OPTIONS":  # web.: the page's static files
        return None
    if endpoint in COMPUTE or (endpoint in EXPLAINED and request.args.get("explain") in ("1", "true")):
        return "compute"
    return "write" if request.method in ("POST", "PUT", "PATCH", "DELETE") else "read"


def install(app: Flask, counter: Counter) -> None:
    limits = {name: Limit.parse(app.config[f"RATELIMIT_{name.upper()}"]) for name in ("read", "write", "compute")}

    @app.before_request
    def count():
        name = budget()
        if name is None or not current_app.config["RATELIMIT_ENABLED"]:
            return
        g.rate = counter.hit(f"{name}:{rate_key()}", limits[name])  # raises RateLimited: 429

    @app.after_request
    def headers(response):
        rate = g.get("rate")
        if rate is not None:
            response.headers["X-RateLimit-Limit"] = str(rate.limit.hits)
            response.headers["X-RateLimit-Remaining"] = str(rate.remaining)
            response.headers["X-RateLimit-Reset"] = str(rate.reset)
        return response
