"""The OpenAPI 3.1 document. Request and response bodies reference the JSON Schemas of
`schemas/`, embedded under components/schemas with their `$id`s intact."""

from __future__ import annotations

import json
from functools import cache

from adjudicator import __version__
from adjudicator.core.registry import card_types, supported_games
from adjudicator.resources import resource_dir


def _local_refs(node, name: str):
    """Rewrite the `$ref`s of schema `name` for its place under components/schemas, where each
    of its `$defs` is a component of its own (`name.def`: client generators resolve no reference
    into a component): a file reference (`"action.json"`, `"verdict.json#/$defs/citation"`)
    becomes that component, and an internal one (`"#/$defs/x"`) this schema's."""
    if isinstance(node, list):
        return [_local_refs(v, name) for v in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key == "$ref":
            target, _, fragment = value.partition(".json") if ".json" in value else (name, "", value)
            fragment = fragment.lstrip("#")
            if fragment.startswith("/$defs/"):
                target, _, fragment = f"{target}.{fragment[7:]}".partition("/")
                fragment = "/" + fragment if fragment else ""
            value = f"#/components/schemas/{target}{fragment}"
        out[key] = _local_refs(value, name)
    return out


def _components(name: str, doc: dict) -> dict:
    """Schema file `name` as components: itself and each of its `$defs`."""
    doc = {k: v for k, v in doc.items() if k not in ("$schema", "$id")}
    defs = doc.pop("$defs", {})
    return {name: _local_refs(doc, name)} | {f"{name}.{d}": _local_refs(s, name) for d, s in defs.items()}


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str = "OK") -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _from_checkpoint(response: dict) -> dict:
    """A stored game's read from its nearest checkpoint says how much it re-applied."""
    return {**response, "headers": {"X-Actions-Applied": {
        "description": "the logged actions the engine re-applied from the nearest checkpoint for this answer",
        "schema": {"type": "integer", "minimum": 0}}}}


PROBLEMS = {str(code): {"description": text, "content": {"application/problem+json": {"schema": _ref("problem")}}}
            for code, text in ((400, "Malformed input"), (401, "No valid API token"), (403, "Not yours"),
                               (404, "Not found"),
                               (409, "A duplicate log, a reused Idempotency-Key, or deleted meanwhile"),
                               (412, "If-Match names a version the resource has moved on from (the problem "
                                     "carries the current one)"),
                               (413, "Too large, too many actions, too deep or too slow"),
                               (422, "Not a legal position, or a name, seat, table or ruling that cannot be used "
                                     "here (the pointer names it)"), (429, "Rate limited; see Retry-After"),
                               (503, "Busy (compute requests in flight at their cap, or the database locked); "
                                     "see Retry-After"))}

OBJECT = {"type": "object"}
PRINTABLE = {"description": "OK", "content": {"text/csv": {"schema": {"type": "string"}},
                                              "text/html": {"schema": {"type": "string"}}}}
REVERIFY = {"type": "object", "required": ["id", "changed", "changes", "stored"],
            "properties": {"id": {"type": "string"}, "changed": {"type": "boolean"}, "changes": {"type": "array"},
                           "engine_before": {"type": "string"}, "engine_after": {"type": "string"},
                           "stored": {"type": "boolean"}}}


def _op(summary: str, response: dict, body: str | None = None, params=(), problems=("400",),
        status: str = "200") -> dict:
    op = {"summary": summary, "responses": {status: response, "429": PROBLEMS["429"], "503": PROBLEMS["503"],
                                            **{c: PROBLEMS[c] for c in problems}}}
    if body:
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": _ref(body)}}}
    if params:
        op["parameters"] = list(params)
    return op


def _secure(op: dict) -> dict:
    """A write endpoint: it needs a bearer token; a wrong one is 401, another token's game 403."""
    op["security"] = [{"bearer": []}]
    op["responses"].update({"401": PROBLEMS["401"], "403": PROBLEMS["403"]})
    return op


IDEMPOTENCY = {"name": "Idempotency-Key", "in": "header", "required": False,
               "description": "any unique string (a UUID): a retry with the same key and body answers the game "
                              "stored the first time (200, Idempotent-Replayed: true) instead of storing it again",
               "schema": {"type": "string", "pattern": "^[!-~]{1,200}$"}}


EXPLAIN = {"name": "explain", "in": "query", "required": False,
           "description": "1 or true: an illegal verdict also carries `expected`, what the engine expected instead "
                          "(the prompt and the legal actions at that point, in the log's own vocabulary; "
                          "docs/log-format.md). 0 or false (the default): the report as without it",
           "schema": {"type": "string", "enum": ["0", "1", "true", "false"]}}

CONSEQUENCES = {"name": "consequences", "in": "query", "required": False,
                "description": "1 or true (the default): each verdict carries `consequences`, what its action "
                               "changed (docs/consequences.md); 0 or false: the verdicts without them",
                "schema": {"type": "string", "enum": ["0", "1", "true", "false"]}}


def _path(name: str, schema=None) -> dict:
    return {"name": name, "in": "path", "required": True, "schema": schema or {"type": "string"}}


def _q(name: str, description: str, enum=None, schema=None) -> dict:
    schema = schema or {"type": "string"}
    if enum:
        schema["enum"] = list(enum)
    return {"name": name, "in": "query", "required": False, "description": description, "schema": schema}


# the language of verdict sentences (core/sentences.py); without it, the best of Accept-Language
LANG = _q("lang", "the language of the verdicts' sentences (else the best of Accept-Language; neither: refusals in "
          "English, legal verdicts' sentences left to render from template and params)", ["en", "ru"])
VIEW_PARAMS = (_q("as", "a player: their view (hands of the others hidden)",
                  schema={"type": "string", "maxLength": 32}),
               _q("lang", "the language of names and messages", ["en", "ru"]),
               _q("timeline", "also list every action, grouped by round and turn, and the result", ["true", "false"]))


# Each operation's name for generated clients, and the tag that groups it.
OPERATIONS = {
    ("/healthz", "get"): ("health", "meta"),
    ("/openapi.json", "get"): ("getOpenapi", "meta"),
    ("/v1/replays", "post"): ("replayLog", "replays"),
    ("/v1/positions/check", "post"): ("checkPosition", "positions"),
    ("/v1/positions/legal-actions", "post"): ("listLegalActions", "positions"),
    ("/v1/positions/cut", "post"): ("cutLog", "positions"),
    ("/v1/views", "post"): ("viewStep", "viewer"),
    ("/v1/rulings", "get"): ("searchRulings", "rulings"),
    ("/v1/rulings/{id}", "get"): ("getRuling", "rulings"),
    ("/v1/cards", "get"): ("listCards", "cards"),
    ("/v1/timing-graph", "get"): ("getTimingGraph", "cards"),
    ("/v1/games", "post"): ("storeGame", "games"),
    ("/v1/games", "get"): ("listGames", "games"),
    ("/v1/games/{id}", "get"): ("getGame", "games"),
    ("/v1/games/{id}", "delete"): ("deleteGame", "games"),
    ("/v1/games/{id}/report", "get"): ("getGameReport", "games"),
    ("/v1/games/{id}/states/{index}", "get"): ("getGameState", "games"),
    ("/v1/games/{id}/positions/{index}", "get"): ("getGamePosition", "games"),
    ("/v1/games/{id}/views/{step}", "get"): ("getGameView", "viewer"),
    ("/v1/games/{id}/reverify", "get"): ("previewReverify", "games"),
    ("/v1/games/{id}/reverify", "post"): ("reverifyGame", "games"),
    ("/v1/games/{id}/actions", "post"): ("appendActions", "live"),
    ("/v1/games/{id}/seats", "post"): ("issueSeatToken", "live"),
    ("/v1/games/{id}/close", "post"): ("closeGame", "live"),
    ("/v1/games/{id}/events", "get"): ("followGame", "live"),
    ("/v1/tournaments", "post"): ("createTournament", "tournaments"),
    ("/v1/tournaments/{id}", "get"): ("getTournament", "tournaments"),
    ("/v1/tournaments/{id}/games", "post"): ("addTournamentGame", "tournaments"),
    ("/v1/tournaments/{id}/games/{game}", "delete"): ("removeTournamentGame", "tournaments"),
    ("/v1/tournaments/{id}/standings", "get"): ("getStandings", "tournaments"),
    ("/v1/tournaments/{id}/win-rates", "get"): ("getWinRates", "tournaments"),
    ("/v1/tournaments/{id}/players", "post"): ("registerPlayer", "tournaments"),
    ("/v1/tournaments/{id}/players", "get"): ("listPlayers", "tournaments"),
    ("/v1/tournaments/{id}/players/{name}", "patch"): ("changePlayer", "tournaments"),
    ("/v1/tournaments/{id}/rounds", "post"): ("createRound", "tournaments"),
    ("/v1/tournaments/{id}/rounds", "get"): ("listRounds", "tournaments"),
    ("/v1/tournaments/{id}/rounds/{round}", "get"): ("getRound", "tournaments"),
    ("/v1/tournaments/{id}/rounds/{round}", "put"): ("editRound", "tournaments"),
    ("/v1/tournaments/{id}/judges", "post"): ("addJudge", "judging"),
    ("/v1/games/{id}/rulings", "post"): ("recordGameRuling", "judging"),
    ("/v1/games/{id}/rulings", "get"): ("listGameRulings", "judging"),
    ("/v1/games/{id}/ending", "post"): ("recordGameEnding", "judging"),
    ("/v1/analytics", "get"): ("getAnalytics", "analytics"),
    ("/v1/samples", "get"): ("listSamples", "samples"),
    ("/v1/samples/{name}", "get"): ("getSample", "samples"),
}
TAGS = [
    {"name": "replays", "description": "Judge every action of a log"},
    {"name": "positions", "description": "Judge one contested action in a position; what may be done there"},
    {"name": "games", "description": "Stored games: their logs, reports, states and positions, per observer"},
    {"name": "live", "description": "Live games: appending actions, seat tokens, followers, closing"},
    {"name": "viewer", "description": "What the replay viewer draws at one step"},
    {"name": "tournaments", "description": "Tournaments: players, rounds and tables, games and standings"},
    {"name": "judging", "description": "What a tournament's organiser records on a game: rulings, off-board endings"},
    {"name": "rulings", "description": "The ruling records every verdict cites"},
    {"name": "cards", "description": "Card and board data, the timing graph"},
    {"name": "analytics", "description": "Statistics over the stored games, as `adjudicator analyse` prints them"},
    {"name": "samples", "description": "Sample logs ready to send"},
    {"name": "meta", "description": "Liveness and this document"},
]


@cache
def openapi() -> dict:
    schemas = {}
    for path in sorted(resource_dir("schemas").glob("*.json")):
        schemas |= _components(path.stem, json.loads(path.read_text(encoding="utf-8")))
    game = _q("game", "the game (aliases such as 'Dune: Imperium – Uprising' are read too)", supported_games())
    paths = {
        "/healthz": {"get": _op("Liveness and engine version", _json(OBJECT), problems=())},
        "/openapi.json": {"get": _op("This document", _json(OBJECT), problems=())},
        "/v1/replays": {"post": _op(
            "Replay a log and judge every action", _json(_ref("report")), "log",
            [_q("mode", "strict stops at the first illegal action", ["strict", "continue"]),
             _q("snapshots", "states in the report", ["none", "final", "all"]), EXPLAIN, CONSEQUENCES, LANG],
            ("400", "413"))},
        "/v1/positions/check": {"post": _op(
            "Is one contested action legal in a position?", _json({
                "type": "object", "required": ["legal", "verdict", "state", "checksum"],
                "properties": {"legal": {"type": "boolean"}, "verdict": _ref("verdict"),
                               "verdicts": {"type": "array", "items": _ref("verdict")},
                               "state": _ref("state"), "checksum": {"type": "string"},
                               "pending": {"type": ["object", "null"]}}}),
            "position", [LANG], problems=("400", "413", "422"))},
        "/v1/positions/cut": {"post": _op(
            "The compact scenario before one logged action of a posted log, that action as the contested one, "
            "ready to edit and check (the replay viewer's position editor)", _json(_ref("position")), "log",
            [_q("at", "the logged action the position stands before (0 .. the number of actions)",
                schema={"type": "integer", "minimum": 0})], ("400", "404", "413", "422"))},
        "/v1/positions/legal-actions": {"post": _op(
            "The legal actions for whoever must decide", _json({
                "type": "object", "required": ["actions"],
                "properties": {"actions": {"type": "array", "items": _ref("action")},
                               "pending": {"type": ["object", "null"]}, "checksum": {"type": "string"}}}),
            "position", problems=("400", "413", "422"))},
        "/v1/views": {"post": _op(
            "What the replay viewer draws at one step of a posted log, or of a position and its contested actions",
            _json(_ref("view")), "view-source",
            [_q("step", "the action's index", schema={"type": "integer", "minimum": 0}), *VIEW_PARAMS],
            ("400", "404", "413", "422"))},
        "/v1/rulings": {"get": _op("Search rulings by words, tag and card", _json({
            "type": "object", "properties": {"rulings": {"type": "array", "items": _ref("ruling")}}}),
            params=[_q("q", "words (at most 16), English or Russian, best match first (docs/search.md)",
                       schema={"type": "string", "maxLength": 200}),
                    _q("tag", "a tag", schema={"type": "string", "maxLength": 80}),
                    _q("card", "a card or space id", schema={"type": "string", "maxLength": 80}),
                    _q("game", "only this game's rulings (a game name or alias)", supported_games())],
            problems=("400",))},
        "/v1/rulings/{id}": {"get": _op("One ruling", _json(_ref("ruling")), params=[_path("id")],
                                        problems=("404",))},
        "/v1/cards": {"get": _op("Card and board data", _json({
            "type": "object", "properties": {"cards": {"type": "array", "items": OBJECT}}}),
            params=[game, _q("type", "card type", card_types()),
                    _q("modules", "comma-separated modules whose components are listed too (bloodlines,tech)",
                       schema={"type": "string", "maxLength": 80})], problems=("400",))},
        "/v1/timing-graph": {"get": _op("The static timing graph (node-link JSON or DOT)", {
            "description": "OK", "content": {"application/json": {"schema": OBJECT},
                                             "text/vnd.graphviz": {"schema": {"type": "string"}}}},
            params=[game, _q("format", "output format", ["node-link", "dot"])])},
        "/v1/games": {
            "post": _secure(_op("Store a log with its report", _json(_ref("game"), "Stored"), "log",
                                [_q("tournament", "add it to this tournament (its owner's token only); the body "
                                    "may carry \"seats\": {seat id: player} beside the log",
                                    schema={"type": "string", "maxLength": 200}),
                                 _q("round", "the round it was played in (with table)",
                                    schema={"type": "integer", "minimum": 1}),
                                 _q("table", "the round's table it was played at",
                                    schema={"type": "integer", "minimum": 1}), IDEMPOTENCY],
                                ("400", "404", "409", "413", "422"), status="201")),
            "get": _op("List stored games", _json(_ref("games")), params=[
                _q("tournament", "tournament id", schema={"type": "string", "maxLength": 200}),
                _q("player", "a player's name", schema={"type": "string", "maxLength": 80}),
                _q("leader", "leader id", schema={"type": "string", "maxLength": 80}),
                _q("valid", "only valid or invalid games", ["true", "false"]),
                _q("cursor", "the next_cursor of the previous page", schema={"type": "integer", "minimum": 0}),
                _q("limit", "page size", schema={"type": "integer", "minimum": 1, "maximum": 200})]),
        },
        "/v1/games/{id}": {
            "get": _op("A stored game and its log (the public view until it is finished, unless you uploaded it)",
                       {**_json(_ref("game")), "headers": {"ETag": {
                           "description": "a live game's entity tag, for an append's If-Match",
                           "schema": {"type": "string"}}}}, params=[_path("id")], problems=("401", "404")),
            "delete": _secure(_op("Delete a game (only the token that uploaded it)", {"description": "Deleted"},
                                  params=[_path("id")], problems=("404",), status="204")),
        },
        "/v1/games/{id}/report": {"get": _op(
            "The stored report (with explain: what was expected instead of its illegal action; the uploader's "
            "token until the game is finished)", _json(_ref("report")),
            params=[_path("id"), EXPLAIN, CONSEQUENCES, LANG],
            problems=("400", "401", "403", "404", "413"))},
        "/v1/games/{id}/states/{index}": {"get": _op(
            "The state after one logged action (the public view unless you uploaded the game or it is finished; "
            "its checksum is of the state shown)",
            _from_checkpoint(_json({"type": "object", "required": ["index", "checksum", "state", "public_view"],
                                    "properties": {"index": {"type": "integer"}, "checksum": {"type": "string"},
                                                   "state": {"type": "object"}, "public_view": {"type": "boolean"}}})),
            params=[_path("id"), _path("index", {"type": "integer", "minimum": 0}),
                    _q("as", "a player: their view (the uploader's token, or a finished game)",
                       schema={"type": "string", "maxLength": 32})],
            problems=("400", "401", "403", "404", "413"))},
        "/v1/games/{id}/positions/{index}": {"get": _op(
            "The compact scenario before one logged action, ready to edit and check (the public view unless you "
            "uploaded the game or it is finished; a live game's seat token reads its own seat's)",
            _from_checkpoint(_json(_ref("position"))),
            params=[_path("id"), _path("index", {"type": "integer", "minimum": 0}),
                    _q("as", "a player: the position as they see it, their hand included (the uploader's token, a "
                       "finished game, or that seat's own token)", schema={"type": "string", "maxLength": 32})],
            problems=("400", "403", "404"))},
        "/v1/games/{id}/views/{step}": {"get": _op(
            "What the replay viewer draws at one step of a stored game: the board, the players, the verdict with "
            "its citations and the turn's timing graph (the public view unless you uploaded the game or it is "
            "finished)", _json(_ref("view")), params=[_path("id"), _path("step", {"type": "integer", "minimum": 0}),
                                                      *VIEW_PARAMS], problems=("400", "401", "403", "404", "413"))},
        "/v1/games/{id}/reverify": {
            "get": _op("Replay a stored game with the current engine; what would change (nothing is written)",
                       _json(REVERIFY), params=[_path("id")], problems=("404", "413")),
            "post": _secure(_op("Replay a stored game with the current engine and store the new report "
                                "(the uploader's token only)", _json(REVERIFY), params=[_path("id")],
                                problems=("404", "413")))},
        "/v1/games/{id}/actions": {"post": _secure(_op(
            "Append actions to a live game: each judged, the illegal refused (422 with its verdict; stored and "
            "flagged with mode=continue); a wrong index is 409 with the current one, a stale If-Match 412. The "
            "owner's token, or a seat token for that seat's decisions. The answer's next.actions are the legal "
            "actions, but for classic Dune's shipments and moves alike but for their count, listed as one with "
            "count {min, max} (legal-actions lists each count)",
            {**_json(_ref("live-answer")), "headers": {"ETag": {
                "description": "the game's entity tag after this append, for the next one's If-Match",
                "schema": {"type": "string"}}}}, "live-append",
            [_path("id"), _q("mode", "strict refuses an illegal action; continue stores it, flagged",
                             ["strict", "continue"]),
             _q("lang", "the language of the next legal actions' labels and of the verdicts' sentences (else the "
                "best of Accept-Language)", ["en", "ru"]),
             {**IDEMPOTENCY, "description": "any unique string (a UUID): a retry with the same key and body answers "
                                            "the first answer again (Idempotent-Replayed: true)"},
             {"name": "If-Match", "in": "header", "required": False,
              "description": "the game's entity tag (its ETag, or an append's `etag`): the append is made only if the "
                             "game is still at that version, else 412 with the current index and tag (RFC 9110 "
                             "13.1.1); with it the body's index may be left out",
              "schema": {"type": "string", "maxLength": 4000}}],
            ("400", "404", "409", "412", "413", "422")))},
        "/v1/games/{id}/seats": {"post": _secure(_op(
            "Issue a token for one seat of a live game (its owner only): it appends that seat's decisions and "
            "reads that seat's view", _json(_ref("seat-token"), "Issued"), "seat-token", [_path("id")],
            ("400", "404", "409"), status="201"))},
        "/v1/games/{id}/close": {"post": _secure(_op(
            "Close a live game that will not be finished, with a reason (its owner only); it stays stored",
            _json(_ref("game")), "live-close", [_path("id")], ("400", "404", "409")))},
        "/v1/games/{id}/events": {"get": _op(
            "Follow a game: Server-Sent Events, one `action` event per logged action (its id the action's index; "
            "data: live-event, as the caller may see it), `end` once the game is no longer live; resumable with "
            "Last-Event-ID", {"description": "An event stream", "content": {
                "text/event-stream": {"schema": {"type": "string"}}}},
            params=[_path("id"), _q("after", "start at this action index (without Last-Event-ID)",
                                    schema={"type": "integer", "minimum": 0, "maximum": 10000}),
                    _q("timeout", "seconds the stream stays open without news (at most 300); reconnect after",
                       schema={"type": "integer", "minimum": 0, "maximum": 300}),
                    {"name": "Last-Event-ID", "in": "header", "required": False,
                     "description": "the id of the last event received: the stream resumes after it",
                     "schema": {"type": "string", "pattern": "^[0-9]{1,6}$"}}],
            problems=("400", "401", "404"))},
        "/v1/tournaments": {"post": _secure(_op("Create a tournament", _json(_ref("tournament"), "Created"),
                                                "tournament", problems=("400",), status="201"))},
        "/v1/tournaments/{id}": {"get": _op("A tournament", _json(_ref("tournament")), params=[_path("id")],
                                            problems=("404",))},
        "/v1/tournaments/{id}/games": {"post": _secure(_op(
            "Add a stored game to the tournament (its owner only; moving it out of another tournament needs "
            "its uploader or that tournament's owner)", {"description": "Added"}, "tournament-game",
            params=[_path("id")], problems=("400", "404", "409"), status="204"))},
        "/v1/tournaments/{id}/games/{game}": {"delete": _secure(_op(
            "Take a game out of the tournament (its uploader or the tournament's owner); it stays stored",
            {"description": "Removed"}, params=[_path("id"), _path("game")], problems=("404",), status="204"))},
        "/v1/tournaments/{id}/standings": {"get": _op(
            "Standings (each entry with the criterion that separated it from the next), placings, invalid "
            "games and judges' rulings; overall or after a round", PRINTABLE | {"content": {
                "application/json": {"schema": _ref("standings")}, **PRINTABLE["content"]}},
            params=[_path("id"), _q("format", "json, csv or a printable html page", ["json", "csv", "html"]),
                    _q("part", "which table a CSV holds: the ranking with its tiebreak columns, the invalid "
                       "games, or the House Hagal Rivals' placings", ["ranking", "invalid", "rivals"]),
                    _q("round", "standings after this round", schema={"type": "integer", "minimum": 1})],
            problems=("400", "404"))},
        "/v1/tournaments/{id}/win-rates": {"get": _op(
            "Win rates by leader and by seat over the tournament's finished valid games, with 95% intervals "
            "(the by_leader and by_seat tables of /v1/analytics, each leader named)", _json(_ref("win-rates")),
            params=[_path("id"), _q("lang", "the language of the leaders' names", ["en", "ru"])],
            problems=("400", "404"))},
        "/v1/tournaments/{id}/players": {
            "post": _secure(_op("Register a player with their aliases (the tournament's owner)",
                                _json(_ref("tournament-player"), "Registered"), "tournament-player",
                                params=[_path("id")], problems=("400", "404", "409", "422"), status="201")),
            "get": _op("The registered players", _json({"type": "object", "required": ["players"], "properties": {
                "players": {"type": "array", "items": _ref("tournament-player")}}}), params=[_path("id")],
                problems=("404",))},
        "/v1/tournaments/{id}/players/{name}": {"patch": _secure(_op(
            "Withdraw a player (or bring them back): their games and standing stay; no later round seats them "
            "(the tournament's owner)", _json(_ref("tournament-player")), "player-change",
            params=[_path("id"), _path("name")], problems=("400", "404", "422")))},
        "/v1/tournaments/{id}/rounds": {"get": _op("Every round with its tables", _json({
            "type": "object", "required": ["rounds"],
            "properties": {"rounds": {"type": "array", "items": _ref("round")}}}),
            params=[_path("id")], problems=("404",)), "post": _secure(_op(
            "Create the next round with proposed tables (Swiss: similar standings together, no repeated "
            "table-mates where avoidable, first seats balanced)", _json(_ref("round"), "Created"), "round-request",
            params=[_path("id")], problems=("400", "404", "409", "422"), status="201"))},
        "/v1/tournaments/{id}/rounds/{round}": {
            "get": _op("A round's tables (JSON, CSV or a printable page)", PRINTABLE | {"content": {
                "application/json": {"schema": _ref("round")}, **PRINTABLE["content"]}},
                params=[_path("id"), _path("round", {"type": "integer", "minimum": 1}),
                        _q("format", "json, csv or html", ["json", "csv", "html"])], problems=("400", "404")),
            "put": _secure(_op("Edit a round's tables (the tournament's owner)", _json(_ref("round")),
                               "round-tables", params=[_path("id"), _path("round", {"type": "integer", "minimum": 1})],
                               problems=("400", "404", "409", "422")))},
        "/v1/tournaments/{id}/judges": {"post": _secure(_op(
            "Name a judge: an API token (by its name) that may record rulings and endings on the tournament's "
            "games (the tournament's owner)", _json({"type": "object", "required": ["judges"], "properties": {
                "judges": {"type": "array", "items": {"type": "string"}}}}, "Named"), "tournament-judge",
            params=[_path("id")], problems=("400", "404", "422"), status="201"))},
        "/v1/games/{id}/rulings": {
            "post": _secure(_op("Record a judge's ruling on a tournament game (its owner or a judge)",
                                _json(_ref("game-ruling"), "Recorded"), "game-ruling", params=[_path("id")],
                                problems=("400", "404", "422"), status="201")),
            "get": _op("The judges' rulings recorded on a game", _json({"type": "object", "properties": {
                "rulings": {"type": "array", "items": _ref("game-ruling")}}}), params=[_path("id")],
                problems=("404",))},
        "/v1/games/{id}/ending": {"post": _secure(_op(
            "Record how a tournament game ended off the board: time limit, concession, disqualification or "
            "the organiser's ruling (the tournament's owner or a judge)", _json({"type": "object", "required": [
                "game", "ending", "result"], "properties": {"game": {"type": "string"}, "ending": OBJECT,
                                                           "result": _ref("result")}}, "Recorded"),
            "game-ending", params=[_path("id")], problems=("400", "404", "409", "422"), status="201"))},
        "/v1/analytics": {"get": _op(
            "Statistics over the stored games (the same JSON as `adjudicator analyse --json`): win rates by leader, "
            "seat and first player with 95% intervals, length, VP by source, card win lift, comebacks, the rulings "
            "most often broken, also by player count", _json(_ref("analytics")), params=[
                _q("tournament", "only this tournament's games", schema={"type": "string", "maxLength": 200}),
                _q("player", "only the games of a player (by name)", schema={"type": "string", "maxLength": 80}),
                game,
                _q("min_sample", "player-games a card needs to be listed in the card win lift",
                   schema={"type": "integer", "minimum": 1})],
            problems=("400", "404"))},
        "/v1/samples": {"get": _op("Sample logs ready to send", _json(OBJECT), problems=())},
        "/v1/samples/{name}": {"get": _op("One sample log", _json(_ref("log")), params=[_path("name")],
                                          problems=("404",))},
    }
    for (route, method), (operation_id, tag) in OPERATIONS.items():
        paths[route][method] |= {"operationId": operation_id, "tags": [tag]}
    return {
        "openapi": "3.1.0",
        "tags": TAGS,
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {"title": "Dune Adjudicator", "version": __version__,
                 "description": "Replays Dune board-game logs, judges positions and cites the rulebook."},
        "paths": paths,
        "components": {"schemas": {**schemas, "tournament-game": {
            "type": "object", "required": ["game"], "properties": {"game": {"type": "string"}}},
            "view-source": {"oneOf": [_ref("log"), _ref("position")]}},
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer",
                                           "description": "adjudicator tokens create NAME"}}},
    }
