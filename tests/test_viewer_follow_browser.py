"""The replay viewer follows a live game (issue 36; api/viewer/follow.js) in a real browser, as
tests/test_viewer_browser.py drives it (Debian's chromium through Playwright), here with the page's
Content-Security-Policy enforced: the stream must work under it."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from hostile import auth, token
from playwright.sync_api import expect, sync_playwright
from viewer_logs import sample
from werkzeug.serving import make_server

from adjudicator.store import open_db, prepare

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


@pytest.fixture()
def server(tmp_path):
    from api import create_app

    db = tmp_path / "follow.db"
    prepare(open_db(db))
    app = create_app({"DATABASE": str(db), "TESTING": True, "RATELIMIT_ENABLED": False})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{httpd.server_port}", "db": db, "app": app}
    httpd.shutdown()


def test_the_viewer_follows_a_live_game_as_it_is_played(server):
    assert Path(CHROMIUM).exists(), "the browser tests need Debian's chromium package (apt-get install chromium)"
    client, owner = server["app"].test_client(), auth(token(server["db"], "table"))
    doc = sample()
    game = client.post("/v1/games", json={**doc, "actions": doc["actions"][:10]}, headers=owner).get_json()
    assert game["live"] is True
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context().new_page()  # the page's CSP enforced
        problems = []
        page.on("pageerror", lambda err: problems.append(str(err)))
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.goto(server["url"] + f"/?game={game['id']}&step=9")
        status = page.locator("#live-status")
        expect(status).to_have_attribute("data-live", "following", timeout=20_000)
        expect(page.locator("#step-range")).to_have_attribute("max", "9")
        # a reader at the last step follows each appended action
        for i in (10, 11):
            r = client.post(f"/v1/games/{game['id']}/actions", json={"index": i, "actions": doc["actions"][i:i + 1]},
                            headers=owner)
            assert r.status_code == 200
            expect(page.locator("#step-range")).to_have_attribute("max", str(i), timeout=20_000)
            expect(page.locator("#step-range")).to_have_value(str(i), timeout=20_000)
        # a reader looking back stays where they are; the stepper still grows
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#step-range")).to_have_value("10", timeout=20_000)
        client.post(f"/v1/games/{game['id']}/actions", json={"index": 12, "actions": doc["actions"][12:14]},
                    headers=owner)
        expect(page.locator("#step-range")).to_have_attribute("max", "13", timeout=20_000)
        expect(page.locator("#step-range")).to_have_value("10")
        client.post(f"/v1/games/{game['id']}/close", json={"reason": "the table broke up"}, headers=owner)
        expect(status).to_have_attribute("data-live", "ended", timeout=20_000)
        expect(status).to_have_text("The game has ended")
        # a game that is not live shows no status and opens no stream
        done = client.post("/v1/games", json=doc, headers=owner).get_json()["id"]
        page.goto(server["url"] + f"/?game={done}&step=3")
        expect(page.locator("#step-out")).to_contain_text("3", timeout=20_000)
        expect(status).to_be_hidden()
        browser.close()
    assert problems == [], problems


def test_a_seat_opens_the_editor_on_a_live_game_with_its_own_hand_only(server):
    """Issue 33: the position editor on a stored game's step, read with a seat token (typed in
    the form, sent as a bearer token): that seat's hand is shown, the others' stay face down."""
    client, owner = server["app"].test_client(), auth(token(server["db"], "table"))
    doc = sample()
    game = client.post("/v1/games", json={**doc, "actions": doc["actions"][:14]}, headers=owner).get_json()["id"]
    seat = client.post(f"/v1/games/{game}/seats", json={"seat": "red"}, headers=owner).get_json()["token"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context().new_page()
        problems = []
        page.on("pageerror", lambda err: problems.append(str(err)))
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.goto(server["url"] + "/")
        page.fill("#api-token", seat)
        page.fill("#game-id", game)
        page.click("#open")
        expect(page.locator("#step-range")).to_have_attribute("max", "13", timeout=20_000)
        page.keyboard.press("End")  # the first Agent turn: every hand dealt before it
        expect(page.locator("#action-label")).to_have_text(re.compile(r"^13\. "), timeout=20_000)
        page.click("#editor-open")
        expect(page.locator("#editor-fields fieldset").first).to_be_visible(timeout=20_000)
        hands = {who: page.locator(f"#editor-fields textarea[data-hand='{who}']").input_value()
                 for who in ("red", "green", "blue", "yellow")}
        assert hands["red"] and set(hands["red"].split("\n")) != {"?"}, hands
        assert all(set(hands[who].split("\n")) == {"?"} for who in ("green", "blue", "yellow")), hands
        # another seat's view is refused to this token, and said so
        page.goto(server["url"] + f"/?game={game}&step=13&as=green")
        page.fill("#api-token", seat)
        page.fill("#game-id", game)
        page.click("#open")
        expect(page.locator("#error")).to_contain_text("own seat", timeout=20_000)
        browser.close()
    assert [m for m in problems if "403" not in m] == [], problems
