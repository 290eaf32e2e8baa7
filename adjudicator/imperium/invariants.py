"""Invariants that hold after every action (treachery.online's bot-game checks): cards and
troops are conserved, no resource is negative, one agent per space unless infiltrated."""

from __future__ import annotations

from collections import Counter

from .content import commander_deck, in_game, starting_deck
from .game import Game
from .modules.bloodlines import skill_copies
from .modules.immortality import conservation as immortality_conservation
from .modules.tech import conservation as tech_conservation


def violations(state: dict) -> list[str]:
    g = Game(state)
    cnt = g.content
    out = []
    rules = cnt.rules
    modules = (None, *state["game"]["modules"])
    starting = Counter(starting_deck(cnt, modules))
    imperium_total = Counter(c["id"] for c in cnt.of_type("imperium") if in_game(c, modules)
                             for _ in range(c["copies"]))
    reserve_total = Counter({c["id"]: c["copies"] for c in cnt.of_type("reserve")})
    owned = Counter()
    for pid in g.order:
        pl = g.p(pid)
        for key in ("solari", "spice", "water", "persuasion", "swords", "vp", "spies", "worms"):
            if pl[key] < 0:
                out.append(f"{pid} has negative {key}")
        troops = pl["troops"]
        if any(v < 0 for v in troops.values()) or sum(troops.values()) != _troops_of(state, pid, rules):
            out.append(f"{pid} troops not conserved: {troops}")
        spies = sum(1 for o in state["board"]["spies"].values() if o == pid)
        if spies + pl["spies"] + pl.get("spies_trashed", 0) != rules["spies"]:
            out.append(f"{pid} spies not conserved")
        cards = Counter(pl["deck"]["cards"]) + Counter(pl["hand"]) + Counter(pl["discard"]) \
            + Counter(pl["play"]) + Counter(pl["trashed"])
        cards -= Counter({"?": cards["?"]})
        own = _starting_of(state, cnt, pid, starting)
        missing = own - cards if "rival" not in pl else Counter()  # a Rival has no deck
        if missing:
            out.append(f"{pid} lost starting cards {dict(missing)}")
        owned += Counter({c: n for c, n in (cards - own).items() if c not in cnt.tleilaxu})
        if len(pl["placed"]) > pl["agents"]:
            out.append(f"{pid} placed more agents than they have")
        if Counter(pl["deck"].get("top", [])) - Counter(pl["deck"]["cards"]):
            out.append(f"{pid}'s known deck top is not in the deck")
    seen = Counter(state["imperium_deck"]["cards"]) + Counter(state["row"]) + owned
    # Manipulate sets a Row card aside for a round; unbought, it leaves the game
    seen += Counter(m["card"] for m in state.get("manipulated", [])) + Counter(state.get("removed_cards", []))
    seen += Counter(state.get("six", {}).get("throne_row", []))  # Shaddam's Throne Row (six players)
    expected = imperium_total + reserve_total - Counter(state["reserve"])
    if seen != expected:
        out.append(f"Imperium cards not conserved: {dict((seen - expected) + (expected - seen))}")
    occupied = Counter(state["board"]["occupied"].values())
    placed = Counter(pid for pid in g.order for _ in g.p(pid)["placed"])
    if sum(occupied.values()) > sum(placed.values()):
        out.append("more occupied spaces than placed agents")
    intrigue = Counter(state["intrigue_deck"]["cards"]) + Counter(state["intrigue_discard"])
    intrigue += Counter(state.get("intrigue_trashed", []))  # paid by trashing (Branching Path)
    for pid in g.order:
        intrigue += Counter(c for c in g.p(pid)["intrigue"] if c != "?")
        intrigue += Counter(g.p(pid).get("twisted_deck", []))  # a leader's own Intrigue deck
    # a Leader's own Intrigue cards (Piter's Twisted deck) come with a player's Leader, never a Rival's
    leaders = {g.p(pid)["leader"] for pid in g.order if "rival" not in g.p(pid)}
    total = Counter(c["id"] for c in cnt.intrigues.values() if in_game(c, modules)
                    and c.get("requires_leader", next(iter(leaders))) in leaders
                    for _ in range(c["copies"]))
    if intrigue != total:
        out.append(f"Intrigue cards not conserved: {dict((intrigue - total) + (total - intrigue))}")
    out += tech_conservation(state, cnt)  # the Tech Module's tiles (tech.py)
    out += immortality_conservation(state, cnt)  # Tleilaxu cards, Row, tracks (immortality.py)
    if "commanders" in state:
        out += commander_violations(g)
    return out


def _starting_of(state: dict, cnt, pid: str, starting: Counter) -> Counter:
    """A six-player Commander starts with his team's own ten cards (seed 004, 6-player booklet p. 2)."""
    for team, side in state.get("six", {}).get("teams", {}).items():
        if side["commander"] == pid:
            return Counter(commander_deck(cnt, team))
    return starting


def _troops_of(state: dict, pid: str, rules: dict) -> int:
    """A six-player Commander has no troops (seed 004, 6-player booklet p. 2)."""
    six = state.get("six")
    if six and any(side["commander"] == pid for side in six["teams"].values()):
        return 0
    return rules["troops"]


def commander_violations(g: Game) -> list[str]:
    """Bloodlines: the seven Commanders are conserved across the board's spaces, the bank, the
    box and the players' zones; a player holds at most one copy of each Skill, and the Skills
    are conserved across the stack, the face-up row, the players and the trashed ones."""
    state, out = g.state, []
    mine = [g.p(pid)["commanders"] for pid in g.order]
    total = (len(state["board"]["commanders"]) + state["commanders"]["bank"] + state["commanders"]["box"]
             + sum(sum(m.values()) for m in mine))
    if total != g.content.expansion_setup["bloodlines"]["sardaukar_commanders"]["total"] \
            or any(v < 0 for m in mine for v in m.values()):
        out.append(f"Sardaukar Commanders not conserved: {total}")
    skills = Counter(state["skills"]["stack"]) + Counter(state["skills"]["face_up"]) \
        + Counter(state["skills"]["trashed"])
    for pid in g.order:
        held = g.p(pid)["skills"]
        if len(set(held)) != len(held):
            out.append(f"{pid} holds a Skill twice: {held}")
        skills += Counter(held)
    if skills != skill_copies(g.content, g.state):
        out.append(f"Skills not conserved: {dict(skills)}")
    return out
