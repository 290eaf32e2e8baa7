"""The modules' parts of positions (core/engine/positions.py), loaded in their fixed order:
scenario.py runs every phase over them and names no module."""

from __future__ import annotations

from ..core.engine.positions import Parts

# the module folders (modules/<folder>/positions.py) in the order their parts run
FOLDERS = ("ixians_tleilaxu", "tech_tokens", "advanced")
PARTS = Parts.load(f"{__package__}.modules", FOLDERS)
