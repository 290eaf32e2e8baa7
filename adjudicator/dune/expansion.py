"""The Ixians & Tleilaxu expansion (seed 002; rulings dune-ixians-tleilaxu.toml) as a setup module,
`modules: [ixians-tleilaxu]`: the one place that says which components and factions a game with it
uses. It is refused to users while its rules are incomplete (`INCOMPLETE`; tests lift
it with the fixture `ixtl_unlocked`); the rules it adds live in
factions/ixians.py and factions/tleilaxu.py, and what is not played yet is in not_implemented.py."""

from __future__ import annotations

from ..core.errors import MalformedLog

MODULE = "ixians-tleilaxu"
TECH_TOKENS = "tech-tokens"  # its optional module, only beside it (tech_tokens.py)
FACTIONS = ("ixians", "tleilaxu")
# Refused until its rules are complete (not_implemented.py "ixians-tleilaxu"): lifted only by
# the lead engineer; tests lift it with the fixture `ixtl_unlocked`.
INCOMPLETE = True


def offered(index: int) -> None:
    if INCOMPLETE:
        raise MalformedLog(f"module {MODULE!r} of classic Dune is not offered yet: its rules are incomplete "
                           "(docs/dune-engine.md, 'Not implemented yet')", f"/game/modules/{index}",
                           code="unsupported-module")


def gated(module: str) -> bool:
    """Refused now (the catalogue and `simulate` ask too)?"""
    return module in (MODULE, TECH_TOKENS) and INCOMPLETE


def sets(modules) -> tuple[str, ...]:
    """The component sets a game with these modules uses (data/*.json `set`)."""
    return ("base", MODULE) if MODULE in modules else ("base",)


def factions(modules) -> tuple[str, ...]:
    """The factions a game with these modules may seat, besides the base six."""
    return FACTIONS if MODULE in modules else ()
