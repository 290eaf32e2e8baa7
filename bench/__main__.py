"""Replay throughput measured side by side with baselines, in one run.

    python -m bench [--games 50] [--chess-games 200] [--positions 1000] [--json]

Everything goes through the Python API (`adjudicator.replay`, `adjudicator.legal_actions`), as
another tool would call it.

- replay: validated actions/s and games/s over simulated 4-player Uprising logs with CHOAM,
  every check on (parse, schema, names, legality, checksums);
- chess baseline: python-chess replaying random games from SAN with `push_san` (it parses
  and checks every move); the ratio of our actions/s to its moves/s, measured interleaved
  (one of our games, then one chess game, and so on, so both see the same machine load) and
  repeated: the report gives the median ratio and its spread over the repetitions, for each
  rule system (Uprising 4p + CHOAM, the original game 4p, classic Dune 6p advanced: `ratios`);
- parsing floor: parse and schema-validate the same logs without replaying them;
- latency: per-game replay p50/p99, legal-actions p50/p99 over positions from the playouts
  (`adjudicator.legal_actions({"state": ...})`: the position read and audited, as the route does);
- validate: logs/s on one core of `adjudicator validate`'s streaming check over all the logs;
- peak RSS of a fresh process that replays one game;
- Bloodlines: per-game replay p50 of 4-player Uprising games with Bloodlines, Tech and CHOAM
  against plain Uprising games replayed interleaved with them (the ratio is the figure; issue #11
  keeps it within 1.3);
- Rise of Ix: the same for 4-player original games with Rise of Ix against plain original games
  (issue #35 keeps it within 1.3), and the ratio of time per action.
Absolute times on a shared machine mean little; the ratios are the figures to compare.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

import chess

import adjudicator
from adjudicator.core.actions import Action
from adjudicator.core.logs import parse_log
from adjudicator.core.rng import Random
from adjudicator.imperium.rules import ruleset
from adjudicator.service import batch
from adjudicator.simulate import simulate

# the rule systems whose ratio to python-chess the bench reports (issue 30)
SYSTEMS = (("uprising-4p-choam", "uprising", 4, ("choam",)), ("imperium-4p", "imperium", 4, ()),
           ("dune-6p-advanced", "dune", 6, ("advanced",)))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def chess_games(count: int, seed: int = 1) -> list[list[str]]:
    """Random legal chess games recorded as SAN (python-chess makes the moves)."""
    rnd = Random(seed)
    games = []
    for _ in range(count):
        board, moves = chess.Board(), []
        while not board.is_game_over() and len(moves) < 200:
            legal = sorted(board.legal_moves, key=lambda m: m.uci())
            move = legal[rnd.below(len(legal))]
            moves.append(board.san(move))
            board.push(move)
        games.append(moves)
    return games


def replay_game(log: dict) -> tuple[float, int]:
    start = time.perf_counter()
    report = adjudicator.replay(log, "strict", "none", consequences=False)  # the figures before them compare
    elapsed = time.perf_counter() - start
    assert report["valid"], "a benchmark log did not replay"
    return elapsed, report["actions"]


def chess_game(sans: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    board = chess.Board()
    for san in sans:
        board.push_san(san)
    return time.perf_counter() - start, len(sans)


def interleaved(logs: list[dict], chess: list[list[str]]) -> tuple[float, int, float, int, list[float]]:
    """One repetition: our games and chess games alternately, so both see the same load."""
    ours_s = ours_n = theirs_s = theirs_n = 0
    per_game = []
    for i in range(max(len(logs), len(chess))):
        if i < len(logs):
            elapsed, n = replay_game(logs[i])
            ours_s, ours_n = ours_s + elapsed, ours_n + n
            per_game.append(elapsed)
        if i < len(chess):
            elapsed, n = chess_game(chess[i])
            theirs_s, theirs_n = theirs_s + elapsed, theirs_n + n
    return ours_s, ours_n, theirs_s, theirs_n, per_game


def bench_parse(logs: list[dict]) -> float:
    start = time.perf_counter()
    for log in logs:
        parse_log(log)
    return time.perf_counter() - start


def sample_positions(logs: list[dict], count: int, seed: int = 3) -> list[dict]:
    """States at decision points spread over the playouts."""
    rules = ruleset("uprising")
    rnd = Random(seed)
    decisions = [(g, i) for g, log in enumerate(logs) for i, a in enumerate(log["actions"]) if a["by"] != "chance"]
    picks = sorted(decisions[rnd.below(len(decisions))] for _ in range(count))
    positions, current, state, done = [], None, None, 0
    for game, index in picks:
        if game != current:
            current, state, done = game, rules.new_state(logs[game]["game"], {}), 0
        for action in logs[game]["actions"][done:index]:
            rules.apply(state, Action(action))
        done = index
        positions.append(json.loads(json.dumps(state)))
    return positions


def bench_legal_actions(positions: list[dict]) -> list[float]:
    adjudicator.legal_actions({"state": positions[0]})  # warm up: the position schemas
    times = []
    for state in positions:
        start = time.perf_counter()
        adjudicator.legal_actions({"state": state})
        times.append(time.perf_counter() - start)
    return times


def system_ratios(games: int, chess: list[list[str]], repeat: int) -> dict:
    """Each rule system's actions/s over chess moves/s, interleaved, `repeat` times: the median
    and the spread."""
    out = {}
    for name, game, players, modules in SYSTEMS:
        logs = [simulate(game, players, seed, modules) for seed in range(1, games + 1)]
        replay_game(logs[0])
        ratios = []
        for _ in range(repeat):
            ours_s, actions, theirs_s, moves, _times = interleaved(logs, chess)
            ratios.append((actions / ours_s) / (moves / theirs_s))
        out[name] = {"median": round(percentile(ratios, 50), 3), "min": round(min(ratios), 3),
                     "max": round(max(ratios), 3), "actions": actions}
    return out


def validate_rate(logs: list[dict]) -> float:
    """Logs/s on one core of `adjudicator validate`'s check (batch.stream, one process)."""
    items = [(str(i), json.dumps(log)) for i, log in enumerate(logs)]
    start = time.perf_counter()
    rows = list(batch.stream(items, 1, keep_log=False))
    assert all(r["status"] == "valid" for r in rows)
    return len(rows) / (time.perf_counter() - start)


BLOODLINES = ("bloodlines", "choam", "tech")


def grown_ratio(game: str, modules: tuple, games: int, seed: int = 1000) -> dict:
    """p50 replay time of a 4-player game with `modules` over a plain game's of the same edition,
    the two kinds replayed alternately (same machine load); also the ratio of time per action
    (a game with an expansion is longer)."""
    grown = [simulate(game, 4, seed + i, modules) for i in range(games)]
    plain = [simulate(game, 4, seed + i) for i in range(games)]
    replay_game(grown[0])
    plain_times, grown_times = [], []
    for ours, theirs in zip(plain, grown, strict=True):
        plain_times.append(replay_game(ours)[0])
        grown_times.append(replay_game(theirs)[0])
    p50, base = percentile(grown_times, 50), percentile(plain_times, 50)
    per_action = (sum(grown_times) / sum(len(g["actions"]) for g in grown)) \
        / (sum(plain_times) / sum(len(g["actions"]) for g in plain))
    return {"p50": p50, "base": base, "per_action": per_action}


def bloodlines_ratio(games: int, seed: int = 1000) -> dict:
    """A Bloodlines+Tech+CHOAM game against a plain Uprising game."""
    r = grown_ratio("uprising", BLOODLINES, games, seed)
    return {"bloodlines_games": games, "bloodlines_p50_ms": round(r["p50"] * 1000, 2),
            "plain_p50_ms": round(r["base"] * 1000, 2), "bloodlines_p50_ratio": round(r["p50"] / r["base"], 3)}


def ix_ratio(games: int, seed: int = 1000) -> dict:
    """A Rise of Ix game against a plain original game (issue 35 keeps it within 1.3)."""
    r = grown_ratio("imperium", ("ix",), games, seed)
    return {"ix_games": games, "ix_p50_ms": round(r["p50"] * 1000, 2),
            "imperium_p50_ms": round(r["base"] * 1000, 2), "ix_p50_ratio": round(r["p50"] / r["base"], 3),
            "ix_per_action_ratio": round(r["per_action"], 3)}


def peak_rss_mb(log: dict) -> float:
    # VmHWM belongs to the process image (ru_maxrss would include the parent's pages at fork)
    code = ("import json,sys; import adjudicator; "
            "adjudicator.replay(json.load(sys.stdin), snapshots='none'); "
            "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')))")
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(log), capture_output=True, text=True,
                         check=True)
    return int(out.stdout.strip()) / 1024


def run(games: int, chess_count: int, positions: int, repeat: int = 3) -> dict:
    logs = [simulate("uprising", 4, seed, ("choam",)) for seed in range(games)]
    chess = chess_games(chess_count)
    replay_game(logs[0])  # warm up: imports, caches, rulings
    ratios, per_game, rates = [], [], []
    for _ in range(repeat):
        ours_s, actions, theirs_s, chess_moves, times = interleaved(logs, chess)
        rates.append((actions / ours_s, chess_moves / theirs_s))
        ratios.append(rates[-1][0] / rates[-1][1])
        per_game += times
    ours, theirs = sorted(rates)[len(rates) // 2]
    replay_s = sum(per_game) / repeat
    parse_s = bench_parse(logs)
    legal = bench_legal_actions(sample_positions(logs, positions))
    return {
        "games": games, "actions": actions, "repeat": repeat,
        "actions_per_s": round(ours), "games_per_s": round(games / replay_s, 2),
        "chess_games": chess_count, "chess_moves": chess_moves, "chess_moves_per_s": round(theirs),
        "chess_ratio": round(percentile(ratios, 50), 3),
        "chess_ratio_min": round(min(ratios), 3), "chess_ratio_max": round(max(ratios), 3),
        "parse_floor_s": round(parse_s, 4), "replay_s": round(replay_s, 4),
        "parse_floor_ratio": round(replay_s / parse_s, 2),
        "game_p50_ms": round(percentile(per_game, 50) * 1000, 2),
        "game_p99_ms": round(percentile(per_game, 99) * 1000, 2),
        "legal_actions_positions": len(legal),
        "legal_actions_p50_ms": round(percentile(legal, 50) * 1000, 3),
        "legal_actions_p99_ms": round(percentile(legal, 99) * 1000, 3),
        "peak_rss_mb": round(peak_rss_mb(logs[0]), 1),
        "validate_logs_per_s_per_core": round(validate_rate(logs), 2),
        "ratios": system_ratios(games, chess, repeat),
        **bloodlines_ratio(games),
        **ix_ratio(games),
    }


ROWS = [
    ("replay", "actions_per_s", "validated actions/s"), ("", "games_per_s", "games/s"),
    ("chess baseline", "chess_moves_per_s", "validated moves/s (push_san)"),
    ("ratio", "chess_ratio", "our actions/s ÷ chess moves/s, median of the repetitions"),
    ("", "chess_ratio_min", "lowest repetition"), ("", "chess_ratio_max", "highest repetition"),
    ("parsing floor", "parse_floor_ratio", "full replay time ÷ parse-and-validate time"),
    ("game latency", "game_p50_ms", "p50 ms"), ("", "game_p99_ms", "p99 ms"),
    ("legal actions", "legal_actions_p50_ms", "p50 ms"), ("", "legal_actions_p99_ms", "p99 ms"),
    ("memory", "peak_rss_mb", "peak RSS MB, one game"),
    ("validate", "validate_logs_per_s_per_core", "logs/s on one core (batch.stream)"),
    ("bloodlines", "bloodlines_p50_ratio", "p50 of a Bloodlines+Tech+CHOAM game ÷ a plain Uprising game's"),
    ("rise of ix", "ix_p50_ratio", "p50 of a 4-player Rise of Ix game ÷ a plain original game's"),
    ("", "ix_per_action_ratio", "time per action, Rise of Ix ÷ plain original game"),
]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--chess-games", type=int, default=200)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3, help="interleaved repetitions (the ratio's spread)")
    parser.add_argument("--json", action="store_true", help="end with one JSON object on the last line")
    args = parser.parse_args(argv)
    result = run(args.games, args.chess_games, args.positions, args.repeat)
    width = max(len(label) for _, _, label in ROWS)
    print(f"{args.games} Uprising games ({result['actions']} actions), {args.chess_games} chess games "
          f"({result['chess_moves']} moves), interleaved, {args.repeat} repetitions; "
          f"{result['legal_actions_positions']} positions")
    for name, key, label in ROWS:
        print(f"{name:<15} {label:<{width}}  {result[key]}")
    for name, r in result["ratios"].items():
        print(f"{'ratio':<15} {name + ' (median, min-max)':<{width}}  {r['median']} ({r['min']}-{r['max']})")
    if args.json:
        print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
