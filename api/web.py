"""The replay viewer's page (issue 14): static HTML, CSS and script served by the app itself, so it
works with no internet access and no build step. The page draws what GET /v1/games/<id>/views/<step>
and POST /v1/views answer; it holds no rule of the game."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, send_from_directory

import adjudicator

FILES = Path(__file__).resolve().parent / "viewer"
# our own drawing of Arrakis (tools/arrakis_layout.py), read by dune.js
ARRAKIS = Path(adjudicator.__file__).resolve().parent / "dune" / "data"
bp = Blueprint("web", __name__, static_folder=str(FILES), static_url_path="/viewer")

# Only this app's own files: no script, style, font or image from elsewhere, no framing.
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
          "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


@bp.get("/")
def index():
    return send_from_directory(FILES, "index.html", max_age=0)


@bp.get("/favicon.ico")
def favicon():  # browsers ask for it whatever the page links; one icon, no 404 in the console
    return send_from_directory(FILES, "favicon.svg", mimetype="image/svg+xml", max_age=86400)


@bp.get("/arrakis.json")
def arrakis():
    return send_from_directory(ARRAKIS, "map-geometry.json", mimetype="application/json", max_age=3600)


@bp.after_request
def headers(response):
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
