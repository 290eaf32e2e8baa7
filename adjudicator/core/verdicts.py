"""Verdicts: what the referee says about one logged action."""

from __future__ import annotations

from dataclasses import dataclass, field

from .rulings import citations

LEGAL, ILLEGAL, UNVERIFIABLE = "legal", "illegal", "unverifiable"


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

    def to_json(self) -> dict:
        out = {
            "index": self.index,
            "verdict": self.verdict,
            "code": self.code,
            "message": self.message,
            "citations": citations(self.rulings),
            "pointer": self.pointer,
        }
        if self.path:
            out["path"] = self.path
        if self.conditional:
            out["conditional"] = True
        if self.checksum:
            out["checksum"] = self.checksum
        return out


@dataclass
class Outcome:
    """What applying one action produced: its verdict parts, before indexing."""

    verdict: str = LEGAL
    code: str = "ok"
    message: str = ""
    rulings: list[str] = field(default_factory=list)
