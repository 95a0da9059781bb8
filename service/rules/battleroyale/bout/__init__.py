"""A Bout round between two participants (003 L835-L941)."""
