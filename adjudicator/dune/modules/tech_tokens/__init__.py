"""Tech Tokens, the Ixians & Tleilaxu expansion's optional module (seed 002 paragraphs 54-60;
rulings ixtl.tech-* and ixcards.tech-*): `tokens.py`. A log names it beside the expansion
(`modules: [ixians-tleilaxu, tech-tokens]`; setup.py refuses it alone)."""

from ....core.engine import Module, peek
from ...registry import MODULES

TECH_TOKENS = MODULES.add(Module(
    "tech-tokens", "Tech Tokens", lambda state: "tech-tokens" in peek(state, "game")["modules"],
    sources=("seed 002: Dune: Ixians & Tleilaxu rules (excerpt), paragraphs 54-60",
             "rulings/seed-002-ixians-tleilaxu.toml", "rulings/dune-ixtl-cards.toml")))

from . import tokens  # noqa: E402, F401, I001  (registrations, after the Module)

__all__ = ["TECH_TOKENS"]
