"""The viewer tells what a step decided (issue 33), in Debian's chromium under the app's strict
CSP: a Dune: Imperium Conflict with each unit's place and the rewards, then the outcome line
naming who won it; the High Council; a classic Dune battle with both plans side by side and the
winner; Rise of Ix's Shipping track, Negotiators, dreadnoughts and Tech tiles. No console error,
no id-shaped token in what a person reads, in English and Russian; screenshots kept."""

from __future__ import annotations

import json

import pytest
from matrix import by_id, log_of
from playwright.sync_api import expect
from test_view_outcome import _resolving_steps, _snapshots
from test_viewer_browser import ARTIFACTS, DESKTOP, PHONE, at_step, browser, paste, serious, server  # noqa: F401
from test_viewer_pages import ID_SHAPED, strict, visible_words  # noqa: F401

UPRISING, DUNE = "uprising-4p-choam-seed7", "dune-4p-advanced-seed1"


def _clean(page, name: str) -> None:
    found = sorted(set(ID_SHAPED.findall(visible_words(page))))
    assert found == [], f"ids shown instead of names: {found[:20]}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"story-{name}.png"), full_page=True)
    assert page.errors == [], f"console errors: {page.errors[:5]}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_conflict_its_rewards_and_who_won_it(strict, server, lang):  # noqa: F811
    page = strict
    snaps = _snapshots(UPRISING)
    step = next(i for i in _resolving_steps(snaps, "conflict") if snaps[i - 1]["phase"] == "combat")
    page.goto(server["url"] + f"/?sample={UPRISING}&step={step - 1}&lang={lang}")
    at_step(page, step - 1)
    expect(page.locator("#conflict-rewards dd")).to_have_count(3)
    places = page.locator("#conflict-svg g[data-place='first']")
    expect(places).to_have_count(1)
    winner = places.get_attribute("data-player")
    expect(page.locator("#high-council")).to_be_visible()
    _clean(page, f"conflict-{lang}")
    page.goto(server["url"] + f"/?sample={UPRISING}&step={step}&lang={lang}")
    at_step(page, step)
    decided = page.locator("#decided")
    expect(decided).to_be_visible()
    name = snaps[step]["game"]["players"][winner]["name"]
    assert decided.inner_text().startswith(name), decided.inner_text()
    assert page.locator("#outcome").get_attribute("data-decided") != "0"
    # the timeline says it too, under that step's entry, and under no step that decided nothing
    entry = page.locator(f'#timeline-body button[data-step="{step}"] small.decided')
    expect(entry).to_have_text(decided.inner_text())
    expect(page.locator(f'#timeline-body button[data-step="{step - 1}"] small.decided')).to_have_count(0)
    _clean(page, f"combat-outcome-{lang}")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_battle_shows_both_plans_side_by_side_with_the_winner(strict, server, lang):  # noqa: F811
    page = strict
    snaps = _snapshots(DUNE)
    step = _resolving_steps(snaps, "battle")[0]
    page.goto(server["url"] + f"/?sample={DUNE}&step={step}&lang={lang}")
    at_step(page, step)
    table = page.locator("#battle-plans")
    expect(table).to_be_visible()
    b = snaps[step - 1]["battle"]
    expect(table.locator("thead th[data-player]")).to_have_count(2)
    assert [table.locator("thead th[data-player]").nth(i).get_attribute("data-player") for i in (0, 1)] == \
        [b["aggressor"], b["defender"]]
    expect(table.locator("td[data-plan='hidden']")).to_have_count(0)
    for row in ("planLeader", "weapon", "defense", "dial", "kwisatz", "cheapHero"):
        expect(table.locator(f"tr[data-row='{row}'] td")).to_have_count(2)
    assert table.get_attribute("data-winner") in (b["aggressor"], b["defender"])
    expect(table.locator("thead th.winner")).to_have_count(1)
    expect(page.locator("#battle-outcome")).to_be_visible()
    expect(page.locator("#decided")).to_be_visible()
    _clean(page, f"battle-{lang}")


def test_a_plan_not_yet_revealed_is_face_down_in_the_others_view(strict, server):  # noqa: F811
    page = strict
    snaps = _snapshots(DUNE)
    step = next(i for i in range(1, len(snaps)) if snaps[i].get("battle") and len(snaps[i]["battle"]["plans"]) == 1)
    b = snaps[step]["battle"]
    (planner,) = b["plans"]
    other = b["defender"] if planner == b["aggressor"] else b["aggressor"]
    page.goto(server["url"] + f"/?sample={DUNE}&step={step}&as={other}")
    at_step(page, step)
    expect(page.locator(f"#battle-plans td[data-player='{planner}'][data-plan='hidden']")).to_have_count(7)
    assert page.errors == []


def test_rise_of_ix_on_the_board(strict, server):  # noqa: F811
    page = strict
    log = log_of(by_id("imperium-4p-ix"))
    paste(page, server, log)
    page.locator("#next").focus()
    page.keyboard.press("End")
    at_step(page, len(log["actions"]) - 1)
    expect(page.locator("#ix")).to_be_visible()
    players = len(log["players"]) if isinstance(log.get("players"), list) else 4
    expect(page.locator("#shipping-svg [data-freighter]")).to_have_count(players)
    expect(page.locator("#ix-facts dd")).to_have_count(players)
    expect(page.locator("#tech-for-sale li").first).to_be_visible()
    _clean(page, "ix")
    # a dreadnought controlling a space: drawn on that space in its owner's colour
    from adjudicator.core.logs import parse_log
    from adjudicator.core.replay import Replay

    snaps = Replay(parse_log(log), "strict", "all").run()["snapshots"]
    step = next(i for i, s in enumerate(snaps) if s["board"].get("dreadnoughts"))
    page.locator(f'#timeline-body button[data-step="{step}"]').click()
    at_step(page, step)
    held = snaps[step]["board"]["dreadnoughts"]
    for space, d in held.items():
        expect(page.locator(f'#board-svg [data-space="{space}"] [data-dreadnought="{d["player"]}"]')).to_have_count(1)
    expect(page.locator("#board-svg [data-dreadnought]")).to_have_count(len(held))


@pytest.mark.parametrize("name", [UPRISING, DUNE])
def test_the_timeline_filtered_to_one_players_log(strict, server, name):  # noqa: F811
    """A per-player log: the timeline lists exactly that player's actions (as the log records
    them), the address keeps the choice, and every player's entry comes back with 'every player'."""
    page = strict
    from viewer_logs import sample

    actions = sample(name)["actions"]
    seat = next(a["by"] for a in actions if a["by"] != "chance")
    page.goto(server["url"] + f"/?sample={name}&step=5&lang=ru")
    at_step(page, 5)
    page.select_option("#timeline-filter", seat)
    visible = page.locator("#timeline-body li:not([hidden]) button")
    expect(visible).to_have_count(sum(a["by"] == seat for a in actions))
    assert {visible.nth(i).get_attribute("data-by") for i in range(3)} == {seat}
    assert f"who={seat}" in page.url
    page.reload()
    at_step(page, 5)
    expect(page.locator("#timeline-filter")).to_have_value(seat)
    page.select_option("#timeline-filter", "")
    expect(page.locator("#timeline-body li:not([hidden]) button")).to_have_count(len(actions))
    _clean(page, f"log-{name}")


@pytest.mark.parametrize("name", [UPRISING, DUNE])
def test_spice_and_solari_charts_follow_the_engines_counts(strict, server, name):  # noqa: F811
    """One line per player, a point as each round began and one at the end, each the count the
    engine's state holds then (plain SVG, no script library)."""
    page = strict
    snaps = _snapshots(name)
    page.goto(server["url"] + f"/?sample={name}&step={len(snaps) - 1}")
    at_step(page, len(snaps) - 1)
    final = snaps[-1]["players"]
    keys = ["spice", "solari"] if "solari" in next(iter(final.values())) else ["spice"]
    for key in keys:
        lines = page.locator(f"#{key}-chart polyline")
        expect(lines).to_have_count(len(final))
        for i in range(len(final)):
            values = lines.nth(i).get_attribute("data-values").split()
            assert int(values[-1]) == final[lines.nth(i).get_attribute("data-player")][key]
            assert int(values[0]) == snaps[0]["players"][lines.nth(i).get_attribute("data-player")][key]
    if keys == ["spice"]:
        expect(page.locator("#solari-chart")).to_have_count(0)
    _clean(page, f"charts-{name}")


def _open_editor(page, server, name: str, step: int, lang: str = "en") -> None:  # noqa: F811
    page.goto(server["url"] + f"/?sample={name}&step={step}&lang={lang}")
    at_step(page, step)
    page.click("#editor-open")
    expect(page.locator("#editor-fields fieldset").first).to_be_visible(timeout=20_000)


def _ask(page) -> tuple[str, str]:
    page.click("#editor-check")
    sentence = page.locator("#editor-sentence")
    expect(sentence).to_be_visible(timeout=20_000)
    expect(page.locator("#editor-verdict li[data-ruling]").first).to_be_visible()
    return sentence.get_attribute("data-verdict"), sentence.inner_text()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_position_editor_settles_an_imperium_dispute(strict, server, lang):  # noqa: F811
    """'Could Red have sent that Agent?': the position before the logged action, whose turn it is
    changed to Red and the action given to Red, the referee's verdict with its rule; then the
    legal actions offered there, one of them picked and judged legal."""
    page = strict
    _open_editor(page, server, UPRISING, 31, lang)
    verdict, _ = _ask(page)
    assert verdict == "legal"
    page.locator("#editor-fields label", has=page.locator("select")).first.locator("select").select_option("red")
    verdict, text = _ask(page)
    assert verdict == "illegal" and text
    page.click("#editor-legal")
    expect(page.locator("#editor-pick option")).not_to_have_count(1, timeout=20_000)
    page.select_option("#editor-pick", "0")
    verdict, _ = _ask(page)
    assert verdict == "legal", "an action the referee offers is legal there"
    _clean(page, f"editor-imperium-{lang}")


def test_the_position_editor_settles_a_dune_dispute_and_links_it(strict, server):  # noqa: F811
    """'Did the Guild hold the Shield it played?': the battle plan judged legal as logged, then
    illegal once the Shield is taken out of the Guild's hand; the link opens the edited position."""
    page = strict
    snaps = _snapshots(DUNE)
    step = next(i for i in range(1, len(snaps)) if snaps[i - 1].get("battle")
                and len(snaps[i - 1]["battle"]["plans"]) == 1 and "shield" in str(sample_action(DUNE, i)))
    _open_editor(page, server, DUNE, step)
    verdict, _ = _ask(page)
    assert verdict == "legal"
    by = sample_action(DUNE, step)["by"]
    hand = page.locator(f"#editor-fields textarea[data-hand='{by}']")
    hand.fill("\n".join(c for c in hand.input_value().split("\n") if c != "shield"))
    hand.dispatch_event("change")
    verdict, _ = _ask(page)
    assert verdict == "illegal"
    position = page.locator("#editor-json").input_value()
    page.goto(server["url"] + "/" + page.get_attribute("#editor-link", "href"))
    at_step(page, 0)
    expect(page.locator("#editor-body")).to_be_visible()
    assert page.locator("#editor-json").input_value() == position
    verdict, _ = _ask(page)
    assert verdict == "illegal"
    _clean(page, "editor-dune")


def test_the_dune_editor_changes_forces_and_the_storm_without_json(strict, server):  # noqa: F811
    """'Had the Harkonnen seven forces in Carthag to move?': the forces of a faction in one sector
    edited in the structured fields (a count, then a place added back), then the storm and the
    spice on the map, each put to the referee; the JSON follows the fields."""
    page = strict
    step = 74
    action = sample_action(DUNE, step)
    assert action["do"] == "move" and action["from"] == "carthag@10" and action["count"] == 7
    _open_editor(page, server, DUNE, step)
    expect(page.locator("#editor-fields [data-dune='game'] input[data-edit='storm']")).to_be_visible()
    assert _ask(page)[0] == "legal"
    forces = "#editor-fields fieldset[data-forces='yellow']"
    carthag = page.locator(f"{forces} label", has_text="Carthag").locator("input")
    before = json.loads(page.locator("#editor-json").input_value())["scenario"]["players"]["yellow"]
    carthag.fill("2")
    carthag.dispatch_event("change")
    after = json.loads(page.locator("#editor-json").input_value())["scenario"]["players"]["yellow"]
    taken = before["forces"]["carthag@10"] - 2  # back to the reserves
    assert after["forces"]["carthag@10"] == 2 and after["reserves"] == before["reserves"] + taken
    verdict, text = _ask(page)
    assert verdict == "illegal" and text
    page.locator(f"{forces} .edit-add select").select_option("carthag@10")
    page.locator(f"{forces} .edit-add input").fill(str(taken))
    page.locator(f"{forces} .edit-add button").click()
    assert json.loads(page.locator("#editor-json").input_value())["scenario"]["players"]["yellow"] == before
    assert _ask(page)[0] == "legal"
    storm = page.locator("#editor-fields [data-dune='game'] input[data-edit='storm']")
    # the storm moved to sector 2 and spice put on the map, in fields: the JSON follows, the move stands
    storm.fill("2")
    storm.dispatch_event("change")
    page.locator("#editor-fields [data-spice-map] .edit-add select").select_option("the-great-flat@14")
    page.locator("#editor-fields [data-spice-map] .edit-add input").fill("6")
    page.locator("#editor-fields [data-spice-map] .edit-add button").click()
    edited = json.loads(page.locator("#editor-json").input_value())["scenario"]
    assert edited["storm"] == 2 and edited["spice"]["the-great-flat@14"] >= 6
    assert _ask(page)[0] == "legal"
    _clean(page, "editor-dune-forces")


def sample_action(name: str, index: int) -> dict:
    from viewer_logs import sample

    return sample(name)["actions"][index]


@pytest.fixture()
def checked(browser):  # noqa: F811
    """A page where axe can be injected (the CSP bypassed for that alone), script errors collected."""
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert errors == []


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_the_new_panels_are_accessible_and_fit_a_phone(checked, server, size):  # noqa: F811
    """axe finds no serious violation with the battle's plans, the Conflict's rewards and the
    position editor open; nothing is wider than a phone's screen."""
    page = checked
    page.set_viewport_size(size)
    snaps = _snapshots(DUNE)
    conflict = next(i for i in _resolving_steps(_snapshots(UPRISING), "conflict")) - 1
    for name, step in ((DUNE, _resolving_steps(snaps, "battle")[0]), (UPRISING, conflict)):
        page.goto(server["url"] + f"/?sample={name}&step={step}")
        at_step(page, step)
        page.click("#editor-open")
        expect(page.locator("#editor-fields fieldset").first).to_be_visible(timeout=20_000)
        page.click("#editor-check")
        expect(page.locator("#editor-sentence")).to_be_visible(timeout=20_000)
        assert serious(page) == [], name
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], name
