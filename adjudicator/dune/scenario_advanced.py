"""The advanced game's pieces in a compact scenario (scenario.py, docs/positions.md): read into a
state and written back, every name and count checked with a pointer into the scenario.

- `spice_discard_b`: the double spice blow's second discard pile, oldest first (spice.py).
- per player `elite`: Sardaukar and Fedaykin are read and written as the Ixians' Cyborgs are
  (scenario_ixtl.py), since the state keeps every special kind alike (forces.py).
- the Harkonnen's `captured`: leaders of other players they hold (factions/harkonnen.py); the
  owner's sheet marks them `captured` and its holder writes them, as with gholas.
- the Atreides' `kwisatz` {lost, awake, dead, fought}: forces lost in battle, awake (from 7 lost),
  killed by an explosion, and the turn and territory it last fought in (factions/atreides.py).
- `karama_power_used`: the once-per-game special Karama power is spent (karama_powers.py).
- the Bene Gesserit's `advisors`: the territories where their forces are advisors, a sorted list
  as the state holds it (`g.p(bg)["advisors"]`; factions/bene_gesserit_advisors.py), written when
  there are any.

The Storm deck holds nothing a position must carry: each turn's card is a chance outcome recorded
when revealed (storm.py, ruling dune.engine-storm-deck); advanced plus the Fremen is enough."""

from __future__ import annotations

from .modules.advanced import AWAKENS_AFTER

PLAYER_KEYS = ("captured", "kwisatz", "karama_power_used", "advisors")
CAPTOR = "harkonnen"  # the only faction that captures (ruling dune.harkonnen-capture)


def esc(key: str) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def advanced(state: dict) -> bool:
    return "advanced" in state["game"]["modules"]


# --- scenario -> state ---------------------------------------------------------------------------
def read_discard_b(r, state: dict, doc: dict) -> list[str]:
    """The second Spice discard pile (checked with the first against the copies by the caller)."""
    if "spice_discard_b" in doc and not advanced(state):
        r.fail("/spice_discard_b", "not-in-game", "a second Spice discard pile is the advanced game's double blow")
        return []
    return r.names("spice", doc.get("spice_discard_b", []), "/spice_discard_b")


def read_player(r, state: dict, pid: str, sc: dict, at: str) -> None:
    """A player's advanced pieces but the captives (after forces and leaders: `read_captives`)."""
    pl = state["players"][pid]
    faction = pl["faction"]
    for key in PLAYER_KEYS:
        if key in sc and not advanced(state):
            r.fail(f"{at}/{key}", "not-in-game", f"{key!r} is a piece of the advanced game")
    if not advanced(state):
        return
    if sc.get("karama_power_used"):
        pl["karama_power"] = True
    if "kwisatz" in sc:
        _kwisatz(r, pl, sc["kwisatz"], f"{at}/kwisatz", r.turn)
    if "advisors" in sc:
        _advisors(r, state, pid, sc["advisors"], f"{at}/advisors")
    if "captured" in sc and faction != CAPTOR:
        r.fail(f"{at}/captured", "not-this-faction", "only the Harkonnen capture leaders")


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


def read_captives(r, state: dict, given: dict, seats: list[str]) -> None:
    """The Harkonnen's captives (after every player's leaders): each another player's leader, alive
    on its sheet before it is marked `captured` (ruling dune.harkonnen-capture)."""
    if not advanced(state):
        return
    for pid in seats:
        pl, at = state["players"][pid], f"/players/{esc(pid)}/captured"
        if pl["faction"] != CAPTOR:
            continue
        held = r.taken_leaders(state, pid, given.get(pid, {}).get("captured", []), at, "captured",
                               "held by the Harkonnen")
        if held and not any(s == "alive" for s in pl["leaders"].values()):  # they go home (harkonnen.prison_break)
            r.fail(at, "captives-go-home", "captives go home once all the Harkonnen's own leaders are in the Tanks")
        if held:
            pl["captured"] = dict(sorted(held.items()))
        else:
            pl.pop("captured", None)


# --- state -> scenario ---------------------------------------------------------------------------
def write_table(state: dict, doc: dict) -> None:
    if state["spice_deck"].get("discard_b"):
        doc["spice_discard_b"] = list(state["spice_deck"]["discard_b"])


def write_player(pl: dict, out: dict) -> None:
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
        out["karama_power_used"] = True
    if pl.get("advisors"):  # none written: the advanced Bene Gesserit start with none (setup)
        out["advisors"] = sorted(pl["advisors"])


def same(state: dict) -> dict:
    """The state with an empty captives' list left out: no captives is none held (the engine
    keeps no empty one; a posted full state may)."""
    if not any("captured" in pl and not pl["captured"] for pl in state["players"].values()):
        return state
    return {**state, "players": {q: {k: v for k, v in pl.items() if k != "captured" or v}
                                 for q, pl in state["players"].items()}}
