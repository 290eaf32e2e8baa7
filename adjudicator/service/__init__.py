"""The service layer over the store: API tokens, stored games, tournaments, batch validation."""
