"""Matchup simulation for Battle Royale: Bout rounds played by policies (a Conflict round where a Bout does not
apply is not simulated yet)."""
