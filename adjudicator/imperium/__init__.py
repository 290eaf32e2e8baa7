"""The Dune: Imperium family (the original game and Uprising) on one engine."""
