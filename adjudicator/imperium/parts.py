"""The modules' parts of positions (core/engine/positions.py), in the modules' load order
(`registry.MODULES`): scenario.py, cut.py and audit.py run every phase over them and name no module."""

from __future__ import annotations

from ..core.engine.positions import Parts
from . import custom, modules  # noqa: F401  (the rule files in their fixed order, then the Modules)
from .registry import MODULES

PARTS = Parts.of(MODULES, f"{__package__}.modules")
