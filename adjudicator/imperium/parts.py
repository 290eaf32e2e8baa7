"""The modules' parts of positions (core/engine/positions.py), loaded in their fixed order:
scenario.py, cut.py and audit.py run every phase over them and name no module."""

from __future__ import annotations

from ..core.engine.positions import Parts

# the module folders (modules/<folder>/positions.py) in the order their parts run
FOLDERS = ("bloodlines", "tech", "immortality", "rivals", "six_players")
PARTS = Parts.load(f"{__package__}.modules", FOLDERS)
