"""`adjudicator validate` streams (issue 30): a log is read, replayed and let go before the next,
so memory does not grow with the number of logs. Counted with tracemalloc (not timed): the peak
over 2N logs is the peak over N, give or take a small row per log."""

from __future__ import annotations

import json
import shutil
import tracemalloc
from pathlib import Path

from click.testing import CliRunner

import adjudicator
from adjudicator.cli import main
from adjudicator.service import batch

SAMPLE = min((Path(adjudicator.__file__).parent / "samples").glob("*.json"), key=lambda p: p.stat().st_size)


def _peak(folder: Path, copies: int, *args: str) -> int:
    folder.mkdir()
    for n in range(copies):
        shutil.copy(SAMPLE, folder / f"log{n:03}.json")
    tracemalloc.start()
    try:
        result = CliRunner().invoke(main, ["validate", "--json", *args, str(folder)])
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        assert result.exit_code == 0, result.output
        assert len(json.loads(result.output)) == copies


def test_validate_memory_is_flat_in_the_number_of_logs(tmp_path):
    _peak(tmp_path / "warm", 1)  # tables, rulings and schemas loaded once per process
    small = _peak(tmp_path / "n", 4)
    large = _peak(tmp_path / "2n", 8)
    one_log = SAMPLE.stat().st_size
    # the parsed log of the sample alone is many times its text; keeping them all would add
    # 4 of them to the peak (the old `validate` kept every parsed log to the end)
    assert large - small < one_log, (small, large)


def test_stream_reads_items_as_it_goes():
    """The rows come one by one: the next item is not read before the row before it is out."""
    text = SAMPLE.read_text()
    read: list[int] = []

    def items():
        for n in range(3):
            read.append(n)
            yield f"log{n}", text

    rows = batch.stream(items(), keep_log=False)
    first = next(rows)
    assert read == [0] and first["status"] == "valid" and "log" not in first
    assert [r["source"] for r in rows] == ["log1", "log2"]
