"""Classic Dune's refusals are sentences (issue #32): every `IllegalAction` under adjudicator/dune/
is a constant English template whose `{placeholders}` are its typed `params` (ids, numbers, lists),
each template has a Russian entry with the same placeholders (data/sentences-ru.toml), and the
refusals of mutated logs read without ids or Python values."""

from __future__ import annotations

import ast
import copy
import re
import string
import tomllib
from pathlib import Path

import pytest
from own_words import GF9_DIGESTS, held, runs

import adjudicator.dune
from adjudicator.core.actions import CHANCE, Action
from adjudicator.core.errors import IllegalAction, plain
from adjudicator.core.replay import Driver
from adjudicator.dune.game import Game
from adjudicator.dune.playout import playout
from adjudicator.dune.rules import DuneRules
from adjudicator.dune.spelling import tables

DUNE = Path(adjudicator.dune.__file__).parent
CATALOG = DUNE / "data" / "sentences-ru.toml"


def _constants(trees: dict[Path, ast.Module]) -> dict[str, str | None]:
    """Module-level `NAME = "..."` strings of the package (a shared template is one of them; a name
    two modules give different strings is None, no template)."""
    out: dict[str, str | None] = {}
    for tree in trees.values():
        for node in tree.body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                    and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
                name = node.targets[0].id
                out[name] = node.value.value if out.get(name, node.value.value) == node.value.value else None
    return out


def _templates(node: ast.expr, constants: dict[str, str]) -> list[str] | None:
    """The templates a message argument may be: a constant, a module constant, or a choice of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Name, ast.Attribute)):
        name = node.id if isinstance(node, ast.Name) else node.attr
        return [constants[name]] if constants.get(name) is not None else None
    if isinstance(node, ast.IfExp):
        body, orelse = _templates(node.body, constants), _templates(node.orelse, constants)
        return body + orelse if body is not None and orelse is not None else None
    return None


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def sites() -> list[tuple[str, list[str] | None, set[str] | None]]:
    """(file:line, its templates or None, its params' keys or None) of every IllegalAction under dune/."""
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(DUNE.rglob("*.py"))}
    constants = _constants(trees)
    out = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None))
                    == "IllegalAction"):
                continue
            message = node.args[1] if len(node.args) > 1 else next(k.value for k in node.keywords if k.arg == "message")
            params = next((k.value for k in node.keywords if k.arg == "params"), None)
            keys = set() if params is None else (
                {k.value for k in params.keys if isinstance(k, ast.Constant)}
                if isinstance(params, ast.Dict) and all(isinstance(k, ast.Constant) for k in params.keys) else None)
            out.append((f"{path.relative_to(DUNE)}:{node.lineno}", _templates(message, constants), keys))
    return out


SITES = sites()
TEMPLATES = sorted({t for _, ts, _ in SITES for t in ts or ()})


def test_every_refusal_is_a_constant_template_whose_placeholders_are_its_params():
    assert len(SITES) > 100  # the scan sees the package's refusals
    bad = [(where, ts, keys) for where, ts, keys in SITES
           if ts is None or keys is None or any(fields(t) != keys for t in ts)]
    assert bad == []


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_template_is_an_english_sentence(template):
    assert template[0].isupper() or template.startswith("{"), template
    assert template.endswith("."), template
    assert "!r" not in template and not any(spec or conv for _, name, spec, conv in string.Formatter().parse(template)
                                            if name is not None), template


def advantages() -> set[str]:
    """The faction advantages a Karama refusal names (karama.py `what`, a `clause` of its sentence),
    the modules' among them."""
    from adjudicator.dune import karama

    return ({e.what for e in karama.STOPPABLE.values()} | set(karama.IN_BATTLE.values())
            | set(karama.UNSTOPPABLE.values()))


def test_every_template_has_a_russian_entry_with_the_same_placeholders():
    catalog = tomllib.loads(CATALOG.read_text(encoding="utf-8"))["templates"]
    assert len(advantages()) > 30 and not any(fields(a) for a in advantages())
    assert [t for t in [*TEMPLATES, *sorted(advantages())] if t not in catalog] == []
    assert [t for t in catalog if t not in TEMPLATES and t not in advantages()] == []  # none outlives its sentence
    assert [t for t in TEMPLATES if fields(catalog[t]) != fields(t)] == []
    assert [t for t in TEMPLATES if not re.search("[а-яё]", catalog[t], re.I)] == []


def test_no_sentence_shares_a_run_of_ten_words_with_a_rule_text():
    catalog = tomllib.loads(CATALOG.read_text(encoding="utf-8"))["templates"]
    digests = held() | held(GF9_DIGESTS)
    assert [run for text in (*catalog, *catalog.values()) for run, digest in runs(text) if digest in digests] == []


def test_a_message_names_places_with_their_sector_and_the_voices_kinds_in_words():
    said = RULES.humanize("arrakeen@9 is full; red ships to hidden-mobile-stronghold; the Voice names "
                          "poison-weapon, lasgun or a worthless card", {"game": {"players": {"red": {"name": "Ann"}}}})
    assert said == ("Arrakeen (sector 9) is full; Ann ships to Hidden Mobile Stronghold; the Voice names "
                    "a poison weapon, Lasgun or a worthless card")
    assert RULES.humanize("arrakeen@9, hidden-mobile-stronghold, projectile-defense", None, "ru") == (
        "Арракин (сектор 9), Скрытая мобильная крепость, защиту от метательного оружия")
    assert RULES.display_name("imperial-basin@9") == "Imperial Basin (sector 9)"
    assert RULES.display_name("nowhere@3") == "nowhere@3"  # what is no id stays as written


# --- refusals of mutated logs, as a reader gets them ---------------------------------------------------
RULES = DuneRules()
REPR = re.compile(r"[\[\]{}]|'[\w?-]*'|\b(?:None|True|False)\b(?! Wall)|@|\(\)|, ,")
GAMES = ((4, 1, ()), (5, 2, ("advanced",)), (6, 3, ("advanced", "ixians-tleilaxu", "tech-tokens")))


def _variants(data: dict, g: Game, seats: list[str]) -> list[dict]:
    """The action changed the way a log's writer gets it wrong: another place, card, leader, player,
    an out-of-range number."""
    out = []
    for key, value in sorted(data.items()):
        if key in ("to", "from") and isinstance(value, str):
            out += [dict(data, **{key: loc}) for loc in g.c.locations[::17]]
        elif key == "card" and isinstance(value, str):
            out += [dict(data, card=c) for c in sorted(g.c.treachery)[::5]]
        elif key == "leader" and isinstance(value, str):
            out += [dict(data, leader=ld) for ld in sorted(g.c.leaders)[::7]]
        elif isinstance(value, int) and not isinstance(value, bool):
            out += [dict(data, **{key: n}) for n in (-1, value + 40)]
    return out + [dict(data, by=q) for q in seats if q != data["by"] and data["by"] != CHANCE]


def refusals(players: int, seed: int, modules: tuple) -> list[tuple[IllegalAction, dict]]:
    """(refusal, the state it was refused in) of every variant of every 3rd action that the classic Dune
    engine itself refuses (the core's refusals are the core's sentences)."""
    log = playout(players, seed, None, modules)
    driver = Driver(RULES, RULES.new_state(log["game"], {}))
    seats = [p["id"] for p in log["game"]["players"]]
    out = []
    for i, data in enumerate(log["actions"]):
        if i % 3 == 0:
            for bad in _variants(data, Game(driver.state), seats):
                try:
                    RULES.apply(copy.deepcopy(driver.state), Action(bad))
                except IllegalAction as err:
                    tb = err.__traceback__
                    while tb.tb_next is not None:
                        tb = tb.tb_next
                    if Path(tb.tb_frame.f_code.co_filename).is_relative_to(DUNE):
                        out.append((err, driver.state))
        driver.apply(Action(data))
    return out


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}p-seed{g[1]}-{'+'.join(g[2]) or 'basic'}")
def test_refusals_of_mutated_logs_read_as_sentences_in_names(game):
    found = refusals(*game)
    codes = {err.code for err, _ in found}
    assert len(codes) >= 8, codes  # the mutations reach many rules
    catalog = tomllib.loads(CATALOG.read_text(encoding="utf-8"))["templates"]
    known = {ident for kind in ("territory", "leader", "treachery", "faction")
             for ident in tables(RULES.content)[kind]}
    for err, state in found:
        assert err.template in catalog, err.template  # a template of the catalog, not a message built
        english = RULES.humanize(err.message, state)
        russian = RULES.humanize(catalog[err.template].format_map({k: plain(v) for k, v in err.params.items()}),
                                 state, "ru")
        for text in (english, russian):
            assert text.endswith(".") and not REPR.search(text), (err.code, text)
            assert not [w for w in re.findall(r"[a-z][a-z0-9-]*", text) if w in known], (err.code, text)
