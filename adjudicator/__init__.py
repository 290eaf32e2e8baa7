"""Dune Adjudicator: a rules referee for the Dune board-game family."""

__version__ = "0.1.0"
ENGINE_VERSION = f"dune-adjudicator/{__version__}"
