"""Dune: Imperium refusals are sentences (issue 32): every `IllegalAction` under adjudicator/imperium
is a constant English template whose `{placeholders}` are exactly its typed params, every template
has a Russian entry with the same placeholders, and refusals from mutated playouts show no
Python values (quoted ids, lists, dicts)."""

import ast
import copy
import re
import string
import tomllib
from pathlib import Path

import pytest

from adjudicator.core.replay import replay
from adjudicator.simulate import simulate

PACKAGE = Path(__file__).resolve().parent.parent / "adjudicator" / "imperium"
RUSSIAN = PACKAGE / "data" / "sentences-ru.toml"

# (file under adjudicator/imperium, enclosing function) -> why its message is not a constant template
NOT_CONVERTED: dict[tuple[str, str], str] = {
    ("effects.py", "worm_error"): "raises what worm_refusal returns: constant templates with their params",
    ("chance.py", "face_up_kind"): "its callers pass the template and the param's name (scanned below)",
}


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _sites():
    """(file, function, template or None, params keys or None, line) of each IllegalAction call;
    a template None when the message is not a constant string, keys None when params is not a
    dict literal with constant keys."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = {}
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    where.setdefault(id(node), fn.name)  # the outermost function that holds it
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction"):
                continue
            args = {k.arg: k.value for k in node.keywords}
            message = node.args[1] if len(node.args) > 1 else args.get("message")
            params = node.args[4] if len(node.args) > 4 else args.get("params")
            template = _template(message)
            keys = None
            if params is None:
                keys = set()
            elif isinstance(params, ast.Dict) and all(isinstance(k, ast.Constant) for k in params.keys):
                keys = {k.value for k in params.keys}
            yield str(path.relative_to(PACKAGE)), where.get(id(node), "<module>"), template, keys, node.lineno


def _constants() -> dict[str, str]:
    """The package's module-level string constants (a template may be one: content.EXCLUDED)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name) and isinstance(node.value.value, str):
                found[node.targets[0].id] = node.value.value
    return found


CONSTANTS = _constants()


def _template(node) -> tuple[str, ...] | None:
    """The template(s) a message argument can be: a string, a named constant, or `a if c else b` of
    two such (each with the same params); None for anything computed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.Name) and node.id in CONSTANTS:
        return (CONSTANTS[node.id],)
    if isinstance(node, ast.IfExp):
        both = (_template(node.body), _template(node.orelse))
        return None if None in both else both[0] + both[1]
    return None


def _worm_refusals():
    """The (code, template, ruling, params) refusals effects.worm_refusal returns, as sites."""
    tree = ast.parse((PACKAGE / "effects.py").read_text(encoding="utf-8"))
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "worm_refusal")
    for node in ast.walk(fn):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
            _, message, _, params = node.value.elts
            keys = {k.value for k in params.keys} if isinstance(params, ast.Dict) else None
            yield "effects.py", "worm_refusal", _template(message), keys, node.lineno


def _face_up_kinds():
    """The refusal each chance.face_up_kind(kind, pile, row, rulings, missing, field="card", ...) call
    registers, as a site: `missing` names the card as {field}."""
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "face_up_kind":
                field = node.args[5].value if len(node.args) > 5 else "card"
                yield str(path.relative_to(PACKAGE)), "face_up_kind", _template(node.args[4]), {field}, node.lineno


def _clauses():
    """(file, line, template, keyword names) of every `clause(...)` (core/sentences.py): a part of a
    refusal's sentence with a template of its own, translated from the same catalog."""
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "clause":
                template = node.args[0].value if isinstance(node.args[0], ast.Constant) else None
                yield str(path.relative_to(PACKAGE)), node.lineno, template, {k.arg for k in node.keywords}


SITES = list(_sites()) + list(_worm_refusals()) + list(_face_up_kinds())
CLAUSES = list(_clauses())
TEMPLATES = {t for *_, templates, _, _ in SITES for t in templates or ()} | {t for _, _, t, _ in CLAUSES}


def test_every_clause_is_a_constant_template_with_its_params():
    assert len(CLAUSES) >= 5  # the scan finds them (the reasons of timing.order-matters)
    assert [c for c in CLAUSES if c[2] is None or placeholders(c[2]) != c[3]] == []


def test_every_refusal_is_a_constant_template_with_its_params():
    wrong = [(f, fn, line) for f, fn, template, keys, line in SITES if (f, fn) not in NOT_CONVERTED
             and (template is None or keys is None or any(placeholders(t) != keys for t in template))]
    assert not wrong, wrong
    assert len(SITES) > 100  # the scan finds the sites


def test_the_allow_list_is_short_and_current():
    assert len(NOT_CONVERTED) <= 5
    present = {(f, fn) for f, fn, *_ in SITES}
    assert set(NOT_CONVERTED) <= present, set(NOT_CONVERTED) - present


def test_templates_hold_no_python_values():
    for template in TEMPLATES - {t for _, _, t, _ in CLAUSES}:  # a clause is a part of a sentence
        assert not re.search(r"[\[\]`]|'\{|\}'(?!s\b)", template), template  # no lists, no quoted values
        assert template[0].isupper() or template[0] == "{", template
        assert template.endswith((".", "?")), template


def test_every_template_has_a_russian_entry_with_the_same_placeholders():
    russian = tomllib.loads(RUSSIAN.read_text(encoding="utf-8"))["templates"]
    templates = TEMPLATES
    missing = sorted(templates - set(russian))
    assert not missing, missing
    for english, translated in russian.items():
        assert english in templates, f"a Russian entry for no template: {english}"
        assert placeholders(translated) == placeholders(english), english
        assert re.search("[а-яА-Я]", translated), english


def test_card_params_are_named_as_cards():
    """The renderer veils params named card/cards/*_card(s): a card under another name would leak."""
    for f, _, _, keys, line in SITES:
        for key in keys or ():
            assert not re.search(r"card.", key) or re.search(r"(^|_)cards?$", key), (f, line, key)


# --- refusals from mutated playouts ----------------------------------------------------------------------
REPR = re.compile(r"'[\w:.#-]+'|\[|\]|\{|\}")
EMPTY = re.compile(r"\s[.;,:)]|\(\)")


def _refusals(game, players, seed, modules=()):
    """The illegal verdicts of mutated copies of one playout: actions sent by the wrong seat, a
    choice given a foreign option, a card or space swapped for another."""
    log = simulate(game, players, seed, list(modules))
    seats = [p["id"] for p in log["game"]["players"]]
    found = []
    for i, action in enumerate(log["actions"][:400]):
        if i % 7 or "by" not in action:
            continue
        mutants = [dict(action, by=next(s for s in seats if s != action["by"]))]
        if action.get("do") == "choose":
            answer = {k: v for k, v in action.items() if k != "option"}
            mutants += [dict(action, option=97), dict(answer, faction="emperor")]
        for key, other in (("card", "dune-the-desert-planet"), ("space", "arrakeen"), ("node", "card:no-such-card")):
            if key in action:
                mutants.append(dict(action, **{key: other}))
        for bad in mutants:
            mutated = copy.deepcopy(log)
            mutated["actions"][i] = bad
            mutated["actions"] = mutated["actions"][:i + 1]
            verdict = replay(mutated, snapshots="none")["verdicts"][i]
            if verdict["verdict"] == "illegal":
                found.append(verdict)
    return found


@pytest.mark.parametrize("game,players,seed,modules", [
    ("uprising", 3, 2, ()),
    ("imperium", 4, 1, ()),
    ("uprising", 4, 3, ("bloodlines", "tech", "choam")),
])
def test_refusals_from_mutated_playouts_show_no_python_values(game, players, seed, modules):
    verdicts = _refusals(game, players, seed, modules)
    assert len(verdicts) > 10
    for verdict in verdicts:
        assert not REPR.search(verdict["message"]), verdict
        assert not EMPTY.search(verdict["message"]), verdict  # an empty list left a hole
