"""A smoke run of the benchmark suite at a tiny size (no assertions on time)."""

import importlib.util
import json

import pytest

from bench.__main__ import main

KEYS = {"actions_per_s", "chess_moves_per_s", "chess_ratio", "parse_floor_ratio", "game_p50_ms", "game_p99_ms",
        "legal_actions_p50_ms", "legal_actions_p99_ms", "peak_rss_mb", "bloodlines_p50_ratio",
        "validate_logs_per_s_per_core", "ratios"}


def test_bench_smoke(capsys):
    main(["--games", "2", "--chess-games", "3", "--positions", "10", "--json"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(last)
    assert KEYS <= set(result)
    assert result["actions"] > 0 and result["chess_moves"] > 0
    assert set(result["ratios"]) == {"uprising-4p-choam", "imperium-4p", "dune-6p-advanced"}
    assert all(r["min"] <= r["median"] <= r["max"] for r in result["ratios"].values())


def test_load_bench_smoke(capsys):
    from bench.load import main as load

    load(["--seconds", "1.5", "--clients", "4", "--json"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["errors"] == 0 and result["requests"] > 0


def test_bloodlines_bench_smoke(capsys):
    """The Bloodlines row is a ratio against the plain game measured in the same run."""
    main(["--games", "2", "--chess-games", "3", "--positions", "10", "--json"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert isinstance(result["bloodlines_p50_ratio"], float) and result["bloodlines_p50_ratio"] > 0


@pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                    reason="dask[distributed] is not installed (pip install '.[scale]')")
def test_analyse_bench_smoke():
    """The analyser's bench runs --jobs 2 and a local Dask cluster in one run (issue 34)."""
    from bench.analyse import main as analyse

    result = analyse(["--copies", "1", "--rounds", "1", "--json"])
    assert result["logs"] == 10 and set(result["logs_per_s"]) == {"in_process", "jobs2", "cluster"}
    assert result["cluster_over_jobs2"] > 0 and result["scheduler_overhead_ms_per_log"] > 0
