"""The figures for a person: a few tables (rich), the logs that could not be counted listed."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

TOP = 12  # rows of the long tables (leaders, cards, rulings); --json has them all


def _pct(row: dict) -> str:
    return f"{row['win_rate']:.1%} [{row['ci_low']:.1%}, {row['ci_high']:.1%}]"


def _wins(name: str, title: str, rows: list[dict]) -> Table:
    table = Table(title=title)
    for column in (name, "games", "wins", "win rate [95% CI]"):
        table.add_column(column)
    for row in rows[:TOP]:
        table.add_row(str(row[name]), str(row["games"]), f"{row['wins']:g}", _pct(row))
    if len(rows) > TOP:
        table.add_row(f"... {len(rows) - TOP} more", "", "", "")
    return table


def show(f: dict, console: Console) -> None:
    logs = f["logs"]
    other = f", {logs['skipped']} of another game" if logs["skipped"] else ""
    console.print(f"{logs['read']} log(s): {logs['valid']} valid, {logs['invalid']} invalid, "
                  f"{logs['unreadable']} unreadable{other}")
    console.print(f"{f['games']} finished game(s) counted; {f['unfinished']} unfinished; ways won: "
                  + (", ".join(f"{k} {n}" for k, n in f["how"].items()) or "none"))
    if f["problems"]:  # plain lines: a long path stays whole, to copy
        console.print("logs not counted (invalid or unreadable):")
        for p in f["problems"]:
            at = f"at action {p['index']}" if "index" in p else p.get("message", "")
            console.print(f"  {p['source']}: {p['status']} [{p.get('code', '')}] {at}", soft_wrap=True,
                          markup=False, highlight=False)
    if not f["games"]:
        return
    console.print(_wins("leader", "by leader or faction", f["by_leader"]))
    console.print(_wins("seat", "by seat", f["by_seat"]))
    if f["first_player"]:
        console.print(f"first player: {f['first_player']['games']} games, wins {_pct(f['first_player'])}")
    for unit, s in f["length"].items():
        console.print(f"length in {unit}: median {s['median']:g} (quartiles {s['q1']:g}-{s['q3']:g}, "
                      f"range {s['min']}-{s['max']}) over {s['games']} games")
    if f["vp_sources"]:
        table = Table(title="VP by source")
        for column in ("source", "per game", "per player"):
            table.add_column(column)
        for source, v in sorted(f["vp_sources"].items(), key=lambda kv: -kv[1]["total"]):
            table.add_row(source, f"{v['per_game']:g}", f"{v['per_player']:g}")
        console.print(table)
    if f["resources_left"]:
        console.print("left over per player: " + ", ".join(f"{r} {n:g}" for r, n in f["resources_left"].items()))
    if f["card_win_lift"]:
        table = Table(title=f"cards acquired and winning (at least {f['min_sample']} player-games)")
        for column in ("card", "games", "win rate [95% CI]", "lift [95% CI]"):
            table.add_column(column)
        for row in f["card_win_lift"][:TOP]:
            table.add_row(row["card"], str(row["games"]), _pct(row),
                          f"{row['lift']:.2f} [{row['lift_low']:.2f}, {row['lift_high']:.2f}]")
        console.print(table)
    comebacks = f["comebacks"]
    if comebacks["after_round"]:
        console.print(_wins("round", "the VP leader after each round went on to win", comebacks["after_round"]))
        console.print(f"{comebacks['without_lead_change']} of {comebacks['games']} games without a lead change")
    if f["illegal_by_rule"]:
        table = Table(title="rulings most often broken (first illegal action)")
        table.add_column("ruling")
        table.add_column("count")
        for row in f["illegal_by_rule"][:TOP]:
            table.add_row(row["ruling"], str(row["count"]))
        console.print(table)
    if len(f["by_players"]) > 1:
        console.print("by player count (--json for every table): " + ", ".join(
            f"{k} players: {t['games']} games" for k, t in f["by_players"].items()))
