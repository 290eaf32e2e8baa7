"""The classic Dune board game (Gale Force Nine, 2019; the 1979 Avalon Hill design) with the
Ixians & Tleilaxu expansion and its Tech Tokens: a second rule system beside Dune: Imperium.

The game's content is data (`data/`: the map of Arrakis, the factions and their leaders, the
Treachery, Spice and Traitor decks, alliances and Karama, the expansion's components;
docs/dune-data.md). The first engine plays the basic game's turn sequence (`rules.DuneRules`,
docs/dune-engine.md); it is not registered as a plug-in yet, so nothing the service does changes
(issue #15). Its rulings live in `rulings/dune-base.toml`, `rulings/dune-engine.toml` and
`rulings/seed-002-ixians-tleilaxu.toml`.
"""
