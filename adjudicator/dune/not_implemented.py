"""The rules of the classic game the engine does not know yet (issue #15), each with the ruling
that states it. A test pins this list and docs/dune-engine.md repeats it; an action that meets
one of them is answered `unverifiable` / `not-implemented`, never judged."""

from __future__ import annotations

NOT_IMPLEMENTED = {
    # base game, general rules
    "karama-stops-unattended": ("Karama stopping an advantage used while no decision is pending: the Fremen's "
                                "half storm losses and worm immunity, the Guild's timing (accepted, answered "
                                "not-implemented; karama.UNATTENDED)", "dune.engine-karama-stops"),
    "karama-special-powers": ("The Fremen's and the Harkonnen's once-per-game special Karama powers (advanced: "
                              "Shai-Hulud placed at will, cards taken unseen); refused as unknown powers",
                              "dune.engine-karama-powers"),
    "compact-scenario": "The compact scenario form of a position (a state and a log prefix are positions)",
    "viewer-page": "The viewer page drawing the Dune map (the step view's data is served: POST /v1/views)",
    # faction advantages (basic game): the rest are in factions/
    # advanced game
    "advanced-game": ("The advanced game's rules not played yet (advanced.PENDING): the Kwisatz Haderach's "
                      "revival, Bene Gesserit advisors, the factions' other advanced advantages; an action "
                      "they would change is answered not-implemented", "dune.engine-advanced-game"),
    # the expansion
    "ixians-tleilaxu": ("The Ixians & Tleilaxu expansion (seed 002), refused to users as a module while "
                        "incomplete (expansion.INCOMPLETE); played so far: both factions seated, Face "
                        "Dancers (their exchange at the Mentat Pause, recorded unknown), the Tleilaxu "
                        "revival bank and prices, Zoal, Cyborgs and Suboids, the Suboid exchange, Karama "
                        "against the revival advantages and the two exchanges. Not yet: "
                        "the Hidden Mobile Stronghold (its six forces wait in reserves), the 14 Treachery "
                        "cards and Sandtrout (not in the decks), Tech Tokens, the Ixians' extra draw before "
                        "bidding, setup deal, ally's swap and Technology, early revival for others, raised "
                        "limits, "
                        "alliance prices, gholas, Karama against the Cyborgs' strength, the Ixians' "
                        "bidding and Hidden Mobile Stronghold and the Tleilaxu's raised limits",
                        "dune.engine-ixtl-gate"),
}
