"""Matchup simulation for Battle Royale: Bout rounds played by policies, or Conflict rounds where a Bout does not
apply (a lone Minion on either side)."""
