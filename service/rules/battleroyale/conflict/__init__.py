"""A Conflict round between any number of participants (003 L441-L459, L712-L787)."""
