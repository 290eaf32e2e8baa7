"""The Tech Tokens in a classic Dune position (tech_tokens.py; docs/positions.md), read from a
scenario and written back (core/engine/positions.py): `tech_tokens` {token: holder or null}
(left out: as they stand at setup) and `tech_due` {token: spice}, the income a token already
earned in the phase just begun (paid as it ends)."""

from __future__ import annotations

from ....core.engine.positions import Part, esc


class TechTokens(Part):
    name = "tech-tokens"
    table_keys = ("tech_tokens", "tech_due")

    def read_table(self, r, state: dict, doc: dict) -> None:
        if not self.given(r, state, doc, "tech_tokens", "tech_tokens",
                            "Tech Tokens are played with the module tech-tokens only"):
            return
        seats, tokens = state["game"]["seats"], state["tech_tokens"]
        for token, holder in sorted(doc["tech_tokens"].items()):
            at = f"/tech_tokens/{esc(token)}"
            if token not in tokens:
                r.fail(at, "unknown-name", f"no Tech Token {token!r}: they are {', '.join(sorted(tokens))}")
            elif holder is not None and holder not in seats:
                r.fail(at, "seats", f"{holder!r} is not a player of this game")
            else:
                tokens[token] = holder

    def read_decks(self, r, state: dict, doc: dict) -> None:
        """`tech_due` is checked here and set once the phase has begun (`settled`)."""
        for token in sorted(doc.get("tech_due", {})):
            if token not in state.get("tech_tokens", {}):
                r.fail(f"/tech_due/{esc(token)}", "unknown-name", f"no Tech Token {token!r} in this game")

    def settled(self, state: dict, doc: dict) -> None:
        """After the previous phase's end paid what it earned: what this one has earned."""
        due = {token: n for token, n in sorted(doc.get("tech_due", {}).items()) if n}
        if due:
            state["tech_due"] = {**state.get("tech_due", {}), **due}

    def describe_table(self, c, state: dict, doc: dict) -> None:
        if state.get("tech_tokens") is not None:
            doc["tech_tokens"] = dict(sorted(state["tech_tokens"].items()))
        if state.get("tech_due"):
            doc["tech_due"] = dict(sorted(state["tech_due"].items()))


PART = TechTokens()
