"""The rule-system matrix (issue 28): every rule system x edition x modules x player count x mode
the engine referees, as named configurations, built once and shared by the tests that must hold
for all of them (hidden information today; the kernel, answers, analytics and Rise of Ix issues
next).

    from matrix import MATRIX, log_of, unfinished, by_id, parametrize

    @parametrize()                      # every configuration, ids "uprising-4p-choam", ...
    def test_something(config): ...

    @parametrize(system="dune")         # only classic Dune
    @parametrize(mode="rivals")         # only House Hagal games

`log_of(config)` is a whole random legal game (`adjudicator.simulate.simulate`, as `adjudicator
simulate` plays it) and `unfinished(config)` the same log cut mid-game, where players hold hidden
cards; both are cached per process (a playout costs 0.03 to 2 s; tests must not simulate the same
game twice). The seed of each configuration is chosen so that its playout shows what the mode is
for (the Bene Gesserit at the table in the basic classic game, the Ixians' supply draws and the
Tleilaxu Face Dancers with the expansion); pass another seed to vary it.
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass, field, replace
from functools import cache

import pytest

from adjudicator.core.logs import parse_log
from adjudicator.core.replay import Replay
from adjudicator.simulate import simulate

UNFINISHED_AT = 0.4  # where unfinished() cuts a game, as a share of its actions


@dataclass(frozen=True)
class Config:
    """One configuration the engine serves. `game` is the name `simulate` and the CLI take
    (`uprising`, `imperium` for the original Dune: Imperium, `dune` for the classic game);
    `mode`: `standard`, `rivals` (House Hagal seats, 1-2 players), `six` (the team game) or
    `classic` (the Gale Force Nine game)."""

    id: str
    game: str
    players: int
    modules: tuple[str, ...] = ()
    mode: str = "standard"
    difficulty: str | None = None  # a solo game's House Hagal level
    rival_leaders: tuple[str, ...] = ()
    options: tuple[str, ...] = ()  # Uprising's Rival options
    seed: int = 1
    tags: tuple[str, ...] = field(default=(), compare=False)
    # what the harness plays of the row (seeds `seed`, `seed + 1`, ...; under `-m exhaustive`,
    # EXHAUSTIVE_PLAYS of them) and what its playouts must show between them (names in
    # tests/test_rule_systems_every.py EXPECT): set in PINNED below
    plays: int = field(default=1, compare=False)
    expect: tuple[str, ...] = field(default=(), compare=False)

    @property
    def system(self) -> str:
        return "dune" if self.game == "dune" else "imperium"

    @property
    def edition(self) -> str:
        return {"uprising": "uprising", "imperium": "base", "dune": "basic"}[self.game]

    def __str__(self) -> str:
        return self.id

    def seeds(self, exhaustive: bool = False) -> range:
        """The seeds the harness plays of this row: its bounded default sample, or all of them."""
        return range(self.seed, self.seed + max(self.plays, EXHAUSTIVE_PLAYS if exhaustive else 0))


def _imp(game: str, players: int, modules=(), **kw) -> Config:
    mode = kw.pop("mode", "rivals" if players <= 2 else "six" if players == 6 else "standard")
    name = "-".join([game, f"{players}p", *([m for m in modules] or ([] if mode == "standard" else [mode]))])
    if mode == "rivals" and modules:
        name += "-rivals"
    # a Rival card seated by name (Bloodlines' six for Uprising): its leader's name ends the id
    name += "".join("-" + lead.removesuffix("-leader") for lead in kw.get("rival_leaders", ()))
    return Config(name, game, players, tuple(modules), mode, **kw)


MATRIX: tuple[Config, ...] = (
    # Dune: Imperium - Uprising, 3 and 4 players, with and without CHOAM
    _imp("uprising", 3),
    _imp("uprising", 3, ("choam",)),
    _imp("uprising", 4),
    _imp("uprising", 4, ("choam",)),
    # the original Dune: Imperium
    _imp("imperium", 3),
    _imp("imperium", 4),
    # the six-player team game (CHOAM always)
    _imp("uprising", 6, ("choam",)),
    # House Hagal Rivals: solo (a difficulty) and two players, both editions
    _imp("uprising", 1, difficulty="mentat"),
    _imp("uprising", 2),
    _imp("imperium", 1, difficulty="sardaukar"),
    _imp("imperium", 2),
    # Bloodlines with its Tech Module, both editions
    _imp("uprising", 3, ("bloodlines", "tech")),
    _imp("imperium", 4, ("bloodlines", "tech")),
    # Immortality, both editions
    _imp("uprising", 4, ("immortality",)),
    _imp("imperium", 3, ("immortality",)),
    # Rise of Ix (the original game only), alone, with Immortality, and whole with Bloodlines' Tech Module
    _imp("imperium", 4, ("ix",)),
    _imp("imperium", 3, ("immortality", "ix")),
    _imp("imperium", 4, ("bloodlines", "tech", "ix")),
    _imp("imperium", 2, ("ix",)),  # two-player House Hagal with Rise of Ix
    _imp("imperium", 1, ("ix",), difficulty="sardaukar"),  # solo: the Rivals' Tech tiles (Rise of Ix p. 9)
    # classic Dune (Gale Force Nine): basic (seed 1 seats the Bene Gesserit: a prediction),
    # advanced, and advanced with Ixians & Tleilaxu and Tech Tokens
    Config("dune-4p-basic", "dune", 4, (), "classic"),
    Config("dune-4p-advanced", "dune", 4, ("advanced",), "classic"),
    Config("dune-4p-advanced-ixtl-tech", "dune", 4, ("advanced", "ixians-tleilaxu", "tech-tokens"), "classic"),
)
# Modes the matrix can name for other tests but the property tests leave out for time (each
# costs as much as the ones above and adds no new kind of hidden information).
EXTENDED: tuple[Config, ...] = (
    _imp("uprising", 1, ("bloodlines", "tech"), difficulty="mentat"),
    _imp("imperium", 1, ("immortality", "ix"), difficulty="mentat"),
    _imp("uprising", 2, ("immortality",)),
    _imp("uprising", 6, ("choam", "immortality")),
    # the team game with Bloodlines and its Tech Module (Bloodlines manual p. 10)
    _imp("uprising", 6, ("choam", "bloodlines")),
    _imp("uprising", 6, ("choam", "bloodlines", "tech")),
    Config("dune-6p-basic", "dune", 6, (), "classic"),
)

# --- every combination the engine accepts -----------------------------------------------------------
# The modules each game offers, and what a module needs beside it. ADDING A MODULE: name it here (and
# in NEEDS or PLAYER_MODULES if it only plays with another module or some player counts); its rows
# follow below, and tests/test_rule_systems.py fails until the engine and this table agree.
MODULES = {"uprising": ("choam", "bloodlines", "tech", "immortality"),
           "imperium": ("bloodlines", "tech", "immortality", "ix"),
           "dune": ("advanced", "ixians-tleilaxu", "tech-tokens")}
NEEDS = {"tech": "bloodlines", "tech-tokens": "ixians-tleilaxu"}
# the engine's modules that are a player count's mode here, not a name in a log's game.modules
MODE_MODULES = {"rivals": "rivals", "six-players": "six"}
PLAYERS = {"uprising": (1, 2, 3, 4, 6), "imperium": (1, 2, 3, 4), "dune": (2, 3, 4, 5, 6)}
# a player count that allows only some modules, and what it always plays with (six players: the
# booklet's CHOAM always, Immortality by its compatibility rules, Bloodlines and Tech by the Bloodlines
# manual p. 10)
PLAYER_MODULES = {("uprising", 6): ("choam", "bloodlines", "tech", "immortality"),
                  ("imperium", 1): ("bloodlines", "tech", "immortality", "ix"),
                  ("imperium", 2): ("bloodlines", "tech", "immortality", "ix")}
ALWAYS = {("uprising", 6): ("choam",)}
DIFFICULTIES = ("mercenary", "sardaukar", "mentat", "kwisatz-haderach")  # House Hagal solo levels
# Uprising's optional Rival rules (the original game's Rivals have none), a row for each set
RIVAL_OPTIONS = {1: (("brutal-escalation", "row-refresh"), ("calculated-politics", "considered-deployment")),
                 2: (("brutal-escalation",), ("calculated-politics", "unambitious-rivals"))}


def module_sets(game: str, players: int):
    """Every set of `game`'s modules the engine accepts with `players` players, in MODULES order."""
    offered = [m for m in MODULES[game] if m in PLAYER_MODULES.get((game, players), MODULES[game])]
    for bits in range(2 ** len(offered)):
        chosen = tuple(m for i, m in enumerate(offered) if bits >> i & 1)
        if all(NEEDS.get(m, m) in chosen for m in chosen) and set(ALWAYS.get((game, players), ())) <= set(chosen):
            yield chosen


def _dune(players: int, modules: tuple[str, ...]) -> Config:
    name = f"dune-{players}p-" + ("advanced" if "advanced" in modules else "basic")
    name += "-ixtl" * ("ixians-tleilaxu" in modules) + "-tech" * ("tech-tokens" in modules)
    return Config(name, "dune", players, modules, "classic")


def _every() -> tuple[Config, ...]:
    rows = []
    for game in MODULES:
        for players in PLAYERS[game]:
            for modules in module_sets(game, players):
                rows.append(_dune(players, modules) if game == "dune" else _imp(game, players, modules))
    for game in ("uprising", "imperium"):  # the solo levels, the Rival options
        rows += [_imp(game, 1, difficulty=d) for d in DIFFICULTIES]
    rows += [Config(f"uprising-{n}p-rivals-{'-'.join(o)}", "uprising", n, (), "rivals", options=o)
             for n, sets in RIVAL_OPTIONS.items() for o in sets]
    rows += RIVAL_CARD_ROWS
    def key(c: Config) -> tuple:
        return c.game, c.players, frozenset(c.modules), c.mode, c.difficulty, c.options, c.rival_leaders

    known = {key(c) for c in MATRIX + EXTENDED}
    ids = {c.id for c in MATRIX + EXTENDED}
    out = []
    for row in rows:
        if key(row) in known:
            continue
        if row.id in ids:  # the same modules as a named row, another difficulty or order: a new name
            row = Config(row.id + (f"-{row.difficulty}" if row.difficulty else "-drawn"), row.game, row.players,
                         row.modules, row.mode, row.difficulty, row.rival_leaders, row.options)
        known.add(key(row))
        ids.add(row.id)
        out.append(row)
    return tuple(out)


# Bloodlines' six Rival cards for Uprising (seed 000 p. 8), seated by name: solo with CHOAM, Kota Odax
# of Ix with the Tech Module (her Tech), and some at two players
_BL, _TECH = ("choam", "bloodlines"), ("bloodlines", "tech")
RIVAL_CARD_ROWS = (
    *(_imp("uprising", 1, _BL, rival_leaders=(f"{lead}-leader",))
      for lead in ("chani", "count-hasimir-fenring", "duncan-idaho", "gaius-helen-mohiam", "piter-de-vries")),
    _imp("uprising", 1, _TECH, rival_leaders=("kota-odax-of-ix-leader",)),
    _imp("uprising", 1, ("choam", *_TECH), rival_leaders=("kota-odax-of-ix-leader",)),
    _imp("uprising", 2, _BL, rival_leaders=("chani-leader",)),
    _imp("uprising", 2, _TECH, rival_leaders=("count-hasimir-fenring-leader",)),
    _imp("uprising", 2, ("bloodlines",), rival_leaders=("gaius-helen-mohiam-leader",)),
)

# --- what a row's playouts must show -------------------------------------------------------------------
# row id -> what its playouts must show between them: names of tests/test_rule_systems_every.py
# EXPECTATIONS ("name:a,b" passes a and b). A row with expectations is also replayed every way and
# its invariants checked after every action. ADDING A MODULE: its rows follow from MODULES above;
# what its playouts must meet is a line here, not a test file.
_UP_IMMORTALITY_SOLO = "carthag-tleilaxu-left,carthag-tleilaxu-right,carthag-tleilaxu,research-station-tleilaxu"
_UP_IMMORTALITY_RIVALS = ("all-legal", "rivals-never-research")  # reading rivals-x.imm-uprising
EXPECT = {
    # the original game: nothing left unverifiable, its own setup cited (not Uprising's)
    "imperium-3p": ("all-legal", "setup-cites:setup.imperium", "setup-cites-none:setup.uprising"),
    "imperium-4p": ("all-legal", "setup-cites:setup.imperium", "setup-cites-none:setup.uprising"),
    # Immortality with the original game's Rivals (seed 003 p. 13): solo, the Row icon is met
    "imperium-1p-immortality-rivals": ("one-winner", "does:hagal-row-trash"),
    "imperium-2p-immortality-rivals": ("one-winner",),
    # Bloodlines with the original game's Rivals (seed 000 p. 8): two players Streamlined; solo, the
    # Rivals take Commanders (held or boxed) and, with the Tech Module, Tech tiles
    "imperium-2p-bloodlines-rivals": ("one-winner",),
    "imperium-2p-bloodlines-tech-rivals": ("one-winner",),
    "imperium-2p-bloodlines-immortality-rivals": ("one-winner",),
    "imperium-1p-bloodlines-rivals": ("one-winner", "rival-commanders"),
    "imperium-1p-bloodlines-immortality-rivals": ("one-winner", "rival-commanders"),
    "imperium-1p-bloodlines-tech-rivals": ("one-winner", "rival-commanders", "rival-tech"),
    # Bloodlines with Uprising's Rivals
    "uprising-1p-bloodlines-rivals": ("one-winner",),
    "uprising-1p-choam-bloodlines-rivals": ("one-winner",),
    "uprising-1p-bloodlines-tech-rivals-drawn": ("one-winner",),
    "uprising-2p-bloodlines-tech-rivals": ("one-winner",),
    "uprising-2p-choam-bloodlines-rivals": ("one-winner",),
    # Immortality with Uprising's Rivals: solo, its four cards and the Row icon are met; two
    # players keep their deck
    "uprising-1p-immortality-rivals": (*_UP_IMMORTALITY_RIVALS, f"draws:{_UP_IMMORTALITY_SOLO}",
                                       "does:hagal-row-trash"),
    "uprising-1p-choam-immortality-rivals": (*_UP_IMMORTALITY_RIVALS, f"draws:{_UP_IMMORTALITY_SOLO}",
                                             "does:hagal-row-trash"),
    "uprising-2p-immortality-rivals": (*_UP_IMMORTALITY_RIVALS, f"draws-none:{_UP_IMMORTALITY_SOLO}"),
    "uprising-2p-choam-immortality-rivals": (*_UP_IMMORTALITY_RIVALS, f"draws-none:{_UP_IMMORTALITY_SOLO}"),
    # the six-player team game with Immortality (six.compat-immortality): Commanders never research,
    # their Allies do
    "uprising-6p-choam-immortality": ("all-legal", "team-result", "commanders-idle", "allies-research"),
    # Bloodlines' Rival cards seated by name; Kota Odax of Ix takes Tech
    **{c.id: (f"rival-seated:{c.rival_leaders[0]}", *(("rival-tech",) if "kota" in c.id else ()))
       for c in RIVAL_CARD_ROWS},
    # classic Dune's Tech Tokens (seed 002 paragraphs 54-60) are dealt or taken
    "dune-4p-basic-ixtl-tech": ("does-any:tech-tokens,take-tech-token",),
    "dune-6p-basic-ixtl-tech": ("does-any:tech-tokens,take-tech-token",),
}
MATRIX_PLAYS = 3  # seeds each MATRIX row plays by default (the others: one)
# seeds every row plays under `-m exhaustive` (ADJUDICATOR_PLAYOUTS=200 for a long run)
EXHAUSTIVE_PLAYS = int(os.environ.get("ADJUDICATOR_PLAYOUTS", "10"))


def _pinned(rows: tuple[Config, ...], plays: int = 1) -> tuple[Config, ...]:
    return tuple(replace(c, plays=plays, expect=EXPECT.get(c.id, ())) for c in rows)


# The rest of every combination (about a hundred rows): each gets the cheap properties only, one
# playout replayed (tests/test_rule_systems_every.py). MATRIX and EXTENDED keep their rows and ids (the
# behaviour fingerprint, /work/briefs/fingerprint.py, lists them).
MORE: tuple[Config, ...] = _pinned(_every())
MATRIX, EXTENDED = _pinned(MATRIX, MATRIX_PLAYS), _pinned(EXTENDED)
EVERY: tuple[Config, ...] = MATRIX + EXTENDED + MORE
BY_ID = {c.id: c for c in EVERY}
assert len(BY_ID) == len(EVERY), "configuration ids must be unique"
assert set(EXPECT) <= set(BY_ID), set(EXPECT) - set(BY_ID)


def by_id(config_id: str) -> Config:
    return BY_ID[config_id]


def select(configs=MATRIX, **where) -> list[Config]:
    """The configurations whose attributes equal `where` (`system="dune"`, `mode="rivals"`, ...)."""
    return [c for c in configs if all(getattr(c, k) == v for k, v in where.items())]


def parametrize(name: str = "config", configs=MATRIX, **where):
    """`@parametrize()`: a test per configuration (argument `config`), ids the configurations' ids."""
    chosen = select(configs, **where)
    return pytest.mark.parametrize(name, chosen, ids=[c.id for c in chosen])


@cache
def _log(config: Config, seed: int) -> dict:
    return simulate(config.game, config.players, seed, config.modules, config.options, config.rival_leaders,
                    config.difficulty)


def log_of(config: Config, seed: int | None = None) -> dict:
    """A whole random legal game of `config` (a fresh copy: callers may change it)."""
    return copy.deepcopy(_log(config, config.seed if seed is None else seed))


HIDDEN_IN_HAND = ("hand", "intrigue", "traitors", "face_dancers")


def _holds_hidden_cards(state: dict) -> bool:
    return any(isinstance(pl.get(zone), list) and pl[zone]
               for pl in state["players"].values() for zone in HIDDEN_IN_HAND)


@cache
def _cut(config: Config, seed: int) -> int:
    actions = _log(config, seed)["actions"]
    at = max(1, int(len(actions) * UNFINISHED_AT))
    for _ in range(40):  # a point between rounds may find every hand empty: walk on a little
        doc = dict(_log(config, seed), actions=actions[:at])
        report = Replay(parse_log(doc), "strict", "final").run()
        assert report["valid"], (config.id, report["first_illegal"])
        if not report["result"].get("finished") and _holds_hidden_cards(report["final_state"]):
            return at
        at += 7
    raise AssertionError(f"{config.id}: no point mid-game where a player holds hidden cards")


def unfinished(config: Config, seed: int | None = None) -> dict:
    """`log_of(config, seed)` cut mid-game (at about 40% of its actions, walked on until some
    player holds hidden cards): a game still being played, as an organiser uploads it on a
    league night. A fresh copy."""
    seed = config.seed if seed is None else seed
    doc = log_of(config, seed)
    doc["actions"] = doc["actions"][: _cut(config, seed)]
    return doc


# --- what the properties read of a rule system (one place, so moving an engine file moves one import) --
def rules_of(config: Config):
    """The ruleset that referees `config` (through the registry, as the service finds it)."""
    from adjudicator.core.registry import resolve_game, rules_for

    return rules_for(*resolve_game(config.game))


def invariants(state: dict) -> list[str]:
    """What is wrong with a state that no action may break (cards, pieces and tokens conserved, no
    negative resource; treachery.online's bot-game checks): the rule system's own invariants."""
    if state["game"]["system"] == "dune":
        from adjudicator.dune.invariants import problems

        return problems(state)
    from adjudicator.imperium.invariants import violations

    return violations(state)


def same_table(a: dict, b: dict) -> bool:
    """Two states are the same position: everything but the dealer's RNG and the bookkeeping no
    rule reads (imperium/cut.py `comparable`, dune/scenario.py `same_position`)."""
    if a["game"]["system"] == "dune":
        from adjudicator.dune.scenario import same_position

        return same_position(a, b)
    from adjudicator.imperium.cut import comparable

    return comparable(a) == comparable(b)


def comparable_view(view: dict) -> dict:
    """A public view without what `same_table` leaves out (for comparing what each player sees)."""
    if view["game"]["system"] == "dune":
        return {k: v for k, v in view.items() if k != "rng"}
    from adjudicator.imperium.cut import comparable

    return comparable(view)
