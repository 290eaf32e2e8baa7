"""Answers in words, for the command line: a position check, a replayed log."""

from __future__ import annotations

from .core.errors import AdjudicatorError
from .core.registry import rules_for
from .core.rulings import where

SKIP = ("by", "do", "choices")


def action_words(rules, action: dict, state: dict) -> str:
    args = ", ".join(f"{k} {v}" for k, v in sorted(action.items()) if k not in SKIP)
    return rules.humanize(f"{action.get('by')}: {action.get('do')}" + (f" ({args})" if args else ""), state)


def written(doc: dict, pointer: str) -> dict:
    """The action a verdict points at, as written (a shorthand choice as the choose it means)."""
    parts = pointer.strip("/").split("/")
    node = doc
    for part in parts[:2]:
        node = node[int(part)] if isinstance(node, list) else node.get(part, {})
    if len(parts) == 4 and parts[2] == "choices":
        return {"by": node.get("by"), "do": "choose", **node["choices"][int(parts[3])]}
    return node if isinstance(node, dict) else {}


def describe_check(doc: dict, answer: dict) -> str:
    state = answer["state"]
    rules = rules_for(state["game"]["system"], state["game"]["edition"])
    lines = []
    for v in answer.get("verdicts", [answer["verdict"]]):
        action = written(doc, v["pointer"])
        word = {"legal": "LEGAL", "illegal": "ILLEGAL", "unverifiable": "UNVERIFIABLE"}[v["verdict"]]
        lines.append(f"{action_words(rules, action, state)}: {word}" + (f" [{v['code']}]" if v["code"] != "ok" else ""))
        if v["message"]:
            lines.append(f"  {v['message']}")
        lines += [f"  {see(c)}" for c in v["citations"]]
    pending = answer.get("pending")
    if pending is None:
        lines.append("The game is over.")
    else:
        who = rules.humanize(pending["by"], state)
        lines.append(f"Next: {who} to decide" + (f" ({pending['window']})" if pending.get("window") else "")
                     + (f": {', '.join(pending.get('verbs', []))}" if pending.get("verbs") else ""))
    return "\n".join(lines)


def describe_problems(err: AdjudicatorError) -> str:
    problems = getattr(err, "problems", None)
    if not problems:
        return f"error [{err.code}] at {err.pointer or '/'}: {err.message}"
    lines = [f"not a position the engine rules on ({len(problems)} problem(s)):"]
    for p in problems:
        hint = f" (did you mean {' or '.join(p['suggestions'])}?)" if p.get("suggestions") and "did you mean" not in \
            p["detail"] else ""
        lines.append(f"  {p['pointer']}: [{p['code']}] {p['detail']}{hint}")
    return "\n".join(lines)


def describe_report(doc: dict, report: dict) -> str:
    """A replayed log for a person: valid or not, the first illegal action with its reason and
    rules, the result, and what the game waits for (the JSON report: `replay --json`)."""
    rules = rules_for(report["game"]["system"], report["game"]["edition"])
    names = {p["id"]: {"name": p.get("name") or p["id"]} for p in report["game"]["players"]}
    seen = {"game": {"players": names}}  # what humanize reads the players' names from
    n, verdicts = report["actions"], report["verdicts"]
    unverifiable = sum(v["verdict"] == "unverifiable" for v in verdicts)
    if report["valid"]:
        lines = [f"VALID: {n} action(s), none illegal" + (f"; {unverifiable} unverifiable" if unverifiable else "")]
    else:
        v = verdicts[report["first_illegal"]]
        lines = [f"INVALID: action {report['first_illegal']} of {n} is illegal [{v['code']}]: "
                 + action_words(rules, written(doc, v["pointer"]), seen)]
        lines += [f"  {v['message']}"] if v["message"] else []
        lines += [f"  {see(c)}" for c in v["citations"]]
    result, pending = report["result"], report["pending"]
    if result["finished"]:
        won = ", ".join(names.get(w, {"name": w})["name"] for w in result["winners"]) or "nobody"
        lines.append(f"The game is over: won by {won} ({result['how']}).")
    elif pending is not None:
        lines.append(("The replay stopped there; " if report["mode"] == "strict" and not report["valid"] else
                      "The game goes on; ") + f"next: {rules.humanize(pending['by'], seen)}"
                     + (f" may {', '.join(pending['verbs'])}" if pending.get("verbs") else "") + ".")
    return "\n".join(lines)


def see(citation: dict) -> str:
    """A citation as a pointer into its rulebook (a reading of ours names no page)."""
    page = where(citation)
    return f"see {citation['source']}" + (f", {page}" if page else "") + f" ({citation['ruling']})"
