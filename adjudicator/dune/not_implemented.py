"""The rules of the classic game the engine does not know yet (issue #15), each with the ruling
that states it. A test pins this list and docs/dune-engine.md repeats it; an action that meets
one of them is answered `unverifiable` / `not-implemented`, never judged."""

from __future__ import annotations

NOT_IMPLEMENTED = {
    # the expansion
    "ixians-tleilaxu": ("The Ixians & Tleilaxu expansion (seed 002), refused to users as a module while "
                        "incomplete (expansion.INCOMPLETE); played so far: both factions seated, Face "
                        "Dancers (their exchange at the Mentat Pause, recorded unknown), the Tleilaxu "
                        "revival bank and prices, Zoal, Cyborgs and Suboids, the Suboid exchange, Karama "
                        "against the revival advantages and the two exchanges, the Hidden Mobile "
                        "Stronghold (factions/ixians_hms.py: inside, pointed, moved, entered, Karama), the "
                        "Ixians' setup deal, extra draw before bidding, ally's replacement and Technology, "
                        "Karama against the Cyborgs' strength and the Ixians' bidding advantages, the "
                        "Tleilaxu's terms for others (raised limits, early leaders, the ally's prices), gholas, "
                        "the Ghola card's income and the Tleilaxu's special Karama, the 14 Treachery cards in "
                        "battle plans and the Voice, Thumper, Harvester, Amal and Sandtrout, Tech Tokens "
                        "(tech_tokens.py), positions with both factions and Tech Tokens (scenario_ixtl.py). "
                        "Not yet: the advanced Ixians' other stronghold move (the seed does not say how), Karama "
                        "holding Cyborgs to one territory (the seed names no wider Cyborg move), the Ixians' "
                        "Special Karama Power (the seed does not say what it does: accepted, the card and power spent, "
                        "answered not-implemented; karama_powers.UNDESCRIBED)",
                        "dune.engine-ixtl-gate"),
}
