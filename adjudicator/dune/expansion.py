"""The Ixians & Tleilaxu expansion (seed 002; rulings dune-ixians-tleilaxu.toml) as a setup module,
`modules: [ixians-tleilaxu]`: the one place that says which components and factions a game with it
uses. The rules it adds live in factions/ (ixians*.py, ixian_bidding.py, tleilaxu*.py), ixcards.py
and tech_tokens.py."""

from __future__ import annotations

MODULE = "ixians-tleilaxu"
TECH_TOKENS = "tech-tokens"  # its optional module, only beside it (tech_tokens.py)
FACTIONS = ("ixians", "tleilaxu")


def sets(modules) -> tuple[str, ...]:
    """The component sets a game with these modules uses (data/*.json `set`)."""
    return ("base", MODULE) if MODULE in modules else ("base",)


def factions(modules) -> tuple[str, ...]:
    """The factions a game with these modules may seat, besides the base six."""
    return FACTIONS if MODULE in modules else ()
