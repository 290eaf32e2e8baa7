"""The replay viewer in a real browser (issue 14): Playwright drives the Debian chromium package
(/usr/bin/chromium; .ci/run installs it) against the app served on a local port. The tests read
what the page shows (text, and the data attributes the drawing carries), never pixels. Every
screen is kept as a screenshot in tests/artifacts/ (not committed).

Any request the page makes to another origin fails the test: the viewer must work offline."""

from __future__ import annotations

import json
import re
import threading
from functools import cache
from importlib import resources
from pathlib import Path

import pytest
from hostile import auth, token
from playwright.sync_api import expect, sync_playwright
from viewer_logs import OCCUPIED_AT, OUT_OF_ORDER_AT, SAMPLE, STEPS, illegal_log, out_of_order_log, sample, winner
from werkzeug.serving import make_server

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.store import open_db, prepare

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
DESKTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from api import create_app

    db = tmp_path_factory.mktemp("viewer") / "viewer.db"
    prepare(open_db(db))
    app = create_app({"DATABASE": str(db), "TESTING": True, "BUDGET_COMPUTE": "100000 per minute"})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{httpd.server_port}", "db": db, "app": app}
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    assert Path(CHROMIUM).exists(), "the browser tests need Debian's chromium package (apt-get install chromium)"
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser, server, request):
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)  # bypass: only so axe can be injected
    page = context.new_page()
    outside = []

    def only_ours(route):
        if route.request.url.startswith(server["url"] + "/"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_ours)
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    context.close()
    assert outside == [], f"the page asked another origin: {outside}"
    assert errors == [], f"script errors: {errors}"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@cache
def _states() -> tuple:
    return tuple(Replay(parse_log(sample()), "strict", "all").run()["snapshots"])


def states():
    return _states()


def snapshots_at(step: int) -> dict:
    return _states()[step]


def paste(page, server, log: dict) -> None:
    page.goto(server["url"] + "/")
    page.fill("#paste", json.dumps(log))
    page.click("#open")
    expect(page.locator("#timeline-body button").first).to_be_visible(timeout=20_000)


def at_step(page, step: int) -> None:
    """Wait until the page shows the view of `step` (the drawing follows the answer)."""
    expect(page.locator("#action-label")).to_have_text(re.compile(rf"^{step}\. "), timeout=20_000)
    expect(page.locator("#step-range")).to_have_value(str(step))


def drawn_counts(page) -> dict:
    """What the page shows: Agents per player on the board's spaces, troops in the Conflict, VP."""
    return page.evaluate("""() => {
        const agents = {}, troops = {}, vp = {}, strength = {};
        for (const a of document.querySelectorAll('#board-svg [data-space] [data-agent]'))
            agents[a.dataset.player] = (agents[a.dataset.player] || 0) + 1;
        for (const g of document.querySelectorAll('#conflict-svg g[data-troops]')) {
            troops[g.dataset.player] = Number(g.dataset.troops);
            strength[g.dataset.player] = Number(g.dataset.strength);
        }
        for (const m of document.querySelectorAll('#vp-track [data-vp]')) vp[m.dataset.player] = Number(m.dataset.vp);
        const total = [...document.querySelectorAll('#board-svg [data-space]')]
            .reduce((n, g) => n + Number(g.dataset.agents), 0);
        return {agents, troops, vp, strength, total};
    }""")


def test_a_sample_game_drawn_as_the_engine_says_at_three_steps(page, server):
    snapshots = states()
    page.goto(server["url"] + "/")
    page.select_option("#sample", SAMPLE)
    page.click("#open")
    at_step(page, 0)
    for step in (24, 300, 700):
        page.locator(f'#timeline-body button[data-step="{step}"]').click()
        at_step(page, step)
        state = snapshots[step]
        shown = drawn_counts(page)
        placed = {pid: len(pl["placed"]) for pid, pl in state["players"].items() if pl["placed"]}
        assert shown["agents"] == placed and shown["total"] == sum(placed.values())
        assert shown["vp"] == {pid: pl["vp"] for pid, pl in state["players"].items()}
        if state["board"]["conflict"]:
            assert shown["troops"] == {pid: pl["troops"]["conflict"] for pid, pl in state["players"].items()}
        assert page.url.endswith(f"?sample={SAMPLE}&step={step}")
        shot(page, f"viewer-step-{step}")
    # arrow keys step, one action at a time
    page.locator("body").press("ArrowRight")
    at_step(page, 701)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    at_step(page, 699)
    shown, state = drawn_counts(page), snapshots[699]
    assert shown["vp"] == {pid: pl["vp"] for pid, pl in state["players"].items()}
    # the end: the result, standings of the game and its winner
    page.keyboard.press("End")
    at_step(page, STEPS - 1)
    expect(page.locator("#finished")).to_have_attribute("data-finished", "true")
    expect(page.locator("#result-table tr.winner")).to_have_attribute("data-player", winner())
    expect(page.locator("#validity")).to_have_attribute("data-valid", "true")
    shot(page, "viewer-endgame")


def test_step_to_the_illegal_action_badge_message_citation(page, server):
    paste(page, server, illegal_log())
    bad = page.locator('#timeline-body button[data-verdict="illegal"]').first
    expect(bad).to_have_attribute("data-step", str(OCCUPIED_AT))
    expect(bad.locator(".badge")).to_have_text("illegal")
    bad.click()
    at_step(page, OCCUPIED_AT)
    expect(page.locator("#badge")).to_have_attribute("data-badge", "illegal")
    expect(page.locator("#badge")).to_contain_text("illegal")
    expect(page.locator("#message")).to_have_text("Assembly Hall is occupied by Blue's Agent.")
    first = page.locator("#citations li").first
    expect(first).to_have_attribute("data-ruling", "agent.space-occupied")
    expect(first.locator(".where")).to_contain_text("Dune: Imperium – Uprising rulebook, p. 9")
    expect(first.locator(".statement")).to_contain_text("An Agent can only be sent to a board space that holds no")
    hall = page.locator('#board-svg [data-space="assembly-hall"]')
    expect(hall).to_have_attribute("data-agents", "1")  # Blue's, as the board stood
    expect(page.locator("#validity")).to_have_attribute("data-valid", "false")
    shot(page, "viewer-illegal")


def test_the_violated_timing_edge_is_drawn(page, server):
    paste(page, server, out_of_order_log())
    page.locator(f'#timeline-body button[data-step="{OUT_OF_ORDER_AT}"]').click()
    at_step(page, OUT_OF_ORDER_AT)
    expect(page.locator("#verdict")).to_have_attribute("data-code", "timing.out-of-order")
    edge = page.locator('#timing-svg line[data-violated="true"]')
    expect(edge).to_have_count(1)
    expect(edge).to_have_attribute("data-edge", "space:arrakeen->deploy")
    note = "Violated edge: “deploy” cannot come before “Arrakeen” is resolved."
    expect(page.locator("#timing-note")).to_have_text(note)
    shot(page, "viewer-timing")


def test_the_language_switch(page, server):
    page.goto(server["url"] + f"/?sample={SAMPLE}&step=300")
    at_step(page, 300)
    expect(page.locator('#board-svg [data-space="arrakeen"] text').first).to_have_text("Arrakeen")
    page.click('#lang-switch button[data-lang="ru"]')
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#lang-switch button[data-lang='ru']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#board-svg [data-space="arrakeen"] text').first).to_have_text("Арракин", timeout=20_000)
    expect(page.locator("#timeline-title")).to_have_text("Ход партии")
    expect(page.locator('#timeline-body button[data-step="13"]')).to_contain_text("отправляет агента")
    assert "lang=ru" in page.url and "step=300" in page.url
    shot(page, "viewer-russian")
    page.click('#lang-switch button[data-lang="en"]')
    expect(page.locator('#board-svg [data-space="arrakeen"] text').first).to_have_text("Arrakeen", timeout=20_000)


def test_a_stored_games_link_and_the_tournament_standings(page, server):
    client = server["app"].test_client()
    owner = token(server["db"], "organiser")
    tournament = client.post("/v1/tournaments", json={"name": "Arrakis Open"}, headers=auth(owner)).get_json()["id"]
    good = client.post(f"/v1/games?tournament={tournament}", json=sample(), headers=auth(owner)).get_json()["id"]
    bad = client.post(f"/v1/games?tournament={tournament}", json=illegal_log(), headers=auth(owner)).get_json()["id"]
    # a judge's link to the exact moment
    page.goto(server["url"] + f"/?game={good}&step=500")
    at_step(page, 500)
    assert page.locator("#permalink").get_attribute("href") == f"?game={good}&step=500"
    page.keyboard.press("ArrowRight")
    at_step(page, 501)
    assert page.url.endswith(f"?game={good}&step=501")
    # the standings, with the invalid game linked to its first illegal action
    page.goto(server["url"] + f"/?tournament={tournament}")
    expect(page.locator("#standings-table tbody tr")).to_have_count(4)
    expect(page.locator("#game")).to_be_hidden()  # the standings screen shows no empty game
    expect(page.locator("#standings-table tbody tr").first).to_have_attribute("data-player", winner().title())
    link = page.locator(f'#invalid-games li[data-game="{bad}"] a')
    expect(link).to_have_attribute("href", f"?game={bad}&step={OCCUPIED_AT}")
    # win rates by leader and seat (GET .../win-rates) as SVG bars: one finished game, 4 seats
    expect(page.locator("#seat-rates g[data-rate]")).to_have_count(4)
    expect(page.locator("#leader-rates g[data-rate]")).to_have_count(4)
    rates = sorted(float(r) for r in page.locator("#seat-rates g[data-rate]").evaluate_all(
        "gs => gs.map((g) => g.dataset.rate)"))
    assert rates == [0, 0, 0, 1]
    assert not re.search(r"\b[a-z]+-[a-z]+-[a-z]+\b", page.locator("#leader-rates").text_content())
    shot(page, "standings")
    # in Russian: the charts' names and the "Decided by" column too
    page.click('#lang-switch button[data-lang="ru"]')
    expect(page.locator("#standings-body h3").nth(1)).to_have_text("Доля побед")
    decided = page.locator("#standings-table tbody tr td:last-child").all_inner_texts()
    assert all(not re.search(r"[a-z]", d) for d in decided), decided
    page.click('#lang-switch button[data-lang="en"]')
    expect(page.locator("#standings-body h3").nth(1)).to_have_text("Win rates")
    link.click()
    at_step(page, OCCUPIED_AT)
    expect(page.locator("#badge")).to_have_attribute("data-badge", "illegal")
    expect(page.locator("#message")).to_have_text("Assembly Hall is occupied by Blue's Agent.")


def test_an_unknown_game_is_said_plainly(page, server):
    page.goto(server["url"] + "/?game=nope&step=3")
    expect(page.locator("#error")).to_contain_text("no stored game 'nope'")


AXE = resources.files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")


def serious(page) -> list[dict]:
    page.evaluate(AXE)
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:3]}
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_accessible_and_usable_on_desktop_and_phone(page, server, size):
    page.set_viewport_size(size)
    paste(page, server, out_of_order_log())
    page.locator(f'#timeline-body button[data-step="{OUT_OF_ORDER_AT}"]').click()
    at_step(page, OUT_OF_ORDER_AT)
    assert serious(page) == []
    # nothing wider than the screen: no sideways scrolling on the phone
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    expect(page.locator("#next")).to_be_visible()
    page.click("#next")
    at_step(page, OUT_OF_ORDER_AT + 1)
    shot(page, f"viewer-{size['width']}x{size['height']}")
    page.goto(server["url"] + "/")
    assert serious(page) == []


def test_a_players_view_hides_the_others_hands(page, server):
    page.goto(server["url"] + f"/?sample={SAMPLE}&step=300")
    at_step(page, 300)
    hand = snapshots_at(300)["players"]["blue"]["hand"]
    expect(page.locator('.player[data-player="blue"] dd[data-fact=hand]')).not_to_contain_text("hidden")
    page.select_option("#viewer-as", "red")
    expect(page.locator("#moment")).to_contain_text("Red's view", timeout=20_000)
    expect(page.locator('.player[data-player="blue"] dd[data-fact=hand]')).to_have_text(f"{len(hand)} hidden")
    expect(page.locator('.player[data-player="red"] dd[data-fact=hand]')).not_to_contain_text("hidden")
    assert "as=red" in page.url
    shot(page, "viewer-as-red")


def test_the_original_game_is_drawn_too(page, server):
    name = "imperium-4p-seed5"
    state = Replay(parse_log(sample(name)), "strict", "all").run()["snapshots"][200]
    page.goto(server["url"] + f"/?sample={name}&step=200")
    at_step(page, 200)
    shown = drawn_counts(page)
    assert shown["agents"] == {pid: len(pl["placed"]) for pid, pl in state["players"].items() if pl["placed"]}
    assert shown["vp"] == {pid: pl["vp"] for pid, pl in state["players"].items()}
    expect(page.locator('#board-svg [data-space="carthag"]')).to_have_count(1)
    expect(page.locator("#board-svg [data-post]")).to_have_count(0)  # no spies in the original game
    expect(page.locator("#shield-wall")).to_have_count(0)
    shot(page, "viewer-original-game")


def test_a_bloodlines_game_shows_commanders_skills_tech_and_tueks_sietch(page, server):
    """Bloodlines pieces are drawn from the engine's view: each player's Commanders by zone,
    Skills and Tech tiles, the Commanders in the Conflict, and Esmar Tuek's own board space."""
    from adjudicator.simulate import simulate

    log = simulate("uprising", 4, 11, ("bloodlines", "choam", "tech"))  # Esmar Tuek is at the table
    states = Replay(parse_log(log), "strict", "all").run()["snapshots"]
    step = next(i for i, s in enumerate(states) if s["board"]["conflict"]
                and any(p["commanders"]["conflict"] for p in s["players"].values()))
    paste(page, server, log)
    page.locator("#step-range").fill(str(step))
    page.locator("#step-range").dispatch_event("input")
    at_step(page, step)
    expect(page.locator('#board-svg [data-space="tueks-sietch"]')).to_have_count(1)
    for pid, pl in states[step]["players"].items():
        c = pl["commanders"]
        facts = page.locator(f'article.player[data-player="{pid}"]')
        zones = f"{c['supply']} / {c['garrison']} / {c['conflict']}"
        expect(facts.locator('dd[data-fact="commanders"]')).to_have_text(zones)
        expect(facts.locator('dd[data-fact="tech"]')).to_have_count(1)
        if c["conflict"]:
            expect(page.locator(f'#conflict-svg g[data-player="{pid}"]')).to_contain_text(f"{c['conflict']} Commanders")
    shot(page, "viewer-bloodlines")


@pytest.fixture(scope="module")
def dune_game():
    """A simulated 3-player classic Dune game and its states."""
    from adjudicator.simulate import simulate

    log = simulate("dune", 3, 1)
    report = Replay(parse_log(log), "strict", "all").run()
    return log, report["snapshots"], report["result"]


def dune_drawn(page) -> dict:
    """What the Dune map shows: forces per (territory, sector, player), spice per territory, the storm."""
    return page.evaluate("""() => {
        const forces = {}, spice = {};
        for (const g of document.querySelectorAll('#dune-map [data-territory]')) {
            for (const f of g.querySelectorAll('[data-force]'))
                forces[`${g.dataset.territory}|${f.dataset.sector}|${f.dataset.player}`] = Number(f.dataset.count);
            if (Number(g.dataset.spice)) spice[g.dataset.territory] = Number(g.dataset.spice);
        }
        const storm = [...document.querySelectorAll('#dune-map [data-wedge][data-storm="true"]')]
            .map((w) => Number(w.dataset.wedge));
        return {forces, spice, storm};
    }""")


def dune_expected(state) -> dict:
    forces, spice = {}, {}
    for loc, here in state["map"].items():
        terr, _, sec = loc.partition("@")
        for pid, n in here.items():
            forces[f"{terr}|{sec}|{pid}"] = n
    for loc, amount in state["spice"].items():
        terr = loc.partition("@")[0]
        spice[terr] = spice.get(terr, 0) + amount
    return {"forces": forces, "spice": spice, "storm": [state["storm"]]}


def test_a_dune_game_draws_its_map_and_steps(page, server, dune_game):
    """Classic Dune (issue 15): the ring of sectors with every territory, strongholds marked, the
    Polar Sink, forces and spice where the engine has them, the storm's sector, each faction's
    reserves and spice, hands hidden in another player's view; stepping redraws."""
    from adjudicator.dune.content import content

    log, states, result = dune_game
    cnt = content()
    paste(page, server, log)
    at_step(page, 0)
    territories = page.locator("#dune-map [data-territory]")
    expect(territories).to_have_count(len(cnt.territories))
    expect(page.locator('#dune-map [data-stronghold="true"]')).to_have_count(len(cnt.strongholds))
    expect(page.locator('#dune-map [data-territory="polar-sink"] path').first).to_be_visible()
    expect(page.locator("#dune-map [data-wedge]")).to_have_count(cnt.map["sectors"])
    # Arrakis drawn (issue 33): every territory as its own shape in each storm sector it spans
    pieces = page.locator("#dune-map [data-piece] > path")
    expect(pieces).to_have_count(len(cnt.locations) - 1)
    assert pieces.count() >= 40
    assert page.locator("#board").bounding_box()["y"] < 800
    expect(page.locator("#row-panel")).to_be_hidden()
    step = next(i for i, s in enumerate(states) if i > 60 and s["spice"] and len(s["map"]) > 3)
    for target in (step, step + 1):
        if target == step:
            page.locator("#step-range").fill(str(step))
            page.locator("#step-range").dispatch_event("input")
        else:
            page.locator("body").press("ArrowRight")
        at_step(page, target)
        state = states[target]
        expect(page.locator("#moment")).to_have_attribute("data-turn", str(state["turn"]))
        assert dune_drawn(page) == dune_expected(state)
        for pid, pl in state["players"].items():
            card = page.locator(f'article.player[data-player="{pid}"]')
            expect(card).to_have_attribute("data-spice", str(pl["spice"]))
            expect(card).to_have_attribute("data-reserves", str(pl["reserves"]))
            expect(card).to_have_attribute("data-hand", str(len(pl["hand"])))
    assert serious(page) == []
    shot(page, "viewer-dune")
    # a player's view: their own cards named, the others' face down
    viewer = state["game"]["seats"][0]
    page.select_option("#viewer-as", viewer)
    expect(page.locator("#moment")).to_contain_text("view", timeout=20_000)
    for pid, pl in state["players"].items():
        hand = page.locator(f'article.player[data-player="{pid}"] dd[data-fact="hand"]')
        if pid != viewer and pl["hand"]:
            expect(hand).to_contain_text("face down")
    page.keyboard.press("End")
    at_step(page, len(log["actions"]) - 1)
    expect(page.locator("#finished")).to_have_attribute("data-finished", "true")
    expect(page.locator("#validity")).to_have_attribute("data-valid", "true")
    expect(page.locator("#dune-result")).to_have_attribute("data-winners", " ".join(result["winners"]))
