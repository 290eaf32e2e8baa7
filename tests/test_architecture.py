"""The engine's shape, checked: layers point one way (no import cycle, no import hidden in a
function), `core/` knows no rule system, general rule modules name no card, and every kind of
decision is one registered object."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx

from adjudicator.core.registry import rules_for, systems
from adjudicator.core.rulesystem import RuleSet, RuleSystem
from adjudicator.imperium import registry
from adjudicator.imperium.content import content
from adjudicator.imperium.rules import ImperiumRules

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("adjudicator", "api")
# The modules of the general rules: they fire hooks, cards register on them (docs/ARCHITECTURE.md).
GENERAL = ("chance", "choices", "combat", "conditions", "costs", "deck", "effects", "game", "influence",
           "intrigue", "leaders", "registry", "rounds", "rules", "steps", "timing", "turns", "zones")
# Words that are both a card id and a rule's own vocabulary: "infiltrate" is also the field of
# an Agent sent by infiltrating with a spy (seed 004 p. 11).
RULE_WORDS = {"infiltrate"}


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _target(module: str, path: Path, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _top_level(tree: ast.Module):
    """The module-level statements, those under `if TYPE_CHECKING:` too: an import made only for
    a type annotation still ties the two modules into one (the review's complaint)."""
    for node in tree.body:
        yield from node.body + node.orelse if isinstance(node, ast.If) else [node]


def import_graph() -> nx.DiGraph:
    modules = _modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for module, path in modules.items():
        for node in _top_level(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _target(module, path, node)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            else:
                continue
            graph.add_edges_from((module, t) for t in targets if t in modules and t != module)
    return graph


def test_no_import_cycle():
    graph = import_graph()
    assert len(graph) > 50
    cycles = list(nx.simple_cycles(graph))
    assert cycles == [], f"import cycles: {cycles[:3]}"


def test_no_import_inside_a_function():
    hidden = []
    for module, path in _modules().items():
        for fn in ast.walk(ast.parse(path.read_text())):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                hidden += [f"{module}:{n.lineno}" for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert hidden == []


def test_core_knows_no_rule_system():
    graph = import_graph()
    core = [m for m in graph if m.startswith("adjudicator.core")]
    reached = set().union(*(nx.descendants(graph, m) for m in core))
    assert sorted(m for m in reached if m.startswith(("adjudicator.imperium", "api"))) == []


def test_general_rules_do_not_import_card_modules():
    graph = import_graph()
    for name in set(GENERAL) - {"rules"}:  # the facade loads the card modules (plugin loading)
        reached = nx.descendants(graph, f"adjudicator.imperium.{name}")
        assert not [m for m in reached if m.startswith("adjudicator.imperium.custom")], name


def _card_ids() -> set[str]:
    ids = set()
    for edition in ("uprising", "base"):
        cnt = content(edition)
        ids |= {c for c, d in cnt.cards.items() if d["type"] != "reserve"}  # the Reserve is a board part
        ids |= set(cnt.intrigues) | set(cnt.leaders) | set(cnt.contracts)
        ids |= {lead["reverse"]["id"] for lead in cnt.leaders.values() if lead.get("reverse")}
    return ids - RULE_WORDS


def test_general_rule_modules_name_no_card_or_leader():
    ids = _card_ids()
    assert {"kwisatz-haderach", "the-voice", "signet-ring", "bindu-suspension"} <= ids
    token = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
    named = {}
    for name in GENERAL:
        tree = ast.parse((ROOT / "adjudicator" / "imperium" / f"{name}.py").read_text())
        strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        found = sorted({t for s in strings for t in token.findall(s) if t in ids})
        if found:
            named[name] = found
    assert named == {}


def test_every_kind_of_decision_is_registered_once_with_its_rulings():
    assert set(registry.VERBS) == {"send-agent", "reveal", "resolve", "deploy", "acquire", "end-turn", "choose",
                                   "pass", "play-intrigue", "recruit-commander",
                                   "flip-tech", "graft", "family-atomics", "acquire-tleilaxu", "rival-agent",
                                   "return-specimens"}
    assert {"option", "pay", "faction", "trash", "discard", "post", "count", "recall", "intrigue", "acquire",
            "look", "agent", "agent-source", "contract", "track", "flip", "row", "voice", "opponent",
            "masterstroke", "top-card", "deck-top", "discard-to-hand"} <= set(registry.CHOICES)
    assert set(registry.CHANCES) == {"draw", "draw-intrigue", "reveal-conflict", "refill-row", "reveal-contract",
                                     "steal-intrigue", "deal-objectives", "deal-skill",
                                     "reveal-contracts", "draw-twisted", "draw-navigation",
                                     "reveal-tech",  # Bloodlines
                                     "refill-tleilaxu-row",  # Immortality
                                     "draw-hagal", "row-refresh", "hagal-row-trash"}  # House Hagal Rivals
    for kind in registry.CHOICES.values():
        assert kind.rulings, kind.name  # a verdict on a choice always cites the rule behind it


def test_every_choice_kind_pushed_by_code_or_data_is_registered():
    pushed = set()
    for path in (ROOT / "adjudicator" / "imperium").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("push_choice", "choice_task"):
                literal = next((a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)),
                               None)
                if literal:
                    pushed.add(literal)
            if isinstance(node, ast.Dict):
                pairs = {k.value: v for k, v in zip(node.keys, node.values, strict=True) if isinstance(k, ast.Constant)}
                if getattr(pairs.get("t"), "value", None) == "choice" and isinstance(pairs.get("kind"), ast.Constant):
                    pushed.add(pairs["kind"].value)
    assert pushed and pushed <= set(registry.CHOICES), sorted(pushed - set(registry.CHOICES))


def test_rule_systems_plug_in_through_the_entry_point():
    found = systems()
    assert "imperium" in found and isinstance(found["imperium"], RuleSystem)
    rules = rules_for("imperium", "Восстание")
    assert isinstance(rules, RuleSet) and isinstance(rules, ImperiumRules) and rules.edition == "uprising"



# The positions code of each rule system (docs/ARCHITECTURE.md, "Positions: the protocol"): it
# loops over the modules' parts (`parts.py`) and imports no expansion by name.
POSITIONS = ("imperium.scenario", "imperium.cut", "imperium.audit", "imperium.table", "dune.scenario", "dune.table")
# (commanders.py is read by the general rules: Commanders are units)
IMPERIUM_EXPANSIONS = ("adjudicator.imperium.custom", "adjudicator.imperium.immortality", "adjudicator.imperium.tech",
                       "adjudicator.imperium.graft")


def test_positions_import_no_expansion_by_name():
    graph = import_graph()
    for name in POSITIONS:
        reached = nx.descendants(graph, f"adjudicator.{name}")
        assert not [m for m in reached if ".modules." in m or m.startswith(IMPERIUM_EXPANSIONS)], name
