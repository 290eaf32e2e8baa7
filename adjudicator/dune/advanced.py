"""The advanced game (`modules: ["advanced"]`, ruling dune.engine-advanced-game): a setup option
(setup.MODULES, `Game.advanced`). The advanced rules the engine plays are in their own modules:
the Harkonnen capture (factions/harkonnen.py), spice support in battle (support.py), the double
spice blow and the spice of Arrakeen, Carthag and Tuek's Sietch (spice.py), the Storm deck
(storm.py), Sardaukar and Fedaykin (forces.py), the Kwisatz Haderach (factions/atreides.py).
Those it does not play yet are `PENDING`: at the points that call `unplayed` (the Atreides'
revival once the Kwisatz Haderach is dead, a shipment the Bene Gesserit could follow) the action
is answered `unverifiable` / `not-implemented` naming them rather than judged by the basic rule
in their place; NOT_IMPLEMENTED's `advanced-game` lists them."""

from __future__ import annotations

from .game import Game

RULINGS = ("dune.engine-advanced-game",)
PENDING = {
    "kwisatz-revival": "the Kwisatz Haderach, killed, is revived as a leader",
    "advisors": "Bene Gesserit forces may be advisors",
    # not flagged anywhere yet: where one applies, an advanced game is judged by the basic advantage
    "advantages": "the factions' other advanced advantages (Bene Gesserit starting advisor and worthless "
                  "cards as Karama, Fremen storm migration and worm placement, ...)",
}


def unplayed(g: Game, *parts: str) -> None:
    """In an advanced game, the action met these rules the engine does not play yet."""
    if g.advanced:
        for part in parts:
            note = f"advanced game: {PENDING[part]} ({part})"
            if note not in g.unimplemented:
                g.unimplemented.append(note)
        g.rulings.extend(r for r in RULINGS if r not in g.rulings)
