"""Matchup simulation for fight2e: policies that answer the turn resolver's decisions, and the fight loop."""
