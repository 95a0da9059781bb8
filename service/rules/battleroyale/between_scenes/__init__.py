"""Between scenes: recovering Damage Ranks and the start of a session (003 L529-L563)."""
