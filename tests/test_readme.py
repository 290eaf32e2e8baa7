"""The README's worked example shows real output: the engine still answers exactly that."""

import json
import re
from pathlib import Path

from adjudicator.positions import check_position

ROOT = Path(__file__).resolve().parent.parent


def test_worked_example_output_is_current():
    readme = (ROOT / "README.md").read_text()
    shown = json.loads(re.search(r"answers \(the `state` field left out here\):\n\n```json\n(.*?)\n```",
                                 readme, re.S).group(1))
    answer = check_position(json.loads((ROOT / "examples" / "hypothetical-arrakeen.json").read_text()))
    assert {k: answer[k] for k in shown} == shown
