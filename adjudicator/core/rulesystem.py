"""The interface a rule system implements, and how `core/` finds rule systems.

A rule system (the Dune: Imperium family, later the classic Dune game) is a plug-in: it
registers an object satisfying `RuleSystem` under the entry-point group
`adjudicator.rule_systems` in its package metadata, and `core/` never imports it by name.
The replay driver, positions, the service and the CLI talk to a `RuleSet` only.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from .actions import Action
from .facts import Tally
from .observers import Hidden
from .verdicts import Outcome

ENTRY_POINT_GROUP = "adjudicator.rule_systems"


@runtime_checkable
class RuleSet(Protocol):
    """One edition of a rule system: states, prompts, legality, chance."""

    system: str
    edition: str
    setup_rulings: tuple[str, ...]
    plays: str  # what a log's seat names (`players[i][plays]`): "leader" or "faction"
    ruling_game: str  # the value its ruling records carry in `games`

    def new_state(self, game: dict, setup: dict) -> dict:
        """The state after setup (players, modules and seats from the log's `game`)."""

    def normalize(self, data: dict, pointer: str, players: list[str]) -> dict:
        """An action with every name resolved to its id; UnknownName names the place."""

    def resolve_leader(self, name: str, pointer: str) -> str:
        """The id of what a seat plays (a leader, or a faction: see `plays`)."""

    def prompt(self, state: dict) -> dict | None:
        """What the game waits for (None: it is over)."""

    def apply(self, state: dict, action: Action, dealt: bool = False) -> Outcome:
        """Check and apply one action; raises IllegalAction (then the state must be restored).
        `dealt`: the action is what `deal` just drew, so the state's RNG has advanced already."""

    def deal(self, state: dict) -> Action | None:
        """The chance outcome the seeded dealer produces now, if chance is to act (None without a
        seed); advances the state's RNG once."""

    def legal_actions(self, state: dict) -> list[Action]: ...

    consequence_kinds: dict  # the kinds of `pieces`' keys: name -> core.consequences.Kind

    def pieces(self, state: dict) -> dict:
        """What a player cares about in a state, small: `(kind, *subject) -> value` (core/consequences.py)."""

    def noted(self, before: dict, events: list[dict]) -> list[dict]:
        """What the action noted that the state does not keep (`Outcome.events`) as consequences;
        `before`: the summary before it."""

    def awaits(self, state: dict, action: Action) -> bool:
        """Whether the game waits for this chance outcome now (a log may record the outcomes
        the game waits for at once in any order)."""

    def implied(self, state: dict, action: Action, later=()) -> list[Action]:
        """The steps a log may leave out that the engine takes before `action`, which was
        refused where it stands (forced decisions and the like), unless `later` (the actions
        the log records next) takes them itself; IllegalAction when the log had to record them."""

    def forced(self, state: dict, offers: list[Action] | None = None) -> Action | None:
        """The one legal action of a decision that has no other (None: there is a choice).
        `offers`: the state's legal actions, when the caller has listed them already."""

    def out_of_turn(self, action: Action) -> bool:
        """Whether the action is made out of turn, answering no pending decision (classic Dune's
        card plays and bribes): the forced steps a log leaves out are taken after it, not before."""

    def result(self, state: dict) -> dict: ...

    def tally(self) -> Tally:
        """A fresh note-taker of one game's facts, shown every state of a replay (core/facts.py)."""

    # --- who sees what (core/observers.py) ---
    def public_view(self, state: dict, viewer: str | None) -> dict:
        """What `viewer` (a seat; None: the public) may see of a state."""

    def secret(self, action: Action, state: dict) -> Hidden | None:
        """What `action` keeps from the other players, declared on its kind; `state`: before it."""

    def public_scenario(self, doc: dict, seat: str | None, state: dict) -> dict:
        """What `seat` (None: the public) may see of the compact scenario `doc` of `state`."""

    def leader_ids(self, modules: list[str]) -> list[str]:
        """The leaders a game with these modules may use (sorted)."""

    def cards(self, card_type: str | None = None, modules: list | None = None) -> list[dict]:
        """The components of this edition (and of the modules named), for the card catalogue."""

    def timing_graph(self, fmt: str = "node-link") -> Any:
        """The static timing graph of the edition (node-link JSON or DOT)."""

    # --- positions (adjudicator/positions.py) ---
    def from_scenario(self, doc: dict, prefix: str = "") -> dict:
        """The state of a compact scenario; InvalidPosition lists every problem, pointed into it."""

    def anchor(self, state: dict) -> str | None:
        """The kind of decision point a scenario can name that the state stands at, if any."""

    def scenario_of(self, state: dict, fresh: bool = False) -> dict | None:
        """The compact scenario of a state at such a point (verified), else None."""

    def audit(self, state: dict) -> list[dict]:
        """Every problem that makes the state no position of the game (pointer, code, detail)."""

    def humanize(self, message: str, state: dict | None = None, lang: str = "en") -> str:
        """A verdict message with display names for ids in `lang` (codes never change)."""

    def display_name(self, value: str, lang: str = "en") -> str:
        """The name in `lang` (English where it has none) of what an id names (a card, space,
        leader, faction, ...), for a verdict's sentence (core/sentences.py); an unknown id as written."""

    # --- the replay viewer (adjudicator/service/views.py) ---
    languages: tuple[str, ...]
    round_word: dict[str, str]  # what the game calls one pass of its turn sequence, per language

    def view(self, state: dict, lang: str = "en") -> dict:
        """What the viewer draws of a state (it may be a public view): `board`, `players`, the
        `moment` (round, phase, turn in progress) and the turn's timing graph (`turn_graph`)."""

    def describe(self, action: dict, state: dict, lang: str = "en") -> str:
        """One line naming an action for the timeline, in display names."""

    def may_decide(self, state: dict) -> bool:
        """Whether the next step from `state` may decide something `outcome` tells (a Conflict in
        its Combat phase, a battle under way): the timeline keeps a copy of such a state only."""

    def outcome(self, before: dict, after: dict, action: dict, lang: str = "en") -> dict:
        """What a step decided, read off the states around it (both views): `lines`, sentences
        (who won the Conflict or the battle and what it gained or lost), and anything a drawing
        shows of it (classic Dune: `battle`, both plans side by side); empty when it decided nothing."""

    # the verbs whose offers a live answer's `next.actions` lists with ranges of counts
    # (positions.ranged; classic Dune's shipments and moves)
    ranged: tuple[str, ...]

    def offer_label(self, action: dict, state: dict, lang: str = "en") -> str:
        """An action offered in `state` in words, without who takes it: an option by what it
        does, a named thing by its display name (legal-actions labels every offer with it)."""

    def moment(self, state: dict, lang: str = "en") -> dict:
        """`round`, `phase`, `phase_name` and the `turn` in progress (`player`, `kind`, `name`) or None."""

    # --- explaining an illegal action (core/explain.py); optional: without them, ids are kept ---
    def written_names(self, data: dict) -> list[tuple[str, bool]]:
        """The names an action as written holds (not player ids, not numbers), each with whether
        the thing it names has both an English and a Russian name, so that explain can tell
        which vocabulary a log writes in."""

    def spell(self, data: dict, words: str) -> dict:
        """An action (ids) with its names in `words` ("ru", "en" or "id"), each name one that
        `normalize` reads back to the same id."""


@runtime_checkable
class RuleSystem(Protocol):
    """A rule system plug-in: its name, the game names it answers to, its rulesets."""

    name: str
    # folded game alias -> edition; the first alias of each edition is its canonical name
    games: dict[str, str]
    card_types: tuple[str, ...]

    def ruleset(self, edition: str) -> RuleSet: ...
