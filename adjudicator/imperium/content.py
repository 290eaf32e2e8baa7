"""Card and board data of one edition, loaded from `data/<edition>/*.json`, with name indexes.

An expansion's components (`data/<expansion>/*.json`, EXPANSIONS) are loaded beside the
edition's, each tagged with its `expansion`, less those the expansion leaves out with this
edition (`excluded_with`). Which of them a game uses is `in_game(item, modules)`: a game's
decks, piles and counts take only those, so a game without the expansion never meets them.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

from ..core.errors import UnknownName
from ..core.names import NameIndex, fold
from ..resources import data_dir
from .registry import MODULES  # the modules' titles, read once every module is loaded

FACTIONS = ("emperor", "guild", "bene-gesserit", "fremen")
REVERSE = "reverse"  # the board side of the six-player game (data/<edition>/six-board.json)
EXPANSIONS = ("bloodlines", "immortality", "ix")
# the component kinds an expansion adds to an edition's tables: file -> (list key, table)
MERGED = {"imperium": ("cards", "cards"), "intrigue": ("cards", "intrigues"),
          "conflicts": ("conflicts", "conflicts"), "leaders": ("leaders", "leaders"),
          "contracts": ("contracts", "contracts")}
# the kinds only an expansion has: file -> list key
OWN = {"skills": "skills", "tech": "tiles", "navigation": "cards", "twisted-intrigue": "cards",
       "tleilaxu": "cards"}


def board_tracks(cnt: Content, state: dict) -> tuple[str, ...]:
    """The Influence tracks on a game's board: the four Factions, or on the six-player side (the
    state's `board.side`) the Great Houses and the Fringe Worlds in the Emperor's and the Fremen's places."""
    return cnt.reverse_tracks if state["board"].get("side") == REVERSE else FACTIONS


def in_game(item: dict, modules) -> bool:
    """Is this component used in a game with these modules? (An expansion's own components
    need the expansion; module-only ones need their module; a leader may need a module.)"""
    return needed_module(item, modules) is None


def needed_module(item: dict, modules) -> str | None:
    """The module a component comes with that a game with these modules does not play (None: in the game)."""
    return next((item[key] for key in ("expansion", "module", "requires_module")
                 if item.get(key) not in (None, *modules)), None)


# the kinds of component a module brings into a game (its cards, Intrigue, Conflicts, contracts)
MODULE_KINDS = ("card", "intrigue", "conflict", "contract", "space")
NAMING_KEYS = ("card", "space", "contract", "tile", "skill")  # the fields of an action that name a component


EXCLUDED = "{component} comes with {module}, which this game does not play."


def module_title(module: str) -> str:
    return MODULES.all[module].title


def excluded_words(item: dict, module: str) -> str:
    """EXCLUDED in English names (a position's problem, which no renderer reads)."""
    return EXCLUDED.format(component=(item.get("name") or {}).get("en") or item["id"], module=module_title(module))


# what a player calls each edition
EDITION_TITLES = {"base": "the original Dune: Imperium", "uprising": "Dune: Imperium – Uprising"}
# the files whose components a name in a log or a position may stand for: file -> its list key
NAMED_FILES = {"imperium": "cards", "intrigue": "cards", "conflicts": "conflicts", "leaders": "leaders",
               "contracts": "contracts", "objectives": "objectives", "tech": "tiles", "skills": "skills",
               "navigation": "cards", "twisted-intrigue": "cards", "tleilaxu": "cards"}


@cache
def elsewhere(edition: str) -> dict[str, tuple[str, str]]:
    """The components of Dune: Imperium that a game of `edition` never uses, by folded name:
    folded name -> (the printed name, where it belongs). Read only to answer an unknown name, so
    that "Arrakis Liaison" in an Uprising log is said to be a card of the original game."""
    out: dict[str, tuple[str, str]] = {}

    def add(items, where: str) -> None:
        for item in items:
            printed = (item.get("name") or {}).get("en") or item["id"]
            for alias in (item["id"], printed, (item.get("name") or {}).get("ru")):
                if alias:
                    out.setdefault(fold(alias), (printed, where))
    for other, title in EDITION_TITLES.items():
        if other != edition:
            for name, key in (*NAMED_FILES.items(), ("board", "spaces")):
                add(_load(other, name).get(key, []), f"a component of {title}, not of {EDITION_TITLES[edition]}")
    for expansion in EXPANSIONS:
        box = MODULES.all[expansion].title
        whole = edition in _load(expansion, "setup").get("excluded_editions", ())
        for name, key in (*NAMED_FILES.items(), ("board", "spaces")):
            items = _load(expansion, name).get(key, [])
            add((i for i in items if whole or edition in i.get("excluded_with", ())),
                f"a component of {box} that is not used with {EDITION_TITLES[edition]}")
    return out


def starting_deck(cnt: Content, modules) -> list[str]:
    """Each player's starting cards, sorted: the edition's, less what an expansion of the game
    takes out, plus the expansion's own (Immortality: Experimentation in place of both Dune, the
    Desert Planet, rulebook p. 5)."""
    cards = Counter(c["id"] for c in cnt.of_type("starting") if in_game(c, modules) and not c.get("epic_only")
                    for _ in range(c["copies"]))  # an Epic-only card comes with that mode's setup
    for expansion in EXPANSIONS:
        if expansion in modules:
            cards -= Counter(cnt.expansion_setup[expansion].get("starting_deck", {}).get("remove", {}))
    return sorted(cards.elements())


COMMANDER_DECK = "commander-deck"  # the six-player Commanders' own starting cards (type), by `team`
TEAM_LABELS = {"muad-dib": "Muad'Dib", "shaddam": "Shaddam"}  # how a Commander's card is named with its team


def commander_deck(cnt: Content, team: str) -> list[str]:
    """A six-player Commander's starting cards, sorted: his team's ten (modules/six_players/cards.py)."""
    return sorted(c["id"] for c in cnt.of_type(COMMANDER_DECK) if c["team"] == team for _ in range(c["copies"]))


def _load(edition: str, name: str) -> dict:
    path = data_dir() / edition / f"{name}.json"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


class Content:
    """Everything printed on the components of one edition."""

    def __init__(self, edition: str):
        self.edition = edition
        board = _load(edition, "board")
        self.rules = board["setup"]
        self.spaces = {s["id"]: s for s in board["spaces"]}
        self.posts = {p["id"]: p["spaces"] for p in board.get("posts", [])}
        self.factions = {f["id"]: f for f in board["factions"]}
        self.cards = {c["id"]: c for c in _load(edition, "imperium").get("cards", [])}
        self.intrigues = {c["id"]: c for c in _load(edition, "intrigue").get("cards", [])}
        self.conflicts = {c["id"]: c for c in _load(edition, "conflicts").get("conflicts", [])}
        self.leaders = {c["id"]: c for c in _load(edition, "leaders").get("leaders", [])}
        self.objectives = {c["id"]: c for c in _load(edition, "objectives").get("objectives", [])}
        self.contracts = {c["id"]: c for c in _load(edition, "contracts").get("contracts", [])}
        self.expansion_setup: dict[str, dict] = {}
        self.expansion_boards: dict[str, dict] = {}
        # a revised board space an expansion lays over the edition's (Immortality's Research
        # Station): space id -> its data; in a game only with the expansion (Game.space)
        self.overlays: dict[str, dict] = {}
        # the edition's spaces an expansion's board covers (Rise of Ix's CHOAM overlay): expansion ->
        # space ids, off the board in a game with the expansion (Game.on_board)
        self.covered: dict[str, tuple[str, ...]] = {}
        for kind in OWN:
            setattr(self, kind.replace("-", "_"), {})
        self.skills_left_out: dict[str, dict] = {}
        for expansion in EXPANSIONS:
            self._add_expansion(expansion)
        self._add_reverse_side()
        self.space_posts = _by_space(self.posts, self.spaces)
        self.reverse_space_posts = _by_space(self.reverse_posts, self.spaces)
        self.names = {
            "card": self._card_index(),
            "intrigue": self._index("intrigue card", self.intrigues),
            "conflict": self._index("conflict card", self.conflicts),
            "leader": self._index("leader", self.leaders),
            "space": self._index("board space", self.spaces),
            "faction": self._index("faction", self.factions),
            "objective": self._index("objective", self.objectives),
            "contract": self._index("contract", self.contracts),
            "post": self._index("observation post", {p: {} for p in {**self.posts, **self.reverse_posts}}),
            "tech": self._index("Tech tile", self.tech),
            # a Skill left out with this edition (Fierce) still reads as a name, so that a log dealing
            # one is refused by the rule that leaves it out, not as an unknown name
            "skill": self._index("Skill", {**self.skills_left_out, **self.skills}),
            "navigation": self._index("Navigation card", self.navigation),
            "tleilaxu": self._index("Tleilaxu card", self.tleilaxu),
        }

    def _add_expansion(self, expansion: str) -> None:
        if self.edition in _load(expansion, "setup").get("excluded_editions", ()):
            return  # a box for the other edition only (Rise of Ix: the original game's)

        def items(name: str, key: str):
            for item in _load(expansion, name).get(key, []):
                if self.edition not in item.get("excluded_with", ()):
                    yield {**item, "expansion": expansion}
        for name, (key, table) in MERGED.items():
            found = getattr(self, table)
            for item in items(name, key):
                if item["id"] in found:
                    raise ValueError(f"{expansion}: {item['id']} is already a {self.edition} component")
                found[item["id"]] = item
        # a leader's own board space (Tuek's Sietch): on the board only once its leader's setup
        # placed it (`Game.on_board`)
        for leader in items("leaders", "leaders"):
            if "board_space" in leader:
                self.spaces[leader["board_space"]["id"]] = {**leader["board_space"], "expansion": expansion}
        for name, key in OWN.items():
            getattr(self, name.replace("-", "_")).update((i["id"], i) for i in items(name, key))
        self.skills_left_out.update((i["id"], i) for i in _load(expansion, "skills").get("skills", [])
                                    if self.edition in i.get("excluded_with", ()))
        # Twisted Intrigue cards are Intrigue cards once drawn (played, stolen, discarded as any
        # other); they come from their leader's own deck, never the Intrigue deck (rules.py)
        self.intrigues.update(self.twisted_intrigue)
        # Tleilaxu cards are played, revealed and trashed as Imperium cards once owned; they come
        # from their own deck and Row (rulebook p. 8). Reclaimed Forces never leaves its Row.
        for item in items("tleilaxu", "reserve"):
            self.tleilaxu[item["id"]] = item
        self.cards.update((i, c) for i, c in self.tleilaxu.items() if c["type"] == "tleilaxu")
        setup = self.expansion_setup[expansion] = _load(expansion, "setup")
        for card in setup.get("starting_cards", []):
            self.cards[card["id"]] = {**card, "expansion": expansion}
        board = self.expansion_boards[expansion] = _load(expansion, "board")
        for space in board.get("spaces", []):  # a revised space, or a new one (on the board with its expansion)
            if "replaces" in space:
                self.overlays[space["replaces"]] = {**space, "expansion": expansion}
            else:
                self.spaces[space["id"]] = {**space, "expansion": expansion}
        self.covered[expansion] = tuple(board.get("covers", ()))

    def _add_reverse_side(self) -> None:
        """The six-player board side (Uprising): its spaces and tracks join the tables marked
        `side: reverse`, so that names resolve; a game has them only on that side (`Game.on_board`,
        `Game.tracks`), and the front spaces they take the place of leave it (`replaced_on_reverse`)."""
        reverse = _load(self.edition, "six-board")
        self.reverse_tracks: tuple[str, ...] = tuple(reverse.get("tracks", ()))
        self.replaced_on_reverse = frozenset(s["replaces"] for s in reverse.get("spaces", []) if s["replaces"])
        # the six-player Commanders' own boards: track and team reward per team (modules/six_players/teams.py)
        self.commander_boards = {k: v for k, v in reverse.get("commander_boards", {}).items() if k != "note"}
        # a front space that moves onto a Commander's board, revised (Shaddam's Sardaukar): on that
        # side only, in place of the front one (Game.space, Game.on_board)
        self.reverse_overlays = {s["id"]: {**s, "side": REVERSE} for s in reverse.get("moved", [])}
        # the observation posts of that side: the front ones that watch no replaced space, and its own
        self.reverse_posts = {p: spaces for p, spaces in self.posts.items()
                              if not set(spaces) & (self.replaced_on_reverse | set(self.reverse_overlays))}
        self.reverse_posts.update((p["id"], p["spaces"]) for p in reverse.get("posts", []))
        for space in reverse.get("spaces", []):
            if space["id"] in self.spaces:
                raise ValueError(f"six-board: {space['id']} is already a {self.edition} space")
            self.spaces[space["id"]] = {**space, "side": REVERSE}
        for faction in reverse.get("factions", []):
            self.factions[faction["id"]] = {**faction, "side": REVERSE}

    @staticmethod
    def _index(kind: str, things: dict) -> NameIndex:
        index = NameIndex(kind)
        for ident, thing in things.items():
            names = thing.get("name", {})
            index.add(ident, names.get("en", ""), names.get("ru", ""))
        return index

    def _card_index(self) -> NameIndex:
        """Imperium cards by id and name. A Commander's card (six players) whose printed name
        another card has too (Convincing Argument, Seek Allies, Signet Ring) is named with its
        team, "Signet Ring (Shaddam)": the plain name keeps naming the ordinary card."""
        index = self._index("card", {i: c for i, c in self.cards.items() if c.get("type") != COMMANDER_DECK})
        own = [c for c in self.cards.values() if c.get("type") == COMMANDER_DECK]
        for card in own:
            name, team = card["name"]["en"], TEAM_LABELS[card["team"]]
            shared = name in index or sum(c["name"]["en"] == name for c in own) > 1
            index.add(card["id"], f"{name} ({team})", *([] if shared else [name]))
        return index

    def of_type(self, card_type: str) -> list[dict]:
        return [c for c in self.cards.values() if c.get("type") == card_type]

    def named(self, key: str, ident) -> dict | None:
        """The component an action's field names (`card`, `space`, `contract`, `tile`, `skill`), if any."""
        if not isinstance(ident, str):
            return None
        if key == "card":
            return self.cards.get(ident) or self.intrigues.get(ident) or self.conflicts.get(ident)
        table = {"space": self.spaces, "contract": self.contracts, "tile": self.tech, "skill": self.skills}.get(key)
        return table.get(ident) if table is not None else None

    def resolve(self, kind: str, name, pointer: str = "") -> str:
        """The id a name of `kind` stands for in this edition. A component of the other edition, or one an
        expansion leaves out with this one, is `not-in-edition` saying where it belongs, not an unknown name."""
        found = self.names[kind].lookup(name, pointer)
        if found is not None:
            return found
        self.refuse_elsewhere(name, pointer)
        return self.names[kind].resolve(name, pointer)  # unknown: with suggestions

    def refuse_elsewhere(self, name, pointer: str) -> None:
        hit = elsewhere(self.edition).get(fold(name)) if isinstance(name, str) else None
        if hit:
            raise UnknownName(f"{hit[0]} is {hit[1]}", pointer, code="not-in-edition")


def _by_space(posts: dict, spaces: dict) -> dict[str, list[str]]:
    """space -> the observation posts that watch it, sorted."""
    return {s: sorted(p for p, on in posts.items() if s in on) for s in spaces}


@cache
def content(edition: str) -> Content:
    return Content(edition)
