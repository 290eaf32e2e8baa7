"""Issue 28: hidden information does not leak from stored games, for every rule system and mode
of the matrix (tests/matrix.py), through every GET route of a stored game, as the public API
answers it.

For each configuration an unfinished game is uploaded with token A; then every GET route of a
stored game (enumerated from the app's url_map: a new route this file cannot call fails
`test_every_stored_game_route_is_called`) is read as an anonymous client and, for comparison, as
the uploader. The oracle below is written from the rulebooks and knows nothing of the engine's
own secrecy code:

- an anonymous answer holds no `seed` and no dealer `rng`;
- every hidden zone of a state-like object anywhere in it (a player's hand, Intrigue cards,
  deck, Traitors, Face Dancers, ...; the decks) is a count or face-down `"?"` cards;
- every logged action of a secret kind (SECRET_VERBS) shows its secret fields as `"?"`, and the
  timeline label or verdict message of that step names none of the secret cards;
- no string in it equals a checksum of the whole state at any step (our own replay);
- no answer is a 5xx;
- and the uploader, for the same route, does see secrets (the oracle finds something in its
  answer), so the test cannot pass by hiding everything from everyone.

`test_candidate_hands_*` is finding 7: every opening hand a player could have been dealt is
replayed, and none of the checksums it yields may be readable by an anonymous caller.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from pathlib import Path

import orjson
import pytest
import xxhash
from matrix import MATRIX, by_id, parametrize, unfinished

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.service import tokens
from adjudicator.store import open_db, prepare

PROBLEM = "application/problem+json"
FACE_DOWN = ("?", "hidden")  # the log format's face-down card; a value written as hidden

# --- the oracle, from the rulebooks ----------------------------------------------------------------
# What each rule system keeps secret in a logged action: verb -> the fields that name the secret.
SECRET_VERBS = {
    "imperium": {
        # Dune: Imperium / Uprising: cards drawn into a hand are seen by their player only
        # (rulebooks, "Draw cards": the hand is kept hidden from the other players).
        "draw": ("cards", "card"),
        # Intrigue cards are drawn face down and kept hidden until played ("Intrigue cards").
        "draw-intrigue": ("cards", "card"),
        # "Steal an Intrigue card" (e.g. Spy effects, Master Tactician): taken at random, seen by
        # the thief (and its former holder), not by the table.
        "steal-intrigue": ("card", "cards"),
        # Bloodlines: Piter De Vries draws from his own Twisted Intrigue deck: Intrigue cards, hidden.
        "draw-twisted": ("cards", "card"),
        # Bloodlines: Steersman Y'rkoon draws Navigation cards and places them face down.
        "draw-navigation": ("cards", "card"),
    },
    "dune": {
        # Dune (GF9, 2019): Treachery cards are dealt face down and held secretly (Setup; Bidding).
        "draw-treachery": ("card", "cards"),
        # Traitor cards: four dealt face down to each faction at setup ...
        "draw-traitors": ("card", "cards"),
        # ... who keeps one secretly and returns the rest (Setup: Traitors).
        "keep-traitor": ("card",),
        # Ixians & Tleilaxu: the Tleilaxu's Face Dancers are dealt face down ...
        "draw-face-dancers": ("card", "cards"),
        # ... and one exchanged for a new one returns face down to the Traitor deck.
        "exchange": ("card",),
        # the Ixians draw the cards up for bid face down and see them before anyone else ...
        "draw-supply": ("card", "cards"),
        # ... keep one of them ...
        "keep-card": ("card",),
        # ... return one to the top or bottom of the deck ...
        "return-card": ("card",),
        # ... replace a card bought with one of their own ...
        "replace": ("card",),
        # ... or swap one of their own for the card up for bid (Technology), all face down.
        "swap": ("card",),
        # the Bene Gesserit write their prediction (a faction and a turn) secretly at setup.
        "predict": ("faction", "turn"),
        # Harkonnen's Karama power: the cards given back for the ones taken, seen by their receiver.
        "give-card": ("card",),
        # (Battle plans are secret only until both are set, then revealed at the table: a log cut
        # mid-battle is rare and the oracle cannot tell without the state, so `plan` is left out.)
    },
}
# Hidden zones of a player's record (in states, scenarios, step views), from the rulebooks.
PLAYER_ZONES = {
    "imperium": ("hand",  # the hand of Imperium cards
                 "intrigue",  # Intrigue cards held
                 "deck",  # the draw deck: its contents would give the hand away by difference
                 "twisted_deck",  # Bloodlines: Piter's own Twisted Intrigue deck
                 "navigation_drawn",  # Bloodlines: Navigation cards drawn, not yet placed
                 "looking",  # the top cards a card lets its player look at
                 "secret_project"),  # Bloodlines: the Tech tile set aside face down
    # (a Rival holds no deck; `masterstroke` is left out: its Faction tokens are revealed when used)
    "dune": ("hand",  # Treachery cards held
             "traitors",  # the Traitor kept (all four for the Harkonnen)
             "drawn_traitors",  # the four dealt, before one is kept
             "face_dancers",  # Tleilaxu Face Dancers
             "prediction"),  # the Bene Gesserit prediction
}
# Hidden zones of the game itself: key -> the keys inside it that are hidden (None: all of it).
GAME_ZONES = {
    "imperium": {"imperium_deck": None, "intrigue_deck": None},
    # (the Spice deck's contents are public by difference with its discard piles, so it is left
    # out; the Treachery deck's are not: they give the hands away)
    "dune": {"traitor_deck": None, "treachery_deck": None,
             "treachery": ("deck", "top", "bottom", "up", "offered", "bought")},
}
CHECKSUM = re.compile(r"\b[0-9a-f]{16}\b")


def face_down_only(value) -> bool:
    """A count, nothing, or face-down cards only (however nested)."""
    if value is None or isinstance(value, bool | int | float):
        return True
    if isinstance(value, str):
        return value in FACE_DOWN
    if isinstance(value, list):
        return all(face_down_only(v) for v in value)
    if isinstance(value, dict):
        return all(face_down_only(v) for v in value.values())
    return False


def _walk(value, path=()):
    """Every (path, dict) in a JSON value."""
    if isinstance(value, dict):
        yield path, value
        for k, v in value.items():
            yield from _walk(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, (*path, i))


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _player_records(node: dict):
    players = node.get("players")
    if isinstance(players, dict):
        yield from ((k, p) for k, p in players.items() if isinstance(p, dict))
    elif isinstance(players, list):
        yield from ((p.get("id", i), p) for i, p in enumerate(players) if isinstance(p, dict))


def _where(path) -> str:
    return "/" + "/".join(str(p) for p in path)


def secret_fields(system: str, action) -> tuple[str, ...]:
    if not isinstance(action, dict) or not isinstance(action.get("do"), str):
        return ()
    return tuple(f for f in SECRET_VERBS[system].get(action["do"], ()) if f in action)


def secret_actions(system: str, log: dict) -> dict[int, dict]:
    """Logged action index -> the action, for the actions of a secret kind that name a secret."""
    found = {}
    for i, action in enumerate(log["actions"]):
        fields = secret_fields(system, action)
        if fields and not face_down_only({f: action[f] for f in fields}):
            found[i] = action
    return found


def violations(answer, system: str, log: dict, whole: set[str], names: dict[str, set[str]],
               held: dict[str, dict] | None = None) -> list[str]:
    """Everything in `answer` (JSON, or text) that shows hidden information: seeds, hidden zones,
    secret action values, labels naming secret cards, whole-state checksums. `held`: for a
    compact scenario, what each player truly holds in the position it describes (SCENARIO)."""
    found = []
    if isinstance(answer, str):  # a CSV export
        leaked = sorted(set(CHECKSUM.findall(answer)) & whole)
        return [f"text: whole-state checksum {c}" for c in leaked] + (["text: seed"] if "seed" in answer else [])
    secrets = secret_actions(system, log)
    for path, node in _walk(answer):
        if "seed" in node:
            found.append(f"{_where(path)}/seed = {node['seed']!r}")
        if node.get("rng") is not None:
            found.append(f"{_where(path)}/rng (the dealer's state predicts every deal)")
        for who, pl in _player_records(node):
            drawn = _drawn(node.get("played"), who)
            for zone in PLAYER_ZONES[system]:
                if zone in pl and not face_down_only(pl[zone]) and \
                        not _public_in_scenario(zone, pl, held, who, names, drawn):
                    found.append(f"{_where(path)}/players/{who}/{zone} = {json.dumps(pl[zone])[:120]}")
        for key, inner in GAME_ZONES[system].items():
            if key not in node:
                continue
            zone = node[key]
            parts = {k: zone[k] for k in inner if k in zone} if inner and isinstance(zone, dict) else {key: zone}
            for k, v in parts.items():
                if not face_down_only(v):
                    found.append(f"{_where(path)}/{key}/{k} = {json.dumps(v)[:120]}")
        fields = secret_fields(system, node)
        if fields and not face_down_only({f: node[f] for f in fields}):
            found.append(f"{_where(path)}: secret {node['do']!r} shows {({f: node[f] for f in fields})}")
        index = node.get("index")
        if isinstance(index, int) and index in secrets:
            for key in ("label", "message"):
                text = node.get(key)
                if isinstance(text, str):
                    for value in _secret_values(secrets[index], system):
                        hit = next((n for n in names.get(value, {value}) | {value} if n and n in text), None)
                        if hit:
                            found.append(f"{_where(path)}/{key} {text!r} names the secret {hit!r} (action {index})")
    leaked = sorted(set(_strings(answer)) & whole)
    found += [f"whole-state checksum {c}" for c in leaked[:3]] + ([f"... {len(leaked)} in all"] if leaked else [])
    return found


# SCENARIO: a compact scenario (a stored position) is written as the state at the start of the
# turn plus what was `played` since, as the public saw it; it cannot write a deck as a count (a
# position must be playable on). So it may name cards that are public by now: a hand at the start
# of the turn whose cards were all revealed since, or the cards whose place is unknown to the
# public (the deck and the face-down hand together: a "pool", which gives nothing away). It must
# not name a card the player still holds hidden, nor list the deck alone while the hand is hidden
# (that gives the hand away by difference), unless the scenario's hand is empty and its `played`
# draws took that whole deck: a player draws their deck out before shuffling the discard into a
# new one (Dune: Imperium rulebook p. 6, Deck Building), so the table knows it all went to the hand.
# `held` is the truth, from our own replay.
POOLED = ("deck",)


def _drawn(played, who) -> int:
    """How many cards the `played` actions of a scenario draw into `who`'s hand."""
    return sum(len(a.get("cards", ())) for a in played or ()
               if isinstance(a, dict) and a.get("do") == "draw" and a.get("player") == who)


def _public_in_scenario(zone: str, record: dict, held: dict | None, who, names: dict[str, set[str]],
                        drawn: int = 0) -> bool:
    if held is None or who not in held or not isinstance(record[zone], list):
        return False
    truth = held[who]
    if zone in POOLED:
        return (not truth["hand"] or len(record[zone]) >= len(truth["hand"]) + truth["deck"]
                or (not record.get("hand") and len(record[zone]) <= drawn))
    hidden = set(truth.get(zone, ()))
    return not any(_card_ids(c, names) & hidden for c in record[zone] if isinstance(c, str) and c not in FACE_DOWN)


def _card_ids(name: str, names: dict[str, set[str]]) -> set[str]:
    """The card ids a name (an id, or a display name in any language or case) may stand for."""
    folded = name.casefold()
    return {name} | {cid for cid, shown in names.items() if folded in {n.casefold() for n in shown}}


def _secret_values(action: dict, system: str) -> set[str]:
    values = set()
    for f in secret_fields(system, action):
        value = action[f]
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, str) and v not in FACE_DOWN:
                values.add(v)
    return values


HELD = ("hand", "intrigue", "traitors", "drawn_traitors", "face_dancers")


def truth_of(log: dict) -> dict:
    """What our own replay knows of the whole game: `checksums` of the whole state after every step
    (the verdicts' and our own xxh3 of each snapshot's canonical JSON, with and without the RNG),
    `held[i]`: what each player holds after action i (its hidden zones' cards, its deck's size),
    and `seat`: a player holding hidden cards after the last logged action (whose own view must show
    them)."""
    report = Replay(parse_log(log), "strict", "all").run()
    found = {v["checksum"] for v in report["verdicts"] if v.get("checksum")}
    found.add(report["final_checksum"])
    held = []
    for state in [*report["snapshots"], report["final_state"]]:
        found.add(xxhash.xxh3_64_hexdigest(orjson.dumps(state, option=orjson.OPT_SORT_KEYS)))
        found.add(xxhash.xxh3_64_hexdigest(orjson.dumps({k: v for k, v in state.items() if k != "rng"},
                                                        option=orjson.OPT_SORT_KEYS)))
        held.append({pid: {**{z: list(pl[z]) for z in HELD if isinstance(pl.get(z), list)},
                           "hand": list(pl.get("hand") or ()),
                           "deck": len((pl.get("deck") or {}).get("cards", ()))}
                     for pid, pl in state["players"].items()})
    # the `as=` routes are asked at the last logged action: the state right after it, not the
    # final one (the replay deals on from the seed after the log ends, a round's new hands too)
    last = report["snapshots"][-1]["players"]
    seat = next(pid for pid, pl in last.items() if any(pl.get(z) for z in ("hand", "intrigue", "traitors")))
    return {"checksums": found, "held": held, "seat": seat}


# --- the service and what it answers ---------------------------------------------------------------
class Service:
    """One app on a database file: token A uploads, answers are cached by (config, route, who)."""

    def __init__(self, folder: Path):
        from api import create_app

        path = folder / "hidden.db"
        prepare(open_db(path))
        plenty = "1000000 per minute"
        self.app = create_app({"DATABASE": str(path), "TESTING": True, "RATELIMIT_READ": plenty,
                               "RATELIMIT_WRITE": plenty, "BUDGET_COMPUTE": plenty})
        self.client = self.app.test_client()
        self.uploader = {"Authorization": f"Bearer {tokens.create(open_db(path), 'organiser')[1]}"}
        self.games, self.answers, self.names, self.truths = {}, {}, {}, {}

    def game(self, config) -> dict:
        """The unfinished game of `config`, uploaded into a tournament of its own."""
        if config.id not in self.games:
            log = unfinished(config)
            made = self.client.post("/v1/tournaments", json={"name": f"league night {config.id}"},
                                    headers=self.uploader)
            assert made.status_code == 201, made.data[:300]
            tournament = made.get_json()["id"]
            stored = self.client.post(f"/v1/games?tournament={tournament}", json=log, headers=self.uploader)
            assert stored.status_code == 201, stored.data[:300]
            secrets = secret_actions(config.system, log)
            assert secrets, f"{config.id}: the unfinished log holds no secret action"
            self.games[config.id] = {"id": stored.get_json()["id"], "log": log, "tournament": tournament,
                                     "first": min(secrets), "last": len(log["actions"]) - 1}
        return self.games[config.id]

    def answer(self, config, url: str, anonymous: bool):
        key = (config.id, url, anonymous)
        if key not in self.answers:
            response = self.client.get(url, headers=None if anonymous else self.uploader)
            if response.mimetype == "text/csv":
                body = response.get_data(as_text=True)
            elif response.mimetype == "text/event-stream":  # a live game's followers (issue 36)
                body = [json.loads(line[6:]) for line in response.get_data(as_text=True).splitlines()
                        if line.startswith("data: ")]
                response.close()
            else:
                body = response.get_json(silent=True)
            self.answers[key] = (response.status_code, response.content_type, body)
        return self.answers[key]

    def card_names(self, config) -> dict[str, set[str]]:
        """Card id -> its display names (every language), from GET /v1/cards."""
        if config.id not in self.names:
            modules = ",".join(config.modules)
            r = self.client.get(f"/v1/cards?game={config.game}" + (f"&modules={modules}" if modules else ""))
            assert r.status_code == 200, r.data[:300]
            names: dict[str, set[str]] = {}
            for card in r.get_json()["cards"]:
                names.setdefault(card["id"], set()).update(n for n in card.get("name", {}).values() if n)
            self.names[config.id] = names
        return self.names[config.id]

    def truth(self, config) -> dict:
        if config.id not in self.truths:
            self.truths[config.id] = truth_of(self.game(config)["log"])
        return self.truths[config.id]

    def violations(self, config, kind: str, body) -> list[str]:
        truth, game = self.truth(config), self.game(config)
        index = _indexes(game)[kind.split("-")[1]] if kind.startswith("position-") else None
        # a position is the state before its action: after action index - 1
        held = truth["held"][index - 1] if index else None
        return violations(body, config.system, game["log"], truth["checksums"], self.card_names(config), held)


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    return Service(tmp_path_factory.mktemp("hidden"))


# Every GET route of stored games (and of the tournaments that hold them) -> the calls made of it:
# (kind, url template, whether the uploader must see secrets there).
ROUTES = {
    "/v1/games": [("listing", "/v1/games", False), ("listing-tournament", "/v1/games?tournament={t}", False)],
    "/v1/games/<game_id>": [("game", "/v1/games/{g}", True)],
    "/v1/games/<game_id>/report": [("report", "/v1/games/{g}/report", True),
                                   ("report-explain", "/v1/games/{g}/report?explain=1", False)],
    "/v1/games/<game_id>/states/<int:index>": [
        ("state-first", "/v1/games/{g}/states/{first}", True), ("state-last", "/v1/games/{g}/states/{last}", True),
        ("state-as", "/v1/games/{g}/states/{last}?as={seat}", True)],
    "/v1/games/<game_id>/views/<int:step>": [
        ("view-first", "/v1/games/{g}/views/{first}", True), ("view-last", "/v1/games/{g}/views/{last}", True),
        ("view-timeline", "/v1/games/{g}/views/{last}?timeline=true", True),
        ("view-timeline-ru", "/v1/games/{g}/views/{first}?timeline=true&lang=ru", True),
        ("view-as", "/v1/games/{g}/views/{last}?as={seat}", True)],
    "/v1/games/<game_id>/reverify": [("reverify", "/v1/games/{g}/reverify", False)],
    "/v1/games/<game_id>/events": [("events", "/v1/games/{g}/events?timeout=0", True)],
    "/v1/games/<game_id>/positions/<int:index>": [
        ("position-first", "/v1/games/{g}/positions/{first}", True),
        ("position-after", "/v1/games/{g}/positions/{after}", True),
        ("position-last", "/v1/games/{g}/positions/{last}", True),
        ("position-last-as", "/v1/games/{g}/positions/{last}?as={seat}", True)],
    "/v1/games/<game_id>/rulings": [("judged", "/v1/games/{g}/rulings", False)],
    "/v1/tournaments/<tournament_id>": [("tournament", "/v1/tournaments/{t}", False)],
    "/v1/tournaments/<tournament_id>/players": [("players", "/v1/tournaments/{t}/players", False)],
    "/v1/tournaments/<tournament_id>/rounds": [("rounds", "/v1/tournaments/{t}/rounds", False)],
    "/v1/tournaments/<tournament_id>/rounds/<int:number>": [("round", "/v1/tournaments/{t}/rounds/1", False)],
    "/v1/tournaments/<tournament_id>/standings": [
        ("standings", "/v1/tournaments/{t}/standings", False),
        ("standings-csv", "/v1/tournaments/{t}/standings?format=csv", False)],
    "/v1/tournaments/<tournament_id>/win-rates": [("win-rates", "/v1/tournaments/{t}/win-rates", False)],
}
CALLS = [(kind, url, uploader_sees) for calls in ROUTES.values() for kind, url, uploader_sees in calls]
KINDS = [kind for kind, _, _ in CALLS]
UPLOADER_SEES = [kind for kind, _, sees in CALLS if sees]


def _indexes(game: dict) -> dict[str, int]:
    """The actions the state, view and position routes are asked at: the first secret one, the
    one after it, the last of the unfinished log."""
    return {"first": game["first"], "after": min(game["first"] + 1, game["last"]), "last": game["last"]}


def _url(service, config, kind: str) -> str:
    game = service.game(config)
    template = next(url for k, url, _ in CALLS if k == kind)
    return template.format(g=game["id"], t=game["tournament"], seat=service.truth(config)["seat"], **_indexes(game))


def _stored_game_get_rules(app) -> set[str]:
    return {rule.rule for rule in app.url_map.iter_rules()
            if "GET" in rule.methods and rule.rule.startswith(("/v1/games", "/v1/tournaments"))}


def test_every_stored_game_route_is_called(service):
    """A new GET route of stored games (or tournaments) must be added to ROUTES, so the oracle reads it."""
    unknown = _stored_game_get_rules(service.app) - set(ROUTES)
    assert not unknown, f"GET routes the hidden-information test does not call: {sorted(unknown)}"
    assert set(ROUTES) <= _stored_game_get_rules(service.app), "ROUTES names a route the app no longer has"


@parametrize()
@pytest.mark.parametrize("kind", KINDS)
def test_the_public_sees_no_hidden_information(service, config, kind):
    status, content_type, body = service.answer(config, _url(service, config, kind), anonymous=True)
    assert status < 500, (config.id, kind, status, body)
    if status >= 400:
        assert content_type == PROBLEM, (config.id, kind, status, content_type)
    found = service.violations(config, kind, body)
    assert not found, f"{config.id} {kind}: an anonymous caller reads hidden information:\n" + "\n".join(found[:12])


@parametrize()
@pytest.mark.parametrize("kind", UPLOADER_SEES)
def test_the_uploader_still_sees_the_secrets(service, config, kind):
    status, _, body = service.answer(config, _url(service, config, kind), anonymous=False)
    assert status == 200, (config.id, kind, status, body)
    found = service.violations(config, kind, body)
    assert found, f"{config.id} {kind}: the uploader's answer shows no secret at all"


def test_the_oracle_knows_every_secret_verb_of_the_matrix():
    """Each rule system's secret verbs occur in the matrix's unfinished games (the oracle is not
    checking verbs that never appear), and every configuration deals hidden cards."""
    seen = {"imperium": Counter(), "dune": Counter()}
    for config in MATRIX:
        log = unfinished(config)
        seen[config.system].update(log["actions"][i]["do"] for i in secret_actions(config.system, log))
    assert {"draw", "draw-intrigue"} <= set(seen["imperium"]), seen["imperium"]
    assert {"draw-treachery", "draw-traitors", "keep-traitor", "draw-face-dancers", "draw-supply",
            "predict"} <= set(seen["dune"]), seen["dune"]


@pytest.mark.parametrize("config_id", ["uprising-4p-choam", "dune-4p-advanced-ixtl-tech"])
def test_explaining_an_illegal_action_of_an_unfinished_game_names_no_hand(service, config_id):
    """`/report?explain=1` lists the legal actions instead of an illegal one, which name the acting
    player's hand: the public must not read them (403, or an answer the oracle finds clean)."""
    config = by_id(config_id)
    log = unfinished(config)
    acting = Replay(parse_log(log), "strict", "none").run()["pending"]["by"]
    other = next(p["id"] for p in log["game"]["players"] if p["id"] != acting)  # not this player's turn
    log["actions"].append({"by": other, "do": "send-agent", "card": "signet-ring", "space": "arrakeen"}
                          if config.system == "imperium" else {"by": other, "do": "keep-traitor", "card": "zoal"})
    stored = service.client.post("/v1/games", json=log, headers=service.uploader)
    assert stored.status_code == 201, stored.data[:300]
    assert stored.get_json()["first_illegal"] == len(log["actions"]) - 1
    url = f"/v1/games/{stored.get_json()['id']}/report?explain=1"
    public = service.client.get(url)
    assert public.status_code < 500
    if public.status_code >= 400:
        assert public.content_type == PROBLEM
    truth = truth_of(dict(log, actions=log["actions"][:-1]))
    found = violations(public.get_json(), config.system, log, truth["checksums"], service.card_names(config))
    assert not found, "\n".join(found[:12])
    mine = service.client.get(url, headers=service.uploader)
    assert mine.status_code == 200 and "expected" in mine.get_json()["verdicts"][-1], mine.data[-600:]


# --- finding 7: checksums give hidden cards away ------------------------------------------------------
HANDS_CONFIG = "uprising-4p"


def _first_draws(log: dict) -> dict[str, int]:
    """Each player's first `draw` (their opening hand): player -> action index."""
    first = {}
    for i, action in enumerate(log["actions"]):
        if action.get("by") == "chance" and action.get("do") == "draw" and action.get("player") not in first:
            first[action["player"]] = i
    return first


CANDIDATE_STEPS = 40  # the steps replayed from the rewritten draw on (each one's checksum is a test)


def _candidate_checksums(log: dict, index: int, hand: tuple[str, ...]) -> set[str]:
    """The checksums of the steps from `index` on (CANDIDATE_STEPS of them), with the draw at
    `index` rewritten to `hand` (continue mode: later actions the other hand makes illegal are
    skipped, the rest applied)."""
    doc = json.loads(json.dumps(dict(log, actions=log["actions"][: index + CANDIDATE_STEPS])))
    doc["setup"].pop("seed", None)  # the attacker has no seed; the checksums leave the RNG out anyway
    doc["actions"][index]["cards"] = list(hand)
    report = Replay(parse_log(doc), "continue", "none").run()
    return {v["checksum"] for v in report["verdicts"][index:] if v.get("checksum")}


@pytest.fixture(scope="module")
def candidates(service):
    """The unfinished game, the attacked player's first draw, and every checksum each opening hand
    it could have been yields (the true hand's apart)."""
    config = by_id(HANDS_CONFIG)
    game = service.game(config)
    log = game["log"]
    # the attacker knows the starting deck (the public card list: GET /v1/cards?type=starting)
    starting = service.client.get(f"/v1/cards?game={config.game}&type=starting").get_json()["cards"]
    deck = sorted(card["id"] for card in starting for _ in range(card.get("copies", 1)))
    for index in sorted(_first_draws(log).values()):
        true_hand = tuple(sorted(log["actions"][index]["cards"]))
        hands = sorted(set(itertools.combinations(deck, len(true_hand))))
        if true_hand in hands:  # (a leader that changes its starting deck is skipped)
            break
    assert true_hand in hands and len(hands) > 10, (true_hand, len(hands))
    every = {hand: _candidate_checksums(log, index, hand) for hand in hands}
    return {"config": config, "game": game, "index": index, "true": every[true_hand],
            "all": set().union(*every.values()), "hands": len(hands)}


def _public_surfaces(service, config, game, index: int) -> dict[str, object]:
    g, t, last = game["id"], game["tournament"], game["last"]
    urls = {"report": f"/v1/games/{g}/report", "listing": "/v1/games",
            "tournament-listing": f"/v1/games?tournament={t}", "game": f"/v1/games/{g}",
            "standings": f"/v1/tournaments/{t}/standings", "standings-csv": f"/v1/tournaments/{t}/standings?format=csv"}
    for i in sorted({index, index + 1, index + 5, last}):
        urls[f"state-{i}"] = f"/v1/games/{g}/states/{i}"
        urls[f"view-{i}"] = f"/v1/games/{g}/views/{i}"
        urls[f"position-{i}"] = f"/v1/games/{g}/positions/{i}"
    urls["view-timeline"] = f"/v1/games/{g}/views/{last}?timeline=true"
    return urls


def test_candidate_hands_match_nothing_the_public_reads(service, candidates):
    config, game = candidates["config"], candidates["game"]
    leaks = {}
    for name, url in _public_surfaces(service, config, game, candidates["index"]).items():
        status, _, body = service.answer(config, url, anonymous=True)
        assert status < 500, (name, status)
        text = body if isinstance(body, str) else json.dumps(body)
        hits = set(CHECKSUM.findall(text)) & candidates["all"]
        if hits:
            leaks[name] = len(hits)
    assert not leaks, (f"{config.id}: of {candidates['hands']} candidate opening hands, the checksums match "
                       f"what an anonymous caller reads (surface: matching checksums): {leaks}")


def test_candidate_hands_find_the_true_hand_in_what_the_uploader_reads(service, candidates):
    """The attack works against the uploader's own report (so the test above would see a leak)."""
    config, game = candidates["config"], candidates["game"]
    _, _, report = service.answer(config, f"/v1/games/{game['id']}/report", anonymous=False)
    assert set(CHECKSUM.findall(json.dumps(report))) & candidates["true"]
