"""The replay viewer as a new user meets it (issue 33), in Debian's chromium under the page's own
strict Content Security Policy (no bypass, unlike test_viewer_browser.py which injects axe): a
sample of every rule system opened and stepped through in English and Russian, with no console
error (a blocked inline style, a missing favicon), the board's top on the first 800 px screen,
no id-shaped token (`word-word-word`) in what a person reads, and an outcome line per step."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_viewer_browser import ARTIFACTS, DESKTOP, PHONE, at_step, browser, server  # noqa: F401
from viewer_logs import sample

from adjudicator.core.replay import replay

SAMPLES = ["uprising-4p-choam-seed7", "imperium-4p-seed5", "dune-4p-advanced-seed1",
           "uprising-1p-rivals-immortality-seed3", "imperium-3p-immortality-seed2",
           "dune-5p-ixians-tleilaxu-tech-seed2"]
ID_SHAPED = re.compile(r"(?<![\w/.-])[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}(?![\w-])|\b[a-z]+-\d+\b|\b[a-z]+-default\b")


@pytest.fixture()
def strict(browser, server):  # noqa: F811
    """A page under the app's own CSP; every console error and script error collected."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    yield page
    context.close()


def visible_words(page) -> str:
    """The text a person reads: the page's rendered text and the drawings' labels and tooltips
    (a ruling's statement is prose, where "end-of-game" is English, and is left out)."""
    return page.evaluate("""() => {
        const prose = [...document.querySelectorAll('.statement')];
        prose.forEach((n) => { n.hidden = true; });
        const text = document.body.innerText;
        prose.forEach((n) => { n.hidden = false; });
        return [text, ...[...document.querySelectorAll('svg text, svg title')].map((n) => n.textContent)].join('\\n');
    }""")


def board_top(page) -> float:
    return page.evaluate("() => document.querySelector('#board').getBoundingClientRect().top + window.scrollY")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", SAMPLES)
def test_every_rule_system_opens_clean_board_first_and_in_words(strict, server, name, lang):  # noqa: F811
    page = strict
    total = len(sample(name)["actions"])
    page.goto(server["url"] + f"/?sample={name}&step=0&lang={lang}")
    at_step(page, 0)
    for step in (0, total // 3, (2 * total) // 3, total - 1):
        page.goto(server["url"] + f"/?sample={name}&step={step}&lang={lang}")
        at_step(page, step)
        assert board_top(page) < 800, f"the board starts below the first screen at step {step}"
        expect(page.locator("#outcome")).not_to_be_empty()
        found = sorted(set(ID_SHAPED.findall(visible_words(page))))
        assert found == [], f"ids shown instead of names at step {step}: {found[:20]}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"pages-{name}-{lang}.png"))
    assert page.errors == [], f"console errors: {page.errors[:5]} ({len(page.errors)})"


def test_the_last_step_is_the_one_the_stepper_names(strict, server):  # noqa: F811
    """The stepper counts the actions as the address numbers them: its last step opens."""
    page = strict
    name = SAMPLES[0]
    total = len(sample(name)["actions"])
    page.goto(server["url"] + f"/?sample={name}&step={total - 1}")
    at_step(page, total - 1)
    out = page.locator("#step-out").inner_text()
    assert out.endswith(f"0–{total - 1}"), out
    # the VP chart: one line per player, ending at the result's VP
    vp = replay(sample(name), snapshots="none")["result"]["vp"]
    lines = page.locator("#vp-chart polyline")
    expect(lines).to_have_count(len(vp))
    drawn = {lines.nth(i).get_attribute("data-player"): lines.nth(i).get_attribute("data-values").split()[-1]
             for i in range(len(vp))}
    assert drawn == {p: str(n) for p, n in vp.items()}
    assert page.errors == []


def test_the_phone_screen_shows_the_board_without_sideways_scrolling(strict, server):  # noqa: F811
    page = strict
    page.set_viewport_size(PHONE)
    page.goto(server["url"] + f"/?sample={SAMPLES[0]}&step=40")
    at_step(page, 40)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert board_top(page) < PHONE["height"]
    expect(page.locator("#next")).to_be_visible()
    assert page.errors == []
