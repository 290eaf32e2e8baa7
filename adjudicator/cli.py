"""The command line: simulate, replay, cards, rulings, timing-graph, validate, analyse, tokens, db, tournament,
serve, follow."""

from __future__ import annotations

import json
import sqlite3
import sys
import urllib.error
from contextlib import contextmanager
from pathlib import Path

import click
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from api import create_app
from api.server import serve as run_server

from . import treachery_online
from .analysis import cluster, export
from .analysis import run as analysis
from .analysis.figures import MIN_SAMPLE, figures
from .analysis.summary import show as show_figures
from .core import registry
from .core import replay as replaying
from .core.canonical import pretty
from .core.catalog import LANGS
from .core.errors import AdjudicatorError
from .core.logs import parse_log
from .core.rulings import all_rulings, where
from .follow import follow as following
from .positions import check_position, cut
from .service import batch, exports, games, rounds, tournaments
from .service import tokens as token_store
from .service.reading import read_json
from .simulate import simulate as play
from .store import NotOurDatabase, check_existing, open_db, prepare, schema_version, search_rulings
from .verdict_words import describe_check, describe_problems, describe_report

EXIT_ILLEGAL, EXIT_UNREADABLE = 1, 2


def _emit(value) -> None:
    click.echo(pretty(value))


def _answer(value, as_json: bool, describe, ok: bool) -> None:
    """Print a verdict's answer (JSON, or the sentence `describe()` gives) and exit 0 if legal, 1 if not."""
    _emit(value) if as_json else click.echo(describe())
    sys.exit(0 if ok else EXIT_ILLEGAL)


def _read_json(path: str):
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise AdjudicatorError(f"{path}: not readable ({type(err).__name__}: {err})", "/", code="not-json") from None
    try:
        return read_json(text)  # the service's reader: NaN, lone surrogates and the like are refused alike
    except AdjudicatorError as err:
        raise AdjudicatorError(f"{path}: not readable JSON ({err.message})", err.pointer, code=err.code) from None


def _fail(err: AdjudicatorError) -> None:
    click.echo(f"error [{err.code}] at {err.pointer or '/'}: {err.message}", err=True)
    sys.exit(EXIT_UNREADABLE)


@click.group()
@click.version_option(package_name="dune-adjudicator")
def main() -> None:
    """Dune Adjudicator: a rules referee for the Dune board-game family."""


@main.command()
@click.option("--game", default="uprising", show_default=True)
@click.option("--players", type=click.IntRange(1, 6), default=4, show_default=True)
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True)
@click.option("--modules", multiple=True, help="e.g. --modules choam")
@click.option("--difficulty", help="a solo game's level (else drawn), e.g. --difficulty mentat")
@click.option("--rival-options", multiple=True, help="Uprising's Rival options, e.g. --rival-options brutal-escalation")
@click.option("--rivals", "rival_leaders", multiple=True, help="the Rival cards to seat, e.g. --rivals glossu-rabban")
def simulate(game: str, players: int, seed: int, modules: tuple[str, ...], difficulty: str | None,
             rival_options: tuple[str, ...], rival_leaders: tuple[str, ...]) -> None:
    """Print a complete game log played by random legal choices."""

    def listed(values):
        return [v for chunk in values for v in chunk.split(",") if v]

    try:
        _emit(play(game, players, seed, listed(modules), options=listed(rival_options),
                   rival_leaders=listed(rival_leaders), difficulty=difficulty))
    except AdjudicatorError as err:
        _fail(err)


@main.command()
@click.argument("log", type=click.Path(allow_dash=True))
@click.option("--mode", type=click.Choice(["strict", "continue"]), default="strict", show_default=True)
@click.option("--snapshots", type=click.Choice(["none", "final", "all"]), default="final", show_default=True)
@click.option("--explain", is_flag=True, help="an illegal verdict lists what the engine expected instead")
@click.option("--json", "as_json", is_flag=True, help="print the whole report as JSON")
@click.option("--no-consequences", is_flag=True, help="leave out what each action changed (a faster replay)")
@click.option("--lang", type=click.Choice(LANGS), help="every verdict's sentence in this language")
def replay(log: str, mode: str, snapshots: str, explain: bool, as_json: bool, no_consequences: bool,
           lang: str | None) -> None:
    """Replay LOG and say whether it is valid: the first illegal action with its reason and rules,
    the result (`--json`: the whole report). Exit 0: all legal; 1: an illegal action; 2: unreadable."""

    try:
        doc = _read_json(log)
        report = replaying.Replay(parse_log(doc), mode, snapshots, explain=explain,
                                  consequences=not no_consequences, lang=lang).run()
    except AdjudicatorError as err:
        _fail(err)
    _answer(report, as_json, lambda: describe_report(doc, report), report["valid"])


@main.command()
@click.option("--game", default="uprising", show_default=True)
@click.option("--type", "card_type", type=click.Choice(registry.card_types()))
@click.option("--modules", multiple=True, help="list these modules' components too, e.g. --modules bloodlines,tech")
def cards(game: str, card_type: str | None, modules: tuple[str, ...]) -> None:
    """Print the card and board data as JSON."""

    mods = [m for chunk in modules for m in chunk.split(",") if m] if modules else None
    try:
        _emit(registry.rules_for(*registry.resolve_game(game)).cards(card_type, mods))
    except AdjudicatorError as err:
        _fail(err)


@main.command()
@click.argument("url")
@click.option("--token", envvar="ADJUDICATOR_TOKEN", help="the owner's or a seat's token (else the public view)")
@click.option("--after", type=click.IntRange(-1), default=-1, help="start after this action index")
@click.option("--json", "as_json", is_flag=True, help="print each action's event as one JSON line")
def follow(url: str, token: str | None, after: int, as_json: bool) -> None:
    """Follow a live game: print each action and its verdict as it is appended, until it ends.
    URL is the game's (http://host/v1/games/<id>) or its events URL."""
    try:
        for event in following(url, token, after if after >= 0 else None):
            if as_json:
                click.echo(json.dumps(event, sort_keys=True))
                continue
            action, verdict = event["action"], event["verdict"]
            words = " ".join(f"{k}={v}" for k, v in action.items() if k not in ("by", "do"))
            click.echo(f"{event['index']:>5}  {verdict['verdict']:<7} {action['by']} {action['do']} {words}"
                       + (f"  ({verdict['message']})" if verdict.get("message") else ""))
    except urllib.error.HTTPError as err:
        click.echo(f"error: {err.code} {err.reason}", err=True)
        sys.exit(EXIT_UNREADABLE)


@main.group()
def rulings() -> None:
    """Search and show ruling records."""


@rulings.command("search")
@click.argument("text", nargs=-1)
@click.option("--tag", default="")
@click.option("--card", default="")
@click.option("--game", default="", help="only this game's rulings, e.g. --game dune")
@click.option("--json", "as_json", is_flag=True, help="print the rulings as JSON")
def rulings_search(text: tuple[str, ...], tag: str, card: str, game: str, as_json: bool) -> None:
    """Find rulings by what you remember ("sandworm double", a card or space name in English or
    Russian): best matches first."""

    try:
        ruling_game = registry.rules_for(*registry.resolve_game(game)).ruling_game if game else ""
    except AdjudicatorError as err:
        _fail(err)
    db = open_db(":memory:")
    prepare(db)
    found = search_rulings(db, " ".join(text), tag, card, game=ruling_game)
    if as_json:
        _emit(found)
        return
    table = Table(title=f"{len(found)} ruling(s)")
    for column in ("id", "title", "where to read it"):
        table.add_column(column)
    russian = any("а" <= c <= "я" or c == "ё" for c in " ".join(text).lower())  # answer in the query's language
    for r in found:
        source = r["sources"][0] if r["sources"] else {}
        title = r["title_ru"] if russian else r["title"]
        table.add_row(r["id"], title, f"{source.get('document', '')}, {where(source)}")
    Console().print(table)


@main.command()
@click.argument("position", type=click.Path(allow_dash=True))
@click.option("--json", "as_json", is_flag=True, help="print the whole answer as JSON")
@click.option("--lang", type=click.Choice(LANGS), help="the verdicts' sentences in this language")
def check(position: str, as_json: bool, lang: str | None) -> None:
    """Was the contested action of POSITION legal, and what happens now? POSITION is a compact
    scenario, a state or a log prefix with an "action" (or a short list of "actions").
    Exit 0: legal; 1: illegal; 2: unreadable or not a position of the game."""

    try:
        doc = _read_json(position)
        answer = check_position(doc, lang=lang)
    except AdjudicatorError as err:
        if as_json:
            _emit(err.to_problem())
        else:
            click.echo(describe_problems(err), err=True)
        sys.exit(EXIT_UNREADABLE)
    _answer(answer, as_json, lambda: describe_check(doc, answer), answer["legal"])


@main.command()
@click.argument("log", type=click.Path(allow_dash=True))
@click.option("--at", "index", type=click.IntRange(0), required=True,
              help="the logged action the position comes before")
def position(log: str, index: int) -> None:
    """Print the compact scenario of LOG before action N, with action N as the contested one:
    ready to edit and send to `adjudicator check` or POST /v1/positions/check."""

    try:
        _emit(cut(_read_json(log), index))
    except AdjudicatorError as err:
        _fail(err)


@rulings.command("show")
@click.argument("ruling_id")
def rulings_show(ruling_id: str) -> None:

    record = all_rulings().get(ruling_id)
    if record is None:
        click.echo(f"no ruling {ruling_id!r}", err=True)
        sys.exit(EXIT_UNREADABLE)
    _emit(record)


@main.command("timing-graph")
@click.option("--game", default="uprising", show_default=True)
@click.option("--format", "fmt", type=click.Choice(["node-link", "dot"]), default="node-link")
def timing_graph(game: str, fmt: str) -> None:
    """Print the static timing graph of a game."""

    out = registry.rules_for(*registry.resolve_game(game)).timing_graph(fmt)
    click.echo(out, nl=False) if fmt == "dot" else _emit(out)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--jobs", type=click.IntRange(0), default=1, show_default=True, help="processes; 0 = every core")
@click.option("--json", "as_json", is_flag=True, help="print the results as JSON")
@click.option("--store", is_flag=True, help="also store every readable log in the database")
@click.option("--db", default="instance/adjudicator.db", show_default=True, help="SQLite file for --store")
@click.option("--scheduler", help="check the logs on a Dask cluster, e.g. tcp://10.0.0.5:8786 (pip install '.[scale]')")
def validate(paths: tuple[str, ...], jobs: int, as_json: bool, store: bool, db: str, scheduler: str | None) -> None:
    """Validate logs: files, folders, globs or JSONL ('-' reads JSONL from stdin).
    Exit 0: all valid; 1: any invalid or unreadable; 2: the scheduler cannot be reached."""

    items = batch.sources(list(paths), sys.stdin)  # read as they are validated: memory flat in the logs
    client = _client(scheduler)
    db_now = _prepared(db) if store else None
    rows = []
    with _progress("validating", None, not as_json) as advance:
        if client is not None:
            found = _on_cluster(cluster.validate, client, list(items), keep_log=store,
                                progress=advance and (lambda: advance(1)))
        else:
            found = batch.stream(items, jobs, keep_log=store)
        for row in found:
            if db_now is not None and "log" in row:
                row["stored_as"] = games.store(db_now, row.pop("log"), "cli")[0]["id"]
            rows.append(row)
            if advance and client is None:
                advance(1)
    if as_json:
        _emit(rows)
    else:
        table = Table(title=f"{len(rows)} log(s)")
        for column in ("source", "status", "first illegal", "code", "detail"):
            table.add_column(column)
        for row in rows:
            detail = row.get("message", "") if row["status"] != "valid" else \
                "winners: " + (", ".join(row["winners"]) or "none")
            table.add_row(row["source"], row["status"], str(row.get("first_illegal", "")), row.get("code", ""), detail)
        Console().print(table)
        counts = {s: sum(r["status"] == s for r in rows) for s in ("valid", "invalid", "unreadable")}
        click.echo(", ".join(f"{n} {s}" for s, n in counts.items()))
    sys.exit(0 if all(r["status"] == "valid" for r in rows) else EXIT_ILLEGAL)


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="print the figures as JSON (schemas/analytics.json)")
@click.option("--game", help="only games of this game, e.g. --game uprising")
@click.option("--jobs", type=click.IntRange(0), default=1, show_default=True, help="processes; 0 = every core")
@click.option("--shard", help="only the slice i/n of the logs (an array job's task); prints a partial aggregate "
                              "for --merge")
@click.option("--merge", "merging", is_flag=True, help="PATHS are partial aggregates written by --shard: "
                                                       "merge them and print the figures")
@click.option("--min-sample", type=click.IntRange(1), default=MIN_SAMPLE, show_default=True,
              help="player-games a card needs to be listed in the card win lift")
@click.option("--scheduler", help="replay the logs on a Dask cluster, e.g. tcp://10.0.0.5:8786 "
                                  "(pip install '.[scale]')")
@click.option("--shared-storage", is_flag=True, help="with --scheduler: the workers read the logs from the same "
                                                     "paths themselves (shared storage); the client sends no log")
@click.option("--facts-out", help="also write every game's facts, one row per seat, to a .csv or .parquet file")
def analyse(paths: tuple[str, ...], as_json: bool, game: str | None, jobs: int, shard: str | None, merging: bool,
            min_sample: int, scheduler: str | None, shared_storage: bool, facts_out: str | None) -> None:
    """Statistics over many logs (files, folders, globs or JSONL, as validate reads them): win
    rates by leader, seat and first player with 95% intervals, length, VP by source, card win
    lift, comebacks and the rulings most often broken, also by player count. Invalid or
    unreadable logs are counted and listed, never fatal. Exit 2: bad options, an unreachable
    scheduler, or (--merge) a file that is no partial aggregate."""

    try:
        if merging:
            agg = _merged(paths)
        else:
            wanted = registry.resolve_game(game) if game else None
            if shared_storage and not scheduler:
                _die("--shared-storage goes with --scheduler (the workers read the files)")
            reader = batch.files(list(paths)) if shared_storage else batch.sources(list(paths), sys.stdin)
            items = list(reader)
            if shard:
                items = analysis.shard(items, shard)
            client = _client(scheduler)
            with _progress("analysing", len(items), not as_json and not shard) as advance:
                if client is not None:
                    agg = _on_cluster(cluster.analyse, client, items, wanted, advance, keep=bool(facts_out),
                                      shared=shared_storage)
                else:
                    agg = analysis.analyse(items, jobs, wanted, advance, keep=bool(facts_out))
            if facts_out:
                export.write(facts_out, [tuple(pair) for pair in agg.pop("facts", [])])
            if shard:
                _emit(analysis.as_partial(agg, shard))
                return
    except AdjudicatorError as err:
        _fail(err)
    result = figures(agg, min_sample)
    if as_json:
        _emit(result)
    else:
        show_figures(result, Console())


def _merged(paths) -> dict:
    agg = analysis.empty()
    for path in paths:
        agg = analysis.merge(agg, analysis.read_partial(_read_json(path), path))
    return agg


def _client(scheduler: str | None):
    """A Dask client when --scheduler is given (else None; Dask is then never imported)."""
    if scheduler is None:
        return None
    try:
        return cluster.connect(scheduler)
    except cluster.Unreachable as err:
        _die(str(err))


def _on_cluster(work, client, *args, **kwargs):
    """Run `work` on the cluster; a cluster that fails is one line and exit 2."""
    try:
        return work(client, *args, **kwargs)
    except cluster.Unreachable as err:
        _die(str(err))
    finally:
        client.close()


@contextmanager
def _progress(what: str, total: int | None, wanted: bool):
    """A progress bar on the terminal's stderr (none when piped or asked for JSON); yields the
    function that advances it by n logs, or None. `total` None: the count is not known ahead."""
    err = Console(stderr=True)
    if not (wanted and err.is_terminal):
        yield None
        return
    with Progress(console=err, transient=True) as bar:
        task = bar.add_task(what, total=total)
        yield lambda n: bar.advance(task, n)


def _prepared(db_path: str):
    """The SQLite store at `db_path` (made, with its tables, if missing)."""
    Path(db_path).parent.mkdir(parents=True, exist_ok=True)
    db = open_db(db_path)
    prepare(db)
    return db


@main.group()
def tokens() -> None:
    """API tokens for the write endpoints."""


@tokens.command("create")
@click.argument("name")
@click.option("--db", default="instance/adjudicator.db", show_default=True)
def tokens_create(name: str, db: str) -> None:
    """Create a token; it is printed once, alone on the last line, and stored only hashed."""

    token_id, secret = token_store.create(_prepared(db), name)
    click.echo(f"token {token_id} for {name!r} (keep it: it is not shown again)")
    click.echo(secret)


@tokens.command("revoke")
@click.argument("name_or_id")
@click.option("--db", default="instance/adjudicator.db", show_default=True)
def tokens_revoke(name_or_id: str, db: str) -> None:

    try:
        click.echo(f"revoked {token_store.revoke(_prepared(db), name_or_id)} token(s)")
    except AdjudicatorError as err:
        _fail(err)


@main.group("db")
def database() -> None:
    """The SQLite database."""


@database.command("upgrade")
@click.option("--db", default="instance/adjudicator.db", show_default=True)
def db_upgrade(db: str) -> None:
    """Migrate an older database to the current schema (rows are kept). Refuses a path that does
    not exist or is not an adjudicator database: a typo must not create a new empty one."""

    try:
        check_existing(db)
        handle = open_db(db)
        before = schema_version(handle)
        prepare(handle)  # migrates under the database's lock
    except NotOurDatabase as err:
        _die(str(err))
    except (sqlite3.Error, OSError, RuntimeError) as err:  # locked, read-only, newer than us, ...
        _die(f"{db}: {type(err).__name__}: {err}")
    click.echo(f"{db}: schema version {before} -> {schema_version(handle)}")


@database.command("export-facts")
@click.argument("out")
@click.option("--db", default="instance/adjudicator.db", show_default=True)
def db_export_facts(out: str, db: str) -> None:
    """Write the stored games' facts, one row per seat, to OUT (.csv, or .parquet with pyarrow)."""

    try:
        check_existing(db)
        handle = open_db(db)
        prepare(handle)
        games_facts = [(r["game"], json.loads(r["facts"])) for r in handle.query("select game, facts from facts")]
        click.echo(f"{export.write(out, games_facts)} row(s) of {len(games_facts)} game(s) written to {out}")
    except NotOurDatabase as err:
        _die(str(err))
    except AdjudicatorError as err:
        _fail(err)


@main.group()
def tournament() -> None:
    """A tournament's standings and tables, to print (docs/tournaments.md)."""


PRINTED = ("table", "csv", "html", "json")


def _existing(db_path: str):
    try:
        check_existing(db_path)
    except NotOurDatabase as err:
        _die(str(err))
    handle = open_db(db_path)
    prepare(handle)
    return handle


@tournament.command("standings")
@click.argument("tournament_id")
@click.option("--round", "upto", type=click.IntRange(1), help="the standings after this round")
@click.option("--format", "fmt", type=click.Choice(PRINTED), default="table", show_default=True)
@click.option("--db", default="instance/adjudicator.db", show_default=True)
def tournament_standings(tournament_id: str, upto: int | None, fmt: str, db: str) -> None:
    """Standings, each entry with the criterion that separated it from the next."""
    try:
        data = tournaments.standings(_existing(db), tournament_id, None, upto)
    except AdjudicatorError as err:
        _fail(err)
    if fmt == "table":
        criteria = [c["criterion"] for c in data["order"][1:-1]]
        table = Table("rank", "player", "points", "wins", "games", "decided by", *criteria,
                      title=data["tournament"]["name"] + (f", after round {upto}" if upto else ""))
        for e in data["standings"]:
            table.add_row(*[exports.shown(v) for v in (e["rank"], e["player"], e["points"], e["wins"], e["games"],
                                                          e["tiebreak"], *[e["tiebreaks"][c] for c in criteria])])
        Console().print(table)
        click.echo("order: " + "; ".join(f"{c['criterion']} ({c['ruling']})" for c in data["order"]))
        return
    text = {"csv": exports.standings_csv, "html": exports.standings_html, "json": pretty}[fmt](data)
    click.echo(text, nl=not text.endswith("\n"))


@tournament.command("round")
@click.argument("tournament_id")
@click.argument("number", type=click.IntRange(1))
@click.option("--format", "fmt", type=click.Choice(PRINTED), default="table", show_default=True)
@click.option("--db", default="instance/adjudicator.db", show_default=True)
def tournament_round(tournament_id: str, number: int, fmt: str, db: str) -> None:
    """A round's tables, in seat order (the first player first)."""
    handle = _existing(db)
    try:
        data = rounds.get(handle, tournament_id, number)
        name = tournaments.get(handle, tournament_id)
    except AdjudicatorError as err:
        _fail(err)
    if fmt == "table":
        table = Table("table", "seats", "game", title=f"{name['name']}: round {number}")
        for t in data["tables"]:
            table.add_row(str(t["table"]), ", ".join(t["players"]), t.get("game", ""))
        Console().print(table)
        return
    text = {"csv": exports.round_csv, "json": pretty}.get(fmt, lambda d: exports.round_html(name, d))(data)
    click.echo(text, nl=not text.endswith("\n"))


def _die(line: str) -> None:
    click.echo(f"error: {line}", err=True)
    sys.exit(EXIT_UNREADABLE)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--db", default="instance/adjudicator.db", show_default=True, help="SQLite file")
@click.option("--threads", type=int, default=8, show_default=True)
@click.option("--connections", type=click.IntRange(10), default=1000, show_default=True,
              help="open connections at most")
@click.option("--read-seconds", type=click.FloatRange(1), default=30, show_default=True,
              help="a request (headers and body) must arrive within this time")
@click.option("--proxies", type=click.IntRange(0), default=None,
              help="reverse proxies in front (their X-Forwarded-For names the client); "
                   "default ADJUDICATOR_PROXIES or 0")
@click.option("--compute-in-flight", type=click.IntRange(1), default=None,
              help="compute requests run at once (more: 503); default ADJUDICATOR_COMPUTE_IN_FLIGHT, "
                   "else threads - 2 and at most the cores")
def serve(host: str, port: int, db: str, threads: int, connections: int, read_seconds: float,
          proxies: int | None, compute_in_flight: int | None) -> None:
    """Serve the API with waitress, set up against slow and oversized clients (api/server.py)."""

    config = {"DATABASE": db} | ({"PROXIES": proxies} if proxies is not None else {})
    if compute_in_flight is not None:
        config["COMPUTE_IN_FLIGHT"] = compute_in_flight
    app = create_app(config)
    click.echo(f"Dune Adjudicator on http://{host}:{port} (database {db})")
    run_server(app, host, port, threads, connections, read_seconds)


@main.group()
def convert() -> None:
    """Write another program's saved game as our log (docs/log-format.md)."""


@convert.command("treachery")
@click.argument("saved", type=click.Path(allow_dash=True))
def convert_treachery(saved: str) -> None:
    """A saved treachery.online game as our log, every unseen draw "?"; `meta.stopped_at` names
    the first event it could not write."""
    try:
        _emit(treachery_online.convert(_read_json(saved)))
    except AdjudicatorError as err:
        _fail(err)


if __name__ == "__main__":
    main()
