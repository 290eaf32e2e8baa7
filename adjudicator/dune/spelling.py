"""Names in a classic Dune log: read (English, Russian where the data has it, ids, aliases; case and
punctuation folded) and written back (`replay --explain`, the viewer's labels).

A place is a territory, or a sector piece of one: `"Imperial Basin@9"`, `"Imperial Basin (center)"`
(the piece's name in the map data) or `"imperial-basin@9"`; a territory with one sector
(a stronghold) or none (the Polar Sink) may be written by its name alone. Players are ids, checked
against the game's seats. The Voice's `card` names a kind of card (`poison-weapon`) and stays an id.

Mixed into `DuneRules` (rules.py): core/rulesystem.py describes `normalize`, `resolve_leader`,
`written_names`, `spell` and `humanize`.
"""

from __future__ import annotations

import re
from functools import cache

from ..core.actions import CHANCE
from ..core.errors import UnknownName
from ..core.names import NameIndex, fold
from .content import HMS, POLAR_SINK, Content, territory
from .factions.spacing_guild import RESERVES
from .treachery import HIDDEN

LANGUAGES = {"ru": ("ru", "en"), "en": ("en",), "id": ()}  # a vocabulary and its fallbacks, before the id
PLAYER_FIELDS = ("player", "with", "opponent", "asks", "takes")
PLAYER_TO = ("bribe", "give-spice")  # verbs whose `to` is a player, not a place
# field -> the kinds of thing it names, the first one tried first
FIELDS = {"to": ("place",), "from": ("place",), "territory": ("territory",), "leader": ("leader", "treachery"),
          "weapon": ("treachery",), "defense": ("treachery",), "faction": ("faction",)}
# the advanced Atreides' Kwisatz Haderach, revived as a leader (factions/atreides.py KH), in no leader list
KWISATZ = {"kwisatz-haderach": {"en": "Kwisatz Haderach", "ru": "Квисатц Хадерах"}}
CARD_FIELD = {"draw-treachery": "treachery", "keep-traitor": "traitor", "spice-card": "spice", "play": "treachery",
              "give-card": "treachery",  # the Harkonnen giving back cards (modules/advanced/karama_powers.py)
              **dict.fromkeys(("draw-supply", "keep-card", "return-card", "replace", "swap"), "treachery")}  # Ixians
CARDS_FIELD = {"draw-traitors": "traitor", "discard": "treachery"}
# The factions of Gale Force Nine's later expansions, which this program does not play (ruling
# dune.engine-unsupported-factions): folded name -> (the faction as printed, its expansion). A seat
# naming one is refused as `unsupported-faction`, by name, not as a name nobody knows.
UNSUPPORTED_FACTIONS = {fold(alias): (name, expansion)
                        for name, expansion, aliases in (
                            ("CHOAM", "CHOAM & Richese", ("choam",)),
                            ("Richese", "CHOAM & Richese", ("house richese",)),
                            ("Ecaz", "Ecaz & Moritani", ("house ecaz",)),
                            ("Moritani", "Ecaz & Moritani", ("house moritani",)))
                        for alias in (name, *aliases)}
UNSUPPORTED_RULINGS = ("dune.engine-unsupported-factions",)
_PIECE = re.compile(r"^(?P<name>.+?)\s*(?:@\s*(?P<sector>\d+)|\((?P<part>[^()]+)\))\s*$")
# ids in a message: hyphenated, with a sector, or a single word (only known ids are replaced)
_ID = re.compile(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?:@\d+)?\b|\b[a-z]+@\d+\b|\b[a-z]+\b")


def _is_hms(name: str) -> bool:
    """The Hidden Mobile Stronghold, by id or name: in no territory of the map (content.HMS)."""
    return name.strip().lower().replace(" ", "-") in (HMS, "hms")


@cache
def tables(cnt: Content) -> dict[str, dict[str, dict]]:
    """kind -> id -> {"en": name, "ru": name or None}."""
    def named(d):
        return {"en": d.get("name") or d["id"], "ru": d.get("ru")}
    spice = {c: {"en": cnt.territories[d["territory"]]["name"] if d["kind"] == "territory" else
                 d["id"].replace("-", " ").title().replace("Shai Hulud", "Shai-Hulud"), "ru": d.get("ru")}
             for c, d in cnt.spice_cards.items()}
    leaders = {ld: named(d) for ld, d in cnt.leaders.items()}
    return {"territory": {t: named(d) for t, d in cnt.territories.items()},
            "leader": {**leaders, **KWISATZ}, "traitor": {c: leaders.get(d.get("leader"), {"en": c, "ru": None})
                                           for c, d in cnt.traitors.items()},
            "treachery": {c: named(d) for c, d in cnt.treachery.items()},
            "faction": {f: named(d) for f, d in cnt.factions.items()}, "spice": spice}


@cache
def indexes(cnt: Content) -> dict[str, NameIndex]:
    aliases = {"leader": cnt.leaders, "treachery": cnt.treachery, "traitor": {}, "territory": cnt.territories,
               "faction": cnt.factions, "spice": {}}
    out = {}
    for kind, things in tables(cnt).items():
        index = out[kind] = NameIndex({"treachery": "Treachery card", "traitor": "Traitor card",
                                       "spice": "Spice card"}.get(kind, kind))
        for ident, names in sorted(things.items()):
            index.add(ident, names["en"], names["ru"] or "", *aliases[kind].get(ident, {}).get("aliases", ()))
    return out


class DuneSpelling:
    """The name methods of the classic Dune ruleset."""

    content: Content

    # --- reading -----------------------------------------------------------------------------
    def resolve_leader(self, name: str, pointer: str) -> str:
        """What a seat plays in classic Dune is a faction (the log's `players[].faction`); a
        faction of an expansion we do not play is `unsupported-faction`, named."""
        unsupported = UNSUPPORTED_FACTIONS.get(fold(name)) if isinstance(name, str) else None
        if unsupported:
            faction, expansion = unsupported
            raise UnknownName(f"faction {faction} (the {expansion} expansion) is not supported: classic Dune is "
                              "played with the six base factions and the Ixians & Tleilaxu "
                              f"({UNSUPPORTED_RULINGS[0]})", pointer, code="unsupported-faction")
        return indexes(self.content)["faction"].resolve(name, pointer)

    def normalize(self, data: dict, pointer: str, players: list[str]) -> dict:
        """An action with every name resolved to its id; UnknownName points at the name."""
        out = dict(data)
        if out.get("by") != CHANCE and out.get("by") not in players:
            raise UnknownName(f"unknown player {out.get('by')!r}", f"{pointer}/by")
        for key in PLAYER_FIELDS + (("to",) if out.get("do") in PLAYER_TO else ()):
            if key in out and out[key] not in players:
                raise UnknownName(f"unknown player {out[key]!r}", f"{pointer}/{key}")
        for key, kinds in self._fields(out):
            out[key] = self._read(kinds, out[key], f"{pointer}/{key}")
        if isinstance(out.get("cards"), list) and out.get("do") in CARDS_FIELD:
            kinds = (CARDS_FIELD[out["do"]],)
            out["cards"] = [self._read(kinds, c, f"{pointer}/cards/{i}") for i, c in enumerate(out["cards"])]
        return out

    def _fields(self, data: dict):
        for key, kinds in FIELDS.items():
            if isinstance(data.get(key), str) and not (key == "to" and data.get("do") in PLAYER_TO):
                yield key, kinds
        if isinstance(data.get("card"), str) and data.get("do") in CARD_FIELD:
            yield "card", (CARD_FIELD[data["do"]],)

    def _read(self, kinds: tuple[str, ...], name, pointer: str):
        if not isinstance(name, str) or name == HIDDEN:
            return name  # a number where a name belongs is the engine's to refuse; "?" is an unknown card
        if "territory" in kinds and _is_hms(name):  # battles are fought inside it
            return HMS
        if kinds == ("place",):
            return name if name == RESERVES else self.place(name, pointer)  # the Guild ships back to reserves
        for kind in kinds:
            try:
                found = indexes(self.content)[kind].lookup(name, pointer)
            except UnknownName:  # shared by several things of this kind: another kind may name it
                continue
            if found is not None:
                return found
        return indexes(self.content)[kinds[0]].resolve(name, pointer)  # raises the first kind's error

    def place(self, name: str, pointer: str = "") -> str:
        """`territory@sector` of a place as written (see the module's docstring)."""
        index = indexes(self.content)["territory"]
        if _is_hms(name):  # no territory: a place of its own
            return HMS
        m = _PIECE.match(name)
        if m is None:
            terr = index.resolve(name, pointer)
            sectors = self.content.territories[terr]["sectors"]
            if terr == POLAR_SINK:
                return terr
            if len(sectors) != 1:
                raise UnknownName(f"{name!r} lies in sectors {sectors}: name one (\"{name}@{sectors[0]}\")", pointer,
                                  suggestions=[f"{name}@{s}" for s in sectors])
            return f"{terr}@{sectors[0]}"
        terr = index.resolve(m["name"], pointer)
        d = self.content.territories[terr]
        if m["sector"] is not None:
            sector = int(m["sector"])
        else:
            parts = {v: int(k) for k, v in (d.get("parts") or {}).items()}
            if m["part"].strip().lower() not in parts:
                raise UnknownName(f"{d['name']} has no part {m['part']!r}; its parts: {sorted(parts)}", pointer)
            sector = parts[m["part"].strip().lower()]
        if sector not in d["sectors"]:
            raise UnknownName(f"{d['name']} lies in sectors {d['sectors']}, not {sector}", pointer)
        return f"{terr}@{sector}"

    # --- writing back --------------------------------------------------------------------------
    def name_of(self, kind: str, ident: str, words: str = "en") -> str:
        """A thing's name in `words` ("en", "ru" or "id"), falling back to English, then the id."""
        if kind in ("place", "territory") and ident == HMS:
            return "Hidden Mobile Stronghold" if words != "id" else HMS
        if kind == "place":
            terr, _, sector = ident.partition("@")
            return self.name_of("territory", terr, words) + (f"@{sector}" if sector else "")
        names = tables(self.content)[kind].get(ident, {})
        return next((names[lang] for lang in LANGUAGES.get(words, ()) if names.get(lang)), ident)

    def written_names(self, data: dict) -> list[tuple[str, bool]]:
        out = []
        for key, kinds in self._fields(data):
            try:
                ident = self._read(kinds, data[key], "")
            except UnknownName:
                out.append((data[key], False))
                continue
            kind = self._kind_of(kinds, ident)
            names = tables(self.content)[kind].get(territory(ident) if kinds == ("place",) else ident, {})
            out.append((data[key], bool(names.get("en") and names.get("ru"))))
        return out

    def spell(self, data: dict, words: str) -> dict:
        out = dict(data)
        if words not in LANGUAGES:
            return out
        for key, kinds in self._fields(data):
            if data[key] != HIDDEN:
                out[key] = self._spelled(kinds, data[key], words)
        if isinstance(data.get("cards"), list) and data.get("do") in CARDS_FIELD:
            out["cards"] = [c if c == HIDDEN else self._spelled((CARDS_FIELD[data["do"]],), c, words)
                            for c in data["cards"]]
        return out

    def _kind_of(self, kinds: tuple[str, ...], ident: str) -> str:
        if kinds == ("place",):
            return "territory"
        return next((k for k in kinds if ident in tables(self.content)[k]), kinds[0])

    def _spelled(self, kinds: tuple[str, ...], ident: str, words: str) -> str:
        """The name in `words` where it reads back to the same id, else the id."""
        kind = "place" if kinds == ("place",) else self._kind_of(kinds, ident)
        name = self.name_of(kind, ident, words)
        try:
            return name if self._read(kinds, name, "") == ident else ident
        except UnknownName:
            return ident

    def humanize(self, message: str, state: dict | None = None, lang: str = "en") -> str:
        """A verdict message with display names for the ids it holds (codes are never in it)."""
        if not message:
            return message
        players = (state or {}).get("game", {}).get("players", {})

        def word(m):
            ident = m.group(0)
            if isinstance(players, dict) and isinstance(players.get(ident), dict):
                return players[ident].get("name") or ident
            return self.display_name(ident, lang)
        return _ID.sub(word, message)

    def display_name(self, value: str, lang: str = "en") -> str:
        """A place, territory, leader, Treachery card or faction by its name in `lang`; else as written."""
        if "@" in value:
            terr = value.split("@", 1)[0]
            return self.name_of("place", value, lang) if terr in self.content.territories else value
        for kind in ("territory", "leader", "treachery", "faction"):
            if value in tables(self.content)[kind]:
                return self.name_of(kind, value, lang)
        return value
