"""The Ixians & Tleilaxu expansion's pieces in a compact scenario (scenario.py, docs/positions.md):
read into a state and written back, every name checked with a pointer into the scenario.

- `tech_tokens` {token: holder or null} (module tech-tokens; left out: as they stand at setup) and
  `tech_due` {token: spice}: the income a token already earned in the phase just begun (paid as it
  ends; tech_tokens.py).
- `sandtrout`: "waiting" (Sandtrout drawn, the next Shai-Hulud doubles a blow) or "doubled" (that
  worm came: the next blow is doubled) (spice.py).
- `amal`: false when Amal's window at the phase's start is already closed (ixcards.py).
- `treachery_deck` {up, offered, top, bottom}: the cards set aside face down (the supply, the card
  the Ixians' Technology put up for bid; "?" allowed in `up`) and the deck's known top (the last
  is drawn first) and bottom (the first is drawn first, once the rest is gone) (supply.py).
- per player: `elite` {kind: {forces: {place: n}, tanks: n}} (forces of a special kind, the
  Ixians' Cyborgs; among the player's `forces` and `tanks`; left out: all in reserves); the
  Tleilaxu's `face_dancers` (names or "?"), `revealed` and `gholas` (other factions' leaders
  revived into their pool: the owner's sheet marks them `ghola`)."""

from __future__ import annotations

from .content import HMS
from .modules.ixians_tleilaxu import FACE_DANCERS
from .treachery import HIDDEN

ASIDE = ("up", "offered")  # set aside, out of the deck
KNOWN = ("top", "bottom")  # known, still in the deck


def esc(key: str) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


# --- scenario -> state ---------------------------------------------------------------------------
def read_tokens(r, state: dict, doc: dict, seats: list[str]) -> None:
    if "tech_tokens" not in doc:
        return
    if "tech_tokens" not in state:
        r.fail("/tech_tokens", "not-in-game", "Tech Tokens are played with the module tech-tokens only")
        return
    for token, holder in sorted(doc["tech_tokens"].items()):
        at = f"/tech_tokens/{esc(token)}"
        if token not in state["tech_tokens"]:
            r.fail(at, "unknown-name", f"no Tech Token {token!r}: they are {', '.join(sorted(state['tech_tokens']))}")
        elif holder is not None and holder not in seats:
            r.fail(at, "seats", f"{holder!r} is not a player of this game")
        else:
            state["tech_tokens"][token] = holder


def read_flags(r, state: dict, doc: dict) -> None:
    """`tech_due` (checked here, set once the phase has begun: `settled`) and `sandtrout` (the
    caller has built the Spice deck)."""
    for token in sorted(doc.get("tech_due", {})):
        if token not in state.get("tech_tokens", {}):
            r.fail(f"/tech_due/{esc(token)}", "unknown-name", f"no Tech Token {token!r} in this game")
    if "sandtrout" in doc and "ixians-tleilaxu" not in state["game"]["modules"]:
        r.fail("/sandtrout", "not-in-game", "Sandtrout is a card of the Ixians & Tleilaxu expansion")
    elif doc.get("sandtrout") == "waiting":
        state["spice_deck"]["sandtrout"] = True
    elif doc.get("sandtrout") == "doubled":
        state["spice_deck"]["doubled"] = True


def settled(state: dict, doc: dict) -> None:
    """After the phase's start is run (the previous phase's end paid what it earned): the income
    the Tech Tokens already earned in this one, and Amal's window as the scenario says."""
    due = {token: n for token, n in sorted(doc.get("tech_due", {}).items()) if n}
    if due:
        state["tech_due"] = {**state.get("tech_due", {}), **due}
    if doc.get("amal") is False:
        state.pop("amal_open", None)


def read_aside(r, state: dict, doc: dict) -> dict[str, list[str]]:
    """The Treachery cards set aside and known in the deck, by pile (checked against the deck by
    the caller: `up` and `offered` are out of it, `top` and `bottom` in it)."""
    given = doc.get("treachery_deck", {})
    if given and "ixians" not in {pl["faction"] for pl in state["players"].values()}:
        r.fail("/treachery_deck", "not-in-game", "cards set aside or known in the deck are the Ixians': they do "
               "not play")
        return {}
    out = {key: r.names("treachery", given[key], f"/treachery_deck/{key}", hidden=key == "up")
           for key in (*ASIDE, *KNOWN) if key in given}
    if len(out.get("offered", [])) > 1:
        r.fail("/treachery_deck/offered", "too-many", "the Ixians' Technology puts at most one card up for bid")
    return out


def read_player(r, state: dict, pid: str, sc: dict, at: str, traitors: list) -> None:
    """A player's special forces and the Tleilaxu's pieces (after forces, tanks and leaders)."""
    pl = state["players"][pid]
    faction = pl["faction"]
    elite = pl.get("elite", {})
    for kind in sorted(sc.get("elite", {})):
        if kind not in elite:
            r.fail(f"{at}/elite/{esc(kind)}", "unknown-name", f"{faction} have no forces of a kind {kind!r}")
    for kind, e in sorted(elite.items()):
        given = sc.get("elite", {}).get(kind, {})
        count = r.cnt.factions[faction]["forces"][kind]
        e["map"] = {}
        for place, n in sorted(given.get("forces", {}).items()):
            loc = HMS if place == HMS else r.name("place", place, f"{at}/elite/{esc(kind)}/forces/{esc(place)}")
            if loc is not None and n:
                e["map"][loc] = e["map"].get(loc, 0) + n
        e["tanks"] = given.get("tanks", 0)
        e["reserves"] = count - e["tanks"] - sum(e["map"].values())
        placed = state["map"]
        if e["reserves"] < 0 or e["reserves"] > pl["reserves"] or e["tanks"] > pl["tanks"] or any(
                n > placed.get(loc, {}).get(pid, 0) for loc, n in e["map"].items()):
            r.fail(f"{at}/elite/{esc(kind)}", "beyond-supply", f"{pid} has {count} {kind}, each among its forces: "
                   f"{sum(e['map'].values())} on the map and {e['tanks']} in the Tanks leave {e['reserves']} of "
                   f"{pl['reserves']} reserves")
    for key in ("face_dancers", "revealed", "gholas"):
        if key in sc and faction != "tleilaxu":
            r.fail(f"{at}/{key}", "not-this-faction", "only the Tleilaxu hold Face Dancers and gholas")
    if faction != "tleilaxu":
        return
    dancers = sorted(r.names("traitor", sc.get("face_dancers", [HIDDEN] * FACE_DANCERS), f"{at}/face_dancers",
                             hidden=True))
    revealed = []
    for i, name in enumerate(sc.get("revealed", [])):
        card = r.name("traitor", name, f"{at}/revealed/{i}")
        if card is not None and card not in dancers:
            r.fail(f"{at}/revealed/{i}", "not-held", f"{card} is revealed but not among the Face Dancers")
        elif card is not None:
            revealed.append(card)
    revealed.sort()
    pl["face_dancers"], pl["revealed"] = dancers, revealed
    traitors += dancers


def read_gholas(r, state: dict, given: dict, seats: list[str]) -> None:
    """The Tleilaxu's gholas (after every player's leaders): each another player's leader, marked
    `ghola` on its owner's sheet."""
    for pid in seats:
        pl, at = state["players"][pid], f"/players/{esc(pid)}/gholas"
        if pl["faction"] != "tleilaxu":
            continue
        gholas = r.taken_leaders(state, pid, given.get(pid, {}).get("gholas", []), at, "ghola",
                                 "a ghola in the Tleilaxu's pool")
        if gholas:
            pl["gholas"] = dict(sorted(gholas.items()))
        else:
            pl.pop("gholas", None)


# --- state -> scenario ---------------------------------------------------------------------------
def write_table(state: dict, doc: dict) -> None:
    if state.get("tech_tokens") is not None:
        doc["tech_tokens"] = dict(sorted(state["tech_tokens"].items()))
    if state.get("tech_due"):
        doc["tech_due"] = dict(sorted(state["tech_due"].items()))
    d = state["spice_deck"]
    if d.get("sandtrout") or d.get("doubled"):
        doc["sandtrout"] = "waiting" if d.get("sandtrout") else "doubled"
    if "ixians-tleilaxu" in state["game"]["modules"] and not state.get("amal_open"):
        doc["amal"] = False
    t = state["treachery"]
    known = {key: list(t[key]) for key in (*ASIDE, *KNOWN) if t.get(key)}
    if known:
        doc["treachery_deck"] = known


def same_piles(state: dict) -> dict:
    """The state with its empty Treachery piles left out: an empty pile is no pile."""
    t = state["treachery"]
    if not any(key in t and not t[key] for key in (*ASIDE, *KNOWN)):
        return state
    return {**state, "treachery": {k: v for k, v in t.items() if v or k not in (*ASIDE, *KNOWN)}}


def write_player(pl: dict, out: dict) -> None:
    elite = {k: {**({"forces": dict(sorted(e["map"].items()))} if e["map"] else {}),
                 **({"tanks": e["tanks"]} if e["tanks"] else {})} for k, e in sorted(pl.get("elite", {}).items())}
    if any(elite.values()):
        out["elite"] = {k: e for k, e in elite.items() if e}
    if "face_dancers" in pl:
        out["face_dancers"] = list(pl["face_dancers"])
        if pl.get("revealed"):
            out["revealed"] = list(pl["revealed"])
    if pl.get("gholas"):
        out["gholas"] = sorted(pl["gholas"])
