"""The Ixians & Tleilaxu expansion's pieces in a classic Dune position (docs/positions.md), read
from a scenario and written back (core/engine/positions.py), every name checked with a pointer
into the scenario.

- `hms`: where the Ixians' Hidden Mobile Stronghold points (a place); who is inside is each
  player's `forces` at `hidden-mobile-stronghold` (factions/ixians_hms.py).
- `sandtrout`: "waiting" (Sandtrout drawn, the next Shai-Hulud doubles a blow) or "doubled" (that
  worm came: the next blow is doubled) (spice.py).
- `amal`: false when Amal's window at the phase's start is already closed (ixcards.py).
- `treachery_deck` {up, offered, top, bottom}: the cards set aside face down (the supply, the card
  the Ixians' Technology put up for bid; "?" allowed in `up`) and the deck's known top (the last
  is drawn first) and bottom (the first is drawn first, once the rest is gone) (supply.py).
- per player, the Tleilaxu's `face_dancers` (names or "?"), `revealed` and `gholas` (other
  factions' leaders revived into their pool: the owner's sheet marks them `ghola`)."""

from __future__ import annotations

from collections import Counter

from ....core.engine.positions import Part
from ...content import HMS, territory
from ...treachery import HIDDEN
from .tleilaxu import FACE_DANCERS

MODULE = "ixians-tleilaxu"
ASIDE = ("up", "offered")  # set aside, out of the deck
KNOWN = ("top", "bottom")  # known, still in the deck


class IxiansTleilaxu(Part):
    name = MODULE
    table_keys = ("hms", "treachery_deck", "sandtrout", "amal")
    player_keys = ("face_dancers", "revealed", "gholas")

    def read_table(self, r, state: dict, doc: dict) -> None:
        """Where the Hidden Mobile Stronghold points."""
        if not self.given(r, state, doc, "hms", "hms", "the Hidden Mobile Stronghold is the Ixians': they do "
                            "not play"):
            return
        loc = r.name("place", doc["hms"], "/hms")
        if loc is not None and (loc == HMS or territory(loc) in r.cnt.strongholds):
            r.fail("/hms", "hms-bad-aim", "the Hidden Mobile Stronghold points at a sector of a territory that is no "
                   "stronghold")
        elif loc is not None:
            state["hms"]["points_at"] = loc

    def read_player(self, r, state: dict, pid: str, src: dict, ptr: str) -> None:
        """The Tleilaxu's Face Dancers and those revealed."""
        faction = state["players"][pid]["faction"]
        for key in self.player_keys:
            if key in src and faction != "tleilaxu":
                r.fail(f"{ptr}/{key}", "not-this-faction", "only the Tleilaxu hold Face Dancers and gholas")
        if faction != "tleilaxu":
            return
        dancers = sorted(r.names("traitor", src.get("face_dancers", [HIDDEN] * FACE_DANCERS), f"{ptr}/face_dancers",
                                 hidden=True))
        revealed = []
        for i, name in enumerate(src.get("revealed", [])):
            card = r.name("traitor", name, f"{ptr}/revealed/{i}")
            if card is not None and card not in dancers:
                r.fail(f"{ptr}/revealed/{i}", "not-held", f"{card} is revealed but not among the Face Dancers")
            elif card is not None:
                revealed.append(card)
        state["players"][pid].update(face_dancers=dancers, revealed=sorted(revealed))

    def read_players(self, r, state: dict, doc: dict) -> None:
        """The Tleilaxu's gholas: other players' leaders, marked `ghola` on their owners' sheets."""
        r.held_leaders(state, doc, "tleilaxu", "gholas", "ghola", "a ghola in the Tleilaxu's pool")

    def read_decks(self, r, state: dict, doc: dict) -> None:
        """The Treachery cards set aside (out of the deck) and known in it; Sandtrout."""
        given = doc.get("treachery_deck", {})
        if given and "ixians" not in {pl["faction"] for pl in state["players"].values()}:
            r.fail("/treachery_deck", "not-in-game", "cards set aside or known in the deck are the Ixians': they do "
                   "not play")
        elif given:
            for key in (*ASIDE, *KNOWN):
                if key in given:
                    state["treachery"][key] = r.names("treachery", given[key], f"/treachery_deck/{key}",
                                                      hidden=key == "up")
            if len(state["treachery"].get("offered", [])) > 1:
                r.fail("/treachery_deck/offered", "too-many", "the Ixians' Technology puts at most one card up for bid")
        if "sandtrout" in doc and MODULE not in state["game"]["modules"]:
            r.fail("/sandtrout", "not-in-game", "Sandtrout is a card of the Ixians & Tleilaxu expansion")
        elif doc.get("sandtrout") == "waiting":
            state["spice_deck"]["sandtrout"] = True
        elif doc.get("sandtrout") == "doubled":
            state["spice_deck"]["doubled"] = True

    def seen(self, state: dict, deck: str) -> list[str]:
        if deck == "treachery":
            return [c for key in ASIDE for c in state["treachery"].get(key, [])]
        if deck == "traitor":
            return [c for q in state["game"]["seats"] for c in state["players"][q].get("face_dancers", [])]
        return []

    def fill(self, r, state: dict, doc: dict) -> None:
        """A card known in the Treachery deck is one of the deck's."""
        deck = Counter(state["treachery"]["deck"])
        for key in KNOWN:
            if Counter(state["treachery"].get(key, [])) - deck:
                r.fail(f"/treachery_deck/{key}", "not-in-deck", "a card known in the Treachery deck is in it, not "
                       "in a hand, set aside or discarded")

    def settled(self, state: dict, doc: dict) -> None:
        if doc.get("amal") is False:
            state.pop("amal_open", None)

    def describe_table(self, c, state: dict, doc: dict) -> None:
        if state.get("hms", {}).get("points_at"):
            doc["hms"] = state["hms"]["points_at"]
        d = state["spice_deck"]
        if d.get("sandtrout") or d.get("doubled"):
            doc["sandtrout"] = "waiting" if d.get("sandtrout") else "doubled"
        if MODULE in state["game"]["modules"] and not state.get("amal_open"):
            doc["amal"] = False
        t = state["treachery"]
        known = {key: list(t[key]) for key in (*ASIDE, *KNOWN) if t.get(key)}
        if known:
            doc["treachery_deck"] = known

    def describe_player(self, c, state: dict, pid: str, out: dict) -> None:
        pl = state["players"][pid]
        if "face_dancers" in pl:
            out["face_dancers"] = list(pl["face_dancers"])
            if pl.get("revealed"):
                out["revealed"] = list(pl["revealed"])
        if pl.get("gholas"):
            out["gholas"] = sorted(pl["gholas"])

    def same(self, state: dict) -> dict:
        """Empty Treachery piles left out: an empty pile is no pile."""
        t = state["treachery"]
        if not any(key in t and not t[key] for key in (*ASIDE, *KNOWN)):
            return state
        return {**state, "treachery": {k: v for k, v in t.items() if v or k not in (*ASIDE, *KNOWN)}}


PART = IxiansTleilaxu()
