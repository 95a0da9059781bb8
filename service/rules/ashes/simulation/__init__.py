"""Matchup simulation for Ashes: policies answering every decision of a round, and the fight loop."""
