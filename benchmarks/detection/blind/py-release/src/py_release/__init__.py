"""Release helper."""
