"""The static timing graph of the classic game: the turn's phases (ruling dune.turn-sequence), each
split into the windows where something may be played, with the Treachery cards and the uses of
Karama each window allows. The Mentat Pause leads back to the Storm (edge `next_turn`).

Which card may be played when is the cards' own data (`when` in data/treachery.json): a card
played "any time" is listed in every window. Playing Treachery specials and Karama is refereed
(cards.py, karama.py) in every window: a Karama against an advantage used while no decision is
pending rides on a window decision asked just before it (karama.py). The nodes keep `refereed` and
`unrefereed`, so that a tool reading the graph knows what the engine enforces.
"""

from __future__ import annotations

from functools import cache

import networkx as nx

from ..core.graphs import export as write
from .content import content

# the expansion's (ixians-tleilaxu): its cards are listed apart (`expansion_cards`), so that the
# base game's graph stays what it is; Amal is played at the start of any phase
DUAL_ROLES = ("battle plan (poison defense, or a weapon in its alternate role)",
              "battle plan (projectile weapon, or a defense in its alternate role)")
PHASE_START = "start of any phase"
PHASE_FIRST = ("storm.dial", "spice-blow", "charity", "bidding", "revival", "shipment", "battle.plan", "collection",
               "mentat-pause")
# the expansion's cards the engine accepts but does not referee (none now: modules/ixians_tleilaxu/ixcards.py)
EXPANSION_UNREFEREED: dict[str, list[str]] = {}
# window -> (phase, the `when` values of the cards playable there, Karama's uses there, rulings)
WINDOWS = (
    ("storm.dial", "storm", (), ("stop-advantage",), ("dune.storm-first-turn", "dune.storm-later-turns")),
    ("storm.before-move", "storm", ("after the storm is set, before it moves", "storm phase, before the storm moves"),
     ("stop-advantage",), ("dune.storm-later-turns",)),
    ("storm.move", "storm", (), (), ("dune.storm-damage",)),
    ("spice-blow", "spice-blow", ("start of the spice blow", "spice blow, just after a spice card is turned"),
     ("stop-advantage",), ("dune.spice-blow", "dune.shai-hulud")),
    ("nexus", "spice-blow", (), ("stop-advantage",), ("dune.nexus", "dune.alliances")),
    ("charity", "charity", (), ("stop-advantage",), ("dune.choam-charity",)),
    ("bidding", "bidding", (), ("stop-advantage", "buy-without-paying"), ("dune.bidding-rounds",)),
    ("revival", "revival", (), ("stop-advantage",), ("dune.revival-forces", "dune.revival-leaders")),
    ("shipment", "shipment-movement", (), ("stop-advantage", "ship-at-guild-rate"), ("dune.shipment",)),
    ("movement", "shipment-movement", ("own movement",), ("stop-advantage",), ("dune.movement",)),
    ("battle.plan", "battle", ("battle plan", "battle plan, in place of a weapon or defense",
                               "battle plan, in place of a leader", *DUAL_ROLES),
     ("stop-advantage",), ("dune.battle-plan", "dune.treachery-weapons-defenses")),
    ("battle.resolve", "battle", (), ("stop-advantage",), ("dune.battle-resolution", "dune.traitor-call")),
    ("collection", "collection", (), ("stop-advantage",), ("dune.spice-collection",)),
    ("mentat-pause", "mentat-pause", (), (), ("dune.victory",)),
)
ANY_TIME = "any time"
# the Karama uses not refereed yet, by window (none now: karama.py asks before each unattended use)
UNREFEREED: dict[str, list[str]] = {}


@cache
def static_graph() -> nx.DiGraph:
    cnt = content()
    graph = nx.DiGraph()
    for name, phase, whens, karama, rulings in WINDOWS:
        playable = (*whens, ANY_TIME, *((PHASE_START,) if name in PHASE_FIRST else ()))
        cards = sorted({c for c, d in cnt.treachery.items() if d["set"] == "base" and d.get("when") in playable}
                       | ({"karama"} if karama else set()))
        expansion = sorted(c for c, d in cnt.treachery.items() if d["set"] != "base" and d.get("when") in playable
                           and "same_as" not in d)
        graph.add_node(name, phase=phase, cards=cards, karama=list(karama), rulings=list(rulings),
                       refereed=name not in UNREFEREED, unrefereed=UNREFEREED.get(name, []),
                       expansion_cards={"ixians-tleilaxu": expansion} if expansion else {},
                       expansion_unrefereed=EXPANSION_UNREFEREED.get(name, []))
    names = [w[0] for w in WINDOWS]
    for u, v in zip(names, names[1:], strict=False):
        graph.add_edge(u, v, next_turn=False)
    graph.add_edge(names[-1], names[0], next_turn=True)
    return graph


def export(fmt: str = "node-link") -> dict | str:
    return write(static_graph(), "dune", lambda d: d["cards"] + [f"karama: {k}" for k in d["karama"]] + [
        f"{m}: {c}" for m, cards in sorted(d["expansion_cards"].items()) for c in cards], "next_turn", fmt)
