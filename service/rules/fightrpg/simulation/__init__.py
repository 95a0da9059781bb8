"""Matchup simulation for Fight RPG: policies answering every decision of a round, and the fight loop."""
