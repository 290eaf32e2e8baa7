"""The replay viewer draws Immortality's pieces (issue #12) in a real browser, as
tests/test_viewer_browser.py does for the base game: the Bene Tleilax board (the research track
with each research token, the genetic markers' columns, the Tleilaxu track with its tokens and the
spice on the Victory Point space, the Axolotl tanks with each player's specimens, the Tleilaxu Row
beside Reclaimed Forces) and each player's Immortality facts, read from the page's data
attributes, never pixels."""

from __future__ import annotations

from playwright.sync_api import expect
from test_viewer_browser import at_step, browser, page, paste, server, shot  # noqa: F401  (fixtures)

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.imperium.content import content
from adjudicator.imperium.view import research_place
from adjudicator.simulate import simulate


def test_an_immortality_game_shows_the_bene_tleilax_board(page, server):  # noqa: F811
    log = simulate("imperium", 3, 2, ("immortality",))
    states = Replay(parse_log(log), "strict", "all").run()["snapshots"]
    step = next(i for i, s in enumerate(states) if any(p["troops"]["tanks"] for p in s["players"].values())
                and any(p["tleilaxu"] for p in s["players"].values()))
    state = states[step]
    paste(page, server, log)
    page.locator("#step-range").fill(str(step))
    page.locator("#step-range").dispatch_event("input")
    at_step(page, step)
    expect(page.locator("#tleilax")).to_be_visible()
    drawn = page.evaluate("""() => {
        const research = {}, tleilaxu = {}, tanks = {};
        for (const m of document.querySelectorAll('#tleilax-svg [data-research] [data-token]'))
            research[m.dataset.player] = m.closest('[data-research]').dataset.research;
        for (const m of document.querySelectorAll('#tleilax-svg [data-tleilaxu] [data-token]'))
            tleilaxu[m.dataset.player] = Number(m.closest('[data-tleilaxu]').dataset.tleilaxu);
        for (const g of document.querySelectorAll('#tleilax-svg [data-tanks]'))
            tanks[g.dataset.tanks] = Number(g.dataset.specimens);
        const markers = [...document.querySelectorAll('#tleilax-svg [data-marker]')]
            .map((m) => Number(m.dataset.marker));
        const row = [...document.querySelectorAll('#tleilaxu-row [data-card]')].map((c) => c.dataset.card);
        return {research, tleilaxu, tanks, markers, row};
    }""")
    players = state["players"]
    assert drawn["research"] == {pid: pl["research"] for pid, pl in players.items()}
    assert drawn["tleilaxu"] == {pid: pl["tleilaxu"] for pid, pl in players.items()}
    assert drawn["tanks"] == {pid: pl["troops"]["tanks"] for pid, pl in players.items()}
    assert drawn["markers"] == [4, 8]
    assert drawn["row"] == [*state["tleilaxu"]["row"], "reclaimed-forces"]
    for pid, pl in players.items():
        facts = page.locator(f'article.player[data-player="{pid}"]')
        expect(facts.locator('dd[data-fact="specimens"]')).to_have_text(str(pl["troops"]["tanks"]))
        # a research hexagon is named by where it lies, never by its id
        where = research_place(content(state["game"]["edition"]), pl["research"], "en")
        expect(facts.locator('dd[data-fact="research"]')).to_have_text(where.removeprefix("research space, "))
    shot(page, "viewer-immortality")


def test_a_game_without_immortality_hides_the_bene_tleilax_board(page, server):  # noqa: F811
    log = simulate("uprising", 3, 2, ())
    paste(page, server, log)
    expect(page.locator("#tleilax")).to_be_hidden()
    expect(page.locator('dd[data-fact="specimens"]')).to_have_count(0)
