"""The command line: simulate, replay (exit codes 0/1/2), cards, rulings, timing-graph."""

import copy
import json

from click.testing import CliRunner

from adjudicator.cli import main


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_simulate_prints_a_complete_legal_log_and_replay_accepts_it(tmp_path):
    out = run("simulate", "--game", "uprising", "--players", "3", "--seed", "7", "--modules", "choam")
    assert out.exit_code == 0, out.output
    log = json.loads(out.output)
    assert log["format"] == "dune-adjudicator/log" and len(log["game"]["players"]) == 3
    path = tmp_path / "log.json"
    path.write_text(out.output)
    replayed = run("replay", str(path), "--snapshots", "none", "--json")
    assert replayed.exit_code == 0
    report = json.loads(replayed.output)
    assert report["valid"] and report["result"]["winners"]
    assert set(report["result"]["winners"]) <= {p["id"] for p in log["game"]["players"]}
    assert "final_state" not in report


def test_replay_exit_codes(tmp_path, sample_log):
    bad = copy.deepcopy(sample_log)
    i = next(i for i, a in enumerate(bad["actions"]) if a["do"] == "send-agent")
    bad["actions"][i]["by"] = "chance"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    out = run("replay", str(tmp_path / "bad.json"), "--snapshots", "none", "--json")
    assert out.exit_code == 1 and json.loads(out.output)["first_illegal"] == i
    (tmp_path / "junk.json").write_text("{")
    junk = run("replay", str(tmp_path / "junk.json"))
    assert junk.exit_code == 2 and "not readable JSON" in junk.output
    unknown = copy.deepcopy(sample_log)
    unknown["actions"][i]["card"] = "Crysknife of Doom"
    (tmp_path / "unknown.json").write_text(json.dumps(unknown))
    named = run("replay", str(tmp_path / "unknown.json"))
    assert named.exit_code == 2 and f"/actions/{i}/card" in named.output
    continued = run("replay", str(tmp_path / "bad.json"), "--mode", "continue", "--snapshots", "none", "--json")
    assert continued.exit_code == 1
    assert len(json.loads(continued.output)["verdicts"]) == len(bad["actions"])


def test_replay_reads_stdin(sample_log):
    out = run("replay", "-", "--snapshots", "none", input=json.dumps(sample_log))
    assert out.exit_code == 0


def test_replay_says_in_words_whether_a_log_is_valid(tmp_path, sample_log):
    """Without --json a person reads the verdict: valid or the first illegal action with its
    reason and rules, then the result or what the game waits for."""
    report = json.loads(run("replay", "-", "--snapshots", "none", "--json", input=json.dumps(sample_log)).output)
    names = {p["id"]: p.get("name") or p["id"] for p in sample_log["game"]["players"]}
    words = run("replay", "-", input=json.dumps(sample_log)).output.splitlines()
    assert words[0] == f"VALID: {len(sample_log['actions'])} action(s), none illegal"
    won = ", ".join(names[w] for w in report["result"]["winners"])
    assert words[-1] == f"The game is over: won by {won} ({report['result']['how']})."
    bad = copy.deepcopy(sample_log)
    i = next(i for i, a in enumerate(bad["actions"]) if a["do"] == "send-agent")
    bad["actions"][i]["by"] = "chance"
    out = run("replay", "-", input=json.dumps(bad))
    lines = out.output.splitlines()
    assert out.exit_code == 1 and lines[0].startswith(f"INVALID: action {i} of {len(bad['actions'])} is illegal [")
    assert any(line.startswith("  see ") for line in lines) and lines[-1].startswith("The replay stopped there; next: ")
    assert "{" not in out.output  # no JSON


def test_cards_by_type():
    out = run("cards", "--game", "uprising", "--type", "intrigue")
    cards = json.loads(out.output)
    assert sum(c["copies"] for c in cards) == 44
    assert all({"id", "name", "type", "copies"} <= set(c) for c in cards)
    assert all(set(c["name"]) == {"en", "ru"} for c in cards)


def test_rulings_search_and_show():
    found = json.loads(run("rulings", "search", "sandworm", "--json").output)
    assert any(r["id"].startswith("worm.") for r in found)
    table = run("rulings", "search", "worms", "doubled").output  # a readable table, best match first
    assert "worm.doubling" in table and table.index("worm.doubling") < table.index("worm.maker-hooks")
    russian = run("rulings", "search", "ничья", "в", "сражении").output  # Russian words, a Russian title
    assert "combat.ties" in russian and "Ничьи в сражении" in russian
    shown = run("rulings", "show", "combat.ties")
    assert shown.exit_code == 0 and json.loads(shown.output)["sources"]
    assert run("rulings", "show", "nope").exit_code == 2


def test_timing_graph_formats():
    assert run("timing-graph", "--format", "dot").output.startswith("digraph")
    assert "nodes" in json.loads(run("timing-graph").output)


def test_simulate_seats_the_rivals_difficulty_and_options_asked_for():
    out = run("simulate", "--players", "1", "--seed", "2", "--difficulty", "kwisatz-haderach",
              "--rival-options", "row-refresh", "--rivals", "glossu-rabban")
    assert out.exit_code == 0, out.output
    setup = json.loads(out.output)["setup"]
    assert setup["difficulty"] == "kwisatz-haderach" and setup["options"] == ["row-refresh"]
    assert setup["rivals"][0]["leader"] == "glossu-rabban"
    bad = run("simulate", "--players", "1", "--difficulty", "novice")
    assert bad.exit_code == 2 and "rival-difficulty" in bad.output
