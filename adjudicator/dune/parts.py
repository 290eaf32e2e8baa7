"""The modules' parts of positions (core/engine/positions.py), in the modules' load order
(`registry.MODULES`): scenario.py run every phase over them and name no module."""

from __future__ import annotations

from ..core.engine.positions import Parts
from . import modules  # noqa: F401  (the plugin loading: the Modules and their rule files, in order)
from .registry import MODULES

PARTS = Parts.of(MODULES, f"{__package__}.modules")
