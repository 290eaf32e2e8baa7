"""`adjudicator analyse` (and `validate --scheduler`): in process, on --jobs, in --shard slices
merged back, and on a Dask cluster the test starts; the figures are the same every way."""

from __future__ import annotations

import csv
import importlib.util
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from adjudicator.analysis import cluster, export
from adjudicator.cli import main
from adjudicator.samples import HERE as SAMPLES

HAS_DASK = importlib.util.find_spec("dask") is not None and importlib.util.find_spec("distributed") is not None
GAMES = ("uprising-3p-seed11", "imperium-4p-seed5", "uprising-2p-rival-choam-seed4",
         "dune-5p-ixians-tleilaxu-tech-seed2")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Four sample games (one in a JSONL file with a second copy), an invalid log, an unreadable one."""
    folder = tmp_path_factory.mktemp("corpus")
    docs = {name: json.loads((SAMPLES / f"{name}.json").read_text()) for name in GAMES}
    for name in GAMES[:3]:
        (folder / f"{name}.json").write_text(json.dumps(docs[name]))
    dune = json.dumps(docs[GAMES[3]])
    (folder / "more.jsonl").write_text(f"{dune}\n{json.dumps(docs[GAMES[0]])}\n")
    broken = json.loads(json.dumps(docs[GAMES[0]]))
    i = next(i for i, a in enumerate(broken["actions"]) if a["do"] == "send-agent")
    broken["actions"][i]["by"] = "chance"
    (folder / "broken.json").write_text(json.dumps(broken))
    (folder / "junk.json").write_text("{")
    return folder


@pytest.fixture(scope="module")
def in_process(corpus):
    out = run("analyse", corpus, "--json", "--min-sample", 1)
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def test_analyse_counts_and_lists_the_bad_logs(in_process):
    f = in_process
    assert f["logs"] == {"read": 7, "valid": 5, "invalid": 1, "unreadable": 1, "skipped": 0}
    assert sorted((p["source"].rsplit("/", 1)[-1], p["status"]) for p in f["problems"]) == [
        ("broken.json", "invalid"), ("junk.json", "unreadable")]
    assert f["games"] == 5 and f["illegal_by_rule"] and f["by_players"]["3"]["games"] == 2
    assert f["length"]["turns"]["games"] == 1 and f["length"]["rounds"]["games"] == 4


def test_analyse_the_same_on_jobs_and_in_merged_shards(corpus, in_process, tmp_path):
    jobs = run("analyse", corpus, "--json", "--min-sample", 1, "--jobs", 2)
    assert json.loads(jobs.output) == in_process
    parts = []
    for i in (1, 2, 3):
        out = run("analyse", corpus, "--shard", f"{i}/3")
        assert out.exit_code == 0, out.output
        parts.append(tmp_path / f"part{i}.json")
        parts[-1].write_text(out.output)
    merged = run("analyse", "--merge", *reversed(parts), "--json", "--min-sample", 1)
    assert merged.exit_code == 0, merged.output
    assert json.loads(merged.output) == in_process
    assert run("analyse", corpus, "--shard", "4/3").exit_code == 2
    assert run("analyse", corpus, "--shared-storage").exit_code == 2  # without --scheduler
    assert run("analyse", "--merge", corpus / "junk.json").exit_code == 2


def test_analyse_one_game_and_the_summary(corpus):
    f = json.loads(run("analyse", corpus, "--json", "--game", "dune").output)
    assert f["games"] == 1 and f["logs"]["skipped"] == 5 and f["how"] == {"no-winner": 1}
    text = run("analyse", corpus).output
    assert "7 log(s): 5 valid, 1 invalid, 1 unreadable" in text and "junk.json" in text


def test_an_unreachable_scheduler_is_one_line_and_exit_2(corpus, monkeypatch):
    monkeypatch.setattr(cluster, "TIMEOUT", 1)
    for command in ("analyse", "validate"):
        out = run(command, corpus, "--scheduler", "tcp://127.0.0.1:9")
        assert out.exit_code == 2, out.output
        assert out.stdout == "" and len(out.stderr.strip().splitlines()) == 1
        assert out.stderr.startswith("error: ") and ("cannot reach" in out.stderr or "needs Dask" in out.stderr)


def test_without_a_scheduler_dask_is_not_imported(corpus):
    script = ("import sys; from click.testing import CliRunner; from adjudicator.cli import main; "
              f"CliRunner().invoke(main, ['analyse', {str(corpus)!r}, '--json', '--jobs', '2']); "
              f"CliRunner().invoke(main, ['validate', {str(corpus)!r}, '--json']); "
              "print(sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed'}))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.skipif(not HAS_DASK, reason="dask[distributed] is not installed (pip install '.[scale]')")
def test_analyse_and_validate_on_a_local_dask_cluster_equal_the_in_process_run(corpus, in_process):
    distributed = importlib.import_module("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as local:
        address = local.scheduler_address
        out = run("analyse", corpus, "--json", "--min-sample", 1, "--scheduler", address)
        assert out.exit_code == 0, out.output
        assert json.loads(out.output) == in_process
        # the workers read the files themselves (the same machine: shared storage)
        shared = run("analyse", corpus, "--json", "--min-sample", 1, "--scheduler", address, "--shared-storage")
        assert shared.exit_code == 0, shared.output
        assert json.loads(shared.output) == in_process
        on_cluster = run("validate", corpus, "--json", "--scheduler", address)
    here = run("validate", corpus, "--json")
    assert on_cluster.exit_code == here.exit_code == 1
    assert json.loads(on_cluster.output) == json.loads(here.output)


def test_the_facts_exported_one_row_per_seat(corpus, tmp_path):
    out = run("analyse", corpus, "--json", "--facts-out", tmp_path / "facts.csv")
    assert out.exit_code == 0, out.output
    rows = list(csv.DictReader((tmp_path / "facts.csv").open()))
    assert list(rows[0]) == list(export.COLUMNS)
    # 5 valid games and the invalid one: seats of 3 + 4 + 3 (two Rivals) + 5 + 3, and 3 for the invalid
    assert len(rows) == 3 + 4 + 3 + 5 + 3 + 3
    by_game = {}
    for row in rows:
        by_game.setdefault(row["source"], []).append(row)
    for seats in by_game.values():
        if seats[0]["finished"] == "True":  # one win shared among the winners, none in a game nobody won
            assert sum(float(r["won"]) for r in seats) in (pytest.approx(1), 0)
    invalid = [r for r in rows if r["valid"] == "False"]
    assert len(invalid) == 3 and invalid[0]["first_illegal_code"]
    assert run("analyse", corpus, "--facts-out", tmp_path / "facts.txt").exit_code == 2


@pytest.mark.skipif(importlib.util.find_spec("pyarrow") is None,
                    reason="pyarrow is not installed (pip install '.[export]')")
def test_the_facts_exported_as_parquet(corpus, tmp_path):
    parquet = importlib.import_module("pyarrow.parquet")
    assert run("analyse", corpus, "--facts-out", tmp_path / "facts.parquet", "--json").exit_code == 0
    table = parquet.read_table(tmp_path / "facts.parquet")
    assert table.column_names == list(export.COLUMNS) and table.num_rows == 21
    assert table.schema.field("won").type == "double"
