"""The advanced game's pieces in a classic Dune position (docs/positions.md), read from a scenario
and written back (core/engine/positions.py), every name and count checked with a pointer into the
scenario.

- `spice_deck.discard_b` (deprecated alias: `spice_discard_b`): the double spice blow's second
  discard pile, oldest first (spice.py).
- the Harkonnen's `captured`: leaders of other players they hold (factions/harkonnen.py); the
  owner's sheet marks them `captured` and its holder writes them, as with gholas.
- the Atreides' `kwisatz` {lost, awake, dead, fought}: forces lost in battle, awake (from 7 lost),
  killed by an explosion, and the turn and territory it last fought in (factions/atreides.py).
- `karama_power` (deprecated alias: `karama_power_used`): true once the once-per-game special
  Karama power is spent (karama_powers.py).
- the Bene Gesserit's `advisors`: the territories where their forces are advisors, a sorted list
  as the state holds it (factions/bene_gesserit_advisors.py), written when there are any.

The Storm deck holds nothing a position must carry: each turn's card is a chance outcome recorded
when revealed (storm.py, ruling dune.engine-storm-deck); advanced plus the Fremen is enough."""

from __future__ import annotations

from ....core.engine.positions import Part, esc
from .atreides import AWAKENS_AFTER

MODULE = "advanced"
CAPTOR = "harkonnen"  # the only faction that captures (ruling dune.harkonnen-capture)


def advanced(state: dict) -> bool:
    return MODULE in state["game"]["modules"]


class Advanced(Part):
    name = MODULE
    table_keys = ()  # spice_deck.discard_b is not refused at "setup" (as before the protocol)
    player_keys = ("captured", "kwisatz", "karama_power", "karama_power_used", "advisors")

    def read_player(self, r, state: dict, pid: str, src: dict, ptr: str) -> None:
        """A player's advanced pieces but the captives (after every player's leaders: `read_players`)."""
        pl = state["players"][pid]
        for key in self.player_keys:
            if key in src and not advanced(state):
                r.fail(f"{ptr}/{key}", "not-in-game", f"{key!r} is a piece of the advanced game")
        if not advanced(state):
            return
        spent, _ = r.renamed(ptr, src, "karama_power", "karama_power_used")  # the old name (issue 32)
        if spent:
            pl["karama_power"] = True
        if "kwisatz" in src:
            _kwisatz(r, pl, src["kwisatz"], f"{ptr}/kwisatz", r.turn)
        if "advisors" in src:
            _advisors(r, state, pid, src["advisors"], f"{ptr}/advisors")
        if "captured" in src and pl["faction"] != CAPTOR:
            r.fail(f"{ptr}/captured", "not-this-faction", "only the Harkonnen capture leaders")

    def read_players(self, r, state: dict, doc: dict) -> None:
        """The Harkonnen's captives: other players' leaders, alive on their sheets before they are
        marked `captured` (ruling dune.harkonnen-capture)."""
        if not advanced(state):
            return
        for pid, held in r.held_leaders(state, doc, CAPTOR, "captured", "captured", "held by the Harkonnen").items():
            if held and not any(s == "alive" for s in state["players"][pid]["leaders"].values()):  # prison_break
                r.fail(f"/players/{esc(pid)}/captured", "captives-go-home", "captives go home once all the "
                       "Harkonnen's own leaders are in the Tanks")

    def read_decks(self, r, state: dict, doc: dict) -> None:
        """The second Spice discard pile (counted with the first against the copies)."""
        if not advanced(state):
            if "spice_discard_b" in doc or "discard_b" in (doc.get("spice_deck") or {}):
                where = "/spice_discard_b" if "spice_discard_b" in doc else "/spice_deck/discard_b"
                r.fail(where, "not-in-game", "a second Spice discard pile is the advanced game's double blow")
        elif "discard_b" in state["spice_deck"]:
            state["spice_deck"]["discard_b"], _ = r.pile(doc, "spice_deck", "discard_b")

    def seen(self, state: dict, deck: str) -> list[str]:
        return list(state["spice_deck"].get("discard_b", [])) if deck == "spice" else []

    def describe_table(self, c, state: dict, doc: dict) -> None:
        if state["spice_deck"].get("discard_b"):
            doc.setdefault("spice_deck", {})["discard_b"] = list(state["spice_deck"]["discard_b"])

    def describe_player(self, c, state: dict, pid: str, out: dict) -> None:
        pl = state["players"][pid]
        if pl.get("captured"):
            out["captured"] = sorted(pl["captured"])
        kh = pl.get("kwisatz")
        if kh is not None:
            written = {**({"lost": kh["lost"]} if kh["lost"] else {}), **({"awake": True} if kh["awake"] else {}),
                       **({"dead": True} if kh["dead"] else {}),
                       **({"fought": {"turn": kh["used"][0], "territory": kh["used"][1]}} if kh["used"] else {})}
            if written:
                out["kwisatz"] = written
        if pl.get("karama_power"):
            out["karama_power"] = True
        if pl.get("advisors"):  # none written: the advanced Bene Gesserit start with none (setup)
            out["advisors"] = sorted(pl["advisors"])

    def same(self, state: dict) -> dict:
        """An empty captives' list left out: no captives is none held (the engine keeps no empty
        one; a posted full state may)."""
        if not any("captured" in pl and not pl["captured"] for pl in state["players"].values()):
            return state
        return {**state, "players": {q: {k: v for k, v in pl.items() if k != "captured" or v}
                                     for q, pl in state["players"].items()}}


def _kwisatz(r, pl: dict, given: dict, at: str, turn: int) -> None:
    kh = pl.get("kwisatz")
    if kh is None:
        r.fail(at, "not-this-faction", "the Kwisatz Haderach is the Atreides'")
        return
    lost = given.get("lost", 0)
    awake = given.get("awake", lost >= AWAKENS_AFTER)
    if awake != (lost >= AWAKENS_AFTER):  # ruling dune.atreides-kwisatz: it awakens at 7 forces lost
        r.fail(f"{at}/awake", "kwisatz-awake", f"the Kwisatz Haderach awakens once {AWAKENS_AFTER} Atreides "
               f"forces are lost in battle: {lost} lost, so it is {'' if lost >= AWAKENS_AFTER else 'not '}awake")
    if given.get("dead") and not awake:
        r.fail(f"{at}/dead", "kwisatz-awake", "only a Kwisatz Haderach played in battle dies: it sleeps")
    fought = None
    if "fought" in given:
        terr = r.name("territory", given["fought"]["territory"], f"{at}/fought/territory")
        if given["fought"]["turn"] >= turn:  # a phase's start: this turn's battles are still to come
            r.fail(f"{at}/fought/turn", "out-of-range", f"the Kwisatz Haderach fought in an earlier turn than "
                   f"{turn}, not in turn {given['fought']['turn']}")
        elif not awake:
            r.fail(f"{at}/fought", "kwisatz-awake", "only an awake Kwisatz Haderach fights")
        fought = [given["fought"]["turn"], terr]
    kh.update(lost=lost, awake=awake, dead=bool(given.get("dead")), used=fought)


def _advisors(r, state: dict, pid: str, given: list, at: str) -> None:
    pl = state["players"][pid]
    if pl["faction"] != "bene-gesserit":
        r.fail(at, "not-this-faction", "only the Bene Gesserit have advisors")
        return
    found = set()
    for i, name in enumerate(given):
        terr = r.name("territory", name, f"{at}/{i}")
        if terr is None:
            continue
        if not any(loc.split("@", 1)[0] == terr for loc, here in state["map"].items() if pid in here):
            r.fail(f"{at}/{i}", "no-forces", f"{pid} has no forces in {terr} to be advisors")
        found.add(terr)
    pl["advisors"] = sorted(found)


PART = Advanced()
