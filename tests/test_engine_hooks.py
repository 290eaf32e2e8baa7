"""The kernel's hook dispatcher (core/engine/hooks.py): a listener runs only in the games that play
its module, and only for the calls its `when` accepts (a seat's), so no listener tests either; the
order listeners (and an ordered registry's kinds) come in is declared, not the import order."""

from types import SimpleNamespace

import pytest

from adjudicator.core.engine import Hooks, Kinds


def table(*modules: str):
    return SimpleNamespace(modules=frozenset(modules))


def test_module_and_when_decide_which_listeners_answer():
    hooks = Hooks(lambda g: g.modules)
    seen = []

    @hooks.on("turn")
    def _every(g, pid):
        seen.append(("every", pid))
        return "every"

    @hooks.on("turn", module="rivals", when=lambda g, pid: pid.startswith("r"))
    def _rival(g, pid):
        seen.append(("rival", pid))
        return "rival"

    @hooks.on("cost", module="rivals", when=lambda g, pid: pid.startswith("r"))
    def _dearer(value, g, pid):
        return value + 1

    rivals, plain = table("rivals"), table()
    assert hooks.ask("turn", rivals, "r1") == ["every", "rival"]
    assert hooks.ask("turn", rivals, "p1") == ["every"]  # not the Rival's seat
    assert hooks.ask("turn", plain, "r1") == ["every"]  # not a game with the module
    assert hooks.first("turn", rivals, "p1") == "every"
    hooks.fire("turn", rivals, "p2")
    assert seen[-1] == ("every", "p2") and ("rival", "p2") not in seen
    assert (hooks.adjust("cost", 2, rivals, "r1"), hooks.adjust("cost", 2, rivals, "p1")) == (3, 2)
    assert hooks.adjust("cost", 2, plain, "r1") == 2


def test_declared_order_not_registration_order_decides():
    """Listeners run in their files' declared order, then each file's registration order; a file
    outside the order may not register (its place would be the import order's)."""
    hooks = Hooks(lambda g: g.modules, order=("rules.early", "rules.late"))

    def listener(module: str, answer: str):
        fn = lambda g: answer  # noqa: E731
        fn.__module__ = module
        return fn

    for module, answer in (("rules.late", "late-1"), ("rules.early", "early-1"), ("rules.late", "late-2"),
                           ("rules.early", "early-2")):
        hooks.on("turn")(listener(module, answer))
    assert hooks.ask("turn", table()) == ["early-1", "early-2", "late-1", "late-2"]
    with pytest.raises(ValueError, match="rules.other"):
        hooks.on("turn")(listener("rules.other", "other"))


def test_a_registry_with_a_declared_order_iterates_in_it():
    verbs = Kinds("verb", ("choose", "send-agent", "pass"))
    for name in ("pass", "choose", "send-agent"):
        verbs.add(name, name.upper())
    assert list(verbs) == ["choose", "send-agent", "pass"] and verbs["pass"] == "PASS"
    with pytest.raises(ValueError, match="reveal"):
        verbs.add("reveal", "REVEAL")


def test_a_listener_registered_for_two_modules_runs_once_when_both_are_played():
    """tech.py's tile timings serve the Tech Module and Rise of Ix; with both (Bloodlines p. 7) an
    endgame tile scored twice before."""
    hooks = Hooks(lambda g: g.modules)
    seen = []

    @hooks.on("endgame", module="tech")
    @hooks.on("endgame", module="ix")
    def _score(g):
        seen.append(sorted(g.modules))

    for modules in (("tech",), ("ix",), ("ix", "tech"), ()):
        hooks.fire("endgame", table(*modules))
    assert seen == [["tech"], ["ix"], ["ix", "tech"]]
