"""Sample logs served by the API out of the box. `python -m adjudicator.samples` rewrites them
from the simulator (do so whenever a rule change makes them stale; a test says when)."""

from __future__ import annotations

import json
from pathlib import Path

from ..simulate import simulate

HERE = Path(__file__).resolve().parent
# name -> simulate() arguments
SAMPLES = {
    "uprising-4p-choam-seed7": ("uprising", 4, 7, ("choam",)),
    "uprising-3p-seed11": ("uprising", 3, 11, ()),
    "imperium-4p-seed5": ("imperium", 4, 5, ()),
    "uprising-4p-bloodlines-tech-choam-seed3": ("uprising", 4, 3, ("bloodlines", "choam", "tech")),
    "imperium-3p-immortality-seed2": ("imperium", 3, 2, ("immortality",)),
    "uprising-2p-rival-choam-seed4": ("uprising", 2, 4, ("choam",)),
    "uprising-1p-rivals-immortality-seed3": ("uprising", 1, 3, ("immortality",)),
    "uprising-6p-choam-seed1": ("uprising", 6, 1, ("choam",)),
    "dune-4p-advanced-seed1": ("dune", 4, 1, ("advanced",)),
    "dune-5p-ixians-tleilaxu-tech-seed2": ("dune", 5, 2, ("advanced", "ixians-tleilaxu", "tech-tokens")),
}


def write() -> None:
    for name, args in SAMPLES.items():
        (HERE / f"{name}.json").write_text(json.dumps(simulate(*args), indent=1) + "\n", encoding="utf-8")
