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


def test_classic_dune_example_output_is_current(tmp_path):
    """The classic game's example: the storm example position, its move sent across the storm."""
    from click.testing import CliRunner

    from adjudicator.cli import main

    readme = (ROOT / "README.md").read_text()
    shown = re.search(r"\$ adjudicator check storm.json\n(.*?)\n```", readme, re.S).group(1)
    position = json.loads((ROOT / "examples" / "dune-move-through-storm.json").read_text())
    position["actions"][1]["to"] = "Imperial Basin@9"
    (tmp_path / "storm.json").write_text(json.dumps(position))
    out = CliRunner().invoke(main, ["check", str(tmp_path / "storm.json")])
    assert out.output.strip() == shown.strip()
