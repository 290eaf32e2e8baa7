"""Verdicts: what the referee says about one logged action."""

from __future__ import annotations

from dataclasses import dataclass, field

from .rulings import NO_SPECIFIC_RULING, citations

LEGAL, ILLEGAL, UNVERIFIABLE = "legal", "illegal", "unverifiable"
# what a verdict allowing an action says (core/sentences.py), in a round or before the first; `{word}`
# is the rule system's English word for a round (`round_word`: a Round of Imperium, a Turn of classic
# Dune), filled in when the verdict is made so that each template is one catalog line
LEGAL_SENTENCE, SETUP_SENTENCE = "{word} {{round}}: {{action}}.", "Setup: {action}."


@dataclass
class Verdict:
    index: int
    verdict: str
    code: str
    message: str
    rulings: tuple[str, ...] = ()
    pointer: str = ""
    path: list | None = None
    conditional: bool = False
    checksum: str | None = None
    implied: list = field(default_factory=list)  # the Actions the engine took before this one
    expected: dict | None = None  # what the engine expected instead (replay --explain; core/explain.py)
    consequences: list | None = None  # what it changed (core/consequences.py); None: not asked for
    template: str = ""  # the English template of its sentence, rendered when read (core/sentences.py)
    params: dict = field(default_factory=dict)  # the template's typed arguments

    @classmethod
    def refused(cls, index: int, err, pointer: str) -> Verdict:
        """The verdict on an action `err` (an IllegalAction) refused; its message in ids until rendered."""
        return cls(index, ILLEGAL, err.code, err.message, err.rulings, pointer, err.path,
                   template=err.template, params=err.params)

    @classmethod
    def allowed(cls, index: int, outcome: Outcome, pointer: str, round_: int, action: dict,
                round_word: str = "Round") -> Verdict:
        """The verdict on an action applied: the outcome's own sentence (an unverifiable step says
        what it could not check), else what happened in which round (`round_word`: the rule
        system's English word for one)."""
        if outcome.message:
            template, params = outcome.message, outcome.params
        else:
            template, params = (SETUP_SENTENCE, {"action": action}) if not round_ else \
                (LEGAL_SENTENCE.format(word=round_word), {"round": round_, "action": action})
        return cls(index, outcome.verdict, outcome.code, outcome.message, tuple(outcome.rulings), pointer,
                   implied=outcome.implied, template=template, params=params)

    def to_json(self, edition: str | None = None) -> dict:
        """`edition` (when the caller knows it) puts that edition's rulebook first in each
        citation. A verdict no ruling is attached to says so: it cites the engine policy
        that an action is judged against the actions the rules offer at that point."""
        out = {
            "index": self.index,
            "verdict": self.verdict,
            "code": self.code,
            "message": self.message,
            "template": self.template,
            "params": self.params,
            "citations": citations(self.rulings or (NO_SPECIFIC_RULING,), edition),
            "pointer": self.pointer,
        }
        if self.path:
            out["path"] = self.path
        if self.implied:
            out["implied"] = [a.to_json() for a in self.implied]
        if self.conditional:
            out["conditional"] = True
        if self.checksum:
            out["checksum"] = self.checksum
        if self.expected is not None:
            out["expected"] = self.expected
        if self.consequences is not None:
            out["consequences"] = self.consequences
        return out


@dataclass
class Outcome:
    """What applying one action produced: its verdict parts, before indexing."""

    verdict: str = LEGAL
    code: str = "ok"
    message: str = ""
    rulings: list[str] = field(default_factory=list)
    implied: list = field(default_factory=list)  # steps the log left out, taken before the action
    events: list = field(default_factory=list)  # consequences the state does not keep (Table.events)
    params: dict = field(default_factory=dict)  # `message` as a template: its typed arguments
