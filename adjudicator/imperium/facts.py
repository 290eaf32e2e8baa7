"""What a Dune: Imperium game's facts add to the common ones (core/facts.py), read from the states
the replay passes through; the rule modules record nothing for it.

VP by source. The state keeps each player's VP total, not where it came from, so each step's VP
change is split: the VP that influence (a faction at 2 or more), Alliances and paired battle
icons stand for are counted from the state before and after the step (exact); what remains of
the change is put down to what the step did, the first of: an Intrigue card played, a card or
tech acquired; a ruling cited only where a VP is scored (the Tleilaxu track's VP space); the
effect resolved (`space:`, `card:`, ...); where the decision it answered came from (the pending
task's `src`: `intrigue:opportunism`, `conflict:...`); the rule area of the rulings it cited
(combat rewards, CHOAM contracts, the Tleilaxu, tech, the endgame); else `other`. One step that
scores two such ways at once (rare: the engine settles forced steps together) counts under the
first that matches."""

from __future__ import annotations

from ..core.actions import Action
from ..core.verdicts import LEGAL, Verdict

# the rule area a ruling id names -> the VP source it stands for (first match wins)
RULING_SOURCES = (("combat.", "conflict"), ("strength.", "conflict"), ("worm.", "conflict"),
                  ("choam.", "contracts"), ("contract", "contracts"), ("tech.", "tech"),
                  ("research.", "tleilaxu"), ("tleilaxu", "tleilaxu"), ("immortality.", "tleilaxu"),
                  ("graft.", "tleilaxu"), ("specimens.", "tleilaxu"), ("intrigue.", "intrigue"),
                  ("high-council.", "high-council"), ("endgame.", "endgame"), ("card.", "cards"),
                  ("rivals.vp", "rivals"), ("six.", "six-player"))
# what an effect being resolved, or the task a decision answers, names (`space:...`) -> its VP source
EFFECT_SOURCES = {"space": "spaces", "card": "cards", "reveal": "cards", "acquire": "cards", "twisted": "cards",
                  "leader": "leader", "signet": "leader", "navigation": "leader", "skill": "commanders",
                  "commander": "commanders", "command": "commanders", "contract": "contracts", "embassy": "tech",
                  "tech": "tech", "intrigue": "intrigue", "conflict": "conflict", "control": "spaces",
                  "bonus": "faction-bonus", "track": "tleilaxu", "hagal": "rivals",
                  "unload": "cards", "shipping": "shipping"}  # Rise of Ix: an Unload box, a Shipping reward
VERB_SOURCES = {"play-intrigue": "intrigue", "acquire": "cards", "acquire-tech": "tech"}
# rulings cited only where a VP is scored: they name the source before what led there (a card
# that advances the Tleilaxu track onto its VP space scores for the track)
VP_RULINGS = {"tleilaxu.vp-space": "tleilaxu"}
STRUCTURAL = ("influence", "alliance", "battle-icons")
LEFT_OVER = ("spice", "solari", "water")  # resources a player ends with (club summaries print them)


def _structural(state: dict, seats: list[str]) -> dict[str, tuple[int, int, int]]:
    """The VP each player holds now for influence, Alliances and paired battle icons (plain loops:
    this runs after every step of every replay that takes facts)."""
    holders = list(state.get("alliances", {}).values())
    players = state["players"]
    out = {}
    for q in seats:
        pl = players[q]
        influence = flipped = 0
        for level in pl.get("influence", {}).values():
            if level >= 2:
                influence += 1
        for card in pl.get("conflicts", ()):
            if card.get("flipped"):
                flipped += 1
        for card in pl.get("objectives", ()):
            if card.get("flipped"):
                flipped += 1
        out[q] = (influence, holders.count(q), flipped // 2)
    return out


def _named(where) -> str | None:
    return EFFECT_SOURCES.get(where.split(":")[0]) if isinstance(where, str) else None


def _source(action: Action | None, verdict: Verdict | None, pending: str | None = None) -> str:
    """The source of VP a step earned beyond influence, Alliances and battle icons; `pending`:
    the `src` of the task the step answered."""
    if action is None:
        return "endgame"
    data = action.data
    if data.get("do") in VERB_SOURCES:
        return VERB_SOURCES[data["do"]]
    cited = verdict.rulings if verdict is not None else ()
    scored = next((VP_RULINGS[r] for r in cited if r in VP_RULINGS), None)
    if scored:
        return scored
    named = _named(data.get("effect")) or _named(pending)
    if named:
        return named
    for ruling in cited:
        for prefix, source in RULING_SOURCES:
            if ruling.startswith(prefix):
                return source
    return "other"


class ImperiumTally:
    """VP by source, VP after each round, cards acquired, contracts completed, rounds."""

    def __init__(self):
        self.seats: list[str] = []
        self.vp: dict[str, int] = {}
        self.parts: dict[str, tuple[int, int, int]] = {}
        self.sources: dict[str, dict[str, int]] = {}
        self.by_round: list[dict[str, int]] = []
        self.round = 0
        self.first_player: str | None = None
        self.acquired: dict[str, list[str]] = {}
        self.pending: str | None = None  # the `src` of the task the next decision answers

    def start(self, state: dict) -> None:
        self.seats = list(state["game"]["seats"])
        self.vp = {q: state["players"][q]["vp"] for q in self.seats}
        self.parts = _structural(state, self.seats)
        self.sources = {q: {"start": vp} if vp else {} for q, vp in self.vp.items()}  # sources sum to the VP
        self.acquired = {q: [] for q in self.seats}
        self.round = state.get("round", 0)
        self.first_player = state.get("first")
        self._note_pending(state)

    def _note_pending(self, state: dict) -> None:
        stack = state.get("stack")
        self.pending = stack[-1].get("src") if stack else None

    def step(self, state: dict, action: Action | None, verdict: Verdict | None) -> None:
        players = state["players"]
        if self.first_player is None:
            self.first_player = state.get("first")
        now_parts = _structural(state, self.seats)
        for q in self.seats:
            vp, parts = players[q]["vp"], now_parts[q]
            if vp == self.vp[q] and parts == self.parts[q]:
                continue
            change = vp - self.vp[q]
            mine = self.sources[q]
            for name, after, before in zip(STRUCTURAL, parts, self.parts[q], strict=True):
                if after != before:
                    mine[name] = mine.get(name, 0) + after - before
                    change -= after - before
            if change:
                source = _source(action, verdict, self.pending)
                mine[source] = mine.get(source, 0) + change
            self.vp[q], self.parts[q] = vp, parts
        if verdict is not None and verdict.verdict == LEGAL and action.data.get("do") == "acquire" \
                and action.by in self.acquired and isinstance(action.data.get("card"), str):
            self.acquired[action.by].append(action.data["card"])
        self._note_pending(state)
        now = state.get("round", 0)
        if now > self.round:  # the step that ended a round (and may have started the next)
            if self.round >= 1:
                self.by_round.append(dict(self.vp))
            self.round = now

    def facts(self, state: dict) -> dict:
        players = state["players"]
        over = state.get("result") is not None
        by_round = self.by_round + ([dict(self.vp)] if over else [])  # the last round ends the game
        seated = state["game"]["players"]
        return {
            "seats": [{"player": q, "seat": i + 1, "plays": seated.get(q, {}).get("leader")}
                      for i, q in enumerate(self.seats)],  # House Hagal's Rivals too
            "length": state.get("round", 0), "length_unit": "rounds",
            "first_player": self.first_player,
            "vp": dict(self.vp),
            "vp_sources": {q: {k: n for k, n in sorted(self.sources[q].items()) if n} for q in self.seats},
            "vp_by_round": by_round,
            "cards_acquired": {q: sorted(self.acquired[q]) for q in self.seats},
            "contracts": {q: len(players[q].get("completed_contracts", ())) for q in self.seats},
            "resources": {q: {r: players[q].get(r, 0) for r in LEFT_OVER} for q in self.seats},
        }
