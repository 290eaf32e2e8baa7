"""What an organiser prints: standings and a round's tables as CSV and as a plain HTML page.

CSV cells that a spreadsheet would run as a formula are shown as text; HTML escapes everything a
client sent. Each standings row says which criterion separated it from the next one."""

from __future__ import annotations

import csv
import io
from html import escape

RIVAL_NOTE = "a House Hagal Rival: placed in the game, never a tournament player"
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def cell(value):
    """A CSV cell a spreadsheet will not run: text starting like a formula gets a leading
    apostrophe (a player named '=HYPERLINK(...)' is shown, not evaluated). Numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA):
        return "'" + value
    return value


def _writer():
    out = io.StringIO()
    return out, csv.writer(out, lineterminator="\n")


def shown(value) -> str:
    if isinstance(value, list):
        return "/".join(str(v) for v in value)
    return "" if value is None else str(value)


CSV_PARTS = ("ranking", "invalid", "rivals")  # each its own table, under its own header


def standings_csv(data: dict, part: str = "ranking") -> str:
    """One table of the standings: the ranking with a column per tiebreak criterion (`ranking`),
    the games not counted with their first illegal action and its citation (`invalid`), or the
    House Hagal Rivals' placings (`rivals`)."""
    out, writer = _writer()
    if part == "invalid":
        writer.writerow(["game", "first_illegal", "code", "message", "citations"])
        for bad in data["invalid"]:
            cite = "; ".join(f"{c['ruling']} ({c['source']} p. {c['page']})" for c in bad["citations"])
            writer.writerow([cell(v) for v in (bad["game"], bad["first_illegal"], bad["code"], bad["message"], cite)])
        return out.getvalue()
    if part == "rivals":
        writer.writerow(["game", "seat", "place", "vp", "note"])
        for game in data["games"]:
            for p in game["placings"]:
                if p.get("rival"):
                    writer.writerow([cell(v) for v in (game["game"], p["player"], p["place"], p["vp"], RIVAL_NOTE)])
        return out.getvalue()
    criteria = [c["criterion"] for c in data["order"][1:-1]]
    head = ["rank", "player", "points", "wins", "vp", "games", "tiebreak"]
    writer.writerow(head + [f"tiebreak:{c}" for c in criteria])
    for e in data["standings"]:
        row = (e["rank"], e["player"], e["points"], e["wins"], e["vp"], e["games"], e["tiebreak"] or "",
               *[shown(e["tiebreaks"][c]) for c in criteria])
        writer.writerow([cell(v) for v in row])
    return out.getvalue()


def round_csv(data: dict) -> str:
    """A round's tables: one row per seat, the first player in seat 1."""
    out, writer = _writer()
    writer.writerow(["round", "table", "seat", "player", "game"])
    for t in data["tables"]:
        for seat, player in enumerate(t["players"], 1):
            writer.writerow([cell(v) for v in (data["round"], t["table"], seat, player, t.get("game", ""))])
    return out.getvalue()


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif}} table{{border-collapse:collapse}} td,th{{border:1px solid #888;padding:2px 6px}}
@media print{{a{{color:inherit;text-decoration:none}}}}</style></head>
<body><h1>{title}</h1>
{body}
</body></html>
"""


def _table(head: list[str], rows: list[list]) -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    trs = "".join("<tr>" + "".join(f"<td>{escape(shown(v))}</td>" for v in r) + "</tr>\n" for r in rows)
    return f"<table>\n<tr>{th}</tr>\n{trs}</table>"


def standings_html(data: dict) -> str:
    criteria = [c["criterion"] for c in data["order"][1:-1]]
    rows = [[e["rank"], e["player"], e["points"], e["wins"], e["games"], e["tiebreak"] or "",
             *[e["tiebreaks"][c] for c in criteria]] for e in data["standings"]]
    parts = [_table(["rank", "player", "points", "wins", "games", "tiebreak", *[f"tiebreak: {c}" for c in criteria]],
                    rows)]
    order = "; ".join(f"{c['criterion']} ({c['ruling']})" for c in data["order"])
    parts.append(f"<p>Order: {escape(order)}.</p>")
    if data["rulings"]:
        parts.append("<h2>Rulings</h2>")
        parts.append(_table(["game", "step", "question", "verdict", "ruling", "decision", "who", "when"],
                            [[r["game"], r["step"], r["question"], r["verdict"], r["ruling"], r["decision"],
                              r["who"], r["when"]] for r in data["rulings"]]))
    if data["invalid"]:
        parts.append("<h2>Not counted</h2>")
        parts.append(_table(["game", "code", "message"],
                            [[b["game"], b["code"], b["message"]] for b in data["invalid"]]))
    title = data["tournament"]["name"] + (f" after round {data['round']}" if data.get("round") else "") + ": standings"
    return PAGE.format(title=escape(title), body="\n".join(parts))


def round_html(tournament: dict, data: dict) -> str:
    rows = [[t["table"], seat, player, t.get("game", "")] for t in data["tables"]
            for seat, player in enumerate(t["players"], 1)]
    title = f"{tournament['name']}: round {data['round']}"
    return PAGE.format(title=escape(title), body=_table(["table", "seat", "player", "game"], rows))
