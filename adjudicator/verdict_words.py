"""The answer of a position check in words, for the command line."""

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
        for c in v["citations"]:
            lines.append(f"  see {c['source']}, {where(c)} ({c['ruling']})")
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
