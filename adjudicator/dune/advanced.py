"""The advanced game (`modules: ["advanced"]`, ruling dune.engine-advanced-game): a setup option
(setup.MODULES, `Game.advanced`). The advanced rules the engine plays are in their own modules:
the Harkonnen capture (factions/harkonnen.py), spice support in battle (support.py), the double
spice blow and the spice of Arrakeen, Carthag and Tuek's Sietch (spice.py), the Storm deck
(storm.py), Sardaukar and Fedaykin (forces.py), the Kwisatz Haderach and its revival
(factions/atreides.py), the Fremen's placement of a later Shai-Hulud and their storm migration
(factions/fremen.py), the Bene Gesserit advisors (factions/bene_gesserit_advisors.py; whether a
presence counts is `Game.combatant`). Those it does not play yet are `PENDING`, one entry per
part of an advantage (the Atreides', the Emperor's, the Fremen's and the Harkonnen's advanced
advantages are all played; we know of no Spacing Guild one but its Karama power):
at the points that call `unplayed` (each entry names them) the action is answered `unverifiable` /
`not-implemented` naming them rather than judged by the basic rule in their place;
NOT_IMPLEMENTED's `advanced-game` lists them."""

from __future__ import annotations

from .game import Game

RULINGS = ("dune.engine-advanced-game",)
PENDING = {
    # Bene Gesserit (karama.pay_with: a Karama bid or shipment by a player holding none whose log names
    # no `card`, so which worthless card goes is unknown; named, or played from hand, it is played)
    "worthless-karama": "the Bene Gesserit may pay a Karama bid or shipment with a worthless card the log "
                        "does not name",
}


def unplayed(g: Game, *parts: str) -> None:
    """In an advanced game, the action met these rules the engine does not play yet."""
    if g.advanced:
        for part in parts:
            note = f"advanced game: {PENDING[part]} ({part})"
            if note not in g.unimplemented:
                g.unimplemented.append(note)
        g.rulings.extend(r for r in RULINGS if r not in g.rulings)
