"""A converter from a saved treachery.online game (its `GameState` JSON: an event list) to our log
(issue 31, docs/log-format.md "Logs written by other programs").

treachery.online saves the decisions of a game and the seed of its own dealer, never the cards
dealt, so every draw is written "?" here. The facts used, from the saved file itself:

- the seats are `EstablishPlayers._factionsInPlay`, named by the program's faction colours (the
  program's colour for each faction of the Gale Force Nine game and its expansions, below);
- an event's `Initiator` is ten times the faction's place in the program's colour list (a saved
  game of Green, Black, Yellow, Brown, Cyan and Red seats initiators 10, 20, 30, 90, 120 and 40);
- the program's own numbers for leaders, cards and territories are not translated (no fact we
  hold maps them): a kept Traitor is written "?" (for every faction but the Harkonnen, who keep
  all four, even one the record leaves out), and conversion stops at the first event it cannot
  write, saying which (`meta.stopped_at`).

Factions of expansions the engine does not play (CHOAM, Richese, Ecaz, Moritani) are written by
name: replaying the log refuses them as `unsupported-faction`.
"""

from __future__ import annotations

from .core.errors import MalformedLog
from .core.logs import FORMAT, VERSION

# the program's faction colours, in its order (Initiator = 10 x the place, from 1)
COLOURS = ("Green", "Black", "Yellow", "Red", "Orange", "Blue", "Grey", "Purple", "Brown", "White", "Pink", "Cyan")
FACTIONS = {"Green": "Atreides", "Black": "Harkonnen", "Yellow": "Fremen", "Red": "Emperor",
            "Orange": "Spacing Guild", "Blue": "Bene Gesserit", "Grey": "Ixians", "Purple": "Tleilaxu",
            "Brown": "CHOAM", "White": "Richese", "Pink": "Ecaz", "Cyan": "Moritani"}
EXPANSION = {"Grey": "ixians-tleilaxu", "Purple": "ixians-tleilaxu"}
TRAITORS_DRAWN = 4  # each faction draws four Traitor cards at setup (the Harkonnen keep them all)


def _events(saved: dict) -> list[dict]:
    events = saved.get("_events")
    values = events.get("$values") if isinstance(events, dict) else None
    if not isinstance(values, list) or not values:
        raise MalformedLog("not a saved treachery.online game: no '_events' list", "/_events")
    return values


def _kind(event: dict) -> str:
    return str(event.get("$type", "")).split(",")[0].rsplit(".", 1)[-1]


def convert(saved: dict) -> dict:
    """Our log (version 2) of a saved treachery.online game, as far as its events can be written."""
    if not isinstance(saved, dict):
        raise MalformedLog("a saved treachery.online game is a JSON object", "/")
    events = _events(saved)
    first = events[0]
    if _kind(first) != "EstablishPlayers":
        raise MalformedLog("the first event of a saved game establishes the players", "/_events/$values/0")
    colours = [c.strip() for c in str(first.get("_factionsInPlay", "")).split(",") if c.strip()]
    unknown = [c for c in colours if c not in FACTIONS]
    if not colours or unknown:
        raise MalformedLog(f"unknown faction colours {unknown}", "/_events/$values/0/_factionsInPlay")
    seat = {10 * (COLOURS.index(c) + 1): c.lower() for c in colours}
    players = [{"id": c.lower(), "faction": FACTIONS[c]} for c in colours]
    modules = sorted({EXPANSION[c] for c in colours if c in EXPANSION})
    actions: list[dict] = []
    # setup: the Traitor cards each faction draws, unseen
    actions += [{"by": "chance", "do": "draw-traitors", "player": p["id"], "cards": ["?"] * TRAITORS_DRAWN}
                for p in players]
    written, stopped, kept = 1, None, set()
    for i, event in enumerate(events[1:], start=1):
        kind, who = _kind(event), seat.get(event.get("Initiator"))
        if kind != "TraitorsSelected" and kept:  # chosen at once: written in seating order, one for
            # every faction but the Harkonnen (GF9 setup), a choice the record leaves out too: unseen
            actions += [{"by": p["id"], "do": "keep-traitor", "card": "?"} for p in players
                        if p["faction"] != "Harkonnen"]
            kept = set()
        if kind == "TraitorsSelected" and who:
            if FACTIONS[who.capitalize()] != "Harkonnen":  # they keep all four (GF9 rules, Setup)
                kept.add(who)
        elif kind == "StormDialled" and who:
            actions.append({"by": "chance", "do": "storm-dial", "player": who, "value": event.get("Amount")})
        elif kind == "Bid" and who and not event.get("KarmaBid") and event.get("_karmaCardId", -1) == -1:
            actions.append({"by": who, "do": "pass"} if event.get("Passed")
                           else {"by": who, "do": "bid", "amount": event.get("Amount")})
        elif kind == "EndPhase":
            pass  # the program's own bookkeeping: our engine moves on by itself
        else:
            stopped = {"event": i, "type": kind}
            break
        written = i + 1
    meta = {"converted_from": "treachery.online", "events": len(events), "events_written": written}
    if stopped is not None:
        meta.update(stopped_at=stopped["event"], stopped_type=stopped["type"])
    return {"format": FORMAT, "version": VERSION,
            "game": {"system": "dune", "edition": "basic", "modules": modules, "players": players},
            "setup": {}, "actions": actions, "meta": meta}
