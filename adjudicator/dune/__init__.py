"""The classic Dune board game (Gale Force Nine, 2019; the 1979 Avalon Hill design) with the
Ixians & Tleilaxu expansion and its Tech Tokens: a second rule system beside Dune: Imperium.

For now this package holds only the game's content as data (`data/`: the map of Arrakis, the
factions and their leaders, the Treachery, Spice and Traitor decks, alliances and Karama, the
expansion's components) and its rulings live in `rulings/dune-base.toml` and
`rulings/seed-002-ixians-tleilaxu.toml`. There is no engine yet and the system is not registered
as a plug-in, so nothing the service does changes (issue #15). docs/dune-data.md describes the
data's shape and sources.
"""
